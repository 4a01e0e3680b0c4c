//! The tidy test, as rust-analyzer keeps one: the invariants that ARCHITECTURE.md states,
//! checked on the source text of the whole workspace.
//!
//! - every Rust source file opens with a doc comment (`//!`);
//! - the library (`crates/grundy/src`, tests apart) never reads the clock or the filesystem;
//! - only `analysis` derives `Serialize`;
//! - a library module uses only the modules above it in ARCHITECTURE.md's code map (its
//!   layers, lowest first), through `crate::` paths and the crate's flat re-exports;
//! - only `spec` parses text, apart from the few helpers listed in [`PARSES_TEXT`], which
//!   `spec` calls;
//! - no `unwrap` or `expect` outside tests, except where a comment beside it says why it cannot
//!   fail;
//! - no `unsafe` but in [`UNSAFE_HOME`], the run-time choice of instructions;
//! - no game rule in `web/`: the page's scripts take no spec text apart (no regular
//!   expression, no splitting, no parenthesis searched for), they draw and play from the
//!   library's reports, apart from the few lines listed in [`WEB_TEXT_EXCEPTIONS`].
//!
//! Each rule is a function of a file's path and text, and the tests at the end show each rule
//! failing on a file that breaks it.

use std::path::{Path, PathBuf};

/// Library files besides `spec/` that turn text into values, each called by `spec` (or, for
/// `play/typed.rs`, reading a move typed by number), with the reason.
const PARSES_TEXT: [(&str, &str); 4] = [
    ("rules/take_break.rs", "a code's digits, for spec"),
    ("rules/coins.rs", "a row of coins, for spec"),
    ("rules/cram/mod.rs", "a board of squares, for spec"),
    ("play/typed.rs", "a move typed by its number"),
];

/// The one file allowed `unsafe` (the workspace denies it elsewhere, and this rule keeps an
/// `#[allow(unsafe_code)]` from spreading): calling code compiled for the instructions found.
const UNSAFE_HOME: &str = "crates/grundy/src/cpu.rs";

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

/// What takes text apart in the page's scripts: regular expressions, splitting, a parenthesis
/// searched for. Spec text is the library's to read; the page gets what it needs in a report
/// (`analysis::board` for the board, the heap rule of the sequence plot).
const READS_TEXT: [&str; 10] = [
    ".exec(",
    ".test(",
    ".match(",
    ".matchAll(",
    ".search(",
    "RegExp",
    ".replace(/",
    ".split(",
    "'('",
    "\"(\"",
];

/// Lines of the page that take text apart but are no game theory: `(file, text on the line,
/// reason)`.
const WEB_TEXT_EXCEPTIONS: [(&str, &str, &str); 2] = [
    (
        "web/dag-view.js",
        "spec.split(' + ')",
        "a DAG label's lines, one per part of a sum: layout",
    ),
    (
        "web/engine-worker.js",
        "/^\\d+$/.test(source",
        "a JSON integer's digits, kept exact beyond 2^53 as BigInt",
    ),
];

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

/// The page's scripts (`web/*.js`, not its tests or what the build copies in), as paths
/// relative to the root and their text.
fn web_sources() -> Vec<(String, String)> {
    let folder = root().join("web");
    let mut sources: Vec<(String, String)> = std::fs::read_dir(&folder)
        .expect("the web folder")
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|extension| extension == "js"))
        .map(|path| {
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            let text = std::fs::read_to_string(&path).expect("a readable script");
            (format!("web/{name}"), text)
        })
        .collect();
    sources.sort();
    assert!(sources.len() > 5, "the page's scripts were not found");
    sources
}

/// The lines of a page script that break "no game rule in web/", one message each.
fn web_violations(path: &str, text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let code = line.trim_start();
        if code.starts_with("//") || code.starts_with('*') || code.starts_with("/*") {
            continue;
        }
        let excepted = WEB_TEXT_EXCEPTIONS
            .iter()
            .any(|(file, allowed, _)| *file == path && line.contains(allowed));
        for word in READS_TEXT {
            if line.contains(word) && !excepted {
                found.push(format!(
                    "{path}:{}: no game rule in web/: the page takes no text apart ({word}); \
                     get what it needs in a report from the library",
                    index + 1
                ));
            }
        }
    }
    found
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

