//! Partizan values as Python objects, and partizan games written in Python.
//!
//! Every value lives in one process-wide table of canonical forms (the library's
//! [`Games`]), so a value is a handle: sums, negatives and comparisons of any two values are
//! the library's, memoised across calls, and equal values are the same handle. A game
//! written in Python (`@grundy.partizan_game`) lists Left's and Right's moves from two
//! functions; its positions are valued into the same table, children before parents, by an
//! explicit stack (no recursion limit), each position's value the library's canonical form of
//! `{values of Left's moves | values of Right's moves}`.

use std::sync::{Mutex, MutexGuard, OnceLock};

use grundy::analysis::thermograph;
use grundy::partizan::{Comparison, Dyadic, Game, Games};
use grundy::Error;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::errors::{exclusive, not_in_callback, to_py, CallbackGuard, LimitError};
use crate::games::json;

pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<Value>()?;
    module.add_class::<PartizanRules>()?;
    module.add_function(wrap_pyfunction!(partizan_value, module)?)?;
    Ok(())
}

/// The table every partizan value of this process lives in.
fn table() -> MutexGuard<'static, Games> {
    static TABLE: OnceLock<Mutex<Games>> = OnceLock::new();
    // A poisoned lock means a panic in an earlier call (an exception already); the table is
    // only ever added to, so what it holds stays right.
    TABLE
        .get_or_init(|| Mutex::new(Games::new()))
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn library(error: Error) -> PyErr {
    to_py(error, None)
}

/// A partizan value: a canonical form in the process's table.
#[pyclass(module = "grundy._grundy", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Value {
    game: Game,
}

/// Reads a partizan value from spec text: CGSuite's notation or positions of the partizan
/// rulesets (`"{1|0} + ^"`, `"domineering(3x3)"`).
#[pyfunction]
fn partizan_value(py: Python<'_>, spec: &str) -> PyResult<Value> {
    not_in_callback()?;
    let _computing = exclusive(py)?;
    let game = grundy::spec::parse_partizan(spec, &mut table())
        .map_err(|error| to_py(error, Some(spec)))?;
    Ok(Value { game })
}

impl Value {
    /// Runs `question` on the table with this value, one computation at a time.
    fn ask<T>(
        &self,
        py: Python<'_>,
        question: impl FnOnce(&mut Games, Game) -> grundy::Result<T>,
    ) -> PyResult<T> {
        let _computing = exclusive(py)?;
        question(&mut table(), self.game).map_err(library)
    }

    /// The number this value is, or a `ValueError` naming what `what` needs.
    fn number(&self, games: &Games, what: &str) -> PyResult<Dyadic> {
        games
            .as_number(self.game)
            .ok_or_else(|| PyValueError::new_err(format!("{what} needs a number")))
    }
}

#[pymethods]
impl Value {
    /// The canonical form in CGSuite's notation.
    fn canonical(&self, py: Python<'_>) -> PyResult<String> {
        self.ask(py, |games, g| games.format(g))
    }

    fn add(&self, py: Python<'_>, other: &Value) -> PyResult<Value> {
        let game = self.ask(py, |games, g| games.add(g, other.game))?;
        Ok(Value { game })
    }

    fn sub(&self, py: Python<'_>, other: &Value) -> PyResult<Value> {
        let game = self.ask(py, |games, g| games.sub(g, other.game))?;
        Ok(Value { game })
    }

    fn neg(&self, py: Python<'_>) -> PyResult<Value> {
        let game = self.ask(py, |games, g| games.neg(g))?;
        Ok(Value { game })
    }

