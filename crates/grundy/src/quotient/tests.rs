//! The quotient against misère outcomes found from the definition, on random sums.

use std::collections::HashMap;

use super::*;
use crate::game::Ruleset;
use crate::rules::HeapRule;
use crate::spec;
use crate::xorshift::Random;

/// Misère outcome of a sum of heaps from the definition: P exactly when there is a move and
/// every move leads to N. Written apart from the library's searches: heaps as a sorted vector.
struct Brute {
    rule: HeapRule,
    memo: HashMap<Vec<u64>, bool>,
}

impl Brute {
    fn p_position(&mut self, heaps: &[u64]) -> bool {
        let mut key: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
        key.sort_unstable();
        if let Some(&known) = self.memo.get(&key) {
            return known;
        }
        let mut has_move = false;
        let mut p = true;
        'outer: for index in 0..key.len() {
            let mut moves = Vec::new();
            self.rule.moves(&key[index], &mut moves);
            for parts in moves {
                has_move = true;
                let mut next = key.clone();
                next.remove(index);
                next.extend(parts.iter().copied());
                if self.p_position(&next) {
                    p = false;
                    break 'outer;
                }
            }
        }
        let answer = has_move && p;
        self.memo.insert(key, answer);
        answer
    }
}

/// The quotient of heaps up to `to` agrees with the definition on `sums` random sums of up to
/// `parts` heaps whose total is at most `budget`.
fn agrees(rule: &str, to: u64, sums: usize, parts: u64, budget: u64) -> Result<Quotient> {
    let rule = spec::parse_heap_rule(rule)?;
    let quotient = heap_quotient(&rule, to, 1 << 12, Limits::default())?;
    let mut brute = Brute {
        rule,
        memo: HashMap::new(),
    };
    let mut random = Random(0x9E37_79B9_7F4A_7C15u64 ^ to);
    for _ in 0..sums {
        let count = 1 + random.below(parts);
        let mut heaps = Vec::new();
        let mut total = 0;
        for _ in 0..count {
            let heap = 1 + random.below(to);
            if total + heap <= budget {
                total += heap;
                heaps.push(heap);
            }
        }
        let word: Vec<u32> = heaps.iter().map(|&h| (h - 1) as u32).collect();
        let expected = if brute.p_position(&heaps) {
            Outcome::PreviousWins
        } else {
            Outcome::NextWins
        };
        assert_eq!(quotient.outcome(&word), expected, "{heaps:?}");
    }
    Ok(quotient)
}

fn p_names(quotient: &Quotient) -> Vec<String> {
    quotient.p_portion().map(|x| quotient.name(x)).collect()
}

#[test]
fn misere_nim_quotients_match_bouton() -> Result<()> {
    // Heaps of 1: T2 = {1, a}, a² = 1, P = {a}. Heaps of 1 and 2: order 6, P = {a, b²}.
    let one = agrees("nim", 1, 200, 9, 9)?;
    assert_eq!((one.order(), p_names(&one)), (2, vec!["a".to_string()]));
    let two = agrees("nim", 2, 1000, 8, 14)?;
    assert_eq!(
        (two.order(), p_names(&two)),
        (6, vec!["a".into(), "b^2".into()])
    );
    // Nim is tame: heaps up to 3 give the tame quotient of genera up to 3 (order 10? no: the
    // count is whatever the brute force confirms; only agreement is asserted here).
    agrees("nim", 5, 1000, 5, 16)?;
    Ok(())
}

#[test]
fn wild_octal_games_agree_with_the_definition() -> Result<()> {
    for (rule, to, budget) in [
        ("0.75", 12, 24),
        ("0.31", 12, 24),
        ("kayles", 14, 24),
        ("dawson", 16, 26),
        ("0.137", 14, 24),
    ] {
        agrees(rule, to, 1000, 5, budget)?;
    }
    Ok(())
}

