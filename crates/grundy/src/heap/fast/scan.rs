//! Scans of the pairs that splits leave: a range of pairs, the pairs with a rare part, and
//! the search of common pairs in lanes.

use std::ops::Range;

use super::cells::Cell;
use super::marks::Marks;
use super::moves::Moves;
use super::sparse::{Rare, Sparse};

/// Pairs scanned from one lane before the next (and between looks for the value sought).
pub(super) const CHUNK: usize = 64;

/// The fewest pairs a lane holds.
const LANE_MIN: usize = 64;

/// The bounds of the chunks a sweep's head is scanned in (`1..9`, `9..17`, `17..33`,
/// `33..65`), before the lanes: in games with few rare heaps (0.106) most searches end within
/// a few pairs, and a whole [`CHUNK`] would mark three times the pairs they need.
const HEAD: [usize; 5] = [1, 9, 17, 33, 65];

/// Marks the XOR of every pair `(a, rest - a)` with `a` in `small`; returns the pairs.
#[inline]
pub(super) fn scan_range<V: Cell, M: Marks>(
    values: &[V],
    rest: usize,
    small: Range<usize>,
    marks: &mut M,
) -> u64 {
    if small.is_empty() {
        return 0;
    }
    let large = &values[rest + 1 - small.end..=rest - small.start];
    mark_xors(&values[small.clone()], large, marks);
    small.len() as u64
}

/// Marks `low[i] ^ high[high.len() - 1 - i]` for every `i` (slices of one length): the loop
/// of [`scan_range`], kept out of line so that the search around it does not crowd its
/// registers, and eight pairs a round so that its upkeep is paid once for eight marks.
#[inline(never)]
fn mark_xors<V: Cell, M: Marks>(low: &[V], high: &[V], marks: &mut M) {
    let mut lows = low.chunks_exact(8);
    let mut highs = high.rchunks_exact(8);
    for (a, b) in (&mut lows).zip(&mut highs) {
        for i in 0..8 {
            marks.mark(a[i].get() ^ b[7 - i].get());
        }
    }
    let (a, b) = (lows.remainder(), highs.remainder());
    for (a, b) in a.iter().zip(b.iter().rev()) {
        marks.mark(a.get() ^ b.get());
    }
}

/// Marks the XOR of every pair `(r, rest - r)` with `r` one of the rare heaps `indices`
/// (positions in `rare`), leaving out the equal split of `unequal` codes; returns the pairs.
#[inline]
pub(super) fn scan_rare<V: Cell, M: Marks>(
    values: &[V],
    rare: &Rare,
    indices: Range<usize>,
    rest: usize,
    unequal: bool,
    marks: &mut M,
) -> u64 {
    let pairs = indices.len() as u64;
    for (&heap, &value) in rare.heaps[indices.clone()]
        .iter()
        .zip(&rare.values[indices])
    {
        let other = rest - heap as usize;
        if !(unequal && other == heap as usize) {
            marks.mark(value ^ values[other].get());
        }
    }
    pairs
}

/// The pairs `(a, rest - a)` with `lo <= a <= hi`, cut into lanes of consecutive `a` that are
/// scanned one chunk each in turn.
///
/// Values of nearby heaps are alike, so pairs drawn from all over the range reach every value
/// in fewer pairs than a scan upwards from `a = 1` (in Grundy's game near 10^6 heaps, about
/// 2100 pairs a heap instead of 3300), while each lane still reads memory in order.
///
/// A sweep may start with a *head*: its smallest parts in the short chunks of [`HEAD`], then
/// the lanes over the parts above.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Sweep {
    lo: usize,
    hi: usize,
    lanes: usize,
    width: usize,
    /// Chunks of the head (a prefix of [`HEAD`]; the lanes start at `lo`, above it).
    head: usize,
    /// Chunks in all.
    pub(super) chunks: usize,
}

impl Sweep {
    /// The lanes over `lo..=hi`.
    pub(super) fn new(lo: usize, hi: usize, max_lanes: usize) -> Sweep {
        if hi < lo {
            return Sweep::default();
        }
        let len = hi + 1 - lo;
        // A power of two, so that a chunk's lane and round are a mask and a shift.
        let lanes = prev_power_of_two((len / LANE_MIN).clamp(1, max_lanes));
        let width = len.div_ceil(lanes);
        Sweep {
            lo,
            hi,
            lanes,
            width,
            head: 0,
            chunks: width.div_ceil(CHUNK) * lanes,
        }
    }

    /// The head of `1..=hi` in the short chunks of [`HEAD`], then lanes over the rest.
    pub(super) fn with_head(hi: usize, max_lanes: usize) -> Sweep {
        // The head's chunks that start at or below `hi`.
        let head = HEAD[..HEAD.len() - 1].partition_point(|&start| start <= hi);
        let mut sweep = Sweep::new(HEAD[head], hi, max_lanes);
        sweep.hi = sweep.hi.max(hi);
        sweep.head = head;
        sweep.chunks += head;
        sweep
    }

    /// The smaller parts of chunk `index`: first the head's chunks, then chunk
    /// `index / lanes` of lane `index % lanes`.
    #[inline]
    pub(super) fn chunk(&self, index: usize) -> Range<usize> {
        if index >= self.chunks {
            return 0..0;
        }
        if index < self.head {
            return HEAD[index]..HEAD[index + 1].min(self.hi + 1);
        }
        let index = index - self.head;
        let shift = self.lanes.trailing_zeros();
        let (round, lane) = (index >> shift, index & (self.lanes - 1));
        let base = self.lo + lane * self.width;
        let start = base + round * CHUNK;
        let end = (self.hi + 1).min(base + self.width.min((round + 1) * CHUNK));
        start..end.max(start)
    }

