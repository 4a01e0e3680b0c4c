//! The report of a misère quotient ([`crate::quotient`]) of a heap game.
//!
//! The JSON of [`QuotientReport`] is
//! ```json
//! {"schema": 1, "rule": "nim", "play": "misere", "to": 2, "order": 6,
//!  "elements": ["1", "a", "b", "ab", "b^2", "ab^2"], "generators": [{"name": "a", "heap": 1}, ...],
//!  "table": [[0, 1, 2, 3, 4, 5], ...], "p_portion": ["a", "b^2"], "heaps": ["1", "a", "b"],
//!  "stable_from": 2, "checked": true}
//! ```
//! and, when the heap → element map was proved periodic within `to` (a take-and-break code;
//! see [`crate::quotient::Periodicity`]), `"whole": {"preperiod": 71, "period": 12,
//! "proved_at": 167}`: the quotient is then that of every heap.
//! where `table[x][y]` is the index in `elements` of the product `x·y` and `heaps[n]` is the
//! element of a heap of `n`.

use std::collections::HashSet;

use serde::Serialize;

use super::misere::{
    MisereComponentReport, MisereMoveEntry, MisereMoveReport, MisereMovesReport, MisereValueReport,
    QuotientUse,
};
use super::{ReportOutcome, SCHEMA};
use crate::error::{Error, Result};
use crate::game::{check_output, Limits, Outcome};
use crate::quotient::{heap_quotient, Quotient};
use crate::rules::HeapRule;
use crate::sum::Sum;
use crate::table::PositionTable;
use crate::whole::{Position, SumGraph};

pub use crate::quotient::DEFAULT_MAX_ORDER;

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
    /// When the heap → element map was proved periodic within `to`: the quotient of the whole
    /// game (absent from the JSON otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub whole: Option<WholeReport>,
}

/// The heap → element map proved periodic: the quotient is that of every heap, and a heap of
/// `n ≥ preperiod` has the element of a heap of `n − period`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WholeReport {
    /// The least heap from which the map repeats.
    pub preperiod: u64,
    /// The least period.
    pub period: u64,
    /// The heap where the theorem's bound was met.
    pub proved_at: u64,
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
    Ok(report_of(rule, to, &quotient))
}

/// The report of `quotient`, the misère quotient of heaps `1..=to` of `rule` (from
/// [`heap_quotient`]).
pub fn report_of(rule: &HeapRule, to: u64, quotient: &Quotient) -> QuotientReport {
    let order = quotient.order() as u32;
    let monoid = quotient.monoid();
    let heaps = std::iter::once("1".to_string())
        .chain((0..quotient.atoms()).map(|atom| quotient.name(quotient.image(atom))))
        .collect();
    QuotientReport {
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
        whole: quotient.periodicity().map(|p| WholeReport {
            preperiod: p.preperiod,
            period: p.period,
            proved_at: p.proved_at,
        }),
    }
}

/// The components of a sum as heaps of one heap rule, in order, with where each lies.
struct Heaps {
    rule: HeapRule,
    graph: SumGraph,
    position: Position,
    /// Each component's term and index in the term.
    components: Vec<(usize, usize)>,
    heaps: Vec<u64>,
}

impl Heaps {
    /// `None` when some component is not a heap, or two terms play different heap rules.
    fn of(sum: &Sum, limits: Limits) -> Result<Option<Heaps>> {
        let graph = SumGraph::new(sum, limits)?;
        let position = graph.position_of(sum)?;
        let Some((rule, listed)) = graph.heaps(&position) else {
            return Ok(None);
        };
        let components = listed
            .iter()
            .map(|component| (component.term, component.index))
            .collect();
        let heaps = listed.iter().map(|component| component.heap).collect();
        Ok(Some(Heaps {
            rule,
            graph,
            position,
            components,
            heaps,
        }))
    }
}

/// Whether every component of `sum` is a heap of one heap game (and there is one at least).
///
/// # Errors
/// A table's position limit.
pub fn is_sum_of_heaps(sum: &Sum, limits: Limits) -> Result<bool> {
    Ok(Heaps::of(sum, limits)?.is_some())
}

