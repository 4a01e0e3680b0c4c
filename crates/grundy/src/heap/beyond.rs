//! Moves of heaps beyond the table, found through the proved period: a heap of 10^18 tokens
//! has too many splits to list. With an ordinary period, splits whose smaller part differs by
//! a multiple of the period have the same value, so one of each class is listed, with the
//! class's size counted exactly; with an arithmetic period whose saltus is a power of two, the
//! splits worth a given value are few and every one is listed.

use super::{Certificate, HeapGame, HeapSolver};
use crate::error::{Error, Limit, Result};
use crate::game::{MoveClass, Parts};
use crate::nimber::Nimber;

impl<R: HeapGame> HeapSolver<R> {
    /// Moves of a heap beyond the table to value `target`, found through the proved period,
    /// each with the size of its class (see
    /// [`Evaluator::moves_to_value`](crate::Evaluator::moves_to_value)); `None` when the
    /// period gives no short list (splits into three, splits by a repeated digit with a
    /// saltus, a saltus that is not a power of two, or splits whose larger part may fall
    /// below the preperiod).
    ///
    /// # Errors
    /// [`Limit::MovesPerPosition`] when more moves than [`Limits::max_moves`](crate::Limits)
    /// reach the target.
    pub(super) fn moves_by_period(
        &mut self,
        heap: u64,
        target: Nimber,
    ) -> Result<Option<Vec<MoveClass<u64>>>> {
        let (Some(code), Some(certificate)) = (self.code.clone(), self.certificate.clone()) else {
            return Ok(None);
        };
        let splits = code.max_parts() == 2;
        let tail = code.tail();
        let arithmetic = certificate.saltus > 0;
        let tail_splits = tail.is_some_and(|(_, digit)| digit.splits_two());
        if code.max_parts() > 2
            || (arithmetic && splits && (tail_splits || !certificate.saltus.is_power_of_two()))
        {
            return Ok(None);
        }
        let target = target.value();
        let mut found: Vec<MoveClass<u64>> = Vec::new();
        let period = certificate.period;
        // From `first` on, small parts fall into classes modulo the period.
        let first = certificate.preperiod.max(1);
        for &(take, digit) in code.digits() {
            let Some(rest) = heap.checked_sub(take) else {
                break;
            };
            if digit.takes_all() && rest == 0 && target == 0 {
                found.push(class(Parts::new(), 1));
            }
            if digit.leaves_one() && rest > 0 && self.value(rest)?.value() == target {
                found.push(class(Parts::from_slice(&[rest]), 1));
            }
            if digit.splits_two() && arithmetic {
                let mut splits = Vec::new();
                self.arithmetic_splits(rest, target, &certificate, &mut splits)?;
                found.extend(splits.into_iter().map(|parts| class(parts, 1)));
            } else if digit.splits_two() {
                let largest = code.largest_small_part(rest);
                // Beyond the preperiod both parts repeat with the period, so splits whose
                // smaller part differs by a multiple of it have the same value, provided the
                // larger part never falls below the preperiod.
                if rest - largest < certificate.preperiod {
                    return Ok(None);
                }
                for small in 1..=largest.min(first + period - 1) {
                    if found.len() as u64 > self.limits.max_moves {
                        break;
                    }
                    let value = self.value(small)?.value() ^ self.value(rest - small)?.value();
                    if value == target {
                        let count = if small < first {
                            1
                        } else {
                            (largest - small) / period + 1
                        };
                        found.push(class(Parts::from_slice(&[small, rest - small]), count));
                    }
                }
            }
        }
        if let Some((first, digit)) = tail {
            if let Some(top) = heap.checked_sub(first) {
                if digit.takes_all() && target == 0 {
                    found.push(class(Parts::new(), 1));
                }
                if digit.leaves_one() {
                    let heaps = self.heaps_worth(target, top, &certificate);
                    found.extend(
                        heaps
                            .into_iter()
                            .map(|(m, count)| class(Parts::from_slice(&[m]), count)),
                    );
                }
            }
        }
        if found.len() as u64 > self.limits.max_moves {
            return Err(Error::limit(Limit::MovesPerPosition, self.limits.max_moves));
        }
        Ok(Some(found))
    }

