//! `grundy period`: the table doubles, a period sought at each size, until a theorem proves
//! one, `--max` is reached or a larger table would not fit in memory; a progress bar shows long
//! searches.

use std::io::Write;
use std::path::Path;

use grundy::analysis::{self, PeriodReport};
use grundy::heap::{period, HeapGame, HeapSolver, Theorem};

use crate::args::Format;
use crate::tables::{check_fits, heaps_in_memory, parse_rule, run_limits};
use crate::{certificate, emit, render, with_input, Problem};

/// Heaps `grundy period` computes, without `--max`, for a rule no periodicity theorem covers:
/// no table proves a period there, so it stops at a prefix this long.
const PERIOD_DEFAULT_MAX_NO_THEOREM: u64 = 1 << 21;

/// Heaps `grundy period` computes at most, without `--max`, where the system does not say how
/// much memory is available (512 MiB of table).
const PERIOD_UNKNOWN_MEMORY: u64 = 1 << 28;

/// The first table searched for a period; each later search doubles it.
const PERIOD_FIRST_LOOK: u64 = 1 << 10;

/// Heaps computed between updates of the progress bar.
const PERIOD_STEP: u64 = 1 << 16;

/// How often the progress bar redraws, whether or not a step of the table has ended: a long
/// search says what it does within a second.
const PERIOD_TICK: std::time::Duration = std::time::Duration::from_millis(250);

/// How far `grundy period` may look, and what stops it there.
struct PeriodCap {
    heaps: u64,
    /// [`analysis::STOPPED_BY_MAX`] or [`analysis::STOPPED_BY_MEMORY`].
    stopped_by: &'static str,
}

impl PeriodCap {
    /// The cap for `max` (from `--max`) and `memory` (the heaps that fit, when known).
    fn new(max: Option<u64>, has_theorem: bool, memory: Option<u64>) -> PeriodCap {
        let stop_at_max = |heaps| PeriodCap {
            heaps,
            stopped_by: analysis::STOPPED_BY_MAX,
        };
        if !has_theorem {
            return stop_at_max(max.unwrap_or(PERIOD_DEFAULT_MAX_NO_THEOREM));
        }
        match (max, memory) {
            (Some(max), Some(fits)) if max <= fits => stop_at_max(max),
            (Some(max), None) => stop_at_max(max),
            (None, None) => stop_at_max(PERIOD_UNKNOWN_MEMORY),
            (_, Some(fits)) => PeriodCap {
                heaps: fits,
                stopped_by: analysis::STOPPED_BY_MEMORY,
            },
        }
    }
}

/// `grundy period RULE [--max N]`: tabulates, seeking a period each time the table doubles,
/// until a theorem proves one or the table reaches `max` or would no longer fit in memory
/// (`memory` heaps where given, else what the system says). Rules no theorem covers are
/// tabulated to `max` (by default [`PERIOD_DEFAULT_MAX_NO_THEOREM`]) for the prefix only.
fn period(rule_text: &str, max: Option<u64>, memory: Option<u64>) -> Result<PeriodReport, Problem> {
    let rule = parse_rule(rule_text)?;
    let name = rule.to_string();
    let theorem = HeapGame::code(&rule).as_ref().and_then(Theorem::for_code);
    // A look for a period reads the table's cells in place, but a growing table holds its
    // cells twice while it moves them: half the heaps a table alone could hold.
    let memory = memory.or_else(|| heaps_in_memory().map(|heaps| heaps / 2));
    let cap = PeriodCap::new(max, theorem.is_some(), memory);
    if theorem.is_none() {
        // No table proves a period here, but the prefix is still computed (so that the answer
        // says how far it looked), and only if it fits.
        check_fits(rule_text, cap.heaps, memory)?;
    }
    let mut solver = HeapSolver::with_limits(rule, run_limits(cap.heaps));
    if theorem.is_none() {
        // Said at once: the answer is known before the prefix is computed.
        eprintln!(
            "{name}: {}; computing a prefix of {} heaps for the record (--max N changes it)",
            period::no_theorem_reason(solver.code()),
            cap.heaps
        );
    }
    // Drawn only on a terminal, from the first tick on.
    let progress = indicatif::ProgressBar::with_draw_target(
        Some(PERIOD_FIRST_LOOK),
        indicatif::ProgressDrawTarget::stderr(),
    );
    progress.enable_steady_tick(PERIOD_TICK);
    progress.set_style(
        indicatif::ProgressStyle::with_template(
            "{spinner} {bar:30} {pos}/{len} heaps  {per_sec}  ETA {eta}  {msg}",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let mut look = PERIOD_FIRST_LOOK;
    loop {
        look = look.min(cap.heaps);
        progress.set_message(match theorem {
            Some(_) => format!(
                "next look for a period at {look}; stops at {} ({})",
                cap.heaps,
                if cap.stopped_by == analysis::STOPPED_BY_MEMORY {
                    "memory"
                } else {
                    "--max"
                }
            ),
            None => format!("no theorem applies: a prefix of {} heaps", cap.heaps),
        });
        progress.set_length(look);
        // `extend` may seek (and prove) a period itself as the table grows; past a proof it
        // would only copy by the period, so the search stops there.
        while solver.len() < look && solver.certificate().is_none() {
            let step = PERIOD_STEP.min(look - solver.len());
            solver.extend(step).map_err(with_input(rule_text))?;
            progress.set_position(solver.len());
        }
        if solver.seek_period().is_some() || look >= cap.heaps {
            break;
        }
        look = solver.next_look();
    }
    progress.finish_and_clear();
    let heaps = solver.len();
    Ok(match (solver.certificate(), theorem) {
        (Some(certificate), _) => analysis::period_proved(certificate, heaps),
        (None, Some(theorem)) => analysis::period_stopped(
            name,
            heaps,
            format!(
                "no period that the {} theorem proves fits in {heaps} heaps",
                theorem.name()
            ),
            cap.stopped_by,
        ),
        (None, None) => analysis::period_stopped(
            name,
            heaps,
            period::no_theorem_reason(solver.code()).to_string(),
            cap.stopped_by,
        ),
    })
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
    let report = period(rule, max, memory_heaps)?;
    if let Some(path) = cert {
        if report.proved {
            certificate::write(path, &report)?;
        } else {
            eprintln!("no period proved, so no certificate was written");
        }
    }
    emit(out, format, &report, render::period)
}
