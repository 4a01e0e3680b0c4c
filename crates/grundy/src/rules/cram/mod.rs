//! Cram: players take turns placing dominoes on a board of squares, each covering two empty
//! squares side by side, in either direction; who cannot place one loses (Gardner, 1974;
//! Berlekamp, Conway and Guy, *Winning Ways*, ch. 3).
//!
//! A placement splits the empty squares into regions that no domino can join again, so a move
//! leaves one part per region, each valued once up to the eight symmetries of the square.
//! [`CramSolver`] values boards by the positional search ([`crate::positional`]), with three
//! theorems: a straight region of `n` squares is Dawson's Kayles (octal 0.07) on `n`; a region
//! that a half turn about a corner of the grid maps onto itself is a second-player win (answer
//! each domino with its image); and one that a half turn about the midpoint of a side maps onto
//! itself, with both squares beside that midpoint empty, is a first-player win (cover them,
//! then answer by the image).
mod large;
mod solver;
mod word;

pub use solver::{CramCheckpoints, CramSolver};

use std::fmt;

use crate::error::{Error, Result};
use crate::game::{Parts, Ruleset};

/// The most squares a [`CramBoard`] may have.
const MAX_CELLS: u64 = 1 << 12;

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

/// A board of at most 4096 squares, some empty, in rows of equal width.
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
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CramBoard {
    height: u32,
    width: u32,
    /// The empty squares, `(row, column)` from 0, in row order.
    empty: Vec<(u32, u32)>,
}

impl CramBoard {
    /// The empty `height x width` board.
    ///
    /// # Errors
    /// A side of 0, or more than 4096 squares.
    pub fn rectangle(height: u64, width: u64) -> Result<CramBoard> {
        check_size(height, width)?;
        let (height, width) = (height as u32, width as u32);
        Ok(CramBoard {
            height,
            width,
            empty: (0..height)
                .flat_map(|r| (0..width).map(move |c| (r, c)))
                .collect(),
        })
    }

