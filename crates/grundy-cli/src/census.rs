//! `grundy census`: rules from the arguments, a file and families of octal codes, run by
//! [`grundy_census::run`] on every core into a resumable Parquet file, with one progress bar
//! for the census and one line per finished rule on standard error, then a summary.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use grundy::analysis::census::CensusReport;
use grundy::analysis::period::SEARCH_BYTES_A_HEAP;
use grundy::analysis::SPARSE_FIRST_LOOK;
use grundy::spec;
use grundy_census::CensusRow;

use crate::flags::{parse_count, Format, Output};
use crate::output::{emit, usage, Problem};
use crate::tables::check_memory;

/// The arguments of `grundy census`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Rules, as for `seq`: 0.137, kayles, sub{1,2,4}.
    rules: Vec<String>,
    /// A file of rules, one a line; blank lines and text after # are ignored.
    #[arg(long)]
    rules_file: Option<PathBuf>,
    /// A family of octal codes: 3 for 0.1 to 0.777 (up to three digits after the point),
    /// 4.3 for 4.0 to 4.777. May be repeated.
    #[arg(long)]
    octal: Vec<String>,
    /// The last heap of every rule (accepts 2^20, 1e6).
    #[arg(long, value_parser = parse_count)]
    to: u64,
    /// The Parquet file: created, or resumed when it exists.
    #[arg(long)]
    out: PathBuf,
    #[command(flatten)]
    output: Output,
}

/// The rules a census runs: the arguments, then the file's lines, then the families.
fn gather(rules: &[String], file: Option<&Path>, octal: &[String]) -> anyhow::Result<Vec<String>> {
    let mut all = rules.to_vec();
    if let Some(path) = file {
        let size = std::fs::metadata(path)
            .with_context(|| format!("cannot read {}", path.display()))?
            .len();
        if size > spec::MAX_FILE_BYTES {
            bail!(
                "{} holds {size} bytes; a rules file may hold at most {}",
                path.display(),
                spec::MAX_FILE_BYTES
            );
        }
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        for line in text.lines() {
            let rule = line.split('#').next().unwrap_or("").trim();
            if !rule.is_empty() {
                all.push(rule.to_string());
            }
        }
    }
    for family in octal {
        all.extend(grundy_census::family(family)?);
    }
    Ok(all)
}

/// What a finished row shows: its period or its sparse-space figures, its largest value,
/// its class and time.
fn line(row: &CensusRow) -> String {
    let found = match (row.preperiod, row.period, &row.theorem) {
        (Some(preperiod), Some(period), Some(theorem)) => {
            let saltus = match row.saltus {
                Some(saltus) if saltus > 0 => format!(" saltus {saltus}"),
                _ => String::new(),
            };
            format!("period {period}{saltus} from heap {preperiod} ({theorem})")
        }
        _ => format!("no period proved in {} heaps", row.heaps),
    };
    let rare = match (&row.rare_mask, row.rare_count) {
        (Some(mask), Some(count)) => format!("  rare {mask} ×{count}"),
        // As seq --out says: a short table cannot tell rare heaps.
        _ if !row.rare_looked() => {
            format!("  rare heaps not looked for below {SPARSE_FIRST_LOOK} heaps")
        }
        _ => String::new(),
    };
    format!(
        "{:<8} {found}  max {} at {}{rare}  {:.2} s",
        row.rule, row.max_value, row.max_value_at, row.seconds
    )
}

impl Args {
    /// `grundy census`: the run, then a summary of the file on `out`.
    pub fn run(self, out: &mut impl Write) -> Result<(), Problem> {
        if self.rules.is_empty() && self.rules_file.is_none() && self.octal.is_empty() {
            return Err(usage(
                "a census needs rules: give some, or --rules-file, or --octal",
            ));
        }
        command(
            out,
            &self.rules,
            self.rules_file.as_deref(),
            &self.octal,
            self.to,
            &self.out,
            self.output.format,
        )
    }
}

/// The census of `rules`, those of `rules_file` and the `octal` families, to heap `to`, into
/// `file`.
fn command(
    out: &mut impl Write,
    rules: &[String],
    rules_file: Option<&Path>,
    octal: &[String],
    to: u64,
    file: &Path,
    format: Format,
) -> Result<(), Problem> {
    let rules = gather(rules, rules_file, octal)?;
    let heaps = to.saturating_add(1);
    let cores = std::thread::available_parallelism().map_or(1, |cores| cores.get() as u64);
    // Each core holds one table at a time, growing by copying.
    check_memory("census", heaps.saturating_mul(cores), SEARCH_BYTES_A_HEAP)?;
    let progress = indicatif::ProgressBar::new(0);
    progress.set_style(
        indicatif::ProgressStyle::with_template(
            "{spinner} {bar:30} {pos}/{len} rules  ETA {eta}  {msg}",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    // The rows already in the file, to say which of them a new row replaces.
    let earlier = if file.exists() {
        grundy_census::table::read(file)?
    } else {
        Vec::new()
    };
    let rows = grundy_census::run(&rules, heaps, Some(file), |row, done, total| {
        progress.set_length(total as u64);
        progress.set_position(done as u64);
        progress.set_message(row.rule.clone());
        let mut said = line(row);
        if let Some(old) = earlier.iter().find(|old| old.rule == row.rule) {
            said.push_str(&format!(
                "  (replaces the row of {} heaps in the file)",
                old.heaps
            ));
        }
        // A hidden bar (standard error not a terminal) prints nothing, not even its lines.
        if progress.is_hidden() {
            eprintln!("{said}");
        } else {
            progress.println(said);
        }
    })?;
    progress.finish_and_clear();
    let report = CensusReport::new(file.display().to_string(), rows);
    emit(out, format, &report, |report| {
        format!(
            "{} in {}: {} with a proved period, {} without; {}\n",
            counted(report.rows.len(), "rule"),
            report.file,
            report.proved,
            report.unproved,
            counted(report.classes, "class")
        )
    })
}

/// `1 rule`, `2 rules`; `1 class`, `3 classes`.
fn counted(count: usize, noun: &str) -> String {
    match (count, noun.ends_with('s')) {
        (1, _) => format!("1 {noun}"),
        (_, true) => format!("{count} {noun}es"),
        (_, false) => format!("{count} {noun}s"),
    }
}
