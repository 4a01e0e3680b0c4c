//! The command line's `--misere` flags and its reports of games with cycles: output, JSON and
//! exit codes.

mod harness;

use harness::{assert_contains, grundy, json, scratch, stdout};
use serde_json::Value;

/// Whether a listed move wins.
fn winning(entry: &Value) -> bool {
    entry["winning"] == true
}

/// The positions that the moves `entries` (a JSON list) that `keep` keeps lead to.
fn results(entries: &Value, keep: impl Fn(&Value) -> bool) -> Vec<&str> {
    let entries = entries.as_array().expect("a list of moves");
    let kept = entries.iter().filter(|entry| keep(entry));
    kept.map(|entry| entry["result"].as_str().unwrap_or(""))
        .collect()
}

#[test]
fn misere_value_of_the_seeds_example() {
    // docs/seeds.md row 29: [1,1,1] in misère play is a loss for the player to move.
    let text = stdout(&["value", "nim(1,1,1)", "--misere"]);
    assert_contains(
        &text,
        &[
            "outcome:  P: the player to move loses",
            "misère: the player who makes the last move loses",
        ],
    );
    let report = json(&["value", "nim(2,2,1)", "--misere"]);
    assert_eq!(report["play"], "misere");
    assert_eq!(report["outcome"], "N");
    assert_eq!(report["winning_moves"][0]["result"], "nim(2,2)");
    assert_eq!(
        report["winning_moves"][0]["description"],
        "take 1 from 1, leaving nothing"
    );
}

#[test]
fn misere_moves_mark_the_winning_ones() {
    let report = json(&["moves", "kayles(4) + nim(2,2)", "--misere"]);
    let winning = results(&report["moves"], winning);
    assert_eq!(winning, ["kayles(1,1) + nim(2,2)"]);
}

/// A sum of Kayles heaps too large to search cheaply: `moves --misere` lists every move through
/// the misère quotient, and its winning ones are those `value --misere` finds.
#[test]
fn misere_moves_of_a_large_sum_come_from_the_quotient() {
    let spec = "kayles(4,5,7,8,9,10,11,12,13) + kayles(1)";
    let moves = json(&["moves", spec, "--misere"]);
    assert_eq!(moves["quotient"]["order"], 24, "{moves}");
    assert!(moves.get("value").is_none(), "no misère value: {moves}");
    let every = results(&moves["moves"], |_| true);
    let winning = results(&moves["moves"], winning);
    let value = json(&["value", spec, "--misere"]);
    assert_eq!(winning, results(&value["winning_moves"], |_| true));
    assert!(every.len() > winning.len() && !winning.is_empty());
    let text = stdout(&["moves", spec, "--misere"]);
    assert_contains(&text, &["outcome after the move by the quotient"]);
    // The quotient's size is bounded as for `value` (too small a bound leaves the search,
    // which stops at its own limit), and the bound needs --misere.
    let small = grundy(&["moves", spec, "--misere", "--max-order", "4"]);
    assert_eq!(small.code, Some(1), "{}", small.stderr);
    assert_contains(&small.stderr, &["limit reached"]);
    let normal = grundy(&["moves", spec, "--max-order", "4"]);
    assert_contains(&normal.stderr, &["needs --misere"]);
}

#[test]
fn misere_sequence_of_kayles() {
    let report = json(&["seq", "0.77", "--misere", "--to", "20"]);
    let values: Vec<u64> = report["values"]
        .as_array()
        .expect("values")
        .iter()
        .filter_map(serde_json::Value::as_u64)
        .collect();
    // CGSuite's published misère values (tests/data/misere_cgsuite.txt in the library).
    assert_eq!(
        values,
        [1, 0, 2, 3, 0, 1, 3, 2, 1, 0, 2, 4, 0, 1, 2, 5, 1, 6, 3, 2, 0]
    );
    assert_eq!(report["genus"][5], "4^146");
    assert_eq!(report["tame"], false);
    assert_eq!(report["first_wild"]["heap"], 5);
    let csv = stdout(&["seq", "nim", "--misere", "--to", "3", "--format", "csv"]);
    assert_eq!(
        csv,
        "n,value,genus\n0,1,0^120\n1,0,1^031\n2,2,2^20\n3,3,3^31\n"
    );
    let text = stdout(&["seq", "sub{2,3,7}", "--misere", "--to", "20"]);
    assert_contains(&text, &["tame up to heap 20"]);
}