/// Dawson's Kayles: heaps 2 + 2 + 6 and 4 + 4 + 6 are indistinguishable among heaps up to 9,
/// but a heap of 10 tells them apart (checked here by the definition). The quotient of heaps
/// up to 10 keeps them apart and agrees with the definition.
#[test]
fn later_atoms_can_separate() -> Result<()> {
    let rule = spec::parse_heap_rule("dawson")?;
    let class = |quotient: &Quotient, heaps: &[u64]| {
        quotient
            .monoid()
            .product(heaps.iter().map(|&h| quotient.image(h as usize - 1)))
    };
    let nine = heap_quotient(&rule, 9, 1 << 12, Limits::default())?;
    assert_eq!(class(&nine, &[2, 2, 6]), class(&nine, &[4, 4, 6]));
    let mut brute = Brute {
        rule: rule.clone(),
        memo: HashMap::new(),
    };
    assert_ne!(
        brute.p_position(&[2, 2, 6, 10]),
        brute.p_position(&[4, 4, 6, 10])
    );
    let ten = agrees("dawson", 10, 1000, 5, 26)?;
    assert_ne!(class(&ten, &[2, 2, 6]), class(&ten, &[4, 4, 6]));
    Ok(())
}

#[test]
fn an_atom_without_moves_is_the_identity() -> Result<()> {
    // In Dawson's Kayles (0.07) one pin cannot be taken alone: heap 1 is the game 0.
    let quotient = heap_quotient(&spec::parse_heap_rule("dawson")?, 3, 64, Limits::default())?;
    assert_eq!(quotient.image(0), 0);
    assert_eq!(quotient.label(0), "dawson(1)");
    Ok(())
}

#[test]
fn limits_are_named() {
    let kayles = spec::parse_heap_rule("kayles").unwrap();
    let error = heap_quotient(&kayles, 20, 4, Limits::default()).unwrap_err();
    assert!(
        matches!(
            error.kind(),
            crate::ErrorKind::LimitExceeded {
                limit: crate::Limit::QuotientOrder,
                max: 4,
                ..
            }
        ),
        "{error}"
    );
    assert!(error.to_string().contains("misère quotient"), "{error}");
    let error = heap_quotient(&kayles, 1 << 40, 64, Limits::default()).unwrap_err();
    assert!(error.is_limit(), "{error}");
}

/// Every line of `tests/data/misere_quotients.txt`: the order and P-portion of the published
/// quotients, and those computed here, with their generators and the heap they are stable from.
#[test]
fn recorded_quotients_are_reproduced() -> Result<()> {
    let data = include_str!("../../tests/data/misere_quotients.txt");
    let limits = Limits::DEFAULT
        .with_max_work(1 << 34)
        .with_max_positions(1 << 30);
    let mut counts = (0, 0);
    for line in data.lines().filter(|line| !line.starts_with('#')) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let (kind, rule, to, order, rest) = match fields.as_slice() {
            [kind, rule, to, order, rest @ ..] => (*kind, *rule, *to, *order, rest),
            _ => panic!("short line {line:?}"),
        };
        let to: u64 = to.parse().expect("a heap");
        let quotient = heap_quotient(&spec::parse_heap_rule(rule)?, to, 1 << 17, limits)?;
        assert_eq!(quotient.order().to_string(), order, "{line}");
        let p_portion = match (kind, rest) {
            ("published", p_portion) => {
                counts.0 += 1;
                p_portion
            }
            ("computed", [stable, generators, p_portion @ ..]) => {
                counts.1 += 1;
                let heaps: Vec<String> = quotient
                    .generators()
                    .iter()
                    .map(|g| (g + 1).to_string())
                    .collect();
                assert_eq!(heaps.join(","), *generators, "{line}");
                let from = quotient.last_change().map_or(0, |g| g + 1);
                assert_eq!(from.to_string(), *stable, "{line}");
                p_portion
            }
            _ => panic!("unknown line {line:?}"),
        };
        assert_eq!(p_names(&quotient), p_portion, "{line}");
    }
    assert_eq!(counts, (3, 3));
    Ok(())
}

