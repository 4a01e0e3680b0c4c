//! The `grundy` command as a new user runs it: the examples of `docs/seeds.md`, every
//! subcommand, the JSON fields that issue 2 documents, and bad input.
//!
//! Bad input must give a nonzero exit code (2 for bad input, 1 when a limit stops the
//! computation), an `error:` line on stderr, nothing on stdout and no panic (with
//! `--format json`, the error document on stdout instead). Every run is
//! killed after `harness::HANG`, so a hang fails the test instead of stalling the suite.

mod harness;
#[path = "../../grundy/tests/library_checker/mod.rs"]
mod library_checker;

use std::io::Read;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use grundy::{analysis, spec};
use harness::{answer, assert_contains, grundy_with_input, json, refused};
use serde_json::Value;

/// The fields every move of a JSON report carries.
const MOVE_FIELDS: [&str; 6] = [
    "component",
    "from",
    "to",
    "target_value",
    "description",
    "result",
];

/// `grundy seq RULE --to N --format csv`, checked for its format and read back.
fn sequence(rule: &str, to: u64) -> Vec<u64> {
    let stdout = answer(&["seq", rule, "--to", &to.to_string(), "--format", "csv"]);
    let mut lines = stdout.lines();
    assert_eq!(lines.next(), Some("n,value"), "{rule}");
    let mut values = Vec::new();
    for (n, line) in lines.enumerate() {
        let (heap, value) = line.split_once(',').expect("n,value");
        assert_eq!(heap, n.to_string(), "{rule}: {line}");
        values.push(value.parse().expect("a value"));
    }
    values
}

/// The value report of a spec: value, outcome and the results of the winning moves.
fn value_of(spec: &str) -> (u64, String, Vec<String>) {
    let report = json(&["value", spec]);
    let moves = report["winning_moves"].as_array().expect("winning_moves");
    let results = moves
        .iter()
        .map(|m| m["result"].as_str().expect("result").to_string())
        .collect();
    (
        report["value"].as_u64().expect("value"),
        report["outcome"].as_str().expect("outcome").to_string(),
        results,
    )
}

fn sorted(mut items: Vec<String>) -> Vec<String> {
    items.sort();
    items
}

fn strings(items: &[&str]) -> Vec<String> {
    sorted(items.iter().map(|s| s.to_string()).collect())
}

// ---------------------------------------------------------------------------------------------
// The seeds' examples (docs/seeds.md)

#[test]
fn seed_nim_3_4_5() {
    // Text, as a student reads it.
    let text = answer(&["value", "nim(3,4,5)"]);
    let field = |name: &str| {
        text.lines()
            .find_map(|line| line.strip_prefix(name))
            .map(str::trim)
            .unwrap_or_else(|| panic!("no '{name}' line in:\n{text}"))
    };
    assert_eq!(field("value:"), "2");
    assert!(field("outcome:").starts_with("N"), "{text}");
    assert_contains(&text, &["nim(1,4,5)"]);

    // JSON, with exactly the fields of issue 2.
    let report = json(&["value", "nim(3,4,5)"]);
    assert_eq!(report["spec"], "nim(3,4,5)");
    assert_eq!(report["value"], 2);
    assert_eq!(report["outcome"], "N");
    let components: Vec<(String, u64)> = report["components"]
        .as_array()
        .expect("components")
        .iter()
        .map(|c| {
            (
                c["spec"].as_str().expect("spec").to_string(),
                c["value"].as_u64().expect("value"),
            )
        })
        .collect();
    assert_eq!(
        components,
        [
            ("nim(3)".into(), 3),
            ("nim(4)".into(), 4),
            ("nim(5)".into(), 5)
        ]
    );
    let winning = report["winning_moves"].as_array().expect("winning_moves");
    assert_eq!(winning.len(), 1, "{report}");
    let only = &winning[0];
    assert_eq!(only["component"], 0);
    assert_eq!(only["from"], "nim(3)");
    assert_eq!(only["to"], "nim(1)");
    assert_eq!(only["target_value"], 1);
    assert_eq!(only["result"], "nim(1,4,5)");
    assert!(!only["description"]
        .as_str()
        .expect("description")
        .is_empty());

    // The seed's wrong move, 5 -> 4, leaves nim-sum 3; `grundy moves` shows it, unmarked.
    let moves = json(&["moves", "nim(3,4,5)"]);
    let moves = moves["moves"].as_array().expect("moves");
    assert_eq!(moves.len(), 3 + 4 + 5);
    let wrong = moves
        .iter()
        .find(|m| m["result"] == "nim(3,4,4)")
        .expect("the move 5 -> 4");
    assert_eq!(wrong["value_after"], 3);
    assert_eq!(wrong["winning"], false);
    let marked: Vec<&Value> = moves.iter().filter(|m| m["winning"] == true).collect();
    assert_eq!(marked.len(), 1);
    assert_eq!(marked[0]["result"], "nim(1,4,5)");
    assert_eq!(answer(&["nimber", "3+4+5"]), "2\n");
}

