//! The check that a quotient is right, from the rules alone.
//!
//! Let `Φ` map each word (a multiset of atoms) into a finite commutative monoid `Q` by the
//! images of its atoms, with `P ⊂ Q`. `Φ` respects misère outcomes when, for every word `m`,
//! `Φ(m) ∈ P` exactly when `m` is a misère P-position: `m` has a move and every option is N.
//! The options of `m` are `m − H + H'` for an atom `H` of `m` and an option `H'` of `H`, and
//! `Φ(m − H + H') = Φ(m − H)·Φ(H')`; by induction on the game, `Φ` respects outcomes exactly
//! when for every word `m`:
//!
//! > `Φ(m) ∈ P` ⇔ `m ≠ 0` and no atom `H` of `m` is *bad*, where `H` is bad when some option
//! > `H'` has `Φ(m − H)·Φ(H') ∈ P`.
//!
//! Atoms with one image are interchangeable in `Φ`, and `Φ(m − H)` is the same for all atoms
//! `H` of one image in `m`. So the condition depends only on the *state* of `m`: `Φ(m)` and,
//! for each image `a` present in `m`, `y_a = Φ(m − H)` for an atom `H` of image `a`; and it
//! fails for some word of a state exactly when either `Φ(m) ∈ P` and some atom of some present
//! image is bad at `y_a`, or `Φ(m) ∉ P`, `m ≠ 0` and every present image has an atom that is
//! not bad at `y_a` (fill `m`'s copies of each image with that atom). Adding an atom of image
//! `b` to `m` takes its state to `(Φ(m)·b, y_a·b for a ≠ b, y_b = Φ(m))`, a function of the
//! state: so the states of all words are found by a finite breadth-first search, and checking
//! each one proves the condition for every word.
//!
//! If `Q` is moreover reduced (no two elements `x ≠ y` with `xz ∈ P ⇔ yz ∈ P` for all `z`), `Φ`
//! identifies two words exactly when no third word tells them apart: `Q` is the misère
//! quotient (Plambeck 2005, Plambeck and Siegel 2008).

use std::collections::HashMap;

use super::monoid::Monoid;
use crate::error::{Error, Limit, Result};
use crate::game::Limits;

const ABSENT: u32 = u32::MAX;

/// The atoms as the check sees them.
pub(super) struct Claim<'a> {
    pub monoid: &'a Monoid,
    pub marked: &'a [bool],
    pub images: &'a [u32],
    /// The images of each atom's options (empty: no move).
    pub options: &'a [Vec<u32>],
}

/// `None` when `Φ` respects outcomes on every word; otherwise a word (atoms, with repeats)
/// whose outcome the quotient gets wrong.
///
/// # Errors
/// [`Limit::Positions`] when the states outnumber [`Limits::max_positions`], [`Limit::Work`],
/// or a cancel.
pub(super) fn counterexample(claim: &Claim, limits: Limits) -> Result<Option<Vec<u32>>> {
    let q = claim.monoid;
    let order = q.order();
    // The distinct images of atoms with moves, and for each, its atoms.
    let mut letters: Vec<(u32, Vec<usize>)> = Vec::new();
    for (atom, &image) in claim.images.iter().enumerate() {
        if claim.options[atom].is_empty() {
            continue;
        }
        match letters.iter_mut().find(|letter| letter.0 == image) {
            Some(letter) => letter.1.push(atom),
            None => letters.push((image, vec![atom])),
        }
    }
    // For each letter and each y: whether every atom, or no atom, of the letter is bad at y.
    let bad = |atom: usize, y: u32| {
        claim.options[atom]
            .iter()
            .any(|&option| claim.marked[q.mul(y, option) as usize])
    };
    let mut all_bad = vec![vec![false; order]; letters.len()];
    let mut none_bad = vec![vec![false; order]; letters.len()];
    for (letter, (_, atoms)) in letters.iter().enumerate() {
        for y in 0..order as u32 {
            let bads = atoms.iter().filter(|&&atom| bad(atom, y)).count();
            all_bad[letter][y as usize] = bads == atoms.len();
            none_bad[letter][y as usize] = bads == 0;
        }
    }
    if claim.marked[0] {
        return Ok(Some(Vec::new()));
    }
    let start: Vec<u32> = std::iter::once(0)
        .chain(std::iter::repeat_n(ABSENT, letters.len()))
        .collect();
    // Each state with the state it came from and the letter added, to rebuild a word.
    let mut seen: HashMap<Vec<u32>, (usize, usize)> = HashMap::new();
    let mut states = vec![start.clone()];
    seen.insert(start, (usize::MAX, usize::MAX));
    let mut head = 0;
    let mut work = 0u64;
    while head < states.len() {
        let state = states[head].clone();
        head += 1;
        let x = state[0];
        let present = || (0..letters.len()).filter(|&l| state[l + 1] != ABSENT);
        let wrong = if claim.marked[x as usize] {
            present().any(|l| !none_bad[l][state[l + 1] as usize])
        } else {
            present().next().is_some() && !present().any(|l| all_bad[l][state[l + 1] as usize])
        };
        if wrong {
            return Ok(Some(word_of(&states, &seen, &letters, head - 1, |l, y| {
                // Fill each present letter with an atom that shows the failure.
                letters[l]
                    .1
                    .iter()
                    .copied()
                    .find(|&atom| bad(atom, y) == claim.marked[x as usize])
                    .unwrap_or(letters[l].1[0])
            })));
        }
        for (l, &(image, _)) in letters.iter().enumerate() {
            let mut next = Vec::with_capacity(state.len());
            next.push(q.mul(x, image));
            for (other, &y) in state[1..].iter().enumerate() {
                next.push(match (other == l, y) {
                    (true, _) => x,
                    (false, ABSENT) => ABSENT,
                    (false, y) => q.mul(y, image),
                });
            }
            work += state.len() as u64;
            if !seen.contains_key(&next) {
                if seen.len() as u64 >= limits.max_positions {
                    return Err(Error::limit(Limit::Positions, limits.max_positions));
                }
                seen.insert(next.clone(), (head - 1, l));
                states.push(next);
            }
        }
        if work > limits.max_work {
            return Err(Error::limit(Limit::Work, limits.max_work));
        }
        limits.cancel.check()?;
    }
    Ok(None)
}

/// The word that reaches state `index`, each letter filled by `atom_for(letter, y)`.
fn word_of(
    states: &[Vec<u32>],
    seen: &HashMap<Vec<u32>, (usize, usize)>,
    letters: &[(u32, Vec<usize>)],
    index: usize,
    atom_for: impl Fn(usize, u32) -> usize,
) -> Vec<u32> {
    let state = &states[index];
    let mut counts = vec![0usize; letters.len()];
    let mut at = index;
    while let Some(&(from, letter)) = seen.get(&states[at]) {
        if from == usize::MAX {
            break;
        }
        counts[letter] += 1;
        at = from;
    }
    let mut word = Vec::new();
    for (letter, &count) in counts.iter().enumerate().filter(|&(_, &count)| count > 0) {
        let atom = atom_for(letter, state[letter + 1]) as u32;
        word.extend(std::iter::repeat_n(atom, count));
    }
    word
}
