//! Games on a board of squares: `cram(3x4, oox/ooo)` (rectangles, or rows of `o` empty and `x`
//! filled squares split by `/`) and `chomp(4x7)` or `chomp(5,3,3,1)` (a Young diagram by its
//! rows). Both are valued by the positional search on every core.

use super::{rectangle, term, unless_over};
use crate::error::Result;
use crate::positional;
use crate::rules::{ChompBoard, ChompSolver, CramBoard, CramSolver};
use crate::spec::parser::Parser;
use crate::sum::Term;

/// `cram(3x4, oox/ooo)`.
pub(super) fn cram(parser: &mut Parser<'_>, _: &str) -> Result<Box<dyn Term>> {
    parser.expect('(')?;
    let mut boards = Vec::new();
    parser.list(|parser| {
        parser.skip_space();
        let board_start = parser.position;
        let board = if parser.peek().is_some_and(|c| c.is_ascii_digit()) {
            let (height, width) = rectangle(parser, "a cram board", "3x4")?;
            CramBoard::rectangle(height, width)
        } else {
            let (_, text) = parser.scan(|c| c.is_ascii_alphanumeric() || c == '/');
            if text.is_empty() {
                return Err(parser.unexpected("a cram board such as 3x4 or oox/ooo"));
            }
            CramBoard::parse(text)
        };
        let board = board.map_err(|e| e.or_at(board_start..parser.position))?;
        if !board.is_over() {
            boards.push(board);
        }
        Ok(())
    })?;
    parser.expect(')')?;
    let limits = parser.options.limits;
    let mut solver = CramSolver::new(limits, positional::default_threads());
    // The first term's: two solvers saving to one file would undo each other's saves.
    if let Some(checkpoint) = parser.options.checkpoint.take() {
        solver = solver.with_checkpoints(checkpoint.clone());
    }
    Ok(term(solver, boards))
}

/// `chomp(4x7)` or `chomp(5,3,3,1)`: one board.
pub(super) fn chomp(parser: &mut Parser<'_>, _: &str) -> Result<Box<dyn Term>> {
    parser.expect('(')?;
    parser.skip_space();
    let board_start = parser.position;
    let what = "the squares in a row of a chomp board, as in 5,3,3,1 or 4x7";
    let first = parser.number(what)?;
    let board = if parser.eat('x') {
        let width = parser.number("the columns of a chomp board, as in 4x7")?;
        ChompBoard::rectangle(first, width)
    } else {
        let mut rows = vec![first];
        while parser.eat(',') {
            rows.push(parser.number(what)?);
        }
        ChompBoard::from_rows(&rows)
    };
    let board = board.map_err(|e| e.or_at(board_start..parser.position))?;
    parser.expect(')')?;
    // The poisoned square alone has no move.
    let positions = unless_over(board.squares() <= 1, board);
    let limits = parser.options.limits;
    Ok(term(
        ChompSolver::new(limits, positional::default_threads()),
        positions,
    ))
}
