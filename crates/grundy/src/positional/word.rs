//! [`WordRegion`]: a set of squares whose bounding box holds at most 64 squares, packed in one
//! word, row after row: its dominoes, its connected regions by a flood fill of shifts, and one
//! canonical form for its eight images under the symmetries of the square, found by shifts
//! and bit reversal rather than square by square.
//!
//! The routines that a move's parts go through are `#[inline(always)]`, so that a listing
//! compiled for the processor's bit instructions ([`crate::cpu`]) holds them whole: code
//! called out of line would run its portable copy.

/// `COLUMN[w]`: bit `k * w` for every `k` with `k * w < 64`, the first column of a frame `w`
/// squares wide.
const COLUMN: [u64; 65] = {
    let mut masks = [0u64; 65];
    let mut w = 1;
    while w <= 64 {
        let mut bit = 0;
        while bit < 64 {
            masks[w] |= 1 << bit;
            bit += w;
        }
        w += 1;
    }
    masks
};

/// `RECIPROCAL[w]`: `2^16 / w` rounded up, so that `n * RECIPROCAL[w] >> 16` is `n / w` for
/// every `n < 128` (the error, below `n / 2^16`, never reaches the next multiple of `1 / w`):
/// a division by the width without a divide instruction.
const RECIPROCAL: [u32; 65] = {
    let mut table = [0u32; 65];
    let mut w = 1;
    while w <= 64 {
        table[w] = 65536u32.div_ceil(w as u32);
        w += 1;
    }
    table
};

/// `n / w` for `n < 128`, `1 <= w <= 64`.
fn divide(n: u32, w: u32) -> u32 {
    (n * RECIPROCAL[w as usize]) >> 16
}

/// The `n` lowest bits (`n <= 64`).
fn low(n: u32) -> u64 {
    u64::MAX.checked_shr(64 - n).unwrap_or(0)
}

/// Squares of a box of at most 64 squares: bit `r * width + c` is the square in row `r`,
/// column `c`. A [`WordRegion::canonical`] region touches row 0 and column 0, is no wider
/// than it is tall, and is the least of its images (by width, then by its bits).
///
/// # Example
/// ```
/// use grundy::positional::WordRegion;
/// let l = WordRegion::new(0b01_11, 2);        // rows 0b11 and 0b01
/// let turned = WordRegion::new(0b11_01, 2);   // rows 0b01 and 0b11
/// assert_eq!(l.canonical(), turned.canonical());
/// assert_eq!(l.cells(), 3);
/// assert_eq!(l.height(), 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WordRegion {
    bits: u64,
    width: u8,
}

impl WordRegion {
    /// The squares `bits`, rows `width` bits apart (`1..=64`).
    pub fn new(bits: u64, width: u32) -> WordRegion {
        debug_assert!((1..=64).contains(&width));
        WordRegion {
            bits,
            width: width as u8,
        }
    }

    /// The squares, row after row.
    pub fn bits(&self) -> u64 {
        self.bits
    }

    /// The frame's width.
    pub fn width(&self) -> u32 {
        u32::from(self.width)
    }

    /// Rows up to the last that holds a square.
    pub fn height(&self) -> u32 {
        divide(
            64 - self.bits.leading_zeros() + self.width() - 1,
            self.width(),
        )
    }

    /// The number of squares.
    pub fn cells(&self) -> u32 {
        self.bits.count_ones()
    }

    /// The first column of the frame.
    fn first_column(&self) -> u64 {
        COLUMN[self.width as usize]
    }

    /// The last column of the frame.
    fn last_column(&self) -> u64 {
        COLUMN[self.width as usize] << (self.width - 1)
    }

    /// `bits` moved a row up (toward bit 0), down, a column left and right, squares leaving
    /// the frame dropped.
    fn shifted(&self, bits: u64) -> [u64; 4] {
        let w = self.width();
        [
            bits.checked_shr(w).unwrap_or(0),
            bits.checked_shl(w).unwrap_or(0),
            (bits & !self.first_column()) >> 1,
            (bits & !self.last_column()) << 1,
        ]
    }

