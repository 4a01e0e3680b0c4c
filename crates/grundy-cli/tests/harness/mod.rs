//! The one way the command-line tests run `grundy`: with arguments and standard input, killed
//! after [`HANG`] so that a hang fails the test instead of stalling the suite, checked for
//! panics, and with its peak memory sampled.
//!
//! Each test file includes this module (`mod harness;`) and uses the part it needs.
#![allow(dead_code)] // shared by several test crates, each of which uses only some of it

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use serde_json::Value;

mod asserts;
#[allow(unused_imports)] // as for the rest of the harness: each test crate uses only some
pub use asserts::{assert_contains, assert_ends_with};

/// Longer than any run here should take by far; only a hang reaches it.
pub const HANG: Duration = Duration::from_secs(60);

/// What a run of `grundy` left behind.
#[derive(Debug)]
pub struct Run {
    /// The exit code (`None` when killed by a signal).
    pub code: Option<i32>,
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
    /// The largest resident memory seen (`VmHWM` of `/proc`, sampled every few milliseconds
    /// while the process ran), in KiB; 0 where `/proc` says nothing.
    pub peak_kib: u64,
    /// How long it ran.
    pub elapsed: Duration,
}

/// Runs `grundy` with `args`, feeding it `input` on standard input.
pub fn grundy_with_input(args: &[&str], input: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("grundy starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_string();
    let writer = thread::spawn(move || {
        // The command may exit before reading everything; that is not this test's concern.
        let _ = stdin.write_all(input.as_bytes());
    });
    let mut stdout = child.stdout.take().expect("stdout");
    let mut stderr = child.stderr.take().expect("stderr");
    let out_reader = thread::spawn(move || {
        let mut bytes = Vec::new();
        stdout.read_to_end(&mut bytes).map(|_| bytes)
    });
    let err_reader = thread::spawn(move || {
        let mut text = String::new();
        stderr.read_to_string(&mut text).map(|_| text)
    });
    let status_file = format!("/proc/{}/status", child.id());
    let start = Instant::now();
    let mut peak_kib = 0;
    let status = loop {
        peak_kib = peak_kib.max(high_water_kib(&status_file));
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if start.elapsed() > HANG {
            let _ = child.kill();
            let _ = child.wait();
            panic!("grundy {args:?} did not finish within {HANG:?}");
        }
        thread::sleep(Duration::from_millis(2));
    };
    let elapsed = start.elapsed();
    let _ = writer.join();
    let stdout = out_reader.join().expect("reader").expect("stdout");
    let run = Run {
        code: status.code(),
        stdout: String::from_utf8(stdout).expect("utf-8 stdout"),
        stderr: err_reader.join().expect("reader").expect("utf-8 stderr"),
        peak_kib,
        elapsed,
    };
    assert!(
        !run.stderr.contains("panicked"),
        "grundy {args:?} panicked: {}",
        run.stderr
    );
    run
}

/// `VmHWM` (peak resident memory) in a `/proc/PID/status` file, in KiB; 0 when absent.
pub fn high_water_kib(status_file: &str) -> u64 {
    std::fs::read_to_string(status_file)
        .ok()
        .and_then(|text| {
            let line = text.lines().find(|line| line.starts_with("VmHWM:"))?;
            line.split_whitespace().nth(1)?.parse().ok()
        })
        .unwrap_or(0)
}

/// Runs `grundy` with nothing on standard input.
pub fn grundy(args: &[&str]) -> Run {
    grundy_with_input(args, "")
}

/// Runs `grundy args` and compares its exit code, stdout and stderr with the snapshot
/// `expected` (expect-test).
pub fn check(args: &[&str], expected: expect_test::Expect) {
    expected.assert_eq(&snapshot(args));
}

/// [`check`] against a snapshot kept in a file (`expect_file!["snapshots/NAME.txt"]`): the long
/// tables and move lists, whose lines repeat each other's shape.
pub fn check_file(args: &[&str], expected: expect_test::ExpectFile) {
    expected.assert_eq(&snapshot(args));
}

/// The exit code, stdout and stderr of `grundy args`, as the snapshots show them.
fn snapshot(args: &[&str]) -> String {
    let run = grundy(args);
    let mut text = format!("exit {}\n{}", run.code.unwrap_or(-1), run.stdout);
    if !run.stderr.is_empty() {
        text.push_str("--- stderr\n");
        text.push_str(&run.stderr);
    }
    text
}

/// Runs `grundy` and expects success; returns standard output.
pub fn stdout(args: &[&str]) -> String {
    let run = grundy(args);
    assert_eq!(run.code, Some(0), "grundy {args:?}: {}", run.stderr);
    run.stdout
}

/// Runs `grundy` and expects success with nothing on standard error.
pub fn answer(args: &[&str]) -> String {
    let run = grundy(args);
    assert_eq!(run.code, Some(0), "grundy {args:?}: {}", run.stderr);
    assert_eq!(run.stderr, "", "grundy {args:?}");
    run.stdout
}

/// Runs `grundy` with `--format json` added and parses the one document it prints.
pub fn json(args: &[&str]) -> Value {
    let mut args = args.to_vec();
    args.extend(["--format", "json"]);
    let stdout = answer(&args);
    assert_eq!(stdout.lines().count(), 1, "one JSON document: {stdout}");
    serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("grundy {args:?}: {e}: {stdout}"))
}

