//! Checkpoints: what a [`NimberSearch`](super::NimberSearch) has learned (its transposition
//! table's entries and its store of nimbers ruled out), saved to a file so that a long search
//! stopped (a limit, a cancel, a killed process) goes on from there in a later process.
//!
//! # The file (format version 1, little-endian)
//! A header: the magic `GRUNDYCP`, the format version (`u32`), the game's name (a length byte
//! and its bytes, [`Checkpointed::NAME`]) and the fingerprint of its key encoding (`u32`, the
//! CRC-32 of the keys the game gives its [`Checkpointed::samples`]); then the table's entries
//! (key `u128`, nimber `u8`, weight `u8`), the notes of nimbers ruled out (key `u128`, word
//! `u64`), their two counts (`u64` each), and the CRC-32 of every byte before it. A build whose
//! keys differ has another fingerprint and refuses the file rather than read wrong nimbers.
//! A save writes `FILE.tmp`, syncs it and renames it over `FILE`: a process killed meanwhile
//! leaves the previous checkpoint whole.

use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use super::Decomposable;
use crate::error::{Error, ErrorKind, Result};

/// The file's first bytes.
const MAGIC: [u8; 8] = *b"GRUNDYCP";
/// The format version this build reads and writes.
const VERSION: u32 = 1;
/// Bytes of a table entry and of a note in the file.
const ENTRY_BYTES: u64 = 18;
const NOTE_BYTES: u64 = 24;
/// Bytes after the notes: the two counts and the checksum.
const TRAILER_BYTES: u64 = 20;

/// A game whose search can be checkpointed: a name its files carry, and a few parts whose
/// keys fingerprint how the game keys its parts.
pub trait Checkpointed: Decomposable {
    /// The name of the game (and of its key encoding) in a checkpoint file, at most 255 bytes.
    const NAME: &'static str;

    /// A fixed handful of parts, the same in every build: their keys make the fingerprint.
    fn samples(&self) -> Vec<Self::Part>;
}

/// Where a search keeps its checkpoint, how often it saves it, and whom it tells.
///
/// # Example
/// ```
/// use std::time::Duration;
/// use grundy::positional::{Checkpoint, CheckpointEvent};
/// let checkpoint = Checkpoint::new("cram-7x8.ckpt").every(Duration::from_secs(60));
/// assert_eq!(checkpoint.interval, Duration::from_secs(60));
/// let quiet: fn(&CheckpointEvent<'_>) = |_| {};
/// let checkpoint = checkpoint.notify(quiet);
/// ```
#[derive(Clone, Debug)]
pub struct Checkpoint {
    /// The file: loaded before the search when it exists, saved over.
    pub path: PathBuf,
    /// The wall time between two saves while a search runs.
    pub interval: Duration,
    /// Told of each load and save, and of a save that failed (the search goes on).
    pub notify: fn(&CheckpointEvent<'_>),
}

impl Checkpoint {
    /// The wall time between two saves unless told otherwise: ten minutes.
    pub const DEFAULT_INTERVAL: Duration = Duration::from_secs(600);

    /// A checkpoint in `path`, saved every [`Checkpoint::DEFAULT_INTERVAL`], telling no one.
    pub fn new(path: impl Into<PathBuf>) -> Checkpoint {
        Checkpoint {
            path: path.into(),
            interval: Checkpoint::DEFAULT_INTERVAL,
            notify: |_| {},
        }
    }

    /// The same, saved every `interval`.
    #[must_use]
    pub fn every(self, interval: Duration) -> Checkpoint {
        Checkpoint { interval, ..self }
    }

