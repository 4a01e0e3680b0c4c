//! Cram: players take turns placing dominoes on a board of squares, each covering two empty
//! squares side by side, in either direction; who cannot place one loses (Gardner, 1974;
//! Berlekamp, Conway and Guy, *Winning Ways*, ch. 3).
//!
//! A placement splits the empty squares into regions that no domino can join again, so a move
//! leaves one part per region, and the solver values each region once
//! up to the eight symmetries of the square ([`Ruleset::canonical`]). On a `1 x n` strip
//! Cram is Dawson's Kayles (octal 0.07); on a board with both sides even the second player
//! wins by playing the mirror image of each move through the centre.

use std::fmt;

use crate::error::{Error, Limit, Result};
use crate::game::{Parts, Ruleset};

/// The most squares a [`CramBoard`] may have.
const MAX_CELLS: u32 = 64;

/// Cram; positions are [`CramBoard`]s.
///
/// # Example
/// ```
/// use grundy::{rules::{Cram, CramBoard}, Nimber, Solver};
/// let mut solver = Solver::new(Cram);
/// // Both sides even: the second player wins by symmetry.
/// assert_eq!(solver.value(&CramBoard::rectangle(4, 4)?)?, Nimber::ZERO);
/// // A strip of 4 is Dawson's Kayles on 4: value 2.
/// assert_eq!(solver.value(&CramBoard::rectangle(1, 4)?)?, Nimber::new(2));
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cram;

/// A board of at most 64 squares, some empty, in rows of equal width.
///
/// # Example
/// ```
/// use grundy::rules::CramBoard;
/// let board = CramBoard::parse("oox/ooo")?;
/// assert_eq!(board.empty(), 5);
/// assert_eq!(board.to_string(), "oox/ooo");
/// assert_eq!(CramBoard::rectangle(2, 3)?.to_string(), "2x3");
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CramBoard {
    height: u32,
    width: u32,
    /// Bit `r * width + c` is set when the square in row `r`, column `c` (from 0) is empty.
    empty: u64,
}

impl CramBoard {
    /// The empty `height x width` board.
    ///
    /// # Errors
    /// A side of 0, or more than 64 squares ([`Limit::GraphSize`]).
    pub fn rectangle(height: u64, width: u64) -> Result<CramBoard> {
        let cells = check_size(height, width)?;
        Ok(CramBoard {
            height: height as u32,
            width: width as u32,
            empty: u64::MAX >> (64 - cells),
        })
    }

    /// Reads rows of `o` (empty) and `x` (filled) squares, separated by `/`, top first.
    ///
    /// # Errors
    /// Another character, rows of different widths, or more than 64 squares.
    pub fn parse(text: &str) -> Result<CramBoard> {
        let rows: Vec<&str> = text.split('/').collect();
        let width = rows[0].chars().count();
        if let Some(row) = rows.iter().find(|row| row.chars().count() != width) {
            return Err(Error::invalid_position(format!(
                "the rows of a cram board have one width: '{row}' is not {width} squares wide"
            )));
        }
        check_size(rows.len() as u64, width as u64)?;
        let mut empty = 0u64;
        for (i, c) in rows.iter().flat_map(|row| row.chars()).enumerate() {
            match c {
                'o' | 'O' => empty |= 1 << i,
                'x' | 'X' => {}
                _ => {
                    return Err(Error::invalid_position(format!(
                        "'{c}' is not a square: write o for an empty square and x for a filled one"
                    )))
                }
            }
        }
        Ok(CramBoard {
            height: rows.len() as u32,
            width: width as u32,
            empty,
        })
    }

    /// The number of empty squares.
    pub fn empty(&self) -> u32 {
        self.empty.count_ones()
    }

    /// Whether no domino fits: the game is over on this board.
    pub fn is_over(&self) -> bool {
        self.dominoes().next().is_none()
    }

    fn bit(&self, row: u32, column: u32) -> u64 {
        1 << (row * self.width + column)
    }

    /// The empty squares as `(row, column)`, from 0.
    fn squares(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        (0..self.height)
            .flat_map(move |r| (0..self.width).map(move |c| (r, c)))
            .filter(|&(r, c)| self.empty & self.bit(r, c) != 0)
    }

