//! Atoms from the heaps of a heap game.

use super::{Atoms, Quotient};
use crate::error::{Error, Limit, Result};
use crate::game::{check_move_count, Limits, Ruleset};
use crate::rules::HeapRule;

/// The misère quotient of heaps `1..=to` of `rule` under sums (atom `i` is the heap `i + 1`).
///
/// # Errors
/// `to` above [`Limits::max_positions`] ([`Limit::HeapTable`]), a heap with more moves than
/// [`Limits::max_moves`], and as for [`Quotient::of`].
///
/// # Example
/// ```
/// use grundy::{quotient::heap_quotient, spec, Limits, Outcome};
/// let kayles = spec::parse_heap_rule("kayles")?;
/// let quotient = heap_quotient(&kayles, 8, 1 << 10, Limits::default())?;
/// // Misère Kayles: a single pin loses for the player to move, two pins win.
/// assert_eq!(quotient.outcome(&[0]), Outcome::PreviousWins);
/// assert_eq!(quotient.outcome(&[0, 0]), Outcome::NextWins);
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn heap_quotient(rule: &HeapRule, to: u64, max_order: u64, limits: Limits) -> Result<Quotient> {
    if to > limits.max_positions {
        return Err(Error::limit_needing(
            Limit::HeapTable,
            limits.max_positions,
            to,
        ));
    }
    let mut atoms = Atoms::new();
    let mut moves = Vec::new();
    for heap in 1..=to {
        moves.clear();
        check_move_count(rule, &heap, limits)?;
        rule.try_moves(&heap, &mut moves)?;
        let options = moves
            .iter()
            .map(|parts| {
                parts
                    .iter()
                    .filter(|&&part| part > 0)
                    .map(|&part| (part - 1) as u32)
                    .collect()
            })
            .collect();
        atoms.push(rule.format(&[heap]), options)?;
    }
    Quotient::of(&atoms, max_order, limits)
}
