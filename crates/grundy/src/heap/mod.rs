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

mod code;
mod fast;
mod naive;
pub mod period;

pub use code::{Code, Digit, HeapGame, MAX_CODE_DIGITS};
pub use fast::TableStats;
pub use naive::NaiveTable;
pub use period::{Certificate, Refutation, Theorem};

use crate::error::{Error, Limit, Result};
use crate::game::{Evaluator, Limits, Parts};
use crate::nimber::Nimber;

/// A table entry costs a few nanoseconds per move, against about a hundred in the generic
/// solver, so one unit of [`Limits::max_work`] buys this many moves here.
const MOVES_PER_WORK: u64 = 16;

/// Heaps up to this many are tabulated directly; beyond, the table grows by doubling and a
/// period is sought at each step.
const DIRECT_TABLE: u64 = 1 << 12;

enum Engine {
    Fast(Box<fast::Table>),
    Naive(NaiveTable),
}

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
    engine: Engine,
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
        let engine = match &code {
            Some(code) => Engine::Fast(Box::new(fast::Table::new(code))),
            None => Engine::Naive(NaiveTable::new()),
        };
        HeapSolver {
            rules,
            code,
            engine,
            limits,
            certificate: None,
            sought_at: 0,
            promising: None,
            seek_periods: true,
        }
    }

    /// A solver that uses the naive engine even where a fast one exists (the oracle).
    pub fn naive(rules: R, limits: Limits) -> HeapSolver<R> {
        let mut solver = HeapSolver::with_limits(rules, limits);
        solver.engine = Engine::Naive(NaiveTable::new());
        solver
    }

    /// A solver whose fast engine never uses the rare/common split: every split is scanned.
    /// An independent route for checking certificates of large tables.
    pub fn plain(rules: R, limits: Limits) -> HeapSolver<R> {
        let mut solver = HeapSolver::with_limits(rules, limits);
        if let Some(code) = &solver.code {
            solver.engine = Engine::Fast(Box::new(fast::Table::plain(code)));
        }
        solver
    }

    /// The same solver, computing heaps in blocks from `heap` on however little work a heap
    /// takes (by default only long tables of costly heaps do), so that tests can compare block
    /// and heap-by-heap routes on small tables.
    #[cfg(test)]
    pub(crate) fn force_blocks_from(mut self, heap: usize) -> HeapSolver<R> {
        if let Engine::Fast(table) = self.engine {
            self.engine = Engine::Fast(Box::new(table.force_blocks_from(heap)));
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
        match &self.engine {
            Engine::Fast(table) => table.len() as u64,
            Engine::Naive(table) => table.len(),
        }
    }

    /// Whether nothing is tabulated yet.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Units of work spent (pairs of heaps or moves examined).
    pub fn work(&self) -> u64 {
        match &self.engine {
            Engine::Fast(table) => table.work(),
            Engine::Naive(table) => table.work(),
        }
    }

    /// The value of a tabulated heap.
    pub fn tabulated(&self, heap: u64) -> Option<u64> {
        let index = usize::try_from(heap).ok()?;
        match &self.engine {
            Engine::Fast(table) => table.get(index).map(u64::from),
            Engine::Naive(table) => table.values().get(index).copied(),
        }
    }

    /// Values of tabulated heaps `from..to`.
    ///
    /// # Panics
    /// When `to` lies beyond the table.
    pub fn tabulated_range(&self, from: u64, to: u64) -> Vec<u64> {
        let (from, to) = (from as usize, to as usize);
        match &self.engine {
            Engine::Fast(table) => table.values(from..to).into_iter().map(u64::from).collect(),
            Engine::Naive(table) => table.values()[from..to].to_vec(),
        }
    }

    /// Summary statistics of the table (largest value, masks, rare heaps); the naive engine
    /// reports the largest value only.
    pub fn stats(&self) -> TableStats {
        match &self.engine {
            Engine::Fast(table) => table.stats(),
            Engine::Naive(table) => {
                let values = table.values();
                let max = values.iter().copied().max().unwrap_or(0);
                TableStats {
                    heaps: values.len() as u64,
                    max_value: u32::try_from(max).unwrap_or(u32::MAX),
                    max_value_at: values.iter().position(|&v| v == max).unwrap_or(0) as u64,
                    ..TableStats::default()
                }
            }
        }
    }

    /// The proved period, once there is one.
    pub fn certificate(&self) -> Option<&Certificate> {
        self.certificate.as_ref()
    }

    /// Appends values computed elsewhere (a run being resumed). The fast engine rebuilds its
    /// statistics from them; nothing is checked.
    pub fn push_known(&mut self, values: impl IntoIterator<Item = u64>) -> Result<()> {
        for value in values {
            let value = u32::try_from(value).map_err(|_| {
                Error::invalid_position(format!("the value {value} is too large for a table"))
            })?;
            match &mut self.engine {
                Engine::Fast(table) => table.push_known(value),
                Engine::Naive(_) => {
                    return Err(Error::invalid_rule(
                        "only take-and-break codes and subtraction games can resume a table",
                    ))
                }
            }
        }
        Ok(())
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

    fn copy_by_period(&mut self, target: u64) -> Result<()> {
        let Some(certificate) = self.certificate.clone() else {
            return Ok(());
        };
        let Engine::Fast(table) = &mut self.engine else {
            return Ok(());
        };
        let mut heap = table.len() as u64;
        while heap < target {
            let back = heap - certificate.period;
            let value = table.get(back as usize).map_or(0, u64::from) + certificate.saltus;
            let value = u32::try_from(value).map_err(|_| {
                Error::invalid_position(format!(
                    "the value of heap {heap} is too large for a table"
                ))
            })?;
            table.push_known(value);
            heap += 1;
        }
        Ok(())
    }

    /// Fills the table to `len` heaps, within `budget` units of work.
    fn fill(&mut self, len: u64, budget: u64) -> Result<()> {
        let start = self.work();
        match &mut self.engine {
            Engine::Fast(table) => table.extend_to(len as usize, budget),
            Engine::Naive(table) => {
                while table.len() < len && table.work() - start < budget {
                    table.step(&self.rules)?;
                }
            }
        }
        if self.len() < len {
            return Err(Error::limit(Limit::Work, self.limits.max_work));
        }
        Ok(())
    }

    fn budget(&self) -> u64 {
        self.limits.max_work.saturating_mul(MOVES_PER_WORK)
    }

    /// Seeks a period in the current table, if the table has grown since the last attempt.
    /// Returns the certificate when one is (or was) proved.
    pub fn seek_period(&mut self) -> Option<&Certificate> {
        let len = self.len() as usize;
        if self.certificate.is_none() && len > self.sought_at {
            self.sought_at = len;
            if let (Some(code), Engine::Fast(table)) = (&self.code, &self.engine) {
                let values = table.values(0..len);
                self.certificate = period::prove(code, &self.rules.format(&[0]), &values).map(
                    |mut certificate| {
                        certificate.rule = rule_text(&certificate.rule);
                        certificate
                    },
                );
                if self.certificate.is_none() {
                    self.promising = period::promising(code, &values);
                }
            }
        }
        self.certificate.as_ref()
    }

    /// Where the next look for a period pays: the table length that would prove the period
    /// the table's end showed at the last look (see [`period::promising`]), when it lies
    /// within twice the table; otherwise the next power of two.
    pub fn next_look(&self) -> u64 {
        let len = self.len();
        let doubled = (len + 1).next_power_of_two();
        match self.promising {
            Some(heaps) if heaps > len && heaps < doubled => heaps,
            _ => doubled,
        }
    }

    /// Grows the table (doubling, or straight to the length that would prove a period the
    /// table shows; up to `max_heaps` and the limits) until a period is proved.
    ///
    /// # Errors
    /// A limit reached before `max_heaps`.
    pub fn prove_period(&mut self, max_heaps: u64) -> Result<Option<&Certificate>> {
        let max_heaps = max_heaps.min(self.limits.max_positions);
        let mut len = self.len().max(DIRECT_TABLE / 4);
        loop {
            len = len.min(max_heaps);
            self.fill(len, self.budget())?;
            if self.seek_period().is_some() || len >= max_heaps {
                return Ok(self.certificate.as_ref());
            }
            len = self.next_look();
        }
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
            self.fill(needed, self.budget())?;
        } else {
            self.prove_period(needed)?;
            if let Some(value) = self.known(heap) {
                return Ok(Nimber::new(value?));
            }
            if needed > self.limits.max_positions {
                return Err(self.table_limit(needed));
            }
            self.fill(needed, self.budget())?;
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
        self.fill(last + 1, self.budget())?;
        Ok(self
            .tabulated_range(0, last + 1)
            .into_iter()
            .map(Nimber::new)
            .collect())
    }

    /// Moves of a heap beyond the table to value `target`, found through the proved period:
    /// one move per class of splits that the period makes equivalent (see
    /// [`Evaluator::moves_to_value`]).
    fn moves_by_period(&mut self, heap: u64, target: Nimber) -> Result<Option<Vec<Parts<u64>>>> {
        let (Some(code), Some(certificate)) = (self.code.clone(), self.certificate.clone()) else {
            return Ok(None);
        };
        if code.max_parts() > 2 {
            return Ok(None);
        }
        let target = target.value();
        let mut found: Vec<Parts<u64>> = Vec::new();
        let reach = certificate.preperiod.max(1) + certificate.period;
        for &(take, digit) in code.digits() {
            let Some(rest) = heap.checked_sub(take) else {
                break;
            };
            if digit.takes_all() && rest == 0 && target == 0 {
                found.push(Parts::new());
            }
            if digit.leaves_one() && rest > 0 && self.value(rest)?.value() == target {
                found.push(Parts::from_slice(&[rest]));
            }
            if digit.splits_two() {
                // Beyond the preperiod both parts repeat with the period, so splits whose
                // smaller part differs by a multiple of it have the same value.
                for small in 1..=code.largest_small_part(rest).min(reach) {
                    if found.len() as u64 >= self.limits.max_moves {
                        break;
                    }
                    let value = self.value(small)?.value() ^ self.value(rest - small)?.value();
                    if value == target {
                        found.push(Parts::from_slice(&[small, rest - small]));
                    }
                }
            }
        }
        if let Some((first, _)) = code.tail().filter(|&(_, digit)| digit == Digit::new(3)) {
            // Tail arithmetic: any heap m <= heap - first may be left; values grow by the
            // saltus every period, so few heaps have the target value.
            if let Some(top) = heap.checked_sub(first) {
                let mut candidates: Vec<u64> = (0..certificate.preperiod.min(top + 1))
                    .filter(|&m| self.tabulated(m) == Some(target))
                    .collect();
                for residue in 0..certificate.period {
                    let start = certificate.preperiod + residue;
                    let Some(base) = self.tabulated(start) else {
                        continue;
                    };
                    if certificate.saltus == 0 {
                        if base == target && start <= top {
                            candidates.push(start);
                        }
                    } else if target >= base && (target - base) % certificate.saltus == 0 {
                        let steps = (target - base) / certificate.saltus;
                        if let Some(m) = steps
                            .checked_mul(certificate.period)
                            .and_then(|offset| offset.checked_add(start))
                            .filter(|&m| m <= top)
                        {
                            candidates.push(m);
                        }
                    }
                }
                candidates.sort_unstable();
                candidates.dedup();
                found.extend(candidates.into_iter().map(|m| {
                    if m == 0 {
                        Parts::new()
                    } else {
                        Parts::from_slice(&[m])
                    }
                }));
            }
        }
        Ok(Some(found))
    }
}

/// How [`verify`] recomputed the values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Recomputed {
    /// By the naive engine, from the ruleset's moves alone.
    Naive,
    /// By the plain scan: every split, no rare/common split (for tables too large for the
    /// naive engine).
    Plain,
}

