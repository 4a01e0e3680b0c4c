//! The fast engine: Grundy values of take-and-break codes at memory speed.
//!
//! Values are stored densely (`u16`, widened to `u32` only if a value needs it). Each heap's
//! options go into a word-level bitset whose first zero bit is the mex. Moves that split a
//! heap in two cost O(n) per heap when done plainly; the *sparse space* phenomenon
//! (Berlekamp, Conway and Guy, *Winning Ways*, ch. 4, "Sparse Space Spells Speed";
//! Flammenkamp's octal-game tables) makes most of them unnecessary:
//!
//! Pick a bit mask `M` over *extended values* `g(a) << 1 | ((a + d) & 1)`, where `d` is the
//! parity of the tokens removed by the split. A heap is *common* when its extended value has an
//! odd number of bits under `M`, *rare* otherwise. Since parity is linear, the XOR of two
//! common heaps that sum to `n - k` always has even parity, so it can never equal a value that
//! would make heap `n` common. Hence: scan only the pairs with a rare part (few), take the mex;
//! if that candidate would make `n` common it is the answer; otherwise search the remaining
//! pairs for it (usually found at once) and repeat. Only heaps that turn out rare need a full
//! scan. The mask is chosen from the histogram of extended values by a Walsh-Hadamard
//! transform (the mask with the fewest rare heaps), reconsidered now and then, and the list of
//! rare heaps is rebuilt when it changes; where no mask leaves few rare heaps the engine scans
//! every pair. Splits with removals of both parities keep one mask each.
//!
//! Three-heap splits (hexadecimal codes) and repeating tails are computed plainly; they are
//! correct, not fast.

mod blocks;

use super::code::Code;
use blocks::Ahead;

/// How often (in heaps) the masks are reconsidered while the table is small, and later.
const EARLY_CHECK: u64 = 1 << 10;
const LATE_CHECK: u64 = 1 << 14;

/// The fewest pairs a lane of a search holds, and the pairs scanned from one lane before the
/// next (and between looks for the value searched).
const LANE_MIN: usize = 64;
const LANE_CHUNK: usize = 64;

/// The most lanes a search is split into: each is tried for one stretch of heaps between looks
/// at the masks, the one that searched the fewest pairs a heap is kept, and the trial is
/// repeated every [`LANE_TRIALS_EVERY`] stretches. Games differ: Grundy's game needs fewest
/// pairs with many lanes, 0.6 with few.
const LANE_CHOICES: [usize; 2] = [32, 8];
const LANE_TRIALS_EVERY: u32 = 64;

/// A stored value: `u16` while values fit, `u32` after.
pub(crate) trait Cell: Copy + Default + Send + Sync + 'static {
    /// The largest value the cell holds.
    const MAX: u32;
    /// The value.
    fn get(self) -> u32;
    /// A cell holding `value <= MAX`.
    fn of(value: u32) -> Self;
}

impl Cell for u16 {
    const MAX: u32 = u16::MAX as u32;
    #[inline(always)]
    fn get(self) -> u32 {
        u32::from(self)
    }
    #[inline(always)]
    fn of(value: u32) -> u16 {
        value as u16
    }
}

impl Cell for u32 {
    const MAX: u32 = u32::MAX;
    #[inline(always)]
    fn get(self) -> u32 {
        self
    }
    #[inline(always)]
    fn of(value: u32) -> u32 {
        value
    }
}

/// Summary statistics of a table, like those of the research tables.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct TableStats {
    /// Heaps tabulated.
    pub heaps: u64,
    /// The largest value.
    pub max_value: u32,
    /// The first heap with the largest value.
    pub max_value_at: u64,
    /// For each parity of split removals in use (`d` = 0, 1): the mask over extended values
    /// `g << 1 | ((n + d) & 1)`, 0 where every pair is scanned.
    pub masks: Vec<(u8, u32)>,
    /// Heaps that are rare under the current masks (summed over the parities).
    pub rare_heaps: u64,
    /// The last rare heap, if any.
    pub last_rare: Option<u64>,
    /// Heaps whose mex needed a scan of every pair (rare heaps, or no mask in force).
    pub full_scans: u64,
    /// Heaps computed in blocks, most of the work on every core.
    pub block_heaps: u64,
}

/// The splits into two heaps whose removals have one parity.
#[derive(Clone, Default)]
struct SplitClass {
    parity: u8,
    takes: Vec<usize>,
    mask: u32,
    rare: Vec<u32>,
    rare_values: Vec<u32>,
}

