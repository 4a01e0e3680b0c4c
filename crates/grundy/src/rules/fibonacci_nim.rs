//! Fibonacci Nim: one heap; the first move may not take the whole heap, and each later move
//! takes at least one token and at most twice as many as the move before.
//!
//! A position is the heap and the most tokens the next move may take. Whinihan found the
//! winning strategy (M. J. Whinihan, "Fibonacci Nim", Fibonacci Quarterly 1 (1963) 9-13): write
//! the heap as a sum of non-consecutive Fibonacci numbers (Zeckendorf); the player to move
//! wins exactly when the smallest of them may be taken. So a starting heap is a P-position
//! exactly when it is a Fibonacci number. The other Grundy values have no simple formula
//! (Larsson and Rubinstein-Salzedo, "Grundy values of Fibonacci nim", International Journal of
//! Game Theory 45 (2016) 617-625) and come from search; the P-positions serve as a partial
//! closed form.

use crate::game::{Parts, Ruleset};
use crate::nimber::Nimber;

/// Fibonacci Nim; a position `(heap, most)` is a heap of `heap` tokens from which the next
/// move may take at most `most`. The game on a heap `n` starts at `(n, n - 1)`
/// ([`FibonacciNim::start`]).
///
/// # Example
/// ```
/// use grundy::{rules::FibonacciNim, Nimber, Ruleset, Solver};
/// let game = FibonacciNim;
/// assert_eq!(game.closed_form(&FibonacciNim::start(13)), Some(Nimber::ZERO)); // Fibonacci
/// assert_eq!(game.closed_form(&FibonacciNim::start(12)), None); // 12 = 8 + 3 + 1: take 1
/// let mut solver = Solver::new(game);
/// assert_eq!(solver.value(&FibonacciNim::start(12))?, Nimber::new(6));
/// assert_eq!(game.format(&[FibonacciNim::start(12), (7, 2)]), "fibnim(12) + fibnim(7; max=2)");
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FibonacciNim;

impl FibonacciNim {
    /// The start of the game on a heap of `heap` tokens: any take but the whole heap.
    pub fn start(heap: u64) -> (u64, u64) {
        (heap, heap.saturating_sub(1))
    }
}

/// The smallest Fibonacci number in the Zeckendorf representation of `heap >= 1`: the greedy
/// representation, taking the largest Fibonacci number that fits each time.
fn smallest_zeckendorf_part(mut heap: u64) -> u64 {
    let mut fibonacci = vec![1u64, 2];
    while let Some(next) =
        fibonacci[fibonacci.len() - 2].checked_add(fibonacci[fibonacci.len() - 1])
    {
        fibonacci.push(next);
    }
    let mut smallest = heap;
    for &part in fibonacci.iter().rev() {
        if part <= heap {
            heap -= part;
            smallest = part;
        }
    }
    smallest
}

impl Ruleset for FibonacciNim {
    type Position = (u64, u64);

    fn moves(&self, &(heap, most): &(u64, u64), out: &mut Vec<Parts<(u64, u64)>>) {
        out.extend((1..=most.min(heap)).map(|take| {
            if take == heap {
                Parts::new()
            } else {
                Parts::from_slice(&[(heap - take, take.saturating_mul(2))])
            }
        }));
    }

    fn canonical(&self, &(heap, most): &(u64, u64)) -> (u64, u64) {
        (heap, most.min(heap))
    }

    /// Zero when the smallest Zeckendorf part of the heap is more than the next move may take
    /// (Whinihan); `None` otherwise.
    fn closed_form(&self, &(heap, most): &(u64, u64)) -> Option<Nimber> {
        (heap == 0 || most < smallest_zeckendorf_part(heap)).then_some(Nimber::ZERO)
    }

    fn move_count(&self, &(heap, most): &(u64, u64)) -> Option<u64> {
        Some(heap.min(most))
    }

