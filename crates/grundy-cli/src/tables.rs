//! The heap tables that `period`, `verify`, `bench` and `seq --out` build: the rule they are
//! for, their limits, and whether they fit in the memory available.

use grundy::rules::HeapRule;
use grundy::{spec, Limits};

use crate::{with_input, Problem};

/// Limits for explicit long runs: the table may hold `heaps`, and work is unbounded.
pub fn run_limits(heaps: u64) -> Limits {
    Limits {
        max_positions: heaps.max(1),
        max_work: u64::MAX,
        ..Limits::default()
    }
}

/// The most heaps whose table (2 bytes a heap) fits in the memory available now, where the
/// system says.
pub fn heaps_in_memory() -> Option<u64> {
    grundy_census::memory::heaps_that_fit(2)
}

/// Refuses, before any work, a run whose table of `heaps` heaps would not fit in memory.
pub fn check_memory(rule: &str, heaps: u64) -> Result<(), Problem> {
    check_fits(rule, heaps, heaps_in_memory())
}

/// Refuses a run of `heaps` heaps when at most `fits` fit in memory.
pub fn check_fits(rule: &str, heaps: u64, fits: Option<u64>) -> Result<(), Problem> {
    grundy_census::memory::refuse_beyond(heaps, fits).map_err(with_input(rule))
}

/// The heap rule `text` names.
pub fn parse_rule(text: &str) -> Result<HeapRule, Problem> {
    spec::parse_heap_rule(text).map_err(with_input(text))
}