#[test]
fn seed_subtraction_games() {
    let (value, outcome, results) = value_of("sub{1,2,4}(8) + sub{1,3}(5)");
    assert_eq!((value, outcome.as_str()), (3, "N"));
    assert_eq!(
        sorted(results),
        strings(&["sub{1,2,4}(7) + sub{1,3}(5)", "sub{1,2,4}(4) + sub{1,3}(5)"])
    );
    let report = json(&["value", "sub{1,2,4}(8) + sub{1,3}(5)"]);
    for winning in report["winning_moves"].as_array().expect("winning_moves") {
        assert_eq!(
            winning["component"], 0,
            "only the first heap has winning moves"
        );
        assert_eq!(winning["from"], "sub{1,2,4}(8)");
    }

    let (value, _, results) = value_of("sub{1,2,4}(10)");
    assert_eq!(value, 1);
    assert_eq!(
        sorted(results),
        strings(&["sub{1,2,4}(9)", "sub{1,2,4}(6)"])
    );
    let (value, _, results) = value_of("sub{1,3}(5)");
    assert_eq!(value, 1);
    assert_eq!(sorted(results), strings(&["sub{1,3}(4)", "sub{1,3}(2)"]));
    assert_eq!(
        value_of("sub{1,2,4}(10) + sub{1,3}(5)"),
        (0, "P".into(), vec![])
    );
    assert_eq!(value_of("sub{1,3,4}(5,8,11)"), (0, "P".into(), vec![]));

    let mod_n = |m: u64, to: u64| (0..=to).map(|n| n % m).collect::<Vec<_>>();
    assert_eq!(sequence("sub{1,2,4}", 20), mod_n(3, 20));
    assert_eq!(sequence("sub{1,3}", 6), [0, 1, 0, 1, 0, 1, 0]);
    assert_eq!(
        sequence("sub{1,3,4}", 15),
        [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2, 0, 1]
    );
    assert_eq!(sequence("sub{1,2}", 10), mod_n(3, 10));
    assert_eq!(sequence("take[1..2]", 10), mod_n(3, 10));
    assert_eq!(sequence("take[1..3]", 7), mod_n(4, 7));
    for k in 1..=5 {
        assert_eq!(sequence(&format!("take[1..{k}]"), 30), mod_n(k + 1, 30));
    }
    assert_eq!(sequence("sub{1,2,4,8,16}", 20), mod_n(3, 20));
    assert_eq!(sequence("sub{1,3,5,7,9}", 10), mod_n(2, 10));
    assert_eq!(sequence("nim", 10), (0..=10).collect::<Vec<_>>());
}

#[test]
fn seed_powers_of_two_are_n_mod_3() {
    let rule = "sub{1,2,4,8,16,32,64}";
    // CSV: the header, then `n,value` for every heap.
    let csv = answer(&["seq", rule, "--to", "100", "--format", "csv"]);
    let expected: String = std::iter::once("n,value".to_string())
        .chain((0..=100).map(|n| format!("{n},{}", n % 3)))
        .map(|line| line + "\n")
        .collect();
    assert_eq!(csv, expected);
    // Text: rows `label: values`, and no claim of a period.
    let text = answer(&["seq", rule, "--to", "100"]);
    let values: Vec<u64> = text
        .lines()
        .filter_map(|line| line.split_once(':'))
        .filter(|(label, _)| label.trim().parse::<u64>().is_ok())
        .flat_map(|(_, values)| {
            values
                .split_whitespace()
                .map(|v| v.parse::<u64>().expect("a value"))
                .collect::<Vec<_>>()
        })
        .collect();
    assert_eq!(values, (0..=100).map(|n| n % 3).collect::<Vec<_>>());
    // The window theorem proves the period from these 101 values.
    assert_contains(&text, &["period 3 from heap 0"]);
    // JSON.
    let report = json(&["seq", rule, "--to", "100"]);
    assert_eq!(report["rule"], rule);
    assert_eq!(report["to"], 100);
    assert_eq!(report["max_value"], 2);
    assert_eq!(report["max_value_at"], 2);
    assert_eq!(report["prefix_only"], false);
    assert_eq!(report["periodicity"]["period"], 3);
    let values: Vec<u64> = report["values"]
        .as_array()
        .expect("values")
        .iter()
        .map(|v| v.as_u64().expect("a value"))
        .collect();
    assert_eq!(values, (0..=100).map(|n| n % 3).collect::<Vec<_>>());
}