    fn describe(&self, &(heap, _): &(u64, u64), to: &[(u64, u64)]) -> String {
        match to.first() {
            None => format!("take all {heap}"),
            Some(&(left, most)) => format!(
                "take {} from {heap}, leaving {left} (the next move takes at most {most})",
                heap - left.min(heap)
            ),
        }
    }

    fn format(&self, positions: &[(u64, u64)]) -> String {
        if positions.is_empty() {
            return "0".to_string();
        }
        let mut terms: Vec<String> = Vec::new();
        let mut starts: Vec<String> = Vec::new();
        for &(heap, most) in positions {
            if (heap, most) == FibonacciNim::start(heap) {
                starts.push(heap.to_string());
                continue;
            }
            if !starts.is_empty() {
                terms.push(format!("fibnim({})", starts.join(",")));
                starts.clear();
            }
            terms.push(format!("fibnim({heap}; max={most})"));
        }
        if !starts.is_empty() {
            terms.push(format!("fibnim({})", starts.join(",")));
        }
        terms.join(" + ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Result;
    use crate::game::Solver;

    #[test]
    fn p_positions_follow_whinihan() -> Result<()> {
        let mut solver = Solver::new(FibonacciNim).use_closed_forms(false);
        for heap in 0..=120 {
            for most in 0..=heap {
                let is_zero = solver.value(&(heap, most))? == Nimber::ZERO;
                let formula = FibonacciNim.closed_form(&(heap, most));
                assert_eq!(is_zero, formula.is_some(), "({heap}, {most})");
            }
        }
        Ok(())
    }

    #[test]
    fn starting_p_positions_are_the_fibonacci_numbers() -> Result<()> {
        // Whinihan (1963): the first player loses exactly on 1, 2, 3, 5, 8, 13, 21, ...
        let losing: Vec<u64> = (1..=200)
            .filter(|&heap| {
                FibonacciNim
                    .closed_form(&FibonacciNim::start(heap))
                    .is_some()
            })
            .collect();
        assert_eq!(losing, [1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144]);
        let big = 12_200_160_415_121_876_738; // F(93), the largest Fibonacci number in u64
        assert!(FibonacciNim
            .closed_form(&FibonacciNim::start(big))
            .is_some());
        assert!(FibonacciNim
            .closed_form(&FibonacciNim::start(big - 1))
            .is_none());
        // 4 = 3 + 1, 6 = 5 + 1, 7 = 5 + 2, 12 = 8 + 3 + 1, 20 = 13 + 5 + 2.
        assert_eq!(
            [4, 6, 7, 12, 20].map(smallest_zeckendorf_part),
            [1, 1, 2, 1, 2]
        );
        Ok(())
    }

    #[test]
    fn moves_describe_and_format() {
        let mut out = Vec::new();
        FibonacciNim.moves(&(5, 4), &mut out);
        assert_eq!(
            out.len() as u64,
            FibonacciNim.move_count(&(5, 4)).unwrap_or(0)
        );
        assert_eq!(out[0], Parts::from_slice(&[(4, 2)]));
        out.clear();
        FibonacciNim.moves(&(3, 7), &mut out);
        assert_eq!(
            out.last(),
            Some(&Parts::new()),
            "taking the whole heap ends the game"
        );
        assert_eq!(
            FibonacciNim.describe(&(5, 4), &[(2, 6)]),
            "take 3 from 5, leaving 2 (the next move takes at most 6)"
        );
        assert_eq!(FibonacciNim.describe(&(3, 7), &[]), "take all 3");
        assert_eq!(FibonacciNim.format(&[]), "0");
        assert_eq!(
            FibonacciNim.format(&[(10, 9), (12, 11), (5, 3), (1, 0)]),
            "fibnim(10,12) + fibnim(5; max=3) + fibnim(1)"
        );
        assert_eq!(FibonacciNim.canonical(&(3, 7)), (3, 3));
    }
}
