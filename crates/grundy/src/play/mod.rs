//! Playing a game against a perfect opponent: the position, its legal moves, the computer's
//! choice with its reason, and the end of the game.
//!
//! A [`Game`] holds a position of a whole sum and knows nothing of who is human; faces (the
//! command line, the explorer page) do the talking. The computer plays perfectly:
//! - small games (up to [`EXACT_POSITIONS`] positions, or any game with a cycle) are solved
//!   completely by retrograde analysis, so the computer wins as fast as it can, loses as slowly
//!   as it can, and keeps a draw when it cannot win;
//! - larger games use the theory: in normal play a move to value 0 (Sprague-Grundy); in misère
//!   play a move to a misère P-position, found by search, or, for a sum of heaps of one heap
//!   game too large to search, by the game's misère quotient.
//!
//! Either way, from a position it wins the computer never lets the win go.

mod choice;
mod judge;
mod quotient;
mod typed;

use crate::error::{Error, ErrorKind, Result};
use crate::game::Limits;
use crate::loopy::LoopyOutcome;
use crate::nimber::Nimber;
use crate::retrograde::Solution;
use crate::sum::Sum;
use crate::whole::{Play, Position, PositionMove, State, SumGraph};
use judge::{misere_judge, Judge};

/// Positions a game without cycles may have for the computer to solve it completely (and so
/// win fastest and lose slowest); larger ones are played by the theory.
pub const EXACT_POSITIONS: u64 = 200_000;

/// What the computer thinks of the position, for the player about to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assessment {
    /// Who wins with best play.
    pub outcome: LoopyOutcome,
    /// How many more moves the game lasts with best play (the winner hurrying, the loser
    /// stalling); `None` for a draw, or when the game is too large to count.
    pub remoteness: Option<u64>,
    /// The normal-play value of the position, when it has one and the play is normal.
    pub value: Option<Nimber>,
}

/// The computer's move and why it chose it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The index of the move in [`Game::moves`].
    pub index: usize,
    /// The reason, in words ("leaves value 0: every reply ...").
    pub reason: String,
}

/// A game in progress against the computer.
///
/// # Example
/// ```
/// use grundy::{play::Game, spec, Limits, Play};
/// let mut game = Game::new(&spec::parse("nim(3,4,5)")?, Play::Normal, Limits::default())?;
/// let choice = game.choose()?;
/// let moves = game.moves()?;
/// assert_eq!(moves[choice.index].description, "take 2 from 3, leaving 1");
/// assert!(choice.reason.contains("value 0"));
/// assert!(choice.reason.ends_with("the game ends within 10 more moves"));
/// game.make_move(choice.index)?;
/// assert_eq!(game.position(), "nim(1,4,5)");
/// # Ok::<(), grundy::Error>(())
/// ```
pub struct Game {
    graph: SumGraph,
    play: Play,
    loopy: bool,
    judge: Judge,
    position: Position,
    start: Position,
    moves: Option<Vec<PositionMove>>,
}

impl Game {
    /// A game starting from `sum` under `play`.
    ///
    /// # Errors
    /// A term that cannot be searched as a whole; a game with a cycle too large to solve
    /// within `limits`; other limits reached while preparing.
    pub fn new(sum: &Sum, play: Play, limits: Limits) -> Result<Game> {
        let loopy = match sum.value() {
            Ok(_) => false,
            Err(error) if matches!(error.kind(), ErrorKind::Cycle { .. }) => true,
            Err(error) if play == Play::Misere && error.is_limit() => false,
            Err(error) => return Err(error),
        };
        let budget = if loopy {
            limits
        } else {
            limits.with_max_positions(limits.max_positions.min(EXACT_POSITIONS))
        };
        let mut graph = SumGraph::new(sum, budget)?;
        let position = graph.position_of(sum)?;
        let start = match graph.state(&position.terms) {
            Ok(start) => start,
            // A heap too large to list the moves of: only a quotient can judge.
            Err(error) if error.is_limit() && play == Play::Misere && !loopy => {
                let graph = SumGraph::new(sum, limits)?;
                let judge = misere_judge(sum, &graph, &position, None, limits)?;
                if !matches!(judge, Judge::Quotient(_)) {
                    return Err(error);
                }
                return Ok(Game::at_start(graph, play, loopy, judge, position));
            }
            Err(error) => return Err(error),
        };
        let judge = match Solution::solve(&mut graph, &start, play) {
            Ok(solution) => Judge::Exact(Box::new(solution)),
            Err(error) if error.is_limit() && !loopy => {
                graph = SumGraph::new(sum, limits)?;
                match play {
                    Play::Normal => Judge::Values,
                    Play::Misere => misere_judge(sum, &graph, &position, Some(&start), limits)?,
                }
            }
            Err(error) => return Err(error),
        };
        Ok(Game::at_start(graph, play, loopy, judge, position))
    }

