//! Tests of the heap engine: the fast engine against the naive one (`engines`), proved
//! periods against published ones (`periods`), and values and moves of huge heaps.

mod engines;
mod periods;

use super::*;
use crate::game::{Ruleset, Solver};
use crate::rules::{Digit, GrundyGame, HeapRule, Subtraction, TakeBreak};
use crate::spec::parse_heap_rule;

pub(super) fn rule(text: &str) -> HeapRule {
    parse_heap_rule(text).unwrap()
}

pub(super) fn big_limits() -> Limits {
    Limits::DEFAULT
        .with_max_positions(1 << 24)
        .with_max_work(u64::MAX / 64)
}

pub(super) fn fast_values(rule: &HeapRule, heaps: u64) -> Vec<u64> {
    let mut solver = HeapSolver::with_limits(rule.clone(), big_limits());
    solver.extend(heaps).unwrap();
    solver.tabulated_range(0, heaps)
}

/// A fast table of `heaps` heaps, every heap computed, in blocks from heap `blocks_from` on.
pub(super) fn blocks_table(
    rule: &HeapRule,
    heaps: u64,
    blocks_from: usize,
) -> HeapSolver<HeapRule> {
    let mut solver = HeapSolver::with_limits(rule.clone(), big_limits())
        .extend_by_period(false)
        .force_blocks_from(blocks_from);
    solver.extend(heaps).unwrap();
    solver
}

pub(super) fn naive_values(rule: &HeapRule, heaps: u64) -> Vec<u64> {
    let mut solver = HeapSolver::naive(rule.clone(), big_limits());
    solver.extend(heaps).unwrap();
    solver.tabulated_range(0, heaps)
}

/// Asserts that the fast engine's table of `heaps` heaps equals the naive engine's.
pub(super) fn assert_fast_is_naive(rule: &HeapRule, heaps: u64, name: &dyn std::fmt::Display) {
    assert_eq!(
        fast_values(rule, heaps),
        naive_values(rule, heaps),
        "{name}"
    );
}

/// Values of an octal code with a repeated digit, from the definition alone (an oracle
/// independent of both engines, fast enough for long tables): the moves that remove fewer
/// tokens than the tail's first are listed; those of the tail come from two growing sets, the
/// values of single heaps of at most `n - first` tokens and the XORs of pairs of heaps whose
/// sizes add up to at most `n - first`.
pub(super) fn definition_values(code: &TakeBreak, heaps: usize) -> Vec<u64> {
    let last = code.max_take().unwrap_or(0);
    let (first, tail) = code.tail().unwrap_or((last + 1, Digit::default()));
    let first = first as usize;
    let mut values: Vec<u64> = Vec::with_capacity(heaps);
    let (mut singles, mut pairs) = (Vec::<bool>::new(), Vec::<bool>::new());
    let set = |marks: &mut Vec<bool>, value: u64| {
        let value = value as usize;
        if marks.len() <= value {
            marks.resize(2 * value + 2, false);
        }
        marks[value] = true;
    };
    for n in 0..heaps {
        // The tail's sets grow to the heaps and pairs of `n - first` tokens.
        if n > first {
            let reach = n - first;
            set(&mut singles, values[reach]);
            for a in 1..=reach / 2 {
                set(&mut pairs, values[a] ^ values[reach - a]);
            }
        }
        let mut options = Vec::new();
        for k in 0..first.min(n + 1) {
            let digit = code.digit(k as u64);
            let rest = n - k;
            if digit.takes_all() && rest == 0 {
                options.push(0);
            }
            if digit.leaves_one() && rest > 0 {
                options.push(values[rest]);
            }
            if digit.splits_two() {
                options.extend((1..=rest / 2).map(|a| values[a] ^ values[rest - a]));
            }
        }
        let mut marks = vec![false; 2 * n + 2];
        for value in options {
            set(&mut marks, value);
        }
        if n >= first {
            if tail.takes_all() {
                set(&mut marks, 0);
            }
            let tail_sets = [(tail.leaves_one(), &singles), (tail.splits_two(), &pairs)];
            for (allowed, tail_set) in tail_sets {
                for (value, &reached) in tail_set.iter().enumerate() {
                    if allowed && reached {
                        set(&mut marks, value as u64);
                    }
                }
            }
        }
        values.push(
            marks
                .iter()
                .position(|&marked| !marked)
                .unwrap_or(marks.len()) as u64,
        );
    }
    values
}

/// Every octal code with a repeated digit and at most one digit between the point and it,
/// first digit 0 or 4, in which some move splits a heap: `4.[3]` (Lasker's Nim), `0.6[3]`,
/// `0.[7]`.
pub(super) fn splitting_tail_codes() -> Vec<TakeBreak> {
    let mut codes = Vec::new();
    for first in ["0", "4"] {
        for tail in 1..8 {
            for middle in std::iter::once(String::new()).chain((0..8).map(|d| d.to_string())) {
                let code = TakeBreak::parse(&format!("{first}.{middle}[{tail}]"), false).unwrap();
                if code.max_parts() == 2 {
                    codes.push(code);
                }
            }
        }
    }
    codes
}

#[test]
fn the_definition_oracle_agrees_with_the_naive_engine() {
    for text in ["4.[3]", "0.[7]", "0.6[2]", "4.1[6]", "0.37[5]"] {
        let code = TakeBreak::parse(text, false).unwrap();
        let rule = HeapRule::TakeBreak(code.clone());
        assert_eq!(
            definition_values(&code, 300),
            naive_values(&rule, 300),
            "{text}"
        );
    }
}