/// The repeating tail: options that grow with the heap.
#[derive(Clone, Default)]
struct Tail {
    first: usize,
    digit: u8,
    /// Values of heaps `1..=single_upto`.
    single: Vec<u64>,
    single_upto: usize,
    /// XORs of two heaps with sum at most `pair_upto`.
    pairs: Vec<u64>,
    pair_upto: usize,
    /// XORs of three heaps with sum at most `triple_upto`.
    triples: Vec<u64>,
    triple_upto: usize,
}

/// The engine for one cell width.
#[derive(Clone)]
pub(crate) struct Engine<V: Cell> {
    values: Vec<V>,
    take_all: Vec<usize>,
    take_one: Vec<usize>,
    split_three: Vec<usize>,
    classes: Vec<SplitClass>,
    tail: Option<Tail>,
    unequal: bool,
    /// Every value so far is below `1 << value_bits`.
    value_bits: u32,
    seen: Vec<u64>,
    /// Histogram of `g(a) << 1 | (a & 1)` over heaps `a >= 1`.
    counts: Vec<u64>,
    max_value: u32,
    max_value_at: u64,
    full_scans: u64,
    block_heaps: u64,
    next_check: u64,
    work: u64,
    hits: Vec<u8>,
    /// Never use a mask: scan every pair (an independent route for checking).
    plain: bool,
    /// Heaps from this one on are computed in blocks (see [`blocks`]), while the work per
    /// heap since the last look at the masks is at least `block_min_work`.
    blocks_from: usize,
    block_min_work: u64,
    recent_work: u64,
    /// `work` and heaps at the last look at the masks.
    checked: (u64, u64),
    lanes: LaneChoice,
    ahead: Vec<Ahead>,
    scratch: Vec<Vec<u8>>,
}

#[inline(always)]
fn set(bits: &mut [u64], value: u32) {
    bits[(value >> 6) as usize] |= 1u64 << (value & 63);
}

#[inline(always)]
fn parity(x: u32) -> u32 {
    x.count_ones() & 1
}

fn words_for(value_bits: u32) -> usize {
    ((1usize << value_bits) >> 6).max(1) + 1
}

/// Values at most this many bits wide are marked in bytes during split scans.
const BYTE_MARK_BITS: u32 = 12;

/// A set of values being collected for a mex.
trait Marks {
    fn mark(&mut self, value: u32);
    fn has(&self, value: u32) -> bool;
    /// The least value from `from` on that is neither marked nor in `others` (a bitset).
    fn first_free(&self, from: u32, others: &[u64]) -> u32;
}

/// Values marked as bits of words.
struct BitMarks<'a>(&'a mut [u64]);

impl Marks for BitMarks<'_> {
    #[inline(always)]
    fn mark(&mut self, value: u32) {
        set(self.0, value);
    }
    #[inline(always)]
    fn has(&self, value: u32) -> bool {
        self.0[(value >> 6) as usize] & (1u64 << (value & 63)) != 0
    }
    fn first_free(&self, from: u32, _others: &[u64]) -> u32 {
        // The options of `others` were copied into these words.
        let start = (from >> 6) as usize;
        for (index, &word) in self.0.iter().enumerate().skip(start) {
            let mut free = !word;
            if index == start {
                free &= u64::MAX << (from & 63);
            }
            if free != 0 {
                return (index as u32) * 64 + free.trailing_zeros();
            }
        }
        (self.0.len() as u32) * 64
    }
}

/// Values marked one byte each.
struct ByteMarks<'a>(&'a mut [u8]);

impl Marks for ByteMarks<'_> {
    #[inline(always)]
    fn mark(&mut self, value: u32) {
        self.0[value as usize] = 1;
    }
    #[inline(always)]
    fn has(&self, value: u32) -> bool {
        self.0[value as usize] != 0
    }
    fn first_free(&self, from: u32, others: &[u64]) -> u32 {
        let mut value = from;
        loop {
            let other = others
                .get((value >> 6) as usize)
                .is_some_and(|word| word & (1u64 << (value & 63)) != 0);
            if !other && self.0.get(value as usize).map_or(true, |&hit| hit == 0) {
                return value;
            }
            value += 1;
        }
    }
}

/// Where a search of one class's pairs stands within one heap.
#[derive(Clone, Copy, Default)]
struct Cursor {
    /// Index into the class's removals.
    take: usize,
    /// Whether the lanes are set for the current removal.
    started: bool,
    /// The largest `a` of the pairs `(a, rest - a)`.
    last: usize,
    /// The number of lanes.
    lanes: usize,
    /// Chunks `0..round` of every lane, and chunk `round` of lanes `0..lane`, are scanned.
    round: usize,
    lane: usize,
}

