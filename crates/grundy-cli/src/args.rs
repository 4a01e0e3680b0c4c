//! The command line, decoded once: clap's definitions of the flags, then [`Mode`], what to do
//! with every flag checked and typed, so that no command looks at flags that are not its own.

use std::path::PathBuf;

use anyhow::bail;
use clap::{Parser, Subcommand, ValueEnum};
use grundy::analysis::period::Recomputed;
use grundy::{analysis, spec, Limits, Play};

use crate::play::First;
use crate::seq::LongRun;
use crate::serve;
use crate::stream::StreamFormat;

/// Sprague-Grundy values, winning moves and sequences of impartial games.
///
/// Games are written in the spec language: `nim(3,4,5)`, `kayles(13)`, `sub{1,2,4}(10)`,
/// `0.137(20)`, `wythoff(3,5)`, `digraph(a>b, b>c; a)`, joined into sums with `+`.
#[derive(Parser, Debug)]
#[command(name = "grundy", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// The value of a game or sum, who wins, and every winning move.
    ///
    /// Example: grundy value "kayles(13) + nim(3,4,5)"
    Value {
        /// The game, e.g. "nim(3,4,5)" or "sub{1,2,4}(8) + sub{1,3}(5)".
        /// @FILE reads it from FILE, - from standard input.
        spec: String,
        /// Misère play: the player who makes the last move loses. A sum of heaps of one game
        /// too large to search is answered by the game's misère quotient.
        #[arg(long)]
        misere: bool,
        /// With --misere: most elements of the misère quotient that may answer (default 4096).
        #[arg(long, value_parser = parse_count)]
        max_order: Option<u64>,
        #[command(flatten)]
        output: Output,
        #[command(flatten)]
        limits: LimitArgs,
    },
    /// Every move of a game or sum with the value it leads to; winning moves are marked.
    ///
    /// Example: grundy moves "nim(3,4,5)"
    Moves {
        /// The game, e.g. "wythoff(3,5)".
        /// @FILE reads it from FILE, - from standard input.
        spec: String,
        /// Misère play: the player who makes the last move loses. A sum of heaps of one game
        /// too large to search is answered by the game's misère quotient (outcomes, no values).
        #[arg(long)]
        misere: bool,
        /// With --misere: most elements of the misère quotient that may answer (default 4096).
        #[arg(long, value_parser = parse_count)]
        max_order: Option<u64>,
        #[command(flatten)]
        output: Output,
        #[command(flatten)]
        limits: LimitArgs,
    },
    /// Grundy values of single heaps 0..=N of a heap rule.
    ///
    /// Example: grundy seq kayles --to 100 --format csv
    Seq {
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
    },
    /// Play a game against the computer, which plays perfectly.
    ///
    /// Example: grundy play "nim(3,4,5)" --first me
    Play {
        /// The game, e.g. "nim(3,4,5)" or "kayles(7) + nim(2)".
        /// @FILE reads it from FILE.
        spec: String,
        /// Misère play: the player who makes the last move loses.
        #[arg(long)]
        misere: bool,
        /// Who moves first.
        #[arg(long, value_enum, default_value_t = First::Me)]
        first: First,
        #[command(flatten)]
        limits: LimitArgs,
    },
    /// The period of a heap rule, with the theorem that proves it, or "no period proved".
    ///
    /// The table doubles, a period sought at each size (or grows straight to the length that
    /// proves the period it shows), until a theorem proves one, --max is reached or a larger
    /// table would not fit in memory (6 bytes a heap of the memory available: the table and
    /// the copy of its values a look reads); a progress bar shows long searches on a terminal.
    /// Example: grundy period kayles; grundy period 0.16 --max 2^20 --cert 016.json
    Period {
        /// The rule without a heap, e.g. kayles, 0.16, sub{2,3,7}, allbut{2,3,7}.
        rule: String,
        /// The most heaps to compute while looking (accepts 2^20, 1e6). Default: as many as
        /// fit in memory (2^28 where the system does not say), or 2^21 for rules no theorem
        /// covers (Grundy's game, lasker), which no table proves.
        #[arg(long, value_parser = parse_count)]
        max: Option<u64>,
        /// Take at most this many heaps to fit in memory (for testing the stop).
        #[arg(long, value_parser = parse_count, hide = true)]
        memory_heaps: Option<u64>,
        /// Also write the certificate (the JSON answer) to FILE, for grundy verify.
        #[arg(long)]
        cert: Option<PathBuf>,
        #[command(flatten)]
        output: Output,
    },
    /// The misère quotient of a heap game: the monoid that decides misère sums of its heaps.
    ///
    /// Built one heap at a time, then checked from the rules for every sum of heaps up to --to;
    /// prints the elements, the P-portion, each heap's element, the multiplication table and
    /// the heap from which the quotient stayed the same up to --to.
    /// Example: grundy quotient 0.75 --to 20
    Quotient {
        /// The rule without a heap, e.g. nim, kayles, 0.75.
        rule: String,
        /// The largest heap (accepts 10^3, 1e3).
        #[arg(long, value_parser = parse_count)]
        to: u64,
        /// Most elements the quotient may have.
        #[arg(long, value_parser = parse_count, default_value_t = analysis::quotient::DEFAULT_MAX_ORDER)]
        max_order: u64,
        #[command(flatten)]
        limits: LimitArgs,
        #[command(flatten)]
        output: Output,
    },
    /// Re-checks a certificate written by grundy period (--cert or --format json).
    ///
    /// The values are recomputed from the rule alone, without the engine that wrote the
    /// certificate: by the naive engine from the ruleset's moves (tables up to 65536 heaps),
    /// the plain scan of every split (up to 1048576), or verify's own short implementation of
    /// the sparse space (larger tables). Example: grundy verify kayles.json
    Verify {
        /// The certificate file.
        cert: PathBuf,
        /// Recompute by this route however large the table: naive (the ruleset's moves), plain
        /// (every split) or sparse (verify's own rare/common split; codes with three-heap
        /// splits or repeating tails take the plain scan). Naive and plain are O(n^2).
        #[arg(long, value_name = "ROUTE", value_parser = parse_route)]
        by: Option<Recomputed>,
        #[command(flatten)]
        output: Output,
    },
    /// A census: many heap rules, each to the same heap, on every core, one row a rule in a
    /// Parquet file.
    ///
    /// Rules come as arguments, from --rules-file (one a line, # comments) or from --octal
    /// families. Rows already in the file for the same rule and heaps are skipped, so a
    /// killed census resumes where it stopped. Example: grundy census --octal 3 --to 2^16
    /// --out census.parquet
    Census {
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
    },
    /// Times the fast engine against the naive engine in this process.
    ///
    /// Each rule is tabulated by the fast engine to --to heaps; the naive engine then computes
    /// the last --window heaps from the same values below them, and the ratio compares the two
    /// on that window. Example: grundy bench 0.77 grundy --to 2^20
    Bench {
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
    },
    /// The game DAG: every position reachable, equal ones merged, with values and winning moves.
    ///
    /// Example: grundy dag "kayles(4)" --format dot | dot -Tsvg > kayles.svg
    Dag {
        /// The game, e.g. "kayles(6)" or "nim(1,2) + sub{1,2}(3)".
        /// @FILE reads it from FILE, - from standard input.
        spec: String,
        /// The most positions to list (1 to 100000); the rest are counted.
        #[arg(long, value_parser = parse_max_nodes, default_value_t = grundy::ask::DEFAULT_MAX_NODES)]
        max_nodes: usize,
        /// Misère play: each position with its misère value (the mex of its options' misère
        /// values, 1 at the end), found by searching every position reachable from it.
        #[arg(long)]
        misere: bool,
        /// Output format.
        #[arg(long, value_enum, default_value_t = DagFormat::Text)]
        format: DagFormat,
        #[command(flatten)]
        limits: LimitArgs,
    },
    /// A plot of the Grundy values g(n) of a heap rule, written as SVG or PNG.
    ///
    /// Example: grundy plot kayles --to 200 --out kayles.svg
    Plot {
        /// The rule without a heap, as for `seq`: kayles, sub{1,2,4}, 0.137, ...
        rule: String,
        /// The last heap.
        #[arg(long, value_parser = parse_count)]
        to: u64,
        /// The image file; its extension (.svg or .png) picks the format.
        #[arg(long)]
        out: PathBuf,
        /// Width and height in pixels.
        #[arg(long, value_parser = parse_size, default_value = "960x540")]
        size: (u32, u32),
        #[command(flatten)]
        limits: LimitArgs,
    },
    /// Serves the explorer page and a JSON API on 127.0.0.1 (see /api/value?spec=nim(3,4,5)).
    ///
    /// Example: grundy serve --port 8080, then open http://127.0.0.1:8080/
    Serve {
        /// The port; 0 picks a free one.
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// The address to listen on; anything but 127.0.0.1 or ::1 exposes the server to others.
        #[arg(long, default_value = "127.0.0.1")]
        host: std::net::IpAddr,
        /// The folder of the page (default: web/ of the source tree, or ./web).
        #[arg(long)]
        web: Option<PathBuf>,
        /// The most milliseconds a request may take.
        #[arg(long, value_parser = parse_count, default_value_t = 5000)]
        time_limit_ms: u64,
    },
    /// Nimber arithmetic: + is nim-sum, * nim-product, / division, inv(x), sqrt(x), x^k.
    ///
    /// With no expression, reads one expression per line from standard input and prints one
    /// result per line. Example: grundy nimber "3*5+7"
    Nimber {
        /// The expression, e.g. "3*5+7" or "inv(9)".
        expression: Option<String>,
        /// Read the Library Checker format instead: a count, then lines "A B"; print A*B each.
        #[arg(long, conflicts_with = "expression")]
        pairs: bool,
        #[command(flatten)]
        output: Output,
    },
    /// Prints a shell completion script, e.g. grundy completions bash > /etc/bash_completion.d/grundy
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
}

