//! Reports of games with cycles: generalised Sprague-Grundy values, draws and strategies.
//!
//! A game whose move graph has a cycle gets values from [`crate::loopy`]. Its reports look like
//! the ordinary ones, except that `outcome` may be `"D"` (a draw: neither player can force a
//! win), and a value may be infinite: `"value": "inf"` with the escape set in `escapes`:
//! ```json
//! {"schema": 1, "spec": "digraph(u>s, u>a, a>b, b>a; u)", "value": "inf", "escapes": [0],
//!  "outcome": "N", "remoteness": 1,
//!  "components": [{"spec": "digraph(u>s, u>a, a>b, b>a; u)", "value": "inf",
//!                  "escapes": [0], "outcome": "N"}],
//!  "winning_moves": [{"component": 0, "from": "…", "to": "…", "target_value": 0,
//!                     "description": "move from u to s", "result": "…"}],
//!  "drawing_moves": []}
//! ```
//! A finite value is a plain integer and has no `escapes`. `remoteness`, present when the whole
//! game is small enough to solve completely, is how many moves the game lasts with best play.
//! [`crate::ask::value`] and [`crate::ask::moves`] give the ordinary report of a game without
//! cycles, and these reports otherwise.

use serde::{Serialize, Serializer};

use super::sum_search::SumSearch;
use super::{ReportOutcome, SCHEMA};
use crate::error::Result;
use crate::game::Limits;
use crate::loopy::{LoopyOutcome, LoopySolver, LoopyValue};
use crate::play::EXACT_POSITIONS;
use crate::retrograde::Solution;
use crate::sum::Sum;
use crate::whole::{Play, SumGraph};

/// A value in a report: a natural number, or infinite (serialised as the string `"inf"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReportValue {
    /// A finite value.
    Finite(u64),
    /// An infinite value; its escapes are reported beside it.
    Infinite,
}

impl Serialize for ReportValue {
    fn serialize<S: Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        match self {
            ReportValue::Finite(value) => serializer.serialize_u64(*value),
            ReportValue::Infinite => serializer.serialize_str("inf"),
        }
    }
}

/// The report form of a value: the number or `inf`, and the escapes of an infinite value.
pub(super) fn split(value: &LoopyValue) -> (ReportValue, Option<Vec<u64>>) {
    match value {
        LoopyValue::Finite(value) => (ReportValue::Finite(value.value()), None),
        LoopyValue::Infinite { escapes } => (
            ReportValue::Infinite,
            Some(escapes.iter().map(|k| k.value()).collect()),
        ),
    }
}

/// A game with cycles (a whole sum, or one component of it) with its value and outcome.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LoopyValued {
    /// The game as spec text.
    pub spec: String,
    /// Its generalised Sprague-Grundy value (Smith's rule).
    pub value: ReportValue,
    /// The escapes of an infinite value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub escapes: Option<Vec<u64>>,
    /// `"N"`, `"P"` or `"D"`, for the game alone.
    pub outcome: ReportOutcome,
}

impl LoopyValued {
    fn new(spec: String, value: &LoopyValue) -> LoopyValued {
        let (report_value, escapes) = split(value);
        LoopyValued {
            spec,
            value: report_value,
            escapes,
            outcome: value.outcome().into(),
        }
    }
}

/// The value of a sum with cycles, its outcome, components, and winning or drawing moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LoopyValueReport {
    /// [`SCHEMA`].
    pub schema: u32,
    /// The sum, its value and outcome.
    #[serde(flatten)]
    pub sum: LoopyValued,
    /// Moves until the end with best play (the winner hurrying, the loser stalling), when the
    /// game was small enough to solve completely; absent for draws.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub remoteness: Option<u64>,
    /// Each component with its value, left to right.
    pub components: Vec<LoopyValued>,
    /// Every move to a position of value 0 (a P-position).
    pub winning_moves: Vec<LoopyMoveReport>,
    /// The number of winning moves (each is listed: `winning_moves.len()`).
    pub winning_move_count: u128,
    /// When the outcome is a draw: every move that keeps it (the others lose).
    pub drawing_moves: Vec<LoopyMoveReport>,
}

/// One move in a sum with cycles.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LoopyMoveReport {
    /// Index of the component moved in (into `components`).
    pub component: usize,
    /// The component before the move.
    pub from: String,
    /// What the component becomes.
    pub to: String,
    /// The component's value after the move.
    pub target_value: ReportValue,
    /// Its escapes, when infinite.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target_escapes: Option<Vec<u64>>,
    /// The move in words.
    pub description: String,
    /// The whole sum after the move, as spec text.
    pub result: String,
}

/// Every move of a sum with cycles, with the value and outcome each leads to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LoopyMovesReport {
    /// [`SCHEMA`].
    pub schema: u32,
    /// The sum, its value and outcome.
    #[serde(flatten)]
    pub sum: LoopyValued,
    /// Every move, component by component.
    pub moves: Vec<LoopyMoveEntry>,
}

