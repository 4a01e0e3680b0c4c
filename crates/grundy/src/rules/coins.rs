//! Coin-turning games on a row of coins (Berlekamp, Conway and Guy, *Winning Ways*, ch. 14).
//!
//! Coins lie in a row, numbered 1, 2, 3, ... from the left, each showing heads or tails. A move
//! turns over a set of coins allowed by the rule, and the rightmost coin turned must go from
//! heads to tails, so every game ends. A row is the sum of rows with a single head (turning a
//! tails coin to heads is the same as adding a game with a head there, and two heads at one
//! place cancel), so the value of a row is the nim-sum of the values `g(n)` of its heads
//! (Winning Ways, ch. 14; the theorem holds for every rule, since it uses only that the sets a
//! move may turn depend on the rightmost coin alone). [`CoinRule`] says which sets a move may
//! turn; [`crate::coin_solver::CoinSolver`] values rows by a table of `g(n)`.

use std::fmt;

pub use super::coin_rule::{CoinRule, Shape};

use super::coin_rule::MAX_COINS;
use crate::error::{Error, Limit, Result};
use crate::game::{Parts, Ruleset};
use crate::nimber::Nimber;

/// A coin-turning game with the given rule; positions are [`CoinRow`]s.
///
/// # Example
/// ```
/// use grundy::{rules::{CoinRow, CoinRule, CoinTurning}, Nimber, Ruleset, Solver};
/// let row = CoinRow::parse("HTTHT")?; // heads at 1 and 4
/// let turtles = CoinTurning(CoinRule::TURTLES);
/// assert_eq!(turtles.closed_form(&row), Some(Nimber::new(1 ^ 4)));
/// let mut solver = Solver::new(turtles).use_closed_forms(false);
/// assert_eq!(solver.value(&row)?, Nimber::new(5));
/// assert_eq!(turtles.format(&[row]), "turtles(HTTHT)");
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CoinTurning(
    /// Which coins a move may turn.
    pub CoinRule,
);

/// A row of at most 128 coins, each heads or tails.
///
/// # Example
/// ```
/// use grundy::rules::CoinRow;
/// let row = CoinRow::parse("thhTh")?;
/// assert_eq!(row.heads().collect::<Vec<_>>(), [2, 3, 5]);
/// assert_eq!(row.to_string(), "THHTH");
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct CoinRow {
    /// Bit `i` is set when coin `i + 1` shows heads.
    heads: u128,
    /// The number of coins; no head lies beyond it.
    len: u32,
}

impl CoinRow {
    /// Reads a row written as `H` (heads) and `T` (tails), in either case, left to right.
    ///
    /// # Errors
    /// A character other than `H` or `T`, named in the message; more than 128 coins
    /// ([`Limit::GraphSize`]).
    ///
    /// # Example
    /// ```
    /// use grundy::rules::CoinRow;
    /// assert_eq!(CoinRow::parse("HTH")?.to_string(), "HTH");
    /// assert!(CoinRow::parse("HXH").is_err());
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn parse(text: &str) -> Result<CoinRow> {
        let mut row = CoinRow { heads: 0, len: 0 };
        for c in text.chars() {
            if row.len == MAX_COINS {
                return Err(Error::limit(Limit::GraphSize, u64::from(MAX_COINS)));
            }
            match c {
                'H' | 'h' => row.heads |= 1 << row.len,
                'T' | 't' => {}
                _ => {
                    return Err(Error::invalid_position(format!(
                        "'{c}' is not a coin: write H for heads and T for tails"
                    )))
                }
            }
            row.len += 1;
        }
        Ok(row)
    }

    /// The positions of the heads, numbered from 1 at the left, in increasing order.
    ///
    /// # Example
    /// ```
    /// use grundy::rules::CoinRow;
    /// assert_eq!(CoinRow::parse("HTTH")?.heads().collect::<Vec<_>>(), [1, 4]);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn heads(&self) -> impl Iterator<Item = u32> + use<> {
        bits(self.heads).map(|bit| bit + 1)
    }

    /// The heads as a mask: bit `i` is set when coin `i + 1` shows heads.
    pub(crate) fn mask(&self) -> u128 {
        self.heads
    }

    /// The number of coins.
    pub(crate) fn len(&self) -> u32 {
        self.len
    }

    /// The same coins with some turned over: bit `i` of `mask` turns coin `i + 1`.
    fn turned(self, mask: u128) -> Parts<CoinRow> {
        let heads = self.heads ^ mask;
        if heads == 0 {
            Parts::new()
        } else {
            Parts::from_slice(&[CoinRow {
                heads,
                len: self.len,
            }])
        }
    }
}

