//! The serialisable results that every face shows: one set of plain structs, one JSON schema.
//!
//! Each report is built from the library's values and carries `schema`, the version of this
//! format. The JSON of [`ValueReport`] is
//! ```json
//! {"schema": 1, "spec": "nim(3,4,5)", "value": 2, "outcome": "N",
//!  "components": [{"spec": "nim(3)", "value": 3}, ...],
//!  "winning_moves": [{"component": 0, "from": "nim(3)", "to": "nim(1)", "target_value": 1,
//!                     "description": "take 2 from 3, leaving 1", "result": "nim(1,4,5)",
//!                     "count": 1}],
//!  "winning_move_count": 1}
//! ```
//! A move stands for `count` moves when a heap has too many to list (one per class of splits
//! that a proved period makes equivalent), and `winning_move_count` counts them all.
//! Every game in a report is spec text that [`crate::spec::parse`] accepts; values are plain
//! integers; outcomes are `"N"` (the player to move wins) or `"P"` (the previous player wins).
//!
//! The JSON of [`DagReport`] (the game DAG, equal positions merged) is
//! ```json
//! {"schema": 1, "spec": "kayles(2)", "value": 2, "outcome": "N", "max_nodes": 200,
//!  "nodes": [{"id": 0, "spec": "kayles(2)", "value": 2, "outcome": "N", "layer": 2,
//!             "depth": 0, "option_values": [0, 1], "moves": 2, "expanded": true,
//!             "complete": true}, ...],
//!  "edges": [{"from": 0, "to": 1, "component": "kayles(2)",
//!             "description": "take 1 from 2, leaving 1", "winning": false}, ...],
//!  "layers": 3, "left_out": 0, "left_out_exact": true}
//! ```
//! In a game with cycles, a value may be `"inf"` with its escapes beside it (as in
//! [`loopy`]'s reports), an outcome `"D"`, and the positions of a cycle share a layer.
//! and an error, as faces that speak JSON report it ([`ErrorReport`]), is
//! `{"schema": 1, "error": "unknown game 'foo'", "span": [0, 3], "limit": false}`, with a
//! `"help"` line when the face knows how to get past it (a limit's flag and a value).

pub mod answer;
pub mod board;
pub mod census;
mod dag;
pub mod image;
pub mod loopy;
pub mod misere;
pub mod partizan;
pub mod partizan_play;
pub mod period;
pub mod periodic;
pub mod play;
pub mod quotient;
pub mod repetition;
pub mod run;
mod sum_search;
pub mod thermograph;

pub use self::dag::{dag, DagEdgeReport, DagNode, DagReport};
pub use crate::heap::SPARSE_FIRST_LOOK;
pub use period::{
    PeriodReport, VerifyReport, PERIOD_ARITHMETIC, PERIOD_ORDINARY, STOPPED_BY_MAX,
    STOPPED_BY_MEMORY,
};
pub use run::{bench, BenchRow, RunSummary, BENCH_PLAN};

use serde::Serialize;

use crate::error::{Error, Result};
use crate::game::{Limits, Outcome};
use crate::heap::HeapSolver;
use crate::loopy::LoopyOutcome;
use crate::nimber::Nimber;
use crate::rules::HeapRule;
use crate::sum::{Sum, SumMove};

/// The version of the JSON format; it changes only when a field changes meaning or goes away.
pub const SCHEMA: u32 = 1;

/// Who wins with perfect play, as every report says it: `"N"` (the player to move), `"P"` (the
/// previous player) or `"D"` (a draw: neither can force a win, in games with cycles).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum ReportOutcome {
    /// The player to move wins (an N-position).
    #[serde(rename = "N")]
    NextWins,
    /// The player who just moved wins (a P-position).
    #[serde(rename = "P")]
    PreviousWins,
    /// Neither player can force a win (a D-position).
    #[serde(rename = "D")]
    Draw,
}

impl ReportOutcome {
    /// `"N"`, `"P"` or `"D"`, as in JSON.
    pub fn letter(self) -> &'static str {
        match self {
            ReportOutcome::NextWins => "N",
            ReportOutcome::PreviousWins => "P",
            ReportOutcome::Draw => "D",
        }
    }
}

impl std::fmt::Display for ReportOutcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.letter())
    }
}

impl From<Outcome> for ReportOutcome {
    fn from(outcome: Outcome) -> ReportOutcome {
        match outcome {
            Outcome::NextWins => ReportOutcome::NextWins,
            Outcome::PreviousWins => ReportOutcome::PreviousWins,
        }
    }
}

