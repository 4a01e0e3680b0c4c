//! Misère quotients: the finite commutative monoids that decide misère play of sums.
//!
//! Misère values do not add, but misère *outcomes* of sums can still be decided by a finite
//! table. For a set `A` of games closed under options and sums, call `G` and `H`
//! *indistinguishable* when `G + X` and `H + X` have the same misère outcome for every `X` in
//! `A`. This is a congruence; its classes form a commutative monoid `Q(A)`, the **misère
//! quotient**, and the classes of P-positions its **P-portion** `P`. The map `Φ` from games to
//! classes (the *pretending function*) adds as the monoid multiplies, so the outcome of a sum
//! is `Φ(G₁)·Φ(G₂)·…·Φ(Gₖ) ∈ P`: constant work per component once `Φ` is known (Plambeck,
//! "Taming the wild in impartial combinatorial games", INTEGERS 5 (2005) G05; Plambeck and
//! Siegel, "Misère quotients for impartial games", JCTA 115 (2008), arXiv math/0609825).
//!
//! Here `A` is the closure under sums of finitely many *atoms* (such as the heaps `1..=n` of a
//! heap game), listed so that each atom's options are sums of
//! earlier atoms ([`Atoms`]). The quotient is built one atom at a time by `extend`, and then
//! *checked from the rules* by `verify`: a finite search over the states of all words that
//! proves the quotient's outcome right for every sum of atoms. A later atom can separate sums
//! of earlier atoms that the earlier atoms alone do not (wild games do this); when the check
//! finds a word misjudged, the word becomes a *test sum* that keeps apart, at every step, what
//! it separates, and the quotient is built again. A quotient that fails the check is never an
//! answer.
//!
//! # Example
//! ```
//! use grundy::{quotient::heap_quotient, rules::HeapRule, spec, Limits};
//! // Misère Nim with heaps of 1 and 2 (Plambeck and Siegel 2008): order 6, P-portion {a, b²}.
//! let quotient = heap_quotient(&spec::parse_heap_rule("nim")?, 2, 1 << 10, Limits::default())?;
//! assert_eq!(quotient.order(), 6);
//! let p: Vec<String> = quotient.p_portion().map(|x| quotient.name(x)).collect();
//! assert_eq!(p, ["a", "b^2"]);
//! # Ok::<(), grundy::Error>(())
//! ```

mod cache;
mod candidate;
mod certificate;
mod check;
mod extend;
mod grow;
mod heaps;
mod monoid;
mod periodic;
mod verify;

pub use cache::{quotient_for_heaps, remember, CACHED_RULES};
pub use certificate::{check_claim, QuotientClaim};
pub use grow::Grower;
pub use heaps::{
    grow_whole_heap_quotient, heap_element, heap_quotient, heap_quotient_by_rebuilding,
    outcome_of_heaps, periodic_move_classes, whole_heap_quotient, Grown,
};
pub use periodic::{whole_game_theorem_covers, Periodicity};

/// The most elements of a misère quotient when no other bound is given.
pub const DEFAULT_MAX_ORDER: u64 = 4096;

/// The moves examined that building a quotient, loading one or checking one allows when no
/// other bound is given: about a minute of the grown quotient, enough for every quotient
/// MisereSolver computes in seconds (`docs/performance.md`). Every face takes it as its
/// default for quotients (the CLI's `quotient --max-work`, Python's `quotient`).
pub const DEFAULT_MAX_WORK: u64 = 1 << 30;
pub use monoid::Monoid;

use crate::error::{Error, ErrorKind, Limit, Result};
use crate::game::{Limits, Outcome};

/// Atoms listed so that each atom's options are sums of earlier atoms.
///
/// # Example
/// ```
/// use grundy::quotient::Atoms;
/// let mut atoms = Atoms::new();
/// let one = atoms.push("*1", vec![vec![]])?; // *1: one move, to 0
/// atoms.push("*2", vec![vec![], vec![one]])?;
/// assert_eq!(atoms.len(), 2);
/// assert!(atoms.push("bad", vec![vec![5]]).is_err()); // no atom 5 yet
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Atoms {
    labels: Vec<String>,
    options: Vec<Vec<Vec<u32>>>,
    weights: Vec<u64>,
}

impl Atoms {
    /// No atoms.
    pub fn new() -> Atoms {
        Atoms::default()
    }

    /// Adds an atom named `label` whose options are the sums `options` of earlier atoms (by
    /// index); returns its index.
    ///
    /// # Errors
    /// An option naming an atom not yet added.
    pub fn push(&mut self, label: impl Into<String>, options: Vec<Vec<u32>>) -> Result<u32> {
        let index = self.options.len() as u32;
        let mut weight = 0u64;
        for option in &options {
            let mut sum = 0u64;
            for &part in option {
                let part_weight = self.weights.get(part as usize).ok_or_else(|| {
                    Error::invalid_position(format!(
                        "atom {index} has an option with atom {part}, which is not earlier"
                    ))
                })?;
                sum = sum.saturating_add(*part_weight);
            }
            weight = weight.max(sum);
        }
        // Every option weighs less than its atom, so words of options are lighter too.
        let weight = weight.checked_add(1).ok_or_else(|| {
            Error::invalid_position("the atoms are nested too deeply to weigh (2^64)")
        })?;
        self.labels.push(label.into());
        self.options.push(options);
        self.weights.push(weight);
        Ok(index)
    }

