//! [`Region`]: a set of squares of a grid, as rows of bits, the position type of board games
//! whose moves cover squares (Cram): its connected regions, and one canonical form for the
//! eight images of a region under the symmetries of the square.

/// The most rows a region may span.
pub const MAX_ROWS: usize = 64;
/// The most columns a region may span (one `u64` a row).
pub const MAX_COLUMNS: usize = 64;
/// Squares a region may span in its bounding box and still have a [`Region::key`] (the rest
/// of 128 bits holds the width).
const KEY_BITS: usize = 120;

/// Squares of a grid at most [`MAX_ROWS`] by [`MAX_COLUMNS`]: bit `c` of `rows[r]` is the
/// square in row `r`, column `c`. After [`Region::canonical`], row 0 and column 0 hold a
/// square, and the region is the least of its eight images.
///
/// # Example
/// ```
/// use grundy::positional::Region;
/// let l = Region::from_rows(&[0b11, 0b01]);
/// let turned = Region::from_rows(&[0b01, 0b11]);
/// assert_eq!(l.canonical(), turned.canonical());
/// assert_eq!(l.cells(), 3);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Region {
    height: u8,
    width: u8,
    rows: [u64; MAX_ROWS],
}

/// The least key (see [`Region::key`]) of the trimmed region of `rows` (`height` rows of
/// `width` squares) under the four flips: left and right, top and bottom.
fn least_key(rows: impl Iterator<Item = u64>, height: usize, width: usize) -> u128 {
    let shift = 64 - width as u32;
    let (mut plain, mut mirrored, mut flipped, mut both) = (0u128, 0u128, 0u128, 0u128);
    for (r, row) in rows.enumerate() {
        let mirror = row.reverse_bits() >> shift;
        let (down, up) = (r * width, (height - 1 - r) * width);
        plain |= u128::from(row) << down;
        mirrored |= u128::from(mirror) << down;
        flipped |= u128::from(row) << up;
        both |= u128::from(mirror) << up;
    }
    plain.min(mirrored).min(flipped).min(both) | (width as u128) << KEY_BITS
}

/// The run or runs of set bits of `mask` that hold a bit of `seed`.
fn runs_through(mask: u64, seed: u64) -> u64 {
    let seed = seed & mask;
    if seed == 0 {
        return 0;
    }
    // Adding the seeds to the mask carries out of each run that holds one, into the square
    // just above the run; then adding that run's top to the reversed mask clears the whole run.
    let carries = (u128::from(mask) + u128::from(seed)) & !u128::from(mask);
    let tops = (carries >> 1) as u64;
    let reversed = mask.reverse_bits();
    (reversed & !reversed.wrapping_add(tops.reverse_bits())).reverse_bits()
}

impl Region {
    /// The region whose rows are `rows` (at most [`MAX_ROWS`]), not trimmed.
    pub fn from_rows(rows: &[u64]) -> Region {
        let mut region = Region {
            height: rows.len().min(MAX_ROWS) as u8,
            width: 0,
            rows: [0; MAX_ROWS],
        };
        region.rows[..region.height as usize].copy_from_slice(&rows[..region.height as usize]);
        let all = rows.iter().fold(0, |all, row| all | row);
        region.width = (64 - all.leading_zeros()) as u8;
        region
    }

    /// The rows, top first.
    pub fn rows(&self) -> &[u64] {
        &self.rows[..self.height as usize]
    }

    /// Rows spanned.
    pub fn height(&self) -> usize {
        self.height as usize
    }

    /// Columns spanned.
    pub fn width(&self) -> usize {
        self.width as usize
    }

    /// The number of squares.
    pub fn cells(&self) -> u32 {
        self.rows().iter().map(|row| row.count_ones()).sum()
    }