/// The library's modules in the order of ARCHITECTURE.md's code map, lowest first: its
/// headings "### `name`" (and "### `name/`"), leaving out submodules and other crates.
fn layers(architecture: &str) -> Vec<String> {
    architecture
        .lines()
        .filter_map(|line| line.strip_prefix("### `"))
        .filter_map(|rest| rest.split('`').next())
        .map(|name| name.trim_end_matches('/'))
        .filter(|name| !name.contains("::") && !name.contains('/'))
        .map(str::to_string)
        .collect()
}

/// The module of each name the library's `lib.rs` re-exports flat (`pub use game::{Limits,
/// Solver}` makes `Limits` and `Solver` names of `game`).
fn flat_names(lib: &str) -> Vec<(String, String)> {
    let mut names = Vec::new();
    for line in lib.lines() {
        let Some(rest) = line.trim().strip_prefix("pub use ") else {
            continue;
        };
        let Some((module, items)) = rest.split_once("::") else {
            continue;
        };
        let items = items
            .trim_end_matches(';')
            .trim_matches(|c| c == '{' || c == '}');
        for item in items
            .split(',')
            .map(str::trim)
            .filter(|item| !item.is_empty())
        {
            names.push((item.to_string(), module.to_string()));
        }
    }
    names
}

/// The modules a library file refers to with `crate::` paths, each with its line.
fn crate_uses(text: &str, flat: &[(String, String)]) -> Vec<(usize, String)> {
    let mut uses = Vec::new();
    for (number, line, _) in code_lines(text) {
        for (_, rest) in line
            .match_indices("crate::")
            .map(|(at, _)| ((), &line[at + 7..]))
        {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            let module = flat
                .iter()
                .find(|(flat_name, _)| *flat_name == name)
                .map_or(name, |(_, module)| module.clone());
            uses.push((number, module));
        }
    }
    uses
}

