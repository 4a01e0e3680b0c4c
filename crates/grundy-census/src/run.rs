//! The census run: rules checked and named once, the rows already in the file skipped, the
//! others computed on rayon's pool, and each finished row written to the file at once.

use std::collections::HashMap;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Instant;

use anyhow::{bail, Context};
use grundy::analysis::census::{self, CensusRow};
use grundy::rules::{TakeBreak, MAX_FAMILY_DIGITS};
use grundy::spec;
use rayon::prelude::*;

use crate::table;

/// The rules of a family of octal codes, as spec text: `3` for every code `0.d1d2d3` with
/// up to three digits after the point, `4.3` for `4.0` and every `4.d1d2d3`.
///
/// # Errors
/// Text that is not `D` or `F.D` with `F` a digit before the point (0 or 4) and `D` at most
/// [`MAX_FAMILY_DIGITS`].
pub fn family(text: &str) -> anyhow::Result<Vec<String>> {
    let (first, digits) = text.split_once('.').unwrap_or(("0", text));
    let bad = || {
        anyhow::anyhow!(
            "'{text}' is not a family of octal codes: write the number of digits after the \
             point (3), after the digit before it (4.3); at most {MAX_FAMILY_DIGITS} digits"
        )
    };
    let first: u8 = first.parse().map_err(|_| bad())?;
    let digits: usize = digits.parse().map_err(|_| bad())?;
    if first > 7 || digits > MAX_FAMILY_DIGITS {
        return Err(bad());
    }
    let codes = TakeBreak::octal_family(first, digits)
        .with_context(|| format!("no family of octal codes '{text}'"))?;
    Ok(codes.iter().map(ToString::to_string).collect())
}

/// The rules as the census names them (normalised spec text), each once, in order.
///
/// # Errors
/// A rule that is not a heap rule, named with the reason.
pub fn rules(texts: &[String]) -> anyhow::Result<Vec<String>> {
    let mut names = Vec::new();
    for text in texts {
        let rule = spec::parse_heap_rule(text).with_context(|| format!("rule '{text}'"))?;
        let name = rule.to_string();
        if !names.contains(&name) {
            names.push(name);
        }
    }
    Ok(names)
}

/// One census row of `rule` (spec text) to `heaps` heaps, with the seconds it took.
///
/// # Errors
/// A rule that is not a heap rule; a limit reached.
pub fn row(rule: &str, heaps: u64) -> anyhow::Result<CensusRow> {
    let parsed = spec::parse_heap_rule(rule).with_context(|| format!("rule '{rule}'"))?;
    let start = Instant::now();
    let mut row = census::row(parsed, heaps).with_context(|| format!("rule '{rule}'"))?;
    row.seconds = start.elapsed().as_secs_f64();
    Ok(row)
}

/// The rules of `names` (as [`rules`] gives them) that `rows` lacks to `heaps` heaps.
pub fn pending<'a>(rows: &[CensusRow], names: &'a [String], heaps: u64) -> Vec<&'a String> {
    names
        .iter()
        .filter(|name| {
            !rows
                .iter()
                .any(|row| &row.rule == *name && row.heaps == heaps)
        })
        .collect()
}

/// `rows` with `new` rows added: a new row replaces the row of the same rule, the rows of
/// `names` come first in their order, then the others as they were, and classes are
/// assigned over all of them.
pub fn merge(mut rows: Vec<CensusRow>, new: Vec<CensusRow>, names: &[String]) -> Vec<CensusRow> {
    rows.retain(|row| !new.iter().any(|added| added.rule == row.rule));
    rows.extend(new);
    let order: HashMap<&str, usize> = names
        .iter()
        .enumerate()
        .map(|(index, name)| (name.as_str(), index))
        .collect();
    rows.sort_by_key(|row| order.get(row.rule.as_str()).copied().unwrap_or(usize::MAX));
    census::assign_classes(&mut rows);
    rows
}

/// Runs a census of `rules` (spec text) to `heaps` heaps each, on every core of rayon's
/// pool. With `out`, rows already there for the same rule and heaps are kept and skipped,
/// and the file is rewritten (whole, by a rename) after each new row, so a killed run loses
/// only the rows in progress. `on_row(row, done, total)` hears of each new row. Returns
/// every row of the file (or of the run) as [`merge`] orders them.
///
/// # Errors
/// A rule that is not a heap rule; a file that cannot be read or written. A row that fails stops the census after the rows in progress.
pub fn run(
    rules: &[String],
    heaps: u64,
    out: Option<&Path>,
    mut on_row: impl FnMut(&CensusRow, usize, usize),
) -> anyhow::Result<Vec<CensusRow>> {
    let names = crate::run::rules(rules)?;
    if heaps == 0 {
        bail!("a census needs at least one heap a rule");
    }
    let mut rows = match out {
        Some(path) if path.exists() => table::read(path)?,
        _ => Vec::new(),
    };
    let pending = pending(&rows, &names, heaps);
    let total = pending.len();
    let stop = AtomicBool::new(false);
    let (sender, receiver) = mpsc::channel();
    let mut failure = None;
    std::thread::scope(|scope| {
        let stop = &stop;
        scope.spawn(move || {
            pending.par_iter().for_each_with(sender, |sender, rule| {
                if !stop.load(Ordering::Relaxed) {
                    let _ = sender.send(row(rule, heaps));
                }
            });
        });
        for (index, result) in receiver.into_iter().enumerate() {
            let saved = result.and_then(|row| {
                let rule = row.rule.clone();
                rows = merge(std::mem::take(&mut rows), vec![row], &names);
                if let Some(path) = out {
                    table::write(path, &rows)?;
                }
                Ok(rule)
            });
            match saved {
                Ok(rule) => {
                    if let Some(row) = rows.iter().find(|row| row.rule == rule) {
                        on_row(row, index + 1, total);
                    }
                }
                Err(error) => {
                    stop.store(true, Ordering::Relaxed);
                    failure.get_or_insert(error);
                }
            }
        }
    });
    if let Some(error) = failure {
        return Err(error);
    }
    if let (Some(path), 0) = (out, total) {
        rows = merge(rows, Vec::new(), &names);
        table::write(path, &rows)?;
    }
    Ok(rows)
}
