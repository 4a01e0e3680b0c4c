//! Take-and-break games given by octal or hexadecimal codes (Guy and Smith, 1956).
//!
//! In the code `d0.d1 d2 d3 ...`, digit `d_k` says what may happen after removing `k` tokens
//! from a heap: bit 1 allows leaving no heap, bit 2 one heap, bit 4 two non-empty heaps and,
//! in hexadecimal codes, bit 8 three non-empty heaps. Kayles is `0.77`, Dawson's Kayles `0.07`.
//! A code may end in a repeating digit, written `[d]`: Lasker's Nim is `4.[3]`.

use std::fmt;

use crate::error::{Error, Result};
use crate::game::{Parts, Ruleset};

use super::format_heaps;

/// Named take-and-break games: `(name, code, description)`.
///
/// These are the only way names reach codes; tests check each against published values.
pub const NAMED_CODES: &[(&str, &str, &str)] = &[
    (
        "kayles",
        "0.77",
        "Kayles: knock down one pin or two adjacent pins from a row",
    ),
    (
        "dawson",
        "0.07",
        "Dawson's Kayles: knock down two adjacent pins from a row",
    ),
    (
        "lasker",
        "4.[3]",
        "Lasker's Nim: take any number from a heap, or split it in two",
    ),
];

/// The most digits after the point in a family of codes ([`TakeBreak::octal_family`]):
/// 8^5 codes, more than any census needs.
pub const MAX_FAMILY_DIGITS: usize = 5;

/// What one digit of a code allows a move that removes its number of tokens to leave.
///
/// Bit 1 allows removing the whole heap when it has exactly that many tokens, bit 2 leaving one
/// non-empty heap, bit 4 two non-empty heaps and bit 8 (hexadecimal codes) three. Every engine,
/// theorem and test reads a digit through these methods, so the bits are decoded in one place.
///
/// # Example
/// ```
/// use grundy::rules::Digit;
/// let kayles = Digit::new(7);
/// assert!(kayles.takes_all() && kayles.leaves_one() && kayles.splits_two());
/// assert!(!kayles.splits_three());
/// assert_eq!(Digit::new(0x1F).bits(), 0xF);
/// assert!(Digit::new(0x10).is_empty());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Digit(u8);

impl Digit {
    /// The digit with bits `bits`; bits other than 1, 2, 4 and 8 are dropped.
    pub const fn new(bits: u8) -> Digit {
        Digit(bits & 0xF)
    }

    /// The digit's bits, 0 to 15.
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// Bit 1: the move may remove the whole heap when it has exactly this many tokens.
    pub const fn takes_all(self) -> bool {
        self.0 & 1 != 0
    }

    /// Bit 2: the move may leave one non-empty heap.
    pub const fn leaves_one(self) -> bool {
        self.0 & 2 != 0
    }

    /// Bit 4: the move may leave two non-empty heaps.
    pub const fn splits_two(self) -> bool {
        self.0 & 4 != 0
    }

    /// Bit 8: the move may leave three non-empty heaps.
    pub const fn splits_three(self) -> bool {
        self.0 & 8 != 0
    }

    /// Whether the digit allows no move at all (digit 0).
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
}

/// A take-and-break game given by its code.
///
/// # Example
/// ```
/// use grundy::{rules::TakeBreak, Solver, Nimber};
/// let kayles = TakeBreak::named("kayles").unwrap();
/// assert_eq!(kayles.to_string(), "0.77");
/// let mut solver = Solver::new(kayles);
/// assert_eq!(solver.value(&5)?, Nimber::new(4));
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TakeBreak {
    /// `digits[k]` governs moves that remove `k` tokens; no trailing zeros.
    digits: Vec<u8>,
    /// The digit repeated for every `k >= digits.len()`, if any.
    tail: Option<u8>,
    /// The name it was written with (`kayles`), kept for printing.
    name: Option<&'static str>,
}

impl TakeBreak {
    /// The game from its digits, `digits[k]` for removing `k` tokens, and an optional digit
    /// repeated forever after them.
    ///
    /// # Errors
    /// A digit above 7 in an octal code (`hex` false) or above 15; a first digit that allows a
    /// move removing nothing and leaving zero or one heap.
    pub fn from_digits(mut digits: Vec<u8>, tail: Option<u8>, hex: bool) -> Result<TakeBreak> {
        let max_digit = if hex { 15 } else { 7 };
        for &digit in digits.iter().chain(&tail) {
            if digit > max_digit {
                return Err(Error::invalid_rule(if hex {
                    format!("digit {digit} is not a hexadecimal digit")
                } else {
                    format!(
                        "digit {digit} is not octal (0-7); for a hexadecimal code write hex(...)"
                    )
                }));
            }
        }
        let first = digits.first().copied().map(Digit::new).unwrap_or_default();
        if first.takes_all() || first.leaves_one() {
            return Err(Error::invalid_rule(
                "the digit before the point may only split heaps (4 or 8): removing nothing and \
                 leaving one heap or none is not a move",
            ));
        }
        let tail = tail.filter(|&digit| digit != 0);
        if tail.is_none() {
            while digits.last() == Some(&0) {
                digits.pop();
            }
        }
        if digits.is_empty() && tail.is_some() {
            digits.push(0);
        }
        Ok(TakeBreak {
            digits,
            tail,
            name: None,
        })
    }

