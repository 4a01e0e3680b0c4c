//! Positional games: impartial games whose positions are boards or graphs rather than heaps
//! (Cram, Node Kayles, Chomp), valued by a search that splits positions into independent
//! parts ([`Decomposable`]) and asks each option only what decides the nimber
//! ([`NimberSearch`]), with a transposition table of fixed memory ([`Table`]) shared by every
//! thread. The memoised search of [`crate::Solver`] stays the oracle in the tests.
//!
//! **Architecture Invariant:** knows no ruleset by name; a ruleset says how its positions
//! move and split ([`Decomposable`]), and [`Region`] is the board shape that grid games share.

mod checkpoint;
mod decomposable;
mod grid;
mod nimbers;
mod search;
mod table;
mod word;

pub use checkpoint::{
    CheckpointCounts, CheckpointStore, Checkpointed, MemoryCheckpoint, ReadSeek, Writing,
};
pub use decomposable::{Decomposable, Known, Options};
pub use grid::{Region, MAX_COLUMNS, MAX_ROWS};
pub use nimbers::NimberSet;
pub use search::{default_threads, NimberSearch};
pub use table::Table;
pub use word::WordRegion;
