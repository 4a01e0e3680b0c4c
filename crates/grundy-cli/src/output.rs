//! What every command writes the same way: a report as text or JSON ([`emit`]), and a failure
//! as an error line with a caret, or as an `ErrorReport`, with its exit code ([`fail`]).

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Context;
use grundy::{analysis, ErrorKind};

use crate::flags::Format;
use crate::render;

/// A library error with the text it is about, for the caret, and what the command's flags
/// can do about it when the library cannot say (it names no flag).
pub struct Failure {
    pub error: grundy::Error,
    pub input: Option<String>,
    pub help: Option<String>,
}

/// Why a command failed: a library error (with its input, for the caret) or anything else.
pub enum Problem {
    Library(Box<Failure>),
    Other(anyhow::Error),
}

impl Problem {
    /// The same problem with `help`, for a library error the command's flags get past.
    pub fn with_help(self, help: &str) -> Problem {
        match self {
            Problem::Library(mut failure) => {
                failure.help = Some(help.to_owned());
                Problem::Library(failure)
            }
            other => other,
        }
    }
}

impl From<anyhow::Error> for Problem {
    fn from(error: anyhow::Error) -> Problem {
        Problem::Other(error)
    }
}

impl From<grundy::Error> for Problem {
    fn from(error: grundy::Error) -> Problem {
        Problem::Library(Box::new(Failure {
            error,
            input: None,
            help: None,
        }))
    }
}

impl From<io::Error> for Problem {
    fn from(error: io::Error) -> Problem {
        Problem::Other(error.into())
    }
}

/// Flags that do not go together, or a command line missing what the command needs: bad
/// input, said in `message`.
pub fn usage(message: &str) -> Problem {
    Problem::Other(anyhow::anyhow!("{message}"))
}

/// Turns a library error about `input` into a [`Problem`] that shows `input` with a caret.
pub fn with_input(input: &str) -> impl Fn(grundy::Error) -> Problem + '_ {
    move |error| {
        Problem::Library(Box::new(Failure {
            error,
            input: Some(input.to_string()),
            help: None,
        }))
    }
}

/// Writes `report` as JSON, or as the text `text` makes of it.
pub fn emit<T: serde::Serialize>(
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
pub fn print_json(out: &mut impl Write, report: &impl serde::Serialize) -> Result<(), Problem> {
    serde_json::to_writer(&mut *out, report).context("writing JSON")?;
    writeln!(out)?;
    Ok(())
}

/// Whether the arguments ask for JSON (`--format json` or `--format=json`), so that errors are
/// JSON too, even those met before the arguments are understood.
pub fn json_requested(args: impl Iterator<Item = std::ffi::OsString>) -> bool {
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
pub fn fail(problem: Problem, json: bool, limit_flags: bool) -> ExitCode {
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
            let help = failure
                .help
                .or_else(|| render::limit_help(&failure.error).filter(|_| limit_flags));
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
pub fn message_report(error: String, help: Option<String>) -> analysis::ErrorReport {
    analysis::ErrorReport {
        schema: analysis::SCHEMA,
        error,
        span: None,
        limit: false,
        help,
    }
}

/// Prints `report` on stdout, as the JSON answer of a command that failed, and gives `code`.
pub fn report_json(report: analysis::ErrorReport, code: ExitCode) -> ExitCode {
    let mut out = io::stdout().lock();
    // A closed pipe has no reader left to tell.
    let _ = print_json(&mut out, &report).and_then(|()| Ok(out.flush()?));
    code
}