/// The value is too large for the cell width.
pub(crate) struct Overflow;

impl<V: Cell> Engine<V> {
    pub(crate) fn new(code: &Code) -> Engine<V> {
        let mut engine = Engine {
            values: Vec::new(),
            take_all: Vec::new(),
            take_one: Vec::new(),
            split_three: Vec::new(),
            classes: Vec::new(),
            tail: None,
            unequal: code.unequal(),
            value_bits: 0,
            seen: vec![0; words_for(0)],
            counts: vec![0; 2],
            max_value: 0,
            max_value_at: 0,
            full_scans: 0,
            block_heaps: 0,
            next_check: EARLY_CHECK,
            work: 0,
            hits: Vec::new(),
            plain: false,
            blocks_from: blocks::BLOCKS_FROM,
            block_min_work: blocks::BLOCK_MIN_WORK,
            recent_work: 0,
            checked: (0, 0),
            lanes: LaneChoice::default(),
            ahead: Vec::new(),
            scratch: Vec::new(),
        };
        let mut by_parity: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
        for &(take, digit) in code.digits() {
            // Removals beyond the address space can never apply to a table in memory.
            let Ok(take) = usize::try_from(take) else {
                continue;
            };
            if digit & 1 != 0 {
                engine.take_all.push(take);
            }
            if digit & 2 != 0 {
                engine.take_one.push(take);
            }
            if digit & 4 != 0 {
                by_parity[take & 1].push(take);
            }
            if digit & 8 != 0 {
                engine.split_three.push(take);
            }
        }
        for (parity, takes) in by_parity.into_iter().enumerate() {
            if !takes.is_empty() {
                engine.classes.push(SplitClass {
                    parity: parity as u8,
                    takes,
                    ..SplitClass::default()
                });
            }
        }
        if let Some((first, digit)) = code.tail() {
            engine.tail = Some(Tail {
                first: usize::try_from(first).unwrap_or(usize::MAX),
                digit,
                single: vec![0; 2],
                pairs: vec![0; 2],
                triples: vec![0; 2],
                ..Tail::default()
            });
        }
        engine
    }

    pub(crate) fn len(&self) -> usize {
        self.values.len()
    }

    pub(crate) fn get(&self, heap: usize) -> Option<u32> {
        self.values.get(heap).map(|v| v.get())
    }

    pub(crate) fn values(&self) -> &[V] {
        &self.values
    }

    pub(crate) fn work(&self) -> u64 {
        self.work
    }

    pub(crate) fn stats(&self) -> TableStats {
        TableStats {
            heaps: self.values.len() as u64,
            max_value: self.max_value,
            max_value_at: self.max_value_at,
            masks: self.classes.iter().map(|c| (c.parity, c.mask)).collect(),
            rare_heaps: self.classes.iter().map(|c| c.rare.len() as u64).sum(),
            last_rare: self
                .classes
                .iter()
                .filter_map(|c| c.rare.last().map(|&a| u64::from(a)))
                .max(),
            full_scans: self.full_scans,
            block_heaps: self.block_heaps,
        }
    }

    /// The same table with wider cells.
    pub(crate) fn widen<W: Cell>(self) -> Engine<W> {
        Engine {
            values: self.values.iter().map(|v| W::of(v.get())).collect(),
            take_all: self.take_all,
            take_one: self.take_one,
            split_three: self.split_three,
            classes: self.classes,
            tail: self.tail,
            unequal: self.unequal,
            value_bits: self.value_bits,
            seen: self.seen,
            counts: self.counts,
            max_value: self.max_value,
            max_value_at: self.max_value_at,
            full_scans: self.full_scans,
            block_heaps: self.block_heaps,
            next_check: self.next_check,
            work: self.work,
            hits: self.hits,
            plain: self.plain,
            blocks_from: self.blocks_from,
            block_min_work: self.block_min_work,
            recent_work: self.recent_work,
            checked: self.checked,
            lanes: self.lanes,
            ahead: self.ahead,
            scratch: self.scratch,
        }
    }

    /// Appends the value of the next heap, keeping the statistics and the masks up to date.
    pub(crate) fn push_known(&mut self, value: u32) -> Result<(), Overflow> {
        if value > V::MAX {
            return Err(Overflow);
        }
        self.record(value);
        if self.values.len() as u64 >= self.next_check {
            self.reconsider_masks();
        }
        Ok(())
    }

