//! Proved periods: the theorems, the search for a period in a table, and certificates.
//!
//! A period is claimed only as a [`Certificate`]: the theorem used, the preperiod, the period,
//! the saltus, and the heaps whose values were computed and compared. Each theorem turns a
//! finite check into a statement about every heap:
//!
//! - **Window** (codes whose moves leave at most one heap, such as finite subtraction sets,
//!   removing at most `t` tokens): if `g(n + p) = g(n)` for `n0 <= n < max(n0 + t, t + 1)`,
//!   then for every `n >= n0`. A heap's value depends only on the `t` values below it.
//! - **Guy-Smith** (Guy and Smith, 1956; Winning Ways ch. 4): for a finite octal code whose moves
//!   leave at most two heaps and remove at most `t` tokens, if `g(n + p) = g(n)` for
//!   `n0 <= n < 2·n0' + p + t` with `n0' = max(n0, 1)`, then for every `n >= n0`. The larger
//!   part of any split of `N + p - k` is at least `n0' + p`, so moving `p` tokens between it
//!   and the larger part of a split of `N - k` keeps the XOR.
//! - **Guy-Smith for three heaps** (the same argument for hexadecimal codes): the range is
//!   `n0 <= n < 3·n0' + 2p + t`, since the largest of three parts is at least a third.
//! - **Tail arithmetic** (codes without splits whose last digit `3` repeats, such as the all-but
//!   subtraction games, whose arithmetic periodicity is known from Siegel's work on all-but
//!   subtraction games): with `t + 1` the first repeated removal, `P0`, `P1` the values of heaps
//!   below `n0` and `n0 + p`, and `Q` those of heaps `n0..=N1 - t - 1`, if
//!   `g(n + p) = g(n) + s` for `n0 <= n < N1` with `N1 >= n0 + t`, `N1 > t`, and moreover
//!   every value below `s` lies in `P1`, every value of `P1` from `s` on lies in `(P0 ∪ Q) + s`,
//!   and `P0 + s` lies in `P1 ∪ (Q + s)`, then `g(n + p) = g(n) + s` for every `n >= n0`.
//!   (The options of `N + p` are then exactly `[0, s)` and the options of `N` shifted by `s`.)
//! - **Arithmetic** (codes whose repeated digit may leave a heap, splitting into at most two
//!   heaps, such as Lasker's Nim `4.[3]`): `g(n + p) = g(n) + s` with `s > 0` on the table,
//!   low values that close up, every value below `g(n)` reached by a move that shifts with the
//!   period on the table's last period, and a residue or size argument that no move reaches
//!   `g(n)`; the test and its proof are in [`arithmetic`].
//!
//! For codes whose last digit repeats, `t` is the first repeated removal less one. A repeated
//! digit `1` (take a whole heap of at least `t + 1` tokens) gives every heap from `t + 1` on
//! the same option 0, so the three finite theorems hold for such codes unchanged: their ranges
//! already make `n >= t + 1` for every heap the induction reaches.
//!
//! Rules no theorem covers here (Grundy's game; codes whose repeated digit splits heaps without
//! leaving one, such as `0.[4]`; codes that split in three and repeat a digit) get no
//! certificate, whatever the table looks like.

use std::fmt;

pub mod arithmetic;
mod check;
mod search;
#[cfg(test)]
mod tests;

pub use check::{check, Refutation};
pub use search::{promising, prove};

use super::code::{Code, Digit};

/// A claimed periodicity, as the side conditions test it: `g(n + period) = g(n) + saltus` for
/// every `n >= preperiod`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Claim {
    /// The first heap the claim covers.
    pub(super) preperiod: usize,
    /// The period, at least 1.
    pub(super) period: usize,
    /// What a period adds to the value (0 for an ordinary period).
    pub(super) saltus: u64,
}

/// The theorem a certificate relies on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Theorem {
    /// Moves leave at most one heap and remove at most `t` tokens: a window of `t` values.
    Window,
    /// Guy and Smith (1956): finite codes whose moves leave at most two heaps.
    GuySmith,
    /// The Guy-Smith argument for finite codes whose moves leave up to three heaps.
    GuySmithThree,
    /// Arithmetic periodicity of codes without splits whose digit 3 repeats (all-but games).
    TailArithmetic,
    /// Arithmetic periodicity of codes whose repeated digit may leave a heap, with splits into
    /// at most two heaps (Lasker's Nim).
    Arithmetic,
}

