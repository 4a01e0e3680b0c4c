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
//!
//! The library reads and writes the format only; where a checkpoint is kept and when it is
//! saved is the face's ([`CheckpointStore`]: a file saved whole by a rename and the face's
//! clock, or [`MemoryCheckpoint`]).

use std::io::{self, BufReader, BufWriter, Cursor, Read, Seek, SeekFrom, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

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

/// A reader that seeks: a checkpoint to load.
pub trait ReadSeek: Read + Seek {}

impl<T: Read + Seek> ReadSeek for T {}

/// Where a search's checkpoint is kept and when it is saved: the face's file and clock (the
/// library reads neither).
pub trait CheckpointStore: Send + Sync {
    /// The checkpoint's name in messages (a file's path).
    fn name(&self) -> String;

    /// Whether a save is due now: asked while a search runs, once a batch of moves, by
    /// each thread.
    fn due(&self) -> bool;

    /// The checkpoint saved before, `None` when there is none.
    ///
    /// # Errors
    /// When it exists but cannot be read.
    fn open(&self) -> io::Result<Option<Box<dyn ReadSeek>>>;

    /// Keeps the checkpoint `write` writes, whole or not at all (the previous one kept when
    /// it fails): what `write` returned. A save, failed or not, makes the next one due an
    /// interval later.
    ///
    /// # Errors
    /// When `write` or the store fails.
    fn save(&self, write: &mut Writing<'_>) -> io::Result<CheckpointCounts>;

    /// Told what a load read into a search.
    fn loaded(&self, _counts: CheckpointCounts) {}
}

/// What writes a checkpoint, for [`CheckpointStore::save`]: it writes the whole checkpoint
/// to the writer given (buffered inside) and returns what it wrote.
pub type Writing<'a> = dyn FnMut(&mut dyn Write) -> io::Result<CheckpointCounts> + 'a;

/// A checkpoint kept in memory: for tests, and for a face that keeps the bytes elsewhere.
/// A save is due every `every`-th time a search asks.
///
/// # Example
/// ```
/// use std::sync::Arc;
/// use grundy::positional::{MemoryCheckpoint, NimberSearch, Region};
/// use grundy::rules::Cram;
/// use grundy::Limits;
/// let store = Arc::new(MemoryCheckpoint::new(u64::MAX));
/// let board = Region::from_rows(&[0b1111, 0b1111, 0b1111]).canonical();
/// let mut first = NimberSearch::new(Cram, &Limits::default());
/// assert_eq!(first.resume(store.clone())?, None);
/// assert_eq!(first.nimber(&board, 1)?, 1);
/// first.save_checkpoint()?;
/// let mut second = NimberSearch::new(Cram, &Limits::default());
/// assert!(second.resume(store)?.is_some_and(|c| c.entries > 0));
/// assert_eq!(second.lookup(&board), Some(1));
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Debug, Default)]
pub struct MemoryCheckpoint {
    /// The bytes saved last.
    bytes: Mutex<Option<Vec<u8>>>,
    /// A save is due at every `every`-th ask.
    every: u64,
    /// The asks so far.
    asked: AtomicU64,
    /// The saves so far.
    saves: AtomicU64,
}

impl MemoryCheckpoint {
    /// An empty checkpoint, due every `every`-th time a search asks (`u64::MAX`: never).
    pub fn new(every: u64) -> MemoryCheckpoint {
        MemoryCheckpoint {
            every: every.max(1),
            ..MemoryCheckpoint::default()
        }
    }

    /// A checkpoint holding `bytes`, as if saved before, never due.
    pub fn holding(bytes: Vec<u8>) -> MemoryCheckpoint {
        let store = MemoryCheckpoint::new(u64::MAX);
        *store.lock() = Some(bytes);
        store
    }

    /// The bytes saved last.
    pub fn bytes(&self) -> Option<Vec<u8>> {
        self.lock().clone()
    }

