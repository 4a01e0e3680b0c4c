//! The fast engine: Grundy values of take-and-break codes at memory speed.
//!
//! Values are stored densely ([`cells`]: `u16`, widened to `u32` only if a value needs it).
//! A heap's value is the mex of its options, collected in marks ([`marks`]). Splits into two
//! heaps cost O(n) a heap when done plainly; the sparse space ([`sparse`]) makes most of them
//! unnecessary. The value of heap `n`, step by step:
//!
//! 1. Mark the moves that leave at most one heap, and those computed plainly ([`tail`]:
//!    three-heap splits and repeated digits).
//! 2. Mark every pair with a rare part ([`scan::scan_rare`]).
//! 3. Take the least value not marked. If no two common heaps can XOR to it, it is the
//!    answer; otherwise search the common pairs for it ([`scan::Search`], in lanes chosen by
//!    [`lanes`]), and repeat with the next free value. Only heaps that turn out rare need
//!    every pair.
//!
//! While every value is below 64, heaps take a leaner route with the same steps ([`small`]:
//! the marks in one word, each split searched upwards).
//!
//! Long tables are computed in blocks ([`blocks`]): the work that needs only heaps below the
//! block is done for a batch of heaps at once, on every core, and the rest heap by heap.
//! [`moves`] decodes the code once into the lists these steps read.

mod blocks;
mod cells;
mod heap;
mod lanes;
mod marks;
mod moves;
mod scan;
mod small;
mod sparse;
mod tail;

use super::code::Code;
use cells::{Cell, Values};
use lanes::LaneChoice;
use moves::Moves;
use scan::Sweep;
use sparse::Sparse;
use tail::Tail;

/// How often (in heaps) the masks are reconsidered while the table is small, and later; a
/// table shorter than `EARLY_CHECK` has never been looked at for rare heaps.
pub const EARLY_CHECK: u64 = 1 << 10;
const LATE_CHECK: u64 = 1 << 14;

/// Summary statistics of a table, like those of the research tables.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct TableStats {
    /// Heaps tabulated.
    pub heaps: u64,
    /// The largest value.
    pub max_value: u64,
    /// The first heap with the largest value.
    pub max_value_at: u64,
    /// For each parity of split removals in use (`d` = 0, 1): `[d, mask]`, the mask over
    /// extended values `g << 1 | ((n + d) & 1)`, 0 where every pair is scanned.
    pub masks: Vec<[u64; 2]>,
    /// Heaps that are rare under the current masks (summed over the parities).
    pub rare_heaps: u64,
    /// The last rare heap, if any.
    pub last_rare: Option<u64>,
    /// Heaps whose mex needed a scan of every pair (rare heaps, or no mask in force).
    pub full_scans: u64,
    /// Heaps computed in blocks, most of the work on every core.
    pub block_heaps: u64,
}

/// What the engine has counted: the largest value, scans and work.
#[derive(Clone, Debug, Default)]
struct Tally {
    max_value: u32,
    max_value_at: u64,
    full_scans: u64,
    block_heaps: u64,
    /// Pairs, moves and heaps examined.
    work: u64,
}

/// When the engine next looks at its masks, and what it learned at the last look.
#[derive(Clone, Debug)]
struct Pace {
    next_check: u64,
    /// Work and heaps at the last look.
    checked: (u64, u64),
    /// Work a heap between the last two looks.
    recent_work: u64,
    lanes: LaneChoice,
    /// Heaps from this one on are computed in blocks while a heap takes at least
    /// `block_min_work`.
    blocks_from: usize,
    block_min_work: u64,
}

/// Buffers reused from heap to heap, so that computing a heap allocates nothing.
#[derive(Clone, Default)]
struct Scratch {
    bytes: Vec<u8>,
    words: Vec<u64>,
    sweeps: Vec<Sweep>,
    batches: Vec<blocks::Batch>,
}

/// Everything the engine knows besides the values.
#[derive(Clone)]
struct Engine {
    moves: Moves,
    sparse: Sparse,
    tail: Option<Tail>,
    /// Every value so far is below `1 << value_bits`.
    value_bits: u32,
    tally: Tally,
    pace: Pace,
    /// Taken out while a heap or a block is computed (a pointer moved, not four vectors).
    scratch: Option<Box<Scratch>>,
    /// Whether heaps may take the route for values below 64 ([`small`]); tests turn it off
    /// to compare the routes.
    small_route: bool,
}

/// The value is too large for the cell width.
struct Overflow;

/// The fast engine's table: values and the engine that computes the next ones.
#[derive(Clone)]
pub(crate) struct Table {
    engine: Engine,
    values: Values,
}

impl Table {
    pub(crate) fn new(code: &Code) -> Table {
        Table::with(code, false)
    }

    /// A table that never uses the rare/common split: every split is scanned.
    pub(crate) fn plain(code: &Code) -> Table {
        Table::with(code, true)
    }