#[test]
fn seed_take_and_break_and_boards() {
    assert_eq!(
        sequence("grundy", 12),
        [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1]
    );
    assert!(answer(&["seq", "grundy", "--to", "50"]).contains("prefix only"));
    for spec in ["grundy(7) + grundy(9)", "grundy(7,9)"] {
        let report = json(&["value", spec]);
        assert_eq!(
            (report["value"].clone(), report["outcome"].clone()),
            (1.into(), "N".into())
        );
        let to: Vec<String> = report["winning_moves"]
            .as_array()
            .expect("winning_moves")
            .iter()
            .map(|m| m["to"].as_str().expect("to").to_string())
            .collect();
        assert_eq!(
            sorted(to),
            strings(&["grundy(2,7)", "grundy(3,6)", "grundy(1,6)", "grundy(3,4)"]),
            "{spec}"
        );
    }
    assert_eq!(
        sequence("kayles", 200)[..16],
        [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7]
    );

    assert_eq!(value_of("wythoff(3,5)"), (0, "P".into(), vec![]));
    assert_eq!(value_of("wythoff(4,7)"), (0, "P".into(), vec![]));
    assert_eq!(value_of("wythoff(1,3)").0, 4);
    let row_one: Vec<u64> = (0..=9)
        .map(|b| value_of(&format!("wythoff(1,{b})")).0)
        .collect();
    assert_eq!(row_one, [1, 2, 0, 4, 5, 3, 7, 8, 6, 10]);

    let (value, outcome, results) = value_of("staircase(0,3,1,4)");
    assert_eq!((value, outcome.as_str()), (1, "N"));
    assert_eq!(
        sorted(results),
        strings(&["staircase(1,2,1,4)", "staircase(0,4,0,4)"])
    );
}

#[test]
fn coin_turning_rules_and_cram() {
    // Grunt is Grundy's game in disguise: a head at 7 is worth g(7) = 0, at 5 worth 2.
    assert_eq!(value_of("grunt(TTTTTTH)").0, 0);
    let (value, outcome, results) = value_of("grunt(TTTTH) + turn{1,2}(TH)");
    assert_eq!((value, outcome.as_str()), (0, "P"));
    assert!(results.is_empty());
    // Mogul on 24 coins: a head at 24 alone is worth 4004 and every move listed is valued.
    let head = format!("mogul({}H)", "T".repeat(23));
    let report = json(&["value", &head]);
    assert_eq!(report["value"], 4004);
    assert_eq!(report["winning_moves"].as_array().map(Vec::len), Some(1));
    // Cram: 2x3 has seven placements, three of them winning (both sides even is a P-position).
    let moves = json(&["moves", "cram(2x3)"]);
    assert_eq!(moves["moves"].as_array().map(Vec::len), Some(7));
    let (value, _, results) = value_of("cram(2x3)");
    assert_eq!(value, 1);
    assert_eq!(
        sorted(results),
        strings(&["cram(oxo/oxo)", "cram(xoo/xoo)", "cram(oox/oox)"])
    );
    assert_eq!(
        value_of("cram(4x4) + tartan(twins,ternups; TTT/TTT/TTH)").0,
        2
    );
    assert_eq!(refused(&["value", "turn{0}(H)"], 2).lines().count(), 3);
    assert!(refused(&["value", "cram(99x99)"], 2).contains("at most 4096 squares"));
}

