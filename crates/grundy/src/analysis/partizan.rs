//! The report of a partizan value: its canonical form in CGSuite's notation, its outcome class,
//! stops, mean, temperature and thermograph walls, every number as CGSuite writes it, and
//! every winning move of the sum for Left and for Right with the value it leaves. Tagged
//! `"kind": "partizan"` in JSON by [`crate::ask::ValueAnswer`], beside the impartial reports'
//! kinds.
//!
//! ```
//! let report = grundy::ask::partizan_value("{3|1}")?;
//! assert_eq!((report.head.canonical.as_deref(), report.head.outcome), (Some("{3|1}"), "L"));
//! assert_eq!(report.head.route, "canonical");
//! let facts = report.facts.as_ref().expect("a canonical form's facts");
//! assert_eq!((facts.mean.as_str(), facts.temperature.as_str()), ("2", "1"));
//! assert_eq!(report.left_winning_moves[0].result, "3");
//! assert_eq!(report.right_winning_moves, []);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use serde::Serialize;

use super::partizan_play::{judged_moves, Side};
use super::SCHEMA;
use crate::error::{Error, ErrorKind, Limit, Result};
use crate::game::Limits;
use crate::partizan::search::OutcomeSearch;
use crate::partizan::{Game, Games, PartizanSum, Thermograph, Wall};

/// What the value and moves reports of a partizan sum start with: the sum, the route that
/// answered, its canonical form and its outcome (their first fields in JSON).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PartizanHead {
    /// [`SCHEMA`].
    pub schema: u32,
    /// The text asked about.
    pub spec: String,
    /// Which route answered: [`CANONICAL`] (the canonical form, and everything below from it)
    /// or [`OUTCOME_SEARCH`] (the canonical form was too large for the limits: the outcome and
    /// the winning moves by a search that uses the values of the parts small enough to value).
    pub route: &'static str,
    /// The canonical form in CGSuite's notation (`+-1`, `^*`, `{2|0||-1}`); `null` on the
    /// outcome search's route.
    pub canonical: Option<String>,
    /// Who wins: `L` (Left, whoever starts), `R`, `N` (the first player), `P` (the second).
    pub outcome: &'static str,
}

impl PartizanHead {
    /// The head of a report of `sum`, written `text`: from its value, or, for a sum with no
    /// value (too large for the limits), by the outcome search within `limits`.
    ///
    /// # Errors
    /// The table's limits (a printed form may store new forms) and the search's limits.
    pub(super) fn of(sum: &mut PartizanSum, text: &str, limits: Limits) -> Result<PartizanHead> {
        let (route, canonical, outcome) = match sum.value {
            Some(value) => (
                CANONICAL,
                Some(sum.games.format(value)?),
                sum.games.outcome(value)?,
            ),
            None => {
                let terms = sum.terms();
                let outcome = OutcomeSearch::new(&mut sum.games, limits).outcome(&terms)?;
                (OUTCOME_SEARCH, None, outcome)
            }
        };
        Ok(PartizanHead {
            schema: SCHEMA,
            spec: text.to_string(),
            route,
            canonical,
            outcome: outcome.letter(),
        })
    }
}

/// A partizan value, as a face shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PartizanReport {
    /// The sum, the route, the canonical form and the outcome.
    #[serde(flatten)]
    pub head: PartizanHead,
    /// What the canonical form tells beside (absent on the outcome search's route).
    #[serde(flatten)]
    pub facts: Option<PartizanFacts>,
    /// Every move that wins for Left moving first (it leaves a value `>= 0`).
    pub left_winning_moves: Vec<PartizanMove>,
    /// Every move that wins for Right moving first (it leaves a value `<= 0`).
    pub right_winning_moves: Vec<PartizanMove>,
}

/// The route of a report answered from the canonical form.
pub const CANONICAL: &str = "canonical";

/// The route of a report answered by a search of the outcome
/// ([`crate::partizan::search::OutcomeSearch`]).
pub const OUTCOME_SEARCH: &str = "outcome search";

/// What a canonical form tells beside its outcome.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PartizanFacts {
    /// Whether the value is a number.
    pub is_number: bool,
    /// Left's stop.
    pub left_stop: String,
    /// Right's stop.
    pub right_stop: String,
    /// The mean.
    pub mean: String,
    /// The temperature (CGSuite's `-1/2^k` for a number `m/2^k`).
    pub temperature: String,
    /// The thermograph's walls.
    #[serde(flatten)]
    pub walls: Walls,
    /// The reduced canonical form: the simplest game an infinitesimal away (`^*` reduces to
    /// `0`, `{1^|-1^}` to `+-1`).
    pub reduced: String,
    /// The atomic weight, when the value is all-small (`^` weighs `1`, `*` `0`); else `null`.
    pub atomic_weight: Option<String>,
}

