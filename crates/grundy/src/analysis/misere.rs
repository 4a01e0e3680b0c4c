//! Reports of misère play (the last player to move loses).
//!
//! In these reports every value is a *misère* Grundy value: 0 exactly on misère P-positions,
//! found by searching the whole sum, since misère values do not add. Each report carries
//! `"play": "misere"`. The JSON of [`MisereValueReport`] is
//! ```json
//! {"schema": 1, "spec": "nim(1,1,1)", "play": "misere", "value": 0, "outcome": "P",
//!  "genus": "1^031", "components": [{"spec": "nim(1)", "value": 0, "genus": "1^031"}, ...],
//!  "winning_moves": []}
//! ```
//! where a winning move is a [`MisereMoveReport`], `target_value` being the misère value of the
//! component after the move. The outcome and the winning moves come from a search that
//! stops at the first winning move it finds; values need every position, so when the whole game
//! is too large for the limits, `value`, `genus` and `target_value` are left out rather than
//! failing the report. Sums of Nim heaps use Bouton's rule and need no search at all.

use std::collections::HashSet;

use serde::Serialize;

use super::{quotient, ReportOutcome, SCHEMA};
use crate::error::{Error, ErrorKind, Result};
use crate::game::{check_output, Limits, Outcome};
use crate::misere::{heap_sequence, nim_misere_value, Genus, MisereSolver};
use crate::nimber::Nimber;
use crate::rules::HeapRule;
use crate::sum::Sum;
use crate::whole::{Position, PositionMove, State, SumGraph};

/// The misère value of a sum, its outcome, its components and every winning move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MisereValueReport {
    /// [`SCHEMA`].
    pub schema: u32,
    /// The sum as spec text.
    pub spec: String,
    /// Always `"misere"`.
    pub play: String,
    /// The misère Grundy value of the whole sum; absent when the game is too large to value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<u64>,
    /// `"N"` or `"P"` in misère play.
    pub outcome: ReportOutcome,
    /// The genus of the whole sum (`g^γ₀γ₁…`, see [`crate::misere`]); absent with `value`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub genus: Option<String>,
    /// Each component alone, left to right.
    pub components: Vec<MisereComponentReport>,
    /// Every move to a misère P-position; empty when the outcome is P.
    pub winning_moves: Vec<MisereMoveReport>,
    /// Present when the outcome and the winning moves come from the misère quotient of the
    /// heap game (a sum of heaps of one game too large to search), not from a search.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub quotient: Option<QuotientUse>,
}

/// The misère quotient that answered a [`MisereValueReport`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct QuotientUse {
    /// The heap rule as spec text.
    pub rule: String,
    /// The heaps covered: `1..=to`, the largest heap of the sum.
    pub to: u64,
    /// The number of elements of the quotient.
    pub order: usize,
    /// The element of the whole sum (a word in the generators; `"1"` for the identity).
    pub element: String,
    /// Whether that element is in the P-portion (the outcome is then P).
    pub in_p_portion: bool,
}

/// A move in misère play: the fields of [`MoveReport`](super::MoveReport), with the misère value of the component
/// after the move when it could be computed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MisereMoveReport {
    /// Index of the component moved in (into `components`).
    pub component: usize,
    /// The component before the move.
    pub from: String,
    /// What the component becomes (`0` when nothing is left).
    pub to: String,
    /// The misère value of what the component becomes, played alone.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target_value: Option<u64>,
    /// The move in words.
    pub description: String,
    /// The whole sum after the move, as spec text.
    pub result: String,
}

/// One component of a sum in misère play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MisereComponentReport {
    /// The component as spec text.
    pub spec: String,
    /// Its misère Grundy value, played alone; absent when too large to value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<u64>,
    /// Its genus; absent with `value`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub genus: Option<String>,
    /// Its element of the misère quotient, when the quotient answered.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub element: Option<String>,
}

