//! [`Progress`]: counters that a long search keeps up to date for a face to show, the way
//! [`crate::Cancel`] lets a face stop one. The library never reads a clock: a face reads the
//! counters on its own thread, with its own clock, and draws what it likes.

use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::cancel::Shared;

/// What a search has done so far; every field only grows, but for the table's fill.
#[derive(Debug, Default)]
pub struct Counters {
    /// Positions expanded.
    pub positions: AtomicU64,
    /// Moves examined (what `Limits::max_work` counts).
    pub work: AtomicU64,
    /// The deepest level of the search reached.
    pub depth: AtomicU64,
    /// Entries in use in the transposition table.
    pub table_used: AtomicU64,
    /// Entries the transposition table has room for.
    pub table_capacity: AtomicU64,
    /// A growing misère quotient: the heap it has reached (0: no quotient is growing).
    pub heap: AtomicU64,
    /// A growing misère quotient: its order.
    pub order: AtomicU64,
    /// A growing misère quotient: the candidate quotients tried.
    pub candidates: AtomicU64,
    /// A positional search's root: one more than the nimber it is asking whether an option
    /// has (0: no root question yet). The root's nimber is at least that nimber.
    pub root_asking: AtomicU64,
    /// A positional search's root: the options settled in the question asked.
    pub root_settled: AtomicU64,
    /// A positional search's root: the options the question asked has to settle.
    pub root_options: AtomicU64,
}

impl Counters {
    /// All zero.
    pub const fn new() -> Counters {
        Counters {
            positions: AtomicU64::new(0),
            work: AtomicU64::new(0),
            depth: AtomicU64::new(0),
            table_used: AtomicU64::new(0),
            table_capacity: AtomicU64::new(0),
            heap: AtomicU64::new(0),
            order: AtomicU64::new(0),
            candidates: AtomicU64::new(0),
            root_asking: AtomicU64::new(0),
            root_settled: AtomicU64::new(0),
            root_options: AtomicU64::new(0),
        }
    }

    /// Sets every counter to `now`.
    pub fn show(&self, now: Snapshot) {
        self.positions.store(now.positions, Ordering::Relaxed);
        self.work.store(now.work, Ordering::Relaxed);
        self.depth.store(now.depth, Ordering::Relaxed);
        self.table_used.store(now.table_used, Ordering::Relaxed);
        self.table_capacity
            .store(now.table_capacity, Ordering::Relaxed);
        self.heap.store(now.heap, Ordering::Relaxed);
        self.order.store(now.order, Ordering::Relaxed);
        self.candidates.store(now.candidates, Ordering::Relaxed);
        self.root_asking.store(now.root_asking, Ordering::Relaxed);
        self.root_settled.store(now.root_settled, Ordering::Relaxed);
        self.root_options.store(now.root_options, Ordering::Relaxed);
    }

    /// Shows that a positional search's root is asking whether one of its `options` options
    /// still to settle has nimber `nimber`.
    pub fn show_root(&self, nimber: u8, options: usize) {
        self.root_asking
            .store(u64::from(nimber) + 1, Ordering::Relaxed);
        self.root_settled.store(0, Ordering::Relaxed);
        self.root_options.store(options as u64, Ordering::Relaxed);
    }

    /// Shows one more of the root's options settled.
    pub fn show_root_settled(&self) {
        self.root_settled.fetch_add(1, Ordering::Relaxed);
    }

    /// The counters now, as plain numbers.
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            positions: self.positions.load(Ordering::Relaxed),
            work: self.work.load(Ordering::Relaxed),
            depth: self.depth.load(Ordering::Relaxed),
            table_used: self.table_used.load(Ordering::Relaxed),
            table_capacity: self.table_capacity.load(Ordering::Relaxed),
            heap: self.heap.load(Ordering::Relaxed),
            order: self.order.load(Ordering::Relaxed),
            candidates: self.candidates.load(Ordering::Relaxed),
            root_asking: self.root_asking.load(Ordering::Relaxed),
            root_settled: self.root_settled.load(Ordering::Relaxed),
            root_options: self.root_options.load(Ordering::Relaxed),
        }
    }
}

/// The counters of a search at one moment.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Snapshot {
    /// Positions expanded.
    pub positions: u64,
    /// Moves examined.
    pub work: u64,
    /// The deepest level reached.
    pub depth: u64,
    /// Entries in use in the transposition table.
    pub table_used: u64,
    /// Entries the transposition table has room for.
    pub table_capacity: u64,
    /// A growing misère quotient's heap (0: none is growing).
    pub heap: u64,
    /// A growing misère quotient's order.
    pub order: u64,
    /// A growing misère quotient's candidates tried.
    pub candidates: u64,
    /// One more than the nimber a positional search's root is asking about (0: none yet).
    pub root_asking: u64,
    /// The root's options settled in that question.
    pub root_settled: u64,
    /// The root's options that question has to settle.
    pub root_options: u64,
}

impl Snapshot {
    /// The nimber a positional search's root is asking whether an option has (its nimber is
    /// at least that one), if it has asked yet.
    pub fn asking(&self) -> Option<u64> {
        self.root_asking.checked_sub(1)
    }
}

/// Where a search reports its progress, or nowhere. `Copy`, so that [`crate::Limits`] stays
/// `Copy`: the counters live as long as the program.
///
/// # Example
/// ```
/// use grundy::{progress::{Counters, Progress}, spec, Limits};
/// static COUNTERS: Counters = Counters::new();
/// let limits = Limits::DEFAULT.with_progress(Progress::new(&COUNTERS));
/// let options = spec::Options::new(limits);
/// let sum = spec::parse_with("cram(4x5)", options)?;
/// assert_eq!(sum.value()?.value(), 2);
/// assert!(COUNTERS.snapshot().positions > 0);
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub struct Progress(Shared<Counters>);

impl Progress {
    /// Nowhere.
    pub const NONE: Progress = Progress(Shared(None));

    /// Into `counters`.
    pub fn new(counters: &'static Counters) -> Progress {
        Progress(Shared(Some(counters)))
    }

    /// The counters, if any.
    pub fn counters(self) -> Option<&'static Counters> {
        self.0 .0
    }

    /// Shows that the search has examined `work` moves so far.
    pub fn show_work(self, work: u64) {
        if let Some(counters) = self.counters() {
            counters.work.store(work, Ordering::Relaxed);
        }
    }

    /// Shows that a growing misère quotient has reached heap `heap` with `order` elements,
    /// after `candidates` candidate quotients.
    pub fn show_quotient(self, heap: u64, order: u64, candidates: u64) {
        if let Some(counters) = self.counters() {
            counters.heap.store(heap, Ordering::Relaxed);
            counters.order.store(order, Ordering::Relaxed);
            counters.candidates.store(candidates, Ordering::Relaxed);
        }
    }
}

impl fmt::Debug for Progress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.counters().is_some() {
            "Progress(counters)"
        } else {
            "Progress(none)"
        })
    }
}
