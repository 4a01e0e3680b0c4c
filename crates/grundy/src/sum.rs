//! Sums of games from different rulesets: the total value, and every move and winning move.
//!
//! A [`Sum`] is a list of [`Term`]s; a term is one ruleset with the positions of its
//! components (`nim(3,4,5)` is one term of three components). By the Sprague-Grundy theorem
//! the value of a sum is the nim-sum of its components' values, and a move wins exactly when
//! it changes one component's value `v` to `v ⊕ total`.

use std::sync::{Arc, Mutex};

use crate::error::{Error, Result};
use std::collections::HashSet;

use crate::game::{
    check_move_count, check_output, format_sorted, Evaluator, Limits, MoveClass, Parts, Ruleset,
};
use crate::nimber::Nimber;
use crate::table::{PositionTable, Positions, RulesetTable};

/// One ruleset with the positions of some components: a piece of a sum, type-erased so that a
/// sum can mix rulesets.
pub trait Term: Send {
    /// Number of components (positions) in the term.
    fn len(&self) -> usize;

    /// Whether the term has no components left.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The term as spec text, its components sorted (`nim(3,4,5)`, whatever their order);
    /// `0` when empty.
    fn format(&self) -> String;

    /// Component `index` alone as spec text (`nim(3)`).
    fn format_component(&self, index: usize) -> String;

    /// Component `index` as the spec text of its class's representative
    /// ([`Ruleset::canonical`]): `wythoff(1,2)` for `wythoff(2,1)`.
    fn format_canonical(&self, index: usize) -> String {
        self.format_component(index)
    }

    /// The Grundy value of component `index`.
    ///
    /// # Errors
    /// A cycle or a limit reached while solving.
    fn value(&self, index: usize) -> Result<Nimber>;

    /// The moves of component `index`; with `target`, only those to that value, where a
    /// move may stand for a class of equivalent moves ([`TermMove::count`]).
    ///
    /// # Errors
    /// A cycle, or a limit: too many moves to list, positions or work.
    fn moves(&self, index: usize, target: Option<Nimber>) -> Result<Vec<TermMove>>;

    /// A copy sharing the same memo.
    fn clone_box(&self) -> Box<dyn Term>;

    /// The table naming this term's positions by ids, shared by every copy of the term and by
    /// the terms its moves lead to; for searches over the whole sum (misère play, games with
    /// cycles, play against the computer). `None` when the term cannot take part in them.
    fn table(&self) -> Option<Box<dyn PositionTable>> {
        None
    }

    /// The ids of the components in [`table`](Term::table), left to right.
    ///
    /// # Errors
    /// A term without a table, or the table's position limit.
    fn position_ids(&self) -> Result<Vec<u32>> {
        Err(Error::invalid_rule(
            "this game cannot be searched as a whole sum",
        ))
    }
}

/// One move in one component of a term.
pub struct TermMove {
    /// The move in words ("take 2 from 3, leaving 1").
    pub description: String,
    /// The value the component has after the move.
    pub value: Nimber,
    /// What the component becomes, as spec text (`0` when nothing is left).
    pub to: String,
    /// The whole term after the move.
    pub after: Box<dyn Term>,
    /// How many moves this one stands for (see [`MoveClass`]): 1, or the size of its class of
    /// equivalent moves when there are too many to list.
    pub count: u64,
}

/// A [`Term`] for any ruleset, valued by any [`Evaluator`] (a [`crate::Solver`] or a
/// [`crate::heap::HeapSolver`]). Copies share the evaluator and so its memo.
pub struct RulesetTerm<E: Evaluator> {
    evaluator: Arc<Mutex<E>>,
    positions: Vec<<E::Rules as Ruleset>::Position>,
    /// Ids of positions for whole-sum searches, shared like the evaluator.
    table: Arc<Mutex<Positions<<E::Rules as Ruleset>::Position>>>,
}

impl<E: Evaluator> RulesetTerm<E> {
    /// The sum of `positions` valued by `evaluator`.
    pub fn new(evaluator: E, positions: Vec<<E::Rules as Ruleset>::Position>) -> RulesetTerm<E> {
        RulesetTerm {
            evaluator: Arc::new(Mutex::new(evaluator)),
            positions,
            table: Arc::new(Mutex::new(Positions::new())),
        }
    }

