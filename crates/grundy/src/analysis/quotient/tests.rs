//! The quotient's answers to misère sums against the library's misère search, on random sums.

use std::collections::HashSet;
use std::sync::Arc;

use super::sums::judged_by;
use super::*;
use crate::analysis::misere::{
    searched_moves, searched_value, MisereMovesReport, MisereValueReport, QuotientUse,
};
use crate::analysis::play::{typed_move, view};
use crate::analysis::ReportOutcome;
use crate::play::Game;
use crate::quotient::{whole_heap_quotient, Quotient};
use crate::spec;
use crate::sum::Sum;
use crate::whole::SumGraph;
use crate::xorshift::Random;

/// `sums` random sums of heaps up to `to` of `rule` whose total is at most `budget`, written
/// as one term or as several: the quotient of heaps up to `to` gives the outcome, the winning
/// moves and every move marked winning or not, as the search gives them (the search also
/// values what the moves leave; the quotient does not).
fn agrees(rule: &str, to: u64, budget: u64, sums: usize) -> Result<()> {
    let heap_rule = spec::parse_heap_rule(rule)?;
    let quotient = heap_quotient(&heap_rule, to, DEFAULT_MAX_ORDER, Limits::default())?;
    agrees_by(rule, Arc::new(quotient), to, budget, sums)
}

