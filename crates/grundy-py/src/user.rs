//! Games written in Python: a ruleset whose moves come from a Python function.
//!
//! Positions are any hashable Python values; the ruleset names each by a small id (a Python
//! dict maps values to ids), so the library's solvers, memo and whole-sum searches work on
//! integers and call the function once per position they expand. A move is one position, or a
//! plain `tuple` of positions when it splits the game into independent parts (`()` finishes
//! it). An optional `canonical` function maps a position to the representative of equivalent
//! ones, computed once per new position. The function's exceptions reach the caller as
//! themselves through [`Ruleset::try_moves`] (see [`crate::errors`]).

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use grundy::sum::{RulesetTerm, Sum};
use grundy::{analysis, ErrorKind, Limits, Parts, Ruleset, Solver};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt, PyList, PyTuple};

use crate::errors::{exclusive, stash, to_py, CallbackGuard, LimitError};
use crate::games::{json, limits, Game};

pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<Rules>()?;
    Ok(())
}

/// Int positions below this are named through a table indexed by the int (4 bytes each).
const DENSE_INTS: usize = 1 << 22;

/// An int not named yet, in [`Interner::dense_ints`].
const UNSEEN: u32 = u32::MAX;

/// Positions seen so far, named by ids (shared with the partizan games written in Python).
pub(crate) struct Interner {
    /// Python value to id, for every position.
    ids: Py<PyDict>,
    /// The ids of positions that are plain ints from 0 below [`DENSE_INTS`], by index
    /// ([`UNSEEN`] where none yet): the fast path of most games, looked up without hashing.
    dense_ints: Vec<u32>,
    /// The ids of other plain ints that fit in an `i64`. An int missing from both is looked
    /// up in `ids` all the same, so values equal to it (`1.0`, `True`) share its id as they
    /// would in a dict.
    other_ints: HashMap<i64, u32>,
    /// Id to Python value.
    objects: Vec<Py<PyAny>>,
    /// Id to the id of its canonical representative.
    canonical: Vec<u32>,
    /// The most positions to remember.
    max: u64,
}

impl Interner {
    /// No positions yet; at most `max` will be named.
    pub(crate) fn new(py: Python<'_>, max: u64) -> Interner {
        Interner {
            ids: PyDict::new(py).unbind(),
            dense_ints: Vec::new(),
            other_ints: HashMap::new(),
            objects: Vec::new(),
            canonical: Vec::new(),
            max: max.min(u64::from(UNSEEN)),
        }
    }

    /// The position named `id`.
    pub(crate) fn object<'py>(&self, py: Python<'py>, id: u32) -> Bound<'py, PyAny> {
        self.objects[id as usize].bind(py).clone()
    }

    /// The id of `object`, named now if it is new; `canonical` maps positions to their
    /// representatives.
    pub(crate) fn intern(
        &mut self,
        py: Python<'_>,
        object: &Bound<'_, PyAny>,
        canonical: Option<&Py<PyAny>>,
    ) -> PyResult<u32> {
        let small = if object.is_exact_instance_of::<PyInt>() {
            object.extract::<i64>().ok()
        } else {
            None
        };
        if let Some(key) = small {
            let known = match usize::try_from(key) {
                Ok(index) if index < DENSE_INTS => self.dense_ints.get(index).copied(),
                _ => self.other_ints.get(&key).copied(),
            };
            if let Some(id) = known.filter(|&id| id != UNSEEN) {
                return Ok(id);
            }
        }
        let ids = self.ids.clone_ref(py);
        let ids = ids.bind(py);
        let id = match ids.get_item(object)? {
            Some(id) => id.extract()?,
            None => {
                let representative = match canonical {
                    Some(canonical) => {
                        let _guard = CallbackGuard::enter();
                        let representative = canonical.bind(py).call1((object,))?;
                        if representative.eq(object)? {
                            None
                        } else {
                            Some(representative)
                        }
                    }
                    None => None,
                };
                let canonical_id = match representative {
                    // A representative is its own representative.
                    Some(representative) => Some(match ids.get_item(&representative)? {
                        Some(id) => self.canonical[id.extract::<u32>()? as usize],
                        None => self.add(ids, &representative, None)?,
                    }),
                    None => None,
                };
                self.add(ids, object, canonical_id)?
            }
        };
        if let Some(key) = small {
            match usize::try_from(key) {
                Ok(index) if index < DENSE_INTS => {
                    if index >= self.dense_ints.len() {
                        let grown = (index + 1).max(2 * self.dense_ints.len()).min(DENSE_INTS);
                        self.dense_ints.resize(grown, UNSEEN);
                    }
                    self.dense_ints[index] = id;
                }
                _ => {
                    self.other_ints.insert(key, id);
                }
            }
        }
        Ok(id)
    }

    /// Names a new `object`, whose representative is `canonical` (itself when `None`).
    fn add(
        &mut self,
        ids: &Bound<'_, PyDict>,
        object: &Bound<'_, PyAny>,
        canonical: Option<u32>,
    ) -> PyResult<u32> {
        let id = self.objects.len() as u64;
        if id >= self.max {
            return Err(LimitError::new_err(format!(
                "limit reached: more than {} positions seen",
                self.max
            )));
        }
        let id = id as u32;
        ids.set_item(object, id)?;
        self.objects.push(object.clone().unbind());
        self.canonical.push(canonical.unwrap_or(id));
        Ok(id)
    }
}

