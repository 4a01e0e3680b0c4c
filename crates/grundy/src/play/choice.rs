//! The computer's move ([`Game::choose`]): the fastest win, else a draw, else the slowest
//! loss, and the reason for it in plain words.

use super::{Assessment, Choice, Game};
use crate::error::{Error, Result};
use crate::loopy::LoopyOutcome;
use crate::nimber::Nimber;
use crate::whole::Play;

impl Game {
    /// The computer's move: the fastest win when there is one, else a draw, else the slowest
    /// loss.
    ///
    /// # Errors
    /// A finished game (there is no move to choose), or a limit reached while searching.
    pub fn choose(&mut self) -> Result<Choice> {
        if let Some(choice) = self.quotient_choice()? {
            return Ok(choice);
        }
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
                        "it leaves a P-position: every reply can be answered until whoever \
                         replies runs out of moves"
                    }
                    (Play::Misere, _) => {
                        "it leaves a misère P-position: whatever the reply, whoever replies can \
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
                        "{why}; this one holds out longest: whoever moves next wins, but only \
                         after {}",
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
}

/// `1 more move`, `3 more moves`.
fn more_moves(count: u64) -> String {
    match count {
        1 => "1 more move".to_string(),
        _ => format!("{count} more moves"),
    }
}