    /// Reads rows of `o` (empty) and `x` (filled) squares, separated by `/`, top first.
    ///
    /// # Errors
    /// Another character, rows of different widths, or more than 4096 squares.
    pub fn parse(text: &str) -> Result<CramBoard> {
        let rows: Vec<&str> = text.split('/').collect();
        let width = rows[0].chars().count();
        if let Some(row) = rows.iter().find(|row| row.chars().count() != width) {
            return Err(Error::invalid_position(format!(
                "the rows of a cram board have one width: '{row}' is not {width} squares wide"
            )));
        }
        check_size(rows.len() as u64, width as u64)?;
        let mut empty = Vec::new();
        for (r, row) in rows.iter().enumerate() {
            for (c, square) in row.chars().enumerate() {
                match square {
                    'o' | 'O' => empty.push((r as u32, c as u32)),
                    'x' | 'X' => {}
                    _ => {
                        return Err(Error::invalid_position(format!(
                        "'{square}' is not a square: write o for an empty square and x for a filled one"
                    )))
                    }
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
        self.empty.len() as u32
    }

    /// The rows and columns of the board's frame.
    pub fn frame(&self) -> (u32, u32) {
        (self.height, self.width)
    }

    /// The empty squares, `(row, column)` from 0, in row order.
    pub fn empty_squares(&self) -> &[(u32, u32)] {
        &self.empty
    }

    /// Whether no domino fits: the game is over on this board.
    pub fn is_over(&self) -> bool {
        self.dominoes().next().is_none()
    }

    fn is_empty_at(&self, square: (u32, u32)) -> bool {
        self.empty.binary_search(&square).is_ok()
    }

    /// Every domino that fits: pairs of empty squares, the second right of or below the first.
    fn dominoes(&self) -> impl Iterator<Item = ((u32, u32), (u32, u32))> + '_ {
        self.empty.iter().flat_map(move |&(r, c)| {
            let right = (c + 1 < self.width && self.is_empty_at((r, c + 1)))
                .then_some(((r, c), (r, c + 1)));
            let down = (r + 1 < self.height && self.is_empty_at((r + 1, c)))
                .then_some(((r, c), (r + 1, c)));
            right.into_iter().chain(down)
        })
    }

    /// The regions of the empty squares `empty` (sorted), each a board of this board's frame:
    /// a move leaves one part per region, where the player sees it (a region of one square too,
    /// so that the parts name the squares the domino covered).
    fn regions(&self, empty: &[(u32, u32)]) -> Vec<CramBoard> {
        let mut left: Vec<(u32, u32)> = empty.to_vec();
        let mut parts = Vec::new();
        while let Some(&first) = left.first() {
            let mut region = vec![first];
            let mut seen = vec![false; left.len()];
            seen[0] = true;
            let mut i = 0;
            while i < region.len() {
                let (r, c) = region[i];
                for (j, &(r2, c2)) in left.iter().enumerate() {
                    if !seen[j] && r.abs_diff(r2) + c.abs_diff(c2) == 1 {
                        seen[j] = true;
                        region.push((r2, c2));
                    }
                }
                i += 1;
            }
            left = left
                .iter()
                .zip(&seen)
                .filter(|&(_, &seen)| !seen)
                .map(|(&square, _)| square)
                .collect();
            region.sort_unstable();
            parts.push(CramBoard {
                empty: region,
                ..*self
            });
        }
        parts
    }

    /// The one board of the regions `boards`, when they share a frame and no square: its
    /// value is the sum of theirs.
    fn union(boards: &[CramBoard]) -> Option<CramBoard> {
        let frame = boards.first()?.frame();
        if boards.iter().any(|board| board.frame() != frame) {
            return None;
        }
        let mut empty: Vec<(u32, u32)> = boards
            .iter()
            .flat_map(|b| b.empty.iter().copied())
            .collect();
        empty.sort_unstable();
        let squares = empty.len();
        empty.dedup();
        (empty.len() == squares).then_some(CramBoard {
            height: frame.0,
            width: frame.1,
            empty,
        })
    }

    /// The board of this board's empty squares, trimmed to their bounding box.
    fn trimmed(&self) -> CramBoard {
        let top = self.empty.iter().map(|s| s.0).min().unwrap_or(0);
        let left = self.empty.iter().map(|s| s.1).min().unwrap_or(0);
        let bottom = self.empty.iter().map(|s| s.0 + 1).max().unwrap_or(0);
        let right = self.empty.iter().map(|s| s.1 + 1).max().unwrap_or(0);
        CramBoard {
            height: bottom.saturating_sub(top),
            width: right.saturating_sub(left),
            empty: self
                .empty
                .iter()
                .map(|&(r, c)| (r - top, c - left))
                .collect(),
        }
    }

    /// The board turned by `symmetry` (0 to 7: the turns by quarter turns, then mirrored).
    fn transformed(&self, symmetry: u32) -> CramBoard {
        let (h, w) = (self.height, self.width);
        let turned = symmetry % 4 % 2 == 1;
        let mut empty: Vec<(u32, u32)> = self
            .empty
            .iter()
            .map(|&(r, c)| {
                let (r, c) = if symmetry >= 4 {
                    (r, w - 1 - c)
                } else {
                    (r, c)
                };
                match symmetry % 4 {
                    0 => (r, c),
                    1 => (c, h - 1 - r),
                    2 => (h - 1 - r, w - 1 - c),
                    _ => (w - 1 - c, r),
                }
            })
            .collect();
        empty.sort_unstable();
        CramBoard {
            height: if turned { w } else { h },
            width: if turned { h } else { w },
            empty,
        }
    }
}

/// Checks the sides of a `height x width` board.
fn check_size(height: u64, width: u64) -> Result<()> {
    if height == 0 || width == 0 {
        return Err(Error::invalid_position(
            "a cram board has at least one row and one column",
        ));
    }
    match height.checked_mul(width) {
        Some(cells) if cells <= MAX_CELLS => Ok(()),
        _ => Err(Error::invalid_position(format!(
            "a cram board has at most {MAX_CELLS} squares, and {height} x {width} has more"
        ))),
    }
}

impl fmt::Display for CramBoard {
    /// `HxW` for an empty rectangle, else rows of `o` and `x` separated by `/`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if u64::from(self.empty()) == u64::from(self.height) * u64::from(self.width) {
            return write!(f, "{}x{}", self.height, self.width);
        }
        for r in 0..self.height {
            if r > 0 {
                f.write_str("/")?;
            }
            for c in 0..self.width {
                f.write_str(if self.is_empty_at((r, c)) { "o" } else { "x" })?;
            }
        }
        Ok(())
    }
}

