//! `grundy verify`: re-checks a certificate written by `grundy period` from the rule alone.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use grundy::analysis::period::{self, Recomputed, VerifyReport};

use crate::args::Format;
use crate::tables::memory;
use crate::{certificate, emit, render, with_input, Problem};

/// Re-checks the certificate in the file `path`; a table too large for the memory available is
/// refused before any work.
fn verify(path: &Path, by: Option<Recomputed>) -> Result<VerifyReport, Problem> {
    let (report, certificate) = certificate::read_report(path)?;
    period::verify_printed(&report, &certificate, by, memory()).map_err(with_input(&report.rule))
}

/// `grundy verify`: the verdict in `format`; exit code 3 when the certificate fails.
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
        ExitCode::from(3)
    })
}
