//! `grundy period`: the library's period search ([`period::search`]: the table doubles until a
//! theorem proves a period, `--max` is reached or a larger table would not fit in memory), a
//! progress bar showing long searches.

use std::io::Write;
use std::path::Path;

use grundy::analysis::period::{self, Memory, PeriodProgress, PeriodReport, PeriodSearch};

use crate::args::Format;
use crate::tables::{memory, parse_rule};
use crate::{certificate, emit, render, with_input, Problem};

/// How often the progress bar redraws, whether or not a step of the table has ended: a long
/// search says what it does within a second.
const PERIOD_TICK: std::time::Duration = std::time::Duration::from_millis(250);

/// `grundy period RULE [--max N]`: [`period::search`], with a progress bar on a terminal and,
/// for a rule no theorem covers, a line on standard error saying so before the prefix is
/// computed. `memory_heaps` (a test flag) stands for the memory available.
fn search(
    rule_text: &str,
    max: Option<u64>,
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
            "{spinner} {bar:30} {pos}/{len} heaps  {per_sec}  ETA {eta}  {msg}",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
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
        progress.set_message(match at.no_theorem {
            None => format!(
                "next look for a period at {}; stops at {} ({})",
                at.next_look,
                at.cap,
                if at.cap_by == period::STOPPED_BY_MEMORY {
                    "memory"
                } else {
                    "--max"
                }
            ),
            Some(_) => format!("no theorem applies: a prefix of {} heaps", at.cap),
        });
        progress.set_length(at.next_look);
        progress.set_position(at.heaps);
    };
    let memory = memory_heaps.map_or_else(memory, Memory::Heaps);
    let search = PeriodSearch {
        max,
        memory,
        progress: Some(&mut show),
        ..PeriodSearch::default()
    };
    let report = period::search(rule, search).map_err(with_input(rule_text));
    progress.finish_and_clear();
    report
}

/// `grundy period`: the report in `format`, and the certificate in `cert` when one is proved.
pub fn command(
    out: &mut impl Write,
    rule: &str,
    max: Option<u64>,
    memory_heaps: Option<u64>,
    cert: Option<&Path>,
    format: Format,
) -> Result<(), Problem> {
    let report = search(rule, max, memory_heaps)?;
    if let Some(path) = cert {
        if report.proved {
            certificate::write(path, &report)?;
        } else {
            eprintln!("no period proved, so no certificate was written");
        }
    }
    emit(out, format, &report, render::period)
}
