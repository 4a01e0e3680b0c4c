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

use crate::error::{Error, ErrorKind, Result};
use crate::game::{Limits, Outcome};
use crate::loopy::LoopyOutcome;
use crate::misere::{MisereSolver, TRIAL_WORK};
use crate::nimber::Nimber;
use crate::quotient::{heap_quotient, outcome_of_heaps, Quotient, DEFAULT_MAX_ORDER};
use crate::retrograde::Solution;
use crate::sum::Sum;
use crate::whole::{Play, Position, PositionMove, State, SumGraph};

/// Positions a game without cycles may have for the computer to solve it completely (and so
/// win fastest and lose slowest); larger ones are played by the theory.
pub const EXACT_POSITIONS: u64 = 200_000;

/// How the computer judges misère positions of a game too large to solve completely: the
/// search, unless `sum` is a sum of heaps of one heap game that the search does not settle
/// within [`TRIAL_WORK`] moves and whose misère quotient (of heaps up to the largest) is within
/// `limits`. The quotient covers every later position: moves of heaps leave smaller heaps.
fn misere_judge(
    sum: &Sum,
    graph: &SumGraph,
    position: &Position,
    start: &State,
    limits: Limits,
) -> Result<Judge> {
    let search = || Ok(Judge::Misere(Box::new(MisereSolver::new(sum, limits)?)));
    let Some((rule, heaps)) = graph.heaps(position) else {
        return search();
    };
    let trial = Limits {
        max_work: limits.max_work.min(TRIAL_WORK),
        ..limits
    };
    match MisereSolver::new(sum, trial)?.outcome(start) {
        Ok(_) => return search(),
        Err(error) if error.is_limit() => {}
        Err(error) => return Err(error),
    }
    let largest = heaps
        .iter()
        .map(|component| component.heap)
        .max()
        .unwrap_or(0);
    match heap_quotient(&rule, largest, DEFAULT_MAX_ORDER, limits) {
        Ok(quotient) => Ok(Judge::Quotient(Box::new(quotient))),
        Err(error) if error.is_limit() || matches!(error.kind(), ErrorKind::Unsupported { .. }) => {
            search()
        }
        Err(error) => Err(error),
    }
}

