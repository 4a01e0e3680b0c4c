//! Partizan values as Python objects, and partizan games written in Python.
//!
//! Every value lives in one process-wide table of canonical forms (the library's
//! [`Games`]), so a value is a handle: sums, negatives and comparisons of any two values are
//! the library's, memoised across calls, and equal values are the same handle. A game
//! written in Python (`@grundy.partizan_game`) lists Left's and Right's moves from two
//! functions: the binding only adapts them to the library's [`PartizanRuleset`] (positions
//! named by ids, errors from Python kept and raised as themselves), and the library's
//! [`PartizanSolver`] walks the game into the same table, with its position and work limits.

use std::sync::{Mutex, MutexGuard, OnceLock};

use grundy::analysis::thermograph;
use grundy::partizan::games::{PartizanRuleset, PartizanSolver, DEFAULT_MAX_POSITIONS};
use grundy::partizan::{Comparison, Dyadic, Game, Games};
use grundy::{Error, ErrorKind, Limits};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::errors::{exclusive, not_in_callback, stash, to_py, CallbackGuard};
use crate::games::json;
use crate::user::SharedInterner;

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

/// A partizan game written in Python, as a library ruleset: positions are named by ids (a
/// Python dict maps values to ids), a position of the library is a sum of them (the sorted ids of
/// its parts), and its moves are what Left's or Right's function lists, a plain tuple being a
/// sum of parts. The functions' exceptions reach the caller as themselves through
/// [`PartizanRuleset::try_moves`].
struct PythonPartizan {
    left: Py<PyAny>,
    right: Py<PyAny>,
    interner: SharedInterner,
}

impl PythonPartizan {
    /// The id of `object`, named now if it is new (its `__hash__` and `__eq__` are user code).
    fn intern(&self, py: Python<'_>, object: &Bound<'_, PyAny>) -> PyResult<u32> {
        self.interner.intern(py, object, None)
    }

    /// The sum `item` names: the sorted ids of a plain tuple's parts, or of `item` alone.
    fn sum(&self, py: Python<'_>, item: &Bound<'_, PyAny>) -> PyResult<Vec<u32>> {
        let mut ids = match item.cast_exact::<PyTuple>() {
            Ok(tuple) => tuple
                .iter()
                .map(|part| self.intern(py, &part))
                .collect::<PyResult<Vec<u32>>>()?,
            Err(_) => vec![self.intern(py, item)?],
        };
        ids.sort_unstable();
        Ok(ids)
    }

    /// The moves of the sum `position` for Left (`left`) or Right: a move in one part, the
    /// others left as they are (the solver asks only of single parts).
    fn list(&self, py: Python<'_>, position: &[u32], left: bool) -> PyResult<Vec<Vec<u32>>> {
        let function = if left { &self.left } else { &self.right };
        let mut moves = Vec::new();
        for (index, &id) in position.iter().enumerate() {
            let object = self.interner.lock().object(py, id);
            // User code runs from here on: it must not call back into grundy, which holds the
            // table of values while it runs.
            let _guard = CallbackGuard::enter();
            let listed = function.bind(py).call1((object,))?;
            for item in listed.try_iter()? {
                let mut after = self.sum(py, &item?)?;
                after.extend(position[..index].iter().chain(&position[index + 1..]));
                after.sort_unstable();
                moves.push(after);
            }
        }
        Ok(moves)
    }

    fn repr(&self, py: Python<'_>, id: u32) -> String {
        let object = self.interner.lock().object(py, id);
        let _guard = CallbackGuard::enter();
        object
            .repr()
            .map(|text| text.to_string())
            .unwrap_or_else(|_| "?".to_string())
    }
}

impl PartizanRuleset for PythonPartizan {
    type Position = Vec<u32>;

    fn moves(&self, position: &Vec<u32>, left: bool) -> Vec<Vec<u32>> {
        // Only `try_moves` is called by the library's solver; an error here is kept for the
        // face all the same.
        Python::attach(|py| self.list(py, position, left)).unwrap_or_else(|error| {
            stash(error);
            Vec::new()
        })
    }

    fn try_moves(&self, position: &Vec<u32>, left: bool) -> grundy::Result<Vec<Vec<u32>>> {
        Python::attach(|py| self.list(py, position, left)).map_err(stash)
    }

    fn parts(&self, position: &Vec<u32>) -> Vec<Vec<u32>> {
        position.iter().map(|&id| vec![id]).collect()
    }

    fn format(&self, position: &Vec<u32>) -> String {
        if position.is_empty() {
            return "()".to_string();
        }
        Python::attach(|py| {
            let parts: Vec<String> = position.iter().map(|&id| self.repr(py, id)).collect();
            parts.join(" + ")
        })
    }
}

/// The Python exception for an error of the library's walk: a cycle is a `ValueError` (the
/// game is not one partizan values are defined for), anything else as [`to_py`] says.
fn walk_error(error: Error) -> PyErr {
    match error.kind() {
        ErrorKind::PartizanCycle { .. } => PyValueError::new_err(error.to_string()),
        _ => library(error),
    }
}

/// A partizan game written in Python: the library's [`PartizanSolver`] over its move
/// functions, remembering every part valued for later calls, bounded by `max_positions` parts
/// and `max_work` (parts valued and their moves, counted over every call).
#[pyclass(module = "grundy._grundy", frozen)]
pub(crate) struct PartizanRules {
    solver: Mutex<PartizanSolver<PythonPartizan>>,
}

impl PartizanRules {
    fn solver(&self) -> MutexGuard<'_, PartizanSolver<PythonPartizan>> {
        self.solver
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

#[pymethods]
impl PartizanRules {
    #[new]
    #[pyo3(signature = (left, right, max_positions=None, max_work=None))]
    fn new(
        py: Python<'_>,
        left: Py<PyAny>,
        right: Py<PyAny>,
        max_positions: Option<u64>,
        max_work: Option<u64>,
    ) -> PyResult<PartizanRules> {
        for function in [&left, &right] {
            if !function.bind(py).is_callable() {
                return Err(PyTypeError::new_err("left and right must be functions"));
            }
        }
        let limits = Limits::DEFAULT
            .with_max_positions(max_positions.unwrap_or(DEFAULT_MAX_POSITIONS as u64))
            .with_max_work(max_work.unwrap_or(Limits::DEFAULT.max_work));
        let rules = PythonPartizan {
            left,
            right,
            interner: SharedInterner::new(py, limits.max_positions),
        };
        Ok(PartizanRules {
            solver: Mutex::new(PartizanSolver::with_limits(rules, limits)),
        })
    }

    /// The value of the sum of `positions` (a plain tuple position is a sum of its parts).
    fn value(&self, py: Python<'_>, positions: Vec<Bound<'_, PyAny>>) -> PyResult<Value> {
        let _computing = exclusive(py)?;
        let mut solver = self.solver();
        let mut sum = Vec::new();
        for position in &positions {
            sum.extend(solver.rules().sum(py, position)?);
        }
        sum.sort_unstable();
        let game = solver.value(&mut table(), &sum).map_err(walk_error)?;
        Ok(Value { game })
    }

    /// How many positions (parts) have been valued.
    #[getter]
    fn positions_seen(&self, py: Python<'_>) -> PyResult<usize> {
        let _computing = exclusive(py)?;
        Ok(self.solver().positions())
    }

    /// The work done so far: positions valued and their moves, over every call.
    #[getter]
    fn work(&self, py: Python<'_>) -> PyResult<u64> {
        let _computing = exclusive(py)?;
        Ok(self.solver().work())
    }
}
