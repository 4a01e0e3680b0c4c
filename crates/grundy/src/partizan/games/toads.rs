//! Toads and Frogs on a strip: `t` Left's toads, moving right, `f` Right's frogs, moving left,
//! `.` empty. A toad slides into the empty square to its right or jumps a frog into the empty
//! square beyond; frogs the mirror.
//!
//! **Frozen creatures split a strip.** Call a set `S` of creatures frozen when each toad of `S`
//! has, on its right, the strip's end or a creature of `S` that is a toad or is followed by the
//! end or a creature of `S`; and each frog of `S` the mirror. No creature of `S` can ever move:
//! its step and its jump land on a square of `S` (or off the strip), and the first member to
//! move would need one of those squares empty. The largest such set is found by dropping, until
//! none fails, every creature that fails the condition. A frozen block begins with a toad (or
//! the strip's start) and ends with a frog (or the strip's end), so no creature outside it can
//! step into it or jump over it: to the squares on either side it is the strip's end. The
//! strip is therefore the sum of the runs of squares between frozen creatures (`ttff` splits
//! `t.ttff.f` into `t.` and `.f`; frogs at the left end and toads at the right end are frozen
//! and dropped).
//!
//! **Mirror.** Reversing a strip and swapping toads with frogs swaps Left's and Right's moves,
//! so the value of the mirror image is the negative ([`PartizanRuleset::mirror`]).

use smallvec::SmallVec;

use super::PartizanRuleset;

/// Toads and Frogs.
#[derive(Clone, Copy, Debug, Default)]
pub struct ToadsAndFrogs;

/// The longest strip kept packed in a [`Strip`] without a heap allocation.
const PACKED_SQUARES: usize = 64;

/// A Toads and Frogs strip: squares `t`, `f` and `.`. Strips of up to 64 squares are packed
/// two bits a square in the value itself, so that the solver's memo hashes and compares them
/// without following a pointer; longer ones are kept as their letters.
///
/// ```
/// use grundy::partizan::games::Strip;
/// let strip = Strip::new(b"tt.f")?;
/// assert_eq!(strip.letters(), b"tt.f");
/// assert!(Strip::new(b"tx").is_err());
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Strip(Squares);

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Squares {
    /// Square `i` in bits `2i` and `2i + 1`: 0 empty, 1 a toad, 2 a frog.
    Packed { len: u8, bits: u128 },
    /// The letters of a strip longer than [`PACKED_SQUARES`].
    Letters(Box<[u8]>),
}

/// A square's two-bit code.
const fn code(square: u8) -> u128 {
    match square {
        b't' => 1,
        b'f' => 2,
        _ => 0,
    }
}

/// The letter of a two-bit code.
const fn letter(code: u128) -> u8 {
    match code {
        1 => b't',
        2 => b'f',
        _ => b'.',
    }
}

impl Strip {
    /// The strip of `letters` (`t`, `f`, `.`).
    ///
    /// # Errors
    /// Another letter.
    pub fn new(letters: &[u8]) -> crate::Result<Strip> {
        if let Some(&bad) = letters.iter().find(|c| !matches!(c, b't' | b'f' | b'.')) {
            return Err(crate::Error::invalid_position(format!(
                "a Toads and Frogs strip has only t, f and . squares, not {:?}",
                char::from(bad)
            )));
        }
        Ok(Strip::from_valid(letters))
    }

    /// The strip of `letters`, each `t`, `f` or `.` (any other reads as `.`).
    pub(crate) fn from_valid(letters: &[u8]) -> Strip {
        if letters.len() <= PACKED_SQUARES {
            let bits = letters
                .iter()
                .enumerate()
                .fold(0, |bits, (i, &c)| bits | code(c) << (2 * i));
            // At most 64 squares: the length fits a byte.
            let len = letters.len() as u8;
            Strip(Squares::Packed { len, bits })
        } else {
            Strip(Squares::Letters(letters.into()))
        }
    }

    /// The number of squares.
    pub fn len(&self) -> usize {
        match &self.0 {
            Squares::Packed { len, .. } => usize::from(*len),
            Squares::Letters(letters) => letters.len(),
        }
    }

    /// Whether the strip has no squares.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The strip's letters.
    pub fn letters(&self) -> Vec<u8> {
        self.squares().to_vec()
    }

