//! Partizan games: Left and Right have different moves, so a position's value is a game form,
//! not a nimber. Values are canonical forms kept once each in a table ([`Games`]) and named by
//! integer handles ([`Game`]), hash-consed, so equal values share one handle and every
//! operation is memoised by handles.
//!
//! - [`Dyadic`]: the numbers, exact (checked; beyond the range is an error, never a wrap);
//! - [`Games::game`]: the canonical form of `{left | right}` (dominated options removed,
//!   reversible ones bypassed, numbers by the simplicity theorem);
//! - [`Games::add`], [`Games::neg`], [`Games::leq`], [`Games::compare`], [`Games::outcome`];
//! - [`Games::nimber`], [`Games::up_multiple`], [`Games::switch`], [`Games::tiny`]: the named
//!   values, recognised again by [`Games::as_nus`] and written in CGSuite's notation by
//!   [`Games::format`] (the notation is read back by `spec::parse_partizan`);
//! - [`Games::up_power`] `↑ⁿ`, [`Games::up_power_to`] `↑^→n`, [`Uptimal`] expansions
//!   (`x + *k + Σ aᵢ·↑ⁱ`), recognised by [`Games::as_uptimal`] and printed `^<n>`, `^[n]`;
//! - [`Games::thermograph`], stops, mean, temperature, [`Games::cool`];
//! - [`Games::atomic_weight`] of all-small games ([`Games::is_all_small`]); Norton
//!   multiplication [`Games::norton`] (`G.U`, `U > 0`);
//! - [`Games::born_by`]: the values born by a day, a pool of small games;
//! - [`Games::reduced`], the reduced canonical form (equal up to an infinitesimal,
//!   [`Games::inf_geq`]);
//! - [`PartizanSum`]: a sum as written, each term with its moves (for winning moves);
//! - [`search::OutcomeSearch`]: the outcome class of a sum too large for its canonical form,
//!   by a search that uses the values of the parts small enough to value;
//! - the module `games`: rulesets (Hackenbush strings and graphs, Domineering, Toads and Frogs,
//!   Clobber, Cutcake, Col and Snort) valued by [`games::PartizanSolver`], regions split into
//!   independent parts.
//!
//! ```
//! use grundy::partizan::{Games, OutcomeClass};
//! let mut games = Games::new();
//! let (one, zero) = (games.integer(1)?, games.zero());
//! let hot = games.game(&[one], &[zero])?;
//! let down = games.up_multiple(-1)?;
//! let sum = games.add(hot, down)?;
//! assert_eq!(games.format(hot)?, "{1|0}");
//! assert_eq!(games.outcome(sum)?, OutcomeClass::Next);
//! # Ok::<(), grundy::Error>(())
//! ```

mod arith;
mod atomic;
mod born;
mod canonical;
mod compare;
mod dyadic;
pub mod games;
mod norton;
mod print;
mod recognise;
mod reduced;
pub mod search;
mod sum;
mod table;
#[cfg(test)]
mod tests;
mod thermo;
mod uptimal;
mod values;
mod wall;

pub use born::MAX_BORN_OPTIONS;
pub use compare::{Comparison, OutcomeClass};
pub use dyadic::{Dyadic, MAX_EXPONENT, MAX_NUMERATOR};
pub use norton::MAX_COPIES;
pub use recognise::Nus;
pub use sum::{Component, ComponentMove, PartizanSum};
pub use table::{Game, Games, Options, DEFAULT_MAX_FORMS};
pub use thermo::Thermograph;
pub use uptimal::Uptimal;
pub use values::MAX_NAMED;
pub use wall::{Piece, Wall};
