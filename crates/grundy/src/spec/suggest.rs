//! The error for a name that is no game, with the known name it is closest to: "unknown game
//! 'kayls' (did you mean 'kayles'?)".

use std::ops::Range;

use super::games;
use crate::error::{Error, ErrorKind};

/// The error for `name` at `span`, suggesting the name of [`games::names`] it is closest to
/// (the same letters in another case, or at most two letters changed, added or removed).
pub(super) fn unknown_game(name: &str, span: Range<usize>) -> Error {
    let lower = name.to_ascii_lowercase();
    let suggestion = games::names()
        .map(|known| (edit_distance(&lower, known), known))
        .filter(|&(distance, _)| distance <= 2.min(name.len() / 2))
        .min()
        .map(|(_, known)| known.to_string());
    let kind = ErrorKind::UnknownGame {
        name: name.to_string(),
        suggestion,
    };
    Error::at(kind, span)
}

/// Letters changed, added or removed to turn `a` into `b` (Levenshtein).
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(ca != cb));
            diagonal = above;
        }
    }
    row[b.len()]
}
