//! Heap rules: Grundy sequences as NumPy arrays (the table moved into the array, no copy per
//! value), the sequence reports, periods with their certificates, and certificates re-checked.

use grundy::analysis;
use grundy::heap::{period, Certificate, HeapGame, HeapSolver, Recomputed, Theorem};
use grundy::rules::HeapRule;
use grundy::{spec, Limits};
use numpy::{IntoPyArray, PyArray1};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::errors::{not_in_callback, to_py};
use crate::games::{json, limits};

pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(seq, module)?)?;
    module.add_function(wrap_pyfunction!(sequence_report, module)?)?;
    module.add_function(wrap_pyfunction!(misere_sequence_report, module)?)?;
    module.add_function(wrap_pyfunction!(period_report, module)?)?;
    module.add_function(wrap_pyfunction!(verify_report, module)?)?;
    Ok(())
}

fn rule(text: &str) -> PyResult<HeapRule> {
    not_in_callback()?;
    spec::parse_heap_rule(text).map_err(|error| to_py(error, Some(text)))
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
    let heap_rule = rule(rule_text)?;
    let limits = limits(max_positions, max_work);
    // The heap engine calls no Python: other threads may run meanwhile.
    let values = py
        .detach(|| {
            let mut solver = HeapSolver::with_limits(heap_rule, limits);
            solver
                .values(to)
                .map(|values| values.into_iter().map(|value| value.value()).collect())
        })
        .map_err(|error| to_py(error, Some(rule_text)))?;
    let values: Vec<u64> = values;
    Ok(values.into_pyarray(py))
}

/// `grundy seq RULE --to N --format json`.
#[pyfunction]
#[pyo3(signature = (rule_text, to, max_positions=None, max_work=None))]
fn sequence_report(
    py: Python<'_>,
    rule_text: &str,
    to: u64,
    max_positions: Option<u64>,
    max_work: Option<u64>,
) -> PyResult<String> {
    let heap_rule = rule(rule_text)?;
    let limits = limits(max_positions, max_work);
    let report = py
        .detach(|| analysis::heap_sequence(heap_rule, to, limits))
        .map_err(|error| to_py(error, Some(rule_text)))?;
    json(&report)
}

/// `grundy seq RULE --misere --to N --format json`.
#[pyfunction]
#[pyo3(signature = (rule_text, to, max_positions=None, max_work=None))]
fn misere_sequence_report(
    py: Python<'_>,
    rule_text: &str,
    to: u64,
    max_positions: Option<u64>,
    max_work: Option<u64>,
) -> PyResult<String> {
    let heap_rule = rule(rule_text)?;
    let limits = limits(max_positions, max_work);
    let report = py
        .detach(|| analysis::misere::sequence(&heap_rule, to, limits))
        .map_err(|error| to_py(error, Some(rule_text)))?;
    json(&report)
}

/// Limits of a table of up to `heaps` heaps that may take as long as it needs.
fn table_limits(heaps: u64) -> Limits {
    Limits {
        max_positions: heaps.max(1),
        max_work: u64::MAX,
        ..Limits::default()
    }
}

/// `grundy period RULE --max MAX --format json`: the table grows (doubling, or straight to the
/// length that would prove the period it shows) until a theorem proves a period or `max` heaps.
#[pyfunction]
#[pyo3(signature = (rule_text, max))]
fn period_report(py: Python<'_>, rule_text: &str, max: u64) -> PyResult<String> {
    let heap_rule = rule(rule_text)?;
    let name = heap_rule.to_string();
    let theorem = HeapGame::code(&heap_rule)
        .as_ref()
        .and_then(Theorem::for_code);
    let report = py
        .detach(|| {
            let mut solver = HeapSolver::with_limits(heap_rule, table_limits(max));
            let proved = solver.prove_period(max)?.cloned();
            let heaps = solver.len();
            Ok(match (proved, theorem) {
                (Some(certificate), _) => analysis::period_proved(&certificate, heaps),
                (None, Some(theorem)) => analysis::period_stopped(
                    name,
                    heaps,
                    format!(
                        "no period that the {} theorem proves fits in {heaps} heaps",
                        theorem.name()
                    ),
                    analysis::STOPPED_BY_MAX,
                ),
                (None, None) => analysis::period_stopped(
                    name,
                    heaps,
                    period::no_theorem_reason(solver.code()).to_string(),
                    analysis::STOPPED_BY_MAX,
                ),
            })
        })
        .map_err(|error: grundy::Error| to_py(error, Some(rule_text)))?;
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
    let certificate = read_certificate(certificate_json)?;
    let heap_rule = rule(&certificate.rule)?;
    let heaps = certificate.checked_to.saturating_add(1);
    grundy_census::memory::check_fits(heaps, grundy::heap::VERIFY_BYTES_A_HEAP)
        .map_err(|error| to_py(error, Some(&certificate.rule)))?;
    let limits = table_limits(heaps);
    let report = py
        .detach(|| analysis::verify(heap_rule, &certificate, limits, by))
        .map_err(|error| to_py(error, Some(&certificate.rule)))?;
    json(&report)
}

/// The certificate in a period report's JSON (the fields `grundy verify` reads).
fn read_certificate(text: &str) -> PyResult<Certificate> {
    let bad = |why: String| PyValueError::new_err(format!("not a certificate: {why}"));
    let json: serde_json::Value =
        serde_json::from_str(text).map_err(|error| bad(error.to_string()))?;
    let number = |field: &str| {
        json.get(field)
            .and_then(serde_json::Value::as_u64)
            .ok_or_else(|| bad(format!("no number '{field}'")))
    };
    let text_field = |field: &str| {
        json.get(field)
            .and_then(serde_json::Value::as_str)
            .map(str::to_string)
            .ok_or_else(|| bad(format!("no text '{field}'")))
    };
    if json.get("proved").and_then(serde_json::Value::as_bool) != Some(true) {
        return Err(bad("it claims no proved period".to_string()));
    }
    let theorem_name = text_field("theorem")?;
    let theorem = Theorem::from_name(&theorem_name)
        .ok_or_else(|| bad(format!("unknown theorem '{theorem_name}'")))?;
    let checksum_text = text_field("checksum")?;
    let checksum = u64::from_str_radix(&checksum_text, 16)
        .map_err(|_| bad(format!("'{checksum_text}' is not a hexadecimal checksum")))?;
    Ok(Certificate {
        rule: text_field("rule")?,
        theorem,
        preperiod: number("preperiod")?,
        period: number("period")?,
        saltus: number("saltus")?,
        checked_to: number("checked_to")?,
        checksum,
    })
}
