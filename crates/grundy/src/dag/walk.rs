//! The breadth-first walk of [`explore`](super::explore) over any [`Walk`]: the positions
//! nearest the start drawn, within budgets of positions and moves, and the rest counted.

use std::collections::{HashMap, HashSet, VecDeque};

use super::games::Walk;
use super::layers::assign_layers;
use super::{DagEdge, DagPosition, GameDag};
use crate::error::Result;
use crate::loopy::LoopyValue;

/// How many more positions than drawn may be visited to count the ones left out.
pub(super) const COUNT_FACTOR: usize = 16;

/// How many moves per drawn position may be listed, in all, to draw the DAG; as many again
/// may be listed to count the positions left out.
const MOVES_FACTOR: usize = 256;

/// A position as first met, `depth` moves from the start, its moves not listed yet.
fn met(spec: String, key: String, value: LoopyValue, depth: usize) -> DagPosition {
    DagPosition {
        spec,
        key,
        value,
        option_values: Vec::new(),
        move_count: 0,
        expanded: false,
        complete: false,
        layer: 0,
        depth,
    }
}

/// Finite values first, ascending, then infinite ones by their escapes.
fn value_order(value: &LoopyValue) -> (bool, u64, Vec<u64>) {
    match value {
        LoopyValue::Finite(value) => (false, value.value(), Vec::new()),
        LoopyValue::Infinite { escapes } => (true, 0, escapes.iter().map(|k| k.value()).collect()),
    }
}

/// The breadth-first walk of [`explore`](super::explore) over any [`Walk`].
pub(super) fn walk<W: Walk>(game: &mut W, start: W::Node, max_positions: usize) -> Result<GameDag> {
    let max_positions = max_positions.max(1);
    let root_key = game.key(&start);
    let mut nodes = vec![start];
    let mut positions = vec![met(
        game.spec(&nodes[0]),
        root_key.clone(),
        game.value(&nodes[0])?,
        0,
    )];
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
                    let depth = positions[next].depth + 1;
                    let spec = game.spec(&step.result);
                    positions.push(met(spec, key, step.value.clone(), depth));
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
