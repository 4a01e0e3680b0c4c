//! Games with cycles: the generalised Sprague-Grundy function of Smith and Fraenkel.
//!
//! When positions can repeat, play may go on forever, which counts as a draw, and the mex
//! recursion has no bottom. C. A. B. Smith (1966) found the right generalisation, and
//! A. S. Fraenkel and Y. Yesha (1986) an efficient algorithm: every position gets a value
//! `γ` that is either a natural number or `∞(K)`, where `K` is the set of finite values among
//! its moves (the *escapes*). A position with finite value `γ` has moves to every smaller value
//! and none to `γ`, and every move to a larger or infinite value can be answered by a move back
//! to value `γ` (the *reversal*). Then
//! - `γ = 0`: the previous player wins (P); `γ > 0`: the player to move wins (N);
//! - `γ = ∞(K)`: the player to move wins when `0 ∈ K`, else the game is drawn (D);
//! - a sum adds like Nim while every value is finite; `∞(K) + a = ∞(K ⊕ a)` for finite `a`
//!   (so it is a first-player win exactly when `a ∈ K`); two or more infinite values make a
//!   draw (Smith, 1966).
//!
//! [`generalized_values`] computes `γ` on any finite digraph. [`LoopySolver`] applies it to the
//! components of a sum, explored through their [`crate::table::PositionTable`]s: each move of
//! a component must leave at most one part, as moves on a graph do.

use std::collections::HashMap;
use std::fmt;

use crate::error::{Error, Limit, Result};
use crate::game::{Limits, Outcome};
use crate::nimber::Nimber;
use crate::sum::Sum;
use crate::whole::{Component, State, SumGraph};

/// Who wins a game that may never end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LoopyOutcome {
    /// The player to move wins (an N-position).
    NextWins,
    /// The player who just moved wins (a P-position).
    PreviousWins,
    /// Neither player can force a win; best play goes on forever (a D-position).
    Draw,
}

impl From<Outcome> for LoopyOutcome {
    /// The outcome of a game without draws.
    fn from(outcome: Outcome) -> LoopyOutcome {
        match outcome {
            Outcome::NextWins => LoopyOutcome::NextWins,
            Outcome::PreviousWins => LoopyOutcome::PreviousWins,
        }
    }
}

impl LoopyOutcome {
    /// `"N"`, `"P"` or `"D"`.
    pub fn letter(self) -> &'static str {
        match self {
            LoopyOutcome::NextWins => "N",
            LoopyOutcome::PreviousWins => "P",
            LoopyOutcome::Draw => "D",
        }
    }
}

/// A value of the generalised Sprague-Grundy function: a nimber, or `∞(K)`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum LoopyValue {
    /// An ordinary value: the position behaves like a Nim heap of this size.
    Finite(Nimber),
    /// `∞(K)`: `escapes` is `K`, the finite values of the moves, sorted and without repeats.
    Infinite {
        /// The finite values among the position's moves.
        escapes: Vec<Nimber>,
    },
}

impl LoopyValue {
    /// `∞(K)` with the escapes `escapes` (in any order; repeats are dropped).
    pub fn infinite(mut escapes: Vec<Nimber>) -> LoopyValue {
        escapes.sort_unstable();
        escapes.dedup();
        LoopyValue::Infinite { escapes }
    }

    /// Who wins from a single position of this value.
    ///
    /// # Example
    /// ```
    /// use grundy::loopy::{LoopyOutcome, LoopyValue};
    /// use grundy::Nimber;
    /// assert_eq!(LoopyValue::Finite(Nimber::ZERO).outcome(), LoopyOutcome::PreviousWins);
    /// assert_eq!(LoopyValue::infinite(vec![Nimber::ZERO]).outcome(), LoopyOutcome::NextWins);
    /// assert_eq!(LoopyValue::infinite(vec![Nimber::ONE]).outcome(), LoopyOutcome::Draw);
    /// ```
    pub fn outcome(&self) -> LoopyOutcome {
        match self {
            LoopyValue::Finite(value) if *value == Nimber::ZERO => LoopyOutcome::PreviousWins,
            LoopyValue::Finite(_) => LoopyOutcome::NextWins,
            LoopyValue::Infinite { escapes } if escapes.contains(&Nimber::ZERO) => {
                LoopyOutcome::NextWins
            }
            LoopyValue::Infinite { .. } => LoopyOutcome::Draw,
        }
    }

