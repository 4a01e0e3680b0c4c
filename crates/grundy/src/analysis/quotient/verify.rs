//! The re-check of a whole game's quotient certificate (the report `grundy quotient RULE
//! --cert FILE` writes, read back), and of a saved quotient before it is reused.
//!
//! The table, the P-portion (by the elements' names), the elements of heaps `1..=N` and the
//! period are re-checked from the rule alone ([`crate::quotient::check_whole`]); then the
//! report of the quotient they prove is rebuilt and compared with the file field for field
//! (names, generators, `stable_from`, `to`, …), so that editing any field makes the
//! certificate invalid.

use std::collections::HashMap;

use super::super::period::VerifyReport;
use super::super::SCHEMA;
use super::{report_of, QuotientReport};
use crate::error::{Error, Result};
use crate::game::Limits;
use crate::quotient::{check_claim, Periodicity, Quotient, QuotientClaim};
use crate::spec;

/// How [`VerifyReport::recomputed_by`] names this check.
pub const BY_QUOTIENT_CHECK: &str = "quotient";

/// Re-checks the whole game's quotient that `report` claims (see the module docs).
///
/// # Errors
/// A rule that does not parse, or a limit reached by the check of sums.
///
/// # Example
/// ```
/// use grundy::{analysis::quotient, spec, Limits};
/// let mut report =
///     quotient::whole(&spec::parse_heap_rule("0.75")?, 1000, 64, Limits::default())?.report;
/// assert!(quotient::verify(&report, Limits::default())?.valid);
/// report.p_portion.reverse();
/// assert!(!quotient::verify(&report, Limits::default())?.valid);
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn verify(report: &QuotientReport, limits: Limits) -> Result<VerifyReport> {
    let reason = checked(report, true, limits)?.err();
    Ok(VerifyReport {
        schema: SCHEMA,
        rule: report.rule.clone(),
        valid: reason.is_none(),
        recomputed_by: BY_QUOTIENT_CHECK.to_string(),
        heaps: report.to.saturating_add(1),
        reason,
    })
}

/// The quotient a saved report holds (a whole game's, or that of heaps `1..=to`), re-checked
/// as [`verify`] checks it, for reuse ([`crate::quotient::remember`]).
///
/// # Errors
/// A report that fails the check ([`crate::ErrorKind::InvalidPosition`], with the reason), a
/// rule that does not parse, or a limit reached by the check.
///
/// # Example
/// ```
/// use grundy::{analysis::quotient, spec, Limits};
/// let report = quotient::bounded(&spec::parse_heap_rule("kayles")?, 12, 64, Limits::default())?.report;
/// let loaded = quotient::load(&report, Limits::default())?;
/// assert_eq!((loaded.order(), loaded.atoms()), (24, 12));
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn load(report: &QuotientReport, limits: Limits) -> Result<Quotient> {
    checked(report, false, limits)?.map_err(|reason| {
        Error::invalid_position(format!(
            "the saved misère quotient of {} does not hold: {reason}",
            report.rule
        ))
    })
}

/// The quotient `report` proves, or why it proves none; with `whole`, only a whole game's.
fn checked(
    report: &QuotientReport,
    whole: bool,
    limits: Limits,
) -> Result<std::result::Result<Quotient, String>> {
    let rule = spec::parse_heap_rule(&report.rule)?;
    if whole && report.whole.is_none() {
        return Ok(Err(
            "the file claims no whole game (no \"whole\" field)".to_string()
        ));
    }
    let claim = match claim_of(report) {
        Ok(claim) => claim,
        Err(reason) => return Ok(Err(reason)),
    };
    let quotient = match check_claim(&rule, &claim, limits)? {
        Ok(quotient) => quotient,
        Err(reason) => return Ok(Err(reason)),
    };
    let rebuilt = report_of(&rule, quotient.atoms() as u64, &quotient);
    Ok(match first_difference(report, &rebuilt) {
        Some(reason) => Err(reason),
        None => Ok(quotient),
    })
}

/// The claim of `report`, its names turned into element indices.
fn claim_of(report: &QuotientReport) -> std::result::Result<QuotientClaim, String> {
    if report.stopped.is_some() {
        return Err("the file says the growth stopped before the proof".to_string());
    }
    let mut index = HashMap::new();
    for (x, name) in report.elements.iter().enumerate() {
        if index.insert(name.as_str(), x as u32).is_some() {
            return Err(format!("element {name} is named twice"));
        }
    }
    let lookup = |name: &String| {
        index
            .get(name.as_str())
            .copied()
            .ok_or_else(|| format!("{name} is not among the elements"))
    };
    let mut p_portion = report
        .p_portion
        .iter()
        .map(lookup)
        .collect::<std::result::Result<Vec<u32>, String>>()?;
    p_portion.sort_unstable();
    let images = report
        .heaps
        .iter()
        .skip(1)
        .map(lookup)
        .collect::<std::result::Result<Vec<u32>, String>>()?;
    if report.heaps.first().map(String::as_str) != Some("1") {
        return Err("heap 0 must have the identity, 1".to_string());
    }
    Ok(QuotientClaim {
        table: report.table.clone(),
        p_portion,
        images,
        periodicity: report.whole.as_ref().map(|whole| Periodicity {
            preperiod: whole.preperiod,
            period: whole.period,
            proved_at: whole.proved_at,
        }),
    })
}

/// The first field where the file and the report rebuilt from its proof disagree.
fn first_difference(file: &QuotientReport, rebuilt: &QuotientReport) -> Option<String> {
    fn shown(value: &impl std::fmt::Debug) -> String {
        let text = format!("{value:?}");
        if text.chars().count() > 80 {
            format!("{}…", text.chars().take(80).collect::<String>())
        } else {
            text
        }
    }
    macro_rules! compare {
        ($($field:ident),*) => {
            $(
                if file.$field != rebuilt.$field {
                    return Some(format!(
                        "field {} says {}, but the quotient it proves gives {}",
                        stringify!($field),
                        shown(&file.$field),
                        shown(&rebuilt.$field)
                    ));
                }
            )*
        };
    }
    // Every field, so that a new one is compared too.
    let QuotientReport {
        schema: _,
        rule: _,
        play: _,
        to: _,
        order: _,
        elements: _,
        generators: _,
        table: _,
        p_portion: _,
        heaps: _,
        stable_from: _,
        checked: _,
        whole: _,
        stopped: _,
    } = file;
    compare!(
        schema,
        rule,
        play,
        to,
        order,
        elements,
        generators,
        table,
        p_portion,
        heaps,
        stable_from,
        checked,
        whole,
        stopped
    );
    None
}