    /// Calls `found` with each connected region of `rest` (squares joined across a side), in
    /// this region's frame, as rows `top..` of their own.
    pub fn split(rest: &[u64], mut found: impl FnMut(usize, &[u64])) {
        let height = rest.len();
        let width = 64 - rest.iter().fold(0, |all, row| all | row).leading_zeros() as usize;
        let stride = width + 1;
        if height * stride <= 128 {
            // One word, rows `stride` bits apart with an empty column between them: a region
            // grows a step in every direction with four shifts.
            let mut left = rest.iter().enumerate().fold(0u128, |bits, (r, &row)| {
                bits | u128::from(row) << (r * stride)
            });
            let row_mask = (1u128 << width) - 1;
            let mut rows = [0u64; MAX_ROWS];
            while left != 0 {
                let mut part = left & left.wrapping_neg();
                loop {
                    let grown =
                        (part | part << 1 | part >> 1 | part << stride | part >> stride) & left;
                    if grown == part {
                        break;
                    }
                    part = grown;
                }
                left &= !part;
                let top = part.trailing_zeros() as usize / stride;
                let bottom = (127 - part.leading_zeros() as usize) / stride;
                for (r, row) in rows[..=bottom - top].iter_mut().enumerate() {
                    *row = (part >> ((top + r) * stride) & row_mask) as u64;
                }
                found(top, &rows[..=bottom - top]);
            }
            return;
        }
        let mut rest_rows = [0u64; MAX_ROWS];
        rest_rows[..height].copy_from_slice(rest);
        let mut start = 0;
        loop {
            while start < height && rest_rows[start] == 0 {
                start += 1;
            }
            if start == height {
                return;
            }
            let mut part = [0u64; MAX_ROWS];
            let seed = rest_rows[start];
            part[start] = runs_through(seed, seed & seed.wrapping_neg());
            // Rows `start..end` hold the region so far.
            let mut end = start + 1;
            loop {
                let mut changed = false;
                let mut grow = |part: &mut [u64; MAX_ROWS], r: usize| {
                    let mut touch = part[r];
                    if r > start {
                        touch |= part[r - 1];
                    }
                    if r + 1 < height {
                        touch |= part[r + 1];
                    }
                    let grown = runs_through(rest_rows[r], touch);
                    changed |= grown != part[r];
                    part[r] = grown;
                };
                // Down, then up: most regions settle in one sweep each way.
                for r in start..height {
                    grow(&mut part, r);
                    if part[r] == 0 {
                        break;
                    }
                    end = end.max(r + 1);
                }
                for r in (start..end).rev() {
                    grow(&mut part, r);
                }
                if !changed {
                    break;
                }
            }
            for r in start..end {
                rest_rows[r] &= !part[r];
            }
            found(start, &part[start..end]);
        }
    }

    /// The region trimmed to its squares and turned to the least of its images under the eight
    /// symmetries of the square.
    #[must_use]
    pub fn canonical(&self) -> Region {
        Region::canonical_of(self.rows())
    }

    /// The canonical form (see [`Region::canonical`]) of the region whose rows are `rows`.
    pub fn canonical_of(rows: &[u64]) -> Region {
        let top = rows.iter().position(|&row| row != 0).unwrap_or(0);
        let bottom = rows.iter().rposition(|&row| row != 0).map_or(0, |r| r + 1);
        let rows = &rows[top..bottom.max(top)];
        let all = rows.iter().fold(0, |all, row| all | row);
        if all == 0 {
            return Region::from_rows(&[]);
        }
        let shift = all.trailing_zeros();
        let (height, width) = (rows.len(), (64 - (all >> shift).leading_zeros()) as usize);
        if height * width <= KEY_BITS {
            // Compare the images by their keys, built straight from the rows. A key starts
            // with the width, so only the images of the narrower orientation can be least.
            let mut best = u128::MAX;
            if width <= height {
                best = least_key(rows.iter().map(|row| row >> shift), height, width);
            }
            if width >= height {
                let mut columns = [0u64; MAX_COLUMNS];
                for (r, &row) in rows.iter().enumerate() {
                    let mut bits = row >> shift;
                    while bits != 0 {
                        columns[bits.trailing_zeros() as usize] |= 1 << r;
                        bits &= bits - 1;
                    }
                }
                best = best.min(least_key(columns[..width].iter().copied(), width, height));
            }
            return Region::from_key(best, height.max(width));
        }
        let shifted: Vec<u64> = rows.iter().map(|row| row >> shift).collect();
        let trimmed = Region::from_rows(&shifted);
        let mut best = trimmed;
        let mut consider = |image: Region| {
            if (image.width, image.rows) < (best.width, best.rows) {
                best = image;
            }
        };
        let mirrored = trimmed.mirrored();
        consider(mirrored);
        consider(trimmed.flipped());
        consider(mirrored.flipped());
        let turned = trimmed.transposed();
        let mirrored = turned.mirrored();
        consider(turned);
        consider(mirrored);
        consider(turned.flipped());
        consider(mirrored.flipped());
        best
    }

