//! The `grundy` command: values, winning moves, sequences and nim arithmetic from the terminal.
//!
//! This crate parses arguments, calls the library and renders its reports; it holds no game
//! theory. [`args`] turns the command line into a checked [`args::Mode`]; each command then has
//! its own module, and this file only dispatches and turns failures into exit codes: 0 answered,
//! 1 a limit stopped the computation (or the theory at hand does not reach the input:
//! `ErrorKind::Unsupported`), 2 bad input.

mod args;
mod bench;
mod census;
mod certificate;
mod dag;
mod input;
mod nimber;
mod period;
mod play;
mod plot;
mod quotient;
mod render;
mod render_loopy;
mod render_misere;
mod seq;
mod serve;
mod stream;
mod tables;
mod ticker;
mod value;
mod verify;

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use anyhow::Context;
use clap::{CommandFactory, Parser};

use args::{Cli, Format, Mode};
use grundy::ask::Settings;
use grundy::{analysis, ErrorKind};

/// An error with the text it is about, for the caret.
struct Failure {
    error: grundy::Error,
    input: Option<String>,
}

/// Why a command failed: a library error (with its input, for the caret) or anything else.
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
    let json = json_requested(std::env::args_os().skip(1));
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // Help and version go to stdout as clap writes them; so do usage errors, unless the
        // command line asked for JSON.
        Err(error) if !(json && error.use_stderr()) => error.exit(),
        Err(error) => {
            let message = error.to_string();
            let first = message.lines().next().unwrap_or_default();
            let message = first.strip_prefix("error: ").unwrap_or(first);
            return report_json(message_report(message.to_string(), None), ExitCode::from(2));
        }
    };
    let mode = match cli.mode() {
        Ok(mode) => mode,
        Err(error) => return fail(Problem::Other(error), json, false),
    };
    let limit_flags = mode.has_limit_flags();
    match run(mode) {
        Ok(code) => code,
        Err(problem) => fail(problem, json, limit_flags),
    }
}

/// Whether the arguments ask for JSON (`--format json` or `--format=json`), so that errors are
/// JSON too, even those met before the arguments are understood.
fn json_requested(args: impl Iterator<Item = std::ffi::OsString>) -> bool {
    let args: Vec<std::ffi::OsString> = args.collect();
    args.iter().enumerate().any(|(index, arg)| {
        arg == "--format=json"
            || (arg == "--format" && args.get(index + 1).is_some_and(|next| next == "json"))
    })
}

/// Whether `error` (or what it wraps) is a write to a closed pipe.
fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        let kind = cause
            .downcast_ref::<io::Error>()
            .map(io::Error::kind)
            .or_else(|| {
                cause
                    .downcast_ref::<serde_json::Error>()
                    .and_then(serde_json::Error::io_error_kind)
            });
        kind == Some(io::ErrorKind::BrokenPipe)
    })
}

/// Reports `problem`, as text on stderr or as an `ErrorReport` on stdout, and gives the exit
/// code: 1 for a limit or an unsupported case (the input is good, the method stops short), 2
/// for anything else, 0 (and silence) for a closed pipe. `limit_flags`
/// says whether the command takes the limit flags, which a limit's help then names.
fn fail(problem: Problem, json: bool, limit_flags: bool) -> ExitCode {
    match problem {
        Problem::Other(error) if is_broken_pipe(&error) => ExitCode::SUCCESS,
        Problem::Other(error) if json => report_json(
            message_report(format!("{error:#}"), None),
            ExitCode::from(2),
        ),
        Problem::Other(error) => {
            eprintln!("error: {error:#}");
            ExitCode::from(2)
        }
        Problem::Library(failure) => {
            let stopped = failure.error.is_limit()
                || matches!(failure.error.kind(), ErrorKind::Unsupported { .. });
            let code = ExitCode::from(if stopped { 1 } else { 2 });
            let help = render::limit_help(&failure.error).filter(|_| limit_flags);
            if json {
                let report = analysis::ErrorReport {
                    help,
                    ..analysis::error(&failure.error)
                };
                return report_json(report, code);
            }
            eprint!(
                "{}",
                render::error(&failure.error, failure.input.as_deref(), help.as_deref())
            );
            code
        }
    }
}

/// An error report of a message that is not the library's.
fn message_report(error: String, help: Option<String>) -> analysis::ErrorReport {
    analysis::ErrorReport {
        schema: analysis::SCHEMA,
        error,
        span: None,
        limit: false,
        help,
    }
}

