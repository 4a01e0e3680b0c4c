//! Sums of games as Python objects: `parse`, the reports of a sum as JSON text, sums of sums,
//! the positions winning moves lead to, and play against the computer.

use std::sync::{Mutex, MutexGuard};

use grundy::analysis;
use grundy::analysis::partizan_play::Side;
use grundy::ask::{self, Settings, ValueAnswer};
use grundy::sum::Sum;
use grundy::{spec, Limits, Play};
use pyo3::prelude::*;
use serde::Serialize;

use crate::errors::{exclusive, not_in_callback, to_py, Exclusive};

pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<Game>()?;
    module.add_class::<PlayState>()?;
    module.add_function(wrap_pyfunction!(parse, module)?)?;
    module.add_function(wrap_pyfunction!(report_of, module)?)?;
    Ok(())
}

/// The limits of a computation: the library's defaults, changed where Python says.
pub(crate) fn limits(max_positions: Option<u64>, max_work: Option<u64>) -> Limits {
    spec_limits((max_positions, max_work, None))
}

/// The limits Python may set on spec text: `(max_positions, max_work, max_memory)`, `None`
/// for the library's default.
type SpecLimits = (Option<u64>, Option<u64>, Option<u64>);

/// The limits of a computation on spec text: the library's defaults where Python sets none.
fn spec_limits((max_positions, max_work, max_memory): SpecLimits) -> Limits {
    let defaults = Limits::default();
    Limits {
        max_positions: max_positions.unwrap_or(defaults.max_positions),
        max_work: max_work.unwrap_or(defaults.max_work),
        max_memory: max_memory.unwrap_or(defaults.max_memory),
        ..defaults
    }
}

