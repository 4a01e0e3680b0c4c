//! Candidate quotients: a known monoid with some atoms set free, marked by lightest words.
//!
//! A candidate keeps a base monoid `B` (with the images there of the atoms that stay) and gives
//! each *freed* atom a cyclic monoid of its own, `⟨g | g^(i+p) = g^i⟩` (index `i`, period
//! `p`): its elements are the products of images, inside `B × C₁ × … × C_f`, reached from the
//! identity. Each element is marked from one lightest word `w` with that image (weights are
//! additive and options lighter, so the images of `w`'s options are marked first): P exactly
//! when `w` has a move and no option's image is marked P. The candidate is then reduced by
//! indistinguishability. Whether it respects every outcome is for [`super::check`] to say.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

use super::monoid::{reduce, Candidate, Monoid};
use crate::error::{Error, Limit, Result};
use crate::game::Limits;

/// A cyclic monoid `⟨g | g^(index+period) = g^index⟩`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Cyclic {
    pub index: u32,
    pub period: u32,
}

impl Cyclic {
    fn size(self) -> u64 {
        u64::from(self.index) + u64::from(self.period)
    }
    fn add(self, k: u32, l: u32) -> u32 {
        let sum = k + l;
        if sum < self.index + self.period {
            sum
        } else {
            self.index + (sum - self.index) % self.period
        }
    }
}

/// What the candidate is built from.
pub(super) struct Plan<'a> {
    pub base: &'a Monoid,
    /// For each atom: its image in the base, or the number of the cyclic monoid that frees it.
    pub place: Vec<Place>,
    pub cyclics: Vec<Cyclic>,
    /// Each atom's options, as lists of earlier atoms.
    pub options: &'a [Vec<Vec<u32>>],
    pub weights: &'a [u64],
}

/// Where an atom's image lives in a candidate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Place {
    Base(u32),
    Free(usize),
}

/// A reduced, marked candidate and the image of each atom in it.
pub(super) struct Built {
    pub monoid: Monoid,
    pub marked: Vec<bool>,
    pub images: Vec<u32>,
}

/// The most freed atoms in one candidate.
pub(super) const MAX_CYCLICS: usize = 4;

/// Elements of `B × C₁ × … × C_f` as a base element and exponents, packed in one `u64`.
struct Packing {
    cyclics: Vec<Cyclic>,
    radix: u64,
}

impl Packing {
    fn pack(&self, b: u32, ks: &[u32; MAX_CYCLICS]) -> u64 {
        let mut key = 0u64;
        for (k, c) in ks.iter().zip(&self.cyclics) {
            key = key * c.size() + u64::from(*k);
        }
        u64::from(b) * self.radix + key
    }
    fn unpack(&self, key: u64, ks: &mut [u32; MAX_CYCLICS]) -> u32 {
        let mut rest = key % self.radix;
        for (k, c) in ks.iter_mut().zip(&self.cyclics).rev() {
            *k = (rest % c.size()) as u32;
            rest /= c.size();
        }
        (key / self.radix) as u32
    }
    fn mul(&self, base: &Monoid, a: u64, b: u64) -> u64 {
        if self.cyclics.is_empty() {
            return u64::from(base.mul(a as u32, b as u32));
        }
        let (mut ka, mut kb) = ([0; MAX_CYCLICS], [0; MAX_CYCLICS]);
        let x = self.unpack(a, &mut ka);
        let y = self.unpack(b, &mut kb);
        for ((k, l), c) in ka.iter_mut().zip(&kb).zip(&self.cyclics) {
            *k = c.add(*k, *l);
        }
        self.pack(base.mul(x, y), &ka)
    }
}

/// Dense ids of the packed elements reached: a table when the product is small, else a map.
enum Ids {
    Table(Vec<u32>),
    Map(HashMap<u64, u32>),
}

impl Ids {
    fn new(size: u64) -> Ids {
        if size <= 1 << 22 {
            Ids::Table(vec![u32::MAX; size as usize])
        } else {
            Ids::Map(HashMap::new())
        }
    }
    fn get(&self, key: u64) -> Option<u32> {
        match self {
            Ids::Table(table) => table
                .get(key as usize)
                .copied()
                .filter(|&id| id != u32::MAX),
            Ids::Map(map) => map.get(&key).copied(),
        }
    }
    fn insert(&mut self, key: u64, id: u32) {
        match self {
            Ids::Table(table) => table[key as usize] = id,
            Ids::Map(map) => {
                map.insert(key, id);
            }
        }
    }
}

