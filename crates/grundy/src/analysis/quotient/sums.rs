//! Misère sums of heaps of one game answered by its misère quotient: the outcome, every
//! winning move and every move, for heaps of any size.
//!
//! The quotient comes from [`quotient_for_heaps`] (grown once per rule and kept): the quotient
//! of heaps up to the largest heap of the sum, or of the whole game when the growth proves the
//! heap → element map periodic first, which then answers heaps of any size by folding them
//! with the period. A heap with too many moves to list (`kayles(10^18)`) has its moves listed
//! one per class ([`periodic_move_classes`]): splits whose parts repeat with the period leave
//! equal elements, so one split stands for its class, with the class's size as its `count`.

use std::collections::HashSet;
use std::sync::Arc;

use super::super::misere::{
    MisereComponentReport, MisereHead, MisereMoveEntry, MisereMoveReport, MisereMovesReport,
    MisereValueReport, QuotientUse,
};
use super::super::ReportOutcome;
use crate::error::{Error, ErrorKind, Result};
use crate::game::{check_move_count, check_output, format_sorted, Limits, Outcome, Ruleset};
use crate::quotient::{heap_element, periodic_move_classes, quotient_for_heaps, Quotient};
use crate::rules::HeapRule;
use crate::sum::Sum;
use crate::whole::SumGraph;

/// The components of a sum as heaps of one heap rule, term by term.
struct Heaps {
    rule: HeapRule,
    /// Each term's rule (as written, for the text) and heaps; `None` for an empty term.
    terms: Vec<Option<(HeapRule, Vec<u64>)>>,
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
        let mut terms: Vec<Option<(HeapRule, Vec<u64>)>> = Vec::new();
        for (term, ids) in position.terms.iter().enumerate() {
            let table = graph.table(term);
            terms.push(match table.heap_rule() {
                Some(term_rule) if !ids.is_empty() => {
                    let heaps: Option<Vec<u64>> = ids.iter().map(|&id| table.heap(id)).collect();
                    heaps.map(|heaps| (term_rule, heaps))
                }
                _ => None,
            });
        }
        Ok(Some(Heaps {
            rule,
            terms,
            components: listed.iter().map(|c| (c.term, c.index)).collect(),
            heaps: listed.iter().map(|c| c.heap).collect(),
        }))
    }

    /// The sum with component `component` replaced by `parts`, as spec text.
    fn after(&self, component: usize, parts: &[u64]) -> String {
        let (at_term, at_index) = self.components[component];
        let texts: Vec<String> = self
            .terms
            .iter()
            .enumerate()
            .filter_map(|(term, heaps)| {
                let (rule, heaps) = heaps.as_ref()?;
                let heaps: Vec<u64> = if term == at_term {
                    let mut changed = heaps.clone();
                    changed.splice(at_index..=at_index, parts.iter().copied());
                    changed
                } else {
                    heaps.clone()
                };
                (!heaps.is_empty()).then(|| format_sorted(rule, &heaps))
            })
            .collect();
        if texts.is_empty() {
            "0".to_string()
        } else {
            texts.join(" + ")
        }
    }

    /// The rule a component is written in.
    fn rule_of(&self, component: usize) -> &HeapRule {
        let (term, _) = self.components[component];
        self.terms[term]
            .as_ref()
            .map_or(&self.rule, |(rule, _)| rule)
    }
}

/// Whether every component of `sum` is a heap of one heap game (and there is one at least).
///
/// # Errors
/// A table's position limit.
pub fn is_sum_of_heaps(sum: &Sum, limits: Limits) -> Result<bool> {
    Ok(Heaps::of(sum, limits)?.is_some())
}

/// The misère report `report` makes of `sum` from its misère quotient (see the module docs),
/// as [`super::super::misere::value_with_order`] and `moves_with_order` answer a sum too large
/// to search; `None` when `sum` is not a sum of heaps of one heap game.
///
/// # Errors
/// As for [`quotient_for_heaps`]; a limit on the moves listed or written out; a heap with too
/// many moves to list when the quotient is not that of the whole game.
pub(in crate::analysis) fn by_quotient<R>(
    sum: &Sum,
    limits: Limits,
    max_order: u64,
    report: fn(&Sum, &Judged, Limits) -> Result<R>,
) -> Result<Option<R>> {
    let Some(judged) = judged(sum, limits, max_order)? else {
        return Ok(None);
    };
    report(sum, &judged, limits).map(Some)
}

/// The misère value report of `sum` by the quotient `judged` holds: the outcome, and every
/// winning move, in the order and with the words of the search
/// ([`super::super::misere::value`]); no misère values (a quotient has none).
///
/// A move of component `i` to the parts `p₁ + … + pⱼ` wins when the product of the other
/// components' elements (prefix and suffix products, [`crate::quotient::Monoid::others`]) and
/// the parts' elements lies in the P-portion: work linear in the number of options listed.
pub(in crate::analysis) fn value_report(
    sum: &Sum,
    judged: &Judged,
    limits: Limits,
) -> Result<MisereValueReport> {
    let winning_moves: Vec<_> = judged
        .moves(true, limits)?
        .into_iter()
        .map(|(report, _)| report)
        .collect();
    Ok(MisereValueReport {
        head: MisereHead::new(sum, None, judged.outcome()),
        genus: None,
        components: (0..judged.heaps.heaps.len())
            .map(|component| MisereComponentReport {
                spec: judged
                    .heaps
                    .rule_of(component)
                    .format(&[judged.heaps.heaps[component]]),
                value: None,
                genus: None,
                element: Some(judged.quotient.name(judged.elements[component])),
            })
            .collect(),
        winning_move_count: winning_moves.iter().map(|m| u128::from(m.count)).sum(),
        winning_moves,
        quotient: Some(judged.quotient_use()),
    })
}

