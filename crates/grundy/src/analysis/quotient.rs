//! The report of a misère quotient ([`crate::quotient`]) of a heap game.
//!
//! The JSON of [`QuotientReport`] is
//! ```json
//! {"schema": 1, "rule": "nim", "play": "misere", "to": 2, "order": 6,
//!  "elements": ["1", "a", "b", "ab", "b^2", "ab^2"], "generators": [{"name": "a", "heap": 1}, ...],
//!  "table": [[0, 1, 2, 3, 4, 5], ...], "p_portion": ["a", "b^2"], "heaps": ["1", "a", "b"],
//!  "stable_from": 2, "checked": true}
//! ```
//! and, when the heap → element map was proved periodic within `to` (a take-and-break code;
//! see [`crate::quotient::Periodicity`]), `"whole": {"preperiod": 71, "period": 12,
//! "proved_at": 167}`: the quotient is then that of every heap. A growth asked to go on until
//! the whole game is proved ([`whole`], [`crate::ask::quotient`]) that stops short has `"stopped": "..."`, the
//! reason, and covers the heaps it reached. A report with `whole` is a certificate:
//! [`verify`] re-checks it from the rule alone (`grundy quotient RULE --cert FILE`, then
//! `grundy verify FILE`);
//! where `table[x][y]` is the index in `elements` of the product `x·y` and `heaps[n]` is the
//! element of a heap of `n`.

use serde::{Deserialize, Serialize};

use super::SCHEMA;
use crate::error::{Error, ErrorKind, Result};
use crate::game::Limits;
use crate::quotient::{grow_whole_heap_quotient, heap_quotient, Quotient};
use crate::rules::HeapRule;

pub use crate::quotient::{DEFAULT_MAX_ORDER, DEFAULT_MAX_WORK};

/// The misère quotient of heaps `1..=to` of a rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuotientReport {
    /// [`SCHEMA`].
    pub schema: u32,
    /// The rule as spec text.
    pub rule: String,
    /// Always `"misere"`.
    pub play: String,
    /// The largest heap.
    pub to: u64,
    /// The number of elements.
    pub order: usize,
    /// Each element as a word in the generators; `"1"` (the identity) first.
    pub elements: Vec<String>,
    /// The generators: each heap whose element is not a product of smaller heaps' elements.
    pub generators: Vec<GeneratorReport>,
    /// `table[x][y]`: the index of the product of elements `x` and `y`.
    pub table: Vec<Vec<u32>>,
    /// The elements of misère P-positions.
    pub p_portion: Vec<String>,
    /// `heaps[n]`: the element of a heap of `n`, for `n` from 0 to `to`.
    pub heaps: Vec<String>,
    /// The least heap `s` such that the quotient of heaps up to `n` is the same (isomorphic,
    /// the same P-portion, every heap above `s` mapping into it) for every `n` from `s` to
    /// `to`. Nothing is claimed beyond `to`.
    pub stable_from: u64,
    /// Always true: the quotient was checked from the rules for every sum of these heaps.
    pub checked: bool,
    /// When the heap → element map was proved periodic within `to`: the quotient of the whole
    /// game (absent from the JSON otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub whole: Option<WholeReport>,
    /// When a growth asked to reach the whole game stopped before the proof: why (a limit, in
    /// words); the report then covers heaps `1..=to`, the heaps grown.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stopped: Option<String>,
}

/// The heap → element map proved periodic: the quotient is that of every heap, and a heap of
/// `n ≥ preperiod` has the element of a heap of `n − period`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WholeReport {
    /// The least heap from which the map repeats.
    pub preperiod: u64,
    /// The least period.
    pub period: u64,
    /// The heap where the theorem's bound was met.
    pub proved_at: u64,
}

/// One generator of a quotient.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GeneratorReport {
    /// Its name (`a`, `b`, …).
    pub name: String,
    /// The heap it is the element of.
    pub heap: u64,
}

/// A misère quotient with its report: what a face renders, and what answers the sums of its
/// heaps ([`crate::quotient::outcome_of_heaps`], kept with [`crate::quotient::remember`]).
#[derive(Clone, Debug)]
pub struct QuotientAnswer {
    /// The report ([`report_of`] the quotient, with `stopped` when the growth stopped short).
    pub report: QuotientReport,
    /// The quotient reported.
    pub quotient: Quotient,
}