    /// Computes the next heap.
    pub(crate) fn step(&mut self) -> Result<(), Overflow> {
        let value = self.compute();
        self.push_known(value)
    }

    fn value(&self, heap: usize) -> u32 {
        self.values[heap].get()
    }

    fn record(&mut self, value: u32) {
        let heap = self.values.len();
        self.values.push(V::of(value));
        if value > self.max_value {
            self.max_value = value;
            self.max_value_at = heap as u64;
        }
        let bits = 32 - value.leading_zeros();
        if bits > self.value_bits {
            self.value_bits = bits;
            self.seen.resize(words_for(bits), 0);
            self.counts.resize(2usize << bits, 0);
        }
        if heap == 0 {
            return;
        }
        self.counts[((value << 1) | (heap as u32 & 1)) as usize] += 1;
        for class in &mut self.classes {
            if class.mask != 0 {
                let extended = (value << 1) | ((heap as u32 + u32::from(class.parity)) & 1);
                if parity(class.mask & extended) == 0 {
                    class.rare.push(heap as u32);
                    class.rare_values.push(value);
                }
            }
        }
    }

    /// Chooses, for each class of splits, the mask with the fewest rare heaps, and rebuilds
    /// the rare lists of the classes whose mask changes.
    fn reconsider_masks(&mut self) {
        let heaps = self.values.len() as u64;
        self.recent_work = (self.work - self.checked.0) / (heaps - self.checked.1).max(1);
        self.lanes.look(heaps - self.checked.1);
        self.checked = (self.work, heaps);
        self.next_check = heaps
            + if heaps < (1 << 16) {
                EARLY_CHECK
            } else {
                LATE_CHECK
            };
        if self.classes.is_empty() || self.plain {
            return;
        }
        // Walsh-Hadamard transform: transform[m] = sum over x of counts[x] * (-1)^|m & x|.
        let mut transform: Vec<i64> = self.counts.iter().map(|&c| c as i64).collect();
        let mut half = 1;
        while half < transform.len() {
            for block in transform.chunks_mut(2 * half) {
                let (low, high) = block.split_at_mut(half);
                for (x, y) in low.iter_mut().zip(high.iter_mut()) {
                    let (a, b) = (*x, *y);
                    *x = a + b;
                    *y = a - b;
                }
            }
            half *= 2;
        }
        let total = transform[0];
        for index in 0..self.classes.len() {
            let class_parity = i64::from(self.classes[index].parity);
            let rare_count = |mask: usize| -> i64 {
                let flip = class_parity & (mask as i64 & 1);
                if flip == 0 {
                    (total + transform[mask]) / 2
                } else {
                    (total - transform[mask]) / 2
                }
            };
            let (best_mask, best_count) = (1..transform.len())
                .map(|mask| (mask, rare_count(mask)))
                .min_by_key(|&(mask, count)| (count, mask))
                .unwrap_or((0, total));
            let class = &self.classes[index];
            let current = if class.mask == 0 {
                total
            } else {
                class.rare.len() as i64
            };
            // Splits cost about (rare heaps) per heap with a mask and heaps/2 without one.
            let worth_it = best_count * 4 < total;
            let new_mask = if !worth_it {
                0
            } else if class.mask == 0 || best_count * 4 < current * 3 {
                best_mask as u32
            } else {
                class.mask
            };
            if new_mask != class.mask {
                self.rebuild_rare(index, new_mask);
            }
        }
    }

    fn rebuild_rare(&mut self, index: usize, mask: u32) {
        let class = &mut self.classes[index];
        class.mask = mask;
        class.rare.clear();
        class.rare_values.clear();
        if mask == 0 {
            return;
        }
        for (heap, value) in self.values.iter().enumerate().skip(1) {
            let value = value.get();
            let extended = (value << 1) | ((heap as u32 + u32::from(class.parity)) & 1);
            if parity(mask & extended) == 0 {
                class.rare.push(heap as u32);
                class.rare_values.push(value);
            }
        }
        self.work += self.values.len() as u64;
    }