/// Builds, marks and reduces the candidate of `plan`.
///
/// # Errors
/// [`Limit::Positions`] when more than [`Limits::max_positions`] elements are reached,
/// [`Limit::QuotientOrder`] when the reduced candidate has more than `max_order` elements, and
/// [`Limit::Work`] or a cancel.
pub(super) fn build(plan: &Plan, max_order: u64, limits: Limits, work: &mut u64) -> Result<Built> {
    let radix = plan
        .cyclics
        .iter()
        .try_fold(1u64, |r, c| r.checked_mul(c.size()))
        .filter(|&r| r.checked_mul(plan.base.order() as u64).is_some())
        .filter(|_| plan.cyclics.len() <= MAX_CYCLICS)
        .ok_or_else(|| Error::limit(Limit::Positions, limits.max_positions))?;
    let packing = Packing {
        cyclics: plan.cyclics.clone(),
        radix,
    };
    let atoms = plan.place.len();
    let zeros = [0u32; MAX_CYCLICS];
    let image_of = |atom: usize| match plan.place[atom] {
        Place::Base(b) => packing.pack(b, &zeros),
        Place::Free(c) => {
            let mut ks = zeros;
            ks[c] = 1;
            packing.pack(0, &ks)
        }
    };
    let images: Vec<u64> = (0..atoms).map(image_of).collect();
    // The option images of each atom, packed.
    let option_images: Vec<Vec<u64>> = (0..atoms)
        .map(|atom| {
            let mut found: Vec<u64> = plan.options[atom]
                .iter()
                .map(|option| {
                    option.iter().fold(packing.pack(0, &zeros), |acc, &a| {
                        packing.mul(plan.base, acc, images[a as usize])
                    })
                })
                .collect();
            found.sort_unstable();
            found.dedup();
            found
        })
        .collect();
    // Letters: one atom per distinct image among atoms with moves (the lightest), for reaching.
    let mut letters: Vec<usize> = Vec::new();
    for atom in 0..atoms {
        if plan.options[atom].is_empty() {
            continue;
        }
        match letters.iter_mut().find(|l| images[**l] == images[atom]) {
            Some(l) if plan.weights[*l] <= plan.weights[atom] => {}
            Some(l) => *l = atom,
            None => letters.push(atom),
        }
    }
    // Dijkstra over the reached elements; each element's transitions from its parent's.
    let identity = packing.pack(0, &zeros);
    let mut id = Ids::new(radix * plan.base.order() as u64);
    id.insert(identity, 0);
    let mut keys = vec![identity];
    let mut distance = vec![0u64];
    let mut parent: Vec<Option<(u32, usize)>> = vec![None];
    let mut transitions: Vec<Vec<u32>> = vec![Vec::new()];
    let mut marked: Vec<bool> = vec![false];
    let mut done = vec![false];
    // The product of each element with each letter, for the reduction.
    let mut actions: Vec<u32> = Vec::new();
    let mut queue = BinaryHeap::from([Reverse((0u64, 0u32))]);
    let mut order_done: Vec<u32> = Vec::new();
    while let Some(Reverse((d, e))) = queue.pop() {
        if done[e as usize] || d > distance[e as usize] {
            continue;
        }
        done[e as usize] = true;
        order_done.push(e);
        // Transitions of the lightest word: the parent's times the atom, and the parent's
        // image times the atom's options.
        if let Some((p, atom)) = parent[e as usize] {
            let mut tr = Vec::new();
            let from = std::mem::take(&mut transitions[p as usize]);
            for &s in &from {
                let key = packing.mul(plan.base, keys[s as usize], images[atom]);
                tr.push(id.get(key).ok_or_else(unmarked)?);
            }
            transitions[p as usize] = from;
            for &t in &option_images[atom] {
                let key = packing.mul(plan.base, keys[p as usize], t);
                tr.push(id.get(key).ok_or_else(unmarked)?);
            }
            tr.sort_unstable();
            tr.dedup();
            *work += tr.len() as u64;
            let mut p_position = !tr.is_empty();
            for &s in &tr {
                if !done[s as usize] {
                    return Err(unmarked());
                }
                if marked[s as usize] {
                    p_position = false;
                    break;
                }
            }
            marked[e as usize] = p_position;
            transitions[e as usize] = tr;
        }
        for &atom in &letters {
            let key = packing.mul(plan.base, keys[e as usize], images[atom]);
            let through = d.saturating_add(plan.weights[atom]);
            let next = match id.get(key) {
                Some(next) => next,
                None => {
                    if keys.len() as u64 >= limits.max_positions {
                        return Err(Error::limit(Limit::Positions, limits.max_positions));
                    }
                    let next = keys.len() as u32;
                    id.insert(key, next);
                    keys.push(key);
                    distance.push(u64::MAX);
                    parent.push(None);
                    transitions.push(Vec::new());
                    marked.push(false);
                    done.push(false);
                    next
                }
            };
            actions.push(next);
            if through < distance[next as usize] {
                distance[next as usize] = through;
                parent[next as usize] = Some((e, atom));
                queue.push(Reverse((through, next)));
            }
        }
        *work += letters.len() as u64;
        limits.check_work(*work)?;
    }
    limits.cancel.check()?;
    // Option images of a transition may lie outside the reached set only if an atom's options
    // use a freed atom's image that no letter reaches, which cannot happen: every option is a
    // word of atoms. The transitions above were looked up in the reached set.
    let dense: Vec<u32> = images.iter().map(|&key| id.get(key).unwrap_or(0)).collect();
    let generators: Vec<u32> = letters.iter().map(|&atom| dense[atom]).collect();
    // `actions` lists, for the elements in the order they were settled, their letter products.
    let mut row = vec![0usize; keys.len()];
    for (index, &e) in order_done.iter().enumerate() {
        row[e as usize] = index * letters.len();
    }
    let mut letter_of = vec![u32::MAX; keys.len()];
    for (letter, &g) in generators.iter().enumerate() {
        letter_of[g as usize] = letter as u32;
    }
    let mul = |a: u32, b: u32| -> u32 {
        let letter = letter_of[b as usize];
        if letter != u32::MAX {
            return actions[row[a as usize] + letter as usize];
        }
        let key = packing.mul(plan.base, keys[a as usize], keys[b as usize]);
        // Products of reached elements are reached: the reached set is a submonoid.
        id.get(key).unwrap_or(u32::MAX)
    };
    let candidate = Candidate {
        order: keys.len(),
        initial: marked.iter().map(|&m| u32::from(m)).collect(),
        marked: marked.clone(),
        generators: generators.clone(),
        mul: &mul,
    };
    *work += (keys.len() * letters.len()) as u64;
    let reduced = reduce(&candidate, max_order)?;
    Ok(Built {
        monoid: reduced.monoid,
        marked: reduced.marked,
        images: dense.iter().map(|&e| reduced.class[e as usize]).collect(),
    })
}

fn unmarked() -> Error {
    Error::invalid_rule("a candidate quotient reached an option before the word it is an option of")
}
