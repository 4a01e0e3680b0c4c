//! Wythoff's game: two heaps; take any number from one heap, or the same number from both.
//!
//! Equivalently a queen on a chessboard moving left, down or diagonally down-left towards the
//! corner ("Wyt Queens"). The P-positions are the pairs `(floor(k*phi), floor(k*phi^2))`
//! (Wythoff, 1907), but no formula is known for the other Grundy values, so they come from
//! search.

use super::pair_parts;
use crate::game::{Parts, Ruleset};

/// Wythoff's game on a pair of heaps `(a, b)`: a move takes `k >= 1` tokens from one heap, or
/// `k` tokens from each.
///
/// The order of the heaps does not matter; [`Ruleset::canonical`] sorts them. Taking the last
/// tokens of both heaps finishes the component (the move leaves no part).
///
/// # Example
/// ```
/// use grundy::{rules::Wythoff, Nimber, Ruleset, Solver};
/// let mut solver = Solver::new(Wythoff);
/// assert_eq!(solver.value(&(3, 5))?, Nimber::ZERO); // a P-position: (floor(2 phi), floor(2 phi^2))
/// assert_eq!(solver.value(&(1, 4))?, Nimber::new(5));
/// assert_eq!(Wythoff.format(&[(3, 5), (1, 2)]), "wythoff(3,5) + wythoff(1,2)");
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wythoff;

impl Ruleset for Wythoff {
    type Position = (u64, u64);

    fn moves(&self, &(a, b): &(u64, u64), out: &mut Vec<Parts<(u64, u64)>>) {
        out.extend((0..a).map(|left| pair_parts(left, b)));
        out.extend((0..b).map(|left| pair_parts(a, left)));
        out.extend((1..=a.min(b)).map(|take| pair_parts(a - take, b - take)));
    }

    fn canonical(&self, &(a, b): &(u64, u64)) -> (u64, u64) {
        (a.min(b), a.max(b))
    }

    fn move_count(&self, &(a, b): &(u64, u64)) -> Option<u64> {
        Some(a.saturating_add(b).saturating_add(a.min(b)))
    }

    fn describe(&self, &(a, b): &(u64, u64), to: &[(u64, u64)]) -> String {
        let (x, y) = super::pair_left(&(a, b), to);
        let (from_a, from_b) = (a.saturating_sub(x), b.saturating_sub(y));
        let what = match (from_a, from_b) {
            (k, 0) => format!("take {k} from the first heap"),
            (0, k) => format!("take {k} from the second heap"),
            (k, _) => format!("take {k} from both heaps"),
        };
        format!("{what}, leaving ({x},{y})")
    }

    fn format(&self, positions: &[(u64, u64)]) -> String {
        super::format_sum(positions, |(a, b)| format!("wythoff({a},{b})"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Result;
    use crate::game::Solver;
    use crate::nimber::Nimber;
    use crate::rules::check_words;
    use crate::rules::published_values;

    /// Published values: OEIS A004481, read by antidiagonals (see the file's header).
    const TABLE: &str = include_str!("../../tests/data/wythoff.txt");

    fn value(solver: &mut Solver<Wythoff>, a: u64, b: u64) -> Result<u64> {
        solver.value(&(a, b)).map(Nimber::value)
    }

    /// The Wythoff pairs `(a_k, b_k)` with `a_k < limit`, without floating point: `a_k` is the
    /// least number not yet used by an earlier pair and `b_k = a_k + k` (the complementary
    /// Beatty sequences of phi and phi^2).
    fn wythoff_pairs(limit: u64) -> Vec<(u64, u64)> {
        let mut used = vec![false; 3 * limit as usize + 3];
        let mut pairs = Vec::new();
        for k in 0.. {
            let Some(a) = (0..limit).find(|&n| !used[n as usize]) else {
                break;
            };
            let b = a + k;
            used[a as usize] = true;
            used[b as usize] = true;
            pairs.push((a, b));
        }
        pairs
    }

    #[test]
    fn beatty_pairs_start_as_published() {
        // Wythoff (1907); Winning Ways ch. 3: (0,0), (1,2), (3,5), (4,7), (6,10), (8,13).
        assert_eq!(
            wythoff_pairs(9)[..6],
            [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13)]
        );
    }

    #[test]
    fn p_positions_are_the_wythoff_pairs() -> Result<()> {
        let mut zeros = Vec::new();
        for (a, b) in wythoff_pairs(40) {
            zeros.push((a, b));
            if a != b {
                zeros.push((b, a));
            }
        }
        zeros.retain(|&(a, b)| a < 40 && b < 40);
        let mut solver = Solver::new(Wythoff);
        for a in 0..40 {
            for b in 0..40 {
                let is_zero = value(&mut solver, a, b)? == 0;
                assert_eq!(is_zero, zeros.contains(&(a, b)), "({a},{b})");
            }
        }
        Ok(())
    }

    #[test]
    fn first_rows() -> Result<()> {
        // Row 0 is Nim: g(0,n) = n. Row 1 (OEIS A004481 example; Winning Ways ch. 3):
        // 1 2 0 4 5 3 7 8 6 ..., i.e. g(1,n) = n+1, n+1, n-2 as n = 0, 1, 2 mod 3.
        let mut solver = Solver::new(Wythoff);
        for n in 0..100 {
            assert_eq!(value(&mut solver, 0, n)?, n);
            assert_eq!(value(&mut solver, n, 0)?, n);
            let row_one = if n % 3 == 2 { n - 2 } else { n + 1 };
            assert_eq!(value(&mut solver, 1, n)?, row_one, "g(1,{n})");
        }
        Ok(())
    }

    #[test]
    fn table_matches_oeis_a004481() -> Result<()> {
        let values = published_values(TABLE);
        assert_eq!(values.len(), 91);
        let mut solver = Solver::new(Wythoff);
        let mut index = 0;
        for d in 0..13 {
            // Within antidiagonal d the terms are T(d,0), T(d-1,1), ..., T(0,d).
            for j in 0..=d {
                assert_eq!(
                    value(&mut solver, d - j, j)?,
                    values[index],
                    "T({},{j})",
                    d - j
                );
                index += 1;
            }
        }
        Ok(())
    }

    #[test]
    fn moves_and_counts() {
        let mut out = Vec::new();
        Wythoff.moves(&(1, 1), &mut out);
        assert_eq!(out.len() as u64, Wythoff.move_count(&(1, 1)).unwrap_or(0));
        assert!(out.contains(&Parts::new()), "taking both finishes the game");
        out.clear();
        Wythoff.moves(&(3, 6), &mut out);
        assert_eq!(out.len(), 12);
        assert_eq!(Wythoff.move_count(&(u64::MAX, 5)), Some(u64::MAX));
    }

    #[test]
    fn describes_and_formats() {
        check_words(
            &Wythoff,
            &[
                (
                    (3, 5),
                    &[(1, 5)],
                    "take 2 from the first heap, leaving (1,5)",
                ),
                (
                    (3, 5),
                    &[(3, 1)],
                    "take 4 from the second heap, leaving (3,1)",
                ),
                ((3, 5), &[(2, 4)], "take 1 from both heaps, leaving (2,4)"),
                ((2, 2), &[], "take 2 from both heaps, leaving (0,0)"),
            ],
            &[(&[], "0"), (&[(3, 5)], "wythoff(3,5)")],
        );
        assert_eq!(Wythoff.canonical(&(5, 3)), (3, 5));
    }
}
