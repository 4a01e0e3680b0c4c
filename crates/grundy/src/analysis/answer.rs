//! The answers of the front door ([`crate::ask`]) to questions with variants: the report of
//! each variant, tagged with its `"kind"` in JSON (`"normal"`, `"loopy"`, `"misere"` or
//! `"partizan"`, in front of the report's own fields).

use serde::Serialize;

use super::loopy::{LoopyMovesReport, LoopyValueReport};
use super::misere::{MisereMovesReport, MisereSequenceReport, MisereValueReport};
use super::partizan::PartizanReport;
use super::partizan_play::PartizanMovesReport;
use super::{MovesReport, SequenceReport, ValueReport};

/// The answer to "what is this game worth, and how do I win?".
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum ValueAnswer {
    /// Normal play of a game without cycles: its Grundy value.
    Normal(ValueReport),
    /// Normal play of a game with cycles: generalised values, draws.
    Loopy(LoopyValueReport),
    /// Misère play: the outcome, and misère values where known.
    Misere(MisereValueReport),
    /// A partizan game: its canonical form, outcome class, temperature and winning moves.
    Partizan(PartizanReport),
}

/// The answer to "what can I do here, and where does each move lead?".
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum MovesAnswer {
    /// Normal play of a game without cycles.
    Normal(MovesReport),
    /// Normal play of a game with cycles.
    Loopy(LoopyMovesReport),
    /// Misère play.
    Misere(MisereMovesReport),
    /// A partizan game: every move for Left and for Right, each with the value it leaves.
    Partizan(PartizanMovesReport),
}

/// The answer to "what are the values of single heaps of this rule?".
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum SequenceAnswer {
    /// Grundy values, with the period when a theorem proves it from them.
    Normal(SequenceReport),
    /// Misère values and genera, and where the game stops being tame.
    Misere(MisereSequenceReport),
}

impl ValueAnswer {
    /// The game as spec text.
    pub fn spec(&self) -> &str {
        match self {
            ValueAnswer::Normal(report) => &report.head.spec,
            ValueAnswer::Loopy(report) => &report.sum.spec,
            ValueAnswer::Misere(report) => &report.head.spec,
            ValueAnswer::Partizan(report) => &report.head.spec,
        }
    }

    /// Who wins with perfect play: `"N"`, `"P"` or `"D"`; for a partizan game also `"L"` or
    /// `"R"`.
    pub fn outcome(&self) -> &'static str {
        match self {
            ValueAnswer::Normal(report) => report.head.outcome.letter(),
            ValueAnswer::Loopy(report) => report.sum.outcome.letter(),
            ValueAnswer::Misere(report) => report.head.outcome.letter(),
            ValueAnswer::Partizan(report) => report.head.outcome,
        }
    }
}
