//! Tests of the heap engine: the fast engine against the naive one, proved periods against
//! published ones, and values of huge heaps.

use super::*;
use crate::game::{Ruleset, Solver};
use crate::rules::{GrundyGame, HeapRule, Subtraction, TakeBreak};
use crate::spec::parse_heap_rule;

fn rule(text: &str) -> HeapRule {
    parse_heap_rule(text).unwrap()
}

fn big_limits() -> Limits {
    Limits {
        max_positions: 1 << 24,
        max_work: u64::MAX / 64,
        ..Limits::default()
    }
}

fn fast_values(rule: &HeapRule, heaps: u64) -> Vec<u64> {
    let mut solver = HeapSolver::with_limits(rule.clone(), big_limits());
    solver.extend(heaps).unwrap();
    solver.tabulated_range(0, heaps)
}

/// A fast table of `heaps` heaps, every heap computed, in blocks from heap `blocks_from` on.
fn blocks_table(rule: &HeapRule, heaps: u64, blocks_from: usize) -> HeapSolver<HeapRule> {
    let mut solver = HeapSolver::with_limits(rule.clone(), big_limits())
        .extend_by_period(false)
        .force_blocks_from(blocks_from);
    solver.extend(heaps).unwrap();
    solver
}

fn naive_values(rule: &HeapRule, heaps: u64) -> Vec<u64> {
    let mut solver = HeapSolver::naive(rule.clone(), big_limits());
    solver.extend(heaps).unwrap();
    solver.tabulated_range(0, heaps)
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
fn fast_engine_equals_naive_engine_on_all_short_codes() {
    let codes: Vec<String> = (0..2)
        .flat_map(|first| {
            (1..512).map(move |digits| {
                format!(
                    "{}.{}{}{}",
                    first * 4,
                    digits >> 6,
                    (digits >> 3) & 7,
                    digits & 7
                )
            })
        })
        .collect();
    let heaps = 2000;
    std::thread::scope(|scope| {
        for chunk in codes.chunks(codes.len() / 2 + 1) {
            scope.spawn(move || {
                for code in chunk {
                    let rule = HeapRule::TakeBreak(TakeBreak::parse(code, false).unwrap());
                    assert_eq!(
                        fast_values(&rule, heaps),
                        naive_values(&rule, heaps),
                        "{code}"
                    );
                }
            });
        }
    });
}

/// Heaps computed in blocks (most work ahead, on every core) equal heaps computed one at a
/// time, on every short code whose table gets a mask, far enough to pass many blocks and mask
/// changes.
#[test]
fn blocks_equal_heap_by_heap() {
    let codes: Vec<String> = (0..2)
        .flat_map(|first| (1..512).map(move |digits| format!("{}.{digits:03o}", first * 4)))
        .collect();
    let heaps = 6000;
    let blocked: u64 = std::thread::scope(|scope| {
        let workers: Vec<_> = codes
            .chunks(codes.len() / 2 + 1)
            .map(|chunk| {
                scope.spawn(move || {
                    let mut blocked = 0;
                    for code in chunk {
                        let rule = HeapRule::TakeBreak(TakeBreak::parse(code, false).unwrap());
                        let blocks = blocks_table(&rule, heaps, 512);
                        let stats = blocks.stats();
                        if stats.block_heaps == 0 {
                            continue;
                        }
                        blocked += 1;
                        let single = blocks_table(&rule, heaps, usize::MAX);
                        assert_eq!(
                            blocks.tabulated_range(0, heaps),
                            single.tabulated_range(0, heaps),
                            "{code}"
                        );
                        assert_eq!(stats.rare_heaps, single.stats().rare_heaps, "{code}");
                    }
                    blocked
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).sum()
    });
    // Codes with a sparse space: most of those that split heaps.
    assert!(blocked > 100, "only {blocked} codes used blocks");
}

/// Grundy's game keeps finding rare heaps (the last below 10^6 at 82860), so blocks meet rare
/// heaps of their own; and 0.6 removes a token without splitting, an option inside the block.
#[test]
fn blocks_equal_heap_by_heap_on_long_tables() {
    for (text, heaps) in [("grundy", 120_000), ("0.6", 60_000)] {
        let blocks = blocks_table(&rule(text), heaps, 1024);
        let single = blocks_table(&rule(text), heaps, usize::MAX);
        assert_eq!(
            blocks.tabulated_range(0, heaps),
            single.tabulated_range(0, heaps),
            "{text}"
        );
        let (stats, single) = (blocks.stats(), single.stats());
        assert!(stats.block_heaps > heaps * 9 / 10, "{text}: {stats:?}");
        assert_eq!(single.block_heaps, 0);
        assert_eq!(stats.rare_heaps, single.rare_heaps, "{text}");
        assert!(stats.last_rare > Some(20_000), "{text}: {stats:?}");
    }
}

#[test]
fn fast_engine_equals_naive_engine_on_other_rules() {
    for (text, heaps) in [
        ("grundy", 3000),
        ("lasker", 600),
        ("sub{2,3,7}", 500),
        ("allbut{2,3,7}", 500),
        ("allbut{}", 200),
        ("take[3..6]", 300),
        ("hex(0.8)", 120),
        ("0.F", 120),
        ("4.8F", 100),
        ("0.[7]", 150),
        ("0.4[2]", 150),
        ("0.[1]", 50),
        ("0.1[4]", 150),
        ("hex(0.[8])", 60),
        ("0.12345", 400),
    ] {
        let rule = rule(text);
        assert_eq!(
            fast_values(&rule, heaps),
            naive_values(&rule, heaps),
            "{text}"
        );
    }
}

/// The rare/common split engages only on longer tables; compare it with a plain dense
/// computation (every pair) on games with a sparse space.
#[test]
fn sparse_space_engine_equals_plain_scan() {
    for (text, heaps) in [
        ("0.6", 16_000),
        ("0.16", 16_000),
        ("grundy", 16_000),
        ("0.104", 12_000),
        ("0.77", 8_000),
        ("0.26", 8_000),
    ] {
        let rule = rule(text);
        let code = rule.code().unwrap();
        let mut plain = vec![0u64; heaps];
        let mut seen = vec![false; 1 << 12];
        for n in 0..heaps {
            seen.iter_mut().for_each(|s| *s = false);
            for &(take, digit) in code.digits() {
                let Some(rest) = n.checked_sub(take as usize) else {
                    break;
                };
                if digit.takes_all() && rest == 0 {
                    seen[0] = true;
                }
                if digit.leaves_one() && rest > 0 {
                    seen[plain[rest] as usize] = true;
                }
                if digit.splits_two() {
                    for small in 1..=code.largest_small_part(rest as u64) as usize {
                        seen[(plain[small] ^ plain[rest - small]) as usize] = true;
                    }
                }
            }
            plain[n] = seen.iter().position(|s| !s).unwrap() as u64;
        }
        let mut solver = HeapSolver::with_limits(rule.clone(), big_limits());
        solver.extend(heaps as u64).unwrap();
        assert_eq!(solver.tabulated_range(0, heaps as u64), plain, "{text}");
        let blocks = blocks_table(&rule, heaps as u64, 1024);
        assert_eq!(blocks.tabulated_range(0, heaps as u64), plain, "{text}");
        let stats = solver.stats();
        if text != "0.77" {
            assert!(
                stats.masks.iter().any(|&(_, mask)| mask != 0),
                "{text}: {stats:?}"
            );
        }
    }
}

fn published(file: &str) -> (u64, Vec<u64>) {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let offset = text
        .lines()
        .find_map(|line| line.strip_prefix("# offset:"))
        .map_or(0, |o| o.trim().parse().unwrap());
    let values = text
        .lines()
        .filter(|line| !line.starts_with('#'))
        .flat_map(|line| line.split_whitespace().map(|v| v.parse::<u64>().unwrap()))
        .collect();
    (offset, values)
}

#[test]
fn published_sequences() {
    for (file, text) in [
        ("kayles.txt", "0.77"),
        ("dawson_chess.txt", "0.137"),
        ("grundys_game.txt", "grundy"),
        ("octal_7777_double_kayles.txt", "0.7777"),
        ("octal_1377.txt", "0.1377"),
        ("octal_177.txt", "0.177"),
        ("octal_117.txt", "0.117"),
        ("octal_127.txt", "0.127"),
        ("octal_176.txt", "0.176"),
        ("octal_56.txt", "0.56"),
    ] {
        let (offset, expected) = published(file);
        let values = fast_values(&rule(text), offset + expected.len() as u64);
        assert_eq!(values[offset as usize..], expected[..], "{file}");
    }
    // Grundy's game: published zeros and record values.
    let mut grundy = HeapSolver::with_limits(rule("grundy"), big_limits());
    grundy.extend(14_000).unwrap();
    let (_, zeros) = published("grundys_game_zeros.txt");
    let found: Vec<u64> = (0..=1222)
        .filter(|&n| grundy.tabulated(n) == Some(0))
        .collect();
    assert_eq!(found, zeros);
    let (_, pairs) = published("grundys_game_records.txt");
    for pair in pairs.chunks(2) {
        assert_eq!(
            grundy.tabulated(pair[0]),
            Some(pair[1]),
            "record at {}",
            pair[0]
        );
    }
}

fn prove(text: &str, max: u64) -> Option<Certificate> {
    let mut solver = HeapSolver::with_limits(rule(text), big_limits());
    solver.prove_period(max).unwrap().cloned()
}

#[test]
fn published_periods() {
    // Winning Ways ch. 4; OEIS A002186: Kayles is periodic with period 12 from n = 71.
    let kayles = prove("kayles", 1 << 12).unwrap();
    assert_eq!(
        (
            kayles.preperiod,
            kayles.period,
            kayles.saltus,
            kayles.theorem
        ),
        (71, 12, 0, Theorem::GuySmith)
    );
    assert_eq!(kayles.rule, "kayles");
    // Dawson's Kayles: period 34 (last exception at 51 in A002187's indexing of 0.137).
    let dawson = prove("0.07", 1 << 12).unwrap();
    assert_eq!((dawson.preperiod, dawson.period), (53, 34));
    // OEIS A071453: 0.117 has period 48, last exception at 46.
    let octal_117 = prove("0.117", 1 << 12).unwrap();
    assert_eq!((octal_117.preperiod, octal_117.period), (47, 48));
    // OEIS A071435: 0.177 has period 20, last exception at 496.
    let octal_177 = prove("0.177", 1 << 14).unwrap();
    assert_eq!((octal_177.preperiod, octal_177.period), (497, 20));
    // Subtraction games: sub{2,3,7} has period 5; sub{1,2,4} is n mod 3.
    let sub = prove("sub{2,3,7}", 1 << 12).unwrap();
    assert_eq!((sub.period, sub.theorem), (5, Theorem::Window));
    assert_eq!(prove("sub{1,2,4}", 1 << 12).unwrap().period, 3);
    // All-but games are arithmetic-periodic; allbut{} is Nim, g(n) = n.
    let nim = prove("allbut{}", 1 << 12).unwrap();
    assert_eq!(
        (nim.preperiod, nim.period, nim.saltus, nim.theorem),
        (0, 1, 1, Theorem::TailArithmetic)
    );
    let all_but = prove("allbut{2,3,7}", 1 << 12).unwrap();
    assert!(all_but.saltus > 0);
    // Gangolli and Plambeck (1989), Flammenkamp's tables: 0.16 has period 149459 from heap
    // 105351; 0.56 has period 144 (OEIS A071436) and its last exception at 326639 (the
    // entry's comment says 326637).
    let octal_16 = prove("0.16", 1 << 20).unwrap();
    assert_eq!((octal_16.preperiod, octal_16.period), (105_351, 149_459));
    let octal_56 = prove("0.56", 1 << 21).unwrap();
    assert_eq!((octal_56.preperiod, octal_56.period), (326_640, 144));
    // No theorem covers Grundy's game or Lasker's Nim here.
    assert_eq!(prove("grundy", 1 << 14), None);
    assert_eq!(prove("lasker", 1 << 10), None);
}

/// A repeated digit 1 (take a whole heap of at least so many tokens) leaves the finite
/// theorems sound: every period proved for such a code, with one or two digits before the
/// tail, holds on naive values far beyond the range it was proved from.
#[test]
fn periods_of_codes_whose_tail_takes_whole_heaps_hold() {
    let mut proved = 0;
    for digits in 0..64 {
        for text in [
            format!("0.{}[1]", digits & 7),
            format!("0.{}{}[1]", digits >> 3, digits & 7),
        ] {
            let rule = rule(&text);
            let Some(certificate) = prove(&text, 1 << 11) else {
                continue;
            };
            proved += 1;
            let far = naive_values(&rule, 4 * certificate.checked_to + 200);
            for (heap, &value) in far.iter().enumerate().skip(certificate.preperiod as usize) {
                assert_eq!(
                    certificate.value_from(heap as u64, |small| far[small as usize]),
                    Some(value),
                    "{text} heap {heap}"
                );
            }
        }
    }
    assert!(proved > 90, "only {proved} periods proved");
}

#[test]
fn certificates_check_against_naive_values() {
    for text in [
        "kayles",
        "0.07",
        "sub{2,3,7}",
        "allbut{2,3,7}",
        "allbut{1}",
        "0.F",
        "take[2..4]",
        "0.[1]",
        "0.3[1]",
        "0.14[1]",
        "4.3[1]",
    ] {
        let rule = rule(text);
        let certificate = prove(text, 1 << 12).unwrap_or_else(|| panic!("{text}"));
        let values: Vec<u32> = naive_values(&rule, certificate.checked_to + 1)
            .into_iter()
            .map(|v| v as u32)
            .collect();
        let code = rule.code().unwrap();
        assert_eq!(
            period::check(&code, &certificate, &values),
            Ok(()),
            "{text}"
        );
        // Every period claim is true far beyond the checked range.
        let far = naive_values(&rule, certificate.checked_to + 3 * certificate.period + 50);
        for (heap, &value) in far.iter().enumerate() {
            if heap as u64 >= certificate.preperiod {
                assert_eq!(
                    certificate.value_from(heap as u64, |small| far[small as usize]),
                    Some(value),
                    "{text} heap {heap}"
                );
            }
        }
        // A wrong claim is refused.
        let mut wrong = certificate.clone();
        wrong.period += 1;
        assert!(period::check(&code, &wrong, &values).is_err(), "{text}");
        if certificate.preperiod > 0 {
            let mut early = certificate.clone();
            early.preperiod -= 1;
            assert!(period::check(&code, &early, &values).is_err(), "{text}");
        }
    }
}

#[test]
fn huge_heaps_by_period() {
    let mut kayles = HeapSolver::new(rule("kayles"));
    let value = kayles.value(10u64.pow(18)).unwrap();
    // 10^18 - 71 = 12 q + r: g = g(71 + r).
    let small = 71 + (10u64.pow(18) - 71) % 12;
    assert_eq!(value, kayles.value(small).unwrap());
    let mut sub = HeapSolver::new(rule("sub{1,2,4}"));
    assert_eq!(
        sub.value(123_456_789_012_345_678).unwrap(),
        Nimber::new(123_456_789_012_345_678 % 3)
    );
    let mut nim_like = HeapSolver::new(rule("allbut{}"));
    assert_eq!(nim_like.value(1 << 60).unwrap(), Nimber::new(1 << 60));
}

#[test]
fn huge_heaps_without_a_period_hit_the_table_limit() {
    let mut grundy = HeapSolver::with_limits(
        GrundyGame,
        Limits {
            max_positions: 1 << 14,
            ..Limits::default()
        },
    );
    let error = grundy.value(10u64.pow(18)).unwrap_err();
    assert!(error.is_limit(), "{error}");
    assert!(error.to_string().contains("16384"), "{error}");
}

#[test]
fn winning_moves_of_huge_heaps_reach_the_target() {
    for text in ["kayles", "0.07", "0.137", "allbut{2,3,7}", "sub{1,2,4}"] {
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
            for parts in moves {
                let reached: Nimber = parts.iter().map(|&p| solver.value(p).unwrap()).sum();
                assert_eq!(reached, Nimber::new(target), "{text}: {parts:?}");
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
    let limits = Limits {
        max_work: 10_000,
        ..Limits::default()
    };
    let error = HeapSolver::with_limits(code.clone(), limits)
        .value(300)
        .unwrap_err();
    assert!(error.is_limit(), "{error}");
    assert!(HeapSolver::with_limits(code, limits).value(20).is_ok());
}
