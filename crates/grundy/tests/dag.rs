//! The game DAG against brute force: positions found by an independent Kayles move generator
//! on sorted heap lists, values by the mex from the definition.

// Test helpers outside #[test] functions may unwrap too, as clippy.toml allows in tests.
#![allow(clippy::unwrap_used)]

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use grundy::{analysis, spec};
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

fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    let values: BTreeSet<u64> = values.into_iter().collect();
    (0..).find(|value| !values.contains(value)).unwrap()
}

/// Every position reachable from `start` with its value, by breadth-first search and mex.
fn brute_force(start: Heaps) -> BTreeMap<Heaps, u64> {
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
        let value = mex(kayles_options(&heaps).iter().map(|option| values[option]));
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

fn check_kayles(start: u64) {
    let expected = brute_force([start].into_iter().filter(|&pins| pins > 0).collect());
    let report = analysis::dag(&spec::parse(&format!("kayles({start})")).unwrap(), 10_000).unwrap();
    assert_eq!((report.left_out, report.left_out_exact), (0, true));
    let nodes: Vec<Heaps> = report
        .nodes
        .iter()
        .map(|node| heaps_of(&node.spec))
        .collect();
    let found: BTreeMap<Heaps, u64> = nodes
        .iter()
        .cloned()
        .zip(report.nodes.iter().map(|node| node.value))
        .collect();
    assert_eq!(found.len(), report.nodes.len(), "positions are merged");
    assert_eq!(found, expected, "kayles({start})");
    for (id, node) in report.nodes.iter().enumerate() {
        let options: BTreeSet<Heaps> = report
            .edges
            .iter()
            .filter(|edge| edge.from == id)
            .map(|edge| nodes[edge.to].clone())
            .collect();
        assert_eq!(options, kayles_options(&nodes[id]), "{}", node.spec);
        let option_values: BTreeSet<u64> = options.iter().map(|o| expected[o]).collect();
        assert_eq!(
            node.option_values,
            option_values.into_iter().collect::<Vec<_>>()
        );
        assert_eq!(
            node.outcome.letter(),
            if node.value == 0 { "P" } else { "N" }
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
        assert_eq!(edge.winning, report.nodes[edge.to].value == 0);
    }
}

#[test]
fn kayles_dags_hold_every_position_with_its_value() {
    for start in 0..=9 {
        check_kayles(start);
    }
}

#[test]
fn kayles_6_has_the_published_values() {
    // Kayles values of rows 0..=6 (OEIS A002186): 0, 1, 2, 3, 1, 4, 3.
    let report = analysis::dag(&spec::parse("kayles(6)").unwrap(), 1000).unwrap();
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
        assert_eq!(node.value, value, "{spec_text}");
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
        let report = analysis::dag(&spec::parse(&text).unwrap(), 5000).unwrap();
        prop_assert_eq!(report.left_out, 0);
        prop_assert!(report.nodes.iter().all(|node| node.expanded && node.complete));
        for node in &report.nodes {
            let sum = spec::parse(&node.spec).unwrap();
            prop_assert_eq!(sum.value().unwrap().value(), node.value);
            prop_assert_eq!(mex(node.option_values.iter().copied()), node.value);
        }
        for edge in &report.edges {
            prop_assert_eq!(edge.winning, report.nodes[edge.to].value == 0);
            prop_assert!(report.nodes[edge.from].layer > report.nodes[edge.to].layer);
        }
    }
}
