//! The heap-engine commands: `period`, `verify`, `bench` and long `seq --out` runs with
//! progress, checkpoints and `--resume`.
//!
//! The library computes; this module drives it in steps, times it, shows progress on stderr
//! and reads and writes files (their formats are in [`crate::stream`] and
//! [`crate::certificate`]).

use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::Path;

use anyhow::Context;
use grundy::analysis::{self, BenchRow, PeriodReport, RunSummary, VerifyReport};
use grundy::heap::{period, HeapGame, HeapSolver, Recomputed, Theorem};
use grundy::rules::HeapRule;
use grundy::{spec, Limit, Limits};

use crate::certificate;
use crate::stream::{Checkpoint, StreamFormat};
use crate::{with_input, Problem};

/// Limits for explicit long runs: the table may hold `heaps`, and work is unbounded.
fn run_limits(heaps: u64) -> Limits {
    Limits {
        max_positions: heaps.max(1),
        max_work: u64::MAX,
        ..Limits::default()
    }
}

/// The most heaps whose table (2 bytes a heap) fits in the memory available now, where the
/// system says (`/proc/meminfo`).
fn heaps_in_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    text.lines().find_map(|line| {
        let kib = line.strip_prefix("MemAvailable:")?.trim();
        let kib = kib.strip_suffix("kB")?.trim().parse::<u64>().ok()?;
        Some(kib.saturating_mul(512))
    })
}

/// Refuses, before any work, a run whose table of `heaps` heaps would not fit in memory.
fn check_memory(rule: &str, heaps: u64) -> Result<(), Problem> {
    check_fits(rule, heaps, heaps_in_memory())
}

/// Refuses a run of `heaps` heaps when at most `fits` fit in memory.
fn check_fits(rule: &str, heaps: u64, fits: Option<u64>) -> Result<(), Problem> {
    match fits {
        Some(fits) if heaps > fits => Err(with_input(rule)(grundy::Error::limit_needing(
            Limit::Memory,
            fits,
            heaps,
        ))),
        _ => Ok(()),
    }
}

fn parse_rule(text: &str) -> Result<HeapRule, Problem> {
    spec::parse_heap_rule(text).map_err(with_input(text))
}

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

