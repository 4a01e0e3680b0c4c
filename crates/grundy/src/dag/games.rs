//! The games [`walk`](super::walk::walk) walks, through the [`Walk`] trait: sums without
//! cycles ([`Ordinary`], valued by Sprague-Grundy or by misère search) and whole positions of
//! games with cycles ([`Loopy`], valued by generalised values).

use crate::error::Result;
use crate::loopy::{LoopySolver, LoopyValue};
use crate::misere::MisereSolver;
use crate::sum::Sum;
use crate::whole::Position;

/// One move of a position, as a [`Walk`] lists it.
pub(super) struct Step<N> {
    pub(super) result: N,
    /// The value of the whole position after the move.
    pub(super) value: LoopyValue,
    pub(super) component: String,
    pub(super) description: String,
}

/// What the breadth-first walk needs of a game: its positions' names and moves with values.
pub(super) trait Walk {
    /// A position.
    type Node;
    /// The value of a position.
    fn value(&mut self, node: &Self::Node) -> Result<LoopyValue>;
    /// Every move with the value it leads to.
    fn moves(&mut self, node: &Self::Node) -> Result<Vec<Step<Self::Node>>>;
    /// Where every move leads, values aside (to count positions left out).
    fn results(&mut self, node: &Self::Node) -> Result<Vec<Self::Node>>;
    /// The components' spec texts, term by term.
    fn components(&mut self, node: &Self::Node) -> Vec<Vec<String>>;
    /// The position as spec text.
    fn spec(&mut self, node: &Self::Node) -> String;

    /// The name equal positions share: their components sorted (sums also take each
    /// component's representative, [`Sum::canonical_key`]).
    fn key(&mut self, node: &Self::Node) -> String {
        let mut parts = self.components(node).concat();
        parts.sort_by(|a, b| a.len().cmp(&b.len()).then_with(|| a.cmp(b)));
        joined(parts)
    }

    /// Whether the components appear in the order of `key`, so that the position reads well.
    fn in_key_order(&mut self, node: &Self::Node, key: &str) -> bool {
        joined(self.components(node).concat()) == key
    }
}

/// Spec texts joined by `+`; `0` for none.
fn joined(parts: Vec<String>) -> String {
    if parts.is_empty() {
        "0".to_string()
    } else {
        parts.join(" + ")
    }
}

/// Games without cycles: sums, valued by the Sprague-Grundy theorem, or in misère play by the
/// misère values a search of whole positions finds.
pub(super) struct Ordinary {
    pub(super) misere: Option<MisereSolver>,
}

impl Walk for Ordinary {
    type Node = Sum;

    fn value(&mut self, sum: &Sum) -> Result<LoopyValue> {
        let value = match &mut self.misere {
            None => sum.value()?,
            Some(solver) => {
                let state = solver.graph().state_of(sum)?;
                solver.genus(&state)?.misere_value()
            }
        };
        Ok(LoopyValue::Finite(value))
    }

    fn moves(&mut self, sum: &Sum) -> Result<Vec<Step<Sum>>> {
        let mut steps = Vec::new();
        for sum_move in sum.moves()? {
            let value = match self.misere {
                None => LoopyValue::Finite(sum_move.total_value),
                Some(_) => self.value(&sum_move.result)?,
            };
            steps.push(Step {
                result: sum_move.result,
                value,
                component: sum_move.from,
                description: sum_move.description,
            });
        }
        Ok(steps)
    }

    fn results(&mut self, sum: &Sum) -> Result<Vec<Sum>> {
        Ok(sum.moves()?.into_iter().map(|m| m.result).collect())
    }

    fn components(&mut self, sum: &Sum) -> Vec<Vec<String>> {
        sum.terms()
            .iter()
            .map(|term| (0..term.len()).map(|i| term.format_component(i)).collect())
            .collect()
    }

    fn spec(&mut self, sum: &Sum) -> String {
        sum.format()
    }

    fn key(&mut self, sum: &Sum) -> String {
        sum.canonical_key()
    }
}

/// Games with cycles: whole positions, valued by generalised Sprague-Grundy values.
pub(super) struct Loopy {
    pub(super) solver: LoopySolver,
}

impl Walk for Loopy {
    type Node = Position;

    fn value(&mut self, position: &Position) -> Result<LoopyValue> {
        let state = self.solver.graph().state(&position.terms)?;
        self.solver.value_of_state(&state)
    }

    fn moves(&mut self, position: &Position) -> Result<Vec<Step<Position>>> {
        let moves = self.solver.graph().position_moves(position)?;
        let mut steps = Vec::with_capacity(moves.len());
        for position_move in moves {
            steps.push(Step {
                value: self.value(&position_move.result)?,
                result: position_move.result,
                component: position_move.from,
                description: position_move.description,
            });
        }
        Ok(steps)
    }

    fn results(&mut self, position: &Position) -> Result<Vec<Position>> {
        let moves = self.solver.graph().position_moves(position)?;
        Ok(moves.into_iter().map(|m| m.result).collect())
    }

    fn components(&mut self, position: &Position) -> Vec<Vec<String>> {
        position
            .terms
            .iter()
            .enumerate()
            .map(|(term, ids)| {
                let table = self.solver.graph().table(term);
                ids.iter().map(|&id| table.format(&[id])).collect()
            })
            .collect()
    }

    fn spec(&mut self, position: &Position) -> String {
        self.solver.graph().format_position(position)
    }
}
