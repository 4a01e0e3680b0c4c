//! Domineering: Left places a vertical domino on two empty squares, one above the other, Right
//! a horizontal one. A position splits into its regions of empty squares, each cropped to its
//! bounding box and put in the least of its four images that keep vertical vertical. A region
//! turned a quarter (transposed) swaps Left's and Right's moves: its value is the negative
//! ([`PartizanRuleset::mirror`]).
//!
//! Published values (Berlekamp, Conway and Guy, *Winning Ways*, ch. 5): a 2 x 2 square is
//! `±1`; a vertical strip of `n` squares is the integer `⌊n/2⌋`.

use super::grid::{crop, image, regions, Grid};
use super::PartizanRuleset;

/// Domineering, Left vertical.
#[derive(Clone, Copy, Debug, Default)]
pub struct Domineering;

impl PartizanRuleset for Domineering {
    type Position = Grid;

    fn moves(&self, position: &Grid, left: bool) -> Vec<Grid> {
        let (rows, cols) = (position.rows(), position.cols());
        let cells = position.cells();
        let mut found = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                let (r2, c2) = if left { (r + 1, c) } else { (r, c + 1) };
                if position.contains(r, c) && position.contains(r2, c2) {
                    let taken = 1u128 << (r * cols + c) | 1u128 << (r2 * cols + c2);
                    found.push(position.with_cells(cells & !taken));
                }
            }
        }
        found
    }

    fn parts(&self, position: &Grid) -> Vec<Grid> {
        let (rows, cols) = (position.rows(), position.cols());
        let mut parts = Vec::new();
        for region in regions(position.cells(), rows, cols) {
            if region.count_ones() < 2 {
                continue;
            }
            let (r, c, masks) = crop(&[region], region, rows, cols);
            if let Some(grid) = least_image(masks[0], r, c, 0..4) {
                parts.push(grid);
            }
        }
        parts.sort_unstable();
        parts
    }

    fn mirror(&self, position: &Grid) -> Option<Grid> {
        least_image(position.cells(), position.rows(), position.cols(), 4..8)
    }
}

/// The least of the images of the `rows x cols` region `cells` under `symmetries` (see
/// [`image`]: 0 to 3 keep vertical vertical, 4 to 7 transpose first).
fn least_image(
    cells: u128,
    rows: usize,
    cols: usize,
    symmetries: std::ops::Range<u8>,
) -> Option<Grid> {
    let (r, c, cells) = symmetries
        .map(|symmetry| {
            let (r, c, masks) = image(&[cells], rows, cols, symmetry);
            (r, c, masks[0])
        })
        .min()?;
    // An image of a region is no larger than the board it came from.
    Grid::new(r, c, cells).ok()
}
