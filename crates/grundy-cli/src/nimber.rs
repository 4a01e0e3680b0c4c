//! `grundy nimber`: nim arithmetic on one expression, on lines of standard input, or on the
//! Library Checker's pairs.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Context;
use grundy::{analysis, spec};

use crate::args::{Format, NimberInput};
use crate::{print_json, render, with_input, Problem};

/// Said on stderr when an expression has `^`, which many read as XOR.
const POWER_NOTE: &str =
    "note: ^ is the nim power (3^2 = 3*3 = 2 in nim arithmetic); for XOR write 3 xor 2 or 3 + 2";

/// `grundy nimber`: exit code 2 when a line of standard input is bad (the others still run).
pub fn command(
    out: &mut impl Write,
    input: &NimberInput,
    format: Format,
) -> Result<ExitCode, Problem> {
    match input {
        NimberInput::Pairs => nimber_pairs(out),
        NimberInput::Lines => nimber_lines(out, format),
        NimberInput::Expression(expression) => {
            let value =
                spec::parse_nimber_expression(expression).map_err(with_input(expression))?;
            print_nimber(out, format, expression, value)?;
            if expression.contains('^') {
                eprintln!("{POWER_NOTE}");
            }
            Ok(ExitCode::SUCCESS)
        }
    }
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
