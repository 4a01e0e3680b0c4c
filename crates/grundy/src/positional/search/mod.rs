//! [`NimberSearch`]: nimbers of positions that split into independent parts, by a search that
//! asks of each option only what decides the position's nimber.
//!
//! # The method
//! A position's nimber `N` is the mex of its options' nimbers, and an option that splits into
//! parts is worth the nim-sum of theirs. The search is asked whether `N` lies in a set `W` of
//! wanted nimbers, and answers `N` or "not in `W`" (Beling and Rogalski, "On pruning search
//! trees of impartial games", *Artificial Intelligence* 283, 2020, after Lemoine and Viennot's
//! "Nimbers are inevitable", 2012). It keeps the set `C` of nimbers `N` may still be:
//! `{0, …, m}` for a position of `m` options. With `r` options not yet valued, `N` is among
//! the `r + 1` least elements of `C` (fewer than that many options are left to rule out the
//! ones below it), so `C` is cut to them after each option. An option matters only if its
//! nimber is in the cut `C` and at most the largest wanted nimber, so the search asks it only
//! about those: an option of two parts values the smaller part in full and asks the larger
//! one about the wanted set shifted by the smaller one's nimber. Once `C` misses `W`, the
//! answer is "not in `W`" without looking at the other options; a position whose nimber came
//! out in full goes to the transposition table; one found not to be in `W` goes to the
//! thread's cache of nimbers ruled out. Options whose parts are all in the table are taken
//! first (an enhanced transposition cutoff), then the others, smallest largest part first; an
//! option equal to one before it (the same parts, as a mirror image leaves) is dropped, and
//! counted out of the options that bound `C`. A part found not to be in `W` has those
//! nimbers noted in a store shared by the threads (`ruled.rs`), which answers the same
//! question met again.
//!
//! Several threads share the questions at the root ("has an option nimber `n`?"), an option
//! at a time, and one table: what one has valued, the others read; the first to find an option
//! of nimber `n` stops the others, and a thread with no option left asks a busy thread's
//! question again in another order (`root.rs`).

mod cache;
mod root;
mod ruled;
mod saving;
mod searcher;

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;

use super::decomposable::{Decomposable, Known};
use super::nimbers::NimberSet;
use super::table::{Fills, Table};
use crate::error::{Error, ErrorKind, Result};
use crate::game::Limits;
use crate::progress::Counters;
use ruled::RuledOut;
use saving::Saver;
use searcher::Searcher;

/// The threads a search runs on: rayon's count (every core, or `RAYON_NUM_THREADS`) with the
/// `parallel` feature, else one.
pub fn default_threads() -> usize {
    #[cfg(feature = "parallel")]
    return rayon::current_num_threads();
    #[cfg(not(feature = "parallel"))]
    return 1;
}

/// Moves examined between two looks at the shared work count and the cancel flag.
const WORK_BATCH: u64 = 1 << 14;

/// Units of [`Limits::max_work`] a move examined here costs: a positional move (a board
/// split into canonical parts, a table probed) costs several moves of the memoised solver,
/// so that the default work limit stops a search within seconds, as it stops the others
/// (issue 26: Cram's default search ran about two minutes; with 4, cram(7x7) stops in about
/// 5 s on two cores).
pub const WORK_PER_MOVE: u64 = 4;

/// Nimbers of the parts of a [`Decomposable`] game, with a transposition table that stays
/// within the memory it was given.
///
/// # Example
/// ```
/// use grundy::positional::{NimberSearch, Region};
/// use grundy::rules::Cram;
/// use grundy::Limits;
/// let search = NimberSearch::new(Cram, &Limits::default());
/// let board = Region::from_rows(&[0b1111, 0b1111, 0b1111]).canonical();   // 3 x 4
/// assert_eq!(search.nimber(&board, 1)?, 1);
/// # Ok::<(), grundy::Error>(())
/// ```
pub struct NimberSearch<G: Decomposable> {
    game: G,
    table: Table,
    /// The nimbers parts were found not to have.
    ruled: RuledOut,
    /// Parts without a key, and their nimbers (few: the largest parts of huge boards).
    large: Mutex<HashMap<G::Part, u8>>,
    limits: Limits,
    stats: Counters,
    /// Raised when one thread has the answer, so that the others stop.
    done: AtomicBool,
    /// The work of the busiest thread in each phase of the searches so far, summed: what
    /// the searches would take on as many processors as threads, whatever the load.
    span: AtomicU64,
    /// Where and when the tables are saved ([`NimberSearch::resume`]).
    saver: Option<Saver>,
}

