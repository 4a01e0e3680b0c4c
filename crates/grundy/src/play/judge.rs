//! How the computer judges positions ([`Judge`]): by a complete solution, by Grundy values, by
//! misère search, or by a misère quotient, chosen once when the game starts.

use super::Game;
use crate::error::{Error, ErrorKind, Result};
use crate::game::{Limits, Outcome};
use crate::loopy::LoopyOutcome;
use crate::misere::{MisereSolver, TRIAL_WORK};
use crate::nimber::Nimber;
use std::sync::Arc;

use crate::quotient::{outcome_of_heaps, quotient_for_heaps, Quotient, DEFAULT_MAX_ORDER};
use crate::retrograde::Solution;
use crate::sum::Sum;
use crate::whole::{Play, Position, State, SumGraph};

/// How the computer judges misère positions of a game too large to solve completely: the
/// search, unless `sum` is a sum of heaps of one heap game that the search does not settle
/// within [`TRIAL_WORK`] moves and whose misère quotient (of heaps up to the largest, or of
/// the whole game, kept per rule: [`quotient_for_heaps`]) is within `limits`. The quotient
/// covers every later position: moves of heaps leave smaller heaps.
pub(super) fn misere_judge(
    sum: &Sum,
    graph: &SumGraph,
    position: &Position,
    start: Option<&State>,
    limits: Limits,
) -> Result<Judge> {
    let search = || Ok(Judge::Misere(Box::new(MisereSolver::new(sum, limits)?)));
    let Some((rule, heaps)) = graph.heaps(position) else {
        return search();
    };
    let trial = limits.with_max_work(limits.max_work.min(TRIAL_WORK));
    // Without a start (a heap too large to list the moves of), no search could judge.
    if let Some(start) = start {
        match MisereSolver::new(sum, trial)?.outcome(start) {
            Ok(_) => return search(),
            Err(error) if error.is_limit() => {}
            Err(error) => return Err(error),
        }
    }
    let largest = heaps
        .iter()
        .map(|component| component.heap)
        .max()
        .unwrap_or(0);
    match quotient_for_heaps(&rule, largest, DEFAULT_MAX_ORDER, limits) {
        Ok(quotient) => Ok(Judge::Quotient(quotient)),
        Err(error) if error.is_limit() || matches!(error.kind(), ErrorKind::Unsupported { .. }) => {
            search()
        }
        Err(error) => Err(error),
    }
}

/// How the computer judges positions.
pub(super) enum Judge {
    /// Every reachable position solved, with remoteness.
    Exact(Box<Solution>),
    /// Normal play without cycles: Grundy values of the components.
    Values,
    /// Misère play without cycles: searched outcomes.
    Misere(Box<MisereSolver>),
    /// Misère play of a sum of heaps of one heap game too large to search: outcomes from the
    /// game's misère quotient of heaps up to the largest heap at the start, or of every heap.
    Quotient(Arc<Quotient>),
}

impl Game {
    pub(super) fn value_of(&mut self, state: &State) -> Result<Option<Nimber>> {
        if self.loopy || self.play == Play::Misere {
            return Ok(None);
        }
        let mut total = Nimber::ZERO;
        for &component in state.iter() {
            let term = crate::whole::term_of(component);
            total += self
                .graph
                .table(term)
                .value(crate::whole::id_of(component))?;
        }
        Ok(Some(total))
    }

    pub(super) fn judge(&mut self, state: &State) -> Result<(LoopyOutcome, Option<u64>)> {
        match &mut self.judge {
            Judge::Exact(solution) => solution.get(state).ok_or_else(|| {
                Error::invalid_position("the position was not reached from the start")
            }),
            Judge::Values => {
                let value = self.value_of(state)?.unwrap_or(Nimber::ZERO);
                Ok((Outcome::of(value).into(), None))
            }
            Judge::Misere(solver) => Ok((solver.outcome(state)?.into(), None)),
            Judge::Quotient(quotient) => {
                let mut heaps = Vec::with_capacity(state.len());
                for &component in state.iter() {
                    let table = self.graph.table(crate::whole::term_of(component));
                    heaps.push(table.heap(crate::whole::id_of(component)).ok_or_else(|| {
                        Error::invalid_position(
                            "a move of a heap game left a part that is not a heap",
                        )
                    })?);
                }
                Ok((outcome_of_heaps(quotient, &heaps)?.into(), None))
            }
        }
    }
}
