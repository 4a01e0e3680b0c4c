//! The quotient's answers to misère sums against the library's misère search, on random sums.

use super::*;
use crate::analysis::misere::{searched_moves, searched_value};
use crate::spec;

/// A small deterministic generator (xorshift), so failures repeat.
fn random(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// `sums` random sums of heaps up to `to` of `rule` whose total is at most `budget`, written
/// as one term or as several: the quotient of heaps up to `to` gives the outcome, the winning
/// moves and every move marked winning or not, as the search gives them (the search also
/// values what the moves leave; the quotient does not).
fn agrees(rule: &str, to: u64, budget: u64, sums: usize) -> Result<()> {
    let heap_rule = spec::parse_heap_rule(rule)?;
    let quotient = heap_quotient(&heap_rule, to, DEFAULT_MAX_ORDER, Limits::default())?;
    let mut seed = 0x2545_F491_4F6C_DD1Du64 ^ to;
    let (mut p_positions, mut moves) = (0, 0);
    for _ in 0..sums {
        let mut heaps = Vec::new();
        let mut total = 0;
        for _ in 0..1 + random(&mut seed) % 6 {
            let heap = 1 + random(&mut seed) % to;
            if total + heap <= budget {
                total += heap;
                heaps.push(heap.to_string());
            }
        }
        let text = if random(&mut seed) % 2 == 0 {
            format!("{heap_rule}({})", heaps.join(","))
        } else {
            let terms: Vec<String> = heaps.iter().map(|h| format!("{heap_rule}({h})")).collect();
            terms.join(" + ")
        };
        let sum = spec::parse(&text)?;
        let heaps = Heaps::of(&sum, Limits::default())?.expect("a sum of heaps");
        let answered = by_quotient(&sum, heaps, &quotient, Limits::default())?;
        let mut searched = searched_value(&sum, Limits::default())?;
        for winning in &mut searched.winning_moves {
            winning.target_value = None;
        }
        assert_eq!(answered.outcome, searched.outcome, "{text}");
        assert_eq!(answered.winning_moves, searched.winning_moves, "{text}");
        let specs = |report: &MisereValueReport| -> Vec<String> {
            report.components.iter().map(|c| c.spec.clone()).collect()
        };
        assert_eq!(specs(&answered), specs(&searched), "{text}");
        let heaps = Heaps::of(&sum, Limits::default())?.expect("a sum of heaps");
        let listed = moves_by_quotient(&sum, heaps, &quotient, Limits::default())?;
        let mut searched = searched_moves(&sum, Limits::default())?;
        for entry in &mut searched.moves {
            entry.summary.target_value = None;
            entry.value_after = None;
        }
        assert_eq!(listed.outcome, searched.outcome, "{text}");
        assert_eq!(listed.moves, searched.moves, "{text}");
        p_positions += usize::from(answered.outcome == ReportOutcome::PreviousWins);
        moves += answered.winning_moves.len();
    }
    // Both outcomes and some winning moves were met, so the comparison had something to do.
    assert!(
        p_positions > sums / 50 && p_positions < sums,
        "{rule}: {p_positions} P"
    );
    assert!(moves > sums / 2, "{rule}: {moves} winning moves");
    Ok(())
}

#[test]
fn quotients_answer_as_the_misere_search() -> Result<()> {
    for (rule, to, budget) in [
        ("nim", 6, 16),
        ("0.75", 12, 18),
        ("0.31", 12, 18),
        ("kayles", 14, 18),
        ("dawson", 16, 20),
        ("0.137", 14, 18),
    ] {
        agrees(rule, to, budget, 1000)?;
    }
    Ok(())
}

#[test]
fn large_sums_are_answered_by_the_quotient() -> Result<()> {
    // Twenty heaps of Kayles: far beyond the trial search, constant work per component here.
    let sum = spec::parse("kayles(1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20)")?;
    let report = crate::analysis::misere::value(&sum, Limits::default())?;
    let used = report.quotient.clone().expect("the quotient answered");
    assert_eq!(
        (used.rule.as_str(), used.to, used.order),
        ("kayles", 20, 24)
    );
    assert_eq!(
        report.outcome == ReportOutcome::PreviousWins,
        used.in_p_portion
    );
    assert_eq!(report.value, None);
    // Each winning move leaves a sum that the quotient puts in the P-portion.
    for winning in &report.winning_moves {
        let after = misere_value(&spec::parse(&winning.result)?, Limits::default(), 64)?;
        assert!(
            after.expect("heaps").quotient.expect("used").in_p_portion,
            "{}",
            winning.result
        );
    }
    Ok(())
}

#[test]
fn other_sums_are_not_sums_of_heaps() -> Result<()> {
    for text in ["kayles(3) + dawson(4)", "kayles(3) + wythoff(1,2)", "0"] {
        let sum = spec::parse(text)?;
        assert!(!is_sum_of_heaps(&sum, Limits::default())?, "{text}");
        assert!(
            misere_value(&sum, Limits::default(), 64)?.is_none(),
            "{text}"
        );
    }
    assert!(is_sum_of_heaps(
        &spec::parse("kayles(3) + kayles(4)")?,
        Limits::default()
    )?);
    Ok(())
}
