//! The heap-engine commands end to end: `period`, `verify`, huge heaps in `value`, and long
//! `seq --out` runs that are interrupted and resumed.
#![allow(clippy::unwrap_used)] // test helpers: a failure is a test failure

mod harness;

use std::path::PathBuf;
use std::process::Command;

use harness::{assert_contains, document as json, grundy, scratch, stdout};

/// The preperiod, period and saltus that `grundy period RULE --format json` proves (it must
/// prove one), with the whole report.
fn proved(rule: &str) -> ([u64; 3], serde_json::Value) {
    let report = json(&["period", rule, "--format", "json"]);
    assert_eq!(report["proved"], true, "{rule}: {report}");
    let number = |key: &str| {
        report[key]
            .as_u64()
            .unwrap_or_else(|| panic!("{key}: {report}"))
    };
    (
        [number("preperiod"), number("period"), number("saltus")],
        report,
    )
}

#[test]
fn periods_of_the_acceptance_rules() {
    let (kayles, report) = proved("0.77");
    assert_eq!(
        (kayles, report["theorem"].as_str()),
        ([71, 12, 0], Some("guy-smith"))
    );
    assert_eq!(proved("0.07").0[1], 34);
    let (sub, report) = proved("sub{2,3,7}");
    assert_eq!((sub[1], report["theorem"].as_str()), (5, Some("window")));
    assert!(proved("allbut{2,3,7}").0[2] > 0);
    let grundy_game = json(&["period", "grundy", "--max", "100000", "--format", "json"]);
    assert_eq!(grundy_game["proved"], false);
    assert_eq!(grundy_game["preperiod"], serde_json::Value::Null);
    assert_eq!(grundy_game["checked_to"], 99_999);
    let text = stdout(&["period", "grundy", "--max", "20000"]);
    assert_contains(&text, &["no period proved up to 20000 heaps"]);
}

