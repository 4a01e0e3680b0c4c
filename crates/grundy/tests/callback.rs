//! Rulesets whose moves come from a callback that can fail (`Ruleset::try_moves`, the hook of
//! games written in Python): every solver and report stops with the callback's error, and
//! remembers nothing wrong, so the same question answers correctly once the callback works.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use grundy::sum::{RulesetTerm, Sum};
use grundy::{analysis, ErrorKind, Limits, Nimber, Parts, Ruleset, Solver};

/// Remove one or two tokens, but listing the moves of heap `fail_at` fails (none when it is
/// `u64::MAX`).
struct Flaky {
    fail_at: Arc<AtomicU64>,
}

impl Ruleset for Flaky {
    type Position = u64;

    fn moves(&self, heap: &u64, out: &mut Vec<Parts<u64>>) {
        for take in 1..=2.min(*heap) {
            out.push(Parts::from_slice(&[heap - take]));
        }
    }

    fn try_moves(&self, heap: &u64, out: &mut Vec<Parts<u64>>) -> grundy::Result<()> {
        if *heap == self.fail_at.load(Ordering::Relaxed) {
            return Err(grundy::Error::new(ErrorKind::Callback {
                message: format!("no moves for {heap}"),
            }));
        }
        self.moves(heap, out);
        Ok(())
    }

    fn describe(&self, from: &u64, to: &[u64]) -> String {
        format!("{from} to {to:?}")
    }

    fn format(&self, heaps: &[u64]) -> String {
        let heaps: Vec<String> = heaps.iter().map(u64::to_string).collect();
        format!("flaky({})", heaps.join(","))
    }
}

fn failing(heap: u64) -> (Flaky, Arc<AtomicU64>) {
    let fail_at = Arc::new(AtomicU64::new(heap));
    let rules = Flaky {
        fail_at: Arc::clone(&fail_at),
    };
    (rules, fail_at)
}

fn is_callback(error: &grundy::Error) -> bool {
    matches!(error.kind(), ErrorKind::Callback { message } if message.starts_with("no moves"))
}

#[test]
fn the_solver_stops_and_remembers_nothing_wrong() {
    let (rules, fail_at) = failing(3);
    let mut solver = Solver::new(rules);
    let error = solver.value(&10).unwrap_err();
    assert!(is_callback(&error), "{error}");
    assert_eq!(error.to_string(), "listing moves failed: no moves for 3");
    // Heaps below the failure were solved and are right; nothing at or above it was kept.
    assert_eq!(solver.value(&2), Ok(Nimber::new(2)));
    fail_at.store(u64::MAX, Ordering::Relaxed);
    for heap in 0..=10 {
        assert_eq!(solver.value(&heap), Ok(Nimber::new(heap % 3)));
    }
}

#[test]
fn every_report_passes_the_error_on() {
    let (rules, fail_at) = failing(4);
    let limits = Limits::default();
    let sum = Sum::new(vec![Box::new(RulesetTerm::new(
        Solver::new(rules),
        vec![7, 2],
    ))]);
    let errors = [
        analysis::value(&sum).err(),
        analysis::moves(&sum).err(),
        analysis::dag(&sum, 100, grundy::Play::Normal).err(),
        analysis::dag(&sum, 100, grundy::Play::Misere).err(),
        analysis::misere::value(&sum, limits).err(),
        grundy::ask::value(
            &sum,
            grundy::Play::Normal,
            &grundy::ask::Settings::with_limits(limits),
        )
        .err(),
        grundy::play::Game::new(&sum, grundy::Play::Normal, limits)
            .and_then(|mut game| game.moves().map(|_| ()))
            .err(),
    ];
    for (index, error) in errors.iter().enumerate() {
        let error = error
            .as_ref()
            .unwrap_or_else(|| panic!("report {index} did not fail"));
        assert!(is_callback(error), "report {index}: {error}");
    }
    fail_at.store(u64::MAX, Ordering::Relaxed);
    let report = analysis::value(&sum).expect("value");
    assert_eq!(report.head.value, (7 % 3) ^ 2);
    let misere = analysis::misere::value(&sum, limits).expect("misere");
    assert_eq!(misere.head.outcome.letter(), "N");
}

#[test]
fn terms_with_positions_share_the_memo() {
    let (rules, fail_at) = failing(u64::MAX);
    let term = RulesetTerm::new(Solver::new(rules), vec![]);
    let first = Sum::new(vec![Box::new(term.with_positions(vec![20]))]);
    assert_eq!(first.value(), Ok(Nimber::new(2)));
    // Heap 20 is remembered: a failure below it no longer matters to a sum that holds it.
    fail_at.store(5, Ordering::Relaxed);
    let second = Sum::new(vec![Box::new(term.with_positions(vec![20, 19]))]);
    assert_eq!(second.value(), Ok(Nimber::new(2 ^ 1)));
}