    /// The region whose key is `key`, of `height` rows.
    fn from_key(key: u128, height: usize) -> Region {
        let width = (key >> KEY_BITS) as usize;
        let mut region = Region {
            height: height as u8,
            width: width as u8,
            rows: [0; MAX_ROWS],
        };
        let row_mask = (1u128 << width) - 1;
        for (r, row) in region.rows[..height].iter_mut().enumerate() {
            *row = (key >> (r * width) & row_mask) as u64;
        }
        region
    }

    /// The region moved to touch row 0 and column 0.
    #[must_use]
    pub fn trimmed(&self) -> Region {
        let rows = self.rows();
        let top = rows.iter().position(|&row| row != 0).unwrap_or(0);
        let bottom = rows.iter().rposition(|&row| row != 0).map_or(0, |r| r + 1);
        let all = rows.iter().fold(0, |all, row| all | row);
        let shift = if all == 0 { 0 } else { all.trailing_zeros() };
        let mut out = Region {
            height: (bottom.saturating_sub(top)) as u8,
            width: (64 - (all >> shift).leading_zeros()) as u8,
            rows: [0; MAX_ROWS],
        };
        for (to, from) in out.rows.iter_mut().zip(&rows[top..bottom]) {
            *to = from >> shift;
        }
        out
    }

    /// Left and right exchanged.
    fn mirrored(&self) -> Region {
        let mut out = *self;
        let shift = 64 - u32::from(self.width);
        for row in &mut out.rows[..self.height as usize] {
            *row = row.reverse_bits().checked_shr(shift).unwrap_or(0);
        }
        out
    }

    /// Top and bottom exchanged.
    fn flipped(&self) -> Region {
        let mut out = *self;
        out.rows[..self.height as usize].reverse();
        out
    }

    /// Rows and columns exchanged.
    fn transposed(&self) -> Region {
        let mut out = Region {
            height: self.width,
            width: self.height,
            rows: [0; MAX_ROWS],
        };
        for (r, &row) in self.rows().iter().enumerate() {
            let mut bits = row;
            while bits != 0 {
                let c = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                out.rows[c] |= 1 << r;
            }
        }
        out
    }

    /// Whether turning the region half a turn about the centre of its bounding box gives it
    /// back (for a trimmed region).
    pub fn is_centrally_symmetric(&self) -> bool {
        let rows = self.rows();
        let shift = 64 - u32::from(self.width);
        rows.iter()
            .zip(rows.iter().rev())
            .all(|(&row, &opposite)| row == opposite.reverse_bits() >> shift)
    }

