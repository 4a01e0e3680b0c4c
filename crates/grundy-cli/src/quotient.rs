//! `grundy quotient`: the misère quotient of a heap game, as text or JSON.

use std::fmt::Write as _;
use std::io::Write;

use std::path::PathBuf;

use grundy::analysis::quotient::{self, QuotientReport};
use grundy::ask::{self, QuotientBound, Settings};
use grundy::{spec, ErrorKind};

use crate::flags::{parse_count, LimitArgs, Output};
use crate::output::{emit, with_input, Problem};
use crate::{certificate, ticker};

/// The largest order whose multiplication table the text shows (JSON always has it).
const TABLE_IN_TEXT: usize = 32;

/// Moves examined that `grundy quotient` allows by default: the library's
/// [`quotient::DEFAULT_MAX_WORK`]. The command's `--max-work` takes it as its default (shown in
/// its help) through [`crate::cli::Cli::parse_args`].
pub const QUOTIENT_MAX_WORK: u64 = quotient::DEFAULT_MAX_WORK;

/// [`QUOTIENT_MAX_WORK`] as the text of the flag's default.
pub const QUOTIENT_MAX_WORK_TEXT: &str = "1073741824";

/// What to ask instead when no theorem proves a rule's whole quotient.
const BOUNDED_INSTEAD: &str = "--to N gives the quotient of heaps 1 to N";

/// The arguments of `grundy quotient`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The rule without a heap, e.g. nim, kayles, 0.75.
    rule: String,
    /// The largest heap (accepts 10^3, 1e3). Without it, heaps are added until the whole
    /// game is proved (take-and-break codes with no repeating tail), or a limit stops the
    /// growth, which is then said with the heap reached.
    #[arg(long, value_parser = parse_count)]
    to: Option<u64>,
    /// Most elements the quotient may have.
    #[arg(long, value_parser = parse_count, default_value_t = quotient::DEFAULT_MAX_ORDER)]
    max_order: u64,
    /// Also write the whole game's quotient (the JSON answer) to FILE, for grundy verify and
    /// for --quotient FILE of value, moves and play.
    #[arg(long)]
    cert: Option<PathBuf>,
    #[command(flatten)]
    limits: LimitArgs,
    #[command(flatten)]
    output: Output,
}

impl Args {
    /// `grundy quotient`: the quotient of heaps `1..=to` of the rule, or of the whole game.
    pub fn run(self, out: &mut impl Write) -> Result<(), Problem> {
        let rule = &self.rule;
        let heap_rule = spec::parse_heap_rule(rule).map_err(with_input(rule))?;
        let mut limits = self.limits.limits();
        let _ticker = ticker::start(&mut limits);
        let bound = self.to.map_or(QuotientBound::Whole, QuotientBound::To);
        let settings = Settings {
            max_order: self.max_order,
            ..Settings::with_limits(limits)
        };
        let report = ask::quotient(&heap_rule, bound, &settings)
            .map_err(|error| {
                let unsupported = matches!(error.kind(), ErrorKind::Unsupported { .. });
                let problem = with_input(rule)(error);
                match bound {
                    QuotientBound::Whole if unsupported => problem.with_help(BOUNDED_INSTEAD),
                    QuotientBound::Whole | QuotientBound::To(_) => problem,
                }
            })?
            .report;
        drop(_ticker);
        if let Some(path) = &self.cert {
            if report.whole.is_some() {
                certificate::write_quotient(path, &report)?;
            } else {
                eprintln!("the whole game was not proved, so no certificate was written");
            }
        }
        emit(out, self.output.format, &report, text)
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
            if let Some(stopped) = &report.stopped {
                let _ = writeln!(text, "whole game not proved: {stopped}");
            }
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

#[cfg(test)]
mod tests {
    #[test]
    fn the_default_work_limit_reads_as_its_number() {
        assert_eq!(
            super::QUOTIENT_MAX_WORK_TEXT.parse::<u64>(),
            Ok(super::QUOTIENT_MAX_WORK)
        );
    }
}
