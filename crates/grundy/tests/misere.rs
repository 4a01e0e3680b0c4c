//! Misère play against oracles written from the definitions, and against published values.
//!
//! The oracle here knows four games by their rules alone (Nim, Kayles, Dawson's Kayles,
//! Grundy's game), plays sums of them as explicit lists of heaps, and computes misère outcomes
//! and misère Grundy values straight from the definitions: with no move the player to move wins
//! (value 1); otherwise a position wins when some move reaches a losing one, and its value is
//! the mex of its options' values. It shares no code with the library's search.

use std::collections::HashMap;

use grundy::misere::{heap_sequence, nim_misere_value, nim_outcome, Genus, MisereSolver};
use grundy::{spec, Limits, Nimber, Outcome};
use proptest::prelude::*;

/// The games the oracle knows, by their rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Game {
    Nim,
    Kayles,
    Dawson,
    Grundy,
}

impl Game {
    fn name(self) -> &'static str {
        match self {
            Game::Nim => "nim",
            Game::Kayles => "kayles",
            Game::Dawson => "dawson",
            Game::Grundy => "grundy",
        }
    }

    /// Every move from a heap, as the heaps it leaves (zeros dropped).
    fn moves(self, heap: u64) -> Vec<Vec<u64>> {
        let keep = |parts: &[u64]| parts.iter().copied().filter(|&p| p > 0).collect();
        let mut moves = Vec::new();
        match self {
            // Take any positive number of tokens.
            Game::Nim => (0..heap).for_each(|left| moves.push(keep(&[left]))),
            // Knock down one pin or two adjacent pins from a row.
            Game::Kayles => {
                for take in 1..=2u64.min(heap) {
                    for left in 0..=heap - take {
                        moves.push(keep(&[left, heap - take - left]));
                    }
                }
            }
            // Knock down exactly two adjacent pins.
            Game::Dawson => {
                if heap >= 2 {
                    for left in 0..=heap - 2 {
                        moves.push(keep(&[left, heap - 2 - left]));
                    }
                }
            }
            // Split a heap into two unequal heaps.
            Game::Grundy => {
                for small in 1..heap {
                    if 2 * small < heap {
                        moves.push(vec![small, heap - small]);
                    }
                }
            }
        }
        moves
    }
}

type Position = Vec<(Game, u64)>;

#[derive(Default)]
struct Oracle {
    values: HashMap<Position, u64>,
    outcomes: HashMap<Position, bool>,
}

impl Oracle {
    fn options(position: &Position) -> Vec<Position> {
        let mut options = Vec::new();
        for (index, &(game, heap)) in position.iter().enumerate() {
            for parts in game.moves(heap) {
                let mut next = position.clone();
                next.remove(index);
                next.extend(parts.into_iter().map(|part| (game, part)));
                next.sort();
                options.push(next);
            }
        }
        options
    }

    /// `answer(oracle, options)` for `position`, remembered (in the table `table` picks) by
    /// the position with its heaps sorted.
    fn remembered<T: Copy>(
        &mut self,
        position: &Position,
        table: fn(&mut Oracle) -> &mut HashMap<Position, T>,
        answer: fn(&mut Oracle, &[Position]) -> T,
    ) -> T {
        let mut position = position.clone();
        position.sort();
        if let Some(&known) = table(self).get(&position) {
            return known;
        }
        let options = Oracle::options(&position);
        let found = answer(self, &options);
        table(self).insert(position, found);
        found
    }

    /// The misère Grundy value from the definition: 1 with no move, else the mex of the
    /// options' values.
    fn misere_value(&mut self, position: &Position) -> u64 {
        self.remembered(
            position,
            |oracle| &mut oracle.values,
            |oracle, options| {
                if options.is_empty() {
                    return 1;
                }
                let seen: Vec<u64> = options.iter().map(|q| oracle.misere_value(q)).collect();
                (0..).find(|v| !seen.contains(v)).unwrap_or(0)
            },
        )
    }

    /// Digit `copies` of the genus from the definition: the misère value of `position` with
    /// `copies` heaps of *2 added.
    fn genus_digit(&mut self, position: &Position, copies: usize) -> Nimber {
        let mut with_twos = position.clone();
        with_twos.extend(std::iter::repeat_n((Game::Nim, 2), copies));
        Nimber::new(self.misere_value(&with_twos))
    }

    /// The misère outcome from the definition: no move wins; otherwise win iff some move
    /// reaches a losing position.
    fn next_wins(&mut self, position: &Position) -> bool {
        self.remembered(
            position,
            |oracle| &mut oracle.outcomes,
            |oracle, options| options.is_empty() || options.iter().any(|q| !oracle.next_wins(q)),
        )
    }
}

