//! The heap-sequence engine: Grundy values of games whose positions are single heaps and whose
//! moves leave sums of smaller heaps, with proved periods and values of heaps up to 2^64.
//!
//! - [`HeapSolver`] answers values of heaps: from its table, from a proved period, or from a
//!   closed form (Nim). Asked for a heap far beyond its table, it grows the table and tries to
//!   prove a period on the way; without one, a heap too large to tabulate is a limit error.
//! - [`Code`] is the move structure the fast engine and the theorems need, one [`Digit`] per
//!   number of tokens removed; [`HeapGame`] gives it for a ruleset.
//! - The fast engine (dense `u16` tables, word-level bitset mex, the rare/common split of the
//!   sparse space phenomenon) serves every code; the naive engine ([`NaiveTable`]) serves any
//!   ruleset and is the oracle and the benchmark baseline.
//! - [`period`]: the theorems and [`Certificate`]s.
//!
//! The module does no IO and never reads the clock: long runs are driven in steps
//! ([`HeapSolver::extend`]) by the face, which shows progress.

mod beyond;
mod code;
mod fast;
mod naive;
pub mod period;
mod periods;
pub use periods::Watched;
mod subtract;
mod table;
mod verify;

pub use code::{Code, Digit, HeapGame, MAX_CODE_DIGITS};
pub use fast::{TableStats, EARLY_CHECK as SPARSE_FIRST_LOOK};
pub use naive::{HeapMoves, NaiveTable};
pub use period::{Certificate, Refutation, Theorem};
pub use verify::{
    default_route, verify, Recomputed, NAIVE_VERIFY_LIMIT, PLAIN_VERIFY_LIMIT, VERIFY_BYTES_A_HEAP,
};

use crate::error::{Error, Limit, Result};
use crate::game::{Evaluator, Limits, MoveList};
use crate::nimber::Nimber;
use subtract::SubtractionTable;
use table::HeapTable;

/// A table entry costs a few nanoseconds per move, against about a hundred in the generic
/// solver, so one unit of [`Limits::max_work`] buys this many moves here.
const MOVES_PER_WORK: u64 = 16;

/// Units of table work (a few milliseconds) between two looks at the cancel flag.
const CANCEL_SLICE: u64 = 1 << 22;

/// Heaps up to this many are tabulated directly; beyond, the table grows by doubling and a
/// period is sought at each step.
const DIRECT_TABLE: u64 = 1 << 12;

/// Grundy values of heaps: a table from heap 0 upwards, and a proved period once there is one.
///
/// # Complexity
/// The fast engine costs O(rare heaps) per heap for splitting games with a sparse space
/// (O(n) per heap without one), O(moves) per heap for the others; the naive engine costs the
/// number of moves of each heap.
///
/// # Example
/// ```
/// use grundy::{heap::HeapSolver, rules::TakeBreak, Nimber};
/// let mut dawson = HeapSolver::new(TakeBreak::named("dawson").unwrap());
/// assert_eq!(dawson.value(10)?, Nimber::new(3)); // OEIS A002187(9)
/// // Beyond any table: the period 34 from heap 53 is proved on the way (Guy-Smith), and
/// // 10^18 is heap 66 of the period.
/// assert_eq!(dawson.value(10u64.pow(18))?, dawson.value(66)?);
/// assert_eq!(dawson.value(66)?, Nimber::new(3));
/// assert_eq!(dawson.certificate().map(|c| c.period), Some(34));
/// # Ok::<(), grundy::Error>(())
/// ```
pub struct HeapSolver<R> {
    rules: R,
    code: Option<Code>,
    table: Box<dyn HeapTable>,
    limits: Limits,
    certificate: Option<Certificate>,
    /// The table length at which a period was last sought.
    sought_at: usize,
    /// The table length that would prove the period the table's end showed then.
    promising: Option<u64>,
    seek_periods: bool,
}

impl<R: HeapGame> HeapSolver<R> {
    /// A solver with the default [`Limits`].
    pub fn new(rules: R) -> HeapSolver<R> {
        HeapSolver::with_limits(rules, Limits::default())
    }

    /// A solver whose table may hold `limits.max_positions` heaps.
    pub fn with_limits(rules: R, limits: Limits) -> HeapSolver<R> {
        let code = rules.code();
        let table: Box<dyn HeapTable> = match (&code, rules.subtraction()) {
            (Some(code), _) => Box::new(fast::Table::new(code)),
            (None, Some(rule)) => Box::new(SubtractionTable::new(rule.clone())),
            (None, None) => Box::new(NaiveTable::new()),
        };
        HeapSolver {
            rules,
            code,
            table,
            limits,
            certificate: None,
            sought_at: 0,
            promising: None,
            seek_periods: true,
        }
    }

