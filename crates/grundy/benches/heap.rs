//! Heap-sequence speed: the fast engine against the naive engine in the same run, for the
//! rules of the heap-engine issue.
//!
//! Run with `cargo bench -p grundy --bench heap` (about half a minute). Games without a sparse
//! space (Kayles 0.77, Dawson's Kayles 0.07, 0.137) cost O(n) a heap when every heap is
//! computed, so they run to 2^16 heaps; the sparse ones (0.6, 0.16, Grundy's game) to 2^20.
//! `grundy bench RULE --to N` runs the same measurement for any rule and size.

use grundy::analysis::bench;
use grundy::spec::parse_heap_rule;

fn main() -> Result<(), grundy::Error> {
    let plan = [
        ("0.77", 1 << 16),
        ("0.07", 1 << 16),
        ("0.137", 1 << 16),
        ("0.6", 1 << 20),
        ("0.16", 1 << 20),
        ("grundy", 1 << 20),
    ];
    println!("fast engine (every heap computed) against naive engine on the last 256 heaps");
    println!(
        "{:<8} {:>9} {:>12} {:>11} {:>9} {:>10}",
        "rule", "heaps", "fast h/s", "naive h/s", "ratio", "period s"
    );
    for (rule, heaps) in plan {
        let row = bench(parse_heap_rule(rule)?, heaps, 256)?;
        assert!(row.agree, "{rule}: the engines disagree");
        let by_period = row
            .by_period_seconds
            .map_or("-".to_string(), |s| format!("{s:.3}"));
        println!(
            "{:<8} {:>9} {:>12.0} {:>11.0} {:>8.0}x {:>10}",
            row.rule,
            row.heaps,
            row.fast_heaps_per_second,
            row.naive_window_heaps_per_second,
            row.ratio,
            by_period
        );
    }
    Ok(())
}
