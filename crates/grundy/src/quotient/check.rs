//! The check of a pretension from the rules, returning the lightest word it misjudges.
//!
//! A *pretension* maps each atom `h` to an element `φ(h)` of a finite commutative monoid `Q`
//! with a marked subset `P`, and each word (a multiset of atoms) to the product `Φ(m)` of its
//! atoms' images. Write `T_h` for the images of the options of `h` and
//! `tr(m) = ⋃_{h ∈ m} Φ(m − h)·T_h` for the images of the options of `m` (its *transitions*).
//! `Φ` respects misère outcomes exactly when, for every word `m`,
//! `Φ(m) ∈ P ⇔ tr(m) ≠ ∅ and tr(m) ∩ P = ∅`. This splits in two halves:
//!
//! - **P-half**: `1 ∉ P`, and for every element `x` and atom `h`, `x·φ(h) ∈ P` implies
//!   `x·T_h ∩ P = ∅`. Every element is the image of some word when the atoms' images generate
//!   `Q`, so this is a finite check over pairs.
//! - **N-half**: no word `m` with `Φ(m) ∉ P` and `tr(m) ≠ ∅` has `tr(m) ∩ P = ∅`. The pair
//!   `(Φ(m), tr(m))` is a state: adding `h` gives `(Φ(m)·φ(h), tr(m)·φ(h) ∪ Φ(m)·T_h)`. If two
//!   words have one image and `tr(m) ⊆ tr(m')`, every extension of `m'` has more transitions
//!   than the same extension of `m`, so only the least transition sets of each image need to be
//!   followed (the pruning of Siegel's MisereSolver); the search is finite.
//!
//! Both halves are searched by weight (every option of an atom weighs less than the atom), so
//! the failure returned is a lightest misjudged word. Every lighter word is then judged right,
//! its options among them, so its true outcome is the opposite of the claim: the grower uses
//! that to steer the next candidate.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::monoid::Monoid;
use crate::error::{Error, Limit, Result};
use crate::game::Limits;

/// A pretension to check: the monoid, the P-portion, each atom's image and the images of its
/// options (empty: the atom has no move and is the identity), and each atom's weight.
pub(super) struct Pretension<'a> {
    pub monoid: &'a Monoid,
    pub marked: &'a [bool],
    pub images: &'a [u32],
    pub options: &'a [Vec<u32>],
    pub weights: &'a [u64],
}

/// A word the pretension misjudges, as atoms with repeats, and whether it is truly a P-position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Failure {
    pub word: Vec<u32>,
    pub truly_p: bool,
}

/// A set of elements as bits.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Bits(Vec<u64>);

impl Bits {
    fn empty(order: usize) -> Bits {
        Bits(vec![0; order.div_ceil(64)])
    }
    fn insert(&mut self, x: u32) {
        self.0[x as usize / 64] |= 1 << (x % 64);
    }
    fn subset_of(&self, other: &Bits) -> bool {
        self.0.iter().zip(&other.0).all(|(a, b)| a & !b == 0)
    }
    fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &word)| {
            let mut word = word;
            std::iter::from_fn(move || {
                (word != 0).then(|| {
                    let bit = word.trailing_zeros();
                    word &= word - 1;
                    (i * 64) as u32 + bit
                })
            })
        })
    }
}

/// The least weight of a word with each image and the last atom of one such word (Dijkstra
/// over the atoms with moves): `(distance, last)`, `u64::MAX` where unreachable.
pub(super) fn lightest_words(claim: &Pretension) -> (Vec<u64>, Vec<Option<(u32, u32)>>) {
    let q = claim.monoid;
    let order = q.order();
    let letters = lightest_letters(claim);
    let mut distance = vec![u64::MAX; order];
    let mut last = vec![None; order];
    let mut queue = BinaryHeap::from([Reverse((0u64, 0u32))]);
    distance[0] = 0;
    while let Some(Reverse((d, x))) = queue.pop() {
        if d > distance[x as usize] {
            continue;
        }
        for &atom in &letters {
            let y = q.mul(x, claim.images[atom as usize]);
            let through = d.saturating_add(claim.weights[atom as usize]);
            if through < distance[y as usize] {
                distance[y as usize] = through;
                last[y as usize] = Some((x, atom));
                queue.push(Reverse((through, y)));
            }
        }
    }
    (distance, last)
}

/// For each image of an atom with moves, its lightest atom.
fn lightest_letters(claim: &Pretension) -> Vec<u32> {
    let mut best: Vec<u32> = Vec::new();
    for atom in 0..claim.images.len() {
        if claim.options[atom].is_empty() {
            continue;
        }
        let image = claim.images[atom];
        match best
            .iter_mut()
            .find(|b| claim.images[**b as usize] == image)
        {
            Some(b) if claim.weights[*b as usize] <= claim.weights[atom] => {}
            Some(b) => *b = atom as u32,
            None => best.push(atom as u32),
        }
    }
    best
}

/// The word of least weight with image `x`, from [`lightest_words`].
pub(super) fn word_to<A: Copy + Ord>(last: &[Option<(u32, A)>], x: u32) -> Vec<A> {
    let mut word = Vec::new();
    let mut at = x;
    while let Some((before, atom)) = last[at as usize] {
        word.push(atom);
        at = before;
    }
    word.sort_unstable();
    word
}

