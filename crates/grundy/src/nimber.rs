//! Nimbers: the values of impartial games, and the field they form.
//!
//! A nimber `*n` is the value of a Nim heap of size `n`. Nimbers add by XOR (the nim-sum) and
//! multiply by the nim-product, which makes the integers below `2^64` the finite field GF(2^64)
//! (Conway, *On Numbers and Games*, 1976, chapter 6). This module knows no games; it also holds
//! [`mex`], the minimum excludant that turns a set of option values into a value.

use std::fmt;
use std::ops::{Add, AddAssign, BitXor, BitXorAssign, Mul, MulAssign};

/// A nimber below `2^64`: an element of the field GF(2^64) under nim-sum and nim-product.
///
/// `+` is the nim-sum (XOR) and `*` the nim-product. Every nimber is its own negative, so
/// subtraction is the same as addition.
///
/// # Example
/// ```
/// use grundy::Nimber;
/// let (a, b) = (Nimber::new(3), Nimber::new(5));
/// assert_eq!(a + b, Nimber::new(6)); // 3 XOR 5
/// assert_eq!(a * b, Nimber::new(15)); // nim-product
/// assert_eq!(a * a.inverse().unwrap(), Nimber::ONE);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Nimber(u64);

impl Nimber {
    /// The value of a finished game, `*0`, the additive identity.
    pub const ZERO: Nimber = Nimber(0);
    /// `*1`, the multiplicative identity.
    pub const ONE: Nimber = Nimber(1);

    /// The nimber `*n`.
    pub const fn new(n: u64) -> Nimber {
        Nimber(n)
    }

    /// The integer `n` of `*n`.
    pub const fn value(self) -> u64 {
        self.0
    }

    /// Nim-sum: bitwise XOR, the value of the sum of two games.
    pub const fn nim_sum(self, other: Nimber) -> Nimber {
        Nimber(self.0 ^ other.0)
    }

    /// Nim-product in GF(2^64).
    ///
    /// # Complexity
    /// Karatsuba over the tower of fields GF(2^8) ⊂ GF(2^16) ⊂ GF(2^32) ⊂ GF(2^64), with table
    /// look-ups in GF(2^8) and byte tables for the constant products: 46 look-ups, no allocation.
    ///
    /// # Example
    /// ```
    /// use grundy::Nimber;
    /// assert_eq!(Nimber::new(2).nim_product(Nimber::new(2)), Nimber::new(3));
    /// assert_eq!(Nimber::new(16).nim_product(Nimber::new(16)), Nimber::new(24));
    /// ```
    pub fn nim_product(self, other: Nimber) -> Nimber {
        Nimber(mul64(self.0, other.0))
    }

    /// `self` raised to the ordinary integer power `exponent` under the nim-product.
    pub fn pow(self, mut exponent: u64) -> Nimber {
        let (mut base, mut result) = (self, Nimber::ONE);
        while exponent > 0 {
            if exponent & 1 == 1 {
                result *= base;
            }
            base = base * base;
            exponent >>= 1;
        }
        result
    }

    /// The multiplicative inverse, `None` for zero.
    ///
    /// Down the field tower: for `a = a1·F ⊕ a0` the conjugate `ā = a1·F ⊕ (a0 ⊕ a1)` makes
    /// `a ⊗ ā` a norm in the half-size field, so `a⁻¹ = ā ⊗ (a ⊗ ā)⁻¹` needs one inverse there
    /// and a few products; GF(2^8) uses a table.
    ///
    /// # Example
    /// ```
    /// use grundy::Nimber;
    /// assert_eq!(Nimber::new(2).inverse(), Some(Nimber::new(3)));
    /// assert_eq!(Nimber::ZERO.inverse(), None);
    /// ```
    pub fn inverse(self) -> Option<Nimber> {
        (self != Nimber::ZERO).then(|| Nimber(inverse_in(self.0, 32)))
    }

