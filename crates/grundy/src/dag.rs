//! The game DAG of a sum: the positions reachable from it, equal positions merged, with each
//! position's value, the values of its options and a layer for drawing.
//!
//! Positions are found breadth-first from the start, so when the DAG is too big to draw the
//! positions nearest the start are kept and the rest are counted (exactly when the count fits
//! in a budget, otherwise as a lower bound). Two sums are the same position when they have the
//! same [`Sum::canonical_key`]. This module draws nothing; [`crate::analysis::dag`] reports it.

use std::collections::{HashMap, HashSet, VecDeque};

use crate::error::Result;
use crate::nimber::Nimber;
use crate::sum::Sum;

/// How many more positions than drawn may be visited to count the ones left out.
const COUNT_FACTOR: usize = 16;

/// How many moves per drawn position may be listed, in all, to draw the DAG; as many again
/// may be listed to count the positions left out.
const MOVES_FACTOR: usize = 256;

/// One position of a [`GameDag`].
pub struct DagPosition {
    /// The position as first met (a sum whose components are in key order when one such was
    /// met).
    pub sum: Sum,
    /// [`Sum::canonical_key`] of the position.
    pub key: String,
    /// Its Grundy value: the mex of [`option_values`](DagPosition::option_values).
    pub value: Nimber,
    /// The distinct values of its options (of every move, drawn or not), ascending.
    pub option_values: Vec<Nimber>,
    /// Its number of moves before equal results are merged.
    pub move_count: usize,
    /// Whether its moves were listed: false for positions met after the DAG's budget of moves
    /// ran out (their `option_values` are empty and `move_count` is 0).
    pub expanded: bool,
    /// Whether it was expanded and every option is in the DAG.
    pub complete: bool,
    /// The longest path from it to a position with no edges in the DAG: 0 for the end of the
    /// game; for a complete DAG, the most moves the game can still last.
    pub layer: usize,
    /// The fewest moves from the start to it.
    pub depth: usize,
}

/// One move between positions of a [`GameDag`]; several moves with equal results are one edge.
pub struct DagEdge {
    /// Index of the position moved from.
    pub from: usize,
    /// Index of the position moved to.
    pub to: usize,
    /// The component moved in, as spec text.
    pub component: String,
    /// The (first) move in words.
    pub description: String,
}

/// The positions reachable from a sum, equal ones merged, at most a given number of them.
pub struct GameDag {
    /// The positions, start first, then in breadth-first order.
    pub positions: Vec<DagPosition>,
    /// The edges between drawn positions, ordered by the position they leave.
    pub edges: Vec<DagEdge>,
    /// Reachable positions that are not in the DAG.
    pub left_out: usize,
    /// Whether `left_out` is exact; otherwise it is a lower bound (the count was cut short).
    pub left_out_exact: bool,
}