/// The set bits of `word`, lowest first.
pub(crate) fn bits(mut word: u128) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        let bit = word.trailing_zeros();
        (word != 0).then(|| {
            word &= word - 1;
            bit
        })
    })
}

impl fmt::Display for CoinRow {
    /// The row as `H` and `T`, left to right: `HTTHT`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        (0..self.len)
            .try_for_each(|i| f.write_str(if self.heads >> i & 1 == 1 { "H" } else { "T" }))
    }
}

impl Ruleset for CoinTurning {
    type Position = CoinRow;

    fn moves(&self, row: &CoinRow, out: &mut Vec<Parts<CoinRow>>) {
        let mut sets = Vec::new();
        for right in bits(row.heads) {
            sets.clear();
            self.0.sets(right, &mut sets);
            out.extend(sets.iter().map(|&set| row.turned(set)));
        }
    }

    fn canonical(&self, row: &CoinRow) -> CoinRow {
        CoinRow {
            heads: row.heads,
            len: u128::BITS - row.heads.leading_zeros(),
        }
    }

    fn closed_form(&self, row: &CoinRow) -> Option<Nimber> {
        row.heads()
            .try_fold(0, |sum, n| Some(sum ^ self.0.head_formula(n)?))
            .map(Nimber::new)
    }

    fn move_count(&self, row: &CoinRow) -> Option<u64> {
        let sets = row.heads().map(|n| self.0.set_count(u64::from(n)));
        Some(sets.fold(0, u64::saturating_add))
    }

    fn describe(&self, from: &CoinRow, to: &[CoinRow]) -> String {
        let after = to.first().map_or(0, |row| row.heads);
        let turned: Vec<u32> = bits(from.heads ^ after).map(|bit| bit + 1).collect();
        match turned.as_slice() {
            [] => "turn no coin".to_string(),
            [coin] => format!("turn coin {coin}"),
            [first, .., last] if self.0.shape() == Shape::Run && turned.len() > 2 => {
                format!("turn coins {first} to {last}")
            }
            [rest @ .., last] => {
                let rest: Vec<String> = rest.iter().map(u32::to_string).collect();
                format!("turn coins {} and {last}", rest.join(", "))
            }
        }
    }

