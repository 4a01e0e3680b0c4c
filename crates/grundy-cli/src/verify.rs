//! `grundy verify`: re-checks a certificate written by `grundy period` from the rule alone.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use grundy::analysis::{self, VerifyReport};
use grundy::heap::{Recomputed, VERIFY_BYTES_A_HEAP};
use grundy_census::memory;

use crate::args::Format;
use crate::tables::{parse_rule, run_limits};
use crate::{certificate, emit, render, with_input, Problem};

/// Re-checks the certificate in the file `path`; a table too large for the memory available is
/// refused before any work.
fn verify(path: &Path, by: Option<Recomputed>) -> Result<VerifyReport, Problem> {
    let certificate = certificate::read(path)?;
    let rule = parse_rule(&certificate.rule)?;
    let heaps = certificate.checked_to.saturating_add(1);
    memory::check_fits(heaps, VERIFY_BYTES_A_HEAP).map_err(with_input(&certificate.rule))?;
    let limits = run_limits(heaps);
    analysis::verify(rule, &certificate, limits, by).map_err(with_input(&certificate.rule))
}

/// `grundy verify`: the verdict in `format`; exit code 1 when the certificate fails.
pub fn command(
    out: &mut impl Write,
    cert: &Path,
    by: Option<Recomputed>,
    format: Format,
) -> Result<ExitCode, Problem> {
    let report = verify(cert, by)?;
    emit(out, format, &report, render::verify)?;
    Ok(if report.valid {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
