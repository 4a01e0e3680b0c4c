//! The re-check of a misère quotient from a certificate: its table, P-portion, the elements of
//! heaps `1..=N` and, for a whole game's, the period, checked from the rules alone.
//!
//! Nothing of the growth is trusted. The table must be a commutative monoid with identity 0
//! (associativity by Light's test over the heaps' elements, which generate it), the P-portion
//! must leave it reduced (no two elements that every third one fails to tell apart), the
//! pretension must respect every misère outcome of sums of heaps up to `N` ([`super::check`],
//! from the rule's own moves), and the map must be periodic with the least period and
//! preperiod that meet the bound of the theorem in `super::periodic` at `N`. Then the
//! quotient is that of the whole game.

use std::collections::HashSet;

use super::check::{lightest_failure, Pretension};
use super::heaps::heap_options;
use super::monoid::Monoid;
use super::periodic::{theorem_applies, Periodicity};
use super::{presentation, Atoms, Quotient};
use crate::error::Result;
use crate::game::{Limits, Ruleset};
use crate::rules::HeapRule;

/// What a certificate claims of a whole game's quotient.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuotientClaim {
    /// `table[x][y]`: the product of elements `x` and `y`; element 0 the identity.
    pub table: Vec<Vec<u32>>,
    /// The elements of the P-portion.
    pub p_portion: Vec<u32>,
    /// The element of each heap `1..=N` (`images[n - 1]` for heap `n`).
    pub images: Vec<u32>,
    /// The heap → element map's preperiod, period and `N`, for a whole game's quotient;
    /// `None` for the quotient of heaps `1..=N` alone.
    pub periodicity: Option<Periodicity>,
}

/// Re-checks `claim` for `rule` from the rules alone (see the module docs): `Ok(Ok(quotient))`
/// with the quotient it proves, or `Ok(Err(reason))` with the first thing found wrong. Without
/// a periodicity, the quotient of heaps `1..=N` is checked, and no theorem is needed.
///
/// # Errors
/// A limit reached by the check of sums, or an error listing the rule's moves.
///
/// # Example
/// ```
/// use grundy::{quotient::{check_claim, whole_heap_quotient, QuotientClaim}, spec, Limits};
/// let rule = spec::parse_heap_rule("0.75")?;
/// let q = whole_heap_quotient(&rule, 100, 64, Limits::default())?;
/// let order = q.order() as u32;
/// let mut claim = QuotientClaim {
///     table: (0..order).map(|x| (0..order).map(|y| q.monoid().mul(x, y)).collect()).collect(),
///     p_portion: q.p_portion().collect(),
///     images: (0..q.atoms()).map(|atom| q.image(atom)).collect(),
///     periodicity: q.periodicity(),
/// };
/// assert!(check_claim(&rule, &claim, Limits::default())?.is_ok());
/// claim.periodicity.as_mut().expect("0.75 is proved").preperiod += 1;
/// assert!(check_claim(&rule, &claim, Limits::default())?.is_err());
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn check_claim(
    rule: &HeapRule,
    claim: &QuotientClaim,
    limits: Limits,
) -> Result<std::result::Result<Quotient, String>> {
    let theorem = theorem_applies(rule);
    if claim.periodicity.is_some() && theorem.is_none() {
        return Ok(Err(format!(
            "no periodicity theorem covers {rule}: the whole game's quotient is not proved by \
             a finite table"
        )));
    }
    let (monoid, marked) = match monoid_of(claim) {
        Ok(found) => found,
        Err(reason) => return Ok(Err(reason)),
    };
    if let Err(reason) = reduced(&monoid, &marked) {
        return Ok(Err(reason));
    }
    let n = claim.images.len() as u64;
    if let Some(periodicity) = claim.periodicity.filter(|p| p.proved_at != n) {
        return Ok(Err(format!(
            "the proof is claimed at heap {}, but the elements of heaps 1 to {n} are given",
            periodicity.proved_at
        )));
    }
    let mut atoms = Atoms::new();
    for heap in 1..=n {
        atoms.push(rule.format(&[heap]), heap_options(rule, heap, limits)?)?;
    }
    // A heap with no move is the game 0 itself, whose element is the identity.
    if let Some(atom) =
        (0..atoms.len()).find(|&atom| atoms.options[atom].is_empty() && claim.images[atom] != 0)
    {
        return Ok(Err(format!(
            "heap {} has no move, so its element is the identity, not {}",
            atom + 1,
            claim.images[atom]
        )));
    }
    let options = atoms.option_images(&monoid, &claim.images);
    let pretension = Pretension {
        monoid: &monoid,
        marked: &marked,
        images: &claim.images,
        options: &options,
        weights: &atoms.weights,
    };
    let mut work = 0;
    if let Some(failure) = lightest_failure(&pretension, limits, &mut work)? {
        let sum: Vec<String> = failure
            .word
            .iter()
            .map(|&atom| atoms.label(atom as usize).to_string())
            .collect();
        return Ok(Err(format!(
            "the quotient says {} is a misère {}-position, but it is not",
            if sum.is_empty() {
                "0".to_string()
            } else {
                sum.join(" + ")
            },
            if failure.truly_p { "N" } else { "P" }
        )));
    }
    let phi: Vec<u32> = std::iter::once(0)
        .chain(claim.images.iter().copied())
        .collect();
    if let (Some(claimed), Some(theorem)) = (claim.periodicity, theorem) {
        if let Err(reason) = periodic(&phi, claimed, theorem) {
            return Ok(Err(reason));
        }
    }
    let (generators, words) = presentation(&monoid, &claim.images);
    Ok(Ok(Quotient {
        monoid,
        marked,
        images: claim.images.clone(),
        labels: atoms.labels,
        generators,
        words,
        periodicity: claim.periodicity,
    }))
}

