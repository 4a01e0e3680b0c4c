//! Positions of one ruleset named by small ids, for searches over whole sums.
//!
//! Normal play splits a sum into values, so a ruleset's positions never meet. Misère play,
//! games with cycles and play against the computer need the whole sum: a position of a sum is
//! then a multiset of component positions, and each component is best named by a small integer.
//! A [`PositionTable`] hands out those ids, lists and remembers each position's moves, and maps
//! a position to its canonical representative. It keeps positions exactly as the ruleset gave
//! them, so that games print as the player wrote them; searches key their memos by canonical
//! ids instead.
//!
//! This module knows no ruleset by name, except that [`PositionTable::nim_heap`] recognises
//! Nim, so that closed forms such as Bouton's rule for misère Nim can apply, and that
//! [`PositionTable::heap`], [`PositionTable::coin_row`] and [`PositionTable::squares`] hand out
//! the heaps of the built-in heap games, the rows of coin-turning games and the squares of Cram
//! and Chomp, which a face draws ([`crate::analysis::board`]).

use std::any::Any;
use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Mutex, MutexGuard};

use crate::coin_solver::CoinSolver;
use crate::error::{Error, Limit, Result};
use crate::game::{check_move_count, format_sorted, Evaluator, Parts, Ruleset, Solver};
use crate::heap::HeapSolver;
use crate::nimber::Nimber;
use crate::rules::{ChompBoard, CoinRow, CoinTurning, CramBoard, HeapRule, Nim};

/// The moves of one position, each as the ids of the parts it leaves.
pub type IdMoves = Arc<[Parts<u32>]>;

/// The positions of one ruleset met in a search, each named by an id (`0, 1, 2, ...`).
///
/// Ids name positions exactly as the ruleset produced them; [`canonical`](Self::canonical)
/// gives the id of the representative that equivalent positions share. Tables are shared by
/// every copy of a [`crate::sum::Term`], so ids stay valid across the positions a game passes
/// through.
pub trait PositionTable: Send {
    /// The moves of position `id`, each as the ids of the parts it leaves; the list is made once
    /// and remembered.
    ///
    /// # Errors
    /// An unknown id; a position with more moves than [`crate::Limits::max_moves`]; more
    /// positions than [`crate::Limits::max_positions`].
    fn moves(&self, id: u32) -> Result<IdMoves>;

    /// The id of the canonical representative of position `id` (see [`Ruleset::canonical`]).
    ///
    /// # Errors
    /// An unknown id, or the position limit.
    fn canonical(&self, id: u32) -> Result<u32>;

    /// The move from `from` to the parts `to`, in words ([`Ruleset::describe`]).
    fn describe(&self, from: u32, to: &[u32]) -> String;

    /// The sum of the positions `ids` as spec text, sorted as [`crate::format_sorted`] sorts
    /// them; `0` when empty.
    fn format(&self, ids: &[u32]) -> String;

    /// The normal-play Grundy value of position `id`, from the term's evaluator.
    ///
    /// # Errors
    /// A cycle, a limit, or an unknown id.
    fn value(&self, id: u32) -> Result<Nimber>;

    /// The heap size when position `id` is a heap of plain Nim; `None` for every other game.
    fn nim_heap(&self, id: u32) -> Option<u64>;

    /// The rule when every position of this table is a heap of a built-in heap game.
    fn heap_rule(&self) -> Option<HeapRule>;

    /// The heap size of position `id` when [`heap_rule`](Self::heap_rule) is known.
    fn heap(&self, id: u32) -> Option<u64>;

    /// The id of a heap of `heap` when [`heap_rule`](Self::heap_rule) is known (named when new,
    /// its moves not listed): how play names the parts of a heap too large to list the moves
    /// of. `None` for every other game.
    ///
    /// # Errors
    /// The position limit.
    fn heap_id(&self, heap: u64) -> Result<Option<u32>>;

    /// The coins of position `id` when it is a row of a coin-turning game ([`CoinTurning`]);
    /// `None` for every other game.
    fn coin_row(&self, id: u32) -> Option<CoinRow>;

    /// The squares of position `id` when it is a board of Cram or Chomp; `None` for every other
    /// game.
    fn squares(&self, id: u32) -> Option<Squares>;
}

/// A position of a game played on squares, as a face draws it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Squares {
    /// The game, which says what a move does to the squares.
    pub game: SquareGame,
    /// The rows of the frame.
    pub height: u32,
    /// The columns of the frame.
    pub width: u32,
    /// The squares in play, `(row, column)` from 0: the empty squares of a Cram board, the
    /// squares left of a Chomp board.
    pub squares: Vec<(u32, u32)>,
}

