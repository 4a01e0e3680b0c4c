//! One iterative depth-first search with cycle detection, which the solvers share: the generic
//! [`crate::game::Solver`] and both searches of [`crate::misere::MisereSolver`].
//!
//! The search keeps its own stack (no recursion, so no depth limit but memory) and the positions
//! on it; a move back to one of them is a cycle, reported with the positions that make it. What
//! a position's frame holds, when its children are solved and what its answer is belong to the
//! solver, through [`DepthFirst`].

use std::collections::HashMap;
use std::hash::Hash;

use crate::error::{Error, ErrorKind, Result};

/// What a frame needs next.
pub(crate) enum Step<N> {
    /// This child is not solved yet: search it first.
    Descend(N),
    /// The frame's answer can be found from what is solved.
    Done,
}

/// A solver searched depth first by [`depth_first`].
pub(crate) trait DepthFirst {
    /// A position, as the search compares them.
    type Node: Clone + Eq + Hash;
    /// A position being searched: its moves and how far through them the search is.
    type Frame;
    /// What the search finds for a position.
    type Answer;

    /// The frame of `node`, `depth` moves below the root (0 for the root).
    ///
    /// # Errors
    /// A limit reached while listing its moves.
    fn open(&mut self, node: Self::Node, depth: usize) -> Result<Self::Frame>;

    /// The position of `frame`.
    fn node<'a>(&self, frame: &'a Self::Frame) -> &'a Self::Node;

    /// Moves `frame` past its solved children, to the first that is not, or to the end.
    ///
    /// # Errors
    /// A limit reached.
    fn advance(&mut self, frame: &mut Self::Frame) -> Result<Step<Self::Node>>;

    /// The answer of a frame whose children are solved, remembered by the solver.
    ///
    /// # Errors
    /// A limit reached.
    fn close(&mut self, frame: Self::Frame) -> Result<Self::Answer>;

    /// `node` as spec text, for the error that names a cycle.
    fn format(&self, node: &Self::Node) -> String;
}

/// The answer of `root`, searching first every position it needs that `solver` has not solved.
///
/// # Errors
/// The solver's errors, and [`ErrorKind::Cycle`], naming the positions, when a position can be
/// reached from itself.
pub(crate) fn depth_first<S: DepthFirst>(solver: &mut S, root: S::Node) -> Result<S::Answer> {
    let mut on_stack: HashMap<S::Node, usize> = HashMap::new();
    let mut stack = vec![solver.open(root.clone(), 0)?];
    on_stack.insert(root, 0);
    while let Some(top) = stack.last_mut() {
        match solver.advance(top)? {
            Step::Descend(child) => {
                if let Some(&depth) = on_stack.get(&child) {
                    let path = stack[depth..]
                        .iter()
                        .map(|frame| solver.format(solver.node(frame)))
                        .chain([solver.format(&child)])
                        .collect();
                    return Err(Error::new(ErrorKind::Cycle { path }));
                }
                let frame = solver.open(child.clone(), stack.len())?;
                on_stack.insert(child, stack.len());
                stack.push(frame);
            }
            Step::Done => {
                let Some(frame) = stack.pop() else { break };
                on_stack.remove(solver.node(&frame));
                let answer = solver.close(frame)?;
                if stack.is_empty() {
                    return Ok(answer);
                }
            }
        }
    }
    unreachable!("the search returns when the root is solved")
}
