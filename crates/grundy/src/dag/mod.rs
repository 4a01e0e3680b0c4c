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

mod games;
mod layers;
mod walk;

use crate::error::{ErrorKind, Result};
use crate::loopy::{LoopySolver, LoopyValue};
use crate::misere::MisereSolver;
use crate::sum::Sum;
use crate::whole::Play;
use games::{Loopy, Ordinary};
use walk::walk;

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

#[cfg(test)]
mod tests;
