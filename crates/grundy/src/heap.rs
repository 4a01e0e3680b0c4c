//! Value tables for heap games: rulesets whose positions are heap sizes and whose moves leave
//! sums of smaller heaps.
//!
//! [`HeapSolver`] fills the table `g(0), g(1), ...` bottom-up, with no recursion and no
//! allocation per heap, and answers values of heaps inside the table. Rulesets with a closed
//! form (Nim) need no table at all.

use crate::error::{Error, Limit, Result};
use crate::game::{Evaluator, Limits, Parts, Ruleset};
use crate::nimber::{MexSet, Nimber};

/// A table entry costs a few nanoseconds per move, against about a hundred in the generic
/// solver, so one unit of [`Limits::max_work`] buys this many moves here.
const MOVES_PER_WORK: u64 = 16;

/// Grundy values of heaps, tabulated from heap 0 upwards.
///
/// # Complexity
/// Filling the table to heap `n` costs the number of moves of heaps `0..=n`: O(n) for a
/// finite subtraction set, O(n²) for splitting games such as Kayles.
///
/// # Example
/// ```
/// use grundy::{heap::HeapSolver, rules::TakeBreak, Nimber};
/// let mut dawson = HeapSolver::new(TakeBreak::named("dawson").unwrap());
/// assert_eq!(dawson.value(10)?, Nimber::new(3)); // OEIS A002187(9)
/// # Ok::<(), grundy::Error>(())
/// ```
pub struct HeapSolver<R> {
    rules: R,
    table: Vec<Nimber>,
    limits: Limits,
    work: u64,
    moves: Vec<Parts<u64>>,
    seen: MexSet,
}

impl<R: Ruleset<Position = u64>> HeapSolver<R> {
    /// A solver with the default [`Limits`].
    pub fn new(rules: R) -> HeapSolver<R> {
        HeapSolver::with_limits(rules, Limits::default())
    }

    /// A solver whose table may hold `limits.max_positions` heaps.
    pub fn with_limits(rules: R, limits: Limits) -> HeapSolver<R> {
        HeapSolver {
            rules,
            table: Vec::new(),
            limits,
            work: 0,
            moves: Vec::new(),
            seen: MexSet::new(),
        }
    }

    /// The value of a heap of `heap` tokens.
    ///
    /// # Errors
    /// [`Limit::HeapTable`] when the heap lies beyond the largest table allowed and the
    /// ruleset has no closed form; [`Limit::Work`] when filling the table takes too long.
    pub fn value(&mut self, heap: u64) -> Result<Nimber> {
        if let Some(value) = self.rules.closed_form(&heap) {
            return Ok(value);
        }
        self.extend_to(heap)?;
        Ok(self.table[heap as usize])
    }

    /// The values of heaps `0..=last`.
    ///
    /// # Errors
    /// As for [`value`](HeapSolver::value).
    pub fn values(&mut self, last: u64) -> Result<Vec<Nimber>> {
        self.check_table_size(last)?;
        if self.rules.closed_form(&0).is_some() {
            return (0..=last).map(|heap| self.value(heap)).collect();
        }
        self.extend_to(last)?;
        Ok(self.table[..=last as usize].to_vec())
    }

    /// Refuses a table (or a list of values) reaching heap `heap` beyond the limit.
    fn check_table_size(&self, heap: u64) -> Result<()> {
        if heap >= self.limits.max_positions {
            let needed = heap.saturating_add(1);
            return Err(Error::limit_needing(
                Limit::HeapTable,
                self.limits.max_positions,
                needed,
            ));
        }
        Ok(())
    }

    fn extend_to(&mut self, heap: u64) -> Result<()> {
        self.check_table_size(heap)?;
        while self.table.len() as u64 <= heap {
            let next = self.table.len() as u64;
            self.moves.clear();
            self.rules.moves(&next, &mut self.moves);
            // A move to three or more heaps does not fit in `Parts` inline and allocates, so it
            // costs as much as a move in the generic solver.
            let spilled = self.moves.iter().filter(|parts| parts.spilled()).count() as u64;
            self.work += self.moves.len() as u64 + 1 + spilled * (MOVES_PER_WORK - 1);
            if self.work / MOVES_PER_WORK > self.limits.max_work {
                return Err(Error::limit(Limit::Work, self.limits.max_work));
            }
            self.seen.clear();
            for parts in &self.moves {
                let mut value = Nimber::ZERO;
                for &part in parts {
                    value += match self.table.get(part as usize) {
                        Some(&known) => known,
                        None => {
                            return Err(Error::invalid_rule(format!(
                                "a move from heap {next} leaves heap {part}, which is not smaller"
                            )))
                        }
                    };
                }
                self.seen.insert(value);
            }
            self.table.push(self.seen.mex());
        }
        Ok(())
    }
}

impl<R: Ruleset<Position = u64>> Evaluator for HeapSolver<R> {
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Solver;
    use crate::rules::{GrundyGame, TakeBreak};

    #[test]
    fn table_agrees_with_search() {
        let mut table = HeapSolver::new(GrundyGame);
        let mut search = Solver::new(GrundyGame);
        for heap in 0..200 {
            assert_eq!(table.value(heap), search.value(&heap), "heap {heap}");
        }
    }

    #[test]
    fn huge_heaps_hit_the_table_limit() {
        let mut kayles = HeapSolver::new(TakeBreak::named("kayles").unwrap());
        assert!(kayles.value(10u64.pow(18)).unwrap_err().is_limit());
    }

    #[test]
    fn long_lists_hit_the_table_limit_even_with_a_closed_form() {
        // Regression: `grundy seq nim --to 10^12` used to fill memory with values.
        let error = HeapSolver::new(crate::rules::Nim)
            .values(10u64.pow(12))
            .unwrap_err();
        assert!(error.is_limit(), "{error}");
        assert_eq!(
            HeapSolver::new(crate::rules::Nim)
                .values(3)
                .map(|v| v.len()),
            Ok(4)
        );
    }

    #[test]
    fn moves_to_three_heaps_cost_full_work() {
        // Regression: hexadecimal codes that leave three heaps ran for minutes before the work
        // limit stopped them, because those moves allocate and were charged 1/16 of a unit.
        // Heaps up to 100 of hex(0.8) have about 100^3 / 36 (27 000) such moves.
        let code = TakeBreak::parse("0.8", true).unwrap();
        let limits = Limits {
            max_work: 10_000,
            ..Limits::default()
        };
        let error = HeapSolver::with_limits(code.clone(), limits)
            .value(100)
            .unwrap_err();
        assert!(error.is_limit(), "{error}");
        assert!(HeapSolver::with_limits(code, limits).value(40).is_ok());
    }
}
