//! Play by a misère quotient ([`Judge::Quotient`]) on heaps of any size, none of it listing
//! every move of a heap too large to list.
//!
//! - **Moves.** When the quotient is that of the whole game, a heap whose classes of moves
//!   whose parts have equal elements ([`periodic_move_classes`]) are fewer than its moves (`kayles(10^18)`, `kayles(400000)`) lists one move per class: the class's
//!   least split, with the class's size as [`PositionMove::count`]; other heaps list every
//!   move.
//! - **Outcome.** The product of the heaps' elements, in the P-portion or not
//!   ([`outcome_of_heaps`]); no state of the whole sum is built.
//! - **The computer's move.** With `others[i]` the product of every component's element but
//!   `i`'s (prefix and suffix products), a move of component `i` to the parts `p₁ + … + pⱼ`
//!   wins exactly when `others[i] · e(p₁) ⋯ e(pⱼ)` lies in the P-portion: one multiplication a
//!   listed move. Every move of a class leaves equal elements, so the class's listed move wins
//!   when any of its moves does.
//! - **A typed position.** [`Game::move_to_heaps`]: the heaps before and after differ by one
//!   heap and the parts it became, and the rule says whether that is a move (for a code, by
//!   its digit for the tokens removed), so a move of a heap of `10^18` that no class lists
//!   (any split) can be played.

use super::judge::Judge;
use super::{Choice, Game};
use crate::error::{Error, Result};
use crate::game::{check_move_count, Outcome, Ruleset};
use crate::quotient::{heap_element, outcome_of_heaps, periodic_move_classes, Quotient};
use crate::rules::HeapRule;
use crate::table::PositionTable;
use crate::whole::{ClassMoves, Position, PositionMove};

impl Game {
    /// A game of misère play from `sum`, a sum of heaps, judged by `quotient` whatever its size
    /// (the tests' way to pick the judge).
    #[cfg(test)]
    pub(crate) fn by_quotient(
        sum: &crate::sum::Sum,
        quotient: std::sync::Arc<Quotient>,
    ) -> Result<Game> {
        let graph = crate::whole::SumGraph::new(sum, crate::Limits::default())?;
        let position = graph.position_of(sum)?;
        Ok(Game {
            graph,
            play: crate::whole::Play::Misere,
            loopy: false,
            judge: Judge::Quotient(quotient),
            start: position.clone(),
            position,
            moves: None,
        })
    }

    /// The quotient judging this game, when one does.
    pub(super) fn quotient(&self) -> Option<&Quotient> {
        match &self.judge {
            Judge::Quotient(quotient) => Some(quotient),
            _ => None,
        }
    }

    /// The heap game of the position, when every component is a heap of one game.
    pub fn heap_rule(&self) -> Option<HeapRule> {
        self.graph.heaps(&self.position).map(|(rule, _)| rule)
    }

    /// The heaps of `position`, in order, when every component is a heap of one game.
    pub(super) fn heaps_of(&self, position: &Position) -> Result<Vec<u64>> {
        if position.terms.iter().all(Vec::is_empty) {
            return Ok(Vec::new());
        }
        let (_, heaps) = self.graph.heaps(position).ok_or_else(|| {
            Error::invalid_position("a move of a heap game left a part that is not a heap")
        })?;
        Ok(heaps.iter().map(|component| component.heap).collect())
    }

    /// The moves of the position when a quotient judges: as
    /// [`SumGraph::position_moves`](crate::whole::SumGraph::position_moves), but a heap with
    /// too many moves to list has one per class of the period (see the module docs).
    pub(super) fn quotient_moves(&mut self) -> Result<Vec<PositionMove>> {
        let Judge::Quotient(quotient) = &self.judge else {
            return self.graph.position_moves(&self.position);
        };
        let Some(periodicity) = quotient.periodicity() else {
            return self.graph.position_moves(&self.position);
        };
        let mut classes = |table: &dyn PositionTable, id: u32| -> Result<Option<ClassMoves>> {
            let (Some(rule), Some(heap)) = (table.heap_rule(), table.heap(id)) else {
                return Ok(None);
            };
            let Some(classes) = periodic_move_classes(&rule, periodicity, heap) else {
                return Ok(None);
            };
            // By class only where that lists fewer moves.
            let total: u64 = classes.iter().map(|class| class.count).sum();
            if total <= classes.len() as u64 {
                return Ok(None);
            }
            let mut moves = Vec::with_capacity(classes.len());
            for class in classes {
                let mut ids = Vec::with_capacity(class.parts.len());
                for &part in &class.parts {
                    match table.heap_id(part)? {
                        Some(part) => ids.push(part),
                        None => return Ok(None),
                    }
                }
                moves.push((ids, class.count));
            }
            Ok(Some(moves))
        };
        self.graph.position_moves_with(&self.position, &mut classes)
    }

