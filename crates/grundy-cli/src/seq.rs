//! `grundy seq`: a table of values printed, or a long run streamed to a file with a progress
//! bar, checkpoints and `--resume` (the files' formats are in [`crate::stream`]).

use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Read, Seek, SeekFrom, Write};
use std::num::NonZeroU64;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use grundy::analysis::period::Checksum;
use grundy::analysis::run::Tabulation;
use grundy::analysis::{self, periodic, RunSummary};
use grundy::ask::{self, SequenceAnswer};
use grundy::{Limits, Play};

use crate::flags::{parse_count, LimitArgs};
use crate::output::{print_json, usage, with_input, Problem};
use crate::stream::{Checkpoint, StreamFormat};
use crate::tables::{memory, parse_rule};
use crate::{render_heap, render_misere, ticker};

/// The arguments of `grundy seq`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The rule without a heap: nim, kayles, dawson, grundy, lasker, sub{1,2,4},
    /// allbut{1,2}, take[2..5], 0.137, 0.3F.
    rule: String,
    /// The last heap (accepts 10^6, 1e6, 1_000_000).
    #[arg(long, value_parser = parse_count)]
    to: u64,
    /// Output format; csv prints a header `n,value`, then one line per heap. With --out, the
    /// file's format (binary or csv); json writes a binary file and prints the summary as JSON.
    #[arg(long, value_enum, default_value_t = SeqFormat::Text)]
    format: SeqFormat,
    /// Misère values and genera instead, and where the game stops being tame.
    #[arg(long)]
    misere: bool,
    /// Arrange the values in rows of the proved period (or of P), one column per residue,
    /// a row starting at the preperiod: a periodic table.
    #[arg(long, value_name = "P", num_args = 0..=1, value_parser = parse_period)]
    by_period: Option<Option<u64>>,
    #[command(flatten)]
    limits: LimitArgs,
    /// Stream the values to FILE (--format binary, the default, or csv) with a progress
    /// bar and checkpoints, then print summary statistics.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Continue an interrupted --out run from FILE.checkpoint.
    #[arg(long, requires = "out")]
    resume: bool,
    /// Heaps between checkpoints of an --out run.
    #[arg(long, value_parser = parse_count, default_value_t = 1 << 22)]
    checkpoint_every: u64,
    /// Compute every heap even after a period is proved (--out runs copy by the period).
    #[arg(long)]
    no_period: bool,
    /// Stop after this many heaps, as if interrupted (for testing --resume).
    #[arg(long, value_parser = parse_count, hide = true)]
    stop_after: Option<u64>,
}

#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
enum SeqFormat {
    /// A table, ten values a row.
    Text,
    /// One JSON document.
    Json,
    /// Comma-separated values: a header `n,value`, then one line per heap.
    Csv,
    /// Compact binary (`seq --out` only): a header line, then one LEB128 varint per heap.
    Binary,
}

/// What a sequence is written as, when it is not streamed to a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TableFormat {
    /// Ten values a row.
    Text,
    /// One JSON document.
    Json,
    /// `n,value` lines (and the genus in misère play).
    Csv,
}

/// A period: at least 1.
fn parse_period(text: &str) -> Result<u64, String> {
    match parse_count(text)? {
        0 => Err("a period is at least 1, not 0".to_string()),
        period => Ok(period),
    }
}

impl Args {
    /// Whether the limit flags bound this run (a periodic table is arranged, not computed
    /// further).
    pub fn has_limit_flags(&self) -> bool {
        self.by_period.is_none()
    }

    /// `grundy seq`: a table printed, a periodic table, or a long run streamed to a file.
    pub fn run(self, out: &mut impl Write) -> Result<ExitCode, Problem> {
        let limits = self.limits.limits();
        match (self.out, self.misere, self.format) {
            (None, false, SeqFormat::Text | SeqFormat::Json) if self.by_period.is_some() => {
                let json = self.format == SeqFormat::Json;
                let period = self.by_period.flatten();
                periodic_table(out, &self.rule, self.to, period, json, limits)?;
            }
            _ if self.by_period.is_some() => {
                return Err(usage("--by-period arranges normal-play values as text or json; drop --out, --misere and --format csv"))
            }
            (Some(file), false, format) => {
                let run = LongRun {
                    rule: self.rule,
                    to: self.to,
                    out: file,
                    format: match format {
                        SeqFormat::Csv => StreamFormat::Csv,
                        SeqFormat::Binary | SeqFormat::Text | SeqFormat::Json => {
                            StreamFormat::Binary
                        }
                    },
                    resume: self.resume,
                    checkpoint_every: self.checkpoint_every.max(1),
                    stop_after: self.stop_after,
                    by_period: !self.no_period,
                };
                return stream(out, &run, format == SeqFormat::Json);
            }
            (_, _, SeqFormat::Binary) => return Err(usage("--format binary needs --out FILE")),
            (Some(_), true, _) => return Err(usage("--out runs compute normal-play values; drop --misere")),
            (None, misere, format) => {
                let format = match format {
                    SeqFormat::Json => TableFormat::Json,
                    SeqFormat::Csv => TableFormat::Csv,
                    SeqFormat::Text | SeqFormat::Binary => TableFormat::Text,
                };
                table(out, &self.rule, self.to, Play::from_misere(misere), format, limits)?;
            }
        }
        Ok(ExitCode::SUCCESS)
    }
}