    /// Nim-division `self / divisor`, `None` when the divisor is zero.
    pub fn checked_div(self, divisor: Nimber) -> Option<Nimber> {
        divisor.inverse().map(|inverse| self * inverse)
    }

    /// The unique square root: squaring is a bijection (the Frobenius map) in characteristic 2,
    /// so `sqrt(x) = x^(2^63)`.
    ///
    /// # Example
    /// ```
    /// use grundy::Nimber;
    /// let root = Nimber::new(1234).sqrt();
    /// assert_eq!(root * root, Nimber::new(1234));
    /// ```
    pub fn sqrt(self) -> Nimber {
        (0..63).fold(self, |x, _| x * x)
    }
}

impl fmt::Display for Nimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl fmt::Debug for Nimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "*{}", self.0)
    }
}

impl From<u64> for Nimber {
    fn from(n: u64) -> Nimber {
        Nimber(n)
    }
}

/// `impl $op` and `impl $op_assign` for nimbers by the method `$by` (the nim-sum or product).
macro_rules! nimber_operator {
    ($op:ident, $method:ident, $op_assign:ident, $assign_method:ident, $by:ident) => {
        impl $op for Nimber {
            type Output = Nimber;
            fn $method(self, other: Nimber) -> Nimber {
                self.$by(other)
            }
        }

        impl $op_assign for Nimber {
            fn $assign_method(&mut self, other: Nimber) {
                *self = self.$by(other);
            }
        }
    };
}

nimber_operator!(Add, add, AddAssign, add_assign, nim_sum);
nimber_operator!(BitXor, bitxor, BitXorAssign, bitxor_assign, nim_sum);
nimber_operator!(Mul, mul, MulAssign, mul_assign, nim_product);

impl std::iter::Sum for Nimber {
    fn sum<I: Iterator<Item = Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::ZERO, Add::add)
    }
}

/// The nim-sum of any number of nimbers.
///
/// # Example
/// ```
/// use grundy::{nim_sum, Nimber};
/// assert_eq!(nim_sum([3, 4, 5].map(Nimber::new)), Nimber::new(2));
/// ```
pub fn nim_sum<I: IntoIterator<Item = Nimber>>(values: I) -> Nimber {
    values.into_iter().sum()
}

/// The nim-product of two nimbers; the same as `a * b`.
pub fn nim_product(a: Nimber, b: Nimber) -> Nimber {
    a.nim_product(b)
}

/// The nim-product straight from the defining identity `F ⊗ F = F ⊕ F/2` for Fermat 2-powers
/// `F`, by schoolbook recursion: four half-size products a level down to single bits, no
/// tables. Slow; the reference that the tests and the benchmark check [`nim_product`] against.
///
/// ```
/// use grundy::{nim_product, schoolbook_product, Nimber};
/// assert_eq!(schoolbook_product(2, 3), 1);
/// assert_eq!(schoolbook_product(1 << 40, 12345), nim_product(Nimber::from(1 << 40), Nimber::from(12345)).value());
/// ```
pub fn schoolbook_product(a: u64, b: u64) -> u64 {
    schoolbook(a, b, 32)
}

/// [`schoolbook_product`] of numbers below `2^(2 half)`.
fn schoolbook(a: u64, b: u64, half: u32) -> u64 {
    if half == 0 {
        return a & b;
    }
    let mask = (1u64 << half) - 1;
    let (a0, a1, b0, b1) = (a & mask, a >> half, b & mask, b >> half);
    let high = schoolbook(a1, b1, half / 2);
    let cross = schoolbook(a1, b0, half / 2) ^ schoolbook(a0, b1, half / 2);
    let low = schoolbook(a0, b0, half / 2);
    ((high ^ cross) << half) ^ low ^ schoolbook(high, 1 << (half - 1), half / 2)
}

