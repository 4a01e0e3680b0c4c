//! Assertions on text that show the text when they fail: shared by the command-line tests
//! (through the harness) and by the unit tests in `src/` (`#[path]` in `main.rs`).
#![allow(dead_code)] // each crate that includes it uses only some of it

/// Asserts that `text` contains each of `parts`, showing `text` when one is missing.
#[track_caller]
pub fn assert_contains(text: &str, parts: &[&str]) {
    for part in parts {
        assert!(text.contains(part), "no {part:?} in:\n{text}");
    }
}

/// Asserts that `text` ends with `end`, showing `text` when it does not.
#[track_caller]
pub fn assert_ends_with(text: &str, end: &str) {
    assert!(text.ends_with(end), "not ending in {end:?}:\n{text}");
}