/// The misère quotient of heaps `1..=to` of `rule`, with at most `max_order` elements.
///
/// # Errors
/// As for [`heap_quotient`].
///
/// # Example
/// ```
/// use grundy::{analysis::quotient, spec, Limits};
/// let answer = quotient::bounded(&spec::parse_heap_rule("nim")?, 2, 64, Limits::default())?;
/// let report = answer.report;
/// assert_eq!((report.order, report.p_portion.clone()), (6, vec!["a".into(), "b^2".into()]));
/// assert_eq!(report.heaps, ["1", "a", "b"]);
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn bounded(rule: &HeapRule, to: u64, max_order: u64, limits: Limits) -> Result<QuotientAnswer> {
    let quotient = heap_quotient(rule, to, max_order, limits)?;
    let report = report_of(rule, to, &quotient);
    Ok(QuotientAnswer { report, quotient })
}

/// The misère quotient of every heap of `rule`: grown heap by heap until the heap → element map
/// is proved periodic (the report's `whole`), or, when a limit stops the growth first (or
/// `max_heap` is reached), the quotient of the heaps grown with the reason in `stopped`.
///
/// # Errors
/// [`ErrorKind::Unsupported`] for a rule that no periodicity theorem covers (any growth would
/// stop at `max_heap`); `max_heap` above [`Limits::max_positions`]; a cancel or an error
/// listing moves.
///
/// # Example
/// ```
/// use grundy::{analysis::quotient, spec, Limits};
/// let answer = quotient::whole(&spec::parse_heap_rule("0.75")?, 1000, 64, Limits::default())?;
/// let whole = answer.report.whole.expect("0.75 is proved");
/// assert_eq!((answer.report.order, whole.period, whole.preperiod), (8, 2, 8));
/// assert_eq!(answer.report.to, whole.proved_at);
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn whole(
    rule: &HeapRule,
    max_heap: u64,
    max_order: u64,
    limits: Limits,
) -> Result<QuotientAnswer> {
    if !crate::quotient::whole_game_theorem_covers(rule) {
        return Err(Error::new(ErrorKind::Unsupported {
            reason: format!(
                "no periodicity theorem covers {rule} (a take-and-break code with no repeating \
                 tail), so no table proves its whole misère quotient: ask for the quotient of \
                 heaps 1 to N instead"
            ),
        }));
    }
    let grown = grow_whole_heap_quotient(rule, max_heap, max_order, limits)?;
    let to = grown.quotient.atoms() as u64;
    let mut report = report_of(rule, to, &grown.quotient);
    report.stopped = match (&grown.stopped, report.whole.is_some()) {
        (_, true) => None,
        (Some(error), false) => Some(format!("stopped before heap {}: {error}", to + 1)),
        (None, false) => Some(format!(
            "no period proved within heap {max_heap}, the most heaps allowed"
        )),
    };
    Ok(QuotientAnswer {
        report,
        quotient: grown.quotient,
    })
}

/// The report of `quotient`, the misère quotient of heaps `1..=to` of `rule` (from
/// [`heap_quotient`]).
pub fn report_of(rule: &HeapRule, to: u64, quotient: &Quotient) -> QuotientReport {
    let order = quotient.order() as u32;
    let monoid = quotient.monoid();
    let heaps = std::iter::once("1".to_string())
        .chain((0..quotient.atoms()).map(|atom| quotient.name(quotient.image(atom))))
        .collect();
    QuotientReport {
        schema: SCHEMA,
        rule: rule.to_string(),
        play: "misere".to_string(),
        to,
        order: quotient.order(),
        elements: (0..order).map(|x| quotient.name(x)).collect(),
        generators: quotient
            .generators()
            .iter()
            .map(|&atom| GeneratorReport {
                name: quotient.name(quotient.image(atom)),
                heap: atom as u64 + 1,
            })
            .collect(),
        table: (0..order)
            .map(|x| (0..order).map(|y| monoid.mul(x, y)).collect())
            .collect(),
        p_portion: quotient.p_portion().map(|x| quotient.name(x)).collect(),
        heaps,
        stable_from: quotient.last_change().map_or(0, |atom| atom as u64 + 1),
        checked: true,
        whole: quotient.periodicity().map(|p| WholeReport {
            preperiod: p.preperiod,
            period: p.period,
            proved_at: p.proved_at,
        }),
        stopped: None,
    }
}

mod sums;
mod verify;

pub use sums::is_sum_of_heaps;
pub(super) use sums::{by_quotient, moves_report, value_report};
pub use verify::{load, verify, BY_QUOTIENT_CHECK};

#[cfg(test)]
mod tests;
