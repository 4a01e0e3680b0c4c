//! The tidy test, as rust-analyzer keeps one: the invariants that ARCHITECTURE.md states,
//! checked on the source text of the whole workspace.
//!
//! - every Rust source file opens with a doc comment (`//!`);
//! - the library (`crates/grundy/src`, tests apart) never reads the clock or the filesystem;
//! - only `analysis` derives `Serialize`;
//! - only `spec` parses text, apart from the few helpers listed in [`PARSES_TEXT`], which
//!   `spec` calls;
//! - no `unwrap` or `expect` outside tests, except where a comment beside it says why it cannot
//!   fail.
//!
//! Each rule is a function of a file's path and text, and the tests at the end show each rule
//! failing on a file that breaks it.

use std::path::{Path, PathBuf};

/// Library files besides `spec.rs` that turn text into values, each called by `spec` (or, for
/// `play/typed.rs`, reading a move typed by number), with the reason.
const PARSES_TEXT: [(&str, &str); 4] = [
    ("rules/take_break.rs", "a code's digits, for spec"),
    ("rules/coins.rs", "a row of coins, for spec"),
    ("rules/cram/mod.rs", "a board of squares, for spec"),
    ("play/typed.rs", "a move typed by its number"),
];

/// What reads the clock or the filesystem.
const CLOCK_OR_FILES: [&str; 6] = [
    "std::time",
    "Instant",
    "SystemTime",
    "std::fs",
    "File::",
    "std::env",
];

/// What parses text.
const PARSING: [&str; 4] = [".parse::<", ".parse()", "FromStr", "fn parse"];

/// The workspace's root folder.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every `.rs` file under `folder`, skipping build output.
fn rust_files(folder: &Path, found: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        if path.is_dir() {
            if name != "target" && name != "node_modules" && name != "pkg" {
                rust_files(&path, found);
            }
        } else if path.extension().is_some_and(|extension| extension == "rs") {
            found.push(path);
        }
    }
}

/// The workspace's Rust files, as paths relative to the root (with `/`) and their text.
fn workspace() -> Vec<(String, String)> {
    let mut files = Vec::new();
    rust_files(&root().join("crates"), &mut files);
    rust_files(&root().join("fuzz"), &mut files);
    let mut sources: Vec<(String, String)> = files
        .into_iter()
        .map(|path| {
            let relative = path.strip_prefix(root()).unwrap_or(&path);
            let name = relative.to_string_lossy().replace('\\', "/");
            let text = std::fs::read_to_string(&path).expect("a readable source file");
            (name, text)
        })
        .collect();
    sources.sort();
    assert!(sources.len() > 50, "the workspace's sources were not found");
    sources
}

/// Whether `path` is test code as a whole (a `tests` folder or a `tests.rs` module, benches,
/// fuzz targets).
fn is_test_file(path: &str) -> bool {
    path.split('/')
        .any(|part| part == "tests" || part == "tests.rs" || part == "benches" || part == "fuzz")
}

/// The lines of `text` that are code outside tests: up to the first `#[cfg(test)]`, without
/// comment lines, numbered from 1, each with the line before it.
fn code_lines(text: &str) -> Vec<(usize, &str, &str)> {
    let mut lines = Vec::new();
    let mut before = "";
    for (index, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("#[cfg(test)]") {
            break;
        }
        if !line.trim_start().starts_with("//") {
            lines.push((index + 1, line, before));
        }
        before = line;
    }
    lines
}

/// Whether a library file is part of `analysis`.
fn in_analysis(library_path: &str) -> bool {
    library_path == "analysis.rs" || library_path.starts_with("analysis/")
}

