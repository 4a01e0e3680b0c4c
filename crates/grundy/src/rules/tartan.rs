//! Tartans: the product of two coin-turning games, played on a board of coins (Berlekamp,
//! Conway and Guy, *Winning Ways*, ch. 14, "Tartans").
//!
//! A move of the product `G x H` picks a move of `G` turning the coins `A` (rightmost `a`) and a
//! move of `H` turning the coins `B` (rightmost `b`), and turns every coin `(i, j)` with `i` in
//! `A` and `j` in `B`; the coin `(a, b)` must go from heads to tails. The Tartan theorem: a
//! head at `(i, j)` is worth the nim-product `g(i) x h(j)` of the values of heads at `i` in `G`
//! and `j` in `H`, and a board the nim-sum of its heads. `turtles x turtles` is Turning
//! Corners (turn the corners of a rectangle), whose values are the nim-multiplication table.

use super::coins::{bits, CoinRow, CoinRule};
use crate::error::{Error, Limit, Result};
use crate::game::{Parts, Ruleset};
use crate::nimber::Nimber;

/// The most rows a [`CoinBoard`] can hold (as many as coins in a row).
const MAX_ROWS: usize = 128;

/// The product of two coin-turning games; positions are [`CoinBoard`]s whose rows are numbered
/// by the first game and columns by the second.
///
/// # Example
/// ```
/// use grundy::{rules::{CoinBoard, CoinRule, CoinRow, Tartan}, Nimber, Ruleset, Solver};
/// let corners = Tartan(CoinRule::TURTLES, CoinRule::TURTLES);
/// // One head in row 2, column 3: worth 2 x 3 = 1 in nim-multiplication.
/// let board = CoinBoard::from_rows(&[CoinRow::parse("TTT")?, CoinRow::parse("TTH")?])?;
/// assert_eq!(corners.closed_form(&board), Some(Nimber::new(1)));
/// let mut solver = Solver::new(corners).use_closed_forms(false);
/// assert_eq!(solver.value(&board)?, Nimber::new(1));
/// assert_eq!(corners.format(&[board]), "corners(TTT/TTH)");
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tartan(
    /// The game of the rows.
    pub CoinRule,
    /// The game of the columns.
    pub CoinRule,
);

/// A board of at most 128 by 128 coins.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct CoinBoard {
    /// Row `i` (coin row `i + 1`): bit `j` is set when coin `(i + 1, j + 1)` shows heads.
    rows: Vec<u128>,
    /// The number of coins in each row.
    width: u32,
}

impl CoinBoard {
    /// The board with these rows, top first, each as wide as the widest.
    ///
    /// # Errors
    /// More than 128 rows ([`Limit::GraphSize`]).
    pub fn from_rows(rows: &[CoinRow]) -> Result<CoinBoard> {
        if rows.len() > MAX_ROWS {
            return Err(Error::limit_needing(
                Limit::GraphSize,
                MAX_ROWS as u64,
                rows.len() as u64,
            ));
        }
        Ok(CoinBoard {
            rows: rows.iter().map(CoinRow::mask).collect(),
            width: rows.iter().map(CoinRow::len).max().unwrap_or(0),
        })
    }

    /// Whether some coin shows heads.
    pub fn has_heads(&self) -> bool {
        self.rows.iter().any(|&row| row != 0)
    }

    /// The heads as `(row, column)`, numbered from 1.
    pub fn heads(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        (1..)
            .zip(&self.rows)
            .flat_map(|(i, &row)| bits(row).map(move |j| (i, j + 1)))
    }

    /// The board with the coins of `rows` x `columns` turned over.
    fn turned(&self, rows: u128, columns: u128) -> Parts<CoinBoard> {
        let mut next = self.clone();
        for i in bits(rows) {
            next.rows[i as usize] ^= columns;
        }
        if next.has_heads() {
            Parts::from_iter([next])
        } else {
            Parts::new()
        }
    }
}

impl Ruleset for Tartan {
    type Position = CoinBoard;

    fn moves(&self, board: &CoinBoard, out: &mut Vec<Parts<CoinBoard>>) {
        let (mut row_sets, mut column_sets) = (Vec::new(), Vec::new());
        for (i, &row) in (0..).zip(&board.rows) {
            row_sets.clear();
            self.0.sets(i, &mut row_sets);
            for j in bits(row) {
                column_sets.clear();
                self.1.sets(j, &mut column_sets);
                for &rows in &row_sets {
                    out.extend(
                        column_sets
                            .iter()
                            .map(|&columns| board.turned(rows, columns)),
                    );
                }
            }
        }
    }

    fn canonical(&self, board: &CoinBoard) -> CoinBoard {
        let height = board
            .rows
            .iter()
            .rposition(|&row| row != 0)
            .map_or(0, |last| last + 1);
        let rows = board.rows[..height].to_vec();
        let width = rows
            .iter()
            .map(|row| u128::BITS - row.leading_zeros())
            .max()
            .unwrap_or(0);
        CoinBoard { rows, width }
    }

    fn closed_form(&self, board: &CoinBoard) -> Option<Nimber> {
        board.heads().try_fold(Nimber::ZERO, |sum, (i, j)| {
            let (row, column) = (self.0.head_formula(i)?, self.1.head_formula(j)?);
            Some(sum + Nimber::new(row) * Nimber::new(column))
        })
    }

    fn move_count(&self, board: &CoinBoard) -> Option<u64> {
        let sets = board.heads().map(|(i, j)| {
            let rows = self.0.set_count(u64::from(i));
            rows.saturating_mul(self.1.set_count(u64::from(j)))
        });
        Some(sets.fold(0, u64::saturating_add))
    }

