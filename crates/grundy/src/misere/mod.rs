//! Misère play: the player who makes the last move loses.
//!
//! Misère values do not add: `*1 + *1` is a first-player win in normal play's terms of values
//! (value 0, so a loss) but a win in misère play, while `*1` alone is a misère loss. So a sum is
//! searched as one game, its position being the multiset of its components
//! ([`crate::whole::State`]), memoised and iteratively, within [`Limits`](crate::Limits).
//!
//! What the search computes:
//! - the misère outcome (P or N), stopping at the first winning move found;
//! - the *misère Grundy value* `g⁻(G)`: 1 when `G` has no move, otherwise the mex of its
//!   options' misère values. `G` is a misère P-position exactly when `g⁻(G) = 0`;
//! - the **genus** `g^{γ₀γ₁γ₂…}` (Conway, *On Numbers and Games*, ch. 12; *Winning Ways*,
//!   ch. 13): `g` is the normal-play value and `γₖ = g⁻(G + *2 + … + *2)` with `k` copies of
//!   `*2`. The sequence `γ` is eventually periodic with period 2 and is written only up to
//!   where its last two digits alternate forever (`*0` has genus `0^120`).
//!
//! The genus is computed from the genera of the options, never by adding heaps of `*2`: the
//! options of `G + k·*2` are `G' + k·*2`, `G + (k−1)·*2 + *1` and `G + (k−1)·*2`, and
//! `g⁻(H + *1) = g⁻(H) ⊕ 1` for every game `H` (induction on `H`), so
//! `γₖ = mex({γₖ(G')} ∪ {γₖ₋₁, γₖ₋₁ ⊕ 1})`. If every option's sequence is 2-periodic from
//! index `m ≥ 1` on, `G`'s is 2-periodic from `m + 2` on (the map `γₖ₋₂ ↦ γₖ` is then the same
//! idempotent function for every `k` of one parity), which bounds how far to compute. Tests
//! check both against the definition.
//!
//! Nim has closed forms (Bouton, 1901): see [`nim_outcome`] and [`Genus::nim`].
//!
//! A game is *tame* (Conway, ONAG ch. 12) when every position of it has the genus of some Nim
//! position: `0^120`, `1^031`, or `g^{g(g⊕2)}`. Tame games add like misère Nim.
//! [`heap_sequence`] reports where a heap game stops being tame. Winning Ways' wider sense
//! (wild positions that reverse through tame ones) is not checked.

mod genus;
mod sequence;
mod solver;

pub use genus::Genus;
pub use sequence::{heap_sequence, MisereSequence, WildPosition};
pub use solver::MisereSolver;

use crate::game::Outcome;
use crate::nimber::Nimber;

/// The outcome of misère Nim by Bouton's rule: while some heap has two or more tokens, play as
/// in normal Nim (P exactly when the nim-sum is 0); when every heap has at most one token, the
/// player to move loses exactly when the number of one-token heaps is odd.
///
/// # Example
/// ```
/// use grundy::{misere::nim_outcome, Outcome};
/// assert_eq!(nim_outcome(&[1, 1, 1]), Outcome::PreviousWins); // take one, take one, take the last
/// assert_eq!(nim_outcome(&[2, 2]), Outcome::PreviousWins);
/// assert_eq!(nim_outcome(&[]), Outcome::NextWins); // no move left: the player to move wins
/// ```
pub fn nim_outcome(heaps: &[u64]) -> Outcome {
    Genus::nim(heaps).misere_outcome()
}

/// The misère Grundy value of a Nim position: the nim-sum when some heap has two or more
/// tokens, the nim-sum ⊕ 1 otherwise (every Nim position is tame; see [`Genus::nim`]).
///
/// # Example
/// ```
/// use grundy::{misere::nim_misere_value, Nimber};
/// assert_eq!(nim_misere_value(&[3, 4, 5]), Nimber::new(2));
/// assert_eq!(nim_misere_value(&[1, 1]), Nimber::new(1));
/// ```
pub fn nim_misere_value(heaps: &[u64]) -> Nimber {
    Genus::nim(heaps).misere_value()
}

/// Moves examined by the search of a sum of heaps of one heap game before its misère quotient
/// is asked instead (by the reports and by the computer player): a few hundredths of a second
/// of a release build, enough to value sums of a few thousand positions exactly
/// (`kayles(5,5,9)`, 1,279 positions, needs about 314,000; `kayles(10,11,12)` 1.4 million).
pub const TRIAL_WORK: u64 = 1 << 22;
