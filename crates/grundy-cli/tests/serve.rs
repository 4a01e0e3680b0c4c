//! `grundy serve` from outside: the real binary on 127.0.0.1 with a free port, spoken to with a
//! minimal HTTP/1.1 client (one connection per request, all on loopback). Answers are checked
//! against the library's own reports.

// Test helpers outside #[test] functions may unwrap too, as clippy.toml allows in tests.
#![allow(clippy::unwrap_used)]

mod harness;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

use grundy::{analysis, spec, Play};

use harness::assert_contains;

/// A running server, killed when dropped.
struct Server {
    child: Child,
    address: String,
    _web: TempDir,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

struct TempDir(PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn start(extra: &[&str]) -> Server {
    static STARTED: AtomicUsize = AtomicUsize::new(0);
    let web = std::env::temp_dir().join(format!(
        "grundy-serve-test-{}-{}",
        std::process::id(),
        STARTED.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(web.join("pkg")).unwrap();
    std::fs::write(
        web.join("index.html"),
        "<!doctype html><title>explorer</title>",
    )
    .unwrap();
    std::fs::write(web.join("pkg/grundy_wasm.js"), "export default 1;").unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["serve", "--port", "0", "--web"])
        .arg(&web)
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let address = line
        .trim()
        .strip_prefix("grundy explorer: http://")
        .and_then(|rest| rest.strip_suffix('/'))
        .unwrap_or_else(|| panic!("unexpected first line: {line:?}"))
        .to_string();
    Server {
        child,
        address,
        _web: TempDir(web),
    }
}

/// The target that asks the server's API `question` (`value`, `moves`, ...) about the spec text
/// `spec`.
fn asked(question: &str, spec: &str) -> String {
    format!("/api/{question}?spec={}", encode(spec))
}

/// Asks `server` `question` about the spec text `text`, expecting an answer (200) that is what
/// `grundy QUESTION TEXT --format json` prints; returns it.
fn served_as_cli(server: &Server, question: &str, text: &str) -> String {
    let (status, body) = get(&server.address, &asked(question, text));
    assert_eq!(status, 200, "{text}: {body}");
    let cli = harness::stdout(&[question, text, "--format", "json"]);
    assert_eq!(body.trim_end(), cli.trim_end(), "{text}");
    body
}

/// Asks `server` for `target`, expecting the status `status` and a JSON error whose message
/// contains `part`; returns the error report.
fn refused(server: &Server, target: &str, status: u16, part: &str) -> serde_json::Value {
    let (answered, body) = get(&server.address, target);
    assert_eq!(answered, status, "{target}: {body}");
    let report = json(&body);
    assert_contains(report["error"].as_str().unwrap_or_default(), &[part]);
    report
}

/// Percent-encodes a query value.
fn encode(text: &str) -> String {
    text.bytes()
        .map(|byte| match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                (byte as char).to_string()
            }
            _ => format!("%{byte:02X}"),
        })
        .collect()
}

/// `GET target`: the status and the body.
fn get(address: &str, target: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(address).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    write!(
        stream,
        "GET {target} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let (head, body) = response.split_once("\r\n\r\n").unwrap();
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    (status, body.to_string())
}

fn json(body: &str) -> serde_json::Value {
    serde_json::from_str(body).unwrap_or_else(|error| panic!("{error}: {body}"))
}

#[test]
fn binds_loopback_by_default() {
    let server = start(&[]);
    assert!(
        server.address.starts_with("127.0.0.1:"),
        "{}",
        server.address
    );
}

#[test]
fn answers_200_concurrent_value_requests_correctly() {
    let server = start(&[]);
    let specs: Vec<String> = (0..200)
        .map(|i| {
            format!(
                "kayles({}) + nim({},{}) + sub{{1,2,4}}({})",
                i % 40,
                i,
                i / 3,
                i % 17
            )
        })
        .collect();
    let barrier = Arc::new(Barrier::new(specs.len()));
    let threads: Vec<_> = specs
        .iter()
        .cloned()
        .map(|text| {
            let barrier = Arc::clone(&barrier);
            let address = server.address.clone();
            std::thread::spawn(move || {
                barrier.wait();
                get(&address, &asked("value", &text))
            })
        })
        .collect();
    for (thread, text) in threads.into_iter().zip(&specs) {
        let (status, body) = thread.join().unwrap();
        assert_eq!(status, 200, "{text}: {body}");
        let sum = spec::parse(text).unwrap();
        let expected =
            grundy::ask::value(&sum, Play::Normal, &grundy::ask::Settings::default()).unwrap();
        assert_eq!(body.trim_end(), serde_json::to_string(&expected).unwrap());
    }
}

#[test]
fn serves_every_report() {
    let server = start(&[]);
    let (status, body) = get(&server.address, "/api/seq?rule=kayles&to=12");
    assert_eq!(status, 200);
    // OEIS A002186.
    assert_eq!(
        json(&body)["values"],
        serde_json::json!([0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4])
    );
    let (status, body) = get(&server.address, "/api/dag?spec=kayles(6)");
    assert_eq!(status, 200);
    let expected = analysis::dag(&spec::parse("kayles(6)").unwrap(), 200, Play::Normal).unwrap();
    assert_eq!(body.trim_end(), serde_json::to_string(&expected).unwrap());
    let (status, body) = get(&server.address, "/api/dag?spec=kayles(6)&misere=1");
    assert_eq!(status, 200);
    let expected = analysis::dag(&spec::parse("kayles(6)").unwrap(), 200, Play::Misere).unwrap();
    assert_eq!(body.trim_end(), serde_json::to_string(&expected).unwrap());
    let (status, body) = get(&server.address, &asked("moves", "nim(3,4,5)"));
    assert_eq!(status, 200);
    assert_eq!(json(&body)["moves"].as_array().unwrap().len(), 12);
    let (status, body) = get(&server.address, "/");
    assert_eq!(
        (status, body.as_str()),
        (200, "<!doctype html><title>explorer</title>")
    );
}

#[test]
fn bad_requests_are_json_400_within_the_time_cap() {
    let server = start(&["--time-limit-ms", "3000"]);
    let cases = [
        (asked("value", "nim(3"), "expected"),
        (asked("value", "foo(1)"), "unknown game"),
        ("/api/value".to_string(), "missing"),
        (
            format!("/api/value?spec=nim({})", "1,".repeat(600)),
            "limit of 1000",
        ),
        (
            format!("/api/value?spec=x&pad={}", "a".repeat(5000)),
            "limit of 4096",
        ),
        (asked("value", "grundy(10^9)"), "limit"),
        (asked("value", "wythoff(10^5,10^5)"), "limit"),
        (asked("moves", "nim(10^9)"), "limit"),
        (asked("dag", "nim(10^5,10^5)"), "limit"),
        (
            "/api/seq?rule=kayles&to=10^9".to_string(),
            "limit of 100000",
        ),
        ("/api/seq?rule=kayles".to_string(), "missing"),
        (
            format!("/api/dag?spec=nim(3)&max_nodes={}", 5000),
            "limit of 1000",
        ),
    ];
    for (target, message) in cases {
        let started = Instant::now();
        let (status, body) = get(&server.address, &target);
        let elapsed = started.elapsed();
        let start: String = body.chars().take(300).collect();
        assert_eq!(status, 400, "{target}: {start}");
        let report = json(&body);
        let error = report["error"].as_str().unwrap();
        assert!(error.contains(message), "{target}: {error}");
        assert!(
            elapsed < Duration::from_millis(3500),
            "{target} took {elapsed:?}"
        );
    }
    let (status, body) = get(&server.address, &asked("value", "nim(3"));
    assert_eq!(
        (status, json(&body)["span"].clone()),
        (400, serde_json::json!([5, 5]))
    );
    refused(&server, "/api/nothing", 404, "no such API");
    for target in ["/../Cargo.toml", "/pkg/../../x", "/.hidden", "/missing.js"] {
        assert_eq!(get(&server.address, target).0, 404, "{target}");
    }
}

#[test]
fn slow_requests_stop_at_the_time_limit() {
    // Three-heap splits are computed plainly: 0.8 to 20000 heaps is about 10^12 triples, far
    // more than 30 ms allow.
    let server = start(&["--time-limit-ms", "30"]);
    let started = Instant::now();
    let report = refused(
        &server,
        "/api/seq?rule=hex(0.8)&to=20000",
        400,
        "time limit",
    );
    assert_eq!(report["limit"], serde_json::json!(true));
    // Issue 26, item 10: the timeout says what can be done.
    assert_contains(
        report["help"].as_str().unwrap_or_default(),
        &["--time-limit-ms"],
    );
    assert!(started.elapsed() < Duration::from_secs(2));
}

/// A value request that searches for seconds (in a debug build; about one in a release build)
/// before the work limit stops it: Wythoff's game has no closed form for its values.
const SLOW: &str = "/api/value?spec=wythoff(1000%2C1000)";

/// The server's workers, counted as it counts them.
fn workers() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get().max(2))
}

