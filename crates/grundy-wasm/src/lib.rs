//! WebAssembly bindings of the `grundy` library for the explorer page (`web/`).
//!
//! Each function takes spec text and returns one of the library's [`grundy::analysis`] reports
//! serialised as JSON: the very documents that `grundy ... --format json` prints. On bad input
//! or a limit it fails with an [`grundy::analysis::ErrorReport`] as JSON (in JavaScript: throws
//! that string). Bindings only: no game theory lives here, and the functions also build for the
//! host so that they can be tested natively.

use std::num::NonZeroU64;

use grundy::analysis::partizan_play::Side;
use grundy::ask::{self, Settings};
use grundy::{analysis, analysis::periodic, spec, Limits, Play};
use serde::Serialize;
use wasm_bindgen::prelude::wasm_bindgen;

/// The limits of every computation: small enough to answer in about a second in a browser tab.
pub const LIMITS: Limits = Limits {
    max_positions: 1 << 20,
    max_work: 1 << 23,
    max_moves: 1 << 16,
    max_output: 1 << 20,
    max_memory: 1 << 24,
    ..Limits::DEFAULT
};

/// The front door's settings of every question: [`LIMITS`], the library's other defaults.
const SETTINGS: Settings = Settings::with_limits(LIMITS);

/// The most positions a DAG may draw.
pub const MAX_DAG_NODES: u32 = 2000;

/// The last heap a sequence may reach.
pub const MAX_SEQUENCE_TO: u32 = 100_000;

/// A report as JSON, or an error report as JSON.
type Json = Result<String, String>;

fn to_json(report: &impl Serialize) -> Json {
    serde_json::to_string(report).map_err(|error| error.to_string())
}

fn error_json(error: &grundy::Error) -> String {
    to_json(&analysis::error(error)).unwrap_or_else(|message| message)
}

fn message_json(message: String) -> String {
    let report = analysis::ErrorReport {
        schema: analysis::SCHEMA,
        error: message,
        span: None,
        limit: false,
        help: None,
    };
    to_json(&report).unwrap_or_else(|message| message)
}

fn parse(text: &str) -> Result<grundy::sum::Sum, String> {
    spec::parse_with(text, spec::Options::new(LIMITS)).map_err(|error| error_json(&error))
}

/// The front door's answer to `question` about the game `spec` in normal or misère play, as
/// JSON.
fn answer<A: Serialize>(
    spec: &str,
    misere: bool,
    settings: &Settings,
    question: fn(&grundy::sum::Sum, Play, &Settings) -> grundy::Result<A>,
) -> Json {
    let sum = parse(spec)?;
    let answer = question(&sum, Play::from_misere(misere), settings);
    to_json(&answer.map_err(|error| error_json(&error))?)
}

/// `grundy value SPEC [--misere] --format json`: the front door's [`ask::ValueAnswer`] (its
/// `kind` says `normal`, `loopy`, `misere` or, for a partizan spec such as `{1|0} + ^`,
/// `partizan`).
///
/// # Errors
/// An `ErrorReport` as JSON.
#[wasm_bindgen]
pub fn value(spec: &str, misere: bool) -> Json {
    answer_any(spec, |game| {
        ask::value_of(game, Play::from_misere(misere), &SETTINGS)
    })
}

/// `grundy thermograph SPEC --format json`: a partizan game's thermograph, its walls and the
/// library's SVG picture of them (the page shows the picture as it comes).
///
/// # Errors
/// An `ErrorReport` as JSON (an impartial game is drawn as its nimber `*n`, a mast at 0).
#[wasm_bindgen]
pub fn thermograph(spec: &str) -> Json {
    answer_any(spec, ask::thermograph_of)
}

/// `grundy moves SPEC [--misere] --format json`: every move with the value it leads to.
///
/// # Errors
/// An `ErrorReport` as JSON.
#[wasm_bindgen]
pub fn moves(spec: &str, misere: bool) -> Json {
    answer_any(spec, |game| {
        ask::moves_of(game, Play::from_misere(misere), &SETTINGS)
    })
}