    fn format(&self, rows: &[CoinRow]) -> String {
        if rows.is_empty() {
            return "0".to_string();
        }
        let rows: Vec<String> = rows.iter().map(CoinRow::to_string).collect();
        format!("{}({})", self.0, rows.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Solver;
    use crate::rules::published_values;

    const RULES: [CoinRule; 3] = [CoinRule::TURTLES, CoinRule::MOCK_TURTLES, CoinRule::RULER];

    fn single_head(n: u32) -> CoinRow {
        CoinRow {
            heads: 1 << (n - 1),
            len: n,
        }
    }

    #[test]
    fn closed_forms_match_search_on_short_rows() -> Result<()> {
        for rule in RULES {
            let mut solver = Solver::new(CoinTurning(rule)).use_closed_forms(false);
            for len in 0..=7 {
                for heads in 0..1u128 << len {
                    let row = CoinRow { heads, len };
                    let formula = CoinTurning(rule).closed_form(&row);
                    assert_eq!(Some(solver.value(&row)?), formula, "{rule:?} {row}");
                }
            }
        }
        Ok(())
    }

    #[test]
    fn single_heads_match_published_values() -> Result<()> {
        // Mock Turtles: OEIS A000069 (odious numbers; "nim-values for game of mock turtles").
        // Ruler: OEIS A006519, the largest power of 2 dividing n (Winning Ways ch. 14).
        let cases = [
            (
                CoinRule::MOCK_TURTLES,
                published_values(include_str!("../../tests/data/mock_turtles.txt")),
                65,
                12,
            ),
            (
                CoinRule::RULER,
                published_values(include_str!("../../tests/data/ruler.txt")),
                102,
                14,
            ),
        ];
        for (rule, values, count, searched) in cases {
            assert_eq!(values.len(), count);
            let game = CoinTurning(rule);
            let mut solver = Solver::new(game).use_closed_forms(false);
            for (n, &expected) in (1..).zip(&values) {
                let row = single_head(n);
                assert_eq!(
                    game.closed_form(&row),
                    Some(Nimber::new(expected)),
                    "{rule:?} {n}"
                );
                if n <= searched {
                    assert_eq!(solver.value(&row)?, Nimber::new(expected), "{rule:?} {n}");
                }
            }
        }
        // Turning Turtles (Winning Ways ch. 14): a head at n is worth *n.
        let mut solver = Solver::new(CoinTurning(CoinRule::TURTLES)).use_closed_forms(false);
        for n in 1..=14 {
            assert_eq!(solver.value(&single_head(n))?, Nimber::new(u64::from(n)));
        }
        Ok(())
    }

    #[test]
    fn move_counts_bound_the_moves() -> Result<()> {
        for rule in RULES {
            for text in ["HHHHHHHH", "THTHHTTH", "H", ""] {
                let row = CoinRow::parse(text)?;
                let mut out = Vec::new();
                CoinTurning(rule).moves(&row, &mut out);
                let bound = CoinTurning(rule).move_count(&row).unwrap_or(0);
                assert!(out.len() as u64 <= bound, "{rule:?} {text}");
            }
        }
        Ok(())
    }

    #[test]
    fn parse_and_print() -> Result<()> {
        let row = CoinRow::parse("hTtHt")?;
        assert_eq!(row.to_string(), "HTTHT");
        assert_eq!(row.heads().collect::<Vec<_>>(), [1, 4]);
        assert_eq!(CoinRow::parse("")?.to_string(), "");
        let long = "H".repeat(128);
        assert_eq!(CoinRow::parse(&long)?.heads().count(), 128);
        let error = CoinRow::parse(&"T".repeat(129)).err();
        assert_eq!(error, Some(Error::limit(Limit::GraphSize, 128)));
        let message = CoinRow::parse("HTx")
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(message.contains("'x'"), "{message}");
        Ok(())
    }

    #[test]
    fn canonical_trims_trailing_tails() -> Result<()> {
        let game = CoinTurning(CoinRule::TURTLES);
        assert_eq!(
            game.canonical(&CoinRow::parse("THTT")?),
            CoinRow::parse("TH")?
        );
        let mut out = Vec::new();
        game.moves(&CoinRow::parse("TTH")?, &mut out);
        assert!(
            out.contains(&Parts::new()),
            "turning the last head finishes the row"
        );
        assert!(out.contains(&Parts::from_slice(&[CoinRow::parse("HTT")?])));
        Ok(())
    }

    #[test]
    fn describes_and_formats() -> Result<()> {
        let row = CoinRow::parse("THTTH")?;
        let turtles = CoinTurning(CoinRule::TURTLES);
        let mock = CoinTurning(CoinRule::MOCK_TURTLES);
        let ruler = CoinTurning(CoinRule::RULER);
        assert_eq!(
            turtles.describe(&row, &[CoinRow::parse("TTTTT")?]),
            "turn coins 2 and 5"
        );
        assert_eq!(turtles.describe(&row, &[]), "turn coins 2 and 5");
        assert_eq!(
            turtles.describe(&row, &[CoinRow::parse("THTTT")?]),
            "turn coin 5"
        );
        assert_eq!(
            mock.describe(&row, &[CoinRow::parse("HTTTT")?]),
            "turn coins 1, 2 and 5"
        );
        assert_eq!(
            ruler.describe(&row, &[CoinRow::parse("TTHHT")?]),
            "turn coins 2 to 5"
        );
        assert_eq!(turtles.format(&[row]), "turtles(THTTH)");
        assert_eq!(mock.format(&[CoinRow::parse("THHTH")?]), "mock(THHTH)");
        assert_eq!(
            ruler.format(&[CoinRow::parse("HHTH")?, row]),
            "ruler(HHTH,THTTH)"
        );
        assert_eq!(ruler.format(&[]), "0");
        Ok(())
    }
}
