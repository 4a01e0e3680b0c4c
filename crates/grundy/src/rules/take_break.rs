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

/// A take-and-break game given by its code, decoded once into [`Digit`]s: the one
/// representation of a code, which the heap engines and the periodicity theorems read as
/// `heap::Code` (subtraction games and Grundy's game are codes too).
///
/// Digit `k` governs moves that remove `k` tokens (see [`Digit`]); digit 0 may only split.
/// Only nonzero digits are stored, so `sub{1,10^18}` is two digits.
///
/// # Example
/// ```
/// use grundy::{rules::{Digit, TakeBreak}, Solver, Nimber};
/// let kayles = TakeBreak::named("kayles").unwrap();
/// assert_eq!(kayles.to_string(), "0.77");
/// assert_eq!(kayles.digits(), [(1, Digit::new(7)), (2, Digit::new(7))]);
/// assert_eq!((kayles.max_take(), kayles.max_parts()), (Some(2), 2));
/// let lasker = TakeBreak::named("lasker").unwrap();
/// assert_eq!((lasker.tail(), lasker.digit(10)), (Some((1, Digit::new(3))), Digit::new(3)));
/// let mut solver = Solver::new(kayles);
/// assert_eq!(solver.value(&5)?, Nimber::new(4));
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TakeBreak {
    /// `(k, digit)` for removing `k` tokens, nonzero digits only, by increasing `k`.
    digits: Vec<(u64, Digit)>,
    /// `(first, digit)`: every removal of `first` or more tokens has `digit`.
    tail: Option<(u64, Digit)>,
    /// Whether the heaps left by a split must have different sizes (Grundy's game, `4!.0`).
    unequal: bool,
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
    pub fn from_digits(digits: Vec<u8>, tail: Option<u8>, hex: bool) -> Result<TakeBreak> {
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
        // One rule for every way of writing a game: a rule that allows no move is refused,
        // as the empty subtraction set `sub{}` is.
        if digits.iter().chain(&tail).all(|&digit| digit == 0) {
            return Err(Error::invalid_rule(super::NO_MOVE));
        }
        // The tail governs removals from the first after the digits (at least 1).
        let tail = tail
            .filter(|&digit| digit != 0)
            .map(|digit| ((digits.len() as u64).max(1), Digit::new(digit)));
        Ok(TakeBreak::decoded(
            (0..).zip(digits.into_iter().map(Digit::new)).collect(),
            tail,
            false,
        ))
    }

    /// The code of decoded digits (zero digits dropped), as the engines build subtraction games
    /// and Grundy's game.
    pub(crate) fn decoded(
        digits: Vec<(u64, Digit)>,
        tail: Option<(u64, Digit)>,
        unequal: bool,
    ) -> TakeBreak {
        TakeBreak {
            digits: digits
                .into_iter()
                .filter(|&(_, digit)| !digit.is_empty())
                .collect(),
            tail: tail.filter(|&(_, digit)| !digit.is_empty()),
            unequal,
            name: None,
        }
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
        if fraction.is_empty() && tail.is_none() {
            return Err(bad(
                "no digit after the point (a code lists its digits, such as 0.07; the heaps \
                 follow in brackets: 0.07(9))",
            ));
        }
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

    /// The same code without the name it was written with.
    pub(crate) fn unnamed(&self) -> TakeBreak {
        TakeBreak {
            name: None,
            ..self.clone()
        }
    }

    /// The nonzero digits before the tail, `(tokens removed, digit)`, by increasing removal.
    pub fn digits(&self) -> &[(u64, Digit)] {
        &self.digits
    }

    /// The tail, `(first, digit)`: every removal of `first` or more tokens has `digit`.
    pub fn tail(&self) -> Option<(u64, Digit)> {
        self.tail
    }

    /// Whether the heaps left by a split must have different sizes (Grundy's game).
    pub fn unequal(&self) -> bool {
        self.unequal
    }

    /// The digit for removing `take` tokens (empty when no move removes that many).
    pub fn digit(&self, take: u64) -> Digit {
        match self.tail {
            Some((first, digit)) if take >= first => digit,
            _ => match self.digits.binary_search_by_key(&take, |&(k, _)| k) {
                Ok(index) => self.digits[index].1,
                Err(_) => Digit::default(),
            },
        }
    }

    /// The largest smaller part of a split of `rest` tokens into two non-empty heaps
    /// (`rest / 2`, or `(rest - 1) / 2` when the parts must differ); 0 when there is none.
    ///
    /// # Example
    /// ```
    /// use grundy::heap::Code;
    /// use grundy::rules::TakeBreak;
    /// let kayles = TakeBreak::named("kayles").unwrap();
    /// assert_eq!((kayles.largest_small_part(6), kayles.largest_small_part(1)), (3, 0));
    /// // Grundy's game splits 6 into 1 + 5 or 2 + 4, never 3 + 3.
    /// assert_eq!(Code::grundy_game().largest_small_part(6), 2);
    /// ```
    pub fn largest_small_part(&self, rest: u64) -> u64 {
        TakeBreak::small_part_limit(rest, self.unequal)
    }

    /// [`largest_small_part`](TakeBreak::largest_small_part) for a code whose splits must
    /// differ when `unequal`, for the engines' inner loops.
    #[inline(always)]
    pub(crate) const fn small_part_limit(rest: u64, unequal: bool) -> u64 {
        if unequal {
            rest.saturating_sub(1) / 2
        } else {
            rest / 2
        }
    }

    /// The largest number of tokens a move removes, `None` with a repeating tail.
    pub fn max_take(&self) -> Option<u64> {
        match self.tail {
            Some(_) => None,
            None => Some(self.digits.last().map_or(0, |&(k, _)| k)),
        }
    }

    /// The largest number of heaps a move leaves: 0, 1, 2 or 3.
    pub fn max_parts(&self) -> u32 {
        let all = Digit::new(
            self.digits
                .iter()
                .map(|&(_, digit)| digit)
                .chain(self.tail.map(|(_, digit)| digit))
                .fold(0, |all, digit| all | digit.bits()),
        );
        if all.splits_three() {
            3
        } else if all.splits_two() {
            2
        } else {
            u32::from(all.takes_all() || all.leaves_one())
        }
    }

    /// Whether the code needs hexadecimal digits (some move leaves three heaps).
    pub fn is_hex(&self) -> bool {
        self.max_parts() == 3
    }
}

impl fmt::Display for TakeBreak {
    /// The code, normalised: `0.77`, `4.07`, `0.3F`, `4.[3]` (and `4!.0` for Grundy's game,
    /// CGSuite's notation, which only the engines build).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digit = |take: u64| {
            char::from_digit(u32::from(self.digit(take).bits()), 16)
                .unwrap_or('?')
                .to_ascii_uppercase()
        };
        // The digits written: up to the tail, or to the last nonzero one.
        let written = match self.tail {
            Some((first, _)) => first,
            None => self.digits.last().map_or(0, |&(k, _)| k + 1),
        };
        let unequal = if self.unequal { "!" } else { "" };
        write!(f, "{}{unequal}.", digit(0))?;
        for take in 1..written {
            write!(f, "{}", digit(take))?;
        }
        if let Some((first, _)) = self.tail {
            write!(f, "[{}]", digit(first))?;
        }
        if written <= 1 && self.tail.is_none() {
            write!(f, "0")?;
        }
        Ok(())
    }
}

impl Ruleset for TakeBreak {
    type Position = u64;

    fn moves(&self, heap: &u64, out: &mut Vec<Parts<u64>>) {
        let heap = *heap;
        let repeated = self
            .tail
            .into_iter()
            .flat_map(|(first, digit)| (first..=heap).map(move |take| (take, digit)));
        let digits = self.digits.iter().copied();
        for (take, digit) in digits.take_while(|&(take, _)| take <= heap).chain(repeated) {
            let rest = heap - take;
            if digit.takes_all() && rest == 0 {
                out.push(Parts::new());
            }
            if digit.leaves_one() && rest >= 1 {
                out.push(Parts::from_slice(&[rest]));
            }
            if digit.splits_two() {
                let last_small = self.largest_small_part(rest);
                out.extend((1..=last_small).map(|small| Parts::from_slice(&[small, rest - small])));
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