// The nim-product, by Karatsuba over the field tower. For a Fermat 2-power F = 2^h (h a power of
// two), numbers below F^2 are a1·F ⊕ a0 with a0, a1 < F, and F ⊗ F = F ⊕ F/2. Hence
//   a ⊗ b = (p2 ⊕ p0)·F ⊕ p0 ⊕ p1 ⊗ (F/2),
// where p0 = a0 ⊗ b0, p1 = a1 ⊗ b1 and p2 = (a0 ⊕ a1) ⊗ (b0 ⊕ b1).

/// Products in GF(2^8), built at compile time by the same recursion down to single bits.
// Only read at compile time, to build the statics below.
#[allow(clippy::large_const_arrays)]
const PRODUCT_TABLE: [[u8; 256]; 256] = product_table();
static PRODUCT_8: [[u8; 256]; 256] = PRODUCT_TABLE;
/// Inverses in GF(2^8) (entry 0 unused).
static INVERSE_8: [u8; 256] = inverse_table();

const fn mul_small(a: u64, b: u64, half: u32) -> u64 {
    if half == 0 {
        return a & b;
    }
    let low_mask = (1u64 << half) - 1;
    let (a0, a1, b0, b1) = (a & low_mask, a >> half, b & low_mask, b >> half);
    let p0 = mul_small(a0, b0, half / 2);
    let p1 = mul_small(a1, b1, half / 2);
    let p2 = mul_small(a0 ^ a1, b0 ^ b1, half / 2);
    ((p2 ^ p0) << half) ^ p0 ^ mul_small(p1, 1 << (half - 1), half / 2)
}

const fn product_table() -> [[u8; 256]; 256] {
    // Each row is GF(2)-linear in b: fill it from the products with single bits.
    let mut table = [[0u8; 256]; 256];
    let mut a = 0;
    while a < 256 {
        let mut bit = 0;
        while bit < 8 {
            table[a][1 << bit] = mul_small(a as u64, 1 << bit, 4) as u8;
            bit += 1;
        }
        let mut b = 3;
        while b < 256 {
            let low_bit = b & (!b + 1);
            if low_bit != b {
                table[a][b] = table[a][b & (b - 1)] ^ table[a][low_bit];
            }
            b += 1;
        }
        a += 1;
    }
    table
}

const fn inverse_table() -> [u8; 256] {
    let mut table = [0u8; 256];
    let mut a = 1;
    while a < 256 {
        let mut b = 1;
        while PRODUCT_TABLE[a][b] != 1 {
            b += 1;
        }
        table[a] = b as u8;
        a += 1;
    }
    table
}

#[inline]
fn mul8(a: u64, b: u64) -> u64 {
    PRODUCT_8[a as usize][b as usize] as u64
}

/// `(byte << 8k) ⊗ 2^7`, `⊗ 2^15` and `⊗ 2^31`, the "times F/2" step of the next level up:
/// multiplying by a constant is GF(2)-linear, so it is a XOR of one look-up per byte.
static HALF_8: [[u32; 256]; 1] = half_tables::<1>(8);
static HALF_16: [[u32; 256]; 2] = half_tables::<2>(16);
static HALF_32: [[u32; 256]; 4] = half_tables::<4>(32);

const fn half_tables<const BYTES: usize>(h: u32) -> [[u32; 256]; BYTES] {
    let mut tables = [[0u32; 256]; BYTES];
    let mut k = 0;
    while k < BYTES {
        let mut byte = 0;
        while byte < 256 {
            tables[k][byte] = mul_small((byte as u64) << (8 * k), 1 << (h - 1), h / 2) as u32;
            byte += 1;
        }
        k += 1;
    }
    tables
}

/// `x ⊗ 2^(h-1)` for `x < 2^h`, h in {8, 16, 32}.
#[inline]
fn mul_half(x: u64, h: u32) -> u64 {
    let byte = |k: u32| ((x >> (8 * k)) & 0xff) as usize;
    match h {
        8 => HALF_8[0][byte(0)] as u64,
        16 => (HALF_16[0][byte(0)] ^ HALF_16[1][byte(1)]) as u64,
        _ => {
            (HALF_32[0][byte(0)] ^ HALF_32[1][byte(1)] ^ HALF_32[2][byte(2)] ^ HALF_32[3][byte(3)])
                as u64
        }
    }
}