/// [`agrees`] with `quotient`, which covers heaps up to `to` at least.
fn agrees_by(rule: &str, quotient: Arc<Quotient>, to: u64, budget: u64, sums: usize) -> Result<()> {
    let heap_rule = spec::parse_heap_rule(rule)?;
    let mut random = Random(0x2545_F491_4F6C_DD1Du64 ^ to);
    let (mut p_positions, mut moves) = (0, 0);
    for _ in 0..sums {
        let mut heaps = Vec::new();
        let mut total = 0;
        for _ in 0..1 + random.below(6) {
            let heap = 1 + random.below(to);
            if total + heap <= budget {
                total += heap;
                heaps.push(heap.to_string());
            }
        }
        let text = if random.below(2) == 0 {
            format!("{heap_rule}({})", heaps.join(","))
        } else {
            let terms: Vec<String> = heaps.iter().map(|h| format!("{heap_rule}({h})")).collect();
            terms.join(" + ")
        };
        let sum = spec::parse(&text)?;
        let judged =
            judged_by(&sum, Arc::clone(&quotient), Limits::default())?.expect("a sum of heaps");
        let answered = value_report(&sum, &judged, Limits::default())?;
        let mut searched = searched_value(&sum, Limits::default())?;
        for winning in &mut searched.winning_moves {
            winning.target_value = None;
        }
        assert_eq!(answered.head.outcome, searched.head.outcome, "{text}");
        assert_eq!(answered.winning_moves, searched.winning_moves, "{text}");
        let specs = |report: &MisereValueReport| -> Vec<String> {
            report.components.iter().map(|c| c.spec.clone()).collect()
        };
        assert_eq!(specs(&answered), specs(&searched), "{text}");
        let listed = moves_report(&sum, &judged, Limits::default())?;
        let mut searched = searched_moves(&sum, Limits::default())?;
        for entry in &mut searched.moves {
            entry.summary.target_value = None;
            entry.value_after = None;
        }
        assert_eq!(listed.head.outcome, searched.head.outcome, "{text}");
        assert_eq!(listed.moves, searched.moves, "{text}");
        plays_as(&sum, &quotient, &answered, &listed, &mut random)?;
        p_positions += usize::from(answered.head.outcome == ReportOutcome::PreviousWins);
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

/// The heaps of the sum `text` of heaps of one game, sorted, zeros dropped.
fn heaps_of(text: &str) -> Result<Vec<u64>> {
    let sum = spec::parse(text)?;
    let graph = SumGraph::new(&sum, Limits::default())?;
    let position = graph.position_of(&sum)?;
    let mut heaps: Vec<u64> = graph
        .heaps(&position)
        .map(|(_, heaps)| heaps.iter().map(|c| c.heap).collect())
        .unwrap_or_default();
    heaps.retain(|&heap| heap > 0);
    heaps.sort_unstable();
    Ok(heaps)
}

/// Play of `sum` by `quotient` (`grundy play --misere`) as the reports `value` and `moves`
/// (already checked against the search) judge it: the outcome, every move in the same order,
/// the computer's move one of the winning moves, and random positions typed as heaps a move
/// exactly when some listed move leads there.
fn plays_as(
    sum: &Sum,
    quotient: &Arc<Quotient>,
    value: &MisereValueReport,
    moves: &MisereMovesReport,
    random: &mut Random,
) -> Result<()> {
    let text = sum.format();
    let mut game = Game::by_quotient(sum, Arc::clone(quotient))?;
    let shown = view(&mut game)?;
    assert_eq!(shown.outcome, value.head.outcome, "{text}");
    let results: Vec<&str> = shown.moves.iter().map(|m| m.result.as_str()).collect();
    let expected: Vec<&str> = moves
        .moves
        .iter()
        .map(|m| m.summary.result.as_str())
        .collect();
    assert_eq!(results, expected, "{text}");
    // Misère play: no move left is a win for the player to move, with nothing to choose.
    if value.head.outcome == ReportOutcome::NextWins && !shown.over {
        let chosen = &shown.moves[game.choose()?.index].result;
        assert!(
            value.winning_moves.iter().any(|m| &m.result == chosen),
            "{text}: {chosen}"
        );
    }
    let legal = results
        .iter()
        .map(|result| heaps_of(result))
        .collect::<Result<HashSet<Vec<u64>>>>()?;
    let heaps = heaps_of(&text)?;
    for _ in 0..4 {
        let at = (random.below(heaps.len() as u64)) as usize;
        let Some(rest) = heaps[at].checked_sub(random.below(4)) else {
            continue;
        };
        let mut typed: Vec<u64> = heaps.clone();
        typed.remove(at);
        match random.below(3) {
            0 => {}
            1 => typed.push(rest),
            _ => {
                let small = random.below(rest + 1);
                typed.extend([small, rest - small]);
            }
        }
        typed.retain(|&heap| heap > 0);
        let answer = game.move_to_heaps(&typed);
        typed.sort_unstable();
        assert_eq!(
            answer.is_ok(),
            legal.contains(&typed),
            "{text}: {typed:?} {answer:?}"
        );
        if let Ok(index) = answer {
            let after = game.moves()?[index].result.clone();
            let reached = game.format_position(&after);
            assert_eq!(heaps_of(&reached)?, typed, "{text}");
        }
    }
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
    // Heaps up to 20 (order 24), or the whole game's (order 40) when another test keeps it.
    let QuotientUse {
        rule, to, order, ..
    } = &used;
    assert_eq!(rule, "kayles");
    assert!((*to, *order) == (20, 24) || *order == 40, "{to} {order}");
    assert_eq!(
        report.head.outcome == ReportOutcome::PreviousWins,
        used.in_p_portion
    );
    assert_eq!(report.head.value, None);
    // Each winning move leaves a sum that the quotient puts in the P-portion.
    for winning in &report.winning_moves {
        let after = by_quotient(
            &spec::parse(&winning.result)?,
            Limits::default(),
            64,
            value_report,
        )?;
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
            by_quotient(&sum, Limits::default(), 64, value_report)?.is_none(),
            "{text}"
        );
    }
    assert!(is_sum_of_heaps(
        &spec::parse("kayles(3) + kayles(4)")?,
        Limits::default()
    )?);
    Ok(())
}

#[test]
fn whole_quotients_answer_as_the_misere_search() -> Result<()> {
    // The whole game's quotient (heaps folded by the period) on small sums.
    for (rule, to, budget) in [("0.75", 14, 18), ("0.31", 14, 18), ("kayles", 14, 18)] {
        let heap_rule = spec::parse_heap_rule(rule)?;
        let whole = whole_heap_quotient(&heap_rule, 1000, DEFAULT_MAX_ORDER, Limits::default())?;
        assert!(whole.periodicity().is_some(), "{rule}");
        agrees_by(rule, Arc::new(whole), to, budget, 300)?;
    }
    Ok(())
}

/// The whole misère quotient of Kayles, proved from heaps up to 1000.
fn kayles_to_1000() -> Result<Arc<Quotient>> {
    let kayles = spec::parse_heap_rule("kayles")?;
    let whole = whole_heap_quotient(&kayles, 1000, DEFAULT_MAX_ORDER, Limits::default())?;
    Ok(Arc::new(whole))
}

/// The winning moves of `text` by `quotient`, within `limits`.
fn winning(text: &str, quotient: &Arc<Quotient>, limits: Limits) -> Result<MisereValueReport> {
    let sum = spec::parse(text)?;
    let judged = judged_by(&sum, Arc::clone(quotient), limits)?.expect("a sum of heaps");
    value_report(&sum, &judged, limits)
}

#[test]
fn classes_of_moves_count_every_move() -> Result<()> {
    // Heaps with more moves than max_moves are listed one class of the period at a time: the
    // classes hold exactly the winning moves that listing every move finds.
    let whole = kayles_to_1000()?;
    let few = Limits::DEFAULT.with_max_moves(100);
    let mut random = Random(0x9E37_79B9_7F4A_7C15u64);
    let mut checked = 0;
    for _ in 0..60 {
        let big = 200 + random.below(400);
        let small = 1 + random.below(30);
        let text = format!("kayles({big},{small})");
        let listed = winning(&text, &whole, Limits::default())?;
        let classes = winning(&text, &whole, few)?;
        assert_eq!(listed.head.outcome, classes.head.outcome, "{text}");
        assert_eq!(
            listed.winning_move_count, classes.winning_move_count,
            "{text}"
        );
        assert!(classes.winning_moves.len() <= listed.winning_moves.len());
        for class in &classes.winning_moves {
            assert!(listed
                .winning_moves
                .iter()
                .any(|m| m.result == class.result));
        }
        checked += usize::from(listed.winning_move_count > 0);
    }
    assert!(checked > 10, "{checked} sums with winning moves");
    Ok(())
}

#[test]
fn heaps_of_any_size_are_answered_by_the_whole_quotient() -> Result<()> {
    let report =
        crate::analysis::misere::value(&spec::parse("kayles(10^18, 5, 9)")?, Limits::default())?;
    let used = report.quotient.clone().expect("the quotient answered");
    let whole = used.whole.clone().expect("the whole game's quotient");
    assert_eq!((used.order, whole.period, whole.preperiod), (40, 12, 71));
    // 10^18 folds to 76 (10^18 − 71 ≡ 5 mod 12): the same outcome as kayles(76, 5, 9).
    let folded =
        crate::analysis::misere::value(&spec::parse("kayles(76, 5, 9)")?, Limits::default())?;
    assert_eq!(report.head.outcome, folded.head.outcome);
    let count: u128 = report
        .winning_moves
        .iter()
        .map(|m| u128::from(m.count))
        .sum();
    assert_eq!(count, report.winning_move_count);
    assert!(
        report.winning_move_count > 1_000_000,
        "{}",
        report.winning_move_count
    );
    // Every move of the huge heap, by classes, counts 10^18 moves.
    let moves = crate::analysis::misere::moves(&spec::parse("kayles(10^18)")?, Limits::default())?;
    let total: u128 = moves
        .moves
        .iter()
        .map(|m| u128::from(m.summary.count))
        .sum();
    assert_eq!(total, 10u128.pow(18));
    Ok(())
}

#[test]
fn certificates_verify_and_every_field_is_checked() -> Result<()> {
    let rule = spec::parse_heap_rule("0.75")?;
    let report = whole(&rule, 1000, DEFAULT_MAX_ORDER, Limits::default())?.report;
    assert!(verify(&report, Limits::default())?.valid);
    type Edit = Box<dyn Fn(&mut QuotientReport)>;
    let tampered: Vec<(&str, Edit)> = vec![
        ("schema", Box::new(|r| r.schema += 1)),
        ("rule", Box::new(|r| r.rule = "0.31".into())),
        ("play", Box::new(|r| r.play = "normal".into())),
        ("to", Box::new(|r| r.to += 1)),
        ("order", Box::new(|r| r.order += 1)),
        ("elements", Box::new(|r| r.elements[1] = "z".into())),
        ("elements swapped", Box::new(|r| r.elements.swap(1, 2))),
        ("generators", Box::new(|r| r.generators[0].heap += 1)),
        (
            "generator name",
            Box::new(|r| r.generators[0].name = "b".into()),
        ),
        ("table", Box::new(|r| r.table[1][1] = r.table[1][2])),
        (
            "p_portion",
            Box::new(|r| {
                r.p_portion.pop();
            }),
        ),
        (
            "p_portion grown",
            Box::new(|r| r.p_portion.push(r.elements[0].clone())),
        ),
        (
            "heaps",
            Box::new(|r| {
                let last = r.heaps.len() - 1;
                r.heaps[last] = r.heaps[last - 1].clone();
            }),
        ),
        (
            "heaps shortened",
            Box::new(|r| {
                r.heaps.pop();
            }),
        ),
        ("stable_from", Box::new(|r| r.stable_from += 1)),
        ("checked", Box::new(|r| r.checked = false)),
        (
            "preperiod",
            Box::new(|r| r.whole.as_mut().expect("whole").preperiod += 1),
        ),
        (
            "preperiod less",
            Box::new(|r| r.whole.as_mut().expect("whole").preperiod -= 1),
        ),
        (
            "period",
            Box::new(|r| r.whole.as_mut().expect("whole").period *= 2),
        ),
        (
            "proved_at",
            Box::new(|r| r.whole.as_mut().expect("whole").proved_at += 1),
        ),
        ("whole", Box::new(|r| r.whole = None)),
        ("stopped", Box::new(|r| r.stopped = Some("a limit".into()))),
    ];
    for (field, tamper) in tampered {
        let mut edited = report.clone();
        tamper(&mut edited);
        let verdict = verify(&edited, Limits::default())?;
        assert!(!verdict.valid, "editing {field} went unnoticed");
        assert!(verdict.reason.is_some(), "{field}");
    }
    // A saved quotient of heaps 1..=N (no whole game) loads, and a tampered one does not.
    let kayles = spec::parse_heap_rule("kayles")?;
    let mut part = bounded(&kayles, 14, DEFAULT_MAX_ORDER, Limits::default())?.report;
    assert_eq!(load(&part, Limits::default())?.atoms(), 14);
    assert!(!verify(&part, Limits::default())?.valid);
    part.p_portion.pop();
    assert!(load(&part, Limits::default()).is_err());
    Ok(())
}

#[test]
fn growth_without_a_bound_says_where_it_stopped() -> Result<()> {
    let kayles = spec::parse_heap_rule("kayles")?;
    let report = whole(&kayles, 1000, DEFAULT_MAX_ORDER, Limits::default())?.report;
    let whole = report.whole.clone().expect("Kayles is proved");
    assert_eq!(
        (
            report.order,
            whole.period,
            whole.preperiod,
            whole.proved_at,
            report.to
        ),
        (40, 12, 71, 167, 167)
    );
    let short = Limits::DEFAULT.with_max_work(1 << 18);
    let stopped = super::whole(&kayles, 1000, DEFAULT_MAX_ORDER, short)?.report;
    assert!(stopped.whole.is_none());
    let why = stopped.stopped.expect("a limit stopped it");
    assert!(
        why.starts_with(&format!("stopped before heap {}", stopped.to + 1)),
        "{why}"
    );
    assert!(why.contains("moves examined"), "{why}");
    let grundy = spec::parse_heap_rule("grundy")?;
    assert!(super::whole(&grundy, 1000, 64, Limits::default()).is_err());
    Ok(())
}

#[test]
fn heaps_of_any_size_are_played_by_the_whole_quotient() -> Result<()> {
    // `grundy play --misere`: heaps listed by class (200 to 600 tokens, and 10^18) against the
    // reports of every move listed one by one (medium heaps) or by class (`value --misere`).
    let kayles = spec::parse_heap_rule("kayles")?;
    let whole = kayles_to_1000()?;
    let mut random = Random(0x51_7CC1_B727_220Au64);
    let mut won = 0;
    for round in 0..40 {
        let big = if round < 30 {
            200 + random.below(400)
        } else {
            10u64.pow(18) - random.below(1000)
        };
        let (a, b) = (1 + random.below(30), 1 + random.below(30));
        let text = format!("kayles({big},{a},{b})");
        let sum = spec::parse(&text)?;
        let listed = winning(&text, &whole, Limits::default())?;
        let mut game = Game::by_quotient(&sum, Arc::clone(&whole))?;
        let shown = view(&mut game)?;
        assert_eq!(shown.outcome, listed.head.outcome, "{text}");
        // The big heap's moves come by class, counting every move.
        let classes: Vec<_> = shown.moves.iter().filter(|m| m.component == 0).collect();
        let count: u64 = classes.iter().map(|m| m.count).sum();
        let expected = if big < 1000 {
            let mut every = Vec::new();
            crate::game::Ruleset::try_moves(&kayles, &big, &mut every)?;
            every.len() as u64
        } else {
            big
        };
        assert_eq!(count, expected, "{text}");
        assert!(classes.len() < 200, "{text}");
        if listed.head.outcome == ReportOutcome::NextWins {
            won += 1;
            let choice = game.choose()?;
            let chosen = &shown.moves[choice.index].result;
            assert!(
                listed.winning_moves.iter().any(|m| &m.result == chosen),
                "{text}: {chosen}"
            );
            assert!(choice.reason.contains("P-position"), "{}", choice.reason);
            game.make_move(choice.index)?;
            assert_eq!(view(&mut game)?.outcome, ReportOutcome::PreviousWins);
        }
    }
    assert!(won > 5, "{won} won");
    // A split of the huge heap that no class lists, typed as the position it leaves.
    let mut game = Game::by_quotient(&spec::parse("kayles(10^18,5,9)")?, Arc::clone(&whole))?;
    for wrong in [
        "kayles(5,9,999999999999999997)",
        "kayles(5,9,1000000000000000000)",
        "kayles(5,9,3,999999999999999994)",
        "kayles(5,9,2,2,999999999999999995)",
        "nim(5,9,400000,999999999999599998)",
    ] {
        assert!(typed_move(&mut game, wrong).is_err(), "{wrong}");
    }
    let typed = typed_move(&mut game, "kayles(9,5,400000,999999999999599999)")?;
    assert_eq!(typed.count, 1);
    game.make_move(typed.number - 1)?;
    assert_eq!(game.position(), "kayles(5,9,400000,999999999999599999)");
    Ok(())
}