    /// The sum of `positions` in the same ruleset, sharing this term's evaluator (and so its
    /// memo) and its table of positions: how a face hands out many games of one ruleset that
    /// remember each other's values.
    pub fn with_positions(
        &self,
        positions: Vec<<E::Rules as Ruleset>::Position>,
    ) -> RulesetTerm<E> {
        RulesetTerm {
            evaluator: Arc::clone(&self.evaluator),
            positions,
            table: Arc::clone(&self.table),
        }
    }

    fn evaluator(&self) -> std::sync::MutexGuard<'_, E> {
        // A poisoned lock means a panic elsewhere, which is already a bug; the memo is still
        // consistent because values are inserted only once complete.
        self.evaluator
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl<E> Term for RulesetTerm<E>
where
    E: Evaluator + Send + 'static,
    <E::Rules as Ruleset>::Position: Send + 'static,
{
    fn len(&self) -> usize {
        self.positions.len()
    }

    fn format(&self) -> String {
        format_sorted(self.evaluator().rules(), &self.positions)
    }

    fn format_component(&self, index: usize) -> String {
        self.evaluator()
            .rules()
            .format(&self.positions[index..=index])
    }

    fn format_canonical(&self, index: usize) -> String {
        let evaluator = self.evaluator();
        let rules = evaluator.rules();
        rules.format(&[rules.canonical(&self.positions[index])])
    }

    fn value(&self, index: usize) -> Result<Nimber> {
        self.evaluator().value(&self.positions[index])
    }

    fn moves(&self, index: usize, target: Option<Nimber>) -> Result<Vec<TermMove>> {
        let mut evaluator = self.evaluator();
        let from = &self.positions[index];
        let listed = match target {
            Some(target) => match evaluator.moves_to_value(from, target)? {
                Some(moves) => Some(moves),
                None => evaluator
                    .rules()
                    .moves_to_value(from, target)
                    .map(|moves| moves.into_iter().map(single).collect()),
            },
            None => None,
        };
        let all_moves = match listed {
            Some(moves) => moves,
            None => {
                check_move_count(evaluator.rules(), from, evaluator.limits())?;
                let mut moves = Vec::new();
                evaluator.rules().try_moves(from, &mut moves)?;
                moves.into_iter().map(single).collect()
            }
        };
        let mut kept = Vec::new();
        for MoveClass { parts, count } in all_moves {
            let mut value = Nimber::ZERO;
            for part in &parts {
                value += evaluator.value(part)?;
            }
            if target.is_none_or(|target| target == value) {
                kept.push((parts, value, count));
            }
        }
        // Each move copies the whole term, so a long list of a long term is refused here.
        check_output(kept.len(), self.positions.len(), evaluator.limits())?;
        let mut result = Vec::new();
        for (parts, value, count) in kept {
            let mut positions = self.positions.clone();
            positions.splice(index..=index, parts.iter().cloned());
            let rules = evaluator.rules();
            result.push(TermMove {
                description: rules.describe(from, &parts),
                value,
                to: format_sorted(rules, &parts),
                after: Box::new(RulesetTerm {
                    evaluator: Arc::clone(&self.evaluator),
                    positions,
                    table: Arc::clone(&self.table),
                }),
                count,
            });
        }
        Ok(result)
    }

    fn clone_box(&self) -> Box<dyn Term> {
        Box::new(RulesetTerm {
            evaluator: Arc::clone(&self.evaluator),
            positions: self.positions.clone(),
            table: Arc::clone(&self.table),
        })
    }

    fn table(&self) -> Option<Box<dyn PositionTable>> {
        Some(Box::new(RulesetTable::new(
            Arc::clone(&self.evaluator),
            Arc::clone(&self.table),
        )))
    }

    fn position_ids(&self) -> Result<Vec<u32>> {
        let max_positions = self.evaluator().limits().max_positions;
        let mut table = self
            .table
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        self.positions
            .iter()
            .map(|position| table.intern(position, max_positions))
            .collect()
    }
}

/// A move listed alone: a class of one.
fn single<P>(parts: Parts<P>) -> MoveClass<P> {
    MoveClass { parts, count: 1 }
}

/// A sum of games, each component from any ruleset.
///
/// # Example
/// ```
/// use grundy::{spec, Nimber};
/// let sum = spec::parse("sub{1,2,4}(8) + sub{1,3}(5)")?;
/// assert_eq!(sum.value()?, Nimber::new(3));
/// let winning = sum.winning_moves()?;
/// assert_eq!(winning.len(), 2); // take 1 or take 4 from the heap of 8
/// assert!(winning.iter().all(|m| m.result.value() == Ok(Nimber::ZERO)));
/// # Ok::<(), grundy::Error>(())
/// ```
pub struct Sum {
    terms: Vec<Box<dyn Term>>,
    /// Bounds the moves listed ([`Limits::max_output`]).
    limits: Limits,
}

/// One move in a sum.
pub struct SumMove {
    /// Index of the component moved in, counting components left to right over all terms.
    pub component: usize,
    /// The component before the move, as spec text.
    pub from: String,
    /// What the component becomes, as spec text (`0` when nothing is left).
    pub to: String,
    /// The move in words.
    pub description: String,
    /// The component's value after the move.
    pub component_value: Nimber,
    /// The whole sum's value after the move.
    pub total_value: Nimber,
    /// The whole sum after the move.
    pub result: Sum,
    /// How many moves of the sum this one stands for: 1, or the size of its class of
    /// equivalent moves (all to games of the same value) when there are too many to list,
    /// as in a heap of 10^18 with a proved period. Distinct moves leave distinct games.
    pub count: u64,
}

impl Clone for Sum {
    fn clone(&self) -> Sum {
        Sum {
            terms: self.terms.iter().map(|term| term.clone_box()).collect(),
            limits: self.limits,
        }
    }
}

impl Sum {
    /// The sum of `terms`, its moves listed within the default [`Limits`].
    pub fn new(terms: Vec<Box<dyn Term>>) -> Sum {
        Sum {
            terms,
            limits: Limits::default(),
        }
    }

