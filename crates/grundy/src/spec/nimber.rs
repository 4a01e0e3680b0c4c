//! Nimber arithmetic, as `grundy nimber` reads it: `3*5 + 7`, `inv(2)`, `2^2`, `0x10 ⊗ 0x10`.
//! A sum of products of powers of atoms.

use super::parser::{digits_value, too_large, unexpected_word, Parser};
use crate::error::{Error, ErrorKind, Result};
use crate::nimber::Nimber;

/// How deeply nimber expressions may nest: `(`, `inv(` and `sqrt(` recurse, and the stack is
/// small on some targets (a megabyte on `wasm32`).
pub(super) const MAX_NESTING: usize = 256;

impl Parser<'_> {
    pub(super) fn nim_expression(&mut self) -> Result<Nimber> {
        if self.depth > MAX_NESTING {
            return Err(self.unexpected(&format!("at most {MAX_NESTING} nested parentheses")));
        }
        self.depth += 1;
        let value = self.nim_sum();
        self.depth -= 1;
        value
    }

    fn nim_sum(&mut self) -> Result<Nimber> {
        let mut value = self.nim_product()?;
        while self.eat('+') || self.eat('-') || self.eat('⊕') || self.eat_xor() {
            value += self.nim_product()?;
        }
        Ok(value)
    }

    fn nim_product(&mut self) -> Result<Nimber> {
        let mut value = self.nim_power()?;
        loop {
            if self.eat('*') || self.eat('⊗') {
                value *= self.nim_power()?;
            } else if self.eat('/') {
                let start = self.position;
                let divisor = self.nim_power()?;
                value = value
                    .checked_div(divisor)
                    .ok_or_else(|| Error::at(ErrorKind::DivisionByZero, start..self.position))?;
            } else if !self.at_xor()
                && matches!(self.peek(), Some(c) if c.is_ascii_alphanumeric() || c == '(')
            {
                value *= self.nim_power()?;
            } else {
                return Ok(value);
            }
        }
    }

    /// Whether the word `xor` comes next.
    fn at_xor(&mut self) -> bool {
        self.skip_space();
        let rest = &self.text[self.position..];
        rest.starts_with("xor")
            && !rest[3..]
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
    }

    fn eat_xor(&mut self) -> bool {
        let found = self.at_xor();
        if found {
            self.position += 3;
        }
        found
    }

    fn nim_power(&mut self) -> Result<Nimber> {
        let base = self.nim_atom()?;
        if self.eat('^') {
            let exponent = self.number("an exponent")?;
            return Ok(base.pow(exponent));
        }
        Ok(base)
    }

    fn nim_atom(&mut self) -> Result<Nimber> {
        const EXPECTED: &str = "a number, '(', inv(...) or sqrt(...)";
        if self.eat('(') {
            let value = self.nim_expression()?;
            self.expect(')')?;
            return Ok(value);
        }
        if self.eat_str("0x") || self.eat_str("0X") {
            let (start, digits) = self.scan(|c| c.is_ascii_hexdigit() || c == '_');
            let digits: String = digits.chars().filter(|&c| c != '_').collect();
            return match u64::from_str_radix(&digits, 16) {
                Ok(value) => Ok(Nimber::new(value)),
                Err(_) if digits.is_empty() => Err(self.unexpected("hexadecimal digits")),
                Err(_) => Err(too_large(&format!("0x{digits}"), start..self.position)),
            };
        }
        let start = self.position;
        match self.peek() {
            Some(c) if c.is_ascii_alphabetic() => {
                let (name_start, name) = self.identifier();
                let function: fn(Nimber) -> Option<Nimber> = match name {
                    "inv" => Nimber::inverse,
                    "sqrt" => |x| Some(x.sqrt()),
                    _ => return Err(unexpected_word(EXPECTED, name_start, name)),
                };
                self.expect('(')?;
                let argument = self.nim_expression()?;
                self.expect(')')?;
                function(argument)
                    .ok_or_else(|| Error::at(ErrorKind::DivisionByZero, start..self.position))
            }
            _ => {
                // Plain digits only: in nim arithmetic `^` is the nim power, not `10^18`.
                let (start, digits) = self.scan(|c| c.is_ascii_digit() || c == '_');
                if !digits.starts_with(|c: char| c.is_ascii_digit()) {
                    self.position = start;
                    return Err(self.unexpected(EXPECTED));
                }
                let value = digits_value(digits).and_then(|value| u64::try_from(value).ok());
                value
                    .map(Nimber::new)
                    .ok_or_else(|| too_large(digits, start..self.position))
            }
        }
    }
}
