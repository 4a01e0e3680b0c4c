//! The fields a certificate prints beside those its proof checks, checked against them, so
//! that an edited file is refused rather than verified.

use super::{kind, Certificate, NotACertificate, PeriodReport};

/// Checks `report`'s printed fields against `certificate`, the fields the proof checks:
/// `kind`, `last_exception` and `statement` follow from the saltus, the preperiod and the
/// theorem; a search that checked heaps `0..=checked_to` computed at least that many
/// (`heaps_computed`, 0 in files older than the field); `reason` and `stopped_by` are null.
/// `schema` is the format's version; a certificate holds nothing else.
///
/// # Errors
/// The first field that disagrees.
pub(super) fn agree(
    report: &PeriodReport,
    certificate: &Certificate,
) -> std::result::Result<(), NotACertificate> {
    // The fields as a file shows them: numbers, quoted strings, `null`.
    fn json(value: Option<&dyn std::fmt::Debug>) -> String {
        value.map_or_else(|| "null".to_string(), |value| format!("{value:?}"))
    }
    let expected_kind = kind(certificate.saltus);
    let last_exception = certificate.preperiod.checked_sub(1);
    let statement = certificate.theorem.statement();
    let checked = certificate.checked_to.saturating_add(1);
    let fields = [
        (
            "kind",
            report.kind.as_deref().is_some_and(|k| k != expected_kind),
            json(report.kind.as_ref().map(|k| k as _)),
            json(Some(&expected_kind)),
        ),
        (
            "last_exception",
            report.last_exception != last_exception,
            json(report.last_exception.as_ref().map(|n| n as _)),
            json(last_exception.as_ref().map(|n| n as _)),
        ),
        (
            "statement",
            report.statement.as_deref().is_some_and(|s| s != statement),
            json(report.statement.as_ref().map(|s| s as _)),
            json(Some(&statement)),
        ),
        (
            "heaps_computed",
            report.heaps_computed != 0 && report.heaps_computed < checked,
            report.heaps_computed.to_string(),
            format!(
                "at least {checked} (heaps 0 to {} checked)",
                certificate.checked_to
            ),
        ),
        (
            "reason",
            report.reason.is_some(),
            json(report.reason.as_ref().map(|r| r as _)),
            json(None),
        ),
        (
            "stopped_by",
            report.stopped_by.is_some(),
            json(report.stopped_by.as_ref().map(|r| r as _)),
            json(None),
        ),
    ];
    match fields.into_iter().find(|(_, differs, _, _)| *differs) {
        Some((field, _, says, should)) => Err(NotACertificate::Disagrees {
            field,
            says,
            should,
        }),
        None => Ok(()),
    }
}
