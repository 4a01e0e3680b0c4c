//! Atoms from the heaps of a heap game.

use super::{Atoms, Quotient};
use crate::error::{Error, Limit, Result};
use crate::game::{check_move_count, Limits, Outcome, Ruleset};
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
    Quotient::of(&heap_atoms(rule, to, limits)?, max_order, limits)
}

/// [`heap_quotient`] by the first method ([`Quotient::by_rebuilding`]), the tests' second
/// implementation.
///
/// # Errors
/// As for [`heap_quotient`].
pub fn heap_quotient_by_rebuilding(
    rule: &HeapRule,
    to: u64,
    max_order: u64,
    limits: Limits,
) -> Result<Quotient> {
    Quotient::by_rebuilding(&heap_atoms(rule, to, limits)?, max_order, limits)
}

/// Heaps `1..=to` of `rule` as atoms (atom `i` is the heap `i + 1`).
pub(super) fn heap_atoms(rule: &HeapRule, to: u64, limits: Limits) -> Result<Atoms> {
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
    Ok(atoms)
}

/// The misère outcome of the sum of heaps `heaps` by a quotient from [`heap_quotient`]
/// (heaps of 0 add nothing): constant work per heap.
///
/// # Errors
/// A heap above the largest heap the quotient covers.
///
/// # Example
/// ```
/// use grundy::{quotient::{heap_quotient, outcome_of_heaps}, spec, Limits, Outcome};
/// let kayles = heap_quotient(&spec::parse_heap_rule("kayles")?, 20, 64, Limits::default())?;
/// assert_eq!(outcome_of_heaps(&kayles, &[1, 4, 0])?, Outcome::NextWins);
/// assert!(outcome_of_heaps(&kayles, &[21]).is_err());
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn outcome_of_heaps(quotient: &Quotient, heaps: &[u64]) -> Result<Outcome> {
    let mut word = Vec::with_capacity(heaps.len());
    for &heap in heaps.iter().filter(|&&heap| heap > 0) {
        if heap > quotient.atoms() as u64 {
            return Err(Error::invalid_position(format!(
                "heap {heap} is beyond the heaps the quotient covers (1 to {})",
                quotient.atoms()
            )));
        }
        word.push((heap - 1) as u32);
    }
    Ok(quotient.outcome(&word))
}