#[derive(clap::Args, Debug, Clone, Copy)]
struct Output {
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

#[derive(clap::Args, Debug, Clone, Copy)]
struct LimitArgs {
    /// Most positions (or heaps in a table) a solver may hold.
    #[arg(long, value_parser = parse_count, default_value_t = Limits::default().max_positions)]
    max_positions: u64,
    /// Most moves a solver may examine in total: a time limit.
    #[arg(long, value_parser = parse_count, default_value_t = Limits::default().max_work)]
    max_work: u64,
    /// Most components written out in the games that the moves listed lead to (each move
    /// names the whole game after it): an output limit.
    #[arg(long, value_parser = parse_count, default_value_t = Limits::default().max_output)]
    max_output: u64,
    /// Most bytes the transposition table of a positional search (Cram, Chomp, Node and Arc
    /// Kayles) may take: a full table forgets its cheapest positions, so a search never grows
    /// past it.
    #[arg(long, value_parser = parse_memory, default_value_t = Limits::default().max_memory)]
    max_memory: u64,
}

impl LimitArgs {
    fn limits(self) -> Limits {
        Limits {
            max_positions: self.max_positions,
            max_work: self.max_work,
            max_output: self.max_output,
            max_memory: self.max_memory,
            ..Limits::default()
        }
    }
}

#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Words and tables for people.
    Text,
    /// One JSON document.
    Json,
}

