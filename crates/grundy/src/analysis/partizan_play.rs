//! Moves and play of a partizan sum: every move for Left and for Right, each with the sum it
//! leaves, that sum's canonical form and whether it wins; and the move a perfect player makes.
//! Tagged `"kind": "partizan"` in JSON by [`crate::ask::MovesAnswer`].
//!
//! The JSON of [`PartizanMovesReport`] is
//! ```json
//! {"kind": "partizan", "schema": 1, "spec": "{1|0} + ^", "route": "canonical", "canonical": "{1^|^}",
//!  "outcome": "N",
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
//! assert_eq!(report.head.outcome, "N");
//! // Both dominoes win for Left; moving up to 0 leaves +-1, which Right wins moving first.
//! let winning: Vec<bool> = report.left_moves.iter().map(|entry| entry.wins).collect();
//! assert_eq!(winning, [true, true, false]);
//! let chosen = computer_move(&mut sum, Side::Right, Default::default())?;
//! assert_eq!(chosen.chosen.result, "domineering(xx/oo) + ^");
//! # Ok::<(), grundy::Error>(())
//! ```

use serde::Serialize;

use super::partizan::PartizanHead;
use crate::error::{Error, Limit, Result};
use crate::game::Limits;
use crate::partizan::search::{OutcomeSearch, Term};
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
    /// The sum, the route, the canonical form and the outcome.
    #[serde(flatten)]
    pub head: PartizanHead,
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
    /// Its canonical form; `null` on the outcome search's route.
    pub value: Option<String>,
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
/// ([`Limits::max_output`] terms written out in all the moves' results). A sum with no value
/// (too large for the limits) has its outcome and the moves that win found by the outcome
/// search.
///
/// # Errors
/// The table's limits, too many terms to write out, and the search's limits.
pub fn moves(sum: &mut PartizanSum, text: &str, limits: Limits) -> Result<PartizanMovesReport> {
    let mut written = 0u64;
    let left_moves = listed(sum, Side::Left, limits, &mut written)?;
    let right_moves = listed(sum, Side::Right, limits, &mut written)?;
    Ok(PartizanMovesReport {
        head: PartizanHead::of(sum, text, limits)?,
        left_moves: left_moves.into_iter().map(|(entry, ..)| entry).collect(),
        right_moves: right_moves.into_iter().map(|(entry, ..)| entry).collect(),
    })
}

/// One move of a sum, judged: in term `component`, which becomes `to`.
pub(super) struct Judged {
    /// The term moved in.
    pub(super) component: usize,
    /// The term before the move, and after it, as spec text.
    pub(super) from: String,
    pub(super) to: String,
    /// The value the sum is left with, its text, and how it compares with 0 (on the canonical
    /// route only).
    pub(super) left_with: Option<(Game, String, Comparison)>,
    /// Whether the move wins: the other player, to move, loses.
    pub(super) wins: bool,
}

impl Judged {
    /// The text of the value left, on the canonical route.
    pub(super) fn value(&self) -> Option<String> {
        self.left_with.as_ref().map(|(_, text, _)| text.clone())
    }
}

