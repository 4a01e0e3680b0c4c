//! Clobber: Left moves one of her stones (`X`) onto an orthogonally adjacent stone of Right's
//! (`O`), which is removed; Right the mirror. One row is the 1 x n game. A position splits
//! into its groups of touching stones, each cropped and put in the least of its eight images
//! (every symmetry of the board keeps the players' stones theirs); a group of one colour is 0.
//! Swapping the colours swaps the players: the value is the negative
//! ([`PartizanRuleset::mirror`]).

use std::fmt;

use super::grid::{columns, crop, image, neighbours, regions};
use super::PartizanRuleset;
use crate::error::Result;

/// A Clobber board: Left's stones and Right's, as masks of bits `r·cols + c`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ClobberBoard {
    rows: u8,
    cols: u8,
    left: u128,
    right: u128,
}

impl ClobberBoard {
    /// A board from rows of squares: `Some(true)` Left's stone, `Some(false)` Right's, `None`
    /// empty.
    ///
    /// # Errors
    /// Rows of different lengths, or more than 128 squares.
    pub fn from_rows(rows: &[Vec<Option<bool>>]) -> Result<ClobberBoard> {
        let cols = columns(rows)?;
        let (mut left, mut right) = (0u128, 0u128);
        for (r, row) in rows.iter().enumerate() {
            for (c, square) in row.iter().enumerate() {
                let bit = 1u128 << (r * cols + c);
                match square {
                    Some(true) => left |= bit,
                    Some(false) => right |= bit,
                    None => {}
                }
            }
        }
        Ok(ClobberBoard {
            rows: rows.len() as u8,
            cols: cols as u8,
            left,
            right,
        })
    }

    /// How many rows the board has.
    pub fn rows(&self) -> usize {
        usize::from(self.rows)
    }

    /// How many columns the board has.
    pub fn cols(&self) -> usize {
        usize::from(self.cols)
    }

    /// The stone on square (`r`, `c`): `Some(true)` Left's, `Some(false)` Right's, `None`
    /// none (or no such square).
    ///
    /// ```
    /// use grundy::partizan::games::ClobberBoard;
    /// let board = ClobberBoard::from_rows(&[vec![Some(true), None, Some(false)]])?;
    /// assert_eq!((board.owner(0, 0), board.owner(0, 1), board.owner(0, 2)), (Some(true), None, Some(false)));
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn owner(&self, r: usize, c: usize) -> Option<bool> {
        if r >= self.rows() || c >= self.cols() {
            return None;
        }
        let bit = 1u128 << (r * self.cols() + c);
        if self.left & bit != 0 {
            Some(true)
        } else if self.right & bit != 0 {
            Some(false)
        } else {
            None
        }
    }
}

impl fmt::Display for ClobberBoard {
    /// Rows split by `/`: `X` Left's, `O` Right's, `.` empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cols = self.cols as usize;
        for r in 0..self.rows as usize {
            if r > 0 {
                f.write_str("/")?;
            }
            for c in 0..cols {
                let bit = 1u128 << (r * cols + c);
                let square = if self.left & bit != 0 {
                    "X"
                } else if self.right & bit != 0 {
                    "O"
                } else {
                    "."
                };
                f.write_str(square)?;
            }
        }
        Ok(())
    }
}

/// Clobber.
#[derive(Clone, Copy, Debug, Default)]
pub struct Clobber;

impl PartizanRuleset for Clobber {
    type Position = ClobberBoard;

    fn moves(&self, position: &ClobberBoard, left: bool) -> Vec<ClobberBoard> {
        let (rows, cols) = (position.rows as usize, position.cols as usize);
        let (mine, theirs) = if left {
            (position.left, position.right)
        } else {
            (position.right, position.left)
        };
        let mut found = Vec::new();
        for from in 0..rows * cols {
            let from_bit = 1u128 << from;
            if mine & from_bit == 0 {
                continue;
            }
            let targets = neighbours(from_bit, rows, cols) & theirs;
            for to in 0..rows * cols {
                let to_bit = 1u128 << to;
                if targets & to_bit == 0 {
                    continue;
                }
                let new_mine = (mine & !from_bit) | to_bit;
                let new_theirs = theirs & !to_bit;
                let (l, r) = if left {
                    (new_mine, new_theirs)
                } else {
                    (new_theirs, new_mine)
                };
                found.push(ClobberBoard {
                    left: l,
                    right: r,
                    ..*position
                });
            }
        }
        found
    }

    fn parts(&self, position: &ClobberBoard) -> Vec<ClobberBoard> {
        let (rows, cols) = (position.rows as usize, position.cols as usize);
        let mut parts = Vec::new();
        for region in regions(position.left | position.right, rows, cols) {
            if region & position.left == 0 || region & position.right == 0 {
                continue;
            }
            let (r, c, masks) = crop(&[position.left, position.right], region, rows, cols);
            parts.push(least_image(r, c, masks[0], masks[1]));
        }
        parts.sort_unstable();
        parts
    }

    fn mirror(&self, position: &ClobberBoard) -> Option<ClobberBoard> {
        let (rows, cols) = (position.rows as usize, position.cols as usize);
        Some(least_image(rows, cols, position.right, position.left))
    }
}

/// The least of the eight images of the `rows x cols` board with Left's stones `left` and
/// Right's `right`.
fn least_image(rows: usize, cols: usize, left: u128, right: u128) -> ClobberBoard {
    let image_of = |symmetry| {
        let (r, c, masks) = image(&[left, right], rows, cols, symmetry);
        // An image of a board has the board's number of squares, which fits.
        ClobberBoard {
            rows: r as u8,
            cols: c as u8,
            left: masks[0],
            right: masks[1],
        }
    };
    (1..8).map(image_of).fold(image_of(0), Ord::min)
}
