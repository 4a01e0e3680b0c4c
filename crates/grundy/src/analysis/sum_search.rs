//! A sum searched as a whole by one of the solvers of its states (generalised values of games
//! with cycles, misère genera), for the reports of those searches: the sum's position and
//! state in the solver's graph, and the answer for one component alone.

use crate::error::Result;
use crate::game::Limits;
use crate::sum::Sum;
use crate::whole::{Position, PositionMove, State, SumGraph};

/// A sum in the graph of its solver (its position: components and moves; its state), and the
/// question asked of the solver for a state: the answer for a component alone, or after a move.
pub(super) struct SumSearch<S, A> {
    pub(super) solver: S,
    answer: fn(&mut S, &State) -> Result<A>,
    pub(super) position: Position,
    pub(super) state: State,
}

impl<S: AsMut<SumGraph>, A> SumSearch<S, A> {
    /// `sum` in the graph of the solver `solver(sum, limits)` makes, which answers by `answer`.
    pub(super) fn new(
        sum: &Sum,
        limits: Limits,
        solver: fn(&Sum, Limits) -> Result<S>,
        answer: fn(&mut S, &State) -> Result<A>,
    ) -> Result<SumSearch<S, A>> {
        let mut solver = solver(sum, limits)?;
        let position = solver.as_mut().position_of(sum)?;
        let state = solver.as_mut().state(&position.terms)?;
        Ok(SumSearch {
            solver,
            answer,
            position,
            state,
        })
    }

    /// The answer for the whole sum.
    pub(super) fn whole(&mut self) -> Result<A> {
        (self.answer)(&mut self.solver, &self.state)
    }

    /// The answer for `ids`, parts of term `term`, alone.
    pub(super) fn of_parts(&mut self, term: usize, ids: &[u32]) -> Result<A> {
        let state = self.solver.as_mut().part_state(term, ids)?;
        (self.answer)(&mut self.solver, &state)
    }

    /// The answer for the whole sum after `candidate`.
    pub(super) fn after(&mut self, candidate: &PositionMove) -> Result<A> {
        let state = self.solver.as_mut().state(&candidate.result.terms)?;
        (self.answer)(&mut self.solver, &state)
    }

    /// Each component, left to right, as `report` makes it of its spec text and its answer.
    pub(super) fn components<T>(
        &mut self,
        mut report: impl FnMut(String, Result<A>) -> Result<T>,
    ) -> Result<Vec<T>> {
        let mut reports = Vec::new();
        for (term, ids) in self.position.terms.clone().into_iter().enumerate() {
            for id in ids {
                let answer = self.of_parts(term, &[id]);
                let spec = self.solver.as_mut().table(term).format(&[id]);
                reports.push(report(spec, answer)?);
            }
        }
        Ok(reports)
    }
}