#[test]
fn seed_mex_examples_as_digraphs() {
    let helpers = "o>z, t>z, t>o, h>z, h>o, h>t";
    let cases = [
        ("digraph(a>b; b)".to_string(), 0, None),
        (
            "digraph(a>b; a)".to_string(),
            1,
            Some("digraph(a>b; b)".to_string()),
        ),
        ("digraph(a>b, b>c; a)".to_string(), 0, None),
        (
            format!("digraph({helpers}, a>z, a>o, a>h; a)"),
            2,
            Some(format!("digraph({helpers}, a>z, a>o, a>h; z)")),
        ),
        (
            format!("digraph({helpers}, f>z, f>o, f>t, f>h, a>z, a>o, a>t, a>h, a>f; a)"),
            5,
            Some(format!(
                "digraph({helpers}, f>z, f>o, f>t, f>h, a>z, a>o, a>t, a>h, a>f; z)"
            )),
        ),
    ];
    for (spec, value, winning) in cases {
        let (found, outcome, results) = value_of(&spec);
        assert_eq!(found, value, "{spec}");
        assert_eq!(outcome, if value == 0 { "P" } else { "N" });
        assert_eq!(results, winning.into_iter().collect::<Vec<_>>(), "{spec}");
    }
}

#[test]
fn readme_example_and_every_result_is_a_spec() {
    let spec = "kayles(13) + nim(3,4,5) + sub{1,2,4}(10)";
    let report = json(&["value", spec]);
    assert_eq!(report["spec"], spec);
    // kayles(13) = 1 (OEIS A002186), nim = 2, sub{1,2,4}(10) = 1.
    assert_eq!(report["value"], 1 ^ 2 ^ 1);
    for winning in report["winning_moves"].as_array().expect("winning_moves") {
        let result = winning["result"].as_str().expect("result");
        assert_eq!(value_of(result).0, 0, "{result}");
    }
}

// ---------------------------------------------------------------------------------------------
// Every subcommand

#[test]
fn moves_lists_every_move_and_marks_the_winning_ones() {
    let text = answer(&["moves", "sub{1,2,4}(8) + sub{1,3}(5)"]);
    let marked = text
        .lines()
        .filter(|line| line.trim_start().starts_with('*'))
        .count();
    assert_eq!(marked, 2, "{text}");
    let report = json(&["moves", "sub{1,2,4}(8) + sub{1,3}(5)"]);
    assert_eq!(report["value"], 3);
    assert_eq!(report["outcome"], "N");
    let moves = report["moves"].as_array().expect("moves");
    assert_eq!(moves.len(), 3 + 2);
    for entry in moves {
        for field in MOVE_FIELDS.iter().chain(&["value_after", "winning"]) {
            assert!(entry.get(field).is_some(), "no '{field}' in {entry}");
        }
        let result = entry["result"].as_str().expect("result");
        assert_eq!(entry["value_after"], value_of(result).0, "{result}");
        assert_eq!(entry["winning"], entry["value_after"] == 0);
    }
    // A finished game has no moves.
    let report = json(&["moves", "0"]);
    assert_eq!(report["moves"].as_array().map(Vec::len), Some(0));
    assert!(answer(&["moves", "0"]).contains("no moves"));
}

#[test]
fn nimber_arithmetic() {
    assert_eq!(answer(&["nimber", "3*5+7"]), "8\n");
    assert_eq!(answer(&["nimber", "inv(2)"]), "3\n");
    assert_eq!(answer(&["nimber", "sqrt(3)"]), "2\n");
    let report = json(&["nimber", "3*5+7"]);
    assert_eq!(report["expression"], "3*5+7");
    assert_eq!(report["value"], 8);
    assert!(report.get("schema").is_some());

    // With no expression: one expression per line on stdin, one result per line.
    let run = grundy_with_input(&["nimber"], "3*5+7\ninv(2)\n\n2^2\n16*16\n");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stdout, "8\n3\n3\n24\n");
    // A bad line is reported with its number; the other lines are still answered.
    let run = grundy_with_input(&["nimber"], "1+1\n3 +\n2*2\n");
    assert_eq!(run.code, Some(2));
    assert_eq!(run.stdout, "0\n3\n");
    assert!(run.stderr.starts_with("line 2: error:"), "{}", run.stderr);
    let run = grundy_with_input(&["nimber", "--format", "json"], "2*3\n");
    let report: Value = serde_json::from_str(run.stdout.trim()).expect("JSON");
    assert_eq!(report["value"], 1);
}

