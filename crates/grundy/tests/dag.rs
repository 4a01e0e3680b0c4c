//! The game DAG against brute force: positions found by an independent Kayles move generator
//! on sorted heap lists, values by the mex from the definition (in misère play too, where the
//! end is worth 1); and the graph of tokens on a
//! digraph with cycles, outcomes by the definition of win, loss and draw.

// Test helpers outside #[test] functions may unwrap too, as clippy.toml allows in tests.
#![allow(clippy::unwrap_used)]

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use grundy::analysis::loopy::ReportValue;
use grundy::{analysis, spec, Play};
use proptest::prelude::*;

type Heaps = Vec<u64>;

/// Kayles from the definition: knock down one pin or two adjacent pins from one row; the rest
/// of the row is left as up to two rows.
fn kayles_options(heaps: &Heaps) -> BTreeSet<Heaps> {
    let mut options = BTreeSet::new();
    for (index, &row) in heaps.iter().enumerate() {
        for knocked in 1..=2.min(row) {
            for left in 0..=row - knocked {
                let right = row - knocked - left;
                let mut option: Heaps = heaps.clone();
                option.remove(index);
                option.extend([left, right].into_iter().filter(|&pins| pins > 0));
                option.sort_unstable();
                options.insert(option);
            }
        }
    }
    options
}

/// A value of a game without cycles.
fn finite(value: ReportValue) -> u64 {
    match value {
        ReportValue::Finite(value) => value,
        ReportValue::Infinite => panic!("an infinite value in a game without cycles"),
    }
}

fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    let values: BTreeSet<u64> = values.into_iter().collect();
    (0..).find(|value| !values.contains(value)).unwrap()
}

/// Every position reachable from `start` with its value in `play`, by breadth-first search and
/// mex (in misère play the end is worth 1).
fn brute_force(start: Heaps, play: Play) -> BTreeMap<Heaps, u64> {
    let mut reachable = BTreeSet::from([start.clone()]);
    let mut queue = VecDeque::from([start]);
    while let Some(heaps) = queue.pop_front() {
        for option in kayles_options(&heaps) {
            if reachable.insert(option.clone()) {
                queue.push_back(option);
            }
        }
    }
    // Fewer pins first, so that every option is valued before the position.
    let mut by_pins: Vec<Heaps> = reachable.into_iter().collect();
    by_pins.sort_by_key(|heaps| heaps.iter().sum::<u64>());
    let mut values = BTreeMap::new();
    for heaps in by_pins {
        let options = kayles_options(&heaps);
        let value = if options.is_empty() && play == Play::Misere {
            1
        } else {
            mex(options.iter().map(|option| values[option]))
        };
        values.insert(heaps, value);
    }
    values
}

/// `kayles(1,1,2)` → `[1, 1, 2]`; `0` and `kayles(0)` → `[]`.
fn heaps_of(spec_text: &str) -> Heaps {
    if spec_text == "0" {
        return Vec::new();
    }
    let inside = spec_text
        .strip_prefix("kayles(")
        .and_then(|rest| rest.strip_suffix(')'))
        .unwrap_or_else(|| panic!("not a Kayles position: {spec_text}"));
    let mut heaps: Heaps = inside
        .split(',')
        .map(|n| n.parse().unwrap())
        .filter(|&pins| pins > 0)
        .collect();
    heaps.sort_unstable();
    heaps
}

fn check_kayles(start: u64, play: Play) {
    let expected = brute_force([start].into_iter().filter(|&pins| pins > 0).collect(), play);
    let sum = spec::parse(&format!("kayles({start})")).unwrap();
    let report = analysis::dag(&sum, 10_000, play).unwrap();
    assert_eq!((report.left_out, report.left_out_exact), (0, true));
    let nodes: Vec<Heaps> = report
        .nodes
        .iter()
        .map(|node| heaps_of(&node.spec))
        .collect();
    let found: BTreeMap<Heaps, u64> = nodes
        .iter()
        .cloned()
        .zip(report.nodes.iter().map(|node| finite(node.value)))
        .collect();
    assert_eq!(found.len(), report.nodes.len(), "positions are merged");
    assert_eq!(found, expected, "kayles({start}) in {play} play");
    for (id, node) in report.nodes.iter().enumerate() {
        let options = listed_options(&report, &nodes, id);
        assert_eq!(options, kayles_options(&nodes[id]), "{}", node.spec);
        let option_values: BTreeSet<u64> = options.iter().map(|o| expected[o]).collect();
        assert_eq!(
            node.option_values,
            option_values
                .into_iter()
                .map(ReportValue::Finite)
                .collect::<Vec<_>>()
        );
        assert_eq!(
            node.outcome.letter(),
            if finite(node.value) == 0 { "P" } else { "N" }
        );
        // The layer is the longest game left: with one or two pins a move, at most the pins.
        let pins: u64 = nodes[id].iter().sum();
        assert!(
            node.layer <= pins && node.layer >= pins.div_ceil(2),
            "{}",
            node.spec
        );
    }
    for edge in &report.edges {
        assert_eq!(edge.winning, finite(report.nodes[edge.to].value) == 0);
    }
}