impl Ruleset for Cram {
    type Position = CramBoard;

    fn moves(&self, board: &CramBoard, out: &mut Vec<Parts<CramBoard>>) {
        for (a, b) in board.dominoes() {
            let left: Vec<(u32, u32)> = board
                .empty
                .iter()
                .copied()
                .filter(|&square| square != a && square != b)
                .collect();
            out.push(board.regions(&left).into_iter().collect());
        }
    }

    /// The board trimmed to its empty squares, least of its eight images under the symmetries
    /// of the square.
    fn canonical(&self, board: &CramBoard) -> CramBoard {
        let trimmed = board.trimmed();
        (0..8)
            .map(|symmetry| trimmed.transformed(symmetry))
            .min()
            .unwrap_or(trimmed)
    }

    fn move_count(&self, board: &CramBoard) -> Option<u64> {
        Some(2 * u64::from(board.empty()))
    }

    fn describe(&self, from: &CramBoard, to: &[CramBoard]) -> String {
        let left: Vec<(u32, u32)> = to
            .iter()
            .flat_map(|part| part.empty.iter().copied())
            .collect();
        let covered: Vec<(u32, u32)> = from
            .empty
            .iter()
            .copied()
            .filter(|square| !left.contains(square))
            .collect();
        match covered.as_slice() {
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

    /// One board when the parts are regions of one frame (as a move leaves them): the
    /// squares left, as the player sees them; else the boards of the sum.
    fn format(&self, boards: &[CramBoard]) -> String {
        if boards.is_empty() {
            return "0".to_string();
        }
        if let Some(board) = CramBoard::union(boards) {
            return format!("cram({board})");
        }
        let boards: Vec<String> = boards.iter().map(CramBoard::to_string).collect();
        format!("cram({})", boards.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Solver;

    fn value(board: CramBoard) -> Result<u64> {
        Ok(Solver::new(Cram).value(&board)?.value())
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
        Ruleset::moves(&Cram, &board, &mut out);
        let texts: Vec<String> = out.iter().map(|parts| Cram.format(parts)).collect();
        assert_eq!(texts, ["cram(xxo/oxx)", "cram(xoo/xxx)", "cram(oxx/oxx)"]);
        assert_eq!(
            Cram.describe(&board, &out[0]),
            "place a domino in row 1, columns 1 and 2"
        );
        assert_eq!(
            Cram.describe(&board, &out[1]),
            "place a domino in column 1, rows 1 and 2"
        );
        let mut split = Vec::new();
        Ruleset::moves(&Cram, &CramBoard::rectangle(1, 7)?, &mut split);
        assert_eq!(Cram.format(&split[2]), "cram(ooxxooo)");
        // Parts of different frames, or sharing a square, are a sum of boards.
        let (strip, square) = (CramBoard::rectangle(1, 2)?, CramBoard::rectangle(2, 2)?);
        assert_eq!(Cram.format(&[strip.clone(), square]), "cram(1x2,2x2)");
        assert_eq!(Cram.format(&[strip.clone(), strip]), "cram(1x2,1x2)");
        assert_eq!(Cram.canonical(&split[2][0]), CramBoard::rectangle(1, 2)?);
        let mut ends = Vec::new();
        Ruleset::moves(&Cram, &CramBoard::rectangle(1, 3)?, &mut ends);
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
        assert_eq!(CramBoard::rectangle(5, 13)?.empty(), 65);
        let too_big = CramBoard::rectangle(65, 65).err().map(|e| e.to_string());
        assert_eq!(
            too_big.as_deref(),
            Some("invalid position: a cram board has at most 4096 squares, and 65 x 65 has more")
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