/// Issue 14: Lasker's Nim has arithmetic period 4, saltus 4 (Winning Ways ch. 4), proved and
/// re-verified; a heap of 10^18 beside one of Kayles answers with every winning move.
#[test]
fn lasker_is_arithmetic_periodic() {
    let lasker = json(&["period", "lasker", "--format", "json"]);
    assert_eq!(
        (
            lasker["preperiod"].as_u64(),
            lasker["period"].as_u64(),
            lasker["saltus"].as_u64()
        ),
        (Some(1), Some(4), Some(4))
    );
    assert_eq!(
        (lasker["kind"].as_str(), lasker["theorem"].as_str()),
        (Some("arithmetic"), Some("arithmetic"))
    );
    let text = stdout(&["period", "lasker"]);
    assert_contains(&text, &["arithmetic period 4, saltus 4 (proved)"]);
    let cert = scratch("lasker.json");
    let cert_text = cert.to_str().unwrap();
    stdout(&["period", "lasker", "--cert", cert_text]);
    let report = json(&["verify", cert_text, "--format", "json"]);
    assert_eq!(report["valid"], true);
    let sum = json(&["value", "lasker(10^18) + kayles(10^18)", "--format", "json"]);
    // 10^18 = 4k + 4, so g = 10^18 - 1; Kayles' g(10^18) = 1 (period 12 from heap 71).
    assert_eq!(sum["value"], 999_999_999_999_999_998u64);
    let moves: Vec<&str> = sum["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["to"].as_str().unwrap())
        .collect();
    assert_eq!(
        moves,
        ["lasker(499999999999999999,500000000000000001)", "lasker(1)"]
    );
}

#[test]
fn certificates_verify_and_forgeries_fail() {
    let cert = scratch("kayles.json");
    let cert_text = cert.to_str().unwrap();
    stdout(&["period", "kayles", "--cert", cert_text]);
    let report = json(&["verify", cert_text, "--format", "json"]);
    assert_eq!(
        (report["valid"].as_bool(), report["recomputed_by"].as_str()),
        (Some(true), Some("naive"))
    );
    for route in ["naive", "plain", "sparse"] {
        let report = json(&["verify", cert_text, "--by", route, "--format", "json"]);
        assert_eq!(report["valid"], true, "{route}");
        assert_eq!(report["recomputed_by"], route);
    }
    let original = std::fs::read_to_string(&cert).unwrap();
    for (from, to, route) in [
        ("\"period\":12", "\"period\":24", "naive"),
        ("\"preperiod\":71", "\"preperiod\":60", "naive"),
        ("\"preperiod\":71", "\"preperiod\":60", "sparse"),
    ] {
        let forged = scratch("forged.json");
        std::fs::write(&forged, original.replace(from, to)).unwrap();
        let output = grundy(&["verify", forged.to_str().unwrap(), "--by", route]);
        let text = &output.stdout;
        if from.contains("\"period\"") {
            // Period 24 is a true period of Kayles too, but the checksum names other heaps.
            assert!(output.code != Some(0) || text.contains("valid"), "{text}");
        } else {
            assert_eq!(output.code, Some(3), "{text}");
            assert_contains(text, &["INVALID"]);
        }
    }
}

#[test]
fn huge_heaps_answer_by_the_period() {
    let kayles = json(&["value", "kayles(10^18)", "--format", "json"]);
    // 10^18 ≡ 4 (mod 12) and 76 ≡ 4: g(10^18) = g(76) = 1 (OEIS A002186).
    assert_eq!(kayles["value"], 1);
    let sub = json(&[
        "value",
        "sub{1,2,4}(123456789012345678)",
        "--format",
        "json",
    ]);
    assert_eq!(sub["value"], 123_456_789_012_345_678u64 % 3);
    let sum = json(&[
        "value",
        "kayles(10^18) + dawson(10^15) + nim(5)",
        "--format",
        "json",
    ]);
    assert_eq!(sum["components"].as_array().unwrap().len(), 3);
    for winning in sum["winning_moves"].as_array().unwrap() {
        let after = json(&[
            "value",
            winning["result"].as_str().unwrap(),
            "--format",
            "json",
        ]);
        assert_eq!(after["value"], 0, "{winning}");
    }
    let output = grundy(&["value", "grundy(10^18)"]);
    assert_eq!(output.code, Some(1));
    assert!(output.stderr.clone().contains("heaps in a value table"));
}

#[test]
fn interrupted_runs_resume_to_identical_files() {
    for format in ["binary", "csv"] {
        let whole = scratch(&format!("whole.{format}"));
        let parts = scratch(&format!("parts.{format}"));
        let (whole_text, parts_text) = (whole.to_str().unwrap(), parts.to_str().unwrap());
        let common = [
            "seq",
            "0.6",
            "--to",
            "60000",
            "--format",
            format,
            "--checkpoint-every",
            "5000",
        ];
        let summary = stdout(&[&common[..], &["--out", whole_text]].concat());
        assert_contains(&summary, &["rare mask"]);
        let stopped =
            grundy(&[&common[..], &["--out", parts_text, "--stop-after", "23000"]].concat());
        assert_eq!(stopped.code, Some(1));
        // A torn write after the checkpoint: garbage the resume must cut off.
        let mut bytes = std::fs::read(&parts).unwrap();
        bytes.extend_from_slice(b"\x01\x02garbage");
        std::fs::write(&parts, bytes).unwrap();
        let stopped = grundy(
            &[
                &common[..],
                &["--out", parts_text, "--resume", "--stop-after", "41000"],
            ]
            .concat(),
        );
        assert_eq!(stopped.code, Some(1));
        let resumed = stdout(&[&common[..], &["--out", parts_text, "--resume"]].concat());
        assert_eq!(resumed, summary);
        assert_eq!(
            std::fs::read(&whole).unwrap(),
            std::fs::read(&parts).unwrap(),
            "{format}"
        );
    }
}

#[test]
fn killed_runs_resume_to_identical_files() {
    let whole = scratch("killed-whole.bin");
    let parts = scratch("killed-parts.bin");
    let args = [
        "seq",
        "grundy",
        "--to",
        "400000",
        "--checkpoint-every",
        "20000",
        "--out",
    ];
    stdout(&[&args[..], &[whole.to_str().unwrap()]].concat());
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args([&args[..], &[parts.to_str().unwrap()]].concat())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let checkpoint = PathBuf::from(format!("{}.checkpoint", parts.display()));
    let started = std::time::Instant::now();
    while started.elapsed().as_secs() < 60 {
        let text = std::fs::read_to_string(&checkpoint).unwrap_or_default();
        if text.contains("\"heaps\":") && !text.contains("\"heaps\":0,") {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    stdout(&[&args[..], &[parts.to_str().unwrap(), "--resume"]].concat());
    assert_eq!(
        std::fs::read(&whole).unwrap(),
        std::fs::read(&parts).unwrap()
    );
}

#[test]
fn seq_reports_a_period_proved_from_its_values() {
    // Kayles: period 12 from heap 71, proved by Guy-Smith from heaps 0..=167.
    let report = json(&["seq", "kayles", "--to", "200", "--format", "json"]);
    assert_eq!(report["prefix_only"], false);
    assert_eq!(report["periodicity"]["period"], 12);
    assert_eq!(report["periodicity"]["preperiod"], 71);
    // Too few values for the proof: a prefix only, and no period claimed.
    let report = json(&["seq", "kayles", "--to", "100", "--format", "json"]);
    assert_eq!(report["prefix_only"], true);
    assert!(report["periodicity"].is_null());
}

#[test]
fn bench_compares_the_engines() {
    let rows = json(&[
        "bench", "kayles", "grundy", "--to", "5000", "--window", "20", "--format", "json",
    ]);
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), 2);
    for row in rows {
        assert_eq!(row["agree"], true, "{row}");
        assert_eq!(
            (row["heaps"].as_u64(), row["window"].as_u64()),
            (Some(5000), Some(20))
        );
        assert!(row["fast_heaps_per_second"].as_f64().unwrap() > 0.0);
    }
    // Kayles' period is proved on the way; Grundy's game has none.
    assert!(rows[0]["by_period_seconds"].is_number());
    assert!(rows[1]["by_period_seconds"].is_null());
    let bad = grundy(&["bench", "0.9"]);
    assert_eq!(bad.code, Some(2));
}

#[test]
fn tails_that_take_whole_heaps_get_periods_and_others_say_why_not() {
    assert_eq!(proved("0.3[1]").0[..2], [1, 2]);
    // 0.3[1]: take one token, or a whole heap of two or more: values 1, 2, 1, 2, ...
    assert!(stdout(&["value", "0.3[1](10^18)"]).contains("value:    2"));
    // A repeated digit that only splits: no theorem here.
    let split_tail = stdout(&["period", "0.[4]", "--max", "5000"]);
    assert_contains(
        &split_tail,
        &["no period proved", "splits heaps without leaving one"],
    );
}

/// Runs whose table could never fit in memory are refused at once, naming the limit, and
/// leave no file behind; a period search with a huge bound still stops at its period.
#[test]
fn runs_too_big_for_memory_are_refused_at_once() {
    if !std::path::Path::new("/proc/meminfo").exists() {
        return; // the check needs the system's word on available memory
    }
    let out = scratch("too-big.bin");
    let out_text = out.to_str().unwrap();
    for args in [
        vec!["seq", "grundy", "--to", "1e15", "--out", out_text],
        vec!["bench", "grundy", "--to", "1e15"],
        vec!["period", "grundy", "--max", "1e15"],
    ] {
        let started = std::time::Instant::now();
        let output = grundy(&args);
        assert_eq!(output.code, Some(1), "{args:?}");
        let stderr = output.stderr.clone();
        assert!(stderr.contains("memory available"), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty(), "{args:?}");
        assert!(started.elapsed().as_secs() < 5, "{args:?}");
    }
    assert!(!out.exists());
    let kayles = json(&["period", "kayles", "--max", "1e15", "--format", "json"]);
    assert_eq!(kayles["period"], 12);
}

/// Without `--max`, `period` doubles its table until a theorem proves a period, beyond the
/// 2^21 heaps it once stopped at: sub{1,2097153} has period 2 from heap 0, which the window
/// theorem proves only from 2097153 + 1 + 2 heaps on: the look at 2^21 heaps sees the period,
/// and the table grows straight to the length that proves it, not to 2^22.
#[test]
fn period_extends_until_a_period_is_proved() {
    let rule = "sub{1,2097153}";
    let proved = json(&["period", rule, "--format", "json"]);
    assert_eq!(proved["proved"], true);
    assert_eq!(
        (proved["preperiod"].as_u64(), proved["period"].as_u64()),
        (Some(0), Some(2))
    );
    assert_eq!(proved["heaps_computed"], (1u64 << 21) + 4);
    assert_eq!(proved["stopped_by"], serde_json::Value::Null);
    // --max still caps the search, and the answer says so.
    let capped = json(&["period", rule, "--max", "2^21", "--format", "json"]);
    assert_eq!(capped["proved"], false);
    assert_eq!(capped["heaps_computed"], 1u64 << 21);
    assert_eq!(capped["stopped_by"], "max");
    let text = stdout(&["period", "0.16", "--max", "5000"]);
    assert_contains(
        &text,
        &[
            "no period proved up to 5000 heaps",
            "stopped:     at --max 5000",
        ],
    );
}

/// The search stops where a larger table would not fit in memory (here pretended small), and
/// says so; rules no theorem covers still stop at 2^21 heaps by default, refused at once when
/// even that would not fit.
#[test]
fn period_stops_where_memory_runs_out_and_says_so() {
    let report = json(&[
        "period",
        "0.16",
        "--memory-heaps",
        "3000",
        "--format",
        "json",
    ]);
    assert_eq!(report["proved"], false);
    assert_eq!(report["heaps_computed"], 3000);
    assert_eq!(report["checked_to"], 2999);
    assert_eq!(report["stopped_by"], "memory");
    let text = stdout(&["period", "0.16", "--memory-heaps", "3000"]);
    assert_contains(
        &text,
        &["stopped:     the table would not fit in memory beyond 3000 heaps"],
    );
    // A larger --max than memory allows: memory stops a rule a theorem covers.
    let report = json(&[
        "period",
        "0.16",
        "--max",
        "1e9",
        "--memory-heaps",
        "2000",
        "--format",
        "json",
    ]);
    assert_eq!(
        (
            report["heaps_computed"].as_u64(),
            report["stopped_by"].as_str()
        ),
        (Some(2000), Some("memory"))
    );
    let split_tail = grundy(&["period", "0.[4]", "--memory-heaps", "1000"]);
    assert_eq!(split_tail.code, Some(1));
    let stderr = split_tail.stderr.clone();
    assert_contains(&stderr, &["needs 2097152 heaps"]);
    let split_tail = json(&["period", "0.[4]", "--max", "3000", "--format", "json"]);
    assert_eq!(
        (
            split_tail["heaps_computed"].as_u64(),
            split_tail["stopped_by"].as_str()
        ),
        (Some(3000), Some("max"))
    );
}
