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

use crate::coin_solver::{CoinSolver, TartanSolver};
use crate::error::{Error, ErrorKind, Limit, Result};
use crate::game::{Limits, Solver};
use crate::heap::HeapSolver;
use crate::nimber::Nimber;
use crate::positional;
use crate::rules::{
    AWythoff, ArcKayles, ChompBoard, ChompSolver, CoinBoard, CoinRow, CoinRule, CoinTurning,
    CramBoard, CramSolver, Digraph, Family, FibonacciNim, Graph, GreenHackenbush, GrundyGame,
    HeapRule, KaylesGraph, KaylesSolver, Moore, Nim, NodeKayles, Shape, Staircase, Subtraction,
    TakeBreak, Tartan, VertexSet, Wythoff, MAX_COINS, NAMED_CODES,
};
use crate::sum::{RulesetTerm, Sum, Term};

/// Reads the contents of a file named in a spec (`digraph(@edges.txt; a)`). The library does
/// no IO itself; faces that can read files pass one in, reading at most [`MAX_FILE_BYTES`].
pub type Include<'a> = &'a dyn Fn(&str) -> std::result::Result<String, String>;

/// The most bytes a file read for a spec may hold, whether the whole spec (`grundy value @FILE`)
/// or an include (`digraph(@edges.txt; a)`): 32 MiB, a million edges or Nim heaps with room to
/// spare. Faces stop reading there, and the parser refuses longer includes.
pub const MAX_FILE_BYTES: u64 = 1 << 25;

/// How to parse: the limits given to every solver, and how to read `@file` includes.
#[derive(Clone, Copy, Default)]
pub struct Options<'a> {
    /// Limits for the solvers of every component.
    pub limits: Limits,
    /// Reads included files; without it `@file` is an error.
    pub include: Option<Include<'a>>,
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
    let rule = parser
        .heap_rule(&name, start)?
        .ok_or_else(|| unknown_game(&name, start..parser.position))
        .map_err(|error| match name.as_str() {
            "wythoff" | "staircase" | "digraph" | "green" | "moore" | "fibnim" | "tartan"
            | "corners" | "turn" | "cram" | "chomp" | "nodekayles" | "arckayles" => Error::at(
                ErrorKind::InvalidRule {
                    reason: format!("{name} is not played on single heaps"),
                },
                start..parser.position,
            ),
            _ if CoinRule::named(&name).is_some() => Error::at(
                ErrorKind::InvalidRule {
                    reason: format!("{name} is not played on single heaps"),
                },
                start..parser.position,
            ),
            _ => error,
        })?;
    match parser.peek() {
        None => Ok(rule),
        Some('(') => Err(parser.unexpected(&format!(
            "the end of the rule (a rule takes no heaps here: '{rule}', not '{rule}(…)')"
        ))),
        Some('+') => Err(parser.unexpected("the end of the rule (one rule here, not a sum)")),
        Some(_) => Err(parser.unexpected("the end of the rule")),
    }
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

/// How deeply nimber expressions may nest: `(`, `inv(` and `sqrt(` recurse, and the stack is
/// small on some targets (a megabyte on `wasm32`).
const MAX_NESTING: usize = 256;

struct Parser<'a> {
    text: &'a str,
    position: usize,
    options: Options<'a>,
    /// Nimber expressions open around the current position.
    depth: usize,
}

fn describe_found(text: &str, position: usize) -> String {
    match text[position..].chars().next() {
        None => "the end of the text".to_string(),
        Some(c) => format!("'{c}'"),
    }
}

/// The games the language names, besides the codes of [`NAMED_CODES`].
const GAME_NAMES: &[&str] = &[
    "nim",
    "grundy",
    "sub",
    "allbut",
    "take",
    "octal",
    "hex",
    "wythoff",
    "staircase",
    "turtles",
    "twins",
    "mock",
    "moebius",
    "mogul",
    "ruler",
    "rulerette",
    "ternups",
    "grunt",
    "turn",
    "digraph",
    "green",
    "moore",
    "fibnim",
    "tartan",
    "corners",
    "cram",
    "chomp",
    "nodekayles",
    "arckayles",
];

/// The error for a name that is no game, suggesting the known name it is closest to (the
/// same letters in another case, or at most two letters changed, added or removed).
fn unknown_game(name: &str, span: std::ops::Range<usize>) -> Error {
    let known = GAME_NAMES
        .iter()
        .copied()
        .chain(NAMED_CODES.iter().map(|&(known, _, _)| known));
    let lower = name.to_ascii_lowercase();
    let suggestion = known
        .map(|known| (edit_distance(&lower, known), known))
        .filter(|&(distance, _)| distance <= 2.min(name.len() / 2))
        .min()
        .map(|(_, known)| known.to_string());
    Error::at(
        ErrorKind::UnknownGame {
            name: name.to_string(),
            suggestion,
        },
        span,
    )
}

/// Letters changed, added or removed to turn `a` into `b` (Levenshtein).
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(ca != cb));
            diagonal = above;
        }
    }
    row[b.len()]
}

/// A term of Node Kayles or Arc Kayles on the whole of `game`'s graph (no component when no
/// move is left), valued by the positional search.
fn kayles_term<G: KaylesGraph>(game: G, limits: Limits) -> Box<dyn Term> {
    let all = game.graph().all();
    let mut live = false;
    game.graph()
        .components(all, |part| live |= game.is_live(part));
    let positions = if live {
        vec![VertexSet(all)]
    } else {
        Vec::new()
    };
    Box::new(RulesetTerm::new(
        KaylesSolver::new(game, limits, positional::default_threads()),
        positions,
    ))
}