    /// The dominoes that fit, by their first square: across (the second square to its right)
    /// and down (the second square below).
    pub fn dominoes(&self) -> (u64, u64) {
        let [up, _, left, _] = self.shifted(self.bits);
        (self.bits & left, self.bits & up)
    }

    /// The region with squares `bits` in this region's frame.
    pub fn with_bits(&self, bits: u64) -> WordRegion {
        WordRegion { bits, ..*self }
    }

    /// Calls `found` with each connected region of this region's squares (joined across a
    /// side), in this region's frame.
    pub fn split(&self, mut found: impl FnMut(WordRegion)) {
        let mut left = self.bits;
        while left != 0 {
            let mut part = left & left.wrapping_neg();
            loop {
                let [up, down, l, r] = self.shifted(part);
                let grown = (part | up | down | l | r) & left;
                if grown == part {
                    break;
                }
                part = grown;
            }
            left &= !part;
            found(self.with_bits(part));
        }
    }

    /// The squares with a neighbour below, above, to the right and to the left, and the
    /// leaves (squares with exactly one neighbour).
    fn sides(&self) -> ([u64; 4], u64) {
        let bits = self.bits;
        let [up, down, left, right] = self.shifted(bits);
        let (b, a, r, l) = (bits & up, bits & down, bits & left, bits & right);
        let one = (b ^ a ^ r ^ l) & !((b & a) | (r & l) | ((b | a) & (r | l)));
        ([b, a, r, l], one)
    }

    /// Spare leaves: a leaf is a square with one neighbour (its centre), and of the leaves
    /// that share a centre, all but one are spare. Removing them leaves the nimber as it was
    /// (a domino on a leaf covers its centre and strands the centre's other leaves, the same
    /// position whichever leaf it took).
    pub fn spare_leaves(&self) -> u64 {
        let (sides, one) = self.sides();
        self.spare_of(sides, one)
    }

    /// [`WordRegion::spare_leaves`] from [`WordRegion::sides`].
    fn spare_of(&self, [b, a, r, l]: [u64; 4], one: u64) -> u64 {
        // The centres of the leaves hanging above, below, left and right of theirs.
        let [_, from_above, _, _] = self.shifted(one & b);
        let [from_below, _, _, _] = self.shifted(one & a);
        let [_, _, _, from_left] = self.shifted(one & r);
        let [_, _, from_right, _] = self.shifted(one & l);
        let mut seen = from_above;
        let mut spare_centres = [0u64; 3];
        for (spare, centres) in spare_centres
            .iter_mut()
            .zip([from_below, from_left, from_right])
        {
            *spare = centres & seen;
            seen |= centres;
        }
        // Back from each spare centre to its leaf.
        let [_, below, _, _] = self.shifted(spare_centres[0]);
        let [_, _, left_of, _] = self.shifted(spare_centres[1]);
        let [_, _, _, right_of] = self.shifted(spare_centres[2]);
        (below & one & a) | (left_of & one & r) | (right_of & one & l)
    }

    /// Bridges: squares that are neither leaves nor centres and whose every neighbour is a
    /// centre (no two bridges are neighbours). Removing them leaves the nimber as it was:
    /// a domino on a bridge `b` and a centre `c` strands the leaf of `c`, the position that
    /// the domino on `c` and its leaf leaves once `b` is gone; every other domino keeps
    /// each neighbour of `b` a centre, so the same holds after it (by induction on the
    /// squares).
    pub fn bridges(&self) -> u64 {
        self.bridges_of(self.sides().1)
    }

    /// [`WordRegion::bridges`] from the leaves.
    fn bridges_of(&self, one: u64) -> u64 {
        let centres = self.around(one) & self.bits;
        let inner = self.bits & !one & !centres;
        inner & !self.around(inner)
    }

    /// The region less its spare leaves and its bridges, again until none is left: the
    /// same nimber ([`WordRegion::spare_leaves`], [`WordRegion::bridges`]).
    #[must_use]
    pub fn reduced(&self) -> WordRegion {
        self.reduced_sides().0
    }

    /// [`WordRegion::reduced`] and its diagonal joints ([`WordRegion::joints`]), found from
    /// the sides that the reduction computed last.
    #[inline(always)]
    pub(crate) fn reduced_and_joints(&self) -> (WordRegion, u64) {
        let (region, sides) = self.reduced_sides();
        (region, region.joints_of(sides))
    }