    /// A solver that uses the naive engine even where a fast one exists (the oracle): every
    /// heap is computed from the ruleset's moves, none copied by a period.
    pub fn naive(rules: R, limits: Limits) -> HeapSolver<R> {
        let mut solver = HeapSolver::with_limits(rules, limits).extend_by_period(false);
        solver.table = Box::new(NaiveTable::new());
        solver
    }

    /// A solver whose fast engine never uses the rare/common split: every split is scanned.
    /// An independent route for checking certificates of large tables.
    pub fn plain(rules: R, limits: Limits) -> HeapSolver<R> {
        let mut solver = HeapSolver::with_limits(rules, limits);
        if let Some(code) = &solver.code {
            solver.table = Box::new(fast::Table::plain(code));
        }
        solver
    }

    /// The same solver, computing heaps in blocks from `heap` on however little work a heap
    /// takes (by default only long tables of costly heaps do), so that tests can compare block
    /// and heap-by-heap routes on small tables.
    #[cfg(test)]
    pub(crate) fn force_blocks_from(mut self, heap: usize) -> HeapSolver<R> {
        if let Some(code) = &self.code {
            self.table = Box::new(fast::Table::new(code).force_blocks_from(heap));
        }
        self
    }

    /// The same solver, its fast engine never taking the route for values below 64, so that
    /// tests can compare the two routes.
    #[cfg(test)]
    pub(crate) fn without_small_route(mut self) -> HeapSolver<R> {
        if let Some(code) = &self.code {
            self.table = Box::new(fast::Table::new(code).without_small_route());
        }
        self
    }

    /// The ruleset.
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// The rule's code, when the fast engine and the theorems apply.
    pub fn code(&self) -> Option<&Code> {
        self.code.as_ref()
    }

    /// The limits in force.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Heaps tabulated so far.
    pub fn len(&self) -> u64 {
        self.table.len()
    }

    /// Whether nothing is tabulated yet.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Units of work spent (pairs of heaps or moves examined).
    pub fn work(&self) -> u64 {
        self.table.work()
    }

    /// The value of a tabulated heap.
    pub fn tabulated(&self, heap: u64) -> Option<u64> {
        self.table.get(heap)
    }

    /// Values of tabulated heaps `from..to`.
    ///
    /// # Panics
    /// When `to` lies beyond the table.
    pub fn tabulated_range(&self, from: u64, to: u64) -> Vec<u64> {
        self.table.range(from, to)
    }

    /// Summary statistics of the table (largest value, masks, rare heaps); the naive engine
    /// reports the largest value only.
    pub fn stats(&self) -> TableStats {
        self.table.stats()
    }

    /// The proved period, once there is one.
    pub fn certificate(&self) -> Option<&Certificate> {
        self.certificate.as_ref()
    }

    /// Appends values computed elsewhere (a run being resumed). The fast engine rebuilds its
    /// statistics from them; nothing is checked.
    ///
    /// # Errors
    /// A value too large for a table.
    pub fn push_known(&mut self, values: impl IntoIterator<Item = u64>) -> Result<()> {
        values
            .into_iter()
            .try_for_each(|value| self.table.push(value))
    }

    /// Computes `count` more heaps. Once a period is proved (sought each time the table
    /// doubles, from 4096 heaps on), the rest is copied by the period at memory speed.
    ///
    /// # Errors
    /// [`Limit::HeapTable`] when the table would exceed the limit; an invalid rule (a move to
    /// a larger heap) from the naive engine.
    pub fn extend(&mut self, count: u64) -> Result<()> {
        let target = self.len().saturating_add(count);
        if target > self.limits.max_positions {
            return Err(Error::limit_needing(
                Limit::HeapTable,
                self.limits.max_positions,
                target,
            ));
        }
        while self.len() < target {
            if self.certificate.is_some() {
                return self.copy_by_period(target);
            }
            let next_seek = self.next_look().max(DIRECT_TABLE);
            let step_to = target.min(next_seek);
            self.fill(step_to, u64::MAX)?;
            if self.len() == next_seek && self.seek_periods {
                self.seek_period();
            }
        }
        Ok(())
    }

    /// Whether [`extend`](HeapSolver::extend) seeks periods and copies by them (on by default;
    /// off, every heap is computed).
    pub fn extend_by_period(mut self, enabled: bool) -> HeapSolver<R> {
        self.seek_periods = enabled;
        self
    }

    /// Fills the table towards `len` heaps until its work (its total since it was made, in
    /// table units) reaches `stop`, in slices of [`CANCEL_SLICE`] units with a look at the
    /// cancel flag between them and the work shown to the progress counters.
    ///
    /// # Errors
    /// The cancel flag raised; an invalid rule from the naive engine.
    fn fill_until(&mut self, len: u64, stop: u64) -> Result<()> {
        while self.len() < len {
            self.limits.cancel.check()?;
            let work = self.table.work();
            self.limits.progress.show_work(work / MOVES_PER_WORK);
            if work >= stop {
                break;
            }
            let slice = (stop - work).min(CANCEL_SLICE);
            self.table.fill(&self.rules, len, slice)?;
        }
        self.limits
            .progress
            .show_work(self.table.work() / MOVES_PER_WORK);
        Ok(())
    }