impl From<LoopyOutcome> for ReportOutcome {
    fn from(outcome: LoopyOutcome) -> ReportOutcome {
        match outcome {
            LoopyOutcome::NextWins => ReportOutcome::NextWins,
            LoopyOutcome::PreviousWins => ReportOutcome::PreviousWins,
            LoopyOutcome::Draw => ReportOutcome::Draw,
        }
    }
}

/// What the value, moves and highest-bit reports of a sum start with: the sum, its value and its
/// outcome (their first fields in JSON).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SumHead {
    /// [`SCHEMA`].
    pub schema: u32,
    /// The sum as spec text.
    pub spec: String,
    /// The Grundy value: the nim-sum of the components' values.
    pub value: u64,
    /// `"N"` or `"P"`.
    pub outcome: ReportOutcome,
}

impl SumHead {
    /// The head of a report of `sum`, whose value is `value`.
    fn new(sum: &Sum, value: Nimber) -> SumHead {
        SumHead {
            schema: SCHEMA,
            spec: sum.format(),
            value: value.value(),
            outcome: Outcome::of(value).into(),
        }
    }
}

/// The value of a sum, its outcome, its components and every winning move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ValueReport {
    /// The sum, its value and outcome.
    #[serde(flatten)]
    pub head: SumHead,
    /// Each component with its value, left to right.
    pub components: Vec<ComponentReport>,
    /// Every move to a position of value 0, equal results listed once; empty when the value
    /// is 0. A move may stand for a class of moves ([`MoveReport::count`]).
    pub winning_moves: Vec<MoveReport>,
    /// The number of winning moves: the sum of the `count`s of `winning_moves`, exact.
    pub winning_move_count: u128,
}

/// One component of a sum.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ComponentReport {
    /// The component as spec text.
    pub spec: String,
    /// Its Grundy value.
    pub value: u64,
}

/// One move in a sum.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveReport {
    /// Index of the component moved in (into `components`).
    pub component: usize,
    /// The component before the move.
    pub from: String,
    /// What the component becomes (`0` when nothing is left).
    pub to: String,
    /// The value the component has after the move.
    pub target_value: u64,
    /// The move in words.
    pub description: String,
    /// The whole sum after the move, as spec text.
    pub result: String,
    /// How many moves this one stands for: 1, or, for a heap with too many moves to list,
    /// the exact size of its class of equivalent moves (splits whose parts differ by
    /// multiples of a proved period), each leaving a game of the same value.
    pub count: u64,
}

/// Every move of a sum, with the value each leads to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MovesReport {
    /// The sum, its value and outcome.
    #[serde(flatten)]
    pub head: SumHead,
    /// Every move, component by component.
    pub moves: Vec<MoveEntry>,
}

/// One move with the value of the whole sum after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveEntry {
    /// The move.
    #[serde(flatten)]
    pub summary: MoveReport,
    /// The value of the whole sum after the move.
    pub value_after: u64,
    /// Whether the move wins: it leaves value 0.
    pub winning: bool,
}

/// Grundy values of single heaps of one rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SequenceReport {
    /// [`SCHEMA`].
    pub schema: u32,
    /// The rule as spec text.
    pub rule: String,
    /// `values[n]` is the value of a heap of `n` tokens, for `n` from 0 to `to`.
    pub values: Vec<u64>,
    /// The last heap.
    pub to: u64,
    /// The largest value.
    pub max_value: u64,
    /// The first heap with the largest value.
    pub max_value_at: u64,
    /// Whether this is a finite prefix only: true unless `periodicity` holds a proved period.
    pub prefix_only: bool,
    /// The period, when a theorem proves it from the values computed (null otherwise).
    pub periodicity: Option<PeriodicityReport>,
    /// Whether a periodicity theorem covers the rule, so that where these values prove no
    /// period a longer table may: the period search ([`period::search`], `grundy period RULE`)
    /// grows one until a theorem does. False for a rule no theorem covers (Grundy's game) and
    /// for values computed elsewhere.
    pub theorem_covers: bool,
}

/// A proved period of a heap sequence: `g(n + period) = g(n) + saltus` for `n >= preperiod`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PeriodicityReport {
    /// The first heap from which the period holds.
    pub preperiod: u64,
    /// The period.
    pub period: u64,
    /// 0 for an ordinary period.
    pub saltus: u64,
    /// [`PERIOD_ORDINARY`] (saltus 0) or [`PERIOD_ARITHMETIC`].
    pub kind: String,
    /// The short name of the theorem that proves it (`grundy period` gives the certificate).
    pub theorem: String,
}

