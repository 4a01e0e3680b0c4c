//! `grundy verify`: re-checks a certificate written by `grundy period` or `grundy quotient`
//! from the rule alone.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use grundy::analysis::period::{self, Recomputed, VerifyReport};
use grundy::analysis::quotient;

use crate::certificate::Cert;
use crate::flags::Output;
use crate::output::{emit, usage, with_input, Problem};
use crate::quotient::QUOTIENT_MAX_WORK;
use crate::tables::memory;
use crate::{certificate, render_heap};

/// The arguments of `grundy verify`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The certificate file.
    cert: PathBuf,
    /// Recompute by this route however large the table: naive (the ruleset's moves), plain
    /// (every split) or sparse (verify's own rare/common split; codes with three-heap
    /// splits or repeating tails take the plain scan). Naive and plain are O(n^2).
    #[arg(long, value_name = "ROUTE", value_parser = parse_route)]
    by: Option<Recomputed>,
    #[command(flatten)]
    output: Output,
}

/// A route of `grundy verify`: `naive`, `plain` or `sparse`.
fn parse_route(name: &str) -> Result<Recomputed, String> {
    Recomputed::from_name(name)
        .ok_or_else(|| format!("'{name}' is no route: naive, plain or sparse"))
}

/// Re-checks the certificate in the file `path`; a table too large for the memory available is
/// refused before any work.
fn verify(path: &Path, by: Option<Recomputed>) -> Result<VerifyReport, Problem> {
    match certificate::read(path)? {
        Cert::Period(found) => {
            let (report, certificate) = *found;
            period::verify_printed(&report, &certificate, by, memory())
                .map_err(with_input(&report.rule))
        }
        Cert::Quotient(report) => {
            if by.is_some() {
                return Err(usage(
                    "--by picks how a period's values are recomputed; a misère quotient has \
                     one check",
                ));
            }
            // The check of sums gets the quotient command's work allowance.
            let limits = grundy::Limits::DEFAULT.with_max_work(QUOTIENT_MAX_WORK);
            quotient::verify(&report, limits).map_err(with_input(&report.rule))
        }
    }
}

impl Args {
    /// `grundy verify`: the verdict; exit code 3 when the certificate fails.
    pub fn run(self, out: &mut impl Write) -> Result<ExitCode, Problem> {
        let report = verify(&self.cert, self.by)?;
        emit(out, self.output.format, &report, |report| {
            if report.recomputed_by == quotient::BY_QUOTIENT_CHECK {
                quotient_verdict(report)
            } else {
                render_heap::verify(report)
            }
        })?;
        Ok(if report.valid {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(3)
        })
    }
}

/// The verdict on a misère quotient's certificate as text.
fn quotient_verdict(report: &VerifyReport) -> String {
    let how = format!(
        "the check of every sum of heaps 1 to {} from the ruleset's moves, and the periodicity \
         theorem's bound",
        report.heaps.saturating_sub(1)
    );
    match &report.reason {
        None => format!(
            "valid: the whole misère quotient of {} holds ({how})\n",
            report.rule
        ),
        Some(reason) => format!(
            "INVALID: the misère quotient certificate for {} fails: {reason} ({how})\n",
            report.rule
        ),
    }
}