/// The uses of a module from a lower layer in the library file at `library_path`.
fn layer_violations(
    path: &str,
    library_path: &str,
    text: &str,
    layers: &[String],
    flat: &[(String, String)],
) -> Vec<String> {
    let module = library_path
        .split('/')
        .next()
        .unwrap_or_default()
        .trim_end_matches(".rs");
    let Some(own) = layers.iter().position(|layer| layer == module) else {
        return Vec::new();
    };
    crate_uses(text, flat)
        .into_iter()
        .filter_map(|(number, used)| {
            let at = layers.iter().position(|layer| *layer == used)?;
            (at > own).then(|| {
                format!("{path}:{number}: {module} uses {used}, a module below it in ARCHITECTURE.md's layers")
            })
        })
        .collect()
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
    // This file names the word it looks for.
    if path != UNSAFE_HOME && !path.ends_with("grundy/tests/tidy.rs") {
        for (index, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            if code.contains("unsafe") {
                found.push(format!(
                    "{path}:{}: unsafe only in {UNSAFE_HOME}",
                    index + 1
                ));
            }
        }
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
        let allowed = library_path.starts_with("spec/")
            || PARSES_TEXT.iter().any(|(file, _)| *file == library_path);
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

/// ARCHITECTURE.md's layers and lib.rs's flat names, as the workspace has them.
fn library_layers() -> (Vec<String>, Vec<(String, String)>) {
    let architecture =
        std::fs::read_to_string(root().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let lib = std::fs::read_to_string(root().join("crates/grundy/src/lib.rs")).expect("lib.rs");
    (layers(&architecture), flat_names(&lib))
}

#[test]
fn the_workspace_keeps_the_architecture_invariants() {
    let (layers, flat) = library_layers();
    let broken: Vec<String> = workspace()
        .iter()
        .flat_map(|(path, text)| {
            let mut found = violations(path, text);
            let library_path = path.strip_prefix("crates/grundy/src/");
            if let Some(library_path) = library_path.filter(|_| !is_test_file(path)) {
                found.extend(layer_violations(path, library_path, text, &layers, &flat));
            }
            found
        })
        .collect();
    assert!(broken.is_empty(), "tidy:\n{}", broken.join("\n"));
}

/// Every library module has its place in the layers, so that the rule sees it.
#[test]
fn every_library_module_has_a_layer() {
    let (layers, _) = library_layers();
    let lib = std::fs::read_to_string(root().join("crates/grundy/src/lib.rs")).expect("lib.rs");
    for line in code_lines(&lib) {
        let declared = line.1.trim().trim_start_matches("pub ");
        if let Some(name) = declared.strip_prefix("mod ") {
            let name = name.trim_end_matches(';');
            assert!(
                layers.iter().any(|layer| layer == name),
                "ARCHITECTURE.md's code map has no section for the module {name}"
            );
        }
    }
}

/// The layer rule fails on a use from below and passes one from above.
#[test]
fn the_layer_rule_catches_a_use_from_below() {
    let layers: Vec<String> = ["nimber", "game", "sum"].map(String::from).to_vec();
    let flat = flat_names("pub use game::{Limits, Solver};\npub use nimber::Nimber;\n");
    let up = "//! A module.\nuse crate::nimber::mex;\nuse crate::Limits;\n";
    assert_eq!(
        layer_violations("x", "sum.rs", up, &layers, &flat),
        Vec::<String>::new()
    );
    let down = "//! A module.\nuse crate::Limits;\nfn f() { crate::sum::g(); }\n";
    let found = layer_violations("x", "nimber.rs", down, &layers, &flat);
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(found[0].contains("nimber uses game"), "{found:?}");
    assert_eq!(
        layers_of_architecture_sample(),
        ["nimber", "rules", "analysis"]
    );
}

fn layers_of_architecture_sample() -> Vec<String> {
    layers("## Code map\n### `nimber`\ntext\n### `rules/`\n### `analysis`\n### `analysis::census`\n### `crates/grundy-cli`\n")
}

#[test]
fn the_page_keeps_no_game_rule() {
    let broken: Vec<String> = web_sources()
        .iter()
        .flat_map(|(path, text)| web_violations(path, text))
        .collect();
    assert!(broken.is_empty(), "tidy:\n{}", broken.join("\n"));
    // An exception that is no longer on its page is dead weight: remove it from the list.
    let sources = web_sources();
    for (file, allowed, reason) in WEB_TEXT_EXCEPTIONS {
        let found = sources
            .iter()
            .any(|(name, text)| name == file && text.contains(allowed));
        assert!(found, "{file} no longer has {allowed:?} ({reason})");
    }
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

/// Asserts that `check` finds nothing wrong with any of the files `(path, text)`.
fn assert_allowed(check: fn(&str, &str) -> Vec<String>, allowed: &[(&str, &str)]) {
    for (path, text) in allowed {
        assert_eq!(check(path, text), Vec::<String>::new(), "{path}: {text:?}");
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
        (
            "crates/grundy/tests/solver.rs",
            "//! A module.\n#[allow(unsafe_code)]\nfn f() {}\n",
            "unsafe only in",
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
        (
            UNSAFE_HOME,
            "//! A module.\n#[allow(unsafe_code)]\nfn f() {}\n",
        ),
    ];
    assert_allowed(violations, &allowed);
}

/// The rule "no game rule in web/" fails on the page's old ways of reading spec text, and
/// passes on its exceptions and on code that takes nothing apart.
#[test]
fn the_web_rule_catches_a_script_that_reads_spec_text() {
    let broken = [
        (
            "web/board.js",
            "  const match = /\\(([\\d,]+)\\)$/.exec(text);\n",
        ),
        (
            "web/board.js",
            "  const terms = report.spec.split(' + ');\n",
        ),
        ("web/board.js", "    if (/^[HT]+$/.test(args)) {\n"),
        ("web/board.js", "  return match[1].replace(/T+$/, '');\n"),
        (
            "web/app.js",
            "  const rule = spec.slice(0, spec.indexOf('('));\n",
        ),
        (
            "web/app.js",
            "  const name = new RegExp('^[a-z]+').exec(spec)[0];\n",
        ),
        // An exception holds in its own file only.
        ("web/play.js", "  const parts = spec.split(' + ');\n"),
    ];
    for (path, text) in broken {
        let found = web_violations(path, text);
        assert!(
            found
                .iter()
                .any(|line| line.contains("no game rule in web/")),
            "{path}: {text:?} should break the rule: {found:?}"
        );
    }
    let allowed = [
        ("web/dag-view.js", "  const parts = spec.split(' + ');\n"),
        (
            "web/engine-worker.js",
            "    return typeof value === 'number' && /^\\d+$/.test(source ?? '')\n",
        ),
        (
            "web/board.js",
            "  // A label such as nim(3) is never split('(') here.\n",
        ),
        (
            "web/board.js",
            "  const sorted = (parts) => [...parts].sort().join(',');\n",
        ),
    ];
    assert_allowed(web_violations, &allowed);
}
