//! Heaps in blocks: the work that needs only heaps below the block, for a batch of heaps at
//! once and on every core.
//!
//! Heap `n` needs the values of every smaller heap, so heaps are finished in order. But in a
//! block of [`BLOCK`] heaps from `start`, a split `(a, rest - a)` of a heap of the block has
//! both parts below `start` when `BLOCK <= a`. So the work falls into two phases:
//!
//! 1. *Ahead*, for each batch of [`BATCH`] heaps (the batches in parallel with the `parallel`
//!    feature): the pairs with a rare part, and the search of common pairs, over splits whose
//!    smaller part lies in `BLOCK..=hi`, `hi` a little below half the block's first heap. For
//!    a batch the pairs `(a, rest - a)` of consecutive heaps share `a`, and their larger parts
//!    are consecutive: one value against a run of values, marked into one row of marks per
//!    heap. Then, heap by heap, the other splits whose parts both lie below `start` (smaller
//!    part below `BLOCK` or above `hi`, and the rare larger parts whose smaller part is just
//!    above `BLOCK`). The search stops once half the batch has a candidate that no common pair
//!    can fill, or after a budget, and the rest search one by one; a candidate found ahead may
//!    be too small (options not known yet can fill it), never too large.
//! 2. *Finish*, heap by heap in order: the moves that leave one heap and the splits with a
//!    part in the block (smaller part at most `rest - start`), then the search carried on
//!    from where the ahead phase left it.
//!
//! The values are those of the heap-by-heap route; only the order of the work differs.

use super::cells::Cell;
use super::marks::{self, ByteMarks};
use super::scan::{scan_range, scan_rare, Hunt, Search, Sweep};
use super::Engine;
use super::Overflow;

/// Heaps per block; the finish phase scans about 1.5 times this many pairs a heap itself.
const BLOCK: usize = 64;

/// Heaps per batch of the ahead phase.
const BATCH: usize = 32;

/// The search of a batch stops once this many heaps or fewer (of a whole batch) still search:
/// a batch marks a pair for every heap, needed or not, at about two thirds of the cost of a
/// pair searched alone (4 instructions against 6), so it pays while most heaps still search.
/// Grundy's game to 2^19 heaps: 11.91e9 instructions at 16, 11.38e9 at 24 (callgrind).
const BATCH_STRAGGLERS: usize = BATCH * 3 / 4;

/// The most pairs a heap of a batch searches ahead.
const BATCH_BUDGET: u64 = 1 << 14;

/// Blocks pay only where heaps take this much work (pairs examined) or more: games with few
/// rare heaps and short searches run faster heap by heap than the threads can be handed work.
pub(super) const BLOCK_MIN_WORK: u64 = 128;

/// The first heap from which blocks are used, by default.
pub(super) const BLOCKS_FROM: usize = 1 << 14;

/// What the ahead phase found for the heaps of one batch.
#[derive(Clone, Default)]
pub(super) struct Batch {
    /// One row of marks a heap.
    rows: Vec<u8>,
    hunts: Vec<Hunt>,
    /// Pairs examined besides the searches, for the whole batch.
    pairs: u64,
}

impl Engine {
    /// Whether the next heaps can be computed in a block: heaps that take enough work, only
    /// moves that leave at most two heaps, every class of splits with a mask, few enough
    /// values for byte marks, and a table long enough.
    pub(super) fn block_ready(&self, n: usize) -> bool {
        n >= self
            .pace
            .blocks_from
            .max(self.moves.largest_split() + 16 * BLOCK)
            && self.pace.recent_work >= self.pace.block_min_work
            && self.moves.only_pairs()
            && self.sparse.all_masked()
            && marks::byte_marks(self.value_bits)
    }