    /// The heaps `1..=top` worth `target`, each with the size of its class: those of the
    /// preperiod alone, then one per class of the period (with a saltus, the one heap of the
    /// class worth `target`; without, the first of the class in `1..=top`, standing for every
    /// heap of the class up to `top`).
    fn heaps_worth(&self, target: u64, top: u64, certificate: &Certificate) -> Vec<(u64, u64)> {
        let period = certificate.period;
        let mut heaps: Vec<(u64, u64)> = (1..certificate.preperiod.min(top + 1))
            .filter(|&m| self.tabulated(m) == Some(target))
            .map(|m| (m, 1))
            .collect();
        for residue in 0..period {
            let start = certificate.preperiod + residue;
            let Some(base) = self.tabulated(start) else {
                continue;
            };
            let heap = if certificate.saltus == 0 {
                // Heap 0 is no heap left: the class starts a period later.
                let first = if start == 0 { period } else { start };
                (base == target && first <= top).then(|| (first, (top - first) / period + 1))
            } else if target >= base && (target - base) % certificate.saltus == 0 {
                ((target - base) / certificate.saltus)
                    .checked_mul(period)
                    .and_then(|offset| offset.checked_add(start))
                    .filter(|&m| (1..=top).contains(&m))
                    .map(|m| (m, 1))
            } else {
                None
            };
            heaps.extend(heap);
        }
        heaps.sort_unstable();
        heaps.dedup();
        heaps
    }

    /// Every split of `rest` tokens into two heaps worth `target` together, under an arithmetic
    /// period whose saltus `s = 2^e` is a power of two. With `g(n0 + j + q p) = b_j + q s`, write
    /// `b_j = h_j 2^e + r_j`; parts in classes `ja`, `jb` with `qa + qb = Q` are worth
    /// `(A ^ B) 2^e + (r_ja ^ r_jb)` with `A = h_ja + qa`, `B = h_jb + qb`, and `A + B = R` is
    /// fixed. `A + B = R` and `A ^ B = T` hold exactly when `C = (R - T) / 2` is a whole number
    /// sharing no bit with `T` and `A = C | X`, `B = C | (T ^ X)` for a submask `X` of `T`.
    fn arithmetic_splits(
        &mut self,
        rest: u64,
        target: u64,
        certificate: &Certificate,
        found: &mut Vec<Parts<u64>>,
    ) -> Result<()> {
        let (n0, p, s) = (
            certificate.preperiod,
            certificate.period,
            certificate.saltus,
        );
        let shift = s.trailing_zeros();
        for small in 1..n0.min(rest / 2 + 1) {
            if self.value(small)?.value() ^ self.value(rest - small)?.value() == target {
                found.push(Parts::from_slice(&[small, rest - small]));
            }
        }
        let base = |j: u64| self.tabulated(n0 + j).unwrap_or(0);
        for ja in 0..p {
            for jb in 0..p {
                let Some(q) = rest
                    .checked_sub(2 * n0 + ja + jb)
                    .filter(|left| left % p == 0)
                    .map(|left| left / p)
                else {
                    continue;
                };
                let (a_base, b_base) = (base(ja), base(jb));
                if (a_base ^ b_base) & (s - 1) != target & (s - 1) {
                    continue;
                }
                let (ha, hb) = (a_base >> shift, b_base >> shift);
                let (r, t) = (ha + hb + q, target >> shift);
                let Some(c) = r.checked_sub(t).filter(|twice| twice % 2 == 0) else {
                    continue;
                };
                let c = c / 2;
                if c & t != 0 {
                    continue;
                }
                let (lo, hi) = (ha, ha + q);
                let mut heads = Vec::new();
                let cap = usize::try_from(self.limits.max_moves).unwrap_or(usize::MAX);
                submasks_between(c, t, 0, (lo, hi), cap, &mut heads);
                for a in heads.into_iter().map(|head| n0 + ja + (head - ha) * p) {
                    if a >= 1 && a <= rest - a {
                        if found.len() as u64 >= self.limits.max_moves {
                            return Err(Error::limit(
                                Limit::MovesPerPosition,
                                self.limits.max_moves,
                            ));
                        }
                        found.push(Parts::from_slice(&[a, rest - a]));
                    }
                }
            }
        }
        Ok(())
    }
}

/// Pushes onto `out` every `c | chosen | x` with `x` a submask of `bits` that lies in
/// `lo..=hi` (`c`, `chosen` and `bits` sharing no bit), until `out` holds more than `cap`,
/// deciding the bits of `bits` from the highest down and dropping every branch whose values
/// all fall outside the range: at most two branches a level straddle a bound, so the work is
/// about 64 steps per value pushed.
fn submasks_between(
    c: u64,
    bits: u64,
    chosen: u64,
    (lo, hi): (u64, u64),
    cap: usize,
    out: &mut Vec<u64>,
) {
    let (least, most) = (c | chosen, c | chosen | bits);
    if most < lo || least > hi || out.len() > cap {
        return;
    }
    if bits == 0 {
        out.push(least);
        return;
    }
    let top = 1 << (63 - bits.leading_zeros());
    submasks_between(c, bits & !top, chosen | top, (lo, hi), cap, out);
    submasks_between(c, bits & !top, chosen, (lo, hi), cap, out);
}

fn class(parts: Parts<u64>, count: u64) -> MoveClass<u64> {
    MoveClass { parts, count }
}
