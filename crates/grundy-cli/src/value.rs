//! `grundy value` and `grundy moves`: a sum's value, outcome and winning moves, or every move,
//! in normal play (generalised values when the game has a cycle) or misère play.

use std::io::Write;

use grundy::{analysis, Limits, Play};

use crate::args::Format;
use crate::input::parse_sum;
use crate::ticker;
use crate::{emit, render_loopy, render_misere, with_input, Problem};

/// `grundy value`; a misère quotient that answers has at most `max_order` elements.
pub fn value(
    out: &mut impl Write,
    spec: &str,
    play: Play,
    max_order: u64,
    format: Format,
    mut limits: Limits,
) -> Result<(), Problem> {
    let _ticker = ticker::start(&mut limits);
    let (spec, sum) = parse_sum(spec, limits)?;
    match play {
        Play::Normal => {
            let report = analysis::loopy::value_any(&sum, limits).map_err(with_input(&spec))?;
            emit(out, format, &report, render_loopy::any_value)
        }
        Play::Misere => {
            let report = analysis::misere::value_with_order(&sum, limits, max_order)
                .map_err(with_input(&spec))?;
            emit(out, format, &report, render_misere::value)
        }
    }
}

/// `grundy moves`; a misère quotient that answers has at most `max_order` elements.
pub fn moves(
    out: &mut impl Write,
    spec: &str,
    play: Play,
    max_order: u64,
    format: Format,
    mut limits: Limits,
) -> Result<(), Problem> {
    let _ticker = ticker::start(&mut limits);
    let (spec, sum) = parse_sum(spec, limits)?;
    match play {
        Play::Normal => {
            let report = analysis::loopy::moves_any(&sum, limits).map_err(with_input(&spec))?;
            emit(out, format, &report, render_loopy::any_moves)
        }
        Play::Misere => {
            let report = analysis::misere::moves_with_order(&sum, limits, max_order)
                .map_err(with_input(&spec))?;
            emit(out, format, &report, render_misere::moves)
        }
    }
}
