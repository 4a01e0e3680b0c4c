//! [`HeapSolver`]'s periods: sought as the table grows, proved on request, and copied by
//! once proved.

use super::table::with_values;
use super::{
    period, Certificate, Code, HeapGame, HeapSolver, Theorem, DIRECT_TABLE, MOVES_PER_WORK,
};
use crate::error::{Error, Limit, Result};

/// The most heaps [`HeapSolver::prove_period_watched`] computes between two calls of its
/// watcher.
const PERIOD_STEP: u64 = 1 << 16;

/// The most table work (about a tenth of a second) between two calls of
/// [`HeapSolver::prove_period_watched`]'s watcher, however costly each heap is.
const WATCH_SLICE: u64 = 1 << 26;

impl<R: HeapGame> HeapSolver<R> {
    /// Fills the table to `target` heaps by the proved period (nothing without one).
    pub(super) fn copy_by_period(&mut self, target: u64) -> Result<()> {
        let Some(certificate) = &self.certificate else {
            return Ok(());
        };
        let (period, saltus) = (certificate.period, certificate.saltus);
        self.table.copy_by_period(period, saltus, target)
    }

    /// Seeks a period in the current table, if the table has grown since the last attempt.
    /// Returns the certificate when one is (or was) proved.
    pub fn seek_period(&mut self) -> Option<&Certificate> {
        let len = self.len() as usize;
        if self.certificate.is_none() && len > self.sought_at {
            self.sought_at = len;
            if let Some(code) = &self.code {
                let rule = self.rules.format(&[0]);
                let (certificate, promising) =
                    with_values!(self.table.values(), values => seek(code, &rule, values));
                self.certificate = certificate.map(|mut certificate| {
                    certificate.rule = rule_text(&certificate.rule);
                    certificate
                });
                self.promising = promising;
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
        self.prove_period_watched(max_heaps, &mut |_| {})
    }

    /// [`prove_period`](HeapSolver::prove_period), calling `watch` as each look for a
    /// period begins and after each step towards it (at most 2^16 heaps, or about a tenth of
    /// a second of work) with the heaps computed, the table length of the look and the work
    /// spent. The work limit bounds the whole search, not each look.
    ///
    /// # Errors
    /// A limit reached before `max_heaps`; the cancel flag raised.
    pub fn prove_period_watched(
        &mut self,
        max_heaps: u64,
        watch: &mut dyn FnMut(Watched),
    ) -> Result<Option<&Certificate>> {
        let max_heaps = max_heaps.min(self.limits.max_positions);
        let stop = self.work_stop();
        let mut look = self.len().max(DIRECT_TABLE / 4);
        loop {
            look = look.min(max_heaps);
            watch(self.watched(look));
            while self.len() < look {
                let step_to = look.min(self.len().saturating_add(PERIOD_STEP));
                let slice_stop = stop.min(self.table.work().saturating_add(WATCH_SLICE));
                self.fill_until(step_to, slice_stop)?;
                watch(self.watched(look));
                if self.len() < step_to && self.table.work() >= stop {
                    return Err(Error::limit(Limit::Work, self.limits.max_work));
                }
            }
            if self.seek_period().is_some() || look >= max_heaps {
                return Ok(self.certificate.as_ref());
            }
            look = self.next_look();
        }
    }

    /// Where the table stands, for [`prove_period_watched`](HeapSolver::prove_period_watched)'s
    /// watcher.
    fn watched(&self, look: u64) -> Watched {
        Watched {
            heaps: self.len(),
            look,
            work: self.table.work() / MOVES_PER_WORK,
        }
    }
}

/// Where a period search stands: what [`HeapSolver::prove_period_watched`] tells its watcher.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Watched {
    /// Heaps computed so far.
    pub heaps: u64,
    /// The table length at which the next look for a period happens.
    pub look: u64,
    /// Work spent so far, in units of [`crate::Limits::max_work`].
    pub work: u64,
}

/// The period `code`'s theorem proves in `values`, or else where a longer table would prove
/// the period they show ([`period::promising`]).
fn seek<V: Copy + Into<u64>>(
    code: &Code,
    rule: &str,
    values: &[V],
) -> (Option<Certificate>, Option<u64>) {
    match period::prove(code, rule, values) {
        Some(certificate) => (Some(certificate), None),
        None => (None, period::promising(code, values)),
    }
}

/// The rule as spec text without the heap: `kayles(0)` → `kayles`.
fn rule_text(formatted: &str) -> String {
    formatted
        .strip_suffix("(0)")
        .unwrap_or(formatted)
        .to_string()
}

impl Theorem {
    pub(super) fn for_code_opt(code: Option<&Code>) -> Option<Theorem> {
        code.and_then(Theorem::for_code)
    }
}
