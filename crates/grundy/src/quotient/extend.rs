//! One step of the construction: the quotient of `A ∪ {G}` from the quotient of `A`, when
//! every option of `G` lies in `A` (the closure of the earlier atoms under sums).
//!
//! The step assumes that adding `G` separates no two positions of `A` that the quotient of `A`
//! identifies (for heap games that is the usual case; Plambeck and Siegel's algorithm also
//! handles the others). Under that assumption the outcome of `X + k·G` depends only on
//! `x = Φ(X)` and `k`; call it `f(x, k)`, so the new quotient is a quotient of `Q × ℕ`:
//!
//! - `f(x, 0)` is `x ∈ P`;
//! - for `k ≥ 1`, take `r(x)`, a word of least weight with image `x` (weights are additive
//!   and every option weighs less than its atom, so the images of the options of `r(x)` have
//!   lighter least words and are settled first). Then `f(x, k)` is P exactly when no move
//!   reaches a P-position: no option `G'` of `G` has `f(x·Φ(G'), k − 1)` P, and no option of
//!   an atom `H` of `r(x)` has `f(Φ(r(x) − H)·Φ(H'), k)` P.
//!
//! The functions `f(·, k)` each come from the one before, so the sequence is eventually
//! periodic: `f(·, t + p) = f(·, t)` at the first repetition, and `k` is counted in the
//! cyclic monoid `{0, …, t + p − 1}` with `t + p = t`. The candidate `Q × C` is then reduced.
//! The assumption is not trusted: [`super::verify`] checks the final quotient from the rules.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

use super::monoid::{reduce, Candidate, Monoid};
use crate::error::{Error, Limit, Result};

/// What the step needs to know of the atoms so far and of the new one.
pub(super) struct Known<'a> {
    pub monoid: &'a Monoid,
    pub marked: &'a [bool],
    /// The image of each earlier atom.
    pub images: &'a [u32],
    /// The weight of each earlier atom.
    pub weights: &'a [u64],
    /// The images of the options of each earlier atom (empty: the atom has no move).
    pub options: &'a [Vec<u32>],
    /// The images of the new atom's options (at least one).
    pub new_options: &'a [u32],
}

/// The quotient after the step.
pub(super) struct Extended {
    pub monoid: Monoid,
    pub marked: Vec<bool>,
    /// The new image of each earlier atom.
    pub images: Vec<u32>,
    /// The image of the new atom.
    pub new_image: u32,
    /// Whether the quotient changed (otherwise the old one maps onto the new isomorphically).
    pub changed: bool,
    /// Units of work done.
    pub work: u64,
}

