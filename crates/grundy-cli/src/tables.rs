//! The heap rules of the long commands (`period`, `verify`, `bench`, `seq --out`, `census`),
//! and the memory their tables may take: the library checks, the system says how much there is.

use grundy::analysis::period::Memory;
use grundy::rules::HeapRule;
use grundy::spec;

use crate::output::{with_input, Problem};

/// Refuses, before any work, a run whose `heaps` heaps of `bytes_a_heap` bytes each would not
/// fit in the memory available now.
pub fn check_memory(rule: &str, heaps: u64, bytes_a_heap: u64) -> Result<(), Problem> {
    memory()
        .check(heaps, bytes_a_heap)
        .map_err(with_input(rule))
}

/// The memory available now, where the system says.
pub fn memory() -> Memory {
    grundy_census::memory::now()
}

/// The heap rule `text` names.
pub fn parse_rule(text: &str) -> Result<HeapRule, Problem> {
    spec::parse_heap_rule(text).map_err(with_input(text))
}