    /// The value of heap `n = self.len()`.
    fn compute(&mut self) -> u32 {
        let n = self.values.len();
        let words = words_for(self.value_bits);
        let mut seen = std::mem::take(&mut self.seen);
        seen[..words].fill(0);
        let seen_words = &mut seen[..words];
        self.single_options(n, seen_words);
        if self.tail.is_some() {
            self.tail_options(n, seen_words);
        }
        for index in 0..self.split_three.len() {
            let take = self.split_three[index];
            if n > take {
                self.three_way(n - take, seen_words);
            }
        }
        let candidate = if self.value_bits <= BYTE_MARK_BITS {
            // Few values: mark them in bytes (stores that never wait for each other).
            let size = (1usize << self.value_bits) + 64;
            let mut hits = std::mem::take(&mut self.hits);
            if hits.len() < size {
                hits.resize(size, 0);
            }
            hits[..size].fill(0);
            let candidate = self.splits(n, seen_words, &mut ByteMarks(&mut hits[..size]));
            self.hits = hits;
            candidate
        } else {
            let mut marks = seen_words.to_vec();
            let candidate = self.splits(n, &[], &mut BitMarks(&mut marks));
            candidate
        };
        self.seen = seen;
        candidate
    }

    /// Options of removals that leave at most one heap.
    fn single_options(&mut self, n: usize, seen: &mut [u64]) {
        for &take in &self.take_all {
            if n == take {
                set(seen, 0);
            }
        }
        for &take in &self.take_one {
            if n > take {
                set(seen, self.value(n - take));
            }
        }
        self.work += (self.take_all.len() + self.take_one.len()) as u64 + 1;
    }

    /// The options of two-heap splits, marked in `marks`, and the value of heap `n` given the
    /// other options `others`: pairs with a rare part (or every pair where no mask is in
    /// force), then searches while the candidate would make `n` rare.
    fn splits<M: Marks>(&mut self, n: usize, others: &[u64], marks: &mut M) -> u32 {
        let mut state = Hunt::default();
        for (index, class) in self.classes.iter().enumerate() {
            if class.mask == 0 {
                for &take in &class.takes {
                    if n > take {
                        self.work += scan_all(&self.values, n - take, self.unequal, marks);
                    }
                }
                state.complete[index] = true;
            } else {
                for &take in &class.takes {
                    if n > take + 1 {
                        self.work += scan_rare(
                            &self.values,
                            &class.rare,
                            &class.rare_values,
                            n - take,
                            self.unequal,
                            marks,
                        );
                    }
                }
            }
        }
        let candidate = self.hunt(n, n, others, marks, &mut state, u64::MAX);
        if state.exhausted || self.classes.iter().any(|class| class.mask == 0) {
            self.full_scans += 1;
        }
        self.work += state.pairs;
        self.lanes.searched(state.pairs);
        candidate
    }

    /// Takes the mex candidate from `marks` and, while it would make heap `n` rare for some
    /// class, searches that class's pairs (those whose parts lie below `known`, see
    /// [`Pairs::search`]) for it; stops early, leaving the rest to a later call with the same
    /// `state` (marked `stalled`), once one candidate takes `budget` pairs. Returns the last
    /// candidate.
    fn hunt<M: Marks>(
        &self,
        n: usize,
        known: usize,
        others: &[u64],
        marks: &mut M,
        state: &mut Hunt,
        budget: u64,
    ) -> u32 {
        let mut candidate = marks.first_free(0, others);
        let mut spent = 0;
        state.stalled = false;
        loop {
            let unsafe_class = (0..self.classes.len()).find(|&index| {
                let class = &self.classes[index];
                !state.complete[index] && {
                    let extended = (candidate << 1) | ((n as u32 + u32::from(class.parity)) & 1);
                    parity(class.mask & extended) == 0
                }
            });
            let Some(index) = unsafe_class else {
                return candidate;
            };
            let pairs = Pairs {
                values: &self.values,
                takes: &self.classes[index].takes,
                unequal: self.unequal,
                n,
                known,
                lanes: self.lanes.current(),
            };
            let (end, used) = pairs.search(
                candidate,
                &mut state.cursors[index],
                marks,
                budget.saturating_sub(spent),
            );
            state.pairs += used;
            spent += used;
            match end {
                Search::Found => {
                    candidate = marks.first_free(candidate + 1, others);
                    spent = 0;
                }
                Search::Exhausted => {
                    state.complete[index] = true;
                    state.exhausted = true;
                }
                Search::OutOfBudget => {
                    state.stalled = true;
                    return candidate;
                }
            }
        }
    }

    /// Options of three-heap splits of `rest` tokens, plainly.
    fn three_way(&mut self, rest: usize, seen: &mut [u64]) {
        for small in 1..=rest / 3 {
            let small_value = self.value(small);
            for middle in small..=(rest - small) / 2 {
                let value = small_value ^ self.value(middle) ^ self.value(rest - small - middle);
                set(seen, value);
            }
            self.work += ((rest - small) / 2 + 1 - small) as u64;
        }
    }

