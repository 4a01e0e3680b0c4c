//! Atoms from the heaps of a heap game.

use super::periodic::{self, Periodicity};
use super::{Atoms, Grower, Quotient};
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
    grow_heaps(rule, to, false, max_order, limits)
}

/// The misère quotient of every heap of `rule`, when heaps up to `max_heap` are enough to
/// prove the heap → element map periodic ([`Quotient::periodicity`]; the theorem of
/// `periodic`, for take-and-break codes with no tail); otherwise the quotient of heaps
/// `1..=max_heap` with no periodicity. The quotient covers the heaps up to the one where the
/// proof completed.
///
/// # Errors
/// As for [`heap_quotient`].
///
/// # Example
/// ```
/// use grundy::{quotient::whole_heap_quotient, spec, Limits};
/// // 0.15: order 42, the map periodic with period 10 from heap 66 (as MisereSolver finds),
/// // proved at heap 153.
/// let q = whole_heap_quotient(&spec::parse_heap_rule("0.15")?, 1000, 4096, Limits::default())?;
/// let periodicity = q.periodicity().expect("proved within 1000 heaps");
/// assert_eq!((q.order(), periodicity.period, periodicity.preperiod), (42, 10, 66));
/// assert_eq!((periodicity.proved_at, q.atoms()), (153, 153));
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn whole_heap_quotient(
    rule: &HeapRule,
    max_heap: u64,
    max_order: u64,
    limits: Limits,
) -> Result<Quotient> {
    grow_heaps(rule, max_heap, true, max_order, limits)
}

/// Heaps `1..=to` grown one at a time; once the map is proved periodic, the rest by the period
/// (or, with `stop`, no more heaps).
fn grow_heaps(
    rule: &HeapRule,
    to: u64,
    stop: bool,
    max_order: u64,
    limits: Limits,
) -> Result<Quotient> {
    if to > limits.max_positions {
        return Err(Error::limit_needing(
            Limit::HeapTable,
            limits.max_positions,
            to,
        ));
    }
    let theorem = periodic::theorem_applies(rule);
    let mut grower = Grower::new(max_order, limits);
    let mut proved: Option<Periodicity> = None;
    for heap in 1..=to {
        let options = heap_options(rule, heap, limits)?;
        let label = rule.format(&[heap]);
        if let Some(periodicity) = proved {
            // Heap 0 (a fold to it when the preperiod is 0) is the identity.
            let image = match periodicity.fold(heap) {
                0 => 0,
                folded => grower.images()[folded as usize - 1],
            };
            grower.push_known(label, options, image)?;
            continue;
        }
        grower.push(label, options)?;
        if let Some(theorem) = theorem.filter(|_| heap <= 512 || heap % 16 == 0) {
            let phi: Vec<u32> = std::iter::once(0)
                .chain(grower.images().iter().copied())
                .collect();
            proved = periodic::prove(&phi, theorem);
            if proved.is_some() && stop {
                break;
            }
        }
    }
    let mut quotient = grower.quotient();
    quotient.periodicity = proved;
    Ok(quotient)
}

/// The options of a heap of `heap` as sums of atoms (atom `i` is the heap `i + 1`).
fn heap_options(rule: &HeapRule, heap: u64, limits: Limits) -> Result<Vec<Vec<u32>>> {
    let mut moves = Vec::new();
    check_move_count(rule, &heap, limits)?;
    rule.try_moves(&heap, &mut moves)?;
    Ok(moves
        .iter()
        .map(|parts| {
            parts
                .iter()
                .filter(|&&part| part > 0)
                .map(|&part| (part - 1) as u32)
                .collect()
        })
        .collect())
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
fn heap_atoms(rule: &HeapRule, to: u64, limits: Limits) -> Result<Atoms> {
    if to > limits.max_positions {
        return Err(Error::limit_needing(
            Limit::HeapTable,
            limits.max_positions,
            to,
        ));
    }
    let mut atoms = Atoms::new();
    for heap in 1..=to {
        atoms.push(rule.format(&[heap]), heap_options(rule, heap, limits)?)?;
    }
    Ok(atoms)
}

/// The misère outcome of the sum of heaps `heaps` by a quotient from [`heap_quotient`]
/// (heaps of 0 add nothing): constant work per heap.
///
/// # Errors
/// A heap above the largest heap the quotient covers, unless the heap → element map is proved
/// periodic ([`Quotient::periodicity`]), which covers every heap.
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
        let heap = quotient.periodicity().map_or(heap, |p| p.fold(heap));
        if heap == 0 {
            continue;
        }
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