#[test]
fn kayles_dags_hold_every_position_with_its_value() {
    for start in 0..=9 {
        check_kayles(start, Play::Normal);
        check_kayles(start, Play::Misere);
    }
}

#[test]
fn kayles_6_has_the_published_values() {
    // Kayles values of rows 0..=6 (OEIS A002186): 0, 1, 2, 3, 1, 4, 3.
    let report = analysis::dag(&spec::parse("kayles(6)").unwrap(), 1000, Play::Normal).unwrap();
    for (row, value) in [0, 1, 2, 3, 1, 4, 3].into_iter().enumerate() {
        let spec_text = if row == 0 {
            "0".to_string()
        } else {
            format!("kayles({row})")
        };
        let node = report
            .nodes
            .iter()
            .find(|node| node.spec == spec_text)
            .unwrap();
        assert_eq!(node.value, ReportValue::Finite(value), "{spec_text}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Every node of a small sum's DAG is valued as its own spec says, and equals the mex
    /// of its options; winning edges lead exactly to value 0.
    #[test]
    fn nodes_agree_with_the_solver(a in 0u64..5, b in 0u64..6, c in 0u64..7, rule in 0usize..4) {
        let text = match rule {
            0 => format!("nim({a},{b}) + kayles({c})"),
            1 => format!("sub{{1,3}}({a},{b}) + dawson({c})"),
            2 => format!("wythoff({a},{b}) + nim({c})"),
            _ => format!("take[2..3]({a}) + grundy({b},{c})"),
        };
        let report = analysis::dag(&spec::parse(&text).unwrap(), 5000, Play::Normal).unwrap();
        prop_assert_eq!(report.left_out, 0);
        prop_assert!(report.nodes.iter().all(|node| node.expanded && node.complete));
        for node in &report.nodes {
            let sum = spec::parse(&node.spec).unwrap();
            prop_assert_eq!(sum.value().unwrap().value(), finite(node.value));
            prop_assert_eq!(mex(node.option_values.iter().map(|v| finite(*v))), finite(node.value));
        }
        for edge in &report.edges {
            prop_assert_eq!(edge.winning, finite(report.nodes[edge.to].value) == 0);
            prop_assert!(report.nodes[edge.from].layer > report.nodes[edge.to].layer);
        }
    }
}

/// Tokens on a digraph: sorted vertex lists, a move takes one token along one edge.
type Tokens = Vec<usize>;

fn token_moves(successors: &[Vec<usize>], tokens: &Tokens) -> BTreeSet<Tokens> {
    let mut options = BTreeSet::new();
    for (index, &vertex) in tokens.iter().enumerate() {
        for &next in &successors[vertex] {
            let mut option = tokens.clone();
            option[index] = next;
            option.sort_unstable();
            options.insert(option);
        }
    }
    options
}

/// Every position reachable from `start` with its outcome, from the definition: a position
/// without moves is lost for the player to move, one with a move to a lost position is won,
/// one whose every move leads to a won position is lost; positions never decided are draws.
fn token_outcomes(successors: &[Vec<usize>], start: Tokens) -> BTreeMap<Tokens, &'static str> {
    let mut reachable = BTreeSet::from([start.clone()]);
    let mut queue = VecDeque::from([start]);
    while let Some(tokens) = queue.pop_front() {
        for option in token_moves(successors, &tokens) {
            if reachable.insert(option.clone()) {
                queue.push_back(option);
            }
        }
    }
    let mut outcomes: BTreeMap<Tokens, &'static str> = BTreeMap::new();
    loop {
        let mut changed = false;
        for tokens in &reachable {
            if outcomes.contains_key(tokens) {
                continue;
            }
            let options = token_moves(successors, tokens);
            if options.iter().any(|o| outcomes.get(o) == Some(&"P")) {
                outcomes.insert(tokens.clone(), "N");
                changed = true;
            } else if options.iter().all(|o| outcomes.get(o) == Some(&"N")) {
                outcomes.insert(tokens.clone(), "P");
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    reachable
        .into_iter()
        .map(|tokens| {
            let outcome = outcomes.get(&tokens).copied().unwrap_or("D");
            (tokens, outcome)
        })
        .collect()
}

/// `digraph(v0>v1, ...; v2, v3)` → `[2, 3]`.
fn tokens_of(spec_text: &str) -> Tokens {
    let inside = spec_text.rsplit_once(';').unwrap().1.trim_end_matches(')');
    let mut tokens: Tokens = inside
        .split(',')
        .map(|name| name.trim().trim_start_matches('v').parse().unwrap())
        .collect();
    tokens.sort_unstable();
    tokens
}

/// The positions the report's edges lead to from node `id`, each read as `nodes` has it.
fn listed_options<T: Clone + Ord>(
    report: &analysis::DagReport,
    nodes: &[T],
    id: usize,
) -> BTreeSet<T> {
    report
        .edges
        .iter()
        .filter(|edge| edge.from == id)
        .map(|edge| nodes[edge.to].clone())
        .collect()
}

/// Whether `to` can reach `from` in the report's edges.
fn reaches(report: &analysis::DagReport, from: usize, to: usize) -> bool {
    let mut seen = BTreeSet::from([from]);
    let mut queue = VecDeque::from([from]);
    while let Some(node) = queue.pop_front() {
        if node == to {
            return true;
        }
        for edge in report.edges.iter().filter(|edge| edge.from == node) {
            if seen.insert(edge.to) {
                queue.push_back(edge.to);
            }
        }
    }
    false
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Issue 15: the graph of one or two tokens on a random digraph (cycles allowed) holds
    /// every position reachable, each move once, the outcomes the definition gives, finite
    /// values that are the mex of the finite values of the options, and layers that go down
    /// along every edge except inside a cycle.
    #[test]
    fn digraphs_with_cycles_agree_with_the_definition(
        edges in proptest::collection::btree_set((0usize..6, 0usize..6), 1..12),
        tokens in proptest::collection::vec(0usize..6, 1..3),
    ) {
        let edges: Vec<(usize, usize)> = edges.into_iter().filter(|(a, b)| a != b).collect();
        prop_assume!(!edges.is_empty());
        let mut successors = vec![Vec::new(); 6];
        for &(from, to) in &edges {
            successors[from].push(to);
        }
        // Tokens stand on vertices of the graph.
        let vertices: Vec<usize> = edges.iter().flat_map(|&(a, b)| [a, b]).collect::<BTreeSet<_>>().into_iter().collect();
        let tokens: Vec<usize> = tokens.iter().map(|&t| vertices[t % vertices.len()]).collect();
        let listed: Vec<String> = edges.iter().map(|(a, b)| format!("v{a}>v{b}")).collect();
        let named: Vec<String> = tokens.iter().map(|t| format!("v{t}")).collect();
        let text = format!("digraph({}; {})", listed.join(", "), named.join(", "));
        let report = analysis::dag(&spec::parse(&text).unwrap(), 1000, Play::Normal).unwrap();
        let mut start = tokens.clone();
        start.sort_unstable();
        let expected = token_outcomes(&successors, start);
        prop_assert_eq!(report.left_out, 0);
        let nodes: Vec<Tokens> = report.nodes.iter().map(|node| tokens_of(&node.spec)).collect();
        let found: BTreeMap<Tokens, &str> = nodes
            .iter()
            .cloned()
            .zip(report.nodes.iter().map(|node| node.outcome.letter()))
            .collect();
        prop_assert_eq!(found.len(), nodes.len(), "positions are merged");
        prop_assert_eq!(&found, &expected, "{}", text);
        for (id, node) in report.nodes.iter().enumerate() {
            let options = listed_options(&report, &nodes, id);
            prop_assert_eq!(&options, &token_moves(&successors, &nodes[id]));
            if let ReportValue::Finite(value) = node.value {
                let finite_options = node.option_values.iter().filter_map(|option| match option {
                    ReportValue::Finite(value) => Some(*value),
                    ReportValue::Infinite => None,
                });
                prop_assert_eq!(mex(finite_options), value);
            }
        }
        for edge in &report.edges {
            let (from, to) = (&report.nodes[edge.from], &report.nodes[edge.to]);
            prop_assert_eq!(edge.winning, to.outcome.letter() == "P");
            if reaches(&report, edge.to, edge.from) {
                prop_assert_eq!(from.layer, to.layer);
            } else {
                prop_assert!(from.layer > to.layer);
            }
        }
    }
}