/// The quotient of the earlier atoms and the new one (see the module docs).
///
/// # Errors
/// [`Limit::QuotientOrder`] when the candidate or the quotient outgrows `max_order`.
pub(super) fn extend(known: &Known, max_order: u64) -> Result<Extended> {
    let q = known.monoid;
    let order = q.order();
    let mut work = 0u64;
    // One letter per image of a live atom: its lightest atom.
    let mut letters: Vec<(u32, u64, usize)> = Vec::new();
    for (atom, &image) in known.images.iter().enumerate() {
        if known.options[atom].is_empty() {
            continue;
        }
        let weight = known.weights[atom];
        match letters.iter_mut().find(|letter| letter.0 == image) {
            Some(letter) if letter.1 <= weight => {}
            Some(letter) => *letter = (image, weight, atom),
            None => letters.push((image, weight, atom)),
        }
    }
    // Dijkstra: the least weight of a word with each image, and its last atom.
    let mut distance = vec![u64::MAX; order];
    let mut last: Vec<Option<(u32, usize)>> = vec![None; order];
    let mut queue = BinaryHeap::new();
    distance[0] = 0;
    queue.push(Reverse((0u64, 0u32)));
    while let Some(Reverse((d, x))) = queue.pop() {
        if d > distance[x as usize] {
            continue;
        }
        for &(image, weight, atom) in &letters {
            let y = q.mul(x, image);
            let through = d.saturating_add(weight);
            work += 1;
            if through < distance[y as usize] {
                distance[y as usize] = through;
                last[y as usize] = Some((x, atom));
                queue.push(Reverse((through, y)));
            }
        }
    }
    let mut by_weight: Vec<u32> = (0..order as u32).collect();
    by_weight.sort_by_key(|&x| (distance[x as usize], x));
    // The images of the options of each least word r(x).
    let mut successors: Vec<Vec<u32>> = vec![Vec::new(); order];
    for &x in &by_weight {
        let mut word = Vec::new();
        let mut at = x;
        while let Some((before, atom)) = last[at as usize] {
            word.push(atom);
            at = before;
        }
        word.sort_unstable();
        let mut next = Vec::new();
        for (index, &atom) in word.iter().enumerate() {
            if index > 0 && word[index - 1] == atom {
                continue;
            }
            let rest = q.product(
                word.iter()
                    .enumerate()
                    .filter(|&(position, _)| position != index)
                    .map(|(_, &other)| known.images[other]),
            );
            for &option in &known.options[atom] {
                next.push(q.mul(rest, option));
            }
            work += (word.len() + known.options[atom].len()) as u64;
        }
        next.sort_unstable();
        next.dedup();
        successors[x as usize] = next;
    }
    // f(·, k) for k = 0, 1, … until a repetition.
    let mut outcomes: Vec<Vec<bool>> = vec![known.marked.to_vec()];
    let mut seen: HashMap<Vec<bool>, usize> = HashMap::from([(known.marked.to_vec(), 0)]);
    let (start, period) = loop {
        let before = &outcomes[outcomes.len() - 1];
        let mut now = vec![false; order];
        for &x in &by_weight {
            let from_new = known
                .new_options
                .iter()
                .any(|&option| before[q.mul(x, option) as usize]);
            let from_old = successors[x as usize].iter().any(|&y| now[y as usize]);
            now[x as usize] = !from_new && !from_old;
            work += (known.new_options.len() + successors[x as usize].len()) as u64;
        }
        let k = outcomes.len();
        if let Some(&earlier) = seen.get(&now) {
            break (earlier, k - earlier);
        }
        if (k + 1) as u64 * order as u64 > max_order.saturating_mul(64) {
            return Err(Error::limit(Limit::QuotientOrder, max_order));
        }
        seen.insert(now.clone(), k);
        outcomes.push(now);
    };
    let span = start + period;
    let fold = move |k: usize| {
        if k < span {
            k
        } else {
            start + (k - start) % period
        }
    };
    let mul = |a: u32, b: u32| {
        let (x, k) = (a as usize / span, a as usize % span);
        let (y, l) = (b as usize / span, b as usize % span);
        (q.mul(x as u32, y as u32) as usize * span + fold(k + l)) as u32
    };
    let pair = |x: u32, k: usize| x * span as u32 + fold(k) as u32;
    let mut generators: Vec<u32> = letters.iter().map(|&(image, ..)| pair(image, 0)).collect();
    generators.push(pair(0, 1));
    let candidate = Candidate {
        order: order * span,
        marked: (0..order * span)
            .map(|a| outcomes[a % span][a / span])
            .collect(),
        generators,
        mul: &mul,
    };
    work += (order * span * candidate.generators.len()) as u64;
    let reduced = reduce(&candidate, max_order)?;
    let images = known
        .images
        .iter()
        .map(|&image| reduced.class[pair(image, 0) as usize])
        .collect();
    let new_image = reduced.class[pair(0, 1) as usize];
    let old_part = (0..order as u32).map(|x| reduced.class[pair(x, 0) as usize]);
    let covered = old_part.clone().any(|image| image == new_image);
    Ok(Extended {
        changed: reduced.monoid.order() != order || !covered,
        monoid: reduced.monoid,
        marked: reduced.marked,
        images,
        new_image,
        work,
    })
}
