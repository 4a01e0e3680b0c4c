//! Unit tests of the table: the named values print as CGSuite prints them (its own test cases,
//! `lib/core/src/test/scala/org/cgsuite/lang/CanonicalShortGameTestCase.scala` in
//! aaron-siegel/cgsuite), and the algebra's laws hold.

use super::*;

fn d(n: i128, e: u32) -> Dyadic {
    Dyadic::new(n, e).unwrap()
}

#[test]
fn named_values_print_as_cgsuite_does() {
    let mut g = Games::new();
    let cases: Vec<(Game, &str)> = vec![
        (g.zero(), "0"),
        (g.integer(5).unwrap(), "5"),
        (g.number(d(-1, 1)).unwrap(), "-1/2"),
        (g.number(d(25, 4)).unwrap(), "25/16"),
        (g.nimber(8).unwrap(), "*8"),
        (g.up_multiple(1).unwrap(), "^"),
        (g.number_up_star(d(0, 0), -1, 1).unwrap(), "v*"),
        (g.number_up_star(d(6, 0), 1, 1).unwrap(), "6^*"),
        (g.number_up_star(d(0, 0), 1, 6).unwrap(), "^*6"),
        (g.number_up_star(d(73, 4), -9, 8).unwrap(), "73/16v9*8"),
        (g.up_multiple(2).unwrap(), "^^"),
        (g.up_multiple(-2).unwrap(), "vv"),
        (g.up_multiple(3).unwrap(), "^3"),
    ];
    for (game, text) in cases {
        assert_eq!(g.format(game).unwrap(), text);
    }
}

#[test]
fn forms_print_with_bars_switches_and_tinies() {
    let mut g = Games::new();
    let (zero, one, two, m1) = (
        g.zero(),
        g.integer(1).unwrap(),
        g.integer(2).unwrap(),
        g.integer(-1).unwrap(),
    );
    let star = g.nimber(1).unwrap();
    let hot = g.game(&[one], &[zero]).unwrap();
    assert_eq!(g.format(hot).unwrap(), "{1|0}");
    let pm = g.switch(one).unwrap();
    assert_eq!(g.format(pm).unwrap(), "+-1");
    let two_zero = g.game(&[two], &[zero]).unwrap();
    let g3 = g.game(&[two_zero], &[m1]).unwrap();
    assert_eq!(g.format(g3).unwrap(), "{2|0||-1}");
    let tiny = g.tiny(two).unwrap();
    assert_eq!(g.format(tiny).unwrap(), "2.Tiny");
    let miny = g.miny(two).unwrap();
    assert_eq!(g.format(miny).unwrap(), "2.Miny");
    // CGSuite: {0|*||*|||*||||*} is ^[4] (↑ + ↑² + ↑³ + ↑⁴); {0||0|v*} is {0|^<2>}.
    let a = g.game(&[zero], &[star]).unwrap();
    let b = g.game(&[a], &[star]).unwrap();
    let c = g.game(&[b], &[star]).unwrap();
    let e = g.game(&[c], &[star]).unwrap();
    assert_eq!(g.format(e).unwrap(), "^[4]");
    let down_star = g.number_up_star(Dyadic::ZERO, -1, 1).unwrap();
    let inner = g.game(&[zero], &[down_star]).unwrap();
    let outer = g.game(&[zero], &[inner]).unwrap();
    assert_eq!(g.format(outer).unwrap(), "{0|^<2>}");
}

#[test]
fn sums_negation_and_comparison() {
    let mut g = Games::new();
    let star = g.nimber(1).unwrap();
    let up = g.up_multiple(1).unwrap();
    let zero = g.zero();
    assert_eq!(g.add(star, star).unwrap(), zero);
    let down = g.neg(up).unwrap();
    assert_eq!(g.add(up, down).unwrap(), zero);
    assert_eq!(g.compare(up, zero).unwrap(), Comparison::Greater);
    assert_eq!(g.compare(up, star).unwrap(), Comparison::Confused);
    let up_star = g.add(up, star).unwrap();
    assert_eq!(g.outcome(up_star).unwrap(), OutcomeClass::Next);
    let double = g.add(up, up).unwrap();
    let double_star = g.add(double, star).unwrap();
    assert_eq!(g.outcome(double_star).unwrap(), OutcomeClass::Left);
    let half = g.number(d(1, 1)).unwrap();
    let sum = g.add(half, half).unwrap();
    assert_eq!(sum, g.integer(1).unwrap());
}