/// `get`, timed.
fn timed_get(address: &str, target: &str) -> (u16, String, Duration) {
    let started = Instant::now();
    let (status, body) = get(address, target);
    (status, body, started.elapsed())
}

/// The server's peak resident memory in KiB (0 where `/proc` says nothing).
fn peak_kib(server: &Server) -> u64 {
    harness::high_water_kib(&format!("/proc/{}/status", server.child.id()))
}

#[test]
fn timed_out_requests_free_their_workers_for_fast_ones() {
    // Twice as many slow requests as workers: the first ones take every worker, the rest wait.
    // Cancelled at the time limit, they free the workers at once, so fast requests sent
    // meanwhile are answered before their own time limit (without cancelling, every worker
    // would stay busy until the work limit, and the fast requests would be turned away).
    let time_limit = Duration::from_millis(300);
    let server = start(&["--time-limit-ms", "300"]);
    let slow: Vec<_> = (0..2 * workers())
        .map(|_| {
            let address = server.address.clone();
            std::thread::spawn(move || timed_get(&address, SLOW))
        })
        .collect();
    std::thread::sleep(time_limit / 2);
    for heap in 0..20 {
        let target = format!("/api/value?spec=nim({heap}%2C3)");
        let (status, body, elapsed) = timed_get(&server.address, &target);
        assert_eq!(status, 200, "{target}: {body}");
        assert_eq!(json(&body)["value"], serde_json::json!(heap ^ 3));
        assert!(elapsed < time_limit, "{target} took {elapsed:?}");
    }
    for thread in slow {
        let (status, body, elapsed) = thread.join().unwrap();
        assert!(matches!(status, 400 | 503), "{status}: {body}");
        assert_eq!(json(&body)["limit"], serde_json::json!(true), "{body}");
        assert!(elapsed < time_limit + Duration::from_secs(1), "{elapsed:?}");
    }
}

