//! # grundy: Sprague-Grundy theory for impartial games
//!
//! Every position of an impartial game under normal play (the player who cannot move loses)
//! is equivalent to a Nim heap: its *Grundy value*, a [`Nimber`]. The value of a position is the
//! [`mex`] (minimum excludant) of its options' values, and the value of a sum of games is the
//! nim-sum (XOR) of the parts' values. A position is a loss for the player to move (a
//! P-position) exactly when its value is 0.
//!
//! The crate has:
//! - [`Nimber`] arithmetic: nim-sum, nim-product in GF(2^64), inverse, square root;
//! - the [`Ruleset`] trait and the memoised, iterative [`Solver`];
//! - built-in [`rules`]: Nim, subtraction games, take-and-break codes, Grundy's game, ...;
//! - [`heap`]: value tables of heap games;
//! - [`positional`]: boards and graphs (Cram, Chomp, Node Kayles, Arc Kayles) valued by a search
//!   that splits positions into parts;
//! - [`coin_solver`]: coin-turning rows and Tartan boards valued from a table of single heads;
//! - [`sum`]: sums of components from different rulesets, with every winning move;
//! - [`dag`]: the game DAG of a sum, equal positions merged;
//! - [`spec`]: the text language (`kayles(13) + nim(3,4,5)`);
//! - [`misere`]: misère play (the last mover loses), searched over whole sums ([`whole`],
//!   [`table`]): outcomes, misère values, genus, tameness, Bouton's rule;
//! - [`quotient`]: misère quotients, which decide misère sums of heaps in constant time a
//!   component;
//! - [`loopy`]: games with cycles: generalised Sprague-Grundy values `n` or `∞(K)` and draws;
//! - [`retrograde`]: exact outcomes and remoteness of small games, by brute force;
//! - [`play`]: playing against a perfect opponent;
//! - [`analysis`]: the serialisable reports that the command line and other faces show;
//! - [`ask`]: the front door, one function per question, that every face calls.
//!
//! # Example
//! ```
//! use grundy::{analysis, spec};
//!
//! let sum = spec::parse("nim(3,4,5)")?;
//! let report = analysis::value(&sum)?;
//! assert_eq!(report.head.value, 2);
//! assert_eq!(report.head.outcome.letter(), "N");
//! // The winning move: take 2 from the heap of 3, leaving a position of value 0.
//! assert_eq!(report.winning_moves[0].result, "nim(1,4,5)");
//! # Ok::<(), grundy::Error>(())
//! ```
#![deny(missing_docs)]

pub mod analysis;
pub mod ask;
mod cancel;
pub mod coin_solver;
mod cpu;
pub mod dag;
mod error;
mod game;
pub mod heap;
pub mod loopy;
pub mod misere;
mod nimber;
pub mod partizan;
pub mod play;
pub mod positional;
pub mod progress;
pub mod quotient;
pub mod retrograde;
pub mod rules;
mod search;
pub mod spec;
pub mod sum;
pub mod table;
pub mod whole;
/// The test files' generator, for the unit tests too.
#[cfg(test)]
#[path = "../tests/xorshift/mod.rs"]
mod xorshift;

pub use cancel::Cancel;
pub use error::{Error, ErrorKind, Limit, Result};
pub use game::{
    check_move_count, format_sorted, Evaluator, Limits, MoveClass, Outcome, Parts, Ruleset, Solver,
};
pub use nimber::{mex, nim_product, nim_sum, schoolbook_product, MexSet, Nimber};
pub use whole::Play;