/// Every move of a sum in misère play, with the misère value each leads to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MisereMovesReport {
    /// [`SCHEMA`].
    pub schema: u32,
    /// The sum as spec text.
    pub spec: String,
    /// Always `"misere"`.
    pub play: String,
    /// The misère Grundy value of the sum; absent when the misère quotient answered.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<u64>,
    /// `"N"` or `"P"` in misère play.
    pub outcome: ReportOutcome,
    /// Every move; a move wins when it leaves a misère P-position.
    pub moves: Vec<MisereMoveEntry>,
    /// Present when the outcomes come from the misère quotient of the heap game (a sum of
    /// heaps of one game too large to search), not from a search.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub quotient: Option<QuotientUse>,
}

/// One move of a [`MisereMovesReport`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MisereMoveEntry {
    /// The move.
    #[serde(flatten)]
    pub summary: MisereMoveReport,
    /// How many moves this one stands for: always 1, every misère move is listed.
    pub count: u64,
    /// The misère value of the whole sum after the move; absent when the misère quotient
    /// answered.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value_after: Option<u64>,
    /// Whether the move wins: it leaves a misère P-position (of misère value 0).
    pub winning: bool,
}

/// Misère values and genera of single heaps of one rule, and where the game stops being tame.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MisereSequenceReport {
    /// [`SCHEMA`].
    pub schema: u32,
    /// The rule as spec text.
    pub rule: String,
    /// Always `"misere"`.
    pub play: String,
    /// `values[n]` is the misère Grundy value of a heap of `n` tokens, for `n` from 0 to `to`.
    pub values: Vec<u64>,
    /// `genus[n]` is the genus of a heap of `n` tokens.
    pub genus: Vec<String>,
    /// `normal_values[n]` is the normal-play value of a heap of `n` tokens.
    pub normal_values: Vec<u64>,
    /// The last heap.
    pub to: u64,
    /// Whether every position of heaps up to `to` has the genus of a Nim position.
    pub tame: bool,
    /// The first heap that reaches a position with another genus; absent when tame.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_wild: Option<WildReport>,
    /// Always true: a finite prefix, no period is claimed.
    pub prefix_only: bool,
}

/// Where a heap game stops being tame.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WildReport {
    /// The smallest heap from which the position is reached.
    pub heap: u64,
    /// The position, as spec text.
    pub position: String,
    /// Its genus, which no Nim position has.
    pub genus: String,
}

struct Misere {
    solver: MisereSolver,
    position: Position,
    state: State,
}

/// A value that may be out of reach: `None` when a limit stopped its search.
fn within_limits<T>(result: Result<T>) -> Result<Option<T>> {
    match result {
        Ok(value) => Ok(Some(value)),
        Err(error) if error.is_limit() => Ok(None),
        Err(error) => Err(error),
    }
}

impl Misere {
    fn new(sum: &Sum, limits: Limits) -> Result<Misere> {
        let mut solver = MisereSolver::new(sum, limits)?;
        let position = solver.graph().position_of(sum)?;
        let state = solver.graph().state(&position.terms)?;
        Ok(Misere {
            solver,
            position,
            state,
        })
    }

    fn state_of_parts(&mut self, term: usize, ids: &[u32]) -> Result<State> {
        let mut positions = vec![Vec::new(); self.position.terms.len()];
        positions[term] = ids.to_vec();
        self.solver.graph().state(&positions)
    }

    fn components(&mut self) -> Result<Vec<MisereComponentReport>> {
        let mut reports = Vec::new();
        for (term, ids) in self.position.terms.clone().into_iter().enumerate() {
            for id in ids {
                let state = self.state_of_parts(term, &[id])?;
                let genus = within_limits(self.solver.genus(&state))?;
                reports.push(MisereComponentReport {
                    spec: self.solver.graph().table(term).format(&[id]),
                    value: genus.as_ref().map(|g| g.misere_value().value()),
                    genus: genus.as_ref().map(Genus::to_string),
                    element: None,
                });
            }
        }
        Ok(reports)
    }

