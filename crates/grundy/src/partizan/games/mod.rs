//! Partizan rulesets and the solver that values their positions: a position's value is the
//! canonical form of its options' values, each part of a position (an independent region)
//! valued once and the parts added.
//!
//! One file a ruleset: `hackenbush` (Blue-Red-Green strings), `hackenbush_graph` (on
//! graphs), `domineering`, `toads` (Toads and Frogs), `clobber`, `cutcake`, `colouring` (Col
//! and Snort on graphs); `grid` the boards they share; `position` a position of any of them as
//! a term of a sum, with its moves written back as spec text.

mod clobber;
mod colouring;
mod cutcake;
mod domineering;
mod grid;
mod hackenbush;
mod hackenbush_graph;
mod position;
mod toads;

pub use clobber::{Clobber, ClobberBoard};
pub use colouring::{Colouring, ColouringGame, PaintedGraph, Painting};
pub use cutcake::Cutcake;
pub use domineering::Domineering;
pub use grid::Grid;
pub use hackenbush::HackenbushString;
pub use hackenbush_graph::{EdgeColour, HackenbushGraph, MAX_HACKENBUSH_EDGES};
pub use position::{GraphPosition, Position, Valued};
pub use toads::ToadsAndFrogs;

use std::hash::Hash;

use rustc_hash::FxHashMap;

use super::table::{Game, Games};
use crate::error::{Error, Limit, Result};
use crate::game::Limits;

/// The moves of a partizan game.
pub trait PartizanRuleset {
    /// A position, or one independent part of it.
    type Position: Clone + Eq + Hash;

    /// The positions Left (`left`) or Right can move to.
    fn moves(&self, position: &Self::Position, left: bool) -> Vec<Self::Position>;

    /// The independent parts whose sum `position` is, each in a canonical form shared by
    /// equal parts (by default the position itself). Parts worth 0 may be left out.
    fn parts(&self, position: &Self::Position) -> Vec<Self::Position> {
        vec![position.clone()]
    }

    /// A position whose value is the negative of `position`'s, when the rules have one (the
    /// board with Left's and Right's pieces swapped): the solver values one of the pair and
    /// negates it for the other. By default none.
    fn mirror(&self, _position: &Self::Position) -> Option<Self::Position> {
        None
    }
}

/// The default bound on the parts a solver remembers.
pub const DEFAULT_MAX_POSITIONS: usize = 2_000_000;

/// Values positions of a ruleset, remembering every part valued. Its work (each part valued
/// counts one, and one for each of its moves) is checked against [`Limits::max_work`] and the
/// cancel flag with [`Limits::check_work`].
///
/// # Example
/// ```
/// use grundy::partizan::games::{Domineering, Grid, PartizanSolver};
/// use grundy::partizan::Games;
/// let mut games = Games::new();
/// let mut solver = PartizanSolver::new(Domineering);
/// let value = solver.value(&mut games, &Grid::rectangle(2, 2)?)?;
/// assert_eq!(games.format(value)?, "+-1");
/// # Ok::<(), grundy::Error>(())
/// ```
pub struct PartizanSolver<R: PartizanRuleset> {
    rules: R,
    memo: FxHashMap<R::Position, Game>,
    limits: Limits,
    work: u64,
}

impl<R: PartizanRuleset> PartizanSolver<R> {
    /// A solver of `rules`, bounded by [`DEFAULT_MAX_POSITIONS`].
    pub fn new(rules: R) -> PartizanSolver<R> {
        PartizanSolver::with_max_positions(rules, DEFAULT_MAX_POSITIONS)
    }

    /// A solver that remembers at most `max_positions` parts, failing with
    /// [`Limit::Positions`] beyond, with no bound on its work.
    pub fn with_max_positions(rules: R, max_positions: usize) -> PartizanSolver<R> {
        let limits = Limits {
            max_positions: u64::try_from(max_positions).unwrap_or(u64::MAX),
            max_work: u64::MAX,
            ..Limits::DEFAULT
        };
        PartizanSolver::with_limits(rules, limits)
    }

    /// A solver bounded by `limits`: at most [`Limits::max_positions`] parts remembered,
    /// [`Limits::max_work`] work, and stopped by [`Limits::cancel`].
    ///
    /// ```
    /// use grundy::partizan::games::{Domineering, Grid, PartizanSolver};
    /// use grundy::partizan::Games;
    /// use grundy::{ErrorKind, Limit, Limits};
    /// let limits = Limits { max_work: 100, ..Limits::DEFAULT };
    /// let mut solver = PartizanSolver::with_limits(Domineering, limits);
    /// let error = solver.value(&mut Games::new(), &Grid::rectangle(4, 4)?).unwrap_err();
    /// assert!(matches!(error.kind(), ErrorKind::LimitExceeded { limit: Limit::Work, .. }));
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn with_limits(rules: R, limits: Limits) -> PartizanSolver<R> {
        PartizanSolver {
            rules,
            memo: FxHashMap::default(),
            limits,
            work: 0,
        }
    }

    /// Bounds the solver by `limits` from now on, its work counted afresh from 0 (what it
    /// has valued stays remembered): a new question with its own budget.
    pub fn restart(&mut self, limits: Limits) {
        self.limits = limits;
        self.work = 0;
    }

    /// The work done so far: parts valued and their moves.
    pub fn work(&self) -> u64 {
        self.work
    }

    /// Counts `work` as done already (by other solvers of the same question), so that the
    /// work limit bounds them all together.
    pub fn add_work(&mut self, work: u64) {
        self.work = self.work.saturating_add(work);
    }

    /// The ruleset.
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// How many parts have been valued.
    pub fn positions(&self) -> usize {
        self.memo.len()
    }

    /// The value of `position`: the sum of its parts' values.
    ///
    /// # Errors
    /// The position or canonical-form limits.
    pub fn value(&mut self, games: &mut Games, position: &R::Position) -> Result<Game> {
        let mut total = games.zero();
        for part in self.rules.parts(position) {
            let value = self.part_value(games, &part)?;
            total = games.add(total, value)?;
        }
        Ok(total)
    }

    fn part_value(&mut self, games: &mut Games, part: &R::Position) -> Result<Game> {
        if let Some(&known) = self.memo.get(part) {
            return Ok(known);
        }
        let mirror = self.rules.mirror(part);
        if let Some(&known) = mirror.as_ref().and_then(|mirror| self.memo.get(mirror)) {
            return games.neg(known);
        }
        let max = self.limits.max_positions;
        if u64::try_from(self.memo.len()).unwrap_or(u64::MAX) >= max {
            return Err(Error::limit(Limit::Positions, max));
        }
        let (left_moves, right_moves) =
            (self.rules.moves(part, true), self.rules.moves(part, false));
        let moves = u64::try_from(left_moves.len() + right_moves.len()).unwrap_or(u64::MAX);
        self.work = self.work.saturating_add(moves).saturating_add(1);
        self.limits.check_work(self.work)?;
        let mut left = Vec::with_capacity(left_moves.len());
        for option in &left_moves {
            left.push(self.value(games, option)?);
        }
        let mut right = Vec::with_capacity(right_moves.len());
        for option in &right_moves {
            right.push(self.value(games, option)?);
        }
        let value = games.game(&left, &right)?;
        self.memo.insert(part.clone(), value);
        Ok(value)
    }
}