    /// The same, telling `notify` of each load and save.
    #[must_use]
    pub fn notify(self, notify: fn(&CheckpointEvent<'_>)) -> Checkpoint {
        Checkpoint { notify, ..self }
    }
}

/// What a checkpoint file holds (or held when it was written).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CheckpointCounts {
    /// Entries of the transposition table.
    pub entries: u64,
    /// Notes of nimbers ruled out.
    pub notes: u64,
    /// The file's bytes.
    pub bytes: u64,
}

/// What happened to a checkpoint, for [`Checkpoint::notify`].
#[derive(Debug)]
pub enum CheckpointEvent<'a> {
    /// The file was read into a fresh search.
    Loaded(&'a Path, CheckpointCounts),
    /// The file was written, in `Duration`.
    Saved(&'a Path, CheckpointCounts, Duration),
    /// A save failed; the search goes on, and the previous file (if any) is kept.
    Failed(&'a Error),
}

/// A file's game and key encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Header {
    pub(crate) name: &'static str,
    pub(crate) fingerprint: u32,
}

impl Header {
    /// The header of `game`'s checkpoints in this build.
    pub(crate) fn of<G: Checkpointed>(game: &G) -> Header {
        let mut crc = crc32fast::Hasher::new();
        for part in game.samples() {
            crc.update(&game.key(&part).unwrap_or(0).to_le_bytes());
        }
        Header {
            name: G::NAME,
            fingerprint: crc.finalize(),
        }
    }

    fn bytes(self) -> Vec<u8> {
        let mut bytes = MAGIC.to_vec();
        bytes.extend(VERSION.to_le_bytes());
        bytes.push(self.name.len() as u8);
        bytes.extend(self.name.as_bytes());
        bytes.extend(self.fingerprint.to_le_bytes());
        bytes
    }
}

/// The error for checkpoint `path`, `reason` said.
fn error(path: &Path, reason: impl Into<String>) -> Error {
    Error::new(ErrorKind::Checkpoint {
        file: path.display().to_string(),
        reason: reason.into(),
    })
}

/// Writes `header`, then `entries` (key, nimber, weight) and `notes` (key, nimbers ruled
/// out) to `path` by way of `path.tmp`, renamed over it once whole: what it wrote.
///
/// # Errors
/// [`ErrorKind::Checkpoint`] when a write fails.
pub(crate) fn save(
    path: &Path,
    header: Header,
    entries: impl Iterator<Item = (u128, u8, u8)>,
    notes: impl Iterator<Item = (u128, u64)>,
) -> Result<CheckpointCounts> {
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".tmp");
    let temporary = PathBuf::from(temporary);
    let failed = |e: std::io::Error| error(path, format!("cannot write: {e}"));
    let file = File::create(&temporary).map_err(failed)?;
    let mut out = Hashing::new(BufWriter::new(file));
    out.write_all(&header.bytes()).map_err(failed)?;
    let mut counts = CheckpointCounts::default();
    for (key, nimber, weight) in entries {
        out.write_all(&key.to_le_bytes()).map_err(failed)?;
        out.write_all(&[nimber, weight]).map_err(failed)?;
        counts.entries += 1;
    }
    for (key, word) in notes {
        out.write_all(&key.to_le_bytes()).map_err(failed)?;
        out.write_all(&word.to_le_bytes()).map_err(failed)?;
        counts.notes += 1;
    }
    out.write_all(&counts.entries.to_le_bytes())
        .map_err(failed)?;
    out.write_all(&counts.notes.to_le_bytes()).map_err(failed)?;
    let crc = out.crc.clone().finalize();
    out.write_all(&crc.to_le_bytes()).map_err(failed)?;
    let file = out.inner.into_inner().map_err(|e| failed(e.into_error()))?;
    file.sync_all().map_err(failed)?;
    counts.bytes = file.metadata().map_err(failed)?.len();
    drop(file);
    std::fs::rename(&temporary, path).map_err(failed)?;
    Ok(counts)
}

/// Reads checkpoint `path`, written for `expected`, giving each entry to `entry` and each
/// note to `note`, only once the whole file has been checked: what it held.
///
/// # Errors
/// [`ErrorKind::Checkpoint`] when the file cannot be read, is not a checkpoint, has another
/// format version, is truncated or damaged (its length or checksum), or was written for
/// another game or key encoding; then nothing was given.
pub(crate) fn load(
    path: &Path,
    expected: Header,
    mut entry: impl FnMut(u128, u8, u8),
    mut note: impl FnMut(u128, u64),
) -> Result<CheckpointCounts> {
    let failed = |e: std::io::Error| match e.kind() {
        std::io::ErrorKind::UnexpectedEof => error(path, "is truncated"),
        _ => error(path, format!("cannot read: {e}")),
    };
    let mut file = File::open(path).map_err(failed)?;
    let bytes = file.metadata().map_err(failed)?.len();
    let mut input = BufReader::new(&mut file);
    let mut magic = [0u8; 8];
    input.read_exact(&mut magic).map_err(failed)?;
    if magic != MAGIC {
        return Err(error(path, "is not a grundy checkpoint"));
    }
    let version = u32::from_le_bytes(take(&mut input).map_err(failed)?);
    if version != VERSION {
        return Err(error(
            path,
            format!("has format version {version}, and this build reads version {VERSION}"),
        ));
    }
    let [length] = take(&mut input).map_err(failed)?;
    let mut name = vec![0u8; usize::from(length)];
    input.read_exact(&mut name).map_err(failed)?;
    let fingerprint = u32::from_le_bytes(take(&mut input).map_err(failed)?);
    let body = 8 + 4 + 1 + u64::from(length) + 4;
    if bytes < body + TRAILER_BYTES {
        return Err(error(path, "is truncated"));
    }
    input
        .seek(SeekFrom::Start(bytes - TRAILER_BYTES))
        .map_err(failed)?;
    let entries = u64::from_le_bytes(take(&mut input).map_err(failed)?);
    let notes = u64::from_le_bytes(take(&mut input).map_err(failed)?);
    let crc = u32::from_le_bytes(take(&mut input).map_err(failed)?);
    let whole = entries
        .checked_mul(ENTRY_BYTES)
        .and_then(|e| notes.checked_mul(NOTE_BYTES)?.checked_add(e))
        .and_then(|b| b.checked_add(body + TRAILER_BYTES));
    if whole != Some(bytes) {
        return Err(error(
            path,
            "is truncated or damaged (its length does not match its counts)",
        ));
    }
    // First the checksum and the keys, then the header's identity, then the entries.
    input.seek(SeekFrom::Start(0)).map_err(failed)?;
    let mut hashing = Hashing::new(&mut input);
    let mut head = vec![0u8; body as usize];
    hashing.read_exact(&mut head).map_err(failed)?;
    let (mut zero_entry, mut zero_note) = (false, false);
    read_body(
        &mut hashing,
        entries,
        notes,
        |key, _, _| zero_entry |= key == 0,
        |key, _| zero_note |= key == 0,
    )
    .map_err(failed)?;
    let mut counts = [0u8; 16];
    hashing.read_exact(&mut counts).map_err(failed)?;
    if hashing.crc.finalize() != crc {
        return Err(error(path, "is damaged (its checksum does not match)"));
    }
    if zero_entry || zero_note {
        return Err(error(path, "is damaged (an entry has key 0)"));
    }
    if name != expected.name.as_bytes() {
        return Err(error(
            path,
            format!(
                "holds a search of {}, not of {}",
                String::from_utf8_lossy(&name),
                expected.name
            ),
        ));
    }
    if fingerprint != expected.fingerprint {
        return Err(error(
            path,
            format!(
                "was written by a build that keys positions differently (key fingerprint \
                 {fingerprint:08x}, this build's {:08x}): it cannot be used",
                expected.fingerprint
            ),
        ));
    }
    input.seek(SeekFrom::Start(body)).map_err(failed)?;
    read_body(&mut input, entries, notes, &mut entry, &mut note).map_err(failed)?;
    Ok(CheckpointCounts {
        entries,
        notes,
        bytes,
    })
}

/// Reads `entries` table entries and then `notes` notes from `input`.
fn read_body(
    input: &mut impl Read,
    entries: u64,
    notes: u64,
    mut entry: impl FnMut(u128, u8, u8),
    mut note: impl FnMut(u128, u64),
) -> std::io::Result<()> {
    for _ in 0..entries {
        let bytes: [u8; ENTRY_BYTES as usize] = take(input)?;
        let key = u128::from_le_bytes(bytes[..16].try_into().unwrap_or_default());
        entry(key, bytes[16], bytes[17]);
    }
    for _ in 0..notes {
        let bytes: [u8; NOTE_BYTES as usize] = take(input)?;
        let key = u128::from_le_bytes(bytes[..16].try_into().unwrap_or_default());
        note(
            key,
            u64::from_le_bytes(bytes[16..].try_into().unwrap_or_default()),
        );
    }
    Ok(())
}

/// The next `N` bytes of `input`.
fn take<const N: usize>(input: &mut impl Read) -> std::io::Result<[u8; N]> {
    let mut bytes = [0u8; N];
    input.read_exact(&mut bytes)?;
    Ok(bytes)
}

/// A reader or writer that keeps the CRC-32 of the bytes through it.
struct Hashing<T> {
    inner: T,
    crc: crc32fast::Hasher,
}

impl<T> Hashing<T> {
    fn new(inner: T) -> Hashing<T> {
        Hashing {
            inner,
            crc: crc32fast::Hasher::new(),
        }
    }
}

impl<T: Read> Read for Hashing<T> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let read = self.inner.read(buf)?;
        self.crc.update(&buf[..read]);
        Ok(read)
    }
}

