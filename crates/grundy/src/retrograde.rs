//! Exact outcomes and remoteness by retrograde analysis of every position of a whole sum.
//!
//! This is the brute-force solver for any finite game, with or without cycles, in either play
//! convention: list every state reachable from the start, label the finished ones (a loss for
//! the player to move in normal play, a win in misère play), then work backwards: a state with
//! a move to a lost state is won, one whose moves all reach won states is lost, and whatever
//! is never labelled is a draw. Working backwards in order of distance also gives the
//! *remoteness*: how many moves the game lasts when the winner hurries and the loser stalls.
//!
//! It needs every state in memory, so it serves small games: play against the computer, and
//! tests of the theory (Smith's sums, misère search) against the definition.

use std::collections::{HashMap, VecDeque};

use crate::error::{Error, Limit, Result};
use crate::loopy::LoopyOutcome;
use crate::whole::{Play, State, SumGraph};

/// The outcome of every state reachable from a start, with remoteness.
///
/// # Example
/// ```
/// use grundy::{retrograde::Solution, spec, whole::{Play, SumGraph}, loopy::LoopyOutcome, Limits};
/// let sum = spec::parse("nim(1,2)")?;
/// let mut graph = SumGraph::new(&sum, Limits::default())?;
/// let start = graph.state_of(&sum)?;
/// let solution = Solution::solve(&mut graph, &start, Play::Normal)?;
/// // Take 1 from the 2, leaving 1 + 1; then two more moves: the winner needs 3 moves in all.
/// assert_eq!(solution.get(&start), Some((LoopyOutcome::NextWins, Some(3))));
/// let misere = Solution::solve(&mut graph, &start, Play::Misere)?;
/// assert_eq!(misere.get(&start), Some((LoopyOutcome::NextWins, Some(2)))); // take the 2
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct Solution {
    index: HashMap<State, u32>,
    outcome: Vec<LoopyOutcome>,
    remoteness: Vec<Option<u64>>,
}

impl Solution {
    /// Solves every state reachable from `start` under `play`.
    ///
    /// # Errors
    /// [`Limit::Positions`] when more states are reachable than [`crate::Limits::max_positions`];
    /// other limits of the graph.
    ///
    /// # Complexity
    /// O(S + M) time and memory for S states and M moves between them.
    pub fn solve(graph: &mut SumGraph, start: &State, play: Play) -> Result<Solution> {
        let max_positions = graph.limits().max_positions;
        let mut index: HashMap<State, u32> = HashMap::new();
        let mut states: Vec<State> = vec![start.clone()];
        index.insert(start.clone(), 0);
        let mut successors: Vec<Vec<u32>> = Vec::new();
        let mut children = Vec::new();
        let mut next = 0;
        while next < states.len() {
            graph.successors(&states[next], &mut children)?;
            let mut targets = Vec::with_capacity(children.len());
            for child in children.drain(..) {
                let id = match index.get(&child) {
                    Some(&id) => id,
                    None => {
                        if states.len() as u64 >= max_positions {
                            return Err(Error::limit(Limit::Positions, max_positions));
                        }
                        let id = states.len() as u32;
                        index.insert(child.clone(), id);
                        states.push(child);
                        id
                    }
                };
                targets.push(id);
            }
            targets.sort_unstable();
            targets.dedup();
            successors.push(targets);
            next += 1;
        }
        let count = states.len();
        let mut predecessors: Vec<Vec<u32>> = vec![Vec::new(); count];
        for (from, targets) in successors.iter().enumerate() {
            for &to in targets {
                predecessors[to as usize].push(from as u32);
            }
        }
        let mut outcome = vec![LoopyOutcome::Draw; count];
        let mut remoteness: Vec<Option<u64>> = vec![None; count];
        let mut undecided: Vec<usize> = successors.iter().map(Vec::len).collect();
        let mut queue = VecDeque::new();
        let finished = match play {
            Play::Normal => LoopyOutcome::PreviousWins,
            Play::Misere => LoopyOutcome::NextWins,
        };
        for (state, targets) in successors.iter().enumerate() {
            if targets.is_empty() {
                outcome[state] = finished;
                remoteness[state] = Some(0);
                queue.push_back(state);
            }
        }
        while let Some(state) = queue.pop_front() {
            let distance = remoteness[state].map_or(0, |r| r + 1);
            for &before in &predecessors[state] {
                let before = before as usize;
                if remoteness[before].is_some() {
                    continue;
                }
                match outcome[state] {
                    // A move to a lost state wins, and the first one found is the fastest.
                    LoopyOutcome::PreviousWins => {
                        outcome[before] = LoopyOutcome::NextWins;
                        remoteness[before] = Some(distance);
                        queue.push_back(before);
                    }
                    // Lost once every move reaches a won state; the last one is the slowest.
                    _ => {
                        undecided[before] -= 1;
                        if undecided[before] == 0 {
                            outcome[before] = LoopyOutcome::PreviousWins;
                            remoteness[before] = Some(distance);
                            queue.push_back(before);
                        }
                    }
                }
            }
        }
        Ok(Solution {
            index,
            outcome,
            remoteness,
        })
    }

    /// The number of states solved.
    pub fn len(&self) -> usize {
        self.outcome.len()
    }

    /// Whether no state was solved (never: the start is always solved).
    pub fn is_empty(&self) -> bool {
        self.outcome.is_empty()
    }

    /// The outcome and remoteness (`None` for a draw) of `state`; `None` when it was not
    /// reachable from the start.
    pub fn get(&self, state: &State) -> Option<(LoopyOutcome, Option<u64>)> {
        let &id = self.index.get(state)?;
        Some((self.outcome[id as usize], self.remoteness[id as usize]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Limits;
    use crate::whole::graph_at;

    fn solve(text: &str, play: Play) -> Result<(LoopyOutcome, Option<u64>)> {
        let (mut graph, start) = graph_at(text, Limits::default())?;
        let solution = Solution::solve(&mut graph, &start, play)?;
        solution
            .get(&start)
            .ok_or_else(|| Error::invalid_position("the start was not solved"))
    }

    #[test]
    fn outcomes_and_remoteness() -> Result<()> {
        use LoopyOutcome::{Draw, NextWins, PreviousWins};
        let cases = [
            // A finished game: lost in normal play, won in misère play.
            ("0", Play::Normal, (PreviousWins, Some(0))),
            ("0", Play::Misere, (NextWins, Some(0))),
            // Cycles draw.
            ("digraph(a>b, b>a; a)", Play::Normal, (Draw, None)),
            // Misère: moving to the sink c loses at once, so both players circle forever.
            ("digraph(a>b, b>a, a>c; a)", Play::Misere, (Draw, None)),
            // Normal play: move to c and win.
            (
                "digraph(a>b, b>a, a>c; a)",
                Play::Normal,
                (NextWins, Some(1)),
            ),
            // nim(2,2) is lost; the loser can make the game last four moves (1 from a 2 each
            // time).
            ("nim(2,2)", Play::Normal, (PreviousWins, Some(4))),
        ];
        for (text, play, expected) in cases {
            assert_eq!(solve(text, play)?, expected, "{text} in {play:?} play");
        }
        Ok(())
    }

    #[test]
    fn too_many_states() -> Result<()> {
        let limits = Limits::DEFAULT.with_max_positions(30);
        let (mut graph, start) = graph_at("nim(9,9,9)", limits)?;
        assert!(Solution::solve(&mut graph, &start, Play::Normal)
            .unwrap_err()
            .is_limit());
        Ok(())
    }
}
