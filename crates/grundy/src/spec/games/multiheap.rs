//! Games whose position is several numbers at once: `wythoff(3,5)` (and a-Wythoff,
//! `wythoff(3,5; a=2)`), `staircase(0,3,1,4)`, `moore(2; 3,4,5)`, `fibnim(10,12)` and
//! `fibnim(7; max=2)`. Each position without a move is dropped.

use super::{solved, unless_over};
use crate::error::Result;
use crate::rules::{AWythoff, FibonacciNim, Moore, Staircase, Wythoff};
use crate::spec::parser::Parser;
use crate::sum::Term;

/// `wythoff(3,5)` or `wythoff(3,5; a=2)`.
pub(super) fn wythoff(parser: &mut Parser<'_>, _: &str) -> Result<Box<dyn Term>> {
    parser.expect('(')?;
    let first = parser.number("a heap size")?;
    parser.expect(',')?;
    let second = parser.number("a heap size")?;
    let a = if parser.eat(';') {
        parser.keyword("a")?;
        let a_start = parser.position;
        let a = parser.number("the bound a of a-Wythoff")?;
        Some(AWythoff::new(a).map_err(|e| e.or_at(a_start..parser.position))?)
    } else {
        None
    };
    parser.expect(')')?;
    let position = unless_over((first, second) == (0, 0), (first, second));
    Ok(match a {
        Some(rule) if rule.a() > 1 => solved(parser, rule, position),
        _ => solved(parser, Wythoff, position),
    })
}

/// `staircase(0,3,1,4)`: coins on each stair.
pub(super) fn staircase(parser: &mut Parser<'_>, _: &str) -> Result<Box<dyn Term>> {
    parser.expect('(')?;
    let stairs = parser.numbers("a number of coins", ')')?;
    parser.expect(')')?;
    let position = unless_over(stairs.iter().all(|&coins| coins == 0), stairs);
    Ok(solved(parser, Staircase, position))
}

/// `moore(2; 3,4,5)`: Moore's Nim_k, its `k` and heaps.
pub(super) fn moore(parser: &mut Parser<'_>, _: &str) -> Result<Box<dyn Term>> {
    parser.expect('(')?;
    let k_start = parser.position;
    let k = parser.number("the most heaps a move takes from")?;
    let rule = Moore::new(k).map_err(|e| e.or_at(k_start..parser.position))?;
    parser.expect(';')?;
    let mut heaps = parser.numbers("a heap size (a whole number >= 0)", ')')?;
    parser.expect(')')?;
    heaps.retain(|&heap| heap > 0);
    let position = unless_over(heaps.is_empty(), heaps);
    Ok(solved(parser, rule, position))
}

/// `fibnim(10,12)`, heaps at the start, or `fibnim(7; max=2)`, one heap mid-game.
pub(super) fn fibnim(parser: &mut Parser<'_>, _: &str) -> Result<Box<dyn Term>> {
    parser.expect('(')?;
    let heaps = parser.numbers("a heap size (a whole number >= 0)", ')')?;
    let mut positions: Vec<(u64, u64)> = heaps
        .iter()
        .map(|&heap| FibonacciNim::start(heap))
        .collect();
    if heaps.len() == 1 && parser.eat(';') {
        parser.keyword("max")?;
        let most = parser.number("the most tokens the next move may take")?;
        positions = vec![(heaps[0], most)];
    }
    parser.expect(')')?;
    positions.retain(|&(heap, _)| heap > 0);
    Ok(solved(parser, FibonacciNim, positions))
}
