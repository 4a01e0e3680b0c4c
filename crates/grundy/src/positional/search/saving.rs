//! A search's checkpoint ([`NimberSearch::resume`]): loaded into the fresh search's tables,
//! then saved whenever its store says a save is due (asked where the threads count their work
//! in batches, saved by one thread while the others search on) and when a search stops short
//! (a limit, the cancel flag).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use super::NimberSearch;
use crate::error::Result;
use crate::positional::checkpoint::{
    self, CheckpointCounts, CheckpointStore, Checkpointed, Header,
};
use crate::positional::table::Fills;
use crate::positional::Decomposable;

/// A search's checkpoint store and the header of its files.
pub(super) struct Saver {
    store: Arc<dyn CheckpointStore>,
    header: Header,
    /// Raised while a thread saves.
    saving: AtomicBool,
}

impl<G: Checkpointed> NimberSearch<G> {
    /// Loads the checkpoint in `store`, when it holds one, into this search's tables
    /// (entries beyond their room dropped as the tables drop them), then saves to it
    /// whenever [`CheckpointStore::due`] says so and when a search stops at a limit or is
    /// cancelled: what the checkpoint held, `None` when there was none. Call it before
    /// searching.
    ///
    /// # Errors
    /// [`ErrorKind::Checkpoint`](crate::ErrorKind::Checkpoint) when the checkpoint exists but
    /// cannot be read, is damaged, or was written for another game or key encoding.
    ///
    /// # Example
    /// See [`MemoryCheckpoint`](crate::positional::MemoryCheckpoint).
    pub fn resume(&mut self, store: Arc<dyn CheckpointStore>) -> Result<Option<CheckpointCounts>> {
        let header = Header::of(&self.game);
        let name = store.name();
        let opened = store
            .open()
            .map_err(|e| checkpoint::error(&name, format!("cannot read: {e}")))?;
        let loaded = match opened {
            Some(mut input) => {
                let (table, ruled) = (&self.table, &self.ruled);
                let mut fills = Fills::default();
                let counts = checkpoint::load(
                    &mut *input,
                    &name,
                    header,
                    |key, nimber, weight| table.store(key, nimber, weight),
                    |key, word| ruled.rule_out(key, word, &mut fills),
                )?;
                ruled.settle(&mut fills);
                store.loaded(counts);
                Some(counts)
            }
            None => None,
        };
        self.saver = Some(Saver {
            store,
            header,
            saving: AtomicBool::new(false),
        });
        Ok(loaded)
    }
}

impl<G: Decomposable> NimberSearch<G> {
    /// Saves the tables to the store given to [`NimberSearch::resume`] now (while other
    /// threads may search on): what it wrote, `None` without a store or when another thread
    /// is saving.
    ///
    /// # Errors
    /// [`ErrorKind::Checkpoint`](crate::ErrorKind::Checkpoint) when the store cannot save
    /// (the previous checkpoint is kept).
    pub fn save_checkpoint(&self) -> Result<Option<CheckpointCounts>> {
        let Some(saver) = &self.saver else {
            return Ok(None);
        };
        if saver.saving.swap(true, Ordering::Acquire) {
            return Ok(None);
        }
        let saved = saver.store.save(&mut |out| {
            checkpoint::save(
                out,
                saver.header,
                self.table.entries(),
                self.ruled.entries(),
            )
        });
        saver.saving.store(false, Ordering::Release);
        let name = || saver.store.name();
        saved
            .map(Some)
            .map_err(|e| checkpoint::error(&name(), format!("cannot write: {e}")))
    }

