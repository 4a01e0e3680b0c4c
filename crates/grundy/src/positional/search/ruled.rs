//! [`RuledOut`]: the nimbers a part was found not to have, shared by every thread of a search
//! and kept within its share of [`Limits::max_memory`](crate::Limits::max_memory).
//!
//! A narrow question ("is the nimber in `W`?") answered "no" is a fact about the part: its
//! nimber is fixed, so it is none of `W` whatever order of moves led to it, whichever thread
//! asked, and forever. The transposition table keeps only full nimbers; this store keeps, for
//! a part's key, the nimbers below 64 ruled out so far, so that the same question met again
//! (through another order of moves, or on the other thread) is answered at once.
//!
//! Direct-mapped slots of a key and a word of nimbers, each behind a sequence lock as in
//! [`Table`](crate::positional::Table): a writer makes the slot's version odd while it writes,
//! and drops its note when another writer holds the slot; a reader that sees the version odd
//! or changed takes the probe as a miss. So a word read is always one written for that exact
//! key, and only ever holds nimbers some search ruled out for that key: an answer from here is
//! never wrong; a note lost (replaced, dropped) costs only a search. The slots in use start
//! few (they stay in the processor's caches on small searches) and double while over half
//! full, made as they come into use; a key's slot is its hash's low bits, so doubling moves
//! each note whose slot is now the twin there, slot by slot under the slot's lock, before the
//! larger size is published. A note written meanwhile into a slot already passed is stranded there (found
//! nowhere: lost, never wrong).

use std::sync::atomic::{fence, AtomicU32, AtomicU64, Ordering};

use crate::positional::table::{slots_within, try_lock, Doubling, Fills, Versioned};

/// The slots in use at first (at most all of them).
const FIRST_SLOTS: usize = 1 << 13;

/// Aligned to its size, so that no slot straddles two cache lines (a probe misses once).
#[repr(align(32))]
struct Slot {
    version: AtomicU32,
    /// The key as two words, low first (0, 0: empty).
    key: [AtomicU64; 2],
    /// The nimbers below 64 that the key's part is known not to have.
    out: AtomicU64,
}

/// The bytes one slot takes.
const SLOT_BYTES: usize = std::mem::size_of::<Slot>();

/// The nimbers ruled out of parts, by key, shared among threads.
pub(super) struct RuledOut {
    /// The slots, made as they come into use.
    slots: Doubling<Slot>,
}

impl RuledOut {
    /// A store within `bytes` of memory (at least one slot).
    pub(super) fn with_memory(bytes: u64) -> RuledOut {
        let count = slots_within(bytes, SLOT_BYTES);
        RuledOut {
            slots: Doubling::new(count, FIRST_SLOTS, || Slot {
                version: AtomicU32::new(0),
                key: [AtomicU64::new(0), AtomicU64::new(0)],
                out: AtomicU64::new(0),
            }),
        }
    }

    /// The memory the slots take at most (once all are in use).
    pub(super) fn bytes(&self) -> usize {
        self.slots.len() * SLOT_BYTES
    }

    /// Adds the slots a thread counted in `fills` to the store's count.
    pub(super) fn settle(&self, fills: &mut Fills) {
        self.slots.settle(fills);
    }

