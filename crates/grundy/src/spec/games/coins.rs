//! Coin turning: a row under a one-dimensional rule, named (`mock(HTTHT)`) or spelled out
//! (`turn{run 2..}(HH)`), and the boards of Tartan, the product of two rules
//! (`tartan(ruler,mock; TH/HT)`, `corners(HT/TH)` for Turning Corners).

use super::term;
use crate::coin_solver::{CoinSolver, TartanSolver};
use crate::error::{Error, Result};
use crate::rules::{CoinBoard, CoinRow, CoinRule, CoinTurning, Shape, Tartan, MAX_COINS};
use crate::spec::parser::Parser;
use crate::sum::Term;

/// `mock(HTTHT, TH)` or `turn{1,3}(HTH)`: rows of coins under the rule `name` starts.
pub(super) fn row(parser: &mut Parser<'_>, name: &str) -> Result<Box<dyn Term>> {
    let rule = rule_named(parser, name, parser.position - name.len())?;
    let mut rows = Vec::new();
    parser.expect('(')?;
    parser.list(|parser| {
        let (row_start, text) = parser.scan(|c| c.is_ascii_alphanumeric());
        if text.is_empty() {
            return Err(parser.unexpected("a row of coins such as HTTHT"));
        }
        let row = CoinRow::parse(text).map_err(|e| e.or_at(row_start..parser.position))?;
        if row.heads().next().is_some() {
            rows.push(row);
        }
        Ok(())
    })?;
    parser.expect(')')?;
    let limits = parser.options.limits;
    Ok(term(CoinSolver::new(CoinTurning(rule), limits), rows))
}

/// `tartan(ruler,mock; TH/HT)` or `corners(HT/TH)`: boards of coins, rows split by `/`.
pub(super) fn tartan(parser: &mut Parser<'_>, name: &str) -> Result<Box<dyn Term>> {
    parser.expect('(')?;
    let game = if name == "corners" {
        Tartan(CoinRule::TURTLES, CoinRule::TURTLES)
    } else {
        let rows = coin_rule(parser)?;
        parser.expect(',')?;
        let columns = coin_rule(parser)?;
        parser.expect(';')?;
        Tartan(rows, columns)
    };
    let mut boards = Vec::new();
    parser.list(|parser| {
        let (start, text) = parser.scan(|c| c.is_ascii_alphanumeric() || c == '/');
        if text.is_empty() {
            return Err(parser.unexpected("a board of coins such as HTT/THH"));
        }
        let rows: Result<Vec<CoinRow>> = text.split('/').map(CoinRow::parse).collect();
        let board = rows
            .and_then(|rows| CoinBoard::from_rows(&rows))
            .map_err(|e| e.or_at(start..parser.position))?;
        if board.has_heads() {
            boards.push(board);
        }
        Ok(())
    })?;
    parser.expect(')')?;
    Ok(term(TartanSolver::new(game, parser.options.limits), boards))
}

/// A one-dimensional coin-turning rule: a name (`mock`, `grunt`) or
/// `turn{[run|spaced] sizes}` (`turn{1,3}`, `turn{run 2..}`, `turn{spaced 3}`).
fn coin_rule(parser: &mut Parser<'_>) -> Result<CoinRule> {
    let (start, word) = parser.identifier();
    rule_named(parser, word, start)
}

/// The rule whose name `word`, read at `start`, begins: named, or `turn` and its sizes.
fn rule_named(parser: &mut Parser<'_>, word: &str, start: usize) -> Result<CoinRule> {
    if let Some(rule) = CoinRule::named(word) {
        return Ok(rule);
    }
    if word != "turn" {
        parser.position = start;
        let names: Vec<&str> = CoinRule::names().collect();
        let expected = format!("a coin-turning rule: {} or turn{{...}}", names.join(", "));
        return Err(parser.unexpected(&expected));
    }
    parser.expect('{')?;
    let sizes_start = parser.position;
    let (shape_start, shape) = match parser.peek() {
        Some(c) if c.is_ascii_alphabetic() => parser.identifier(),
        _ => (parser.position, ""),
    };
    let shape = match shape {
        "run" => Shape::Run,
        "spaced" => Shape::Spaced,
        "" => Shape::Any,
        _ => {
            parser.position = shape_start;
            return Err(parser.unexpected("run, spaced or a number of coins"));
        }
    };
    let mut sizes = Vec::new();
    if shape == Shape::Run && parser.peek() == Some('}') {
        sizes.push(1..=u64::from(MAX_COINS));
    }
    while sizes.is_empty() || parser.eat(',') {
        let low = parser.number("a number of coins a move turns")?;
        let high = if parser.eat_str("..") {
            match parser.peek() {
                Some(c) if c.is_ascii_digit() => parser.number("the most coins a move turns")?,
                _ => u64::from(MAX_COINS),
            }
        } else {
            low
        };
        sizes.push(low..=high);
    }
    parser.expect('}')?;
    let span = sizes_start..parser.position - 1;
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
