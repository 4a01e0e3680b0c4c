//! Certificate files: `grundy period --cert` writes a proved period's [`PeriodReport`] as one
//! JSON line, and `grundy verify` reads it back as the same type and takes the library's
//! certificate from it ([`PeriodReport::certificate`]); `grundy quotient --cert` writes a whole
//! game's misère [`QuotientReport`], which `grundy verify` tells apart by its `p_portion`.

use std::path::Path;

use anyhow::Context;
use grundy::analysis::period::{Certificate, PeriodReport};
use grundy::analysis::quotient::QuotientReport;

/// Decodes the text of a certificate file, `name` naming it in errors: the report and the
/// certificate it claims.
fn decode_report(text: &str, name: &str) -> anyhow::Result<(PeriodReport, Certificate)> {
    let report: PeriodReport = serde_json::from_str(text).map_err(|error| {
        let what = if error.is_data() {
            "a certificate"
        } else {
            "JSON"
        };
        anyhow::Error::new(error).context(format!("{name} is not {what}"))
    })?;
    let certificate = report.certificate()?;
    Ok((report, certificate))
}

/// What a certificate file holds.
pub enum Cert {
    /// A proved period: the report, and the certificate it claims.
    Period(Box<(PeriodReport, Certificate)>),
    /// A misère quotient (of the whole game, when it is a certificate).
    Quotient(Box<QuotientReport>),
}

/// Reads a certificate of either kind; a JSON object with a `p_portion` is a quotient.
pub fn read(path: &Path) -> anyhow::Result<Cert> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read certificate {}", path.display()))?;
    let name = path.display().to_string();
    let is_quotient = serde_json::from_str::<serde_json::Value>(&text)
        .is_ok_and(|value| value.get("p_portion").is_some());
    if is_quotient {
        let report: QuotientReport = serde_json::from_str(&text)
            .with_context(|| format!("{name} is not a misère quotient"))?;
        return Ok(Cert::Quotient(Box::new(report)));
    }
    decode_report(&text, &name).map(|found| Cert::Period(Box::new(found)))
}

/// Reads a saved misère quotient (`grundy quotient --cert FILE` or `--format json`).
pub fn read_quotient(path: &Path) -> anyhow::Result<QuotientReport> {
    match read(path)? {
        Cert::Quotient(report) => Ok(*report),
        Cert::Period(_) => anyhow::bail!(
            "{} holds a period's certificate, not a misère quotient",
            path.display()
        ),
    }
}

/// Writes a whole game's misère quotient as one JSON line.
pub fn write_quotient(path: &Path, report: &QuotientReport) -> anyhow::Result<()> {
    let text = serde_json::to_string(report)?;
    std::fs::write(path, format!("{text}\n"))
        .with_context(|| format!("cannot write {}", path.display()))
}

/// Writes a certificate file (the JSON of a proved period).
pub fn write(path: &Path, report: &PeriodReport) -> anyhow::Result<()> {
    let text = serde_json::to_string(report)?;
    std::fs::write(path, format!("{text}\n"))
        .with_context(|| format!("cannot write {}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(text: &str, name: &str) -> anyhow::Result<Certificate> {
        decode_report(text, name).map(|(_, certificate)| certificate)
    }

    /// A certificate as `grundy period kayles --cert` wrote it before the files were typed.
    const KAYLES: &str = include_str!("../tests/data/kayles.cert.json");

    #[test]
    fn existing_certificates_load() {
        let certificate = decode(KAYLES, "kayles.cert.json").expect("a valid certificate");
        assert_eq!(certificate.rule, "kayles");
        assert_eq!(certificate.theorem.name(), "guy-smith");
        let numbers = (
            certificate.preperiod,
            certificate.period,
            certificate.saltus,
            certificate.checked_to,
            certificate.checksum,
        );
        assert_eq!(numbers, (71, 12, 0, 167, 0x75af_9c16_7e43_4123));
    }

    #[test]
    fn certificates_read_back_what_they_write() {
        let write = |certificate: &Certificate| {
            let report = PeriodReport::proved(certificate, 1024);
            serde_json::to_string(&report).expect("a report serialises") + "\n"
        };
        let certificate = decode(KAYLES, "kayles.cert.json").expect("a valid certificate");
        let text = write(&certificate);
        // The old file, with the kind of period that arithmetic periods brought.
        let with_kind = KAYLES.replace("\"saltus\":0,", "\"saltus\":0,\"kind\":\"ordinary\",");
        assert_eq!(text, with_kind);
        let again = decode(&text, "again").expect("a written certificate reads back");
        assert_eq!(write(&again), text);
    }

    #[test]
    fn files_that_prove_nothing_are_refused() {
        let refusal = |text: &str| match decode(text, "f") {
            Ok(certificate) => panic!("accepted {certificate:?}"),
            Err(error) => format!("{error:#}"),
        };
        let unproved = KAYLES.replace("\"proved\":true", "\"proved\":false");
        assert!(refusal(&unproved).contains("claims no proved period"));
        let no_period = KAYLES.replace("\"period\":12", "\"period\":null");
        assert_eq!(
            refusal(&no_period),
            "the certificate has no number 'period'"
        );
        assert!(refusal("{").starts_with("f is not JSON"));
        assert!(refusal("[1]").starts_with("f is not a certificate"));
    }
}
