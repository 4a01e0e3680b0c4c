//! The `grundy` command: values, winning moves, sequences and nim arithmetic from the terminal.
//!
//! This crate parses arguments, calls the library and renders its reports; it holds no game
//! theory. [`args`] turns the command line into a checked [`args::Mode`]; each command then has
//! its own module, and this file only dispatches and turns failures into exit codes: 0 answered,
//! 1 a limit stopped the computation, 2 bad input.

mod args;
mod bench;
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
mod value;
mod verify;

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use anyhow::Context;
use clap::{CommandFactory, Parser};

use args::{Cli, Format, Mode};

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
    let outcome = Cli::parse().mode().map_err(Problem::from).and_then(run);
    match outcome {
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

/// Runs the command `mode` asks for.
fn run(mode: Mode) -> Result<ExitCode, Problem> {
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let code = match mode {
        Mode::Value {
            spec,
            play,
            format,
            limits,
        } => {
            value::value(&mut out, &spec, play, format, limits)?;
            ExitCode::SUCCESS
        }
        Mode::Moves {
            spec,
            play,
            format,
            limits,
        } => {
            value::moves(&mut out, &spec, play, format, limits)?;
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
        Mode::Verify {
            cert,
            naive,
            format,
        } => verify::command(&mut out, &cert, naive, format)?,
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
            format,
            limits,
        } => {
            dag::command(&mut out, &spec, max_nodes, format, limits)?;
            ExitCode::SUCCESS
        }
        Mode::Plot {
            rule,
            to,
            out: path,
            size,
            limits,
        } => {
            plot::command(&rule, to, &path, size, limits)?;
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
