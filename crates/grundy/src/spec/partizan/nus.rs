//! The values with names in CGSuite's notation: a number, ups (`^^`, `v3`), a power of up
//! (`^<2>`, `v[3]`) and a star, in that order (`73/16v9*8`, `3/4v[3]*`).

use std::ops::Range;

use super::Reader;
use crate::error::{Error, ErrorKind, Result};
use crate::partizan::{Dyadic, Game, MAX_NAMED};
use crate::spec::parser::{digits_value, too_large};

/// `n` when at most [`MAX_NAMED`] (a multiple or power of up), else the error at `span`.
fn at_most_named(n: u64, span: Range<usize>) -> Result<u64> {
    if n > MAX_NAMED {
        return Err(Error::at(
            ErrorKind::NumberTooLarge {
                text: n.to_string(),
                max: u128::from(MAX_NAMED),
            },
            span,
        ));
    }
    Ok(n)
}

impl Reader<'_, '_> {
    /// A number (negated when `negative`), ups and a star, in that order, one at least.
    pub(super) fn nus(&mut self, negative: bool) -> Result<Game> {
        self.parser.skip_space();
        let start = self.parser.position;
        let mut found = false;
        let mut number = Dyadic::ZERO;
        if self.parser.peek().is_some_and(|c| c.is_ascii_digit()) {
            number = self.number()?;
            if negative {
                number = number.neg();
            }
            found = true;
        }
        let mut ups: i64 = 0;
        // `^<n>` (↑ⁿ) or `^[n]` (↑ + ↑² + … + ↑ⁿ), and their downs: (sign, sum, n).
        let mut power = None;
        let rest = &self.parser.text[self.parser.position..];
        if rest.starts_with(['^', 'v']) {
            let sign = if rest.starts_with('^') { 1 } else { -1 };
            let symbol = if sign > 0 { '^' } else { 'v' };
            let (_, run) = self.parser.scan(|c| c == symbol);
            let count = run.len() as u64;
            let digits =
                self.parser.text[self.parser.position..].starts_with(|c: char| c.is_ascii_digit());
            let rest = &self.parser.text[self.parser.position..];
            if count == 1 && rest.starts_with(['<', '[']) {
                power = Some((sign, rest.starts_with('['), self.power()?));
            }
            let count = if power.is_some() {
                0
            } else if digits {
                if count > 1 {
                    return Err(self.syntax("no count after more than one arrow"));
                }
                self.digits("a multiple of up")?
            } else {
                count
            };
            let count = at_most_named(count, start..self.parser.position)?;
            ups = sign * count as i64;
            found = true;
        }
        let mut star = 0;
        if self.parser.text[self.parser.position..].starts_with('*') {
            self.parser.position += 1;
            star = 1;
            if self.parser.text[self.parser.position..].starts_with(|c: char| c.is_ascii_digit()) {
                star = self.digits("a nimber")?;
            }
            found = true;
        }
        if !found {
            return Err(self.syntax("a value such as 3/4, *2, ^, {1|0} or domineering(2x3)"));
        }
        let span = start..self.parser.position;
        let mut game = self
            .games
            .number_up_star(number, ups, star)
            .map_err(|e| e.or_at(span.clone()))?;
        if let Some((sign, sum, n)) = power {
            let built = if sum {
                self.games.up_power_to(n)
            } else {
                self.games.up_power(n)
            };
            let mut part = built.map_err(|e| e.or_at(span.clone()))?;
            if sign < 0 {
                part = self.games.neg(part)?;
            }
            game = self.games.add(game, part)?;
        }
        Ok(game)
    }

    /// `<n>` or `[n]` after an arrow: the power, from 1 to [`MAX_NAMED`].
    fn power(&mut self) -> Result<u64> {
        let start = self.parser.position;
        let close = if self.parser.text[start..].starts_with('<') {
            '>'
        } else {
            ']'
        };
        self.parser.position += 1;
        let n = self.digits("a power of up")?;
        if !self.parser.text[self.parser.position..].starts_with(close) {
            return Err(self.syntax(&format!("'{close}' after the power of up")));
        }
        self.parser.position += 1;
        if n == 0 {
            return Err(
                Error::invalid_position("powers of up start at 1 (^<1> is ^)")
                    .or_at(start..self.parser.position),
            );
        }
        at_most_named(n, start..self.parser.position)
    }

    /// Plain decimal digits (no `^` or `e`: `2^` is two plus up here).
    pub(super) fn digits(&mut self, what: &str) -> Result<u64> {
        let (start, digits) = self.parser.scan(|c| c.is_ascii_digit());
        if digits.is_empty() {
            return Err(self.syntax(what));
        }
        digits_value(digits)
            .and_then(|value| u64::try_from(value).ok())
            .ok_or_else(|| too_large(digits, start..start + digits.len()))
    }

    /// `n` or `n/d`, `d` a power of two.
    pub(super) fn number(&mut self) -> Result<Dyadic> {
        let start = self.parser.position;
        let numerator = self.digits("a number")?;
        let mut exponent = 0;
        if self.parser.text[self.parser.position..].starts_with('/') {
            self.parser.position += 1;
            let denominator = self.digits("a denominator")?;
            if !denominator.is_power_of_two() {
                return Err(Error::at(
                    ErrorKind::InvalidPosition {
                        reason: format!(
                            "{denominator} is not a power of two: games' numbers are dyadic"
                        ),
                    },
                    start..self.parser.position,
                ));
            }
            exponent = denominator.trailing_zeros();
        }
        Dyadic::new(i128::from(numerator), exponent)
            .map_err(|e| e.or_at(start..self.parser.position))
    }
}
