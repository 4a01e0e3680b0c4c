//! The Library Checker's examples: hold-out data in `shared/` beside the repository, which may
//! not be copied into it (`GRUNDY_SHARED` overrides the place). Shared by the library's and
//! the CLI's tests.

use std::path::PathBuf;

/// The input and expected output of `problem`'s first example, or `None` (with a note on
/// standard output) where this machine has no copy.
pub fn example(problem: &str) -> Option<(String, String)> {
    let dir = match std::env::var_os("GRUNDY_SHARED") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared")),
    }
    .join(problem);
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).ok();
    let example = read("example_00.in").zip(read("example_00.out"));
    if example.is_none() {
        println!(
            "note: skipped, no Library Checker example in {}",
            dir.display()
        );
    }
    example
}
