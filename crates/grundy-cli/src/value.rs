//! `grundy value` and `grundy moves`: a sum's value, outcome and winning moves, or every move,
//! as the front door answers them ([`grundy::ask`]), rendered as text or JSON.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use grundy::ask::{self, MovesAnswer, Settings, ValueAnswer};
use grundy::spec::{self, AnyGame};
use grundy::{analysis, Play};
use grundy_census::checkpoint::FileCheckpoint;

use crate::flags::{parse_count, LimitArgs, Output};
use crate::input::parse_any_with;
use crate::output::{emit, usage, with_input, Problem};
use crate::quotient::QUOTIENT_MAX_WORK;
use crate::{certificate, interrupt, render, render_loopy, render_misere, render_partizan, ticker};

/// The arguments of `grundy value` and `grundy moves`.
#[derive(clap::Args, Debug)]
pub struct GameArgs {
    /// The game, e.g. "nim(3,4,5)" or "sub{1,2,4}(8) + sub{1,3}(5)"; also a partizan game in CGSuite's notation or a partizan ruleset's position:
    /// "{1|0} + ^ + *2", "domineering(3x4)", "hackenbush(lrr) + toads(tt.ff)".
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
    /// With --misere: a misère quotient saved by grundy quotient (--cert FILE or --format
    /// json), re-checked, then used for sums of its game's heaps instead of growing one.
    #[arg(long, value_name = "FILE")]
    quotient: Option<PathBuf>,
    /// Cram: keeps the search's tables in FILE, resumed from it when it exists, saved every
    /// --checkpoint-every seconds and when a limit or Ctrl-C stops the search (a search
    /// killed loses what it learned since the last save); regions of more than 64 squares
    /// are kept in FILE.large. Only the first cram(...) term of a sum keeps one.
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,
    /// With --checkpoint: the seconds between two saves.
    #[arg(
        long,
        value_name = "SECONDS",
        requires = "checkpoint",
        default_value_t = 600
    )]
    checkpoint_every: u64,
    #[command(flatten)]
    output: Output,
    #[command(flatten)]
    limits: LimitArgs,
}

impl GameArgs {
    /// `grundy value`: an impartial sum, or a partizan game (`ask::value_of` says which).
    pub fn value(self, out: &mut impl Write) -> Result<(), Problem> {
        self.answer(out, ask::value_of, |answer| match answer {
            ValueAnswer::Normal(report) => render::value(report),
            ValueAnswer::Loopy(report) => render_loopy::value(report),
            ValueAnswer::Misere(report) => render_misere::value(report),
            ValueAnswer::Partizan(report) => render_partizan::value(report),
        })
    }

    /// `grundy moves`: an impartial sum, or a partizan game (`ask::moves_of` says which).
    pub fn moves(self, out: &mut impl Write) -> Result<(), Problem> {
        self.answer(out, ask::moves_of, |answer| match answer {
            MovesAnswer::Normal(report) => render::moves(report),
            MovesAnswer::Loopy(report) => render_loopy::moves(report),
            MovesAnswer::Misere(report) => render_misere::moves(report),
            MovesAnswer::Partizan(report) => render_partizan::all_moves(report),
        })
    }

    /// Reads the game, asks the front door `question` about it (with a ticker on a terminal)
    /// and writes the answer as JSON, or as `text` renders it.
    fn answer<A: serde::Serialize>(
        self,
        out: &mut impl Write,
        question: fn(&mut AnyGame, Play, &Settings) -> grundy::Result<A>,
        text: impl FnOnce(&A) -> String,
    ) -> Result<(), Problem> {
        let mut settings = self.settings()?;
        let _ticker = ticker::start(&mut settings.limits);
        let every = Duration::from_secs(self.checkpoint_every);
        let checkpoint = self
            .checkpoint
            .as_deref()
            .map(|path| FileCheckpoint::cram(path, every));
        if checkpoint.is_some() {
            settings.limits.cancel = interrupt::cancel_on_ctrl_c();
        }
        let mut options = spec::Options::new(settings.limits);
        if let Some(checkpoint) = &checkpoint {
            options = options.with_checkpoint(checkpoint);
        }
        let (spec, mut game) = parse_any_with(&self.spec, options)?;
        let answer = question(&mut game, Play::from_misere(self.misere), &settings)
            .map_err(with_input(&spec))?;
        emit(out, self.output.format, &answer, text)
    }

    /// The front door's settings from the flags. `--max-order` needs `--misere`.
    fn settings(&self) -> Result<Settings, Problem> {
        if self.max_order.is_some() && !self.misere {
            return Err(usage(
                "--max-order bounds the misère quotient; it needs --misere",
            ));
        }
        if let Some(path) = &self.quotient {
            if !self.misere {
                return Err(usage("--quotient answers misère play; it needs --misere"));
            }
            load_quotient(path, self.limits.limits())?;
        }
        Ok(Settings {
            limits: self.limits.limits(),
            max_order: self
                .max_order
                .unwrap_or(analysis::quotient::DEFAULT_MAX_ORDER),
            ..Settings::DEFAULT
        })
    }
}

/// Reads the misère quotient saved in `path`, re-checks it from the rules (with `limits`, the
/// work raised to the quotient command's default) and keeps it for the sums asked next.
pub fn load_quotient(path: &Path, limits: grundy::Limits) -> Result<(), Problem> {
    let report = certificate::read_quotient(path)?;
    let limits = limits.with_max_work(limits.max_work.max(QUOTIENT_MAX_WORK));
    grundy::ask::keep_quotient(&report, limits).map_err(with_input(&report.rule))
}