    /// Every domino that fits: pairs of empty squares, the second right of or below the first.
    fn dominoes(&self) -> impl Iterator<Item = ((u32, u32), (u32, u32))> + '_ {
        self.squares().flat_map(move |(r, c)| {
            let right = (c + 1 < self.width && self.empty & self.bit(r, c + 1) != 0)
                .then_some(((r, c), (r, c + 1)));
            let down = (r + 1 < self.height && self.empty & self.bit(r + 1, c) != 0)
                .then_some(((r, c), (r + 1, c)));
            right.into_iter().chain(down)
        })
    }

    /// The regions of the empty squares `empty`, each a board of this board's frame: a move
    /// leaves one part per region, where the player sees it (a region of one square too, so
    /// that the parts name the squares the domino covered).
    fn regions(&self, mut empty: u64) -> Parts<CramBoard> {
        let mut parts = Parts::new();
        while empty != 0 {
            // Grow the region of the lowest empty square, a step in each direction at a time.
            let mut region = empty & empty.wrapping_neg();
            loop {
                let grown = (region | self.neighbours(region)) & empty;
                if grown == region {
                    break;
                }
                region = grown;
            }
            empty &= !region;
            parts.push(CramBoard {
                empty: region,
                ..*self
            });
        }
        parts
    }

    /// The squares next to those of `set`, across one side.
    fn neighbours(&self, set: u64) -> u64 {
        let width = self.width;
        let left_column = (0..self.height).fold(0u64, |mask, r| mask | self.bit(r, 0));
        let right_column = left_column << (width - 1);
        let horizontal = ((set & !right_column) << 1) | ((set & !left_column) >> 1);
        // A board one row of 64 squares wide has no squares above or below.
        horizontal | set.checked_shl(width).unwrap_or(0) | set.checked_shr(width).unwrap_or(0)
    }

    /// The board of the squares `empty` (on this board's grid), trimmed to their bounding box.
    fn trimmed(&self, empty: u64) -> CramBoard {
        let board = CramBoard { empty, ..*self };
        let (mut top, mut bottom, mut left, mut right) = (u32::MAX, 0, u32::MAX, 0);
        for (r, c) in board.squares() {
            (top, bottom) = (top.min(r), bottom.max(r));
            (left, right) = (left.min(c), right.max(c));
        }
        if top == u32::MAX {
            return CramBoard {
                height: 0,
                width: 0,
                empty: 0,
            };
        }
        let mut trimmed = CramBoard {
            height: bottom - top + 1,
            width: right - left + 1,
            empty: 0,
        };
        for (r, c) in board.squares() {
            trimmed.empty |= trimmed.bit(r - top, c - left);
        }
        trimmed
    }

    /// The board turned by `symmetry` (0 to 7: the turns by quarter turns, then mirrored).
    fn transformed(&self, symmetry: u32) -> CramBoard {
        let (h, w) = (self.height, self.width);
        let turned = symmetry % 4 % 2 == 1;
        let mut out = CramBoard {
            height: if turned { w } else { h },
            width: if turned { h } else { w },
            empty: 0,
        };
        for (r, c) in self.squares() {
            let (r, c) = if symmetry >= 4 {
                (r, w - 1 - c)
            } else {
                (r, c)
            };
            let (r, c) = match symmetry % 4 {
                0 => (r, c),
                1 => (c, h - 1 - r),
                2 => (h - 1 - r, w - 1 - c),
                _ => (w - 1 - c, r),
            };
            out.empty |= out.bit(r, c);
        }
        out
    }
}

/// The number of squares of a `height x width` board, when it is allowed.
fn check_size(height: u64, width: u64) -> Result<u32> {
    if height == 0 || width == 0 {
        return Err(Error::invalid_position(
            "a cram board has at least one row and one column",
        ));
    }
    match height.checked_mul(width) {
        Some(cells) if cells <= u64::from(MAX_CELLS) => Ok(cells as u32),
        cells => Err(Error::limit_needing(
            Limit::GraphSize,
            u64::from(MAX_CELLS),
            cells.unwrap_or(u64::MAX),
        )),
    }
}

impl fmt::Display for CramBoard {
    /// `HxW` for an empty rectangle, else rows of `o` and `x` separated by `/`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.empty() == self.height * self.width {
            return write!(f, "{}x{}", self.height, self.width);
        }
        for r in 0..self.height {
            if r > 0 {
                f.write_str("/")?;
            }
            for c in 0..self.width {
                f.write_str(if self.empty & self.bit(r, c) != 0 {
                    "o"
                } else {
                    "x"
                })?;
            }
        }
        Ok(())
    }
}

impl Ruleset for Cram {
    type Position = CramBoard;

    fn moves(&self, board: &CramBoard, out: &mut Vec<Parts<CramBoard>>) {
        for (a, b) in board.dominoes() {
            let covered = board.bit(a.0, a.1) | board.bit(b.0, b.1);
            out.push(board.regions(board.empty & !covered));
        }
    }

    /// The board trimmed to its empty squares, least of its eight images under the symmetries
    /// of the square.
    fn canonical(&self, board: &CramBoard) -> CramBoard {
        let trimmed = board.trimmed(board.empty);
        (0..8)
            .map(|symmetry| trimmed.transformed(symmetry))
            .min()
            .unwrap_or(trimmed)
    }

    fn move_count(&self, board: &CramBoard) -> Option<u64> {
        Some(2 * u64::from(board.empty()))
    }

    fn describe(&self, from: &CramBoard, to: &[CramBoard]) -> String {
        let left = to.iter().fold(0, |left, part| left | part.empty);
        let covered = CramBoard {
            empty: from.empty & !left,
            ..*from
        };
        match covered.squares().collect::<Vec<_>>().as_slice() {
            [(r, c), (r2, _)] if r == r2 => format!(
                "place a domino in row {}, columns {} and {}",
                r + 1,
                c + 1,
                c + 2
            ),
            [(r, c), _] => format!(
                "place a domino in column {}, rows {} and {}",
                c + 1,
                r + 1,
                r + 2
            ),
            _ => "place a domino".to_string(),
        }
    }

