//! The `grundy` command: values, winning moves, sequences and nim arithmetic from the terminal.
//!
//! This crate parses arguments, asks the library and renders its reports; it holds no game
//! theory. [`cli`] lists the commands; each command's module owns its arguments (`Args`, a clap
//! struct) and its `run`; [`output`] writes reports and failures the same way for all. Exit
//! codes: 0 answered, 1 a limit stopped the computation (or the theory at hand does not reach
//! the input: `ErrorKind::Unsupported`), 2 bad input.

#[cfg(test)]
#[path = "../tests/harness/asserts.rs"]
mod asserts;
mod bench;
mod census;
mod certificate;
mod cli;
mod dag;
mod flags;
mod input;
mod interrupt;
mod nimber;
mod output;
mod period;
mod play;
mod play_partizan;
mod plot;
mod quotient;
mod render;
mod render_heap;
mod render_loopy;
mod render_misere;
mod render_partizan;
mod seq;
mod serve;
mod stream;
mod tables;
mod thermograph;
mod ticker;
mod value;
mod verify;

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use cli::Cli;
use output::{fail, json_requested, message_report, report_json};

fn main() -> ExitCode {
    let json = json_requested(std::env::args_os().skip(1));
    let cli = match Cli::parse_args() {
        Ok(cli) => cli,
        // Help and version go to stdout as clap writes them; so do usage errors, unless the
        // command line asked for JSON.
        Err(error) if !(json && error.use_stderr()) => error.exit(),
        Err(error) => {
            return report_json(
                message_report(usage_message(&error), None),
                ExitCode::from(2),
            );
        }
    };
    let limit_flags = cli.command.has_limit_flags();
    let mut out = BufWriter::new(io::stdout().lock());
    match cli
        .command
        .run(&mut out)
        .and_then(|code| Ok(out.flush().map(|()| code)?))
    {
        Ok(code) => code,
        Err(problem) => fail(problem, json, limit_flags),
    }
}

/// A usage error of clap's in one line: its first paragraph (what is wrong, with the arguments
/// it names on the lines below it), without the `error: ` in front.
fn usage_message(error: &clap::Error) -> String {
    let text = error.to_string();
    let paragraph: Vec<&str> = text
        .lines()
        .take_while(|line| !line.trim().is_empty())
        .map(str::trim)
        .collect();
    let message = paragraph.join(" ");
    message
        .strip_prefix("error: ")
        .unwrap_or(&message)
        .to_string()
}