/// The move a perfect Left (`left`) or Right makes in the partizan game `spec`, with its
/// reason: the computer's move of `grundy play --as`.
///
/// # Errors
/// An `ErrorReport` as JSON: an impartial game, no move left, a limit.
#[wasm_bindgen]
pub fn partizan_move(spec: &str, left: bool) -> Json {
    let side = if left { Side::Left } else { Side::Right };
    answer_any(spec, |game| ask::partizan_move(game, side, &SETTINGS))
}

/// The front door's answer to `question` about spec text `spec`, impartial or partizan (read
/// as `grundy value` reads it), as JSON.
fn answer_any<A: Serialize>(
    spec: &str,
    question: impl FnOnce(&mut spec::AnyGame) -> grundy::Result<A>,
) -> Json {
    let mut game = spec::parse_any_with(spec, spec::Options::new(LIMITS))
        .map_err(|error| error_json(&error))?;
    to_json(&question(&mut game).map_err(|error| error_json(&error))?)
}

/// The computer's move from `spec` in normal or misère play (cycles allowed), with its
/// reason: the move `grundy play` would make.
///
/// # Errors
/// An `ErrorReport` as JSON: a finished game, a limit, misère play of a game with a cycle.
#[wasm_bindgen]
pub fn computer_move(spec: &str, misere: bool) -> Json {
    answer(spec, misere, &SETTINGS, ask::computer_move)
}

/// `grundy dag SPEC --format json` (with `--misere` when `misere`): the game DAG with at most
/// `max_nodes` positions (at most [`MAX_DAG_NODES`]).
///
/// # Errors
/// An `ErrorReport` as JSON.
#[wasm_bindgen]
pub fn dag(spec: &str, max_nodes: u32, misere: bool) -> Json {
    if max_nodes > MAX_DAG_NODES {
        return Err(message_json(format!(
            "a DAG may show at most {MAX_DAG_NODES} positions, not {max_nodes}"
        )));
    }
    let settings = Settings {
        max_nodes: max_nodes as usize,
        ..SETTINGS
    };
    answer(spec, misere, &settings, ask::dag)
}

/// The highest-bit rule spelled out for the sum panel.
///
/// # Errors
/// An `ErrorReport` as JSON.
#[wasm_bindgen]
pub fn highest_bit(spec: &str) -> Json {
    let sum = parse(spec)?;
    to_json(&ask::highest_bit(&sum).map_err(|error| error_json(&error))?)
}

/// `grundy seq RULE --to TO --format json`: values of heaps `0..=to` (at most
/// [`MAX_SEQUENCE_TO`]).
///
/// # Errors
/// An `ErrorReport` as JSON.
#[wasm_bindgen]
pub fn sequence(rule: &str, to: u32) -> Json {
    to_json(&sequence_report(rule, to)?)
}

fn sequence_report(rule: &str, to: u32) -> Result<analysis::SequenceReport, String> {
    if to > MAX_SEQUENCE_TO {
        return Err(message_json(format!(
            "a sequence may go up to heap {MAX_SEQUENCE_TO}, not {to}"
        )));
    }
    let heap_rule = spec::parse_heap_rule(rule).map_err(|error| error_json(&error))?;
    analysis::heap_sequence(heap_rule, u64::from(to), LIMITS).map_err(|error| error_json(&error))
}

/// The most values a row of a periodic table may hold.
pub const MAX_ROW: u32 = 1000;

