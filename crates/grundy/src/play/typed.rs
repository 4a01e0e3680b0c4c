//! A move typed by a player ([`Game::find_move`]): by number, by description or its start, or
//! by the position it leads to.

use super::{no_such_move, Game};
use crate::error::{Error, Result};

impl Game {
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
                None => Err(no_such_move(number, moves.len())),
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
                let target = self.reached(&moves[*first].result)?;
                for &other in &matches[1..] {
                    if self.reached(&moves[other].result)? != target {
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

impl Game {
    /// What `position` is, for telling positions apart: its heaps, sorted, when a quotient
    /// judges (no state is built of heaps too large to list the moves of), else its state.
    fn reached(&mut self, position: &crate::whole::Position) -> Result<Vec<u64>> {
        if self.quotient().is_some() {
            let mut heaps = self.heaps_of(position)?;
            heaps.retain(|&heap| heap > 0);
            heaps.sort_unstable();
            return Ok(heaps);
        }
        Ok(self.state_of(position)?.to_vec())
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
