//! The game DAG of a sum: the positions reachable from it, equal positions merged, with each
//! position's value, the values of its options and a layer for drawing.
//!
//! Positions are found breadth-first from the start, so when the DAG is too big to draw the
//! positions nearest the start are kept and the rest are counted (exactly when the count fits
//! in a budget, otherwise as a lower bound). Two sums are the same position when they have the
//! same [`Sum::canonical_key`]. A game with cycles is a graph rather than a DAG: it is walked
//! the same way over whole positions, valued by generalised Sprague-Grundy values
//! ([`crate::loopy`]). In misère play each position gets its misère value instead (the mex
//! of its options' misère values, 1 at the end), from a search of whole positions
//! ([`crate::misere`]). This module draws nothing; [`crate::analysis::dag`] reports it.

use std::collections::{HashMap, HashSet, VecDeque};

use crate::error::{ErrorKind, Result};
use crate::loopy::{LoopySolver, LoopyValue};
use crate::misere::MisereSolver;
use crate::sum::Sum;
use crate::whole::{Play, Position};

/// How many more positions than drawn may be visited to count the ones left out.
const COUNT_FACTOR: usize = 16;

/// How many moves per drawn position may be listed, in all, to draw the DAG; as many again
/// may be listed to count the positions left out.
const MOVES_FACTOR: usize = 256;

/// One position of a [`GameDag`].
pub struct DagPosition {
    /// The position as spec text, as first met (with its components in key order when one
    /// such was met).
    pub spec: String,
    /// [`Sum::canonical_key`] of the position.
    pub key: String,
    /// Its value: the Grundy value (the mex of
    /// [`option_values`](DagPosition::option_values)), its generalised value in a game with
    /// cycles, or in misère play its misère value (the mex of `option_values`, 1 at the end).
    pub value: LoopyValue,
    /// The distinct values of its options (of every move, drawn or not), finite ones first in
    /// ascending order.
    pub option_values: Vec<LoopyValue>,
    /// Its number of moves, those that leave equal positions counted once (see
    /// [`Sum::moves`]).
    pub move_count: usize,
    /// Whether its moves were listed: false for positions met after the DAG's budget of moves
    /// ran out (their `option_values` are empty and `move_count` is 0).
    pub expanded: bool,
    /// Whether it was expanded and every option is in the DAG.
    pub complete: bool,
    /// The longest path from it to a position with no edges in the DAG, counting the positions
    /// of a cycle as one: 0 for the end of the game; for a complete DAG without cycles, the
    /// most moves the game can still last.
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
/// without their moves (`expanded` is false) and no more positions are added. A game with
/// cycles gets generalised values, within the sum's limits. In misère play the values are
/// misère values, each found by searching every position reachable from it (within the
/// sum's limits).
///
/// # Errors
/// A limit reached by a component's solver, including a position with too many moves to list;
/// a game with cycles whose moves split a component in parts; in misère play, a game with
/// cycles ([`ErrorKind::Cycle`]: misère play of such games is not analysed).
///
/// # Complexity
/// Lists the moves of every drawn position and of the positions visited for the count.
///
/// # Example
/// ```
/// use grundy::{dag, loopy::LoopyValue, spec, Nimber, Play};
/// // A Kayles row of 3: rows of 2 and 1, two single pins, the end.
/// let game = dag::explore(&spec::parse("kayles(3)")?, 100, Play::Normal)?;
/// let keys: Vec<&str> = game.positions.iter().map(|p| p.key.as_str()).collect();
/// assert_eq!(keys, ["kayles(3)", "kayles(2)", "kayles(1) + kayles(1)", "kayles(1)", "0"]);
/// assert_eq!(game.positions[0].value, LoopyValue::Finite(Nimber::new(3)));
/// assert_eq!(game.left_out, 0);
/// // A token moving between a and b for ever: both are worth ∞, a draw, on one layer.
/// let game = dag::explore(&spec::parse("digraph(a>b, b>a; a)")?, 100, Play::Normal)?;
/// let values: Vec<String> = game.positions.iter().map(|p| p.value.to_string()).collect();
/// assert_eq!(values, ["∞", "∞"]);
/// assert_eq!((game.positions[0].layer, game.edges.len()), (0, 2));
/// // Misère Kayles: the end is worth 1, so the single pin 0 (its mover must take it and
/// // lose), and two pins mex {0, 1} = 2.
/// let game = dag::explore(&spec::parse("kayles(2)")?, 100, Play::Misere)?;
/// let values: Vec<String> = game.positions.iter().map(|p| p.value.to_string()).collect();
/// assert_eq!(values, ["2", "0", "1"]);
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn explore(sum: &Sum, max_positions: usize, play: Play) -> Result<GameDag> {
    if play == Play::Misere {
        let mut misere = Ordinary {
            misere: Some(MisereSolver::new(sum, sum.limits())?),
        };
        return walk(&mut misere, sum.clone(), max_positions);
    }
    match walk(&mut Ordinary { misere: None }, sum.clone(), max_positions) {
        Err(error) if matches!(error.kind(), ErrorKind::Cycle { .. }) => {
            let mut loopy = Loopy {
                solver: LoopySolver::new(sum, sum.limits())?,
            };
            let start = loopy.solver.graph().position_of(sum)?;
            walk(&mut loopy, start, max_positions)
        }
        answer => answer,
    }
}

/// One move of a position, as a [`Walk`] lists it.
struct Step<N> {
    result: N,
    /// The value of the whole position after the move.
    value: LoopyValue,
    component: String,
    description: String,
}

/// What the breadth-first walk needs of a game: its positions' names and moves with values.
trait Walk {
    /// A position.
    type Node;
    /// The value of a position.
    fn value(&mut self, node: &Self::Node) -> Result<LoopyValue>;
    /// Every move with the value it leads to.
    fn moves(&mut self, node: &Self::Node) -> Result<Vec<Step<Self::Node>>>;
    /// Where every move leads, values aside (to count positions left out).
    fn results(&mut self, node: &Self::Node) -> Result<Vec<Self::Node>>;
    /// The components' spec texts, term by term.
    fn components(&mut self, node: &Self::Node) -> Vec<Vec<String>>;
    /// The position as spec text.
    fn spec(&mut self, node: &Self::Node) -> String;

