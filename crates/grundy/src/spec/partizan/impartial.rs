//! An impartial game as a term of a partizan sum (`kayles(5) + domineering(2x3)`). An
//! impartial game equals the nimber of its Grundy value (Sprague-Grundy: `G = *g(G)` as games,
//! not only in outcome), so the term is worth `*n`; its moves are the game's own, the same for
//! Left and Right, each with the nimber it leaves.
//!
//! Which terms are impartial: a named game that the impartial grammar reads (a heap rule and
//! its heaps, `nim(3,5)`, `kayles(5)`, `grundy(9)`, a game on a graph such as
//! `nodekayles(path(5))`, ...), whenever its name is not a partizan ruleset's. `*n` and `0`
//! are the partizan grammar's own nimbers; a take-and-break code by its digits (`0.137(5)`)
//! reads as a number there, so codes are written by name in a partizan sum (`dawson(5)`).

use super::Reader;
use crate::error::Result;
use crate::nimber::Nimber;
use crate::partizan::{ComponentMove, Game};

impl Reader<'_, '_> {
    /// The impartial term that starts at `start`, as the nimber of its Grundy value; at the top
    /// of a sum, with its moves.
    ///
    /// # Errors
    /// As the impartial grammar's term, the limits of its solver, and nimbers too large to
    /// name as a canonical form.
    pub(super) fn impartial(&mut self, start: usize) -> Result<Game> {
        self.parser.position = start;
        let term = self.parser.term()?;
        let span = start..self.parser.position;
        let values = (0..term.len())
            .map(|index| term.value(index))
            .collect::<Result<Vec<Nimber>>>()
            .map_err(|e| e.or_at(span.clone()))?;
        let total: Nimber = values.iter().copied().sum();
        let value = self
            .games
            .nimber(total.value())
            .map_err(|e| e.or_at(span.clone()))?;
        if self.depth == 1 && self.want_moves {
            let mut moves = Vec::new();
            for (index, &before) in values.iter().enumerate() {
                let listed = term.moves(index, None).map_err(|e| e.or_at(span.clone()))?;
                for option in listed {
                    let after = total ^ before ^ option.value;
                    moves.push(ComponentMove {
                        text: option.after.format(),
                        value: Some(self.games.nimber(after.value())?),
                    });
                }
            }
            self.moves = Some((self.parser.position, moves.clone(), moves, None));
        }
        Ok(value)
    }
}