    /// The finite value, if any.
    pub fn finite(&self) -> Option<Nimber> {
        match self {
            LoopyValue::Finite(value) => Some(*value),
            LoopyValue::Infinite { .. } => None,
        }
    }

    /// The value of the sum of games with these values (Smith, 1966): the nim-sum while all are
    /// finite; `∞(K ⊕ a)` with one infinite value `∞(K)` and the others adding to `a`; `∞()`
    /// (a draw) with two or more infinite values, since every move leaves one of them.
    ///
    /// # Example
    /// ```
    /// use grundy::loopy::{LoopyOutcome, LoopyValue};
    /// use grundy::Nimber;
    /// let loop_out_to_1 = LoopyValue::infinite(vec![Nimber::new(1), Nimber::new(3)]);
    /// let sum = LoopyValue::sum([loop_out_to_1, LoopyValue::Finite(Nimber::new(1))]);
    /// assert_eq!(sum, LoopyValue::infinite(vec![Nimber::ZERO, Nimber::new(2)]));
    /// assert_eq!(sum.outcome(), LoopyOutcome::NextWins); // move the loopy part to *1
    /// ```
    pub fn sum<I: IntoIterator<Item = LoopyValue>>(values: I) -> LoopyValue {
        let mut finite = Nimber::ZERO;
        let mut infinite: Option<Vec<Nimber>> = None;
        let mut infinite_count = 0;
        for value in values {
            match value {
                LoopyValue::Finite(value) => finite += value,
                LoopyValue::Infinite { escapes } => {
                    infinite_count += 1;
                    infinite = Some(escapes);
                }
            }
        }
        match (infinite_count, infinite) {
            (0, _) | (_, None) => LoopyValue::Finite(finite),
            (1, Some(escapes)) => {
                LoopyValue::infinite(escapes.into_iter().map(|k| k + finite).collect())
            }
            _ => LoopyValue::infinite(Vec::new()),
        }
    }
}