impl<T: Write> Write for Hashing<T> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let written = self.inner.write(buf)?;
        self.crc.update(&buf[..written]);
        Ok(written)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh path in the temporary directory for test `name`.
    fn scratch(name: &str) -> PathBuf {
        let path = std::env::temp_dir().join(format!("grundy-{name}-{}.ckpt", std::process::id()));
        let _ = std::fs::remove_file(&path);
        path
    }

    const HEADER: Header = Header {
        name: "test-game",
        fingerprint: 0x1234_5678,
    };

    /// Saves three entries and two notes to `path` under `header`.
    fn saved(path: &Path, header: Header) -> CheckpointCounts {
        let entries = [
            (1u128 << 100 | 7, 3u8, 9u8),
            (5, 0, 1),
            (u128::MAX, 255, 255),
        ];
        let notes = [(11u128, 0b101u64), (1 << 90, u64::MAX)];
        save(path, header, entries.into_iter(), notes.into_iter()).expect("saved")
    }

    /// A file's table entries and notes.
    type Contents = (Vec<(u128, u8, u8)>, Vec<(u128, u64)>);

    /// What loading `path` for `header` gives: its entries and notes, or the error.
    fn loaded(path: &Path, header: Header) -> Result<Contents> {
        let (mut entries, mut notes) = (Vec::new(), Vec::new());
        load(
            path,
            header,
            |k, n, w| entries.push((k, n, w)),
            |k, w| notes.push((k, w)),
        )?;
        Ok((entries, notes))
    }

    /// The reason of the error that loading `path` for `HEADER` gives.
    fn refusal(path: &Path) -> String {
        match loaded(path, HEADER).map_err(|e| e.kind().clone()) {
            Err(ErrorKind::Checkpoint { reason, .. }) => reason,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn what_is_saved_loads_back_whole() {
        let path = scratch("round-trip");
        let counts = saved(&path, HEADER);
        assert_eq!((counts.entries, counts.notes), (3, 2));
        let header_bytes = 8 + 4 + 1 + 9 + 4;
        let bytes = header_bytes + 3 * ENTRY_BYTES + 2 * NOTE_BYTES + TRAILER_BYTES;
        assert_eq!(counts.bytes, bytes);
        let (entries, notes) = loaded(&path, HEADER).expect("loads");
        assert_eq!(entries[0], (1 << 100 | 7, 3, 9));
        assert_eq!(entries[2], (u128::MAX, 255, 255));
        assert_eq!(notes, vec![(11, 0b101), (1 << 90, u64::MAX)]);
        let mut temporary = path.clone().into_os_string();
        temporary.push(".tmp");
        assert!(!Path::new(&temporary).exists());
        std::fs::remove_file(&path).ok();
    }

    #[test]
    fn a_damaged_file_is_refused() {
        let path = scratch("damaged");
        saved(&path, HEADER);
        let whole = std::fs::read(&path).expect("read");
        let mut cases = Vec::new();
        cases.push((whole[..whole.len() - 1].to_vec(), "is truncated or damaged"));
        cases.push((whole[..10].to_vec(), "is truncated"));
        cases.push((Vec::new(), "is truncated"));
        for at in [30, 60, whole.len() - 25, whole.len() - 1] {
            let mut flipped = whole.clone();
            flipped[at] ^= 0x10;
            cases.push((flipped, "is damaged (its checksum does not match)"));
        }
        let mut version = whole.clone();
        version[8] = 2;
        cases.push((
            version,
            "has format version 2, and this build reads version 1",
        ));
        cases.push((
            b"not a checkpoint at all".to_vec(),
            "is not a grundy checkpoint",
        ));
        for (bytes, reason) in cases {
            std::fs::write(&path, &bytes).expect("written");
            assert!(refusal(&path).starts_with(reason), "{}", refusal(&path));
        }
        std::fs::remove_file(&path).ok();
        assert!(refusal(&path).starts_with("cannot read: "));
    }

    #[test]
    fn another_game_or_key_encoding_is_refused() {
        let path = scratch("identity");
        saved(
            &path,
            Header {
                name: "other-game",
                ..HEADER
            },
        );
        assert_eq!(
            refusal(&path),
            "holds a search of other-game, not of test-game"
        );
        saved(
            &path,
            Header {
                fingerprint: 1,
                ..HEADER
            },
        );
        assert_eq!(
            refusal(&path),
            "was written by a build that keys positions differently (key fingerprint \
             00000001, this build's 12345678): it cannot be used"
        );
        let error = loaded(&path, HEADER).expect_err("refused").to_string();
        assert!(error.starts_with(&format!("checkpoint '{}': was written", path.display())));
        std::fs::remove_file(&path).ok();
    }
}