/// A report as JSON text; serialising the library's plain structs cannot fail.
pub(crate) fn json(report: &impl Serialize) -> PyResult<String> {
    serde_json::to_string(report)
        .map_err(|error| pyo3::exceptions::PyRuntimeError::new_err(error.to_string()))
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    // A poisoned lock means a panic in an earlier call, which pyo3 already turned into an
    // exception; the sum itself is never left half-changed.
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A sum of games (built-in or written in Python), with the limits its computations obey.
#[pyclass(module = "grundy._grundy", frozen)]
pub(crate) struct Game {
    sum: Mutex<Sum>,
    limits: Limits,
}

impl Game {
    pub(crate) fn new(sum: Sum, limits: Limits) -> Game {
        Game {
            sum: Mutex::new(sum),
            limits,
        }
    }

    /// The front door's settings: this game's limits, the library's other defaults.
    fn settings(&self) -> Settings {
        Settings::with_limits(self.limits)
    }

    fn sum(&self, py: Python<'_>) -> PyResult<(Exclusive, MutexGuard<'_, Sum>)> {
        let computing = exclusive(py)?;
        Ok((computing, lock(&self.sum)))
    }
}

/// Reads a file included by a spec, capped as the CLI caps it.
fn read_file(name: &str) -> Result<String, String> {
    spec::read_include(std::fs::File::open(name), name)
}

/// Parses spec text (`"kayles(13) + nim(3,4,5)"`) into a game, whose computations keep within
/// the limits given (`max_memory`: bytes of a search's table, as `--max-memory`).
#[pyfunction]
#[pyo3(signature = (spec, max_positions=None, max_work=None, max_memory=None))]
fn parse(
    spec: &str,
    max_positions: Option<u64>,
    max_work: Option<u64>,
    max_memory: Option<u64>,
) -> PyResult<Game> {
    not_in_callback()?;
    let limits = spec_limits((max_positions, max_work, max_memory));
    let options = spec::Options::new(limits).with_include(&read_file);
    let sum = spec::parse_with(spec, options).map_err(|error| to_py(error, Some(spec)))?;
    Ok(Game::new(sum, limits))
}

/// A report of spec text that may be partizan (`"{1|0} + ^"`, `"domineering(3x3)"`), as JSON,
/// read as the CLI reads it: `question` is `"value"` (`grundy value SPEC [--misere]`), `"moves"`
/// (`grundy moves`: every move for Left and for Right, `"kind": "partizan"`, or the impartial
/// moves report), or `"left_move"` / `"right_move"` (the move a perfect Left or Right makes,
/// with its reason, as `grundy play --as`).
#[pyfunction]
#[pyo3(signature = (question, spec, misere=false, max_positions=None, max_work=None, max_memory=None))]
fn report_of(
    py: Python<'_>,
    question: &str,
    spec: &str,
    misere: bool,
    max_positions: Option<u64>,
    max_work: Option<u64>,
    max_memory: Option<u64>,
) -> PyResult<String> {
    let play = Play::from_misere(misere);
    let limits = (max_positions, max_work, max_memory);
    match question {
        "value" => ask_any(py, spec, limits, |game, settings| {
            ask::value_of(game, play, settings)
        }),
        "moves" => ask_any(py, spec, limits, |game, settings| {
            ask::moves_of(game, play, settings)
        }),
        "left_move" | "right_move" => {
            let side = if question == "left_move" {
                Side::Left
            } else {
                Side::Right
            };
            ask_any(py, spec, limits, |game, settings| {
                ask::partizan_move(game, side, settings)
            })
        }
        _ => Err(pyo3::exceptions::PyValueError::new_err(format!(
            "question is value, moves, left_move or right_move, not {question:?}"
        ))),
    }
}

/// Reads `spec`, impartial or partizan, within `limits`, asks it `question` with those limits
/// and returns the answer as JSON; errors point into `spec`.
fn ask_any<T: Serialize>(
    py: Python<'_>,
    spec: &str,
    limits: SpecLimits,
    question: impl FnOnce(&mut spec::AnyGame, &Settings) -> grundy::Result<T>,
) -> PyResult<String> {
    not_in_callback()?;
    let _computing = exclusive(py)?;
    let limits = spec_limits(limits);
    let options = spec::Options::new(limits).with_include(&read_file);
    let mut game = spec::parse_any_with(spec, options).map_err(|error| to_py(error, Some(spec)))?;
    let answer = question(&mut game, &Settings::with_limits(limits));
    json(&answer.map_err(|error| to_py(error, Some(spec)))?)
}

#[pymethods]
impl Game {
    /// The game as spec text.
    fn spec(&self, py: Python<'_>) -> PyResult<String> {
        Ok(self.sum(py)?.1.format())
    }

    /// Spec text that equal positions share: each component's representative (sorted Wythoff
    /// heaps, a board up to its symmetries), all components sorted.
    fn canonical_key(&self, py: Python<'_>) -> PyResult<String> {
        Ok(self.sum(py)?.1.canonical_key())
    }

    /// `grundy value SPEC [--misere] --format json`.
    fn value_report(&self, py: Python<'_>, misere: bool) -> PyResult<String> {
        let (_computing, sum) = self.sum(py)?;
        let answer = ask::value(&sum, Play::from_misere(misere), &self.settings());
        json(&answer.map_err(|error| to_py(error, Some(&sum.format())))?)
    }

    /// `grundy moves SPEC [--misere] --format json`.
    fn moves_report(&self, py: Python<'_>, misere: bool) -> PyResult<String> {
        let (_computing, sum) = self.sum(py)?;
        let answer = ask::moves(&sum, Play::from_misere(misere), &self.settings());
        json(&answer.map_err(|error| to_py(error, Some(&sum.format())))?)
    }

    /// `grundy dag SPEC --max-nodes N [--misere] --format json`.
    fn dag_report(&self, py: Python<'_>, max_nodes: usize, misere: bool) -> PyResult<String> {
        let (_computing, sum) = self.sum(py)?;
        let settings = Settings {
            max_nodes,
            ..self.settings()
        };
        let report = ask::dag(&sum, Play::from_misere(misere), &settings);
        json(&report.map_err(|error| to_py(error, None))?)
    }

    /// The highest-bit rule of the sum spelled out (the explorer's sum panel).
    fn highest_bit_report(&self, py: Python<'_>) -> PyResult<String> {
        let (_computing, sum) = self.sum(py)?;
        json(&ask::highest_bit(&sum).map_err(|error| to_py(error, None))?)
    }

    /// The Grundy value of a game without cycles (the nim-sum of its components' values).
    fn value(&self, py: Python<'_>) -> PyResult<u64> {
        let (_computing, sum) = self.sum(py)?;
        Ok(sum.value().map_err(|error| to_py(error, None))?.value())
    }

    /// The sum of this game and `other`; both keep sharing their memos.
    fn plus(&self, py: Python<'_>, other: &Game) -> PyResult<Game> {
        let _computing = exclusive(py)?;
        let mut terms = Vec::new();
        // One lock at a time: `game + game` adds a game to itself.
        terms.extend(lock(&self.sum).terms().iter().map(|term| term.clone_box()));
        terms.extend(lock(&other.sum).terms().iter().map(|term| term.clone_box()));
        Ok(Game::new(Sum::new(terms), self.limits))
    }

    /// `grundy value SPEC [--misere] --format json` with the games its winning moves lead
    /// to, in the report's order: the front door's answer says whether the moves are those
    /// of a game without cycles in normal play (the Grundy value's, which `Sum::winning_moves`
    /// lists); for any other answer (cycles, misère play) there are no games.
    fn winning_moves(&self, py: Python<'_>, misere: bool) -> PyResult<(String, Vec<Game>)> {
        let (_computing, sum) = self.sum(py)?;
        let answer = ask::value(&sum, Play::from_misere(misere), &self.settings())
            .map_err(|error| to_py(error, Some(&sum.format())))?;
        let games = match &answer {
            ValueAnswer::Normal(_) => sum
                .winning_moves()
                .map_err(|error| to_py(error, None))?
                .into_iter()
                .map(|sum_move| Game::new(sum_move.result, self.limits))
                .collect(),
            _ => Vec::new(),
        };
        Ok((json(&answer)?, games))
    }

    /// A game in play from this position, in normal or misère play.
    fn play(&self, py: Python<'_>, misere: bool) -> PyResult<PlayState> {
        let (_computing, sum) = self.sum(py)?;
        let game = ask::play(&sum, Play::from_misere(misere), &self.settings())
            .map_err(|error| to_py(error, None))?;
        Ok(PlayState {
            game: Mutex::new(game),
        })
    }
}

/// A game in play against a perfect opponent (`grundy play`). The library's game keeps
/// per-thread caches, so the object belongs to the thread that made it.
#[pyclass(module = "grundy._grundy", frozen, unsendable)]
pub(crate) struct PlayState {
    game: Mutex<grundy::play::Game>,
}

impl PlayState {
    fn game(&self, py: Python<'_>) -> PyResult<(Exclusive, MutexGuard<'_, grundy::play::Game>)> {
        let computing = exclusive(py)?;
        Ok((computing, lock(&self.game)))
    }
}

#[pymethods]
impl PlayState {
    /// The position, its outcome and every move, as JSON (`PlayView`).
    fn view(&self, py: Python<'_>) -> PyResult<String> {
        let (_computing, mut game) = self.game(py)?;
        json(&analysis::play::view(&mut game).map_err(|error| to_py(error, None))?)
    }

    /// Lets the computer move; its move and reason as JSON (`ComputerMove`).
    fn computer_move(&self, py: Python<'_>) -> PyResult<String> {
        let (_computing, mut game) = self.game(py)?;
        json(&analysis::play::computer_move(&mut game).map_err(|error| to_py(error, None))?)
    }

    /// Plays the move a player typed: its number (from 1), description or resulting position
    /// (in a sum of heaps, any position one move away, listed or not).
    fn make_move(&self, py: Python<'_>, text: &str) -> PyResult<()> {
        let (_computing, mut game) = self.game(py)?;
        let typed = analysis::play::typed_move(&mut game, text)
            .map_err(|error| to_py(error, Some(text)))?;
        game.make_move(typed.number - 1)
            .map_err(|error| to_py(error, None))
    }

    /// The position as spec text.
    fn position(&self, py: Python<'_>) -> PyResult<String> {
        Ok(self.game(py)?.1.position())
    }
}