    /// The number of atoms.
    pub fn len(&self) -> usize {
        self.options.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.options.is_empty()
    }

    /// The label of atom `atom`.
    pub fn label(&self, atom: usize) -> &str {
        &self.labels[atom]
    }

    /// The images of the options of every atom that has an image.
    fn option_images(&self, monoid: &Monoid, images: &[u32]) -> Vec<Vec<u32>> {
        (0..images.len())
            .map(|atom| self.images_of_options(atom, monoid, images))
            .collect()
    }

    /// The images of the options of `atom`, sorted, each once; its options' atoms need images.
    fn images_of_options(&self, atom: usize, monoid: &Monoid, images: &[u32]) -> Vec<u32> {
        let mut found: Vec<u32> = self.options[atom]
            .iter()
            .map(|option| monoid.product(option.iter().map(|&a| images[a as usize])))
            .collect();
        found.sort_unstable();
        found.dedup();
        found
    }
}

/// The misère quotient of the closure of some [`Atoms`] under sums, checked from the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Quotient {
    monoid: Monoid,
    marked: Vec<bool>,
    images: Vec<u32>,
    labels: Vec<String>,
    /// The atoms that generate, each not in the submonoid of the images of those before it.
    generators: Vec<usize>,
    /// Each element as exponents of the generators (shortest, then first in generator order).
    words: Vec<Vec<u32>>,
    /// For heaps of a take-and-break code, the heap → element map proved periodic.
    periodicity: Option<Periodicity>,
}

impl Quotient {
    /// The misère quotient of `atoms`, its order at most `max_order`, grown one atom at a time
    /// by [`Grower`] (candidates tested against each new atom's options; see `grow`).
    ///
    /// # Errors
    /// As for [`Grower::push`].
    pub fn of(atoms: &Atoms, max_order: u64, limits: Limits) -> Result<Quotient> {
        let mut grower = Grower::new(max_order, limits);
        for atom in 0..atoms.len() {
            grower.push(atoms.labels[atom].clone(), atoms.options[atom].clone())?;
        }
        Ok(grower.quotient())
    }

    /// The misère quotient of `atoms` by the first method, kept as a second implementation
    /// for the tests: built one atom at a time, each monoid on the way told apart by the outcomes of sums
    /// with a set of test words (at first none), then checked from the rules. A word that the
    /// check finds misjudged joins the tests and the quotient is built again, until the check
    /// passes.
    ///
    /// # Errors
    /// [`Limit::QuotientOrder`] when a monoid on the way has more than `max_order` elements;
    /// [`Limit::Positions`] or [`Limit::Work`] from the construction or the check (`limits`);
    /// [`ErrorKind::Unsupported`] when a misjudged word is already a test word (the tests did
    /// not separate what they should have).
    pub fn by_rebuilding(atoms: &Atoms, max_order: u64, limits: Limits) -> Result<Quotient> {
        let mut tests: Vec<Vec<u32>> = Vec::new();
        let mut work = 0u64;
        loop {
            let (monoid, marked, images) = build(atoms, &tests, max_order, limits, &mut work)?;
            let options = atoms.option_images(&monoid, &images);
            let claim = verify::Claim {
                monoid: &monoid,
                marked: &marked,
                images: &images,
                options: &options,
            };
            let Some(mut word) = verify::counterexample(&claim, limits)? else {
                let (generators, words) = presentation(&monoid, &images);
                return Ok(Quotient {
                    monoid,
                    marked,
                    images,
                    labels: atoms.labels.clone(),
                    generators,
                    words,
                    periodicity: None,
                });
            };
            word.sort_unstable();
            if tests.contains(&word) {
                let labels: Vec<&str> = word.iter().map(|&a| atoms.label(a as usize)).collect();
                return Err(Error::new(ErrorKind::Unsupported {
                    reason: format!(
                        "the misère quotient built one atom at a time still misjudges {} with \
                         it as a test sum",
                        if labels.is_empty() {
                            "0".to_string()
                        } else {
                            labels.join(" + ")
                        }
                    ),
                }));
            }
            tests.push(word);
        }
    }

    /// The number of elements.
    pub fn order(&self) -> usize {
        self.monoid.order()
    }

    /// The monoid (element 0 is the identity, the class of the empty game).
    pub fn monoid(&self) -> &Monoid {
        &self.monoid
    }

    /// Whether element `x` is in the P-portion.
    pub fn is_p(&self, x: u32) -> bool {
        self.marked[x as usize]
    }

