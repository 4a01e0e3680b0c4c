//! Flags that several commands share (the output format, the limits) and the parsers of the
//! values flags take (counts such as `2^20`, byte sizes).

use grundy::{spec, Limits};

/// `--format text|json`.
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct Output {
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// The limit flags of every command that computes with limits.
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct LimitArgs {
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
    /// The library's limits these flags set.
    pub fn limits(self) -> Limits {
        Limits::DEFAULT
            .with_max_positions(self.max_positions)
            .with_max_work(self.max_work)
            .with_max_output(self.max_output)
            .with_max_memory(self.max_memory)
    }
}

/// How a report is written.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Words and tables for people.
    Text,
    /// One JSON document.
    Json,
}

/// A count: `1000`, `10^6`, `1e6`, `2^20`, `1_000_000`.
pub fn parse_count(text: &str) -> Result<u64, String> {
    if text.trim_start().starts_with('-') {
        return Err(format!("{text} is negative; a count is 0 or more"));
    }
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