/// The rules broken by the file at `path` with `text`, one line each.
fn violations(path: &str, text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let first = text
        .lines()
        .find(|line| !line.trim().is_empty())
        .unwrap_or("");
    if !first.starts_with("//!") {
        found.push(format!("{path}: does not open with a doc comment (//!)"));
    }
    if is_test_file(path) || !path.contains("/src/") {
        return found;
    }
    for (number, line, before) in code_lines(text) {
        let comment_above = before.trim_start().starts_with("// ");
        let commented = line.contains(" // ") || comment_above;
        if (line.contains(".unwrap()") || line.contains(".expect(\"")) && !commented {
            found.push(format!(
                "{path}:{number}: unwrap or expect without a comment saying why it cannot fail"
            ));
        }
    }
    let Some(library_path) = path.strip_prefix("crates/grundy/src/") else {
        return found;
    };
    for (number, line, _) in code_lines(text) {
        for word in CLOCK_OR_FILES {
            if line.contains(word) {
                found.push(format!(
                    "{path}:{number}: the library reads no clock or file ({word})"
                ));
            }
        }
        if line.contains("Serialize") && !in_analysis(library_path) {
            found.push(format!("{path}:{number}: only analysis derives Serialize"));
        }
        let allowed =
            library_path == "spec.rs" || PARSES_TEXT.iter().any(|(file, _)| *file == library_path);
        for word in PARSING {
            if line.contains(word) && !allowed {
                found.push(format!(
                    "{path}:{number}: only spec parses text ({word}); list an exception in PARSES_TEXT"
                ));
            }
        }
    }
    found
}

#[test]
fn the_workspace_keeps_the_architecture_invariants() {
    let broken: Vec<String> = workspace()
        .iter()
        .flat_map(|(path, text)| violations(path, text))
        .collect();
    assert!(broken.is_empty(), "tidy:\n{}", broken.join("\n"));
}

#[test]
fn the_exceptions_still_parse_text() {
    // An exception that no longer parses anything is dead weight: remove it from the list.
    let sources = workspace();
    for (file, reason) in PARSES_TEXT {
        let path = format!("crates/grundy/src/{file}");
        let (_, text) = sources
            .iter()
            .find(|(name, _)| *name == path)
            .unwrap_or_else(|| panic!("{path} ({reason}) is gone"));
        let parses = code_lines(text)
            .iter()
            .any(|(_, line, _)| PARSING.iter().any(|word| line.contains(word)));
        assert!(parses, "{path} ({reason}) parses nothing now");
    }
}

/// The tidy test of the tidy test: each rule fails on a file that breaks it.
#[test]
fn each_rule_catches_a_file_that_breaks_it() {
    let fine = "//! A module.\n\npub fn f() -> u32 {\n    1\n}\n";
    assert_eq!(
        violations("crates/grundy/src/game.rs", fine),
        Vec::<String>::new()
    );
    let cases = [
        (
            "crates/grundy/src/game.rs",
            "pub fn f() {}\n",
            "doc comment",
        ),
        (
            "crates/grundy/src/game.rs",
            "//! A module.\nfn now() { let _ = std::time::Instant::now(); }\n",
            "no clock",
        ),
        (
            "crates/grundy/src/sum.rs",
            "//! A module.\nfn read() { let _ = std::fs::read(\"x\"); }\n",
            "no clock or file",
        ),
        (
            "crates/grundy/src/sum.rs",
            "//! A module.\n#[derive(serde::Serialize)]\nstruct Report;\n",
            "only analysis derives Serialize",
        ),
        (
            "crates/grundy/src/rules/nim.rs",
            "//! A module.\nfn heap(text: &str) -> u64 { text.parse::<u64>().unwrap_or(0) }\n",
            "only spec parses text",
        ),
        (
            "crates/grundy-cli/src/serve.rs",
            "//! A module.\nfn f(x: Option<u8>) -> u8 { x.unwrap() }\n",
            "unwrap or expect",
        ),
    ];
    for (path, text, rule) in cases {
        let found = violations(path, text);
        assert!(
            found.iter().any(|line| line.contains(rule)),
            "{path}: {text:?} should break '{rule}': {found:?}"
        );
    }
    // Tests, comments and commented infallible spots are allowed.
    let allowed = [
        (
            "crates/grundy/src/game.rs",
            "//! A module.\n// Instant::now panics on wasm32.\n#[cfg(test)]\nmod tests { fn t() { std::fs::read(\"x\").unwrap(); } }\n",
        ),
        (
            "crates/grundy-cli/src/serve.rs",
            "//! A module.\nfn f() -> u8 {\n    // One element: the first exists.\n    [1].first().copied().unwrap()\n}\n",
        ),
        (
            "crates/grundy/src/analysis/misere.rs",
            "//! A module.\n#[derive(serde::Serialize)]\nstruct Report;\n",
        ),
    ];
    for (path, text) in allowed {
        assert_eq!(
            violations(path, text),
            Vec::<String>::new(),
            "{path}: {text:?}"
        );
    }
}
