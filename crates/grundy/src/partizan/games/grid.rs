//! Boards of at most 128 squares as bit masks (bit `r·cols + c`), their connected regions,
//! their bounding boxes and their images under the symmetries of the rectangle: what
//! Domineering and Clobber split positions with.

use std::fmt;

use crate::error::{Error, Limit, Result};

/// The most squares a board may have.
pub const MAX_SQUARES: usize = 128;

/// A board of `rows x cols` squares, some of them in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Grid {
    rows: u8,
    cols: u8,
    cells: u128,
}

fn too_large(rows: usize, cols: usize) -> Error {
    let needed = rows.saturating_mul(cols).max(rows).max(cols) as u64;
    Error::limit_needing(Limit::GraphSize, MAX_SQUARES as u64, needed)
}

/// The number of columns of a board given as rows of squares.
///
/// # Errors
/// Rows of different lengths, or more than `MAX_SQUARES` squares.
pub fn columns<T>(rows: &[Vec<T>]) -> Result<usize> {
    let cols = rows.first().map_or(0, Vec::len);
    if rows.iter().any(|row| row.len() != cols) {
        return Err(Error::invalid_position(
            "the rows of a board differ in length",
        ));
    }
    if rows.len().saturating_mul(cols) > MAX_SQUARES
        || rows.len() > MAX_SQUARES
        || cols > MAX_SQUARES
    {
        return Err(too_large(rows.len(), cols));
    }
    Ok(cols)
}

impl Grid {
    /// A board of `rows x cols` squares, those of `cells` in play.
    ///
    /// # Errors
    /// More than `MAX_SQUARES` squares.
    pub fn new(rows: usize, cols: usize, cells: u128) -> Result<Grid> {
        if rows
            .checked_mul(cols)
            .is_none_or(|squares| squares > MAX_SQUARES)
            || rows > MAX_SQUARES
            || cols > MAX_SQUARES
        {
            return Err(too_large(rows, cols));
        }
        let all = mask_of(rows * cols);
        Ok(Grid {
            rows: rows as u8,
            cols: cols as u8,
            cells: cells & all,
        })
    }

    /// The whole `rows x cols` rectangle.
    ///
    /// # Errors
    /// More than `MAX_SQUARES` squares.
    pub fn rectangle(rows: usize, cols: usize) -> Result<Grid> {
        Grid::new(rows, cols, u128::MAX)
    }

    /// A board from its rows, `true` for a square in play (rows of equal length).
    ///
    /// # Errors
    /// Rows of different lengths, or more than `MAX_SQUARES` squares.
    pub fn from_rows(rows: &[Vec<bool>]) -> Result<Grid> {
        let cols = columns(rows)?;
        let mut cells = 0u128;
        for (r, row) in rows.iter().enumerate() {
            for (c, &on) in row.iter().enumerate() {
                if on {
                    cells |= 1 << (r * cols + c);
                }
            }
        }
        Grid::new(rows.len(), cols, cells)
    }

    /// Rows.
    pub const fn rows(&self) -> usize {
        self.rows as usize
    }

    /// Columns.
    pub const fn cols(&self) -> usize {
        self.cols as usize
    }

    /// The squares in play, bit `r·cols + c`.
    pub const fn cells(&self) -> u128 {
        self.cells
    }

    /// Whether the square `(r, c)` is in play.
    pub const fn contains(&self, r: usize, c: usize) -> bool {
        r < self.rows() && c < self.cols() && self.cells >> (r * self.cols() + c) & 1 == 1
    }

    /// The same board with `cells` in play.
    #[must_use]
    pub const fn with_cells(&self, cells: u128) -> Grid {
        Grid {
            rows: self.rows,
            cols: self.cols,
            cells,
        }
    }
}

impl fmt::Display for Grid {
    /// Rows split by `/`, `o` for a square in play, `x` for one out: `oox/ooo`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..self.rows() {
            if r > 0 {
                f.write_str("/")?;
            }
            for c in 0..self.cols() {
                f.write_str(if self.contains(r, c) { "o" } else { "x" })?;
            }
        }
        Ok(())
    }
}

