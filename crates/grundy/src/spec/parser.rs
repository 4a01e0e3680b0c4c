//! The cursor that every grammar of the language reads with: blank space skipped, characters
//! and words eaten, numbers (`10^18`, `1e6`, `1_000`) and lists of them, and errors that point
//! at the bad token.

use std::ops::Range;

use super::Options;
use crate::error::{Error, ErrorKind, Result};

/// Spec text and how far it has been read.
pub(super) struct Parser<'a> {
    pub(super) text: &'a str,
    /// The byte offset of the next character to read.
    pub(super) position: usize,
    pub(super) options: Options<'a>,
    /// Nimber expressions open around the current position.
    pub(super) depth: usize,
}

/// The error for a number above `u64::MAX`, written `text` at `span`.
pub(super) fn too_large(text: &str, span: Range<usize>) -> Error {
    let kind = ErrorKind::NumberTooLarge {
        text: text.to_string(),
        max: u128::from(u64::MAX),
    };
    Error::at(kind, span)
}

/// The error for `word`, read at `start` where `expected` belongs (`sub{cubes}`, `foo(2)`).
pub(super) fn unexpected_word(expected: &str, start: usize, word: &str) -> Error {
    let kind = ErrorKind::Syntax {
        expected: expected.to_string(),
        found: format!("'{word}'"),
    };
    Error::at(kind, start..start + word.len())
}

impl<'a> Parser<'a> {
    pub(super) fn new(text: &'a str, options: Options<'a>) -> Parser<'a> {
        Parser {
            text,
            position: 0,
            options,
            depth: 0,
        }
    }

    /// Skips blank space and comments: `#` to the end of its line, in any spec text (the
    /// command line, standard input, a spec file), as in `census --rules-file`.
    pub(super) fn skip_space(&mut self) {
        loop {
            let rest = &self.text[self.position..];
            let trimmed = rest.trim_start();
            self.position += rest.len() - trimmed.len();
            if !trimmed.starts_with('#') {
                return;
            }
            self.position += trimmed.find('\n').unwrap_or(trimmed.len());
        }
    }

    /// The next character after blank space.
    pub(super) fn peek(&mut self) -> Option<char> {
        self.skip_space();
        self.text[self.position..].chars().next()
    }

    /// Reads `expected` if it comes next.
    pub(super) fn eat(&mut self, expected: char) -> bool {
        self.eat_str(expected.encode_utf8(&mut [0; 4]))
    }

    /// Reads `expected` if it comes next (`..`, `mod`).
    pub(super) fn eat_str(&mut self, expected: &str) -> bool {
        self.skip_space();
        let found = self.text[self.position..].starts_with(expected);
        if found {
            self.position += expected.len();
        }
        found
    }

    /// An error at the current token.
    pub(super) fn unexpected(&mut self, expected: &str) -> Error {
        self.skip_space();
        let next = self.text[self.position..].chars().next();
        let found = next.map_or_else(|| "the end of the text".to_string(), |c| format!("'{c}'"));
        let width = next.map_or(0, char::len_utf8);
        let kind = ErrorKind::Syntax {
            expected: expected.to_string(),
            found,
        };
        Error::at(kind, self.position..self.position + width)
    }

    pub(super) fn expect(&mut self, expected: char) -> Result<()> {
        if self.eat(expected) {
            Ok(())
        } else {
            Err(self.unexpected(&format!("'{expected}'")))
        }
    }

    /// `name=`, as in `wythoff(3,5; a=2)`.
    pub(super) fn keyword(&mut self, name: &str) -> Result<()> {
        let (start, word) = self.identifier();
        if word != name {
            self.position = start;
            return Err(self.unexpected(&format!("'{name}='")));
        }
        self.expect('=')
    }

    /// The end of the text, where a sum may go on with `+`.
    pub(super) fn end(&mut self) -> Result<()> {
        match self.peek() {
            None => Ok(()),
            Some(_) => Err(self.unexpected("'+' or the end of the text")),
        }
    }

    /// Consumes characters while `accept` holds and returns them with their start.
    pub(super) fn scan(&mut self, accept: impl Fn(char) -> bool) -> (usize, &'a str) {
        self.skip_space();
        let start = self.position;
        let rest = &self.text[start..];
        let length = rest.find(|c: char| !accept(c)).unwrap_or(rest.len());
        self.position += length;
        (start, &self.text[start..start + length])
    }

    /// Letters, digits and `_`, possibly none.
    pub(super) fn identifier(&mut self) -> (usize, &'a str) {
        self.scan(|c| c.is_ascii_alphanumeric() || c == '_')
    }

    /// A number as in [`super::parse_number`], `what` naming it in errors.
    pub(super) fn number(&mut self, what: &str) -> Result<u64> {
        self.skip_space();
        let start = self.position;
        let wide = self.wide_number(what)?;
        u64::try_from(wide).map_err(|_| self.too_large(start))
    }

    /// The error for the number read from `start` to here.
    fn too_large(&self, start: usize) -> Error {
        too_large(&self.text[start..self.position], start..self.position)
    }

    fn wide_number(&mut self, what: &str) -> Result<u128> {
        let (start, digits) = self.scan(|c| c.is_ascii_digit() || c == '_');
        if !digits.starts_with(|c: char| c.is_ascii_digit()) {
            self.position = start;
            return Err(self.unexpected(what));
        }
        let base = digits_value(digits).ok_or_else(|| self.too_large(start))?;
        let rest = &self.text[self.position..];
        let is_power = rest.starts_with('^');
        let is_scientific = !is_power
            && rest.starts_with(['e', 'E'])
            && rest[1..].starts_with(|c: char| c.is_ascii_digit());
        if !is_power && !is_scientific {
            return Ok(base);
        }
        self.position += 1;
        let (exponent_start, exponent_digits) = self.scan(|c| c.is_ascii_digit() || c == '_');
        if exponent_digits.is_empty() || exponent_start != start + digits.len() + 1 {
            self.position = exponent_start;
            return Err(self.unexpected("an exponent"));
        }
        let exponent = digits_value(exponent_digits).and_then(|e| u32::try_from(e).ok());
        let value = exponent.and_then(|exponent| {
            if is_power {
                base.checked_pow(exponent)
            } else {
                10u128
                    .checked_pow(exponent)
                    .and_then(|power| base.checked_mul(power))
            }
        });
        value.ok_or_else(|| self.too_large(start))
    }

    /// `number (',' number)*`, possibly empty, up to the closing `close`.
    pub(super) fn numbers(&mut self, what: &str, close: char) -> Result<Vec<u64>> {
        let mut numbers = Vec::new();
        if self.peek() != Some(close) {
            self.list(|parser| {
                numbers.push(parser.number(what)?);
                Ok(())
            })?;
        }
        Ok(numbers)
    }

    /// Reads one item with `item` and more after each `,`: `HTT, THH`, `3x4, oox/ooo`.
    pub(super) fn list(&mut self, mut item: impl FnMut(&mut Self) -> Result<()>) -> Result<()> {
        loop {
            item(self)?;
            if !self.eat(',') {
                return Ok(());
            }
        }
    }
}

/// The value of decimal digits with `_` separators, if it fits 128 bits.
pub(super) fn digits_value(digits: &str) -> Option<u128> {
    digits
        .chars()
        .filter(|&c| c != '_')
        .try_fold(0u128, |value, c| {
            value
                .checked_mul(10)?
                .checked_add(u128::from(c.to_digit(10)?))
        })
}
