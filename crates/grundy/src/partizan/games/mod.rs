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
pub use toads::{Strip, ToadsAndFrogs};

use std::hash::Hash;

use rustc_hash::FxHashMap;

use super::table::{Game, Games};
use crate::error::{Error, ErrorKind, Limit, Result};
use crate::game::Limits;
use crate::search::{depth_first, DepthFirst, Step};

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

    /// The moves of `position` for Left (`left`) or Right, or a failure: the hook of rulesets
    /// whose moves come from a callback that can fail (a game written in Python). The solver
    /// calls this and stops with the error, remembering nothing about `position`. The default
    /// calls [`moves`](PartizanRuleset::moves) and never fails.
    ///
    /// # Errors
    /// Usually [`ErrorKind::Callback`]; whatever the ruleset
    /// reports.
    fn try_moves(&self, position: &Self::Position, left: bool) -> Result<Vec<Self::Position>> {
        Ok(self.moves(position, left))
    }

    /// `position` as text, for the error that names a cycle (the built-in rulesets have none).
    fn format(&self, _position: &Self::Position) -> String {
        "a position".to_string()
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
        let limits = Limits::DEFAULT
            .with_max_positions(u64::try_from(max_positions).unwrap_or(u64::MAX))
            .with_max_work(u64::MAX);
        PartizanSolver::with_limits(rules, limits)
    }

    /// A solver bounded by `limits`: at most [`Limits::max_positions`] parts remembered,
    /// [`Limits::max_work`] work, and stopped by [`Limits::cancel`].
    ///
    /// ```
    /// use grundy::partizan::games::{Domineering, Grid, PartizanSolver};
    /// use grundy::partizan::Games;
    /// use grundy::{ErrorKind, Limit, Limits};
    /// let limits = Limits::DEFAULT.with_max_work(100);
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

    /// The value of `position`: the sum of its parts' values, each part valued after the
    /// parts its moves lead to, depth first on a stack of its own (no recursion, so no depth
    /// limit but memory).
    ///
    /// # Errors
    /// The position, work and canonical-form limits, the ruleset's own errors
    /// ([`PartizanRuleset::try_moves`]), and [`ErrorKind::PartizanCycle`] when a position can
    /// be reached from itself.
    pub fn value(&mut self, games: &mut Games, position: &R::Position) -> Result<Game> {
        // A position valued before as a part of another is not split again.
        if let Some(&known) = self.memo.get(position) {
            return Ok(known);
        }
        let mut total = games.zero();
        for part in self.rules.parts(position) {
            let value = match self.known(games, &part)? {
                Some(value) => value,
                None => {
                    let mut walk = Walk {
                        solver: &mut *self,
                        games: &mut *games,
                    };
                    depth_first(&mut walk, part).map_err(|error| match error.kind() {
                        ErrorKind::Cycle { path } => {
                            Error::new(ErrorKind::PartizanCycle { path: path.clone() })
                        }
                        _ => error,
                    })?
                }
            };
            total = games.add(total, value)?;
        }
        Ok(total)
    }

    /// The value of `part` when it or its mirror image has been valued.
    fn known(&mut self, games: &mut Games, part: &R::Position) -> Result<Option<Game>> {
        if let Some(&known) = self.memo.get(part) {
            return Ok(Some(known));
        }
        let mirror = self.rules.mirror(part);
        let Some(&known) = mirror.as_ref().and_then(|mirror| self.memo.get(mirror)) else {
            return Ok(None);
        };
        // Remembered under this part too, so that the next look finds it at once.
        let value = games.neg(known)?;
        if u64::try_from(self.memo.len()).unwrap_or(u64::MAX) < self.limits.max_positions {
            self.memo.insert(part.clone(), value);
        }
        Ok(Some(value))
    }
}

/// A part being valued: its moves for Left then Right, the values of the moves done so far,
/// and the parts of the move being summed.
struct Frame<P> {
    part: P,
    /// Left's moves, then Right's.
    moves: Vec<P>,
    /// How many of `moves` are Left's.
    left_moves: usize,
    /// The values of the first `values.len()` moves.
    values: Vec<Game>,
    /// The parts of the next move, once listed, and the sum of those valued so far.
    current: Option<(Vec<P>, usize, Game)>,
}

/// A solver and the table it values into, walked by [`depth_first`].
struct Walk<'a, R: PartizanRuleset> {
    solver: &'a mut PartizanSolver<R>,
    games: &'a mut Games,
}