/// An [`Interner`] behind a lock, as a game's ruleset and its face share it (a game written in
/// Python, impartial or partizan).
pub(crate) struct SharedInterner(Mutex<Interner>);

impl SharedInterner {
    /// No positions yet; at most twice `max_positions`: positions seen as moves may outnumber
    /// those solved (the solver's limit), but not by much in games that end, so this stops a
    /// game that never does (a count that goes below 0) in seconds rather than minutes.
    pub(crate) fn new(py: Python<'_>, max_positions: u64) -> SharedInterner {
        SharedInterner(Mutex::new(Interner::new(
            py,
            max_positions.saturating_mul(2),
        )))
    }

    /// The interner, locked (a panic while it was held leaves it usable: its tables only grow).
    pub(crate) fn lock(&self) -> MutexGuard<'_, Interner> {
        self.0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The id of `object`, named now if it is new (its `__hash__` and `__eq__` are user code);
    /// `canonical` maps positions to their representatives.
    pub(crate) fn intern(
        &self,
        py: Python<'_>,
        object: &Bound<'_, PyAny>,
        canonical: Option<&Py<PyAny>>,
    ) -> PyResult<u32> {
        let _guard = CallbackGuard::enter();
        self.lock().intern(py, object, canonical)
    }
}

/// The Python side of a ruleset, shared by the ruleset (inside the solver) and its face.
struct Shared {
    moves: Py<PyAny>,
    canonical: Option<Py<PyAny>>,
    name: String,
    interner: SharedInterner,
    calls: AtomicU64,
}

impl Shared {
    fn interner(&self) -> MutexGuard<'_, Interner> {
        self.interner.lock()
    }

    /// The id of `object`, named now if it is new.
    fn intern(&self, py: Python<'_>, object: &Bound<'_, PyAny>) -> PyResult<u32> {
        self.interner.intern(py, object, self.canonical.as_ref())
    }

    fn object<'py>(&self, py: Python<'py>, id: u32) -> Bound<'py, PyAny> {
        self.interner().object(py, id)
    }

    /// Calls the moves function on position `id` and names what it returns.
    fn list_moves(&self, py: Python<'_>, id: u32, out: &mut Vec<Parts<u32>>) -> PyResult<()> {
        let position = self.object(py, id);
        self.calls.fetch_add(1, Ordering::Relaxed);
        // User code runs from here on (the moves function, and `__hash__` and `__eq__` of its
        // positions): it must not call back into grundy, which holds this game's memo. The
        // interner stays locked while the moves are named; user code cannot reach it.
        let _guard = CallbackGuard::enter();
        let listed = self.moves.bind(py).call1((position,))?;
        let mut interner = self.interner();
        let canonical = self.canonical.as_ref();
        let mut name = |item: Bound<'_, PyAny>| -> PyResult<Parts<u32>> {
            let mut parts = Parts::new();
            if let Ok(tuple) = item.cast_exact::<PyTuple>() {
                for part in tuple.iter() {
                    parts.push(interner.intern(py, &part, canonical)?);
                }
            } else {
                parts.push(interner.intern(py, &item, canonical)?);
            }
            Ok(parts)
        };
        if let Ok(list) = listed.cast_exact::<PyList>() {
            out.reserve(list.len());
            for item in list.iter() {
                out.push(name(item)?);
            }
        } else {
            for item in listed.try_iter()? {
                out.push(name(item?)?);
            }
        }
        Ok(())
    }

    fn repr(&self, py: Python<'_>, id: u32) -> String {
        let object = self.object(py, id);
        // A position's `__repr__` is user code too.
        let _guard = CallbackGuard::enter();
        object
            .repr()
            .map(|text| text.to_string())
            .unwrap_or_else(|_| "?".to_string())
    }
}

/// The ruleset of a game written in Python; positions are ids of Python values.
struct PythonRules {
    shared: Arc<Shared>,
}

impl Ruleset for PythonRules {
    type Position = u32;