/// The published nim products of `crates/grundy/tests/data/nim_product_table.txt` (OEIS
/// A051775), in the Library Checker input format.
#[test]
fn nimber_pairs() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../grundy/tests/data/nim_product_table.txt");
    let table = std::fs::read_to_string(path).expect("the table");
    let rows: Vec<Vec<u64>> = table
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            line.split_whitespace()
                .map(|v| v.parse().expect("a number"))
                .collect()
        })
        .collect();
    let mut input = String::new();
    let mut expected = String::new();
    let mut count = 0;
    for (n, row) in rows.iter().enumerate() {
        for (m, value) in row.iter().enumerate() {
            input.push_str(&format!("{n} {m}\n"));
            expected.push_str(&format!("{value}\n"));
            count += 1;
        }
    }
    assert_eq!(count, 96);
    let run = grundy_with_input(&["nimber", "--pairs"], &format!("{count}\n{input}"));
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stdout, expected);
}

/// The Library Checker's example of nim products, through the CLI.
#[test]
fn nimber_pairs_library_checker_example() {
    let Some((input, output)) = library_checker::example("nim_product_64") else {
        return;
    };
    let run = grundy_with_input(&["nimber", "--pairs"], &input);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(
        run.stdout.split_whitespace().collect::<Vec<_>>(),
        output.split_whitespace().collect::<Vec<_>>()
    );
}

#[test]
fn completions() {
    let script = answer(&["completions", "bash"]);
    assert_contains(&script, &["complete"]);
    for subcommand in ["value", "moves", "seq", "nimber", "completions"] {
        assert!(
            script.contains(subcommand),
            "no {subcommand} in the bash completions"
        );
    }
    for shell in ["zsh", "fish"] {
        assert!(!answer(&["completions", shell]).is_empty());
    }
}

#[test]
fn value_json_has_the_documented_fields() {
    let report = json(&["value", "kayles(5) + wythoff(1,4) + turtles(HTTHT)"]);
    assert_eq!(report["schema"], 1);
    for field in ["spec", "value", "outcome", "components", "winning_moves"] {
        assert!(report.get(field).is_some(), "no '{field}' in {report}");
    }
    // kayles(5) = 4, wythoff(1,4) = 5, turtles(HTTHT) = 1 ^ 4.
    assert_eq!(report["value"], 4 ^ 5 ^ 5);
    assert_eq!(report["components"].as_array().map(Vec::len), Some(3));
    for winning in report["winning_moves"].as_array().expect("winning_moves") {
        for field in MOVE_FIELDS {
            assert!(winning.get(field).is_some(), "no '{field}' in {winning}");
        }
        let component = winning["component"].as_u64().expect("component") as usize;
        assert_eq!(winning["from"], report["components"][component]["spec"]);
        assert_eq!(value_of(winning["result"].as_str().expect("result")).0, 0);
    }
    // A P-position reports no winning move.
    let report = json(&["value", "nim(1,2,3)"]);
    assert_eq!(report["outcome"], "P");
    assert_eq!(report["winning_moves"].as_array().map(Vec::len), Some(0));
}

#[test]
fn a_closed_pipe_ends_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["seq", "nim", "--to", "2000000", "--format", "csv"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("grundy starts");
    let mut stdout = child.stdout.take().expect("stdout");
    let mut start = [0u8; 8];
    stdout.read_exact(&mut start).expect("some output");
    drop(stdout);
    let output = child.wait_with_output().expect("grundy ends");
    assert_eq!(&start, b"n,value\n");
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}

// ---------------------------------------------------------------------------------------------
// Bad input