    /// The outcome of `position` by the quotient, when one judges.
    pub(super) fn quotient_outcome(&self, position: &Position) -> Result<Option<Outcome>> {
        match self.quotient() {
            Some(quotient) => outcome_of_heaps(quotient, &self.heaps_of(position)?).map(Some),
            None => Ok(None),
        }
    }

    /// The computer's move by the quotient (see the module docs): the first listed move to a
    /// P-position, else the first move (every move loses against perfect play).
    pub(super) fn quotient_choice(&mut self) -> Result<Option<Choice>> {
        let Judge::Quotient(quotient) = &self.judge else {
            return Ok(None);
        };
        let quotient = std::sync::Arc::clone(quotient);
        let moves = self.moves()?;
        if moves.is_empty() {
            return Err(Error::invalid_position(
                "the game is over: there is no move",
            ));
        }
        let heaps = self.heaps_of(&self.position)?;
        let elements = heaps
            .iter()
            .map(|&heap| element(&quotient, heap))
            .collect::<Result<Vec<u32>>>()?;
        let monoid = quotient.monoid();
        let others = monoid.others(&elements);
        for (index, candidate) in moves.iter().enumerate() {
            let table = self.graph.table(candidate.term);
            let mut after = others[candidate.component];
            for &part in &candidate.parts {
                let heap = table.heap(part).ok_or_else(|| {
                    Error::invalid_position("a move of a heap game left a part that is not a heap")
                })?;
                after = monoid.mul(after, element(&quotient, heap)?);
            }
            if quotient.is_p(after) {
                return Ok(Some(Choice {
                    index,
                    reason: "it leaves a misère P-position: whatever the reply, whoever replies \
                             can be made to take the last move"
                        .to_string(),
                }));
            }
        }
        Ok(Some(Choice {
            index: 0,
            reason: "every move loses against perfect play; this one hopes for a slip".to_string(),
        }))
    }

    /// The move to the position whose heaps are `heaps` (of this game's heap rule, in any
    /// order), checked against the rule without listing the heap's moves: its index in
    /// [`moves`](Game::moves), where it is added when no listed move leads there (a move of a
    /// heap listed by class).
    ///
    /// # Errors
    /// Heaps that no single move leads to, or a game that is not a sum of heaps of one game.
    ///
    /// # Example
    /// ```
    /// use grundy::{play::Game, spec, Limits, Play};
    /// let mut game = Game::new(&spec::parse("kayles(10^18, 5)")?, Play::Misere, Limits::default())?;
    /// // Take 1 from the middle of the huge heap: no class lists that split, yet it is a move.
    /// let index = game.move_to_heaps(&[5, 400_000, 10u64.pow(18) - 400_001])?;
    /// game.make_move(index)?;
    /// assert_eq!(game.position(), "kayles(5,400000,999999999999599999)");
    /// assert!(game.move_to_heaps(&[5, 3]).is_err());
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn move_to_heaps(&mut self, heaps: &[u64]) -> Result<usize> {
        let Some((rule, components)) = self.graph.heaps(&self.position) else {
            return Err(Error::invalid_position(
                "only a sum of heaps of one game takes a move typed as heaps",
            ));
        };
        let mut before: Vec<u64> = components.iter().map(|c| c.heap).collect();
        let mut after: Vec<u64> = heaps.iter().copied().filter(|&heap| heap > 0).collect();
        before.sort_unstable();
        after.sort_unstable();
        let (gone, parts) = difference(&before, &after);
        let [heap] = gone.as_slice() else {
            return Err(Error::invalid_position(
                "that position is not one move away: a move changes one heap",
            ));
        };
        if !is_heap_move(&rule, *heap, &parts, self.graph.limits())? {
            return Err(Error::invalid_position(format!(
                "no move of {} leaves {}",
                rule.format(&[*heap]),
                crate::game::format_sorted(&rule, &parts)
            )));
        }
        // The listed move to those heaps, when there is one.
        let moves = self.moves()?;
        for (index, candidate) in moves.iter().enumerate() {
            let mut reached = self.heaps_of(&candidate.result)?;
            reached.retain(|&heap| heap > 0);
            reached.sort_unstable();
            if reached == after {
                return Ok(index);
            }
        }
        let component = components
            .iter()
            .position(|c| c.heap == *heap)
            .ok_or_else(|| Error::invalid_position("the heap moved is not in the position"))?;
        let at = components[component];
        let table = self.graph.table(at.term);
        let id = self.position.terms[at.term][at.index];
        let mut ids = Vec::with_capacity(parts.len());
        for &part in &parts {
            ids.push(
                table
                    .heap_id(part)?
                    .ok_or_else(|| Error::invalid_position("the game's positions are not heaps"))?,
            );
        }
        let mut result = self.position.clone();
        result.terms[at.term].splice(at.index..=at.index, ids.iter().copied());
        let typed = PositionMove {
            component,
            term: at.term,
            index: at.index,
            from: table.format(&[id]),
            to: table.format(&ids),
            description: table.describe(id, &ids),
            parts: ids,
            result,
            count: 1,
        };
        let mut moves = moves;
        moves.push(typed);
        self.moves = Some(moves);
        Ok(self.moves.as_ref().map_or(0, |moves| moves.len() - 1))
    }
}

