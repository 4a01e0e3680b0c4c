//! `grundy play --as left|right`: a partizan game against the computer at the terminal.
//!
//! Only input and output live here. Each turn the position (spec text) is read again and the
//! front door lists the moves of the player to move ([`ask::moves_of`]) and makes the
//! computer's ([`ask::partizan_move`]); normal play: the player who cannot move loses.

use std::io::{BufRead, Write};

use grundy::analysis::partizan_play::{PartizanMovesReport, PartizanOption, Side};
use grundy::ask::{self, MovesAnswer, Settings};
use grundy::{spec, Play};

use crate::input::include;
use crate::output::{with_input, Problem};
use crate::play::{prompt, First, Typed};

/// The most moves listed at once; the rest can still be typed.
const SHOWN_MOVES: usize = 60;

/// What each player does, in words.
fn role(side: Side) -> &'static str {
    match side {
        Side::Left => "Left: blue edges in Hackenbush, vertical dominoes in Domineering, toads",
        Side::Right => "Right: red edges in Hackenbush, horizontal dominoes in Domineering, frogs",
    }
}

/// A move as the terminal shows it: the term and what it becomes, and the whole game after it
/// when there are other terms.
fn shown(entry: &PartizanOption) -> String {
    if entry.to == entry.result {
        format!("in {}: to {}", entry.from, entry.to)
    } else {
        format!("in {}: to {}  ->  {}", entry.from, entry.to, entry.result)
    }
}

/// One game: the position as spec text and the limits.
struct Partizan {
    position: String,
    settings: Settings,
}

impl Partizan {
    /// Every move of the position, for both players.
    fn moves(&self) -> Result<PartizanMovesReport, Problem> {
        let mut game = self.read()?;
        match ask::moves_of(&mut game, Play::Normal, &self.settings)
            .map_err(with_input(&self.position))?
        {
            MovesAnswer::Partizan(report) => Ok(report),
            _ => Err(anyhow::anyhow!("{} is not a partizan game", self.position).into()),
        }
    }

    /// The move a perfect player `side` makes here, with its reason.
    fn best(&self, side: Side) -> Result<(PartizanOption, String), Problem> {
        let mut game = self.read()?;
        let chosen = ask::partizan_move(&mut game, side, &self.settings)
            .map_err(with_input(&self.position))?;
        Ok((chosen.chosen, chosen.reason))
    }

    fn read(&self) -> Result<spec::AnyGame, Problem> {
        let options = spec::Options::new(self.settings.limits).with_include(&include);
        spec::parse_any_with(&self.position, options).map_err(with_input(&self.position))
    }
}

/// A move of yours that let a win go, and a winning move you had instead.
struct Slip {
    turn: usize,
    played: PartizanOption,
    winning: PartizanOption,
}

/// Plays the partizan game `position` as `you` at the terminal: `input` gives your moves,
/// `out` shows everything.
///
/// # Errors
/// A limit reached by the engine, or the terminal failing.
pub fn game_loop(
    position: &str,
    you: Side,
    first: First,
    settings: Settings,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> Result<(), Problem> {
    let computer = you.other();
    let mut game = Partizan {
        position: position.to_string(),
        settings,
    };
    writeln!(
        out,
        "Playing {position} in normal play: whoever cannot move loses.\nYou are {}; the \
         computer is {}.",
        role(you),
        computer.name()
    )?;
    let mut to_move = match first {
        First::Me => you,
        First::Computer => computer,
    };
    writeln!(
        out,
        "{} first. Type a move's number or what it leaves, 'hint' for advice, 'q' to quit.",
        if to_move == you {
            format!("You ({}) move", you.name())
        } else {
            format!("The computer ({}) moves", computer.name())
        }
    )?;
    let mut turn = 0;
    let mut slip: Option<Slip> = None;
    loop {
        let report = game.moves()?;
        writeln!(
            out,
            "\nposition: {}  (value {}, {})",
            report.head.spec,
            report.head.canonical.as_deref().unwrap_or("by search"),
            crate::render_partizan::outcome_words(report.head.outcome)
        )?;
        let moves = report.of(to_move);
        if moves.is_empty() {
            let (loser, winner) = if to_move == you {
                ("You have", "the computer wins")
            } else {
                ("The computer has", "you win")
            };
            writeln!(
                out,
                "{loser} no move left ({} to move), and whoever cannot move loses: {winner}.",
                to_move.name()
            )?;
            if let (true, Some(slip)) = (to_move == you, &slip) {
                writeln!(
                    out,
                    "Your move {} gave the win away: to {} leaves {}{}. A winning move was \
                     to {}, leaving {}{}.",
                    slip.turn,
                    slip.played.to,
                    slip.played.result,
                    crate::render_partizan::equals(slip.played.value.as_deref()),
                    slip.winning.to,
                    slip.winning.result,
                    crate::render_partizan::equals(slip.winning.value.as_deref())
                )?;
            }
            return Ok(());
        }
        if to_move == computer {
            let (chosen, reason) = game.best(computer)?;
            writeln!(
                out,
                "computer ({}): {}\n          ({reason})",
                computer.name(),
                shown(&chosen)
            )?;
            game.position = chosen.result;
            to_move = you;
            continue;
        }
        writeln!(out, "your moves ({}):", you.name())?;
        let width = moves.len().to_string().len();
        for entry in moves.iter().take(SHOWN_MOVES) {
            writeln!(out, "  {:>width$}. {}", entry.number, shown(entry))?;
        }
        if moves.len() > SHOWN_MOVES {
            writeln!(
                out,
                "  ... and {} more (type a number or what it leaves)",
                moves.len() - SHOWN_MOVES
            )?;
        }
        let played = loop {
            let typed = match prompt(input, out)? {
                Typed::Stop => return Ok(()),
                Typed::Hint => {
                    let (best, reason) = game.best(you)?;
                    writeln!(
                        out,
                        "hint: best move: {}. {} ({reason})",
                        best.number,
                        shown(&best)
                    )?;
                    continue;
                }
                Typed::Move(typed) => typed,
            };
            match report.find(you, &typed) {
                Some(entry) => break entry.clone(),
                None => writeln!(
                    out,
                    "{typed:?} is not one of your moves: type its number (1 to {}) or what \
                     it leaves; try again",
                    moves.len()
                )?,
            }
        };
        turn += 1;
        if slip.is_none() && !played.wins {
            if let Some(winning) = moves.iter().find(|entry| entry.wins) {
                slip = Some(Slip {
                    turn,
                    played: played.clone(),
                    winning: winning.clone(),
                });
            }
        }
        writeln!(out, "you:      {}", shown(&played))?;
        game.position = played.result;
        to_move = computer;
    }
}
