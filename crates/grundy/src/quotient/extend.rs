//! One step of the construction: the monoid of `A ∪ {G}` from the monoid of `A`, when every
//! option of `G` lies in `A` (the closure of the earlier atoms under sums).
//!
//! A later atom can separate two sums of earlier atoms that no sum of earlier atoms tells
//! apart (in Dawson's Kayles, a heap of 10 separates 2 + 2 + 6 from 4 + 4 + 6). So the monoid
//! `M` of `A` kept between steps is finer than the quotient of `A`: its elements are told
//! apart by outcomes of sums with a finite set of *contexts*, the parts above `G` of some test
//! words (closed under moves inside them), as well as by sums of atoms of `A`. Given that `M`
//! is fine enough, the outcome of `X + k·G + T` for a context `T` depends only on
//! `x = Φ(X)` and `k`; call it `f_T(x, k)`. It is P exactly when the sum has a move and:
//!
//! - no option `G'` of `G` has `f_T(x·Φ(G'), k − 1)` P;
//! - for `r(x)`, a word of least weight with image `x` (weights are additive and every option
//!   weighs less than its atom, so the images of the options of `r(x)` have lighter least
//!   words and are settled first), no option of an atom `H` of `r(x)` has
//!   `f_T(Φ(r(x) − H)·Φ(H'), k)` P;
//! - no option `H'` of an atom `H` of `T`, split into its part `Y` below `G`, its `j` copies
//!   of `G` and its part `T''` above `G`, has `f_{T − H + T''}(x·Φ(Y), k + j)` P (the context
//!   `T − H + T''` is lighter than `T`, so it is settled first).
//!
//! Each `f_T(·, k)` is eventually periodic in `k`, and the new monoid is `M × C` (with `C` the
//! cyclic monoid of the longest preperiod and the least common period) reduced by the outcomes
//! in every context. The assumption that `M` is fine enough is not trusted: [`super::verify`]
//! checks the final quotient from the rules, and test words are added where it fails.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

use super::check::word_to;
use super::monoid::{reduce, Candidate, Monoid};
use super::Atoms;
use crate::error::{Error, Limit, Result};
use crate::game::Limits;

/// What the step needs to know of the atoms so far and of the new one.
pub(super) struct Known<'a> {
    pub atoms: &'a Atoms,
    pub monoid: &'a Monoid,
    /// The image of each earlier atom.
    pub images: &'a [u32],
    /// The new atom; it has at least one option.
    pub atom: usize,
    /// The test words (sorted atoms) whose parts above the new atom are the contexts.
    pub tests: &'a [Vec<u32>],
}

/// The monoid after the step.
pub(super) struct Extended {
    pub monoid: Monoid,
    pub marked: Vec<bool>,
    /// The new image of each earlier atom.
    pub images: Vec<u32>,
    /// The image of the new atom.
    pub new_image: u32,
    /// Units of work done.
    pub work: u64,
}

/// The contexts of one step: words of atoms above the new one, each with its moves.
struct Contexts {
    /// Each context as sorted atoms; the empty context first.
    words: Vec<Vec<u32>>,
    /// Each context's moves: the image of the part below the new atom, the copies of the new
    /// atom, and the context that remains.
    moves: Vec<Vec<(u32, usize, usize)>>,
}

/// The contexts of the step: the parts of the tests above the new atom, closed under moves.
///
/// # Errors
/// [`Limit::Positions`] when there are more than [`Limits::max_positions`] of them.
fn contexts(known: &Known, limits: Limits) -> Result<Contexts> {
    let atoms = known.atoms;
    let above = |word: &mut Vec<u32>| {
        word.retain(|&part| part as usize > known.atom && !atoms.options[part as usize].is_empty());
        word.sort_unstable();
    };
    let mut index: HashMap<Vec<u32>, usize> = HashMap::from([(Vec::new(), 0)]);
    let mut words = vec![Vec::new()];
    for test in known.tests {
        let mut word = test.clone();
        above(&mut word);
        if !index.contains_key(&word) {
            index.insert(word.clone(), words.len());
            words.push(word);
        }
    }
    let mut moves = Vec::new();
    let mut head = 0;
    while head < words.len() {
        let word = words[head].clone();
        head += 1;
        let mut list = Vec::new();
        for (position, &atom) in word.iter().enumerate() {
            if position > 0 && word[position - 1] == atom {
                continue;
            }
            for option in &atoms.options[atom as usize] {
                let mut below = 0u32;
                let mut copies = 0usize;
                let mut rest: Vec<u32> = word[..position]
                    .iter()
                    .chain(&word[position + 1..])
                    .copied()
                    .collect();
                for &part in option {
                    match (part as usize).cmp(&known.atom) {
                        std::cmp::Ordering::Less => {
                            below = known.monoid.mul(below, known.images[part as usize]);
                        }
                        std::cmp::Ordering::Equal => copies += 1,
                        std::cmp::Ordering::Greater => rest.push(part),
                    }
                }
                above(&mut rest);
                let next = match index.get(&rest) {
                    Some(&next) => next,
                    None => {
                        if words.len() as u64 >= limits.max_positions {
                            return Err(Error::limit(Limit::Positions, limits.max_positions));
                        }
                        index.insert(rest.clone(), words.len());
                        words.push(rest);
                        words.len() - 1
                    }
                };
                list.push((below, copies, next));
            }
        }
        list.sort_unstable();
        list.dedup();
        moves.push(list);
    }
    Ok(Contexts { words, moves })
}

/// `f_T(·, k)` for one context: the values for `k` below `start + period`, then periodic.
struct Sequence {
    values: Vec<Vec<bool>>,
    start: usize,
    period: usize,
}

