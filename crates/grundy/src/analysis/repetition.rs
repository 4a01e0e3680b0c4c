//! The rule that ends a game with cycles in play: a draw once a position comes up for the
//! third time.
//!
//! A game whose moves can return to a position may go on forever, and with best play a drawn
//! one does. Every face that plays a game (`grundy play`, the page's play card) asks this
//! module, after each move and at the start, whether the game ends there: it does when the
//! position has now come up [`DRAW_AFTER_VISITS`] times. Positions are compared as the spec
//! text the library prints for them (its canonical form, components sorted). A game without
//! cycles never meets a position twice, so the rule never ends one. The JSON of
//! [`RepetitionReport`] is
//! ```json
//! {"schema": 1, "position": "digraph(a>b, b>a; a)", "visits": 3, "draw_after": 3,
//!  "draw": true}
//! ```

use std::collections::HashMap;

use serde::Serialize;

use super::SCHEMA;

/// A position that comes up this many times in one game ends it as a draw.
pub const DRAW_AFTER_VISITS: u32 = 3;

/// Whether a position that has come up `visits` times (this time included) ends the game as
/// a draw.
///
/// # Example
/// ```
/// use grundy::analysis::repetition::is_draw;
/// assert!(!is_draw(2) && is_draw(3));
/// ```
pub fn is_draw(visits: u32) -> bool {
    visits >= DRAW_AFTER_VISITS
}

/// How often the position just reached has come up, and whether that ends the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RepetitionReport {
    /// [`SCHEMA`].
    pub schema: u32,
    /// The position just reached, as spec text.
    pub position: String,
    /// How many times it has come up in this game, this time included.
    pub visits: u32,
    /// [`DRAW_AFTER_VISITS`]: how many times a position comes up before the game is a draw.
    pub draw_after: u32,
    /// Whether the game ends here as a draw.
    pub draw: bool,
}

/// The positions of one game so far, each with how many times it has come up.
///
/// # Example
/// ```
/// use grundy::analysis::repetition::Repetitions;
/// let mut game = Repetitions::new();
/// let visits: Vec<bool> = ["a", "b", "a", "b", "a"].iter().map(|p| game.visit(p).draw).collect();
/// assert_eq!(visits, [false, false, false, false, true]);
/// ```
#[derive(Clone, Debug, Default)]
pub struct Repetitions {
    seen: HashMap<String, u32>,
}

impl Repetitions {
    /// A game that has met no position yet.
    pub fn new() -> Repetitions {
        Repetitions::default()
    }

    /// Counts one more time that `position` comes up, and says whether the game ends there.
    pub fn visit(&mut self, position: &str) -> RepetitionReport {
        let visits = self.seen.entry(position.to_string()).or_insert(0);
        *visits = visits.saturating_add(1);
        RepetitionReport {
            schema: SCHEMA,
            position: position.to_string(),
            visits: *visits,
            draw_after: DRAW_AFTER_VISITS,
            draw: is_draw(*visits),
        }
    }
}

/// The report for the last of `positions`, the positions of one game in the order they came
/// up (the start first); `None` when there are none. For a face that keeps the game's
/// positions rather than a [`Repetitions`].
///
/// # Example
/// ```
/// use grundy::analysis::repetition::repetition;
/// let game = ["digraph(a>b, b>a; a)", "digraph(a>b, b>a; b)"].repeat(2);
/// assert_eq!(repetition(&game).map(|r| (r.visits, r.draw)), Some((2, false)));
/// let again = [&game[..], &game[..1]].concat();
/// assert_eq!(repetition(&again).map(|r| (r.visits, r.draw)), Some((3, true)));
/// ```
pub fn repetition(positions: &[impl AsRef<str>]) -> Option<RepetitionReport> {
    let mut game = Repetitions::new();
    positions
        .iter()
        .map(|position| game.visit(position.as_ref()))
        .last()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_third_time_a_position_comes_up_is_a_draw() {
        let mut game = Repetitions::new();
        for visits in 1..DRAW_AFTER_VISITS {
            let report = game.visit("digraph(a>b, b>a; a)");
            assert_eq!((report.visits, report.draw), (visits, false));
            assert!(!game.visit("digraph(a>b, b>a; b)").draw);
        }
        let third = game.visit("digraph(a>b, b>a; a)");
        assert_eq!((third.visits, third.draw, third.draw_after), (3, true, 3));
        // Each position counts apart, and a game without positions has no report.
        assert_eq!(
            repetition(&["nim(1)", "nim(2)", "nim(1)"]).map(|r| r.visits),
            Some(2)
        );
        let none: [&str; 0] = [];
        assert_eq!(repetition(&none), None);
        let json = serde_json::to_value(&third).expect("json");
        assert_eq!(
            json,
            serde_json::json!({"schema": 1, "position": "digraph(a>b, b>a; a)", "visits": 3,
                               "draw_after": 3, "draw": true})
        );
    }
}