    fn with(code: &Code, plain: bool) -> Table {
        let moves = Moves::new(code);
        Table {
            engine: Engine {
                sparse: Sparse::new(&moves.split_two, plain),
                tail: moves.tail.map(Tail::new),
                moves,
                value_bits: 0,
                tally: Tally::default(),
                pace: Pace {
                    next_check: EARLY_CHECK,
                    checked: (0, 0),
                    recent_work: 0,
                    lanes: LaneChoice::default(),
                    blocks_from: blocks::BLOCKS_FROM,
                    block_min_work: blocks::BLOCK_MIN_WORK,
                },
                scratch: None,
                small_route: true,
            },
            values: Values::Narrow(Vec::new()),
        }
    }

    /// The same table, computing heaps in blocks from `heap` on however little work a heap
    /// takes (tests use small tables).
    #[cfg(test)]
    pub(crate) fn force_blocks_from(mut self, heap: usize) -> Table {
        self.engine.pace.blocks_from = heap;
        self.engine.pace.block_min_work = 0;
        self
    }

    /// The same table, never taking the route for values below 64.
    #[cfg(test)]
    pub(crate) fn without_small_route(mut self) -> Table {
        self.engine.small_route = false;
        self
    }

    pub(crate) fn len(&self) -> usize {
        self.values.len()
    }

    pub(crate) fn get(&self, heap: usize) -> Option<u32> {
        self.values.get(heap)
    }

    pub(crate) fn work(&self) -> u64 {
        self.engine.tally.work
    }

    /// Every value, borrowed as the cells hold them.
    pub(crate) fn cells(&self) -> super::table::TableValues<'_> {
        match &self.values {
            Values::Narrow(values) => super::table::TableValues::Narrow(values),
            Values::Wide(values) => super::table::TableValues::Wide(values),
        }
    }

    /// Values of heaps `range` (within the table).
    pub(crate) fn values(&self, range: std::ops::Range<usize>) -> Vec<u32> {
        self.values.range(range)
    }

    pub(crate) fn stats(&self) -> TableStats {
        let engine = &self.engine;
        let classes = &engine.sparse.classes;
        TableStats {
            heaps: self.values.len() as u64,
            max_value: u64::from(engine.tally.max_value),
            max_value_at: engine.tally.max_value_at,
            masks: classes
                .iter()
                .map(|c| [u64::from(c.parity), u64::from(c.mask)])
                .collect(),
            rare_heaps: classes.iter().map(|c| c.heaps.len() as u64).sum(),
            last_rare: classes
                .iter()
                .filter_map(|c| c.heaps.last().map(|&a| u64::from(a)))
                .max(),
            full_scans: engine.tally.full_scans,
            block_heaps: engine.tally.block_heaps,
        }
    }

    /// Computes heaps up to `len` (exclusive), or stops after `budget` units of work.
    pub(crate) fn extend_to(&mut self, len: usize, budget: u64) {
        let stop = self.work().saturating_add(budget);
        loop {
            let engine = &mut self.engine;
            let result = blocks::in_pool(|| match &mut self.values {
                Values::Narrow(values) => engine.run(values, len, stop),
                Values::Wide(values) => engine.run(values, len, stop),
            });
            match result {
                Ok(()) => return,
                Err(Overflow) => self.values.widen(),
            }
        }
    }

    /// Appends a value computed elsewhere.
    pub(crate) fn push_known(&mut self, value: u32) {
        let result = match &mut self.values {
            Values::Narrow(values) => self.engine.push(values, value),
            Values::Wide(values) => self.engine.push(values, value),
        };
        if result.is_err() {
            self.values.widen();
            if let Values::Wide(values) = &mut self.values {
                // A `u32` cell holds every value.
                let _ = self.engine.push(values, value);
            }
        }
    }
}

impl Engine {
    fn run<V: Cell>(&mut self, values: &mut Vec<V>, len: usize, stop: u64) -> Result<(), Overflow> {
        while values.len() < len && self.tally.work < stop {
            if self.block_ready(values.len()) {
                self.step_block(values, len)?;
            } else {
                let value = self.compute(values);
                self.push(values, value)?;
            }
        }
        Ok(())
    }

    /// Appends the value of the next heap, keeping the statistics and the masks up to date.
    fn push<V: Cell>(&mut self, values: &mut Vec<V>, value: u32) -> Result<(), Overflow> {
        if value > V::MAX {
            return Err(Overflow);
        }
        let heap = values.len();
        values.push(V::of(value));
        if value > self.tally.max_value {
            self.tally.max_value = value;
            self.tally.max_value_at = heap as u64;
        }
        self.value_bits = self.value_bits.max(32 - value.leading_zeros());
        self.sparse.record(heap, value, self.value_bits);
        if values.len() as u64 >= self.pace.next_check {
            self.look(values);
        }
        Ok(())
    }

    /// The regular look at the masks, the lanes and the work a heap takes.
    fn look<V: Cell>(&mut self, values: &[V]) {
        let heaps = values.len() as u64;
        let pace = &mut self.pace;
        let since = heaps - pace.checked.1;
        pace.recent_work = (self.tally.work - pace.checked.0) / since.max(1);
        pace.lanes.look(since);
        pace.checked = (self.tally.work, heaps);
        pace.next_check = heaps
            + if heaps < (1 << 16) {
                EARLY_CHECK
            } else {
                LATE_CHECK
            };
        self.tally.work += self.sparse.reconsider(values);
    }
}