    /// The largest smaller part, or `None` for an empty sweep.
    pub(super) fn last(&self) -> Option<usize> {
        (self.chunks > 0).then_some(self.hi)
    }
}

fn prev_power_of_two(x: usize) -> usize {
    1 << (usize::BITS - 1 - x.leading_zeros())
}

/// Where the searches of a heap stand: per class of splits, the steps taken (a step is one
/// chunk of one removal; the removals of a class take turns).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Hunt {
    pub(super) steps: [usize; 2],
    /// Classes whose pairs are all marked.
    pub(super) done: [bool; 2],
    /// The least value not marked that could still be the answer.
    pub(super) candidate: u32,
    /// Pairs examined by the searches.
    pub(super) pairs: u64,
    /// Whether some class needed every pair (the heap was rare, or a search was unlucky).
    pub(super) full: bool,
}

/// The pairs one heap's searches draw from: the sweeps of every removal of every class.
pub(super) struct Search<'a, V> {
    pub(super) values: &'a [V],
    /// One sweep per removal, class after class.
    pub(super) sweeps: &'a [Sweep],
    sparse: &'a Sparse,
    classes: [Class<'a>; 2],
}

/// The removals of one class of splits with their sweeps: a step is one chunk of one removal,
/// the removals taking turns.
#[derive(Clone, Copy, Default)]
struct Class<'a> {
    takes: &'a [usize],
    sweeps: &'a [Sweep],
    /// Steps in all.
    steps: usize,
}

impl<'a, V: Cell> Search<'a, V> {
    /// The searches over `sweeps`: one sweep per removal, class after class, in the order of
    /// `moves.split_two`.
    pub(super) fn new(
        values: &'a [V],
        moves: &'a Moves,
        sparse: &'a Sparse,
        sweeps: &'a [Sweep],
    ) -> Self {
        let mut classes = [Class::default(); 2];
        let mut rest = sweeps;
        for (class, split) in classes.iter_mut().zip(&moves.split_two) {
            let (own, after) = rest.split_at(split.takes.len());
            rest = after;
            let longest = own.iter().map(|sweep| sweep.chunks).max().unwrap_or(0);
            *class = Class {
                takes: &split.takes,
                sweeps: own,
                steps: longest * own.len(),
            };
        }
        Search {
            values,
            sweeps,
            sparse,
            classes,
        }
    }

    /// Steps class `class` takes in all.
    #[inline]
    fn steps(&self, class: usize) -> usize {
        self.classes[class].steps
    }

    /// Step `step` of class `class`: the removal and the smaller parts of its chunk.
    #[inline]
    fn step(&self, class: usize, step: usize) -> (usize, Range<usize>) {
        let class = &self.classes[class];
        let count = class.takes.len();
        let (index, chunk) = if count == 1 {
            (0, step)
        } else {
            (step % count, step / count)
        };
        (class.takes[index], class.sweeps[index].chunk(chunk))
    }

    /// Takes the next step of class `class` for `hunt`: the removal and the smaller parts of
    /// its chunk, or `None` when the class has no step left (it is then done, every pair
    /// marked).
    #[inline]
    pub(super) fn next_step(&self, hunt: &mut Hunt, class: usize) -> Option<(usize, Range<usize>)> {
        if hunt.steps[class] >= self.steps(class) {
            hunt.done[class] = true;
            hunt.full = true;
            return None;
        }
        hunt.steps[class] += 1;
        Some(self.step(class, hunt.steps[class] - 1))
    }

    /// The class to search next for heap `n` whose candidate is `candidate`: among the
    /// classes not done for which two common heaps could XOR to it, the one with the fewest
    /// steps taken.
    #[inline]
    pub(super) fn class_for(&self, hunt: &Hunt, n: usize, candidate: u32) -> Option<usize> {
        let wanted =
            |class: usize| !hunt.done[class] && self.sparse.classes[class].is_rare(candidate, n);
        match self.sparse.classes.len() {
            0 => None,
            1 => wanted(0).then_some(0),
            _ => match (wanted(0), wanted(1)) {
                (true, true) => Some(usize::from(hunt.steps[1] < hunt.steps[0])),
                (true, false) => Some(0),
                (false, true) => Some(1),
                (false, false) => None,
            },
        }
    }

    /// Searches for heap `n`: takes the least free value and, while two common heaps of some
    /// class could XOR to it, scans that class a chunk at a time. Stops when the candidate is
    /// the answer (true), or after `budget` pairs (false: the hunt can go on later).
    pub(super) fn hunt<M: Marks>(
        &self,
        n: usize,
        marks: &mut M,
        hunt: &mut Hunt,
        budget: u64,
    ) -> bool {
        let mut spent = 0;
        loop {
            hunt.candidate = marks.first_free(hunt.candidate);
            let Some(class) = self.class_for(hunt, n, hunt.candidate) else {
                return true;
            };
            if spent >= budget {
                return false;
            }
            let Some((take, small)) = self.next_step(hunt, class) else {
                continue;
            };
            let pairs = scan_range(self.values, n - take, small, marks);
            hunt.pairs += pairs;
            spent += pairs;
        }
    }
}
