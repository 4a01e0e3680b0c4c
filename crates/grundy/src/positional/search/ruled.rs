//! [`RuledOut`]: the nimbers a part was found not to have, shared by every thread of a search
//! and kept within its share of [`Limits::max_memory`](crate::Limits::max_memory).
//!
//! A narrow question ("is the nimber in `W`?") answered "no" is a fact about the part: its
//! nimber is fixed, so it is none of `W` whatever order of moves led to it, whichever thread
//! asked, and forever. The transposition table keeps only full nimbers; this store keeps, for
//! a part's key, the nimbers below 64 ruled out so far, so that the same question met again
//! (through another order of moves, or on the other thread) is answered at once.
//!
//! Lines of two ways, each a key and a word of nimbers, behind a sequence lock as in
//! [`Table`](crate::positional::Table): a writer makes the line's version odd while it writes,
//! and drops its note when another writer holds the line; a reader that sees the version odd
//! or changed takes the probe as a miss. So a word read is always one written for that exact
//! key, and only ever holds nimbers some search ruled out for that key: an answer from here is
//! never wrong; a note lost (replaced, dropped) costs only a search. A note goes to the way
//! that holds its key, else to the first, whose note moves to the second: a full line keeps
//! the two keys noted last. The lines in use start few (they stay in the processor's caches
//! on small searches) and double while over half full, made as they come into use; a key's
//! line is its hash's low bits, so doubling moves each note whose line is now the twin there,
//! line by line under the line's lock, before the larger size is published. A note written
//! meanwhile into a line already passed is stranded there (found nowhere: lost, never wrong).

use std::sync::atomic::{fence, AtomicU32, AtomicU64, Ordering};

use crate::positional::table::{slots_within, try_lock, Doubling, Fills, Versioned};

/// The lines in use at first (at most all of them).
const FIRST_LINES: usize = 1 << 12;

/// Notes in a line.
const WAYS: usize = 2;

/// Aligned to its size, one cache line: a probe misses once.
#[repr(align(64))]
struct Line {
    version: AtomicU32,
    /// Each way's key as two words, low first (0, 0: empty).
    keys: [AtomicU64; 2 * WAYS],
    /// Each way's nimbers below 64 that its key's part is known not to have.
    outs: [AtomicU64; WAYS],
}

/// The bytes one line takes.
const LINE_BYTES: usize = std::mem::size_of::<Line>();

/// The nimbers ruled out of parts, by key, shared among threads.
pub(super) struct RuledOut {
    /// The lines, made as they come into use.
    lines: Doubling<Line>,
}

impl RuledOut {
    /// A store within `bytes` of memory (at least one line).
    pub(super) fn with_memory(bytes: u64) -> RuledOut {
        let count = slots_within(bytes, LINE_BYTES);
        RuledOut {
            lines: Doubling::new(count, FIRST_LINES, || Line {
                version: AtomicU32::new(0),
                keys: std::array::from_fn(|_| AtomicU64::new(0)),
                outs: std::array::from_fn(|_| AtomicU64::new(0)),
            }),
        }
    }

    /// The memory the lines take at most (once all are in use).
    pub(super) fn bytes(&self) -> usize {
        self.lines.len() * LINE_BYTES
    }

    /// Adds the ways a thread counted in `fills` to the store's count.
    pub(super) fn settle(&self, fills: &mut Fills) {
        self.lines.settle(fills);
    }

