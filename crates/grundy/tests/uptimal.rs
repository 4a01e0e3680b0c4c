//! Powers of up and uptimals (`x + *k + a₁·↑ + a₂·↑² + …`): the library's `↑ⁿ` and `↑^→n`
//! against constructions written here from the definitions, the text CGSuite prints for them
//! (its own test cases in aaron-siegel/cgsuite: `lib/core/src/test/scala/org/cgsuite/lang/`
//! `EvalTest.scala`, `CanonicalShortGameTestCase.scala`, `GameGraphTest.scala`), the expansion
//! recognised back, and the notation read back to an equal game.

#![allow(clippy::unwrap_used)]

use grundy::partizan::{Dyadic, Game, Games, Uptimal};
use grundy::spec::parse_partizan;

/// `↑^→n = {↑^→(n-1) | *}`, `↑^→0 = 0` (*Winning Ways*' `↑^→n`; CGSuite's `PowTo`), built
/// from options here.
fn up_to(games: &mut Games, n: u64) -> Game {
    let star = games.nimber(1).unwrap();
    let mut current = games.zero();
    for _ in 0..n {
        current = games.game(&[current], &[star]).unwrap();
    }
    current
}

/// `↑ⁿ = ↑^→n - ↑^→(n-1)`: the powers as differences of the ordinal sums.
fn power_by_difference(games: &mut Games, n: u64) -> Game {
    let high = up_to(games, n);
    let low = up_to(games, n - 1);
    games.sub(high, low).unwrap()
}

