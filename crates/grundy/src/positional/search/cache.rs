//! [`Cache`]: one thread's small copy of the nimbers it read or wrote last, in front of the
//! shared table: the same few parts come up in option after option, and a probe of the large
//! shared table is a miss in the processor's caches. (The nimbers a part was found not to
//! have are kept in the search's shared [`RuledOut`](super::ruled::RuledOut).)

/// Slots in a cache (a power of two).
const SLOTS: usize = 1 << 12;

/// A direct-mapped cache by key of exact nimbers, and of keys the table did not hold: a slot
/// holds the last key that mapped to it. A nimber never changes, so a nimber held is always
/// right; a key held as missing may have been stored since by another thread, which costs
/// only a search that the table would have spared.
pub(super) struct Cache {
    /// Each slot's key (0: empty) and nimber, or [`MISSING`].
    slots: Vec<(u128, u16)>,
}

/// The mark of a key the table did not hold.
const MISSING: u16 = 1 << 8;

impl Cache {
    pub(super) fn new() -> Cache {
        Cache {
            slots: vec![(0, 0); SLOTS],
        }
    }

    fn slot(key: u128) -> usize {
        Cache::hash(key) as usize & (SLOTS - 1)
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
}