    /// Each note in use as `(key, nimbers ruled out)`, read under its line's sequence lock
    /// while other threads may write: a line written meanwhile is skipped.
    pub(super) fn entries(&self) -> impl Iterator<Item = (u128, u64)> + '_ {
        self.lines.in_use().flat_map(|line| {
            let before = line.version.load(Ordering::Acquire);
            let notes: [(u128, u64); WAYS] = if before & 1 == 1 {
                [(0, 0); WAYS]
            } else {
                std::array::from_fn(|way| {
                    (key_of(line, way), line.outs[way].load(Ordering::Relaxed))
                })
            };
            fence(Ordering::Acquire);
            let torn = line.version.load(Ordering::Relaxed) != before;
            notes.into_iter().filter(move |&(key, _)| !torn && key != 0)
        })
    }

    fn hash(key: u128) -> usize {
        let folded = (key as u64) ^ ((key >> 64) as u64).rotate_left(23);
        let hash = folded.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        (hash ^ (hash >> 32)) as usize
    }

    fn line(&self, key: u128) -> &Line {
        self.lines.slot(RuledOut::hash(key))
    }

    /// Doubles the lines in use from `used`, when no other thread is at it: each note whose
    /// line is now the twin moves there, to the same way.
    fn grow(&self, used: usize) {
        self.lines.grow(
            used,
            |low, high| {
                for way in 0..WAYS {
                    let key = key_of(low, way);
                    if key != 0 && RuledOut::hash(key) & used != 0 {
                        // The twin was never in use: its way is empty.
                        for i in 2 * way..2 * way + 2 {
                            let word = low.keys[i].load(Ordering::Relaxed);
                            high.keys[i].store(word, Ordering::Relaxed);
                            low.keys[i].store(0, Ordering::Relaxed);
                        }
                        let out = low.outs[way].load(Ordering::Relaxed);
                        high.outs[way].store(out, Ordering::Relaxed);
                    }
                }
            },
            || {},
        );
    }

    /// Whether the nimber of `key`'s part is known to be none of `nimbers` (below 64).
    pub(super) fn rules_out(&self, key: u128, nimbers: u64) -> bool {
        let line = self.line(key);
        let before = line.version.load(Ordering::Acquire);
        if before & 1 == 1 {
            return false;
        }
        let out = (0..WAYS)
            .find(|&way| key_of(line, way) == key)
            .map(|way| line.outs[way].load(Ordering::Relaxed));
        fence(Ordering::Acquire);
        out.is_some_and(|out| nimbers & !out == 0) && line.version.load(Ordering::Relaxed) == before
    }

    /// Notes that the nimber of `key`'s part (`key` not 0) is none of `nimbers` (below 64),
    /// with what was noted of it before. A new key takes the first way, the note there moving
    /// to the second, whose note is forgotten: a full line keeps its two latest keys. A way
    /// filled is counted in the thread's `fills`.
    pub(super) fn rule_out(&self, key: u128, nimbers: u64, fills: &mut Fills) {
        let line = self.line(key);
        let Some(version) = try_lock(&line.version) else {
            return;
        };
        let held = [key_of(line, 0), key_of(line, 1)];
        let mut grow = None;
        if let Some(way) = (0..WAYS).find(|&way| held[way] == key) {
            line.outs[way].fetch_or(nimbers, Ordering::Relaxed);
        } else {
            if held[0] != 0 {
                for i in 0..2 {
                    let word = line.keys[i].load(Ordering::Relaxed);
                    line.keys[2 + i].store(word, Ordering::Relaxed);
                }
                let out = line.outs[0].load(Ordering::Relaxed);
                line.outs[1].store(out, Ordering::Relaxed);
            }
            if held[0] == 0 || held[1] == 0 {
                grow = self.lines.fill(WAYS, fills);
            }
            line.keys[0].store(key as u64, Ordering::Relaxed);
            line.keys[1].store((key >> 64) as u64, Ordering::Relaxed);
            line.outs[0].store(nimbers, Ordering::Relaxed);
        }
        line.version.store(version + 2, Ordering::Release);
        if let Some(used) = grow {
            self.grow(used);
        }
    }
}

/// The key held in `way` of `line` (0: empty).
fn key_of(line: &Line, way: usize) -> u128 {
    let [low, high] = [&line.keys[2 * way], &line.keys[2 * way + 1]];
    u128::from(low.load(Ordering::Relaxed)) | u128::from(high.load(Ordering::Relaxed)) << 64
}

impl Versioned for Line {
    fn version(&self) -> &AtomicU32 {
        &self.version
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_add_up_and_a_full_line_keeps_the_latest_keys() {
        let store = RuledOut::with_memory(1 << 12);
        assert!(store.bytes() <= 1 << 12);
        assert!(!store.rules_out(7, 0b1));
        store.rule_out(7, 0b1, &mut Fills::default());
        store.rule_out(7, 0b100, &mut Fills::default());
        assert!(store.rules_out(7, 0b101));
        assert!(!store.rules_out(7, 0b10));
        assert!(!store.rules_out(8, 0b1));
        // One line: a third key pushes out the first.
        let one = RuledOut::with_memory(LINE_BYTES as u64);
        one.rule_out(7, 0b1, &mut Fills::default());
        one.rule_out(9, 0b10, &mut Fills::default());
        one.rule_out(11, 0b100, &mut Fills::default());
        assert!(!one.rules_out(7, 0b1) && one.rules_out(9, 0b10) && one.rules_out(11, 0b100));
        // A note on a key held stays in its way.
        one.rule_out(9, 0b1, &mut Fills::default());
        assert!(one.rules_out(9, 0b11) && one.rules_out(11, 0b100));
    }

    #[test]
    fn doubling_keeps_the_notes() {
        let store = RuledOut::with_memory(1 << 20);
        let keys = 1..=(3 * FIRST_LINES * WAYS) as u128;
        let mut fills = Fills::default();
        for key in keys.clone() {
            store.rule_out(key, 1 << (key % 64), &mut fills);
        }
        assert!(store.lines.used() > FIRST_LINES);
        let kept = keys
            .clone()
            .filter(|&key| store.rules_out(key, 1 << (key % 64)))
            .count();
        // Full lines lose some to collisions, none to the doubling.
        assert!(kept > keys.count() / 2, "{kept}");
    }

    #[test]
    fn threads_never_read_another_keys_nimbers() {
        // Two lines, many keys: each key `k` only ever notes nimber `k % 64`, so a read that
        // mixed two keys' words would rule out a nimber its key never noted.
        let store = RuledOut::with_memory(2 * LINE_BYTES as u64);
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
        assert!(store.bytes() <= 2 * LINE_BYTES);
    }
}
