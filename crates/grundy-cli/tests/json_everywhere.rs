//! Issue 26, item 4: every command the README says takes `--format json` answers with one
//! JSON document, and says its errors as the JSON error document, the missing argument named.
#![allow(clippy::unwrap_used)] // test helpers: a failure is a test failure

mod harness;

use harness::{assert_contains, grundy, scratch};
use serde_json::Value;

/// Each command that takes `--format json`, with arguments that answer and arguments that are
/// bad input (exit 2).
fn commands() -> Vec<(Vec<String>, Vec<String>)> {
    let plot = scratch("json-everywhere.svg").display().to_string();
    let census = scratch("json-everywhere.parquet").display().to_string();
    let cert = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/kayles.cert.json");
    let cases: [(&[&str], &[&str]); 11] = [
        (&["value", "nim(3,4,5)"], &["value", "nim(3"]),
        (&["moves", "kayles(5)", "--misere"], &["moves", "nim(x)"]),
        (
            &["seq", "kayles", "--to", "20"],
            &["seq", "nosuchrule", "--to", "20"],
        ),
        (&["period", "sub{1,2}"], &["period", "nim(3)"]),
        (
            &["quotient", "0.75", "--to", "8"],
            &["quotient", "nosuchrule"],
        ),
        (&["verify", cert], &["verify", "/no/such/cert.json"]),
        (
            &["census", "kayles", "--to", "100", "--out", &census],
            &["census", "--to", "100", "--out", &census],
        ),
        (
            &["bench", "0.77", "--to", "1000", "--window", "10"],
            &["bench", "0.77", "--to", "x"],
        ),
        (
            &["dag", "kayles(3)"],
            &["dag", "kayles(3)", "--max-nodes", "0"],
        ),
        (
            &["plot", "kayles", "--to", "20", "--out", &plot],
            &["plot", "kayles", "--to", "20", "--out", "k.gif"],
        ),
        (&["nimber", "3*5"], &["nimber", "3*"]),
    ];
    let owned = |args: &[&str]| args.iter().map(|arg| arg.to_string()).collect();
    cases
        .iter()
        .map(|(good, bad)| (owned(good), owned(bad)))
        .collect()
}

/// Runs `args` with `--format json`: the exit code and the one JSON document on stdout.
fn run_json(args: &[String]) -> (Option<i32>, Value) {
    let mut args: Vec<&str> = args.iter().map(String::as_str).collect();
    args.extend(["--format", "json"]);
    let run = grundy(&args);
    let document = serde_json::from_str(run.stdout.trim_end()).unwrap_or_else(|error| {
        panic!("{args:?}: not one JSON document ({error}): {}", run.stdout)
    });
    (run.code, document)
}

#[test]
fn every_command_answers_in_json() {
    for (good, _) in commands() {
        let (code, document) = run_json(&good);
        assert_eq!(code, Some(0), "{good:?}: {document}");
        // `bench` answers a list of rows; every other command one report with its schema.
        let report = document
            .as_array()
            .and_then(|rows| rows.first())
            .unwrap_or(&document);
        assert!(report.is_object(), "{good:?}: {document}");
        if !document.is_array() {
            assert_eq!(document["schema"], 1, "{good:?}: {document}");
        }
    }
}

#[test]
fn every_command_says_its_errors_in_json() {
    for (_, bad) in commands() {
        let (code, document) = run_json(&bad);
        assert_eq!(code, Some(2), "{bad:?}: {document}");
        let error = document["error"].as_str().unwrap_or_default();
        assert!(!error.is_empty(), "{bad:?}: {document}");
    }
}

#[test]
fn a_missing_argument_is_named_in_json() {
    let (code, document) = run_json(&["value".to_string()]);
    assert_eq!(code, Some(2));
    let error = document["error"].as_str().unwrap();
    assert_contains(error, &["<SPEC>"]);
    // Without --to, a rule no theorem covers is refused, and the help names --to.
    let (_, document) = run_json(&["quotient".to_string(), "grundy".to_string()]);
    assert_contains(
        document["error"].as_str().unwrap(),
        &["no periodicity theorem covers"],
    );
    assert_contains(document["help"].as_str().unwrap(), &["--to N"]);
}

#[test]
fn every_convention_counts_its_winning_moves() {
    for args in [
        vec!["value", "nim(1,2,4)"],
        vec!["value", "kayles(6)", "--misere"],
        vec!["value", "digraph(a>b, b>c, c>a, a>d; a)"],
    ] {
        let args: Vec<String> = args.into_iter().map(String::from).collect();
        let (code, document) = run_json(&args);
        assert_eq!(code, Some(0), "{args:?}: {document}");
        let listed = document["winning_moves"].as_array().unwrap().len() as u64;
        assert!(listed > 0, "{args:?}: {document}");
        assert_eq!(
            document["winning_move_count"], listed,
            "{args:?}: {document}"
        );
    }
}
