//! `grundy value` and `grundy moves`: a sum's value, outcome and winning moves, or every move,
//! as the front door answers them ([`grundy::ask`]), rendered as text or JSON.

use std::io::Write;

use grundy::ask::{self, MovesAnswer, Settings, ValueAnswer};
use grundy::sum::Sum;
use grundy::{analysis, Play};

use crate::flags::{parse_count, LimitArgs, Output};
use crate::input::parse_sum;
use crate::output::{emit, usage, with_input, Problem};
use crate::{render, render_loopy, render_misere, ticker};

/// The arguments of `grundy value` and `grundy moves`.
#[derive(clap::Args, Debug)]
pub struct GameArgs {
    /// The game, e.g. "nim(3,4,5)" or "sub{1,2,4}(8) + sub{1,3}(5)".
    /// @FILE reads it from FILE, - from standard input.
    spec: String,
    /// Misère play: the player who makes the last move loses. A sum of heaps of one game
    /// too large to search is answered by the game's misère quotient (its moves by outcomes,
    /// no values).
    #[arg(long)]
    misere: bool,
    /// With --misere: most elements of the misère quotient that may answer (default 4096).
    #[arg(long, value_parser = parse_count)]
    max_order: Option<u64>,
    #[command(flatten)]
    output: Output,
    #[command(flatten)]
    limits: LimitArgs,
}

impl GameArgs {
    /// `grundy value`.
    pub fn value(self, out: &mut impl Write) -> Result<(), Problem> {
        let answer = self.answer(ask::value)?;
        emit(out, self.output.format, &answer, |answer| match answer {
            ValueAnswer::Normal(report) => render::value(report),
            ValueAnswer::Loopy(report) => render_loopy::value(report),
            ValueAnswer::Misere(report) => render_misere::value(report),
        })
    }

    /// `grundy moves`.
    pub fn moves(self, out: &mut impl Write) -> Result<(), Problem> {
        let answer = self.answer(ask::moves)?;
        emit(out, self.output.format, &answer, |answer| match answer {
            MovesAnswer::Normal(report) => render::moves(report),
            MovesAnswer::Loopy(report) => render_loopy::moves(report),
            MovesAnswer::Misere(report) => render_misere::moves(report),
        })
    }

    /// The front door's answer to `question` about the game, with a spinner on a terminal
    /// while it computes. `--max-order` needs `--misere`.
    fn answer<A>(
        &self,
        question: impl FnOnce(&Sum, Play, &Settings) -> grundy::Result<A>,
    ) -> Result<A, Problem> {
        if self.max_order.is_some() && !self.misere {
            return Err(usage(
                "--max-order bounds the misère quotient; it needs --misere",
            ));
        }
        let mut settings = Settings {
            limits: self.limits.limits(),
            max_order: self
                .max_order
                .unwrap_or(analysis::quotient::DEFAULT_MAX_ORDER),
            ..Settings::DEFAULT
        };
        let _ticker = ticker::start(&mut settings.limits);
        let (spec, sum) = parse_sum(&self.spec, settings.limits)?;
        question(&sum, Play::from_misere(self.misere), &settings).map_err(with_input(&spec))
    }
}