/// The low `n` bits.
pub(super) const fn mask_of(n: usize) -> u128 {
    if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

/// The 4-connected regions of `mask` on a board `cols` wide, `rows` high.
pub(super) fn regions(mask: u128, rows: usize, cols: usize) -> Vec<u128> {
    let mut left_over = mask;
    let mut found = Vec::new();
    while left_over != 0 {
        let mut region = left_over & left_over.wrapping_neg();
        loop {
            let grown = region | neighbours(region, rows, cols) & mask;
            if grown == region {
                break;
            }
            region = grown;
        }
        left_over &= !region;
        found.push(region);
    }
    found
}

/// The squares next to those of `set` (not `set` itself unless adjacent).
pub(super) fn neighbours(set: u128, rows: usize, cols: usize) -> u128 {
    let all = mask_of(rows * cols);
    let mut not_first_col = 0u128;
    let mut not_last_col = 0u128;
    for r in 0..rows {
        for c in 0..cols {
            let bit = 1u128 << (r * cols + c);
            if c > 0 {
                not_first_col |= bit;
            }
            if c + 1 < cols {
                not_last_col |= bit;
            }
        }
    }
    let up = set >> cols;
    let down = (set << cols) & all;
    let left = (set & not_first_col) >> 1;
    let right = (set & not_last_col) << 1;
    (up | down | left | right) & all
}

/// The layers of a board (`masks`, sharing its `rows x cols`) inside the bounding box of
/// `region`, moved to its corner: `(rows, cols, masks)`.
pub(super) fn crop(
    masks: &[u128],
    region: u128,
    rows: usize,
    cols: usize,
) -> (usize, usize, Vec<u128>) {
    let (mut top, mut bottom, mut first, mut last) = (rows, 0, cols, 0);
    for r in 0..rows {
        for c in 0..cols {
            if region >> (r * cols + c) & 1 == 1 {
                top = top.min(r);
                bottom = bottom.max(r);
                first = first.min(c);
                last = last.max(c);
            }
        }
    }
    if top > bottom {
        return (0, 0, vec![0; masks.len()]);
    }
    let (new_rows, new_cols) = (bottom - top + 1, last - first + 1);
    let cropped = move_squares(masks, rows, cols, new_cols, |r, c| {
        (region >> (r * cols + c) & 1 == 1).then(|| (r - top, c - first))
    });
    (new_rows, new_cols, cropped)
}

/// The image of the layers under symmetry `symmetry` (bit 0: flip the rows' order, bit 1:
/// flip each row, bit 2: transpose first): `(rows, cols, masks)`.
pub(super) fn image(
    masks: &[u128],
    rows: usize,
    cols: usize,
    symmetry: u8,
) -> (usize, usize, Vec<u128>) {
    let transpose = symmetry & 4 != 0;
    let (new_rows, new_cols) = if transpose {
        (cols, rows)
    } else {
        (rows, cols)
    };
    let moved = move_squares(masks, rows, cols, new_cols, |r, c| {
        let (mut nr, mut nc) = if transpose { (c, r) } else { (r, c) };
        if symmetry & 1 != 0 {
            nr = new_rows - 1 - nr;
        }
        if symmetry & 2 != 0 {
            nc = new_cols - 1 - nc;
        }
        Some((nr, nc))
    });
    (new_rows, new_cols, moved)
}

/// Each layer of a `rows x cols` board with every square `(r, c)` that `to` places moved to
/// square `to(r, c)` of a board `new_cols` wide; the squares `to` drops are left out.
fn move_squares(
    masks: &[u128],
    rows: usize,
    cols: usize,
    new_cols: usize,
    to: impl Fn(usize, usize) -> Option<(usize, usize)>,
) -> Vec<u128> {
    masks
        .iter()
        .map(|&mask| {
            let mut out = 0u128;
            for r in 0..rows {
                for c in 0..cols {
                    if mask >> (r * cols + c) & 1 == 1 {
                        if let Some((nr, nc)) = to(r, c) {
                            out |= 1 << (nr * new_cols + nc);
                        }
                    }
                }
            }
            out
        })
        .collect()
}