    /// `<`, `=`, `>` or `||` (confused with).
    fn compare(&self, py: Python<'_>, other: &Value) -> PyResult<&'static str> {
        let comparison = self.ask(py, |games, g| games.compare(g, other.game))?;
        Ok(match comparison {
            Comparison::Less => "<",
            Comparison::Equal => "=",
            Comparison::Greater => ">",
            Comparison::Confused => "||",
        })
    }

    /// `L`, `R`, `N` or `P`.
    fn outcome(&self, py: Python<'_>) -> PyResult<&'static str> {
        self.ask(py, |games, g| {
            games.outcome(g).map(|outcome| outcome.letter())
        })
    }

    /// Whether the value is a number.
    fn is_number(&self, py: Python<'_>) -> PyResult<bool> {
        self.ask(py, |games, g| Ok(games.as_number(g).is_some()))
    }

    /// Left's stop, right's stop, mean and temperature, as CGSuite writes numbers.
    fn temperature_theory(&self, py: Python<'_>) -> PyResult<(String, String, String, String)> {
        self.ask(py, |games, g| {
            let thermograph = games.thermograph(g)?;
            Ok((
                games.left_stop(g)?.to_string(),
                games.right_stop(g)?.to_string(),
                thermograph.mean.to_string(),
                thermograph.temperature.to_string(),
            ))
        })
    }

    /// The thermograph report as JSON (walls, and the SVG picture).
    fn thermograph(&self, py: Python<'_>) -> PyResult<String> {
        let report = self.ask(py, |games, g| {
            let spec = games.format(g)?;
            thermograph::report(games, g, &spec)
        })?;
        json(&report)
    }

    /// The reduced canonical form.
    fn reduced(&self, py: Python<'_>) -> PyResult<Value> {
        let game = self.ask(py, |games, g| games.reduced(g))?;
        Ok(Value { game })
    }

    /// The atomic weight, or `None` when the value is not all-small.
    fn atomic_weight(&self, py: Python<'_>) -> PyResult<Option<Value>> {
        let weight = self.ask(py, |games, g| games.atomic_weight(g))?;
        Ok(weight.map(|game| Value { game }))
    }

    /// Cooled by the number `t` (`heat`: heated).
    fn cool(&self, py: Python<'_>, t: &Value, heat: bool) -> PyResult<Value> {
        let _computing = exclusive(py)?;
        let mut games = table();
        let by = t.number(&games, if heat { "heating" } else { "cooling" })?;
        let game = if heat {
            games.heat(self.game, by)
        } else {
            games.cool(self.game, by)
        }
        .map_err(library)?;
        Ok(Value { game })
    }
}

/// A partizan game written in Python: Left's and Right's move functions, the values found so
/// far (positions to values in a dict), and a bound on the positions valued.
#[pyclass(module = "grundy._grundy", frozen)]
pub(crate) struct PartizanRules {
    left: Py<PyAny>,
    right: Py<PyAny>,
    values: Py<PyDict>,
    max_positions: usize,
}

/// A position waiting for its moves' values: the position, and the moves once listed.
struct Frame {
    position: Py<PyAny>,
    moves: Option<[Vec<Vec<Py<PyAny>>>; 2]>,
}

impl PartizanRules {
    /// The moves of `position` for Left (`side` 0) or Right: each a list of parts (a plain
    /// tuple is a sum of parts, `()` nothing).
    fn moves(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        side: usize,
    ) -> PyResult<Vec<Vec<Py<PyAny>>>> {
        let function = if side == 0 { &self.left } else { &self.right };
        let _guard = CallbackGuard::enter();
        let listed = function.bind(py).call1((position,))?;
        let mut moves = Vec::new();
        for item in listed.try_iter()? {
            let item = item?;
            let parts = match item.cast_exact::<PyTuple>() {
                Ok(tuple) => tuple.iter().map(Bound::unbind).collect(),
                Err(_) => vec![item.unbind()],
            };
            moves.push(parts);
        }
        Ok(moves)
    }

    /// The value of `position`, valuing every position it leads to first.
    fn solve(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<Game> {
        let values = self.values.bind(py);
        let pending = PyDict::new(py);
        let mut stack = vec![Frame {
            position: position.clone().unbind(),
            moves: None,
        }];
        while let Some(frame) = stack.last_mut() {
            let position = frame.position.bind(py).clone();
            if values.contains(&position)? {
                stack.pop();
                continue;
            }
            let Some(moves) = &frame.moves else {
                if pending.contains(&position)? {
                    return Err(PyValueError::new_err(format!(
                        "the game has a cycle through {}: partizan values need games that end",
                        position.repr()?
                    )));
                }
                pending.set_item(&position, true)?;
                let listed = [self.moves(py, &position, 0)?, self.moves(py, &position, 1)?];
                let mut children = Vec::new();
                for part in listed.iter().flatten().flatten() {
                    if !values.contains(part.bind(py))? {
                        children.push(Frame {
                            position: part.clone_ref(py),
                            moves: None,
                        });
                    }
                }
                frame.moves = Some(listed);
                stack.extend(children);
                continue;
            };
            let mut options: [Vec<Game>; 2] = [Vec::new(), Vec::new()];
            let mut games = table();
            for (side, side_moves) in moves.iter().enumerate() {
                for parts in side_moves {
                    let mut total = games.zero();
                    for part in parts {
                        let part = values.get_item(part.bind(py))?.ok_or_else(|| {
                            PyValueError::new_err("a move's part was not valued (a cycle?)")
                        })?;
                        let part = part.cast::<Value>()?.get().game;
                        total = games.add(total, part).map_err(library)?;
                    }
                    options[side].push(total);
                }
            }
            let value = games.game(&options[0], &options[1]).map_err(library)?;
            drop(games);
            if values.len() >= self.max_positions {
                return Err(LimitError::new_err(format!(
                    "limit reached: more than {} positions valued (max_positions)",
                    self.max_positions
                )));
            }
            values.set_item(&position, Value { game: value })?;
            pending.del_item(&position)?;
            stack.pop();
        }
        let value = values
            .get_item(position)?
            .ok_or_else(|| PyValueError::new_err("the position was not valued"))?;
        Ok(value.cast::<Value>()?.get().game)
    }
}

#[pymethods]
impl PartizanRules {
    #[new]
    #[pyo3(signature = (left, right, max_positions=None))]
    fn new(
        py: Python<'_>,
        left: Py<PyAny>,
        right: Py<PyAny>,
        max_positions: Option<usize>,
    ) -> PyResult<PartizanRules> {
        for function in [&left, &right] {
            if !function.bind(py).is_callable() {
                return Err(PyTypeError::new_err("left and right must be functions"));
            }
        }
        Ok(PartizanRules {
            left,
            right,
            values: PyDict::new(py).unbind(),
            max_positions: max_positions.unwrap_or(grundy::partizan::games::DEFAULT_MAX_POSITIONS),
        })
    }

    /// The value of the sum of `positions` (a plain tuple position is a sum of its parts).
    fn value(&self, py: Python<'_>, positions: Vec<Bound<'_, PyAny>>) -> PyResult<Value> {
        let _computing = exclusive(py)?;
        let mut parts = Vec::new();
        for position in positions {
            match position.cast_exact::<PyTuple>() {
                Ok(tuple) => parts.extend(tuple.iter()),
                Err(_) => parts.push(position),
            }
        }
        let mut total = table().zero();
        for part in &parts {
            let value = self.solve(py, part)?;
            total = table().add(total, value).map_err(library)?;
        }
        Ok(Value { game: total })
    }

    /// How many positions have been valued.
    #[getter]
    fn positions_seen(&self, py: Python<'_>) -> usize {
        self.values.bind(py).len()
    }
}
