//! Python bindings of the `grundy` library: the native module `grundy._grundy`, which the
//! pure-Python package `grundy` (in `python/grundy/`) wraps.
//!
//! A face like the CLI and the WebAssembly page, with no game theory of its own: spec text and
//! Python games in, the library's [`grundy::analysis`] reports out as JSON text (the very
//! documents of `grundy ... --format json`), which the Python side turns into objects. Games
//! written in Python are rulesets whose moves come from a callback (`user.rs`). Library errors
//! become `grundy.SpecError` (with the span), `grundy.LimitError` or `grundy.GrundyError`; an
//! exception raised by a user's function propagates as itself.
//!
//! What this crate leaves out: rendering (tables, SVG and plots are drawn in Python from the
//! reports) and anything the library does not compute.

mod census;
mod errors;
mod games;
mod heaps;
mod nimbers;
mod partizan;
mod quotient;
mod user;

use pyo3::prelude::*;

/// The native module.
#[pymodule]
fn _grundy(module: &Bound<'_, PyModule>) -> PyResult<()> {
    census::register(module)?;
    errors::register(module)?;
    games::register(module)?;
    heaps::register(module)?;
    quotient::register(module)?;
    nimbers::register(module)?;
    partizan::register(module)?;
    user::register(module)?;
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