    /// Options of removing `first` or more tokens.
    fn tail_options(&mut self, n: usize, seen: &mut [u64]) {
        let Some(mut tail) = self.tail.take() else {
            return;
        };
        let words = seen.len();
        for bits in [&mut tail.single, &mut tail.pairs, &mut tail.triples] {
            if bits.len() < words {
                bits.resize(words, 0);
            }
        }
        if n >= tail.first.max(1) {
            let reach = n - tail.first;
            if tail.digit & 1 != 0 {
                set(seen, 0);
            }
            if tail.digit & 2 != 0 {
                while tail.single_upto < reach {
                    tail.single_upto += 1;
                    set(&mut tail.single, self.value(tail.single_upto));
                }
                or_into(seen, &tail.single);
            }
            if tail.digit & 4 != 0 {
                while tail.pair_upto < reach {
                    tail.pair_upto += 1;
                    self.work += scan_all(
                        &self.values,
                        tail.pair_upto,
                        self.unequal,
                        &mut BitMarks(&mut tail.pairs),
                    );
                }
                or_into(seen, &tail.pairs);
            }
            if tail.digit & 8 != 0 {
                while tail.triple_upto < reach {
                    tail.triple_upto += 1;
                    let mut triples = std::mem::take(&mut tail.triples);
                    self.three_way(tail.triple_upto, &mut triples);
                    tail.triples = triples;
                }
                or_into(seen, &tail.triples);
            }
            self.work += words as u64;
        }
        self.tail = Some(tail);
    }
}

fn or_into(seen: &mut [u64], bits: &[u64]) {
    for (word, &other) in seen.iter_mut().zip(bits) {
        *word |= other;
    }
}

/// Marks the XOR of every split of `rest` tokens into two non-empty heaps; returns the pairs
/// examined.
#[inline]
fn scan_all<V: Cell, M: Marks>(values: &[V], rest: usize, unequal: bool, marks: &mut M) -> u64 {
    let last = if unequal { (rest - 1) / 2 } else { rest / 2 };
    if last == 0 {
        return 0;
    }
    let small = &values[1..=last];
    let large = &values[rest - last..rest];
    for (a, b) in small.iter().zip(large.iter().rev()) {
        marks.mark(a.get() ^ b.get());
    }
    last as u64
}

/// Marks the XOR of every split of `rest` tokens with a rare part; returns the pairs examined.
#[inline]
fn scan_rare<V: Cell, M: Marks>(
    values: &[V],
    rare: &[u32],
    rare_values: &[u32],
    rest: usize,
    unequal: bool,
    marks: &mut M,
) -> u64 {
    let count = rare.partition_point(|&heap| (heap as usize) < rest);
    for (&heap, &value) in rare[..count].iter().zip(&rare_values[..count]) {
        let other = rest - heap as usize;
        if !(unequal && other == heap as usize) {
            marks.mark(value ^ values[other].get());
        }
    }
    count as u64
}

/// The lane count of searches, chosen by trial (see [`LANE_CHOICES`]). The choice depends only
/// on the pairs searched, so a table's work is the same on every run.
#[derive(Clone, Copy, Debug)]
struct LaneChoice {
    /// Index into [`LANE_CHOICES`] of the lanes in use.
    current: usize,
    /// Pairs searched a heap in the last trial of each choice.
    cost: [u64; LANE_CHOICES.len()],
    /// The choice on trial, if any, and the looks at the masks until the next trials.
    trying: Option<usize>,
    until_trials: u32,
    /// Pairs searched since the last look.
    pairs: u64,
}

impl Default for LaneChoice {
    fn default() -> LaneChoice {
        LaneChoice {
            current: 0,
            cost: [0; LANE_CHOICES.len()],
            trying: None,
            // The first trials start once searches are long (about 2^16 heaps).
            until_trials: 64,
            pairs: 0,
        }
    }
}

impl LaneChoice {
    fn current(&self) -> usize {
        LANE_CHOICES[self.current]
    }

    fn searched(&mut self, pairs: u64) {
        self.pairs += pairs;
    }

    /// At a look at the masks, after `heaps` heaps: ends one trial and starts the next, or
    /// keeps the cheapest choice.
    fn look(&mut self, heaps: u64) {
        let per_heap = self.pairs / heaps.max(1);
        self.pairs = 0;
        if let Some(trial) = self.trying {
            self.cost[trial] = per_heap;
            if trial + 1 < LANE_CHOICES.len() {
                self.trying = Some(trial + 1);
                self.current = trial + 1;
                return;
            }
            self.trying = None;
            self.until_trials = LANE_TRIALS_EVERY;
            self.current = (0..LANE_CHOICES.len())
                .min_by_key(|&choice| (self.cost[choice], choice))
                .unwrap_or(0);
        } else if self.until_trials == 0 {
            self.trying = Some(0);
            self.current = 0;
        } else {
            self.until_trials -= 1;
        }
    }
}

