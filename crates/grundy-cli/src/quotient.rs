//! `grundy quotient`: the misère quotient of a heap game, as text or JSON.

use std::fmt::Write as _;
use std::io::Write;

use grundy::analysis::quotient::{self, QuotientReport};
use grundy::{spec, Limits};

use crate::flags::{parse_count, LimitArgs, Output};
use crate::output::{emit, with_input, Problem};

/// The largest order whose multiplication table the text shows (JSON always has it).
const TABLE_IN_TEXT: usize = 32;

/// The arguments of `grundy quotient`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The rule without a heap, e.g. nim, kayles, 0.75.
    rule: String,
    /// The largest heap (accepts 10^3, 1e3).
    #[arg(long, value_parser = parse_count)]
    to: u64,
    /// Most elements the quotient may have.
    #[arg(long, value_parser = parse_count, default_value_t = quotient::DEFAULT_MAX_ORDER)]
    max_order: u64,
    #[command(flatten)]
    limits: LimitArgs,
    #[command(flatten)]
    output: Output,
}

impl Args {
    /// `grundy quotient`: the quotient of heaps `1..=to` of the rule.
    pub fn run(self, out: &mut impl Write) -> Result<(), Problem> {
        let rule = &self.rule;
        let heap_rule = spec::parse_heap_rule(rule).map_err(with_input(rule))?;
        let report = quotient::report(
            &heap_rule,
            self.to,
            self.max_order,
            quotient_limits(self.limits.limits()),
        )
        .map_err(with_input(rule))?;
        emit(out, self.output.format, &report, text)
    }
}

/// Moves examined that `grundy quotient` allows when `--max-work` is left at its default:
/// about a minute of the grown quotient, enough for every quotient MisereSolver computes in
/// seconds (`docs/performance.md`). A `--max-work` other than the default is kept.
const QUOTIENT_MAX_WORK: u64 = 1 << 30;

/// The limits of a quotient: the default `--max-work` raised to [`QUOTIENT_MAX_WORK`].
fn quotient_limits(limits: Limits) -> Limits {
    if limits.max_work == Limits::DEFAULT.max_work {
        Limits {
            max_work: QUOTIENT_MAX_WORK,
            ..limits
        }
    } else {
        limits
    }
}

/// The report for people.
fn text(report: &QuotientReport) -> String {
    let mut text = String::new();
    let _ = writeln!(
        text,
        "misère quotient of {} heaps 1..{}: order {}",
        report.rule, report.to, report.order
    );
    let generators: Vec<String> = report
        .generators
        .iter()
        .map(|g| format!("{} = {}({})", g.name, report.rule, g.heap))
        .collect();
    let _ = writeln!(text, "generators: {}", generators.join(", "));
    let _ = writeln!(text, "elements: {}", report.elements.join(", "));
    let _ = writeln!(text, "P-portion: {}", report.p_portion.join(", "));
    let heaps: Vec<String> = report
        .heaps
        .iter()
        .enumerate()
        .map(|(heap, element)| format!("{heap}:{element}"))
        .collect();
    let _ = writeln!(text, "heaps: {}", heaps.join(" "));
    match &report.whole {
        Some(whole) => {
            let _ = writeln!(
                text,
                "whole game: the quotient of every heap; a heap of n ≥ {} has the element of \
                 n − {} (period {}, preperiod {}, proved at heap {} by the periodicity theorem)",
                whole.preperiod + whole.period,
                whole.period,
                whole.period,
                whole.preperiod,
                whole.proved_at
            );
        }
        None => {
            let _ = writeln!(
                text,
                "stable: the same quotient for every bound from heap {} to {} (checked for every \
                 sum of heaps up to {}; nothing is claimed beyond)",
                report.stable_from, report.to, report.to
            );
        }
    }
    if report.order <= TABLE_IN_TEXT {
        let width = report.elements.iter().map(String::len).max().unwrap_or(1);
        let _ = write!(text, "table:\n{:>width$} |", "·");
        for element in &report.elements {
            let _ = write!(text, " {element:>width$}");
        }
        text.push('\n');
        for (x, row) in report.table.iter().enumerate() {
            let _ = write!(text, "{:>width$} |", report.elements[x]);
            for &product in row {
                let _ = write!(text, " {:>width$}", report.elements[product as usize]);
            }
            text.push('\n');
        }
    } else {
        let _ = writeln!(text, "table: {} elements; see --format json", report.order);
    }
    text
}
