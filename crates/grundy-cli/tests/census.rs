//! `grundy census` end to end: the rows of a census file, a killed census resumed to the same
//! rows (none lost, none twice), and bad input refused in one line.
#![allow(clippy::unwrap_used)] // test helpers: a failure is a test failure

mod harness;

use std::collections::HashSet;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use grundy_census::{table, CensusRow};
use harness::{assert_contains, grundy, scratch, stdout};

/// The rows of a file without their timings, which differ from run to run.
fn rows(path: &Path) -> Vec<CensusRow> {
    let mut rows = table::read(path).unwrap();
    for row in &mut rows {
        row.seconds = 0.0;
    }
    rows
}

#[test]
fn a_census_writes_one_row_a_rule() {
    let file = scratch("census-small.parquet");
    let _ = std::fs::remove_file(&file);
    let run = grundy(&[
        "census",
        "kayles",
        "0.07",
        "--octal",
        "1",
        "--to",
        "2^12",
        "--out",
        file.to_str().unwrap(),
    ]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stdout.starts_with("9 rules in "), "{}", run.stdout);
    // One line per finished rule on standard error.
    assert_eq!(run.stderr.lines().count(), 9, "{}", run.stderr);
    let rows = rows(&file);
    let names: Vec<&str> = rows.iter().map(|row| row.rule.as_str()).collect();
    assert_eq!(
        names,
        ["kayles", "0.07", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7"]
    );
    let kayles = &rows[0];
    assert_eq!((kayles.preperiod, kayles.period), (Some(71), Some(12)));
    assert_eq!(kayles.heaps, 4097);
    // Dawson's Kayles is 0.4 with heaps one smaller; 0.2, 0.3 and 0.7 alternate 1 and 0 after
    // their leading zeros: one class, named by 0.2.
    assert_eq!((rows[1].class.as_str(), rows[1].offset), ("0.4", -1));
    assert_eq!((rows[8].class.as_str(), rows[8].offset), ("0.2", -1));
    assert_eq!((rows[4].class.as_str(), rows[4].offset), ("0.2", -1));
}

#[test]
fn a_killed_census_resumes_without_losing_or_repeating_rows() {
    let whole = scratch("census-whole.parquet");
    let parts = scratch("census-parts.parquet");
    for file in [&whole, &parts] {
        let _ = std::fs::remove_file(file);
    }
    let args = ["census", "--octal", "2", "--to", "2^14", "--out"];
    stdout(&[&args[..], &[whole.to_str().unwrap()]].concat());
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args([&args[..], &[parts.to_str().unwrap()]].concat())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Killed once some rows are in the file, but not all.
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(60) {
        if parts.exists() && table::read(&parts).map_or(0, |rows| rows.len()) >= 5 {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let before = rows(&parts).len();
    assert!(before >= 5, "the census was killed before it wrote 5 rows");
    stdout(&[&args[..], &[parts.to_str().unwrap()]].concat());
    let (whole, parts) = (rows(&whole), rows(&parts));
    assert_eq!(whole.len(), 63);
    let unique: HashSet<&str> = parts.iter().map(|row| row.rule.as_str()).collect();
    assert_eq!(unique.len(), parts.len(), "a rule twice");
    assert_eq!(whole, parts);
    eprintln!("killed after {before} of 63 rows");
}

#[test]
fn bad_census_input_is_refused_in_one_line() {
    let file = scratch("census-bad.parquet");
    let out = file.to_str().unwrap();
    for (args, says) in [
        (vec!["census", "--to", "10", "--out", out], "needs rules"),
        (
            vec!["census", "--octal", "9", "--to", "10", "--out", out],
            "not a family",
        ),
        (vec!["census", "0.9", "--to", "10", "--out", out], "0.9"),
    ] {
        let run = grundy(&args);
        assert_eq!(run.code, Some(2), "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains(says), "{args:?}: {}", run.stderr);
    }
    // A file that is not a census is refused, not overwritten.
    std::fs::write(&file, "not parquet").unwrap();
    let run = grundy(&["census", "0.77", "--to", "10", "--out", out]);
    assert_ne!(run.code, Some(0));
    assert_contains(&run.stderr, &["not a Parquet file"]);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "not parquet");
}

/// Issue 26, item 10: a row computed again at another size says it replaces the old one.
#[test]
fn a_row_at_another_size_says_it_replaces_the_old_one() {
    let file = scratch("census-replace.parquet");
    let _ = std::fs::remove_file(&file);
    let path = file.to_str().unwrap();
    let first = grundy(&["census", "kayles", "--to", "100", "--out", path]);
    assert!(!first.stderr.contains("replaces"), "{}", first.stderr);
    assert_eq!(
        first.stdout,
        format!("1 rule in {path}: 0 with a proved period, 1 without; 1 class\n")
    );
    let second = grundy(&["census", "kayles", "--to", "200", "--out", path]);
    assert!(
        second
            .stderr
            .contains("(replaces the row of 101 heaps in the file)"),
        "{}",
        second.stderr
    );
    assert_eq!(rows(&file).len(), 1);
}
