//! `grundy bench`: the fast heap engine against the naive one, timed in this process.

use std::io::{self, Write};

use grundy::analysis::period::TABLE_BYTES_A_HEAP;
use grundy::analysis::{self, BenchRow};

use crate::args::Format;
use crate::tables::{check_memory, parse_rule};
use crate::{print_json, with_input, Problem};

/// `grundy bench`: each rule by the fast engine to its number of heaps, and the naive engine
/// on the last `window` heaps, in this process.
fn bench(plan: &[(String, u64)], window: u64) -> Result<Vec<BenchRow>, Problem> {
    let start = std::time::Instant::now();
    let mut clock = || start.elapsed().as_secs_f64();
    plan.iter()
        .map(|(text, heaps)| {
            let rule = parse_rule(text)?;
            check_memory(text, *heaps, TABLE_BYTES_A_HEAP)?;
            analysis::bench(rule, *heaps, window, &mut clock).map_err(with_input(text))
        })
        .collect()
}

/// Writes `rows` as a table for people.
fn render_bench(out: &mut impl Write, rows: &[BenchRow]) -> io::Result<()> {
    writeln!(
        out,
        "{:<10} {:>10} {:>9} {:>12} {:>12} {:>12} {:>8} {:>10} {:>6}",
        "rule",
        "heaps",
        "fast s",
        "fast h/s",
        "window h/s",
        "naive h/s",
        "ratio",
        "period s",
        "agree"
    )?;
    for row in rows {
        writeln!(
            out,
            "{:<10} {:>10} {:>9.3} {:>12.0} {:>12.0} {:>12.0} {:>8.1} {:>10} {:>6}",
            row.rule,
            row.heaps,
            row.fast_seconds,
            row.fast_heaps_per_second,
            row.fast_window_heaps_per_second,
            row.naive_window_heaps_per_second,
            row.ratio,
            row.by_period_seconds
                .map_or("-".to_string(), |s| format!("{s:.3}")),
            if row.agree { "yes" } else { "NO" }
        )?;
    }
    Ok(())
}

/// `grundy bench`: the rows as a table, or as JSON.
pub fn command(
    out: &mut impl Write,
    plan: &[(String, u64)],
    window: u64,
    format: Format,
) -> Result<(), Problem> {
    let rows = bench(plan, window)?;
    match format {
        Format::Json => print_json(out, &rows),
        Format::Text => Ok(render_bench(out, &rows)?),
    }
}