impl fmt::Display for LoopyValue {
    /// `3`, `∞(0,2)`, or `∞` when there are no escapes.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoopyValue::Finite(value) => write!(f, "{value}"),
            LoopyValue::Infinite { escapes } if escapes.is_empty() => f.write_str("∞"),
            LoopyValue::Infinite { escapes } => {
                let escapes: Vec<String> = escapes.iter().map(Nimber::to_string).collect();
                write!(f, "∞({})", escapes.join(","))
            }
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Label {
    Unlabelled,
    Finite(u64),
    Infinite,
}

/// The generalised Sprague-Grundy function of the finite digraph whose vertex `v` has an edge
/// to each vertex in `successors[v]`, by the algorithm of Fraenkel and Yesha (1986).
///
/// Round `m = 0, 1, 2, ...`: while some unlabelled vertex `u` has no follower labelled `m`, and
/// every follower of `u` that is unlabelled or labelled `∞` has a follower labelled `m`, label
/// `u` with `m`. Then label `∞` every unlabelled vertex without a follower labelled `m`. The
/// order in which vertices are labelled `m` is Smith's counter: it makes every reversal
/// progress, so that the winner of a finite-valued position really wins.
///
/// # Errors
/// [`Limit::Work`] when the rounds examine more than `max_work` edges in total; an edge to a
/// vertex that does not exist.
///
/// # Complexity
/// O(E) per round, one round per distinct finite value plus one.
///
/// # Example
/// ```
/// use grundy::loopy::{generalized_values, LoopyValue};
/// use grundy::Nimber;
/// // a -> b -> c -> a, c -> d -> e: e = 0, d = 1, and a, b, c loop forever (c escapes to 1).
/// let graph = vec![vec![1], vec![2], vec![0, 3], vec![4], vec![]];
/// let values = generalized_values(&graph, u64::MAX)?;
/// assert_eq!(values[4], LoopyValue::Finite(Nimber::ZERO));
/// assert_eq!(values[3], LoopyValue::Finite(Nimber::ONE));
/// assert_eq!(values[2], LoopyValue::infinite(vec![Nimber::ONE]));
/// assert_eq!(values[0], LoopyValue::infinite(vec![]));
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn generalized_values(successors: &[Vec<u32>], max_work: u64) -> Result<Vec<LoopyValue>> {
    let n = successors.len();
    let mut predecessors: Vec<Vec<u32>> = vec![Vec::new(); n];
    for (from, targets) in successors.iter().enumerate() {
        for &to in targets {
            let list = predecessors.get_mut(to as usize).ok_or_else(|| {
                Error::invalid_rule(format!("an edge leads to vertex {to}, of {n}"))
            })?;
            list.push(from as u32);
        }
    }
    let mut work: u64 = 0;
    let mut charge = |amount: usize| -> Result<()> {
        work = work.saturating_add(amount as u64);
        if work > max_work {
            return Err(Error::limit(Limit::Work, max_work));
        }
        Ok(())
    };
    let mut label = vec![Label::Unlabelled; n];
    let mut unlabelled: Vec<u32> = (0..n as u32).collect();
    let mut has_m = vec![false; n];
    let mut reversible = vec![false; n];
    let mut made_reversible: Vec<u32> = Vec::new();
    let mut bad = vec![0u32; n];
    let mut queue: Vec<u32> = Vec::new();
    let mut round: u64 = 0;
    while !unlabelled.is_empty() {
        // Round `round`: nothing carries `round` yet.
        for &u in &unlabelled {
            let u = u as usize;
            has_m[u] = false;
            charge(successors[u].len() + 1)?;
            bad[u] = successors[u]
                .iter()
                .filter(|&&w| matches!(label[w as usize], Label::Unlabelled | Label::Infinite))
                .count() as u32;
        }
        for v in made_reversible.drain(..) {
            reversible[v as usize] = false;
        }
        queue.extend(unlabelled.iter().copied().filter(|&u| bad[u as usize] == 0));
        while let Some(u) = queue.pop() {
            let u = u as usize;
            if label[u] != Label::Unlabelled || has_m[u] || bad[u] != 0 {
                continue;
            }
            label[u] = Label::Finite(round);
            charge(predecessors[u].len() + 1)?;
            for &p in &predecessors[u] {
                let p = p as usize;
                if label[p] == Label::Unlabelled {
                    has_m[p] = true;
                }
                let counts = matches!(label[p], Label::Unlabelled | Label::Infinite);
                if counts && !reversible[p] {
                    // p can now be answered by a move back to `round`.
                    reversible[p] = true;
                    made_reversible.push(p as u32);
                    charge(predecessors[p].len())?;
                    for &q in &predecessors[p] {
                        let q = q as usize;
                        if label[q] == Label::Unlabelled {
                            bad[q] -= 1;
                            if bad[q] == 0 && !has_m[q] {
                                queue.push(q as u32);
                            }
                        }
                    }
                }
            }
        }
        for &u in &unlabelled {
            let u = u as usize;
            if label[u] == Label::Unlabelled && !has_m[u] {
                label[u] = Label::Infinite;
            }
        }
        unlabelled.retain(|&u| label[u as usize] == Label::Unlabelled);
        round += 1;
    }
    Ok((0..n)
        .map(|u| match label[u] {
            Label::Finite(value) => LoopyValue::Finite(Nimber::new(value)),
            _ => LoopyValue::infinite(
                successors[u]
                    .iter()
                    .filter_map(|&w| match label[w as usize] {
                        Label::Finite(value) => Some(Nimber::new(value)),
                        _ => None,
                    })
                    .collect(),
            ),
        })
        .collect())
}

/// Generalised Sprague-Grundy values of the components of a sum, and of the sum by Smith's
/// rule.
///
/// # Example
/// ```
/// use grundy::{loopy::{LoopyOutcome, LoopySolver}, spec, Limits};
/// // A token on a 2-cycle can never stop: a draw.
/// let sum = spec::parse("digraph(a>b, b>a; a)")?;
/// let mut solver = LoopySolver::new(&sum, Limits::default())?;
/// let state = solver.graph().state_of(&sum)?;
/// assert_eq!(solver.value_of_state(&state)?.outcome(), LoopyOutcome::Draw);
/// # Ok::<(), grundy::Error>(())
/// ```
pub struct LoopySolver {
    graph: SumGraph,
    values: HashMap<Component, LoopyValue>,
}

impl LoopySolver {
    /// A solver for `sum` and the sums its moves lead to.
    ///
    /// # Errors
    /// A term that cannot be searched as a whole.
    pub fn new(sum: &Sum, limits: Limits) -> Result<LoopySolver> {
        Ok(LoopySolver {
            graph: SumGraph::new(sum, limits)?,
            values: HashMap::new(),
        })
    }