    fn report(&mut self, candidate: &PositionMove, target_value: Option<u64>) -> MisereMoveReport {
        MisereMoveReport {
            component: candidate.component,
            from: candidate.from.clone(),
            to: candidate.to.clone(),
            target_value,
            description: candidate.description.clone(),
            result: self.solver.graph().format_position(&candidate.result),
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
            let parts = self.state_of_parts(candidate.term, &candidate.parts)?;
            let target = within_limits(self.solver.genus(&parts))?;
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
            let parts = self.state_of_parts(candidate.term, &candidate.parts)?;
            let component_genus = self.solver.genus(&parts)?;
            let state = self.solver.graph().state(&candidate.result.terms)?;
            let after = self.solver.genus(&state)?;
            let target_value = component_genus.misere_value().value();
            reports.push((
                self.report(&candidate, Some(target_value)),
                after.misere_value().value(),
            ));
        }
        Ok(reports)
    }
}

/// The report of a sum of Nim heaps by Bouton's rule, without search; `None` when some
/// component is not a Nim heap.
fn nim_value(sum: &Sum, limits: Limits) -> Result<Option<MisereValueReport>> {
    let Some(heaps) = nim_heaps(sum, limits)? else {
        return Ok(None);
    };
    let genus = Genus::nim(&heaps);
    let components = sum
        .components()
        .into_iter()
        .zip(&heaps)
        .map(|((term, index), &heap)| {
            let alone = Genus::nim(&[heap]);
            MisereComponentReport {
                spec: sum.terms()[term].format_component(index),
                value: Some(alone.misere_value().value()),
                genus: Some(alone.to_string()),
                element: None,
            }
        })
        .collect();
    let mut winning_moves = Vec::new();
    let mut seen = HashSet::new();
    let total = heaps.iter().fold(0, |sum, heap| sum ^ heap);
    let after = NimAfter::new(&heaps);
    let leaves_p = |heap: u64, target: u64| after.misere_value(heap, target) == 0;
    for (component, (term, index)) in sum.components().into_iter().enumerate() {
        let heap = heaps[component];
        // A misère P-position of Nim is firm with nim-sum 0, or has only heaps of 0 and 1 and
        // nim-sum 1: the new heap is the nim-sum of the others, or 0, or 1.
        let mut targets = vec![total ^ heap, 0, 1];
        targets.sort_unstable();
        targets.dedup();
        for target in targets.into_iter().filter(|&target| target < heap) {
            if !leaves_p(heap, target) {
                continue;
            }
            let from = sum.terms()[term].format_component(index);
            let term_moves = sum.terms()[term].moves(index, Some(Nimber::new(target)))?;
            check_output(winning_moves.len() + term_moves.len(), heaps.len(), limits)?;
            for term_move in term_moves {
                // Equal heaps have equal moves: each result is listed once, as in the search.
                if !seen.insert((from.clone(), term_move.to.clone())) {
                    continue;
                }
                let mut terms: Vec<_> = sum.terms().iter().map(|t| t.clone_box()).collect();
                terms[term] = term_move.after;
                let result = Sum::new(terms).format();
                winning_moves.push(MisereMoveReport {
                    component,
                    from: from.clone(),
                    to: term_move.to,
                    target_value: Some(nim_misere_value(&[target]).value()),
                    description: term_move.description,
                    result,
                });
            }
        }
    }
    Ok(Some(MisereValueReport {
        schema: SCHEMA,
        spec: sum.format(),
        play: "misere".to_string(),
        value: Some(genus.misere_value().value()),
        outcome: outcome_letter(&genus),
        genus: Some(genus.to_string()),
        components,
        winning_moves,
        quotient: None,
    }))
}

/// The heaps of a sum whose every component is a Nim heap; `None` otherwise.
fn nim_heaps(sum: &Sum, limits: Limits) -> Result<Option<Vec<u64>>> {
    let graph = SumGraph::new(sum, limits)?;
    let position = graph.position_of(sum)?;
    let mut heaps = Vec::new();
    for (term, ids) in position.terms.iter().enumerate() {
        for &id in ids {
            match graph.table(term).nim_heap(id) {
                Some(heap) => heaps.push(heap),
                None => return Ok(None),
            }
        }
    }
    Ok(Some(heaps))
}