impl Theorem {
    /// All theorems.
    pub const ALL: [Theorem; 5] = [
        Theorem::Window,
        Theorem::GuySmith,
        Theorem::GuySmithThree,
        Theorem::TailArithmetic,
        Theorem::Arithmetic,
    ];

    /// The theorem's short name, as written in certificates: `window`, `guy-smith`,
    /// `guy-smith-3`, `tail-arithmetic`, `arithmetic`.
    pub fn name(self) -> &'static str {
        match self {
            Theorem::Window => "window",
            Theorem::GuySmith => "guy-smith",
            Theorem::GuySmithThree => "guy-smith-3",
            Theorem::TailArithmetic => "tail-arithmetic",
            Theorem::Arithmetic => "arithmetic",
        }
    }

    /// The theorem named `name`.
    pub fn from_name(name: &str) -> Option<Theorem> {
        Theorem::ALL
            .into_iter()
            .find(|theorem| theorem.name() == name)
    }

    /// The theorem in one sentence, for reports.
    pub fn statement(self) -> &'static str {
        match self {
            Theorem::Window => {
                "moves leave at most one heap and remove at most t tokens (or a whole larger \
                 heap), so a repeated window of t values repeats forever"
            }
            Theorem::GuySmith => {
                "Guy-Smith (1956): for a code leaving at most two heaps and removing at most t \
                 tokens (or a whole larger heap), g(n+p) = g(n) for n0 <= n < 2*max(n0,1) + p + t \
                 implies it for all n >= n0"
            }
            Theorem::GuySmithThree => {
                "Guy-Smith generalised to three heaps: g(n+p) = g(n) for \
                 n0 <= n < 3*max(n0,1) + 2p + t implies it for all n >= n0"
            }
            Theorem::TailArithmetic => {
                "arithmetic periodicity of codes without splits whose digit 3 repeats: \
                 g(n+p) = g(n) + s on a checked range whose value sets close up implies it for all n >= n0"
            }
            Theorem::Arithmetic => {
                "arithmetic periodicity of codes whose repeated digit leaves a heap (splits into at \
                 most two): g(n+p) = g(n) + s on the table, low values that close up, every value \
                 below g(n) reached by a move that shifts with the period, and no move reaching \
                 g(n) (by size, or residue mod the largest power of 2 dividing s), imply it for all n >= n0"
            }
        }
    }

    /// The theorem that applies to `code`, if any.
    pub fn for_code(code: &Code) -> Option<Theorem> {
        if code.unequal() {
            return None;
        }
        let finite = || match code.max_parts() {
            0 | 1 => Theorem::Window,
            2 => Theorem::GuySmith,
            _ => Theorem::GuySmithThree,
        };
        match code.tail() {
            None => Some(finite()),
            // A repeated 1 only takes a whole heap of `first` or more tokens: the option 0 of
            // every heap from `first` on, the same for `n` and `n + p` once `n >= first`,
            // which the finite theorems' ranges (t = first - 1) already ensure.
            Some((_, digit)) if digit == Digit::new(1) => Some(finite()),
            Some((_, digit)) if digit == Digit::new(3) && code.max_parts() <= 1 => {
                Some(Theorem::TailArithmetic)
            }
            Some((_, digit)) if digit.leaves_one() && code.max_parts() <= 2 => {
                Some(Theorem::Arithmetic)
            }
            Some(_) => None,
        }
    }
}

/// Why no theorem here covers `code` (for which [`Theorem::for_code`] is `None`), in words;
/// `None` for a rule that is no take-and-break code.
pub fn no_theorem_reason(code: Option<&Code>) -> &'static str {
    match code {
        Some(code) if code.unequal() => {
            "no periodicity theorem here covers splits into unequal heaps (Grundy's game)"
        }
        Some(code) if code.max_parts() >= 3 => {
            "no periodicity theorem here covers codes that split heaps in three and also \
             repeat a digit"
        }
        Some(_) => {
            "no periodicity theorem here covers a repeated digit that splits heaps without \
             leaving one (4 or 5)"
        }
        None => {
            "the rule has no take-and-break code (an infinite subtraction set such as the \
             squares, which need not be periodic)"
        }
    }
}