/// Options of a long `seq --out` run.
#[derive(Debug)]
struct LongRun {
    /// The rule as typed.
    rule: String,
    /// The last heap.
    to: u64,
    /// The output file.
    out: PathBuf,
    /// The output format.
    format: StreamFormat,
    /// Continue from the checkpoint.
    resume: bool,
    /// Heaps between checkpoints.
    checkpoint_every: u64,
    /// Stop (as if interrupted) after this many heaps.
    stop_after: Option<u64>,
    /// Whether to copy values by a proved period.
    by_period: bool,
}

/// `grundy seq RULE --to N --out FILE`: streams values, shows progress, checkpoints.
/// Returns the summary, or `None` when stopped early by `--stop-after`.
fn long_run(run: &LongRun) -> Result<Option<RunSummary>, Problem> {
    let rule = parse_rule(&run.rule)?;
    let heaps = run.to.saturating_add(1);
    let mut table =
        Tabulation::new(rule, heaps, run.by_period, memory()).map_err(with_input(&run.rule))?;
    let name = table.rule();
    let mut file;
    let mut hash = Checksum::EMPTY;
    let written: u64;
    let bytes: u64;
    if run.resume {
        let saved = Checkpoint::read(&run.out)?;
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
            .open(&run.out)
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
        hash = hash.extend(values.iter().copied());
        table.resume(values).map_err(with_input(&run.rule))?;
        file.seek(SeekFrom::End(0))?;
    } else {
        file = File::create(&run.out)
            .with_context(|| format!("cannot create {}", run.out.display()))?;
        let header = run.format.header(&name);
        file.write_all(&header)?;
        written = 0;
        bytes = header.len() as u64;
        Checkpoint {
            bytes,
            format: run.format,
            heaps: 0,
            rule: name.clone(),
        }
        .write(&run.out)?;
    }
    let progress = indicatif::ProgressBar::new(heaps);
    progress.set_style(
        indicatif::ProgressStyle::with_template(
            "{spinner} {bar:30} {pos}/{len} heaps  {per_sec}  ETA {eta}  {msg}",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    progress.set_position(written);
    let step = (heaps / 1000).clamp(1 << 10, 1 << 16);
    let mut sink = Sink {
        writer: BufWriter::with_capacity(1 << 20, file),
        format: run.format,
        hash,
        heaps: written,
        bytes,
        since_checkpoint: 0,
        checkpoint_every: run.checkpoint_every,
        out: &run.out,
        rule: &name,
        total: heaps,
    };
    // The values are written on a thread of their own, a few chunks behind the engine.
    let (chunks, written_chunks) = std::sync::mpsc::sync_channel::<Vec<u64>>(4);
    let finished = std::thread::scope(|scope| -> Result<Sink, Problem> {
        let writer = scope.spawn(move || -> anyhow::Result<Sink> {
            for values in written_chunks {
                sink.take(values)?;
            }
            sink.writer.flush()?;
            sink.writer.get_ref().sync_data()?;
            Ok(sink)
        });
        let computed = compute_chunks(&mut table, run, written, heaps, step, &progress, chunks);
        let sink = writer
            .join()
            .map_err(|_| anyhow::anyhow!("the thread writing {} stopped", run.out.display()))??;
        computed?;
        Ok(sink)
    })?;
    progress.finish_and_clear();
    if finished.heaps < heaps {
        finished.checkpoint().write(&run.out)?;
        return Ok(None);
    }
    // The file is complete: nothing is left to resume.
    Checkpoint::remove(&run.out)?;
    Ok(Some(table.summary(finished.hash)))
}

/// `grundy seq` without `--out`: values (misère values and genera in misère play) of heaps
/// `0..=to` in `format`.
fn table(
    out: &mut impl Write,
    rule: &str,
    to: u64,
    play: Play,
    format: TableFormat,
    mut limits: Limits,
) -> Result<(), Problem> {
    let heap_rule = parse_rule(rule)?;
    let _ticker = ticker::start(&mut limits);
    let answer = ask::sequence(&heap_rule, to, play, limits).map_err(with_input(rule))?;
    match (format, &answer) {
        (TableFormat::Json, answer) => print_json(out, answer)?,
        (TableFormat::Csv, SequenceAnswer::Normal(report)) => {
            render_heap::sequence_csv(out, report)?
        }
        (TableFormat::Csv, SequenceAnswer::Misere(report)) => {
            render_misere::sequence_csv(out, report)?;
        }
        (TableFormat::Text, SequenceAnswer::Normal(report)) => {
            write!(out, "{}", render_heap::sequence(report))?;
        }
        (TableFormat::Text, SequenceAnswer::Misere(report)) => {
            write!(out, "{}", render_misere::sequence(report))?;
        }
    }
    Ok(())
}

/// `grundy seq --by-period [P]`: values of heaps `0..=to` in rows of the proved period, or of
/// `period`, as text or JSON.
fn periodic_table(
    out: &mut impl Write,
    rule: &str,
    to: u64,
    period: Option<u64>,
    json: bool,
    mut limits: Limits,
) -> Result<(), Problem> {
    let heap_rule = parse_rule(rule)?;
    let _ticker = ticker::start(&mut limits);
    let report = analysis::heap_sequence(heap_rule, to, limits).map_err(with_input(rule))?;
    let table = match period.and_then(NonZeroU64::new) {
        // The proved preperiod goes with the proved period only.
        Some(period) => {
            let preperiod = report
                .periodicity
                .as_ref()
                .filter(|found| found.period == period.get())
                .map_or(0, |found| found.preperiod);
            Some(periodic::periodic_table(&report, period, preperiod))
        }
        None => periodic::proved_table(&report),
    };
    let Some(table) = table else {
        return Err(anyhow::anyhow!(
            "no period of {} is proved from heaps 0 to {to}: `grundy period {rule}` finds how \
             many heaps a proof needs (then raise --to), or name a period: --by-period P",
            report.rule
        )
        .into());
    };
    if json {
        print_json(out, &table)?;
    } else {
        write!(out, "{}", render_heap::periodic_table(&table))?;
    }
    Ok(())
}

/// `grundy seq --out FILE`: the run, then its summary (as JSON when `json`); exit code 1 when
/// `--stop-after` stopped it early.
fn stream(out: &mut impl Write, run: &LongRun, json: bool) -> Result<ExitCode, Problem> {
    match long_run(run)? {
        Some(summary) if json => print_json(out, &summary)?,
        Some(summary) => write!(out, "{}", render_heap::run_summary(&summary))?,
        None => {
            eprintln!("stopped early; continue with --resume");
            return Ok(ExitCode::from(1));
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Computes heaps `written..heaps` a chunk at a time and hands each chunk's values to
/// `chunks`, until done, stopped by `--stop-after`, or the writer is gone.
fn compute_chunks(
    table: &mut Tabulation,
    run: &LongRun,
    mut written: u64,
    heaps: u64,
    step: u64,
    progress: &indicatif::ProgressBar,
    chunks: std::sync::mpsc::SyncSender<Vec<u64>>,
) -> Result<(), Problem> {
    while written < heaps {
        let mut chunk = step.min(heaps - written);
        if let Some(stop) = run.stop_after {
            chunk = chunk.min(stop.saturating_sub(written));
            if chunk == 0 {
                break;
            }
        }
        let target = written + chunk;
        table.extend_to(target).map_err(with_input(&run.rule))?;
        if chunks.send(table.values(written, target)).is_err() {
            // The writer failed; its error is the one to report.
            break;
        }
        written = target;
        let status = table.status();
        progress.set_position(written);
        progress.set_message(match status.period {
            Some(period) => format!("period {period} proved"),
            None => format!("rare {}  max value {}", status.rare_heaps, status.max_value),
        });
    }
    Ok(())
}

/// The writing half of a long run: the checksum, the encoded values, and a checkpoint every
/// `checkpoint_every` heaps.
struct Sink<'a> {
    writer: BufWriter<File>,
    format: StreamFormat,
    /// The checksum of the values written.
    hash: Checksum,
    /// Heaps written, and the bytes of the file they fill.
    heaps: u64,
    bytes: u64,
    since_checkpoint: u64,
    checkpoint_every: u64,
    out: &'a std::path::Path,
    rule: &'a str,
    /// The heaps of the whole run.
    total: u64,
}

impl Sink<'_> {
    /// The checkpoint of what is written so far.
    fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            bytes: self.bytes,
            format: self.format,
            heaps: self.heaps,
            rule: self.rule.to_string(),
        }
    }

    /// Writes the values of the next heaps.
    fn take(&mut self, values: Vec<u64>) -> anyhow::Result<()> {
        self.hash = self.hash.extend(values.iter().copied());
        let mut buffer = Vec::with_capacity(values.len() * 2);
        for (offset, value) in values.iter().enumerate() {
            self.format
                .encode(self.heaps + offset as u64, *value, &mut buffer);
        }
        self.writer.write_all(&buffer)?;
        self.bytes += buffer.len() as u64;
        self.heaps += values.len() as u64;
        self.since_checkpoint += values.len() as u64;
        if self.since_checkpoint >= self.checkpoint_every && self.heaps < self.total {
            self.writer.flush()?;
            self.writer.get_ref().sync_data()?;
            self.checkpoint().write(self.out)?;
            self.since_checkpoint = 0;
        }
        Ok(())
    }
}