#[test]
fn under_load_every_request_is_answered_in_time() {
    // 200 requests at once, a quarter of them pathological (long searches, huge DAGs and
    // sequences, too long specs): each gets a value or a 400/503 error within the time limit
    // and a second, and the server's memory stays bounded. `cargo test --release -p grundy-cli
    // --test serve load -- --nocapture` prints the figures.
    let time_limit = Duration::from_millis(1000);
    let server = start(&["--time-limit-ms", "1000"]);
    let pathological = [
        SLOW.to_string(),
        "/api/moves?spec=wythoff(900%2C1000)".to_string(),
        "/api/dag?spec=kayles(40)%2Bnim(9%2C9%2C9)&max_nodes=1000".to_string(),
        "/api/seq?rule=hex(0.8)&to=100000".to_string(),
        format!("/api/value?spec={}", "nim(1)%2B".repeat(400)),
    ];
    let targets: Vec<String> = (0..200)
        .map(|i| match i % 4 {
            0 => pathological[i / 4 % pathological.len()].clone(),
            _ => format!("/api/value?spec=kayles({})%2Bnim({i})", i % 50),
        })
        .collect();
    let barrier = Arc::new(Barrier::new(targets.len()));
    let threads: Vec<_> = targets
        .iter()
        .map(|target| {
            let (barrier, address, target) =
                (Arc::clone(&barrier), server.address.clone(), target.clone());
            std::thread::spawn(move || {
                barrier.wait();
                timed_get(&address, &target)
            })
        })
        .collect();
    let mut answers: Vec<(u16, Duration)> = Vec::new();
    for (thread, target) in threads.into_iter().zip(&targets) {
        let (status, body, elapsed) = thread.join().unwrap();
        assert!(
            matches!(status, 200 | 400 | 503),
            "{target}: {status} {body}"
        );
        json(&body);
        assert!(
            elapsed < time_limit + Duration::from_secs(1),
            "{target} took {elapsed:?}"
        );
        answers.push((status, elapsed));
    }
    let peak = peak_kib(&server);
    assert!(peak < 256 * 1024, "the server peaked at {peak} KiB");
    answers.sort_by_key(|&(_, elapsed)| elapsed);
    let count = |code| {
        answers
            .iter()
            .filter(|&&(status, _)| status == code)
            .count()
    };
    eprintln!(
        "200 requests, {} workers: {} answered 200, {} 400, {} 503; latency median {:?}, \
         slowest {:?}; server peak memory {} MiB",
        workers(),
        count(200),
        count(400),
        count(503),
        answers[answers.len() / 2].1,
        answers[answers.len() - 1].1,
        peak / 1024
    );
}

