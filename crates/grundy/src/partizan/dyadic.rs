//! Dyadic rationals `n / 2^k`, the numbers of short games, exact: every operation is checked
//! and a result beyond the range is an error naming the limit, never a wrapped value.
//!
//! ```
//! use grundy::partizan::Dyadic;
//! let x = Dyadic::new(3, 2)?; // 3/4
//! assert_eq!(x.to_string(), "3/4");
//! assert_eq!(x.checked_add(Dyadic::new(1, 2)?)?.to_string(), "1");
//! # Ok::<(), grundy::Error>(())
//! ```

use std::cmp::Ordering;
use std::fmt;

use crate::error::{Error, ErrorKind, Result};

/// The largest numerator's magnitude: `2^100`, so sums and shifts are checked well inside `i128`.
pub const MAX_NUMERATOR: i128 = 1 << 100;
/// The largest power of two in a denominator.
pub const MAX_EXPONENT: u32 = 100;

/// A number `numerator / 2^exponent` in lowest terms (an odd numerator, or exponent 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dyadic {
    numerator: i128,
    exponent: u32,
}

/// The error for a number outside the range.
fn too_large(what: &str) -> Error {
    Error::new(ErrorKind::Unsupported {
        reason: format!(
            "{what} is beyond the numbers of short games kept exactly \
             (numerators up to 2^100, denominators up to 2^100)"
        ),
    })
}

impl Dyadic {
    /// Zero.
    pub const ZERO: Dyadic = Dyadic {
        numerator: 0,
        exponent: 0,
    };

    /// `numerator / 2^exponent`, reduced.
    ///
    /// # Errors
    /// A numerator or exponent beyond [`MAX_NUMERATOR`] and [`MAX_EXPONENT`] after reduction.
    pub fn new(numerator: i128, exponent: u32) -> Result<Dyadic> {
        let (mut numerator, mut exponent) = (numerator, exponent);
        while exponent > 0 && numerator % 2 == 0 {
            numerator /= 2;
            exponent -= 1;
        }
        if numerator.unsigned_abs() > MAX_NUMERATOR.unsigned_abs() || exponent > MAX_EXPONENT {
            return Err(too_large(&format!("{numerator}/2^{exponent}")));
        }
        Ok(Dyadic {
            numerator,
            exponent,
        })
    }

    /// The integer `n`.
    ///
    /// # Errors
    /// `|n|` above [`MAX_NUMERATOR`].
    pub fn integer(n: i128) -> Result<Dyadic> {
        Dyadic::new(n, 0)
    }

    /// The numerator, in lowest terms.
    pub const fn numerator(self) -> i128 {
        self.numerator
    }

    /// The power of two in the denominator, in lowest terms.
    pub const fn exponent(self) -> u32 {
        self.exponent
    }

    /// Whether this is an integer.
    pub const fn is_integer(self) -> bool {
        self.exponent == 0
    }

    /// `-x` (never out of range: the range is symmetric).
    #[must_use]
    pub const fn neg(self) -> Dyadic {
        Dyadic {
            numerator: -self.numerator,
            exponent: self.exponent,
        }
    }

    /// The numerator over `2^exponent`, for `exponent >= self.exponent` (no overflow: both
    /// bounds are far inside `i128`).
    fn scaled(self, exponent: u32) -> i128 {
        self.numerator << (exponent - self.exponent)
    }

    /// `x + y`.
    ///
    /// # Errors
    /// A sum beyond the range.
    pub fn checked_add(self, other: Dyadic) -> Result<Dyadic> {
        let exponent = self.exponent.max(other.exponent);
        Dyadic::new(self.scaled(exponent) + other.scaled(exponent), exponent)
    }

    /// `x - y`.
    ///
    /// # Errors
    /// A difference beyond the range.
    pub fn checked_sub(self, other: Dyadic) -> Result<Dyadic> {
        self.checked_add(other.neg())
    }

    /// `x / 2`.
    ///
    /// # Errors
    /// A denominator beyond `2^100`.
    pub fn half(self) -> Result<Dyadic> {
        Dyadic::new(self.numerator, self.exponent + 1)
    }

    /// The greatest integer at most `x`.
    pub fn floor(self) -> i128 {
        self.numerator >> self.exponent
    }

