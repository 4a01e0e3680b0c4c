//! Heap-sequence speed: the fast engine against the naive engine in the same run, for the
//! rules of the heap-engine issue.
//!
//! Run with `cargo bench -p grundy --bench heap` (under a minute), at the sizes of
//! [`BENCH_PLAN`]. `grundy bench` runs the same plan, and `grundy bench RULE --to N` the same
//! measurement for any rule and size.

use grundy::analysis::{bench, BENCH_PLAN};
use grundy::spec::parse_heap_rule;

fn main() -> Result<(), grundy::Error> {
    println!("fast engine (every heap computed) against naive engine on the last 256 heaps");
    println!(
        "{:<8} {:>9} {:>12} {:>11} {:>9} {:>10}",
        "rule", "heaps", "fast h/s", "naive h/s", "ratio", "period s"
    );
    let start = std::time::Instant::now();
    let mut clock = || start.elapsed().as_secs_f64();
    for (rule, heaps) in BENCH_PLAN {
        let row = bench(parse_heap_rule(rule)?, heaps, 256, &mut clock)?;
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
