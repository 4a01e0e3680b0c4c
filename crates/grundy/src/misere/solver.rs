//! [`MisereSolver`]: misère outcomes and genera of whole sums, by two depth-first searches
//! over the states of a [`SumGraph`] that share their frames and differ only in what they ask
//! of a position's moves.

use std::collections::HashMap;
use std::marker::PhantomData;

use super::{nim_outcome, Genus};
use crate::error::{Error, Limit, Result};
use crate::game::{Limits, Outcome};
use crate::nimber::Nimber;
use crate::search::{depth_first, DepthFirst, Step};
use crate::sum::Sum;
use crate::whole::{State, SumGraph};

/// Misère outcomes, values and genera of whole sums, by memoised iterative search.
///
/// # Example
/// ```
/// use grundy::{misere::MisereSolver, spec, Limits, Nimber, Outcome};
/// let sum = spec::parse("kayles(4) + nim(1)")?;
/// let mut solver = MisereSolver::new(&sum, Limits::default())?;
/// let start = solver.graph().state_of(&sum)?;
/// assert_eq!(solver.outcome(&start)?, Outcome::NextWins);
/// assert_eq!(solver.genus(&start)?.to_string(), "0^120"); // kayles(4) behaves like *1 here
/// # Ok::<(), grundy::Error>(())
/// ```
pub struct MisereSolver {
    graph: SumGraph,
    next_wins: HashMap<State, bool>,
    genera: HashMap<State, Genus>,
    use_closed_forms: bool,
    first_wild: Option<(State, Genus)>,
}

/// A state on the search's stack: its moves and the next to look at.
pub(crate) struct Frame {
    state: State,
    children: Vec<State>,
    next: usize,
}

impl MisereSolver {
    /// A solver for `sum` and the sums its moves lead to.
    ///
    /// # Errors
    /// A term that cannot be searched as a whole.
    pub fn new(sum: &Sum, limits: Limits) -> Result<MisereSolver> {
        Ok(MisereSolver {
            graph: SumGraph::new(sum, limits)?,
            next_wins: HashMap::new(),
            genera: HashMap::new(),
            use_closed_forms: true,
            first_wild: None,
        })
    }

    /// Whether to use Bouton's rule for positions of plain Nim (on by default). Off, every
    /// answer comes from search: that is how tests check the rule.
    pub fn use_closed_forms(mut self, enabled: bool) -> MisereSolver {
        self.use_closed_forms = enabled;
        self
    }

    /// The graph of states searched.
    pub fn graph(&mut self) -> &mut SumGraph {
        &mut self.graph
    }

    /// Positions remembered so far.
    pub fn positions_solved(&self) -> usize {
        self.next_wins.len() + self.genera.len()
    }

    /// The first position, in the order genera were computed, whose genus is not that of a Nim
    /// position, with its genus.
    pub fn first_wild(&self) -> Option<(&State, &Genus)> {
        self.first_wild
            .as_ref()
            .map(|(state, genus)| (state, genus))
    }

    fn nim_heaps(&mut self, state: &[u64]) -> Option<Vec<u64>> {
        if !self.use_closed_forms {
            return None;
        }
        state
            .iter()
            .map(|&component| self.graph.nim_heap(component))
            .collect()
    }

    fn known_outcome(&mut self, state: &State) -> Option<bool> {
        if state.is_empty() {
            return Some(true);
        }
        if let Some(&next_wins) = self.next_wins.get(state) {
            return Some(next_wins);
        }
        if let Some(genus) = self.genera.get(state) {
            return Some(genus.misere_value() != Nimber::ZERO);
        }
        let heaps = self.nim_heaps(state)?;
        Some(nim_outcome(&heaps) == Outcome::NextWins)
    }

    fn known_genus(&mut self, state: &State) -> Option<Genus> {
        if let Some(genus) = self.genera.get(state) {
            return Some(genus.clone());
        }
        let heaps = self.nim_heaps(state)?;
        Some(Genus::nim(&heaps))
    }

    fn check_room(&self) -> Result<()> {
        let max = self.graph.limits().max_positions;
        if self.positions_solved() as u64 >= max {
            return Err(Error::limit(Limit::Positions, max));
        }
        Ok(())
    }

    fn expand(&mut self, state: State) -> Result<Frame> {
        let mut children = Vec::new();
        self.graph.successors(&state, &mut children)?;
        Ok(Frame {
            state,
            children,
            next: 0,
        })
    }

    /// The misère outcome of `state`: N when the player to move wins.
    ///
    /// # Errors
    /// [`ErrorKind::Cycle`](crate::ErrorKind::Cycle) when a position repeats (misère play of
    /// games with cycles is not analysed); a limit reached.
    pub fn outcome(&mut self, state: &State) -> Result<Outcome> {
        let next_wins = self.next_wins_in(state)?;
        Ok(if next_wins {
            Outcome::NextWins
        } else {
            Outcome::PreviousWins
        })
    }

    fn next_wins_in(&mut self, root: &State) -> Result<bool> {
        if let Some(known) = self.known_outcome(root) {
            return Ok(known);
        }
        depth_first(&mut Search::<Outcomes>::new(self), root.clone())
    }

    /// The genus of `state` (its misère value is [`Genus::misere_value`]).
    ///
    /// # Errors
    /// As for [`outcome`](MisereSolver::outcome); the genus needs every position reachable.
    pub fn genus(&mut self, root: &State) -> Result<Genus> {
        if let Some(known) = self.known_genus(root) {
            return Ok(known);
        }
        depth_first(&mut Search::<Genera>::new(self), root.clone())
    }
}