/// The misère value of Nim heaps after one heap changes, in constant time: the nim-sum, ⊕ 1
/// when no heap has two tokens or more (Bouton).
struct NimAfter {
    nim_sum: u64,
    large: usize,
}

impl NimAfter {
    fn new(heaps: &[u64]) -> NimAfter {
        NimAfter {
            nim_sum: heaps.iter().fold(0, |sum, heap| sum ^ heap),
            large: heaps.iter().filter(|&&heap| heap >= 2).count(),
        }
    }

    /// The misère value once a heap of `heap` becomes `target`.
    fn misere_value(&self, heap: u64, target: u64) -> u64 {
        let large = self.large - usize::from(heap >= 2) + usize::from(target >= 2);
        self.nim_sum ^ heap ^ target ^ u64::from(large == 0)
    }
}

/// The moves report of a sum of Nim heaps by Bouton's rule, without search; `None` when some
/// component is not a Nim heap. Lists the same moves in the same order as the search.
fn nim_moves(sum: &Sum, limits: Limits) -> Result<Option<MisereMovesReport>> {
    let Some(heaps) = nim_heaps(sum, limits)? else {
        return Ok(None);
    };
    let after = NimAfter::new(&heaps);
    let moves = sum
        .moves()?
        .iter()
        .map(|sum_move| {
            let (heap, target) = (heaps[sum_move.component], sum_move.component_value.value());
            let value_after = after.misere_value(heap, target);
            MisereMoveEntry {
                summary: MisereMoveReport {
                    component: sum_move.component,
                    from: sum_move.from.clone(),
                    to: sum_move.to.clone(),
                    target_value: Some(nim_misere_value(&[target]).value()),
                    description: sum_move.description.clone(),
                    result: sum_move.result.format(),
                },
                count: sum_move.count,
                value_after: Some(value_after),
                winning: value_after == 0,
            }
        })
        .collect();
    Ok(Some(moves_report(sum, &Genus::nim(&heaps), moves)))
}

/// The moves report of `sum`, whose genus is `genus`.
fn moves_report(sum: &Sum, genus: &Genus, moves: Vec<MisereMoveEntry>) -> MisereMovesReport {
    MisereMovesReport {
        schema: SCHEMA,
        spec: sum.format(),
        play: "misere".to_string(),
        value: Some(genus.misere_value().value()),
        outcome: outcome_letter(genus),
        moves,
        quotient: None,
    }
}

fn outcome_letter(genus: &Genus) -> ReportOutcome {
    genus.misere_outcome().into()
}

/// Analyses a sum in misère play: outcome, every winning move, and (when the whole game fits
/// in the limits) its misère value and genus and those of its components.
///
/// # Errors
/// [`ErrorKind::MisereCycle`] for a game with a cycle (misère play of games with cycles is not
/// analysed), or a limit reached while finding the outcome.
///
/// # Example
/// ```
/// use grundy::{analysis::misere, spec, Limits};
/// let report = misere::value(&spec::parse("nim(1,1,1)")?, Limits::default())?;
/// assert_eq!((report.value, report.outcome.letter()), (Some(0), "P"));
/// // Kayles on 4 pins plays like *1 here: split it into 1 + 1 to leave a misère P-position.
/// let report = misere::value(&spec::parse("kayles(4) + nim(2,2)")?, Limits::default())?;
/// let moves: Vec<&str> = report.winning_moves.iter().map(|m| m.result.as_str()).collect();
/// assert_eq!(moves, ["kayles(1,1) + nim(2,2)"]);
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn value(sum: &Sum, limits: Limits) -> Result<MisereValueReport> {
    value_with_order(sum, limits, quotient::DEFAULT_MAX_ORDER)
}

