//! Rules played on single heaps: `nim`, `grundy`, `sub{1,2,4}`, `allbut{1,2}`, `take[2..5]`,
//! codes (`0.137`, `octal(0.77)`, `hex(0.8)`) and named codes (`kayles`). Each reads what
//! belongs to the rule after its name; the heaps that follow are the term's.

use crate::error::{Error, Result};
use crate::rules::{Family, GrundyGame, HeapRule, Nim, Subtraction, TakeBreak};
use crate::spec::parser::{unexpected_word, Parser};
use crate::spec::suggest::unknown_game;

pub(super) fn nim(_: &mut Parser<'_>, _: &str, _: usize) -> Result<HeapRule> {
    Ok(HeapRule::Nim(Nim))
}

pub(super) fn grundy(_: &mut Parser<'_>, _: &str, _: usize) -> Result<HeapRule> {
    Ok(HeapRule::Grundy(GrundyGame))
}

/// `sub{squares,1 mod 4,2}`.
pub(super) fn sub(parser: &mut Parser<'_>, _: &str, start: usize) -> Result<HeapRule> {
    parser.expect('{')?;
    let (families, numbers) = subtraction_set(parser)?;
    parser.expect('}')?;
    subtraction(
        parser,
        start,
        Subtraction::with_families(&families, &numbers),
    )
}

/// `allbut{1,2}`.
pub(super) fn allbut(parser: &mut Parser<'_>, _: &str, start: usize) -> Result<HeapRule> {
    parser.expect('{')?;
    let numbers = parser.numbers("a number of tokens", '}')?;
    parser.expect('}')?;
    subtraction(parser, start, Subtraction::all_but(&numbers))
}

/// `take[2..5]`.
pub(super) fn take(parser: &mut Parser<'_>, _: &str, start: usize) -> Result<HeapRule> {
    parser.expect('[')?;
    let low = parser.number("the least number of tokens to take")?;
    if !parser.eat_str("..") {
        return Err(parser.unexpected("'..'"));
    }
    let high = parser.number("the largest number of tokens to take")?;
    parser.expect(']')?;
    subtraction(parser, start, Subtraction::range(low, high))
}

/// `octal(0.137)` or `hex(0.8)`: the code in parentheses.
pub(super) fn octal(parser: &mut Parser<'_>, name: &str, _: usize) -> Result<HeapRule> {
    parser.expect('(')?;
    let (code_start, code) = parser.code();
    if code.is_empty() {
        return Err(parser.unexpected("a take-and-break code such as 0.137"));
    }
    let span = code_start..parser.position;
    let code = TakeBreak::parse(code, name == "hex").map_err(|e| e.or_at(span.clone()))?;
    if name == "octal" && code.is_hex() {
        return Err(Error::invalid_rule("octal codes use the digits 0-7").or_at(span));
    }
    parser.expect(')')?;
    Ok(HeapRule::TakeBreak(code))
}

/// `rule` as a heap rule, an error placed from the name at `start` to here.
fn subtraction(parser: &Parser<'_>, start: usize, rule: Result<Subtraction>) -> Result<HeapRule> {
    rule.map(HeapRule::Subtraction)
        .map_err(|e| e.or_at(start..parser.position))
}

/// A code written as the name: `0.137`, `4.[3]`.
pub(super) fn code(parser: &mut Parser<'_>, name: &str, start: usize) -> Result<HeapRule> {
    let code = TakeBreak::parse(name, false).map_err(|e| e.or_at(start..parser.position))?;
    Ok(HeapRule::TakeBreak(code))
}

/// A code of [`crate::rules::NAMED_CODES`]: `kayles`, `dawson`, `lasker`.
pub(super) fn named_code(parser: &mut Parser<'_>, name: &str, start: usize) -> Result<HeapRule> {
    let code = TakeBreak::named(name).ok_or_else(|| unknown_game(name, start..parser.position))?;
    Ok(HeapRule::TakeBreak(code))
}

/// The items of `sub{...}`, possibly none: numbers, residue classes (`1 mod 4`) and the
/// families `squares`, `primes`, `fib`, `factorials`, `powers(k)`.
fn subtraction_set(parser: &mut Parser<'_>) -> Result<(Vec<Family>, Vec<u64>)> {
    const EXPECTED: &str =
        "a number of tokens, 'k mod m', squares, primes, fib, factorials or powers(k)";
    let (mut families, mut numbers) = (Vec::new(), Vec::new());
    if parser.peek() == Some('}') {
        return Ok((families, numbers));
    }
    parser.list(|parser| {
        if parser.peek().is_some_and(|c| c.is_ascii_digit()) {
            let number = parser.number(EXPECTED)?;
            if parser.eat_str("mod") {
                let modulus = parser.number("the modulus of 'k mod m'")?;
                families.push(Family::Residue {
                    rest: number,
                    modulus,
                });
            } else {
                numbers.push(number);
            }
            return Ok(());
        }
        let (start, word) = parser.identifier();
        families.push(match word {
            "squares" => Family::Squares,
            "primes" => Family::Primes,
            "fib" => Family::Fibonacci,
            "factorials" => Family::Factorials,
            "powers" => {
                parser.expect('(')?;
                let base = parser.number("the base of powers(k)")?;
                parser.expect(')')?;
                Family::Powers(base)
            }
            _ => {
                parser.position = start;
                if word.is_empty() {
                    return Err(parser.unexpected(EXPECTED));
                }
                return Err(unexpected_word(EXPECTED, start, word));
            }
        });
        Ok(())
    })?;
    Ok((families, numbers))
}