impl PeriodicityReport {
    /// The period in words, as [`PeriodReport::describe`] words a certificate's:
    /// `period 12` or `arithmetic period 4, saltus 2`.
    ///
    /// # Example
    /// ```
    /// use grundy::{analysis, spec, Limits};
    /// let report = analysis::heap_sequence(spec::parse_heap_rule("kayles")?, 300, Limits::default())?;
    /// assert_eq!(report.periodicity.expect("proved").describe(), "period 12");
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn describe(&self) -> String {
        period_words(self.period, self.saltus)
    }
}

/// `period P`, or `arithmetic period P, saltus S` for a saltus `S > 0`.
fn period_words(period: u64, saltus: u64) -> String {
    if saltus > 0 {
        format!("arithmetic period {period}, saltus {saltus}")
    } else {
        format!("period {period}")
    }
}

/// The result of nimber arithmetic.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NimberReport {
    /// [`SCHEMA`].
    pub schema: u32,
    /// The expression as given.
    pub expression: String,
    /// Its value.
    pub value: u64,
}

fn move_report(sum_move: &SumMove) -> MoveReport {
    MoveReport {
        component: sum_move.component,
        from: sum_move.from.clone(),
        to: sum_move.to.clone(),
        target_value: sum_move.component_value.value(),
        description: sum_move.description.clone(),
        result: sum_move.result.format(),
        count: sum_move.count,
    }
}

fn components(sum: &Sum) -> Result<Vec<ComponentReport>> {
    let values = sum.component_values()?;
    Ok(sum
        .components()
        .into_iter()
        .zip(values)
        .map(|((term, index), value)| ComponentReport {
            spec: sum.terms()[term].format_component(index),
            value: value.value(),
        })
        .collect())
}

/// Analyses a sum: value, outcome, components and every winning move.
///
/// # Errors
/// A cycle, or a limit reached while solving or listing moves.
///
/// # Example
/// ```
/// use grundy::{analysis, spec};
/// let report = analysis::value(&spec::parse("sub{1,2,4}(8) + sub{1,3}(5)")?)?;
/// assert_eq!((report.head.value, report.head.outcome.letter()), (3, "N"));
/// let moves: Vec<&str> = report.winning_moves.iter().map(|m| m.to.as_str()).collect();
/// assert_eq!(moves, ["sub{1,2,4}(7)", "sub{1,2,4}(4)"]);
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn value(sum: &Sum) -> Result<ValueReport> {
    let value = sum.value()?;
    let winning_moves: Vec<MoveReport> = sum.winning_moves()?.iter().map(move_report).collect();
    Ok(ValueReport {
        head: SumHead::new(sum, value),
        components: components(sum)?,
        winning_move_count: winning_moves.iter().map(|m| u128::from(m.count)).sum(),
        winning_moves,
    })
}

/// Lists every move of a sum with the value it leads to.
///
/// # Errors
/// As for [`value`], including a component with too many moves to list.
pub fn moves(sum: &Sum) -> Result<MovesReport> {
    let value = sum.value()?;
    let moves = sum
        .moves()?
        .iter()
        .map(|sum_move| MoveEntry {
            summary: move_report(sum_move),
            value_after: sum_move.total_value.value(),
            winning: sum_move.total_value == Nimber::ZERO,
        })
        .collect();
    Ok(MovesReport {
        head: SumHead::new(sum, value),
        moves,
    })
}

/// The Grundy values of heaps `0..=to` of a heap rule, with the period when a theorem proves one
/// from the values computed (no extra heaps are computed to look for it).
///
/// # Errors
/// A limit reached while filling the table.
///
/// # Example
/// ```
/// use grundy::{analysis, spec, Limits};
/// let report = analysis::heap_sequence(spec::parse_heap_rule("kayles")?, 200, Limits::default())?;
/// let period = report.periodicity.expect("Kayles' period is proved from 168 heaps");
/// assert_eq!((period.preperiod, period.period), (71, 12));
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn heap_sequence(rule: HeapRule, to: u64, limits: Limits) -> Result<SequenceReport> {
    let name = rule.to_string();
    let rule_covered = period::covered(&rule);
    let mut solver = HeapSolver::with_limits(rule, limits);
    let values = solver.values(to)?;
    let mut report = sequence(name, &values);
    report.theorem_covers = rule_covered;
    if let Some(certificate) = solver.seek_period() {
        report.prefix_only = false;
        report.periodicity = Some(PeriodicityReport {
            preperiod: certificate.preperiod,
            period: certificate.period,
            saltus: certificate.saltus,
            kind: period::kind(certificate.saltus).to_string(),
            theorem: certificate.theorem.name().to_string(),
        });
    }
    Ok(report)
}