impl AsMut<SumGraph> for MisereSolver {
    fn as_mut(&mut self) -> &mut SumGraph {
        &mut self.graph
    }
}

/// What one of the two searches asks of a position: when its children are solved enough, and
/// its answer from theirs. Both walk the same frames of states ([`Search`]).
trait Question {
    /// What the search finds for a position.
    type Answer;

    /// Moves `frame` past its children that need no search, to the first that does.
    fn advance(solver: &mut MisereSolver, frame: &mut Frame) -> Result<Step<State>>;

    /// The answer of a frame whose children are solved, remembered by the solver.
    fn close(solver: &mut MisereSolver, frame: Frame) -> Result<Self::Answer>;
}

/// A search of the solver's states for the answers of [`Question`] `Q`.
struct Search<'a, Q>(&'a mut MisereSolver, PhantomData<Q>);

impl<'a, Q> Search<'a, Q> {
    fn new(solver: &'a mut MisereSolver) -> Search<'a, Q> {
        Search(solver, PhantomData)
    }
}

impl<Q: Question> DepthFirst for Search<'_, Q> {
    type Node = State;
    type Frame = Frame;
    type Answer = Q::Answer;

    fn open(&mut self, state: State, _depth: usize) -> Result<Frame> {
        self.0.expand(state)
    }

    fn node<'a>(&self, frame: &'a Frame) -> &'a State {
        &frame.state
    }

    fn advance(&mut self, frame: &mut Frame) -> Result<Step<State>> {
        Q::advance(self.0, frame)
    }

    fn close(&mut self, frame: Frame) -> Result<Q::Answer> {
        Q::close(self.0, frame)
    }

    fn format(&self, state: &State) -> String {
        self.0.graph.format(state)
    }
}

/// Misère outcomes: a position is N when some move leads to a P-position, or when it has no
/// move at all.
struct Outcomes;

impl Question for Outcomes {
    type Answer = bool;

    fn advance(solver: &mut MisereSolver, frame: &mut Frame) -> Result<Step<State>> {
        while let Some(child) = frame.children.get(frame.next) {
            match solver.known_outcome(child) {
                // A move to a P-position wins: the rest need no search.
                Some(false) => break,
                Some(true) => frame.next += 1,
                None => return Ok(Step::Descend(child.clone())),
            }
        }
        Ok(Step::Done)
    }

    fn close(solver: &mut MisereSolver, frame: Frame) -> Result<bool> {
        // The search stopped before the end at a move to a P-position; with no move at all
        // the player to move has won.
        let next_wins = frame.next < frame.children.len() || frame.children.is_empty();
        solver.check_room()?;
        solver.next_wins.insert(frame.state, next_wins);
        Ok(next_wins)
    }
}

/// Genera: a position's genus comes from the genera of all its moves.
struct Genera;

impl Question for Genera {
    type Answer = Genus;

    fn advance(solver: &mut MisereSolver, frame: &mut Frame) -> Result<Step<State>> {
        while let Some(child) = frame.children.get(frame.next) {
            if !solver.genera.contains_key(child) && solver.known_genus(child).is_none() {
                return Ok(Step::Descend(child.clone()));
            }
            frame.next += 1;
        }
        Ok(Step::Done)
    }

    fn close(solver: &mut MisereSolver, frame: Frame) -> Result<Genus> {
        let mut options = Vec::with_capacity(frame.children.len());
        for child in &frame.children {
            match solver.known_genus(child) {
                Some(genus) => options.push(genus),
                None => unreachable!("every option was solved before its parent"),
            }
        }
        let genus = Genus::of_options(&options.iter().collect::<Vec<_>>());
        solver.check_room()?;
        if solver.first_wild.is_none() && !genus.is_tame() {
            solver.first_wild = Some((frame.state.clone(), genus.clone()));
        }
        solver.genera.insert(frame.state, genus.clone());
        Ok(genus)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{spec, ErrorKind};

    /// A solver for the sum `text` within `limits`, and the state the sum starts in.
    fn solver_at(text: &str, limits: Limits) -> Result<(MisereSolver, State)> {
        let sum = spec::parse(text)?;
        let mut solver = MisereSolver::new(&sum, limits)?;
        let state = solver.graph().state_of(&sum)?;
        Ok((solver, state))
    }

    #[test]
    fn bouton_matches_search_on_small_positions() -> Result<()> {
        for heaps in [
            [1u64, 1, 1],
            [2, 2, 0],
            [1, 2, 3],
            [3, 4, 5],
            [1, 1, 0],
            [6, 1, 1],
        ] {
            let text = format!("nim({},{},{})", heaps[0], heaps[1], heaps[2]);
            let (solver, state) = solver_at(&text, Limits::default())?;
            let mut solver = solver.use_closed_forms(false);
            assert_eq!(solver.outcome(&state)?, nim_outcome(&heaps), "{text}");
            assert_eq!(solver.genus(&state)?, Genus::nim(&heaps), "{text}");
        }
        Ok(())
    }

    #[test]
    fn misere_play_of_a_cycle_is_refused() -> Result<()> {
        let (mut solver, state) = solver_at("digraph(a>b, b>a; a)", Limits::default())?;
        let error = solver.outcome(&state).unwrap_err();
        assert!(matches!(error.kind(), ErrorKind::Cycle { .. }), "{error}");
        Ok(())
    }

    #[test]
    fn limits_stop_the_search() -> Result<()> {
        let limits = Limits::DEFAULT.with_max_positions(50);
        let (mut solver, state) = solver_at("kayles(12,13)", limits)?;
        assert!(solver.genus(&state).unwrap_err().is_limit());
        Ok(())
    }
}