    /// A game at its start `position`, judged by `judge`, no moves listed yet.
    fn at_start(
        graph: SumGraph,
        play: Play,
        loopy: bool,
        judge: Judge,
        position: Position,
    ) -> Game {
        Game {
            graph,
            play,
            loopy,
            judge,
            start: position.clone(),
            position,
            moves: None,
        }
    }

    /// The play convention.
    pub fn play(&self) -> Play {
        self.play
    }

    /// Whether positions can repeat.
    pub fn is_loopy(&self) -> bool {
        self.loopy
    }

    /// The position as spec text.
    pub fn position(&self) -> String {
        self.graph.format_position(&self.position)
    }

    /// Any position of this game as spec text.
    pub fn format_position(&self, position: &Position) -> String {
        self.graph.format_position(position)
    }

    /// Back to the starting position.
    pub fn restart(&mut self) {
        self.position = self.start.clone();
        self.moves = None;
    }

    /// The legal moves, component by component.
    ///
    /// # Errors
    /// A limit reached while listing them.
    pub fn moves(&mut self) -> Result<Vec<PositionMove>> {
        if let Some(moves) = &self.moves {
            return Ok(moves.clone());
        }
        let moves = self.quotient_moves()?;
        self.moves = Some(moves.clone());
        Ok(moves)
    }

    /// Whether no move is left: the game is over.
    ///
    /// # Errors
    /// As for [`moves`](Game::moves).
    pub fn is_over(&mut self) -> Result<bool> {
        Ok(self.moves()?.is_empty())
    }

    /// Whether the player who made the last move wins once the game is over: true in normal
    /// play, false in misère play.
    pub fn last_mover_wins(&self) -> bool {
        self.play == Play::Normal
    }

    fn state_of(&mut self, position: &Position) -> Result<State> {
        self.graph.state(&position.terms)
    }

    /// Who wins from the position with best play, for the player about to move.
    ///
    /// # Errors
    /// A limit reached while searching.
    pub fn assess(&mut self) -> Result<Assessment> {
        let position = self.position.clone();
        if let Some(outcome) = self.quotient_outcome(&position)? {
            return Ok(Assessment {
                outcome: outcome.into(),
                remoteness: None,
                value: None,
            });
        }
        let state = self.state_of(&position)?;
        let (outcome, remoteness) = self.judge(&state)?;
        Ok(Assessment {
            outcome,
            remoteness,
            value: self.value_of(&state)?,
        })
    }

    /// Plays move `index` of [`moves`](Game::moves).
    ///
    /// # Errors
    /// An index out of range, or a limit reached while listing moves.
    pub fn make_move(&mut self, index: usize) -> Result<()> {
        let moves = self.moves()?;
        let chosen = moves
            .get(index)
            .ok_or_else(|| no_such_move(index + 1, moves.len()))?;
        self.position = chosen.result.clone();
        self.moves = None;
        Ok(())
    }
}

/// The error for move `number` (from 1) of a position with `count` moves.
fn no_such_move(number: usize, count: usize) -> Error {
    Error::invalid_position(format!(
        "there is no move {number} (the moves are numbered 1 to {count})"
    ))
}

#[cfg(test)]
mod tests;