/// The monoid and P-portion of `claim`, or what keeps the table from being a commutative
/// monoid with identity 0 generated by the heaps' elements.
fn monoid_of(claim: &QuotientClaim) -> std::result::Result<(Monoid, Vec<bool>), String> {
    let order = claim.table.len();
    if order == 0 || order > u32::MAX as usize {
        return Err(format!("a table of {order} elements"));
    }
    let in_range = |x: u32| (x as usize) < order;
    for (x, row) in claim.table.iter().enumerate() {
        if row.len() != order {
            return Err(format!(
                "row {x} of the table has {} entries, not {order}",
                row.len()
            ));
        }
        if let Some(&y) = row.iter().find(|&&y| !in_range(y)) {
            return Err(format!(
                "row {x} of the table names element {y}, beyond {order}"
            ));
        }
    }
    let monoid = Monoid::from_rows(&claim.table);
    for x in 0..order as u32 {
        if monoid.mul(0, x) != x {
            return Err(format!("element 0 is not the identity: 0·{x} is not {x}"));
        }
        for y in 0..x {
            if monoid.mul(x, y) != monoid.mul(y, x) {
                return Err(format!("the table is not commutative at {x}·{y}"));
            }
        }
    }
    if let Some(&x) = claim.images.iter().find(|&&x| !in_range(x)) {
        return Err(format!("a heap's element {x} is beyond the table"));
    }
    let generators: Vec<u32> = {
        let mut distinct = claim.images.clone();
        distinct.sort_unstable();
        distinct.dedup();
        distinct
    };
    // Every element is a product of heaps' elements.
    let mut reached = vec![false; order];
    reached[0] = true;
    let mut frontier = vec![0u32];
    while let Some(x) = frontier.pop() {
        for &g in &generators {
            let y = monoid.mul(x, g);
            if !reached[y as usize] {
                reached[y as usize] = true;
                frontier.push(y);
            }
        }
    }
    if let Some(x) = reached.iter().position(|&r| !r) {
        return Err(format!("element {x} is no product of heaps' elements"));
    }
    // Light's test: (x·g)·y = x·(g·y) for every generator g makes the table associative.
    for &g in &generators {
        for x in 0..order as u32 {
            let xg = monoid.mul(x, g);
            for y in 0..order as u32 {
                if monoid.mul(xg, y) != monoid.mul(x, monoid.mul(g, y)) {
                    return Err(format!("the table is not associative at ({x}·{g})·{y}"));
                }
            }
        }
    }
    let mut marked = vec![false; order];
    for &x in &claim.p_portion {
        if !in_range(x) || marked[x as usize] {
            return Err(format!(
                "the P-portion names element {x} twice or beyond the table"
            ));
        }
        marked[x as usize] = true;
    }
    Ok((monoid, marked))
}

/// Whether every two elements are told apart by some third: `x·z ∈ P` for one and not the
/// other.
fn reduced(monoid: &Monoid, marked: &[bool]) -> std::result::Result<(), String> {
    let order = monoid.order() as u32;
    let mut seen = HashSet::new();
    for x in 0..order {
        let mut signature = vec![0u64; (order as usize).div_ceil(64)];
        for z in 0..order {
            if marked[monoid.mul(x, z) as usize] {
                signature[z as usize / 64] |= 1 << (z % 64);
            }
        }
        if !seen.insert(signature) {
            return Err(format!(
                "element {x} is indistinguishable from an earlier one: the quotient is not reduced"
            ));
        }
    }
    Ok(())
}

/// Whether `phi` (heaps 0 to `N`) repeats with the claimed period from the claimed preperiod,
/// both the least, and the theorem's bound for `(k, s)` holds at `N` for that period and for
/// no smaller one.
fn periodic(
    phi: &[u32],
    claimed: Periodicity,
    (k, s): (u64, u64),
) -> std::result::Result<(), String> {
    let n = phi.len() as u64 - 1;
    // The least n₀ from which period p holds within 0..=N.
    let start = |p: u64| {
        let mut n0 = n.saturating_sub(p) + 1;
        while n0 > 0 && phi[(n0 - 1) as usize] == phi[(n0 - 1 + p) as usize] {
            n0 -= 1;
        }
        n0
    };
    let proves = |p: u64, n0: u64| {
        let bound = s
            .saturating_mul(n0.max(1).saturating_add(p))
            .saturating_add(k)
            .saturating_sub(1);
        n >= bound && n >= p.saturating_add(k)
    };
    let (p, n0) = (claimed.period, claimed.preperiod);
    if p == 0 || p > n {
        return Err(format!("a period of {p} within heaps 0 to {n}"));
    }
    if start(p) != n0 {
        return Err(format!(
            "with period {p} the map repeats from heap {}, not from heap {n0}",
            start(p)
        ));
    }
    if !proves(p, n0) {
        return Err(format!(
            "heap {n} is below the theorem's bound for period {p} and preperiod {n0} \
             (s·(max(n₀, 1) + p) + k − 1 and p + k with k = {k}, s = {s})"
        ));
    }
    if let Some(q) = (1..p).find(|&q| proves(q, start(q))) {
        return Err(format!("period {q} is proved too, and is less than {p}"));
    }
    Ok(())
}
