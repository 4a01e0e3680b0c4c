//! The text language for games, sums and nimber arithmetic.
//!
//! ```text
//! sum      := term ('+' term)*
//! term     := '0' | '*' number | heap-rule '(' numbers? ')' | board-game
//! heap-rule:= 'nim' | 'kayles' | 'dawson' | 'grundy' | 'lasker'
//!           | 'sub{' items '}' | 'allbut{' numbers? '}' | 'take[' number '..' number ']'
//!           | code | 'octal(' code ')' | 'hex(' code ')'          code: 0.137, 4.07, 0.3F, 4.[3]
//! board    := 'wythoff(' number ',' number (';' 'a=' number)? ')' | 'staircase(' numbers ')'
//!           | 'moore(' number ';' numbers? ')'                         moore(2; 3,4,5)
//!           | 'fibnim(' numbers ')' | 'fibnim(' number ';' 'max=' number ')'
//!           | coin-rule '(' coins (',' coins)* ')'                          coins: HTTHT
//!           | 'tartan(' coin-rule ',' coin-rule ';' board (',' board)* ')'  board: HTT/THH
//!           | 'corners(' board (',' board)* ')'            tartan(turtles,turtles; ...)
//!           | 'cram(' cram-board (',' cram-board)* ')'            cram-board: 3x4 or oox/ooo
//!           | 'chomp(' (number 'x' number | numbers) ')'           chomp(4x7), chomp(5,3,3,1)
//!           | 'digraph(' (edges | '@' file) ';' vertices ')'              edges: a>b, b>c>d
//!           | 'green(' edges ';' 'ground=' vertex ')'                      edges: a-b, b-c
//!           | ('nodekayles(' | 'arckayles(') graph ')'           nodekayles(path(10)), arckayles(a-b, b-c)
//! graph    := edges | 'path(' number ')' | 'cycle(' number ')' | 'complete(' number ')'
//!           | 'grid(' number 'x' number ')' | 'petersen'          at most 120 vertices
//! items    := (number | number 'mod' number | 'squares' | 'primes' | 'fib' | 'factorials'
//!              | 'powers(' number ')') separated by ','           sub{squares,1}, sub{1 mod 4}
//! coin-rule:= 'turtles' | 'twins' | 'mock' | 'moebius' | 'mogul' | 'ruler' | 'rulerette'
//!           | 'ternups' | 'grunt' | 'turn{' ('run' | 'spaced')? sizes '}'   turn{1,3}, turn{run 2..}
//! sizes    := (number | number '..' number | number '..') separated by ','
//! number   := digits with '_' separators, then optionally '^' digits or 'e' digits
//! ```
//! Numbers accept `10^18`, `1e6` and `1_000`. Errors carry the byte span of the bad token.
//! This module is the only one that parses text; rulesets print themselves in the same syntax,
//! and everything printed parses back.
//!
//! Where each part lives: `parser` (the cursor: tokens, numbers, lists, errors at a token),
//! `terms` (sums and terms), `games/` (the table of games, one list of names, and each
//! family's arguments), `include` (`@file`), `suggest` (unknown names, "did you mean"),
//! `nimber` (nimber arithmetic), `partizan` (partizan values in CGSuite's notation and the
//! partizan rulesets' positions, read into a [`crate::partizan::Games`] table:
//! [`parse_partizan`]).

mod games;
mod include;
mod nimber;
mod parser;
mod partizan;
mod suggest;
mod terms;
#[cfg(test)]
mod tests;

pub use include::{read_capped, read_include, Include, MAX_FILE_BYTES};
pub use partizan::{
    parse_any_with, parse_partizan, parse_partizan_sum, AnyGame, MAX_DEPTH, MAX_LENGTH,
};

use crate::error::{Error, ErrorKind, Result};
use crate::game::Limits;
use crate::nimber::Nimber;
use crate::rules::{CramCheckpoints, HeapRule};
use crate::sum::Sum;
use games::Read;
use parser::Parser;

/// How to parse: the limits given to every solver, and how to read `@file` includes.
///
/// # Example
/// ```
/// use grundy::{spec, Limits};
/// let read = |_: &str| Ok("a>b".to_string());
/// let options = spec::Options::new(Limits::default()).with_include(&read);
/// assert_eq!(spec::parse_with("digraph(@edges; a)", options)?.format(), "digraph(a>b; a)");
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Copy, Default)]
pub struct Options<'a> {
    /// Limits for the solvers of every component.
    pub limits: Limits,
    /// Reads included files; without it `@file` is an error.
    pub include: Option<Include<'a>>,
    /// The checkpoints of the first `cram(...)` term's searches
    /// ([`CramSolver::with_checkpoints`](crate::rules::CramSolver::with_checkpoints)).
    pub checkpoint: Option<&'a CramCheckpoints>,
}