#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
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

#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum DagFormat {
    /// Layers of positions with their options' values and moves.
    Text,
    /// One JSON document (the `DagReport`).
    Json,
    /// Graphviz DOT: P-positions filled, winning moves red.
    Dot,
}

/// `WIDTHxHEIGHT` in pixels, each from 100 to 10000.
fn parse_size(text: &str) -> Result<(u32, u32), String> {
    let parse = |part: &str| {
        part.trim()
            .parse::<u32>()
            .ok()
            .filter(|pixels| (100..=10_000).contains(pixels))
            .ok_or_else(|| format!("'{part}' is not a size from 100 to 10000 pixels"))
    };
    let (width, height) = text
        .split_once('x')
        .ok_or_else(|| format!("expected WIDTHxHEIGHT such as 960x540, found '{text}'"))?;
    Ok((parse(width)?, parse(height)?))
}

/// A period: at least 1.
fn parse_period(text: &str) -> Result<u64, String> {
    match parse_count(text)? {
        0 => Err("a period is at least 1, not 0".to_string()),
        period => Ok(period),
    }
}

/// A route of `grundy verify`: `naive`, `plain` or `sparse`.
fn parse_route(name: &str) -> Result<Recomputed, String> {
    Recomputed::from_name(name)
        .ok_or_else(|| format!("'{name}' is no route: naive, plain or sparse"))
}

/// A DAG's node limit: at least 1 (the start), at most 100000, since every position drawn is
/// kept in memory.
fn parse_max_nodes(text: &str) -> Result<usize, String> {
    const MAX: u64 = 100_000;
    match parse_count(text)? {
        0 => Err("at least 1 position (the start), not 0".to_string()),
        count if count > MAX => Err(format!("at most {MAX} positions, not {count}")),
        count => usize::try_from(count).map_err(|error| error.to_string()),
    }
}

fn parse_count(text: &str) -> Result<u64, String> {
    spec::parse_number(text).map_err(|error| error.to_string())
}

/// A number of bytes (`1e9`, `2^30`) no larger than the memory available now.
fn parse_memory(text: &str) -> Result<u64, String> {
    let bytes = parse_count(text)?;
    match grundy_census::memory::available_bytes() {
        Some(available) if bytes > available => Err(format!(
            "{bytes} bytes is more than the {available} bytes of memory available now"
        )),
        _ => Ok(bytes),
    }
}

