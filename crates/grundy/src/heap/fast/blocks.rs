//! Heaps in blocks, most of the work on every core.
//!
//! Heap `n` needs the values of every smaller heap, so heaps are computed in order. But in a
//! block of heaps `n0..n0 + B`, the split `(a, rest - a)` of a heap `m` has both parts below
//! `n0` unless `a <= rest - n0 < B`. So the work falls into two phases:
//!
//! 1. *Ahead*, for every heap of the block at once (in parallel with the `parallel`
//!    feature): the rare pairs and the search of common pairs, over pairs whose parts are both
//!    below `n0`, with a budget of pairs. The candidate found here may be too small (options
//!    still unknown can fill it), never too large, so every XOR marked is a true option and
//!    every search is a prefix of the search the heap needs.
//! 2. *Finish*, heap by heap in order: the options that involve heaps of the block (the
//!    `rest - n0` smallest splits, which include every pair with a rare part left out
//!    ahead, and removals that leave one heap), then the search carried on from where the
//!    ahead phase left it.
//!
//! The values are those of the one-heap-at-a-time engine; only the order of the work differs.

use super::{
    or_into, scan_rare, words_for, BitMarks, ByteMarks, Cell, Engine, Hunt, Marks, Overflow,
};

/// Heaps per block: the finish phase scans about half this many splits per heap itself.
const BLOCK: usize = 128;

/// Heaps per task of the ahead phase.
const TASK: usize = 16;

/// The most pairs the ahead phase searches for one heap (a few times the usual need; a heap
/// whose search needs more goes on in the finish phase).
const AHEAD_BUDGET: u64 = 1 << 15;

/// The pairs the ahead phase searches for one candidate before it assumes that an option
/// not known yet fills it.
const ASSUME_AFTER: u64 = 4096;

/// What the ahead phase found for one heap.
#[derive(Clone, Default)]
pub(super) struct Ahead {
    /// The options marked, as a bitset.
    bits: Vec<u64>,
    hunt: Hunt,
    /// Rare pairs examined.
    rare_pairs: u64,
}

/// Blocks pay only where heaps take this much work (pairs examined) or more: the games with
/// few rare heaps and short searches (0.16, 0.104: under 100 pairs a heap) run faster heap by
/// heap than the threads can be handed their work.
pub(super) const BLOCK_MIN_WORK: u64 = 1024;

/// The first heap from which blocks are used, by default.
#[cfg(feature = "parallel")]
pub(super) const BLOCKS_FROM: usize = 1 << 16;
#[cfg(not(feature = "parallel"))]
pub(super) const BLOCKS_FROM: usize = usize::MAX;

impl<V: Cell> Engine<V> {
    /// Whether the next heaps can be computed in a block: heaps that take enough work, only
    /// splits into two heaps (each class with a mask), few enough values for byte marks, and a
    /// table long enough.
    pub(super) fn block_ready(&self) -> bool {
        let n = self.values.len();
        n >= self.blocks_from
            && self.recent_work >= self.block_min_work
            && n >= 4 * BLOCK
            && !self.plain
            && self.tail.is_none()
            && self.split_three.is_empty()
            && !self.classes.is_empty()
            && self.classes.iter().all(|class| class.mask != 0)
            && self.value_bits <= super::BYTE_MARK_BITS
    }

    /// Computes heaps up to `len` (at most one block, ending at the next look at the masks).
    pub(super) fn step_block(&mut self, len: usize) -> Result<(), Overflow> {
        let first = self.values.len();
        let next_check = usize::try_from(self.next_check).unwrap_or(usize::MAX);
        let count = BLOCK.min(len - first).min(next_check - first);
        let mut ahead = std::mem::take(&mut self.ahead);
        let mut scratch = std::mem::take(&mut self.scratch);
        if ahead.len() < count {
            ahead.resize(count, Ahead::default());
        }
        let tasks = count.div_ceil(TASK);
        if scratch.len() < tasks {
            scratch.resize(tasks, Vec::new());
        }
        let rare_lens = [0, 1].map(|index| self.classes.get(index).map_or(0, |c| c.rare.len()));
        {
            let engine = &*self;
            let look = |task: usize, slots: &mut [Ahead], hits: &mut Vec<u8>| {
                for (offset, slot) in slots.iter_mut().enumerate() {
                    engine.look_ahead(first + task * TASK + offset, first, rare_lens, hits, slot);
                }
            };
            for_each_task(&mut ahead[..count], &mut scratch[..tasks], look);
        }
        let mut result = Ok(());
        for (offset, slot) in ahead[..count].iter().enumerate() {
            let value = self.finish(first + offset, first, slot);
            result = self.push_known(value);
            if result.is_err() {
                break;
            }
            self.block_heaps += 1;
        }
        self.ahead = ahead;
        self.scratch = scratch;
        result
    }