/// `grundy seq RULE --to TO --by-period`: the values of heaps `0..=to` in rows of `period`
/// from heap `preperiod` on, or by the proved period when `period` is 0.
///
/// # Errors
/// An `ErrorReport` as JSON: no proved period to use, a row longer than [`MAX_ROW`], and the
/// errors of [`sequence`].
#[wasm_bindgen]
pub fn periodic_table(rule: &str, to: u32, period: u32, preperiod: u32) -> Json {
    if period > MAX_ROW {
        return Err(message_json(format!(
            "a row may hold at most {MAX_ROW} values, not {period}"
        )));
    }
    let report = sequence_report(rule, to)?;
    let table = match NonZeroU64::new(u64::from(period)) {
        Some(period) => periodic::periodic_table(&report, period, u64::from(preperiod)),
        None => periodic::proved_table(&report).ok_or_else(|| {
            message_json(format!(
                "no period of {} is proved from heaps 0 to {to}: give a row length",
                report.rule
            ))
        })?,
    };
    to_json(&table)
}

/// The version of the library, for the page's footer.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// The board of `spec` for the page's play card ([`ask::board_of`]): each component's
/// kind (`heap`, `row`, `split`, `coins`, `dominoes`, `chomp`, `domineering`, `hackenbush` or
/// none) and size, each move in drawable terms (with its player in a partizan game), and the
/// heap rule of the first term, for the sequence plot.
///
/// # Errors
/// An `ErrorReport` as JSON.
#[wasm_bindgen]
pub fn board(spec: &str) -> Json {
    answer_any(spec, |game| ask::board_of(game))
}