impl<R: PartizanRuleset> DepthFirst for Walk<'_, R> {
    type Node = R::Position;
    type Frame = Frame<R::Position>;
    type Answer = Game;

    fn open(&mut self, part: R::Position, depth: usize) -> Result<Frame<R::Position>> {
        let solver = &mut *self.solver;
        // Every part on the stack will be remembered once valued.
        let max = solver.limits.max_positions;
        let held = solver.memo.len().saturating_add(depth);
        if u64::try_from(held).unwrap_or(u64::MAX) >= max {
            return Err(Error::limit(Limit::Positions, max));
        }
        let mut moves = solver.rules.try_moves(&part, true)?;
        let left_moves = moves.len();
        moves.extend(solver.rules.try_moves(&part, false)?);
        let count = u64::try_from(moves.len()).unwrap_or(u64::MAX);
        solver.work = solver.work.saturating_add(count).saturating_add(1);
        solver.limits.check_work(solver.work)?;
        Ok(Frame {
            part,
            values: Vec::with_capacity(moves.len()),
            moves,
            left_moves,
            current: None,
        })
    }

    fn node<'a>(&self, frame: &'a Frame<R::Position>) -> &'a R::Position {
        &frame.part
    }

    fn advance(&mut self, frame: &mut Frame<R::Position>) -> Result<Step<R::Position>> {
        while let Some(option) = frame.moves.get(frame.values.len()) {
            let (parts, next, total) = frame
                .current
                .get_or_insert_with(|| (self.solver.rules.parts(option), 0, self.games.zero()));
            while let Some(part) = parts.get(*next) {
                match self.solver.known(self.games, part)? {
                    Some(value) => *total = self.games.add(*total, value)?,
                    None => return Ok(Step::Descend(part.clone())),
                }
                *next += 1;
            }
            frame.values.push(*total);
            frame.current = None;
        }
        Ok(Step::Done)
    }

    fn close(&mut self, frame: Frame<R::Position>) -> Result<Game> {
        let (left, right) = frame.values.split_at(frame.left_moves);
        let value = self.games.game(left, right)?;
        self.solver.memo.insert(frame.part, value);
        Ok(value)
    }

    fn format(&self, part: &R::Position) -> String {
        self.solver.rules.format(part)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::Dyadic;

    /// Left moves from `n` to `n - 1`; Right, with `cycle`, from 0 back to 3; listing the moves
    /// of `fail_at` fails, as a callback would.
    struct Chain {
        cycle: bool,
        fail_at: Option<u32>,
    }

    impl Chain {
        /// No cycle, no failure: Left counts down to 0.
        const PLAIN: Chain = Chain {
            cycle: false,
            fail_at: None,
        };
    }

    impl PartizanRuleset for Chain {
        type Position = u32;

        fn moves(&self, &n: &u32, left: bool) -> Vec<u32> {
            match (left, n) {
                (true, 1..) => vec![n - 1],
                (false, 0) if self.cycle => vec![3],
                _ => Vec::new(),
            }
        }

        fn try_moves(&self, n: &u32, left: bool) -> Result<Vec<u32>> {
            if Some(*n) == self.fail_at {
                let message = format!("no moves from {n}");
                return Err(Error::new(ErrorKind::Callback { message }));
            }
            Ok(self.moves(n, left))
        }

        fn format(&self, n: &u32) -> String {
            n.to_string()
        }
    }

    #[test]
    fn deep_games_need_no_recursion() {
        let mut games = Games::new();
        let mut solver = PartizanSolver::new(Chain::PLAIN);
        let value = solver.value(&mut games, &200_000).unwrap();
        assert_eq!(
            games.as_number(value),
            Some(Dyadic::integer(200_000).unwrap())
        );
        assert_eq!(solver.positions(), 200_001);
    }

    #[test]
    fn a_cycle_is_named_and_a_failure_passed_on() {
        let mut games = Games::new();
        let rules = Chain {
            cycle: true,
            ..Chain::PLAIN
        };
        let error = PartizanSolver::new(rules)
            .value(&mut games, &2)
            .unwrap_err();
        match error.kind() {
            ErrorKind::PartizanCycle { path } => assert_eq!(path, &["2", "1", "0", "3", "2"]),
            other => panic!("{other:?}"),
        }
        let rules = Chain {
            fail_at: Some(5),
            ..Chain::PLAIN
        };
        let mut solver = PartizanSolver::new(rules);
        let error = solver.value(&mut games, &9).unwrap_err();
        assert!(
            matches!(error.kind(), ErrorKind::Callback { .. }),
            "{error}"
        );
        // The walk stopped where the moves failed: nothing on its way down was valued.
        assert_eq!(solver.positions(), 0);
        assert!(solver.value(&mut games, &4).is_ok());
        assert!(solver.value(&mut games, &5).is_err());
    }

    #[test]
    fn the_work_and_position_limits_hold() {
        let mut games = Games::new();
        let limits = Limits::DEFAULT.with_max_work(100);
        let error = PartizanSolver::with_limits(Chain::PLAIN, limits)
            .value(&mut games, &1000)
            .unwrap_err();
        assert!(matches!(
            error.kind(),
            ErrorKind::LimitExceeded {
                limit: Limit::Work,
                ..
            }
        ));
        let error = PartizanSolver::with_max_positions(Chain::PLAIN, 10)
            .value(&mut games, &1000)
            .unwrap_err();
        assert!(
            matches!(
                error.kind(),
                ErrorKind::LimitExceeded {
                    limit: Limit::Positions,
                    ..
                }
            ),
            "{error}"
        );
    }
}
