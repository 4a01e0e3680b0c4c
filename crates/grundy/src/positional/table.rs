//! [`Table`]: the transposition table of the positional search, within a fixed bound of memory,
//! shared by every thread of a search.
//!
//! Buckets of four entries, each a 128-bit key (never 0: 0 marks an empty entry), a nimber and
//! a weight (how costly the position was to value: the search gives its size). A full bucket
//! replaces its lightest entry, so the table never grows past the memory it was given and keeps
//! the positions that cost most. Threads share it without locks for readers: each bucket has a
//! version that a writer makes odd while it writes (a sequence lock); a reader that sees the
//! version change, or odd, takes the probe as a miss. A writer that finds the bucket busy drops
//! its entry: the table is a cache, and a lost entry only costs time. So a value read is always
//! one that was written for that exact key.
//!
//! The table starts small and doubles while it is more than half full, up to its memory, its
//! buckets made as they come into use: a search that stores few positions probes and touches
//! a few hundred kilobytes, not the whole bound, and stays in the processor's caches. Doubling
//! moves each bucket's entries that belong to its new twin there, bucket by bucket under the
//! bucket's lock, before the larger size is published; a probe in between may miss an entry
//! that is being moved, which costs a search.

use std::sync::atomic::{fence, AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::OnceLock;

/// Entries in a bucket.
const WAYS: usize = 4;

/// The buckets a table starts with (at most all of them).
const FIRST_BUCKETS: usize = 1 << 10;

/// Filter bits an entry of the table in use (a power of two).
const FILTER_BITS_AN_ENTRY: usize = 8;

struct Bucket {
    version: AtomicU32,
    /// Each entry's key as two words, low first.
    keys: [AtomicU64; 2 * WAYS],
    /// Each entry's nimber (low byte) and weight (high byte), 16 bits an entry.
    data: AtomicU64,
}

impl Bucket {
    fn new() -> Bucket {
        Bucket {
            version: AtomicU32::new(0),
            keys: std::array::from_fn(|_| AtomicU64::new(0)),
            data: AtomicU64::new(0),
        }
    }
}

/// The bytes one bucket takes.
const BUCKET_BYTES: usize = std::mem::size_of::<Bucket>();

/// A transposition table of nimbers keyed by 128-bit position keys.
///
/// # Example
/// ```
/// use grundy::positional::Table;
/// let table = Table::with_memory(1 << 20);
/// table.store(42, 3, 10);
/// assert_eq!(table.get(42), Some(3));
/// assert_eq!(table.get(43), None);
/// assert!(table.bytes() <= 1 << 20);
/// ```
pub struct Table {
    /// The buckets, made as they come into use: a key's bucket is its hash's low bits below
    /// the buckets in use.
    buckets: Doubling<Bucket>,
    /// A bit for each key stored, by another part of its hash than picks the bucket (a
    /// one-hash Bloom filter): a probe whose bit is clear is a miss without touching the
    /// buckets, which are too many for the processor's caches. A bit is set before its entry
    /// is written, so a clear bit never hides an entry of this thread; across threads it
    /// may, which costs a search, never a wrong value.
    filter: Vec<AtomicU64>,
    /// `64 - log2(bits of the filter in use)`: the filter's bit is the top of the hash.
    filter_shift: AtomicU32,
}

impl Table {
    /// A table within `bytes` of memory (at least one bucket).
    pub fn with_memory(bytes: u64) -> Table {
        // The filter takes a 32nd of the memory, at most 1 MiB (a power of two of words).
        let words = (bytes / 32 / 8).clamp(1, 1 << 17);
        let words = 1u64 << (63 - words.leading_zeros());
        let bytes = bytes.saturating_sub(words * 8);
        let count = slots_within(bytes, BUCKET_BYTES);
        let used = count.min(FIRST_BUCKETS);
        let filter_bits = (used * WAYS * FILTER_BITS_AN_ENTRY).min(words as usize * 64);
        Table {
            buckets: Doubling::new(count, used, Bucket::new),
            filter: (0..words).map(|_| AtomicU64::new(0)).collect(),
            filter_shift: AtomicU32::new(64 - filter_bits.trailing_zeros()),
        }
    }

    /// Doubles the buckets in use, when no other thread is at it: the entries of each bucket
    /// in use that belong to its twin move there, then each bit of the filter becomes two.
    fn grow(&self, used: usize) {
        self.buckets.grow(
            used,
            |low, high| {
                let data = low.data.load(Ordering::Relaxed);
                let (mut kept, mut moved) = (data, 0u64);
                for way in 0..WAYS {
                    let key = [&low.keys[2 * way], &low.keys[2 * way + 1]]
                        .map(|word| word.load(Ordering::Relaxed));
                    let key = u128::from(key[0]) | u128::from(key[1]) << 64;
                    if key != 0 && Table::hash(key) as usize & used != 0 {
                        // The twin was never in use: its way is free.
                        for (i, word) in [key as u64, (key >> 64) as u64].into_iter().enumerate() {
                            high.keys[2 * way + i].store(word, Ordering::Relaxed);
                            low.keys[2 * way + i].store(0, Ordering::Relaxed);
                        }
                        moved |= data & 0xffff << (16 * way);
                        kept &= !(0xffff << (16 * way));
                    }
                }
                high.data.store(moved, Ordering::Relaxed);
                low.data.store(kept, Ordering::Relaxed);
            },
            || self.widen_filter(),
        );
    }

    /// Doubles the filter's bits in use while there is room: old bit `j` becomes bits
    /// `2j` and `2j + 1`, the words rewritten from the top down.
    fn widen_filter(&self) {
        let shift = self.filter_shift.load(Ordering::Relaxed);
        let words = 1usize << (64 - shift).saturating_sub(6);
        if 2 * words > self.filter.len() || shift <= 6 {
            return;
        }
        for i in (0..words).rev() {
            let old = self.filter[i].load(Ordering::Relaxed);
            self.filter[2 * i + 1].store(doubled((old >> 32) as u32), Ordering::Relaxed);
            self.filter[2 * i].store(doubled(old as u32), Ordering::Relaxed);
        }
        self.filter_shift.store(shift - 1, Ordering::Release);
    }

    /// The memory the table takes at most (once all its buckets are in use).
    pub fn bytes(&self) -> usize {
        self.buckets.len() * BUCKET_BYTES + self.filter.len() * 8
    }

    /// How many entries the table has room for.
    pub fn capacity(&self) -> usize {
        self.buckets.len() * WAYS
    }

    /// How many entries are in use.
    pub fn len(&self) -> usize {
        self.buckets.filled().min(self.capacity())
    }

    /// Whether no entry is in use.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The key's hash: its words folded and mixed (a multiply-xorshift).
    fn hash(key: u128) -> u64 {
        let folded = (key as u64) ^ ((key >> 64) as u64).rotate_left(29);
        let mixed = (folded ^ (folded >> 31)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        mixed ^ (mixed >> 29)
    }

    /// The key's bucket, by the low bits of its hash.
    fn bucket(&self, hash: u64) -> &Bucket {
        self.buckets.slot(hash as usize)
    }

    /// The key's word in the filter and its bit there, by the top bits of its hash.
    fn filter_bit(&self, hash: u64) -> (&AtomicU64, u64) {
        let bit = hash >> self.filter_shift.load(Ordering::Acquire);
        (&self.filter[(bit >> 6) as usize], 1 << (bit & 63))
    }

    /// The nimber stored under `key`.
    pub fn get(&self, key: u128) -> Option<u8> {
        let hash = Table::hash(key);
        let (word, bit) = self.filter_bit(hash);
        if word.load(Ordering::Relaxed) & bit == 0 {
            return None;
        }
        let bucket = self.bucket(hash);
        let before = bucket.version.load(Ordering::Acquire);
        if before & 1 == 1 {
            return None;
        }
        let (low, high) = (key as u64, (key >> 64) as u64);
        let mut found = None;
        for way in 0..WAYS {
            if bucket.keys[2 * way].load(Ordering::Relaxed) == low
                && bucket.keys[2 * way + 1].load(Ordering::Relaxed) == high
            {
                found = Some((bucket.data.load(Ordering::Relaxed) >> (16 * way)) as u8);
                break;
            }
        }
        fence(Ordering::Acquire);
        if bucket.version.load(Ordering::Relaxed) != before {
            return None;
        }
        found
    }

    /// Stores `nimber` under `key` (not 0), `weight` saying how costly it was to compute: a
    /// full bucket gives up its lightest entry, or drops this one if it is lighter still.
    pub fn store(&self, key: u128, nimber: u8, weight: u8) {
        let mut fills = Fills::default();
        self.store_counted(key, nimber, weight, &mut fills);
        self.settle(&mut fills);
    }

    /// Each entry in use as `(key, nimber, weight)`, read under its bucket's sequence lock
    /// while other threads may write: a bucket written meanwhile is skipped (what a snapshot
    /// for a checkpoint takes; it may miss entries, never tear one).
    pub(crate) fn entries(&self) -> impl Iterator<Item = (u128, u8, u8)> + '_ {
        self.buckets
            .in_use()
            .flat_map(|bucket| {
                let mut read = [None; WAYS];
                let before = bucket.version.load(Ordering::Acquire);
                if before & 1 == 1 {
                    return read;
                }
                let data = bucket.data.load(Ordering::Relaxed);
                for (way, entry) in read.iter_mut().enumerate() {
                    let key = [&bucket.keys[2 * way], &bucket.keys[2 * way + 1]]
                        .map(|word| word.load(Ordering::Relaxed));
                    let key = u128::from(key[0]) | u128::from(key[1]) << 64;
                    let bits = data >> (16 * way);
                    *entry = (key != 0).then_some((key, bits as u8, (bits >> 8) as u8));
                }
                fence(Ordering::Acquire);
                if bucket.version.load(Ordering::Relaxed) != before {
                    read = [None; WAYS];
                }
                read
            })
            .flatten()
    }

    /// Adds the entries a thread counted in `fills` to the table's count.
    pub(crate) fn settle(&self, fills: &mut Fills) {
        self.buckets.settle(fills);
    }

    /// [`Table::store`], an entry written into an empty place counted in the thread's
    /// `fills` (added to the table's count in batches: see [`Fills`]).
    pub(crate) fn store_counted(&self, key: u128, nimber: u8, weight: u8, fills: &mut Fills) {
        debug_assert_ne!(key, 0, "0 marks an empty entry");
        let hash = Table::hash(key);
        let (word, bit) = self.filter_bit(hash);
        // Read before written: a write takes the line from the other threads' caches, where
        // every probe reads it.
        if word.load(Ordering::Relaxed) & bit == 0 {
            word.fetch_or(bit, Ordering::Relaxed);
        }
        let bucket = self.bucket(hash);
        let Some(version) = try_lock(&bucket.version) else {
            return;
        };
        let (low, high) = (key as u64, (key >> 64) as u64);
        let data = bucket.data.load(Ordering::Relaxed);
        let weight_of = |way: usize| (data >> (16 * way + 8)) as u8;
        let mut target = None;
        let mut grow = None;
        let mut lightest = (u8::MAX, 0);
        for way in 0..WAYS {
            let (k0, k1) = (
                bucket.keys[2 * way].load(Ordering::Relaxed),
                bucket.keys[2 * way + 1].load(Ordering::Relaxed),
            );
            if (k0, k1) == (low, high) || (k0, k1) == (0, 0) {
                if (k0, k1) == (0, 0) {
                    grow = self.buckets.fill(WAYS, fills);
                }
                target = Some(way);
                break;
            }
            if weight_of(way) < lightest.0 {
                lightest = (weight_of(way), way);
            }
        }
        let way = match target {
            Some(way) => Some(way),
            None => (lightest.0 <= weight).then_some(lightest.1),
        };
        if let Some(way) = way {
            bucket.keys[2 * way].store(low, Ordering::Relaxed);
            bucket.keys[2 * way + 1].store(high, Ordering::Relaxed);
            let shift = 16 * way;
            let entry = u64::from(nimber) | u64::from(weight) << 8;
            bucket.data.store(
                data & !(0xffff << shift) | entry << shift,
                Ordering::Relaxed,
            );
        }
        bucket.version.store(version + 2, Ordering::Release);
        if let Some(used) = grow {
            self.grow(used);
        }
    }
}

/// The slots of a table that doubles them while it fills, one thread at a time (the table's
/// buckets, the search's store of nimbers ruled out), allocated as they come into use: a
/// search that fills a few thousand slots touches a few hundred kilobytes, not the whole
/// bound (whose pages the kernel would otherwise fault in and zero at the start, a tenth of
/// a second for the default 128 MiB). Each slot has a version, odd while a writer holds it
/// (a sequence lock); a key's slot is its hash's low bits below the slots in use, so
/// doubling moves each entry that now belongs to its slot's twin there, under the slot's
/// lock, before the larger count is published.
pub(crate) struct Doubling<S> {
    /// The first slots (a power of two).
    first: Box<[S]>,
    /// Block `k` holds slots `first.len() << k` to `first.len() << (k + 1)`, made when the
    /// slots in use double past them.
    more: Box<[OnceLock<Box<[S]>>]>,
    /// A slot's state when made (empty).
    empty: fn() -> S,
    /// The slots in use (a power of two).
    used: AtomicUsize,
    /// Raised while one thread doubles them.
    growing: AtomicBool,
    /// Entries written into an empty place, on cache lines of their own: every thread
    /// adds its [`Fills`] here, and every probe reads the fields above.
    filled: Padded<AtomicUsize>,
}

/// Entries one thread wrote into empty places of a [`Doubling`] and has not yet added to its
/// shared count: each thread adds its own every [`FILL_BATCH`] (threads adding to one word at
/// every entry take turns at its cache line), and tells whether to double from the shared
/// count and its own, so that one thread doubles the slots exactly when it did with one
/// shared count.
#[derive(Default)]
pub(crate) struct Fills(usize);

/// The most entries a thread keeps in its [`Fills`] before adding them to the shared count.
const FILL_BATCH: usize = 64;

/// A value alone on its cache lines (two of 64 bytes: x86 processors fetch lines in pairs).
#[repr(align(128))]
struct Padded<T>(T);

impl<S: Versioned> Doubling<S> {
    /// `count` slots at most, `first` of them in use at first (both powers of two), each
    /// made by `empty`.
    pub(crate) fn new(count: usize, first: usize, empty: fn() -> S) -> Doubling<S> {
        let first = first.min(count);
        Doubling {
            first: (0..first).map(|_| empty()).collect(),
            more: (0..(count / first).ilog2())
                .map(|_| OnceLock::new())
                .collect(),
            empty,
            used: AtomicUsize::new(first),
            growing: AtomicBool::new(false),
            filled: Padded(AtomicUsize::new(0)),
        }
    }

    /// The slots there will be when all are in use.
    pub(crate) fn len(&self) -> usize {
        self.first.len() << self.more.len()
    }

    /// The slots in use.
    pub(crate) fn used(&self) -> usize {
        self.used.load(Ordering::Acquire)
    }

    /// The entries written into an empty place so far.
    pub(crate) fn filled(&self) -> usize {
        self.filled.0.load(Ordering::Relaxed)
    }

    /// Counts an entry written into an empty place, of `ways` a slot, in the thread's
    /// `fills`: the slots in use to double from when the entries counted (the shared count
    /// and the thread's) leave them over half full (and not all in use).
    pub(crate) fn fill(&self, ways: usize, fills: &mut Fills) -> Option<usize> {
        fills.0 += 1;
        let filled = self.filled.0.load(Ordering::Relaxed) + fills.0;
        let used = self.used();
        let grow = filled > used * ways / 2 && used < self.len();
        if grow || fills.0 >= FILL_BATCH {
            self.settle(fills);
        }
        grow.then_some(used)
    }

    /// Adds the entries counted in `fills` to the shared count.
    pub(crate) fn settle(&self, fills: &mut Fills) {
        let fills = std::mem::take(&mut fills.0);
        if fills > 0 {
            self.filled.0.fetch_add(fills, Ordering::Relaxed);
        }
    }

    /// The slots in use now, in order.
    pub(crate) fn in_use(&self) -> impl Iterator<Item = &S> {
        (0..self.used()).map(|i| self.at(i))
    }

    /// The slot of a key of hash `hash`: its low bits below the slots in use.
    #[inline]
    pub(crate) fn slot(&self, hash: usize) -> &S {
        self.at(hash & (self.used() - 1))
    }

    /// Slot `i`, one in use.
    #[inline]
    fn at(&self, i: usize) -> &S {
        let first = self.first.len();
        if i < first {
            return &self.first[i];
        }
        let top = i.ilog2();
        let block = &self.more[(top - first.ilog2()) as usize];
        // Made before the count of slots in use that covers `i` was published (with release
        // ordering; `used` reads it with acquire ordering): it is there.
        let block = block.get().expect("the slots in use are made");
        &block[i - (1 << top)]
    }

    /// Doubles the slots in use from `used`, unless another thread is at it, they are no
    /// longer `used` or all are in use: the twins made, `move_twins` with each slot in use
    /// (locked) and its twin, then `widened`, then the new count published. No other thread
    /// sees a twin before that, so the twins need no lock.
    pub(crate) fn grow(
        &self,
        used: usize,
        mut move_twins: impl FnMut(&S, &S),
        widened: impl FnOnce(),
    ) {
        if self
            .growing
            .compare_exchange(false, true, Ordering::Acquire, Ordering::Relaxed)
            .is_err()
        {
            return;
        }
        if self.used.load(Ordering::Relaxed) == used && 2 * used <= self.len() {
            let block = (used / self.first.len()).ilog2() as usize;
            let twins =
                self.more[block].get_or_init(|| (0..used).map(|_| (self.empty)()).collect());
            for (i, high) in twins.iter().enumerate() {
                let low = self.at(i);
                let version = lock(low.version());
                move_twins(low, high);
                low.version().store(version + 2, Ordering::Release);
            }
            widened();
            self.used.store(2 * used, Ordering::Release);
        }
        self.growing.store(false, Ordering::Release);
    }
}

/// A slot with a version: odd while a writer holds it.
pub(crate) trait Versioned {
    /// The slot's version.
    fn version(&self) -> &AtomicU32;
}

impl Versioned for Bucket {
    fn version(&self) -> &AtomicU32 {
        &self.version
    }
}

/// The most slots of `slot_bytes` each that fit in `bytes`, at least one, as a power of two
/// (so that a key picks its slot with a mask).
pub(crate) fn slots_within(bytes: u64, slot_bytes: usize) -> usize {
    let count = usize::try_from(bytes / slot_bytes as u64)
        .unwrap_or(usize::MAX)
        .max(1);
    1 << count.ilog2()
}

/// Takes a slot's lock by its `version`, waiting for a writer to finish (writers never
/// wait, and a thread holds two locks only while it doubles the slots); the version it had.
pub(crate) fn lock(version: &AtomicU32) -> u32 {
    loop {
        if let Some(held) = try_lock(version) {
            return held;
        }
        std::hint::spin_loop();
    }
}

/// Takes a slot's lock by its `version` unless a writer holds it or takes it first (a writer
/// that finds the slot taken drops its write): the version it had.
pub(crate) fn try_lock(version: &AtomicU32) -> Option<u32> {
    let held = version.load(Ordering::Relaxed);
    if held & 1 == 1
        || version
            .compare_exchange(held, held + 1, Ordering::Acquire, Ordering::Relaxed)
            .is_err()
    {
        return None;
    }
    // The odd version is seen before any word written after it (a reader that reads one of
    // them then sees the version changed).
    fence(Ordering::Release);
    Some(held)
}

/// Each bit of `bits` twice, side by side: bit `j` to bits `2j` and `2j + 1`.
fn doubled(bits: u32) -> u64 {
    let mut x = u64::from(bits);
    x = (x | x << 16) & 0x0000_ffff_0000_ffff;
    x = (x | x << 8) & 0x00ff_00ff_00ff_00ff;
    x = (x | x << 4) & 0x0f0f_0f0f_0f0f_0f0f;
    x = (x | x << 2) & 0x3333_3333_3333_3333;
    x = (x | x << 1) & 0x5555_5555_5555_5555;
    x | x << 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_are_the_largest_power_of_two_that_fits() {
        assert_eq!(slots_within(0, 80), 1);
        assert_eq!(slots_within(159, 80), 1);
        assert_eq!(slots_within(160, 80), 2);
        assert_eq!(slots_within(319, 80), 2);
        assert_eq!(slots_within(320, 80), 4);
        assert_eq!(slots_within(u64::MAX, 1), 1 << (usize::BITS - 1));
    }

    #[test]
    fn stays_within_its_memory_and_keeps_heavy_entries() {
        let table = Table::with_memory(10 * BUCKET_BYTES as u64);
        assert_eq!(table.capacity(), 8 * WAYS);
        for key in 1..=1000u128 {
            table.store(key << 70 | key, (key % 7) as u8, (key % 200) as u8);
        }
        assert_eq!(table.len(), table.capacity());
        // What is found is what was stored under that key.
        let found: Vec<u128> = (1..=1000u128)
            .filter(|&key| {
                table
                    .get(key << 70 | key)
                    .inspect(|&v| assert_eq!(v, (key % 7) as u8))
                    .is_some()
            })
            .collect();
        assert_eq!(found.len(), table.capacity());
        // The entries kept are heavy ones: none lighter than the average.
        assert!(found.iter().all(|key| key % 200 >= 100), "{found:?}");
    }

    #[test]
    fn grows_in_steps_and_keeps_what_it_moved() {
        let table = Table::with_memory(1 << 22);
        assert_eq!(table.buckets.used(), FIRST_BUCKETS);
        let keys = 20_000u128;
        for key in 1..=keys {
            table.store((key * 0x9e37_79b9) | (key << 80), (key % 11) as u8, 1);
        }
        let used = table.buckets.used();
        assert!(
            used > FIRST_BUCKETS && used <= table.buckets.len(),
            "{used}"
        );
        let found = (1..=keys)
            .filter(|&key| {
                table
                    .get((key * 0x9e37_79b9) | (key << 80))
                    .inspect(|&v| assert_eq!(v, (key % 11) as u8))
                    .is_some()
            })
            .count();
        // Room for every key once grown: almost all are there.
        assert!(found as u128 > keys * 9 / 10, "{found}");
    }

    #[test]
    fn makes_buckets_only_as_they_come_into_use() {
        let table = Table::with_memory(1 << 30);
        let made = |table: &Table| {
            let blocks = table.buckets.more.iter();
            blocks.filter(|block| block.get().is_some()).count()
        };
        assert_eq!(made(&table), 0);
        // More entries than half of the first buckets hold, fewer than half of twice as many.
        for key in 1..=3000u128 {
            table.store(key << 64 | key, 1, 1);
        }
        assert_eq!(table.buckets.used(), 2 * FIRST_BUCKETS);
        assert_eq!(made(&table), 1);
        assert!(table.buckets.more.len() > 10);
    }

    #[test]
    fn doubled_bits_sit_side_by_side() {
        assert_eq!(doubled(0b101), 0b11_00_11);
        assert_eq!(doubled(1 << 31), 0b11 << 62);
    }

    /// Two threads storing and reading back `keys` keys each (a nimber that is a function of
    /// the key), each checking that a hit holds the nimber written for its key.
    fn two_writers(table: &Table, keys: u128) {
        std::thread::scope(|scope| {
            for thread in 0..2u128 {
                scope.spawn(move || {
                    for i in 0..100_000u128 {
                        let key = (i % keys + 1) | thread << 100;
                        let nimber = (key.count_ones() + key as u32) as u8;
                        if let Some(v) = table.get(key) {
                            assert_eq!(v, nimber);
                        }
                        table.store(key, nimber, (i % 13) as u8);
                    }
                });
            }
        });
    }

    #[test]
    fn threads_read_only_what_was_written_while_it_grows() {
        let table = Table::with_memory(1 << 22);
        two_writers(&table, 30_000);
        assert!(table.buckets.used() > FIRST_BUCKETS);
    }

    #[test]
    fn threads_read_only_what_was_written_for_the_key() {
        two_writers(&Table::with_memory(1 << 12), 5000);
    }
}
