//! Fraenkel's a-Wythoff game: Wythoff's game where the two amounts taken together may differ
//! by less than `a`.
//!
//! A move takes any number of tokens from one heap, or `k >= 1` from one and `l >= 1` from the
//! other with `|k - l| < a`; `a = 1` is Wythoff's game. The P-positions are the pairs
//! `(A_n, A_n + a n)`, where `A_n` is the least number not among the earlier `A_i` and
//! `A_i + a i`; they are the Beatty sequences `A_n = floor(n alpha)` and
//! `B_n = floor(n (alpha + a))` with `alpha = (2 - a + sqrt(a^2 + 4)) / 2` (A. S. Fraenkel, "How
//! to beat your Wythoff games' opponent on three fronts", American Mathematical Monthly 89
//! (1982) 353-361). The other values have no known formula and come from search; the
//! P-positions serve as a partial closed form, exact in integers, however large the heaps.

use super::pair_parts;
use crate::error::{Error, Result};
use crate::game::{Parts, Ruleset};
use crate::nimber::Nimber;

/// The a-Wythoff game on a pair of heaps: take from one heap, or from both with amounts that
/// differ by less than `a`. Its P-positions are the pairs `(A_n, A_n + a n)` (Fraenkel, 1982).
///
/// The order of the heaps does not matter; [`Ruleset::canonical`] sorts them. Taking the last
/// tokens of both heaps finishes the component (the move leaves no part).
///
/// # Example
/// ```
/// use grundy::{rules::AWythoff, Nimber, Ruleset, Solver};
/// let game = AWythoff::new(2)?;
/// // A_n = floor(n sqrt 2), B_n = A_n + 2n: (1,3), (2,6), (4,10), (5,13), ...
/// assert_eq!(game.closed_form(&(4, 10)), Some(Nimber::ZERO));
/// assert_eq!(game.closed_form(&(3, 5)), None); // P in Wythoff's game, not here
/// assert_eq!(Solver::new(game).value(&(3, 5))?, Nimber::new(4));
/// assert_eq!(game.format(&[(4, 10)]), "wythoff(4,10; a=2)");
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AWythoff {
    a: u64,
}

impl AWythoff {
    /// The a-Wythoff game: amounts taken from both heaps differ by less than `a`.
    ///
    /// # Errors
    /// `a = 0`: no move from both heaps could satisfy `|k - l| < 0`; write Nim for that game.
    pub fn new(a: u64) -> Result<AWythoff> {
        if a == 0 {
            return Err(Error::invalid_rule(
                "wythoff(x,y; a=N) needs a >= 1 (a = 1 is Wythoff's game)",
            ));
        }
        Ok(AWythoff { a })
    }

    /// The bound on the difference of the amounts taken from both heaps.
    pub fn a(&self) -> u64 {
        self.a
    }

    /// `A_n = floor(n alpha)` exactly, when the numbers involved fit in 128 bits.
    ///
    /// With `D = n^2 (a^2 + 4)`, never a square for `n > 0`, `n alpha = (n (2 - a) + sqrt D) / 2`
    /// and its floor is `floor((n (2 - a) + isqrt D) / 2)`: the two differ only by the
    /// irrational part of `sqrt D`, which cannot carry across an integer or half-integer.
    fn lower(&self, n: u64) -> Option<u64> {
        let (a, n) = (u128::from(self.a), u128::from(n));
        let square = n
            .checked_mul(n)?
            .checked_mul(a.checked_mul(a)?.checked_add(4)?)?;
        // isqrt(D) >= n a, since (n a)^2 <= D, so no term below is negative.
        let twice = isqrt(square) - n * a + 2 * n;
        u64::try_from(twice / 2).ok()
    }
}

/// The integer square root of `n`.
fn isqrt(n: u128) -> u128 {
    // A float estimate, corrected to the exact root.
    let mut root = (n as f64).sqrt() as u128;
    while root.checked_mul(root).is_none_or(|square| square > n) {
        root -= 1;
    }
    while (root + 1)
        .checked_mul(root + 1)
        .is_some_and(|square| square <= n)
    {
        root += 1;
    }
    root
}

impl Ruleset for AWythoff {
    type Position = (u64, u64);

    fn moves(&self, &(x, y): &(u64, u64), out: &mut Vec<Parts<(u64, u64)>>) {
        out.extend((1..=x).map(|k| pair_parts(x - k, y)));
        out.extend((1..=y).map(|l| pair_parts(x, y - l)));
        for k in 1..=x {
            let low = (k + 1).saturating_sub(self.a).max(1);
            let high = k.saturating_add(self.a - 1).min(y);
            out.extend((low..=high).map(|l| pair_parts(x - k, y - l)));
        }
    }

    fn canonical(&self, &(x, y): &(u64, u64)) -> (u64, u64) {
        (x.min(y), x.max(y))
    }

    /// Zero on the P-positions `(A_n, A_n + a n)`; `None` elsewhere.
    fn closed_form(&self, &(x, y): &(u64, u64)) -> Option<Nimber> {
        let (low, high) = (x.min(y), x.max(y));
        let gap = high - low;
        (gap % self.a == 0 && self.lower(gap / self.a)? == low).then_some(Nimber::ZERO)
    }

    fn move_count(&self, &(x, y): &(u64, u64)) -> Option<u64> {
        let width = self.a.saturating_mul(2) - 1;
        let both = x.min(y).saturating_mul(x.max(y).min(width));
        Some(x.saturating_add(y).saturating_add(both))
    }