/// The misère report of a sum of heaps of one heap game from its misère quotient of heaps up
/// to the largest heap of the sum: the outcome, and every winning move, in the order and with
/// the words of the search ([`super::misere::value`]); no misère values (a quotient has none).
/// `None` when `sum` is not such a sum.
///
/// A move of component `i` to the parts `p₁ + … + pⱼ` wins when the product of the other
/// components' elements (prefix and suffix products, [`crate::quotient::Monoid::others`]) and
/// the parts' elements lies in the P-portion: work linear in the number of options listed.
///
/// # Errors
/// As for [`heap_quotient`]; a limit on the moves listed or written out.
///
/// # Example
/// ```
/// use grundy::{analysis::quotient, spec, Limits};
/// let sum = spec::parse("kayles(4) + kayles(1)")?;
/// let report = quotient::misere_value(&sum, Limits::default(), 64)?.expect("heaps");
/// let moves: Vec<&str> = report.winning_moves.iter().map(|m| m.result.as_str()).collect();
/// assert_eq!(moves, ["kayles(1,1) + kayles(1)", "kayles(4)"]);
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn misere_value(
    sum: &Sum,
    limits: Limits,
    max_order: u64,
) -> Result<Option<MisereValueReport>> {
    let Some((heaps, quotient)) = with_quotient(sum, limits, max_order)? else {
        return Ok(None);
    };
    by_quotient(sum, heaps, &quotient, limits).map(Some)
}

/// The misère moves report of a sum of heaps of one heap game from its misère quotient, as
/// [`misere_value`] finds it: every move in the order and with the words of the search
/// ([`super::misere::moves`]), each marked winning or not; no misère values. `None` when
/// `sum` is not such a sum.
///
/// # Errors
/// As for [`misere_value`].
///
/// # Example
/// ```
/// use grundy::{analysis::quotient, spec, Limits};
/// let sum = spec::parse("kayles(4) + kayles(1)")?;
/// let report = quotient::misere_moves(&sum, Limits::default(), 64)?.expect("heaps");
/// let winning: Vec<&str> =
///     report.moves.iter().filter(|m| m.winning).map(|m| m.summary.result.as_str()).collect();
/// assert_eq!((report.moves.len(), winning), (5, vec!["kayles(1,1) + kayles(1)", "kayles(4)"]));
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn misere_moves(
    sum: &Sum,
    limits: Limits,
    max_order: u64,
) -> Result<Option<MisereMovesReport>> {
    let Some((heaps, quotient)) = with_quotient(sum, limits, max_order)? else {
        return Ok(None);
    };
    moves_by_quotient(sum, heaps, &quotient, limits).map(Some)
}

/// The components of `sum` as heaps of one game with the misère quotient of heaps up to the
/// largest of them; `None` when `sum` is not a sum of heaps of one game.
fn with_quotient(sum: &Sum, limits: Limits, max_order: u64) -> Result<Option<(Heaps, Quotient)>> {
    let Some(heaps) = Heaps::of(sum, limits)? else {
        return Ok(None);
    };
    let largest = heaps.heaps.iter().copied().max().unwrap_or(0);
    let quotient = heap_quotient(&heaps.rule, largest, max_order, limits)?;
    Ok(Some((heaps, quotient)))
}

/// A sum of heaps judged by a misère quotient that covers every heap of it.
struct Judged<'a> {
    heaps: Heaps,
    quotient: &'a Quotient,
    /// The element of each component.
    elements: Vec<u32>,
    /// The element of the whole sum.
    whole: u32,
}