impl<'a> Parser<'a> {
    fn new(text: &'a str, options: Options<'a>) -> Parser<'a> {
        Parser {
            text,
            position: 0,
            options,
            depth: 0,
        }
    }

    fn skip_space(&mut self) {
        let rest = &self.text[self.position..];
        self.position += rest.len() - rest.trim_start().len();
    }

    fn peek(&mut self) -> Option<char> {
        self.skip_space();
        self.text[self.position..].chars().next()
    }

    fn eat(&mut self, expected: char) -> bool {
        if self.peek() == Some(expected) {
            self.position += expected.len_utf8();
            true
        } else {
            false
        }
    }

    fn eat_str(&mut self, expected: &str) -> bool {
        self.skip_space();
        if self.text[self.position..].starts_with(expected) {
            self.position += expected.len();
            true
        } else {
            false
        }
    }

    /// An error at the current token.
    fn unexpected(&mut self, expected: &str) -> Error {
        self.skip_space();
        let found = describe_found(self.text, self.position);
        let width = self.text[self.position..]
            .chars()
            .next()
            .map_or(0, char::len_utf8);
        Error::at(
            ErrorKind::Syntax {
                expected: expected.to_string(),
                found,
            },
            self.position..self.position + width,
        )
    }

    fn expect(&mut self, expected: char) -> Result<()> {
        if self.eat(expected) {
            Ok(())
        } else {
            Err(self.unexpected(&format!("'{expected}'")))
        }
    }

    /// `name=`, as in `wythoff(3,5; a=2)`.
    fn keyword(&mut self, name: &str) -> Result<()> {
        let (start, word) = self.identifier();
        if word != name {
            self.position = start;
            return Err(self.unexpected(&format!("'{name}='")));
        }
        self.expect('=')
    }

    fn end(&mut self) -> Result<()> {
        match self.peek() {
            None => Ok(()),
            Some(_) => Err(self.unexpected("'+' or the end of the text")),
        }
    }

    /// Consumes characters while `accept` holds and returns them with their start.
    fn scan(&mut self, accept: impl Fn(char) -> bool) -> (usize, &'a str) {
        self.skip_space();
        let start = self.position;
        let rest = &self.text[start..];
        let length = rest.find(|c: char| !accept(c)).unwrap_or(rest.len());
        self.position += length;
        (start, &self.text[start..start + length])
    }

    fn identifier(&mut self) -> (usize, &'a str) {
        self.scan(|c| c.is_ascii_alphanumeric() || c == '_')
    }

    /// A number as in [`parse_number`], `what` naming it in errors.
    fn number(&mut self, what: &str) -> Result<u64> {
        self.skip_space();
        let start = self.position;
        let wide = self.wide_number(what)?;
        u64::try_from(wide).map_err(|_| {
            Error::at(
                ErrorKind::NumberTooLarge {
                    text: self.text[start..self.position].to_string(),
                    max: u128::from(u64::MAX),
                },
                start..self.position,
            )
        })
    }

    fn wide_number(&mut self, what: &str) -> Result<u128> {
        let too_large = |parser: &Parser<'_>, start: usize| {
            Error::at(
                ErrorKind::NumberTooLarge {
                    text: parser.text[start..parser.position].to_string(),
                    max: u128::from(u64::MAX),
                },
                start..parser.position,
            )
        };
        let (start, digits) = self.scan(|c| c.is_ascii_digit() || c == '_');
        if !digits.starts_with(|c: char| c.is_ascii_digit()) {
            self.position = start;
            return Err(self.unexpected(what));
        }
        let base = self
            .digits_value(digits)
            .ok_or_else(|| too_large(self, start))?;
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
        let exponent = self
            .digits_value(exponent_digits)
            .and_then(|e| u32::try_from(e).ok());
        let value = exponent.and_then(|exponent| {
            if is_power {
                base.checked_pow(exponent)
            } else {
                10u128
                    .checked_pow(exponent)
                    .and_then(|power| base.checked_mul(power))
            }
        });
        value.ok_or_else(|| too_large(self, start))
    }

    fn digits_value(&self, digits: &str) -> Option<u128> {
        digits
            .chars()
            .filter(|&c| c != '_')
            .try_fold(0u128, |value, c| {
                value
                    .checked_mul(10)?
                    .checked_add(u128::from(c.to_digit(10)?))
            })
    }

    /// `number (',' number)*`, possibly empty, up to the closing parenthesis.
    fn numbers(&mut self, what: &str, close: char) -> Result<Vec<u64>> {
        let mut numbers = Vec::new();
        if self.peek() == Some(close) {
            return Ok(numbers);
        }
        loop {
            numbers.push(self.number(what)?);
            if !self.eat(',') {
                return Ok(numbers);
            }
        }
    }

    /// The items of `sub{...}`, possibly none: numbers, residue classes (`1 mod 4`) and the
    /// families `squares`, `primes`, `fib`, `factorials`, `powers(k)`.
    fn subtraction_set(&mut self) -> Result<(Vec<Family>, Vec<u64>)> {
        const EXPECTED: &str =
            "a number of tokens, 'k mod m', squares, primes, fib, factorials or powers(k)";
        let (mut families, mut numbers) = (Vec::new(), Vec::new());
        if self.peek() == Some('}') {
            return Ok((families, numbers));
        }
        loop {
            if self.peek().is_some_and(|c| c.is_ascii_digit()) {
                let number = self.number(EXPECTED)?;
                if self.eat_str("mod") {
                    let modulus = self.number("the modulus of 'k mod m'")?;
                    families.push(Family::Residue {
                        rest: number,
                        modulus,
                    });
                } else {
                    numbers.push(number);
                }
            } else {
                let (start, word) = self.identifier();
                families.push(match word {
                    "squares" => Family::Squares,
                    "primes" => Family::Primes,
                    "fib" => Family::Fibonacci,
                    "factorials" => Family::Factorials,
                    "powers" => {
                        self.expect('(')?;
                        let base = self.number("the base of powers(k)")?;
                        self.expect(')')?;
                        Family::Powers(base)
                    }
                    _ => {
                        self.position = start;
                        if word.is_empty() {
                            return Err(self.unexpected(EXPECTED));
                        }
                        let kind = ErrorKind::Syntax {
                            expected: EXPECTED.to_string(),
                            found: format!("'{word}'"),
                        };
                        return Err(Error::at(kind, start..start + word.len()));
                    }
                });
            }
            if !self.eat(',') {
                return Ok((families, numbers));
            }
        }
    }

    fn heaps(&mut self) -> Result<Vec<u64>> {
        self.expect('(')?;
        let heaps = self.numbers("a heap size (a whole number >= 0)", ')')?;
        self.expect(')')?;
        Ok(heaps)
    }

    /// The name of a game: an identifier, or a take-and-break code.
    fn rule_name(&mut self) -> Result<String> {
        match self.peek() {
            Some(c) if c.is_ascii_digit() || c == '.' => {
                let (_, code) =
                    self.scan(|c| c.is_ascii_hexdigit() || matches!(c, '.' | '[' | ']'));
                Ok(code.to_string())
            }
            Some(c) if c.is_ascii_alphabetic() => Ok(self.identifier().1.to_string()),
            _ => Err(self.unexpected("a game such as nim(3,4,5) or kayles(13)")),
        }
    }

    fn term(&mut self) -> Result<Box<dyn Term>> {
        self.skip_space();
        let start = self.position;
        if self.eat('*') {
            let heap = self.number("a nimber after '*'")?;
            return Ok(self.heap_term(HeapRule::Nim(Nim), vec![heap]));
        }
        let name = self.rule_name()?;
        if name == "0" && self.peek() != Some('(') {
            return Ok(self.heap_term(HeapRule::Nim(Nim), Vec::new()));
        }
        if let Some(rule) = self.heap_rule(&name, start)? {
            if self.peek() != Some('(') {
                return Err(self.unexpected(&format!(
                    "'(' and heap sizes: a game needs its heaps, such as {rule}(13)"
                )));
            }
            let heaps = self.heaps()?;
            return Ok(self.heap_term(rule, heaps));
        }
        let limits = self.options.limits;
        let term: Box<dyn Term> = match name.as_str() {
            "wythoff" => {
                self.expect('(')?;
                let first = self.number("a heap size")?;
                self.expect(',')?;
                let second = self.number("a heap size")?;
                let a = if self.eat(';') {
                    self.keyword("a")?;
                    let a_start = self.position;
                    let a = self.number("the bound a of a-Wythoff")?;
                    Some(AWythoff::new(a).map_err(|e| e.or_at(a_start..self.position))?)
                } else {
                    None
                };
                self.expect(')')?;
                let position = if (first, second) == (0, 0) {
                    vec![]
                } else {
                    vec![(first, second)]
                };
                match a {
                    Some(rule) if rule.a() > 1 => Box::new(RulesetTerm::new(
                        Solver::with_limits(rule, limits),
                        position,
                    )),
                    _ => Box::new(RulesetTerm::new(
                        Solver::with_limits(Wythoff, limits),
                        position,
                    )),
                }
            }
            "staircase" => {
                self.expect('(')?;
                let stairs = self.numbers("a number of coins", ')')?;
                self.expect(')')?;
                let position = if stairs.iter().all(|&coins| coins == 0) {
                    vec![]
                } else {
                    vec![stairs]
                };
                Box::new(RulesetTerm::new(
                    Solver::with_limits(Staircase, limits),
                    position,
                ))
            }
            _ if name == "turn" || CoinRule::named(&name).is_some() => {
                self.position = start;
                let rule = self.coin_rule()?;
                self.expect('(')?;
                let mut rows = Vec::new();
                loop {
                    let (row_start, text) = self.scan(|c| c.is_ascii_alphanumeric());
                    if text.is_empty() {
                        return Err(self.unexpected("a row of coins such as HTTHT"));
                    }
                    let row =
                        CoinRow::parse(text).map_err(|e| e.or_at(row_start..self.position))?;
                    if row.heads().next().is_some() {
                        rows.push(row);
                    }
                    if !self.eat(',') {
                        break;
                    }
                }
                self.expect(')')?;
                Box::new(RulesetTerm::new(
                    CoinSolver::new(CoinTurning(rule), limits),
                    rows,
                ))
            }
            "moore" => {
                self.expect('(')?;
                let k_start = self.position;
                let k = self.number("the most heaps a move takes from")?;
                let rule = Moore::new(k).map_err(|e| e.or_at(k_start..self.position))?;
                self.expect(';')?;
                let mut heaps = self.numbers("a heap size (a whole number >= 0)", ')')?;
                self.expect(')')?;
                heaps.retain(|&heap| heap > 0);
                let position = if heaps.is_empty() {
                    vec![]
                } else {
                    vec![heaps]
                };
                Box::new(RulesetTerm::new(
                    Solver::with_limits(rule, limits),
                    position,
                ))
            }
            "fibnim" => {
                self.expect('(')?;
                let heaps = self.numbers("a heap size (a whole number >= 0)", ')')?;
                let mut positions: Vec<(u64, u64)> = heaps
                    .iter()
                    .map(|&heap| FibonacciNim::start(heap))
                    .collect();
                if heaps.len() == 1 && self.eat(';') {
                    self.keyword("max")?;
                    let most = self.number("the most tokens the next move may take")?;
                    positions = vec![(heaps[0], most)];
                }
                self.expect(')')?;
                positions.retain(|&(heap, _)| heap > 0);
                Box::new(RulesetTerm::new(
                    Solver::with_limits(FibonacciNim, limits),
                    positions,
                ))
            }
            "tartan" | "corners" => {
                self.expect('(')?;
                let game = if name == "corners" {
                    Tartan(CoinRule::TURTLES, CoinRule::TURTLES)
                } else {
                    let rows = self.coin_rule()?;
                    self.expect(',')?;
                    let columns = self.coin_rule()?;
                    self.expect(';')?;
                    Tartan(rows, columns)
                };
                let mut boards = Vec::new();
                loop {
                    let (start, text) = self.scan(|c| c.is_ascii_alphanumeric() || c == '/');
                    if text.is_empty() {
                        return Err(self.unexpected("a board of coins such as HTT/THH"));
                    }
                    let rows: Result<Vec<CoinRow>> = text.split('/').map(CoinRow::parse).collect();
                    let board = rows
                        .and_then(|rows| CoinBoard::from_rows(&rows))
                        .map_err(|e| e.or_at(start..self.position))?;
                    if board.has_heads() {
                        boards.push(board);
                    }
                    if !self.eat(',') {
                        break;
                    }
                }
                self.expect(')')?;
                Box::new(RulesetTerm::new(TartanSolver::new(game, limits), boards))
            }
            "cram" => {
                self.expect('(')?;
                let mut boards = Vec::new();
                loop {
                    self.skip_space();
                    let board_start = self.position;
                    let board = if self.peek().is_some_and(|c| c.is_ascii_digit()) {
                        let height = self.number("the rows of a cram board, as in 3x4")?;
                        if !self.eat('x') {
                            return Err(self.unexpected("'x' between rows and columns, as in 3x4"));
                        }
                        let width = self.number("the columns of a cram board, as in 3x4")?;
                        CramBoard::rectangle(height, width)
                    } else {
                        let (_, text) = self.scan(|c| c.is_ascii_alphanumeric() || c == '/');
                        if text.is_empty() {
                            return Err(self.unexpected("a cram board such as 3x4 or oox/ooo"));
                        }
                        CramBoard::parse(text)
                    };
                    let board = board.map_err(|e| e.or_at(board_start..self.position))?;
                    if !board.is_over() {
                        boards.push(board);
                    }
                    if !self.eat(',') {
                        break;
                    }
                }
                self.expect(')')?;
                Box::new(RulesetTerm::new(
                    CramSolver::new(limits, positional::default_threads()),
                    boards,
                ))
            }
            "chomp" => {
                self.expect('(')?;
                self.skip_space();
                let board_start = self.position;
                let what = "the squares in a row of a chomp board, as in 5,3,3,1 or 4x7";
                let first = self.number(what)?;
                let board = if self.eat('x') {
                    let width = self.number("the columns of a chomp board, as in 4x7")?;
                    ChompBoard::rectangle(first, width)
                } else {
                    let mut rows = vec![first];
                    while self.eat(',') {
                        rows.push(self.number(what)?);
                    }
                    ChompBoard::from_rows(&rows)
                };
                let board = board.map_err(|e| e.or_at(board_start..self.position))?;
                self.expect(')')?;
                Box::new(RulesetTerm::new(
                    ChompSolver::new(limits, positional::default_threads()),
                    // The poisoned square alone has no move.
                    if board.squares() > 1 {
                        vec![board]
                    } else {
                        vec![]
                    },
                ))
            }
            "digraph" => self.digraph()?,
            "green" => self.green()?,
            "nodekayles" => kayles_term(NodeKayles::new(self.kayles_graph()?), limits),
            "arckayles" => kayles_term(ArcKayles::new(self.kayles_graph()?), limits),
            _ => return Err(unknown_game(&name, start..self.position)),
        };
        Ok(term)
    }

    /// A one-dimensional coin-turning rule: a name (`mock`, `grunt`) or
    /// `turn{[run|spaced] sizes}` (`turn{1,3}`, `turn{run 2..}`, `turn{spaced 3}`).
    fn coin_rule(&mut self) -> Result<CoinRule> {
        const NAMES: &str = "a coin-turning rule: turtles, twins, mock, moebius, mogul, ruler, \
                             rulerette, ternups, grunt or turn{...}";
        let (start, word) = self.identifier();
        if let Some(rule) = CoinRule::named(word) {
            return Ok(rule);
        }
        if word != "turn" {
            self.position = start;
            return Err(self.unexpected(NAMES));
        }
        self.expect('{')?;
        let sizes_start = self.position;
        let (shape_start, shape) = match self.peek() {
            Some(c) if c.is_ascii_alphabetic() => self.identifier(),
            _ => (self.position, ""),
        };
        let shape = match shape {
            "run" => Shape::Run,
            "spaced" => Shape::Spaced,
            "" => Shape::Any,
            _ => {
                self.position = shape_start;
                return Err(self.unexpected("run, spaced or a number of coins"));
            }
        };
        let mut sizes = Vec::new();
        if shape == Shape::Run && self.peek() == Some('}') {
            sizes.push(1..=u64::from(MAX_COINS));
        }
        while sizes.is_empty() || self.eat(',') {
            let low = self.number("a number of coins a move turns")?;
            let high = if self.eat_str("..") {
                match self.peek() {
                    Some(c) if c.is_ascii_digit() => self.number("the most coins a move turns")?,
                    _ => u64::from(MAX_COINS),
                }
            } else {
                low
            };
            sizes.push(low..=high);
        }
        self.expect('}')?;
        let span = sizes_start..self.position - 1;
        if let Some(range) = sizes.iter().find(|range| range.is_empty()) {
            let reason = format!("the range {}..{} is empty", range.start(), range.end());
            return Err(Error::invalid_rule(reason).or_at(span));
        }
        // Sizes beyond a row's coins are refused by `CoinRule::new`, naming the first.
        let sizes: Vec<u64> = sizes
            .into_iter()
            .flat_map(|range| *range.start()..=(*range.end()).min(u64::from(MAX_COINS) + 1))
            .collect();
        CoinRule::new(shape, &sizes).map_err(|e| e.or_at(span))
    }

    fn heap_term(&self, rule: HeapRule, heaps: Vec<u64>) -> Box<dyn Term> {
        let heaps = heaps.into_iter().filter(|&heap| heap > 0).collect();
        Box::new(RulesetTerm::new(
            HeapSolver::with_limits(rule, self.options.limits),
            heaps,
        ))
    }

    /// The heap rule named `name` (already consumed), reading any `{...}`, `[...]` or `(code)`
    /// that belongs to it; `None` when `name` is not a heap rule.
    fn heap_rule(&mut self, name: &str, start: usize) -> Result<Option<HeapRule>> {
        let at = |error: Error, end: usize| error.or_at(start..end);
        let rule = match name {
            "nim" => HeapRule::Nim(Nim),
            "grundy" => HeapRule::Grundy(GrundyGame),
            "sub" => {
                self.expect('{')?;
                let (families, numbers) = self.subtraction_set()?;
                self.expect('}')?;
                let rule = Subtraction::with_families(&families, &numbers);
                HeapRule::Subtraction(rule.map_err(|e| at(e, self.position))?)
            }
            "allbut" => {
                self.expect('{')?;
                let numbers = self.numbers("a number of tokens", '}')?;
                self.expect('}')?;
                let rule = Subtraction::all_but(&numbers);
                HeapRule::Subtraction(rule.map_err(|e| at(e, self.position))?)
            }
            "take" => {
                self.expect('[')?;
                let low = self.number("the least number of tokens to take")?;
                if !self.eat_str("..") {
                    return Err(self.unexpected("'..'"));
                }
                let high = self.number("the largest number of tokens to take")?;
                self.expect(']')?;
                HeapRule::Subtraction(
                    Subtraction::range(low, high).map_err(|e| at(e, self.position))?,
                )
            }
            "octal" | "hex" => {
                self.expect('(')?;
                let (code_start, code) =
                    self.scan(|c| c.is_ascii_hexdigit() || matches!(c, '.' | '[' | ']'));
                if code.is_empty() {
                    return Err(self.unexpected("a take-and-break code such as 0.137"));
                }
                let code = TakeBreak::parse(code, name == "hex")
                    .map_err(|e| e.or_at(code_start..self.position))?;
                if name == "octal" && code.is_hex() {
                    return Err(Error::invalid_rule("octal codes use the digits 0-7")
                        .or_at(code_start..self.position));
                }
                self.expect(')')?;
                HeapRule::TakeBreak(code)
            }
            _ if name.starts_with(|c: char| c.is_ascii_digit() || c == '.') => HeapRule::TakeBreak(
                TakeBreak::parse(name, false).map_err(|e| at(e, self.position))?,
            ),
            _ => match TakeBreak::named(name) {
                Some(code) => HeapRule::TakeBreak(code),
                None => return Ok(None),
            },
        };
        Ok(Some(rule))
    }

    /// A vertex name: letters, digits and `_`.
    fn vertex_name(&mut self) -> Result<(usize, &'a str)> {
        let (start, name) = self.identifier();
        if name.is_empty() {
            return Err(self.unexpected("a vertex name"));
        }
        Ok((start, name))
    }

    /// Edges `a>b, b>c>d, e` (a bare name is an isolated vertex) up to `;`.
    fn edges(
        &mut self,
        arrow: char,
        names: &mut Vec<String>,
        edges: &mut Vec<(usize, usize)>,
    ) -> Result<()> {
        let index_of =
            |names: &mut Vec<String>, name: &str| match names.iter().position(|n| n == name) {
                Some(index) => index,
                None => {
                    names.push(name.to_string());
                    names.len() - 1
                }
            };
        if self.peek() == Some(';') {
            return Ok(());
        }
        loop {
            let (_, first) = self.vertex_name()?;
            let mut previous = index_of(names, first);
            while self.eat(arrow) {
                let (_, next) = self.vertex_name()?;
                let next = index_of(names, next);
                edges.push((previous, next));
                previous = next;
            }
            if !self.eat(',') {
                return Ok(());
            }
        }
    }

    fn digraph(&mut self) -> Result<Box<dyn Term>> {
        self.expect('(')?;
        let mut names = Vec::new();
        let mut edges = Vec::new();
        if self.peek() == Some('@') {
            let (start, _) = self.scan(|c| c == '@');
            let (_, file) = self.scan(|c| c != ';' && c != ')' && !c.is_whitespace());
            let span = start..self.position;
            let include = self.options.include.ok_or_else(|| {
                Error::at(
                    ErrorKind::Include {
                        file: file.to_string(),
                        reason: "files cannot be read here".to_string(),
                    },
                    span.clone(),
                )
            })?;
            let contents = include(file).map_err(|reason| {
                Error::at(
                    ErrorKind::Include {
                        file: file.to_string(),
                        reason,
                    },
                    span.clone(),
                )
            })?;
            if contents.len() as u64 > MAX_FILE_BYTES {
                let error =
                    Error::limit_needing(Limit::FileSize, MAX_FILE_BYTES, contents.len() as u64);
                return Err(error.or_at(span));
            }
            let contents: String = contents
                .lines()
                .map(|line| line.split('#').next().unwrap_or(""))
                .collect::<Vec<_>>()
                .join(",");
            let contents = contents
                .split(',')
                .map(str::trim)
                .filter(|edge| !edge.is_empty())
                .collect::<Vec<_>>()
                .join(",");
            let mut inner = Parser::new(&contents, Options::default());
            inner
                .edges('>', &mut names, &mut edges)
                .and_then(|()| inner.end())
                .map_err(|error| {
                    Error::at(
                        ErrorKind::Include {
                            file: file.to_string(),
                            reason: format!("not a list of edges such as a>b: {error}"),
                        },
                        span.clone(),
                    )
                })?;
        } else {
            self.edges('>', &mut names, &mut edges)?;
        }
        self.expect(';')?;
        let mut tokens = Vec::new();
        let mut token_spans = Vec::new();
        loop {
            let (start, name) = self.vertex_name()?;
            tokens.push(name.to_string());
            token_spans.push(start..self.position);
            if !self.eat(',') {
                break;
            }
        }
        self.expect(')')?;
        let graph = Digraph::new(names, edges)?;
        let mut positions = Vec::new();
        for (name, span) in tokens.iter().zip(token_spans) {
            let vertex = graph.vertex(name).ok_or_else(|| {
                Error::at(
                    ErrorKind::InvalidPosition {
                        reason: format!(
                            "the token is on '{name}', which is not a vertex of the graph"
                        ),
                    },
                    span,
                )
            })?;
            positions.push(vertex);
        }
        Ok(Box::new(RulesetTerm::new(
            Solver::with_limits(graph, self.options.limits),
            positions,
        )))
    }

    /// The graph of `nodekayles(...)` or `arckayles(...)`, parentheses included: a family
    /// (`path(10)`, `cycle(5)`, `complete(4)`, `grid(3x5)`, `petersen`) or edges `a-b, b-c`.
    fn kayles_graph(&mut self) -> Result<Graph> {
        self.expect('(')?;
        self.skip_space();
        let start = self.position;
        let (_, word) = self.identifier();
        let graph = match word {
            "path" | "cycle" | "complete" if self.peek() == Some('(') => {
                self.expect('(')?;
                let n = self.number("a number of vertices")?;
                self.expect(')')?;
                match word {
                    "path" => Graph::path(n),
                    "cycle" => Graph::cycle(n),
                    _ => Graph::complete(n),
                }
            }
            "grid" if self.peek() == Some('(') => {
                self.expect('(')?;
                let rows = self.number("the rows of a grid, as in grid(3x5)")?;
                if !self.eat('x') {
                    return Err(self.unexpected("'x' between rows and columns, as in grid(3x5)"));
                }
                let columns = self.number("the columns of a grid, as in grid(3x5)")?;
                self.expect(')')?;
                Graph::grid(rows, columns)
            }
            "petersen" if self.peek() == Some(')') => Ok(Graph::petersen()),
            _ => {
                self.position = start;
                let mut names = Vec::new();
                let mut edges = Vec::new();
                self.edges('-', &mut names, &mut edges)?;
                Graph::new(names, &edges)
            }
        };
        let graph = graph.map_err(|e| e.or_at(start..self.position))?;
        self.expect(')')?;
        Ok(graph)
    }

    fn green(&mut self) -> Result<Box<dyn Term>> {
        self.expect('(')?;
        let mut names = Vec::new();
        let mut edges = Vec::new();
        self.edges('-', &mut names, &mut edges)?;
        self.expect(';')?;
        if !self.eat_str("ground") {
            return Err(self.unexpected("'ground=' and the ground vertex"));
        }
        self.expect('=')?;
        let (start, ground) = self.vertex_name()?;
        let span = start..self.position;
        self.expect(')')?;
        let ground = names
            .iter()
            .position(|name| name == ground)
            .ok_or_else(|| {
                Error::at(
                    ErrorKind::InvalidPosition {
                        reason: format!("the ground '{ground}' is not a vertex of the graph"),
                    },
                    span,
                )
            })?;
        let game = GreenHackenbush::new(names, edges, ground)?;
        let position = game.start().into_iter().collect();
        Ok(Box::new(RulesetTerm::new(
            Solver::with_limits(game, self.options.limits),
            position,
        )))
    }

    // Nimber arithmetic: sum of products of powers of atoms.

    fn nim_expression(&mut self) -> Result<Nimber> {
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
                Err(_) => Err(Error::at(
                    ErrorKind::NumberTooLarge {
                        text: format!("0x{digits}"),
                        max: u128::from(u64::MAX),
                    },
                    start..self.position,
                )),
            };
        }
        let start = self.position;
        match self.peek() {
            Some(c) if c.is_ascii_alphabetic() => {
                let (name_start, name) = self.identifier();
                let function: fn(Nimber) -> Option<Nimber> = match name {
                    "inv" => Nimber::inverse,
                    "sqrt" => |x| Some(x.sqrt()),
                    _ => {
                        return Err(Error::at(
                            ErrorKind::Syntax {
                                expected: "a number, '(', inv(...) or sqrt(...)".to_string(),
                                found: format!("'{name}'"),
                            },
                            name_start..self.position,
                        ))
                    }
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
                    return Err(self.unexpected("a number, '(', inv(...) or sqrt(...)"));
                }
                let value = self
                    .digits_value(digits)
                    .and_then(|value| u64::try_from(value).ok());
                value.map(Nimber::new).ok_or_else(|| {
                    Error::at(
                        ErrorKind::NumberTooLarge {
                            text: digits.to_string(),
                            max: u128::from(u64::MAX),
                        },
                        start..self.position,
                    )
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error_at(text: &str) -> (String, std::ops::Range<usize>) {
        match parse(text) {
            Ok(sum) => panic!("{text} parsed as {}", sum.format()),
            Err(error) => (error.to_string(), error.span().unwrap_or(0..0)),
        }
    }

    #[test]
    fn round_trips() {
        for text in [
            "nim(3,4,5)",
            "sub{1,2,4}(8,9)",
            "allbut{1,2}(10)",
            "take[2..5](17)",
            "sub{squares}(10)",
            "sub{squares,primes,fib,factorials,powers(3),1 mod 4,2}(9)",
            "0.07(20)",
            "0.3F(9)",
            "hex(0.8)(5)",
            "kayles(13) + dawson(9) + grundy(17) + lasker(5)",
            "wythoff(3,5)",
            "staircase(0,3,1,4)",
            "moore(2; 3,4,5) + moore(1; 7)",
            "wythoff(3,5; a=2) + wythoff(0,4; a=1000)",
            "fibnim(10,12) + fibnim(7; max=2) + fibnim(1)",
            "corners(H,THT/TTH) + tartan(ruler,mock; TH/HT)",
            "turtles(HTTHT) + mock(THHTH) + ruler(HHTH)",
            "twins(HH) + moebius(TH) + mogul(H) + rulerette(HT) + ternups(TTH) + grunt(TTTTH)",
            "turn{1,3}(HTH) + turn{run 2,3}(HH) + turn{spaced 1..4,9}(TH) + turn{2..}(H)",
            "tartan(grunt,turn{1,4}; TH/HT) + tartan(twins,mogul; H)",
            "cram(3x4,oox/ooo) + cram(1x2)",
            "chomp(4x7) + chomp(5,3,3,1) + chomp(1x3)",
            "digraph(a>b, a>c, b>c; a)",
            "green(a-b, b-c, a-c; ground=a)",
            "nodekayles(a-b, b-c, c-d)",
            "arckayles(1-2, 2-3, 3-4, 5) + nodekayles(x)",
            "nodekayles(r1c1-r1c2, r1c2-r1c10)",
        ] {
            let sum = parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(sum.format(), text);
            assert_eq!(
                parse(&sum.format()).map(|s| s.format()),
                Ok(text.to_string())
            );
        }
    }

    #[test]
    fn aliases_normalise() {
        for (text, printed) in [
            ("octal(0.137)(20)", "0.137(20)"),
            ("*3 + 0", "nim(3)"),
            ("nim(0, 2)", "nim(2)"),
            ("moore(3;5,0,4)", "moore(3; 5,4)"),
            ("moore(2; 0)", "0"),
            ("wythoff(3, 5; a = 1)", "wythoff(3,5)"),
            ("fibnim(5; max=4) + fibnim(0, 3)", "fibnim(5) + fibnim(3)"),
            ("fibnim(0; max=4)", "0"),
            ("tartan(turtles, turtles; HT/TH)", "corners(HT/TH)"),
            ("corners(TT/TH, T)", "corners(TT/TH)"),
            ("tartan(mock,ruler; HT/H)", "tartan(mock,ruler; HT/HT)"),
            ("nim(1_000, 1e3, 10^3)", "nim(1000,1000,1000)"),
            (
                "turn{1,2}(HT) + turn{ 3, 1..2 }(H)",
                "turtles(HT) + mock(H)",
            ),
            ("turn{run}(H) + turn{run 1..128}(H)", "ruler(H) + ruler(H)"),
            ("turn{run 2..}(H) + turn{2}(TH)", "rulerette(H) + twins(TH)"),
            ("tartan(turn{1,2}, turn{1,2}; H)", "corners(H)"),
            ("cram(2 x 3, OO/OO, 1x1, ox/xo)", "cram(2x2,2x3)"),
            (
                "chomp(7 x 4) + chomp(1x1) + chomp(3, 3)",
                "chomp(7x4) + chomp(2x3)",
            ),
            ("chomp(2, 2,1,1,1) + chomp(1)", "chomp(2,2,1,1,1)"),
            ("sub{4,2,1,2}(8)", "sub{1,2,4}(8)"),
            ("nodekayles(path(3))", "nodekayles(1-2, 2-3)"),
            ("arckayles( cycle(3) )", "arckayles(1-2, 1-3, 2-3)"),
            ("nodekayles(complete(3))", "nodekayles(1-2, 1-3, 2-3)"),
            (
                "nodekayles(grid(2 x 2))",
                "nodekayles(r1c1-r1c2, r1c1-r2c1, r1c2-r2c2, r2c1-r2c2)",
            ),
            ("nodekayles(c-b-a, d, a-b)", "nodekayles(a-b, b-c, d)"),
            ("arckayles(a, b) + nodekayles(path(0))", "0"),
            (
                "nodekayles(petersen)",
                "nodekayles(i1-i3, i1-i4, i1-o1, i2-i4, i2-i5, i2-o2, i3-i5, i3-o3, i4-o4, i5-o5, \
                 o1-o2, o1-o5, o2-o3, o3-o4, o4-o5)",
            ),
            (
                "sub{2, primes, squares, primes}(8)",
                "sub{squares,primes,2}(8)",
            ),
        ] {
            assert_eq!(
                parse(text).map(|s| s.format()),
                Ok(printed.to_string()),
                "{text}"
            );
        }
    }

    #[test]
    fn errors_point_at_the_bad_token() {
        assert_eq!(error_at("nim(-1)").1, 4..5);
        assert_eq!(error_at("kayles(13 + nim(3)").1, 10..11);
        assert_eq!(error_at("foo(3)").1, 0..3);
        assert_eq!(error_at("nim(10^30)").1, 4..9);
        assert!(error_at("0.8(3)").0.contains("not octal"));
        assert!(error_at("sub{}(5)").0.contains("empty"));
        assert!(error_at("take[5..2](9)").0.contains("low <= high"));
        assert_eq!(error_at("sub{squares,cubes}(9)").1, 12..17);
        assert!(error_at("sub{3 mod 3}(9)").0.contains("0 <= 3 < 3"));
        assert!(error_at("sub{powers(1)}(9)").0.contains("at least 2"));
        assert!(error_at("digraph(a>b; c)").0.contains("not a vertex"));
        assert!(error_at("nim(3) +").0.contains("found the end"));
        for (typo, known) in [
            ("kayls(7)", "kayles"),
            ("Kayles(7)", "kayles"),
            ("dawsons(5)", "dawson"),
            ("fibonim(5)", "fibnim"),
        ] {
            let (message, span) = error_at(typo);
            assert!(
                message.contains(&format!("did you mean '{known}'?")),
                "{message}"
            );
            assert_eq!(span.start, 0);
        }
        assert!(!error_at("zz(3)").0.contains("did you mean"));
        assert!(error_at("foo(3)").0.ends_with("unknown game 'foo'"));
        assert!(error_at("0.77")
            .0
            .contains("a game needs its heaps, such as 0.77(13)"));
        assert!(error_at("kayles + nim(3)").0.contains("such as kayles(13)"));
        let rule_error = |text: &str| parse_heap_rule(text).map(|_| ()).unwrap_err().to_string();
        assert!(rule_error("kayles(5)").contains("not 'kayles(…)'"));
        assert!(rule_error("kayles+nim").contains("not a sum"));
        assert!(!rule_error("kayles+nim").contains("expected '+'"));
        assert_eq!(error_at("moore(0; 3,4)").1, 6..7);
        assert!(error_at("moore(3,4)").0.contains("expected ';'"));
        assert_eq!(error_at("wythoff(3,5; a=0)").1, 15..16);
        assert_eq!(error_at("wythoff(3,5; b=2)").1, 13..14);
        assert!(error_at("fibnim(3,4; max=2)").0.contains("expected ')'"));
        assert_eq!(error_at("tartan(turtles,queens; H)").1, 15..16);
        assert_eq!(error_at("corners(HT/TX)").1, 8..13);
        assert_eq!(error_at("turn{0,2}(H)").1, 5..8);
        assert!(error_at("turn{1..200}(H)")
            .0
            .contains("1 to 128 coins, not 129"));
        assert!(error_at("turn{3..1}(H)")
            .0
            .contains("the range 3..1 is empty"));
        assert_eq!(error_at("turn{diagonal 2}(H)").1, 5..6);
        assert!(error_at("turn{}(H)").0.contains("a number of coins"));
        assert!(error_at("turn(H)").0.contains("expected '{'"));
        assert!(error_at("tartan(mock,turn{spaced}; H)")
            .0
            .contains("a number of coins"));
        assert!(error_at("grunt(HX)").0.contains("'X' is not a coin"));
        let rule_error = |text: &str| parse_heap_rule(text).map(|_| ()).unwrap_err().to_string();
        assert!(rule_error("mogul").contains("not played on single heaps"));
        assert!(rule_error("turn").contains("not played on single heaps"));
        assert_eq!(error_at("cram(3x4, 99x99)").1, 10..15);
        assert!(error_at("cram(99x99)").0.contains("at most 4096 squares"));
        assert!(error_at("cram(3y4)")
            .0
            .contains("'x' between rows and columns"));
        assert_eq!(error_at("cram(oo/o)").1, 5..9);
        assert!(error_at("cram()").0.contains("a cram board such as 3x4"));
        assert_eq!(error_at("chomp(3,4,1)").1, 6..11);
        assert!(error_at("chomp(3,4,1)")
            .0
            .contains("more than the 3 above it"));
        assert!(error_at("chomp(3,0)").0.contains("row 2 has no square"));
        assert_eq!(error_at("chomp(16x2)").1, 6..10);
        assert!(error_at("chomp(16x2)").0.contains("at most 15 rows"));
        assert!(error_at("chomp(2x256)").0.contains("at most 255 squares"));
        assert!(error_at("chomp()").0.contains("5,3,3,1 or 4x7"));
        assert!(error_at("chomp(2y3)").0.contains("expected ')'"));
        assert!(parse("chomp(3)").is_ok());
        assert!(error_at("chmop(3x4)").0.contains("chomp"));
        assert_eq!(error_at("nodekayles(path(121))").1, 11..20);
        assert!(error_at("arckayles(grid(11x11))")
            .0
            .contains("at most 120 vertices, and this one has 121"));
        assert!(error_at("nodekayles(grid(3y4))")
            .0
            .contains("'x' between rows and columns"));
        assert!(error_at("arckayles(a-b, b-b)").0.contains("loop"));
        assert!(error_at("nodekayles(cycle(2))").0.contains("at least 3"));
        assert!(error_at("nodekayles()").0.contains("a vertex name"));
        assert!(error_at("nodekayles(petersen-a)")
            .0
            .contains("another name"));
        assert!(error_at("nodekayle(path(3))")
            .0
            .contains("did you mean 'nodekayles'?"));
        let rule_error = |text: &str| parse_heap_rule(text).map(|_| ()).unwrap_err().to_string();
        assert!(rule_error("arckayles").contains("not played on single heaps"));
    }

    #[test]
    fn numbers() {
        assert_eq!(parse_number("18446744073709551615"), Ok(u64::MAX));
        assert!(parse_number("18446744073709551616").is_err());
        assert!(parse_number("2^64").is_err());
        assert_eq!(parse_number("2^63"), Ok(1 << 63));
        assert_eq!(parse_number("3e2"), Ok(300));
        assert!(parse_number("1e").is_err());
        assert!(parse_number("_1").is_err());
    }

    #[test]
    fn nimber_expressions() {
        let eval = |text: &str| parse_nimber_expression(text).map(Nimber::value);
        assert_eq!(eval("3*5+7"), Ok(15 ^ 7));
        assert_eq!(eval("(2+1)*(2+1)"), Ok(2));
        assert_eq!(eval("2^2"), Ok(3));
        assert_eq!(eval("sqrt(3)"), Ok(2));
        assert_eq!(eval("0x10 * 0x10"), Ok(24));
        assert_eq!(eval("6/3"), eval("6*inv(3)"));
        assert!(matches!(
            parse_nimber_expression("1/0").map_err(|e| e.kind().clone()),
            Err(ErrorKind::DivisionByZero)
        ));
        assert!(parse_nimber_expression("inv(0)").is_err());
        assert!(parse_nimber_expression("3 +").is_err());
    }

    /// Issue 15: `xor` and `⊕` are the nim-sum, `⊗` the nim-product; `^` stays the power.
    #[test]
    fn xor_is_spelled_out() {
        let eval = |text: &str| parse_nimber_expression(text).map(Nimber::value);
        assert_eq!(eval("3 xor 5"), Ok(6));
        assert_eq!(eval("3 ⊕ 5"), Ok(6));
        assert_eq!(eval("2 ⊗ 2"), Ok(3));
        assert_eq!(eval("3^5"), Ok(2));
        assert_eq!(eval("2 xor 2 3"), Ok(2 ^ 1));
        assert!(parse_nimber_expression("3 xo 5").is_err());
        assert!(parse_nimber_expression("xor 5").is_err());
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_stack_overflow() {
        let nested = |depth: usize| format!("{}1{}", "(".repeat(depth), ")".repeat(depth));
        assert_eq!(
            parse_nimber_expression(&nested(MAX_NESTING)),
            Ok(Nimber::ONE)
        );
        assert!(parse_nimber_expression(&nested(MAX_NESTING + 1)).is_err());
        let error = parse_nimber_expression(&nested(100_000)).unwrap_err();
        assert!(error.to_string().contains("nested parentheses"), "{error}");
        assert_eq!(error.span(), Some(MAX_NESTING + 1..MAX_NESTING + 2));
        let functions = "inv(sqrt(".repeat(200) + "1" + &")".repeat(400);
        assert!(parse_nimber_expression(&functions).is_err());
    }
}
