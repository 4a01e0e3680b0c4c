//! Grundy's game: split one heap into two heaps of different sizes.
//!
//! Not a take-and-break code in the octal sense (the sizes must differ), so it has its own
//! ruleset. No period is known; Flammenkamp has computed billions of values.

use crate::game::{Parts, Ruleset};

use super::format_heaps;

/// Grundy's game: a move splits a heap into two non-empty heaps of different sizes.
///
/// # Example
/// ```
/// use grundy::{rules::GrundyGame, Solver, Nimber};
/// let mut solver = Solver::new(GrundyGame);
/// assert_eq!(solver.value(&5)?, Nimber::new(2)); // 5 = 1 + 4 = 2 + 3
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GrundyGame;

impl Ruleset for GrundyGame {
    type Position = u64;

    fn moves(&self, heap: &u64, out: &mut Vec<Parts<u64>>) {
        let heap = *heap;
        out.extend((1..heap.div_ceil(2)).map(|small| Parts::from_slice(&[small, heap - small])));
    }

    fn move_count(&self, heap: &u64) -> Option<u64> {
        Some(heap / 2)
    }

    fn describe(&self, from: &u64, to: &[u64]) -> String {
        super::describe_take(*from, to)
    }

    fn format(&self, heaps: &[u64]) -> String {
        format_heaps("grundy", heaps)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Solver;
    use crate::nimber::Nimber;

    #[test]
    fn first_values() {
        // OEIS A002188, first terms.
        let mut solver = Solver::new(GrundyGame);
        let values: Vec<u64> = (0..14)
            .map(|n| solver.value(&n).map(Nimber::value).unwrap())
            .collect();
        assert_eq!(values, [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3]);
    }
}
