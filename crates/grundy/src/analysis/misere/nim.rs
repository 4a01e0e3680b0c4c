//! Misère reports of sums of Nim heaps by Bouton's rule, without a search.

use std::collections::HashSet;

use super::{
    moves_report, outcome_letter, MisereComponentReport, MisereHead, MisereMoveEntry,
    MisereMoveReport, MisereMovesReport, MisereValueReport,
};
use crate::error::Result;
use crate::game::{check_output, Limits};
use crate::misere::{nim_misere_value, Genus};
use crate::nimber::Nimber;
use crate::sum::Sum;
use crate::whole::SumGraph;

/// The report of a sum of Nim heaps by Bouton's rule, without search; `None` when some
/// component is not a Nim heap.
pub(super) fn nim_value(sum: &Sum, limits: Limits) -> Result<Option<MisereValueReport>> {
    let Some(heaps) = nim_heaps(sum, limits)? else {
        return Ok(None);
    };
    let genus = Genus::nim(&heaps);
    let components = sum
        .components()
        .into_iter()
        .zip(&heaps)
        .map(|((term, index), &heap)| {
            let alone = Genus::nim(&[heap]);
            MisereComponentReport {
                spec: sum.terms()[term].format_component(index),
                value: Some(alone.misere_value().value()),
                genus: Some(alone.to_string()),
                element: None,
            }
        })
        .collect();
    let mut winning_moves = Vec::new();
    let mut seen = HashSet::new();
    let total = heaps.iter().fold(0, |sum, heap| sum ^ heap);
    let after = NimAfter::new(&heaps);
    let leaves_p = |heap: u64, target: u64| after.misere_value(heap, target) == 0;
    for (component, (term, index)) in sum.components().into_iter().enumerate() {
        let heap = heaps[component];
        // A misère P-position of Nim is firm with nim-sum 0, or has only heaps of 0 and 1 and
        // nim-sum 1: the new heap is the nim-sum of the others, or 0, or 1.
        let mut targets = vec![total ^ heap, 0, 1];
        targets.sort_unstable();
        targets.dedup();
        for target in targets.into_iter().filter(|&target| target < heap) {
            if !leaves_p(heap, target) {
                continue;
            }
            let from = sum.terms()[term].format_component(index);
            let term_moves = sum.terms()[term].moves(index, Some(Nimber::new(target)))?;
            check_output(winning_moves.len() + term_moves.len(), heaps.len(), limits)?;
            for term_move in term_moves {
                // Equal heaps have equal moves: each result is listed once, as in the search.
                if !seen.insert((from.clone(), term_move.to.clone())) {
                    continue;
                }
                let mut terms: Vec<_> = sum.terms().iter().map(|t| t.clone_box()).collect();
                terms[term] = term_move.after;
                let result = Sum::new(terms).format();
                winning_moves.push(MisereMoveReport {
                    component,
                    from: from.clone(),
                    to: term_move.to,
                    target_value: Some(nim_misere_value(&[target]).value()),
                    description: term_move.description,
                    result,
                    count: term_move.count,
                });
            }
        }
    }
    Ok(Some(MisereValueReport {
        head: MisereHead::new(
            sum,
            Some(genus.misere_value().value()),
            outcome_letter(&genus),
        ),
        genus: Some(genus.to_string()),
        components,
        winning_move_count: winning_moves.iter().map(|m| u128::from(m.count)).sum(),
        winning_moves,
        quotient: None,
    }))
}

/// The heaps of a sum whose every component is a Nim heap; `None` otherwise.
fn nim_heaps(sum: &Sum, limits: Limits) -> Result<Option<Vec<u64>>> {
    let graph = SumGraph::new(sum, limits)?;
    let position = graph.position_of(sum)?;
    let mut heaps = Vec::new();
    for (term, ids) in position.terms.iter().enumerate() {
        for &id in ids {
            match graph.table(term).nim_heap(id) {
                Some(heap) => heaps.push(heap),
                None => return Ok(None),
            }
        }
    }
    Ok(Some(heaps))
}

/// The misère value of Nim heaps after one heap changes, in constant time: the nim-sum, ⊕ 1
/// when no heap has two tokens or more (Bouton).
struct NimAfter {
    nim_sum: u64,
    large: usize,
}

impl NimAfter {
    fn new(heaps: &[u64]) -> NimAfter {
        NimAfter {
            nim_sum: heaps.iter().fold(0, |sum, heap| sum ^ heap),
            large: heaps.iter().filter(|&&heap| heap >= 2).count(),
        }
    }

    /// The misère value once a heap of `heap` becomes `target`.
    fn misere_value(&self, heap: u64, target: u64) -> u64 {
        let large = self.large - usize::from(heap >= 2) + usize::from(target >= 2);
        self.nim_sum ^ heap ^ target ^ u64::from(large == 0)
    }
}

/// The moves report of a sum of Nim heaps by Bouton's rule, without search; `None` when some
/// component is not a Nim heap. Lists the same moves in the same order as the search.
pub(super) fn nim_moves(sum: &Sum, limits: Limits) -> Result<Option<MisereMovesReport>> {
    let Some(heaps) = nim_heaps(sum, limits)? else {
        return Ok(None);
    };
    let after = NimAfter::new(&heaps);
    let moves = sum
        .moves()?
        .iter()
        .map(|sum_move| {
            let (heap, target) = (heaps[sum_move.component], sum_move.component_value.value());
            let value_after = after.misere_value(heap, target);
            MisereMoveEntry {
                summary: MisereMoveReport {
                    component: sum_move.component,
                    from: sum_move.from.clone(),
                    to: sum_move.to.clone(),
                    target_value: Some(nim_misere_value(&[target]).value()),
                    description: sum_move.description.clone(),
                    result: sum_move.result.format(),
                    count: sum_move.count,
                },
                value_after: Some(value_after),
                winning: value_after == 0,
            }
        })
        .collect();
    Ok(Some(moves_report(sum, &Genus::nim(&heaps), moves)))
}