fn read(games: &mut Games, text: &str) -> Game {
    parse_partizan(text, games).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn d(n: i128, e: u32) -> Dyadic {
    Dyadic::new(n, e).unwrap()
}

#[test]
fn powers_of_up_equal_their_definitions() {
    let mut games = Games::new();
    let zero = games.zero();
    // Winning Ways' up-second: ↑² = {0 | ↓*}.
    let down_star = games.number_up_star(Dyadic::ZERO, -1, 1).unwrap();
    let up_second = games.game(&[zero], &[down_star]).unwrap();
    assert_eq!(games.up_power(2).unwrap(), up_second);
    for n in 1..=10 {
        let power = games.up_power(n).unwrap();
        assert_eq!(power, power_by_difference(&mut games, n), "↑^{n}");
        // ↑ⁿ = {0 | ↓^→(n-1) *}, from the options.
        let star = games.nimber(1).unwrap();
        let below = up_to(&mut games, n - 1);
        let right = games.sub(star, below).unwrap();
        assert_eq!(games.game(&[zero], &[right]).unwrap(), power, "↑^{n}");
        // ↑^→n is the sum of the powers up to n.
        let mut sum = zero;
        for i in 1..=n {
            let p = games.up_power(i).unwrap();
            sum = games.add(sum, p).unwrap();
        }
        assert_eq!(games.up_power_to(n).unwrap(), sum, "↑^→{n}");
        assert_eq!(up_to(&mut games, n), sum, "↑^→{n}");
        // Each power is positive and infinitesimal against the one before: 0 < 5·↑ⁿ⁺¹ < ↑ⁿ.
        let next = games.up_power(n + 1).unwrap();
        let five = games.multiple(next, 5).unwrap();
        assert!(games.leq(zero, next).unwrap() && !games.leq(next, zero).unwrap());
        assert!(games.leq(five, power).unwrap() && !games.leq(power, five).unwrap());
        // All-small, atomic weight 1 for ↑ and 0 for the higher powers (CGSuite's
        // atomicWeight of an uptimal is its first coefficient).
        let weight = games.atomic_weight(power).unwrap().unwrap();
        let expected = games.integer(i128::from(n == 1)).unwrap();
        assert_eq!(weight, expected, "aw(↑^{n})");
    }
}

#[test]
fn printed_as_cgsuite_prints_them() {
    let mut games = Games::new();
    let cases = [
        // EvalTest.scala: ^.Pow(2), ^.Pow(2)+*, ^.PowTo(2), ^.PowTo(2)+*.
        ("{0|v*}", "^<2>"),
        ("{0,*|v}", "^<2>*"),
        ("{^|*}", "^[2]"),
        ("{0,^*|0}", "^[2]*"),
        // CanonicalShortGameTestCase.scala: "More complex uptimals".
        ("{0|*||*|||*||||*}", "^[4]"),
        ("{0||0|v*}", "{0|^<2>}"),
        ("{0|^<2>*}", "{0|^<2>*}"),
        ("{v<2>|0}", "{v<2>|0}"),
        ("{0|^[3]*||0,^[3]*|||0}", "{0|^[3]*||0,^[3]*|||0}"),
        // GameGraphTest.scala: the stalk lrlerrr from the ground up.
        ("hackenbush(lrlerrr)", "3/4v[3]*"),
        // EvalTest.scala, the companion in the test case above, and incentives.
        ("^[4]*", "^[4]*"),
        ("v<4>", "v<4>"),
        ("{0|^[4]*||vv}", "{0|^[4]*||vv}"),
        // CanonicalShortGame.scala's DeterministicOrdering: expansions compared as lists, so
        // 1* (1.0 with *) comes before 1v (1.1-), and ^<2> (0.01) before ^* (*.1).
        ("{1v,1*|-1}", "{1*,1v|-1}"),
        ("{^*,^<2>|-1}", "{^<2>,^*|-1}"),
    ];
    for (text, expected) in cases {
        let g = read(&mut games, text);
        assert_eq!(games.format(g).unwrap(), expected, "{text}");
    }
    // CanonicalShortGameTestCase.scala: 0.0202 and *4.0202 (2·↑² + 2·↑⁴ (+ *4)) have no
    // name and print by their options, sorted CGSuite's way.
    let a = Uptimal::new(Dyadic::ZERO, vec![0, 2, 0, 2], 0);
    let g = games.uptimal(&a).unwrap();
    assert_eq!(
        games.format(g).unwrap(),
        "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}"
    );
    let b = Uptimal::new(Dyadic::ZERO, vec![0, 2, 0, 2], 4);
    let g = games.uptimal(&b).unwrap();
    assert_eq!(
        games.format(g).unwrap(),
        "{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,\
         {*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,\
         {*4,v*5|vv*4}||||vv*4}}"
    );
}

#[test]
fn expansions_are_cgsuites() {
    // CanonicalShortGameTestCase.scala's uptimalExpansion fields: 0.1111, *.12, 0.0202,
    // *4.0202, 73/16*8.9- (the digit 9 with a bar: -9).
    let mut games = Games::new();
    let cases = [
        (
            "{0|*||*|||*||||*}",
            Uptimal::new(Dyadic::ZERO, vec![1; 4], 0),
        ),
        ("{0||0|v*}", Uptimal::new(Dyadic::ZERO, vec![1, 2], 1)),
        (
            "^<2> + ^<2> + ^<4> + ^<4>",
            Uptimal::new(Dyadic::ZERO, vec![0, 2, 0, 2], 0),
        ),
        ("73/16v9*8", Uptimal::new(d(73, 4), vec![-9], 8)),
        ("1 + ^*", Uptimal::new(d(1, 0), vec![1], 1)),
        // {0|↑ⁿ} = ↑ⁿ⁺¹* (the up-multiples' canonical forms).
        ("{0|^^}", Uptimal::new(Dyadic::ZERO, vec![3], 1)),
        ("-1/2", Uptimal::new(d(-1, 1), vec![], 0)),
        ("*8", Uptimal::new(Dyadic::ZERO, vec![], 8)),
    ];
    for (text, expected) in cases {
        let g = read(&mut games, text);
        assert_eq!(games.as_uptimal(g).unwrap(), Some(expected), "{text}");
    }
    for text in ["{1|0}", "+-1", "2.Tiny", "{1|*}", "{0||0|-1}"] {
        let g = read(&mut games, text);
        assert_eq!(games.as_uptimal(g).unwrap(), None, "{text}");
    }
}

/// A small xorshift generator, so the random cases are the same on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn random_uptimal(rng: &mut Rng) -> Uptimal {
    let numbers = [
        d(0, 0),
        d(0, 0),
        d(0, 0),
        d(1, 0),
        d(-1, 1),
        d(3, 2),
        d(-2, 0),
    ];
    let number = numbers[rng.below(numbers.len() as u64) as usize];
    let length = rng.below(5) as usize;
    let ups = (0..length).map(|_| rng.below(5) as i64 - 2).collect();
    Uptimal::new(number, ups, rng.below(4))
}

