//! Nim: remove any positive number of tokens from one heap.
//!
//! The value of a heap is its size (Bouton, 1901), so Nim is the one ruleset whose values need
//! no search at all; the solver still checks that formula against the moves in tests.

use crate::game::{Parts, Ruleset};
use crate::nimber::Nimber;

use super::{format_heaps, heap_parts};

/// Nim: a move takes any positive number of tokens from one heap.
///
/// # Example
/// ```
/// use grundy::{rules::Nim, Ruleset, Nimber};
/// assert_eq!(Nim.closed_form(&5), Some(Nimber::new(5)));
/// assert_eq!(Nim.format(&[3, 4, 5]), "nim(3,4,5)");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Nim;

impl Ruleset for Nim {
    type Position = u64;

    fn moves(&self, heap: &u64, out: &mut Vec<Parts<u64>>) {
        out.extend((0..*heap).map(heap_parts));
    }

    fn closed_form(&self, heap: &u64) -> Option<Nimber> {
        Some(Nimber::new(*heap))
    }

    fn moves_to_value(&self, heap: &u64, target: Nimber) -> Option<Vec<Parts<u64>>> {
        Some(if target.value() < *heap {
            vec![heap_parts(target.value())]
        } else {
            Vec::new()
        })
    }

    fn move_count(&self, heap: &u64) -> Option<u64> {
        Some(*heap)
    }

    fn describe(&self, from: &u64, to: &[u64]) -> String {
        super::describe_take(*from, to)
    }

    fn format(&self, heaps: &[u64]) -> String {
        format_heaps("nim", heaps)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Solver;

    #[test]
    fn bouton_formula_matches_search() {
        let mut solver = Solver::new(Nim).use_closed_forms(false);
        for heap in 0..40 {
            assert_eq!(solver.value(&heap), Ok(Nimber::new(heap)));
        }
    }
}