/// What a sequence is written as, when it is not streamed to a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableFormat {
    /// Ten values a row.
    Text,
    /// One JSON document.
    Json,
    /// `n,value` lines (and the genus in misère play).
    Csv,
}

/// Where `grundy nimber` takes its input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NimberInput {
    /// One expression, from the command line.
    Expression(String),
    /// One expression a line of standard input.
    Lines,
    /// The Library Checker format on standard input: a count, then lines "A B".
    Pairs,
}

/// What to do: one variant per command, with its settings decoded and checked.
#[derive(Debug)]
pub enum Mode {
    /// `grundy value`.
    Value {
        spec: String,
        play: Play,
        /// The most elements of a misère quotient that may answer.
        max_order: u64,
        format: Format,
        limits: Limits,
    },
    /// `grundy moves`.
    Moves {
        spec: String,
        play: Play,
        /// The most elements of a misère quotient that may answer.
        max_order: u64,
        format: Format,
        limits: Limits,
    },
    /// `grundy seq` without `--out`.
    Sequence {
        rule: String,
        to: u64,
        play: Play,
        format: TableFormat,
        limits: Limits,
    },
    /// `grundy seq --by-period [P]`: the values in rows of a period (`None`: the proved one).
    PeriodicTable {
        rule: String,
        to: u64,
        period: Option<u64>,
        json: bool,
        limits: Limits,
    },
    /// `grundy seq --out FILE`; `json` prints the summary as JSON.
    Stream { run: LongRun, json: bool },
    /// `grundy play`.
    Play {
        spec: String,
        play: Play,
        first: First,
        limits: Limits,
    },
    /// `grundy period`.
    Period {
        rule: String,
        max: Option<u64>,
        memory_heaps: Option<u64>,
        cert: Option<PathBuf>,
        format: Format,
    },
    /// `grundy quotient`.
    Quotient {
        rule: String,
        to: u64,
        max_order: u64,
        format: Format,
        limits: Limits,
    },
    /// `grundy verify`.
    Verify {
        cert: PathBuf,
        by: Option<Recomputed>,
        format: Format,
    },
    /// `grundy census`.
    Census {
        rules: Vec<String>,
        rules_file: Option<PathBuf>,
        octal: Vec<String>,
        to: u64,
        out: PathBuf,
    },
    /// `grundy bench`: each rule with its number of heaps.
    Bench {
        plan: Vec<(String, u64)>,
        window: u64,
        format: Format,
    },
    /// `grundy dag`.
    Dag {
        spec: String,
        max_nodes: usize,
        play: Play,
        format: DagFormat,
        limits: Limits,
    },
    /// `grundy plot`.
    Plot {
        rule: String,
        to: u64,
        out: PathBuf,
        size: (u32, u32),
        limits: Limits,
    },
    /// `grundy serve`.
    Serve(serve::Config),
    /// `grundy nimber`.
    Nimber { input: NimberInput, format: Format },
    /// `grundy completions`.
    Completions(clap_complete::Shell),
}

impl Mode {
    /// Whether the command takes the limit flags (`--max-work` and the others), which the help
    /// of a limit error can then name.
    pub fn has_limit_flags(&self) -> bool {
        matches!(
            self,
            Mode::Value { .. }
                | Mode::Moves { .. }
                | Mode::Sequence { .. }
                | Mode::Stream { .. }
                | Mode::Play { .. }
                | Mode::Quotient { .. }
                | Mode::Dag { .. }
                | Mode::Plot { .. }
        )
    }
}

/// The most elements of a misère quotient that may answer: `--max-order`, which needs
/// `--misere`, or the default.
fn quotient_order(max_order: Option<u64>, misere: bool) -> anyhow::Result<u64> {
    if max_order.is_some() && !misere {
        bail!("--max-order bounds the misère quotient; it needs --misere");
    }
    Ok(max_order.unwrap_or(analysis::quotient::DEFAULT_MAX_ORDER))
}