    /// [`WordRegion::reduced`] and its squares' sides ([`WordRegion::sides`]).
    #[inline(always)]
    fn reduced_sides(&self) -> (WordRegion, [u64; 4]) {
        let mut region = *self;
        loop {
            let (sides, one) = region.sides();
            if one == 0 {
                // No leaf, so no centre: the only bridges are squares alone, and dropping
                // them makes no leaf (most options early in a search: one pass) nor changes
                // another square's sides.
                let [b, a, r, l] = sides;
                return (region.with_bits(b | a | r | l), sides);
            }
            let spare = region.spare_of(sides, one);
            let region_less = region.with_bits(region.bits & !spare);
            let bridges = if spare == 0 {
                region.bridges_of(one)
            } else {
                region_less.bridges()
            };
            if spare | bridges == 0 {
                return (region, sides);
            }
            region = region_less.with_bits(region_less.bits & !bridges);
        }
    }

    /// Diagonal joints: the dominoes across (by their first square) that a search may take
    /// out of the board's adjacency without changing its nimber. A joint is a 2 x 2 block
    /// whose two opposite corners `p` and `q` have no neighbour outside it; taking out its
    /// two dominoes across leaves `p` hanging from one of the other corners and `q` from the
    /// last, and when that splits the region the parts' nimbers add up to its own.
    ///
    /// Why: of the block's four dominoes, the two that cover `p`'s neighbour across and
    /// another square each leave positions mirror to one another's about the block (the
    /// square left of `p` or `q` hangs from the same corner), so every option of the region
    /// is an option of the region without them, and conversely; a domino elsewhere either
    /// keeps the block a joint (induction) or leaves both `p` and `q` hanging from one
    /// corner, of which one is spare ([`WordRegion::spare_leaves`]).
    pub fn joints(&self) -> u64 {
        self.joints_of(self.sides().0)
    }

    /// [`WordRegion::joints`] from [`WordRegion::sides`].
    fn joints_of(&self, [below, above, after, before]: [u64; 4]) -> u64 {
        let w = self.width();
        if w < 2 {
            return 0;
        }
        // Corners of a block: neighbours right and below only, left and above only, ...
        let top_left = below & after & !above & !before;
        let bottom_right = above & before & !below & !after;
        let top_right = below & before & !above & !after;
        let bottom_left = above & after & !below & !before;
        // Blocks whose top left and bottom right squares are corners, by their top left.
        let falling = top_left & bottom_right.checked_shr(w + 1).unwrap_or(0);
        // Blocks whose top right and bottom left squares are corners, by their top left.
        let rising = (top_right & bottom_left.checked_shr(w - 1).unwrap_or(0)) >> 1;
        let tops = falling | rising;
        tops | tops.checked_shl(w).unwrap_or(0)
    }

    /// Calls `found` with each connected region of this region's squares, the dominoes
    /// across in `cut` (by their first square) not joining their squares, in the order of
    /// their lowest squares.
    pub fn split_cut(&self, cut: u64, found: impl FnMut(WordRegion)) {
        self.split_seeded(cut, self.bits, found);
    }

    /// The squares next to `squares` (across a side, within the frame), whether in the
    /// region or not.
    pub fn around(&self, squares: u64) -> u64 {
        let [up, down, left, right] = self.shifted(squares);
        up | down | left | right
    }