/// [`value`], with misère quotients of at most `max_order` elements.
///
/// A sum of heaps of one heap game (other than Nim, which Bouton's rule answers) is searched
/// first within [`TRIAL_WORK`] moves examined; when that is not enough, the misère quotient of
/// the game's heaps up to the largest heap of the sum answers ([`quotient::misere_value`]),
/// and when the quotient is out of reach too, the search goes on within `limits`.
///
/// # Errors
/// As for [`value`].
///
/// # Example
/// ```
/// use grundy::{analysis::misere, spec, Limits};
/// let sum = spec::parse("kayles(9,10,11,12,13,14,15)")?;
/// let report = misere::value_with_order(&sum, Limits::default(), 1000)?;
/// let quotient = report.quotient.expect("too large to search cheaply");
/// assert_eq!((quotient.to, quotient.in_p_portion, report.outcome.letter()), (15, true, "P"));
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn value_with_order(sum: &Sum, limits: Limits, max_order: u64) -> Result<MisereValueReport> {
    without_cycles(answered_value(sum, limits, max_order))
}

pub use crate::misere::TRIAL_WORK;

/// [`value_with_order`]: Bouton's rule, a short search, the quotient, the full search.
fn answered_value(sum: &Sum, limits: Limits, max_order: u64) -> Result<MisereValueReport> {
    if let Some(report) = nim_value(sum, limits)? {
        return Ok(report);
    }
    answered(
        sum,
        limits,
        |limits| searched_value(sum, limits),
        |report| report.value.is_some(),
        || quotient::misere_value(sum, limits, max_order),
    )
}

/// The answer for a sum that is not all Nim heaps. For a sum of heaps of one heap game: a
/// `search` within [`TRIAL_WORK`] moves, kept when its report is `enough`; then `by_quotient`
/// (`None`: not such a sum; a limit or an unsupported quotient passes on); then the search
/// within `limits`. For other sums, the search.
fn answered<R>(
    sum: &Sum,
    limits: Limits,
    search: impl Fn(Limits) -> Result<R>,
    enough: impl Fn(&R) -> bool,
    by_quotient: impl FnOnce() -> Result<Option<R>>,
) -> Result<R> {
    if !quotient::is_sum_of_heaps(sum, limits)? {
        return search(limits);
    }
    let trial = Limits {
        max_work: limits.max_work.min(TRIAL_WORK),
        ..limits
    };
    match search(trial) {
        Ok(report) if enough(&report) => return Ok(report),
        Ok(_) => {}
        Err(error) if error.is_limit() => {}
        Err(error) => return Err(error),
    }
    match by_quotient() {
        Ok(Some(report)) => return Ok(report),
        Ok(None) => {}
        Err(error) if error.is_limit() || matches!(error.kind(), ErrorKind::Unsupported { .. }) => {
        }
        Err(error) => return Err(error),
    }
    search(limits)
}

/// A cycle met by a misère search, as the error that says misère play is not analysed.
pub(super) fn without_cycles<T>(result: Result<T>) -> Result<T> {
    result.map_err(|error| match error.kind() {
        ErrorKind::Cycle { path } => Error::new(ErrorKind::MisereCycle { path: path.clone() }),
        _ => error,
    })
}

/// [`value`] by searching the whole sum.
pub(super) fn searched_value(sum: &Sum, limits: Limits) -> Result<MisereValueReport> {
    let mut misere = Misere::new(sum, limits)?;
    let state = misere.state.clone();
    let outcome = misere.solver.outcome(&state)?;
    let winning_moves = misere.winning_moves()?;
    let components = misere.components()?;
    let genus = within_limits(misere.solver.genus(&state))?;
    Ok(MisereValueReport {
        schema: SCHEMA,
        spec: sum.format(),
        play: "misere".to_string(),
        value: genus.as_ref().map(|g| g.misere_value().value()),
        outcome: outcome.into(),
        genus: genus.as_ref().map(Genus::to_string),
        components,
        winning_moves,
        quotient: None,
    })
}

/// Lists every move of a sum in misère play with the misère value it leads to.
///
/// # Errors
/// As for [`value`], and a limit reached while valuing the moves (this needs every position).
pub fn moves(sum: &Sum, limits: Limits) -> Result<MisereMovesReport> {
    moves_with_order(sum, limits, quotient::DEFAULT_MAX_ORDER)
}

