//! The report of a partizan value: its canonical form in CGSuite's notation, its outcome class,
//! stops, mean, temperature and thermograph walls, every number as CGSuite writes it. Tagged
//! `"kind": "partizan"` in JSON, beside the impartial reports' kinds.
//!
//! ```
//! let report = grundy::ask::partizan_value("{3|1}")?;
//! assert_eq!((report.canonical.as_str(), report.outcome), ("{3|1}", "L"));
//! assert_eq!((report.mean.as_str(), report.temperature.as_str()), ("2", "1"));
//! let json = serde_json::to_string(&report)?;
//! assert!(json.starts_with(r#"{"kind":"partizan","schema":1,"#));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use serde::Serialize;

use super::SCHEMA;
use crate::error::Result;
use crate::partizan::{Game, Games, Wall};

/// A partizan value, as a face shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename = "partizan")]
pub struct PartizanReport {
    /// [`SCHEMA`].
    pub schema: u32,
    /// The text asked about.
    pub spec: String,
    /// The canonical form in CGSuite's notation (`+-1`, `^*`, `{2|0||-1}`).
    pub canonical: String,
    /// Who wins: `L` (Left, whoever starts), `R`, `N` (the first player), `P` (the second).
    pub outcome: &'static str,
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
    /// Left's wall of the thermograph, as pieces from temperature 0 up.
    pub left_wall: Vec<WallPiece>,
    /// Right's wall.
    pub right_wall: Vec<WallPiece>,
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

/// The report of the value `g` of `games`, written `text`.
///
/// # Errors
/// The table's limits (a thermograph or a printed form may store new forms).
pub fn report(games: &mut Games, g: Game, text: &str) -> Result<PartizanReport> {
    let thermograph = games.thermograph(g)?;
    Ok(PartizanReport {
        schema: SCHEMA,
        spec: text.to_string(),
        canonical: games.format(g)?,
        outcome: games.outcome(g)?.letter(),
        is_number: games.as_number(g).is_some(),
        left_stop: games.left_stop(g)?.to_string(),
        right_stop: games.right_stop(g)?.to_string(),
        mean: thermograph.mean.to_string(),
        temperature: thermograph.temperature.to_string(),
        left_wall: pieces(&thermograph.left),
        right_wall: pieces(&thermograph.right),
    })
}
