//! Regression tests of issue 13 (hardening): hostile or huge input gets an answer or a one-line
//! limit error within seconds and bounded memory, specs come from files and standard input,
//! and every command keeps its promise of `--format json`.
//!
//! See issue 13: "Hardening: fuzzed inputs, bounded resources everywhere".

#![allow(clippy::unwrap_used)] // test code: a failure is a test failure

mod harness;

use std::time::Duration;

use harness::{
    answer, assert_contains, document, grundy, grundy_with_input, refused, scratch, Run,
};

/// What the issue allows a big input: an answer or a limit error within seconds...
const SECONDS: Duration = Duration::from_secs(10);
/// ...and under 2 GiB of memory.
const MEMORY_KIB: u64 = 2 << 20;

/// Expects an answer (exit 0) or a limit error (exit 1; an output limit says how to raise it),
/// within [`SECONDS`] and [`MEMORY_KIB`].
fn bounded(run: &Run, what: &str) {
    let note = format!("{what}: {:?}, {} KiB", run.elapsed, run.peak_kib);
    println!("{note}");
    assert!(run.elapsed < SECONDS, "{note}");
    assert!(run.peak_kib < MEMORY_KIB, "{note}");
    match run.code {
        Some(0) => assert!(!run.stdout.is_empty(), "{note}"),
        Some(1) => {
            // In text on stderr, or with --format json the error document on stdout.
            let (error, help) = match serde_json::from_str::<serde_json::Value>(&run.stdout) {
                Ok(report) => (
                    format!("error: {}", report["error"].as_str().unwrap_or_default()),
                    format!("help: {}", report["help"].as_str().unwrap_or_default()),
                ),
                Err(_) => (run.stderr.clone(), run.stderr.clone()),
            };
            assert!(error.starts_with("error: limit reached"), "{note}: {error}");
            let output = error.contains("written out");
            assert_eq!(output, help.contains("help: --max-output"), "{error}");
        }
        _ => panic!("{note}: {}", run.stderr),
    }
}

#[test]
fn issue_13_sums_of_many_terms_and_huge_nim_are_bounded() {
    let many_terms = scratch("many-terms.txt");
    let terms = vec!["nim(3)"; 10_001].join(" + ");
    std::fs::write(&many_terms, &terms).unwrap();
    let mixed = scratch("mixed-terms.txt");
    let kinds = ["kayles(5)", "nim(3)", "sub{1,2}(4)", "dawson(6)"];
    let mixed_terms: Vec<&str> = (0..10_000).map(|index| kinds[index % 4]).collect();
    std::fs::write(&mixed, mixed_terms.join(" + ")).unwrap();
    let ones = scratch("nim-ones.txt");
    std::fs::write(&ones, format!("nim({})\n", vec!["1"; 50_001].join(","))).unwrap();
    // Varied heaps of 1 to 1000 and one of 2^20: one winning move, in the largest heap.
    let mut heaps: Vec<u64> = (1..50_000u64)
        .map(|index| index * 7919 % 1000 + 1)
        .collect();
    heaps.push(1 << 20);
    let nim_sum = heaps.iter().fold(0, |sum, heap| sum ^ heap);
    let varied = scratch("nim-varied.txt");
    let text: Vec<String> = heaps.iter().map(u64::to_string).collect();
    std::fs::write(&varied, format!("nim({})", text.join(","))).unwrap();

    for file in [&many_terms, &mixed, &ones, &varied] {
        let argument = format!("@{}", file.display());
        for command in [
            &["value", &argument][..],
            &["moves", &argument],
            &["value", &argument, "--misere"],
            &["moves", &argument, "--misere"],
            &["value", &argument, "--format", "json"],
        ] {
            bounded(&grundy(command), &format!("{command:?}"));
        }
    }
    // The sum of many heaps is answered: its value is the nim-sum, its one winning move in
    // the largest heap.
    let argument = format!("@{}", varied.display());
    let report = document(&["value", &argument, "--format", "json"]);
    assert_eq!(report["value"], nim_sum);
    assert_eq!(report["components"].as_array().map(Vec::len), Some(50_000));
    assert_eq!(report["winning_moves"][0]["component"], 49_999);
    // The output limit counts each move's copy of the game, and can be raised.
    let error = refused(&["value", "nim(3,5,7)", "--max-output", "8"], 1);
    assert_contains(&error, &["this needs 9 components written out"]);
    answer(&["value", "nim(3,5,7)", "--max-output", "9"]);
    // Issue 15: equal heaps have equal moves, listed once: 10 001 heaps of 3 have 3 moves.
    let many = document(&[
        "moves",
        &format!("@{}", many_terms.display()),
        "--format",
        "json",
    ]);
    assert_eq!(many["moves"].as_array().map(Vec::len), Some(3));
    // Before issue 13 these took seconds and a gigabyte; each move is now counted first.
    let refusal = refused(&["moves", &format!("@{}", varied.display())], 1);
    assert_contains(&refusal, &["more than the limit of 4194304"]);
}