    /// [`WordRegion::split_cut`] when every connected region holds a square of `seeds`, or
    /// `seeds` holds none of the squares and the region is connected: each fill starts at a
    /// seed and stops as soon as it holds every seed left (the rest is then its own). A
    /// region `r` less squares `s`, cut at `cut`, has such seeds when `r` is connected: the
    /// squares left next to `s` ([`WordRegion::around`]) and both squares of each domino
    /// in `cut`; after a move they are a few steps apart, so most fills take a few steps
    /// rather than the region's breadth.
    ///
    /// # Example
    /// ```
    /// use grundy::positional::WordRegion;
    /// // A 3 x 3 square less its middle column: two columns, seeded next to the column.
    /// let whole = WordRegion::new(0b111_111_111, 3);
    /// let gone = 0b010_010_010;
    /// let left = whole.with_bits(whole.bits() & !gone);
    /// let mut parts = Vec::new();
    /// left.split_seeded(0, whole.around(gone) & left.bits(), |p| parts.push(p.bits()));
    /// assert_eq!(parts, [0b001_001_001, 0b100_100_100]);
    /// ```
    #[inline(always)]
    pub fn split_seeded(&self, cut: u64, seeds: u64, mut found: impl FnMut(WordRegion)) {
        let bits = self.bits;
        let seeds = seeds & bits;
        if seeds & seeds.wrapping_sub(1) == 0 {
            // At most one seed: one region (or none).
            if bits != 0 {
                found(*self);
            }
            return;
        }
        let first = self.fill(cut, seeds, bits);
        if first == bits {
            found(*self);
            return;
        }
        // Two regions or more, found from the seeds: handed on by their lowest squares.
        let rest = bits & !first;
        let second = self.fill(cut, seeds & rest, rest);
        if second == rest {
            let (low, high) = if first.trailing_zeros() < rest.trailing_zeros() {
                (first, rest)
            } else {
                (rest, first)
            };
            found(self.with_bits(low));
            found(self.with_bits(high));
            return;
        }
        let mut parts = [0u64; 64];
        parts[..2].copy_from_slice(&[first, second]);
        let mut count = 2;
        let mut left = rest & !second;
        while left != 0 {
            let part = self.fill(cut, seeds & left, left);
            parts[count] = part;
            count += 1;
            left &= !part;
        }
        let parts = &mut parts[..count];
        parts.sort_unstable_by_key(|part| part.trailing_zeros());
        for &part in parts.iter() {
            found(self.with_bits(part));
        }
    }

    /// The connected region of `within` (a union of connected regions each holding a square
    /// of `seeds`, a subset of `within`) that holds the lowest seed: all of `within` once
    /// the fill holds every seed.
    #[inline(always)]
    fn fill(&self, cut: u64, seeds: u64, within: u64) -> u64 {
        if seeds & seeds.wrapping_sub(1) == 0 {
            return within;
        }
        let go_right = !(cut | self.last_column());
        let go_left = !(cut << 1 | self.first_column());
        let w = self.width();
        let mut part = seeds & seeds.wrapping_neg();
        loop {
            let grown = (part
                | part.checked_shr(w).unwrap_or(0)
                | part.checked_shl(w).unwrap_or(0)
                | (part & go_left) >> 1
                | (part & go_right) << 1)
                & within;
            if grown & seeds == seeds {
                return within;
            }
            if grown == part {
                return part;
            }
            part = grown;
        }
    }

    /// The region (connected) trimmed to its squares, no wider than tall, the least of its images under
    /// the eight symmetries of the square.
    #[must_use]
    #[inline(always)]
    pub fn canonical(&self) -> WordRegion {
        let mut bits = self.bits;
        if bits == 0 {
            return WordRegion { bits: 0, width: 1 };
        }
        let w = self.width();
        bits >>= divide(bits.trailing_zeros(), w) * w;
        let (shift, width) = if bits & self.first_column() != 0 && bits & self.last_column() != 0 {
            // Both edge columns hold a square (most regions: the frame is trimmed already).
            (0, w)
        } else {
            // Every row folded onto the first, in doubling steps.
            let mut columns = bits;
            let mut step = w;
            while step < 64 {
                columns |= columns >> step;
                step *= 2;
            }
            columns &= low(w);
            let shift = columns.trailing_zeros();
            (shift, 64 - columns.leading_zeros() - shift)
        };
        bits >>= shift;
        let height;
        if width < w {
            let (mut packed, mut r, keep) = (0, 0, low(width));
            while bits != 0 {
                packed |= (bits & keep) << (r * width);
                // A shift by the whole word (one row 64 wide) leaves nothing.
                bits = bits.checked_shr(w).unwrap_or(0);
                r += 1;
            }
            bits = packed;
            height = r;
        } else {
            height = divide(64 - bits.leading_zeros() + w - 1, w);
        }
        if width == 1 || height == 1 {
            // A straight line: one column.
            return WordRegion {
                bits: low(width * height),
                width: 1,
            };
        }
        let least = |bits: u64, width: u32, height: u32| {
            let size = width * height;
            let turned = bits.reverse_bits() >> (64 - size);
            let mirrored = mirror(bits, width);
            let flipped = mirror(turned, width);
            bits.min(turned).min(flipped).min(mirrored)
        };
        let best = if width < height {
            (least(bits, width, height), width)
        } else if width > height {
            (least(transpose(bits, width, height), height, width), height)
        } else {
            let plain = least(bits, width, height);
            (
                plain.min(least(transpose(bits, width, height), height, width)),
                width,
            )
        };
        WordRegion {
            bits: best.0,
            width: best.1 as u8,
        }
    }