    /// The graph of states.
    pub fn graph(&mut self) -> &mut SumGraph {
        &mut self.graph
    }

    /// The value of one live component (a finished one is worth 0 and never asked for).
    ///
    /// # Errors
    /// A move that splits the component into two or more parts (generalised values of such
    /// games need the whole sum); a limit reached while exploring.
    pub fn value(&mut self, component: Component) -> Result<LoopyValue> {
        if let Some(known) = self.values.get(&component) {
            return Ok(known.clone());
        }
        // Explore everything reachable from the component; vertex 0 is the finished game.
        let limits = self.graph.limits();
        let mut index: HashMap<Component, u32> = HashMap::new();
        let mut vertices: Vec<Component> = vec![0];
        let mut successors: Vec<Vec<u32>> = vec![Vec::new()];
        index.insert(component, 1);
        vertices.push(component);
        successors.push(Vec::new());
        let mut next = 1;
        while next < vertices.len() {
            let from = vertices[next];
            let moves = self.graph.component_moves(from)?;
            let mut targets = Vec::with_capacity(moves.len());
            for parts in moves.iter() {
                let target = match parts.as_slice() {
                    [] => 0,
                    [part] => match index.get(part) {
                        Some(&known) => known,
                        None => {
                            if vertices.len() as u64 >= limits.max_positions {
                                return Err(Error::limit(Limit::Positions, limits.max_positions));
                            }
                            let id = vertices.len() as u32;
                            index.insert(*part, id);
                            vertices.push(*part);
                            successors.push(Vec::new());
                            id
                        }
                    },
                    _ => {
                        return Err(Error::invalid_rule(format!(
                            "{} has a move that splits it into {} parts; generalised \
                             Sprague-Grundy values need moves that leave one part",
                            self.graph.format(&[from]),
                            parts.len()
                        )))
                    }
                };
                targets.push(target);
            }
            successors[next] = targets;
            next += 1;
        }
        self.graph
            .charge(successors.iter().map(|s| s.len() as u64).sum())?;
        let remaining = limits.max_work.saturating_sub(self.graph.work());
        let values = generalized_values(&successors, remaining)?;
        self.graph.charge(successors.len() as u64)?;
        for (vertex, value) in vertices.into_iter().zip(values).skip(1) {
            self.values.insert(vertex, value);
        }
        self.values
            .get(&component)
            .cloned()
            .ok_or_else(|| Error::invalid_position("the component was not explored"))
    }