    /// Computes heaps up to `len` (at most one block, ending at the next look at the masks).
    pub(super) fn step_block<V: Cell>(
        &mut self,
        values: &mut Vec<V>,
        len: usize,
    ) -> Result<(), Overflow> {
        let start = values.len();
        let next_check = usize::try_from(self.pace.next_check).unwrap_or(usize::MAX);
        let count = BLOCK.min(len - start).min(next_check - start);
        let mut scratch = self.scratch.take().unwrap_or_default();
        // The sweeps of the block: smaller parts `BLOCK..=hi` of each removal.
        scratch.sweeps.clear();
        for class in &self.moves.split_two {
            for &take in &class.takes {
                let last = self.moves.last_small(start - take);
                let hi = last.saturating_sub(BLOCK / 2 + 2);
                scratch
                    .sweeps
                    .push(Sweep::new(BLOCK, hi, self.pace.lanes.current()));
            }
        }
        let batches = count.div_ceil(BATCH);
        if scratch.batches.len() < batches {
            scratch.batches.resize(batches, Batch::default());
        }
        let row = marks::byte_len(self.value_bits);
        {
            let sweeps = &scratch.sweeps;
            let search = Search::new(values, &self.moves, &self.sparse, sweeps);
            let engine = &*self;
            for_each_batch(&mut scratch.batches[..batches], |index, batch| {
                let first = start + index * BATCH;
                let heaps = BATCH.min(start + count - first);
                engine.ahead(&search, start, first, heaps, row, batch);
            });
        }
        let bits = self.value_bits;
        let mut result = Ok(());
        'heaps: for (index, batch) in scratch.batches[..batches].iter_mut().enumerate() {
            self.tally.work += batch.pairs;
            let first = start + index * BATCH;
            for offset in 0..BATCH.min(start + count - first) {
                let rows = &mut batch.rows[offset * row..(offset + 1) * row];
                let value = self.finish(
                    values,
                    start,
                    &scratch.sweeps,
                    rows,
                    &mut batch.hunts[offset],
                );
                result = self.push(values, value);
                if result.is_err() {
                    break 'heaps;
                }
                self.tally.block_heaps += 1;
                if self.value_bits > bits {
                    // Rows hold values below `1 << bits`: the rest of the block starts anew.
                    break 'heaps;
                }
            }
        }
        self.scratch = Some(scratch);
        result
    }

    /// The ahead phase for heaps `first..first + heaps` of the block that starts at `start`:
    /// one row of `row` marks a heap.
    fn ahead<V: Cell>(
        &self,
        search: &Search<'_, V>,
        start: usize,
        first: usize,
        heaps: usize,
        row: usize,
        batch: &mut Batch,
    ) {
        let values = search.values;
        batch.rows.clear();
        batch.rows.resize(heaps * row, 0);
        batch.hunts.clear();
        batch.hunts.resize(heaps, Hunt::default());
        let rows = &mut batch.rows[..];
        for (offset, marks) in rows.chunks_exact_mut(row).enumerate() {
            self.single_options(values, first + offset, start, &mut ByteMarks(marks));
        }
        // Pairs with a rare part `r`, both parts in `BLOCK..start`; rare heaps near half a
        // heap are left to the finish, where the equal split of `unequal` codes is told apart.
        batch.pairs = 0;
        for (class, rare) in self.moves.split_two.iter().zip(&self.sparse.classes) {
            for &take in &class.takes {
                let rest = start - take;
                let low = rare.below(BLOCK);
                let middle = rare.below(rest / 2)..rare.below((rest + BLOCK) / 2 + 1);
                let high = rare.below(rest - BLOCK + 1);
                for indices in [low..middle.start, middle.end..high] {
                    for (&heap, &value) in rare.heaps[indices.clone()]
                        .iter()
                        .zip(&rare.values[indices])
                    {
                        let base = first - take - heap as usize;
                        mark_rows(rows, row, value, &values[base..base + heaps]);
                    }
                }
                batch.pairs += ((high - low) - middle.len()) as u64 * heaps as u64;
            }
        }
        for (offset, marks) in rows.chunks_exact_mut(row).enumerate() {
            let n = first + offset;
            let sweeps = search.sweeps;
            batch.pairs += self.known_pairs(values, n, start, sweeps, &mut ByteMarks(marks));
        }
        // The search, one step of one class at a time for every heap of the batch.
        let mut hunt = Hunt::default();
        let mut candidates = [0u32; BATCH];
        let mut pairs = 0;
        loop {
            let mut searching = 0;
            let mut wanted = [false; 2];
            for (offset, marks) in rows.chunks_exact(row).enumerate() {
                let candidate = marks::first_zero(marks, candidates[offset]);
                candidates[offset] = candidate;
                if let Some(class) = search.class_for(&hunt, first + offset, candidate) {
                    searching += 1;
                    wanted[class] = true;
                }
            }
            if searching <= BATCH_STRAGGLERS * heaps / BATCH || pairs >= BATCH_BUDGET {
                break;
            }
            let Some(class) = (0..2).filter(|&c| wanted[c]).min_by_key(|&c| hunt.steps[c]) else {
                break;
            };
            let Some((take, small)) = search.next_step(&mut hunt, class) else {
                continue;
            };
            pairs += small.len() as u64;
            for a in small {
                let base = first - take - a;
                mark_rows(rows, row, values[a].get(), &values[base..base + heaps]);
            }
        }
        // The heaps still searching go on one by one.
        for (offset, (marks, slot)) in rows.chunks_exact_mut(row).zip(&mut batch.hunts).enumerate()
        {
            *slot = Hunt {
                candidate: candidates[offset],
                pairs,
                ..hunt
            };
            let budget = BATCH_BUDGET.saturating_sub(pairs);
            search.hunt(first + offset, &mut ByteMarks(marks), slot, budget);
        }
    }

    /// The finish phase for heap `n = values.len()` of the block that starts at `start`: the
    /// options the batch left out, then the search carried on. Returns the value.
    fn finish<V: Cell>(
        &mut self,
        values: &[V],
        start: usize,
        sweeps: &[Sweep],
        marks: &mut [u8],
        hunt: &mut Hunt,
    ) -> u32 {
        let n = values.len();
        let mut marks = ByteMarks(marks);
        let mut work = self.single_options(values, n, n, &mut marks);
        // The splits with a part in the block: smaller part `a <= rest - start`.
        for class in &self.moves.split_two {
            for &take in &class.takes {
                let rest = n - take;
                let in_block = (rest + 1).saturating_sub(start);
                let small = 1..in_block.min(self.moves.last_small(rest) + 1);
                work += scan_range(values, rest, small, &mut marks);
            }
        }
        self.tally.work += work;
        let search = Search::new(values, &self.moves, &self.sparse, sweeps);
        let ahead = hunt.pairs;
        hunt.pairs = 0;
        search.hunt(n, &mut marks, hunt, u64::MAX);
        hunt.pairs += ahead;
        self.finish_hunt(hunt);
        hunt.candidate
    }
}