impl<'a> Options<'a> {
    /// Parsing with `limits` and no includes.
    pub const fn new(limits: Limits) -> Options<'a> {
        Options {
            limits,
            include: None,
            checkpoint: None,
        }
    }

    /// The same, the first `cram(...)` term's searches resumed from and saved to `checkpoint`.
    #[must_use]
    pub const fn with_checkpoint(self, checkpoint: &'a CramCheckpoints) -> Options<'a> {
        Options {
            checkpoint: Some(checkpoint),
            ..self
        }
    }

    /// The same, reading `@file` includes with `include`.
    #[must_use]
    pub const fn with_include(self, include: Include<'a>) -> Options<'a> {
        Options {
            include: Some(include),
            ..self
        }
    }
}

/// Parses a sum of games with default options.
///
/// # Errors
/// [`ErrorKind::Syntax`] and friends, with the span of the bad token.
///
/// # Example
/// ```
/// use grundy::{spec, Nimber};
/// let sum = spec::parse("kayles(13) + nim(3,4,5)")?;
/// assert_eq!(sum.format(), "kayles(13) + nim(3,4,5)");
/// assert_eq!(sum.value()?, Nimber::new(1 ^ 2));
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn parse(text: &str) -> Result<Sum> {
    parse_with(text, Options::default())
}

/// Parses a sum of games.
///
/// # Errors
/// As for [`parse`], and [`ErrorKind::Include`] when an included file cannot be read.
pub fn parse_with(text: &str, options: Options<'_>) -> Result<Sum> {
    let mut parser = Parser::new(text, options);
    let mut terms = vec![parser.term()?];
    while parser.eat('+') {
        terms.push(parser.term()?);
    }
    parser.end()?;
    Ok(Sum::new(terms).with_limits(options.limits))
}

/// Parses a heap rule without heaps: `kayles`, `0.137`, `sub{1,2,4}`, `grundy`.
///
/// # Errors
/// Text that is not a heap rule.
///
/// # Example
/// ```
/// use grundy::spec;
/// assert_eq!(spec::parse_heap_rule("octal(0.77)")?.to_string(), "0.77");
/// assert_eq!(spec::parse_heap_rule("dawson")?.to_string(), "dawson");
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn parse_heap_rule(text: &str) -> Result<HeapRule> {
    let mut parser = Parser::new(text, Options::default());
    let start = parser.position;
    let name = parser.rule_name()?;
    let rule = match games::find(&name) {
        Some(Read::Heaps(read)) => read(&mut parser, &name, start)?,
        Some(Read::Positions(_)) => {
            let reason = format!("{name} is not played on single heaps");
            let kind = ErrorKind::InvalidRule { reason };
            return Err(Error::at(kind, start..parser.position));
        }
        None => return Err(suggest::unknown_game(&name, start..parser.position)),
    };
    match parser.peek() {
        None => Ok(rule),
        Some('(') => Err(parser.unexpected(&format!(
            "the end of the rule (a rule takes no heaps here: '{rule}', not '{rule}(…)')"
        ))),
        Some('+') => Err(parser.unexpected("the end of the rule (one rule here, not a sum)")),
        Some(_) => Err(parser.unexpected("the end of the rule")),
    }
}

/// The games the language names, each with a term of it (`("wythoff", "wythoff(3,5; a=2)")`),
/// in the order of the grammar above: a listing for a face to show. Besides these a term may be
/// `0`, `*n`, a take-and-break code (`0.137(20)`), a named code (`kayles(13)`:
/// [`crate::rules::NAMED_CODES`]) or a named coin-turning rule (`mock(HTH)`:
/// [`crate::rules::CoinRule::names`]).
///
/// # Example
/// ```
/// let (name, example) = grundy::spec::games().next().unwrap_or_default();
/// assert_eq!((name, example), ("nim", "nim(3,4,5)"));
/// assert!(grundy::spec::parse(example).is_ok());
/// ```
pub fn games() -> impl Iterator<Item = (&'static str, &'static str)> {
    games::GAMES.iter().map(|game| (game.name, game.example))
}

/// Parses a number: `42`, `1_000`, `10^18`, `1e6`, at most `2^64 - 1`.
///
/// # Errors
/// Text that is not a number, or a number above `u64::MAX`.
///
/// # Example
/// ```
/// assert_eq!(grundy::spec::parse_number("10^18")?, 1_000_000_000_000_000_000);
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn parse_number(text: &str) -> Result<u64> {
    let mut parser = Parser::new(text, Options::default());
    let number = parser.number("a number")?;
    parser.end()?;
    Ok(number)
}

/// Evaluates nimber arithmetic: `+` (nim-sum, XOR; `-`, `xor` and `⊕` are the same), `*`, `⊗`
/// or juxtaposition (nim-product), `/` (division), `^` (nim power by an ordinary integer: `2^2`
/// is `2*2 = 3`, not XOR), parentheses, `inv(x)` and `sqrt(x)`. Numbers are decimal (with `_`
/// separators) or `0x` hexadecimal.
///
/// # Errors
/// Syntax errors with their span; [`ErrorKind::DivisionByZero`].
///
/// # Example
/// ```
/// use grundy::{spec, Nimber};
/// assert_eq!(spec::parse_nimber_expression("3*5+7")?, Nimber::new(15 ^ 7));
/// assert_eq!(spec::parse_nimber_expression("inv(2)")?, Nimber::new(3));
/// assert_eq!(spec::parse_nimber_expression("5 8")?, Nimber::new(3)); // 5 ⊗ 8
/// assert_eq!(spec::parse_nimber_expression("3 xor 5")?, Nimber::new(6));
/// assert_eq!(spec::parse_nimber_expression("3 ⊕ 5 ⊗ 1")?, Nimber::new(6));
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn parse_nimber_expression(text: &str) -> Result<Nimber> {
    let mut parser = Parser::new(text, Options::default());
    let value = parser.nim_expression()?;
    parser.end()?;
    Ok(value)
}
