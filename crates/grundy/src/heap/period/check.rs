//! Certificates re-checked against values computed independently.

use std::fmt;

use super::search::{last_mismatch, side_conditions};
use super::{checksum, heaps_needed, Certificate, Claim, Theorem};
use crate::heap::code::Code;

/// Why a certificate does not hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refutation {
    /// The theorem does not apply to the rule.
    TheoremDoesNotApply,
    /// The checked range is shorter than the theorem needs.
    RangeTooShort {
        /// Heaps the theorem needs.
        needed: u64,
    },
    /// A value breaks the claimed relation.
    Mismatch {
        /// The heap `n` with `g(n + period) != g(n) + saltus`.
        heap: u64,
    },
    /// The side conditions of an arithmetic theorem fail.
    SideConditions,
    /// The values' checksum differs from the certificate's.
    Checksum {
        /// The checksum of the recomputed values.
        computed: u64,
    },
}

impl fmt::Display for Refutation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refutation::TheoremDoesNotApply => write!(f, "the theorem does not apply to this rule"),
            Refutation::RangeTooShort { needed } => write!(
                f,
                "the theorem needs values of {needed} heaps, more than the range checked"
            ),
            Refutation::Mismatch { heap } => {
                write!(f, "heap {heap} is the first to break the claimed period")
            }
            Refutation::SideConditions => {
                write!(f, "the side conditions of the arithmetic theorem fail")
            }
            Refutation::Checksum { computed } => write!(
                f,
                "the recomputed values have checksum {computed:016x}, not the certificate's"
            ),
        }
    }
}

/// Checks `certificate` against `values`, the values of heaps `0..=certificate.checked_to`
/// computed independently.
///
/// # Errors
/// The first reason the certificate fails.
pub fn check<V: Copy + Into<u64>>(
    code: &Code,
    certificate: &Certificate,
    values: &[V],
) -> Result<(), Refutation> {
    if Theorem::for_code(code) != Some(certificate.theorem) {
        return Err(Refutation::TheoremDoesNotApply);
    }
    let needed = heaps_needed(
        certificate.theorem,
        code,
        certificate.preperiod,
        certificate.period,
    )
    .ok_or(Refutation::TheoremDoesNotApply)?;
    if certificate.period == 0 || needed > certificate.checked_to.saturating_add(1) {
        return Err(Refutation::RangeTooShort { needed });
    }
    let Ok(len) = usize::try_from(certificate.checked_to + 1) else {
        return Err(Refutation::RangeTooShort { needed });
    };
    let values = &values[..len.min(values.len())];
    let (Ok(period), Ok(preperiod)) = (
        usize::try_from(certificate.period),
        usize::try_from(certificate.preperiod),
    ) else {
        return Err(Refutation::TheoremDoesNotApply);
    };
    if values.len() < len {
        return Err(Refutation::RangeTooShort { needed });
    }
    // The first break from the preperiod on, which is where a reader looks first.
    if last_mismatch(values, period, certificate.saltus).is_some_and(|n| n >= preperiod) {
        let value = |n: usize| -> u64 { values[n].into() };
        let heap = (preperiod..values.len() - period)
            .find(|&n| value(n).checked_add(certificate.saltus) != Some(value(n + period)))
            .unwrap_or(preperiod); // cannot fall through: the last mismatch is in this range
        return Err(Refutation::Mismatch { heap: heap as u64 });
    }
    let claim = Claim {
        preperiod,
        period,
        saltus: certificate.saltus,
    };
    if !side_conditions(certificate.theorem, code, values, claim) {
        return Err(Refutation::SideConditions);
    }
    let computed = checksum(values.iter().map(|&v| v.into()));
    if computed != certificate.checksum {
        return Err(Refutation::Checksum { computed });
    }
    Ok(())
}