    /// The letters, on the stack for packed strips.
    fn squares(&self) -> SmallVec<[u8; PACKED_SQUARES]> {
        match &self.0 {
            Squares::Packed { len, bits } => (0..usize::from(*len))
                .map(|i| letter(bits >> (2 * i) & 3))
                .collect(),
            Squares::Letters(letters) => letters.iter().copied().collect(),
        }
    }

    /// The strip with squares `i` and `j` swapped.
    fn swapped(&self, i: usize, j: usize) -> Strip {
        match &self.0 {
            Squares::Packed { len, bits } => {
                let (a, b) = (bits >> (2 * i) & 3, bits >> (2 * j) & 3);
                let cleared = bits & !(3 << (2 * i)) & !(3 << (2 * j));
                Strip(Squares::Packed {
                    len: *len,
                    bits: cleared | a << (2 * j) | b << (2 * i),
                })
            }
            Squares::Letters(letters) => {
                let mut letters = letters.clone();
                letters.swap(i, j);
                Strip(Squares::Letters(letters))
            }
        }
    }
}

impl PartizanRuleset for ToadsAndFrogs {
    type Position = Strip;

    fn moves(&self, position: &Strip, left: bool) -> Vec<Strip> {
        if let Squares::Packed { len, bits } = position.0 {
            return packed_moves(len, bits, left);
        }
        // Left's toads step right over frogs, Right's frogs step left over toads.
        let (mover, other, step) = if left {
            (b't', b'f', 1)
        } else {
            (b'f', b't', -1)
        };
        let squares = position.squares();
        let at = |i: usize, steps: isize| {
            i.checked_add_signed(steps * step)
                .and_then(|j| squares.get(j).map(|&square| (j, square)))
        };
        let mut found = Vec::new();
        for (i, _) in squares
            .iter()
            .enumerate()
            .filter(|&(_, &square)| square == mover)
        {
            let target = match (at(i, 1), at(i, 2)) {
                (Some((j, b'.')), _) => Some(j),
                (Some((_, square)), Some((j, b'.'))) if square == other => Some(j),
                _ => None,
            };
            if let Some(target) = target {
                found.push(position.swapped(i, target));
            }
        }
        found
    }

    fn parts(&self, position: &Strip) -> Vec<Strip> {
        let squares = position.squares();
        let frozen = frozen(&squares);
        if !frozen.iter().any(|&f| f) {
            return vec![position.clone()];
        }
        let mut parts = Vec::new();
        let mut start = 0;
        for end in (0..=squares.len()).filter(|&i| i == squares.len() || frozen[i]) {
            let part = &squares[start..end];
            if part.iter().any(|&square| square != b'.') {
                parts.push(Strip::from_valid(part));
            }
            start = end + 1;
        }
        parts
    }

    fn mirror(&self, position: &Strip) -> Option<Strip> {
        if let Squares::Packed { len, bits } = position.0 {
            // Reversing the bits reverses the squares and swaps the two bits of each code:
            // a toad (01) becomes a frog (10) and the reverse.
            let bits = if len == 0 {
                0
            } else {
                bits.reverse_bits() >> (128 - 2 * u32::from(len))
            };
            return Some(Strip(Squares::Packed { len, bits }));
        }
        let mirrored: SmallVec<[u8; PACKED_SQUARES]> = position
            .squares()
            .iter()
            .rev()
            .map(|&square| match square {
                b't' => b'f',
                b'f' => b't',
                other => other,
            })
            .collect();
        Some(Strip::from_valid(&mirrored))
    }
}

/// The moves of a packed strip, by masks: bit `2i` of `toads` is set when square `i` holds a
/// toad, and so for frogs and empty squares (squares beyond the strip are not empty).
fn packed_moves(len: u8, bits: u128, left: bool) -> Vec<Strip> {
    const LOW: u128 = u128::MAX / 3; // 0b0101...: the low bit of every square
    let squares = if len == 0 {
        0
    } else {
        LOW >> (128 - 2 * u32::from(len))
    };
    let toads = bits & LOW;
    let frogs = bits >> 1 & LOW;
    let empty = !(toads | frogs) & squares;
    // The squares whose creature moves, and how far (in squares, signed by direction).
    let (steps, jumps, ahead): (u128, u128, isize) = if left {
        (toads & empty >> 2, toads & frogs >> 2 & empty >> 4, 1)
    } else {
        (frogs & empty << 2, frogs & toads << 2 & empty << 4, -1)
    };
    let mut found = Vec::with_capacity((steps | jumps).count_ones() as usize);
    let mut movers = steps | jumps;
    while movers != 0 {
        let at = movers.trailing_zeros() as usize / 2;
        movers &= movers - 1;
        let distance = if steps >> (2 * at) & 1 == 1 { 1 } else { 2 };
        // The target lies on the strip: the masks above found it empty.
        let to = at.wrapping_add_signed(ahead * distance);
        found.push(Strip(Squares::Packed { len, bits }).swapped(at, to));
    }
    found
}

