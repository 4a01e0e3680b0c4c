//! A census of heap rules: many rules, each to the same number of heaps, on every core, one
//! [`CensusRow`] per rule in a Parquet file that a killed run resumes. Shared by the `grundy
//! census` command and the Python package's `grundy.census`, so both write the same rows.
//!
//! - [`family`]: the rules of a family of octal codes (`3`: `0.1` to `0.777`; `4.3`: `4.0` to
//!   `4.777`).
//! - [`run`]: the census itself, on rayon's pool, each finished row saved at once.
//! - [`table`]: the file (one row group of plain columns, replaced whole by a rename).
//! - [`row`]: one row, timed (what a distributed worker computes).
//! - [`memory`]: the memory available now, which both faces pass to the library so that a long
//!   run (a census, a period search, a certificate's table) too large for it is refused
//!   before any work instead of failing on an allocation.
//! - [`checkpoint`]: a Cram search's checkpoint in a file, saved on the wall clock
//!   ([`FileCheckpoint`](checkpoint::FileCheckpoint)), for the `grundy` command and the
//!   `cram_nimber` example (in this crate: it times the solver the way `igsolve` reports).
//!
//! The rows and their classes are the library's ([`grundy::analysis::census`]); this crate
//! adds the clock, the threads and the file.
//!
//! # Example
//! ```
//! let rules = grundy_census::family("2")?;
//! let rows = grundy_census::run(&rules[..5], 1000, None, |_, _, _| {})?;
//! assert_eq!(rows[0].rule, "0.1");
//! assert_eq!(rows[0].period, Some(1));
//! # Ok::<(), anyhow::Error>(())
//! ```

pub mod checkpoint;
pub mod memory;
mod run;
pub mod table;

pub use grundy::analysis::census::CensusRow;
pub use run::{family, merge, pending, row, rules, run};
