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
//!
//! For codes whose last digit repeats, `t` is the first repeated removal less one. A repeated
//! digit `1` (take a whole heap of at least `t + 1` tokens) gives every heap from `t + 1` on
//! the same option 0, so the three finite theorems hold for such codes unchanged: their ranges
//! already make `n >= t + 1` for every heap the induction reaches.
//!
//! Rules no theorem covers here (Grundy's game; codes whose repeated digit leaves a heap,
//! other than the tail-arithmetic case, such as Lasker's Nim `4.[3]` or `0.[2]`) get no
//! certificate, whatever the table looks like.

use std::fmt;

use super::code::{Code, Digit};

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
}

impl Theorem {
    /// All theorems.
    pub const ALL: [Theorem; 4] = [
        Theorem::Window,
        Theorem::GuySmith,
        Theorem::GuySmithThree,
        Theorem::TailArithmetic,
    ];

    /// The theorem's short name, as written in certificates: `window`, `guy-smith`,
    /// `guy-smith-3`, `tail-arithmetic`.
    pub fn name(self) -> &'static str {
        match self {
            Theorem::Window => "window",
            Theorem::GuySmith => "guy-smith",
            Theorem::GuySmithThree => "guy-smith-3",
            Theorem::TailArithmetic => "tail-arithmetic",
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
        Some(code) if code.max_parts() >= 2 => {
            "no periodicity theorem here covers codes that split heaps and also remove \
             arbitrarily many tokens leaving a heap"
        }
        Some(_) => {
            "no periodicity theorem here covers a repeated digit 2 (remove any number of \
             tokens but not the whole heap)"
        }
        None => "the rule is not a take-and-break code or subtraction game",
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
fn max_take(code: &Code) -> u64 {
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
    };
    // Heaps `preperiod..end` are compared with heaps `period` above them.
    end.checked_add(period)
}

/// The last `n` with `g(n + period) != g(n) + saltus`, scanning down from the end of `values`.
fn last_mismatch(values: &[u32], period: usize, saltus: i64) -> Option<usize> {
    (0..values.len() - period)
        .rev()
        .find(|&n| i64::from(values[n + period]) - i64::from(values[n]) != saltus)
}

/// Whether the tail-arithmetic side conditions hold on `values` (see the module docs).
fn tail_conditions(values: &[u32], t: u64, preperiod: usize, period: usize, saltus: u64) -> bool {
    let len = values.len();
    let n1 = len - period;
    let Ok(t) = usize::try_from(t) else {
        return false;
    };
    if n1 < preperiod + t || n1 <= t {
        return false;
    }
    let set_of = |range: std::ops::Range<usize>| -> std::collections::HashSet<u64> {
        values[range].iter().map(|&v| u64::from(v)).collect()
    };
    let p0 = set_of(0..preperiod);
    let p1 = set_of(0..preperiod + period);
    let q = set_of(preperiod..n1 - t);
    let below = (0..saltus).all(|value| p1.contains(&value));
    let p1_shifts = p1
        .iter()
        .filter(|&&v| v >= saltus)
        .all(|&v| p0.contains(&(v - saltus)) || q.contains(&(v - saltus)));
    let p0_shifts = p0
        .iter()
        .all(|&v| p1.contains(&(v + saltus)) || q.contains(&v));
    below && p1_shifts && p0_shifts
}

/// Searches `values` (heaps `0..values.len()`) for the least period that `theorem` proves,
/// and for it the least preperiod; returns a certificate naming `rule`.
///
/// # Complexity
/// Each candidate period is compared from the end of the table down to its first mismatch,
/// so the search costs about one pass over the table per period that nearly fits.
pub fn prove(code: &Code, rule: &str, values: &[u32]) -> Option<Certificate> {
    let theorem = Theorem::for_code(code)?;
    let len = values.len();
    let t = max_take(code);
    // Periods that cannot be proved because a smaller one they are multiples of cannot: if
    // `g(m) != g(m + p)` at `m = preperiod(p) - 1`, then `g(m) != g(m + k p)` while the table
    // reaches, so `k p` has at least the same preperiod and needs a longer table.
    let mut hopeless = vec![false; len];
    for period in 1..len {
        let needed_at_least = heaps_needed(theorem, code, 0, period as u64)?;
        if needed_at_least > len as u64 {
            return None;
        }
        if hopeless[period] {
            continue;
        }
        let saltus = if theorem == Theorem::TailArithmetic {
            let rise = i64::from(values[len - 1]) - i64::from(values[len - 1 - period]);
            if rise < 0 {
                continue;
            }
            rise
        } else {
            0
        };
        let preperiod = last_mismatch(values, period, saltus).map_or(0, |n| n + 1);
        let needed = heaps_needed(theorem, code, preperiod as u64, period as u64)?;
        if needed > len as u64 {
            if saltus == 0 && preperiod > 0 {
                let mut multiple = 2 * period;
                while preperiod - 1 + multiple < len {
                    hopeless[multiple] = true;
                    multiple += period;
                }
            }
            continue;
        }
        if theorem == Theorem::TailArithmetic
            && !tail_conditions(values, t, preperiod, period, saltus as u64)
        {
            continue;
        }
        let checked_to = if theorem == Theorem::TailArithmetic {
            len as u64 - 1
        } else {
            needed - 1
        };
        return Some(Certificate {
            rule: rule.to_string(),
            theorem,
            preperiod: preperiod as u64,
            period: period as u64,
            saltus: saltus as u64,
            checked_to,
            checksum: checksum(values[..=checked_to as usize].iter().map(|&v| u64::from(v))),
        });
    }
    None
}

/// Where a longer table would prove the period the end of `values` already shows: the table
/// length `theorem` needs for the least period that holds over the last eighth of the table
/// (and over four periods at least). `None` when no period shows, or for tail arithmetic
/// (proved from short tables anyway). A failed [`prove`] followed by a table of this length
/// proves the period if it goes on holding, instead of doubling the table.
pub fn promising(code: &Code, values: &[u32]) -> Option<u64> {
    let theorem = Theorem::for_code(code)?;
    if theorem == Theorem::TailArithmetic {
        return None;
    }
    let len = values.len();
    (1..=len / 8).find_map(|period| {
        let preperiod = last_mismatch(values, period, 0).map_or(0, |n| n + 1);
        let run = len - preperiod;
        (run >= len / 8 && run >= 4 * period)
            .then(|| heaps_needed(theorem, code, preperiod as u64, period as u64))
            .flatten()
    })
}

/// Why a certificate does not hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refutation {
    /// The theorem does not apply to the rule.
    TheoremDoesNotApply,
    /// The checked range is shorter than the theorem needs.
    RangeTooShort {
        /// Heaps the theorem needs.
        needed: u64,
    },
    /// A value breaks the claimed relation.
    Mismatch {
        /// The heap `n` with `g(n + period) != g(n) + saltus`.
        heap: u64,
    },
    /// The side conditions of tail arithmetic fail.
    SideConditions,
    /// The values' checksum differs from the certificate's.
    Checksum {
        /// The checksum of the recomputed values.
        computed: u64,
    },
}

