//! Reports of a game against the computer: what a face shows each turn.
//!
//! The JSON of [`PlayView`] is
//! ```json
//! {"schema": 1, "position": "nim(3,4,5)", "play": "normal", "over": false, "outcome": "N",
//!  "remoteness": 5, "value": 2,
//!  "moves": [{"number": 1, "component": 0, "from": "nim(3)", "to": "0",
//!             "description": "take 3 from 3, leaving nothing", "result": "nim(4,5)"}, ...]}
//! ```
//! `outcome` is for the player about to move; `remoteness` and `value` are present when known.

use serde::Serialize;

use super::{ReportOutcome, SCHEMA};
use crate::error::Result;
use crate::loopy::LoopyOutcome;
use crate::play::Game;
use crate::whole::Play;

/// The position of a game in progress and its legal moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayView {
    /// [`SCHEMA`].
    pub schema: u32,
    /// The position as spec text.
    pub position: String,
    /// `"normal"` or `"misere"`.
    pub play: String,
    /// Whether no move is left.
    pub over: bool,
    /// Who wins with best play, for the player about to move: `"N"`, `"P"` or `"D"`.
    pub outcome: ReportOutcome,
    /// Moves until the end with best play, when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub remoteness: Option<u64>,
    /// The normal-play value, when the game has one and the play is normal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<u64>,
    /// The legal moves, numbered from 1.
    pub moves: Vec<PlayMove>,
}

/// One legal move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayMove {
    /// Its number, from 1.
    pub number: usize,
    /// Index of the component moved in.
    pub component: usize,
    /// The component before the move.
    pub from: String,
    /// What the component becomes.
    pub to: String,
    /// The move in words.
    pub description: String,
    /// The position after the move.
    pub result: String,
    /// How many moves this one stands for, when more than one: a heap with too many moves
    /// to list (`kayles(10^18)`, played by the whole game's misère quotient) has one listed
    /// per class of moves equal for the quotient, the least split of each class.
    #[serde(skip_serializing_if = "is_one")]
    pub count: u64,
}

fn is_one(count: &u64) -> bool {
    *count == 1
}

/// The computer's move, already played, with its reason.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ComputerMove {
    /// The move as it was listed.
    #[serde(flatten)]
    pub chosen: PlayMove,
    /// Why the computer chose it.
    pub reason: String,
}

fn play_name(play: Play) -> String {
    match play {
        Play::Normal => "normal".to_string(),
        Play::Misere => "misere".to_string(),
    }
}

/// The position, the assessment and the legal moves of `game`.
///
/// # Errors
/// A limit reached while listing or judging moves.
///
/// # Example
/// ```
/// use grundy::{analysis::play::view, play::Game, spec, Limits, Play};
/// let mut game = Game::new(&spec::parse("nim(1,1,1)")?, Play::Misere, Limits::default())?;
/// let shown = view(&mut game)?;
/// // Taking any of the three equal heaps leaves the same position: one move.
/// assert_eq!((shown.outcome.letter(), shown.moves.len()), ("P", 1));
/// assert_eq!(shown.moves[0].result, "nim(1,1)");
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn view(game: &mut Game) -> Result<PlayView> {
    let moves = listed(game)?;
    let assessment = game.assess()?;
    Ok(PlayView {
        schema: SCHEMA,
        position: game.position(),
        play: play_name(game.play()),
        over: moves.is_empty(),
        outcome: assessment.outcome.into(),
        remoteness: match assessment.outcome {
            LoopyOutcome::Draw => None,
            _ => assessment.remoteness,
        },
        value: assessment.value.map(|value| value.value()),
        moves,
    })
}

fn listed(game: &mut Game) -> Result<Vec<PlayMove>> {
    let moves = game.moves()?;
    Ok(moves
        .into_iter()
        .enumerate()
        .map(|(index, candidate)| PlayMove {
            number: index + 1,
            component: candidate.component,
            result: game.format_position(&candidate.result),
            from: candidate.from,
            to: candidate.to,
            description: candidate.description,
            count: candidate.count,
        })
        .collect())
}

/// The move a player typed, as [`Game::find_move`] reads it (a number, a description, the
/// position it leads to), or else, in a sum of heaps of one game, any position one move
/// away written as spec text, checked against the rule without listing the heap's moves
/// ([`Game::move_to_heaps`]): so a split of `kayles(10^18)` that no listed class shows can be
/// played. Returns the move (numbered as [`view`] numbers them, the typed one added last).
///
/// # Errors
/// No such move (the error of [`Game::find_move`]), or a limit.
///
/// # Example
/// ```
/// use grundy::{analysis::play::typed_move, play::Game, spec, Limits, Play};
/// let mut game = Game::new(&spec::parse("kayles(10^18, 5)")?, Play::Misere, Limits::default())?;
/// let typed = typed_move(&mut game, "kayles(5, 400000, 999999999999599999)")?;
/// assert_eq!(typed.description, "take 1 from 1000000000000000000, leaving 400000 and 999999999999599999");
/// game.make_move(typed.number - 1)?;
/// assert_eq!(game.position(), "kayles(5,400000,999999999999599999)");
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn typed_move(game: &mut Game, text: &str) -> Result<PlayMove> {
    let index = match game.find_move(text) {
        Ok(index) => index,
        Err(error) if error.is_limit() => return Err(error),
        Err(error) => match heaps_typed(text) {
            Some((rule, heaps)) if game.heap_rule().as_ref() == Some(&rule) => {
                game.move_to_heaps(&heaps).map_err(|_| error)?
            }
            _ => return Err(error),
        },
    };
    listed(game)?
        .into_iter()
        .nth(index)
        .ok_or_else(|| crate::error::Error::invalid_position("the move typed is not listed"))
}

/// The rule and heaps of a position typed as spec text, when it is a sum of heaps of one game.
fn heaps_typed(text: &str) -> Option<(crate::rules::HeapRule, Vec<u64>)> {
    let sum = crate::spec::parse(text).ok()?;
    let graph = crate::whole::SumGraph::new(&sum, crate::game::Limits::default()).ok()?;
    let position = graph.position_of(&sum).ok()?;
    let (rule, heaps) = graph.heaps(&position)?;
    Some((rule, heaps.iter().map(|component| component.heap).collect()))
}

/// Lets the computer choose its move, plays it, and reports it.
///
/// # Errors
/// A finished game, or a limit reached.
///
/// # Example
/// ```
/// use grundy::{analysis::play::computer_move, play::Game, spec, Limits, Play};
/// let mut game = Game::new(&spec::parse("nim(3,4,5)")?, Play::Normal, Limits::default())?;
/// let chosen = computer_move(&mut game)?;
/// assert_eq!(chosen.chosen.result, "nim(1,4,5)");
/// assert_eq!(game.position(), "nim(1,4,5)");
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn computer_move(game: &mut Game) -> Result<ComputerMove> {
    let choice = game.choose()?;
    let moves = listed(game)?;
    let chosen = moves
        .into_iter()
        .nth(choice.index)
        .ok_or_else(|| crate::error::Error::invalid_position("the chosen move is not listed"))?;
    game.make_move(choice.index)?;
    Ok(ComputerMove {
        chosen,
        reason: choice.reason,
    })
}