impl Engine {
    /// Marks the splits of heap `n` of the block from `start` that the batch leaves out but
    /// whose parts both lie below `start`: smaller part below [`BLOCK`] (but above
    /// `rest - start`) or above the sweep, and rare larger parts whose smaller part is in
    /// `BLOCK..BLOCK + n - start`. Returns the pairs examined.
    fn known_pairs<V: Cell>(
        &self,
        values: &[V],
        n: usize,
        start: usize,
        sweeps: &[Sweep],
        marks: &mut ByteMarks<'_>,
    ) -> u64 {
        let mut work = 0;
        let mut sweep = sweeps.iter();
        for (class, rare) in self.moves.split_two.iter().zip(&self.sparse.classes) {
            for &take in &class.takes {
                let rest = n - take;
                let last = self.moves.last_small(rest);
                let hi = sweep.next().and_then(Sweep::last).unwrap_or(BLOCK - 1);
                let low = (rest + 1).saturating_sub(start).max(1)..BLOCK.min(last + 1);
                work += scan_range(values, rest, low, marks);
                work += scan_range(values, rest, (hi + 1).max(BLOCK)..last + 1, marks);
                let left_out = rare.below(start - take - BLOCK + 1)..rare.below(rest - BLOCK + 1);
                work += scan_rare(values, rare, left_out, rest, self.moves.unequal, marks);
            }
        }
        work
    }
}

/// Marks `value ^ column[i]` in row `i` of `rows` (rows of `row` bytes), for every `i`.
///
/// The loop of the ahead phase: rows of the common widths take a copy of the loop with the
/// width fixed, unrolled over a whole batch, so that a pair costs a load, an XOR, a mask and
/// a store.
#[inline(always)]
fn mark_rows<V: Cell>(rows: &mut [u8], row: usize, value: u32, column: &[V]) {
    const ROW8: usize = marks::byte_len(8);
    const ROW9: usize = marks::byte_len(9);
    const ROW10: usize = marks::byte_len(10);
    match row {
        ROW8 => mark_fixed_rows::<ROW8, V>(rows, value, column),
        ROW9 => mark_fixed_rows::<ROW9, V>(rows, value, column),
        ROW10 => mark_fixed_rows::<ROW10, V>(rows, value, column),
        _ => {
            for (marks, cell) in rows.chunks_exact_mut(row).zip(column) {
                marks[(value ^ cell.get()) as usize] = 1;
            }
        }
    }
}

/// [`mark_rows`] for rows of `ROW` bytes, `ROW - 64` a power of two above every value.
#[inline(always)]
fn mark_fixed_rows<const ROW: usize, V: Cell>(rows: &mut [u8], value: u32, column: &[V]) {
    // Values and their XORs lie below `ROW - 64`: the mask changes nothing but lets the
    // compiler drop the bounds checks.
    let mask = ROW - 65;
    debug_assert!((value as usize) <= mask);
    match (<&[V; BATCH]>::try_from(column), rows.get_mut(..BATCH * ROW)) {
        (Ok(column), Some(rows)) => {
            for (i, cell) in column.iter().enumerate() {
                rows[i * ROW + ((value ^ cell.get()) as usize & mask)] = 1;
            }
        }
        _ => {
            for (marks, cell) in rows.chunks_exact_mut(ROW).zip(column) {
                marks[(value ^ cell.get()) as usize & mask] = 1;
            }
        }
    }
}

/// Runs `work` on a thread of the pool that runs the batches (with the `parallel` feature),
/// so that the thread that finishes a block also takes its share of the next one instead of
/// waiting to be woken.
pub(super) fn in_pool<T: Send>(work: impl FnOnce() -> T + Send) -> T {
    #[cfg(feature = "parallel")]
    {
        rayon::scope(|_| work())
    }
    #[cfg(not(feature = "parallel"))]
    work()
}

/// Runs `ahead` on every batch, on every core with the `parallel` feature.
fn for_each_batch<F>(batches: &mut [Batch], ahead: F)
where
    F: Fn(usize, &mut Batch) + Sync,
{
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        batches
            .par_iter_mut()
            .enumerate()
            .for_each(|(index, batch)| ahead(index, batch));
    }
    #[cfg(not(feature = "parallel"))]
    for (index, batch) in batches.iter_mut().enumerate() {
        ahead(index, batch);
    }
}
