//! Moore's Nim_k: Nim where a move takes tokens from at least one and at most `k` heaps.
//!
//! Moore found the P-positions (E. H. Moore, "A generalization of the game called Nim", Annals
//! of Mathematics 11 (1910) 93-94; Berlekamp, Conway and Guy, *Winning Ways*, ch. 15): write
//! the heaps in binary; a position is a P-position exactly when the digits of every column add
//! up to a multiple of `k + 1`. No formula is known for the other values when `k >= 2`, so they
//! come from search, and the P-positions serve as a partial closed form: each is worth 0 at
//! once, whatever the size of its heaps. With `k = 1` the game is Nim.

use crate::error::{Error, Result};
use crate::game::{Parts, Ruleset};
use crate::nimber::Nimber;

/// Moore's Nim_k; a position is a list of heaps, in the order written.
///
/// A move takes one or more tokens from each of at least one and at most `k` heaps. The order
/// of the heaps does not matter: [`Ruleset::canonical`] sorts them and drops empty ones. A move
/// that empties every heap finishes the component (it leaves no part).
///
/// # Example
/// ```
/// use grundy::{rules::Moore, Nimber, Ruleset, Solver};
/// let moore = Moore::new(2)?;
/// // 1, 2, 3 in binary: the columns add up to 2 and 2, not multiples of 3.
/// assert!(!moore.is_p_position(&[1, 2, 3]));
/// // 7, 7, 7 and 1, 2, 3, 4, 5, 6 add up to 3 in every column.
/// assert!(moore.is_p_position(&[7, 7, 7]));
/// assert!(moore.is_p_position(&[1, 2, 3, 4, 5, 6]));
/// assert_eq!(moore.closed_form(&vec![10u64.pow(18); 3]), Some(Nimber::ZERO));
/// let mut solver = Solver::new(moore);
/// assert_eq!(solver.value(&vec![1, 1])?, Nimber::new(2)); // take from one heap or both
/// assert_eq!(moore.format(&[vec![3, 4, 5]]), "moore(2; 3,4,5)");
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Moore {
    k: u64,
}

/// Beyond this many heaps in one move, [`Moore::move_count`] bounds the moves by a product
/// instead of counting them exactly (the exact count then exceeds any limit anyway).
const EXACT_COUNT_WIDTH: u64 = 64;

impl Moore {
    /// Moore's Nim_k: a move takes from at least one and at most `k` heaps.
    ///
    /// # Errors
    /// `k = 0`: no move would be allowed.
    pub fn new(k: u64) -> Result<Moore> {
        if k == 0 {
            return Err(Error::invalid_rule(
                "moore(k; heaps) needs k >= 1: a move takes from 1 to k heaps",
            ));
        }
        Ok(Moore { k })
    }

    /// The most heaps one move may take from.
    pub fn k(&self) -> u64 {
        self.k
    }

    /// Moore's criterion: every binary column of `heaps` adds up to a multiple of `k + 1`.
    pub fn is_p_position(&self, heaps: &[u64]) -> bool {
        (0..u64::BITS).all(|bit| {
            let ones = heaps.iter().filter(|&&heap| heap >> bit & 1 == 1).count() as u64;
            ones % (self.k.saturating_add(1)) == 0
        })
    }
}

/// The parts left by `heaps`: none when every heap is empty.
fn heaps_parts(heaps: Vec<u64>) -> Parts<Vec<u64>> {
    if heaps.iter().all(|&heap| heap == 0) {
        Parts::new()
    } else {
        Parts::from_iter([heaps])
    }
}

impl Ruleset for Moore {
    type Position = Vec<u64>;