    fn format(&self, boards: &[CramBoard]) -> String {
        if boards.is_empty() {
            return "0".to_string();
        }
        let boards: Vec<String> = boards.iter().map(CramBoard::to_string).collect();
        format!("cram({})", boards.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Solver;
    use crate::nimber::Nimber;

    fn value(board: CramBoard) -> Result<u64> {
        Ok(Solver::new(Cram).value(&board)?.value())
    }

    #[test]
    fn strips_are_dawsons_kayles() -> Result<()> {
        // OEIS A002187 (Dawson's Chess, 0.137); Dawson's Kayles (0.07) on n is a(n - 1).
        let published: Vec<u64> = include_str!("../../tests/data/dawson_chess.txt")
            .lines()
            .filter(|line| !line.starts_with('#'))
            .flat_map(str::split_whitespace)
            .filter_map(|word| word.parse().ok())
            .collect();
        let mut solver = Solver::new(Cram);
        for n in 1..=64u64 {
            let expected = Nimber::new(published[n as usize - 1]);
            assert_eq!(
                solver.value(&CramBoard::rectangle(1, n)?)?,
                expected,
                "1x{n}"
            );
            assert_eq!(
                solver.value(&CramBoard::rectangle(n, 1)?)?,
                expected,
                "{n}x1"
            );
        }
        Ok(())
    }

    #[test]
    fn symmetric_strategies_decide_the_outcome() -> Result<()> {
        // Winning Ways, ch. 3: both sides even, the second player mirrors through the centre
        // and wins; one side even and one odd, the first player takes the two central squares
        // and then mirrors.
        for (h, w) in [(2, 2), (2, 4), (2, 6), (4, 4), (2, 8), (4, 6)] {
            assert_eq!(value(CramBoard::rectangle(h, w)?)?, 0, "{h}x{w}");
        }
        for (h, w) in [(2, 1), (2, 3), (2, 5), (4, 3), (2, 7), (4, 5)] {
            assert_ne!(value(CramBoard::rectangle(h, w)?)?, 0, "{h}x{w}");
        }
        Ok(())
    }

    #[test]
    fn moves_split_the_board_into_regions() -> Result<()> {
        let board = CramBoard::parse("ooo/oxx")?;
        let mut out = Vec::new();
        Cram.moves(&board, &mut out);
        let texts: Vec<String> = out.iter().map(|parts| Cram.format(parts)).collect();
        assert_eq!(
            texts,
            ["cram(xxo/xxx,xxx/oxx)", "cram(xoo/xxx)", "cram(oxx/oxx)"]
        );
        assert_eq!(
            Cram.describe(&board, &out[0]),
            "place a domino in row 1, columns 1 and 2"
        );
        assert_eq!(
            Cram.describe(&board, &out[1]),
            "place a domino in column 1, rows 1 and 2"
        );
        let mut split = Vec::new();
        Cram.moves(&CramBoard::rectangle(1, 7)?, &mut split);
        assert_eq!(Cram.format(&split[2]), "cram(ooxxxxx,xxxxooo)");
        assert_eq!(Cram.canonical(&split[2][0]), CramBoard::rectangle(1, 2)?);
        let mut ends = Vec::new();
        Cram.moves(&CramBoard::rectangle(1, 3)?, &mut ends);
        assert_eq!(
            Cram.describe(&CramBoard::rectangle(1, 3)?, &ends[1]),
            "place a domino in row 1, columns 2 and 3"
        );
        assert_eq!(
            Cram.canonical(&CramBoard::parse("xxx/xoo")?),
            CramBoard::rectangle(1, 2)?
        );
        let l_shapes = ["oo/ox", "oo/xo", "ox/oo", "xo/oo"].map(CramBoard::parse);
        let canonical: Result<Vec<CramBoard>> = l_shapes
            .into_iter()
            .map(|board| board.map(|board| Cram.canonical(&board)))
            .collect();
        assert!(canonical?.windows(2).all(|pair| pair[0] == pair[1]));
        Ok(())
    }

    #[test]
    fn sizes_and_text() -> Result<()> {
        assert_eq!(CramBoard::rectangle(8, 8)?.empty(), 64);
        let too_big = CramBoard::rectangle(5, 13).err().map(|e| e.to_string());
        assert_eq!(
            too_big.as_deref(),
            Some("limit reached: this needs 65 edges, vertices, coins or cells, more than the limit of 64")
        );
        assert!(CramBoard::rectangle(0, 3).is_err());
        assert!(CramBoard::rectangle(u64::MAX, 3).is_err());
        assert!(CramBoard::parse("oo/o").is_err());
        assert!(CramBoard::parse("o?").is_err());
        assert_eq!(CramBoard::parse("OX/xo")?.to_string(), "ox/xo");
        assert_eq!(Cram.format(&[]), "0");
        Ok(())
    }
}