    /// The same sum, its moves listed within `limits` ([`Limits::max_output`]).
    pub fn with_limits(self, limits: Limits) -> Sum {
        Sum { limits, ..self }
    }

    /// The limits its moves are listed within, which searches of the whole sum also obey.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// The terms.
    pub fn terms(&self) -> &[Box<dyn Term>] {
        &self.terms
    }

    /// `(term, index in term)` of every component, left to right.
    pub fn components(&self) -> Vec<(usize, usize)> {
        self.terms
            .iter()
            .enumerate()
            .flat_map(|(term, t)| (0..t.len()).map(move |index| (term, index)))
            .collect()
    }

    /// The sum as spec text; `0` when nothing is left.
    pub fn format(&self) -> String {
        let parts: Vec<String> = self
            .terms
            .iter()
            .filter(|term| !term.is_empty())
            .map(|term| term.format())
            .collect();
        if parts.is_empty() {
            "0".to_string()
        } else {
            parts.join(" + ")
        }
    }

    /// The value of each component, left to right.
    ///
    /// # Errors
    /// A cycle or a limit reached in any component.
    pub fn component_values(&self) -> Result<Vec<Nimber>> {
        self.components()
            .into_iter()
            .map(|(term, index)| self.terms[term].value(index))
            .collect()
    }

    /// A name that equal positions share: the spec texts of the components' representatives
    /// ([`Ruleset::canonical`]: sorted Wythoff heaps, a board up to its symmetries) sorted
    /// (shorter first, so heaps sort by size), joined with `+`; `0` when nothing is left. Sums
    /// that differ only in the order of their components, such as `kayles(1,3)`,
    /// `kayles(3,1)` and `kayles(3) + kayles(1)`, get the same key, and the key is itself spec
    /// text of an equal sum.
    ///
    /// # Example
    /// ```
    /// use grundy::spec;
    /// let key = |text| spec::parse(text).map(|sum| sum.canonical_key());
    /// assert_eq!(key("kayles(3,1)")?, key("kayles(1) + kayles(3)")?);
    /// assert_eq!(key("nim(10,3) + kayles(2)")?, "nim(3) + nim(10) + kayles(2)");
    /// assert_eq!(key("wythoff(2,1)")?, "wythoff(1,2)");
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn canonical_key(&self) -> String {
        let mut parts: Vec<String> = Vec::new();
        for term in &self.terms {
            parts.extend((0..term.len()).map(|index| term.format_canonical(index)));
        }
        parts.sort_by(|a, b| a.len().cmp(&b.len()).then_with(|| a.cmp(b)));
        if parts.is_empty() {
            "0".to_string()
        } else {
            parts.join(" + ")
        }
    }

