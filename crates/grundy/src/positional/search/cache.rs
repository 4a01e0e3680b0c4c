//! [`Cache`]: one thread's small copy of the nimbers it read or wrote last, in front of the
//! shared table: the same few parts come up in option after option, and a probe of the large
//! shared table is a miss in the processor's caches. It also keeps what the table does not:
//! the nimbers a part was found not to have (a narrow question answered "not in the set
//! asked"), so that the same question met again through another order of moves is answered
//! at once (a quarter fewer positions searched on 4x9, 3x13, 5x7 and 5x8).

/// Slots in a cache (a power of two).
const SLOTS: usize = 1 << 12;

/// Slots for the nimbers ruled out (a power of two): more than for the nimbers found, since
/// the table keeps none of them.
const RULED_SLOTS: usize = 1 << 17;

/// A direct-mapped cache by key of exact nimbers, and of keys the table did not hold: a slot
/// holds the last key that mapped to it. A nimber never changes, so a nimber held is always
/// right; a key held as missing may have been stored since by another thread, which costs
/// only a search that the table would have spared.
pub(super) struct Cache {
    /// Each slot's key (0: empty) and nimber, or [`MISSING`].
    slots: Vec<(u128, u16)>,
    /// Each slot's key (0: empty) and the nimbers below 64 that its nimber is known not to
    /// be (the answers "not in the set asked"), which the table does not keep.
    ruled_out: Vec<(u128, u64)>,
}

/// The mark of a key the table did not hold.
const MISSING: u16 = 1 << 8;

impl Cache {
    pub(super) fn new() -> Cache {
        Cache {
            slots: vec![(0, 0); SLOTS],
            ruled_out: vec![(0, 0); RULED_SLOTS],
        }
    }

    fn slot(key: u128) -> usize {
        Cache::hash(key) as usize & (SLOTS - 1)
    }

    fn ruled_slot(key: u128) -> usize {
        Cache::hash(key) as usize & (RULED_SLOTS - 1)
    }

    fn hash(key: u128) -> u64 {
        let folded = (key as u64) ^ ((key >> 64) as u64).rotate_left(23);
        folded.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 40
    }

    /// What is held for `key` (not 0): `Some(Some(nimber))`, `Some(None)` when it was
    /// missing from the table, `None` when the cache holds nothing for it.
    pub(super) fn get(&self, key: u128) -> Option<Option<u8>> {
        let (held, nimber) = self.slots[Cache::slot(key)];
        (held == key).then_some((nimber != MISSING).then_some(nimber as u8))
    }

    /// Holds `nimber` (or `None`: missing from the table) for `key` (not 0), in place of
    /// what its slot held.
    pub(super) fn put(&mut self, key: u128, nimber: Option<u8>) {
        self.slots[Cache::slot(key)] = (key, nimber.map_or(MISSING, u16::from));
    }

    /// Whether the nimber of `key`'s part is known to be none of `nimbers` (below 64).
    pub(super) fn rules_out(&self, key: u128, nimbers: u64) -> bool {
        let (held, out) = self.ruled_out[Cache::ruled_slot(key)];
        held == key && nimbers & !out == 0
    }

    /// Notes that the nimber of `key`'s part is none of `nimbers` (below 64), with what was
    /// known of it (the slot's other key forgotten).
    pub(super) fn rule_out(&mut self, key: u128, nimbers: u64) {
        let slot = &mut self.ruled_out[Cache::ruled_slot(key)];
        if slot.0 == key {
            slot.1 |= nimbers;
        } else {
            *slot = (key, nimbers);
        }
    }
}
