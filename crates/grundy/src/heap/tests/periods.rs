//! Published sequences and periods, and certificates checked independently.

use super::*;

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
    // No theorem covers Grundy's game here.
    assert_eq!(prove("grundy", 1 << 14), None);
    // Lasker's Nim: g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4, g(4k+4) = 4k+3 (Winning
    // Ways ch. 4), so period 4 and saltus 4 from heap 1.
    let lasker = prove("lasker", 1 << 12).unwrap();
    assert_eq!(
        (
            lasker.preperiod,
            lasker.period,
            lasker.saltus,
            lasker.theorem
        ),
        (1, 4, 4, Theorem::Arithmetic)
    );
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
        let values = naive_values(&rule, certificate.checked_to + 1);
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
    let mut grundy =
        HeapSolver::with_limits(GrundyGame, Limits::DEFAULT.with_max_positions(1 << 14));
    let error = grundy.value(10u64.pow(18)).unwrap_err();
    assert!(error.is_limit(), "{error}");
    assert!(error.to_string().contains("16384"), "{error}");
}

/// Every arithmetic period proved for a splitting code with a repeated digit (at most two
/// digits) holds on values from the definition four times beyond the range it was proved
/// from, and re-checks against them; the codes left unproved are named and counted.
#[test]
fn arithmetic_periods_of_splitting_codes_hold_far_beyond() {
    let mut proved = Vec::new();
    let mut unproved = Vec::new();
    for code in splitting_tail_codes() {
        let text = code.to_string();
        let rule = HeapRule::TakeBreak(code.clone());
        if Theorem::for_code(&rule.code().unwrap()) != Some(Theorem::Arithmetic) {
            continue;
        }
        let Some(certificate) = prove(&text, 1 << 12) else {
            unproved.push(text);
            continue;
        };
        let far = definition_values(&code, 4 * certificate.checked_to as usize + 200);
        for (heap, &value) in far.iter().enumerate().skip(certificate.preperiod as usize) {
            assert_eq!(
                certificate.value_from(heap as u64, |small| far[small as usize]),
                Some(value),
                "{text} heap {heap}"
            );
        }
        let values = &far[..=certificate.checked_to as usize];
        let code = rule.code().unwrap();
        assert_eq!(period::check(&code, &certificate, values), Ok(()), "{text}");
        let mut wrong = certificate.clone();
        wrong.saltus += 1;
        assert!(period::check(&code, &wrong, values).is_err(), "{text}");
        proved.push(format!(
            "{text}: {}+{}",
            certificate.period, certificate.saltus
        ));
    }
    eprintln!(
        "proved {}: {proved:?}\nunproved {}: {unproved:?}",
        proved.len(),
        unproved.len()
    );
    assert!(
        proved.len() > 40,
        "only {} arithmetic periods proved",
        proved.len()
    );
}

/// Beyond the table, every move of a heap of Lasker's Nim (and of `0.4[3]`, saltus 2) to each
/// target comes from the arithmetic period: the same moves as all moves listed plainly, with
/// values from the certificate.
#[test]
fn arithmetic_moves_beyond_the_table_are_every_move() {
    for text in ["lasker", "0.4[3]"] {
        let limits = Limits {
            max_moves: 20_000,
            ..big_limits()
        };
        let mut solver = HeapSolver::with_limits(rule(text), limits);
        solver.prove_period(1 << 12).unwrap();
        let code = solver.code().unwrap().clone();
        for heap in [20_011, 20_012, 20_013, 20_014] {
            assert!(solver.tabulated(heap).is_none());
            let mut all: Vec<(u64, Vec<u64>)> = Vec::new();
            for take in 0..=heap {
                let digit = code.digit(take);
                let rest = heap - take;
                if digit.takes_all() && rest == 0 {
                    all.push((0, vec![]));
                }
                if digit.leaves_one() && rest > 0 {
                    all.push((solver.value(rest).unwrap().value(), vec![rest]));
                }
                if digit.splits_two() {
                    for small in 1..=rest / 2 {
                        let value = solver.value(small).unwrap().value()
                            ^ solver.value(rest - small).unwrap().value();
                        all.push((value, vec![small, rest - small]));
                    }
                }
            }
            let own = solver.value(heap).unwrap().value();
            for target in (0..40).chain(own - 40..own + 8) {
                let mut expected: Vec<Vec<u64>> = all
                    .iter()
                    .filter(|(value, _)| *value == target)
                    .map(|(_, parts)| parts.clone())
                    .collect();
                expected.sort();
                let mut found: Vec<Vec<u64>> = solver
                    .moves_to_value(&heap, Nimber::new(target))
                    .unwrap()
                    .unwrap()
                    .into_iter()
                    .map(|class| {
                        // Under an arithmetic period every move is listed alone.
                        assert_eq!(class.count, 1, "{text}");
                        class.parts.to_vec()
                    })
                    .collect();
                found.sort();
                assert_eq!(found, expected, "{text} heap {heap} target {target}");
            }
        }
    }
}