    /// Fills the table to `len` heaps before its work reaches `stop` ([`fill_until`]).
    ///
    /// # Errors
    /// [`Limit::Work`] when `stop` comes first; as for [`fill_until`].
    ///
    /// [`fill_until`]: HeapSolver::fill_until
    fn fill(&mut self, len: u64, stop: u64) -> Result<()> {
        self.fill_until(len, stop)?;
        if self.len() < len {
            return Err(Error::limit(Limit::Work, self.limits.max_work));
        }
        Ok(())
    }

    /// The table work at which [`Limits::max_work`] stops the table: the limit bounds the
    /// table's whole work, however many questions share it, so that the work a face shows
    /// runs up to the limit once.
    fn work_stop(&self) -> u64 {
        self.limits.max_work.saturating_mul(MOVES_PER_WORK)
    }

    /// The value of a heap of `heap` tokens.
    ///
    /// # Errors
    /// [`Limit::HeapTable`] when the heap lies beyond the largest table allowed and no period
    /// is proved; [`Limit::Work`] when filling the table takes too long.
    pub fn value(&mut self, heap: u64) -> Result<Nimber> {
        if let Some(value) = self.rules.closed_form(&heap) {
            return Ok(value);
        }
        if let Some(value) = self.known(heap) {
            return Ok(Nimber::new(value?));
        }
        let needed = heap.saturating_add(1);
        if needed <= DIRECT_TABLE || Theorem::for_code_opt(self.code.as_ref()).is_none() {
            if needed > self.limits.max_positions {
                return Err(self.table_limit(needed));
            }
            self.fill(needed, self.work_stop())?;
        } else {
            self.prove_period(needed)?;
            if let Some(value) = self.known(heap) {
                return Ok(Nimber::new(value?));
            }
            if needed > self.limits.max_positions {
                return Err(self.table_limit(needed));
            }
            self.fill(needed, self.work_stop())?;
        }
        match self.known(heap) {
            Some(value) => Ok(Nimber::new(value?)),
            None => Err(self.table_limit(needed)),
        }
    }

    fn table_limit(&self, needed: u64) -> Error {
        Error::limit_needing(Limit::HeapTable, self.limits.max_positions, needed)
    }

    /// The value from the table or the period, if known.
    fn known(&self, heap: u64) -> Option<Result<u64>> {
        if let Some(value) = self.tabulated(heap) {
            return Some(Ok(value));
        }
        let certificate = self.certificate.as_ref()?;
        Some(
            certificate
                .value_from(heap, |small| self.tabulated(small).unwrap_or(0))
                .ok_or_else(|| {
                    Error::invalid_position(format!(
                        "the value of heap {heap} does not fit in 64 bits"
                    ))
                }),
        )
    }

    /// The values of heaps `0..=last`.
    ///
    /// # Errors
    /// As for [`value`](HeapSolver::value).
    pub fn values(&mut self, last: u64) -> Result<Vec<Nimber>> {
        // A list of values costs memory even when each value is free (Nim, a proved period).
        if last >= self.limits.max_positions {
            let needed = last.saturating_add(1);
            return Err(Error::limit_needing(
                Limit::HeapTable,
                self.limits.max_positions,
                needed,
            ));
        }
        if self.rules.closed_form(&0).is_some() {
            return (0..=last).map(|heap| self.value(heap)).collect();
        }
        self.fill(last + 1, self.work_stop())?;
        Ok(self
            .tabulated_range(0, last + 1)
            .into_iter()
            .map(Nimber::new)
            .collect())
    }
}

impl<R: HeapGame> Evaluator for HeapSolver<R> {
    type Rules = R;

    fn rules(&self) -> &R {
        &self.rules
    }

    fn value(&mut self, heap: &u64) -> Result<Nimber> {
        HeapSolver::value(self, *heap)
    }

    fn limits(&self) -> Limits {
        self.limits
    }

    /// Beyond the table, with a proved period: the moves to `target`, one per class of
    /// splits the period makes equivalent, with its size (a heap of 10^18 has too many splits
    /// to list, and splits whose smaller part differs by a multiple of the period have the
    /// same value).
    fn moves_to_value(&mut self, heap: &u64, target: Nimber) -> Result<Option<MoveList<R>>> {
        if self.tabulated(*heap).is_some() || self.certificate.is_none() {
            return Ok(None);
        }
        if self.rules.move_count(heap).unwrap_or(0) <= self.limits.max_moves {
            return Ok(None);
        }
        self.moves_by_period(*heap, target)
    }
}

#[cfg(test)]
mod tests;