impl Sequence {
    fn at(&self, k: usize, x: u32) -> bool {
        let k = if k < self.values.len() {
            k
        } else {
            self.start + (k - self.start) % self.period
        };
        self.values[k][x as usize]
    }
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// The monoid of the earlier atoms and the new one (see the module docs).
///
/// # Errors
/// [`Limit::QuotientOrder`] when the candidate or the monoid outgrows `max_order`;
/// [`Limit::Positions`] from the contexts.
pub(super) fn extend(known: &Known, max_order: u64, limits: Limits) -> Result<Extended> {
    let q = known.monoid;
    let order = q.order();
    let atoms = known.atoms;
    let mut work = 0u64;
    let too_long = |k: usize| (k + 1) as u64 * order as u64 > max_order.saturating_mul(64);
    // One letter per image of a live atom: its lightest atom.
    let mut letters: Vec<(u32, u64, usize)> = Vec::new();
    for (atom, &image) in known.images.iter().enumerate() {
        if atoms.options[atom].is_empty() {
            continue;
        }
        let weight = atoms.weights[atom];
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
    let option_images = atoms.option_images(q, known.images);
    let mut successors: Vec<Vec<u32>> = vec![Vec::new(); order];
    for &x in &by_weight {
        let word = word_to(&last, x);
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
            for &option in &option_images[atom] {
                next.push(q.mul(rest, option));
            }
            work += (word.len() + option_images[atom].len()) as u64;
        }
        next.sort_unstable();
        next.dedup();
        successors[x as usize] = next;
    }
    let new_options = atoms.images_of_options(known.atom, q, known.images);
    let contexts = contexts(known, limits)?;
    // Lighter contexts first: every move of a context leads to a lighter one.
    let mut context_order: Vec<usize> = (0..contexts.words.len()).collect();
    context_order.sort_by_key(|&t| {
        contexts.words[t]
            .iter()
            .map(|&atom| atoms.weights[atom as usize])
            .fold(0u64, u64::saturating_add)
    });
    let mut sequences: Vec<Option<Sequence>> = (0..contexts.words.len()).map(|_| None).collect();
    for &t in &context_order {
        limits.cancel.check()?;
        let moves = &contexts.moves[t];
        // From `settled` on, the lighter contexts repeat with period `cycle`.
        let (mut settled, mut cycle) = (0usize, 1usize);
        for &(_, _, next) in moves {
            let sequence = sequences[next].as_ref().ok_or_else(|| {
                Error::invalid_rule("a context's move does not lead to a lighter context")
            })?;
            settled = settled.max(sequence.start);
            cycle = cycle / gcd(cycle, sequence.period) * sequence.period;
        }
        let mut values: Vec<Vec<bool>> = Vec::new();
        let mut seen: HashMap<(Vec<bool>, usize), usize> = HashMap::new();
        let (start, period) = loop {
            let k = values.len();
            let mut now = vec![false; order];
            for &x in &by_weight {
                let has_move = x != 0 || k > 0 || t != 0;
                let from_new = k > 0
                    && new_options
                        .iter()
                        .any(|&option| values[k - 1][q.mul(x, option) as usize]);
                let from_old = successors[x as usize].iter().any(|&y| now[y as usize]);
                let from_context = moves.iter().any(|&(below, copies, next)| {
                    sequences[next]
                        .as_ref()
                        .is_some_and(|sequence| sequence.at(k + copies, q.mul(x, below)))
                });
                now[x as usize] = has_move && !from_new && !from_old && !from_context;
                work += (new_options.len() + successors[x as usize].len() + moves.len()) as u64;
            }
            if k >= settled {
                if let Some(&earlier) = seen.get(&(now.clone(), k % cycle)) {
                    break (earlier, k - earlier);
                }
                seen.insert((now.clone(), k % cycle), k);
            }
            if too_long(k) || work > limits.max_work {
                return Err(Error::limit(Limit::QuotientOrder, max_order));
            }
            values.push(now);
        };
        sequences[t] = Some(Sequence {
            values,
            start,
            period,
        });
    }
    let sequences: Vec<Sequence> = sequences.into_iter().flatten().collect();
    let start = sequences.iter().map(|s| s.start).max().unwrap_or(0);
    let period = sequences
        .iter()
        .fold(1usize, |cycle, s| cycle / gcd(cycle, s.period) * s.period);
    let span = start + period;
    if too_long(span) {
        return Err(Error::limit(Limit::QuotientOrder, max_order));
    }
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
    // Elements start apart when some context tells them apart.
    let mut ids: HashMap<Vec<bool>, u32> = HashMap::new();
    let mut initial = Vec::with_capacity(order * span);
    for a in 0..order * span {
        let (x, k) = ((a / span) as u32, a % span);
        let signature: Vec<bool> = sequences.iter().map(|s| s.at(k, x)).collect();
        let fresh = ids.len() as u32;
        initial.push(*ids.entry(signature).or_insert(fresh));
    }
    let empty = &sequences[0];
    let candidate = Candidate {
        order: order * span,
        marked: (0..order * span)
            .map(|a| empty.at(a % span, (a / span) as u32))
            .collect(),
        initial,
        generators,
        mul: &mul,
    };
    work += (order * span * (candidate.generators.len() + sequences.len())) as u64;
    let reduced = reduce(&candidate, max_order)?;
    let images = known
        .images
        .iter()
        .map(|&image| reduced.class[pair(image, 0) as usize])
        .collect();
    let new_image = reduced.class[pair(0, 1) as usize];
    Ok(Extended {
        monoid: reduced.monoid,
        marked: reduced.marked,
        images,
        new_image,
        work,
    })
}