#[test]
fn temperatures_match_cgsuite() {
    let mut g = Games::new();
    let x = g.number(d(25, 4)).unwrap();
    assert_eq!(g.temperature(x).unwrap(), d(-1, 4));
    let five = g.integer(5).unwrap();
    assert_eq!(g.temperature(five).unwrap(), d(-1, 0));
    let star8 = g.nimber(8).unwrap();
    assert_eq!(g.temperature(star8).unwrap(), Dyadic::ZERO);
    let (three, one) = (g.integer(3).unwrap(), g.integer(1).unwrap());
    let hot = g.game(&[three], &[one]).unwrap();
    let t = g.thermograph(hot).unwrap();
    assert_eq!((t.temperature, t.mean), (d(1, 0), d(2, 0)));
    assert_eq!(g.left_stop(hot).unwrap(), d(3, 0));
    assert_eq!(g.right_stop(hot).unwrap(), d(1, 0));
    // {2|0||-1}: left stop 0, right stop -1; Left's scaffold 0 - t... mean -1/4? Check stops.
    let (two, zero, m1) = (g.integer(2).unwrap(), g.zero(), g.integer(-1).unwrap());
    let sw = g.game(&[two], &[zero]).unwrap();
    let g3 = g.game(&[sw], &[m1]).unwrap();
    assert_eq!(g.left_stop(g3).unwrap(), d(0, 0));
    assert_eq!(g.right_stop(g3).unwrap(), d(-1, 0));
}

/// `a <= b` from the definition alone (no stops, no number avoidance), memoised locally.
fn plain_leq(
    g: &mut Games,
    a: Game,
    b: Game,
    memo: &mut std::collections::HashMap<(Game, Game), bool>,
) -> bool {
    if let Some(&known) = memo.get(&(a, b)) {
        return known;
    }
    let answer = g
        .left_options(a)
        .unwrap()
        .into_iter()
        .all(|option| !plain_leq(g, b, option, memo))
        && g.right_options(b)
            .unwrap()
            .into_iter()
            .all(|option| !plain_leq(g, option, a, memo));
    memo.insert((a, b), answer);
    answer
}

#[test]
fn stops_and_their_shortcuts_agree_with_the_definition() {
    let mut g = Games::new();
    // The games born by day 2, then forms with up to two options a side from them.
    let mut born = vec![g.zero()];
    for _ in 0..2 {
        let mut next = Vec::new();
        for l in 0..1u32 << born.len() {
            for r in 0..1u32 << born.len() {
                let pick = |mask: u32| -> Vec<Game> {
                    (0..born.len())
                        .filter(|i| mask >> i & 1 == 1)
                        .map(|i| born[i])
                        .collect()
                };
                next.push(g.game(&pick(l), &pick(r)).unwrap());
            }
        }
        next.sort_unstable();
        next.dedup();
        born = next;
    }
    assert_eq!(born.len(), 22);
    let mut games = born.clone();
    let mut state = 0x9e37_79b9_7f4a_7c15_u64;
    let mut below = |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    for _ in 0..300 {
        let left: Vec<Game> = (0..1 + below(2)).map(|_| born[below(born.len())]).collect();
        let right: Vec<Game> = (0..1 + below(2)).map(|_| born[below(born.len())]).collect();
        games.push(g.game(&left, &right).unwrap());
    }
    games.sort_unstable();
    games.dedup();
    let mut memo = std::collections::HashMap::new();
    let mut decided = 0;
    for &a in &games {
        let (left, right) = g.stops(a).expect("canonical forms have both sides");
        assert_eq!(
            (left, right),
            (g.left_stop(a).unwrap(), g.right_stop(a).unwrap())
        );
        for &b in &games {
            let plain = plain_leq(&mut g, a, b, &mut memo);
            if let Some(shortcut) = g.leq_by_stops(a, b) {
                assert_eq!(shortcut, plain, "{a:?} <= {b:?}");
                decided += 1;
            }
            assert_eq!(g.leq(a, b).unwrap(), plain);
        }
    }
    // The stops decide most pairs.
    assert!(decided * 2 > games.len() * games.len(), "{decided}");
}