    /// Parses a code: `0.137`, `.07`, `4.07`, `0.3F` or `4.[3]`. Letters A-F make it
    /// hexadecimal, as does `hex` being true.
    ///
    /// # Errors
    /// Text that is not a code, or a code [`from_digits`](TakeBreak::from_digits) refuses.
    pub fn parse(text: &str, hex: bool) -> Result<TakeBreak> {
        let bad = |why: &str| {
            Error::invalid_rule(format!("'{text}' is not a take-and-break code: {why}"))
        };
        let (whole, fraction) = text.split_once('.').ok_or_else(|| bad("it has no point"))?;
        let (fraction, tail) = match fraction.split_once('[') {
            Some((digits, rest)) => {
                let tail = rest
                    .strip_suffix(']')
                    .ok_or_else(|| bad("'[' without ']'"))?;
                if tail.chars().count() != 1 {
                    return Err(bad("the repeated part must be one digit"));
                }
                (digits, Some(tail))
            }
            None => (fraction, None),
        };
        let hex = hex || text.chars().any(|c| c.is_ascii_alphabetic());
        let digit = |c: char| {
            c.to_digit(16)
                .map(|d| d as u8)
                .ok_or_else(|| bad("unexpected character"))
        };
        let first = match whole {
            "" => 0,
            _ if whole.chars().count() == 1 => digit(whole.chars().next().unwrap_or('0'))?,
            _ => return Err(bad("only one digit may stand before the point")),
        };
        let mut digits = vec![first];
        for c in fraction.chars() {
            digits.push(digit(c)?);
        }
        let tail = tail
            .map(|t| digit(t.chars().next().unwrap_or('0')))
            .transpose()?;
        TakeBreak::from_digits(digits, tail, hex)
    }

    /// Every octal code with `first` before the point and one to `max_digits` digits after
    /// it, each game once (the last digit non-zero): `4.1` to `4.777` for `first = 4,
    /// max_digits = 3`. With `first = 4` the code `4.0` (split only) comes first. Codes go by
    /// length, then by value, as in the published tables.
    ///
    /// # Errors
    /// A `first` digit that [`from_digits`](TakeBreak::from_digits) refuses (only 0 and 4
    /// split or do nothing), or `max_digits` above [`MAX_FAMILY_DIGITS`].
    ///
    /// # Example
    /// ```
    /// use grundy::rules::TakeBreak;
    /// let codes = TakeBreak::octal_family(0, 2)?;
    /// assert_eq!(codes.len(), 7 + 7 * 8);
    /// assert_eq!(codes[0].to_string(), "0.1");
    /// assert_eq!(codes[7].to_string(), "0.01");
    /// assert_eq!(TakeBreak::octal_family(4, 1)?[0].to_string(), "4.0");
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn octal_family(first: u8, max_digits: usize) -> Result<Vec<TakeBreak>> {
        if max_digits > MAX_FAMILY_DIGITS {
            return Err(Error::invalid_rule(format!(
                "a family of codes of up to {max_digits} digits asked for; at most \
                 {MAX_FAMILY_DIGITS} digits are allowed"
            )));
        }
        let mut codes = Vec::new();
        if first != 0 {
            codes.push(TakeBreak::from_digits(vec![first], None, false)?);
        }
        for length in 1..=max_digits {
            // Codes of `length` digits after the point, the last one non-zero, in order.
            let count = 8usize.pow(length as u32 - 1) * 7;
            for index in 0..count {
                let mut digits = vec![0; length + 1];
                digits[0] = first;
                digits[length] = (index % 7) as u8 + 1;
                let mut rest = index / 7;
                for place in (1..length).rev() {
                    digits[place] = (rest % 8) as u8;
                    rest /= 8;
                }
                codes.push(TakeBreak::from_digits(digits, None, false)?);
            }
        }
        Ok(codes)
    }

    /// A named game from [`NAMED_CODES`] (`kayles`, `dawson`, `lasker`).
    pub fn named(name: &str) -> Option<TakeBreak> {
        let &(name, code, _) = NAMED_CODES.iter().find(|(known, _, _)| *known == name)?;
        let mut game = TakeBreak::parse(code, false).ok()?;
        game.name = Some(name);
        Some(game)
    }

    /// The name it was created with, if any.
    pub fn name(&self) -> Option<&'static str> {
        self.name
    }

    /// The digit for moves that remove `take` tokens.
    pub fn digit(&self, take: u64) -> u8 {
        match usize::try_from(take).ok().and_then(|k| self.digits.get(k)) {
            Some(&digit) => digit,
            None => self.tail.unwrap_or(0),
        }
    }

    /// The digits before the repeating tail (index `k` for removing `k` tokens).
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// The repeating digit, if the code has one.
    pub fn tail(&self) -> Option<u8> {
        self.tail
    }

    /// Whether the code needs hexadecimal digits (some move leaves three heaps).
    pub fn is_hex(&self) -> bool {
        self.digits
            .iter()
            .chain(&self.tail)
            .any(|&digit| Digit::new(digit).splits_three())
    }

    /// The largest number of tokens removed by a move, `None` with a repeating tail.
    pub fn max_take(&self) -> Option<u64> {
        match self.tail {
            Some(_) => None,
            None => Some(self.digits.len().saturating_sub(1) as u64),
        }
    }
}