/// How the computer judges positions.
enum Judge {
    /// Every reachable position solved, with remoteness.
    Exact(Box<Solution>),
    /// Normal play without cycles: Grundy values of the components.
    Values,
    /// Misère play without cycles: searched outcomes.
    Misere(Box<MisereSolver>),
    /// Misère play of a sum of heaps of one heap game too large to search: outcomes from the
    /// game's misère quotient of heaps up to the largest heap at the start.
    Quotient(Box<Quotient>),
}

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
            Limits {
                max_positions: limits.max_positions.min(EXACT_POSITIONS),
                ..limits
            }
        };
        let mut graph = SumGraph::new(sum, budget)?;
        let position = graph.position_of(sum)?;
        let start = graph.state(&position.terms)?;
        let judge = match Solution::solve(&mut graph, &start, play) {
            Ok(solution) => Judge::Exact(Box::new(solution)),
            Err(error) if error.is_limit() && !loopy => {
                graph = SumGraph::new(sum, limits)?;
                match play {
                    Play::Normal => Judge::Values,
                    Play::Misere => misere_judge(sum, &graph, &position, &start, limits)?,
                }
            }
            Err(error) => return Err(error),
        };
        Ok(Game {
            graph,
            play,
            loopy,
            judge,
            start: position.clone(),
            position,
            moves: None,
        })
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
        let moves = self.graph.position_moves(&self.position)?;
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

    fn value_of(&mut self, state: &State) -> Result<Option<Nimber>> {
        if self.loopy || self.play == Play::Misere {
            return Ok(None);
        }
        let mut total = Nimber::ZERO;
        for &component in state.iter() {
            let term = crate::whole::term_of(component);
            total += self
                .graph
                .table(term)
                .value(crate::whole::id_of(component))?;
        }
        Ok(Some(total))
    }

    fn judge(&mut self, state: &State) -> Result<(LoopyOutcome, Option<u64>)> {
        match &mut self.judge {
            Judge::Exact(solution) => solution.get(state).ok_or_else(|| {
                Error::invalid_position("the position was not reached from the start")
            }),
            Judge::Values => {
                let value = self.value_of(state)?.unwrap_or(Nimber::ZERO);
                Ok((Outcome::of(value).into(), None))
            }
            Judge::Misere(solver) => Ok((solver.outcome(state)?.into(), None)),
            Judge::Quotient(quotient) => {
                let mut heaps = Vec::with_capacity(state.len());
                for &component in state.iter() {
                    let table = self.graph.table(crate::whole::term_of(component));
                    heaps.push(table.heap(crate::whole::id_of(component)).ok_or_else(|| {
                        Error::invalid_position(
                            "a move of a heap game left a part that is not a heap",
                        )
                    })?);
                }
                Ok((outcome_of_heaps(quotient, &heaps)?.into(), None))
            }
        }
    }

    /// Who wins from the position with best play, for the player about to move.
    ///
    /// # Errors
    /// A limit reached while searching.
    pub fn assess(&mut self) -> Result<Assessment> {
        let position = self.position.clone();
        let state = self.state_of(&position)?;
        let (outcome, remoteness) = self.judge(&state)?;
        Ok(Assessment {
            outcome,
            remoteness,
            value: self.value_of(&state)?,
        })
    }

    /// The computer's move: the fastest win when there is one, else a draw, else the slowest
    /// loss.
    ///
    /// # Errors
    /// A finished game (there is no move to choose), or a limit reached while searching.
    pub fn choose(&mut self) -> Result<Choice> {
        let moves = self.moves()?;
        if moves.is_empty() {
            return Err(Error::invalid_position(
                "the game is over: there is no move",
            ));
        }
        let here = self.assess()?;
        let mut judged = Vec::with_capacity(moves.len());
        for candidate in &moves {
            let state = self.state_of(&candidate.result)?;
            let (outcome, remoteness) = self.judge(&state)?;
            let value = self.value_of(&state)?;
            judged.push((outcome, remoteness, value));
        }
        // Rank from the mover's side: a move to a lost position (for the opponent) wins.
        let rank = |(outcome, remoteness, value): &(LoopyOutcome, Option<u64>, Option<Nimber>)| {
            let remoteness = remoteness.unwrap_or(0);
            match outcome {
                LoopyOutcome::PreviousWins => (3, u64::MAX - remoteness),
                LoopyOutcome::Draw => (2, 0),
                // A loss: stall as long as possible; without remoteness, leave the largest
                // value, the hardest to answer.
                LoopyOutcome::NextWins => (1, remoteness.max(value.map_or(0, Nimber::value))),
            }
        };
        let mut best = 0;
        for index in 1..judged.len() {
            if rank(&judged[index]) > rank(&judged[best]) {
                best = index;
            }
        }
        let reason = self.reason(&here, &judged[best]);
        Ok(Choice {
            index: best,
            reason,
        })
    }

    fn reason(
        &self,
        here: &Assessment,
        (outcome, remoteness, value): &(LoopyOutcome, Option<u64>, Option<Nimber>),
    ) -> String {
        match outcome {
            LoopyOutcome::PreviousWins => {
                let why = match (self.play, value) {
                    (Play::Normal, Some(_)) => {
                        "it leaves value 0: every reply leaves a nonzero value, and the value can \
                         always be brought back to 0"
                    }
                    (Play::Normal, None) => {
                        "it leaves a P-position: every reply can be answered until the other \
                         player runs out of moves"
                    }
                    (Play::Misere, _) => {
                        "it leaves a misère P-position: whatever the reply, the other player can \
                         be made to take the last move"
                    }
                };
                match remoteness {
                    Some(0) => "it makes the last move".to_string(),
                    Some(r) => format!("{why}; the game ends within {}", more_moves(*r)),
                    None => why.to_string(),
                }
            }
            LoopyOutcome::Draw if here.outcome == LoopyOutcome::Draw => {
                "no move wins, and this one keeps the draw".to_string()
            }
            LoopyOutcome::Draw => "it keeps the game going forever".to_string(),
            LoopyOutcome::NextWins => {
                let why = "every move loses against perfect play";
                match (remoteness, value) {
                    (Some(0), _) => {
                        format!("{why}; this one ends the game by taking the last move")
                    }
                    (Some(r), _) => format!(
                        "{why}; this one holds out longest: the other player wins, but only after \
                         {}",
                        more_moves(*r)
                    ),
                    (None, Some(v)) => {
                        format!("{why}; this one leaves value {v}, hoping for a slip")
                    }
                    (None, None) => format!("{why}; this one hopes for a slip"),
                }
            }
        }
    }

    /// Plays move `index` of [`moves`](Game::moves).
    ///
    /// # Errors
    /// An index out of range, or a limit reached while listing moves.
    pub fn make_move(&mut self, index: usize) -> Result<()> {
        let moves = self.moves()?;
        let chosen = moves.get(index).ok_or_else(|| {
            Error::invalid_position(format!(
                "there is no move {} (the moves are numbered 1 to {})",
                index + 1,
                moves.len()
            ))
        })?;
        self.position = chosen.result.clone();
        self.moves = None;
        Ok(())
    }

    /// The move a player typed: its number (from 1), its description ("take 2 from 5,
    /// leaving 3"), the start of a description if only one move has it, or the position it
    /// leads to (`nim(1,4,5)`). Spaces and case do not matter.
    ///
    /// # Errors
    /// No such move, or text that fits moves leading to different positions.
    ///
    /// # Example
    /// ```
    /// use grundy::{play::Game, spec, Limits, Play};
    /// let mut game = Game::new(&spec::parse("nim(3,4)")?, Play::Normal, Limits::default())?;
    /// assert_eq!(game.find_move("2")?, 1);
    /// assert_eq!(game.find_move("Take 3 from 3, leaving nothing")?, 0);
    /// assert_eq!(game.find_move("nim(1,3)")?, 4);
    /// assert!(game.find_move("take 1").is_err()); // from the 3 or from the 4?
    /// assert!(game.find_move("9").is_err());
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn find_move(&mut self, text: &str) -> Result<usize> {
        let moves = self.moves()?;
        let wanted = normalize(text);
        if wanted.is_empty() {
            return Err(Error::invalid_position("type a move number or description"));
        }
        if let Ok(number) = wanted.parse::<usize>() {
            return match number.checked_sub(1).filter(|&index| index < moves.len()) {
                Some(index) => Ok(index),
                None => Err(Error::invalid_position(format!(
                    "there is no move {number} (the moves are numbered 1 to {})",
                    moves.len()
                ))),
            };
        }
        let exact: Vec<usize> = (0..moves.len())
            .filter(|&index| {
                let candidate = &moves[index];
                let labelled = format!("in {}: {}", candidate.from, candidate.description);
                let result = self.graph.format_position(&candidate.result);
                [&candidate.description, &labelled, &result]
                    .iter()
                    .any(|option| normalize(option) == wanted)
            })
            .collect();
        let matches = if exact.is_empty() {
            (0..moves.len())
                .filter(|&index| normalize(&moves[index].description).starts_with(&wanted))
                .collect()
        } else {
            exact
        };
        match matches.as_slice() {
            [] => Err(Error::invalid_position(format!(
                "no move matches '{}'",
                text.trim()
            ))),
            [only] => Ok(*only),
            [first, ..] => {
                // Moves in equal components lead to the same position: any of them will do.
                let target = self.state_of(&moves[*first].result)?;
                for &other in &matches[1..] {
                    if self.state_of(&moves[other].result)? != target {
                        let numbers: Vec<String> = matches
                            .iter()
                            .map(|index| (index + 1).to_string())
                            .collect();
                        return Err(Error::invalid_position(format!(
                            "'{}' fits moves {}; type the number",
                            text.trim(),
                            numbers.join(", ")
                        )));
                    }
                }
                Ok(*first)
            }
        }
    }
}