    fn moves(&self, heaps: &Vec<u64>, out: &mut Vec<Parts<Vec<u64>>>) {
        let live: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] > 0).collect();
        let most = usize::try_from(self.k)
            .unwrap_or(usize::MAX)
            .min(live.len());
        for size in 1..=most {
            // Each set of `size` live heaps, as increasing indices into `live`.
            let mut chosen: Vec<usize> = (0..size).collect();
            loop {
                // Each way of taking at least one token from each chosen heap, the amounts
                // counted like an odometer, smallest first.
                let mut taken = vec![1; size];
                'amounts: loop {
                    let mut next = heaps.clone();
                    for (&choice, &take) in chosen.iter().zip(&taken) {
                        next[live[choice]] -= take;
                    }
                    out.push(heaps_parts(next));
                    for (digit, &choice) in chosen.iter().enumerate() {
                        if taken[digit] < heaps[live[choice]] {
                            taken[digit] += 1;
                            continue 'amounts;
                        }
                        taken[digit] = 1;
                    }
                    break;
                }
                // The next set in lexicographic order, if any.
                let Some(slot) = (0..size).rev().find(|&j| chosen[j] < live.len() - size + j)
                else {
                    break;
                };
                chosen[slot] += 1;
                for j in slot + 1..size {
                    chosen[j] = chosen[j - 1] + 1;
                }
            }
        }
    }

    fn canonical(&self, heaps: &Vec<u64>) -> Vec<u64> {
        let mut sorted: Vec<u64> = heaps.iter().copied().filter(|&heap| heap > 0).collect();
        sorted.sort_unstable();
        sorted
    }

    fn closed_form(&self, heaps: &Vec<u64>) -> Option<Nimber> {
        if self.k == 1 {
            return Some(Nimber::new(heaps.iter().fold(0, |sum, &heap| sum ^ heap)));
        }
        self.is_p_position(heaps).then_some(Nimber::ZERO)
    }

    /// The sum over sets `S` of at most `k` heaps of the product of their sizes: exact while
    /// `min(k, heaps) < 64`, else the product of `(1 + size)`, which is larger.
    fn move_count(&self, heaps: &Vec<u64>) -> Option<u64> {
        let width = self.k.min(heaps.len() as u64);
        if width >= EXACT_COUNT_WIDTH {
            let product = heaps.iter().fold(1u64, |product, &heap| {
                product.saturating_mul(heap.saturating_add(1))
            });
            // The product counts the move that takes nothing; a saturated one stays a bound.
            return Some(if product == u64::MAX {
                product
            } else {
                product - 1
            });
        }
        // sums[j]: the sum over sets of j heaps seen so far of the product of their sizes.
        let mut sums = vec![0u64; width as usize + 1];
        sums[0] = 1;
        for &heap in heaps {
            for j in (1..sums.len()).rev() {
                sums[j] = sums[j].saturating_add(sums[j - 1].saturating_mul(heap));
            }
        }
        Some(
            sums[1..]
                .iter()
                .fold(0, |sum, &count| sum.saturating_add(count)),
        )
    }

    fn describe(&self, from: &Vec<u64>, to: &[Vec<u64>]) -> String {
        let after = super::piles_left(to);
        let takes: Vec<String> = (0..from.len())
            .filter(|&index| after(index) < from[index])
            .map(|index| format!("{} from {}", from[index] - after(index), from[index]))
            .collect();
        let left: Vec<String> = (0..from.len())
            .map(|index| after(index).to_string())
            .collect();
        let takes = match takes.as_slice() {
            [] => "nothing".to_string(),
            [rest @ .., last] if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
            _ => takes.join(""),
        };
        format!("take {takes}, leaving ({})", left.join(","))
    }

    fn format(&self, positions: &[Vec<u64>]) -> String {
        super::format_sum(positions, |heaps| {
            format!("moore({}; {})", self.k, super::comma_list(heaps))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Solver;
    use crate::rules::check_words;

    #[test]
    fn p_positions_are_worth_zero_and_the_rest_are_not() -> Result<()> {
        for k in 1..=3 {
            let moore = Moore::new(k)?;
            let mut solver = Solver::new(moore).use_closed_forms(false);
            for a in 0..=6 {
                for b in a..=6 {
                    for c in b..=6 {
                        let heaps = vec![a, b, c];
                        let value = solver.value(&heaps)?;
                        assert_eq!(
                            value == Nimber::ZERO,
                            moore.is_p_position(&heaps),
                            "k = {k}, {heaps:?}"
                        );
                        if let Some(formula) = moore.closed_form(&heaps) {
                            assert_eq!(formula, value, "k = {k}, {heaps:?}");
                        }
                    }
                }
            }
        }
        Ok(())
    }

    #[test]
    fn moves_are_counted_exactly() -> Result<()> {
        for (k, heaps, count) in [
            (1, vec![3, 4, 5], 12),
            (2, vec![3, 4, 5], 12 + 12 + 15 + 20),
            (3, vec![3, 0, 4, 5], 12 + 47 + 60),
            (5, vec![2, 2], 4 + 4),
            (2, vec![], 0),
        ] {
            let moore = Moore::new(k)?;
            let mut out = Vec::new();
            moore.moves(&heaps, &mut out);
            assert_eq!(out.len(), count, "k = {k}, {heaps:?}");
            assert_eq!(moore.move_count(&heaps), Some(count as u64));
            let distinct: std::collections::HashSet<_> = out.iter().collect();
            assert_eq!(distinct.len(), count, "no move is listed twice");
        }
        let huge = Moore::new(100)?;
        assert_eq!(huge.move_count(&vec![1; 70]), Some(u64::MAX));
        assert_eq!(huge.move_count(&vec![10u64.pow(18); 2]), Some(u64::MAX));
        Ok(())
    }

    #[test]
    fn zero_heaps_per_move_is_refused() {
        let error = Moore::new(0)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(error.contains("k >= 1"), "{error}");
    }

    #[test]
    fn describes_and_formats() -> Result<()> {
        let moore = Moore::new(2)?;
        check_words(
            &moore,
            &[
                (
                    vec![3, 4, 5],
                    &[vec![1, 4, 0]],
                    "take 2 from 3 and 5 from 5, leaving (1,4,0)",
                ),
                (vec![3, 4], &[vec![3, 1]], "take 3 from 4, leaving (3,1)"),
                (vec![3, 4], &[], "take 3 from 3 and 4 from 4, leaving (0,0)"),
            ],
            &[
                (&[], "0"),
                (&[vec![3, 4, 5], vec![1]], "moore(2; 3,4,5) + moore(2; 1)"),
            ],
        );
        assert_eq!(moore.canonical(&vec![5, 0, 3]), vec![3, 5]);
        Ok(())
    }
}
