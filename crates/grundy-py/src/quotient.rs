//! Misère quotients of heap games: the report, and a handle that decides sums of heaps.

use grundy::analysis::quotient::{DEFAULT_MAX_ORDER, DEFAULT_MAX_WORK};
use grundy::ask::{self, QuotientBound, Settings};
use grundy::quotient::{outcome_of_heaps, Quotient as LibQuotient};
use grundy::spec;
use pyo3::prelude::*;

use crate::errors::{not_in_callback, to_py};
use crate::games::{json, limits};

pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(quotient, module)?)?;
    module.add_class::<Quotient>()?;
    Ok(())
}

/// The misère quotient of heaps `1..=to` of a heap rule, or of every heap, checked from the
/// rules.
#[pyclass(module = "grundy._grundy", frozen)]
pub(crate) struct Quotient {
    quotient: LibQuotient,
    report: String,
}

#[pymethods]
impl Quotient {
    /// `grundy quotient RULE --to N --format json`.
    fn report(&self) -> String {
        self.report.clone()
    }

    /// The misère outcome (`"N"` or `"P"`) of the sum of `heaps` (each at most `to`, or of any
    /// size for the whole game's quotient).
    fn outcome(&self, heaps: Vec<u64>) -> PyResult<&'static str> {
        let outcome =
            outcome_of_heaps(&self.quotient, &heaps).map_err(|error| to_py(error, None))?;
        Ok(grundy::analysis::ReportOutcome::from(outcome).letter())
    }
}

/// The misère quotient of heaps `1..=to` of `rule_text`, at most `max_order` elements; with
/// `to=None`, of the whole game (grown until the heap → element map is proved periodic, as
/// `grundy quotient RULE` without `--to`; when a limit stops it first, the quotient of the
/// heaps grown, its report's `stopped` saying why). The quotient is then kept for the misère
/// sums of this game that `value` and `moves` answer. Without `max_work`, the work allowed is
/// the library's default for quotients ([`DEFAULT_MAX_WORK`], as `grundy quotient`).
#[pyfunction]
#[pyo3(signature = (rule_text, to=None, max_order=DEFAULT_MAX_ORDER, max_positions=None, max_work=None))]
fn quotient(
    py: Python<'_>,
    rule_text: &str,
    to: Option<u64>,
    max_order: u64,
    max_positions: Option<u64>,
    max_work: Option<u64>,
) -> PyResult<Quotient> {
    not_in_callback()?;
    let rule = spec::parse_heap_rule(rule_text).map_err(|error| to_py(error, Some(rule_text)))?;
    let bound = to.map_or(QuotientBound::Whole, QuotientBound::To);
    let settings = Settings {
        max_order,
        ..Settings::with_limits(limits(
            max_positions,
            Some(max_work.unwrap_or(DEFAULT_MAX_WORK)),
        ))
    };
    // The construction calls no Python: other threads may run meanwhile.
    let answer = py
        .detach(|| ask::quotient(&rule, bound, &settings))
        .map_err(|error| to_py(error, Some(rule_text)))?;
    let report = json(&answer.report)?;
    Ok(Quotient {
        quotient: answer.quotient,
        report,
    })
}
