//! Atoms from the heaps of a heap game.

use super::periodic::{self, Periodicity};
use super::{Atoms, Grower, Quotient};
use crate::error::{Error, ErrorKind, Limit, Result};
use crate::game::{check_move_count, Limits, MoveClass, Outcome, Parts, Ruleset};
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
    let grown = grow_heaps(rule, to, false, max_order, limits)?;
    match grown.stopped {
        Some(error) => Err(error),
        None => Ok(grown.quotient),
    }
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
    let grown = grow_whole_heap_quotient(rule, max_heap, max_order, limits)?;
    match grown.stopped {
        Some(error) => Err(error),
        None => Ok(grown.quotient),
    }
}

/// A growth towards the whole game's quotient that may have stopped short.
#[derive(Clone, Debug)]
pub struct Grown {
    /// The quotient of the heaps grown (proved periodic when the growth reached the proof).
    pub quotient: Quotient,
    /// What stopped the growth before the proof: a limit ([`Error::is_limit`]) or no
    /// candidate that judges a misjudged sum right; `None` when it reached the proof or
    /// `max_heap`.
    pub stopped: Option<Error>,
}

/// [`whole_heap_quotient`], keeping what was grown when a limit stops it: the quotient of
/// the heaps before the one that could not be added, and the error that stopped it.
///
/// # Errors
/// `max_heap` above [`Limits::max_positions`], a cancel, or an error that is not a limit.
///
/// # Example
/// ```
/// use grundy::{quotient::grow_whole_heap_quotient, spec, Limits};
/// let limits = Limits::DEFAULT.with_max_work(1 << 16);
/// let grown = grow_whole_heap_quotient(&spec::parse_heap_rule("kayles")?, 300, 4096, limits)?;
/// assert!(grown.stopped.is_some_and(|error| error.is_limit()));
/// assert!(grown.quotient.atoms() > 0 && grown.quotient.periodicity().is_none());
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn grow_whole_heap_quotient(
    rule: &HeapRule,
    max_heap: u64,
    max_order: u64,
    limits: Limits,
) -> Result<Grown> {
    grow_heaps(rule, max_heap, true, max_order, limits)
}

/// Heaps `1..=to` grown one at a time; once the map is proved periodic, the rest by the period
/// (or, with `stop`, no more heaps). A limit or an unsupported step ends the growth, with the
/// quotient grown so far.
fn grow_heaps(
    rule: &HeapRule,
    to: u64,
    stop: bool,
    max_order: u64,
    limits: Limits,
) -> Result<Grown> {
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
    let mut stopped = None;
    for heap in 1..=to {
        limits
            .progress
            .show_quotient(heap, grower.order() as u64, grower.candidates());
        let step = heap_options(rule, heap, limits).and_then(|options| {
            let label = rule.format(&[heap]);
            match proved {
                Some(periodicity) => {
                    // Heap 0 (a fold to it when the preperiod is 0) is the identity.
                    let image = match periodicity.fold(heap) {
                        0 => 0,
                        folded => grower.images()[folded as usize - 1],
                    };
                    grower.push_known(label, options, image)
                }
                None => grower.push(label, options),
            }
        });
        if let Err(error) = step {
            if error.is_limit() || matches!(error.kind(), ErrorKind::Unsupported { .. }) {
                stopped = Some(error);
                break;
            }
            return Err(error);
        }
        if proved.is_some() {
            continue;
        }
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
    // No quotient grows any more.
    limits.progress.show_quotient(0, 0, 0);
    let mut quotient = grower.quotient();
    quotient.periodicity = proved;
    Ok(Grown { quotient, stopped })
}

/// The options of a heap of `heap` as sums of atoms (atom `i` is the heap `i + 1`).
pub(super) fn heap_options(rule: &HeapRule, heap: u64, limits: Limits) -> Result<Vec<Vec<u32>>> {
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

/// The element of a heap of `heap` in a quotient of heaps (the identity for 0), folded by the
/// period when the map is proved periodic; `None` for a heap the quotient does not cover.
///
/// # Example
/// ```
/// use grundy::{quotient::{heap_element, whole_heap_quotient}, spec, Limits};
/// let kayles = whole_heap_quotient(&spec::parse_heap_rule("kayles")?, 400, 64, Limits::default())?;
/// // The map repeats with period 12 from heap 71.
/// assert_eq!(heap_element(&kayles, 10u64.pow(18)), heap_element(&kayles, 10u64.pow(18) - 12));
/// assert_eq!(heap_element(&kayles, 0), Some(0));
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn heap_element(quotient: &Quotient, heap: u64) -> Option<u32> {
    let heap = quotient.periodicity().map_or(heap, |p| p.fold(heap));
    match heap.checked_sub(1) {
        None => Some(0),
        Some(atom) if atom < quotient.atoms() as u64 => Some(quotient.image(atom as usize)),
        Some(_) => None,
    }
}

/// The moves of a heap of `heap` of a take-and-break code whose heap → element map is proved
/// periodic (`periodicity`), one per class of moves that leave parts of the same elements:
/// splits `(a, rest − a)` whose smaller part `a ≥ max(n₀, 1)` differs by a multiple of the
/// period, the larger part staying at `n₀` or above. Each class is its least split, with the
/// number of splits it holds. `None` when the rule is not such a code (a repeating tail, or
/// splits into three heaps), or when some larger part may fall below the preperiod.
///
/// # Example
/// ```
/// use grundy::{quotient::{periodic_move_classes, Periodicity}, spec};
/// let kayles = spec::parse_heap_rule("kayles")?;
/// let period = Periodicity { preperiod: 71, period: 12, proved_at: 167 };
/// let classes = periodic_move_classes(&kayles, period, 10u64.pow(18)).expect("an octal code");
/// let total: u64 = classes.iter().map(|class| class.count).sum();
/// // Take 1 or 2, leaving one heap (2 moves) or two: 2 + (10^18 − 1)/2 + (10^18 − 2)/2.
/// assert_eq!(total, 10u64.pow(18));
/// assert!(classes.len() < 200);
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn periodic_move_classes(
    rule: &HeapRule,
    periodicity: Periodicity,
    heap: u64,
) -> Option<Vec<MoveClass<u64>>> {
    let HeapRule::TakeBreak(code) = rule else {
        return None;
    };
    if code.tail().is_some() || code.max_parts() > 2 {
        return None;
    }
    let (n0, period) = (periodicity.preperiod, periodicity.period);
    let first = n0.max(1);
    let mut classes = Vec::new();
    let mut push = |parts: &[u64], count: u64| {
        classes.push(MoveClass {
            parts: Parts::from_slice(parts),
            count,
        });
    };
    for &(take, digit) in code.digits() {
        let Some(rest) = heap.checked_sub(take) else {
            break;
        };
        if digit.takes_all() && rest == 0 {
            push(&[], 1);
        }
        if digit.leaves_one() && rest > 0 {
            push(&[rest], 1);
        }
        if !digit.splits_two() {
            continue;
        }
        let largest = code.largest_small_part(rest);
        if largest == 0 {
            continue;
        }
        if rest - largest < n0 {
            return None;
        }
        for small in 1..=largest.min(first + period - 1) {
            let count = if small < first {
                1
            } else {
                (largest - small) / period + 1
            };
            push(&[small, rest - small], count);
        }
    }
    Some(classes)
}
