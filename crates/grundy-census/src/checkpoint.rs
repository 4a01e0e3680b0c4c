//! A Cram search's checkpoint in files, on the wall clock: the [`CheckpointStore`] the `grundy`
//! command and the `cram_nimber` example share (the library reads no file and no clock).

use std::fs::File;
use std::io::{self, BufReader};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use grundy::positional::{CheckpointCounts, CheckpointStore, ReadSeek, Writing};
use grundy::rules::CramCheckpoints;

/// A checkpoint in a file, saved every `interval` of wall time, each load and save told on
/// standard error. A save writes `FILE.tmp`, syncs it and renames it over `FILE`: a process
/// killed meanwhile leaves the previous checkpoint whole.
#[derive(Debug)]
pub struct FileCheckpoint {
    path: PathBuf,
    interval: Duration,
    /// When the next save is due.
    next: Mutex<Instant>,
}

impl FileCheckpoint {
    /// The wall time between two saves unless told otherwise: ten minutes.
    pub const DEFAULT_INTERVAL: Duration = Duration::from_secs(600);

    /// A checkpoint in `path`, its first save due `interval` from now.
    pub fn new(path: impl Into<PathBuf>, interval: Duration) -> FileCheckpoint {
        FileCheckpoint {
            path: path.into(),
            interval,
            next: Mutex::new(Instant::now() + interval),
        }
    }

    /// A Cram solver's checkpoints: its search of regions in one word in `path`, that of
    /// larger regions in the same path with `.large` added, each saved every `interval`.
    ///
    /// # Example
    /// ```
    /// use grundy::rules::{CramBoard, CramSolver};
    /// use grundy::{Evaluator, Limits};
    /// use grundy_census::checkpoint::FileCheckpoint;
    /// let path = std::env::temp_dir().join(format!("grundy-cram-{}.ckpt", std::process::id()));
    /// let every = FileCheckpoint::DEFAULT_INTERVAL;
    /// let tight = Limits::default().with_max_work(1 << 20);
    /// let board = CramBoard::rectangle(5, 6)?;
    /// let mut first = CramSolver::new(tight, 1).with_checkpoints(FileCheckpoint::cram(&path, every));
    /// assert!(first.value(&board).is_err()); // stopped by its work limit, its tables saved
    /// let resumed = FileCheckpoint::cram(&path, every);
    /// let mut second = CramSolver::new(Limits::default(), 1).with_checkpoints(resumed);
    /// let straight = CramSolver::new(Limits::default(), 1).value(&board)?;
    /// assert_eq!(second.value(&board)?, straight); // resumed
    /// # std::fs::remove_file(&path).ok();
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn cram(path: &Path, interval: Duration) -> CramCheckpoints {
        let mut large = path.as_os_str().to_owned();
        large.push(".large");
        CramCheckpoints {
            words: Arc::new(FileCheckpoint::new(path, interval)),
            regions: Arc::new(FileCheckpoint::new(large, interval)),
        }
    }

    /// Writes the checkpoint by way of `FILE.tmp`, renamed over `FILE` once whole and synced.
    fn write(&self, write: &mut Writing<'_>) -> io::Result<CheckpointCounts> {
        let mut temporary = self.path.as_os_str().to_owned();
        temporary.push(".tmp");
        let mut file = File::create(&temporary)?;
        let counts = write(&mut file)?;
        file.sync_all()?;
        drop(file);
        std::fs::rename(&temporary, &self.path)?;
        Ok(counts)
    }
}

impl CheckpointStore for FileCheckpoint {
    fn name(&self) -> String {
        self.path.display().to_string()
    }

    fn due(&self) -> bool {
        Instant::now() >= *self.next.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn open(&self) -> io::Result<Option<Box<dyn ReadSeek>>> {
        match File::open(&self.path) {
            Ok(file) => Ok(Some(Box::new(BufReader::new(file)))),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e),
        }
    }

    fn save(&self, write: &mut Writing<'_>) -> io::Result<CheckpointCounts> {
        let start = Instant::now();
        let saved = self.write(write);
        *self.next.lock().unwrap_or_else(PoisonError::into_inner) = Instant::now() + self.interval;
        match &saved {
            Ok(counts) => eprintln!(
                "checkpoint: saved {} entries and {} notes ({} bytes) to {} in {:.2} s",
                counts.entries,
                counts.notes,
                counts.bytes,
                self.path.display(),
                start.elapsed().as_secs_f64()
            ),
            Err(error) => eprintln!("checkpoint: not saved to {}: {error}", self.path.display()),
        }
        saved
    }

    fn loaded(&self, counts: CheckpointCounts) {
        eprintln!(
            "checkpoint: loaded {} entries and {} notes ({} bytes) from {}",
            counts.entries,
            counts.notes,
            counts.bytes,
            self.path.display()
        );
    }
}
