//! Blue-Red-Green Hackenbush on strings (stalks) of edges from the ground up, in CGSuite's
//! letters: `l` a blue edge (Left's), `r` a red one (Right's), `e` a green one (either's).
//! Cutting an edge removes it and everything above it.
//!
//! Published values: a blue-red string is a number by Berlekamp's rule (*Winning Ways*,
//! ch. 2): `±1` for each edge of the first run, then `±1/2`, `±1/4`, … for each edge above it,
//! the sign that of the edge's colour.

use super::PartizanRuleset;

/// Hackenbush strings.
#[derive(Clone, Copy, Debug, Default)]
pub struct HackenbushString;

impl PartizanRuleset for HackenbushString {
    type Position = Vec<u8>;

    fn moves(&self, position: &Vec<u8>, left: bool) -> Vec<Vec<u8>> {
        let mine = if left { b'l' } else { b'r' };
        (0..position.len())
            .filter(|&i| position[i] == mine || position[i] == b'e')
            .map(|i| position[..i].to_vec())
            .collect()
    }
}
