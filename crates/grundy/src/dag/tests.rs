//! Tests of [`explore`](super::explore): values, layers, merging, cycles, cuts and budgets.

use super::walk::COUNT_FACTOR;
use super::*;
use crate::nimber::{mex, Nimber};
use crate::spec;
use crate::Limits;
use std::collections::HashSet;

/// The DAG of the sum `text`, drawn with up to `max_positions` positions.
fn dag(text: &str, max_positions: usize, play: Play) -> GameDag {
    explore(&spec::parse(text).unwrap(), max_positions, play).unwrap()
}

#[test]
fn values_are_the_mex_of_option_values() {
    for text in [
        "kayles(6)",
        "nim(3,4,5)",
        "sub{1,2,4}(8) + sub{1,3}(5)",
        "wythoff(3,4)",
    ] {
        let game = dag(text, 1000, Play::Normal);
        assert_eq!(game.left_out, 0, "{text}");
        for position in &game.positions {
            let options = position.option_values.iter().filter_map(LoopyValue::finite);
            assert_eq!(
                LoopyValue::Finite(mex(options)),
                position.value,
                "{text}: {}",
                position.key
            );
            let sum = spec::parse(&position.spec).unwrap();
            assert_eq!(
                sum.value().map(LoopyValue::Finite),
                Ok(position.value.clone())
            );
        }
    }
}

/// Misère values: the mex of the options' values, 1 at the end, and the misère value
/// `grundy value --misere` gives each position.
#[test]
fn misere_values_are_the_mex_of_option_values_and_one_at_the_end() {
    for text in ["kayles(6)", "nim(1,2,3)", "dawson(7) + nim(1)", "0.137(9)"] {
        let game = dag(text, 1000, Play::Misere);
        assert_eq!(game.left_out, 0, "{text}");
        for position in &game.positions {
            let expected = if position.move_count == 0 {
                Nimber::new(1)
            } else {
                mex(position.option_values.iter().filter_map(LoopyValue::finite))
            };
            assert_eq!(position.value, LoopyValue::Finite(expected), "{text}");
            let sum = spec::parse(&position.spec).unwrap();
            let report = crate::analysis::misere::value(&sum, Limits::default()).unwrap();
            assert_eq!(
                report.head.value,
                Some(expected.value()),
                "{}",
                position.spec
            );
        }
    }
    let loopy = spec::parse("digraph(a>b, b>a; a)").unwrap();
    let error = explore(&loopy, 100, Play::Misere).err().unwrap();
    assert!(matches!(error.kind(), ErrorKind::Cycle { .. }), "{error}");
}

#[test]
fn every_edge_goes_down_a_layer_and_ends_are_layer_zero() {
    let game = dag("kayles(7) + nim(2)", 1000, Play::Normal);
    for edge in &game.edges {
        assert!(game.positions[edge.from].layer > game.positions[edge.to].layer);
    }
    for (index, position) in game.positions.iter().enumerate() {
        let has_edges = game.edges.iter().any(|edge| edge.from == index);
        assert_eq!(position.layer == 0, !has_edges, "{}", position.key);
        assert_eq!(position.move_count == 0, position.key == "0");
    }
    // Kayles(7) lasts at most 7 moves and nim(2) at most 2.
    assert_eq!(game.positions[0].layer, 9);
}

#[test]
fn equal_positions_are_merged_and_shown_in_order() {
    let game = dag("kayles(5)", 1000, Play::Normal);
    let keys: HashSet<&str> = game.positions.iter().map(|p| p.key.as_str()).collect();
    assert_eq!(keys.len(), game.positions.len());
    let shown: Vec<&str> = game.positions.iter().map(|p| p.spec.as_str()).collect();
    assert!(shown.contains(&"kayles(1,3)"), "{shown:?}");
    assert!(!shown.contains(&"kayles(3,1)"), "{shown:?}");
}

#[test]
fn symmetric_positions_are_merged_as_their_representative() {
    // Wythoff (1,0) and (0,1) are one position: the ruleset's canonical form is the key.
    let game = dag("wythoff(1,2)", 100, Play::Normal);
    let shown: Vec<&str> = game.positions.iter().map(|p| p.spec.as_str()).collect();
    assert_eq!(
        shown,
        [
            "wythoff(1,2)",
            "wythoff(0,2)",
            "wythoff(0,1)",
            "wythoff(1,1)",
            "0"
        ]
    );
    // A 2 x 3 Cram board and its transpose, as the two parts of one sum.
    let game = dag("cram(2x3) + cram(3x2)", 100_000, Play::Normal);
    let root = &game.positions[0];
    assert_eq!(root.key, "cram(2x3) + cram(2x3)", "{}", root.spec);
}

/// Issue 15: a game with cycles is drawn as a graph, each cycle on one layer.
#[test]
fn cycles_share_a_layer() {
    // d -> a, a <-> b, b -> c: c is the end, a and b a cycle above it, d above them.
    let game = dag("digraph(a>b, b>a, b>c, d>a; d)", 100, Play::Normal);
    let layers: Vec<(&str, usize)> = game
        .positions
        .iter()
        .map(|p| (&p.spec[p.spec.len() - 2..p.spec.len() - 1], p.layer))
        .collect();
    assert_eq!(layers, [("d", 2), ("a", 1), ("b", 1), ("c", 0)]);
    let cut = dag("digraph(a>b, b>a, b>c, d>a; d)", 2, Play::Normal);
    assert_eq!(
        (cut.positions.len(), cut.left_out, cut.left_out_exact),
        (2, 2, true)
    );
}

#[test]
fn big_dags_are_cut_and_the_rest_counted() {
    let whole = dag("nim(3,4,5)", 10_000, Play::Normal);
    let cut = dag("nim(3,4,5)", 20, Play::Normal);
    assert_eq!(cut.positions.len(), 20);
    assert!(cut.left_out_exact);
    assert_eq!(cut.positions.len() + cut.left_out, whole.positions.len());
    assert!(cut.positions.iter().any(|position| !position.complete));
    // The drawn positions are those nearest the start.
    let deepest = cut.positions.iter().map(|p| p.depth).max().unwrap();
    let left_out_nearer = whole
        .positions
        .iter()
        .filter(|p| p.depth < deepest)
        .any(|p| !cut.positions.iter().any(|q| q.key == p.key));
    assert!(!left_out_nearer);
    // A count that outgrows its budget is a lower bound.
    let huge = dag("nim(40,40,40,40)", 5, Play::Normal);
    assert!(!huge.left_out_exact);
    assert!(huge.left_out >= 5 * COUNT_FACTOR - 5);
}

#[test]
fn the_move_budget_stops_drawing() {
    // Each position has about 1000 moves: the budget of 256 per drawn position runs out
    // after about 13 of the 50 drawn positions are expanded.
    let game = dag("nim(250,251,252,253)", 50, Play::Normal);
    assert_eq!(game.positions.len(), 50);
    let expanded = game.positions.iter().filter(|p| p.expanded).count();
    assert!((1..50).contains(&expanded), "{expanded}");
    for position in game.positions.iter().filter(|p| !p.expanded) {
        assert!(position.option_values.is_empty() && !position.complete);
        assert_eq!(position.layer, 0);
    }
    assert!(game.left_out > 0);
}
