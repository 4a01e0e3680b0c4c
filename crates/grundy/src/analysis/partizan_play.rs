//! Moves and play of a partizan sum: every move for Left and for Right, each with the sum it
//! leaves, that sum's canonical form and whether it wins; and the move a perfect player makes.
//! Tagged `"kind": "partizan"` in JSON by [`crate::ask::MovesAnswer`].
//!
//! The JSON of [`PartizanMovesReport`] is
//! ```json
//! {"kind": "partizan", "schema": 1, "spec": "{1|0} + ^", "canonical": "{1^|^}", "outcome": "N",
//!  "left_moves": [{"number": 1, "component": 0, "from": "{1|0}", "to": "1",
//!                  "result": "1 + ^", "value": "1^", "wins": true}],
//!  "right_moves": [...]}
//! ```
//! A move wins for Left when it leaves a value `>= 0` (Right, to move, loses), for Right when
//! it leaves a value `<= 0`. Normal play: the player who cannot move loses.
//!
//! ```
//! use grundy::analysis::partizan_play::{computer_move, moves, Side};
//! let mut sum = grundy::spec::parse_partizan_sum("domineering(2x2) + ^", Default::default())?;
//! let report = moves(&mut sum, "domineering(2x2) + ^", Default::default())?;
//! assert_eq!(report.outcome, "N");
//! // Both dominoes win for Left; moving up to 0 leaves +-1, which Right wins moving first.
//! let winning: Vec<bool> = report.left_moves.iter().map(|entry| entry.wins).collect();
//! assert_eq!(winning, [true, true, false]);
//! let chosen = computer_move(&mut sum, Side::Right, Default::default())?;
//! assert_eq!(chosen.chosen.result, "domineering(xx/oo) + ^");
//! # Ok::<(), grundy::Error>(())
//! ```

use serde::Serialize;

use super::SCHEMA;
use crate::error::{Error, Limit, Result};
use crate::game::Limits;
use crate::partizan::{Comparison, Game, PartizanSum};

/// A player of a partizan game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// Left (blue; in Domineering, vertical dominoes).
    Left,
    /// Right (red; horizontal dominoes).
    Right,
}

impl Side {
    /// The other player.
    pub fn other(self) -> Side {
        match self {
            Side::Left => Side::Right,
            Side::Right => Side::Left,
        }
    }

    /// `Left` or `Right`.
    pub fn name(self) -> &'static str {
        match self {
            Side::Left => "Left",
            Side::Right => "Right",
        }
    }
}

/// Every move of a partizan sum, for both players.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PartizanMovesReport {
    /// [`SCHEMA`].
    pub schema: u32,
    /// The sum as spec text.
    pub spec: String,
    /// Its canonical form in CGSuite's notation.
    pub canonical: String,
    /// Who wins: `L`, `R`, `N` (the player to move) or `P` (the other one).
    pub outcome: &'static str,
    /// Left's moves.
    pub left_moves: Vec<PartizanOption>,
    /// Right's moves.
    pub right_moves: Vec<PartizanOption>,
}

/// One move of a partizan sum: in one term, leaving the sum `result` worth `value`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PartizanOption {
    /// Its number among its player's moves, from 1.
    pub number: usize,
    /// The term moved in, counted from 0 in the order written.
    pub component: usize,
    /// The term before the move, as spec text.
    pub from: String,
    /// What the term becomes, as spec text.
    pub to: String,
    /// The whole game after the move, as spec text.
    pub result: String,
    /// Its canonical form.
    pub value: String,
    /// Whether the move wins: the player who made it wins with the other to move.
    pub wins: bool,
}

/// The move the computer makes, with its reason.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PartizanComputerMove {
    /// Who moved.
    pub side: Side,
    /// The move as it was listed.
    #[serde(flatten)]
    pub chosen: PartizanOption,
    /// Why the computer chose it.
    pub reason: String,
}

impl PartizanMovesReport {
    /// The moves of `side`.
    pub fn of(&self, side: Side) -> &[PartizanOption] {
        match side {
            Side::Left => &self.left_moves,
            Side::Right => &self.right_moves,
        }
    }

    /// The move of `side` that `typed` names: its number, or what its term becomes or the
    /// whole game after it, as listed (blank space ignored).
    ///
    /// ```
    /// use grundy::analysis::partizan_play::{moves, Side};
    /// let mut sum = grundy::spec::parse_partizan_sum("hackenbush(lr)", Default::default())?;
    /// let report = moves(&mut sum, "hackenbush(lr)", Default::default())?;
    /// assert_eq!(report.find(Side::Left, "1").map(|m| m.to.as_str()), Some("hackenbush()"));
    /// assert_eq!(report.find(Side::Right, "hackenbush( l )").map(|m| m.number), Some(1));
    /// assert!(report.find(Side::Left, "hackenbush(l)").is_none());
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn find(&self, side: Side, typed: &str) -> Option<&PartizanOption> {
        let squeeze = |text: &str| text.split_whitespace().collect::<String>();
        let typed = squeeze(typed);
        let moves = self.of(side);
        moves
            .iter()
            .find(|entry| entry.number.to_string() == typed)
            .or_else(|| {
                moves
                    .iter()
                    .find(|entry| squeeze(&entry.to) == typed || squeeze(&entry.result) == typed)
            })
    }
}