/// [`moves`], with misère quotients of at most `max_order` elements: a sum of heaps of one heap
/// game too large to search is answered as [`value_with_order`] answers it, every move marked
/// winning or not, without misère values.
///
/// # Errors
/// As for [`moves`].
///
/// # Example
/// ```
/// use grundy::{analysis::misere, spec, Limits};
/// let sum = spec::parse("kayles(9,10,11,12,13,14,15)")?;
/// let report = misere::moves_with_order(&sum, Limits::default(), 1000)?;
/// assert!(report.quotient.is_some() && report.value.is_none());
/// // The sum is a misère P-position: no move wins.
/// assert!(report.moves.iter().all(|entry| !entry.winning));
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn moves_with_order(sum: &Sum, limits: Limits, max_order: u64) -> Result<MisereMovesReport> {
    without_cycles(match nim_moves(sum, limits)? {
        Some(report) => Ok(report),
        None => answered(
            sum,
            limits,
            |limits| searched_moves(sum, limits),
            |_| true,
            || quotient::misere_moves(sum, limits, max_order),
        ),
    })
}

/// [`moves`] by searching the whole sum.
pub(super) fn searched_moves(sum: &Sum, limits: Limits) -> Result<MisereMovesReport> {
    let mut misere = Misere::new(sum, limits)?;
    let state = misere.state.clone();
    let genus = misere.solver.genus(&state)?;
    let moves = misere
        .valued_moves()?
        .into_iter()
        .map(|(summary, value_after)| MisereMoveEntry {
            summary,
            count: 1,
            value_after: Some(value_after),
            winning: value_after == 0,
        })
        .collect();
    Ok(moves_report(sum, &genus, moves))
}

/// Misère values and genera of heaps `0..=to` of a heap rule, and its tameness up to `to`.
///
/// # Errors
/// A limit reached.
///
/// # Example
/// ```
/// use grundy::{analysis::misere, spec, Limits};
/// let report = misere::sequence(&spec::parse_heap_rule("kayles")?, 8, Limits::default())?;
/// assert_eq!(report.values, [1, 0, 2, 3, 0, 1, 3, 2, 1]);
/// assert_eq!(report.genus[5], "4^146");
/// assert!(!report.tame);
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn sequence(rule: &HeapRule, to: u64, limits: Limits) -> Result<MisereSequenceReport> {
    let sequence = heap_sequence(rule, to, limits)?;
    Ok(MisereSequenceReport {
        schema: SCHEMA,
        rule: rule.to_string(),
        play: "misere".to_string(),
        values: sequence
            .genera
            .iter()
            .map(|genus| genus.misere_value().value())
            .collect(),
        genus: sequence.genera.iter().map(Genus::to_string).collect(),
        normal_values: sequence
            .genera
            .iter()
            .map(|genus| genus.normal_value().value())
            .collect(),
        to,
        tame: sequence.first_wild.is_none(),
        first_wild: sequence.first_wild.map(|wild| WildReport {
            heap: wild.heap,
            position: wild.position,
            genus: wild.genus.to_string(),
        }),
        prefix_only: true,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec;

    /// Bouton's rule lists exactly what the search lists (issue 13 added the rule to `moves`,
    /// so that a Nim position of 50,000 heaps is answered without a search).
    #[test]
    fn nim_moves_by_bouton_match_the_search() -> Result<()> {
        for text in [
            "nim(3,4,5)",
            "nim(1,1,1)",
            "nim(1,1)",
            "nim(2,1) + *3",
            "*1 + nim(0,2) + nim(5)",
            "nim(7)",
            "0",
        ] {
            let sum = spec::parse(text)?;
            let by_rule = nim_moves(&sum, Limits::default())?.expect("only Nim heaps");
            assert_eq!(by_rule, searched_moves(&sum, Limits::default())?, "{text}");
        }
        assert!(nim_moves(&spec::parse("nim(3) + kayles(2)")?, Limits::default())?.is_none());
        Ok(())
    }
}
