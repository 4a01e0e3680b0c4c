//! Library errors as Python exceptions, and the plumbing that lets an exception raised inside a
//! user's Python function cross the library and come out as itself.
//!
//! A callback that raises stores the exception in a per-thread slot and reports
//! [`ErrorKind::Callback`] to the library; when that error reaches the face, [`to_py`] takes the
//! stored exception back. Everything runs on the calling thread (the library calls user
//! rulesets only from the thread that asked), so the slot is the right one.

use std::cell::{Cell, RefCell};
use std::sync::{Mutex, MutexGuard, TryLockError};
use std::time::Duration;

use grundy::{ErrorKind, Limit};
use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyRuntimeError, PyZeroDivisionError};
use pyo3::prelude::*;

create_exception!(
    _grundy,
    GrundyError,
    PyException,
    "Base class of the errors grundy raises."
);
create_exception!(
    _grundy,
    SpecError,
    GrundyError,
    "Bad input: spec text that does not parse, or a rule or position that is not legal. \
     `span` is the (start, end) byte range in `spec` when known."
);
create_exception!(
    _grundy,
    LimitError,
    GrundyError,
    "A computation stopped at one of its limits (positions, moves examined, memory, moves \
     listed); raise it with the parameter `help` names (max_positions=, max_work=, \
     max_memory=, max_order=)."
);

thread_local! {
    /// The exception of the user callback that failed last on this thread.
    static PENDING: RefCell<Option<PyErr>> = const { RefCell::new(None) };
    /// Whether a user callback is running on this thread (grundy must not be re-entered).
    static IN_CALLBACK: Cell<bool> = const { Cell::new(false) };
}

pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = module.py();
    module.add("GrundyError", py.get_type::<GrundyError>())?;
    module.add("SpecError", py.get_type::<SpecError>())?;
    module.add("LimitError", py.get_type::<LimitError>())?;
    Ok(())
}

/// Keeps a user's exception for [`to_py`] and names it for the library's error message.
pub(crate) fn stash(error: PyErr) -> grundy::Error {
    let message = error.to_string();
    PENDING.with(|slot| *slot.borrow_mut() = Some(error));
    grundy::Error::new(ErrorKind::Callback { message })
}

/// Marks a user callback as running until dropped.
pub(crate) struct CallbackGuard {
    was: bool,
}

impl CallbackGuard {
    pub(crate) fn enter() -> CallbackGuard {
        CallbackGuard {
            was: IN_CALLBACK.with(|flag| flag.replace(true)),
        }
    }
}

impl Drop for CallbackGuard {
    fn drop(&mut self) {
        let was = self.was;
        IN_CALLBACK.with(|flag| flag.set(was));
    }
}

/// Refuses to start a computation from inside a user's moves function: the library holds the
/// game's memo while it calls the function, so waiting for it would never end.
pub(crate) fn not_in_callback() -> PyResult<()> {
    if IN_CALLBACK.with(Cell::get) {
        return Err(PyRuntimeError::new_err(
            "grundy cannot be called from inside a game's moves or canonical function",
        ));
    }
    Ok(())
}

/// Held by the thread computing with games. The library locks a game's memo while it calls
/// that game's moves function, and Python may switch threads inside the function: a second
/// thread that then waited for the memo while holding the GIL would wait for ever. So every
/// computation with games first takes this lock, waiting for it with the GIL released.
static COMPUTING: Mutex<()> = Mutex::new(());

/// The right to compute with games, held until dropped.
pub(crate) struct Exclusive {
    _guard: MutexGuard<'static, ()>,
}

/// Waits (with the GIL released) until no other thread computes with games, after refusing to
/// start from inside a user's function.
pub(crate) fn exclusive(py: Python<'_>) -> PyResult<Exclusive> {
    not_in_callback()?;
    loop {
        match COMPUTING.try_lock() {
            Ok(guard) => return Ok(Exclusive { _guard: guard }),
            // A panic in an earlier computation already became an exception; the lock guards
            // no data.
            Err(TryLockError::Poisoned(poisoned)) => {
                return Ok(Exclusive {
                    _guard: poisoned.into_inner(),
                })
            }
            Err(TryLockError::WouldBlock) => {
                py.detach(|| std::thread::sleep(Duration::from_micros(100)));
            }
        }
    }
}