/// Whether a game ends as a draw at the last of `positions`, the positions of the game so far
/// in order, the start first ([`analysis::repetition`]: a position come up for the third
/// time), as `grundy play` decides it.
///
/// # Errors
/// An `ErrorReport` as JSON when `positions` is empty.
#[wasm_bindgen]
pub fn repetition(positions: Vec<String>) -> Json {
    let report = analysis::repetition::repetition(&positions)
        .ok_or_else(|| message_json("a game has at least one position".to_string()))?;
    to_json(&report)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_are_the_library_json() {
        let text = "sub{1,2,4}(8) + sub{1,3}(5)";
        let sum = spec::parse(text).unwrap();
        let settings = ask::Settings::default();
        let expected = ask::value(&sum, Play::Normal, &settings).unwrap();
        assert_eq!(value(text, false), to_json(&expected));
        let report: serde_json::Value = serde_json::from_str(&value(text, false).unwrap()).unwrap();
        assert_eq!(
            (
                report["kind"].as_str(),
                report["value"].as_u64(),
                report["outcome"].as_str()
            ),
            (Some("normal"), Some(3), Some("N"))
        );
        let expected = serde_json::to_string(&analysis::dag(&sum, 50, Play::Normal).unwrap());
        assert_eq!(dag(text, 50, false), Ok(expected.unwrap()));
        let expected = ask::moves(&sum, Play::Normal, &settings).unwrap();
        assert_eq!(moves(text, false), to_json(&expected));
        let report: serde_json::Value = serde_json::from_str(&highest_bit(text).unwrap()).unwrap();
        assert_eq!(report["target_value"].as_u64(), Some(1));
    }

    #[test]
    fn loopy_and_misere_reports_are_the_library_json() {
        let text = "digraph(a>b, b>a; a)";
        let sum = spec::parse(text).unwrap();
        let report: serde_json::Value = serde_json::from_str(&value(text, false).unwrap()).unwrap();
        assert_eq!(
            (
                report["kind"].as_str(),
                report["value"].as_str(),
                report["outcome"].as_str()
            ),
            (Some("loopy"), Some("inf"), Some("D"))
        );
        assert_eq!(report["drawing_moves"][0]["to"], "digraph(a>b, b>a; b)");
        let expected = ask::moves(&sum, Play::Normal, &SETTINGS).unwrap();
        assert_eq!(moves(text, false), to_json(&expected));
        // Misère Nim: nim(1,1,1) is a misère P-position, nim(2,2) too (Bouton).
        let report: serde_json::Value =
            serde_json::from_str(&value("nim(1,1,1)", true).unwrap()).unwrap();
        assert_eq!(
            (report["kind"].as_str(), report["outcome"].as_str()),
            (Some("misere"), Some("P"))
        );
        let report: serde_json::Value =
            serde_json::from_str(&moves("nim(2,2)", true).unwrap()).unwrap();
        assert!(report["moves"]
            .as_array()
            .unwrap()
            .iter()
            .all(|entry| entry["winning"] == false));
        assert!(value(text, true).is_err());
        // The computer keeps the draw; in misère nim(1,2) it leaves the last token to the opponent.
        let chosen: serde_json::Value =
            serde_json::from_str(&computer_move(text, false).unwrap()).unwrap();
        assert_eq!(chosen["result"], "digraph(a>b, b>a; b)");
        let chosen: serde_json::Value =
            serde_json::from_str(&computer_move("nim(1,2)", true).unwrap()).unwrap();
        assert_eq!(chosen["result"], "nim(1)");
        assert!(computer_move("nim(0)", false).is_err());
    }

    #[test]
    fn classic_games_parse() {
        // Moore's Nim_2 P-position 1..6, an a-Wythoff P-position, Fibonacci Nim on a
        // Fibonacci number (each 0), and 2 x 3 = 1 in Turning Corners.
        let text = "moore(2; 1,2,3,4,5,6) + wythoff(4,10; a=2) + fibnim(13) + corners(TTT/TTH)";
        let report: serde_json::Value = serde_json::from_str(&value(text, false).unwrap()).unwrap();
        assert_eq!(report["value"].as_u64(), Some(1));
    }

    #[test]
    fn turning_rules_and_cram_parse() {
        // Grunt at 5 is Grundy's game on 5 (2), Mogul at 8 is 127 (the first 7 heads are
        // worth 1, 2, 4, ..., 64), turn{1,2} is Turning Turtles (3), a 4 x 4 Cram board is a
        // P-position, and twins x ternups at (3, 3) is 2 x 1.
        let text = "grunt(TTTTH) + mogul(TTTTTTTH) + turn{1,2}(TTH) + cram(4x4) \
                    + tartan(twins,turn{spaced 3}; TTT/TTT/TTH)";
        let report: serde_json::Value = serde_json::from_str(&value(text, false).unwrap()).unwrap();
        assert_eq!(report["value"].as_u64(), Some(2 ^ 127 ^ 3 ^ 2));
    }

    #[test]
    fn sequences_match_published_values() {
        let report: serde_json::Value =
            serde_json::from_str(&sequence("kayles", 12).unwrap()).unwrap();
        // OEIS A002186.
        let expected = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4];
        assert_eq!(report["values"], serde_json::json!(expected));
    }

    /// Issue 15: a game with a cycle gets generalised values in every report, its DAG
    /// included, and misère play of it the one error every face gives.
    #[test]
    fn games_with_cycles_are_answered_and_drawn() {
        let text = "digraph(a>b, b>a, a>c; a) + digraph(x>y, y>x; x)";
        let report: serde_json::Value = serde_json::from_str(&value(text, false).unwrap()).unwrap();
        assert_eq!(
            (report["value"].as_str(), report["outcome"].as_str()),
            (Some("inf"), Some("D"))
        );
        let report: serde_json::Value = serde_json::from_str(&moves(text, false).unwrap()).unwrap();
        assert_eq!(report["moves"].as_array().map(Vec::len), Some(3));
        let report: serde_json::Value =
            serde_json::from_str(&dag(text, 50, false).unwrap()).unwrap();
        assert_eq!(report["nodes"].as_array().map(Vec::len), Some(6));
        for misere in [value(text, true), moves(text, true), dag(text, 50, true)] {
            let error: serde_json::Value = serde_json::from_str(&misere.unwrap_err()).unwrap();
            let message = error["error"].as_str().unwrap();
            assert!(message.starts_with("misère analysis needs a game without cycles"));
        }
    }

    #[test]
    fn periodic_tables_use_the_proved_period_or_the_one_given() {
        // sub{1,2,3}: g(n) = n mod 4, period 4 from heap 0.
        let table: serde_json::Value =
            serde_json::from_str(&periodic_table("sub{1,2,3}", 9, 0, 0).unwrap()).unwrap();
        assert_eq!(
            (table["period"].as_u64(), table["proved"].as_bool()),
            (Some(4), Some(true))
        );
        assert_eq!(table["rows"][2]["values"], serde_json::json!([0, 1]));
        let table: serde_json::Value =
            serde_json::from_str(&periodic_table("kayles", 20, 12, 3).unwrap()).unwrap();
        assert_eq!(table["preperiod_values"], serde_json::json!([0, 1, 2]));
        assert_eq!(table["proved"], serde_json::json!(false));
        let error = periodic_table("kayles", 20, 0, 0).unwrap_err();
        assert!(error.contains("no period of kayles is proved"), "{error}");
        assert!(periodic_table("kayles", 20, MAX_ROW + 1, 0).is_err());
    }

    /// Issue 15's test matrix, the WebAssembly part: every kind of game in
    /// `crates/grundy/tests/data/faces.txt` gets the library's report in normal and misère
    /// play, its DAG included, or the library's error (the command line's matrix checks that
    /// it prints the same documents); its partizan specs `value` and `moves` only.
    #[test]
    fn every_kind_of_game_gets_the_library_report() {
        type Run = fn(&grundy::sum::Sum) -> grundy::Result<String>;
        fn json(report: &impl Serialize) -> String {
            serde_json::to_string(report).unwrap()
        }
        let specs = include_str!("../../grundy/tests/data/faces.txt");
        let (impartial, partizan) = specs.split_once("\n## partizan\n").unwrap();
        for text in partizan.lines().filter(|line| !line.starts_with('#')) {
            // The partizan front door; `dag` is not asked of these.
            for misere in [false, true] {
                let play = Play::from_misere(misere);
                let game = || spec::parse_any_with(text, spec::Options::new(LIMITS));
                let report = |ask: &dyn Fn(&mut spec::AnyGame) -> grundy::Result<String>| {
                    game()
                        .and_then(|mut game| ask(&mut game))
                        .map_err(|error| json(&analysis::error(&error)))
                };
                let expected = report(&|game| Ok(json(&ask::value_of(game, play, &SETTINGS)?)));
                assert_eq!(value(text, misere), expected, "{text}, value");
                let expected = report(&|game| Ok(json(&ask::moves_of(game, play, &SETTINGS)?)));
                assert_eq!(moves(text, misere), expected, "{text}, moves");
            }
        }
        for text in impartial.lines().filter(|line| !line.starts_with('#')) {
            let expected = |run: Run| {
                spec::parse_with(text, spec::Options::new(LIMITS))
                    .and_then(|sum| run(&sum))
                    .map_err(|error| json(&analysis::error(&error)))
            };
            let runs: [(Json, Run); 6] = [
                (value(text, false), |sum| {
                    Ok(json(&ask::value(sum, Play::Normal, &SETTINGS)?))
                }),
                (moves(text, false), |sum| {
                    Ok(json(&ask::moves(sum, Play::Normal, &SETTINGS)?))
                }),
                (value(text, true), |sum| {
                    Ok(json(&ask::value(sum, Play::Misere, &SETTINGS)?))
                }),
                (moves(text, true), |sum| {
                    Ok(json(&ask::moves(sum, Play::Misere, &SETTINGS)?))
                }),
                (dag(text, 50, false), |sum| {
                    Ok(json(&analysis::dag(sum, 50, Play::Normal)?))
                }),
                (dag(text, 50, true), |sum| {
                    Ok(json(&analysis::dag(sum, 50, Play::Misere)?))
                }),
            ];
            for (index, (answer, run)) in runs.into_iter().enumerate() {
                assert_eq!(answer, expected(run), "{text}, call {index}");
            }
        }
    }

    #[test]
    fn errors_are_json_with_a_span() {
        let error: serde_json::Value =
            serde_json::from_str(&value("nim(3", false).unwrap_err()).unwrap();
        assert_eq!(error["span"], serde_json::json!([5, 5]));
        assert!(error["error"].as_str().unwrap().starts_with("expected"));
        let error: serde_json::Value =
            serde_json::from_str(&value("grundy(10^9)", false).unwrap_err()).unwrap();
        assert_eq!(error["limit"], serde_json::json!(true));
        assert!(dag("nim(3)", MAX_DAG_NODES + 1, false).is_err());
        assert!(sequence("wythoff", 10).is_err());
        assert!(sequence("nim", MAX_SEQUENCE_TO + 1).is_err());
    }

    #[test]
    fn boards_and_draws_are_the_library_json() {
        let text = "kayles(3) + nim(2) + turtles(THH)";
        let expected = analysis::board::board(&spec::parse(text).unwrap()).unwrap();
        assert_eq!(board(text), to_json(&expected));
        let report: serde_json::Value = serde_json::from_str(&board(text).unwrap()).unwrap();
        assert_eq!(report["heap_rule"], "kayles");
        assert_eq!(report["components"][0]["kind"], "row");
        assert!(board("nim(3").is_err());
        let game = |moves: usize| -> Vec<String> {
            let positions = ["digraph(a>b, b>a; a)", "digraph(a>b, b>a; b)"];
            positions
                .iter()
                .cycle()
                .take(moves + 1)
                .map(|p| p.to_string())
                .collect()
        };
        let twice: serde_json::Value = serde_json::from_str(&repetition(game(3)).unwrap()).unwrap();
        assert_eq!(
            (twice["visits"].as_u64(), twice["draw"].as_bool()),
            (Some(2), Some(false))
        );
        let draw: serde_json::Value = serde_json::from_str(&repetition(game(4)).unwrap()).unwrap();
        assert_eq!(draw["draw"], true);
        assert!(repetition(Vec::new()).is_err());
    }

    /// `value` reads partizan specs as `grundy value` does: the library's partizan report;
    /// misère play of one is the library's error.
    #[test]
    fn partizan_values_are_the_library_json() {
        let text = "{1|0} + ^ + domineering(2x2)";
        let report = ask::partizan_value(text).unwrap();
        let expected = serde_json::to_string(&ask::ValueAnswer::Partizan(report)).unwrap();
        assert_eq!(value(text, false).unwrap(), expected);
        assert!(value(text, true)
            .unwrap_err()
            .contains("misère play of a partizan game"));
    }

    /// `moves`, `partizan_move` and `board` read partizan specs: the library's reports.
    #[test]
    fn partizan_moves_play_and_boards_are_the_library_json() {
        let text = "domineering(2x2) + hackenbush(lr)";
        let mut game = spec::parse_any_with(text, spec::Options::new(LIMITS)).unwrap();
        let expected = ask::moves_of(&mut game, Play::Normal, &SETTINGS).unwrap();
        assert_eq!(moves(text, false), to_json(&expected));
        let chosen = ask::partizan_move(&mut game, Side::Right, &SETTINGS).unwrap();
        assert_eq!(partizan_move(text, false), to_json(&chosen));
        assert_eq!(board(text), to_json(&ask::board_of(&game).unwrap()));
        let report: serde_json::Value = serde_json::from_str(&board(text).unwrap()).unwrap();
        assert_eq!(report["components"][0]["kind"], "domineering");
        assert_eq!(report["components"][1]["kind"], "hackenbush");
        assert!(partizan_move("nim(3)", true).is_err());
        assert!(partizan_move("hackenbush(r)", true)
            .unwrap_err()
            .contains("Left has no move left"));
    }
}
