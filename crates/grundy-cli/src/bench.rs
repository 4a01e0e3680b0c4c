//! `grundy bench`: the fast heap engine against the naive one, timed in this process.

use std::io::{self, Write};

use grundy::analysis::period::TABLE_BYTES_A_HEAP;
use grundy::analysis::{self, BenchRow};

use crate::flags::{parse_count, Format, Output};
use crate::output::{print_json, with_input, Problem};
use crate::tables::{check_memory, parse_rule};

/// The arguments of `grundy bench`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Rules to time (default: 0.77 0.07 0.137 to 2^16 heaps, 0.6 0.16 grundy to 2^20).
    rules: Vec<String>,
    /// Heaps for the fast engine (default: 2^20, or the sizes above for the default rules).
    #[arg(long, value_parser = parse_count)]
    to: Option<u64>,
    /// Heaps at the end that the naive engine computes too.
    #[arg(long, value_parser = parse_count, default_value_t = 1 << 8)]
    window: u64,
    #[command(flatten)]
    output: Output,
}

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

impl Args {
    /// `grundy bench`: each rule with its number of heaps, the rows as a table or as JSON.
    pub fn run(self, out: &mut impl Write) -> Result<(), Problem> {
        let plan: Vec<(String, u64)> = if self.rules.is_empty() {
            analysis::BENCH_PLAN
                .iter()
                .map(|&(rule, heaps)| (rule.to_string(), self.to.unwrap_or(heaps)))
                .collect()
        } else {
            let heaps = self.to.unwrap_or(1 << 20);
            self.rules.into_iter().map(|rule| (rule, heaps)).collect()
        };
        let rows = bench(&plan, self.window)?;
        match self.output.format {
            Format::Json => print_json(out, &rows),
            Format::Text => Ok(render_bench(out, &rows)?),
        }
    }
}