    /// The simplest number strictly between `low` and `high` (either may be missing: no bound),
    /// which exists when `low < high`: the number of the game `{low | high}`.
    ///
    /// # Errors
    /// A result beyond the range (only next to the range's ends).
    ///
    /// # Example
    /// ```
    /// use grundy::partizan::Dyadic;
    /// let one = Dyadic::integer(1)?;
    /// let two = Dyadic::integer(2)?;
    /// assert_eq!(Dyadic::simplest_between(Some(one), Some(two))?.to_string(), "3/2");
    /// assert_eq!(Dyadic::simplest_between(Some(two), None)?.to_string(), "3");
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn simplest_between(low: Option<Dyadic>, high: Option<Dyadic>) -> Result<Dyadic> {
        let zero = Dyadic::ZERO;
        let above_zero = low.is_none_or(|low| low < zero);
        let below_zero = high.is_none_or(|high| high > zero);
        if above_zero && below_zero {
            return Ok(zero);
        }
        if !above_zero {
            // 0 <= low: the simplest number above low, below high.
            Dyadic::simplest_positive(low.unwrap_or(zero), high)
        } else {
            // high <= 0: mirror.
            let high = high.unwrap_or(zero);
            Ok(Dyadic::simplest_positive(high.neg(), low.map(Dyadic::neg))?.neg())
        }
    }

    /// The simplest number above `low >= 0` and below `high`.
    fn simplest_positive(low: Dyadic, high: Option<Dyadic>) -> Result<Dyadic> {
        let next = Dyadic::integer(low.floor() + 1)?;
        if high.is_none_or(|high| next < high) {
            return Ok(next);
        }
        for exponent in 1..=MAX_EXPONENT {
            let numerator = low
                .numerator
                .checked_mul(1 << (exponent.max(low.exponent) - low.exponent))
                .ok_or_else(|| too_large("the simplest number between two close numbers"))?
                >> low.exponent.saturating_sub(exponent);
            let candidate = Dyadic::new(numerator + 1, exponent)?;
            if candidate > low && high.is_none_or(|high| candidate < high) {
                return Ok(candidate);
            }
        }
        Err(too_large("the simplest number between two close numbers"))
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Dyadic) -> Ordering {
        let exponent = self.exponent.max(other.exponent);
        self.scaled(exponent).cmp(&other.scaled(exponent))
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Dyadic) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Dyadic {
    /// CGSuite's way: `3`, `-1/2`, `25/16`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exponent == 0 {
            write!(f, "{}", self.numerator)
        } else {
            write!(f, "{}/{}", self.numerator, 1u128 << self.exponent)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(n: i128, e: u32) -> Dyadic {
        Dyadic::new(n, e).unwrap()
    }

    #[test]
    fn reduces_compares_and_prints() {
        assert_eq!(d(4, 3), d(1, 1));
        assert_eq!(d(-1, 1).to_string(), "-1/2");
        assert_eq!(d(25, 4).to_string(), "25/16");
        assert!(d(3, 2) < d(1, 0));
        assert!(d(-3, 2) > d(-1, 0));
        assert_eq!(d(-3, 1).floor(), -2);
    }

    #[test]
    fn simplest_numbers() {
        let s = |l: Option<Dyadic>, h: Option<Dyadic>| Dyadic::simplest_between(l, h).unwrap();
        assert_eq!(s(None, None), Dyadic::ZERO);
        assert_eq!(s(Some(d(0, 0)), None), d(1, 0));
        assert_eq!(s(None, Some(d(-3, 0))), d(-4, 0));
        assert_eq!(s(Some(d(0, 0)), Some(d(1, 0))), d(1, 1));
        assert_eq!(s(Some(d(1, 1)), Some(d(1, 0))), d(3, 2));
        assert_eq!(s(Some(d(-1, 0)), Some(d(-1, 1))), d(-3, 2));
        assert_eq!(s(Some(d(-5, 0)), Some(d(3, 0))), Dyadic::ZERO);
        assert_eq!(s(Some(d(5, 3)), Some(d(3, 2))), d(11, 4));
    }

    #[test]
    fn overflow_is_an_error() {
        let big = Dyadic::integer(MAX_NUMERATOR).unwrap();
        assert!(big.checked_add(big).is_err());
        assert!(Dyadic::new(1, MAX_EXPONENT + 1).is_err());
        assert!(Dyadic::integer(MAX_NUMERATOR + 1).is_err());
    }
}