#[test]
fn cycles_are_analysed_in_json() {
    let draw = json(&["value", "digraph(a>b, b>a; a)"]);
    assert_eq!(draw["value"], "inf");
    assert_eq!(draw["escapes"], serde_json::json!([]));
    assert_eq!(draw["outcome"], "D");
    assert_eq!(draw["drawing_moves"][0]["description"], "move from a to b");
    let escape = json(&["value", "digraph(u>s, u>a, a>b, b>a; u)"]);
    assert_eq!(escape["value"], "inf");
    assert_eq!(escape["escapes"], serde_json::json!([0]));
    assert_eq!(escape["outcome"], "N");
    assert_eq!(escape["remoteness"], 1);
    // ∞(1,2) + *2 is a first-player win: move the token to the vertex of value 2.
    let sum = "digraph(u>x, u>y, u>a, a>b, b>a, x>s, y>s, y>x; u) + nim(2)";
    let report = json(&["value", sum]);
    assert_eq!(report["escapes"], serde_json::json!([0, 3]));
    assert_eq!(report["outcome"], "N");
    assert_eq!(
        report["winning_moves"][0]["description"],
        "move from u to y"
    );
    let moves = json(&["moves", "digraph(a>b, b>c, c>a, c>d, d>e; c)"]);
    assert_eq!(moves["outcome"], "D");
    assert_eq!(moves["moves"][1]["value_after"], 1);
    assert_eq!(moves["moves"][0]["value_after"], "inf");
}

#[test]
fn acyclic_games_keep_the_ordinary_json() {
    let spec = "digraph(a>b, a>c, b>c; a) + nim(3)";
    let output = stdout(&["value", spec, "--format", "json"]);
    let sum = grundy::spec::parse(spec).expect("valid spec");
    let ordinary = grundy::analysis::value(&sum).expect("acyclic");
    // The ordinary report, field for field, behind the front door's tag.
    let report = serde_json::to_string(&ordinary).expect("serialises");
    let expected = format!("{{\"kind\":\"normal\",{}\n", &report[1..]);
    assert_eq!(output, expected);
    assert!(!output.contains("escapes"));
}

#[test]
fn exit_codes() {
    // A limit: 1.
    let limited = grundy(&[
        "seq",
        "kayles",
        "--misere",
        "--to",
        "60",
        "--max-work",
        "1000",
    ]);
    assert_eq!(limited.code, Some(1), "{limited:?}");
    assert_contains(&limited.stderr, &["limit reached"]);
    // Misère play of a game with a cycle is not analysed: bad input, 2.
    let cycle = grundy(&["value", "digraph(a>b, b>a; a)", "--misere"]);
    assert_eq!(cycle.code, Some(2), "{cycle:?}");
    assert_contains(&cycle.stderr, &["cycle"]);
}

#[test]
fn whole_quotients_are_certified_and_verified() {
    let cert = scratch("075.quotient.json");
    let path = cert.to_str().expect("a UTF-8 path");
    let run = grundy(&["quotient", "0.75", "--cert", path]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_contains(&run.stdout, &["whole game: the quotient of every heap"]);
    let verified = grundy(&["verify", path]);
    assert_eq!(verified.code, Some(0), "{}", verified.stdout);
    assert!(verified.stdout.starts_with("valid:"), "{}", verified.stdout);
    // Any field edited: invalid, exit 3.
    let text = std::fs::read_to_string(&cert).expect("the certificate");
    let edits = [
        ("\"period\":2", "\"period\":4"),
        ("\"preperiod\":8", "\"preperiod\":9"),
        ("\"stable_from\":", "\"stable_from\":1"),
        ("\"checked\":true", "\"checked\":false"),
        ("\"order\":8", "\"order\":9"),
    ];
    for (from, to) in edits {
        assert!(text.contains(from), "{from} in {text}");
        let tampered = scratch("tampered.json");
        std::fs::write(&tampered, text.replacen(from, to, 1)).expect("written");
        let run = grundy(&["verify", tampered.to_str().expect("UTF-8")]);
        assert_eq!(run.code, Some(3), "{from}: {}", run.stdout);
        assert!(run.stdout.starts_with("INVALID"), "{}", run.stdout);
        let _ = std::fs::remove_file(&tampered);
    }
    // The saved quotient answers misère sums of heaps of any size.
    let answered = json(&["value", "0.75(10^18, 7)", "--misere", "--quotient", path]);
    assert_eq!(answered["quotient"]["whole"]["period"], 2, "{answered}");
    let _ = std::fs::remove_file(&cert);
}

#[test]
fn quotients_without_a_bound_stop_with_a_reason() {
    let run = grundy(&["quotient", "kayles", "--max-work", "2^18"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_contains(&run.stdout, &["whole game not proved: stopped before heap"]);
    let refused = grundy(&["quotient", "grundy"]);
    assert_eq!(refused.code, Some(1));
    assert_contains(&refused.stderr, &["--to"]);
    let help = grundy(&["quotient", "--help"]);
    assert_contains(&help.stdout, &["[default: 1073741824]"]);
}

#[test]
fn misere_sums_of_huge_heaps_list_classes_of_moves() {
    let report = json(&["value", "kayles(10^18, 5, 9)", "--misere"]);
    assert_eq!(report["quotient"]["order"], 40, "{report}");
    assert_eq!(report["quotient"]["whole"]["preperiod"], 71, "{report}");
    let moves = json(&["moves", "kayles(10^18)", "--misere"]);
    let total: u64 = moves["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|entry| entry["count"].as_u64().unwrap_or(0))
        .sum();
    assert_eq!(total, 10u64.pow(18));
}