    /// The value of a whole-sum state by Smith's rule.
    ///
    /// # Errors
    /// As for [`value`](LoopySolver::value).
    pub fn value_of_state(&mut self, state: &State) -> Result<LoopyValue> {
        let mut values = Vec::with_capacity(state.len());
        for &component in state.iter() {
            values.push(self.value(component)?);
        }
        Ok(LoopyValue::sum(values))
    }
}

impl AsMut<SumGraph> for LoopySolver {
    fn as_mut(&mut self) -> &mut SumGraph {
        &mut self.graph
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec;

    fn values(graph: &[&[u32]]) -> Vec<String> {
        let graph: Vec<Vec<u32>> = graph.iter().map(|s| s.to_vec()).collect();
        generalized_values(&graph, u64::MAX)
            .map(|values| values.iter().map(LoopyValue::to_string).collect())
            .unwrap_or_default()
    }

    #[test]
    fn acyclic_graphs_get_ordinary_values() {
        // 0 -> 1 -> 2, 0 -> 2: values 2, 1, 0.
        assert_eq!(values(&[&[1, 2], &[2], &[]]), ["2", "1", "0"]);
    }

    #[test]
    fn cycles_can_have_finite_values() {
        // u -> v -> w -> u and u -> s: s = 0, w = 0 (its only move, to u, is answered by u -> s),
        // v = 1, u = 2.
        assert_eq!(values(&[&[1, 3], &[2], &[0], &[]]), ["2", "1", "0", "0"]);
    }

    #[test]
    fn a_pure_cycle_is_a_draw() {
        assert_eq!(values(&[&[1], &[0]]), ["∞", "∞"]);
        assert_eq!(values(&[&[0]]), ["∞"]);
    }

    #[test]
    fn escapes_decide_the_outcome() {
        // u -> s (sink) and u -> a, a <-> b: u = ∞(0), a winning first move to s.
        let graph: Vec<Vec<u32>> = vec![vec![1, 2], vec![], vec![3], vec![2]];
        let result = generalized_values(&graph, u64::MAX).unwrap_or_default();
        assert_eq!(result[0], LoopyValue::infinite(vec![Nimber::ZERO]));
        assert_eq!(result[0].outcome(), LoopyOutcome::NextWins);
        assert_eq!(result[2].outcome(), LoopyOutcome::Draw);
    }

    #[test]
    fn smiths_sum_rule() {
        let inf = |k: &[u64]| LoopyValue::infinite(k.iter().map(|&v| Nimber::new(v)).collect());
        let fin = |v: u64| LoopyValue::Finite(Nimber::new(v));
        assert_eq!(LoopyValue::sum([fin(3), fin(5)]), fin(6));
        assert_eq!(LoopyValue::sum([inf(&[0, 2]), fin(2)]), inf(&[2, 0]));
        assert_eq!(LoopyValue::sum([inf(&[0]), inf(&[0])]), inf(&[]));
        assert_eq!(LoopyValue::sum([]), fin(0));
        // ∞(K) + *k with k in K is a first-player win; with k not in K a draw.
        assert_eq!(
            LoopyValue::sum([inf(&[1, 3]), fin(3)]).outcome(),
            LoopyOutcome::NextWins
        );
        assert_eq!(
            LoopyValue::sum([inf(&[1, 3]), fin(2)]).outcome(),
            LoopyOutcome::Draw
        );
    }

    #[test]
    fn work_is_limited() {
        let graph: Vec<Vec<u32>> = (0..100).map(|v| vec![(v + 1) % 100]).collect();
        assert!(generalized_values(&graph, 10).unwrap_err().is_limit());
        assert!(generalized_values(&[vec![5]], 100).is_err());
    }

    #[test]
    fn splitting_moves_are_refused() -> Result<()> {
        let sum = spec::parse("kayles(3)")?;
        let mut solver = LoopySolver::new(&sum, Limits::default())?;
        let state = solver.graph().state_of(&sum)?;
        assert!(solver.value_of_state(&state).is_err());
        Ok(())
    }
}