/// Tables smaller than this are searched without a progress bar (they take moments).
const PERIOD_QUIET: u64 = 1 << 18;

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
pub fn period(
    rule_text: &str,
    max: Option<u64>,
    memory: Option<u64>,
) -> Result<PeriodReport, Problem> {
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
    let progress = indicatif::ProgressBar::with_draw_target(
        Some(PERIOD_FIRST_LOOK),
        indicatif::ProgressDrawTarget::hidden(),
    );
    progress.set_style(
        indicatif::ProgressStyle::with_template(
            "{spinner} {bar:30} {pos}/{len} heaps  {per_sec}  ETA {eta}  {msg}",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let mut shown = false;
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
            if !shown && solver.len() >= PERIOD_QUIET {
                progress.set_draw_target(indicatif::ProgressDrawTarget::stderr());
                shown = true;
            }
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

/// `grundy verify CERT`.
pub fn verify(path: &Path, naive: bool) -> Result<VerifyReport, Problem> {
    let certificate = certificate::read(path)?;
    let rule = parse_rule(&certificate.rule)?;
    let heaps = certificate.checked_to.saturating_add(1);
    let (how, verdict) = grundy::heap::verify(rule, &certificate, run_limits(heaps), naive)
        .map_err(with_input(&certificate.rule))?;
    Ok(VerifyReport {
        schema: analysis::SCHEMA,
        rule: certificate.rule.clone(),
        valid: verdict.is_ok(),
        recomputed_by: match how {
            Recomputed::Naive => "naive".to_string(),
            Recomputed::Plain => "plain".to_string(),
        },
        heaps,
        reason: verdict.err().map(|refutation| refutation.to_string()),
    })
}

/// Options of a long `seq --out` run.
pub struct LongRun<'a> {
    /// The rule as typed.
    pub rule: &'a str,
    /// The last heap.
    pub to: u64,
    /// The output file.
    pub out: &'a Path,
    /// The output format.
    pub format: StreamFormat,
    /// Continue from the checkpoint.
    pub resume: bool,
    /// Heaps between checkpoints.
    pub checkpoint_every: u64,
    /// Stop (as if interrupted) after this many heaps.
    pub stop_after: Option<u64>,
    /// Whether to copy values by a proved period.
    pub by_period: bool,
}

/// `grundy seq RULE --to N --out FILE`: streams values, shows progress, checkpoints.
/// Returns the summary, or `None` when stopped early by `--stop-after`.
pub fn long_run(run: &LongRun<'_>) -> Result<Option<RunSummary>, Problem> {
    let rule = parse_rule(run.rule)?;
    let name = rule.to_string();
    let heaps = run.to.saturating_add(1);
    check_memory(run.rule, heaps)?;
    let mut solver =
        HeapSolver::with_limits(rule, run_limits(heaps)).extend_by_period(run.by_period);
    let checkpoint = |heaps, bytes| Checkpoint {
        bytes,
        format: run.format,
        heaps,
        rule: name.clone(),
    };
    let mut file;
    let mut hash = period::CHECKSUM_START;
    let mut written: u64;
    let mut bytes: u64;
    if run.resume {
        let saved = Checkpoint::read(run.out)?;
        if saved.rule != name || saved.format != run.format {
            return Err(anyhow::anyhow!(
                "the checkpoint is for rule {:?} in format {:?}, not {name} in {}",
                saved.rule,
                saved.format.name(),
                run.format.name()
            )
            .into());
        }
        (written, bytes) = (saved.heaps, saved.bytes);
        file = OpenOptions::new()
            .read(true)
            .write(true)
            .open(run.out)
            .with_context(|| format!("cannot open {}", run.out.display()))?;
        file.set_len(bytes)?;
        let mut contents = Vec::new();
        file.seek(SeekFrom::Start(0))?;
        file.read_to_end(&mut contents)?;
        let values = run.format.decode(&contents, &name)?;
        if values.len() as u64 != written {
            return Err(anyhow::anyhow!(
                "the output file holds {} heaps, the checkpoint {written}",
                values.len()
            )
            .into());
        }
        hash = period::checksum_extend(hash, values.iter().copied());
        solver.push_known(values).map_err(with_input(run.rule))?;
        file.seek(SeekFrom::End(0))?;
    } else {
        file = File::create(run.out)
            .with_context(|| format!("cannot create {}", run.out.display()))?;
        let header = run.format.header(&name);
        file.write_all(&header)?;
        written = 0;
        bytes = header.len() as u64;
        checkpoint(0, bytes).write(run.out)?;
    }
    let mut writer = BufWriter::with_capacity(1 << 20, file);
    let progress = indicatif::ProgressBar::new(heaps);
    progress.set_style(
        indicatif::ProgressStyle::with_template(
            "{spinner} {bar:30} {pos}/{len} heaps  {per_sec}  ETA {eta}  {msg}",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    progress.set_position(written);
    let step = (heaps / 1000).clamp(1 << 10, 1 << 16);
    let mut since_checkpoint = 0;
    let mut buffer = Vec::new();
    while written < heaps {
        let mut chunk = step.min(heaps - written);
        if let Some(stop) = run.stop_after {
            chunk = chunk.min(stop.saturating_sub(written));
            if chunk == 0 {
                break;
            }
        }
        let target = written + chunk;
        if solver.len() < target {
            solver
                .extend(target - solver.len())
                .map_err(with_input(run.rule))?;
        }
        buffer.clear();
        let values = solver.tabulated_range(written, target);
        hash = period::checksum_extend(hash, values.iter().copied());
        for (offset, value) in values.into_iter().enumerate() {
            run.format
                .encode(written + offset as u64, value, &mut buffer);
        }
        writer.write_all(&buffer)?;
        bytes += buffer.len() as u64;
        written = target;
        since_checkpoint += chunk;
        if since_checkpoint >= run.checkpoint_every || written == heaps {
            writer.flush()?;
            writer.get_ref().sync_data()?;
            checkpoint(written, bytes).write(run.out)?;
            since_checkpoint = 0;
        }
        let stats = solver.stats();
        progress.set_position(written);
        progress.set_message(match solver.certificate() {
            Some(certificate) => format!("period {} proved", certificate.period),
            None => format!("rare {}  max value {}", stats.rare_heaps, stats.max_value),
        });
    }
    writer.flush()?;
    writer.get_ref().sync_data()?;
    checkpoint(written, bytes).write(run.out)?;
    progress.finish_and_clear();
    if written < heaps {
        return Ok(None);
    }
    let certificate = solver.certificate().cloned();
    let sum = hash;
    let period = certificate.map(|certificate| analysis::period_proved(&certificate, heaps));
    Ok(Some(analysis::run_summary(
        name,
        &solver.stats(),
        sum,
        period,
    )))
}

/// `grundy bench`: each rule by the fast engine to its number of heaps, and the naive engine
/// on the last `window` heaps, in this process.
pub fn bench(plan: &[(String, u64)], window: u64) -> Result<Vec<BenchRow>, Problem> {
    let start = std::time::Instant::now();
    let mut clock = || start.elapsed().as_secs_f64();
    plan.iter()
        .map(|(text, heaps)| {
            let rule = parse_rule(text)?;
            check_memory(text, *heaps)?;
            analysis::bench(rule, *heaps, window, &mut clock).map_err(with_input(text))
        })
        .collect()
}

/// Writes `rows` as a table for people.
pub fn render_bench(out: &mut impl Write, rows: &[BenchRow]) -> io::Result<()> {
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
