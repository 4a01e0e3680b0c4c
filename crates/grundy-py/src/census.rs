//! The census (`grundy.census`): the same rows and file as `grundy census`, from
//! [`grundy_census`]. A row crosses between processes (a Ray task and its driver) as the
//! bytes of a one-row census file, so every backend writes rows through the same code.

use std::path::Path;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::errors::not_in_callback;

pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(census_rules, module)?)?;
    module.add_function(wrap_pyfunction!(census_pending, module)?)?;
    module.add_function(wrap_pyfunction!(census_row, module)?)?;
    module.add_function(wrap_pyfunction!(census_merge, module)?)?;
    module.add_function(wrap_pyfunction!(census_run, module)?)?;
    module.add_function(wrap_pyfunction!(census_read, module)?)?;
    Ok(())
}

/// A census failure (a bad rule, a file that cannot be read) as `ValueError`, with its causes.
fn failure(error: anyhow::Error) -> PyErr {
    PyValueError::new_err(format!("{error:#}"))
}

/// The rows as JSON text (a list of the rows' fields).
fn rows_json(rows: &[grundy_census::CensusRow]) -> PyResult<String> {
    serde_json::to_string(rows).map_err(|error| PyValueError::new_err(error.to_string()))
}

/// The rules as a census names them, each once; `families` adds octal families (`"3"`).
#[pyfunction]
fn census_rules(rules: Vec<String>, families: Vec<String>) -> PyResult<Vec<String>> {
    let mut all = rules;
    for family in families {
        all.extend(grundy_census::family(&family).map_err(failure)?);
    }
    grundy_census::rules(&all).map_err(failure)
}

/// The rules of `names` that the census file `out` (if any) lacks to `heaps` heaps.
#[pyfunction]
#[pyo3(signature = (names, heaps, out=None))]
fn census_pending(names: Vec<String>, heaps: u64, out: Option<&str>) -> PyResult<Vec<String>> {
    let rows = match out {
        Some(path) if Path::new(path).exists() => {
            grundy_census::table::read(Path::new(path)).map_err(failure)?
        }
        _ => Vec::new(),
    };
    Ok(grundy_census::pending(&rows, &names, heaps)
        .into_iter()
        .cloned()
        .collect())
}

/// One row, timed, as the bytes of a one-row census file (what a Ray task returns).
#[pyfunction]
fn census_row<'py>(py: Python<'py>, rule: &str, heaps: u64) -> PyResult<Bound<'py, PyBytes>> {
    not_in_callback()?;
    let bytes = py
        .detach(|| {
            let row = grundy_census::row(rule, heaps)?;
            grundy_census::table::encode(&[row])
        })
        .map_err(failure)?;
    Ok(PyBytes::new(py, &bytes))
}

/// Adds rows (each the bytes [`census_row`] returns) to the rows of the file `out` (if any),
/// orders them by `names`, assigns classes, rewrites the file; returns every row as JSON.
#[pyfunction]
#[pyo3(signature = (parts, names, out=None))]
fn census_merge(parts: Vec<Vec<u8>>, names: Vec<String>, out: Option<&str>) -> PyResult<String> {
    let mut new = Vec::new();
    for part in parts {
        new.extend(grundy_census::table::decode(part).map_err(failure)?);
    }
    let existing = match out {
        Some(path) if Path::new(path).exists() => {
            grundy_census::table::read(Path::new(path)).map_err(failure)?
        }
        _ => Vec::new(),
    };
    let rows = grundy_census::merge(existing, new, &names);
    if let Some(path) = out {
        grundy_census::table::write(Path::new(path), &rows).map_err(failure)?;
    }
    rows_json(&rows)
}

/// The whole census on every core of this machine (`grundy census`); returns every row as JSON.
#[pyfunction]
#[pyo3(signature = (rules, heaps, out=None))]
fn census_run(
    py: Python<'_>,
    rules: Vec<String>,
    heaps: u64,
    out: Option<&str>,
) -> PyResult<String> {
    not_in_callback()?;
    let rows = py
        .detach(|| grundy_census::run(&rules, heaps, out.map(Path::new), |_, _, _| {}))
        .map_err(failure)?;
    rows_json(&rows)
}

/// Every row of the census file `path`, as JSON.
#[pyfunction]
fn census_read(path: &str) -> PyResult<String> {
    rows_json(&grundy_census::table::read(Path::new(path)).map_err(failure)?)
}