#[test]
fn malformed_specs_are_bad_input() {
    for spec in [
        "nim(-1)",
        "0.8(3)",
        "sub{}(5)",
        "sub{0}(5)",
        "kayles(10^30)",
        "nim(99999999999999999999)",
        "digraph(a>b; c)",
        "foo(3)",
        "chess(3)",
        "nim(3) x",
        "nim(3) + kayles(2) )",
        "nim(3",
        "nim(3))",
        "((nim(3)",
        "nim(3,,4)",
        "nim(3) +",
        "+ nim(3)",
        "",
        "   ",
        "take[5..2](9)",
        "take[0..2](9)",
        "octal(0.F)(3)",
        "hex(0.G)(3)",
        "1.3(4)",
        "0.7[(3)",
        "turtles(HXT)",
        "turtles()",
        "turn{}(H)",
        "turn{run 0..3}(H)",
        "mogul(HT",
        "cram(3y4)",
        "cram(oo/o)",
        "cram(0x3)",
        "green(a-b; ground=c)",
        "green(a-b)",
        "wythoff(3)",
        "wythoff(1,2,3)",
        "nim(３)",
        "ñim(3)",
        "digraph(@/nonexistent/grundy-test-file; a)",
    ] {
        let stderr = refused(&["value", spec], 2);
        assert!(!stderr.contains("limit reached"), "{spec}: {stderr}");
    }
    // The caret points at the bad token.
    let stderr = refused(&["value", "nim(-1)"], 2);
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.get(1).map(|l| l.trim()), Some("nim(-1)"), "{stderr}");
    assert_eq!(
        lines.get(2).map(|l| l.find('^')),
        Some(Some(2 + 4)),
        "{stderr}"
    );
    // The seeds' and the cases name their problem.
    assert!(refused(&["value", "0.8(3)"], 2).contains("octal"));
    assert!(refused(&["value", "sub{}(5)"], 2).contains("empty"));
    assert!(refused(&["value", "kayles(10^30)"], 2).contains("too large"));
    assert!(refused(&["value", "foo(3)"], 2).contains("unknown game 'foo'"));
}

#[test]
fn cycles_are_analysed_in_normal_play_and_named_in_misere_play() {
    // Issue 5: a digraph with a cycle gets a generalised (loopy) value instead of an error.
    let report = json(&["value", "digraph(a>b, b>a; a)"]);
    assert_eq!(report["value"], "inf");
    assert_eq!(report["outcome"], "D");
    assert!(answer(&["moves", "digraph(a>a; a)"]).contains("D"));
    // Misère values of games with cycles are not defined: the cycle is named.
    let stderr = refused(&["value", "digraph(a>b, b>a; a)", "--misere"], 2);
    assert_contains(&stderr, &["cycle"]);
    assert!(stderr.contains("b>a; b"), "the cycle is named: {stderr}");
}

#[test]
fn limits_stop_with_exit_code_1() {
    for args in [
        // No period is known for Grundy's game, so a huge heap needs a table (issue 3 answers
        // kayles(10^18) by its proved period instead).
        &["value", "grundy(10^18)"][..],
        &["value", "grundy(10^15) + nim(3)"],
        &["value", "wythoff(10^6,10^6)"],
        &["moves", "nim(10^18)"],
        &["seq", "kayles", "--to", "10^18"],
        // Regression: this used to fill memory with the values of Nim heaps.
        &["seq", "nim", "--to", "10^12"],
        &["value", "kayles(100)", "--max-positions", "10"],
        &["value", "wythoff(300,300)", "--max-work", "10^4"],
        // Regression: moves to three heaps were charged too little work, so this ran for
        // minutes with the default limits.
        &["value", "hex(0.8)(5000)", "--max-work", "10^5"],
        &["value", &format!("turtles({})", "H".repeat(129))],
    ] {
        let stderr = refused(args, 1);
        assert!(stderr.contains("limit"), "{args:?}: {stderr}");
    }
    // Limits that are refused at once, before any work, with the default limits too.
    for spec in ["grundy(10^18)", "wythoff(10^6,10^6)"] {
        let stderr = refused(&["value", spec], 1);
        assert!(stderr.contains("needs"), "{spec}: {stderr}");
    }
}

