//! `grundy value` and `grundy moves`: a sum's value, outcome and winning moves, or every move,
//! as the front door answers them ([`grundy::ask`]), rendered as text or JSON.

use std::io::Write;

use grundy::ask::{self, MovesAnswer, Settings, ValueAnswer};
use grundy::sum::Sum;
use grundy::Play;

use crate::args::Format;
use crate::input::parse_sum;
use crate::ticker;
use crate::{emit, render, render_loopy, render_misere, with_input, Problem};

/// `grundy value`.
pub fn value(
    out: &mut impl Write,
    spec: &str,
    play: Play,
    format: Format,
    settings: Settings,
) -> Result<(), Problem> {
    let answer = answer(spec, settings, |sum, settings| {
        ask::value(sum, play, settings)
    })?;
    emit(out, format, &answer, |answer| match answer {
        ValueAnswer::Normal(report) => render::value(report),
        ValueAnswer::Loopy(report) => render_loopy::value(report),
        ValueAnswer::Misere(report) => render_misere::value(report),
    })
}

/// `grundy moves`.
pub fn moves(
    out: &mut impl Write,
    spec: &str,
    play: Play,
    format: Format,
    settings: Settings,
) -> Result<(), Problem> {
    let answer = answer(spec, settings, |sum, settings| {
        ask::moves(sum, play, settings)
    })?;
    emit(out, format, &answer, |answer| match answer {
        MovesAnswer::Normal(report) => render::moves(report),
        MovesAnswer::Loopy(report) => render_loopy::moves(report),
        MovesAnswer::Misere(report) => render_misere::moves(report),
    })
}

/// The front door's answer to `question` about the game that `spec` names, with a spinner on
/// a terminal while it computes.
fn answer<A>(
    spec: &str,
    mut settings: Settings,
    question: impl FnOnce(&Sum, &Settings) -> grundy::Result<A>,
) -> Result<A, Problem> {
    let _ticker = ticker::start(&mut settings.limits);
    let (spec, sum) = parse_sum(spec, settings.limits)?;
    question(&sum, &settings).map_err(with_input(&spec))
}