/// Which squares hold frozen creatures (module docs): the largest set of creatures that
/// passes the test, found by dropping failures until none is left.
fn frozen(strip: &[u8]) -> SmallVec<[bool; PACKED_SQUARES]> {
    let mut frozen: SmallVec<[bool; PACKED_SQUARES]> =
        strip.iter().map(|&square| square != b'.').collect();
    // A square beyond the strip is a wall; so is a frozen creature.
    let wall = |frozen: &[bool], j: Option<usize>| j.is_none_or(|j| j >= strip.len() || frozen[j]);
    loop {
        let mut changed = false;
        for i in 0..strip.len() {
            if !frozen[i] {
                continue;
            }
            let (mover, step): (u8, isize) = if strip[i] == b't' {
                (b't', 1)
            } else {
                (b'f', -1)
            };
            let near = i.checked_add_signed(step);
            let far = i.checked_add_signed(2 * step);
            let next_is_mine = near.is_some_and(|j| j < strip.len() && strip[j] == mover);
            let holds = wall(&frozen, near)
                && (near.is_none_or(|j| j >= strip.len()) || next_is_mine || wall(&frozen, far));
            if !holds {
                frozen[i] = false;
                changed = true;
            }
        }
        if !changed {
            return frozen;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(strip: &str) -> Vec<String> {
        ToadsAndFrogs
            .parts(&Strip::from_valid(strip.as_bytes()))
            .into_iter()
            .map(|part| String::from_utf8(part.letters()).unwrap_or_default())
            .collect()
    }

    /// The letters of every move, Left's then Right's.
    fn moves(strip: &Strip) -> Vec<Vec<u8>> {
        [true, false]
            .into_iter()
            .flat_map(|left| ToadsAndFrogs.moves(strip, left))
            .map(|next| next.letters())
            .collect()
    }

    #[test]
    fn frozen_blocks_split_the_strip() {
        assert_eq!(parts("t.ttff.f"), ["t.", ".f"]);
        assert_eq!(parts("fft.f.tt"), ["t.f."]);
        // A toad before a lone frog with an empty square beyond may jump: nothing freezes.
        assert_eq!(parts("t.tf.f"), ["t.tf.f"]);
        // `tff` at the start: the toad cannot move, the frogs cannot pass it.
        assert_eq!(parts("tff.t."), [".t."]);
        assert!(parts("ttff").is_empty());
    }

    #[test]
    fn the_mirror_swaps_and_reverses() {
        let mirror = ToadsAndFrogs.mirror(&Strip::from_valid(b"tt.f"));
        assert_eq!(mirror.map(|strip| strip.letters()), Some(b"t.ff".to_vec()));
    }

    #[test]
    fn packed_and_long_strips_move_alike() {
        // The same strip packed and as letters (the second form is what strips beyond 64
        // squares use): the same moves, letter for letter.
        let mut random = 0x2545_f491_4f6c_dd1d_u64;
        for n in 0..=PACKED_SQUARES {
            let letters: Vec<u8> = (0..n)
                .map(|_| {
                    random ^= random << 13;
                    random ^= random >> 7;
                    random ^= random << 17;
                    b"tf.."[(random % 4) as usize]
                })
                .collect();
            let packed = Strip::from_valid(&letters);
            assert!(matches!(packed.0, Squares::Packed { .. }));
            assert_eq!(packed.letters(), letters);
            let long = Strip(Squares::Letters(letters.clone().into()));
            assert_eq!(moves(&packed), moves(&long), "{letters:?}");
            let mirror = |strip: &Strip| ToadsAndFrogs.mirror(strip).map(|m| m.letters());
            assert_eq!(mirror(&packed), mirror(&long));
        }
        let long = Strip::from_valid(&[b'.'; PACKED_SQUARES + 1]);
        assert!(matches!(long.0, Squares::Letters(_)));
        assert!(Strip::new(b"t.x").is_err());
    }
}