/// One move with the value of the whole sum after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LoopyMoveEntry {
    /// The move.
    #[serde(flatten)]
    pub summary: LoopyMoveReport,
    /// The value of the whole sum after the move.
    pub value_after: ReportValue,
    /// Its escapes, when infinite.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub escapes_after: Option<Vec<u64>>,
    /// The outcome after the move, for the player then to move.
    pub outcome_after: ReportOutcome,
    /// Whether the move wins: it leaves value 0.
    pub winning: bool,
}

/// The search of a sum with cycles.
type Loopy = SumSearch<LoopySolver, LoopyValue>;

impl Loopy {
    /// Every move with the component's value after it, and the whole sum's.
    fn moves(&mut self) -> Result<Vec<(LoopyMoveReport, LoopyValue)>> {
        let moves = self.solver.graph().position_moves(&self.position)?;
        let mut reports = Vec::with_capacity(moves.len());
        for candidate in moves {
            let component_value = self.of_parts(candidate.term, &candidate.parts)?;
            let after = self.after(&candidate)?;
            let (target_value, target_escapes) = split(&component_value);
            reports.push((
                LoopyMoveReport {
                    component: candidate.component,
                    from: candidate.from,
                    to: candidate.to,
                    target_value,
                    target_escapes,
                    description: candidate.description,
                    result: self.solver.graph().format_position(&candidate.result),
                },
                after,
            ));
        }
        Ok(reports)
    }
}

/// Moves until the end with best play, when the game has at most [`EXACT_POSITIONS`]
/// positions and is not drawn.
fn remoteness(sum: &Sum, limits: Limits) -> Result<Option<u64>> {
    let budget = limits.with_max_positions(limits.max_positions.min(EXACT_POSITIONS));
    let mut graph = SumGraph::new(sum, budget)?;
    let start = graph.state_of(sum)?;
    match Solution::solve(&mut graph, &start, Play::Normal) {
        Ok(solution) => Ok(solution.get(&start).and_then(|(_, remoteness)| remoteness)),
        Err(error) if error.is_limit() => Ok(None),
        Err(error) => Err(error),
    }
}

/// Analyses a sum by generalised Sprague-Grundy values (it may have cycles): value, outcome,
/// components, winning moves, and the moves that keep a draw.
///
/// # Errors
/// A component whose moves split it in parts while it has a cycle; a limit reached.
///
/// # Example
/// ```
/// use grundy::{analysis::loopy, spec, Limits};
/// let sum = spec::parse("digraph(u>s, u>a, a>b, b>a; u)")?;
/// let report = loopy::value(&sum, Limits::default())?;
/// assert_eq!(report.sum.outcome.letter(), "N");
/// assert_eq!(report.sum.escapes, Some(vec![0]));
/// assert_eq!(report.winning_moves[0].description, "move from u to s");
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn value(sum: &Sum, limits: Limits) -> Result<LoopyValueReport> {
    let mut loopy = Loopy::new(sum, limits, LoopySolver::new, LoopySolver::value_of_state)?;
    let value = loopy.whole()?;
    let components = loopy.components(|spec, value| Ok(LoopyValued::new(spec, &value?)))?;
    let outcome = value.outcome();
    let mut winning_moves = Vec::new();
    let mut drawing_moves = Vec::new();
    for (report, after) in loopy.moves()? {
        match after.outcome() {
            LoopyOutcome::PreviousWins => winning_moves.push(report),
            LoopyOutcome::Draw if outcome == LoopyOutcome::Draw => drawing_moves.push(report),
            _ => {}
        }
    }
    Ok(LoopyValueReport {
        schema: SCHEMA,
        sum: LoopyValued::new(sum.format(), &value),
        remoteness: remoteness(sum, limits)?,
        components,
        winning_move_count: winning_moves.len() as u128,
        winning_moves,
        drawing_moves,
    })
}

/// Lists every move of a sum (it may have cycles) with the value and outcome it leads to.
///
/// # Errors
/// As for [`value`].
pub fn moves(sum: &Sum, limits: Limits) -> Result<LoopyMovesReport> {
    let mut loopy = Loopy::new(sum, limits, LoopySolver::new, LoopySolver::value_of_state)?;
    let value = loopy.whole()?;
    let moves = loopy
        .moves()?
        .into_iter()
        .map(|(summary, after)| {
            let (value_after, escapes_after) = split(&after);
            LoopyMoveEntry {
                summary,
                value_after,
                escapes_after,
                outcome_after: after.outcome().into(),
                winning: after.outcome() == LoopyOutcome::PreviousWins,
            }
        })
        .collect();
    Ok(LoopyMovesReport {
        schema: SCHEMA,
        sum: LoopyValued::new(sum.format(), &value),
        moves,
    })
}