/// Kayles gains generators at heaps 25 and 27 and order 40 by heap 30 (computed here, not
/// a published figure). Checked against the definition on random sums that hold a heap of
/// 25 to 30, of total at most 48 (`GRUNDY_SLOW=1`: more sums, total at most 54).
#[test]
fn kayles_to_30_agrees_with_the_definition() -> Result<()> {
    let rule = spec::parse_heap_rule("kayles")?;
    let limits = Limits::DEFAULT
        .with_max_work(1 << 34)
        .with_max_positions(1 << 30);
    let quotient = heap_quotient(&rule, 30, 1 << 12, limits)?;
    let generators: Vec<usize> = quotient.generators().iter().map(|&g| g + 1).collect();
    assert_eq!(
        (quotient.order(), generators, quotient.last_change()),
        (40, vec![1, 2, 5, 9, 12, 25, 27], Some(26))
    );
    let slow = std::env::var_os("GRUNDY_SLOW").is_some();
    let (sums, budget) = if slow { (5000, 54) } else { (1000, 48) };
    let mut brute = Brute {
        rule,
        memo: HashMap::new(),
    };
    let mut random = Random(0xD1B5_4A32_D192_ED03u64);
    let mut p_positions = 0;
    for _ in 0..sums {
        let mut heaps = vec![25 + random.below(6)];
        let mut total = heaps[0];
        for _ in 0..random.below(6) {
            let heap = 1 + random.below(30);
            if total + heap <= budget {
                total += heap;
                heaps.push(heap);
            }
        }
        let word: Vec<u32> = heaps.iter().map(|&h| (h - 1) as u32).collect();
        let p = brute.p_position(&heaps);
        p_positions += usize::from(p);
        let expected = if p {
            Outcome::PreviousWins
        } else {
            Outcome::NextWins
        };
        assert_eq!(quotient.outcome(&word), expected, "{heaps:?}");
    }
    assert!(
        p_positions > 0 && p_positions < sums,
        "{p_positions} P-positions"
    );
    Ok(())
}

/// The order, the P-portion (names sorted) and each atom's element, by name: equal for
/// isomorphic quotients with the same images, whatever the numbering.
fn shape(quotient: &Quotient) -> (usize, Vec<String>, Vec<String>) {
    let mut p = p_names(quotient);
    p.sort();
    let images = (0..quotient.atoms())
        .map(|atom| quotient.name(quotient.image(atom)))
        .collect();
    (quotient.order(), p, images)
}

/// The grown quotient equals the rebuilt one (the first method, a second implementation) on
/// every two-digit octal code to heaps 4, 7 and 10, and on the codes of issue 29's table to
/// heaps 12 and 16 (4.7: 12). The brute-force tests above check the grown one by definition.
#[test]
fn grown_and_rebuilt_quotients_agree() -> Result<()> {
    let limits = Limits::DEFAULT
        .with_max_work(1 << 30)
        .with_max_positions(1 << 22);
    let mut cases: Vec<(String, u64)> = (1..8)
        .flat_map(|a| (0..8).map(move |b| format!("0.{a}{b}")))
        .flat_map(|rule| [4, 7, 10].map(|to| (rule.clone(), to)))
        .collect();
    for rule in [
        "kayles", "dawson", "0.137", "0.4", "0.15", "0.26", "0.53", "nim",
    ] {
        cases.extend([12, 16].map(|to| (rule.to_string(), to)));
    }
    cases.push(("4.7".into(), 12));
    for (rule, to) in &cases {
        let parsed = spec::parse_heap_rule(rule)?;
        let rebuilt = heap_quotient_by_rebuilding(&parsed, *to, 1 << 12, limits)?;
        let grown = heap_quotient(&parsed, *to, 1 << 12, limits)?;
        assert_eq!(shape(&grown), shape(&rebuilt), "{rule} to {to}");
    }
    Ok(())
}

/// Every sum of up to three heaps up to `to` against the definition: the check once let
/// `0.53`'s heap 14 take the element of heap 1, which `14 + 14` tells apart.
#[test]
fn every_small_sum_agrees_with_the_definition() -> Result<()> {
    for (rule, to) in [
        ("0.53", 16),
        ("kayles", 13),
        ("dawson", 14),
        ("0.15", 14),
        ("0.72", 14),
        ("4.7", 9),
    ] {
        let parsed = spec::parse_heap_rule(rule)?;
        let quotient = heap_quotient(&parsed, to, 1 << 12, Limits::default())?;
        let mut brute = Brute {
            rule: parsed,
            memo: HashMap::new(),
        };
        for a in 0..=to {
            for b in a..=to {
                for c in b.max(1)..=to {
                    let heaps = [a, b, c];
                    let word: Vec<u32> = heaps
                        .iter()
                        .filter(|&&h| h > 0)
                        .map(|&h| (h - 1) as u32)
                        .collect();
                    let expected = if brute.p_position(&heaps) {
                        Outcome::PreviousWins
                    } else {
                        Outcome::NextWins
                    };
                    assert_eq!(quotient.outcome(&word), expected, "{rule} {heaps:?}");
                }
            }
        }
    }
    Ok(())
}
