//! The games of the language, in one table: each name with the reader of what follows it. The
//! table is the one list of names, read for parsing ([`find`]), for "did you mean" ([`names`])
//! and checked against the grammar in `spec`'s docs. Beside it, two lists the rulesets keep as
//! data: the named take-and-break codes ([`NAMED_CODES`]) and the named coin-turning rules
//! ([`CoinRule::names`]).
//!
//! A row's reader lives in the file of its family: `heaps` (rules played on single heaps),
//! `multiheap` (positions of several numbers), `coins` (coin turning), `boards` (Cram, Chomp),
//! `graphs` (games on graphs and digraphs).

mod boards;
mod coins;
mod graphs;
mod heaps;
mod multiheap;

pub(super) use graphs::graph_inside;

use super::parser::Parser;
use crate::error::Result;
use crate::game::{Evaluator, Ruleset, Solver};
use crate::rules::{CoinRule, HeapRule, NAMED_CODES};
use crate::sum::{RulesetTerm, Term};
use Read::{Heaps, Positions};

/// How a game's arguments are read, after its name.
#[derive(Clone, Copy)]
pub(super) enum Read {
    /// A heap rule: reads what belongs to the rule (`{1,2,4}`, `[2..5]`, `(0.137)`), given its
    /// name and where the name starts; its heaps `(3,4,5)` follow.
    Heaps(fn(&mut Parser<'_>, &str, usize) -> Result<HeapRule>),
    /// Any other game: reads the rest of the term, parentheses included, given its name, and
    /// makes the term with its solver.
    Positions(fn(&mut Parser<'_>, &str) -> Result<Box<dyn Term>>),
}

/// A game the language names.
pub(super) struct Game {
    /// Its name, as written before its arguments.
    pub(super) name: &'static str,
    /// A term of it, for the tests: it parses, and what it prints parses back.
    pub(super) example: &'static str,
    pub(super) read: Read,
}

const fn game(name: &'static str, example: &'static str, read: Read) -> Game {
    Game {
        name,
        example,
        read,
    }
}

/// The games with a name of their own, in the order of the grammar in `spec`'s docs.
#[rustfmt::skip]
pub(super) const GAMES: &[Game] = &[
    game("nim",        "nim(3,4,5)",                     Heaps(heaps::nim)),
    game("grundy",     "grundy(17)",                     Heaps(heaps::grundy)),
    game("sub",        "sub{squares,1 mod 4,2}(9)",      Heaps(heaps::sub)),
    game("allbut",     "allbut{1,2}(10)",                Heaps(heaps::allbut)),
    game("take",       "take[2..5](17)",                 Heaps(heaps::take)),
    game("octal",      "octal(0.137)(20)",               Heaps(heaps::octal)),
    game("hex",        "hex(0.8)(5)",                    Heaps(heaps::octal)),
    game("wythoff",    "wythoff(3,5; a=2)",              Positions(multiheap::wythoff)),
    game("staircase",  "staircase(0,3,1,4)",             Positions(multiheap::staircase)),
    game("moore",      "moore(2; 3,4,5)",                Positions(multiheap::moore)),
    game("fibnim",     "fibnim(7; max=2)",               Positions(multiheap::fibnim)),
    game("turn",       "turn{spaced 1..4,9}(TH)",        Positions(coins::row)),
    game("tartan",     "tartan(ruler,mock; TH/HT)",      Positions(coins::tartan)),
    game("corners",    "corners(H,THT/TTH)",             Positions(coins::tartan)),
    game("cram",       "cram(3x4,oox/ooo)",              Positions(boards::cram)),
    game("chomp",      "chomp(5,3,3,1)",                 Positions(boards::chomp)),
    game("digraph",    "digraph(a>b, a>c, b>c; a)",      Positions(graphs::digraph)),
    game("green",      "green(a-b, b-c, a-c; ground=a)", Positions(graphs::green)),
    game("nodekayles", "nodekayles(a-b, b-c)",           Positions(graphs::node_kayles)),
    game("arckayles",  "arckayles(1-2, 2-3, 3)",         Positions(graphs::arc_kayles)),
];

/// The reader of the game called `name`: a row of [`GAMES`], a take-and-break code (`0.137`), a
/// named code (`kayles`) or a named coin-turning rule (`mock`).
pub(super) fn find(name: &str) -> Option<Read> {
    if let Some(game) = GAMES.iter().find(|game| game.name == name) {
        return Some(game.read);
    }
    if name.starts_with(|c: char| c.is_ascii_digit() || c == '.') {
        return Some(Heaps(heaps::code));
    }
    if NAMED_CODES.iter().any(|&(known, _, _)| known == name) {
        return Some(Heaps(heaps::named_code));
    }
    CoinRule::named(name).map(|_| Positions(coins::row))
}

/// Every name of a game: the table's, the named codes' and the named coin-turning rules'.
pub(super) fn names() -> impl Iterator<Item = &'static str> {
    let codes = NAMED_CODES.iter().map(|&(name, _, _)| name);
    GAMES
        .iter()
        .map(|game| game.name)
        .chain(codes)
        .chain(CoinRule::names())
}

/// A term of `evaluator` on `positions`.
fn term<E>(evaluator: E, positions: Vec<<E::Rules as Ruleset>::Position>) -> Box<dyn Term>
where
    E: Evaluator + Send + 'static,
    <E::Rules as Ruleset>::Position: Send + 'static,
{
    Box::new(RulesetTerm::new(evaluator, positions))
}

/// A term of `rules` on `positions`, valued by the memoised [`Solver`] within the parser's
/// limits.
fn solved<R>(parser: &Parser<'_>, rules: R, positions: Vec<R::Position>) -> Box<dyn Term>
where
    R: Ruleset + Send + 'static,
    R::Position: Send + 'static,
{
    term(Solver::with_limits(rules, parser.options.limits), positions)
}

/// `[position]`, or nothing when it is `over`: a position without moves is no component.
fn unless_over<T>(over: bool, position: T) -> Vec<T> {
    if over {
        vec![]
    } else {
        vec![position]
    }
}

/// `3x5`: the rows and columns of `thing`, as in `example`, named in errors.
fn rectangle(parser: &mut Parser<'_>, thing: &str, example: &str) -> Result<(u64, u64)> {
    let rows = parser.number(&format!("the rows of {thing}, as in {example}"))?;
    if !parser.eat('x') {
        let expected = format!("'x' between rows and columns, as in {example}");
        return Err(parser.unexpected(&expected));
    }
    let columns = parser.number(&format!("the columns of {thing}, as in {example}"))?;
    Ok((rows, columns))
}