impl Cli {
    /// What the command line asks for.
    ///
    /// # Errors
    /// Flags that do not go together.
    pub fn mode(self) -> anyhow::Result<Mode> {
        Ok(match self.command {
            Command::Value {
                spec,
                misere,
                max_order,
                output,
                limits,
            } => Mode::Value {
                spec,
                play: Play::from_misere(misere),
                max_order: quotient_order(max_order, misere)?,
                format: output.format,
                limits: limits.limits(),
            },
            Command::Moves {
                spec,
                misere,
                max_order,
                output,
                limits,
            } => Mode::Moves {
                spec,
                play: Play::from_misere(misere),
                max_order: quotient_order(max_order, misere)?,
                format: output.format,
                limits: limits.limits(),
            },
            Command::Seq {
                rule,
                to,
                format,
                misere,
                by_period,
                limits,
                out,
                resume,
                checkpoint_every,
                no_period,
                stop_after,
            } => match (out, misere, format) {
                (None, false, SeqFormat::Text | SeqFormat::Json) if by_period.is_some() => {
                    Mode::PeriodicTable {
                        rule,
                        to,
                        period: by_period.flatten(),
                        json: format == SeqFormat::Json,
                        limits: limits.limits(),
                    }
                }
                _ if by_period.is_some() => {
                    bail!("--by-period arranges normal-play values as text or json; drop --out, --misere and --format csv")
                }
                (Some(out), false, format) => Mode::Stream {
                    run: LongRun {
                        rule,
                        to,
                        out,
                        format: match format {
                            SeqFormat::Csv => StreamFormat::Csv,
                            SeqFormat::Binary | SeqFormat::Text | SeqFormat::Json => {
                                StreamFormat::Binary
                            }
                        },
                        resume,
                        checkpoint_every: checkpoint_every.max(1),
                        stop_after,
                        by_period: !no_period,
                    },
                    json: format == SeqFormat::Json,
                },
                (_, _, SeqFormat::Binary) => bail!("--format binary needs --out FILE"),
                (Some(_), true, _) => {
                    bail!("--out runs compute normal-play values; drop --misere")
                }
                (None, misere, format) => Mode::Sequence {
                    rule,
                    to,
                    play: Play::from_misere(misere),
                    format: match format {
                        SeqFormat::Json => TableFormat::Json,
                        SeqFormat::Csv => TableFormat::Csv,
                        SeqFormat::Text | SeqFormat::Binary => TableFormat::Text,
                    },
                    limits: limits.limits(),
                },
            },
            Command::Play {
                spec,
                misere,
                first,
                limits,
            } => Mode::Play {
                spec,
                play: Play::from_misere(misere),
                first,
                limits: limits.limits(),
            },
            Command::Period {
                rule,
                max,
                memory_heaps,
                cert,
                output,
            } => Mode::Period {
                rule,
                max,
                memory_heaps,
                cert,
                format: output.format,
            },
            Command::Quotient {
                rule,
                to,
                max_order,
                limits,
                output,
            } => Mode::Quotient {
                rule,
                to,
                max_order,
                format: output.format,
                limits: limits.limits(),
            },
            Command::Census {
                rules,
                rules_file,
                octal,
                to,
                out,
            } => {
                if rules.is_empty() && rules_file.is_none() && octal.is_empty() {
                    bail!("a census needs rules: give some, or --rules-file, or --octal");
                }
                Mode::Census {
                    rules,
                    rules_file,
                    octal,
                    to,
                    out,
                }
            }
            Command::Verify { cert, by, output } => Mode::Verify {
                cert,
                by,
                format: output.format,
            },
            Command::Bench {
                rules,
                to,
                window,
                output,
            } => Mode::Bench {
                plan: if rules.is_empty() {
                    analysis::BENCH_PLAN
                        .iter()
                        .map(|&(rule, heaps)| (rule.to_string(), to.unwrap_or(heaps)))
                        .collect()
                } else {
                    let heaps = to.unwrap_or(1 << 20);
                    rules.into_iter().map(|rule| (rule, heaps)).collect()
                },
                window,
                format: output.format,
            },
            Command::Dag {
                spec,
                max_nodes,
                misere,
                format,
                limits,
            } => Mode::Dag {
                spec,
                max_nodes,
                play: Play::from_misere(misere),
                format,
                limits: limits.limits(),
            },
            Command::Plot {
                rule,
                to,
                out,
                size,
                limits,
            } => Mode::Plot {
                rule,
                to,
                out,
                size,
                limits: limits.limits(),
            },
            Command::Serve {
                port,
                host,
                web,
                time_limit_ms,
            } => Mode::Serve(serve::Config {
                host,
                port,
                web_root: serve::find_web_root(web),
                time_limit: std::time::Duration::from_millis(time_limit_ms),
            }),
            Command::Nimber {
                expression,
                pairs,
                output,
            } => Mode::Nimber {
                input: match (pairs, expression) {
                    (true, _) => NimberInput::Pairs,
                    (false, Some(expression)) => NimberInput::Expression(expression),
                    (false, None) => NimberInput::Lines,
                },
                format: output.format,
            },
            Command::Completions { shell } => Mode::Completions(shell),
        })
    }
}