    /// The name equal positions share: their components sorted (sums also take each
    /// component's representative, [`Sum::canonical_key`]).
    fn key(&mut self, node: &Self::Node) -> String {
        let mut parts = self.components(node).concat();
        parts.sort_by(|a, b| a.len().cmp(&b.len()).then_with(|| a.cmp(b)));
        joined(parts)
    }

    /// Whether the components appear in the order of `key`, so that the position reads well.
    fn in_key_order(&mut self, node: &Self::Node, key: &str) -> bool {
        joined(self.components(node).concat()) == key
    }
}

/// Spec texts joined by `+`; `0` for none.
fn joined(parts: Vec<String>) -> String {
    if parts.is_empty() {
        "0".to_string()
    } else {
        parts.join(" + ")
    }
}

/// Games without cycles: sums, valued by the Sprague-Grundy theorem, or in misère play by the
/// misère values a search of whole positions finds.
struct Ordinary {
    misere: Option<MisereSolver>,
}

impl Walk for Ordinary {
    type Node = Sum;

    fn value(&mut self, sum: &Sum) -> Result<LoopyValue> {
        let value = match &mut self.misere {
            None => sum.value()?,
            Some(solver) => {
                let state = solver.graph().state_of(sum)?;
                solver.genus(&state)?.misere_value()
            }
        };
        Ok(LoopyValue::Finite(value))
    }

    fn moves(&mut self, sum: &Sum) -> Result<Vec<Step<Sum>>> {
        let mut steps = Vec::new();
        for sum_move in sum.moves()? {
            let value = match self.misere {
                None => LoopyValue::Finite(sum_move.total_value),
                Some(_) => self.value(&sum_move.result)?,
            };
            steps.push(Step {
                result: sum_move.result,
                value,
                component: sum_move.from,
                description: sum_move.description,
            });
        }
        Ok(steps)
    }