impl fmt::Display for Refutation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refutation::TheoremDoesNotApply => write!(f, "the theorem does not apply to this rule"),
            Refutation::RangeTooShort { needed } => write!(
                f,
                "the theorem needs values of {needed} heaps, more than the range checked"
            ),
            Refutation::Mismatch { heap } => {
                write!(f, "heap {heap} breaks the claimed period")
            }
            Refutation::SideConditions => {
                write!(f, "the value sets do not close up as tail arithmetic needs")
            }
            Refutation::Checksum { computed } => write!(
                f,
                "the recomputed values have checksum {computed:016x}, not the certificate's"
            ),
        }
    }
}

/// Checks `certificate` against `values`, the values of heaps `0..=certificate.checked_to`
/// computed independently.
///
/// # Errors
/// The first reason the certificate fails.
pub fn check(code: &Code, certificate: &Certificate, values: &[u32]) -> Result<(), Refutation> {
    if Theorem::for_code(code) != Some(certificate.theorem) {
        return Err(Refutation::TheoremDoesNotApply);
    }
    let needed = heaps_needed(
        certificate.theorem,
        code,
        certificate.preperiod,
        certificate.period,
    )
    .ok_or(Refutation::TheoremDoesNotApply)?;
    if certificate.period == 0 || needed > certificate.checked_to.saturating_add(1) {
        return Err(Refutation::RangeTooShort { needed });
    }
    let Ok(len) = usize::try_from(certificate.checked_to + 1) else {
        return Err(Refutation::RangeTooShort { needed });
    };
    let values = &values[..len.min(values.len())];
    let (Ok(period), Ok(preperiod), Ok(saltus)) = (
        usize::try_from(certificate.period),
        usize::try_from(certificate.preperiod),
        i64::try_from(certificate.saltus),
    ) else {
        return Err(Refutation::TheoremDoesNotApply);
    };
    if values.len() < len {
        return Err(Refutation::RangeTooShort { needed });
    }
    if let Some(heap) = last_mismatch(values, period, saltus).filter(|&n| n >= preperiod) {
        return Err(Refutation::Mismatch { heap: heap as u64 });
    }
    if certificate.theorem == Theorem::TailArithmetic
        && !tail_conditions(
            values,
            max_take(code),
            preperiod,
            period,
            certificate.saltus,
        )
    {
        return Err(Refutation::SideConditions);
    }
    let computed = checksum(values.iter().map(|&v| u64::from(v)));
    if computed != certificate.checksum {
        return Err(Refutation::Checksum { computed });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::TakeBreak;

    /// Values with exceptions up to heap 999, then period 4 (not a real game's values: the
    /// search reads only the values and the code's range).
    fn shaped(len: usize) -> Vec<u32> {
        (0..len)
            .map(|n| {
                if n < 1000 {
                    (n % 7) as u32 + 10
                } else {
                    (n % 4) as u32
                }
            })
            .collect()
    }

    #[test]
    fn a_period_shown_too_early_is_promised_then_proved() {
        let code = Code::of_take_break(&TakeBreak::parse("0.376", false).unwrap()).unwrap();
        // Guy-Smith with t = 3: 2 * 1000 + 4 + 3 heaps, and 4 more compared above them.
        let needed = heaps_needed(Theorem::GuySmith, &code, 1000, 4).unwrap();
        assert_eq!(needed, 2011);
        let short = shaped(1800);
        assert_eq!(prove(&code, "0.376", &short), None);
        assert_eq!(promising(&code, &short), Some(needed));
        let certificate = prove(&code, "0.376", &shaped(needed as usize)).unwrap();
        assert_eq!((certificate.preperiod, certificate.period), (1000, 4));
        // Too little of the period shows: nothing is promised.
        assert_eq!(promising(&code, &shaped(1100)), None);
    }
}