/// The element of a heap of `heap` in `quotient`.
fn element(quotient: &Quotient, heap: u64) -> Result<u32> {
    heap_element(quotient, heap).ok_or_else(|| {
        Error::invalid_position(format!(
            "heap {heap} is beyond the heaps the quotient covers (1 to {})",
            quotient.atoms()
        ))
    })
}

/// What `before` holds that `after` does not, and what `after` holds that `before` does not
/// (both sorted multisets).
fn difference(before: &[u64], after: &[u64]) -> (Vec<u64>, Vec<u64>) {
    let (mut gone, mut added) = (Vec::new(), Vec::new());
    let (mut i, mut j) = (0, 0);
    while i < before.len() || j < after.len() {
        match (before.get(i), after.get(j)) {
            (Some(a), Some(b)) if a == b => (i, j) = (i + 1, j + 1),
            (Some(a), Some(b)) if a < b => {
                gone.push(*a);
                i += 1;
            }
            (Some(_), Some(b)) | (None, Some(b)) => {
                added.push(*b);
                j += 1;
            }
            (Some(a), None) => {
                gone.push(*a);
                i += 1;
            }
            (None, None) => break,
        }
    }
    (gone, added)
}

/// Whether a heap of `heap` of `rule` has a move to the nonzero heaps `parts` (sorted): by
/// its listed moves when they can be listed, else, for a take-and-break code with no tail,
/// by the digit of the tokens removed.
///
/// # Errors
/// A heap with too many moves to list of a rule that is not such a code.
fn is_heap_move(rule: &HeapRule, heap: u64, parts: &[u64], limits: crate::Limits) -> Result<bool> {
    match check_move_count(rule, &heap, limits) {
        Ok(()) => {
            let mut listed = Vec::new();
            rule.try_moves(&heap, &mut listed)?;
            Ok(listed.iter().any(|move_parts| {
                let mut left: Vec<u64> = move_parts.iter().copied().filter(|&p| p > 0).collect();
                left.sort_unstable();
                left == parts
            }))
        }
        Err(error) if error.is_limit() => {
            let HeapRule::TakeBreak(code) = rule else {
                return Err(error);
            };
            if code.tail().is_some() || code.max_parts() > 2 {
                return Err(error);
            }
            let rest = parts
                .iter()
                .try_fold(0u64, |total, &part| total.checked_add(part));
            let Some(take) = rest
                .and_then(|rest| heap.checked_sub(rest))
                .filter(|&t| t > 0)
            else {
                return Ok(false);
            };
            let rest = heap - take;
            let digit = code.digit(take);
            Ok(match parts {
                [] => digit.takes_all(),
                [_] => digit.leaves_one(),
                [small, _] => digit.splits_two() && *small <= code.largest_small_part(rest),
                _ => false,
            })
        }
        Err(error) => Err(error),
    }
}