#[test]
fn bad_arguments_are_bad_input() {
    refused(&["seq", "wythoff", "--to", "5"], 2);
    refused(&["seq", "kayles(3)", "--to", "5"], 2);
    refused(&["seq", "kayles", "--to", "10^30"], 2);
    refused(&["seq", "kayles", "--to", "-1"], 2);
    refused(&["seq", "kayles"], 2);
    refused(&["value"], 2);
    refused(&["frobnicate"], 2);
    refused(&["completions", "no-such-shell"], 2);
    refused(&["value", "nim(3)", "--format", "yaml"], 2);
    // csv is a format of sequences only.
    refused(&["value", "nim(3)", "--format", "csv"], 2);
    refused(&["nimber", "1/0"], 2);
    refused(&["nimber", "inv(0)"], 2);
    refused(&["nimber", "3 +"], 2);
    refused(&["nimber", "0x"], 2);
    refused(&["nimber", "18446744073709551616"], 2);
    // Regression: deep nesting used to overflow the stack.
    let nested = |depth: usize| format!("{}1{}", "(".repeat(depth), ")".repeat(depth));
    assert!(refused(&["nimber", &nested(60_000)], 2).contains("nested"));
    let run = grundy_with_input(&["nimber"], &(nested(500_000) + "\n1+2\n"));
    assert_eq!(run.code, Some(2), "{run:?}");
    assert_eq!(run.stdout, "3\n");
    assert!(run.stderr.starts_with("line 1: error:"), "{}", run.stderr);
    assert_contains(&run.stderr, &["nested"]);
    for input in ["", "x", "2\n1 2\n", "1\n1 -2\n"] {
        let run = grundy_with_input(&["nimber", "--pairs"], input);
        assert_eq!(run.code, Some(2), "{input:?}: {run:?}");
        assert!(run.stderr.starts_with("error:"), "{input:?}: {run:?}");
    }
}

/// Issue 15: a reader that stops early (`grundy ... | head`) ends the command quietly, in JSON
/// and in text: exit 0 and nothing on stderr, where it said "error: writing JSON: Broken pipe".
#[test]
fn a_closed_pipe_ends_json_quietly() {
    for format in ["json", "text"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(["seq", "kayles", "--to", "200000", "--format", format])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = [0u8; 10];
        child.stdout.take().unwrap().read_exact(&mut first).unwrap();
        // The pipe's reading end is closed here, long before the output (over a megabyte) ends.
        let mut stderr = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut stderr)
            .unwrap();
        let status = child.wait().unwrap();
        assert_eq!((status.code(), stderr.as_str()), (Some(0), ""), "{format}");
    }
}

/// Issue 15's test matrix, the command line's part: `value`, `moves` and `dag` (in normal and
/// misère play) print the library's own report of every kind of game, or its error as the
/// JSON error document on stdout, with exit code 2 for bad input (misère play of a game with
/// a cycle included); partizan specs `value` and `moves` only, by the partizan front door.
#[test]
fn every_kind_of_game_gets_the_library_report() {
    let settings = grundy::ask::Settings::default();
    for face in harness::face_specs() {
        for args in harness::face_runs(&face) {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let run = harness::grundy(&args);
            let play = grundy::Play::from_misere(args.contains(&"--misere"));
            let expected = if face.partizan {
                // The partizan front door; `dag` is not asked of these.
                spec::parse_any_with(&face.text, spec::Options::default()).and_then(|mut game| {
                    Ok(match args[0] {
                        "value" => to_json(grundy::ask::value_of(&mut game, play, &settings)?),
                        _ => to_json(grundy::ask::moves_of(&mut game, play, &settings)?),
                    })
                })
            } else {
                spec::parse(&face.text).and_then(|sum| {
                    Ok(match args[0] {
                        "value" => to_json(grundy::ask::value(&sum, play, &settings)?),
                        "moves" => to_json(grundy::ask::moves(&sum, play, &settings)?),
                        _ => to_json(analysis::dag(&sum, 50, play)?),
                    })
                })
            };
            let (code, expected) = match expected {
                Ok(report) => (0, report),
                // Exit 1: the input is good and the method stops short (a limit, or a case
                // it does not support); 2: anything else.
                Err(error) => {
                    let stopped = error.is_limit()
                        || matches!(error.kind(), grundy::ErrorKind::Unsupported { .. });
                    (
                        if stopped { 1 } else { 2 },
                        to_json(analysis::error(&error)),
                    )
                }
            };
            assert_eq!(
                (run.code, run.stdout.trim_end()),
                (Some(code), expected.as_str()),
                "{args:?}"
            );
            assert_eq!(run.stderr, "", "{args:?}");
        }
    }
}

fn to_json(report: impl serde::Serialize) -> String {
    serde_json::to_string(&report).expect("reports serialise")
}

/// Issue 26, item 10: a negative count is said to be negative, not met with clap's tip to
/// write `-- -5`.
#[test]
fn a_negative_count_is_said_to_be_negative() {
    let run = harness::grundy(&["seq", "kayles", "--to", "-5"]);
    assert_eq!(run.code, Some(2));
    assert_contains(&run.stderr, &["-5 is negative"]);
    assert!(!run.stderr.contains("tip"), "{}", run.stderr);
}
