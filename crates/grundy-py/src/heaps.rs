//! Heap rules: Grundy sequences as NumPy arrays (the table moved into the array, no copy per
//! value), the sequence reports, periods with their certificates, and certificates re-checked.

use grundy::analysis::period::{PeriodReport, PeriodSearch, Recomputed};
use grundy::analysis::{self, period};
use grundy::rules::HeapRule;
use grundy::{ask, spec, Limits, Play};
use numpy::{IntoPyArray, PyArray1};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::errors::{not_in_callback, to_py};
use crate::games::{json, limits};

pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(seq, module)?)?;
    module.add_function(wrap_pyfunction!(sequence_report, module)?)?;
    module.add_function(wrap_pyfunction!(period_report, module)?)?;
    module.add_function(wrap_pyfunction!(verify_report, module)?)?;
    Ok(())
}

fn rule(text: &str) -> PyResult<HeapRule> {
    not_in_callback()?;
    spec::parse_heap_rule(text).map_err(|error| to_py(error, Some(text)))
}

/// `compute(rule, to, limits)` for the rule `rule_text`, with the limits given (the defaults
/// where not), without the GIL: the heap engine calls no Python, so other threads may run
/// meanwhile.
fn on_heaps<T: Send>(
    py: Python<'_>,
    rule_text: &str,
    (to, max_positions, max_work): (u64, Option<u64>, Option<u64>),
    compute: impl FnOnce(HeapRule, u64, Limits) -> grundy::Result<T> + Send,
) -> PyResult<T> {
    let heap_rule = rule(rule_text)?;
    let limits = limits(max_positions, max_work);
    py.detach(|| compute(heap_rule, to, limits))
        .map_err(|error| to_py(error, Some(rule_text)))
}

/// Grundy values of heaps `0..=to` as a NumPy array of `uint64`.
#[pyfunction]
#[pyo3(signature = (rule_text, to, max_positions=None, max_work=None))]
fn seq<'py>(
    py: Python<'py>,
    rule_text: &str,
    to: u64,
    max_positions: Option<u64>,
    max_work: Option<u64>,
) -> PyResult<Bound<'py, PyArray1<u64>>> {
    let size = (to, max_positions, max_work);
    Ok(on_heaps(py, rule_text, size, analysis::run::values)?.into_pyarray(py))
}

/// `grundy seq RULE --to N [--misere] --format json`: the front door's answer, tagged with its
/// kind.
#[pyfunction]
#[pyo3(signature = (rule_text, to, misere=false, max_positions=None, max_work=None))]
fn sequence_report(
    py: Python<'_>,
    rule_text: &str,
    to: u64,
    misere: bool,
    max_positions: Option<u64>,
    max_work: Option<u64>,
) -> PyResult<String> {
    let size = (to, max_positions, max_work);
    let play = Play::from_misere(misere);
    let answer = |rule: HeapRule, to, limits| ask::sequence(&rule, to, play, limits);
    json(&on_heaps(py, rule_text, size, answer)?)
}

/// `grundy period RULE --max MAX --format json`: [`period::search`], up to `max` heaps or what
/// fits in the memory available now.
#[pyfunction]
#[pyo3(signature = (rule_text, max))]
fn period_report(py: Python<'_>, rule_text: &str, max: u64) -> PyResult<String> {
    let heap_rule = rule(rule_text)?;
    let memory = grundy_census::memory::now();
    let report = py
        .detach(|| {
            let search = PeriodSearch {
                max: Some(max),
                memory,
                ..PeriodSearch::default()
            };
            period::search(heap_rule, search)
        })
        .map_err(|error| to_py(error, Some(rule_text)))?;
    json(&report)
}

/// `grundy verify CERT [--by BY] --format json`, the certificate given as the JSON of a
/// period report.
#[pyfunction]
#[pyo3(signature = (certificate_json, by=None))]
fn verify_report(py: Python<'_>, certificate_json: &str, by: Option<&str>) -> PyResult<String> {
    not_in_callback()?;
    let by = by
        .map(|name| {
            Recomputed::from_name(name).ok_or_else(|| {
                PyValueError::new_err(format!("unknown route '{name}': naive, plain or sparse"))
            })
        })
        .transpose()?;
    let bad = |why: String| PyValueError::new_err(format!("not a certificate: {why}"));
    let report: PeriodReport =
        serde_json::from_str(certificate_json).map_err(|error| bad(error.to_string()))?;
    let certificate = report.certificate().map_err(|why| bad(why.to_string()))?;
    let memory = grundy_census::memory::now();
    let report = py
        .detach(|| period::verify_printed(&report, &certificate, by, memory))
        .map_err(|error| to_py(error, Some(&certificate.rule)))?;
    json(&report)
}
