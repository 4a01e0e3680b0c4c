//! Re-checking a period certificate from its rule alone, and the report of the verdict.

use serde::Serialize;

use super::{fields, table_limits, Certificate, Memory, PeriodReport, Recomputed};
use crate::analysis::SCHEMA;
use crate::error::Result;
use crate::{heap, spec};

/// The result of re-checking a certificate.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VerifyReport {
    /// [`SCHEMA`].
    pub schema: u32,
    /// The rule as spec text.
    pub rule: String,
    /// Whether the certificate holds.
    pub valid: bool,
    /// How the values were recomputed: `naive` (the ruleset's moves), `plain` (every split)
    /// or `sparse` (verify's own rare/common split).
    pub recomputed_by: String,
    /// Heaps recomputed.
    pub heaps: u64,
    /// Why the certificate fails, when it does.
    pub reason: Option<String>,
}

/// [`verify`] of the certificate that `report` (a certificate file read back) claims, then,
/// when the proof holds, the fields the file prints beside the proof's (`kind`,
/// `last_exception`, `statement`, `heaps_computed`, `reason`, `stopped_by`): a file whose
/// printed fields disagree with its proof is invalid too, so that every field of a
/// certificate is checked.
///
/// # Errors
/// As for [`verify`].
pub fn verify_printed(
    report: &PeriodReport,
    certificate: &Certificate,
    by: Option<Recomputed>,
    memory: Memory,
) -> Result<VerifyReport> {
    let mut verdict = verify(certificate, by, memory)?;
    if let (true, Err(disagreement)) = (verdict.valid, fields::agree(report, certificate)) {
        verdict.valid = false;
        verdict.reason = Some(disagreement.to_string());
    }
    Ok(verdict)
}

/// Re-checks `certificate` from its rule alone ([`heap::verify`]), by the route `by` or the
/// default one for its size; a table that would not fit in `memory` is refused first.
///
/// # Example
/// ```
/// use grundy::analysis::period::{self, Memory, PeriodSearch};
/// use grundy::spec;
/// let report = period::search(spec::parse_heap_rule("0.07")?, PeriodSearch::default())?;
/// let mut certificate = report.certificate()?;
/// assert_eq!(period::verify(&certificate, None, Memory::Unknown)?.recomputed_by, "naive");
/// certificate.preperiod -= 1;
/// let forged = period::verify(&certificate, None, Memory::Unknown)?;
/// assert_eq!(forged.reason.as_deref(), Some("heap 52 is the first to break the claimed period"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// A rule that does not parse; a table that would not fit in `memory`; a limit reached while
/// recomputing the values.
pub fn verify(
    certificate: &Certificate,
    by: Option<Recomputed>,
    memory: Memory,
) -> Result<VerifyReport> {
    let rule = spec::parse_heap_rule(&certificate.rule)?;
    let heaps = certificate.checked_to.saturating_add(1);
    memory.check(heaps, heap::VERIFY_BYTES_A_HEAP)?;
    let (how, verdict) = heap::verify(rule, certificate, table_limits(heaps), by)?;
    Ok(VerifyReport {
        schema: SCHEMA,
        rule: certificate.rule.clone(),
        valid: verdict.is_ok(),
        recomputed_by: how.name().to_string(),
        heaps,
        reason: verdict.err().map(|refutation| refutation.to_string()),
    })
}