/// `fn $name`: the product in GF(2^(2·$half)) by one level of Karatsuba, three products of
/// half the width by `$half_product` and `x ⊗ 2^($half-1)` from [`mul_half`].
macro_rules! karatsuba_level {
    ($name:ident, $half_product:ident, $half:literal) => {
        #[inline]
        fn $name(a: u64, b: u64) -> u64 {
            let mask = (1u64 << $half) - 1;
            let (a0, a1, b0, b1) = (a & mask, a >> $half, b & mask, b >> $half);
            let p0 = $half_product(a0, b0);
            let p1 = $half_product(a1, b1);
            let p2 = $half_product(a0 ^ a1, b0 ^ b1);
            ((p2 ^ p0) << $half) ^ p0 ^ mul_half(p1, $half)
        }
    };
}

karatsuba_level!(mul16, mul8, 8);
karatsuba_level!(mul32, mul16, 16);
karatsuba_level!(mul64, mul32, 32);

/// The product in GF(2^(2·half)) for half in {4, 8, 16, 32}.
fn mul_width(a: u64, b: u64, half: u32) -> u64 {
    match half {
        4 => mul8(a, b),
        8 => mul16(a, b),
        16 => mul32(a, b),
        _ => mul64(a, b),
    }
}

/// The inverse of nonzero `x` in GF(2^(2·half)), half in {4, 8, 16, 32}.
fn inverse_in(x: u64, half: u32) -> u64 {
    if half == 4 {
        return INVERSE_8[x as usize] as u64;
    }
    let mask = (1u64 << half) - 1;
    let (a0, a1) = (x & mask, x >> half);
    let lower = half / 2;
    let a1_squared = mul_width(a1, a1, lower);
    let norm = mul_width(a0, a0 ^ a1, lower) ^ mul_half(a1_squared, half);
    let norm_inverse = inverse_in(norm, lower);
    (mul_width(a1, norm_inverse, lower) << half) | mul_width(a0 ^ a1, norm_inverse, lower)
}

/// The minimum excludant: the least nimber not in `values`.
///
/// By the Sprague-Grundy theorem the value of a position is the mex of its options' values.
///
/// # Example
/// ```
/// use grundy::{mex, Nimber};
/// assert_eq!(mex([0, 1, 3].map(Nimber::new)), Nimber::new(2));
/// assert_eq!(mex([]), Nimber::ZERO);
/// ```
pub fn mex<I: IntoIterator<Item = Nimber>>(values: I) -> Nimber {
    let mut set = MexSet::new();
    values.into_iter().for_each(|value| set.insert(value));
    set.mex()
}

/// A reusable set of nimbers for repeated mex computations without allocation.
///
/// Values below 128 live in a two-word bitset (the fast path); larger ones in a growable
/// bitset that keeps its capacity across [`clear`](MexSet::clear). Values too large to
/// matter (above a million) are ignored unless the mex could reach them, which needs that many
/// distinct smaller values first.
///
/// # Example
/// ```
/// use grundy::{MexSet, Nimber};
/// let mut set = MexSet::new();
/// for v in [0, 1, 2, 4] { set.insert(Nimber::new(v)); }
/// assert_eq!(set.mex(), Nimber::new(3));
/// set.clear();
/// assert_eq!(set.mex(), Nimber::ZERO);
/// ```
#[derive(Clone, Debug, Default)]
pub struct MexSet {
    low: u128,
    high: Vec<u64>,
    huge: Vec<u64>,
}

impl MexSet {
    const HIGH_LIMIT: u64 = 1 << 20;

    /// An empty set.
    pub fn new() -> MexSet {
        MexSet::default()
    }

    /// Empties the set, keeping its memory.
    pub fn clear(&mut self) {
        self.low = 0;
        self.high.iter_mut().for_each(|word| *word = 0);
        self.huge.clear();
    }