impl fmt::Display for TakeBreak {
    /// The code, normalised: `0.77`, `4.07`, `0.3F`, `4.[3]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digit = |d: u8| {
            char::from_digit(u32::from(d), 16)
                .unwrap_or('?')
                .to_ascii_uppercase()
        };
        write!(f, "{}.", digit(self.digits.first().copied().unwrap_or(0)))?;
        for &d in self.digits.iter().skip(1) {
            write!(f, "{}", digit(d))?;
        }
        if let Some(tail) = self.tail {
            write!(f, "[{}]", digit(tail))?;
        }
        if self.digits.len() <= 1 && self.tail.is_none() {
            write!(f, "0")?;
        }
        Ok(())
    }
}

impl Ruleset for TakeBreak {
    type Position = u64;

    fn moves(&self, heap: &u64, out: &mut Vec<Parts<u64>>) {
        let heap = *heap;
        let last_take = match self.max_take() {
            Some(max_take) => max_take.min(heap),
            None => heap,
        };
        for take in 0..=last_take {
            let digit = Digit::new(self.digit(take));
            let rest = heap - take;
            if digit.takes_all() && rest == 0 {
                out.push(Parts::new());
            }
            if digit.leaves_one() && rest >= 1 {
                out.push(Parts::from_slice(&[rest]));
            }
            if digit.splits_two() {
                out.extend((1..=rest / 2).map(|small| Parts::from_slice(&[small, rest - small])));
            }
            if digit.splits_three() {
                for small in 1..=rest / 3 {
                    for middle in small..=(rest - small) / 2 {
                        out.push(Parts::from_slice(&[small, middle, rest - small - middle]));
                    }
                }
            }
        }
    }

    fn move_count(&self, heap: &u64) -> Option<u64> {
        let takes = self
            .max_take()
            .map_or(*heap, |max| max.min(*heap))
            .saturating_add(1);
        let three_way = if self.is_hex() {
            heap.saturating_mul(*heap) / 12
        } else {
            0
        };
        Some(takes.saturating_mul((2 + heap / 2).saturating_add(three_way)))
    }

    fn describe(&self, from: &u64, to: &[u64]) -> String {
        super::describe_take(*from, to)
    }

    fn format(&self, heaps: &[u64]) -> String {
        let code = self.to_string();
        // A bare code must start with a digit, and is hexadecimal only when it has a letter.
        let bare = code.starts_with(|c: char| c.is_ascii_digit())
            && (!self.is_hex() || code.chars().any(|c| c.is_ascii_alphabetic()));
        match self.name {
            Some(name) => format_heaps(name, heaps),
            None if bare => format_heaps(&code, heaps),
            None => format_heaps(&format!("hex({code})"), heaps),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Solver;
    use crate::nimber::Nimber;

    fn values(code: &TakeBreak, n: u64) -> Vec<u64> {
        let mut solver = Solver::new(code.clone());
        (0..n)
            .map(|heap| solver.value(&heap).map(Nimber::value).unwrap())
            .collect()
    }

    #[test]
    fn codes_normalise_and_print() {
        for (text, normal) in [
            ("0.770", "0.77"),
            (".07", "0.07"),
            ("4.07", "4.07"),
            ("0.3f", "0.3F"),
        ] {
            assert_eq!(TakeBreak::parse(text, false).unwrap().to_string(), normal);
        }
        assert_eq!(
            TakeBreak::parse("4.[3]", false).unwrap().to_string(),
            "4.[3]"
        );
        assert_eq!(
            TakeBreak::parse("0.8", true).unwrap().format(&[3]),
            "hex(0.8)(3)"
        );
        // A code whose first digit is a letter is printed inside hex(...), so that it parses.
        assert_eq!(
            TakeBreak::parse("C.1", true).unwrap().format(&[3]),
            "hex(C.1)(3)"
        );
    }

    #[test]
    fn bad_codes_are_refused() {
        for text in ["0.8", "1.3", "2.0", "07", "0.3[", "12.3"] {
            assert!(TakeBreak::parse(text, false).is_err(), "{text}");
        }
    }

    #[test]
    fn first_values() {
        // OEIS A002186 (Kayles) and A002187 (Dawson's chess, 0.137), first terms.
        let kayles = TakeBreak::named("kayles").unwrap();
        assert_eq!(values(&kayles, 12), [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
        let dawson_chess = TakeBreak::parse("0.137", false).unwrap();
        assert_eq!(
            values(&dawson_chess, 12),
            [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2]
        );
        // Lasker's Nim: g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4, g(4k+4) = 4k+3.
        let lasker = TakeBreak::named("lasker").unwrap();
        assert_eq!(values(&lasker, 9), [0, 1, 2, 4, 3, 5, 6, 8, 7]);
    }
}
