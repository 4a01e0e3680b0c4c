//! `grundy nimber`: nim arithmetic on one expression, on lines of standard input, or on the
//! Library Checker's pairs.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Context;
use grundy::{analysis, spec};

use crate::flags::{Format, Output};
use crate::output::{print_json, with_input, Problem};
use crate::render;

/// The arguments of `grundy nimber`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The expression, e.g. "3*5+7" or "inv(9)".
    expression: Option<String>,
    /// Read the Library Checker format instead: a count, then lines "A B"; print A*B each.
    #[arg(long, conflicts_with = "expression")]
    pairs: bool,
    #[command(flatten)]
    output: Output,
}

/// Said on stderr when an expression has `^`, which many read as XOR.
const POWER_NOTE: &str =
    "note: ^ is the nim power (3^2 = 3*3 = 2 in nim arithmetic); for XOR write 3 xor 2 or 3 + 2";

impl Args {
    /// `grundy nimber`: one expression, one a line of standard input, or the Library
    /// Checker's pairs; exit code 2 when a line of standard input is bad (the others still
    /// run).
    pub fn run(self, out: &mut impl Write) -> Result<ExitCode, Problem> {
        let format = self.output.format;
        match (self.pairs, self.expression) {
            (true, _) => nimber_pairs(out),
            (false, None) => nimber_lines(out, format),
            (false, Some(expression)) => {
                let value =
                    spec::parse_nimber_expression(&expression).map_err(with_input(&expression))?;
                print_nimber(out, format, &expression, value)?;
                if expression.contains('^') {
                    eprintln!("{POWER_NOTE}");
                }
                Ok(ExitCode::SUCCESS)
            }
        }
    }
}

/// Writes one expression's value.
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
                eprint!(
                    "line {}: {}",
                    number + 1,
                    render::error(&error, Some(line), None)
                );
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