#[test]
fn random_uptimals_are_recognised_and_read_back() {
    let mut games = Games::new();
    let mut rng = Rng(0x5eed_1234_abcd);
    for _ in 0..300 {
        let u = random_uptimal(&mut rng);
        let g = games.uptimal(&u).unwrap();
        assert_eq!(games.as_uptimal(g).unwrap(), Some(u.clone()), "{u:?}");
        let text = games.format(g).unwrap();
        assert_eq!(read(&mut games, &text), g, "{u:?} printed {text}");
        // Named exactly when CGSuite names it: at most one power, or ±↑^→n.
        let named = !text.contains('{');
        assert_eq!(
            named,
            u.length() <= 1 || u.unit().is_some() || u.unit_sum().is_some(),
            "{u:?} printed {text}"
        );
        // The negative's expansion is the negated one.
        let negative = games.neg(g).unwrap();
        let back = games.as_uptimal(negative).unwrap().unwrap();
        assert_eq!(back.number, u.number.neg());
        assert_eq!(back.ups, u.ups.iter().map(|c| -c).collect::<Vec<_>>());
        // An all-small uptimal weighs its coefficient of ↑.
        if u.number == Dyadic::ZERO {
            let weight = games.atomic_weight(g).unwrap().unwrap();
            let first = games
                .integer(i128::from(u.ups.first().copied().unwrap_or(0)))
                .unwrap();
            assert_eq!(weight, first, "aw of {text}");
        }
    }
}

#[test]
fn games_with_uptimal_options_read_back() {
    let mut games = Games::new();
    let mut rng = Rng(0x0dd_ba11);
    let mut pool: Vec<Game> = Vec::new();
    for _ in 0..12 {
        let u = random_uptimal(&mut rng);
        pool.push(games.uptimal(&u).unwrap());
    }
    for _ in 0..300 {
        let side = |rng: &mut Rng, pool: &[Game]| -> Vec<Game> {
            (0..1 + rng.below(2))
                .map(|_| pool[rng.below(pool.len() as u64) as usize])
                .collect()
        };
        let left = side(&mut rng, &pool);
        let right = side(&mut rng, &pool);
        let g = games.game(&left, &right).unwrap();
        let text = games.format(g).unwrap();
        assert_eq!(read(&mut games, &text), g, "{text}");
        if pool.len() < 60 {
            pool.push(g);
        }
    }
}

#[test]
fn bad_powers_are_refused() {
    let mut games = Games::new();
    for bad in ["^<0>", "^<2", "^[3>", "^[300]", "^^<2>", "^<>"] {
        let error = parse_partizan(bad, &mut games).unwrap_err();
        assert!(!error.to_string().is_empty(), "{bad}");
    }
}

/// `{0 | ↓ⁿ*}` is `↑ⁿ⁺¹` only for `n = 1` (`{0 | ↓*} = ↑²`): for `n >= 2` the option `↓ⁿ*`
/// reverses through `0` and `{0 | ↓ⁿ*} = ↑`. The power's Right option is `↓^→n *`, the sum of
/// the downs up to `n`.
#[test]
fn the_brief_form_differs() {
    let mut games = Games::new();
    let up = games.up_multiple(1).unwrap();
    for n in 2..=5 {
        let g = read(&mut games, &format!("{{0|v<{n}>*}}"));
        assert_eq!(g, up, "{{0|v<{n}>*}}");
        let g = read(&mut games, &format!("{{0|v[{n}]*}}"));
        assert_eq!(g, games.up_power(n + 1).unwrap(), "{{0|v[{n}]*}}");
    }
}