    /// The ahead phase for heap `n` of the block that starts at heap `known`.
    fn look_ahead(
        &self,
        n: usize,
        known: usize,
        rare_lens: [usize; 2],
        hits: &mut Vec<u8>,
        slot: &mut Ahead,
    ) {
        // Every value below `known` is below `1 << value_bits`, and so is every XOR of two.
        let size = ((1usize << self.value_bits) + 64).next_multiple_of(64);
        if hits.len() < size {
            hits.resize(size, 0);
        }
        hits[..size].fill(0);
        let mut marks = ByteMarks(&mut hits[..size]);
        for &take in &self.take_all {
            if n == take {
                marks.0[0] = 1;
            }
        }
        for &take in &self.take_one {
            if n > take && n - take < known {
                marks.0[self.values[n - take].get() as usize] = 1;
            }
        }
        let mut rare_pairs = 0;
        for (class, &rare_len) in self.classes.iter().zip(&rare_lens) {
            for &take in &class.takes {
                if n > take + 1 {
                    let rest = n - take;
                    let clip = rest.saturating_sub(known);
                    let rare = &class.rare[..rare_len];
                    let from = rare.partition_point(|&heap| heap as usize <= clip);
                    rare_pairs += scan_rare(
                        &self.values,
                        &rare[from..],
                        &class.rare_values[from..rare_len],
                        rest,
                        self.unequal,
                        &mut marks,
                    );
                }
            }
        }
        // A removal that leaves one heap of the block is an option not known yet; it may be
        // what fills a candidate that no pair reaches. Such a candidate is assumed filled
        // after a short search (as many as there are such options), so that the search goes
        // on to the next; the finish phase sees the truth.
        let mut unknown = self
            .take_one
            .iter()
            .filter(|&&take| n > take && n - take >= known)
            .count();
        let mut assumed = [0u64; 1 + (1 << (super::BYTE_MARK_BITS - 6))];
        let mut hunt = Hunt::default();
        loop {
            let budget = if unknown > 0 {
                ASSUME_AFTER
            } else {
                AHEAD_BUDGET
            };
            let candidate = self.hunt(n, known, &assumed, &mut marks, &mut hunt, budget);
            if !hunt.stalled || unknown == 0 {
                break;
            }
            super::set(&mut assumed, candidate);
            unknown -= 1;
        }
        slot.bits.clear();
        slot.bits.resize(words_for(self.value_bits), 0);
        bytes_to_bits(&hits[..size], &mut slot.bits);
        slot.hunt = hunt;
        slot.rare_pairs = rare_pairs;
    }

    /// The finish phase: the value of heap `n` of the block that starts at heap `known`, now
    /// that every smaller heap has its value.
    fn finish(&mut self, n: usize, known: usize, ahead: &Ahead) -> u32 {
        let words = words_for(self.value_bits);
        let mut seen = std::mem::take(&mut self.seen);
        seen[..words].fill(0);
        let seen_words = &mut seen[..words];
        self.single_options(n, seen_words);
        or_into(seen_words, &ahead.bits);
        let mut marks = BitMarks(seen_words);
        let mut pairs = ahead.rare_pairs;
        // The splits with a part in the block: `(a, rest - a)` for `a <= rest - known`. They
        // include every pair with a rare part that the ahead phase left out: a rare heap
        // `r <= rest - known` is such an `a`, and a rare heap of the block is the larger part
        // of one.
        for class in &self.classes {
            for &take in &class.takes {
                if n <= take + 1 {
                    continue;
                }
                let rest = n - take;
                let last = if self.unequal {
                    (rest - 1) / 2
                } else {
                    rest / 2
                };
                let small = rest.saturating_sub(known).min(last);
                for a in 1..=small {
                    marks.mark(self.values[a].get() ^ self.values[rest - a].get());
                }
                pairs += small as u64;
            }
        }
        let mut hunt = ahead.hunt;
        hunt.pairs = 0;
        let candidate = self.hunt(n, n, &[], &mut marks, &mut hunt, u64::MAX);
        if hunt.exhausted || ahead.hunt.exhausted {
            self.full_scans += 1;
        }
        self.work += pairs + ahead.hunt.pairs + hunt.pairs;
        self.lanes.searched(ahead.hunt.pairs + hunt.pairs);
        self.seen = seen;
        candidate
    }
}

/// Runs `work` on a thread of the pool that runs the blocks' tasks (with the `parallel`
/// feature), so that the thread that finishes a block also takes its share of the next one
/// instead of waiting to be woken.
pub(super) fn in_pool<T: Send>(work: impl FnOnce() -> T + Send) -> T {
    #[cfg(feature = "parallel")]
    {
        rayon::scope(|_| work())
    }
    #[cfg(not(feature = "parallel"))]
    work()
}

/// Runs `look` on the tasks of a block: `slots` cut into [`TASK`] heaps, one scratch buffer
/// each; on every core with the `parallel` feature.
fn for_each_task<F>(slots: &mut [Ahead], scratch: &mut [Vec<u8>], look: F)
where
    F: Fn(usize, &mut [Ahead], &mut Vec<u8>) + Sync,
{
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        slots
            .par_chunks_mut(TASK)
            .zip(scratch.par_iter_mut())
            .enumerate()
            .for_each(|(task, (slots, hits))| look(task, slots, hits));
    }
    #[cfg(not(feature = "parallel"))]
    for (task, (slots, hits)) in slots.chunks_mut(TASK).zip(scratch.iter_mut()).enumerate() {
        look(task, slots, hits);
    }
}

/// Packs marks of one byte each (0 or 1) into bits.
fn bytes_to_bits(bytes: &[u8], bits: &mut [u64]) {
    for (word, chunk) in bits.iter_mut().zip(bytes.chunks_exact(64)) {
        *word = chunk
            .chunks_exact(8)
            .enumerate()
            .fold(0, |word, (index, eight)| {
                let eight = u64::from_le_bytes(eight.try_into().unwrap_or_default());
                // Byte `i` (0 or 1) moves to bit `56 + i` of the product.
                word | ((eight.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * index))
            });
    }
}

#[cfg(test)]
mod tests {
    use super::bytes_to_bits;

    #[test]
    fn bytes_pack_into_bits() {
        let mut bytes = vec![0u8; 128];
        for value in [0, 1, 7, 8, 63, 64, 100, 127] {
            bytes[value] = 1;
        }
        let mut bits = vec![0u64; 2];
        bytes_to_bits(&bytes, &mut bits);
        let expected = (
            1u64 | 1 << 1 | 1 << 7 | 1 << 8 | 1 << 63,
            1u64 | 1 << 36 | 1 << 63,
        );
        assert_eq!((bits[0], bits[1]), expected);
    }
}