/// Tables up to this many heaps are recomputed by the naive engine when verifying.
pub const NAIVE_VERIFY_LIMIT: u64 = 1 << 16;

/// Re-checks a certificate independently: recomputes the values of heaps
/// `0..=certificate.checked_to` (by the naive engine from the ruleset's moves when the table
/// is small or `naive` is set, otherwise by the plain scan), then checks the theorem's range,
/// every claimed equality, the side conditions and the checksum.
///
/// # Errors
/// A limit reached while recomputing (the outer error); the refutation (the inner one).
pub fn verify<R: HeapGame>(
    rules: R,
    certificate: &Certificate,
    limits: Limits,
    naive: bool,
) -> Result<(Recomputed, std::result::Result<(), Refutation>)> {
    let Some(code) = rules.code() else {
        return Ok((Recomputed::Naive, Err(Refutation::TheoremDoesNotApply)));
    };
    let heaps = certificate.checked_to.saturating_add(1);
    let how = if naive || heaps <= NAIVE_VERIFY_LIMIT {
        Recomputed::Naive
    } else {
        Recomputed::Plain
    };
    let mut solver = match how {
        Recomputed::Naive => HeapSolver::naive(rules, limits),
        Recomputed::Plain => HeapSolver::plain(rules, limits),
    }
    .extend_by_period(false);
    solver.extend(heaps)?;
    let values: Vec<u32> = solver
        .tabulated_range(0, heaps)
        .into_iter()
        .map(|v| u32::try_from(v).unwrap_or(u32::MAX))
        .collect();
    Ok((how, period::check(&code, certificate, &values)))
}

/// The rule as spec text without the heap: `kayles(0)` → `kayles`.
fn rule_text(formatted: &str) -> String {
    formatted
        .strip_suffix("(0)")
        .unwrap_or(formatted)
        .to_string()
}

impl Theorem {
    fn for_code_opt(code: Option<&Code>) -> Option<Theorem> {
        code.and_then(Theorem::for_code)
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
    /// splits the period makes equivalent (a heap of 10^18 has too many splits to list, and
    /// splits whose smaller part differs by a multiple of the period have the same value).
    fn moves_to_value(&mut self, heap: &u64, target: Nimber) -> Result<Option<Vec<Parts<u64>>>> {
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