/// Every position reachable from `sum`, up to `max_positions` of them (at least the start).
///
/// Positions beyond the limit are left out and counted; the count visits at most
/// `16 * max_positions` more positions and lists at most `256 * max_positions` moves, and is
/// reported as a lower bound when it stops early. Drawing lists at most about
/// `256 * max_positions` moves too: positions still waiting when that runs out are drawn
/// without their moves (`expanded` is false) and no more positions are added.
///
/// # Errors
/// A cycle or a limit reached by a component's solver, including a position with too many
/// moves to list.
///
/// # Complexity
/// Lists the moves of every drawn position and of the positions visited for the count.
///
/// # Example
/// ```
/// use grundy::{dag, spec, Nimber};
/// // A Kayles row of 3: rows of 2 and 1, two single pins, the end.
/// let game = dag::explore(&spec::parse("kayles(3)")?, 100)?;
/// let keys: Vec<&str> = game.positions.iter().map(|p| p.key.as_str()).collect();
/// assert_eq!(keys, ["kayles(3)", "kayles(2)", "kayles(1) + kayles(1)", "kayles(1)", "0"]);
/// assert_eq!(game.positions[0].value, Nimber::new(3));
/// assert_eq!(game.left_out, 0);
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn explore(sum: &Sum, max_positions: usize) -> Result<GameDag> {
    let max_positions = max_positions.max(1);
    let root_key = sum.canonical_key();
    let mut positions = vec![DagPosition {
        sum: sum.clone(),
        key: root_key.clone(),
        value: sum.value()?,
        option_values: Vec::new(),
        move_count: 0,
        expanded: false,
        complete: false,
        layer: 0,
        depth: 0,
    }];
    let mut index_of: HashMap<String, usize> = HashMap::from([(root_key, 0)]);
    let mut edges = Vec::new();
    let mut left_out: HashSet<String> = HashSet::new();
    let mut left_out_queue: VecDeque<Sum> = VecDeque::new();

    // Breadth-first over drawn positions: `next` walks `positions` as a queue.
    let move_budget = max_positions.saturating_mul(MOVES_FACTOR);
    let mut moves_listed = 0;
    let mut next = 0;
    while next < positions.len() && moves_listed < move_budget {
        let moves = positions[next].sum.moves()?;
        moves_listed += moves.len();
        let mut option_values: Vec<Nimber> = Vec::new();
        let mut targets: HashSet<usize> = HashSet::new();
        let mut complete = true;
        let move_count = moves.len();
        for sum_move in moves {
            option_values.push(sum_move.total_value);
            let key = sum_move.result.canonical_key();
            let target = match index_of.get(&key) {
                Some(&target) => {
                    let in_order = is_in_key_order(&sum_move.result, &key);
                    if in_order && !is_in_key_order(&positions[target].sum, &key) {
                        positions[target].sum = sum_move.result;
                    }
                    target
                }
                None if positions.len() < max_positions && moves_listed < move_budget => {
                    let target = positions.len();
                    index_of.insert(key.clone(), target);
                    positions.push(DagPosition {
                        sum: sum_move.result,
                        key,
                        value: sum_move.total_value,
                        option_values: Vec::new(),
                        move_count: 0,
                        expanded: false,
                        complete: false,
                        layer: 0,
                        depth: positions[next].depth + 1,
                    });
                    target
                }
                None => {
                    complete = false;
                    if left_out.insert(key) {
                        left_out_queue.push_back(sum_move.result);
                    }
                    continue;
                }
            };
            if targets.insert(target) {
                edges.push(DagEdge {
                    from: next,
                    to: target,
                    component: sum_move.from,
                    description: sum_move.description,
                });
            }
        }
        option_values.sort_unstable();
        option_values.dedup();
        let position = &mut positions[next];
        position.option_values = option_values;
        position.move_count = move_count;
        position.expanded = true;
        position.complete = complete;
        next += 1;
    }

    let left_out_exact = count_left_out(
        &index_of,
        &mut left_out,
        left_out_queue,
        max_positions.saturating_mul(COUNT_FACTOR),
        move_budget,
    )?;
    assign_layers(&mut positions, &edges);
    Ok(GameDag {
        positions,
        edges,
        left_out: left_out.len(),
        left_out_exact,
    }
    .sorted_edges())
}

impl GameDag {
    fn sorted_edges(mut self) -> GameDag {
        self.edges.sort_by_key(|edge| (edge.from, edge.to));
        self
    }
}

/// Whether the components of `sum` appear in the order of its key, so that it reads well.
fn is_in_key_order(sum: &Sum, key: &str) -> bool {
    let listed: Vec<String> = sum
        .components()
        .into_iter()
        .map(|(term, index)| sum.terms()[term].format_component(index))
        .collect();
    listed.join(" + ") == key || (listed.is_empty() && key == "0")
}

