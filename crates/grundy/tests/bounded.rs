//! Every long run is bounded and speaks (issue 26, item 1, the library's half): a period
//! search stops at its work limit, saying what the next look would need, and tells its
//! watcher the work spent; the heap engine shows its work to the progress counters.

// Test helpers outside #[test] functions may unwrap too, as clippy.toml allows in tests.
#![allow(clippy::unwrap_used)]

use grundy::analysis::period::{self, PeriodProgress, PeriodSearch};
use grundy::progress::{Counters, Progress};
use grundy::{spec, Error, ErrorKind, Limit, Limits};

/// The search of `rule` within `max_work`, and the progress it told.
fn search(
    rule: &str,
    max: u64,
    max_work: u64,
) -> (Result<period::PeriodReport, Error>, Vec<PeriodProgress>) {
    let mut told = Vec::new();
    let mut hear = |at: &PeriodProgress| told.push(*at);
    let report = period::search(
        spec::parse_heap_rule(rule).unwrap(),
        PeriodSearch {
            max: Some(max),
            max_work: Some(max_work),
            progress: Some(&mut hear),
            ..PeriodSearch::default()
        },
    );
    (report, told)
}

#[test]
fn a_period_search_stops_at_its_work_limit_and_names_a_limit_that_gets_further() {
    // Officers (0.6): no period is known, each heap costs more than the last.
    let (report, told) = search("0.6", 1 << 20, 1 << 12);
    let error = report.unwrap_err();
    let ErrorKind::LimitExceeded {
        limit: Limit::Work,
        max,
        needed: Some(needed),
    } = *error.kind()
    else {
        panic!("not a work limit: {error}");
    };
    assert_eq!(max, 1 << 12);
    assert!(needed > max, "{error}");
    let last = told.last().expect("progress told");
    assert!(
        last.work <= max + (1 << 22),
        "work {} ran far past the limit",
        last.work
    );
    assert!(told.iter().all(|at| at.max_work == Some(1 << 12)));
    // The need named reaches the look the first run stopped short of.
    let short_of = last.next_look;
    let (_, further) = search("0.6", 1 << 20, error.limit_to_try().unwrap().1);
    let reached = further.iter().map(|at| at.heaps).max().unwrap();
    assert!(
        reached >= short_of,
        "reached {reached}, the look was at {short_of}"
    );
}

#[test]
fn a_period_search_within_its_limit_answers_as_before() {
    let (report, told) = search("kayles", 1 << 20, Limits::DEFAULT.max_work);
    let report = report.unwrap();
    assert_eq!((report.preperiod, report.period), (Some(71), Some(12)));
    assert!(told.iter().all(|at| at.work_at_look >= at.work));
}

#[test]
fn the_heap_engine_shows_its_work_and_bounds_it_in_all() {
    static COUNTERS: Counters = Counters::new();
    let limits = Limits::DEFAULT
        .with_max_work(1 << 14)
        .with_progress(Progress::new(&COUNTERS));
    let error = spec::parse_with("0.6(10^18)", spec::Options::new(limits))
        .unwrap()
        .value()
        .unwrap_err();
    assert_eq!(error.exceeded(), Some((Limit::Work, 1 << 14)), "{error}");
    let work = COUNTERS.snapshot().work;
    // The whole search, not each look of it, stays within the limit (and a slice).
    assert!(
        ((1 << 14)..=(1 << 14) + (1 << 18)).contains(&work),
        "work shown: {work}"
    );
}