    /// Each note in use as `(key, nimbers ruled out)`, read under its slot's sequence lock
    /// while other threads may write: a slot written meanwhile is skipped.
    pub(super) fn entries(&self) -> impl Iterator<Item = (u128, u64)> + '_ {
        self.slots.in_use().filter_map(|slot| {
            let before = slot.version.load(Ordering::Acquire);
            if before & 1 == 1 {
                return None;
            }
            let key = [&slot.key[0], &slot.key[1]].map(|word| word.load(Ordering::Relaxed));
            let key = u128::from(key[0]) | u128::from(key[1]) << 64;
            let out = slot.out.load(Ordering::Relaxed);
            fence(Ordering::Acquire);
            (key != 0 && slot.version.load(Ordering::Relaxed) == before).then_some((key, out))
        })
    }

    fn hash(key: u128) -> usize {
        let folded = (key as u64) ^ ((key >> 64) as u64).rotate_left(23);
        let hash = folded.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        (hash ^ (hash >> 32)) as usize
    }

    fn slot(&self, key: u128) -> &Slot {
        self.slots.slot(RuledOut::hash(key))
    }

    /// Doubles the slots in use from `used`, when no other thread is at it: each note whose
    /// slot is now the twin moves there.
    fn grow(&self, used: usize) {
        self.slots.grow(
            used,
            |low, high| {
                let key = [&low.key[0], &low.key[1]].map(|word| word.load(Ordering::Relaxed));
                let key = u128::from(key[0]) | u128::from(key[1]) << 64;
                if key != 0 && RuledOut::hash(key) & used != 0 {
                    // The twin was never in use: it is empty.
                    for i in 0..2 {
                        high.key[i].store(low.key[i].load(Ordering::Relaxed), Ordering::Relaxed);
                        low.key[i].store(0, Ordering::Relaxed);
                    }
                    high.out
                        .store(low.out.load(Ordering::Relaxed), Ordering::Relaxed);
                }
            },
            || {},
        );
    }

    /// Whether the nimber of `key`'s part is known to be none of `nimbers` (below 64).
    pub(super) fn rules_out(&self, key: u128, nimbers: u64) -> bool {
        let slot = self.slot(key);
        let before = slot.version.load(Ordering::Acquire);
        if before & 1 == 1 {
            return false;
        }
        let held = slot.key[0].load(Ordering::Relaxed) == key as u64
            && slot.key[1].load(Ordering::Relaxed) == (key >> 64) as u64;
        let out = slot.out.load(Ordering::Relaxed);
        fence(Ordering::Acquire);
        held && nimbers & !out == 0 && slot.version.load(Ordering::Relaxed) == before
    }

    /// Notes that the nimber of `key`'s part (`key` not 0) is none of `nimbers` (below 64),
    /// with what was noted of it before; the slot's other key is forgotten. A slot filled is
    /// counted in the thread's `fills`.
    pub(super) fn rule_out(&self, key: u128, nimbers: u64, fills: &mut Fills) {
        let slot = self.slot(key);
        let Some(version) = try_lock(&slot.version) else {
            return;
        };
        let (low, high) = (key as u64, (key >> 64) as u64);
        let held = (
            slot.key[0].load(Ordering::Relaxed),
            slot.key[1].load(Ordering::Relaxed),
        );
        let mut grow = None;
        if held == (low, high) {
            slot.out.fetch_or(nimbers, Ordering::Relaxed);
        } else {
            if held == (0, 0) {
                grow = self.slots.fill(1, fills);
            }
            slot.key[0].store(low, Ordering::Relaxed);
            slot.key[1].store(high, Ordering::Relaxed);
            slot.out.store(nimbers, Ordering::Relaxed);
        }
        slot.version.store(version + 2, Ordering::Release);
        if let Some(used) = grow {
            self.grow(used);
        }
    }
}

impl Versioned for Slot {
    fn version(&self) -> &AtomicU32 {
        &self.version
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_add_up_and_a_slot_keeps_its_last_key() {
        let store = RuledOut::with_memory(1 << 12);
        assert!(store.bytes() <= 1 << 12);
        assert!(!store.rules_out(7, 0b1));
        store.rule_out(7, 0b1, &mut Fills::default());
        store.rule_out(7, 0b100, &mut Fills::default());
        assert!(store.rules_out(7, 0b101));
        assert!(!store.rules_out(7, 0b10));
        assert!(!store.rules_out(8, 0b1));
        // One slot: a second key takes it.
        let one = RuledOut::with_memory(SLOT_BYTES as u64);
        one.rule_out(7, 0b1, &mut Fills::default());
        one.rule_out(9, 0b10, &mut Fills::default());
        assert!(!one.rules_out(7, 0b1) && one.rules_out(9, 0b10));
    }

    #[test]
    fn doubling_keeps_the_notes() {
        let store = RuledOut::with_memory(1 << 20);
        let keys = 1..=3 * FIRST_SLOTS as u128;
        let mut fills = Fills::default();
        for key in keys.clone() {
            store.rule_out(key, 1 << (key % 64), &mut fills);
        }
        assert!(store.slots.used() > FIRST_SLOTS);
        let kept = keys
            .clone()
            .filter(|&key| store.rules_out(key, 1 << (key % 64)))
            .count();
        // Direct-mapped slots lose some to collisions, none to the doubling.
        assert!(kept > keys.count() / 2, "{kept}");
    }

    #[test]
    fn threads_never_read_another_keys_nimbers() {
        // Four slots, many keys: each key `k` only ever notes nimber `k % 64`, so a read that
        // mixed two keys' words would rule out a nimber its key never noted.
        let store = RuledOut::with_memory(4 * SLOT_BYTES as u64);
        std::thread::scope(|scope| {
            for t in 0..4u128 {
                let store = &store;
                scope.spawn(move || {
                    let mut fills = Fills::default();
                    for i in 0..20_000u128 {
                        let key = 1 + (i * 7 + t) % 200;
                        store.rule_out(key, 1 << (key % 64), &mut fills);
                        let other = 1 + (i * 13 + t) % 200;
                        let nimber = (i * 5 + t) % 64;
                        if nimber != other % 64 {
                            assert!(!store.rules_out(other, 1 << nimber));
                        }
                    }
                });
            }
        });
        assert!(store.bytes() <= 4 * SLOT_BYTES);
    }
}