fn spec_of(position: &Position) -> String {
    if position.is_empty() {
        return "0".to_string();
    }
    let terms: Vec<String> = position
        .iter()
        .map(|(game, heap)| format!("{}({heap})", game.name()))
        .collect();
    terms.join(" + ")
}

fn solve(text: &str, closed_forms: bool) -> (Outcome, Genus) {
    let sum = spec::parse(text).expect("valid spec");
    let mut solver = MisereSolver::new(&sum, Limits::default())
        .expect("searchable")
        .use_closed_forms(closed_forms);
    let state = solver.graph().state_of(&sum).expect("state");
    let outcome = solver.outcome(&state).expect("outcome");
    let genus = solver.genus(&state).expect("genus");
    (outcome, genus)
}

#[test]
fn bouton_agrees_with_brute_force_on_four_heaps_up_to_seven() {
    let mut oracle = Oracle::default();
    let mut checked = 0;
    for a in 0..=7u64 {
        for b in a..=7 {
            for c in b..=7 {
                for d in c..=7 {
                    let heaps = [a, b, c, d];
                    let position: Position = heaps
                        .iter()
                        .filter(|&&h| h > 0)
                        .map(|&h| (Game::Nim, h))
                        .collect();
                    let value = oracle.misere_value(&position);
                    let expected = if value == 0 {
                        Outcome::PreviousWins
                    } else {
                        Outcome::NextWins
                    };
                    assert_eq!(nim_outcome(&heaps), expected, "{heaps:?}");
                    assert_eq!(nim_misere_value(&heaps), Nimber::new(value), "{heaps:?}");
                    // The general search, Bouton's rule switched off, agrees too.
                    let text = format!("nim({a},{b},{c},{d})");
                    let (outcome, genus) = solve(&text, false);
                    assert_eq!(outcome, expected, "{text}");
                    assert_eq!(genus, Genus::nim(&heaps), "{text}");
                    checked += 1;
                }
            }
        }
    }
    assert_eq!(checked, 330); // multisets of four sizes from 0..=7
}

#[test]
fn seeds_misere_examples() {
    // docs/seeds.md rows 29 and 30: [1,1,1] is a loss for the player to move, [2,2] too.
    assert_eq!(solve("nim(1,1,1)", true).0, Outcome::PreviousWins);
    assert_eq!(solve("nim(2,2)", true).0, Outcome::PreviousWins);
    assert_eq!(solve("nim(1)", false).0, Outcome::PreviousWins);
    assert_eq!(solve("0", false).0, Outcome::NextWins);
    // Equal normal values, different misère behaviour (docs/misere-and-loopy.md).
    assert_eq!(solve("kayles(5) + nim(1)", true).0, Outcome::PreviousWins);
    assert_eq!(solve("nim(4,1)", true).0, Outcome::NextWins);
}