impl<'a> Judged<'a> {
    fn new(heaps: Heaps, quotient: &'a Quotient) -> Result<Judged<'a>> {
        if heaps
            .heaps
            .iter()
            .any(|&heap| heap > quotient.atoms() as u64)
        {
            return Err(Error::invalid_position(format!(
                "the misère quotient covers heaps up to {}, not every heap of the sum",
                quotient.atoms()
            )));
        }
        let elements: Vec<u32> = heaps.heaps.iter().map(|&h| element(quotient, h)).collect();
        let whole = quotient.monoid().product(elements.iter().copied());
        Ok(Judged {
            heaps,
            quotient,
            elements,
            whole,
        })
    }

    fn outcome(&self) -> ReportOutcome {
        ReportOutcome::from(if self.quotient.is_p(self.whole) {
            Outcome::PreviousWins
        } else {
            Outcome::NextWins
        })
    }

    /// Every move, equal moves once (as the search lists them), each with whether it wins (as
    /// [`misere_value`] says how); only the winning ones when `only_winning`.
    fn moves(&self, only_winning: bool, limits: Limits) -> Result<Vec<(MisereMoveReport, bool)>> {
        let Heaps {
            graph,
            position,
            components,
            ..
        } = &self.heaps;
        let (quotient, monoid) = (self.quotient, self.quotient.monoid());
        let others = monoid.others(&self.elements);
        let mut listed = Vec::new();
        let mut seen = HashSet::new();
        for (component, &(term, index)) in components.iter().enumerate() {
            let table = graph.table(term);
            let id = position.terms[term][index];
            for parts in table.moves(id)?.iter() {
                let mut after = 0;
                for &part in parts {
                    after = monoid.mul(after, element(quotient, heap_of(table, part)?));
                }
                let winning = quotient.is_p(monoid.mul(others[component], after));
                if only_winning && !winning {
                    continue;
                }
                // Equal components with equal parts leave equal games, in one term or two:
                // listed once, keyed by their texts as every convention keys them.
                let (from, to) = (table.format(&[id]), table.format(parts));
                if !seen.insert((from.clone(), to.clone())) {
                    continue;
                }
                check_output(listed.len() + 1, components.len(), limits)?;
                let mut result = position.clone();
                result.terms[term].splice(index..=index, parts.iter().copied());
                let report = MisereMoveReport {
                    component,
                    from,
                    to,
                    target_value: None,
                    description: table.describe(id, parts),
                    result: graph.format_position(&result),
                };
                listed.push((report, winning));
            }
        }
        Ok(listed)
    }

    /// What the report says of the quotient.
    fn quotient_use(&self) -> QuotientUse {
        QuotientUse {
            rule: self.heaps.rule.to_string(),
            to: self.quotient.atoms() as u64,
            order: self.quotient.order(),
            element: self.quotient.name(self.whole),
            in_p_portion: self.quotient.is_p(self.whole),
            why: super::misere::ASKED.to_string(),
        }
    }
}

/// [`misere_value`] by `quotient`, a quotient of heaps up to the largest of `heaps` or beyond.
fn by_quotient(
    sum: &Sum,
    heaps: Heaps,
    quotient: &Quotient,
    limits: Limits,
) -> Result<MisereValueReport> {
    let judged = Judged::new(heaps, quotient)?;
    let winning_moves: Vec<_> = judged
        .moves(true, limits)?
        .into_iter()
        .map(|(report, _)| report)
        .collect();
    let Heaps {
        graph,
        position,
        components,
        ..
    } = &judged.heaps;
    Ok(MisereValueReport {
        schema: SCHEMA,
        spec: sum.format(),
        play: "misere".to_string(),
        value: None,
        outcome: judged.outcome(),
        genus: None,
        components: components
            .iter()
            .zip(&judged.elements)
            .map(|(&(term, index), &x)| MisereComponentReport {
                spec: graph.table(term).format(&[position.terms[term][index]]),
                value: None,
                genus: None,
                element: Some(quotient.name(x)),
            })
            .collect(),
        winning_move_count: winning_moves.len() as u128,
        winning_moves,
        quotient: Some(judged.quotient_use()),
    })
}

/// [`misere_moves`] by `quotient`, a quotient of heaps up to the largest of `heaps` or beyond.
fn moves_by_quotient(
    sum: &Sum,
    heaps: Heaps,
    quotient: &Quotient,
    limits: Limits,
) -> Result<MisereMovesReport> {
    let judged = Judged::new(heaps, quotient)?;
    let moves = judged
        .moves(false, limits)?
        .into_iter()
        .map(|(summary, winning)| MisereMoveEntry {
            summary,
            count: 1,
            value_after: None,
            winning,
        })
        .collect();
    Ok(MisereMovesReport {
        schema: SCHEMA,
        spec: sum.format(),
        play: "misere".to_string(),
        value: None,
        outcome: judged.outcome(),
        moves,
        quotient: Some(judged.quotient_use()),
    })
}

/// The heap of position `id` of a table of heaps.
fn heap_of(table: &dyn PositionTable, id: u32) -> Result<u64> {
    table.heap(id).ok_or_else(|| {
        Error::invalid_position("a move of a heap game left a part that is not a heap")
    })
}

/// The element of a heap of `heap` (the identity for 0).
fn element(quotient: &Quotient, heap: u64) -> u32 {
    match heap.checked_sub(1) {
        Some(atom) => quotient.image(atom as usize),
        None => 0,
    }
}

#[cfg(test)]
mod tests;