/// One move of a partizan sum: in one term, leaving the sum `result` worth `value`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PartizanMove {
    /// The term moved in, counted from 0 in the order written.
    pub component: usize,
    /// What the term becomes, as spec text.
    pub to: String,
    /// The whole game after the move, as spec text.
    pub result: String,
    /// Its canonical form; `null` on the outcome search's route.
    pub value: Option<String>,
}

/// One piece of a thermograph's wall: from temperature `start`, the value `value` changing by
/// `slope` (-1, 0 or +1) per unit of temperature, up to the next piece.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WallPiece {
    /// Where the piece starts.
    pub start: String,
    /// The wall's value there.
    pub value: String,
    /// Its slope.
    pub slope: i8,
}

/// The two walls of a thermograph, as pieces from temperature 0 up: part of a report's JSON,
/// flattened (keys `left_wall` and `right_wall`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Walls {
    /// Left's wall, as pieces from temperature 0 up.
    pub left_wall: Vec<WallPiece>,
    /// Right's wall.
    pub right_wall: Vec<WallPiece>,
}

impl Walls {
    /// The walls of `thermograph`.
    pub(super) fn of(thermograph: &Thermograph) -> Walls {
        Walls {
            left_wall: pieces(&thermograph.left),
            right_wall: pieces(&thermograph.right),
        }
    }
}

fn pieces(wall: &Wall) -> Vec<WallPiece> {
    wall.pieces()
        .iter()
        .map(|piece| WallPiece {
            start: piece.start.to_string(),
            value: piece.value.to_string(),
            slope: piece.slope,
        })
        .collect()
}

/// The report of the partizan sum `sum`, written `text`, its winning moves listed within
/// `limits` ([`Limits::max_output`] terms written out in all the moves' results). A sum with no
/// value (too large for the limits) is answered by the outcome search, within `limits`.
///
/// # Errors
/// The table's limits (a thermograph or a printed form may store new forms), too many terms to
/// write out, and the search's limits.
pub fn report(sum: &mut PartizanSum, text: &str, limits: Limits) -> Result<PartizanReport> {
    let head = PartizanHead::of(sum, text, limits)?;
    let left_winning_moves = winning_moves(sum, true, limits)?;
    let right_winning_moves = winning_moves(sum, false, limits)?;
    let facts = match sum.value {
        Some(g) => Some(facts(&mut sum.games, g)?),
        None => None,
    };
    Ok(PartizanReport {
        head,
        facts,
        left_winning_moves,
        right_winning_moves,
    })
}

/// What the canonical form `g` tells beside its outcome.
fn facts(games: &mut Games, g: Game) -> Result<PartizanFacts> {
    let thermograph = games.thermograph(g)?;
    Ok(PartizanFacts {
        is_number: games.as_number(g).is_some(),
        left_stop: games.left_stop(g)?.to_string(),
        right_stop: games.right_stop(g)?.to_string(),
        mean: thermograph.mean.to_string(),
        temperature: thermograph.temperature.to_string(),
        walls: Walls::of(&thermograph),
        reduced: {
            let reduced = games.reduced(g)?;
            games.format(reduced)?
        },
        atomic_weight: atomic_weight(games, g)?,
    })
}

/// The atomic weight of `g` in CGSuite's notation, `None` when `g` is not all-small or born
/// too late for the remote star the calculus compares with.
fn atomic_weight(games: &mut Games, g: Game) -> Result<Option<String>> {
    match games.atomic_weight(g) {
        Ok(Some(weight)) => Ok(Some(games.format(weight)?)),
        Ok(None) => Ok(None),
        Err(error) if matches!(error.kind(), ErrorKind::Unsupported { .. }) => Ok(None),
        Err(error) => Err(error),
    }
}

/// Every move of `sum` that wins for Left (`left`) or Right moving first: the moves that leave
/// a value `>= 0` for Left, `<= 0` for Right (on the search's route, those after which the other
/// player, to move, loses).
fn winning_moves(sum: &mut PartizanSum, left: bool, limits: Limits) -> Result<Vec<PartizanMove>> {
    let side = if left { Side::Left } else { Side::Right };
    let terms = u64::try_from(sum.components.len()).unwrap_or(u64::MAX);
    let mut written = 0u64;
    let mut found = Vec::new();
    for judged in judged_moves(sum, side, limits)? {
        if !judged.wins {
            continue;
        }
        written = written.saturating_add(terms);
        if written > limits.max_output {
            return Err(Error::limit(Limit::Output, limits.max_output));
        }
        found.push(PartizanMove {
            component: judged.component,
            result: sum.text(Some((judged.component, &judged.to))),
            value: judged.value(),
            to: judged.to,
        });
    }
    Ok(found)
}