/// The misère moves report of `sum` by the quotient `judged` holds: every move in the order
/// and with the words of the search ([`super::super::misere::moves`]), each marked winning or
/// not (as [`value_report`] finds the winning ones); no misère values.
pub(in crate::analysis) fn moves_report(
    sum: &Sum,
    judged: &Judged,
    limits: Limits,
) -> Result<MisereMovesReport> {
    let moves = judged
        .moves(false, limits)?
        .into_iter()
        .map(|(summary, winning)| MisereMoveEntry {
            summary,
            value_after: None,
            winning,
        })
        .collect();
    Ok(MisereMovesReport {
        head: MisereHead::new(sum, None, judged.outcome()),
        moves,
        quotient: Some(judged.quotient_use()),
    })
}

/// The components of `sum` as heaps of one game with a misère quotient covering them; `None`
/// when `sum` is not a sum of heaps of one game.
fn judged(sum: &Sum, limits: Limits, max_order: u64) -> Result<Option<Judged>> {
    let Some(heaps) = Heaps::of(sum, limits)? else {
        return Ok(None);
    };
    let largest = heaps.heaps.iter().copied().max().unwrap_or(0);
    let quotient = quotient_for_heaps(&heaps.rule, largest, max_order, limits)?;
    Judged::new(heaps, quotient).map(Some)
}

/// `sum` judged by `quotient` (the tests' way to pick the quotient); `None` when `sum` is not
/// a sum of heaps of one game.
#[cfg(test)]
pub(super) fn judged_by(
    sum: &Sum,
    quotient: Arc<Quotient>,
    limits: Limits,
) -> Result<Option<Judged>> {
    let Some(heaps) = Heaps::of(sum, limits)? else {
        return Ok(None);
    };
    Judged::new(heaps, quotient).map(Some)
}

/// A sum of heaps judged by a misère quotient that covers every heap of it.
pub(in crate::analysis) struct Judged {
    heaps: Heaps,
    quotient: Arc<Quotient>,
    /// The element of each component.
    elements: Vec<u32>,
    /// The element of the whole sum.
    whole: u32,
}

impl Judged {
    fn new(heaps: Heaps, quotient: Arc<Quotient>) -> Result<Judged> {
        let elements = heaps
            .heaps
            .iter()
            .map(|&heap| element(&quotient, heap))
            .collect::<Result<Vec<u32>>>()?;
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

    /// The moves of component `component` as (parts, count): every move when they can be
    /// listed, else one per class of the period.
    fn classes(&self, component: usize, limits: Limits) -> Result<Vec<(Vec<u64>, u64)>> {
        let rule = &self.heaps.rule;
        let heap = self.heaps.heaps[component];
        match check_move_count(rule, &heap, limits) {
            Ok(()) => {
                let mut listed = Vec::new();
                rule.try_moves(&heap, &mut listed)?;
                Ok(listed
                    .into_iter()
                    .map(|parts| (parts.to_vec(), 1))
                    .collect())
            }
            Err(error) if error.is_limit() => {
                let classes = self
                    .quotient
                    .periodicity()
                    .and_then(|periodicity| periodic_move_classes(rule, periodicity, heap));
                match classes {
                    Some(classes) => Ok(classes
                        .into_iter()
                        .map(|class| (class.parts.to_vec(), class.count))
                        .collect()),
                    None => Err(error),
                }
            }
            Err(error) => Err(error),
        }
    }

    /// Every move, equal moves once (as the search lists them), each with whether it wins (as
    /// [`value_report`] says how); only the winning ones when `only_winning`.
    fn moves(&self, only_winning: bool, limits: Limits) -> Result<Vec<(MisereMoveReport, bool)>> {
        let (quotient, monoid) = (&*self.quotient, self.quotient.monoid());
        let others = monoid.others(&self.elements);
        let mut listed = Vec::new();
        let mut seen = HashSet::new();
        for (component, &other) in others.iter().enumerate() {
            let rule = self.heaps.rule_of(component);
            let heap = self.heaps.heaps[component];
            for (parts, count) in self.classes(component, limits)? {
                let mut after = 0;
                for &part in &parts {
                    after = monoid.mul(after, element(quotient, part)?);
                }
                let winning = quotient.is_p(monoid.mul(other, after));
                if only_winning && !winning {
                    continue;
                }
                // Equal components with equal parts leave equal games, in one term or two:
                // listed once, keyed by their texts as every convention keys them.
                let (from, to) = (rule.format(&[heap]), format_sorted(rule, &parts));
                if !seen.insert((from.clone(), to.clone())) {
                    continue;
                }
                check_output(listed.len() + 1, self.heaps.heaps.len(), limits)?;
                let report = MisereMoveReport {
                    component,
                    from,
                    to,
                    target_value: None,
                    description: rule.describe(&heap, &parts),
                    result: self.heaps.after(component, &parts),
                    count,
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
            why: super::super::misere::ASKED.to_string(),
            whole: self.quotient.periodicity().map(|p| super::WholeReport {
                preperiod: p.preperiod,
                period: p.period,
                proved_at: p.proved_at,
            }),
        }
    }
}

/// The element of a heap of `heap` (the identity for 0).
fn element(quotient: &Quotient, heap: u64) -> Result<u32> {
    heap_element(quotient, heap).ok_or_else(|| {
        Error::new(ErrorKind::Unsupported {
            reason: format!(
                "the misère quotient covers heaps up to {}, not a heap of {heap}",
                quotient.atoms()
            ),
        })
    })
}