/// The share of [`Limits::max_memory`] that the nimbers ruled out take (one part in this
/// many); the transposition table takes the rest.
const RULED_SHARE: u64 = 4;

/// What a search finds: `Some(N)`, the nimber, `None` when it is not in the set asked, or
/// why the thread stopped.
type Found = std::result::Result<Option<u8>, Stop>;

/// Why a thread stopped before its answer.
enum Stop {
    /// Another thread answered first.
    Done,
    /// A limit, the cancel flag, or a nimber too large.
    Error(Error),
}

impl From<Error> for Stop {
    fn from(error: Error) -> Stop {
        Stop::Error(error)
    }
}

impl<G: Decomposable> NimberSearch<G> {
    /// A search of `game` within `limits`: its tables take at most `limits.max_memory`
    /// bytes (the transposition table three quarters, the nimbers ruled out a quarter), its
    /// work counts against `limits.max_work`.
    pub fn new(game: G, limits: &Limits) -> NimberSearch<G> {
        let ruled = limits.max_memory / RULED_SHARE;
        NimberSearch {
            game,
            table: Table::with_memory(limits.max_memory - ruled),
            ruled: RuledOut::with_memory(ruled),
            large: Mutex::new(HashMap::new()),
            limits: *limits,
            stats: Counters::new(),
            done: AtomicBool::new(false),
            span: AtomicU64::new(0),
            saver: None,
        }
    }

    /// The game.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The limits in force.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// The transposition table.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// The memory the tables take (the transposition table and the nimbers ruled out).
    pub fn bytes(&self) -> usize {
        self.table.bytes() + self.ruled.bytes()
    }

    /// The work (moves examined and positions) of the busiest thread in each phase of the
    /// searches so far, summed: on one thread, all of it. With the work of all threads
    /// ([`NimberSearch::stats`]), it shows what several threads gain whatever the load.
    pub fn span(&self) -> u64 {
        self.span.load(Ordering::Relaxed)
    }

    /// The figures of the search so far (the table's fill as of the last report).
    pub fn stats(&self) -> &Counters {
        &self.stats
    }

    /// The nimber of `part` (canonical), searched by `threads` threads (at least one).
    ///
    /// # Errors
    /// [`Limit::Work`](crate::Limit::Work) when the search examines more moves than
    /// `limits.max_work`, [`ErrorKind::Cancelled`] when the cancel flag is raised (either
    /// saves the checkpoint first, when there is one: [`NimberSearch::resume`]),
    /// [`ErrorKind::Unsupported`] for a nimber of 256 or more.
    pub fn nimber(&self, part: &G::Part, threads: usize) -> Result<u8> {
        if let Some(nimber) = self.lookup(part) {
            return Ok(nimber);
        }
        self.done.store(false, Ordering::Relaxed);
        let mut searchers: Vec<Searcher<G>> =
            (0..threads.max(1)).map(|_| Searcher::new(self)).collect();
        let answer = if searchers.len() == 1 {
            let answer = searchers[0].value_in(part, NimberSet::ALL, 0);
            self.span.fetch_add(searchers[0].work, Ordering::Relaxed);
            answer
        } else {
            self.split_root(part, &mut searchers)
        };
        for searcher in &mut searchers {
            searcher.settle_counts();
        }
        if let Err(Stop::Error(_)) = answer {
            let _ = self.save_checkpoint();
        }
        match answer {
            Ok(Some(nimber)) => Ok(nimber),
            Ok(None) => Err(nimber_too_large()),
            Err(Stop::Done) => Err(Error::new(ErrorKind::Cancelled)),
            Err(Stop::Error(error)) => Err(error),
        }
    }

