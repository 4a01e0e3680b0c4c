//! The command line: the commands, each with its own arguments (`Args` in its module) and its
//! own `run`; this file only lists them for clap and dispatches.

use std::io::Write;
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use crate::output::Problem;
use crate::{
    bench, census, dag, nimber, period, play, plot, quotient, seq, serve, thermograph, value,
    verify,
};

/// Sprague-Grundy values, winning moves and sequences of impartial games.
///
/// Games are written in the spec language: `nim(3,4,5)`, `kayles(13)`, `sub{1,2,4}(10)`,
/// `0.137(20)`, `wythoff(3,5)`, `digraph(a>b, b>c; a)`, joined into sums with `+`.
#[derive(Parser, Debug)]
#[command(name = "grundy", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// The value of a game or sum, who wins, and every winning move.
    ///
    /// Example: grundy value "kayles(13) + nim(3,4,5)"
    Value(value::GameArgs),
    /// Every move of a game or sum with the value it leads to; winning moves are marked.
    ///
    /// Example: grundy moves "nim(3,4,5)"
    Moves(value::GameArgs),
    /// Grundy values of single heaps 0..=N of a heap rule.
    ///
    /// Example: grundy seq kayles --to 100 --format csv
    Seq(seq::Args),
    /// Play a game against the computer, which plays perfectly.
    ///
    /// Example: grundy play "nim(3,4,5)" --first me
    Play(play::Args),
    /// The period of a heap rule, with the theorem that proves it, or "no period proved".
    ///
    /// The table doubles, a period sought at each size (or grows straight to the length that
    /// proves the period it shows), until a theorem proves one, --max is reached or a larger
    /// table would not fit in memory (6 bytes a heap of the memory available: the table and
    /// the copy of its values a look reads); a progress bar shows long searches on a terminal.
    /// Example: grundy period kayles; grundy period 0.16 --max 2^20 --cert 016.json
    Period(period::Args),
    /// The misère quotient of a heap game: the monoid that decides misère sums of its heaps.
    ///
    /// Built one heap at a time, then checked from the rules for every sum of heaps up to --to;
    /// prints the elements, the P-portion, each heap's element, the multiplication table and
    /// the heap from which the quotient stayed the same up to --to.
    /// Example: grundy quotient 0.75 --to 20
    Quotient(quotient::Args),
    /// Re-checks a certificate written by grundy period (--cert or --format json).
    ///
    /// The values are recomputed from the rule alone, without the engine that wrote the
    /// certificate: by the naive engine from the ruleset's moves (tables up to 65536 heaps),
    /// the plain scan of every split (up to 1048576), or verify's own short implementation of
    /// the sparse space (larger tables). Example: grundy verify kayles.json
    Verify(verify::Args),
    /// A census: many heap rules, each to the same heap, on every core, one row a rule in a
    /// Parquet file.
    ///
    /// Rules come as arguments, from --rules-file (one a line, # comments) or from --octal
    /// families. Rows already in the file for the same rule and heaps are skipped, so a
    /// killed census resumes where it stopped. Example: grundy census --octal 3 --to 2^16
    /// --out census.parquet
    Census(census::Args),
    /// Times the fast engine against the naive engine in this process.
    ///
    /// Each rule is tabulated by the fast engine to --to heaps; the naive engine then computes
    /// the last --window heaps from the same values below them, and the ratio compares the two
    /// on that window. Example: grundy bench 0.77 grundy --to 2^20
    Bench(bench::Args),
    /// The game DAG: every position reachable, equal ones merged, with values and winning moves.
    ///
    /// Example: grundy dag "kayles(4)" --format dot | dot -Tsvg > kayles.svg
    Dag(dag::Args),
    /// A plot of the Grundy values g(n) of a heap rule, written as SVG or PNG.
    ///
    /// Example: grundy plot kayles --to 200 --out kayles.svg
    Plot(plot::Args),
    /// The thermograph of a partizan game, drawn as SVG (values grow to the left, Left's).
    ///
    /// An impartial game is its nimber *n, whose thermograph is a mast at 0.
    ///
    /// Example: grundy thermograph "{5|{2|-3}}" --out hot.svg
    Thermograph(thermograph::Args),
    /// Serves the explorer page and a JSON API on 127.0.0.1 (see /api/value?spec=nim(3,4,5)).
    ///
    /// Example: grundy serve --port 8080, then open http://127.0.0.1:8080/
    Serve(serve::Args),
    /// Nimber arithmetic: + is nim-sum, * nim-product, / division, inv(x), sqrt(x), x^k.
    ///
    /// With no expression, reads one expression per line from standard input and prints one
    /// result per line. Example: grundy nimber "3*5+7"
    Nimber(nimber::Args),
    /// Prints a shell completion script, e.g. grundy completions bash > /etc/bash_completion.d/grundy
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
}

impl Cli {
    /// The command line of this process, parsed. A negative count (`--to -5`) reaches the
    /// count's parser, which says what a count is, rather than clap's tip about `--`; `grundy
    /// quotient` has its own default `--max-work` ([`quotient::QUOTIENT_MAX_WORK`]).
    ///
    /// # Errors
    /// What clap finds wrong (help and version requests included).
    pub fn parse_args() -> Result<Cli, clap::Error> {
        let command = Cli::command()
            .mut_subcommands(|sub| sub.allow_negative_numbers(true))
            .mut_subcommand("quotient", |sub| {
                // A quotient's own default work limit, in its help too.
                sub.mut_arg("max_work", |arg| {
                    arg.default_value(quotient::QUOTIENT_MAX_WORK_TEXT)
                })
            });
        Cli::from_arg_matches(&command.try_get_matches()?)
    }
}

impl Command {
    /// Whether the command takes the limit flags (`--max-work` and the others), which the help
    /// of a limit error can then name.
    pub fn has_limit_flags(&self) -> bool {
        match self {
            Command::Seq(args) => args.has_limit_flags(),
            Command::Value(_)
            | Command::Moves(_)
            | Command::Play(_)
            | Command::Period(_)
            | Command::Quotient(_)
            | Command::Dag(_)
            | Command::Plot(_)
            | Command::Thermograph(_) => true,
            _ => false,
        }
    }

    /// Runs the command, writing its answer to `out`, and gives its exit code.
    pub fn run(self, out: &mut impl Write) -> Result<ExitCode, Problem> {
        let done = ExitCode::SUCCESS;
        Ok(match self {
            Command::Value(args) => args.value(out).map(|()| done)?,
            Command::Moves(args) => args.moves(out).map(|()| done)?,
            Command::Seq(args) => args.run(out)?,
            Command::Play(args) => args.run()?,
            Command::Period(args) => args.run(out).map(|()| done)?,
            Command::Quotient(args) => args.run(out).map(|()| done)?,
            Command::Verify(args) => args.run(out)?,
            Command::Census(args) => args.run(out).map(|()| done)?,
            Command::Bench(args) => args.run(out).map(|()| done)?,
            Command::Dag(args) => args.run(out).map(|()| done)?,
            Command::Plot(args) => args.run(out).map(|()| done)?,
            Command::Thermograph(args) => args.run(out).map(|()| done)?,
            Command::Serve(args) => serve::run(args.config()).map(|()| done)?,
            Command::Nimber(args) => args.run(out)?,
            Command::Completions { shell } => {
                clap_complete::generate(shell, &mut Cli::command(), "grundy", out);
                done
            }
        })
    }
}