/// A game played on squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SquareGame {
    /// A move covers two empty squares side by side ([`crate::rules::Cram`]).
    Cram,
    /// A move takes a square and every square below and right of it ([`crate::rules::Chomp`]).
    Chomp,
}

impl Squares {
    fn of_cram(board: &CramBoard) -> Squares {
        let (height, width) = board.frame();
        Squares {
            game: SquareGame::Cram,
            height,
            width,
            squares: board.empty_squares().to_vec(),
        }
    }

    fn of_chomp(board: &ChompBoard) -> Squares {
        let rows = board.rows();
        Squares {
            game: SquareGame::Chomp,
            height: rows.len() as u32,
            width: board.width() as u32,
            squares: (0..)
                .zip(rows)
                .flat_map(|(r, &length)| (0..u32::from(length)).map(move |c| (r, c)))
                .collect(),
        }
    }
}

/// The positions met so far, with their canonical ids and moves: the data behind a table.
#[derive(Debug)]
pub struct Positions<P> {
    positions: Vec<P>,
    index: HashMap<P, u32>,
    canonical: Vec<Option<u32>>,
    moves: Vec<Option<IdMoves>>,
}

impl<P> Default for Positions<P> {
    fn default() -> Positions<P> {
        Positions {
            positions: Vec::new(),
            index: HashMap::new(),
            canonical: Vec::new(),
            moves: Vec::new(),
        }
    }
}

impl<P: Clone + Eq + Hash> Positions<P> {
    /// An empty table.
    pub fn new() -> Positions<P> {
        Positions::default()
    }

    /// Number of positions named so far.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether no position has been named yet.
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// The id of `position`, naming it when new.
    ///
    /// # Errors
    /// [`Limit::Positions`] when the table already holds `max_positions` positions.
    pub fn intern(&mut self, position: &P, max_positions: u64) -> Result<u32> {
        if let Some(&id) = self.index.get(position) {
            return Ok(id);
        }
        let limit = max_positions.min(u64::from(u32::MAX));
        if self.positions.len() as u64 >= limit {
            return Err(Error::limit(Limit::Positions, limit));
        }
        let id = self.positions.len() as u32;
        self.positions.push(position.clone());
        self.index.insert(position.clone(), id);
        self.canonical.push(None);
        self.moves.push(None);
        Ok(id)
    }

    /// The position named `id`.
    pub fn get(&self, id: u32) -> Option<&P> {
        self.positions.get(id as usize)
    }

    fn position(&self, id: u32) -> Result<&P> {
        self.get(id).ok_or_else(|| unknown(id))
    }
}