/// The moves of `side` in `sum`, each result listed once, each judged: by the value it leaves
/// where the sum has one, by the outcome search (within `limits`) where not.
pub(super) fn judged_moves(
    sum: &mut PartizanSum,
    side: Side,
    limits: Limits,
) -> Result<Vec<Judged>> {
    let left = side == Side::Left;
    let mut seen = std::collections::HashSet::new();
    let mut candidates = Vec::new();
    for (index, component) in sum.components.iter().enumerate() {
        let moves = if left {
            &component.left
        } else {
            &component.right
        };
        // The positions moved to, for a term too large to value (the same order as its moves).
        let positions = match (&component.position, component.value) {
            (Some(position), None) => position.options(left),
            _ => Vec::new(),
        };
        for (at, option) in moves.iter().enumerate() {
            let result = sum.text(Some((index, &option.text)));
            if !seen.insert(result) {
                continue;
            }
            let term = match (option.value, positions.get(at)) {
                (Some(value), _) => Term::Value(value),
                (None, Some(position)) => Term::Position(position.clone()),
                (None, None) => continue,
            };
            candidates.push((index, component.text.clone(), option.text.clone(), term));
        }
    }
    let mut judged = Vec::with_capacity(candidates.len());
    match sum.value {
        Some(total) => {
            let games = &mut sum.games;
            for (index, from, to, term) in candidates {
                let (Term::Value(after), Some(before)) = (term, sum.components[index].value) else {
                    continue;
                };
                let rest = games.sub(total, before)?;
                let value = games.add(rest, after)?;
                let zero = games.zero();
                let comparison = games.compare(value, zero)?;
                let wins = match side {
                    Side::Left => matches!(comparison, Comparison::Greater | Comparison::Equal),
                    Side::Right => matches!(comparison, Comparison::Less | Comparison::Equal),
                };
                let text = games.format(value)?;
                judged.push(Judged {
                    component: index,
                    from,
                    to,
                    left_with: Some((value, text, comparison)),
                    wins,
                });
            }
        }
        None => {
            let terms = sum.terms();
            let mut search = OutcomeSearch::new(&mut sum.games, limits);
            for (index, from, to, term) in candidates {
                let mut next = terms.clone();
                next[index] = term;
                let wins = !search.mover_wins(&next, !left)?;
                judged.push(Judged {
                    component: index,
                    from,
                    to,
                    left_with: None,
                    wins,
                });
            }
        }
    }
    Ok(judged)
}

/// A move as listed, with the value it leaves and how that compares with 0 (on the canonical
/// route).
type Listed = (PartizanOption, Option<(Game, Comparison)>);

/// The moves of `side`, each result listed once, with the value each leaves and how it
/// compares with 0 (on the canonical route); the terms written out counted in `written`.
fn listed(
    sum: &mut PartizanSum,
    side: Side,
    limits: Limits,
    written: &mut u64,
) -> Result<Vec<Listed>> {
    let terms = u64::try_from(sum.components.len()).unwrap_or(u64::MAX);
    let mut found = Vec::new();
    for judged in judged_moves(sum, side, limits)? {
        *written = written.saturating_add(terms);
        if *written > limits.max_output {
            return Err(Error::limit(Limit::Output, limits.max_output));
        }
        let entry = PartizanOption {
            number: found.len() + 1,
            component: judged.component,
            result: sum.text(Some((judged.component, &judged.to))),
            value: judged.value(),
            from: judged.from,
            to: judged.to,
            wins: judged.wins,
        };
        let left_with = judged
            .left_with
            .map(|(value, _, comparison)| (value, comparison));
        found.push((entry, left_with));
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
    let winning = listed.iter().find(|(entry, _)| entry.wins);
    let fuzzy = listed
        .iter()
        .find(|(_, left_with)| matches!(left_with, Some((_, Comparison::Confused))));
    let mut best: Option<&Listed> = None;
    for candidate in &listed {
        let better = match (best, candidate.1) {
            (None, _) => true,
            (Some((_, Some((kept, _)))), Some((value, _))) => {
                let comparison = sum.games.compare(value, *kept)?;
                match side {
                    Side::Left => comparison == Comparison::Greater,
                    Side::Right => comparison == Comparison::Less,
                }
            }
            _ => false,
        };
        if better {
            best = Some(candidate);
        }
    }
    let shown =
        |entry: &PartizanOption| entry.value.clone().unwrap_or_else(|| entry.result.clone());
    let (chosen, reason) = if let Some((entry, _)) = winning {
        let reason = match &entry.value {
            Some(value) => {
                let sign = if side == Side::Left { ">=" } else { "<=" };
                format!("a winning move: it leaves {value} {sign} 0, so {other}, to move, loses")
            }
            None => format!(
                "a winning move, by the outcome search: {other}, to move, loses {}",
                entry.result
            ),
        };
        (entry, reason)
    } else if let Some((entry, _)) = fuzzy {
        let reason = format!(
            "no move wins; this one leaves {}, confused with 0: {other} must find a winning reply",
            shown(entry)
        );
        (entry, reason)
    } else if let Some((entry, left_with)) = best {
        let reason = if left_with.is_some() {
            format!(
                "no move wins; this one leaves {}, the best left for {} (which {other} wins \
                 whoever moves)",
                shown(entry),
                side.name()
            )
        } else {
            format!(
                "no move wins (by the outcome search); {other} wins whatever {} does",
                side.name()
            )
        };
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