    /// The Grundy value of the sum: the nim-sum of its components' values.
    ///
    /// # Errors
    /// As for [`component_values`](Sum::component_values).
    pub fn value(&self) -> Result<Nimber> {
        Ok(self.component_values()?.into_iter().sum())
    }

    /// Every move of the sum with its values; moves that leave equal games (in `nim(2,2)`,
    /// taking from either heap) are listed once, as the first of them.
    ///
    /// # Example
    /// ```
    /// use grundy::spec;
    /// let moves = spec::parse("nim(2,2)")?.moves()?;
    /// let results: Vec<String> = moves.iter().map(|m| m.result.format()).collect();
    /// assert_eq!(results, ["nim(2)", "nim(1,2)"]);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    ///
    /// # Errors
    /// A cycle or a limit reached, including a component with too many moves to list.
    pub fn moves(&self) -> Result<Vec<SumMove>> {
        self.collect_moves(false)
    }

    /// Every move to a position of value 0, equal results listed once; none when the sum's
    /// value is already 0. Where a component has too many to list, a move may stand for a
    /// class of them ([`SumMove::count`]).
    ///
    /// # Errors
    /// As for [`moves`](Sum::moves), although components whose rulesets find moves to a
    /// given value directly (Nim) never need their moves listed.
    pub fn winning_moves(&self) -> Result<Vec<SumMove>> {
        self.collect_moves(true)
    }

    fn collect_moves(&self, winning_only: bool) -> Result<Vec<SumMove>> {
        const COUNT_BUDGET: u64 = 1 << 24;
        let values = self.component_values()?;
        let total: Nimber = values.iter().copied().sum();
        if winning_only && total == Nimber::ZERO {
            return Ok(Vec::new());
        }
        let mut result = Vec::new();
        let mut seen = HashSet::new();
        // Moves past the output limit are only counted, so that the error names the real need.
        // The counting stops, with what it has found so far, once it has copied about 2^24
        // components (each move of a term copies the term), so that a huge sum stays quick.
        let mut over: Option<usize> = None;
        let mut copied = 0u64;
        for (component, (term, index)) in self.components().into_iter().enumerate() {
            if over.is_some() && copied > COUNT_BUDGET {
                break;
            }
            let before = values[component];
            let target = winning_only.then_some(before + total);
            let from = self.terms[term].format_component(index);
            let term_moves = self.terms[term].moves(index, target)?;
            self.limits.cancel.check()?;
            // A move replaces the component `from` by the parts `to` (sorted), so moves with
            // equal `(from, to)` leave equal games: twins in equal components. Only heap games
            // have classes of more than one move, and there moves in two components leave
            // equal games only when the heaps are equal (each part is smaller than its heap),
            // so dropping twins keeps the counts exact.
            copied = copied
                .saturating_add((term_moves.len() as u64).saturating_mul(values.len() as u64));
            let fresh: Vec<TermMove> = term_moves
                .into_iter()
                .filter(|m| seen.insert((from.clone(), m.to.clone())))
                .collect();
            let listed = over.unwrap_or(result.len()) + fresh.len();
            // Each move copies the whole sum, so a long list of a long sum is refused early.
            if over.is_some() || check_output(listed, values.len(), self.limits).is_err() {
                over = Some(listed);
                continue;
            }
            for term_move in fresh {
                let mut after = self.clone();
                after.terms[term] = term_move.after;
                result.push(SumMove {
                    component,
                    from: from.clone(),
                    to: term_move.to,
                    description: term_move.description,
                    component_value: term_move.value,
                    total_value: total + before + term_move.value,
                    result: after,
                    count: term_move.count,
                });
            }
        }
        if let Some(counted) = over {
            check_output(counted, values.len(), self.limits)?;
        }
        Ok(result)
    }
}