    fn results(&mut self, sum: &Sum) -> Result<Vec<Sum>> {
        Ok(sum.moves()?.into_iter().map(|m| m.result).collect())
    }

    fn components(&mut self, sum: &Sum) -> Vec<Vec<String>> {
        sum.terms()
            .iter()
            .map(|term| (0..term.len()).map(|i| term.format_component(i)).collect())
            .collect()
    }

    fn spec(&mut self, sum: &Sum) -> String {
        sum.format()
    }

    fn key(&mut self, sum: &Sum) -> String {
        sum.canonical_key()
    }
}

/// Games with cycles: whole positions, valued by generalised Sprague-Grundy values.
struct Loopy {
    solver: LoopySolver,
}

impl Walk for Loopy {
    type Node = Position;

    fn value(&mut self, position: &Position) -> Result<LoopyValue> {
        let state = self.solver.graph().state(&position.terms)?;
        self.solver.value_of_state(&state)
    }

    fn moves(&mut self, position: &Position) -> Result<Vec<Step<Position>>> {
        let moves = self.solver.graph().position_moves(position)?;
        let mut steps = Vec::with_capacity(moves.len());
        for position_move in moves {
            steps.push(Step {
                value: self.value(&position_move.result)?,
                result: position_move.result,
                component: position_move.from,
                description: position_move.description,
            });
        }
        Ok(steps)
    }

    fn results(&mut self, position: &Position) -> Result<Vec<Position>> {
        let moves = self.solver.graph().position_moves(position)?;
        Ok(moves.into_iter().map(|m| m.result).collect())
    }

    fn components(&mut self, position: &Position) -> Vec<Vec<String>> {
        position
            .terms
            .iter()
            .enumerate()
            .map(|(term, ids)| {
                let table = self.solver.graph().table(term);
                ids.iter().map(|&id| table.format(&[id])).collect()
            })
            .collect()
    }

