//! The report of a misère quotient ([`crate::quotient`]) of a heap game.
//!
//! The JSON of [`QuotientReport`] is
//! ```json
//! {"schema": 1, "rule": "nim", "play": "misere", "to": 2, "order": 6,
//!  "elements": ["1", "a", "b", "ab", "b^2", "ab^2"], "generators": [{"name": "a", "heap": 1}, ...],
//!  "table": [[0, 1, 2, 3, 4, 5], ...], "p_portion": ["a", "b^2"], "heaps": ["1", "a", "b"],
//!  "stable_from": 2, "checked": true}
//! ```
//! where `table[x][y]` is the index in `elements` of the product `x·y` and `heaps[n]` is the
//! element of a heap of `n`.

use serde::Serialize;

use super::SCHEMA;
use crate::error::Result;
use crate::game::Limits;
use crate::quotient::heap_quotient;
use crate::rules::HeapRule;

/// The misère quotient of heaps `1..=to` of a rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct QuotientReport {
    /// [`SCHEMA`].
    pub schema: u32,
    /// The rule as spec text.
    pub rule: String,
    /// Always `"misere"`.
    pub play: String,
    /// The largest heap.
    pub to: u64,
    /// The number of elements.
    pub order: usize,
    /// Each element as a word in the generators; `"1"` (the identity) first.
    pub elements: Vec<String>,
    /// The generators: each heap whose element is not a product of smaller heaps' elements.
    pub generators: Vec<GeneratorReport>,
    /// `table[x][y]`: the index of the product of elements `x` and `y`.
    pub table: Vec<Vec<u32>>,
    /// The elements of misère P-positions.
    pub p_portion: Vec<String>,
    /// `heaps[n]`: the element of a heap of `n`, for `n` from 0 to `to`.
    pub heaps: Vec<String>,
    /// The least heap `s` such that the quotient of heaps up to `n` is the same (isomorphic,
    /// the same P-portion, every heap above `s` mapping into it) for every `n` from `s` to
    /// `to`. Nothing is claimed beyond `to`.
    pub stable_from: u64,
    /// Always true: the quotient was checked from the rules for every sum of these heaps.
    pub checked: bool,
}

/// One generator of a quotient.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GeneratorReport {
    /// Its name (`a`, `b`, …).
    pub name: String,
    /// The heap it is the element of.
    pub heap: u64,
}

/// The misère quotient of heaps `1..=to` of `rule`, with at most `max_order` elements.
///
/// # Errors
/// As for [`heap_quotient`].
///
/// # Example
/// ```
/// use grundy::{analysis::quotient, spec, Limits};
/// let report = quotient::report(&spec::parse_heap_rule("nim")?, 2, 64, Limits::default())?;
/// assert_eq!((report.order, report.p_portion.clone()), (6, vec!["a".into(), "b^2".into()]));
/// assert_eq!(report.heaps, ["1", "a", "b"]);
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn report(rule: &HeapRule, to: u64, max_order: u64, limits: Limits) -> Result<QuotientReport> {
    let quotient = heap_quotient(rule, to, max_order, limits)?;
    let order = quotient.order() as u32;
    let monoid = quotient.monoid();
    let heaps = std::iter::once("1".to_string())
        .chain((0..quotient.atoms()).map(|atom| quotient.name(quotient.image(atom))))
        .collect();
    Ok(QuotientReport {
        schema: SCHEMA,
        rule: rule.to_string(),
        play: "misere".to_string(),
        to,
        order: quotient.order(),
        elements: (0..order).map(|x| quotient.name(x)).collect(),
        generators: quotient
            .generators()
            .iter()
            .map(|&atom| GeneratorReport {
                name: quotient.name(quotient.image(atom)),
                heap: atom as u64 + 1,
            })
            .collect(),
        table: (0..order)
            .map(|x| (0..order).map(|y| monoid.mul(x, y)).collect())
            .collect(),
        p_portion: quotient.p_portion().map(|x| quotient.name(x)).collect(),
        heaps,
        stable_from: quotient.last_change().map_or(0, |atom| atom as u64 + 1),
        checked: true,
    })
}