    /// The saves so far.
    pub fn saves(&self) -> u64 {
        self.saves.load(Ordering::Relaxed)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Option<Vec<u8>>> {
        self.bytes
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

impl CheckpointStore for MemoryCheckpoint {
    fn name(&self) -> String {
        "memory".to_owned()
    }

    fn due(&self) -> bool {
        (self.asked.fetch_add(1, Ordering::Relaxed) + 1) % self.every == 0
    }

    fn open(&self) -> io::Result<Option<Box<dyn ReadSeek>>> {
        Ok(self
            .bytes()
            .map(|bytes| Box::new(Cursor::new(bytes)) as Box<dyn ReadSeek>))
    }

    fn save(&self, write: &mut Writing<'_>) -> io::Result<CheckpointCounts> {
        let mut bytes = Vec::new();
        let counts = write(&mut bytes)?;
        *self.lock() = Some(bytes);
        self.saves.fetch_add(1, Ordering::Relaxed);
        Ok(counts)
    }
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

/// The error for checkpoint `name`, `reason` said.
pub(crate) fn error(name: &str, reason: impl Into<String>) -> Error {
    Error::new(ErrorKind::Checkpoint {
        file: name.to_owned(),
        reason: reason.into(),
    })
}

/// Writes `header`, then `entries` (key, nimber, weight) and `notes` (key, nimbers ruled
/// out) to `out`, then the counts and the checksum: what it wrote.
///
/// # Errors
/// When a write fails.
pub(crate) fn save(
    out: &mut dyn Write,
    header: Header,
    entries: impl Iterator<Item = (u128, u8, u8)>,
    notes: impl Iterator<Item = (u128, u64)>,
) -> io::Result<CheckpointCounts> {
    let mut out = Hashing::new(BufWriter::new(out));
    out.write_all(&header.bytes())?;
    let mut counts = CheckpointCounts::default();
    for (key, nimber, weight) in entries {
        out.write_all(&key.to_le_bytes())?;
        out.write_all(&[nimber, weight])?;
        counts.entries += 1;
    }
    for (key, word) in notes {
        out.write_all(&key.to_le_bytes())?;
        out.write_all(&word.to_le_bytes())?;
        counts.notes += 1;
    }
    out.write_all(&counts.entries.to_le_bytes())?;
    out.write_all(&counts.notes.to_le_bytes())?;
    let crc = out.crc.clone().finalize();
    out.write_all(&crc.to_le_bytes())?;
    out.flush()?;
    counts.bytes = out.bytes;
    Ok(counts)
}

/// Reads checkpoint `input` (named `name` in errors), written for `expected`, giving each
/// entry to `entry` and each note to `note`, only once the whole of it has been checked:
/// what it held.
///
/// # Errors
/// [`ErrorKind::Checkpoint`] when it cannot be read, is not a checkpoint, has another format
/// version, is truncated or damaged (its length or checksum), or was written for another
/// game or key encoding; then nothing was given.
pub(crate) fn load(
    input: &mut dyn ReadSeek,
    name: &str,
    expected: Header,
    mut entry: impl FnMut(u128, u8, u8),
    mut note: impl FnMut(u128, u64),
) -> Result<CheckpointCounts> {
    let failed = |e: io::Error| match e.kind() {
        io::ErrorKind::UnexpectedEof => error(name, "is truncated"),
        _ => error(name, format!("cannot read: {e}")),
    };
    let bytes = input.seek(SeekFrom::End(0)).map_err(failed)?;
    input.seek(SeekFrom::Start(0)).map_err(failed)?;
    let mut input = BufReader::new(input);
    let mut magic = [0u8; 8];
    input.read_exact(&mut magic).map_err(failed)?;
    if magic != MAGIC {
        return Err(error(name, "is not a grundy checkpoint"));
    }
    let version = u32::from_le_bytes(take(&mut input).map_err(failed)?);
    if version != VERSION {
        return Err(error(
            name,
            format!("has format version {version}, and this build reads version {VERSION}"),
        ));
    }
    let [length] = take(&mut input).map_err(failed)?;
    let mut game = vec![0u8; usize::from(length)];
    input.read_exact(&mut game).map_err(failed)?;
    let fingerprint = u32::from_le_bytes(take(&mut input).map_err(failed)?);
    let body = 8 + 4 + 1 + u64::from(length) + 4;
    if bytes < body + TRAILER_BYTES {
        return Err(error(name, "is truncated"));
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
            name,
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
        return Err(error(name, "is damaged (its checksum does not match)"));
    }
    if zero_entry || zero_note {
        return Err(error(name, "is damaged (an entry has key 0)"));
    }
    if game != expected.name.as_bytes() {
        return Err(error(
            name,
            format!(
                "holds a search of {}, not of {}",
                String::from_utf8_lossy(&game),
                expected.name
            ),
        ));
    }
    if fingerprint != expected.fingerprint {
        return Err(error(
            name,
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
) -> io::Result<()> {
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
fn take<const N: usize>(input: &mut impl Read) -> io::Result<[u8; N]> {
    let mut bytes = [0u8; N];
    input.read_exact(&mut bytes)?;
    Ok(bytes)
}

/// A reader or writer that keeps the CRC-32 and the count of the bytes through it.
struct Hashing<T> {
    inner: T,
    crc: crc32fast::Hasher,
    bytes: u64,
}

impl<T> Hashing<T> {
    fn new(inner: T) -> Hashing<T> {
        Hashing {
            inner,
            crc: crc32fast::Hasher::new(),
            bytes: 0,
        }
    }
}

impl<T: Read> Read for Hashing<T> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let read = self.inner.read(buf)?;
        self.crc.update(&buf[..read]);
        Ok(read)
    }
}

impl<T: Write> Write for Hashing<T> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let written = self.inner.write(buf)?;
        self.crc.update(&buf[..written]);
        self.bytes += written as u64;
        Ok(written)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: Header = Header {
        name: "test-game",
        fingerprint: 0x1234_5678,
    };

    /// Three entries and two notes saved under `header`: the bytes, and the counts written.
    fn saved(header: Header) -> (Vec<u8>, CheckpointCounts) {
        let entries = [
            (1u128 << 100 | 7, 3u8, 9u8),
            (5, 0, 1),
            (u128::MAX, 255, 255),
        ];
        let notes = [(11u128, 0b101u64), (1 << 90, u64::MAX)];
        let mut bytes = Vec::new();
        let counts = save(&mut bytes, header, entries.into_iter(), notes.into_iter());
        (bytes, counts.expect("written to memory"))
    }

    /// A file's table entries and notes.
    type Contents = (Vec<(u128, u8, u8)>, Vec<(u128, u64)>);

    /// What loading `bytes` for `header` gives: its entries and notes, or the error.
    fn loaded(bytes: &[u8], header: Header) -> Result<Contents> {
        let (mut entries, mut notes) = (Vec::new(), Vec::new());
        load(
            &mut Cursor::new(bytes),
            "the file",
            header,
            |k, n, w| entries.push((k, n, w)),
            |k, w| notes.push((k, w)),
        )?;
        Ok((entries, notes))
    }

    /// The reason of the error that loading `bytes` for `HEADER` gives.
    fn refusal(bytes: &[u8]) -> String {
        match loaded(bytes, HEADER).map_err(|e| e.kind().clone()) {
            Err(ErrorKind::Checkpoint { reason, .. }) => reason,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn what_is_saved_loads_back_whole() {
        let (bytes, counts) = saved(HEADER);
        assert_eq!((counts.entries, counts.notes), (3, 2));
        let header_bytes = 8 + 4 + 1 + 9 + 4;
        let length = header_bytes + 3 * ENTRY_BYTES + 2 * NOTE_BYTES + TRAILER_BYTES;
        assert_eq!((counts.bytes, bytes.len() as u64), (length, length));
        // The header, byte for byte: files of format version 1 stay readable.
        assert_eq!(&bytes[..13], b"GRUNDYCP\x01\0\0\0\x09");
        assert_eq!(&bytes[13..26], b"test-game\x78\x56\x34\x12");
        let (entries, notes) = loaded(&bytes, HEADER).expect("loads");
        assert_eq!(entries[0], (1 << 100 | 7, 3, 9));
        assert_eq!(entries[2], (u128::MAX, 255, 255));
        assert_eq!(notes, vec![(11, 0b101), (1 << 90, u64::MAX)]);
    }

    #[test]
    fn a_damaged_file_is_refused() {
        let (whole, _) = saved(HEADER);
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
            assert!(refusal(&bytes).starts_with(reason), "{}", refusal(&bytes));
        }
    }

    #[test]
    fn another_game_or_key_encoding_is_refused() {
        let other = Header {
            name: "other-game",
            ..HEADER
        };
        assert_eq!(
            refusal(&saved(other).0),
            "holds a search of other-game, not of test-game"
        );
        let (bytes, _) = saved(Header {
            fingerprint: 1,
            ..HEADER
        });
        assert_eq!(
            refusal(&bytes),
            "was written by a build that keys positions differently (key fingerprint \
             00000001, this build's 12345678): it cannot be used"
        );
        let error = loaded(&bytes, HEADER).expect_err("refused").to_string();
        assert!(error.starts_with("checkpoint 'the file': was written"));
    }

    #[test]
    fn a_memory_checkpoint_is_due_every_so_many_asks() {
        let store = MemoryCheckpoint::new(3);
        let asks: Vec<bool> = (0..6).map(|_| store.due()).collect();
        assert_eq!(asks, [false, false, true, false, false, true]);
        let never = MemoryCheckpoint::new(u64::MAX);
        assert!(!(0..100).any(|_| never.due()));
    }
}
