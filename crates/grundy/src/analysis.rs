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

/// A period of a heap rule, proved or not: `grundy period` and the certificate files that
/// `grundy verify` reads back.
///
/// ```json
/// {"schema": 1, "rule": "kayles", "proved": true, "preperiod": 71, "period": 12, "saltus": 0,
///  "last_exception": 70, "theorem": "guy-smith", "statement": "...", "checked_to": 166,
///  "checksum": "…16 hex digits…", "heaps_computed": 4096, "reason": null}
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PeriodReport {
    /// [`SCHEMA`].
    pub schema: u32,
    /// The rule as spec text.
    pub rule: String,
    /// Whether a theorem proves the period; when false the other period fields are null.
    pub proved: bool,
    /// The first heap from which the period holds.
    pub preperiod: Option<u64>,
    /// The period.
    pub period: Option<u64>,
    /// `g(n + period) - g(n)` from the preperiod on: 0 for an ordinary period.
    pub saltus: Option<u64>,
    /// The last heap that breaks the period (`preperiod - 1`), if any.
    pub last_exception: Option<u64>,
    /// The theorem's short name (see [`crate::heap::Theorem`]).
    pub theorem: Option<String>,
    /// The theorem in one sentence.
    pub statement: Option<String>,
    /// The last heap whose value the proof compares (proved), or the last heap computed.
    pub checked_to: u64,
    /// FNV-1a checksum of the values of heaps `0..=checked_to`, 16 hexadecimal digits.
    pub checksum: Option<String>,
    /// Heaps computed in the search.
    pub heaps_computed: u64,
    /// Why no period is proved, when none is.
    pub reason: Option<String>,
}

/// Reports a proved period.
pub fn period_proved(certificate: &crate::heap::Certificate, heaps_computed: u64) -> PeriodReport {
    PeriodReport {
        schema: SCHEMA,
        rule: certificate.rule.clone(),
        proved: true,
        preperiod: Some(certificate.preperiod),
        period: Some(certificate.period),
        saltus: Some(certificate.saltus),
        last_exception: certificate.preperiod.checked_sub(1),
        theorem: Some(certificate.theorem.name().to_string()),
        statement: Some(certificate.theorem.statement().to_string()),
        checked_to: certificate.checked_to,
        checksum: Some(format!("{:016x}", certificate.checksum)),
        heaps_computed,
        reason: None,
    }
}

/// Reports that no period is proved on `heaps_computed` heaps, and why.
pub fn period_unproved(rule: String, heaps_computed: u64, reason: String) -> PeriodReport {
    PeriodReport {
        schema: SCHEMA,
        rule,
        proved: false,
        preperiod: None,
        period: None,
        saltus: None,
        last_exception: None,
        theorem: None,
        statement: None,
        checked_to: heaps_computed.saturating_sub(1),
        checksum: None,
        heaps_computed,
        reason: Some(reason),
    }
}

/// The result of re-checking a certificate.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VerifyReport {
    /// [`SCHEMA`].
    pub schema: u32,
    /// The rule as spec text.
    pub rule: String,
    /// Whether the certificate holds.
    pub valid: bool,
    /// How the values were recomputed: `naive` (the ruleset's moves) or `plain` (every split).
    pub recomputed_by: String,
    /// Heaps recomputed.
    pub heaps: u64,
    /// Why the certificate fails, when it does.
    pub reason: Option<String>,
}

/// Summary statistics of a long sequence run, like those of the research tables.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RunSummary {
    /// [`SCHEMA`].
    pub schema: u32,
    /// The rule as spec text.
    pub rule: String,
    /// Heaps `0..heaps` were computed.
    pub heaps: u64,
    /// The largest value.
    pub max_value: u64,
    /// The first heap with the largest value.
    pub max_value_at: u64,
    /// For each parity `d` of split removals: `[d, mask]`, the mask over extended values
    /// `g << 1 | ((n + d) & 1)` that defines rare heaps (0: every pair scanned).
    pub rare_masks: Vec<[u64; 2]>,
    /// Heaps that are rare under those masks.
    pub rare_heaps: u64,
    /// The last rare heap.
    pub last_rare: Option<u64>,
    /// FNV-1a checksum of all values (as in certificates), 16 hexadecimal digits.
    pub checksum: String,
    /// The proved period, when one was found on the way (values were then copied by it).
    pub period: Option<PeriodReport>,
}

/// Summarises a table.
pub fn run_summary(
    rule: String,
    stats: &crate::heap::TableStats,
    checksum: u64,
    period: Option<PeriodReport>,
) -> RunSummary {
    RunSummary {
        schema: SCHEMA,
        rule,
        heaps: stats.heaps,
        max_value: u64::from(stats.max_value),
        max_value_at: stats.max_value_at,
        rare_masks: stats
            .masks
            .iter()
            .map(|&(parity, mask)| [u64::from(parity), u64::from(mask)])
            .collect(),
        rare_heaps: stats.rare_heaps,
        last_rare: stats.last_rare,
        checksum: format!("{checksum:016x}"),
        period,
    }
}

/// One row of `grundy bench`: the fast engine against the naive engine in the same process.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BenchRow {
    /// The rule as spec text.
    pub rule: String,
    /// Heaps computed by the fast engine (every heap computed, no period copying).
    pub heaps: u64,
    /// Seconds the fast engine took for all of them.
    pub fast_seconds: f64,
    /// Heaps per second of the fast engine over the whole run.
    pub fast_heaps_per_second: f64,
    /// Heaps per second of the fast engine over the last `window` heaps.
    pub fast_window_heaps_per_second: f64,
    /// Heaps per second of the naive engine over the same last `window` heaps (started from
    /// the fast engine's values below them).
    pub naive_window_heaps_per_second: f64,
    /// The window, in heaps.
    pub window: u64,
    /// Fast over naive, on the window.
    pub ratio: f64,
    /// Seconds to the same number of heaps when a proved period is copied (null: none proved).
    pub by_period_seconds: Option<f64>,
    /// Whether the two engines agreed on the window.
    pub agree: bool,
}