/// A lightest word the pretension misjudges, or `None` when it respects every outcome.
///
/// # Errors
/// [`Limit::Positions`] when the N-half's states outnumber [`Limits::max_positions`],
/// [`Limit::Work`] past `budget` (work is added to `work`), or a cancel.
pub(super) fn lightest_failure(
    claim: &Pretension,
    limits: Limits,
    work: &mut u64,
) -> Result<Option<Failure>> {
    let q = claim.monoid;
    let order = q.order();
    if claim.marked[0] {
        return Ok(Some(Failure {
            word: Vec::new(),
            truly_p: false,
        }));
    }
    // The P-half: the lightest r(x) + h with x·φ(h) ∈ P and x·t ∈ P for some option t.
    let (distance, last) = lightest_words(claim);
    let mut best: Option<(u64, u32, u32)> = None;
    for x in 0..order as u32 {
        if distance[x as usize] == u64::MAX {
            continue;
        }
        for (atom, options) in claim.options.iter().enumerate() {
            if options.is_empty() || !claim.marked[q.mul(x, claim.images[atom]) as usize] {
                continue;
            }
            *work += options.len() as u64;
            if options.iter().any(|&t| claim.marked[q.mul(x, t) as usize]) {
                let weight = distance[x as usize].saturating_add(claim.weights[atom]);
                if best.is_none_or(|(w, ..)| weight < w) {
                    best = Some((weight, x, atom as u32));
                }
            }
        }
    }
    let p_failure = best.map(|(weight, x, atom)| {
        let mut word = word_to(&last, x);
        word.push(atom);
        word.sort_unstable();
        (
            weight,
            Failure {
                word,
                truly_p: false,
            },
        )
    });
    let bound = p_failure.as_ref().map_or(u64::MAX, |(w, _)| *w);
    let n_failure = n_half(claim, bound, limits, work)?;
    Ok(match (p_failure, n_failure) {
        (_, Some(n)) => Some(n),
        (Some((_, p)), None) => Some(p),
        (None, None) => None,
    })
}

/// The letters of the N-half: atoms with moves, less those that another atom of the same
/// image, no heavier, with no more transitions makes redundant.
fn n_letters(claim: &Pretension) -> Vec<u32> {
    let live: Vec<usize> = (0..claim.images.len())
        .filter(|&atom| !claim.options[atom].is_empty())
        .collect();
    let covers = |a: usize, b: usize| {
        // `a` makes `b` redundant: same image, no heavier, options a subset of b's.
        claim.images[a] == claim.images[b]
            && claim.weights[a] <= claim.weights[b]
            && claim.options[a]
                .iter()
                .all(|t| claim.options[b].binary_search(t).is_ok())
    };
    live.iter()
        .filter(|&&b| {
            !live
                .iter()
                .any(|&a| a != b && covers(a, b) && (!covers(b, a) || a < b))
        })
        .map(|&atom| atom as u32)
        .collect()
}

/// The N-half: a lightest word lighter than `bound` with `Φ(m) ∉ P`, transitions, and none of
/// them in `P`.
fn n_half(
    claim: &Pretension,
    bound: u64,
    limits: Limits,
    work: &mut u64,
) -> Result<Option<Failure>> {
    let q = claim.monoid;
    let order = q.order();
    let letters = n_letters(claim);
    // Kept states: image, transitions, the state it came from and the atom added.
    let mut kept: Vec<(u32, Bits, usize, u32)> = Vec::new();
    let mut by_image: Vec<Vec<usize>> = vec![Vec::new(); order];
    // Entries: (weight, parent kept state or MAX for the start, atom).
    let mut queue: BinaryHeap<Reverse<(u64, usize, u32)>> = BinaryHeap::new();
    queue.push(Reverse((0, usize::MAX, u32::MAX)));
    while let Some(Reverse((weight, parent, atom))) = queue.pop() {
        if weight >= bound {
            break;
        }
        let (x, tr) = if parent == usize::MAX {
            (0, Bits::empty(order))
        } else {
            let (y, ref from, ..) = kept[parent];
            let g = claim.images[atom as usize];
            let mut tr = Bits::empty(order);
            for s in from.iter() {
                tr.insert(q.mul(s, g));
            }
            for &t in &claim.options[atom as usize] {
                tr.insert(q.mul(y, t));
            }
            *work += (order / 64) as u64 + claim.options[atom as usize].len() as u64;
            (q.mul(y, g), tr)
        };
        if !claim.marked[x as usize]
            && !tr.is_empty()
            && !tr.iter().any(|s| claim.marked[s as usize])
        {
            let mut word = vec![atom];
            let mut at = parent;
            while at != usize::MAX {
                let (.., from, a) = kept[at];
                if from != usize::MAX {
                    word.push(a);
                }
                at = from;
            }
            word.sort_unstable();
            return Ok(Some(Failure {
                word,
                truly_p: true,
            }));
        }
        // A word with fewer transitions and the same image fails wherever this one does
        // (checked above for the word itself), so this one need not be followed.
        if by_image[x as usize]
            .iter()
            .any(|&k| kept[k].1.subset_of(&tr))
        {
            continue;
        }
        *work += by_image[x as usize].len() as u64;
        if kept.len() as u64 >= limits.max_positions {
            return Err(Error::limit(Limit::Positions, limits.max_positions));
        }
        limits.check_work(*work)?;
        limits.cancel.check()?;
        by_image[x as usize].push(kept.len());
        kept.push((x, tr, parent, atom));
        let here = kept.len() - 1;
        for &letter in &letters {
            let through = weight.saturating_add(claim.weights[letter as usize]);
            if through < bound {
                queue.push(Reverse((through, here, letter)));
            }
        }
    }
    Ok(None)
}