#[test]
fn table_agrees_with_search() {
    let mut table = HeapSolver::new(GrundyGame);
    let mut search = Solver::new(GrundyGame);
    for heap in 0..200 {
        assert_eq!(table.value(heap), search.value(&heap), "heap {heap}");
    }
}

/// Acceptance: every code with up to three digits after the point, with first digit 0 or 4,
/// to 2,000 heaps. The threads split the codes between the cores.

#[test]
fn winning_moves_of_huge_heaps_reach_the_target() {
    for text in [
        "kayles",
        "0.07",
        "0.137",
        "allbut{2,3,7}",
        "sub{1,2,4}",
        "lasker",
        "0.4[3]",
    ] {
        let mut solver = HeapSolver::new(rule(text));
        let heap = 10u64.pow(18) + 7;
        let value = solver.value(heap).unwrap();
        for target in (0..value.value()).take(12) {
            let moves = solver.moves_to_value(&heap, Nimber::new(target)).unwrap();
            let Some(moves) = moves else {
                // Few moves: the sum lists them all.
                assert!(solver.rules().move_count(&heap).unwrap() < 100, "{text}");
                continue;
            };
            assert!(!moves.is_empty(), "{text}: no move to {target}");
            for class in moves {
                let parts = class.parts;
                let reached: Nimber = parts.iter().map(|&p| solver.value(p).unwrap()).sum();
                assert_eq!(reached, Nimber::new(target), "{text}: {parts:?}");
            }
        }
    }
}

/// Issue 15: the classes of moves found through the period hold exactly the moves of each
/// value, counted one by one from the ruleset's moves on heaps beyond the table.
#[test]
fn classes_of_moves_count_every_move() {
    for text in [
        "kayles",
        "0.07",
        "0.137",
        "allbut{2,3,7}",
        "0.51",
        "0.72",
        "4.7",
    ] {
        let limits = Limits::DEFAULT.with_max_moves(64);
        let mut solver = HeapSolver::with_limits(rule(text), limits);
        for heap in [20_011u64, 20_012] {
            let value = solver.value(heap).unwrap();
            assert!(
                solver.tabulated(heap).is_none(),
                "{text}: {heap} is tabulated"
            );
            let mut all = Vec::new();
            solver.rules().moves(&heap, &mut all);
            for target in 0..=value.value() {
                let Some(classes) = solver.moves_to_value(&heap, Nimber::new(target)).unwrap()
                else {
                    panic!("{text}: the moves of {heap} are listed one by one");
                };
                let mut by_search = 0u64;
                for parts in &all {
                    let reached: Nimber = parts.iter().map(|&p| solver.value(p).unwrap()).sum();
                    by_search += u64::from(reached == Nimber::new(target));
                }
                let counted: u64 = classes.iter().map(|class| class.count).sum();
                assert_eq!(counted, by_search, "{text}({heap}) to {target}");
            }
        }
    }
}

#[test]
fn subtraction_and_code_routes_agree() {
    let rule = Subtraction::finite(&[1, 3, 4]).unwrap();
    let code = rule.to_code().unwrap();
    let a = fast_values(&HeapRule::Subtraction(rule), 300);
    let b = fast_values(&HeapRule::TakeBreak(code), 300);
    assert_eq!(a, b);
}

#[test]
fn resuming_gives_the_same_table() {
    let rule = rule("0.6");
    let full = fast_values(&rule, 12_000);
    let mut resumed = HeapSolver::with_limits(rule, big_limits());
    resumed.push_known(full[..5_000].iter().copied()).unwrap();
    resumed.extend(7_000).unwrap();
    assert_eq!(resumed.tabulated_range(0, 12_000), full);
}

#[test]
fn a_raised_cancel_flag_stops_a_table() {
    static RAISED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(true);
    let limits = Limits {
        cancel: crate::Cancel::new(&RAISED),
        ..big_limits()
    };
    for rule in [
        rule("grundy"),
        rule("sub{squares}"),
        HeapRule::Nim(crate::rules::Nim),
    ] {
        let error = HeapSolver::with_limits(rule.clone(), limits)
            .extend(1 << 20)
            .unwrap_err();
        assert_eq!(error.kind(), &crate::ErrorKind::Cancelled, "{rule}");
    }
}

#[test]
fn long_lists_hit_the_table_limit_even_with_a_closed_form() {
    // Regression: `grundy seq nim --to 10^12` used to fill memory with values.
    let error = HeapSolver::new(crate::rules::Nim)
        .values(10u64.pow(12))
        .unwrap_err();
    assert!(error.is_limit(), "{error}");
    assert_eq!(
        HeapSolver::new(crate::rules::Nim)
            .values(3)
            .map(|v| v.len()),
        Ok(4)
    );
}

#[test]
fn moves_to_three_heaps_are_bounded_by_the_work_limit() {
    // Regression: hexadecimal codes that leave three heaps ran for minutes before the work
    // limit stopped them. Heaps up to 300 of hex(0.8) have about 300^3 / 36 such moves.
    let code = TakeBreak::parse("0.8", true).unwrap();
    let limits = Limits::DEFAULT.with_max_work(10_000);
    let error = HeapSolver::with_limits(code.clone(), limits)
        .value(300)
        .unwrap_err();
    assert!(error.is_limit(), "{error}");
    assert!(HeapSolver::with_limits(code, limits).value(20).is_ok());
}