/// The report without the face's own `help` line (each face names its own way past a limit).
fn without_help(body: &str) -> serde_json::Value {
    let mut report = json(body);
    if let Some(fields) = report.as_object_mut() {
        fields.remove("help");
    }
    report
}

/// Issue 15's test matrix, the HTTP API's part: `/api/value`, `/api/moves` and `/api/dag`
/// (with `misere=1` or not) answer every kind of game with the document the command
/// line prints, games with cycles included, and its errors as the same error document with
/// status 400 (misère play of a game with a cycle included).
#[test]
fn every_kind_of_game_gets_the_command_line_report() {
    let server = start(&[]);
    for face in harness::face_specs() {
        for args in harness::face_runs(&face) {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let cli = harness::grundy(&args);
            let mut target = asked(args[0], &face.text);
            if args.contains(&"--misere") {
                target.push_str("&misere=1");
            }
            if args[0] == "dag" {
                target.push_str("&max_nodes=50");
            }
            let (status, body) = get(&server.address, &target);
            match cli.code {
                Some(0) => assert_eq!(
                    (status, body.trim_end()),
                    (200, cli.stdout.trim_end()),
                    "{target}"
                ),
                _ => {
                    assert_eq!(status, 400, "{target}: {body}");
                    assert_eq!(without_help(&body), without_help(&cli.stdout), "{target}");
                }
            }
        }
    }
    // A limit names the command line's flag, since the server's limits are fixed.
    let (status, body) = get(&server.address, "/api/value?spec=grundy(10%5E6)");
    let report = json(&body);
    assert_eq!((status, &report["limit"]), (400, &serde_json::json!(true)));
    let help = report["help"].as_str().unwrap();
    assert_contains(help, &["--max-work 2e8"]);
    refused(
        &server,
        "/api/value?spec=nim(1)&misere=maybe",
        400,
        "'misere' is 'maybe'",
    );
}

