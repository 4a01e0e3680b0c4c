//! A search's checkpoint ([`NimberSearch::resume`]): loaded into the fresh search's tables,
//! then saved every [`Checkpoint::interval`] of wall time (looked at where the threads count
//! their work in batches, by one thread while the others search on) and when a search stops
//! short (a limit, the cancel flag).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use super::NimberSearch;
use crate::error::Result;
use crate::positional::checkpoint::{self, Checkpoint, CheckpointEvent, Checkpointed, Header};
use crate::positional::table::Fills;
use crate::positional::Decomposable;

/// A search's checkpoint and when it is next due.
pub(super) struct Saver {
    checkpoint: Checkpoint,
    header: Header,
    /// When the saver was made: the clock's zero for `due`.
    start: Instant,
    /// Milliseconds after `start` when the next save is due.
    due: AtomicU64,
    /// Raised while a thread saves.
    saving: AtomicBool,
}

impl Saver {
    /// Whether a save is due now (reads the clock).
    pub(super) fn is_due(&self) -> bool {
        self.start.elapsed().as_millis() as u64 >= self.due.load(Ordering::Relaxed)
    }

    /// The next save due an interval from now.
    fn postpone(&self) {
        let next = self.start.elapsed() + self.checkpoint.interval;
        let next = u64::try_from(next.as_millis()).unwrap_or(u64::MAX);
        self.due.store(next, Ordering::Relaxed);
    }
}

impl<G: Checkpointed> NimberSearch<G> {
    /// Loads `checkpoint`'s file into this search's tables when it exists (entries beyond
    /// their room dropped as the tables drop them), then saves to it every
    /// [`Checkpoint::interval`] and when a search stops at a limit or is cancelled: what
    /// the file held, `None` when there was none. Call it before searching.
    ///
    /// # Errors
    /// [`ErrorKind::Checkpoint`](crate::ErrorKind::Checkpoint) when the file exists but
    /// cannot be read, is damaged, or was written for another game or key encoding.
    ///
    /// # Example
    /// ```
    /// use grundy::positional::{Checkpoint, NimberSearch, Region};
    /// use grundy::rules::Cram;
    /// use grundy::Limits;
    /// let path = std::env::temp_dir().join(format!("grundy-doc-{}.ckpt", std::process::id()));
    /// let board = Region::from_rows(&[0b1111, 0b1111, 0b1111]).canonical();
    /// let mut first = NimberSearch::new(Cram, &Limits::default());
    /// assert_eq!(first.resume(Checkpoint::new(&path))?, None);
    /// assert_eq!(first.nimber(&board, 1)?, 1);
    /// first.save_checkpoint()?;
    /// let mut second = NimberSearch::new(Cram, &Limits::default());
    /// assert!(second.resume(Checkpoint::new(&path))?.is_some_and(|c| c.entries > 0));
    /// assert_eq!(second.lookup(&board), Some(1));
    /// # std::fs::remove_file(&path).ok();
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn resume(&mut self, checkpoint: Checkpoint) -> Result<Option<checkpoint::Counts>> {
        let header = Header::of(&self.game);
        let loaded = if checkpoint.path.exists() {
            let (table, ruled) = (&self.table, &self.ruled);
            let mut fills = Fills::default();
            let counts = checkpoint::load(
                &checkpoint.path,
                header,
                |key, nimber, weight| table.store(key, nimber, weight),
                |key, word| ruled.rule_out(key, word, &mut fills),
            )?;
            ruled.settle(&mut fills);
            (checkpoint.notify)(&CheckpointEvent::Loaded(&checkpoint.path, counts));
            Some(counts)
        } else {
            None
        };
        let saver = Saver {
            checkpoint,
            header,
            start: Instant::now(),
            due: AtomicU64::new(0),
            saving: AtomicBool::new(false),
        };
        saver.postpone();
        self.saver = Some(saver);
        Ok(loaded)
    }
}

impl<G: Decomposable> NimberSearch<G> {
    /// Saves the tables to the checkpoint given to [`NimberSearch::resume`] now (while other
    /// threads may search on): what it wrote, `None` without a checkpoint or when another
    /// thread is saving.
    ///
    /// # Errors
    /// [`ErrorKind::Checkpoint`](crate::ErrorKind::Checkpoint) when the file cannot be
    /// written (the previous one is kept).
    pub fn save_checkpoint(&self) -> Result<Option<checkpoint::Counts>> {
        let Some(saver) = &self.saver else {
            return Ok(None);
        };
        if saver.saving.swap(true, Ordering::Acquire) {
            return Ok(None);
        }
        let start = Instant::now();
        let path = &saver.checkpoint.path;
        let saved = checkpoint::save(
            path,
            saver.header,
            self.table.entries(),
            self.ruled.entries(),
        );
        saver.postpone();
        saver.saving.store(false, Ordering::Release);
        let notify = saver.checkpoint.notify;
        match &saved {
            Ok(counts) => notify(&CheckpointEvent::Saved(path, *counts, start.elapsed())),
            Err(error) => notify(&CheckpointEvent::Failed(error)),
        }
        saved.map(Some)
    }

    /// Saves when a save is due (a failure told to the checkpoint's `notify`; the search
    /// goes on).
    pub(super) fn save_if_due(&self) {
        if self.saver.as_ref().is_some_and(Saver::is_due) {
            let _ = self.save_checkpoint();
        }
    }
}