    fn spec(&mut self, position: &Position) -> String {
        self.solver.graph().format_position(position)
    }
}

/// Finite values first, ascending, then infinite ones by their escapes.
fn value_order(value: &LoopyValue) -> (bool, u64, Vec<u64>) {
    match value {
        LoopyValue::Finite(value) => (false, value.value(), Vec::new()),
        LoopyValue::Infinite { escapes } => (true, 0, escapes.iter().map(|k| k.value()).collect()),
    }
}

/// The breadth-first walk of [`explore`] over any [`Walk`].
fn walk<W: Walk>(game: &mut W, start: W::Node, max_positions: usize) -> Result<GameDag> {
    let max_positions = max_positions.max(1);
    let root_key = game.key(&start);
    let mut nodes = vec![start];
    let mut positions = vec![DagPosition {
        spec: game.spec(&nodes[0]),
        key: root_key.clone(),
        value: game.value(&nodes[0])?,
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
    let mut left_out_queue: VecDeque<W::Node> = VecDeque::new();

    // Breadth-first over drawn positions: `next` walks `positions` as a queue.
    let move_budget = max_positions.saturating_mul(MOVES_FACTOR);
    let mut moves_listed = 0;
    let mut next = 0;
    while next < positions.len() && moves_listed < move_budget {
        let moves = game.moves(&nodes[next])?;
        moves_listed += moves.len();
        let mut option_values: Vec<LoopyValue> = Vec::new();
        let mut targets: HashSet<usize> = HashSet::new();
        let mut complete = true;
        let move_count = moves.len();
        for step in moves {
            let key = game.key(&step.result);
            let target = match index_of.get(&key) {
                Some(&target) => {
                    if game.in_key_order(&step.result, &key)
                        && !game.in_key_order(&nodes[target], &key)
                    {
                        positions[target].spec = game.spec(&step.result);
                        nodes[target] = step.result;
                    }
                    target
                }
                None if positions.len() < max_positions && moves_listed < move_budget => {
                    let target = positions.len();
                    index_of.insert(key.clone(), target);
                    positions.push(DagPosition {
                        spec: game.spec(&step.result),
                        key,
                        value: step.value.clone(),
                        option_values: Vec::new(),
                        move_count: 0,
                        expanded: false,
                        complete: false,
                        layer: 0,
                        depth: positions[next].depth + 1,
                    });
                    nodes.push(step.result);
                    target
                }
                None => {
                    complete = false;
                    option_values.push(step.value);
                    if left_out.insert(key) {
                        left_out_queue.push_back(step.result);
                    }
                    continue;
                }
            };
            option_values.push(step.value);
            if targets.insert(target) {
                edges.push(DagEdge {
                    from: next,
                    to: target,
                    component: step.component,
                    description: step.description,
                });
            }
        }
        option_values.sort_by_key(value_order);
        option_values.dedup();
        let position = &mut positions[next];
        position.option_values = option_values;
        position.move_count = move_count;
        position.expanded = true;
        position.complete = complete;
        next += 1;
    }

    let left_out_exact = count_left_out(
        game,
        &index_of,
        &mut left_out,
        left_out_queue,
        max_positions.saturating_mul(COUNT_FACTOR),
        move_budget,
    )?;
    assign_layers(&mut positions, &edges);
    edges.sort_by_key(|edge| (edge.from, edge.to));
    Ok(GameDag {
        positions,
        edges,
        left_out: left_out.len(),
        left_out_exact,
    })
}

/// Visits the positions left out, breadth-first, to count them; returns whether every one was
/// found within the budgets.
fn count_left_out<W: Walk>(
    game: &mut W,
    drawn: &HashMap<String, usize>,
    left_out: &mut HashSet<String>,
    mut queue: VecDeque<W::Node>,
    max_visits: usize,
    max_moves: usize,
) -> Result<bool> {
    let mut visits = 0;
    let mut moves_listed = 0;
    while let Some(node) = queue.pop_front() {
        if visits >= max_visits || moves_listed >= max_moves {
            return Ok(false);
        }
        visits += 1;
        let results = game.results(&node)?;
        moves_listed += results.len();
        for result in results {
            let key = game.key(&result);
            if !drawn.contains_key(&key) && left_out.insert(key) {
                queue.push_back(result);
            }
        }
    }
    Ok(true)
}

/// Sets each position's layer: the longest path to a position with no edges, where the
/// positions of a cycle (a strongly connected component) share one layer. Tarjan's algorithm
/// lists the components with every component after those it has edges to, so one pass in that
/// order suffices.
fn assign_layers(positions: &mut [DagPosition], edges: &[DagEdge]) {
    let mut graph = petgraph::Graph::<(), ()>::with_capacity(positions.len(), edges.len());
    let nodes: Vec<_> = positions.iter().map(|_| graph.add_node(())).collect();
    for edge in edges {
        graph.add_edge(nodes[edge.from], nodes[edge.to], ());
    }
    let mut component_of = vec![0; positions.len()];
    let components = petgraph::algo::tarjan_scc(&graph);
    for (component, members) in components.iter().enumerate() {
        for node in members {
            component_of[node.index()] = component;
        }
    }
    let mut layer_of = vec![0; components.len()];
    for (component, members) in components.iter().enumerate() {
        let below = members
            .iter()
            .flat_map(|&node| graph.neighbors(node))
            .map(|next| component_of[next.index()])
            .filter(|&next| next != component)
            .map(|next| layer_of[next] + 1)
            .max()
            .unwrap_or(0);
        layer_of[component] = below;
        for node in members {
            positions[node.index()].layer = below;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nimber::{mex, Nimber};
    use crate::spec;
    use crate::Limits;

    #[test]
    fn values_are_the_mex_of_option_values() {
        for text in [
            "kayles(6)",
            "nim(3,4,5)",
            "sub{1,2,4}(8) + sub{1,3}(5)",
            "wythoff(3,4)",
        ] {
            let game = explore(&spec::parse(text).unwrap(), 1000, Play::Normal).unwrap();
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
            let game = explore(&spec::parse(text).unwrap(), 1000, Play::Misere).unwrap();
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
                assert_eq!(report.value, Some(expected.value()), "{}", position.spec);
            }
        }
        let loopy = spec::parse("digraph(a>b, b>a; a)").unwrap();
        let error = explore(&loopy, 100, Play::Misere).err().unwrap();
        assert!(matches!(error.kind(), ErrorKind::Cycle { .. }), "{error}");
    }

    #[test]
    fn every_edge_goes_down_a_layer_and_ends_are_layer_zero() {
        let game = explore(
            &spec::parse("kayles(7) + nim(2)").unwrap(),
            1000,
            Play::Normal,
        )
        .unwrap();
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
        let game = explore(&spec::parse("kayles(5)").unwrap(), 1000, Play::Normal).unwrap();
        let keys: HashSet<&str> = game.positions.iter().map(|p| p.key.as_str()).collect();
        assert_eq!(keys.len(), game.positions.len());
        let shown: Vec<&str> = game.positions.iter().map(|p| p.spec.as_str()).collect();
        assert!(shown.contains(&"kayles(1,3)"), "{shown:?}");
        assert!(!shown.contains(&"kayles(3,1)"), "{shown:?}");
    }

    #[test]
    fn symmetric_positions_are_merged_as_their_representative() {
        // Wythoff (1,0) and (0,1) are one position: the ruleset's canonical form is the key.
        let game = explore(&spec::parse("wythoff(1,2)").unwrap(), 100, Play::Normal).unwrap();
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
        let game = explore(
            &spec::parse("cram(2x3) + cram(3x2)").unwrap(),
            100_000,
            Play::Normal,
        )
        .unwrap();
        let root = &game.positions[0];
        assert_eq!(root.key, "cram(2x3) + cram(2x3)", "{}", root.spec);
    }

    /// Issue 15: a game with cycles is drawn as a graph, each cycle on one layer.
    #[test]
    fn cycles_share_a_layer() {
        // d -> a, a <-> b, b -> c: c is the end, a and b a cycle above it, d above them.
        let game = explore(
            &spec::parse("digraph(a>b, b>a, b>c, d>a; d)").unwrap(),
            100,
            Play::Normal,
        )
        .unwrap();
        let layers: Vec<(&str, usize)> = game
            .positions
            .iter()
            .map(|p| (&p.spec[p.spec.len() - 2..p.spec.len() - 1], p.layer))
            .collect();
        assert_eq!(layers, [("d", 2), ("a", 1), ("b", 1), ("c", 0)]);
        let cut = explore(
            &spec::parse("digraph(a>b, b>a, b>c, d>a; d)").unwrap(),
            2,
            Play::Normal,
        )
        .unwrap();
        assert_eq!(
            (cut.positions.len(), cut.left_out, cut.left_out_exact),
            (2, 2, true)
        );
    }

    #[test]
    fn big_dags_are_cut_and_the_rest_counted() {
        let whole = explore(&spec::parse("nim(3,4,5)").unwrap(), 10_000, Play::Normal).unwrap();
        let cut = explore(&spec::parse("nim(3,4,5)").unwrap(), 20, Play::Normal).unwrap();
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
        let huge = explore(&spec::parse("nim(40,40,40,40)").unwrap(), 5, Play::Normal).unwrap();
        assert!(!huge.left_out_exact);
        assert!(huge.left_out >= 5 * COUNT_FACTOR - 5);
    }

    #[test]
    fn the_move_budget_stops_drawing() {
        // Each position has about 1000 moves: the budget of 256 per drawn position runs out
        // after about 13 of the 50 drawn positions are expanded.
        let game = explore(
            &spec::parse("nim(250,251,252,253)").unwrap(),
            50,
            Play::Normal,
        )
        .unwrap();
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