    fn describe(&self, from: &CoinBoard, to: &[CoinBoard]) -> String {
        let after = |i: usize| to.first().map_or(0, |board| board.rows[i]);
        let changed: Vec<(usize, u128)> = (0..from.rows.len())
            .map(|i| (i, from.rows[i] ^ after(i)))
            .filter(|&(_, change)| change != 0)
            .collect();
        let list = |items: Vec<String>| match items.as_slice() {
            [rest @ .., last] if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
            _ => items.join(""),
        };
        let rows = list(changed.iter().map(|(i, _)| (i + 1).to_string()).collect());
        let columns = changed.first().map_or(0, |&(_, change)| change);
        let columns = list(bits(columns).map(|j| (j + 1).to_string()).collect());
        let (rows_word, columns_word) = match (changed.len(), columns.contains(' ')) {
            (1, false) => ("row", "column"),
            (1, true) => ("row", "columns"),
            (_, false) => ("rows", "column"),
            (_, true) => ("rows", "columns"),
        };
        format!("turn the coins in {rows_word} {rows} and {columns_word} {columns}")
    }

    fn format(&self, boards: &[CoinBoard]) -> String {
        if boards.is_empty() {
            return "0".to_string();
        }
        let boards: Vec<String> = boards
            .iter()
            .map(|board| {
                let rows: Vec<String> = board
                    .rows
                    .iter()
                    .map(|&row| {
                        (0..board.width)
                            .map(|j| if row >> j & 1 == 1 { 'H' } else { 'T' })
                            .collect()
                    })
                    .collect();
                rows.join("/")
            })
            .collect();
        match self {
            Tartan(CoinRule::TURTLES, CoinRule::TURTLES) => {
                format!("corners({})", boards.join(","))
            }
            Tartan(rows, columns) => format!("tartan({rows},{columns}; {})", boards.join(",")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Solver;

    const RULES: [CoinRule; 3] = [CoinRule::TURTLES, CoinRule::MOCK_TURTLES, CoinRule::RULER];

    fn board(rows: &[&str]) -> Result<CoinBoard> {
        let rows: Result<Vec<CoinRow>> = rows.iter().map(|row| CoinRow::parse(row)).collect();
        CoinBoard::from_rows(&rows?)
    }

    #[test]
    fn the_tartan_theorem_holds_on_small_boards() -> Result<()> {
        for first in RULES {
            for second in RULES {
                let game = Tartan(first, second);
                let mut solver = Solver::new(game).use_closed_forms(false);
                // Every board of 3 rows by 3 columns.
                for heads in 0..1u32 << 9 {
                    let rows: Vec<u128> =
                        (0..3).map(|i| u128::from(heads >> (3 * i) & 7)).collect();
                    let position = CoinBoard { rows, width: 3 };
                    assert_eq!(
                        Some(solver.value(&position)?),
                        game.closed_form(&position),
                        "{}",
                        game.format(&[position])
                    );
                }
            }
        }
        Ok(())
    }

    #[test]
    fn turning_corners_is_the_nim_multiplication_table() -> Result<()> {
        // Winning Ways ch. 14; OEIS A051775, rows 1 to 7 from column 1.
        let table = [
            [1, 2, 3, 4, 5, 6, 7],
            [2, 3, 1, 8, 10, 11, 9],
            [3, 1, 2, 12, 15, 13, 14],
            [4, 8, 12, 6, 2, 14, 10],
            [5, 10, 15, 2, 7, 8, 13],
            [6, 11, 13, 14, 8, 5, 3],
            [7, 9, 14, 10, 13, 3, 4],
        ];
        let corners = Tartan(CoinRule::TURTLES, CoinRule::TURTLES);
        let mut solver = Solver::new(corners).use_closed_forms(false);
        for (i, row) in (0..).zip(table) {
            for (j, expected) in (0..).zip(row) {
                let mut rows = vec![0u128; i + 1];
                rows[i] = 1 << j;
                let position = CoinBoard { rows, width: j + 1 };
                let formula = corners.closed_form(&position);
                assert_eq!(formula, Some(Nimber::new(expected)), "({i},{j})");
                // Search reaches every board below and left of the head: up to 4 by 4.
                if i < 4 && j < 4 {
                    assert_eq!(solver.value(&position)?, Nimber::new(expected), "({i},{j})");
                }
            }
        }
        Ok(())
    }

    #[test]
    fn moves_are_bounded_and_described() -> Result<()> {
        let position = board(&["THT", "TTH"])?;
        for first in RULES {
            for second in RULES {
                let game = Tartan(first, second);
                let mut out = Vec::new();
                game.moves(&position, &mut out);
                assert!(out.len() as u64 <= game.move_count(&position).unwrap_or(0));
            }
        }
        let corners = Tartan(CoinRule::TURTLES, CoinRule::TURTLES);
        assert_eq!(
            corners.describe(&position, &[board(&["HHH", "HTT"])?]),
            "turn the coins in rows 1 and 2 and columns 1 and 3"
        );
        assert_eq!(
            corners.describe(&position, &[board(&["TTT", "TTH"])?]),
            "turn the coins in row 1 and column 2"
        );
        assert_eq!(
            corners.describe(&board(&["TH", "TH"])?, &[]),
            "turn the coins in rows 1 and 2 and column 2"
        );
        assert_eq!(corners.canonical(&board(&["THT", "TTT"])?), board(&["TH"])?);
        assert_eq!(
            Tartan(CoinRule::RULER, CoinRule::MOCK_TURTLES).format(&[position, board(&["H"])?]),
            "tartan(ruler,mock; THT/TTH,H)"
        );
        let tall = vec![CoinRow::parse("H")?; 129];
        assert!(CoinBoard::from_rows(&tall).is_err());
        Ok(())
    }
}
