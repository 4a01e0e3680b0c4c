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
//! where a winning move has the fields of [`MoveReport`], `target_value` being the misère value
//! of the component after the move.

use serde::Serialize;

use super::{MoveEntry, MoveReport, SCHEMA};
use crate::error::Result;
use crate::game::Limits;
use crate::misere::{heap_sequence, Genus, MisereSolver};
use crate::rules::HeapRule;
use crate::sum::Sum;
use crate::whole::{Position, PositionMove};

/// The misère value of a sum, its outcome, its components and every winning move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MisereValueReport {
    /// [`SCHEMA`].
    pub schema: u32,
    /// The sum as spec text.
    pub spec: String,
    /// Always `"misere"`.
    pub play: String,
    /// The misère Grundy value of the whole sum.
    pub value: u64,
    /// `"N"` or `"P"` in misère play.
    pub outcome: String,
    /// The genus of the whole sum (`g^γ₀γ₁…`, see [`crate::misere`]).
    pub genus: String,
    /// Each component alone, left to right.
    pub components: Vec<MisereComponentReport>,
    /// Every move to a misère P-position; empty when the outcome is P.
    pub winning_moves: Vec<MoveReport>,
}

/// One component of a sum in misère play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MisereComponentReport {
    /// The component as spec text.
    pub spec: String,
    /// Its misère Grundy value, played alone.
    pub value: u64,
    /// Its genus.
    pub genus: String,
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
    /// The misère Grundy value of the sum.
    pub value: u64,
    /// `"N"` or `"P"` in misère play.
    pub outcome: String,
    /// Every move; `value_after` is the misère value after it, and a move wins when it is 0.
    pub moves: Vec<MoveEntry>,
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
    genus: Genus,
}

impl Misere {
    fn new(sum: &Sum, limits: Limits) -> Result<Misere> {
        let mut solver = MisereSolver::new(sum, limits)?;
        let position = solver.graph().position_of(sum)?;
        let state = solver.graph().state(&position.terms)?;
        let genus = solver.genus(&state)?;
        Ok(Misere {
            solver,
            position,
            genus,
        })
    }

    fn genus_of_parts(&mut self, term: usize, ids: &[u32]) -> Result<Genus> {
        let mut positions = vec![Vec::new(); self.position.terms.len()];
        positions[term] = ids.to_vec();
        let state = self.solver.graph().state(&positions)?;
        self.solver.genus(&state)
    }

    fn components(&mut self) -> Result<Vec<MisereComponentReport>> {
        let mut reports = Vec::new();
        for (term, ids) in self.position.terms.clone().into_iter().enumerate() {
            for id in ids {
                let genus = self.genus_of_parts(term, &[id])?;
                reports.push(MisereComponentReport {
                    spec: self.solver.graph().table(term).format(&[id]),
                    value: genus.misere_value().value(),
                    genus: genus.to_string(),
                });
            }
        }
        Ok(reports)
    }

    /// Every move with its report and the misère value after it.
    fn moves(&mut self) -> Result<Vec<(MoveReport, u64)>> {
        let moves: Vec<PositionMove> = self.solver.graph().position_moves(&self.position)?;
        let mut reports = Vec::with_capacity(moves.len());
        for candidate in moves {
            let component_genus = self.genus_of_parts(candidate.term, &candidate.parts)?;
            let state = self.solver.graph().state(&candidate.result.terms)?;
            let after = self.solver.genus(&state)?;
            reports.push((
                MoveReport {
                    component: candidate.component,
                    from: candidate.from,
                    to: candidate.to,
                    target_value: component_genus.misere_value().value(),
                    description: candidate.description,
                    result: self.solver.graph().format_position(&candidate.result),
                },
                after.misere_value().value(),
            ));
        }
        Ok(reports)
    }
}

fn outcome_letter(genus: &Genus) -> String {
    genus.misere_outcome().letter().to_string()
}

/// Analyses a sum in misère play: misère value, outcome, genus, components and every winning
/// move.
///
/// # Errors
/// A cycle (misère play of games with cycles is not analysed), or a limit reached.
///
/// # Example
/// ```
/// use grundy::{analysis::misere, spec, Limits};
/// let report = misere::value(&spec::parse("nim(1,1,1)")?, Limits::default())?;
/// assert_eq!((report.value, report.outcome.as_str()), (0, "P"));
/// let report = misere::value(&spec::parse("nim(2,2,1)")?, Limits::default())?;
/// let moves: Vec<&str> = report.winning_moves.iter().map(|m| m.result.as_str()).collect();
/// assert_eq!(moves, ["nim(2,2)"]); // take the single token
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn value(sum: &Sum, limits: Limits) -> Result<MisereValueReport> {
    let mut misere = Misere::new(sum, limits)?;
    let components = misere.components()?;
    let winning_moves = misere
        .moves()?
        .into_iter()
        .filter(|(_, after)| *after == 0)
        .map(|(report, _)| report)
        .collect();
    Ok(MisereValueReport {
        schema: SCHEMA,
        spec: sum.format(),
        play: "misere".to_string(),
        value: misere.genus.misere_value().value(),
        outcome: outcome_letter(&misere.genus),
        genus: misere.genus.to_string(),
        components,
        winning_moves,
    })
}

/// Lists every move of a sum in misère play with the misère value it leads to.
///
/// # Errors
/// As for [`value`].
pub fn moves(sum: &Sum, limits: Limits) -> Result<MisereMovesReport> {
    let mut misere = Misere::new(sum, limits)?;
    let moves = misere
        .moves()?
        .into_iter()
        .map(|(summary, value_after)| MoveEntry {
            summary,
            value_after,
            winning: value_after == 0,
        })
        .collect();
    Ok(MisereMovesReport {
        schema: SCHEMA,
        spec: sum.format(),
        play: "misere".to_string(),
        value: misere.genus.misere_value().value(),
        outcome: outcome_letter(&misere.genus),
        moves,
    })
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