    fn describe(&self, &(x, y): &(u64, u64), to: &[(u64, u64)]) -> String {
        let (p, q) = super::pair_left(&(x, y), to);
        let what = match (x.saturating_sub(p), y.saturating_sub(q)) {
            (k, 0) => format!("take {k} from the first heap"),
            (0, l) => format!("take {l} from the second heap"),
            (k, l) => format!("take {k} from the first heap and {l} from the second"),
        };
        format!("{what}, leaving ({p},{q})")
    }

    fn format(&self, positions: &[(u64, u64)]) -> String {
        super::format_sum(positions, |(x, y)| {
            format!("wythoff({x},{y}; a={})", self.a)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Solver;
    use crate::rules::check_words;

    /// The pairs `(A_n, B_n)` for `n < count` by their definition: `A_n` the mex of the earlier
    /// terms of both sequences, `B_n = A_n + a n`.
    fn pairs_by_mex(a: u64, count: u64) -> Vec<(u64, u64)> {
        let mut used = std::collections::HashSet::new();
        let mut pairs = Vec::new();
        for n in 0..count {
            let low = (0..).find(|v| !used.contains(v)).unwrap_or(0);
            used.insert(low);
            used.insert(low + a * n);
            pairs.push((low, low + a * n));
        }
        pairs
    }

    #[test]
    fn beatty_sequences_match_the_mex_definition() -> Result<()> {
        for a in 1..=12 {
            let game = AWythoff::new(a)?;
            for (n, (low, high)) in (0..).zip(pairs_by_mex(a, 3000)) {
                assert_eq!(game.lower(n), Some(low), "a = {a}, n = {n}");
                assert_eq!(game.closed_form(&(high, low)), Some(Nimber::ZERO));
                assert_eq!(game.closed_form(&(low, high + 1)), None);
            }
        }
        Ok(())
    }

    #[test]
    fn p_positions_match_search() -> Result<()> {
        for a in 1..=4 {
            let game = AWythoff::new(a)?;
            let mut solver = Solver::new(game).use_closed_forms(false);
            for x in 0..30 {
                for y in 0..30 {
                    let is_zero = solver.value(&(x, y))? == Nimber::ZERO;
                    assert_eq!(
                        is_zero,
                        game.closed_form(&(x, y)).is_some(),
                        "a = {a}, ({x},{y})"
                    );
                }
            }
        }
        Ok(())
    }

    #[test]
    fn published_p_positions() -> Result<()> {
        // a = 2: alpha = sqrt 2, so A_n = floor(n sqrt 2) (OEIS A001951) and
        // B_n = floor(n (2 + sqrt 2)) (OEIS A001952), n = 1, 2, ... (Fraenkel 1982).
        let lows = [
            1, 2, 4, 5, 7, 8, 9, 11, 12, 14, 15, 16, 18, 19, 21, 22, 24, 25, 26, 28,
        ];
        let highs = [
            3, 6, 10, 13, 17, 20, 23, 27, 30, 34, 37, 40, 44, 47, 51, 54, 58, 61, 64, 68,
        ];
        let pairs = pairs_by_mex(2, 21);
        let game = AWythoff::new(2)?;
        for ((low, high), &pair) in lows.into_iter().zip(highs).zip(&pairs[1..]) {
            assert_eq!((low, high), pair);
            assert_eq!(game.closed_form(&(low, high)), Some(Nimber::ZERO));
        }
        // Heaps near 10^18 are decided without search.
        let n: u64 = 10u64.pow(17);
        let low = AWythoff::new(3)?.lower(n).unwrap_or(0);
        assert_eq!(
            AWythoff::new(3)?.closed_form(&(low + 3 * n, low)),
            Some(Nimber::ZERO)
        );
        assert_eq!(AWythoff::new(1)?.closed_form(&(u64::MAX, 0)), None);
        Ok(())
    }

    #[test]
    fn moves_and_counts() -> Result<()> {
        let game = AWythoff::new(2)?;
        let mut out = Vec::new();
        game.moves(&(2, 3), &mut out);
        // 2 + 3 from one heap; from both: (1,1), (1,2), (2,1), (2,2), (2,3).
        assert_eq!(out.len(), 10);
        assert!(out.contains(&Parts::from_slice(&[(0, 1)])));
        assert!(!out.contains(&Parts::from_slice(&[(1, 0)])), "|1 - 3| >= 2");
        assert!(out.len() as u64 <= game.move_count(&(2, 3)).unwrap_or(0));
        assert_eq!(game.move_count(&(u64::MAX, 5)), Some(u64::MAX));
        let wide = AWythoff::new(u64::MAX)?;
        out.clear();
        wide.moves(&(2, 2), &mut out);
        assert_eq!(out.len(), 8);
        assert!(AWythoff::new(0).is_err());
        Ok(())
    }

    #[test]
    fn describes_and_formats() -> Result<()> {
        let game = AWythoff::new(3)?;
        check_words(
            &game,
            &[
                (
                    (3, 5),
                    &[(1, 5)],
                    "take 2 from the first heap, leaving (1,5)",
                ),
                (
                    (3, 5),
                    &[(2, 2)],
                    "take 1 from the first heap and 3 from the second, leaving (2,2)",
                ),
                (
                    (3, 5),
                    &[],
                    "take 3 from the first heap and 5 from the second, leaving (0,0)",
                ),
            ],
            &[
                (&[], "0"),
                (&[(3, 5), (1, 0)], "wythoff(3,5; a=3) + wythoff(1,0; a=3)"),
            ],
        );
        assert_eq!(game.canonical(&(5, 3)), (3, 5));
        Ok(())
    }
}