    /// Saves when the store says a save is due (a failure is the store's to tell; the search
    /// goes on).
    pub(super) fn save_if_due(&self) {
        if self.saver.as_ref().is_some_and(|saver| saver.store.due()) {
            let _ = self.save_checkpoint();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::{ErrorKind, Limit};
    use crate::positional::{MemoryCheckpoint, Region};
    use crate::rules::Cram;
    use crate::Limits;

    /// The `rows` x `columns` rectangle, canonical.
    fn rectangle(rows: usize, columns: u32) -> Region {
        Region::from_rows(&vec![(1u64 << columns) - 1; rows]).canonical()
    }

    fn unlimited() -> Limits {
        Limits::default().with_max_work(u64::MAX)
    }

    /// A store in memory that is never due.
    fn memory() -> Arc<MemoryCheckpoint> {
        Arc::new(MemoryCheckpoint::new(u64::MAX))
    }

    #[test]
    fn a_saved_search_loads_back_into_a_fresh_one() -> Result<()> {
        let store = memory();
        let mut first = NimberSearch::new(Cram, &unlimited());
        assert_eq!(first.resume(store.clone())?, None);
        first.nimber(&rectangle(4, 5), 1)?;
        let saved = first.save_checkpoint()?.expect("saved");
        let entries: Vec<_> = first.table.entries().collect();
        let notes: Vec<_> = first.ruled.entries().collect();
        assert_eq!(saved.entries, entries.len() as u64);
        assert_eq!(saved.notes, notes.len() as u64);
        assert_eq!(Some(saved.bytes), store.bytes().map(|b| b.len() as u64));
        assert!(saved.entries > 100 && saved.notes > 100, "{saved:?}");

        let mut second = NimberSearch::new(Cram, &unlimited());
        let loaded = second.resume(store)?;
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
        Ok(())
    }

    #[test]
    fn a_search_stopped_at_its_limit_goes_on_from_its_checkpoint() -> Result<()> {
        let board = rectangle(5, 6);
        for threads in [1, 2] {
            let straight = NimberSearch::new(Cram, &unlimited());
            let nimber = straight.nimber(&board, threads)?;
            let moves = straight.stats().snapshot().work;

            let store = memory();
            let half = unlimited().with_max_work(moves / 2 * super::super::WORK_PER_MOVE);
            let mut stopped = NimberSearch::new(Cram, &half);
            stopped.resume(store.clone())?;
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
            assert_eq!(store.saves(), 1);

            let mut resumed = NimberSearch::new(Cram, &unlimited());
            let loaded = resumed.resume(store)?.expect("saved");
            assert!(loaded.entries > 0);
            assert_eq!(resumed.nimber(&board, threads)?, nimber);
            let after = resumed.stats().snapshot().work;
            assert!(after < moves, "{after} moves resumed, {moves} straight");
        }
        Ok(())
    }

    #[test]
    fn a_large_checkpoint_loads_into_a_small_table() -> Result<()> {
        let store = memory();
        let board = rectangle(5, 5);
        let mut first = NimberSearch::new(Cram, &unlimited());
        first.resume(store.clone())?;
        let nimber = first.nimber(&board, 1)?;
        first.save_checkpoint()?;
        let mut small = NimberSearch::new(Cram, &unlimited().with_max_memory(1 << 12));
        let loaded = small.resume(store)?.expect("saved");
        assert!(loaded.entries as usize > small.table.capacity());
        assert!(small.table.len() <= small.table.capacity());
        assert_eq!(small.nimber(&board, 1)?, nimber);
        Ok(())
    }

    #[test]
    fn a_running_search_saves_when_due() -> Result<()> {
        let every_other_batch = Arc::new(MemoryCheckpoint::new(2));
        let mut search = NimberSearch::new(Cram, &unlimited());
        search.resume(every_other_batch.clone())?;
        let nimber = search.nimber(&rectangle(5, 6), 2)?;
        assert!(every_other_batch.saves() >= 2);
        let mut next = NimberSearch::new(Cram, &unlimited());
        assert!(next.resume(every_other_batch)?.is_some());
        assert_eq!(next.nimber(&rectangle(5, 6), 1)?, nimber);
        Ok(())
    }

    #[test]
    fn a_store_that_cannot_be_read_is_refused() {
        /// A store whose checkpoint exists but cannot be read.
        struct Unreadable;
        impl CheckpointStore for Unreadable {
            fn name(&self) -> String {
                "unreadable".to_owned()
            }
            fn due(&self) -> bool {
                false
            }
            fn open(&self) -> std::io::Result<Option<Box<dyn checkpoint::ReadSeek>>> {
                Err(std::io::Error::other("no access"))
            }
            fn save(&self, _: &mut checkpoint::Writing<'_>) -> std::io::Result<CheckpointCounts> {
                Err(std::io::Error::other("no access"))
            }
        }
        let mut search = NimberSearch::new(Cram, &unlimited());
        let error = search.resume(Arc::new(Unreadable)).expect_err("refused");
        assert_eq!(
            error.to_string(),
            "checkpoint 'unreadable': cannot read: no access"
        );
    }
}
