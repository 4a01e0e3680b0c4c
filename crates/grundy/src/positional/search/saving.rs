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
    pub fn resume(
        &mut self,
        checkpoint: Checkpoint,
    ) -> Result<Option<checkpoint::CheckpointCounts>> {
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
    pub fn save_checkpoint(&self) -> Result<Option<checkpoint::CheckpointCounts>> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::{ErrorKind, Limit};
    use crate::positional::Region;
    use crate::rules::Cram;
    use crate::Limits;

    /// A fresh path in the temporary directory for test `name`.
    fn scratch(name: &str) -> std::path::PathBuf {
        let file = format!("grundy-search-{name}-{}.ckpt", std::process::id());
        let path = std::env::temp_dir().join(file);
        let _ = std::fs::remove_file(&path);
        path
    }

    /// The `rows` x `columns` rectangle, canonical.
    fn rectangle(rows: usize, columns: u32) -> Region {
        Region::from_rows(&vec![(1u32 << columns) - 1; rows]).canonical()
    }

    fn unlimited() -> Limits {
        Limits::default().with_max_work(u64::MAX)
    }

    #[test]
    fn a_saved_search_loads_back_into_a_fresh_one() -> Result<()> {
        let path = scratch("round-trip");
        let mut first = NimberSearch::new(Cram, &unlimited());
        assert_eq!(first.resume(Checkpoint::new(&path))?, None);
        first.nimber(&rectangle(4, 5), 1)?;
        let saved = first.save_checkpoint()?.expect("saved");
        let entries: Vec<_> = first.table.entries().collect();
        let notes: Vec<_> = first.ruled.entries().collect();
        assert_eq!(saved.entries, entries.len() as u64);
        assert_eq!(saved.notes, notes.len() as u64);
        assert!(saved.entries > 100 && saved.notes > 100, "{saved:?}");

        let mut second = NimberSearch::new(Cram, &unlimited());
        let loaded = second.resume(Checkpoint::new(&path))?;
        assert_eq!(loaded, Some(saved));
        // Each entry found holds its nimber; a fresh table that fills as it grows may drop
        // a few.
        let found = entries
            .iter()
            .filter(|&&(key, nimber, _)| {
                let got = second.table.get(key);
                got.inspect(|&got| assert_eq!(got, nimber)).is_some()
            })
            .count();
        assert!(
            found * 10 >= entries.len() * 9,
            "{found} of {}",
            entries.len()
        );
        let kept = notes
            .iter()
            .filter(|&&(key, word)| second.ruled.rules_out(key, word));
        assert!(kept.count() * 10 >= notes.len() * 9);
        std::fs::remove_file(&path).ok();
        Ok(())
    }

    #[test]
    fn a_search_stopped_at_its_limit_goes_on_from_its_checkpoint() -> Result<()> {
        let board = rectangle(5, 6);
        for threads in [1, 2] {
            let straight = NimberSearch::new(Cram, &unlimited());
            let nimber = straight.nimber(&board, threads)?;
            let moves = straight.stats().snapshot().work;

            let path = scratch(&format!("stopped-{threads}"));
            let half = unlimited().with_max_work(moves / 2 * super::super::WORK_PER_MOVE);
            let mut stopped = NimberSearch::new(Cram, &half);
            stopped.resume(Checkpoint::new(&path))?;
            let error = stopped.nimber(&board, threads).expect_err("stopped");
            assert!(
                matches!(
                    error.kind(),
                    ErrorKind::LimitExceeded {
                        limit: Limit::Work,
                        ..
                    }
                ),
                "{error}"
            );

            let mut resumed = NimberSearch::new(Cram, &unlimited());
            let loaded = resumed.resume(Checkpoint::new(&path))?.expect("saved");
            assert!(loaded.entries > 0);
            assert_eq!(resumed.nimber(&board, threads)?, nimber);
            let after = resumed.stats().snapshot().work;
            assert!(after < moves, "{after} moves resumed, {moves} straight");
            std::fs::remove_file(&path).ok();
        }
        Ok(())
    }

    #[test]
    fn a_large_checkpoint_loads_into_a_small_table() -> Result<()> {
        let path = scratch("small-table");
        let board = rectangle(5, 5);
        let mut first = NimberSearch::new(Cram, &unlimited());
        first.resume(Checkpoint::new(&path))?;
        let nimber = first.nimber(&board, 1)?;
        first.save_checkpoint()?;
        let mut small = NimberSearch::new(Cram, &unlimited().with_max_memory(1 << 12));
        let loaded = small.resume(Checkpoint::new(&path))?.expect("saved");
        assert!(loaded.entries as usize > small.table.capacity());
        assert!(small.table.len() <= small.table.capacity());
        assert_eq!(small.nimber(&board, 1)?, nimber);
        std::fs::remove_file(&path).ok();
        Ok(())
    }

    #[test]
    fn a_running_search_saves_when_due() -> Result<()> {
        static SAVES: AtomicU64 = AtomicU64::new(0);
        let path = scratch("due");
        let mut search = NimberSearch::new(Cram, &unlimited());
        let every_batch = Checkpoint::new(&path)
            .every(std::time::Duration::ZERO)
            .notify(|event| {
                if let CheckpointEvent::Saved(..) = event {
                    SAVES.fetch_add(1, Ordering::Relaxed);
                }
            });
        search.resume(every_batch)?;
        let nimber = search.nimber(&rectangle(5, 6), 2)?;
        assert!(SAVES.load(Ordering::Relaxed) >= 2);
        let mut next = NimberSearch::new(Cram, &unlimited());
        assert!(next.resume(Checkpoint::new(&path))?.is_some());
        assert_eq!(next.nimber(&rectangle(5, 6), 1)?, nimber);
        std::fs::remove_file(&path).ok();
        Ok(())
    }
}