/// How a search of pairs ended.
enum Search {
    /// The value sought is marked.
    Found,
    /// Every pair is marked, the value sought is not among them.
    Exhausted,
    /// The budget of pairs ran out first.
    OutOfBudget,
}

/// Where the searches of one heap stand.
#[derive(Clone, Copy, Default)]
struct Hunt {
    cursors: [Cursor; 2],
    /// Classes whose pairs are all marked.
    complete: [bool; 2],
    /// Whether some search ran out of pairs (the heap needed a full scan).
    exhausted: bool,
    /// Whether the last hunt stopped at its budget.
    stalled: bool,
    /// Pairs examined.
    pairs: u64,
}

/// The two-heap splits of heap `n` by the removals `takes`, for a search.
struct Pairs<'a, V> {
    values: &'a [V],
    takes: &'a [usize],
    unequal: bool,
    n: usize,
    /// Only heaps below `known` have values yet: pairs with a part at or above it are left
    /// out (they are the pairs with the smallest `a`).
    known: usize,
    /// The most lanes.
    lanes: usize,
}

impl<V: Cell> Pairs<'_, V> {
    /// Scans the pairs not yet scanned (per `cursor`), marking their XORs, until one equals
    /// `target`, none is left, or `budget` pairs are examined. Returns how it ended and the
    /// pairs examined.
    ///
    /// The pairs `(a, rest - a)` are split by `a` into up to `lanes` lanes of
    /// consecutive heaps, and the lanes are scanned a few pairs at a time in turn. Values of
    /// nearby heaps are alike, so pairs drawn from all over the range reach every value in
    /// fewer pairs than a scan upwards from `a = 1` (in Grundy's game near 10^6 heaps, about
    /// 2100 pairs a heap instead of 3300), while each lane still reads memory in order.
    fn search<M: Marks>(
        &self,
        target: u32,
        cursor: &mut Cursor,
        marks: &mut M,
        budget: u64,
    ) -> (Search, u64) {
        let mut pairs = 0;
        while let Some(&take) = self.takes.get(cursor.take) {
            if self.n > take {
                let rest = self.n - take;
                // Pairs with `a <= clip` have their other part at or above `known`.
                let clip = rest.saturating_sub(self.known);
                if !cursor.started {
                    let last = if self.unequal {
                        (rest - 1) / 2
                    } else {
                        rest / 2
                    };
                    *cursor = Cursor {
                        take: cursor.take,
                        started: true,
                        last,
                        lanes: (last / LANE_MIN).clamp(1, self.lanes),
                        round: 0,
                        lane: 0,
                    };
                }
                // Lane `j` holds `a` from `1 + j * width` to `min(last, (j + 1) * width)`.
                let (last, lanes) = (cursor.last, cursor.lanes);
                let width = last.div_ceil(lanes);
                while cursor.round * LANE_CHUNK < width {
                    let offset = 1 + cursor.round * LANE_CHUNK;
                    let chunk_end = width.min((cursor.round + 1) * LANE_CHUNK);
                    while cursor.lane < lanes {
                        let base = cursor.lane * width;
                        cursor.lane += 1;
                        let end = (last + 1).min(base + 1 + chunk_end);
                        if base + offset >= end {
                            // This lane and the ones after it lie beyond `last`.
                            break;
                        }
                        let first = (base + offset).max(clip + 1);
                        if first < end {
                            let small = &self.values[first..end];
                            let large = &self.values[rest + 1 - end..=rest - first];
                            for (a, b) in small.iter().zip(large.iter().rev()) {
                                marks.mark(a.get() ^ b.get());
                            }
                            pairs += (end - first) as u64;
                            if marks.has(target) {
                                return (Search::Found, pairs);
                            }
                        }
                        if pairs >= budget {
                            return (Search::OutOfBudget, pairs);
                        }
                    }
                    cursor.lane = 0;
                    cursor.round += 1;
                }
            }
            *cursor = Cursor {
                take: cursor.take + 1,
                ..Cursor::default()
            };
        }
        (Search::Exhausted, pairs)
    }
}

/// The fast engine's table, in the narrowest cells its values allow.
#[derive(Clone)]
pub(crate) enum Table {
    Narrow(Engine<u16>),
    Wide(Engine<u32>),
}

