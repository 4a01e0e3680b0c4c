//! The committed census tables (`data/census/*.parquet`) checked from the rules alone: every
//! proved period re-verified as `grundy verify` does, and the first 2,000 values of a sample
//! of rules recomputed by the naive engine against the rows' prefix checksums.
//!
//! Certificates that checked more than 2^13 heaps are re-verified by verify's sparse route,
//! up to 2^22 heaps (half a minute of processor time for all of them); with `GRUNDY_SLOW=1`
//! every certificate, by the route `grundy verify` takes by default, the plain scan of every
//! split up to 2^20 heaps (O(n^2), an hour in all). The two past 2^22 heaps (0.354 and 0.376,
//! a minute and a half of the sparse route together) are left to that run.
#![allow(clippy::unwrap_used)] // test helpers: a failure is a test failure

use std::path::PathBuf;

use grundy::analysis::census::PREFIX_HEAPS;
use grundy::analysis::period::{self, table_limits, Checksum, Memory, Recomputed};
use grundy::heap::HeapSolver;
use grundy::spec;
use grundy_census::{table, CensusRow};
use rayon::prelude::*;

/// Certificates checking at most this many heaps are re-verified by the default route (the
/// naive engine) in every run, longer ones by the sparse route.
const QUICK_VERIFY: u64 = 1 << 13;

/// Certificates checking more than this many heaps are re-verified only with `GRUNDY_SLOW=1`.
const SPARSE_VERIFY: u64 = 1 << 22;

/// One row in this many has its first values recomputed.
const SAMPLE_EVERY: usize = 7;

fn tables() -> Vec<(PathBuf, Vec<CensusRow>)> {
    let folder = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/census");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "parquet"))
        .collect();
    files.sort();
    assert!(
        !files.is_empty(),
        "no census tables in {}",
        folder.display()
    );
    files
        .into_iter()
        .map(|path| {
            let rows = table::read(&path).unwrap();
            (path, rows)
        })
        .collect()
}

#[test]
fn every_proved_period_verifies() {
    let slow = std::env::var_os("GRUNDY_SLOW").is_some();
    // Each proved row with its certificate, the longest first so that the processors end
    // together.
    let mut proved: Vec<_> = tables()
        .into_iter()
        .flat_map(|(path, rows)| rows.into_iter().map(move |row| (path.clone(), row)))
        .filter(|(_, row)| row.period.is_some())
        .map(|(path, row)| (row.certificate().unwrap(), path, row))
        .filter(|(certificate, ..)| slow || certificate.checked_to <= SPARSE_VERIFY)
        .collect();
    assert!(!proved.is_empty());
    proved.sort_by_key(|(certificate, ..)| std::cmp::Reverse(certificate.checked_to));
    proved
        .par_iter()
        .with_max_len(1)
        .for_each(|(certificate, path, row)| {
            let by =
                (certificate.checked_to >= QUICK_VERIFY && !slow).then_some(Recomputed::Sparse);
            let report = period::verify(certificate, by, Memory::Unknown).unwrap();
            assert_eq!(report.reason, None, "{} in {}", row.rule, path.display());
        });
}

#[test]
fn first_values_agree_with_the_naive_engine() {
    let mut sampled = 0;
    for (path, rows) in tables() {
        for row in rows.iter().step_by(SAMPLE_EVERY) {
            let heaps = row.heaps.min(PREFIX_HEAPS);
            let rule = spec::parse_heap_rule(&row.rule).unwrap();
            let mut naive = HeapSolver::naive(rule, table_limits(heaps));
            let values = naive.values(heaps - 1).unwrap();
            assert_eq!(
                Checksum::of(values.iter().map(|value| value.value())),
                row.prefix_checksum,
                "{} in {}",
                row.rule,
                path.display()
            );
            sampled += 1;
        }
    }
    assert!(sampled > 0);
}

/// The tables are what they claim: one row a rule, each class named by a member of it.
#[test]
fn tables_are_consistent() {
    for (path, rows) in tables() {
        let mut rules: Vec<&str> = rows.iter().map(|row| row.rule.as_str()).collect();
        rules.sort_unstable();
        let count = rules.len();
        rules.dedup();
        assert_eq!(rules.len(), count, "a rule twice in {}", path.display());
        for row in &rows {
            assert!(
                rules.binary_search(&row.class.as_str()).is_ok(),
                "{}",
                row.rule
            );
            let heaps = rows[0].heaps;
            assert_eq!(row.heaps, heaps, "{} in {}", row.rule, path.display());
        }
    }
}

/// Every committed row reads back from the bytes it encodes to, field by field.
#[test]
fn rows_read_back_what_they_write() {
    for (path, rows) in tables() {
        let bytes = table::encode(&rows).unwrap();
        assert_eq!(table::decode(bytes).unwrap(), rows, "{}", path.display());
    }
}
