//! `grundy value` and `grundy moves`: a sum's value, outcome and winning moves, or every move,
//! as the front door answers them ([`grundy::ask`]), rendered as text or JSON.

use std::io::Write;

use grundy::ask::{self, MovesAnswer, Settings, ValueAnswer};
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
    mut settings: Settings,
) -> Result<(), Problem> {
    let _ticker = ticker::start(&mut settings.limits);
    let (spec, sum) = parse_sum(spec, settings.limits)?;
    let answer = ask::value(&sum, play, &settings).map_err(with_input(&spec))?;
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
    mut settings: Settings,
) -> Result<(), Problem> {
    let _ticker = ticker::start(&mut settings.limits);
    let (spec, sum) = parse_sum(spec, settings.limits)?;
    let answer = ask::moves(&sum, play, &settings).map_err(with_input(&spec))?;
    emit(out, format, &answer, |answer| match answer {
        MovesAnswer::Normal(report) => render::moves(report),
        MovesAnswer::Loopy(report) => render_loopy::moves(report),
        MovesAnswer::Misere(report) => render_misere::moves(report),
    })
}