    /// Whether a half turn about the centre of the bounding box gives the region back (for a
    /// canonical region).
    pub fn is_centrally_symmetric(&self) -> bool {
        let bits = self.bits;
        let size = self.width() * self.height();
        // The half turn takes the first square to the last: two counts before the reversal.
        bits.trailing_zeros() + 64 - bits.leading_zeros() == size
            && bits == bits.reverse_bits() >> (64 - size)
    }

    /// Whether the square in row `r`, column `c` is in the region.
    pub fn contains(&self, r: u32, c: u32) -> bool {
        self.bits >> (r * self.width() + c) & 1 == 1
    }

    /// The key of a canonical region: its bits, its width above them. Never 0.
    pub fn key(&self) -> u128 {
        u128::from(self.bits) | u128::from(self.width) << 64
    }
}

/// `MIRROR[w]`: the steps that turn every row of a frame `w` squares wide end for end, as
/// pairs `(d, m)`: the squares of `m` trade places with those `d` columns to their right
/// (a delta swap). The first step trades a row's two halves (the middle square of an odd
/// width stays), each later one the halves of the pieces that the step before traded, all
/// of one size: `floor(log2 w)` steps in all, whatever the height.
const MIRROR: [[(u32, u64); 6]; 65] = {
    let mut table = [[(0u32, 0u64); 6]; 65];
    let mut w = 1;
    while w <= 64 {
        // The columns where pieces of `size` squares start, in one row.
        let (mut starts, mut size, mut step) = (1u64, w, 0);
        while size > 1 {
            let half = size / 2;
            let delta = size - half;
            let (mut row_mask, mut next, mut c) = (0u64, 0u64, 0);
            while c < w {
                if starts >> c & 1 == 1 {
                    row_mask |= ((1u64 << half) - 1) << c;
                    next |= 1 << c | 1 << (c + delta);
                }
                c += 1;
            }
            // Every row: the row's mask times the first column (no carries: `row_mask < 2^w`).
            table[w][step] = (delta as u32, row_mask.wrapping_mul(COLUMN[w]));
            (starts, size, step) = (next, half, step + 1);
        }
        w += 1;
    }
    table
};

/// Each row of `bits` (rows `width` bits apart) in the opposite order: `floor(log2 width)`
/// delta swaps ([`MIRROR`]), whatever the height.
fn mirror(bits: u64, width: u32) -> u64 {
    let steps = &MIRROR[width as usize];
    let count = width.ilog2() as usize;
    steps[..count].iter().fold(bits, |bits, &(delta, mask)| {
        let trade = (bits >> delta ^ bits) & mask;
        bits ^ trade ^ trade << delta
    })
}

/// Column `c` of `bits` (`height` rows `width` bits apart, `height <= width`) as `height`
/// bits, row 0 lowest: one multiplication for the first `width - 1` rows (bit `k * width`
/// times `2^(j * (width - 1))` lands at `(k + j) * (width - 1) + k`, all apart since
/// `k < width - 1`, and at `(height - 1) * (width - 1) + k` for `j = height - 1 - k`).
fn column_of(bits: u64, c: u32, width: u32, height: u32) -> u64 {
    let rows = height.min(width - 1);
    let step = width - 1;
    let column = bits >> c & COLUMN[width as usize] & low(rows * width);
    let spread = COLUMN[step as usize] & low(rows * step);
    let gathered = column.wrapping_mul(spread) >> ((rows - 1) * step) & low(rows);
    if rows == height {
        gathered
    } else {
        gathered | (bits >> ((height - 1) * width + c) & 1) << (height - 1)
    }
}