    /// The key of a trimmed region whose bounding box has at most 120 squares: its rows packed
    /// `width` bits apiece, with the width in the top byte. Never 0.
    pub fn key(&self) -> Option<u128> {
        let (height, width) = (self.height as usize, self.width as usize);
        if height * width > KEY_BITS {
            return None;
        }
        let packed = self
            .rows()
            .iter()
            .enumerate()
            .fold(0u128, |key, (r, &row)| key | u128::from(row) << (r * width));
        Some(packed | (width as u128) << KEY_BITS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xorshift::Random;

    fn run_plainly(mask: u64, seed: u64) -> u64 {
        let mut set = seed & mask;
        loop {
            let grown = (set | set << 1 | set >> 1) & mask;
            if grown == set {
                return set;
            }
            set = grown;
        }
    }

    #[test]
    fn runs_grow_both_ways() {
        let mut random = Random(0x9e37_79b9_7f4a_7c15);
        for _ in 0..10_000 {
            let mask = random.draw();
            let seed = mask.rotate_left(7) & mask.rotate_left(19) & mask.rotate_left(41);
            assert_eq!(
                runs_through(mask, seed),
                run_plainly(mask, seed),
                "{mask:b} {seed:b}"
            );
        }
        assert_eq!(runs_through(u64::MAX, 1 << 63), u64::MAX);
        assert_eq!(runs_through(u64::MAX << 1, 1 << 63), u64::MAX << 1);
    }

    /// The squares of `rows` as `(row, column)`.
    fn squares_of(rows: &[u64]) -> Vec<(usize, usize)> {
        (0..rows.len())
            .flat_map(|r| (0..64).map(move |c| (r, c)))
            .filter(|&(r, c)| rows[r] >> c & 1 == 1)
            .collect()
    }

    /// Regions by plain flood fill, one square at a time.
    fn regions_plainly(rows: &[u64]) -> Vec<Vec<(usize, usize)>> {
        let mut left = squares_of(rows);
        let mut regions = Vec::new();
        while let Some(&first) = left.first() {
            let mut region = vec![first];
            left.retain(|&s| s != first);
            let mut i = 0;
            while i < region.len() {
                let (r, c) = region[i];
                let near: Vec<(usize, usize)> = left
                    .iter()
                    .copied()
                    .filter(|&(r2, c2)| r.abs_diff(r2) + c.abs_diff(c2) == 1)
                    .collect();
                left.retain(|s| !near.contains(s));
                region.extend(near);
                i += 1;
            }
            region.sort_unstable();
            regions.push(region);
        }
        regions.sort_unstable();
        regions
    }

    /// `count` sets of random rows from `seed`: narrow ones (split in one word) on even
    /// trials, up to 64 columns and rows on odd ones, dense enough for long regions.
    fn random_rows(seed: u64, count: usize) -> impl Iterator<Item = Vec<u64>> {
        let mut random = Random(seed);
        (0..count).map(move |trial| {
            let (height, mask) = if trial % 2 == 0 {
                (1 + trial % 9, 0x3ff)
            } else {
                (1 + trial % 64, u64::MAX >> (trial % 61))
            };
            (0..height)
                .map(|_| (random.draw() | random.draw()) & mask)
                .collect()
        })
    }

    #[test]
    fn split_finds_the_connected_regions() {
        for rows in random_rows(0x1234_5678_9abc_def1, 600) {
            let mut found = Vec::new();
            Region::split(&rows, |top, part| {
                let mut squares: Vec<(usize, usize)> = squares_of(part)
                    .into_iter()
                    .map(|(r, c)| (top + r, c))
                    .collect();
                squares.sort_unstable();
                found.push(squares);
            });
            found.sort_unstable();
            assert_eq!(found, regions_plainly(&rows), "{rows:?}");
        }
    }

    /// Each of the eight images of `rows` under the symmetries of the square, by moving
    /// each square plainly.
    fn images_plainly(rows: &[u64]) -> Vec<Vec<u64>> {
        let squares = squares_of(rows);
        let (height, width) = (rows.len(), 64);
        (0..8)
            .map(|symmetry| {
                let mut image = vec![0u64; 64];
                for &(r, c) in &squares {
                    let (r, c) = if symmetry & 1 == 1 {
                        (r, width - 1 - c)
                    } else {
                        (r, c)
                    };
                    let (r, c) = if symmetry & 2 == 2 {
                        (height - 1 - r, c)
                    } else {
                        (r, c)
                    };
                    let (r, c) = if symmetry & 4 == 4 { (c, r) } else { (r, c) };
                    image[r] |= 1 << c;
                }
                image
            })
            .collect()
    }

    #[test]
    fn wide_regions_share_one_canonical_form_with_their_images() {
        for rows in random_rows(0x0f0e_0d0c_0b0a_0908, 300) {
            let canonical = Region::canonical_of(&rows);
            assert_eq!(canonical.cells(), squares_of(&rows).len() as u32);
            assert_eq!(canonical.trimmed(), canonical);
            for image in images_plainly(&rows) {
                assert_eq!(Region::canonical_of(&image), canonical, "{rows:?}");
            }
        }
    }

    #[test]
    fn eight_images_share_one_canonical_form() {
        let shape = Region::from_rows(&[0b0110, 0b0011, 0b0010, 0b0000]);
        let canonical = shape.canonical();
        let t = shape.trimmed();
        let images = [
            t,
            t.mirrored(),
            t.flipped(),
            t.mirrored().flipped(),
            t.transposed(),
            t.transposed().mirrored(),
            t.transposed().flipped(),
            t.transposed().mirrored().flipped(),
        ];
        for image in images {
            assert_eq!(image.canonical(), canonical);
            assert_eq!(image.cells(), 5);
        }
        assert_eq!(canonical.key(), canonical.canonical().key());
        let moved = Region::from_rows(&[0, 0, 0b1100_0000, 0b0110_0000, 0b0100_0000]);
        assert_eq!(moved.canonical(), canonical);
        assert!(Region::from_rows(&[0b011, 0b110])
            .trimmed()
            .is_centrally_symmetric());
        assert!(!Region::from_rows(&[0b011, 0b011, 0b110])
            .trimmed()
            .is_centrally_symmetric());
    }
}
