//! Partizan rulesets and the solver that values their positions: a position's value is the
//! canonical form of its options' values, each part of a position (an independent region)
//! valued once and the parts added.
//!
//! One file a ruleset: `hackenbush` (Blue-Red-Green strings), `hackenbush_graph` (on graphs), `domineering`, `toads` (Toads
//! and Frogs), `clobber`, `cutcake`, `colouring` (Col and Snort on graphs); `grid` the boards
//! they share.

mod clobber;
mod colouring;
mod cutcake;
mod domineering;
mod grid;
mod hackenbush;
mod hackenbush_graph;
mod toads;

pub use clobber::{Clobber, ClobberBoard};
pub use colouring::{Colouring, ColouringGame, Painting};
pub use cutcake::Cutcake;
pub use domineering::Domineering;
pub use grid::Grid;
pub use hackenbush::HackenbushString;
pub use hackenbush_graph::{EdgeColour, HackenbushGraph, MAX_HACKENBUSH_EDGES};
pub use toads::ToadsAndFrogs;

use std::hash::Hash;

use rustc_hash::FxHashMap;

use super::table::{Game, Games};
use crate::error::{Error, Limit, Result};

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
}

/// The default bound on the parts a solver remembers.
pub const DEFAULT_MAX_POSITIONS: usize = 2_000_000;

/// Values positions of a ruleset, remembering every part valued.
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
    max_positions: usize,
}

impl<R: PartizanRuleset> PartizanSolver<R> {
    /// A solver of `rules`, bounded by [`DEFAULT_MAX_POSITIONS`].
    pub fn new(rules: R) -> PartizanSolver<R> {
        PartizanSolver::with_max_positions(rules, DEFAULT_MAX_POSITIONS)
    }

    /// A solver that remembers at most `max_positions` parts, failing with
    /// [`Limit::Positions`] beyond.
    pub fn with_max_positions(rules: R, max_positions: usize) -> PartizanSolver<R> {
        PartizanSolver {
            rules,
            memo: FxHashMap::default(),
            max_positions,
        }
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
        if self.memo.len() >= self.max_positions {
            let max = u64::try_from(self.max_positions).unwrap_or(u64::MAX);
            return Err(Error::limit(Limit::Positions, max));
        }
        let mut left = Vec::new();
        for option in self.rules.moves(part, true) {
            left.push(self.value(games, &option)?);
        }
        let mut right = Vec::new();
        for option in self.rules.moves(part, false) {
            right.push(self.value(games, &option)?);
        }
        let value = games.game(&left, &right)?;
        self.memo.insert(part.clone(), value);
        Ok(value)
    }
}