    /// Adds `value` to the set.
    #[inline]
    pub fn insert(&mut self, value: Nimber) {
        let v = value.0;
        if v < 128 {
            self.low |= 1 << v;
        } else if v < Self::HIGH_LIMIT {
            let index = ((v - 128) / 64) as usize;
            if index >= self.high.len() {
                self.high.resize(index + 1, 0);
            }
            self.high[index] |= 1 << ((v - 128) % 64);
        } else {
            self.huge.push(v);
        }
    }

    /// Whether `value` is in the set.
    pub fn contains(&self, value: Nimber) -> bool {
        let v = value.0;
        if v < 128 {
            self.low >> v & 1 == 1
        } else if v < Self::HIGH_LIMIT {
            let index = ((v - 128) / 64) as usize;
            self.high
                .get(index)
                .is_some_and(|word| word >> ((v - 128) % 64) & 1 == 1)
        } else {
            self.huge.contains(&v)
        }
    }

    /// The least nimber not in the set.
    pub fn mex(&mut self) -> Nimber {
        if self.low != u128::MAX {
            return Nimber(self.low.trailing_ones() as u64);
        }
        for (index, word) in self.high.iter().enumerate() {
            if *word != u64::MAX {
                return Nimber(128 + 64 * index as u64 + word.trailing_ones() as u64);
            }
        }
        let mut candidate = 128 + 64 * self.high.len() as u64;
        if candidate < Self::HIGH_LIMIT {
            return Nimber(candidate);
        }
        self.huge.sort_unstable();
        for &v in &self.huge {
            if v == candidate {
                candidate += 1;
            } else if v > candidate {
                break;
            }
        }
        Nimber(candidate)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xorshift::Random;

    #[test]
    fn small_products_follow_the_definition() {
        // Nim multiplication table from Conway, On Numbers and Games, ch. 6 (first rows).
        let table = [
            [0, 0, 0, 0, 0, 0, 0, 0],
            [0, 1, 2, 3, 4, 5, 6, 7],
            [0, 2, 3, 1, 8, 10, 11, 9],
            [0, 3, 1, 2, 12, 15, 13, 14],
        ];
        for (a, row) in table.iter().enumerate() {
            for (b, &expected) in row.iter().enumerate() {
                assert_eq!(mul64(a as u64, b as u64), expected, "{a} * {b}");
            }
        }
    }

    #[test]
    fn fast_product_matches_bitwise_definition() {
        let mut random = Random(0x9E37_79B9_7F4A_7C15);
        for _ in 0..2000 {
            let x = random.draw();
            let y = x.rotate_left(29) ^ 0x1234_5678;
            assert_eq!(mul64(x, y), schoolbook_product(x, y), "{x} * {y}");
        }
    }

    #[test]
    fn inverses_invert() {
        let mut random = Random(0x2545_F491_4F6C_DD1D);
        for _ in 0..2000 {
            let x = random.draw();
            let inverse = Nimber(x).inverse().unwrap();
            assert_eq!(Nimber(x) * inverse, Nimber::ONE, "{x}");
            assert_eq!(inverse, Nimber(x).pow(u64::MAX - 1), "{x}");
        }
        for small in 1..=u64::from(u16::MAX) {
            assert_eq!(
                Nimber(small) * Nimber(small).inverse().unwrap(),
                Nimber::ONE
            );
        }
    }

    #[test]
    fn library_checker_example() {
        let cases = [
            (3141, 5926, 14994),
            (u64::MAX, u64::MAX, 11290409524105353207),
        ];
        for (a, b, expected) in cases {
            assert_eq!(mul64(a, b), expected);
        }
    }

    #[test]
    fn mex_handles_large_values() {
        let mut set = MexSet::new();
        for v in 0..200 {
            set.insert(Nimber(v));
        }
        set.insert(Nimber(u64::MAX));
        assert_eq!(set.mex(), Nimber(200));
        assert!(set.contains(Nimber(150)) && !set.contains(Nimber(201)));
    }
}