    /// The elements of the P-portion, in order.
    pub fn p_portion(&self) -> impl Iterator<Item = u32> + '_ {
        (0..self.order() as u32).filter(|&x| self.is_p(x))
    }

    /// The element of atom `atom` (its pretending function value).
    pub fn image(&self, atom: usize) -> u32 {
        self.images[atom]
    }

    /// The number of atoms.
    pub fn atoms(&self) -> usize {
        self.images.len()
    }

    /// The misère outcome of the sum of the atoms `word`, in time linear in its length.
    ///
    /// # Panics
    /// When an atom is out of range.
    pub fn outcome(&self, word: &[u32]) -> Outcome {
        let x = self
            .monoid
            .product(word.iter().map(|&atom| self.images[atom as usize]));
        if self.is_p(x) {
            Outcome::PreviousWins
        } else {
            Outcome::NextWins
        }
    }

    /// The generating atoms, in order: each atom whose image is not a product of the images
    /// of the atoms before it. Their names are `a`, `b`, `c`, ….
    pub fn generators(&self) -> &[usize] {
        &self.generators
    }

    /// The label of atom `atom`.
    pub fn label(&self, atom: usize) -> &str {
        &self.labels[atom]
    }

    /// Element `x` as a word in the generators (`1` for the identity, `a^2b`).
    pub fn name(&self, x: u32) -> String {
        let word = &self.words[x as usize];
        if word.iter().all(|&e| e == 0) {
            return "1".to_string();
        }
        let mut text = String::new();
        for (g, &e) in word.iter().enumerate() {
            if e == 0 {
                continue;
            }
            text.push_str(&generator_name(g));
            if e > 1 {
                text.push_str(&format!("^{e}"));
            }
        }
        text
    }

    /// For a quotient of heaps ([`heap_quotient`], [`whole_heap_quotient`]), the heap → element
    /// map proved periodic, which makes this the quotient of every heap (see `periodic`).
    pub fn periodicity(&self) -> Option<Periodicity> {
        self.periodicity
    }

    /// The index of the last generator: the sums of the atoms up to it already reach every
    /// element, so the quotient of the atoms up to any later one (up to the last) is this
    /// same quotient. `None` when there is no generator (every atom has no move).
    pub fn last_change(&self) -> Option<usize> {
        self.generators.last().copied()
    }
}

/// The monoid, P-portion and images of the atoms, one atom at a time (see `extend`).
fn build(
    atoms: &Atoms,
    tests: &[Vec<u32>],
    max_order: u64,
    limits: Limits,
    work: &mut u64,
) -> Result<(Monoid, Vec<bool>, Vec<u32>)> {
    let mut monoid = Monoid::trivial();
    let mut marked = vec![false];
    let mut images: Vec<u32> = Vec::new();
    for atom in 0..atoms.len() {
        limits.cancel.check()?;
        if atoms.options[atom].is_empty() {
            // No move: the atom is the game 0 itself.
            images.push(0);
            continue;
        }
        let step = extend::extend(
            &extend::Known {
                atoms,
                monoid: &monoid,
                images: &images,
                atom,
                tests,
            },
            max_order,
            limits,
        )?;
        *work = work.saturating_add(step.work);
        if *work > limits.max_work {
            return Err(Error::limit(Limit::Work, limits.max_work));
        }
        monoid = step.monoid;
        marked = step.marked;
        images = step.images;
        images.push(step.new_image);
    }
    Ok((monoid, marked, images))
}

/// `a`…`z`, then `g27`, `g28`, ….
fn generator_name(g: usize) -> String {
    match u8::try_from(g) {
        Ok(g) if g < 26 => char::from(b'a' + g).to_string(),
        _ => format!("g{}", g + 1),
    }
}

/// The generating atoms and each element as exponents of them (breadth-first from 1).
fn presentation(monoid: &Monoid, images: &[u32]) -> (Vec<usize>, Vec<Vec<u32>>) {
    let order = monoid.order();
    let mut reached = vec![false; order];
    reached[0] = true;
    let mut generators = Vec::new();
    for (atom, &image) in images.iter().enumerate() {
        if reached[image as usize] {
            continue;
        }
        generators.push(atom);
        // Close the reached set under multiplication by the new image.
        let mut frontier: Vec<u32> = (0..order as u32).filter(|&x| reached[x as usize]).collect();
        while let Some(x) = frontier.pop() {
            let y = monoid.mul(x, image);
            if !reached[y as usize] {
                reached[y as usize] = true;
                frontier.push(y);
            }
        }
    }
    let mut words: Vec<Option<Vec<u32>>> = vec![None; order];
    words[0] = Some(vec![0; generators.len()]);
    let mut queue = std::collections::VecDeque::from([0u32]);
    while let Some(x) = queue.pop_front() {
        for (g, &atom) in generators.iter().enumerate() {
            let y = monoid.mul(x, images[atom]);
            if words[y as usize].is_none() {
                let mut word = words[x as usize].clone().unwrap_or_default();
                word[g] += 1;
                words[y as usize] = Some(word);
                queue.push_back(y);
            }
        }
    }
    let words = words.into_iter().map(Option::unwrap_or_default).collect();
    (generators, words)
}

#[cfg(test)]
mod tests;
