//! Norton multiplication `G.U` against its laws (Siegel, *Combinatorial Game Theory*, ch. II:
//! for `U > 0` the product depends only on `G`'s value, is additive and keeps the order), and
//! the atomic weight checked from its definition: `G - aw(G).↑` has atomic weight 0, by
//! CGSuite's test of atomicity (`CanonicalShortGame.atomicWeightOpt` in aaron-siegel/cgsuite:
//! the difference lies between `-ε` and `ε`, `ε = ↑* + (*N : -1)`, `*N` a remote star).

#![allow(clippy::unwrap_used)]

use grundy::partizan::{Game, Games};
use grundy::spec::parse_partizan;

fn read(games: &mut Games, text: &str) -> Game {
    parse_partizan(text, games).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Every form born by day 2, and a few more of day 3, all distinct values.
fn small_games(games: &mut Games) -> Vec<Game> {
    let mut pool = games.born_by(2, usize::MAX).unwrap();
    assert_eq!(pool.len(), 22, "the values born by day 2");
    for text in [
        "{0|^}", "^[2]*", "{0|^<2>}", "1/2", "-3/4", "{1|0}", "^^*", "v<2>", "*2",
    ] {
        let g = read(games, text);
        if !pool.contains(&g) {
            pool.push(g);
        }
    }
    pool
}

fn units(games: &mut Games) -> Vec<Game> {
    ["^", "1", "^^*", "^<2>", "1/2", "{2|1}", "^[2]"]
        .iter()
        .map(|text| read(games, text))
        .collect()
}

#[test]
fn integers_are_copies_and_one_is_the_identity() {
    let mut games = Games::new();
    let pool = small_games(&mut games);
    let one = games.integer(1).unwrap();
    for &g in &pool {
        assert_eq!(
            games.norton(g, one).unwrap(),
            g,
            "{}",
            games.format(g).unwrap()
        );
    }
    for u in units(&mut games) {
        for n in -4..=4 {
            let copies = games.multiple(u, n).unwrap();
            let n_game = games.integer(i128::from(n)).unwrap();
            assert_eq!(games.norton(n_game, u).unwrap(), copies);
        }
    }
    // Two halves of a unit make the unit.
    let half = read(&mut games, "1/2");
    for u in units(&mut games) {
        let h = games.norton(half, u).unwrap();
        assert_eq!(games.add(h, h).unwrap(), u, "{}", games.format(u).unwrap());
    }
}

#[test]
fn the_product_is_additive_and_keeps_the_order() {
    let mut games = Games::new();
    let pool = small_games(&mut games);
    for u in units(&mut games) {
        for (i, &g) in pool.iter().enumerate() {
            let gu = games.norton(g, u).unwrap();
            for &h in &pool[i..] {
                let hu = games.norton(h, u).unwrap();
                let sum = games.add(g, h).unwrap();
                let sum_u = games.norton(sum, u).unwrap();
                let each = games.add(gu, hu).unwrap();
                let (gt, ut) = (games.format(g).unwrap(), games.format(u).unwrap());
                assert_eq!(sum_u, each, "({gt} + ...).{ut}");
                assert_eq!(
                    games.leq(g, h).unwrap(),
                    games.leq(gu, hu).unwrap(),
                    "{gt} <= ... by {ut}"
                );
            }
        }
    }
}

/// `*N : -1 = {0, *, …, *(N-1) | 0, *, …, *(N-1), *N}` (the ordinal sum of `*N` and `-1`).
fn kite(games: &mut Games, n: u64) -> Game {
    let options: Vec<Game> = (0..n).map(|k| games.nimber(k).unwrap()).collect();
    let mut right = options.clone();
    right.push(games.nimber(n).unwrap());
    games.game(&options, &right).unwrap()
}

#[test]
fn the_atomic_weight_leaves_an_atomic_weight_of_zero() {
    let mut games = Games::new();
    let all = small_games(&mut games);
    let base: Vec<Game> = all
        .into_iter()
        .filter(|&g| games.is_all_small(g).unwrap())
        .collect();
    // Forms of day 3 on six all-small options, then sums, for weights beyond -1..1.
    let mut base = base;
    for g in games.forms_among(&base[..6], true).unwrap() {
        if !base.contains(&g) {
            base.push(g);
        }
    }
    // Weights that are not integers: g' = {aw(G^L) - 2 | aw(G^R) + 2} is 1/2, ±1, {1|0}.
    for text in [
        "{^^*|v}",
        "{^^|v*}",
        "{^3|vv}",
        "{^3*|v3}",
        "{^^*,^|v,*}",
        "{^3|v}",
    ] {
        let g = read(&mut games, text);
        if !base.contains(&g) {
            base.push(g);
        }
    }
    let mut pool = base.clone();
    for _ in 0..1 {
        for g in pool.clone() {
            for &b in &base {
                let s = games.add(g, b).unwrap();
                if !pool.contains(&s) && pool.len() < 400 {
                    pool.push(s);
                }
            }
        }
    }
    let up = games.up_multiple(1).unwrap();
    let up_star = read(&mut games, "^*");
    let mut checked = 0;
    let mut fractional = 0;
    for &g in &pool {
        let Some(weight) = games.atomic_weight(g).unwrap() else {
            continue;
        };
        if games.as_number(weight).is_none_or(|w| !w.is_integer()) {
            fractional += 1;
        }
        let scaled = games.norton(weight, up).unwrap();
        let difference = games.sub(g, scaled).unwrap();
        let day = games
            .birthday(g)
            .unwrap()
            .max(games.birthday(scaled).unwrap());
        let n = (day + 1).next_power_of_two();
        let k = kite(&mut games, n);
        let epsilon = games.add(up_star, k).unwrap();
        let minus = games.neg(epsilon).unwrap();
        let text = games.format(g).unwrap();
        assert!(
            games.leq(difference, epsilon).unwrap() && games.leq(minus, difference).unwrap(),
            "{text} - aw.^ is not within ±ε"
        );
        let zero = games.zero();
        assert_eq!(
            games.atomic_weight(difference).unwrap(),
            Some(zero),
            "{text}"
        );
        checked += 1;
    }
    assert!(checked > 200, "{checked} all-small games");
    assert!(fractional > 0, "no weight that is not an integer");
}
