//! One story per game (issue 26, item 5): every route that proves a period of a heap rule
//! reports the least period and saltus, whatever the table size, and a sequence with no
//! period proved says whether a longer table may prove one.

// Test helpers outside #[test] functions may unwrap too, as clippy.toml allows in tests.
#![allow(clippy::unwrap_used)]

use grundy::analysis::{self, period, PeriodicityReport};
use grundy::{spec, Limits};

fn proved(rule: &str, to: u64) -> Option<PeriodicityReport> {
    let rule = spec::parse_heap_rule(rule).unwrap();
    analysis::heap_sequence(rule, to, Limits::default())
        .unwrap()
        .periodicity
}

fn searched(rule: &str) -> (Option<u64>, Option<u64>, Option<u64>) {
    let rule = spec::parse_heap_rule(rule).unwrap();
    let report = period::search(rule, period::PeriodSearch::default()).unwrap();
    (report.preperiod, report.period, report.saltus)
}

#[test]
fn every_route_reports_the_least_period() {
    for to in [30, 31, 63, 100, 1023] {
        let found = proved("allbut{2,3,7}", to).expect("proved from 16 heaps");
        assert_eq!(
            (found.preperiod, found.period, found.saltus),
            (0, 4, 2),
            "to {to}"
        );
    }
    assert_eq!(searched("allbut{2,3,7}"), (Some(0), Some(4), Some(2)));
    for to in [200, 1000] {
        let found = proved("kayles", to).expect("proved from 168 heaps");
        assert_eq!((found.preperiod, found.period, found.saltus), (71, 12, 0));
    }
    assert_eq!(searched("kayles"), (Some(71), Some(12), Some(0)));
}

#[test]
fn an_unproved_sequence_says_whether_a_longer_table_may_prove_one() {
    let rule = spec::parse_heap_rule("kayles").unwrap();
    let report = analysis::heap_sequence(rule, 30, Limits::default()).unwrap();
    assert!(report.periodicity.is_none() && report.theorem_covers);
    let rule = spec::parse_heap_rule("grundy").unwrap();
    let report = analysis::heap_sequence(rule, 30, Limits::default()).unwrap();
    assert!(report.periodicity.is_none() && !report.theorem_covers);
}

/// A long run (`seq --out`) reports the period its values prove, as `seq` does, and says
/// whether its table was long enough to look for rare heaps at all.
#[test]
fn a_long_run_tells_the_same_story() {
    use grundy::analysis::period::{Checksum, Memory};
    use grundy::analysis::run::Tabulation;
    for (heaps, looked) in [(1000, false), (5000, true)] {
        let rule = spec::parse_heap_rule("kayles").unwrap();
        let mut run = Tabulation::new(rule, heaps, true, Memory::Unknown).unwrap();
        run.extend_to(heaps).unwrap();
        let summary = run.summary(Checksum::of(run.values(0, heaps)));
        let period = summary.period.expect("proved from 168 heaps");
        assert_eq!(
            (period.preperiod, period.period),
            (Some(71), Some(12)),
            "{heaps}"
        );
        assert_eq!(summary.rare_looked, looked, "{heaps}");
    }
}

/// `verify` checks every field a certificate prints (issue 26, item 8), and a wrong saltus
/// is refuted at the first heap that breaks the claim.
#[test]
fn verify_checks_every_printed_field() {
    use grundy::analysis::period::{verify_printed, Memory, PeriodReport};
    let rule = spec::parse_heap_rule("kayles").unwrap();
    let report = period::search(rule, period::PeriodSearch::default()).unwrap();
    let text = serde_json::to_string(&report).unwrap();
    let check = |text: &str| {
        let read: PeriodReport = serde_json::from_str(text).unwrap();
        let certificate = read.certificate().unwrap();
        verify_printed(&read, &certificate, None, Memory::Unknown).unwrap()
    };
    assert!(check(&text).valid);
    for (from, to, field) in [
        (
            "\"last_exception\":70",
            "\"last_exception\":50",
            "last_exception",
        ),
        (
            "\"heaps_computed\":1024",
            "\"heaps_computed\":5",
            "heaps_computed",
        ),
        (
            "\"statement\":\"Guy-Smith",
            "\"statement\":\"Anything",
            "statement",
        ),
        ("\"kind\":\"ordinary\"", "\"kind\":\"arithmetic\"", "kind"),
    ] {
        assert!(text.contains(from), "{from} in {text}");
        let verdict = check(&text.replace(from, to));
        assert!(!verdict.valid, "{field}");
        assert!(verdict.reason.unwrap().contains(field), "{field}");
    }
    let verdict = check(&text.replace("\"saltus\":0", "\"saltus\":1"));
    assert_eq!(
        verdict.reason.as_deref(),
        Some("heap 71 is the first to break the claimed period")
    );
}

/// Text that agrees with itself (issue 26, item 6): the reason given for a rule no theorem
/// covers names no rule that `period` proves.
#[test]
fn the_no_theorem_reason_names_no_proved_rule() {
    let report = period::search(
        spec::parse_heap_rule("sub{squares}").unwrap(),
        period::PeriodSearch {
            max: Some(256),
            ..Default::default()
        },
    )
    .unwrap();
    let reason = report.reason.expect("no period for the squares");
    assert!(reason.contains("no take-and-break code"), "{reason}");
    for proved in ["nim", "lasker", "kayles"] {
        assert!(searched(proved).1.is_some(), "{proved}");
        assert!(!reason.to_lowercase().contains(proved), "{reason}");
    }
}

/// Item 5: a census row tells the story `seq` tells of the same values: the period proved,
/// and no rare-heap figures where its table is too short to have looked for them (a mask of 0
/// would say the space was looked at and found empty).
#[test]
fn a_short_census_row_tells_the_story_seq_tells() {
    use grundy::analysis::census;
    let short = census::row(spec::parse_heap_rule("kayles").unwrap(), 1001).unwrap();
    assert_eq!((short.preperiod, short.period), (Some(71), Some(12)));
    assert_eq!((short.rare_mask.as_deref(), short.rare_count), (None, None));
    let long = census::row(spec::parse_heap_rule("kayles").unwrap(), 4096).unwrap();
    assert_eq!((long.preperiod, long.period), (Some(71), Some(12)));
    assert!(long.rare_mask.is_some() && long.rare_count.is_some());
}
