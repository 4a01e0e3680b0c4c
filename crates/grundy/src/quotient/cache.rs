//! Heap quotients kept for the life of the process, per rule, a few at a time: a server or a
//! page that answers many misère sums of one game grows its quotient once.
//!
//! An entry is the largest quotient grown for a rule (a whole game's when the growth reached
//! the proof). It answers a sum when it covers every heap of it and has no more elements than
//! the asker allows, so an answer never depends on what was asked before. At most
//! [`CACHED_RULES`] rules are kept; the one used longest ago goes first.

use std::sync::{Arc, Mutex, PoisonError};

use super::heaps::{grow_whole_heap_quotient, heap_element};
use super::periodic::theorem_applies;
use super::Quotient;
use crate::error::{Error, ErrorKind, Result};
use crate::game::Limits;
use crate::rules::HeapRule;

/// The most rules whose quotients are kept.
pub const CACHED_RULES: usize = 8;

/// The kept quotients, the one used last at the end.
static KEPT: Mutex<Vec<(String, Arc<Quotient>)>> = Mutex::new(Vec::new());

/// The kept quotients; a panic elsewhere leaves them whole (each entry is replaced at once).
fn kept() -> std::sync::MutexGuard<'static, Vec<(String, Arc<Quotient>)>> {
    KEPT.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Whether `quotient` has an element for every heap up to `largest`.
fn covers(quotient: &Quotient, largest: u64) -> bool {
    heap_element(quotient, largest).is_some()
}

/// Keeps `quotient` as the quotient of `rule`'s heaps, unless the one kept covers more.
///
/// # Example
/// ```
/// use grundy::{quotient::{heap_quotient, quotient_for_heaps, remember}, spec, Limits};
/// let rule = spec::parse_heap_rule("0.75")?;
/// remember(&rule, heap_quotient(&rule, 30, 64, Limits::default())?);
/// // Heaps up to 30 are answered by the kept quotient, whatever the work allowed.
/// let no_work = Limits::DEFAULT.with_max_work(0);
/// assert_eq!(quotient_for_heaps(&rule, 30, 64, no_work)?.atoms(), 30);
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn remember(rule: &HeapRule, quotient: Quotient) {
    let key = rule.to_string();
    let mut kept = kept();
    if let Some(at) = kept.iter().position(|(k, _)| *k == key) {
        let (_, old) = kept.remove(at);
        let better = quotient.periodicity().is_some()
            || (old.periodicity().is_none() && quotient.atoms() >= old.atoms());
        let entry = if better { Arc::new(quotient) } else { old };
        kept.push((key, entry));
        return;
    }
    if kept.len() >= CACHED_RULES {
        kept.remove(0);
    }
    kept.push((key, Arc::new(quotient)));
}

/// A misère quotient of `rule` covering every heap up to `largest` with at most `max_order`
/// elements: the one kept, or one grown (heap by heap until the whole game is proved or
/// `largest` is reached, [`grow_whole_heap_quotient`]) and then kept.
///
/// # Errors
/// A limit or an unsupported step that stopped the growth before `largest`; for a `largest`
/// above [`Limits::max_positions`], a rule the periodicity theorem does not cover, or a growth
/// that stopped before the proof ([`ErrorKind::Unsupported`] when nothing else stopped it).
pub fn quotient_for_heaps(
    rule: &HeapRule,
    largest: u64,
    max_order: u64,
    limits: Limits,
) -> Result<Arc<Quotient>> {
    let key = rule.to_string();
    {
        let mut kept = kept();
        if let Some(at) = kept.iter().position(|(k, _)| *k == key) {
            let entry = kept.remove(at);
            let fits = covers(&entry.1, largest) && entry.1.order() as u64 <= max_order;
            let found = Arc::clone(&entry.1);
            kept.push(entry);
            if fits {
                return Ok(found);
            }
        }
    }
    if largest > limits.max_positions && theorem_applies(rule).is_none() {
        return Err(Error::new(ErrorKind::Unsupported {
            reason: format!(
                "a heap of {largest} needs the misère quotient of every heap of {rule}, and no \
                 periodicity theorem covers {rule} (a take-and-break code with no repeating \
                 tail)"
            ),
        }));
    }
    let grown =
        grow_whole_heap_quotient(rule, largest.min(limits.max_positions), max_order, limits)?;
    let quotient = grown.quotient;
    let enough = covers(&quotient, largest);
    remember(rule, quotient.clone());
    if enough {
        return Ok(Arc::new(quotient));
    }
    Err(grown.stopped.unwrap_or_else(|| {
        Error::new(ErrorKind::Unsupported {
            reason: format!(
                "the misère quotient of {rule} was not proved periodic within heap {}, so it \
                 does not reach a heap of {largest}",
                quotient.atoms()
            ),
        })
    }))
}
