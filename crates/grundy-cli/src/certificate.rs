//! Certificate files: `grundy period --cert` writes a proved period's [`PeriodReport`] as one
//! JSON line, and `grundy verify` reads it back as a [`CertificateFile`] (the same fields, typed)
//! and turns it into the library's [`Certificate`].

use std::path::Path;

use anyhow::{bail, Context};
use grundy::analysis::PeriodReport;
use grundy::heap::{Certificate, Theorem};
use serde::Deserialize;

/// The fields of a [`PeriodReport`] that a proof needs, with the report's types: the period's
/// fields are null (`None`) when no period is proved. Other fields are ignored.
#[derive(Debug, Deserialize)]
struct CertificateFile {
    rule: String,
    proved: bool,
    preperiod: Option<u64>,
    period: Option<u64>,
    saltus: Option<u64>,
    theorem: Option<String>,
    checked_to: u64,
    checksum: Option<String>,
}

impl CertificateFile {
    /// The certificate this file claims, or why it claims none.
    fn certificate(self) -> anyhow::Result<Certificate> {
        if !self.proved {
            bail!("the file claims no proved period, so there is nothing to verify");
        }
        let number = |field: Option<u64>, name: &str| {
            field.with_context(|| format!("the certificate has no number '{name}'"))
        };
        let text = |field: Option<String>, name: &str| {
            field.with_context(|| format!("the certificate has no text '{name}'"))
        };
        let theorem_name = text(self.theorem, "theorem")?;
        let theorem = Theorem::from_name(&theorem_name)
            .with_context(|| format!("unknown theorem '{theorem_name}'"))?;
        let checksum_text = text(self.checksum, "checksum")?;
        let checksum = u64::from_str_radix(&checksum_text, 16)
            .with_context(|| format!("'{checksum_text}' is not a hexadecimal checksum"))?;
        Ok(Certificate {
            rule: self.rule,
            theorem,
            preperiod: number(self.preperiod, "preperiod")?,
            period: number(self.period, "period")?,
            saltus: number(self.saltus, "saltus")?,
            checked_to: self.checked_to,
            checksum,
        })
    }
}

/// Decodes the text of a certificate file; `name` names it in errors.
fn decode(text: &str, name: &str) -> anyhow::Result<Certificate> {
    let file: CertificateFile = serde_json::from_str(text).map_err(|error| {
        let what = if error.is_data() {
            "a certificate"
        } else {
            "JSON"
        };
        anyhow::Error::new(error).context(format!("{name} is not {what}"))
    })?;
    file.certificate()
}

/// Reads a certificate written by `grundy period --format json` or `--cert`.
pub fn read(path: &Path) -> anyhow::Result<Certificate> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read certificate {}", path.display()))?;
    decode(&text, &path.display().to_string())
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

    /// A certificate as `grundy period kayles --cert` wrote it before the files were typed.
    const KAYLES: &str = include_str!("../tests/data/kayles.cert.json");

    #[test]
    fn existing_certificates_load() {
        let certificate = decode(KAYLES, "kayles.cert.json").expect("a valid certificate");
        assert_eq!(certificate.rule, "kayles");
        assert_eq!(certificate.theorem, Theorem::GuySmith);
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
            let report = grundy::analysis::period_proved(certificate, 1024);
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