#[test]
fn issue_13_include_files_are_capped() {
    let run = grundy(&["value", "digraph(@/dev/zero; a)"]);
    assert_eq!(run.code, Some(2), "{run:?}");
    assert!(run.elapsed < SECONDS, "{run:?}");
    assert_contains(&run.stderr, &["33554432 bytes"]);
    let run = grundy(&["value", "@/dev/zero"]);
    assert_eq!(run.code, Some(1), "{run:?}");
    assert_contains(&run.stderr, &["33554432 bytes"]);
    assert!(run.peak_kib < MEMORY_KIB, "{run:?}");
}

#[test]
fn issue_13_specs_come_from_files_and_standard_input() {
    let spec = "kayles(13) + nim(3,4,5)";
    let file = scratch("spec.txt");
    std::fs::write(&file, format!("{spec}\n")).unwrap();
    let from_file = format!("@{}", file.display());
    for command in ["value", "moves", "dag"] {
        let direct = answer(&[command, spec]);
        assert_eq!(answer(&[command, &from_file]), direct, "{command}");
        let piped = grundy_with_input(&[command, "-"], spec);
        assert_eq!(piped.code, Some(0), "{command}: {}", piped.stderr);
        assert_eq!(piped.stdout, direct, "{command}");
    }
    let misere = answer(&["value", spec, "--misere"]);
    assert_eq!(answer(&["value", &from_file, "--misere"]), misere);
    let played = grundy_with_input(&["play", &from_file, "--first", "me"], "q\n");
    assert_eq!(played.code, Some(0), "{}", played.stderr);
    assert_contains(&played.stdout, &["kayles(13) + nim(3,4,5)"]);
    refused(&["play", "-"], 2);
    let missing = refused(&["value", "@/no/such/file"], 2);
    assert_contains(&missing, &["cannot read '/no/such/file'"]);
    // A mistake deep in a long spec shows the text around it, not megabytes of it.
    let long = format!("nim({},x)", vec!["1"; 10_000].join(","));
    let error = refused(&["value", &long], 2);
    let lines: Vec<&str> = error.lines().collect();
    assert_eq!(lines.len(), 3, "{error}");
    assert!(
        lines[1].len() < 200 && lines[1].contains("1,1,x)"),
        "{error}"
    );
    let caret = lines[2].find('^').unwrap();
    assert_eq!(
        Some(caret),
        lines[1].chars().position(|c| c == 'x'),
        "{error}"
    );
}

#[test]
fn issue_13_long_runs_print_json_and_count_heaps_inclusively() {
    let file = scratch("nim.bin");
    let name = file.to_str().unwrap();
    let text = answer(&["seq", "kayles", "--to", "100", "--out", name]);
    assert_contains(&text, &["heaps:         0 to 100 (101 heaps)"]);
    let report = document(&[
        "seq", "kayles", "--to", "100", "--out", name, "--format", "json",
    ]);
    assert_eq!(report["heaps"], 101);
    assert_eq!(report["rule"], "kayles");
}

#[test]
fn certificates_claiming_huge_tables_are_refused_before_any_work() {
    // Before the memory check, verifying this aborted on a 4 TB allocation.
    let file = scratch("huge.cert.json");
    let kayles = include_str!("data/kayles.cert.json");
    let huge = kayles.replace("\"checked_to\":167", "\"checked_to\":999999999999");
    assert_ne!(huge, kayles);
    std::fs::write(&file, huge).unwrap();
    for route in ["naive", "plain", "sparse"] {
        let path = file.to_str().unwrap();
        let run = grundy(&["verify", path, "--by", route]);
        bounded(&run, route);
        assert_eq!(run.code, Some(1), "{run:?}");
        assert!(run.stderr.contains("memory available now"), "{run:?}");
    }
}