fn any_position() -> impl Strategy<Value = Position> {
    let component = prop_oneof![
        (0..=6u64).prop_map(|h| (Game::Nim, h)),
        (0..=9u64).prop_map(|h| (Game::Kayles, h)),
        (0..=11u64).prop_map(|h| (Game::Dawson, h)),
        (0..=12u64).prop_map(|h| (Game::Grundy, h)),
    ];
    prop::collection::vec(component, 1..=3).prop_map(|components| {
        components
            .into_iter()
            .filter(|&(_, heap)| heap > 0)
            .collect()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Misère outcomes and values of random small sums agree with the oracle, and the genus
    /// digits are the misère values with heaps of *2 added.
    #[test]
    fn random_sums_agree_with_the_definition(position in any_position()) {
        let mut oracle = Oracle::default();
        let text = spec_of(&position);
        let (outcome, genus) = solve(&text, true);
        let value = oracle.misere_value(&position);
        prop_assert_eq!(genus.misere_value(), Nimber::new(value), "{}", text);
        let next_wins = oracle.next_wins(&position);
        prop_assert_eq!(outcome == Outcome::NextWins, next_wins, "{}", text);
        for copies in 1..=3 {
            prop_assert_eq!(
                genus.digit(copies),
                oracle.genus_digit(&position, copies),
                "{} + {} copies of *2", text, copies
            );
        }
    }
}

#[test]
fn genus_of_single_heaps_is_the_definition() {
    let mut oracle = Oracle::default();
    for game in [Game::Kayles, Game::Dawson, Game::Grundy] {
        for heap in 0..=11u64 {
            let position: Position = if heap > 0 { vec![(game, heap)] } else { vec![] };
            let (_, genus) = solve(&format!("{}({heap})", game.name()), true);
            for copies in 0..=5 {
                assert_eq!(
                    genus.digit(copies),
                    oracle.genus_digit(&position, copies),
                    "{}({heap}) + {copies} copies of *2",
                    game.name()
                );
            }
        }
    }
}

/// A genus as CGSuite prints it, read by the rules in the data file's notes.
fn cgsuite_genus(text: &str) -> Genus {
    let (base, superscript) = text.split_once('^').unwrap_or((text, ""));
    let normal: u64 = base.parse().expect("genus base");
    let digits: Vec<u64> = if superscript.is_empty() {
        Genus::nim(&[normal]).digits().to_vec()
    } else if let Some(list) = superscript.strip_prefix('(') {
        let list = list.strip_suffix(')').expect("closing parenthesis");
        list.split(',').map(|d| d.parse().expect("digit")).collect()
    } else {
        let digits: Vec<u64> = superscript
            .chars()
            .map(|c| u64::from(c.to_digit(10).expect("digit")))
            .collect();
        if digits.len() == 1 {
            assert_eq!(
                digits[0], normal,
                "only a^a single digits occur in the data"
            );
            vec![normal, normal ^ 2]
        } else {
            digits
        }
    };
    Genus::new(Nimber::new(normal), &digits).expect("two digits or more")
}

#[test]
fn heap_sequences_agree_with_cgsuite() {
    let data = include_str!("data/misere_cgsuite.txt");
    let mut checked = 0;
    let mut rows: HashMap<(String, String), Vec<String>> = HashMap::new();
    for line in data.lines().filter(|line| !line.starts_with('#')) {
        let mut words = line.split_whitespace();
        let (Some(rule), Some(quantity)) = (words.next(), words.next()) else {
            continue;
        };
        let entries: Vec<String> = words.map(String::from).collect();
        assert_eq!(entries.len(), 21, "{rule} {quantity}");
        rows.insert((rule.to_string(), quantity.to_string()), entries);
    }
    for rule_text in [
        "grundy",
        "kayles",
        "dawson",
        "sub{2,3,7}",
        "allbut{2,3,7}",
        "0.3F",
    ] {
        let rule = spec::parse_heap_rule(rule_text).expect("rule");
        let sequence = heap_sequence(&rule, 20, Limits::default()).expect("sequence");
        let row = |quantity: &str| &rows[&(rule_text.to_string(), quantity.to_string())];
        for (heap, genus) in sequence.genera.iter().enumerate() {
            let normal: u64 = row("normal")[heap].parse().expect("integer");
            let misere: u64 = row("misere")[heap].parse().expect("integer");
            let published = cgsuite_genus(&row("genus")[heap]);
            assert_eq!(genus.normal_value().value(), normal, "{rule_text}({heap})");
            assert_eq!(genus.misere_value().value(), misere, "{rule_text}({heap})");
            assert_eq!(
                genus,
                &published,
                "{rule_text}({heap}): CGSuite {}",
                row("genus")[heap]
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 6 * 21);
}

#[test]
fn tameness_of_heap_games() {
    let tame_to_twenty = |text: &str| {
        let rule = spec::parse_heap_rule(text).expect("rule");
        heap_sequence(&rule, 20, Limits::default())
            .expect("sequence")
            .first_wild
    };
    // Nim and the subtraction game {2,3,7} are tame (every heap has a Nim genus in CGSuite's
    // table, and a subtraction game never splits a heap).
    assert_eq!(tame_to_twenty("nim"), None);
    assert_eq!(tame_to_twenty("sub{2,3,7}"), None);
    // Kayles turns wild at heap 5, whose genus 4^146 no Nim position has.
    let wild = tame_to_twenty("kayles").expect("Kayles is wild");
    assert_eq!(
        (wild.heap, wild.genus.to_string()),
        (5, "4^146".to_string())
    );
    assert_eq!(wild.position, "kayles(5)");
}

#[test]
fn bouton_reports_agree_with_searched_reports() {
    // allbut{} (remove any number) is Nim under another name, so it takes the searched path.
    for heaps in ["1,1,1", "2,2,1", "3,4,5", "5,1,1", "1", "6,6", "7,1"] {
        let fast = grundy::analysis::misere::value(
            &spec::parse(&format!("nim({heaps})")).expect("nim"),
            Limits::default(),
        )
        .expect("fast");
        let searched = grundy::analysis::misere::value(
            &spec::parse(&format!("allbut{{}}({heaps})")).expect("allbut"),
            Limits::default(),
        )
        .expect("searched");
        assert_eq!(fast.head.value, searched.head.value, "{heaps}");
        assert_eq!(fast.genus, searched.genus, "{heaps}");
        assert_eq!(fast.head.outcome, searched.head.outcome, "{heaps}");
        let results = |report: &grundy::analysis::misere::MisereValueReport| {
            let mut results: Vec<String> = report
                .winning_moves
                .iter()
                .map(|m| {
                    format!(
                        "{} {:?}",
                        m.result.replace("allbut{}", "nim"),
                        m.target_value
                    )
                })
                .collect();
            results.sort();
            results
        };
        assert_eq!(results(&fast), results(&searched), "{heaps}");
    }
}
