//! Moves of heaps beyond the table, found through the proved period: a heap of 10^18 tokens
//! has too many splits to list, and splits whose smaller part differs by a multiple of the
//! period have the same value.

use super::{HeapGame, HeapSolver};
use crate::error::Result;
use crate::game::Parts;
use crate::heap::Digit;
use crate::nimber::Nimber;

impl<R: HeapGame> HeapSolver<R> {
    /// Moves of a heap beyond the table to value `target`, found through the proved period:
    /// one move per class of splits that the period makes equivalent (see
    /// [`Evaluator::moves_to_value`]).
    pub(super) fn moves_by_period(
        &mut self,
        heap: u64,
        target: Nimber,
    ) -> Result<Option<Vec<Parts<u64>>>> {
        let (Some(code), Some(certificate)) = (self.code.clone(), self.certificate.clone()) else {
            return Ok(None);
        };
        if code.max_parts() > 2 {
            return Ok(None);
        }
        let target = target.value();
        let mut found: Vec<Parts<u64>> = Vec::new();
        let reach = certificate.preperiod.max(1) + certificate.period;
        for &(take, digit) in code.digits() {
            let Some(rest) = heap.checked_sub(take) else {
                break;
            };
            if digit.takes_all() && rest == 0 && target == 0 {
                found.push(Parts::new());
            }
            if digit.leaves_one() && rest > 0 && self.value(rest)?.value() == target {
                found.push(Parts::from_slice(&[rest]));
            }
            if digit.splits_two() {
                // Beyond the preperiod both parts repeat with the period, so splits whose
                // smaller part differs by a multiple of it have the same value.
                for small in 1..=code.largest_small_part(rest).min(reach) {
                    if found.len() as u64 >= self.limits.max_moves {
                        break;
                    }
                    let value = self.value(small)?.value() ^ self.value(rest - small)?.value();
                    if value == target {
                        found.push(Parts::from_slice(&[small, rest - small]));
                    }
                }
            }
        }
        if let Some((first, _)) = code.tail().filter(|&(_, digit)| digit == Digit::new(3)) {
            // Tail arithmetic: any heap m <= heap - first may be left; values grow by the
            // saltus every period, so few heaps have the target value.
            if let Some(top) = heap.checked_sub(first) {
                let mut candidates: Vec<u64> = (0..certificate.preperiod.min(top + 1))
                    .filter(|&m| self.tabulated(m) == Some(target))
                    .collect();
                for residue in 0..certificate.period {
                    let start = certificate.preperiod + residue;
                    let Some(base) = self.tabulated(start) else {
                        continue;
                    };
                    if certificate.saltus == 0 {
                        if base == target && start <= top {
                            candidates.push(start);
                        }
                    } else if target >= base && (target - base) % certificate.saltus == 0 {
                        let steps = (target - base) / certificate.saltus;
                        if let Some(m) = steps
                            .checked_mul(certificate.period)
                            .and_then(|offset| offset.checked_add(start))
                            .filter(|&m| m <= top)
                        {
                            candidates.push(m);
                        }
                    }
                }
                candidates.sort_unstable();
                candidates.dedup();
                found.extend(candidates.into_iter().map(|m| {
                    if m == 0 {
                        Parts::new()
                    } else {
                        Parts::from_slice(&[m])
                    }
                }));
            }
        }
        Ok(Some(found))
    }
}
