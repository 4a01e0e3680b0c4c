//! The search for a period a theorem proves, in a table of values.

use super::{arithmetic, checksum, heaps_needed, max_take, Certificate, Claim, Theorem};
use crate::heap::code::Code;

/// The last `n` with `g(n + period) != g(n) + saltus`, scanning down from the end of `values`.
pub(super) fn last_mismatch<V: Copy + Into<u64>>(
    values: &[V],
    period: usize,
    saltus: u64,
) -> Option<usize> {
    let value = |n: usize| -> u64 { values[n].into() };
    (0..values.len() - period)
        .rev()
        .find(|&n| value(n).checked_add(saltus) != Some(value(n + period)))
}

/// Whether the tail-arithmetic side conditions hold on `values` (see the module docs).
pub(super) fn tail_conditions<V: Copy + Into<u64>>(values: &[V], t: u64, claim: Claim) -> bool {
    let Claim {
        preperiod,
        period,
        saltus,
    } = claim;
    let len = values.len();
    let n1 = len - period;
    let Ok(t) = usize::try_from(t) else {
        return false;
    };
    if n1 < preperiod + t || n1 <= t {
        return false;
    }
    let set_of = |range: std::ops::Range<usize>| -> std::collections::HashSet<u64> {
        values[range].iter().map(|&v| v.into()).collect()
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

/// Whether the conditions `theorem` adds to the compared values hold (for the ordinary
/// periods, only that the saltus is 0).
pub(super) fn side_conditions<V: Copy + Into<u64>>(
    theorem: Theorem,
    code: &Code,
    values: &[V],
    claim: Claim,
) -> bool {
    match theorem {
        Theorem::TailArithmetic => tail_conditions(values, max_take(code), claim),
        Theorem::Arithmetic => arithmetic::conditions(code, values, claim),
        Theorem::Window | Theorem::GuySmith | Theorem::GuySmithThree => claim.saltus == 0,
    }
}

/// Searches `values` (heaps `0..values.len()`) for the least period that `theorem` proves,
/// and for it the least preperiod; returns a certificate naming `rule`.
///
/// # Complexity
/// Each candidate period is compared from the end of the table down to its first mismatch,
/// so the search costs about one pass over the table per period that nearly fits.
pub fn prove<V: Copy + Into<u64>>(code: &Code, rule: &str, values: &[V]) -> Option<Certificate> {
    let theorem = Theorem::for_code(code)?;
    let len = values.len();
    // Periods that cannot be proved with saltus 0 because a smaller one they are multiples of
    // cannot: if `g(m) != g(m + p)` at `m = preperiod(p) - 1`, then `g(m) != g(m + k p)` while
    // the table reaches, so `k p` with saltus 0 has at least the same preperiod and needs a
    // longer table. A multiple whose saltus is not 0 is another matter (`allbut{2,3,7}`: period
    // 2 with saltus 0 holds only at the table's end, period 4 with saltus 2 everywhere).
    let mut hopeless = Bits::new(len);
    for period in 1..len {
        let needed_at_least = heaps_needed(theorem, code, 0, period as u64)?;
        if needed_at_least > len as u64 {
            return None;
        }
        let saltus = if theorem.arithmetic() {
            let (last, before): (u64, u64) =
                (values[len - 1].into(), values[len - 1 - period].into());
            let Some(rise) = last.checked_sub(before) else {
                continue;
            };
            rise
        } else {
            0
        };
        if saltus == 0 && hopeless.get(period) {
            continue;
        }
        let preperiod = last_mismatch(values, period, saltus).map_or(0, |n| n + 1);
        let needed = heaps_needed(theorem, code, preperiod as u64, period as u64)?;
        if needed > len as u64 {
            if saltus == 0 && preperiod > 0 {
                let mut multiple = 2 * period;
                while preperiod - 1 + multiple < len {
                    hopeless.set(multiple);
                    multiple += period;
                }
            }
            continue;
        }
        let claim = Claim {
            preperiod,
            period,
            saltus,
        };
        if !side_conditions(theorem, code, values, claim) {
            continue;
        }
        let checked_to = if theorem.arithmetic() {
            len as u64 - 1
        } else {
            needed - 1
        };
        return Some(Certificate {
            rule: rule.to_string(),
            theorem,
            preperiod: preperiod as u64,
            period: period as u64,
            saltus,
            checked_to,
            checksum: checksum(values[..=checked_to as usize].iter().map(|&v| v.into())),
        });
    }
    None
}

/// Where a longer table would prove the period the end of `values` already shows: the table
/// length `theorem` needs for the least period that holds over the last eighth of the table
/// (and over four periods at least). `None` when no period shows, or for tail arithmetic
/// (proved from short tables anyway). A failed [`prove`] followed by a table of this length
/// proves the period if it goes on holding, instead of doubling the table.
pub fn promising<V: Copy + Into<u64>>(code: &Code, values: &[V]) -> Option<u64> {
    let theorem = Theorem::for_code(code)?;
    if theorem.arithmetic() {
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

/// One bit a period: the periods already known not to be provable.
struct Bits(Vec<u64>);

impl Bits {
    fn new(len: usize) -> Bits {
        Bits(vec![0; len.div_ceil(64)])
    }

    fn get(&self, index: usize) -> bool {
        self.0[index / 64] >> (index % 64) & 1 == 1
    }

    fn set(&mut self, index: usize) {
        self.0[index / 64] |= 1 << (index % 64);
    }
}
