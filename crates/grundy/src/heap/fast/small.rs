//! One heap at a time while every value is below 64: the marks are the bits of one word.
//!
//! Games with few rare heaps and small values (0.106, 0.16) find most heaps' values within a
//! few dozen pairs, so the upkeep of the general route ([`super::heap`]: marks in memory,
//! sweeps in lanes, searches that take turns) costs more than the pairs. Here the marks are a
//! `u64` held in a register, and each split's common pairs are searched upwards from the
//! smallest part, [`STEP`] pairs at a time. The values are those of the general route; only
//! the order in which pairs are marked differs.

use super::cells::Cell;
use super::marks::Marks;
use super::scan::scan_rare;
use super::Engine;

/// Pairs one split searches before the candidate is looked at again.
const STEP: usize = 16;

/// The most removals that split in two for which this route keeps its place in a fixed array.
const MAX_SPLITS: usize = 8;

/// Values below 64 marked as the bits of one word.
#[derive(Clone, Copy, Default)]
pub(super) struct WordMarks(pub(super) u64);

impl Marks for WordMarks {
    #[inline(always)]
    fn mark(&mut self, value: u32) {
        self.0 |= 1 << value;
    }
    fn first_free(&self, from: u32) -> u32 {
        if from >= 64 {
            return from;
        }
        (!self.0 & (u64::MAX << from)).trailing_zeros()
    }
}

/// Where the search of one split of heap `n` stands.
#[derive(Clone, Copy, Default)]
struct Split {
    /// The tokens left to split, `n` less the removal.
    rest: usize,
    /// The values two common heaps of the split could XOR to, as bits (0 once every pair is
    /// marked).
    reach: u64,
    /// The next smaller part to search, and the largest.
    next: usize,
    last: usize,
}

impl Engine {
    /// Whether heap `values.len()` can take this route: every value so far (and so every
    /// XOR of two) below 64, every move leaving at most two heaps, every class of splits
    /// with a mask, and few removals.
    pub(super) fn small_ready(&self) -> bool {
        self.small_route
            && self.value_bits <= 6
            && self.moves.only_pairs()
            && self.sparse.all_masked()
            && self
                .moves
                .split_two
                .iter()
                .map(|class| class.takes.len())
                .sum::<usize>()
                <= MAX_SPLITS
    }

    /// The value of heap `n = values.len()` (see [`Engine::small_ready`]).
    pub(super) fn compute_small<V: Cell>(&mut self, values: &[V]) -> u32 {
        let n = values.len();
        let mut marks = WordMarks::default();
        let mut work = self.single_options(values, n, n, &mut marks);
        let mut splits = [Split::default(); MAX_SPLITS];
        let mut count = 0;
        for (class, split) in self.moves.split_two.iter().enumerate() {
            let rare = &self.sparse.classes[class];
            for &take in &split.takes {
                let rest = n.saturating_sub(take);
                let below = match rare.heaps.last() {
                    Some(&last) if (last as usize) < rest => rare.heaps.len(),
                    _ => rare.below(rest),
                };
                work += below as u64;
                if self.moves.unequal {
                    scan_rare(values, rare, 0..below, rest, true, &mut marks);
                } else {
                    marks.0 |= rare_bits(values, &rare.heaps[..below], &rare.values, rest);
                }
                let last = self.moves.last_small(rest);
                splits[count] = Split {
                    rest,
                    reach: if last >= 1 { rare.rare_word(n) } else { 0 },
                    next: 1,
                    last,
                };
                count += 1;
            }
        }
        let splits = &mut splits[..count];
        let mut pairs = 0;
        let mut full = false;
        let value = loop {
            let free = !marks.0;
            if free == 0 {
                // Every value below 64 is an option, and no pair reaches 64 or more.
                break 64;
            }
            let candidate = free & free.wrapping_neg();
            // A split whose common pairs could XOR to the candidate and are not all marked.
            let Some(split) = splits.iter_mut().find(|split| split.reach & candidate != 0) else {
                break candidate.trailing_zeros();
            };
            let end = (split.next + STEP).min(split.last + 1);
            marks.0 |= pair_bits(values, split.rest, split.next, end);
            pairs += (end - split.next) as u64;
            split.next = end;
            if end > split.last {
                // Every pair of this split is marked: it reaches nothing more.
                split.reach = 0;
                full = true;
            }
        };
        self.tally.work += work + pairs;
        self.pace.lanes.searched(pairs);
        if full {
            self.tally.full_scans += 1;
        }
        value
    }
}

/// Bit `value` of a word: `1 << value` for `value < 64`, written as a rotation so that the
/// loops below stay scalar (SSE2 has no shift by a different count in each lane, and its
/// stand-in costs more than the scalar loop).
#[inline(always)]
fn bit(value: u32) -> u64 {
    1u64.rotate_left(value)
}

/// The XORs `value ^ g(rest - heap)` of the rare `heaps` (each below `rest`) and their
/// `values`, as bits.
#[inline(always)]
fn rare_bits<V: Cell>(values: &[V], heaps: &[u32], rare_values: &[u32], rest: usize) -> u64 {
    let mut bits = 0;
    for (&heap, &value) in heaps.iter().zip(rare_values) {
        bits |= bit(value ^ values[rest - heap as usize].get());
    }
    bits
}

/// The XORs of the pairs `(a, rest - a)` with `lo <= a < hi`, as bits.
#[inline(always)]
fn pair_bits<V: Cell>(values: &[V], rest: usize, lo: usize, hi: usize) -> u64 {
    let low = &values[lo..hi];
    let high = &values[rest + 1 - hi..=rest - lo];
    let mut bits = 0;
    if let (Ok(low), Ok(high)) = (<&[V; STEP]>::try_from(low), <&[V; STEP]>::try_from(high)) {
        for i in 0..STEP {
            bits |= bit(low[i].get() ^ high[STEP - 1 - i].get());
        }
    } else {
        for (a, b) in low.iter().zip(high.iter().rev()) {
            bits |= bit(a.get() ^ b.get());
        }
    }
    bits
}