    /// `Some(N)`, the nimber of `part` (canonical), or `None` when it is not in `wanted`
    /// (a narrower question than [`NimberSearch::nimber`], often much cheaper), on one thread.
    ///
    /// # Errors
    /// As [`NimberSearch::nimber`].
    pub fn nimber_in(&self, part: &G::Part, wanted: NimberSet) -> Result<Option<u8>> {
        if wanted == NimberSet::ALL {
            return self.nimber(part, 1).map(Some);
        }
        let mut searcher = Searcher::new(self);
        let answer = searcher.value_in(part, wanted, 0);
        self.span.fetch_add(searcher.work, Ordering::Relaxed);
        searcher.settle_counts();
        if let Err(Stop::Error(_)) = answer {
            let _ = self.save_checkpoint();
        }
        answer.map_err(|stop| match stop {
            Stop::Done => Error::new(ErrorKind::Cancelled),
            Stop::Error(error) => error,
        })
    }

    /// Whether the sum of `parts` (canonical) and a nimber `known` is worth `target`: every
    /// part but the heaviest valued in full (on `threads` threads), the heaviest only asked
    /// whether it makes up the rest. How a face finds winning moves without valuing them.
    ///
    /// # Errors
    /// As [`NimberSearch::nimber`].
    pub fn sum_is(
        &self,
        mut parts: Vec<G::Part>,
        known: u8,
        target: u8,
        threads: usize,
    ) -> Result<bool> {
        parts.sort_by_key(|part| self.game.weight(part));
        let Some(heaviest) = parts.pop() else {
            return Ok(known == target);
        };
        let mut rest = known;
        for part in &parts {
            rest ^= self.nimber(part, threads)?;
        }
        let wanted = target ^ rest;
        Ok(self.nimber_in(&heaviest, NimberSet::single(wanted))? == Some(wanted))
    }

    /// Adds `work` moves examined to the figures and shows them in the face's progress
    /// counters (the work there in [`Limits::max_work`]'s units, [`WORK_PER_MOVE`] a move);
    /// the moves examined so far.
    fn report(&self, work: u64) -> u64 {
        let stats = &self.stats;
        let total = stats.work.fetch_add(work, Ordering::Relaxed) + work;
        let used = self.table.len() as u64;
        stats.table_used.store(used, Ordering::Relaxed);
        let capacity = self.table.capacity() as u64;
        stats.table_capacity.store(capacity, Ordering::Relaxed);
        if let Some(counters) = self.limits.progress.counters() {
            let mut shown = stats.snapshot();
            shown.work = shown.work.saturating_mul(WORK_PER_MOVE);
            counters.show(shown);
        }
        total
    }

    /// The nimber of `part` from a theorem or a table, without search.
    pub fn lookup(&self, part: &G::Part) -> Option<u8> {
        if let Known::Nimber(nimber) = self.game.known(part) {
            return Some(nimber);
        }
        match self.game.key(part) {
            Some(key) => self.table.get(key),
            None => self
                .large
                .lock()
                .ok()
                .and_then(|map| map.get(part).copied()),
        }
    }

    /// Stores `part`'s nimber, an entry filled counted in the thread's `fills`.
    fn store(&self, part: &G::Part, nimber: u8, fills: &mut Fills) {
        match self.game.key(part) {
            Some(key) => {
                let weight = self.game.weight(part).min(255) as u8;
                self.table.store_counted(key, nimber, weight, fills);
            }
            None => {
                if let Ok(mut map) = self.large.lock() {
                    // Large parts are few; a bound keeps a runaway in check all the same.
                    if map.len() < 1 << 20 {
                        map.insert(part.clone(), nimber);
                    }
                }
            }
        }
    }
}

/// The error for a nimber past the 256 that a [`NimberSet`] holds.
fn nimber_too_large() -> Error {
    Error::new(ErrorKind::Unsupported {
        reason:
            "the positional search handles nimbers below 256, and this position has more options"
                .to_string(),
    })
}