/// Rows and columns of `bits` (`height` rows `width` bits apart, `2 <= height <= width`)
/// exchanged: `width` rows `height` bits apart.
fn transpose(bits: u64, width: u32, height: u32) -> u64 {
    let mut out = 0;
    for c in 0..width {
        out |= column_of(bits, c, width, height) << (c * height);
    }
    out
}

#[cfg(test)]
impl WordRegion {
    /// A fixed stream of 64-bit words from `seed` (not 0): xorshift, for drawing test
    /// regions.
    pub(crate) fn stream(seed: u64) -> impl Iterator<Item = u64> {
        let mut random = crate::xorshift::Random(seed);
        std::iter::repeat_with(move || random.draw())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::positional::Region;

    /// The region of `bits` (rows `width` apart) in rows of bits.
    fn rows(region: WordRegion) -> Vec<u64> {
        let w = region.width();
        (0..region.height())
            .map(|r| region.bits() >> (r * w) & low(w))
            .collect()
    }

    fn random_regions() -> impl Iterator<Item = WordRegion> {
        WordRegion::stream(0x9e37_79b9_7f4a_7c15)
            .zip(0..20_000)
            .map(|(x, i)| {
                // Mostly narrow frames; one in ten up to 64 wide.
                let width = if i % 10 == 9 {
                    10 + (x >> 40) as u32 % 55
                } else {
                    1 + (i % 9) as u32
                };
                let height = (64 / width).min(1 + (x >> 58) as u32 % 9);
                WordRegion::new(x & (x >> 3 | x >> 5) & low(width * height), width)
            })
    }

    #[test]
    fn division_by_reciprocals_is_exact() {
        for w in 1..=64 {
            for n in 0..128 {
                assert_eq!(divide(n, w), n / w, "{n} / {w}");
            }
        }
    }

    #[test]
    fn canonical_forms_match_those_of_rows() {
        // Two regions share a canonical word exactly when they share a canonical Region.
        let mut seen = std::collections::HashMap::new();
        let mut parts = Vec::new();
        for region in random_regions() {
            region.split(|part| parts.push(part));
        }
        for region in parts {
            let word = region.canonical();
            let by_rows = Region::canonical_of(&rows(region));
            assert_eq!(word.cells(), region.cells());
            assert!(word.width() <= word.height().max(1), "{region:?}");
            assert_eq!(Region::canonical_of(&rows(word)), by_rows, "{region:?}");
            assert_eq!(word.canonical(), word, "{region:?}");
            if let Some(earlier) = seen.insert(by_rows.key(), word) {
                assert_eq!(earlier, word, "{region:?}");
            }
        }
    }

    #[test]
    fn mirrors_and_transposes_match_square_by_square() {
        for x in WordRegion::stream(0x0123_4567_89ab_cdef).take(20_000) {
            let width = 2 + (x >> 60) as u32 % 15;
            let height = (2 + (x >> 56) as u32 % 15).min(64 / width);
            let bits = x & low(width * height);
            let square = |b: u64, r: u32, c: u32, w: u32| b >> (r * w + c) & 1;
            let mirrored = mirror(bits, width);
            for r in 0..height {
                for c in 0..width {
                    assert_eq!(
                        square(mirrored, r, c, width),
                        square(bits, r, width - 1 - c, width)
                    );
                }
            }
            if height <= width {
                let turned = transpose(bits, width, height);
                assert_eq!(turned.count_ones(), bits.count_ones());
                for r in 0..height {
                    for c in 0..width {
                        assert_eq!(square(turned, c, r, height), square(bits, r, c, width));
                    }
                }
            }
        }
    }

    #[test]
    fn split_matches_the_regions_of_rows() {
        for region in random_regions().take(3000) {
            let mut words = Vec::new();
            region.split(|part| words.push(Region::canonical_of(&rows(part))));
            let mut by_rows = Vec::new();
            Region::split(&rows(region), |_, part| {
                by_rows.push(Region::canonical_of(part));
            });
            let key = |r: &Region| r.key();
            words.sort_by_key(key);
            by_rows.sort_by_key(key);
            assert_eq!(words, by_rows, "{region:?}");
        }
    }

    /// The connected regions of `bits` (rows `width` apart), the dominoes across in `cut`
    /// not joining, square by square from the definition, each by its squares.
    fn regions_by_squares(bits: u64, width: u32, cut: u64) -> Vec<u64> {
        let joined = |s: u32, t: u32| {
            let (lo, hi) = (s.min(t), s.max(t));
            (hi == lo + width) || (hi == lo + 1 && (lo + 1) % width != 0 && cut >> lo & 1 == 0)
        };
        let mut left = bits;
        let mut regions = Vec::new();
        while left != 0 {
            let mut region = left & left.wrapping_neg();
            let mut stack = vec![region.trailing_zeros()];
            while let Some(s) = stack.pop() {
                for t in 0..64 {
                    if left >> t & 1 == 1 && region >> t & 1 == 0 && joined(s, t) {
                        region |= 1 << t;
                        stack.push(t);
                    }
                }
            }
            left &= !region;
            regions.push(region);
        }
        regions
    }

    proptest::proptest! {
        /// A connected region less some squares, cut at some dominoes across: the fills
        /// from the seeds find the regions that the definition finds, in the same order.
        #[test]
        fn seeded_fills_find_the_regions(
            x in proptest::prelude::any::<u64>(),
            y in proptest::prelude::any::<u64>(),
            z in proptest::prelude::any::<u64>(),
            width in 1u32..=12,
        ) {
            let frame = low(width * (64 / width));
            let dense = WordRegion::new((x | y.rotate_left(17)) & frame, width);
            // A connected region: the first of the dense squares'.
            let mut whole = None;
            dense.split(|part| { whole.get_or_insert(part); });
            let Some(whole) = whole else { return Ok(()) };
            let taken = y & z & whole.bits();
            let left = whole.with_bits(whole.bits() & !taken);
            let (across, _) = left.dominoes();
            let cut = across & z.rotate_left(29) & x.rotate_left(7);
            let seeds = whole.around(taken) & left.bits() | cut | cut << 1;
            let mut seeded = Vec::new();
            left.split_seeded(cut, seeds, |part| seeded.push(part.bits()));
            let mut plain = Vec::new();
            left.split_cut(cut, |part| plain.push(part.bits()));
            let by_squares = regions_by_squares(left.bits(), width, cut);
            proptest::prop_assert_eq!(&seeded, &by_squares, "{:?} less {:#x} cut {:#x}", whole, taken, cut);
            proptest::prop_assert_eq!(&plain, &by_squares);
        }
    }

    #[test]
    fn spare_leaves_share_a_centre_with_a_kept_leaf() {
        for region in random_regions() {
            let spare = region.spare_leaves();
            let bits = region.bits();
            let w = region.width() as i64;
            let neighbours = |square: i64, within: u64| -> Vec<i64> {
                let (r, c) = (square / w, square % w);
                [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
                    .into_iter()
                    .filter(|&(r, c)| r >= 0 && c >= 0 && c < w && r * w + c < 64)
                    .map(|(r, c)| r * w + c)
                    .filter(|&s| within >> s & 1 == 1)
                    .collect()
            };
            let leaf = |s: i64| bits >> s & 1 == 1 && neighbours(s, bits).len() == 1;
            // Every centre keeps exactly one of its leaves.
            for centre in (0..64).filter(|&s| bits >> s & 1 == 1) {
                let leaves: Vec<i64> = neighbours(centre, bits)
                    .into_iter()
                    .filter(|&s| leaf(s))
                    .collect();
                let kept = leaves.iter().filter(|&&s| spare >> s & 1 == 0).count();
                assert_eq!(kept, leaves.len().min(1), "{region:?} {centre}");
            }
            assert_eq!(spare & !bits, 0);
            assert!(
                (0..64).filter(|&s| spare >> s & 1 == 1).all(leaf),
                "{region:?}"
            );
        }
    }
}
