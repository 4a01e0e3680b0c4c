//! Games with cycles: published worked examples, and the generalised Sprague-Grundy values
//! checked against retrograde analysis of whole sums (the definition of win, loss and draw).

use grundy::loopy::{LoopyOutcome, LoopySolver, LoopyValue};
use grundy::retrograde::Solution;
use grundy::{spec, Limits, Nimber, Play};
use proptest::prelude::*;

/// The generalised value of each token of a `digraph(...)` spec, the value of the whole sum,
/// and its retrograde outcome (a draw, unchecked, when there are more than three tokens).
fn analyse(text: &str) -> (Vec<LoopyValue>, LoopyValue, LoopyOutcome) {
    let sum = spec::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut solver = LoopySolver::new(&sum, Limits::default()).expect("searchable");
    let position = solver.graph().position_of(&sum).expect("position");
    let mut tokens = Vec::new();
    for ids in &position.terms {
        for &id in ids {
            let value = match solver.graph().component(0, id).expect("component") {
                Some(component) => solver.value(component).expect("value"),
                None => LoopyValue::Finite(Nimber::ZERO),
            };
            tokens.push(value);
        }
    }
    let state = solver.graph().state_of(&sum).expect("state");
    let total = solver.value_of_state(&state).expect("sum value");
    if tokens.len() > 3 {
        return (tokens, total, LoopyOutcome::Draw);
    }
    let solution = Solution::solve(solver.graph(), &state, Play::Normal).expect("retrograde");
    let (outcome, _) = solution.get(&state).expect("solved");
    (tokens, total, outcome)
}

fn finite(value: u64) -> LoopyValue {
    LoopyValue::Finite(Nimber::new(value))
}

fn infinite(escapes: &[u64]) -> LoopyValue {
    LoopyValue::infinite(escapes.iter().map(|&k| Nimber::new(k)).collect())
}

/// Ferguson, *Game Theory*, Part I (Impartial Combinatorial Games), section 3.4, Figure 3.4 "A
/// cyclic graph": e is terminal (value 0), d moves only to e (value 1), and a player at c will
/// not move to d, so play goes round a -> b -> c -> a forever: a, b and c are tied.
#[test]
fn fergusons_cyclic_graph() {
    let graph = "digraph(a>b, b>c, c>a, c>d, d>e; a, b, c, d, e)";
    let (values, _, _) = analyse(graph);
    assert_eq!(
        values,
        [
            infinite(&[]),
            infinite(&[]),
            infinite(&[1]),
            finite(1),
            finite(0)
        ]
    );
    let outcomes: Vec<&str> = values.iter().map(|v| v.outcome().letter()).collect();
    assert_eq!(outcomes, ["D", "D", "D", "N", "P"]);
}

/// Square-But-One (from "Combinatorial Game Theory V", Mathstrek, 2012, lesson 5): from a heap
/// of n remove a positive square, or add one token when n is positive and even. Published
/// analysis: 0 and 5 are losses for the player to move; the squares and the squares plus 5
/// are wins; every other heap is a draw.
#[test]
fn square_but_one() {
    let last = 101u64; // odd: every move from 0..=101 stays in 0..=101
    let mut edges = Vec::new();
    for n in 0..=last {
        for root in 1u64.. {
            if root * root > n {
                break;
            }
            edges.push(format!("h{n}>h{}", n - root * root));
        }
        if n > 0 && n % 2 == 0 {
            edges.push(format!("h{n}>h{}", n + 1));
        }
    }
    let tokens: Vec<String> = (0..=last).map(|n| format!("h{n}")).collect();
    let text = format!("digraph({}; {})", edges.join(", "), tokens.join(", "));
    let (values, _, _) = analyse(&text);
    let squares: Vec<u64> = (1..=10).map(|r| r * r).collect();
    for (n, value) in values.iter().enumerate() {
        let n = n as u64;
        let expected = if n == 0 || n == 5 {
            LoopyOutcome::PreviousWins
        } else if squares.contains(&n) || squares.iter().any(|&s| s + 5 == n) {
            LoopyOutcome::NextWins
        } else {
            LoopyOutcome::Draw
        };
        assert_eq!(value.outcome(), expected, "heap {n} has value {value}");
    }
}