/// `/api/seq` answers what `grundy seq --format json` prints, in both play conventions.
#[test]
fn sequences_get_the_command_line_report_in_both_conventions() {
    let server = start(&[]);
    for misere in [false, true] {
        let mut args = vec!["seq", "kayles", "--to", "30", "--format", "json"];
        let mut target = "/api/seq?rule=kayles&to=30".to_string();
        if misere {
            args.push("--misere");
            target.push_str("&misere=1");
        }
        let cli = harness::grundy(&args);
        let (status, body) = get(&server.address, &target);
        assert_eq!((status, body.trim_end()), (200, cli.stdout.trim_end()));
        let kind = if misere { "misere" } else { "normal" };
        assert!(
            body.starts_with(&format!(r#"{{"kind":"{kind}","#)),
            "{body}"
        );
    }
}

/// `/api/value` reads partizan specs as `grundy value` does: the library's partizan report,
/// tagged `"kind": "partizan"`.
#[test]
fn serves_partizan_values() {
    let server = start(&[]);
    for text in ["{1|0} + ^ + *2", "domineering(3x3) + hackenbush(lrl)"] {
        let (status, body) = get(&server.address, &asked("value", text));
        assert_eq!(status, 200, "{text}: {body}");
        let report = grundy::ask::partizan_value(text).unwrap();
        let expected = grundy::ask::ValueAnswer::Partizan(report);
        assert_eq!(body.trim_end(), serde_json::to_string(&expected).unwrap());
        assert_eq!(json(&body)["kind"], "partizan");
    }
    // Every move of each player, and the computer's move as Left or Right: the CLI's JSON.
    for text in ["{1|0} + ^ + *2", "domineering(2x3) + hackenbush(lrl)"] {
        let moves = json(&served_as_cli(&server, "moves", text));
        assert_eq!(moves["kind"], "partizan");
        for side in ["left", "right"] {
            let (status, body) = get(
                &server.address,
                &format!("{}&as={side}", asked("move", text)),
            );
            assert_eq!(status, 200, "{text}: {body}");
            let chosen = json(&body);
            assert_eq!(chosen["side"], side);
            let listed = &moves[format!("{side}_moves")];
            assert!(
                listed
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|m| m["result"] == chosen["result"]),
                "{body}"
            );
        }
    }
    let (status, body) = get(&server.address, "/api/move?spec=nim(3)&as=left");
    assert_eq!(status, 400, "{body}");
    let (status, body) = get(&server.address, "/api/move?spec=hackenbush(l)&as=middle");
    assert_eq!(status, 400, "{body}");
    assert_contains(&body, &["left or right"]);
    refused(&server, &asked("value", "{1|0"), 400, "'}'");
}

/// `/api/thermograph` answers with the report of `grundy thermograph --format json`: the walls
/// as data and the SVG picture the page and Jupyter show.
#[test]
fn serves_thermographs() {
    let server = start(&[]);
    for text in ["{5|{2|-3}}", "domineering(2x3) + hackenbush(lr)"] {
        let body = served_as_cli(&server, "thermograph", text);
        let report = json(&body);
        assert!(
            report["svg"].as_str().unwrap().starts_with("<svg"),
            "{body}"
        );
        assert!(report["left_wall"]
            .as_array()
            .is_some_and(|wall| !wall.is_empty()));
    }
    let report = json(
        &get(
            &server.address,
            "/api/thermograph?spec=%7B5%7C%7B2%7C-3%7D%7D",
        )
        .1,
    );
    assert_eq!(
        (report["mean"].as_str(), report["temperature"].as_str()),
        (Some("9/4"), Some("11/4"))
    );
    // An impartial game is its nimber: nim(3) is *3, a mast at 0; a missing spec is named.
    let (status, body) = get(&server.address, "/api/thermograph?spec=nim(3)");
    assert_eq!(status, 200, "{body}");
    let report = json(&body);
    assert_eq!(
        (report["canonical"].as_str(), report["mean"].as_str()),
        (Some("*3"), Some("0"))
    );
    let cli = harness::stdout(&["thermograph", "nim(3)", "--format", "json"]);
    assert_eq!(body.trim_end(), cli.trim_end());
    let (status, body) = get(&server.address, "/api/thermograph");
    assert_eq!(status, 400, "{body}");
    assert_contains(&body, &["spec"]);
}
