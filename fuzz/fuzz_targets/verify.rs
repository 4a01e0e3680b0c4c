//! Any certificate for `grundy verify`, written as two lines (`RULE` then `THEOREM PREPERIOD
//! PERIOD SALTUS CHECKED_TO CHECKSUM`, the checksum in hexadecimal): with small limits,
//! verifying answers or stops at a limit and never panics, and a certificate it accepts agrees
//! with the values it claims. For every rule that parses, the certificate that the solver proves
//! from the values verifies, and the same certificate with another checksum does not.
#![no_main]

use grundy::heap::{self, period, Certificate, HeapSolver, Recomputed, Theorem};
use grundy::rules::HeapRule;
use grundy::spec;
use libfuzzer_sys::fuzz_target;

#[path = "../small_limits.rs"]
mod small_limits;

/// Heap tables need more work than a game: four times the other targets'.
const LIMITS: grundy::Limits = small_limits::LIMITS.with_max_work(1 << 16);

/// The certificate in `text`, if it is written as the module says.
fn certificate(text: &str) -> Option<Certificate> {
    let (rule, claim) = text.split_once('\n')?;
    let mut words = claim.split_whitespace();
    let theorem = Theorem::from_name(words.next()?)?;
    let mut number = || words.next()?.parse::<u64>().ok();
    let (preperiod, period, saltus, checked_to) = (number()?, number()?, number()?, number()?);
    let checksum = u64::from_str_radix(words.next()?, 16).ok()?;
    Some(Certificate {
        rule: rule.to_string(),
        theorem,
        preperiod,
        period,
        saltus,
        checked_to,
        checksum,
    })
}

/// The values of heaps `0..=checked_to` of `rule` by the naive engine, within the limits.
fn values(rule: &HeapRule, checked_to: u64) -> Option<Vec<u64>> {
    let heaps = checked_to.checked_add(1)?;
    let mut solver = HeapSolver::naive(rule.clone(), LIMITS);
    solver.extend(heaps).ok()?;
    Some(solver.tabulated_range(0, heaps))
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let rule_text = text.split('\n').next().unwrap_or_default();
    let Ok(rule) = spec::parse_heap_rule(rule_text) else {
        return;
    };
    if let Some(claimed) = certificate(text) {
        let verdict = heap::verify(rule.clone(), &claimed, LIMITS, None);
        if let Ok((_, naive)) = &verdict {
            // The sparse route reaches the same verdict whenever the naive one finishes.
            let sparse = heap::verify(rule.clone(), &claimed, LIMITS, Some(Recomputed::Sparse));
            assert_eq!(sparse.ok().map(|(_, verdict)| verdict).as_ref(), Some(naive), "{text}");
        }
        if let Ok((_, Ok(()))) = verdict {
            let values = values(&rule, claimed.checked_to).expect("verified within the limits");
            assert_eq!(period::checksum(values.iter().copied()), claimed.checksum);
            for n in claimed.preperiod..=claimed.checked_to {
                let Some(later) = n.checked_add(claimed.period).filter(|&m| m <= claimed.checked_to)
                else {
                    break;
                };
                let (value, later_value) = (values[n as usize], values[later as usize]);
                assert_eq!(Some(later_value), value.checked_add(claimed.saltus), "{text}");
            }
        }
    }
    let mut solver = HeapSolver::with_limits(rule.clone(), LIMITS);
    if let Ok(Some(proved)) = solver.prove_period(LIMITS.max_positions) {
        let mut proved = proved.clone();
        for by in [None, Some(Recomputed::Plain), Some(Recomputed::Sparse)] {
            let verdict = heap::verify(rule.clone(), &proved, LIMITS, by);
            assert!(matches!(verdict, Ok((_, Ok(())))), "{rule_text}: {verdict:?}");
        }
        proved.checksum ^= 1;
        let verdict = heap::verify(rule, &proved, LIMITS, None);
        assert!(matches!(verdict, Ok((_, Err(_)))), "{rule_text}: {verdict:?}");
    }
});