/// The Python exception for a library error; `input` is the spec text the error's span points
/// into, when there is one.
pub(crate) fn to_py(error: grundy::Error, input: Option<&str>) -> PyErr {
    if let ErrorKind::Callback { .. } = error.kind() {
        if let Some(raised) = PENDING.with(|slot| slot.borrow_mut().take()) {
            return raised;
        }
    }
    let message = error.to_string();
    let help = limit_help(&error);
    Python::attach(|py| {
        let exception = match error.kind() {
            _ if error.is_limit() => LimitError::new_err(match &help {
                Some(help) => format!("{message}; {help}"),
                None => message.clone(),
            }),
            ErrorKind::DivisionByZero => PyZeroDivisionError::new_err(message.clone()),
            ErrorKind::Syntax { .. }
            | ErrorKind::UnknownGame { .. }
            | ErrorKind::InvalidRule { .. }
            | ErrorKind::InvalidPosition { .. }
            | ErrorKind::NumberTooLarge { .. }
            | ErrorKind::Include { .. } => {
                let shown = match (error.span(), input) {
                    (Some(span), Some(text)) => with_caret(&message, text, span.start, span.end),
                    _ => message.clone(),
                };
                SpecError::new_err(shown)
            }
            _ => GrundyError::new_err(message.clone()),
        };
        let value = exception.value(py);
        let span = error.span().map(|span| (span.start, span.end));
        // Setting attributes on a fresh exception object cannot fail in practice; if it did,
        // the exception would still carry its message.
        let _ = value.setattr("message", &message);
        let _ = value.setattr("span", span);
        let _ = value.setattr("spec", input);
        let _ = value.setattr("help", help);
        exception
    })
}

/// How to get past a limit with the parameters of `parse`, `seq` and their kin
/// (`max_work=2_000_000_000 raises the limit`), or, where no parameter can (a table beyond any
/// machine, a limit none sets), what to do instead: the CLI's advice in Python's terms.
fn limit_help(error: &grundy::Error) -> Option<String> {
    let raise = error.limit_to_try().and_then(|(limit, value)| {
        let parameter = match limit {
            Limit::Work => "max_work",
            Limit::Positions | Limit::HeapTable => "max_positions",
            Limit::TableMemory => "max_memory",
            Limit::QuotientOrder => "max_order",
            _ => return None,
        };
        Some(format!(
            "{parameter}={} raises the limit",
            python_int(value)
        ))
    });
    if raise.is_some() {
        return raise;
    }
    let ErrorKind::LimitExceeded { limit, max, .. } = error.kind() else {
        return None;
    };
    match limit {
        Limit::Positions | Limit::HeapTable if error.beyond_reach() => Some(
            "no machine holds a table that long: ask about a smaller heap, tabulate heaps with \
             grundy.seq(rule, to=n), or see whether a proved period answers every heap with \
             grundy.period(rule)"
                .to_string(),
        ),
        Limit::MovesPerPosition => Some(format!(
            "no parameter raises this limit (at most {max} moves from one position are \
             listed): ask about a smaller position"
        )),
        _ => None,
    }
}

/// `number` as a Python literal with `_` between groups of three digits: `2_000_000_000`.
fn python_int(number: u64) -> String {
    let digits = number.to_string();
    let mut text = String::with_capacity(digits.len() * 4 / 3);
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index) % 3 == 0 {
            text.push('_');
        }
        text.push(digit);
    }
    text
}

/// `message`, then the input and a caret under bytes `start..end`, as the CLI shows them.
fn with_caret(message: &str, text: &str, start: usize, end: usize) -> String {
    let prefix = text.get(..start).unwrap_or(text);
    let marked = text.get(start..end).unwrap_or("");
    let width = marked.chars().count().max(1);
    format!(
        "{message}\n  {text}\n  {}{}",
        " ".repeat(prefix.chars().count()),
        "^".repeat(width)
    )
}
