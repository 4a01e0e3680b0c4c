//! `grundy period`: the library's period search ([`period::search`]: the table doubles until a
//! theorem proves a period, `--max` is reached or a larger table would not fit in memory), a
//! progress bar showing long searches.

use std::io::Write;
use std::path::PathBuf;

use grundy::analysis::period::{self, Memory, PeriodProgress, PeriodReport, PeriodSearch};

use crate::flags::{parse_count, Output};
use crate::output::{emit, with_input, Problem};
use crate::tables::{memory, parse_rule};
use crate::{certificate, render_heap, ticker};

/// The arguments of `grundy period`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The rule without a heap, e.g. kayles, 0.16, sub{2,3,7}, allbut{2,3,7}.
    rule: String,
    /// The most heaps to compute while looking (accepts 2^20, 1e6). Default: as many as
    /// fit in memory (2^28 where the system does not say), or 2^21 for rules no theorem
    /// covers (Grundy's game, for one), which no table proves.
    #[arg(long, value_parser = parse_count)]
    max: Option<u64>,
    /// Most work the search may spend, in the units of value's --max-work (a time limit:
    /// the default, 2^29, stops within half a minute or so). Past it, the error names about
    /// what the next look for a period would need.
    #[arg(long, value_parser = parse_count, default_value_t = PERIOD_MAX_WORK)]
    max_work: u64,
    /// Take at most this many heaps to fit in memory (for testing the stop).
    #[arg(long, value_parser = parse_count, hide = true)]
    memory_heaps: Option<u64>,
    /// Also write the certificate (the JSON answer) to FILE, for grundy verify.
    #[arg(long)]
    cert: Option<PathBuf>,
    #[command(flatten)]
    output: Output,
}

/// `grundy period`'s default work limit, 2^29 (8 times `value`'s: a period search is the
/// long question): seconds of table work, half a minute at most on the slow inputs measured
/// (`hex(0.8)`'s table, each heap costing more than the last); the README's largest examples
/// (0.376, 0.354) name `--max-work 2^31`.
pub const PERIOD_MAX_WORK: u64 = 1 << 29;

/// How often the progress bar redraws, whether or not a step of the table has ended: a long
/// search says what it does within a second.
const PERIOD_TICK: std::time::Duration = std::time::Duration::from_millis(250);

/// `grundy period RULE [--max N]`: [`period::search`], with a progress bar on a terminal and,
/// for a rule no theorem covers, a line on standard error saying so before the prefix is
/// computed. `memory_heaps` (a test flag) stands for the memory available.
fn search(
    rule_text: &str,
    max: Option<u64>,
    max_work: u64,
    memory_heaps: Option<u64>,
) -> Result<PeriodReport, Problem> {
    let rule = parse_rule(rule_text)?;
    let name = rule.to_string();
    // Drawn only on a terminal, from the first tick on.
    let progress =
        indicatif::ProgressBar::with_draw_target(Some(0), indicatif::ProgressDrawTarget::stderr());
    progress.enable_steady_tick(PERIOD_TICK);
    progress.set_style(
        indicatif::ProgressStyle::with_template(
            "{spinner} {bar:30} {pos}/{len} heaps  {rate}  {msg}",
        )
        .map(|style| {
            style.with_key(
                "rate",
                |state: &indicatif::ProgressState, out: &mut dyn std::fmt::Write| {
                    let _ = write!(out, "{} heaps/s", ticker::group(state.per_sec() as u64));
                },
            )
        })
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let mut start = None;
    let mut show = |at: &PeriodProgress| {
        if at.heaps == 0 {
            if let Some(reason) = at.no_theorem {
                // Said at once: the answer is known before the prefix is computed.
                eprintln!(
                    "{name}: {reason}; computing a prefix of {} heaps for the record (--max N \
                     changes it)",
                    at.cap
                );
            }
        }
        let started = *start.get_or_insert_with(std::time::Instant::now);
        progress.set_message(message(at, started.elapsed()));
        progress.set_length(at.next_look);
        progress.set_position(at.heaps);
    };
    let memory = memory_heaps.map_or_else(memory, Memory::Heaps);
    let search = PeriodSearch {
        max,
        max_work: Some(max_work),
        memory,
        progress: Some(&mut show),
        ..PeriodSearch::default()
    };
    let report = period::search(rule, search).map_err(with_input(rule_text));
    progress.finish_and_clear();
    report
}

/// The progress line's words after the bar, `elapsed` into the search: the time to the next
/// look for a period and to the work limit, at the rate of work so far (the work a heap costs
/// grows with the heap, which the estimate of the look's work allows for), and the stop.
pub fn message(at: &PeriodProgress, elapsed: std::time::Duration) -> String {
    let rate = at.work as f64 / elapsed.as_secs_f64().max(1e-3);
    let time_to = |work: u64| {
        if rate > 0.0 {
            ticker::duration(work.saturating_sub(at.work) as f64 / rate)
        } else {
            "?".to_string()
        }
    };
    let limit = at.max_work.map_or(String::new(), |max_work| {
        format!(
            "; work limit in {} (--max-work {})",
            time_to(max_work),
            ticker::group(max_work)
        )
    });
    let stop = match (at.no_theorem, at.cap_by) {
        (Some(_), _) => format!(
            "no theorem applies: a prefix of {} heaps",
            ticker::group(at.cap)
        ),
        (None, period::STOPPED_BY_MEMORY) => format!(
            "stops at {} heaps, all that fit in memory",
            ticker::group(at.cap)
        ),
        (None, _) => format!("stops at {} heaps (--max)", ticker::group(at.cap)),
    };
    let look = if at.no_theorem.is_some() {
        "prefix done"
    } else {
        "next look for a period"
    };
    format!(
        "{look} at {} heaps in {}{limit}; {stop}",
        ticker::group(at.next_look),
        time_to(at.work_at_look),
    )
}

impl Args {
    /// `grundy period`: the report, and the certificate in `--cert` when one is proved.
    pub fn run(self, out: &mut impl Write) -> Result<(), Problem> {
        let report = search(&self.rule, self.max, self.max_work, self.memory_heaps)?;
        if let Some(path) = &self.cert {
            if report.proved {
                certificate::write(path, &report)?;
            } else {
                eprintln!("no period proved, so no certificate was written");
            }
        }
        emit(out, self.output.format, &report, render_heap::period)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_says_the_time_to_the_look_and_to_the_limit() {
        let at = PeriodProgress {
            heaps: 6000,
            next_look: 8192,
            cap: 1 << 20,
            cap_by: period::STOPPED_BY_MAX,
            no_theorem: None,
            work: 10_000_000,
            work_at_look: 40_000_000,
            max_work: Some(1 << 29),
        };
        expect_test::expect![[r#"next look for a period at 8,192 heaps in 6 s; work limit in 2 min (--max-work 536,870,912); stops at 1,048,576 heaps (--max)"#]]
            .assert_eq(&message(&at, std::time::Duration::from_secs(2)));
    }
}