/// Prints `report` on stdout, as the JSON answer of a command that failed, and gives `code`.
fn report_json(report: analysis::ErrorReport, code: ExitCode) -> ExitCode {
    let mut out = io::stdout().lock();
    // A closed pipe has no reader left to tell.
    let _ = print_json(&mut out, &report).and_then(|()| Ok(out.flush()?));
    code
}

/// Runs the command `mode` asks for.
fn run(mode: Mode) -> Result<ExitCode, Problem> {
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let code = match mode {
        Mode::Value {
            spec,
            play,
            max_order,
            format,
            limits,
        } => {
            let settings = Settings {
                limits,
                max_order,
                ..Settings::DEFAULT
            };
            value::value(&mut out, &spec, play, format, settings)?;
            ExitCode::SUCCESS
        }
        Mode::Moves {
            spec,
            play,
            max_order,
            format,
            limits,
        } => {
            let settings = Settings {
                limits,
                max_order,
                ..Settings::DEFAULT
            };
            value::moves(&mut out, &spec, play, format, settings)?;
            ExitCode::SUCCESS
        }
        Mode::Sequence {
            rule,
            to,
            play,
            format,
            limits,
        } => {
            seq::table(&mut out, &rule, to, play, format, limits)?;
            ExitCode::SUCCESS
        }
        Mode::PeriodicTable {
            rule,
            to,
            period,
            json,
            limits,
        } => {
            seq::periodic_table(&mut out, &rule, to, period, json, limits)?;
            ExitCode::SUCCESS
        }
        Mode::Stream { run, json } => seq::stream(&mut out, &run, json)?,
        Mode::Play {
            spec,
            play,
            first,
            limits,
        } => {
            drop(out);
            return play::command(&spec, play, first, limits);
        }
        Mode::Period {
            rule,
            max,
            memory_heaps,
            cert,
            format,
        } => {
            period::command(&mut out, &rule, max, memory_heaps, cert.as_deref(), format)?;
            ExitCode::SUCCESS
        }
        Mode::Quotient {
            rule,
            to,
            max_order,
            format,
            limits,
        } => {
            quotient::command(&mut out, &rule, to, max_order, format, limits)?;
            ExitCode::SUCCESS
        }
        Mode::Census {
            rules,
            rules_file,
            octal,
            to,
            out: file,
        } => {
            census::command(&mut out, &rules, rules_file.as_deref(), &octal, to, &file)?;
            ExitCode::SUCCESS
        }
        Mode::Verify { cert, by, format } => verify::command(&mut out, &cert, by, format)?,
        Mode::Bench {
            plan,
            window,
            format,
        } => {
            bench::command(&mut out, &plan, window, format)?;
            ExitCode::SUCCESS
        }
        Mode::Dag {
            spec,
            max_nodes,
            play,
            format,
            limits,
        } => {
            let settings = Settings {
                limits,
                max_nodes,
                ..Settings::DEFAULT
            };
            dag::command(&mut out, &spec, play, format, settings)?;
            ExitCode::SUCCESS
        }
        Mode::Plot {
            rule,
            to,
            out: path,
            size,
            limits,
        } => {
            plot::command(&mut out, &rule, to, &path, size, limits)?;
            ExitCode::SUCCESS
        }
        Mode::Serve(config) => {
            serve::run(config)?;
            ExitCode::SUCCESS
        }
        Mode::Nimber { input, format } => nimber::command(&mut out, &input, format)?,
        Mode::Completions(shell) => {
            clap_complete::generate(shell, &mut Cli::command(), "grundy", &mut out);
            ExitCode::SUCCESS
        }
    };
    out.flush()?;
    Ok(code)
}

/// Writes `report` as JSON, or as the text `text` makes of it.
fn emit<T: serde::Serialize>(
    out: &mut impl Write,
    format: Format,
    report: &T,
    text: impl FnOnce(&T) -> String,
) -> Result<(), Problem> {
    match format {
        Format::Json => print_json(out, report),
        Format::Text => Ok(write!(out, "{}", text(report))?),
    }
}

/// Writes `report` as one line of JSON.
fn print_json(out: &mut impl Write, report: &impl serde::Serialize) -> Result<(), Problem> {
    serde_json::to_writer(&mut *out, report).context("writing JSON")?;
    writeln!(out)?;
    Ok(())
}
