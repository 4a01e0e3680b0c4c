//! The serialisable results that every face shows: one set of plain structs, one JSON schema.
//!
//! Each report is built from the library's values and carries `schema`, the version of this
//! format. The JSON of [`ValueReport`] is
//! ```json
//! {"schema": 1, "spec": "nim(3,4,5)", "value": 2, "outcome": "N",
//!  "components": [{"spec": "nim(3)", "value": 3}, ...],
//!  "winning_moves": [{"component": 0, "from": "nim(3)", "to": "nim(1)", "target_value": 1,
//!                     "description": "take 2 from 3, leaving 1", "result": "nim(1,4,5)"}]}
//! ```
//! Every game in a report is spec text that [`crate::spec::parse`] accepts; values are plain
//! integers; outcomes are `"N"` (the player to move wins) or `"P"` (the previous player wins).

pub mod loopy;
pub mod misere;
pub mod play;

use serde::Serialize;

use crate::error::Result;
use crate::game::Outcome;
use crate::nimber::Nimber;
use crate::sum::{Sum, SumMove};

/// The version of the JSON format; it changes only when a field changes meaning or goes away.
pub const SCHEMA: u32 = 1;

/// The value of a sum, its outcome, its components and every winning move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ValueReport {
    /// [`SCHEMA`].
    pub schema: u32,
    /// The sum as spec text.
    pub spec: String,
    /// The Grundy value: the nim-sum of the components' values.
    pub value: u64,
    /// `"N"` or `"P"`.
    pub outcome: String,
    /// Each component with its value, left to right.
    pub components: Vec<ComponentReport>,
    /// Every move to a position of value 0; empty when the value is 0.
    pub winning_moves: Vec<MoveReport>,
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
}

/// Every move of a sum, with the value each leads to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MovesReport {
    /// [`SCHEMA`].
    pub schema: u32,
    /// The sum as spec text.
    pub spec: String,
    /// The sum's Grundy value.
    pub value: u64,
    /// `"N"` or `"P"`.
    pub outcome: String,
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
    /// Whether this is a finite prefix only: always true until periods are proved.
    pub prefix_only: bool,
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
/// assert_eq!((report.value, report.outcome.as_str()), (3, "N"));
/// let moves: Vec<&str> = report.winning_moves.iter().map(|m| m.to.as_str()).collect();
/// assert_eq!(moves, ["sub{1,2,4}(7)", "sub{1,2,4}(4)"]);
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn value(sum: &Sum) -> Result<ValueReport> {
    let value = sum.value()?;
    Ok(ValueReport {
        schema: SCHEMA,
        spec: sum.format(),
        value: value.value(),
        outcome: Outcome::of(value).letter().to_string(),
        components: components(sum)?,
        winning_moves: sum.winning_moves()?.iter().map(move_report).collect(),
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
        schema: SCHEMA,
        spec: sum.format(),
        value: value.value(),
        outcome: Outcome::of(value).letter().to_string(),
        moves,
    })
}

/// Reports a sequence of values computed elsewhere.
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
    }
}
