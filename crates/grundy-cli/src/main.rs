//! The `grundy` command: values, winning moves, sequences and nim arithmetic from the terminal.
//!
//! This crate parses arguments, calls the library and renders its reports; it holds no game
//! theory. Exit codes: 0 answered, 1 a limit stopped the computation, 2 bad input.

mod certificate;
mod dag;
mod heap_cmds;
mod input;
mod play;
mod plot;
mod render;
mod render_loopy;
mod render_misere;
mod serve;
mod stream;

use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::{CommandFactory, Parser, Subcommand, ValueEnum};
use grundy::{analysis, spec, Limits, Play};

/// Sprague-Grundy values, winning moves and sequences of impartial games.
///
/// Games are written in the spec language: `nim(3,4,5)`, `kayles(13)`, `sub{1,2,4}(10)`,
/// `0.137(20)`, `wythoff(3,5)`, `digraph(a>b, b>c; a)`, joined into sums with `+`.
#[derive(Parser, Debug)]
#[command(name = "grundy", version, about, long_about = None)]
struct Cli {
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
        /// Misère play: the player who makes the last move loses.
        #[arg(long)]
        misere: bool,
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
        /// Misère play: the player who makes the last move loses.
        #[arg(long)]
        misere: bool,
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
        #[arg(long, value_enum, default_value_t = play::First::Me)]
        first: play::First,
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
    /// Re-checks a certificate written by grundy period (--cert or --format json).
    ///
    /// The values are recomputed from the rule alone: by the naive engine from the ruleset's
    /// moves, or for tables over 65536 heaps by the plain scan of every split.
    /// Example: grundy verify kayles.json
    Verify {
        /// The certificate file.
        cert: PathBuf,
        /// Recompute by the naive engine however large the table (slow: O(n^2) moves).
        #[arg(long)]
        naive: bool,
        #[command(flatten)]
        output: Output,
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
        /// The most positions to list (at most 100000); the rest are counted.
        #[arg(long, value_parser = parse_max_nodes, default_value_t = 200)]
        max_nodes: usize,
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

impl Output {
    /// Writes `report` as JSON, or as the text `text` makes of it.
    fn emit<T: serde::Serialize>(
        self,
        out: &mut impl Write,
        report: &T,
        text: impl FnOnce(&T) -> String,
    ) -> Result<(), Problem> {
        match self.format {
            Format::Json => print_json(out, report),
            Format::Text => Ok(write!(out, "{}", text(report))?),
        }
    }
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
}

impl LimitArgs {
    fn limits(self) -> Limits {
        Limits {
            max_positions: self.max_positions,
            max_work: self.max_work,
            max_output: self.max_output,
            ..Limits::default()
        }
    }
}

#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
enum Format {
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
enum DagFormat {
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

/// A DAG's node limit: at most 100000, since every position drawn is kept in memory.
fn parse_max_nodes(text: &str) -> Result<usize, String> {
    const MAX: u64 = 100_000;
    match parse_count(text)? {
        count if count > MAX => Err(format!("at most {MAX} positions, not {count}")),
        count => usize::try_from(count).map_err(|error| error.to_string()),
    }
}

fn parse_count(text: &str) -> Result<u64, String> {
    spec::parse_number(text).map_err(|error| error.to_string())
}

/// An error with the text it is about, for the caret.
struct Failure {
    error: grundy::Error,
    input: Option<String>,
}

enum Problem {
    Library(Box<Failure>),
    Other(anyhow::Error),
}

impl From<anyhow::Error> for Problem {
    fn from(error: anyhow::Error) -> Problem {
        Problem::Other(error)
    }
}

impl From<io::Error> for Problem {
    fn from(error: io::Error) -> Problem {
        Problem::Other(error.into())
    }
}

fn with_input(input: &str) -> impl Fn(grundy::Error) -> Problem + '_ {
    move |error| {
        Problem::Library(Box::new(Failure {
            error,
            input: Some(input.to_string()),
        }))
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(Problem::Other(error)) => {
            if error
                .downcast_ref::<io::Error>()
                .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
            {
                return ExitCode::SUCCESS;
            }
            eprintln!("error: {error:#}");
            ExitCode::from(2)
        }
        Err(Problem::Library(failure)) => {
            eprint!(
                "{}",
                render::error(&failure.error, failure.input.as_deref())
            );
            if failure.error.is_limit() {
                ExitCode::from(1)
            } else {
                ExitCode::from(2)
            }
        }
    }
}

/// The spec that `argument` names (`@FILE`, `-` or the text itself), parsed.
fn parse_sum(argument: &str, limits: Limits) -> Result<(String, grundy::sum::Sum), Problem> {
    let text = input::spec_text(argument)
        .map_err(|error| Problem::Library(Box::new(Failure { error, input: None })))?;
    let options = spec::Options {
        limits,
        include: Some(&input::include),
    };
    let sum = spec::parse_with(&text, options).map_err(with_input(&text))?;
    Ok((text, sum))
}

fn run(cli: Cli) -> Result<ExitCode, Problem> {
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    match cli.command {
        Command::Value {
            spec,
            misere: true,
            output,
            limits,
        } => {
            let (spec, sum) = parse_sum(&spec, limits.limits())?;
            let report =
                analysis::misere::value(&sum, limits.limits()).map_err(with_input(&spec))?;
            output.emit(&mut out, &report, render_misere::value)?;
        }
        Command::Value {
            spec,
            misere: false,
            output,
            limits,
        } => {
            let (spec, sum) = parse_sum(&spec, limits.limits())?;
            let report =
                analysis::loopy::value_any(&sum, limits.limits()).map_err(with_input(&spec))?;
            output.emit(&mut out, &report, render_loopy::any_value)?;
        }
        Command::Moves {
            spec,
            misere: true,
            output,
            limits,
        } => {
            let (spec, sum) = parse_sum(&spec, limits.limits())?;
            let report =
                analysis::misere::moves(&sum, limits.limits()).map_err(with_input(&spec))?;
            output.emit(&mut out, &report, render_misere::moves)?;
        }
        Command::Moves {
            spec,
            misere: false,
            output,
            limits,
        } => {
            let (spec, sum) = parse_sum(&spec, limits.limits())?;
            let report =
                analysis::loopy::moves_any(&sum, limits.limits()).map_err(with_input(&spec))?;
            output.emit(&mut out, &report, render_loopy::any_moves)?;
        }
        Command::Seq {
            rule,
            to,
            format,
            out: Some(file),
            resume,
            checkpoint_every,
            no_period,
            stop_after,
            misere: false,
            ..
        } => {
            let stream_format = match format {
                SeqFormat::Csv => stream::StreamFormat::Csv,
                SeqFormat::Binary | SeqFormat::Text | SeqFormat::Json => {
                    stream::StreamFormat::Binary
                }
            };
            let run = heap_cmds::LongRun {
                rule: &rule,
                to,
                out: &file,
                format: stream_format,
                resume,
                checkpoint_every: checkpoint_every.max(1),
                stop_after,
                by_period: !no_period,
            };
            match heap_cmds::long_run(&run)? {
                Some(summary) if format == SeqFormat::Json => print_json(&mut out, &summary)?,
                Some(summary) => write!(out, "{}", render::run_summary(&summary))?,
                None => {
                    eprintln!("stopped early; continue with --resume");
                    out.flush()?;
                    return Ok(ExitCode::from(1));
                }
            }
        }
        Command::Seq {
            format: SeqFormat::Binary,
            ..
        } => {
            return Err(anyhow::anyhow!("--format binary needs --out FILE").into());
        }
        Command::Seq {
            out: Some(_),
            misere: true,
            ..
        } => {
            return Err(
                anyhow::anyhow!("--out runs compute normal-play values; drop --misere").into(),
            );
        }
        Command::Seq {
            rule,
            to,
            misere: true,
            format,
            limits,
            ..
        } => {
            let heap_rule = spec::parse_heap_rule(&rule).map_err(with_input(&rule))?;
            let report = analysis::misere::sequence(&heap_rule, to, limits.limits())
                .map_err(with_input(&rule))?;
            match format {
                SeqFormat::Json => print_json(&mut out, &report)?,
                SeqFormat::Csv => render_misere::sequence_csv(&mut out, &report)?,
                SeqFormat::Text | SeqFormat::Binary => {
                    write!(out, "{}", render_misere::sequence(&report))?
                }
            }
        }
        Command::Play {
            spec,
            misere,
            first,
            limits,
        } => {
            drop(out);
            return play_game(&spec, misere, first, limits.limits());
        }
        Command::Seq {
            rule,
            to,
            misere: false,
            format,
            limits,
            ..
        } => {
            let heap_rule = spec::parse_heap_rule(&rule).map_err(with_input(&rule))?;
            let report = analysis::heap_sequence(heap_rule, to, limits.limits())
                .map_err(with_input(&rule))?;
            match format {
                SeqFormat::Json => print_json(&mut out, &report)?,
                SeqFormat::Csv => render::sequence_csv(&mut out, &report)?,
                SeqFormat::Text | SeqFormat::Binary => {
                    write!(out, "{}", render::sequence(&report))?
                }
            }
        }
        Command::Period {
            rule,
            max,
            memory_heaps,
            cert,
            output,
        } => {
            let report = heap_cmds::period(&rule, max, memory_heaps)?;
            if let Some(path) = cert {
                if report.proved {
                    certificate::write(&path, &report)?;
                } else {
                    eprintln!("no period proved, so no certificate was written");
                }
            }
            output.emit(&mut out, &report, render::period)?;
        }
        Command::Verify {
            cert,
            naive,
            output,
        } => {
            let report = heap_cmds::verify(&cert, naive)?;
            output.emit(&mut out, &report, render::verify)?;
            out.flush()?;
            if !report.valid {
                return Ok(ExitCode::from(1));
            }
        }
        Command::Bench {
            rules,
            to,
            window,
            output,
        } => {
            let plan: Vec<(String, u64)> = if rules.is_empty() {
                analysis::BENCH_PLAN
                    .iter()
                    .map(|&(rule, heaps)| (rule.to_string(), to.unwrap_or(heaps)))
                    .collect()
            } else {
                let heaps = to.unwrap_or(1 << 20);
                rules.into_iter().map(|rule| (rule, heaps)).collect()
            };
            let rows = heap_cmds::bench(&plan, window)?;
            match output.format {
                Format::Json => print_json(&mut out, &rows)?,
                Format::Text => heap_cmds::render_bench(&mut out, &rows)?,
            }
        }
        Command::Dag {
            spec,
            max_nodes,
            format,
            limits,
        } => {
            let (spec, sum) = parse_sum(&spec, limits.limits())?;
            let report = analysis::dag(&sum, max_nodes).map_err(with_input(&spec))?;
            match format {
                DagFormat::Json => print_json(&mut out, &report)?,
                DagFormat::Dot => write!(out, "{}", dag::dot(&report))?,
                DagFormat::Text => write!(out, "{}", dag::text(&report))?,
            }
        }
        Command::Plot {
            rule,
            to,
            out: path,
            size,
            limits,
        } => {
            plot::ImageFormat::of(&path)?;
            let heap_rule = spec::parse_heap_rule(&rule).map_err(with_input(&rule))?;
            let report = analysis::heap_sequence(heap_rule, to, limits.limits())
                .map_err(with_input(&rule))?;
            plot::write(&report, &path, size)?;
        }
        Command::Serve {
            port,
            host,
            web,
            time_limit_ms,
        } => {
            serve::run(serve::Config {
                host,
                port,
                web_root: serve::find_web_root(web),
                time_limit: std::time::Duration::from_millis(time_limit_ms),
            })?;
        }
        Command::Nimber {
            expression,
            pairs,
            output,
        } => {
            if pairs {
                return nimber_pairs(&mut out);
            }
            return match expression {
                Some(expression) => {
                    let value = spec::parse_nimber_expression(&expression)
                        .map_err(with_input(&expression))?;
                    print_nimber(&mut out, output.format, &expression, value)?;
                    Ok(ExitCode::SUCCESS)
                }
                None => nimber_lines(&mut out, output.format),
            };
        }
        Command::Completions { shell } => {
            clap_complete::generate(shell, &mut Cli::command(), "grundy", &mut out);
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// `grundy play`: the game loop reads stdin and writes stdout directly, flushing each prompt.
fn play_game(
    text: &str,
    misere: bool,
    first: play::First,
    limits: Limits,
) -> Result<ExitCode, Problem> {
    if text == "-" {
        return Err(anyhow::anyhow!(
            "play reads moves from standard input, so its game cannot come from there; use @FILE"
        )
        .into());
    }
    let (text, sum) = parse_sum(text, limits)?;
    let text = text.as_str();
    let convention = if misere { Play::Misere } else { Play::Normal };
    let mut game = grundy::play::Game::new(&sum, convention, limits).map_err(with_input(text))?;
    let stdout = io::stdout();
    let mut out = stdout.lock();
    match play::run(&mut game, first, &mut io::stdin().lock(), &mut out) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(play::Failure::Game(error)) => Err(with_input(text)(error)),
        Err(play::Failure::Io(error)) => Err(error.into()),
    }
}

fn print_json(out: &mut impl Write, report: &impl serde::Serialize) -> Result<(), Problem> {
    serde_json::to_writer(&mut *out, report).context("writing JSON")?;
    writeln!(out)?;
    Ok(())
}

fn print_nimber(
    out: &mut impl Write,
    format: Format,
    expression: &str,
    value: grundy::Nimber,
) -> Result<(), Problem> {
    match format {
        Format::Json => print_json(
            out,
            &analysis::NimberReport {
                schema: analysis::SCHEMA,
                expression: expression.to_string(),
                value: value.value(),
            },
        ),
        Format::Text => Ok(writeln!(out, "{value}")?),
    }
}

/// One expression per line; a bad line is reported on stderr and the rest still run.
fn nimber_lines(out: &mut impl Write, format: Format) -> Result<ExitCode, Problem> {
    let input = io::read_to_string(io::stdin())?;
    let mut code = ExitCode::SUCCESS;
    for (number, line) in input.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match spec::parse_nimber_expression(line) {
            Ok(value) => print_nimber(out, format, line.trim(), value)?,
            Err(error) => {
                out.flush()?;
                eprint!("line {}: {}", number + 1, render::error(&error, Some(line)));
                code = ExitCode::from(2);
            }
        }
    }
    out.flush()?;
    Ok(code)
}

/// The Library Checker "Nim Product" format: a count T, then T lines "A B".
fn nimber_pairs(out: &mut impl Write) -> Result<ExitCode, Problem> {
    let input = io::read_to_string(io::stdin())?;
    let mut numbers = input.split_ascii_whitespace().map(|word| {
        word.parse::<u64>()
            .with_context(|| format!("'{word}' is not a number from 0 to 2^64-1"))
    });
    let count = numbers.next().context("expected a count first")??;
    for index in 0..count {
        let mut next = || {
            numbers
                .next()
                .with_context(|| format!("pair {} is missing", index + 1))
        };
        let (a, b) = (next()??, next()??);
        writeln!(out, "{}", grundy::Nimber::new(a) * grundy::Nimber::new(b))?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