fn unknown(id: u32) -> Error {
    Error::invalid_position(format!("no position has id {id} in this table"))
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    // A poisoned lock means a panic elsewhere, which is already a bug; the data stays
    // consistent because entries are written only once complete.
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The [`PositionTable`] of a [`crate::sum::RulesetTerm`]: its evaluator (for the rules and
/// values) and its shared [`Positions`].
pub struct RulesetTable<E: Evaluator> {
    evaluator: Arc<Mutex<E>>,
    positions: Arc<Mutex<Positions<<E::Rules as Ruleset>::Position>>>,
}

impl<E: Evaluator> RulesetTable<E> {
    /// The table over `positions`, with the rules and values of `evaluator`.
    pub fn new(
        evaluator: Arc<Mutex<E>>,
        positions: Arc<Mutex<Positions<<E::Rules as Ruleset>::Position>>>,
    ) -> RulesetTable<E> {
        RulesetTable {
            evaluator,
            positions,
        }
    }
}

/// Whether `evaluator` plays plain Nim: the built-in ways to hold a Nim heap.
fn is_nim(evaluator: &dyn Any) -> bool {
    matches!(heap_rule_of(evaluator), Some(HeapRule::Nim(_)))
}

/// The heap game `evaluator` plays, for the built-in ways to hold one.
fn heap_rule_of(evaluator: &dyn Any) -> Option<HeapRule> {
    if evaluator.is::<HeapSolver<Nim>>() || evaluator.is::<Solver<Nim>>() {
        return Some(HeapRule::Nim(Nim));
    }
    evaluator
        .downcast_ref::<HeapSolver<HeapRule>>()
        .map(|solver| solver.rules().clone())
        .or_else(|| {
            evaluator
                .downcast_ref::<Solver<HeapRule>>()
                .map(|solver| solver.rules().clone())
        })
}

impl<E> PositionTable for RulesetTable<E>
where
    E: Evaluator + Send + 'static,
    <E::Rules as Ruleset>::Position: Send + 'static,
{
    fn moves(&self, id: u32) -> Result<IdMoves> {
        let evaluator = lock(&self.evaluator);
        let mut positions = lock(&self.positions);
        if let Some(Some(known)) = positions.moves.get(id as usize) {
            return Ok(Arc::clone(known));
        }
        let position = positions.position(id)?.clone();
        let limits = evaluator.limits();
        check_move_count(evaluator.rules(), &position, limits)?;
        let mut listed = Vec::new();
        evaluator.rules().try_moves(&position, &mut listed)?;
        let mut moves = Vec::with_capacity(listed.len());
        for parts in listed {
            let mut ids = Parts::new();
            for part in &parts {
                ids.push(positions.intern(part, limits.max_positions)?);
            }
            moves.push(ids);
        }
        let moves: IdMoves = moves.into();
        positions.moves[id as usize] = Some(Arc::clone(&moves));
        Ok(moves)
    }

    fn canonical(&self, id: u32) -> Result<u32> {
        let evaluator = lock(&self.evaluator);
        let mut positions = lock(&self.positions);
        if let Some(Some(known)) = positions.canonical.get(id as usize) {
            return Ok(*known);
        }
        let canonical = evaluator.rules().canonical(positions.position(id)?);
        let canonical_id = positions.intern(&canonical, evaluator.limits().max_positions)?;
        positions.canonical[id as usize] = Some(canonical_id);
        positions.canonical[canonical_id as usize] = Some(canonical_id);
        Ok(canonical_id)
    }

    fn describe(&self, from: u32, to: &[u32]) -> String {
        let evaluator = lock(&self.evaluator);
        let positions = lock(&self.positions);
        let parts: Option<Vec<_>> = to.iter().map(|&id| positions.get(id).cloned()).collect();
        match (positions.get(from), parts) {
            (Some(from), Some(parts)) => evaluator.rules().describe(from, &parts),
            _ => "?".to_string(),
        }
    }

    fn format(&self, ids: &[u32]) -> String {
        let evaluator = lock(&self.evaluator);
        let positions = lock(&self.positions);
        let known: Option<Vec<_>> = ids.iter().map(|&id| positions.get(id).cloned()).collect();
        match known {
            Some(known) => format_sorted(evaluator.rules(), &known),
            None => "?".to_string(),
        }
    }

    fn value(&self, id: u32) -> Result<Nimber> {
        let mut evaluator = lock(&self.evaluator);
        let position = lock(&self.positions).position(id)?.clone();
        evaluator.value(&position)
    }

    fn nim_heap(&self, id: u32) -> Option<u64> {
        let evaluator = lock(&self.evaluator);
        if !is_nim(&*evaluator) {
            return None;
        }
        let positions = lock(&self.positions);
        let position: &dyn Any = positions.get(id)?;
        position.downcast_ref::<u64>().copied()
    }

    fn heap_rule(&self) -> Option<HeapRule> {
        heap_rule_of(&*lock(&self.evaluator))
    }

    fn heap(&self, id: u32) -> Option<u64> {
        let guard = lock(&self.evaluator);
        let evaluator: &dyn Any = &*guard;
        let heaps = evaluator.is::<HeapSolver<Nim>>()
            || evaluator.is::<Solver<Nim>>()
            || evaluator.is::<HeapSolver<HeapRule>>()
            || evaluator.is::<Solver<HeapRule>>();
        if !heaps {
            return None;
        }
        let positions = lock(&self.positions);
        let position: &dyn Any = positions.get(id)?;
        position.downcast_ref::<u64>().copied()
    }

    fn heap_id(&self, heap: u64) -> Result<Option<u32>> {
        let evaluator = lock(&self.evaluator);
        if heap_rule_of(&*evaluator).is_none() {
            return Ok(None);
        }
        let wanted: &dyn Any = &heap;
        let Some(position) = wanted.downcast_ref::<<E::Rules as Ruleset>::Position>() else {
            return Ok(None);
        };
        let max_positions = evaluator.limits().max_positions;
        lock(&self.positions)
            .intern(position, max_positions)
            .map(Some)
    }

    fn coin_row(&self, id: u32) -> Option<CoinRow> {
        let guard = lock(&self.evaluator);
        let evaluator: &dyn Any = &*guard;
        if !(evaluator.is::<CoinSolver>() || evaluator.is::<Solver<CoinTurning>>()) {
            return None;
        }
        let positions = lock(&self.positions);
        let position: &dyn Any = positions.get(id)?;
        position.downcast_ref::<CoinRow>().copied()
    }

    fn squares(&self, id: u32) -> Option<Squares> {
        let positions = lock(&self.positions);
        let position: &dyn Any = positions.get(id)?;
        position
            .downcast_ref::<CramBoard>()
            .map(Squares::of_cram)
            .or_else(|| position.downcast_ref::<ChompBoard>().map(Squares::of_chomp))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::TakeBreak;

    fn table<E>(evaluator: E) -> RulesetTable<E>
    where
        E: Evaluator,
    {
        RulesetTable::new(
            Arc::new(Mutex::new(evaluator)),
            Arc::new(Mutex::new(Positions::new())),
        )
    }

    #[test]
    fn moves_are_listed_once_as_ids() -> Result<()> {
        let kayles = table(HeapSolver::new(HeapRule::TakeBreak(
            TakeBreak::named("kayles").ok_or(unknown(0))?,
        )));
        let three = lock(&kayles.positions).intern(&3, 100)?;
        let moves = kayles.moves(three)?;
        // Kayles on 3 pins: take one pin (leaving 2, or 1 and 1) or two adjacent pins.
        let printed: Vec<String> = moves.iter().map(|parts| kayles.format(parts)).collect();
        assert_eq!(printed, ["kayles(2)", "kayles(1,1)", "kayles(1)"]);
        assert!(Arc::ptr_eq(&moves, &kayles.moves(three)?));
        assert_eq!(
            kayles.describe(three, &moves[1]),
            "take 1 from 3, leaving 1 and 1"
        );
        assert_eq!(kayles.value(three)?, Nimber::new(3));
        assert_eq!(kayles.nim_heap(three), None);
        assert!(kayles.moves(99).is_err());
        Ok(())
    }

    #[test]
    fn nim_heaps_are_recognised() -> Result<()> {
        let nim = table(HeapSolver::new(HeapRule::Nim(Nim)));
        let seven = lock(&nim.positions).intern(&7, 100)?;
        assert_eq!(nim.nim_heap(seven), Some(7));
        let plain = table(Solver::new(Nim));
        let five = lock(&plain.positions).intern(&5, 100)?;
        assert_eq!(plain.nim_heap(five), Some(5));
        Ok(())
    }

    #[test]
    fn heaps_of_heap_games_are_recognised() -> Result<()> {
        let kayles = HeapRule::TakeBreak(TakeBreak::named("kayles").expect("named"));
        let heaps = table(HeapSolver::new(kayles.clone()));
        let four = lock(&heaps.positions).intern(&4, 100)?;
        assert_eq!(
            (heaps.heap_rule(), heaps.heap(four)),
            (Some(kayles), Some(4))
        );
        assert_eq!(heaps.nim_heap(four), None);
        let plain = table(Solver::new(Nim));
        assert_eq!(plain.heap_rule(), Some(HeapRule::Nim(Nim)));
        let wythoff = table(Solver::new(crate::rules::Wythoff));
        let pair = lock(&wythoff.positions).intern(&(1, 2), 100)?;
        assert_eq!((wythoff.heap_rule(), wythoff.heap(pair)), (None, None));
        assert_eq!(heaps.coin_row(four), None);
        Ok(())
    }

    #[test]
    fn rows_of_coins_are_recognised() -> Result<()> {
        let turtles = CoinTurning(crate::rules::CoinRule::TURTLES);
        let row = CoinRow::parse("THHT")?;
        let coins = table(CoinSolver::new(turtles, crate::Limits::default()));
        let id = lock(&coins.positions).intern(&row, 100)?;
        assert_eq!((coins.coin_row(id), coins.heap(id)), (Some(row), None));
        let plain = table(Solver::new(turtles));
        let id = lock(&plain.positions).intern(&row, 100)?;
        assert_eq!(plain.coin_row(id), Some(row));
        Ok(())
    }

    #[test]
    fn canonical_ids_are_shared() -> Result<()> {
        let wythoff = table(Solver::new(crate::rules::Wythoff));
        let (a, b) = {
            let mut positions = lock(&wythoff.positions);
            (
                positions.intern(&(5, 3), 100)?,
                positions.intern(&(3, 5), 100)?,
            )
        };
        assert_eq!(wythoff.canonical(a)?, wythoff.canonical(b)?);
        assert_eq!(wythoff.format(&[a]), "wythoff(5,3)");
        Ok(())
    }

    #[test]
    fn the_table_has_a_size_limit() -> Result<()> {
        let mut positions = Positions::new();
        positions.intern(&1u64, 2)?;
        positions.intern(&2u64, 2)?;
        assert!(positions.intern(&3u64, 2).unwrap_err().is_limit());
        assert_eq!(positions.intern(&1u64, 2)?, 0);
        Ok(())
    }
}