    fn moves(&self, position: &u32, out: &mut Vec<Parts<u32>>) {
        // Only `try_moves` is called by the library's solvers; an error here is kept for the
        // face all the same (it raises it when the computation ends with a callback error).
        if let Err(error) = Python::attach(|py| self.shared.list_moves(py, *position, out)) {
            stash(error);
        }
    }

    fn try_moves(&self, position: &u32, out: &mut Vec<Parts<u32>>) -> grundy::Result<()> {
        Python::attach(|py| self.shared.list_moves(py, *position, out)).map_err(stash)
    }

    fn canonical(&self, position: &u32) -> u32 {
        if self.shared.canonical.is_none() {
            return *position;
        }
        self.shared.interner().canonical[*position as usize]
    }

    fn describe(&self, from: &u32, to: &[u32]) -> String {
        Python::attach(|py| {
            let parts: Vec<String> = to.iter().map(|&id| self.shared.repr(py, id)).collect();
            let to = if parts.is_empty() {
                "nothing".to_string()
            } else {
                parts.join(" + ")
            };
            format!("{} -> {to}", self.shared.repr(py, *from))
        })
    }

    fn format(&self, positions: &[u32]) -> String {
        if positions.is_empty() {
            return "0".to_string();
        }
        Python::attach(|py| {
            let parts: Vec<String> = positions
                .iter()
                .map(|&id| self.shared.repr(py, id))
                .collect();
            format!("{}({})", self.shared.name, parts.join(", "))
        })
    }
}

/// A game written in Python: its moves function, an optional canonical function, a name for
/// spec-like text, and one memo shared by every game made from it.
#[pyclass(module = "grundy._grundy", frozen)]
pub(crate) struct Rules {
    shared: Arc<Shared>,
    term: RulesetTerm<Solver<PythonRules>>,
    limits: Limits,
}

#[pymethods]
impl Rules {
    #[new]
    #[pyo3(signature = (moves, canonical=None, name="game".to_string(), max_positions=None, max_work=None))]
    fn new(
        py: Python<'_>,
        moves: Py<PyAny>,
        canonical: Option<Py<PyAny>>,
        name: String,
        max_positions: Option<u64>,
        max_work: Option<u64>,
    ) -> PyResult<Rules> {
        if !moves.bind(py).is_callable() {
            return Err(PyTypeError::new_err("moves must be a function"));
        }
        let limits = limits(max_positions, max_work);
        let shared = Arc::new(Shared {
            moves,
            canonical,
            name,
            interner: SharedInterner::new(py, limits.max_positions),
            calls: AtomicU64::new(0),
        });
        let rules = PythonRules {
            shared: Arc::clone(&shared),
        };
        let term = RulesetTerm::new(Solver::with_limits(rules, limits), Vec::new());
        Ok(Rules {
            shared,
            term,
            limits,
        })
    }

    /// The sum of `positions` in this game, as a game.
    fn game(&self, py: Python<'_>, positions: Vec<Bound<'_, PyAny>>) -> PyResult<Game> {
        let _computing = exclusive(py)?;
        let ids = positions
            .iter()
            .map(|position| self.shared.intern(py, position))
            .collect::<PyResult<Vec<u32>>>()?;
        let term = self.term.with_positions(ids);
        Ok(Game::new(Sum::new(vec![Box::new(term)]), self.limits))
    }

    /// The Grundy value of `position`: an int, or the loopy value report's `"inf"` when the
    /// moves from it can cycle back.
    fn value(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let _computing = exclusive(py)?;
        let id = self.shared.intern(py, position)?;
        let sum = Sum::new(vec![Box::new(self.term.with_positions(vec![id]))]);
        match sum.value() {
            Ok(value) => Ok(value.value().into_pyobject(py)?.into_any().unbind()),
            Err(error) if matches!(error.kind(), ErrorKind::Cycle { .. }) => {
                let report = analysis::loopy::value(&sum, self.limits)
                    .map_err(|error| to_py(error, None))?;
                let text = json(&report.sum.value)?;
                let json_module = py.import("json")?;
                Ok(json_module.call_method1("loads", (text,))?.unbind())
            }
            Err(error) => Err(to_py(error, None)),
        }
    }

    /// How many times the moves function has been called.
    #[getter]
    fn calls(&self) -> u64 {
        self.shared.calls.load(Ordering::Relaxed)
    }

    /// How many distinct positions have been seen.
    #[getter]
    fn positions_seen(&self, py: Python<'_>) -> PyResult<usize> {
        let _computing = exclusive(py)?;
        Ok(self.shared.interner().objects.len())
    }

    /// The name used in spec-like text.
    #[getter]
    fn name(&self) -> String {
        self.shared.name.clone()
    }
}