#[test]
fn a_pure_cycle_is_a_draw() {
    for cycle in [
        "digraph(a>a; a)",
        "digraph(a>b, b>a; a)",
        "digraph(a>b, b>c, c>a; b)",
    ] {
        let (values, total, outcome) = analyse(cycle);
        assert_eq!(values[0], infinite(&[]), "{cycle}");
        assert_eq!(total.outcome(), LoopyOutcome::Draw, "{cycle}");
        assert_eq!(outcome, LoopyOutcome::Draw, "{cycle}");
    }
}

#[test]
fn infinity_plus_a_nimber_in_its_escapes_is_a_first_player_win() {
    // u escapes to x (value 1) and y (value 2), or enters the endless cycle a <-> b.
    let graph = "digraph(u>x, u>y, u>a, a>b, b>a, x>s, y>s, y>x; u)";
    let (values, _, _) = analyse(graph);
    assert_eq!(values[0], infinite(&[1, 2]));
    for (nimber, expected) in [
        (1, LoopyOutcome::NextWins),
        (2, LoopyOutcome::NextWins),
        (0, LoopyOutcome::Draw),
        (3, LoopyOutcome::Draw),
    ] {
        let text = format!("{graph} + nim({nimber})");
        let (_, total, outcome) = analyse(&text);
        assert_eq!(total.outcome(), expected, "{text}: value {total}");
        assert_eq!(outcome, expected, "{text}: retrograde");
    }
    // Two infinite values make a draw even when each alone is a win.
    let both = "digraph(u>x, u>y, u>a, a>b, b>a, x>s, y>s, y>x, v>s, v>c, c>d, d>c; u, v)";
    let (values, total, outcome) = analyse(both);
    assert_eq!(values[1], infinite(&[0]));
    assert_eq!(values[1].outcome(), LoopyOutcome::NextWins);
    assert_eq!(
        (total.outcome(), outcome),
        (LoopyOutcome::Draw, LoopyOutcome::Draw)
    );
}

fn any_graph() -> impl Strategy<Value = (usize, Vec<(usize, usize)>)> {
    (2..=7usize).prop_flat_map(|n| (Just(n), prop::collection::vec((0..n, 0..n), 0..=2 * n)))
}

fn graph_spec(n: usize, edges: &[(usize, usize)], tokens: &[usize]) -> String {
    let mut items: Vec<String> = edges.iter().map(|(a, b)| format!("v{a}>v{b}")).collect();
    items.extend((0..n).map(|v| format!("v{v}")));
    let tokens: Vec<String> = tokens.iter().map(|t| format!("v{t}")).collect();
    format!("digraph({}; {})", items.join(", "), tokens.join(", "))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// The value of a vertex u is pinned down by outcomes alone (Smith): u + *k is a loss for
    /// the player to move exactly when γ(u) = k, and for γ(u) = ∞(K) it is a win when k ∈ K and
    /// a draw otherwise. Each outcome comes from retrograde analysis of the sum.
    #[test]
    fn values_agree_with_outcomes_of_sums_with_nim((n, edges) in any_graph(), vertex in 0..7usize) {
        let vertex = vertex % n;
        let graph = graph_spec(n, &edges, &[vertex]);
        let (values, _, outcome) = analyse(&graph);
        let value = &values[0];
        prop_assert_eq!(value.outcome(), outcome, "{}", graph);
        for k in 0..=n as u64 {
            let text = format!("{graph} + nim({k})");
            let (_, total, outcome) = analyse(&text);
            let expected = match value {
                LoopyValue::Finite(v) if v.value() == k => LoopyOutcome::PreviousWins,
                LoopyValue::Finite(_) => LoopyOutcome::NextWins,
                LoopyValue::Infinite { escapes } if escapes.contains(&Nimber::new(k)) => {
                    LoopyOutcome::NextWins
                }
                LoopyValue::Infinite { .. } => LoopyOutcome::Draw,
            };
            prop_assert_eq!(outcome, expected, "{}: value {}", text, value);
            prop_assert_eq!(total.outcome(), expected, "{}", text);
        }
    }

    /// Two tokens on the same graph: Smith's sum rule agrees with retrograde analysis.
    #[test]
    fn sums_of_two_tokens((n, edges) in any_graph(), first in 0..7usize, second in 0..7usize) {
        let graph = graph_spec(n, &edges, &[first % n, second % n]);
        let (_, total, outcome) = analyse(&graph);
        prop_assert_eq!(total.outcome(), outcome, "{}: value {}", graph, total);
    }
}