/// Visits the positions left out, breadth-first, to count them; returns whether every one was
/// found within the budgets.
fn count_left_out(
    drawn: &HashMap<String, usize>,
    left_out: &mut HashSet<String>,
    mut queue: VecDeque<Sum>,
    max_visits: usize,
    max_moves: usize,
) -> Result<bool> {
    let mut visits = 0;
    let mut moves_listed = 0;
    while let Some(sum) = queue.pop_front() {
        if visits >= max_visits || moves_listed >= max_moves {
            return Ok(false);
        }
        visits += 1;
        let moves = sum.moves()?;
        moves_listed += moves.len();
        for sum_move in moves {
            let key = sum_move.result.canonical_key();
            if !drawn.contains_key(&key) && left_out.insert(key) {
                queue.push_back(sum_move.result);
            }
        }
    }
    Ok(true)
}

/// Sets each position's layer: the longest path to a position with no edges, computed from
/// the ends backwards (Kahn's algorithm on the reversed edges).
fn assign_layers(positions: &mut [DagPosition], edges: &[DagEdge]) {
    let mut out_degree = vec![0usize; positions.len()];
    let mut parents: Vec<Vec<usize>> = vec![Vec::new(); positions.len()];
    for edge in edges {
        out_degree[edge.from] += 1;
        parents[edge.to].push(edge.from);
    }
    let mut ready: VecDeque<usize> = (0..positions.len())
        .filter(|&index| out_degree[index] == 0)
        .collect();
    while let Some(index) = ready.pop_front() {
        let layer = positions[index].layer;
        for &parent in &parents[index] {
            positions[parent].layer = positions[parent].layer.max(layer + 1);
            out_degree[parent] -= 1;
            if out_degree[parent] == 0 {
                ready.push_back(parent);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nimber::mex;
    use crate::spec;

    #[test]
    fn values_are_the_mex_of_option_values() {
        for text in [
            "kayles(6)",
            "nim(3,4,5)",
            "sub{1,2,4}(8) + sub{1,3}(5)",
            "wythoff(3,4)",
        ] {
            let game = explore(&spec::parse(text).unwrap(), 1000).unwrap();
            assert_eq!(game.left_out, 0, "{text}");
            for position in &game.positions {
                assert_eq!(
                    mex(position.option_values.iter().copied()),
                    position.value,
                    "{text}: {}",
                    position.key
                );
                assert_eq!(position.sum.value(), Ok(position.value));
            }
        }
    }

    #[test]
    fn every_edge_goes_down_a_layer_and_ends_are_layer_zero() {
        let game = explore(&spec::parse("kayles(7) + nim(2)").unwrap(), 1000).unwrap();
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
        let game = explore(&spec::parse("kayles(5)").unwrap(), 1000).unwrap();
        let keys: HashSet<&str> = game.positions.iter().map(|p| p.key.as_str()).collect();
        assert_eq!(keys.len(), game.positions.len());
        let shown: Vec<String> = game.positions.iter().map(|p| p.sum.format()).collect();
        assert!(shown.contains(&"kayles(1,3)".to_string()), "{shown:?}");
        assert!(!shown.contains(&"kayles(3,1)".to_string()), "{shown:?}");
    }

    #[test]
    fn big_dags_are_cut_and_the_rest_counted() {
        let whole = explore(&spec::parse("nim(3,4,5)").unwrap(), 10_000).unwrap();
        let cut = explore(&spec::parse("nim(3,4,5)").unwrap(), 20).unwrap();
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
        let huge = explore(&spec::parse("nim(40,40,40,40)").unwrap(), 5).unwrap();
        assert!(!huge.left_out_exact);
        assert!(huge.left_out >= 5 * COUNT_FACTOR - 5);
    }

    #[test]
    fn the_move_budget_stops_drawing() {
        // Each position has about 1000 moves: the budget of 256 per drawn position runs out
        // after about 13 of the 50 drawn positions are expanded.
        let game = explore(&spec::parse("nim(250,251,252,253)").unwrap(), 50).unwrap();
        assert_eq!(game.positions.len(), 50);
        let expanded = game.positions.iter().filter(|p| p.expanded).count();
        assert!((1..50).contains(&expanded), "{expanded}");
        for position in game.positions.iter().filter(|p| !p.expanded) {
            assert!(position.option_values.is_empty() && !position.complete);
            assert_eq!(position.layer, 0);
        }
        assert!(game.left_out > 0);
    }
}