impl Theorem {
    /// Whether the theorem proves arithmetic periods (a saltus read from the table) rather
    /// than ordinary ones.
    pub fn arithmetic(self) -> bool {
        matches!(self, Theorem::TailArithmetic | Theorem::Arithmetic)
    }
}

impl fmt::Display for Theorem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A proved (arithmetic) period: `g(n + period) = g(n) + saltus` for every `n >= preperiod`.
///
/// Only [`prove`] and [`check`] make certificates that claim a proof; the fields are public so
/// that faces can show them and read them back, and [`check`] re-verifies any of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Certificate {
    /// The rule as spec text (`0.77`, `sub{2,3,7}`).
    pub rule: String,
    /// The theorem that turns the finite check into a proof.
    pub theorem: Theorem,
    /// The first heap from which the period holds; the last exception is `preperiod - 1`.
    pub preperiod: u64,
    /// The period.
    pub period: u64,
    /// The saltus: 0 for an ordinary period.
    pub saltus: u64,
    /// The last heap whose value was computed; the relation was compared on every `n` with
    /// `preperiod <= n` and `n + period <= checked_to`.
    pub checked_to: u64,
    /// FNV-1a hash of the values of heaps `0..=checked_to` (each as 8 little-endian bytes).
    pub checksum: u64,
}

impl Certificate {
    /// The value of heap `heap >= preperiod` from the values of heaps below
    /// `preperiod + period`; `None` when it does not fit in 64 bits.
    pub fn value_from(&self, heap: u64, prefix: impl Fn(u64) -> u64) -> Option<u64> {
        let offset = heap.checked_sub(self.preperiod)?;
        let base = prefix(self.preperiod + offset % self.period);
        (offset / self.period)
            .checked_mul(self.saltus)?
            .checked_add(base)
    }
}

/// The checksum of no values.
pub const CHECKSUM_START: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV-1a over values, 8 little-endian bytes each.
pub fn checksum(values: impl IntoIterator<Item = u64>) -> u64 {
    checksum_extend(CHECKSUM_START, values)
}

/// The checksum of some values followed by `values`, from the checksum `hash` of the first.
pub fn checksum_extend(mut hash: u64, values: impl IntoIterator<Item = u64>) -> u64 {
    for value in values {
        for byte in value.to_le_bytes() {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    hash
}

/// The largest removal `t` the theorem's range depends on: the largest finite removal, or the
/// last removal before the tail.
pub(super) fn max_take(code: &Code) -> u64 {
    match code.tail() {
        Some((first, _)) => first.saturating_sub(1),
        None => code.max_take().unwrap_or(0),
    }
}

/// The number of heaps a table needs for `theorem` to prove period `period` from
/// `preperiod` (for tail arithmetic, the least such number).
pub fn heaps_needed(theorem: Theorem, code: &Code, preperiod: u64, period: u64) -> Option<u64> {
    let t = max_take(code);
    let n0 = preperiod.max(1);
    let end = match theorem {
        Theorem::Window => preperiod.checked_add(t)?.max(t.checked_add(1)?),
        Theorem::GuySmith => n0.checked_mul(2)?.checked_add(period)?.checked_add(t)?,
        Theorem::GuySmithThree => n0
            .checked_mul(3)?
            .checked_add(period.checked_mul(2)?)?
            .checked_add(t)?,
        Theorem::TailArithmetic => preperiod.checked_add(t)?.max(t.checked_add(1)?),
        // `n0 + p + 2f - 1` with `f = t + 1`: the table's last period lies where every move
        // the proof shifts exists.
        Theorem::Arithmetic => preperiod
            .checked_add(period)?
            .checked_add(t.checked_mul(2)?)?
            .checked_add(1)?,
    };
    // Heaps `preperiod..end` are compared with heaps `period` above them.
    end.checked_add(period)
}