fn normalize(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
        .replace(", ", ",")
        .replace(" ,", ",")
}

/// `1 more move`, `3 more moves`.
fn more_moves(count: u64) -> String {
    match count {
        1 => "1 more move".to_string(),
        _ => format!("{count} more moves"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec;

    fn game(text: &str, play: Play) -> Result<Game> {
        Game::new(&spec::parse(text)?, play, Limits::default())
    }

    /// Plays the computer against itself and returns the number of moves made.
    fn self_play(game: &mut Game, limit: usize) -> Result<usize> {
        let mut made = 0;
        while !game.is_over()? && made < limit {
            let choice = game.choose()?;
            game.make_move(choice.index)?;
            made += 1;
        }
        Ok(made)
    }

    #[test]
    fn the_winner_wins_fastest() -> Result<()> {
        let mut nim = game("nim(3,4,5)", Play::Normal)?;
        let assessment = nim.assess()?;
        assert_eq!(assessment.outcome, LoopyOutcome::NextWins);
        assert_eq!(assessment.value, Some(Nimber::new(2)));
        let length = assessment.remoteness.unwrap_or(0);
        assert_eq!(self_play(&mut nim, 100)?, length as usize);
        // An odd number of moves: the first player made the last move.
        assert_eq!(length % 2, 1);
        Ok(())
    }

    #[test]
    fn large_misere_heap_sums_are_played_by_the_quotient() -> Result<()> {
        // Too large to search within the trial budget: the misère quotient of Kayles judges.
        let mut kayles = game("kayles(4,5,7,8,9,10,11,12,13) + kayles(1)", Play::Misere)?;
        assert!(matches!(kayles.judge, Judge::Quotient(_)));
        assert_eq!(kayles.assess()?.outcome, LoopyOutcome::NextWins);
        let choice = kayles.choose()?;
        assert!(
            choice.reason.contains("misère P-position"),
            "{}",
            choice.reason
        );
        // The move chosen is one of those the misère report calls winning.
        let moves = kayles.moves()?;
        let chosen = kayles.format_position(&moves[choice.index].result);
        let sum = spec::parse(&kayles.position())?;
        let report = crate::analysis::misere::value(&sum, Limits::default())?;
        assert!(
            report.winning_moves.iter().any(|m| m.result == chosen),
            "{chosen}"
        );
        // Against itself from an N-position the first player wins: in misère play the other
        // player makes the last move, so the number of moves is even.
        let made = self_play(&mut kayles, 200)?;
        assert!(kayles.is_over()?);
        assert_eq!(made % 2, 0, "{made} moves");
        Ok(())
    }

    #[test]
    fn misere_nim_is_won_the_misere_way() -> Result<()> {
        let mut nim = game("nim(1,1,2)", Play::Misere)?;
        let choice = nim.choose()?;
        let moves = nim.moves()?;
        // Leave an odd number of single tokens: take 1 from the 2 (taking it all would leave
        // 1 + 1, an even number, and lose).
        assert_eq!(moves[choice.index].description, "take 1 from 2, leaving 1");
        assert!(
            choice.reason.contains("misère P-position"),
            "{}",
            choice.reason
        );
        let made = self_play(&mut nim, 100)?;
        assert_eq!(made % 2, 0, "the second player must take the last token");
        Ok(())
    }

    #[test]
    fn large_games_are_played_by_the_theory() -> Result<()> {
        // With room for 20 000 positions neither game can be solved completely.
        let limits = Limits {
            max_positions: 20_000,
            ..Limits::default()
        };
        let mut kayles = Game::new(&spec::parse("kayles(30) + nim(6)")?, Play::Normal, limits)?;
        assert!(matches!(kayles.judge, Judge::Values));
        let choice = kayles.choose()?;
        kayles.make_move(choice.index)?;
        assert_eq!(kayles.assess()?.outcome, LoopyOutcome::PreviousWins);
        let mut misere = Game::new(
            &spec::parse("kayles(18) + dawson(15)")?,
            Play::Misere,
            limits,
        )?;
        assert!(matches!(misere.judge, Judge::Misere(_)));
        assert_eq!(misere.assess()?.remoteness, None);
        Ok(())
    }

    #[test]
    fn draws_are_kept() -> Result<()> {
        // From a, moving to the sink c loses in misère play; circling a <-> b draws.
        let mut circle = game("digraph(a>b, b>a, a>c; a)", Play::Misere)?;
        assert!(circle.is_loopy());
        assert_eq!(circle.assess()?.outcome, LoopyOutcome::Draw);
        let choice = circle.choose()?;
        assert_eq!(
            circle.moves()?[choice.index].description,
            "move from a to b"
        );
        assert_eq!(self_play(&mut circle, 10)?, 10);
        Ok(())
    }

    /// Issue 15: a reason reads the same whoever hears it (the player told a hint, or the one
    /// the computer just moved against), and counts moves in plain English.
    #[test]
    fn reasons_are_plain_words() -> Result<()> {
        let reason = |text, play| -> Result<String> { Ok(game(text, play)?.choose()?.reason) };
        assert_eq!(
            reason("nim(1)", Play::Misere)?,
            "every move loses against perfect play; this one ends the game by taking the last move"
        );
        assert_eq!(
            reason("nim(2)", Play::Misere)?,
            "it leaves a misère P-position: whatever the reply, the other player can be made to \
             take the last move; the game ends within 1 more move"
        );
        assert_eq!(
            reason("nim(2,2)", Play::Normal)?,
            "every move loses against perfect play; this one holds out longest: the other player \
             wins, but only after 3 more moves"
        );
        assert_eq!(
            reason("nim(1,2)", Play::Normal)?,
            "it leaves value 0: every reply leaves a nonzero value, and the value can always be \
             brought back to 0; the game ends within 2 more moves"
        );
        Ok(())
    }

    #[test]
    fn finished_games_have_no_choice() -> Result<()> {
        let mut over = game("nim(0)", Play::Normal)?;
        assert!(over.is_over()?);
        assert!(over.choose().is_err());
        assert!(over.make_move(0).is_err());
        Ok(())
    }

    #[test]
    fn restart_goes_back() -> Result<()> {
        let mut nim = game("nim(2)", Play::Normal)?;
        nim.make_move(0)?;
        assert_eq!(nim.position(), "0");
        nim.restart();
        assert_eq!(nim.position(), "nim(2)");
        Ok(())
    }
}