/// Runs `grundy` with `args` as given (which ask for JSON) and parses what it prints.
pub fn document(args: &[&str]) -> Value {
    let stdout = stdout(args);
    serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("grundy {args:?}: {e}: {stdout}"))
}

/// Runs `grundy` expecting it to refuse with `code`, an `error:` line and nothing on stdout;
/// returns standard error.
pub fn refused(args: &[&str], code: i32) -> String {
    let run = grundy(args);
    assert_eq!(run.code, Some(code), "grundy {args:?}: {run:?}");
    assert_eq!(run.stdout, "", "grundy {args:?} printed to stdout");
    let first = run.stderr.lines().next().unwrap_or("");
    assert!(
        first.starts_with("error:") && first.len() > "error: ".len(),
        "grundy {args:?}: {}",
        run.stderr
    );
    run.stderr
}

/// A file name in a folder of this test process's own.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-cli-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir.join(name)
}

/// A spec of issue 15's test matrix, and whether it is in the file's partizan part (after the
/// heading `## partizan`), which is asked `value` and `moves` only.
pub struct FaceSpec {
    pub text: String,
    pub partizan: bool,
}

/// The specs of issue 15's test matrix (`crates/grundy/tests/data/faces.txt`), which every
/// face answers alike.
pub fn face_specs() -> Vec<FaceSpec> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../grundy/tests/data/faces.txt"
    );
    let text = std::fs::read_to_string(path).unwrap_or_else(|error| panic!("{path}: {error}"));
    let mut partizan = false;
    let mut specs = Vec::new();
    for line in text.lines() {
        if line.trim() == "## partizan" {
            partizan = true;
        } else if !line.starts_with('#') && !line.trim().is_empty() {
            specs.push(FaceSpec {
                text: line.to_string(),
                partizan,
            });
        }
    }
    specs
}

/// The runs of the matrix for `spec`: each command's arguments (`--format json` last); no
/// `dag` for a partizan spec.
pub fn face_runs(spec: &FaceSpec) -> Vec<Vec<String>> {
    let mut runs = Vec::new();
    for command in ["value", "moves"] {
        for misere in [false, true] {
            let mut args = vec![command.to_string(), spec.text.clone()];
            if misere {
                args.push("--misere".to_string());
            }
            runs.push(args);
        }
    }
    for misere in [false, true] {
        if spec.partizan {
            break;
        }
        let mut args = vec![
            "dag".into(),
            spec.text.clone(),
            "--max-nodes".into(),
            "50".into(),
        ];
        if misere {
            args.push("--misere".to_string());
        }
        runs.push(args);
    }
    runs.iter_mut()
        .for_each(|args| args.extend(["--format".to_string(), "json".to_string()]));
    runs
}
