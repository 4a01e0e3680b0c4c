//! Where a spec comes from: the argument itself, a file (`@FILE`) or standard input (`-`), and
//! the files that specs include (`digraph(@edges.txt; a)`), each read up to
//! [`spec::MAX_FILE_BYTES`] so that no input can fill the memory.
//!
//! A spec of 10^5 Nim heaps is an everyday contest input, larger than the operating system lets
//! one argument be (about 128 KB), hence `@FILE` and `-`.

use grundy::sum::Sum;
use grundy::{spec, Error, Limits};

use crate::output::{with_input, Problem};

/// The spec named by `argument`: the contents of FILE for `@FILE` (trailing blank space
/// dropped), standard input for `-`, or the argument itself.
///
/// # Errors
/// A file that cannot be read, or one larger than [`spec::MAX_FILE_BYTES`].
pub fn spec_text(argument: &str) -> Result<String, Error> {
    let text = if argument == "-" {
        spec::read_capped(std::io::stdin().lock(), "standard input")?
    } else if let Some(file) = argument.strip_prefix('@') {
        let opened = std::fs::File::open(file).map_err(|error| include_error(file, &error))?;
        spec::read_capped(opened, file)?
    } else {
        return Ok(argument.to_string());
    };
    Ok(text.trim_end().to_string())
}

/// The spec that `argument` names (`@FILE`, `-` or the text itself), and the sum it parses to.
pub fn parse_sum(argument: &str, limits: Limits) -> Result<(String, Sum), Problem> {
    let text = spec_text(argument)?;
    let options = spec::Options::new(limits).with_include(&include);
    let sum = spec::parse_with(&text, options).map_err(with_input(&text))?;
    Ok((text, sum))
}

/// The spec text of `argument` and the game it reads as: an impartial sum, or a partizan
/// one ([`spec::parse_any_with`]).
pub fn parse_any(argument: &str, limits: Limits) -> Result<(String, spec::AnyGame), Problem> {
    parse_any_with(argument, spec::Options::new(limits))
}

/// [`parse_any`] with `options` (includes read from files).
pub fn parse_any_with(
    argument: &str,
    options: spec::Options<'_>,
) -> Result<(String, spec::AnyGame), Problem> {
    let text = spec_text(argument)?;
    let options = options.with_include(&include);
    let game = spec::parse_any_with(&text, options).map_err(with_input(&text))?;
    Ok((text, game))
}

/// Reads a file included by a spec, for [`spec::Options::include`].
pub fn include(file: &str) -> Result<String, String> {
    spec::read_include(std::fs::File::open(file), file)
}

fn include_error(file: &str, error: &std::io::Error) -> Error {
    Error::new(grundy::ErrorKind::Include {
        file: file.to_string(),
        reason: error.to_string(),
    })
}