/// Every move of `sum`, written `text`, for Left and for Right, within `limits`
/// ([`Limits::max_output`] terms written out in all the moves' results).
///
/// # Errors
/// The table's limits, and too many terms to write out.
pub fn moves(sum: &mut PartizanSum, text: &str, limits: Limits) -> Result<PartizanMovesReport> {
    let mut written = 0u64;
    let left_moves = listed(sum, Side::Left, limits, &mut written)?;
    let right_moves = listed(sum, Side::Right, limits, &mut written)?;
    let games = &mut sum.games;
    Ok(PartizanMovesReport {
        schema: SCHEMA,
        spec: text.to_string(),
        canonical: games.format(sum.value)?,
        outcome: games.outcome(sum.value)?.letter(),
        left_moves: left_moves.into_iter().map(|(entry, ..)| entry).collect(),
        right_moves: right_moves.into_iter().map(|(entry, ..)| entry).collect(),
    })
}

/// The moves of `side`, each result listed once, with how the value each leaves compares with
/// 0; the terms written out counted in `written`.
fn listed(
    sum: &mut PartizanSum,
    side: Side,
    limits: Limits,
    written: &mut u64,
) -> Result<Vec<(PartizanOption, Comparison, Game)>> {
    let terms = u64::try_from(sum.components.len()).unwrap_or(u64::MAX);
    let mut found: Vec<(PartizanOption, Comparison, Game)> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for index in 0..sum.components.len() {
        let component = &sum.components[index];
        let (before, from) = (component.value, component.text.clone());
        let moves = match side {
            Side::Left => component.left.clone(),
            Side::Right => component.right.clone(),
        };
        for option in moves {
            let result = sum.text(Some((index, &option.text)));
            if !seen.insert(result.clone()) {
                continue;
            }
            *written = written.saturating_add(terms);
            if *written > limits.max_output {
                return Err(Error::limit(Limit::Output, limits.max_output));
            }
            let games = &mut sum.games;
            let rest = games.sub(sum.value, before)?;
            let value = games.add(rest, option.value)?;
            let zero = games.zero();
            let comparison = games.compare(value, zero)?;
            let wins = match side {
                Side::Left => matches!(comparison, Comparison::Greater | Comparison::Equal),
                Side::Right => matches!(comparison, Comparison::Less | Comparison::Equal),
            };
            let entry = PartizanOption {
                number: found.len() + 1,
                component: index,
                from: from.clone(),
                to: option.text,
                result,
                value: games.format(value)?,
                wins,
            };
            found.push((entry, comparison, value));
        }
    }
    Ok(found)
}

/// The move a perfect player `side` makes in `sum`: the first winning move listed; without one,
/// the first move that leaves a value confused with 0 (the other player must still find a
/// winning reply), else a move that leaves the best value for `side` (none listed before it is
/// better).
///
/// # Errors
/// No move left for `side`; the limits.
pub fn computer_move(
    sum: &mut PartizanSum,
    side: Side,
    limits: Limits,
) -> Result<PartizanComputerMove> {
    let listed = listed(sum, side, limits, &mut 0)?;
    let other = side.other().name();
    let winning = listed.iter().find(|(entry, ..)| entry.wins);
    let fuzzy = listed
        .iter()
        .find(|(_, comparison, _)| *comparison == Comparison::Confused);
    let mut best: Option<&(PartizanOption, Comparison, Game)> = None;
    for candidate in &listed {
        let better = match best {
            None => true,
            Some((_, _, kept)) => match side {
                Side::Left => sum.games.compare(candidate.2, *kept)? == Comparison::Greater,
                Side::Right => sum.games.compare(candidate.2, *kept)? == Comparison::Less,
            },
        };
        if better {
            best = Some(candidate);
        }
    }
    let (chosen, reason) = if let Some((entry, ..)) = winning {
        let sign = if side == Side::Left { ">=" } else { "<=" };
        let reason = format!(
            "a winning move: it leaves {} {sign} 0, so {other}, to move, loses",
            entry.value
        );
        (entry, reason)
    } else if let Some((entry, ..)) = fuzzy {
        let reason = format!(
            "no move wins; this one leaves {}, confused with 0: {other} must find a winning reply",
            entry.value
        );
        (entry, reason)
    } else if let Some((entry, ..)) = best {
        let reason = format!(
            "no move wins; this one leaves {}, the best left for {} (which {other} wins \
             whoever moves)",
            entry.value,
            side.name()
        );
        (entry, reason)
    } else {
        return Err(Error::invalid_position(format!(
            "{} has no move left: the game is over",
            side.name()
        )));
    };
    Ok(PartizanComputerMove {
        side,
        chosen: chosen.clone(),
        reason,
    })
}