impl Table {
    pub(crate) fn new(code: &Code) -> Table {
        Table::Narrow(Engine::new(code))
    }

    /// A table that never uses the rare/common split.
    pub(crate) fn plain(code: &Code) -> Table {
        let mut engine = Engine::new(code);
        engine.plain = true;
        Table::Narrow(engine)
    }

    /// The same table, computing heaps in blocks from `heap` on however little work a heap
    /// takes (tests use small tables).
    #[cfg(test)]
    pub(crate) fn force_blocks_from(mut self, heap: usize) -> Table {
        match &mut self {
            Table::Narrow(engine) => (engine.blocks_from, engine.block_min_work) = (heap, 0),
            Table::Wide(engine) => (engine.blocks_from, engine.block_min_work) = (heap, 0),
        }
        self
    }

    pub(crate) fn len(&self) -> usize {
        match self {
            Table::Narrow(engine) => engine.len(),
            Table::Wide(engine) => engine.len(),
        }
    }

    pub(crate) fn get(&self, heap: usize) -> Option<u32> {
        match self {
            Table::Narrow(engine) => engine.get(heap),
            Table::Wide(engine) => engine.get(heap),
        }
    }

    pub(crate) fn work(&self) -> u64 {
        match self {
            Table::Narrow(engine) => engine.work(),
            Table::Wide(engine) => engine.work(),
        }
    }

    pub(crate) fn stats(&self) -> TableStats {
        match self {
            Table::Narrow(engine) => engine.stats(),
            Table::Wide(engine) => engine.stats(),
        }
    }

    /// Values of heaps `range` (within the table).
    pub(crate) fn values(&self, range: std::ops::Range<usize>) -> Vec<u32> {
        match self {
            Table::Narrow(engine) => engine.values()[range].iter().map(|v| v.get()).collect(),
            Table::Wide(engine) => engine.values()[range].iter().map(|v| v.get()).collect(),
        }
    }

    fn widen(&mut self) {
        if let Table::Narrow(engine) = self {
            let engine = std::mem::replace(engine, Engine::new(&Code::grundy_game()));
            *self = Table::Wide(engine.widen());
        }
    }

    /// Computes heaps up to `len` (exclusive), or stops after `budget` units of work.
    pub(crate) fn extend_to(&mut self, len: usize, budget: u64) {
        let stop = self.work().saturating_add(budget);
        loop {
            let result = blocks::in_pool(|| match self {
                Table::Narrow(engine) => run(engine, len, stop),
                Table::Wide(engine) => run(engine, len, stop),
            });
            match result {
                Ok(()) => return,
                Err(Overflow) => self.widen(),
            }
        }
    }

    /// Appends values computed elsewhere.
    pub(crate) fn push_known(&mut self, value: u32) {
        loop {
            let result = match self {
                Table::Narrow(engine) => engine.push_known(value),
                Table::Wide(engine) => engine.push_known(value),
            };
            match result {
                Ok(()) => return,
                Err(Overflow) => self.widen(),
            }
        }
    }
}

fn run<V: Cell>(engine: &mut Engine<V>, len: usize, stop: u64) -> Result<(), Overflow> {
    while engine.len() < len && engine.work() < stop {
        if engine.block_ready() {
            engine.step_block(len)?;
        } else {
            engine.step()?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{LaneChoice, LANE_CHOICES, LANE_TRIALS_EVERY};

    /// Looks at the masks `looks` times, `pairs_for(lanes)` pairs searched a heap in between.
    fn run(choice: &mut LaneChoice, looks: u32, pairs_for: impl Fn(usize) -> u64) {
        for _ in 0..looks {
            choice.searched(pairs_for(choice.current()) * 100);
            choice.look(100);
        }
    }

    #[test]
    fn lanes_follow_the_cheaper_choice() {
        let mut choice = LaneChoice::default();
        assert_eq!(choice.current(), LANE_CHOICES[0]);
        // Few lanes search fewer pairs: 64 looks before the first trials, one to start them,
        // one to end each; then few lanes are kept.
        run(&mut choice, 64 + 1 + 2, |lanes| {
            if lanes == 8 {
                1500
            } else {
                2000
            }
        });
        assert_eq!((choice.trying, choice.current()), (None, 8));
        run(&mut choice, LANE_TRIALS_EVERY, |lanes| lanes as u64);
        assert_eq!(choice.current(), 8);
        // The next trials notice that many lanes have become cheaper.
        run(
            &mut choice,
            3,
            |lanes| if lanes == 32 { 1000 } else { 3000 },
        );
        assert_eq!(choice.current(), 32);
    }
}
