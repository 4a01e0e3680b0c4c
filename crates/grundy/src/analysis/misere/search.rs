//! Misère reports by searching the whole sum: the outcome and winning moves from a search
//! that stops at the first win, values and genera when the whole game fits in the limits.

use super::{
    moves_report, MisereComponentReport, MisereHead, MisereMoveEntry, MisereMoveReport,
    MisereMovesReport, MisereValueReport,
};
use crate::analysis::sum_search::SumSearch;
use crate::error::Result;
use crate::game::{Limits, Outcome};
use crate::misere::{Genus, MisereSolver};
use crate::sum::Sum;
use crate::whole::PositionMove;

/// The search of a sum in misère play.
type Misere = SumSearch<MisereSolver, Genus>;

/// A value that may be out of reach: `None` when a limit stopped its search.
fn within_limits<T>(result: Result<T>) -> Result<Option<T>> {
    match result {
        Ok(value) => Ok(Some(value)),
        Err(error) if error.is_limit() => Ok(None),
        Err(error) => Err(error),
    }
}

impl Misere {
    fn report(&mut self, candidate: &PositionMove, target_value: Option<u64>) -> MisereMoveReport {
        MisereMoveReport {
            component: candidate.component,
            from: candidate.from.clone(),
            to: candidate.to.clone(),
            target_value,
            description: candidate.description.clone(),
            result: self.solver.graph().format_position(&candidate.result),
            count: 1,
        }
    }

    /// Every move to a misère P-position, found by the pruned outcome search.
    fn winning_moves(&mut self) -> Result<Vec<MisereMoveReport>> {
        let moves: Vec<PositionMove> = self.solver.graph().position_moves(&self.position)?;
        let mut found = Vec::new();
        for candidate in moves {
            let state = self.solver.graph().state(&candidate.result.terms)?;
            if self.solver.outcome(&state)? == Outcome::PreviousWins {
                found.push(candidate);
            }
        }
        // Values only once every outcome is known: they may use up the limits.
        let mut winning = Vec::with_capacity(found.len());
        for candidate in found {
            let target = within_limits(self.of_parts(candidate.term, &candidate.parts))?;
            let target_value = target.map(|genus| genus.misere_value().value());
            winning.push(self.report(&candidate, target_value));
        }
        Ok(winning)
    }

    /// Every move with the misère value after it (this needs every position).
    fn valued_moves(&mut self) -> Result<Vec<(MisereMoveReport, u64)>> {
        let moves: Vec<PositionMove> = self.solver.graph().position_moves(&self.position)?;
        let mut reports = Vec::with_capacity(moves.len());
        for candidate in moves {
            let component_genus = self.of_parts(candidate.term, &candidate.parts)?;
            let after = self.after(&candidate)?;
            let target_value = component_genus.misere_value().value();
            reports.push((
                self.report(&candidate, Some(target_value)),
                after.misere_value().value(),
            ));
        }
        Ok(reports)
    }
}

/// [`value`] by searching the whole sum.
pub(in crate::analysis) fn searched_value(sum: &Sum, limits: Limits) -> Result<MisereValueReport> {
    let mut misere = Misere::new(sum, limits, MisereSolver::new, MisereSolver::genus)?;
    let outcome = misere.solver.outcome(&misere.state)?;
    let winning_moves = misere.winning_moves()?;
    let components = misere.components(|spec, genus| {
        let genus = within_limits(genus)?;
        Ok(MisereComponentReport {
            spec,
            value: genus.as_ref().map(|g| g.misere_value().value()),
            genus: genus.as_ref().map(Genus::to_string),
            element: None,
        })
    })?;
    let genus = within_limits(misere.whole())?;
    Ok(MisereValueReport {
        head: MisereHead::new(
            sum,
            genus.as_ref().map(|g| g.misere_value().value()),
            outcome.into(),
        ),
        genus: genus.as_ref().map(Genus::to_string),
        components,
        winning_move_count: winning_moves.len() as u128,
        winning_moves,
        quotient: None,
    })
}

/// [`moves`] by searching the whole sum.
pub(in crate::analysis) fn searched_moves(sum: &Sum, limits: Limits) -> Result<MisereMovesReport> {
    let mut misere = Misere::new(sum, limits, MisereSolver::new, MisereSolver::genus)?;
    let genus = misere.whole()?;
    let moves = misere
        .valued_moves()?
        .into_iter()
        .map(|(summary, value_after)| MisereMoveEntry {
            summary,
            value_after: Some(value_after),
            winning: value_after == 0,
        })
        .collect();
    Ok(moves_report(sum, &genus, moves))
}