/// Reports a sequence of values computed elsewhere, as a prefix only.
pub fn sequence(rule: String, values: &[Nimber]) -> SequenceReport {
    let values: Vec<u64> = values.iter().map(|value| value.value()).collect();
    let max_value = values.iter().copied().max().unwrap_or(0);
    SequenceReport {
        schema: SCHEMA,
        rule,
        to: values.len().saturating_sub(1) as u64,
        max_value,
        max_value_at: values
            .iter()
            .position(|&value| value == max_value)
            .unwrap_or(0) as u64,
        values,
        prefix_only: true,
        periodicity: None,
        theorem_covers: false,
    }
}

/// The highest-bit rule for a winning move in a sum, spelled out: with `x` the nim-sum, pick a
/// component whose value `v` has the highest bit of `x` set and move it to `v ⊕ x`, which is
/// smaller than `v`, so that (by the mex property) such a move exists.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HighestBitReport {
    /// The sum, its value (the nim-sum `x` of the components' values) and outcome.
    #[serde(flatten)]
    pub head: SumHead,
    /// Each component with its value, left to right.
    pub components: Vec<ComponentReport>,
    /// The highest set bit of `value` (0 for the units bit); none when the value is 0.
    pub highest_bit: Option<u32>,
    /// The first component whose value has that bit set.
    pub component: Option<usize>,
    /// The value that component must move to: its value ⊕ `value`.
    pub target_value: Option<u64>,
    /// A move of that component to that value.
    pub winning_move: Option<MoveReport>,
}

/// An error as faces that speak JSON report it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ErrorReport {
    /// [`SCHEMA`].
    pub schema: u32,
    /// The message: lowercase, one line.
    pub error: String,
    /// The byte range of the input at fault, when known.
    pub span: Option<(usize, usize)>,
    /// Whether a limit stopped the computation (rather than the input being bad).
    pub limit: bool,
    /// How to get past the error in this face (the flag or parameter that raises a limit, and
    /// a value worth trying), when it knows.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub help: Option<String>,
}

/// The highest-bit rule applied to a sum: which component a winning move changes, and to
/// which value.
///
/// # Errors
/// A cycle, or a limit reached while solving or listing moves.
///
/// # Example
/// ```
/// use grundy::{analysis, spec};
/// // Values 2 and 1: the nim-sum is 3 = 0b11, whose highest bit (2) only the first has.
/// let report = analysis::highest_bit(&spec::parse("sub{1,2,4}(8) + sub{1,3}(5)")?)?;
/// assert_eq!((report.head.value, report.highest_bit), (3, Some(1)));
/// assert_eq!((report.component, report.target_value), (Some(0), Some(2 ^ 3)));
/// assert_eq!(report.winning_move.unwrap().to, "sub{1,2,4}(7)");
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn highest_bit(sum: &Sum) -> Result<HighestBitReport> {
    let components = components(sum)?;
    let value: u64 = components.iter().fold(0, |total, c| total ^ c.value);
    let highest_bit = value.checked_ilog2();
    let component =
        highest_bit.and_then(|bit| components.iter().position(|c| c.value & (1 << bit) != 0));
    let target_value = component.map(|index| components[index].value ^ value);
    let winning_move = match (component, target_value) {
        (Some(index), Some(target)) => sum
            .winning_moves()?
            .iter()
            .find(|m| m.component == index && m.component_value.value() == target)
            .map(move_report),
        _ => None,
    };
    Ok(HighestBitReport {
        head: SumHead::new(sum, Nimber::new(value)),
        components,
        highest_bit,
        component,
        target_value,
        winning_move,
    })
}

/// An error as a report, for faces that answer in JSON.
///
/// # Example
/// ```
/// use grundy::{analysis, spec};
/// let error = spec::parse("nim(3").map(|_| ()).unwrap_err();
/// let report = analysis::error(&error);
/// assert_eq!(report.span, Some((5, 5)));
/// assert!(!report.limit);
/// ```
pub fn error(error: &Error) -> ErrorReport {
    ErrorReport {
        schema: SCHEMA,
        error: error.to_string(),
        span: error.span().map(|span| (span.start, span.end)),
        limit: error.is_limit(),
        help: None,
    }
}
