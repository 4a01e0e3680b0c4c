//! Published theorems about every misère quotient, checked on the quotients grundy computes
//! for the octal games with up to two code digits.
//!
//! - Plambeck and Siegel (J. Combin. Theory Ser. A 115, 2008) prove that a misère quotient of
//!   impartial games has even order (as restated by Rubinstein-Salzedo and Zhou, "Finite
//!   cardinalities of misère quotients", arXiv 2603.18244, section 1).
//! - Siegel ("The structure and classification of misère quotients", arXiv math/0703070,
//!   abstract): a finite quotient whose P-portion has two elements has order `2^n + 2` or
//!   `2^n + 4`, and there is exactly one quotient of order 8.
//!
//! A quotient of heaps `1..=N` is the quotient of a closed set of games (the options of a sum
//! of such heaps are sums of such heaps), so each theorem applies to it whatever `N` is.

use std::sync::OnceLock;

use grundy::quotient::{heap_quotient, Quotient};
use grundy::{spec, Limits};

/// The largest heap of each quotient (55 of the 63 codes stay within the limits below, among
/// them four of order 8: 0.15, 0.57, 0.72 and 0.75).
const TO: u64 = 14;

/// The quotients of heaps `1..=TO` of every octal code `0.d` and `0.dd` that stay within a
/// few hundred elements; the others (wild games whose quotients grow fast) are left out.
fn small_quotients() -> &'static [(String, Quotient)] {
    static QUOTIENTS: OnceLock<Vec<(String, Quotient)>> = OnceLock::new();
    QUOTIENTS.get_or_init(compute_small_quotients)
}

fn compute_small_quotients() -> Vec<(String, Quotient)> {
    let limits = Limits::DEFAULT.with_max_work(1 << 22);
    let codes = (1..=7)
        .map(|d| format!("0.{d}"))
        .chain((0..=7).flat_map(|a| (1..=7).map(move |b| format!("0.{a}{b}"))));
    let quotients: Vec<_> = codes
        .filter_map(|code| {
            let rule = spec::parse_heap_rule(&code).expect("an octal code");
            let quotient = heap_quotient(&rule, TO, 256, limits).ok()?;
            Some((code, quotient))
        })
        .collect();
    // Most codes are within the limits: the theorems are checked on many quotients.
    assert!(quotients.len() >= 50, "only {} quotients", quotients.len());
    quotients
}

#[test]
fn every_quotient_has_even_order() {
    for (code, quotient) in small_quotients() {
        let order = quotient.order();
        assert!(order == 1 || order % 2 == 0, "{code}: order {order}");
    }
}

#[test]
fn a_p_portion_of_two_elements_means_order_two_to_the_n_plus_two_or_four() {
    let mut seen = 0;
    for (code, quotient) in small_quotients() {
        if quotient.p_portion().count() == 2 {
            let order = quotient.order();
            let fits = [2, 4]
                .iter()
                .any(|&k| order > k && (order - k).is_power_of_two());
            assert!(fits, "{code}: order {order} with a P-portion of two");
            seen += 1;
        }
    }
    assert!(seen >= 5, "only {seen} quotients with a P-portion of two");
}

#[test]
fn every_quotient_of_order_eight_is_the_same() {
    let eights: Vec<_> = small_quotients()
        .iter()
        .filter(|(_, quotient)| quotient.order() == 8)
        .collect();
    // 0.15, 0.57, 0.72 and 0.75 to heap 14.
    assert!(eights.len() >= 2, "{} quotients of order 8", eights.len());
    let (first_code, first) = &eights[0];
    for (code, quotient) in &eights[1..] {
        assert!(
            isomorphic(first, quotient),
            "{first_code} and {code}: quotients of order 8 that differ"
        );
    }
}

#[test]
fn isomorphism_tells_quotients_apart() {
    // The test above could pass by an isomorphism check that accepts anything: order 6
    // quotients of Nim (P = {a, b^2}) and of 0.22 must match, and Nim's order 6 against a
    // relabelled P-portion must not.
    let limits = Limits::default();
    let nim = heap_quotient(&spec::parse_heap_rule("nim").unwrap(), 2, 64, limits).unwrap();
    let other = heap_quotient(&spec::parse_heap_rule("0.22").unwrap(), TO, 64, limits).unwrap();
    assert_eq!((nim.order(), other.order()), (6, 6));
    assert!(isomorphic(&nim, &other));
    let p: Vec<bool> = (0..6).map(|x| nim.is_p(x)).collect();
    let flipped: Vec<bool> = p.iter().map(|&is_p| !is_p).collect();
    assert!(!isomorphic_with(&nim, &p, &nim, &flipped));
}

/// Whether two quotients are the same bipartite monoid: a bijection that keeps the identity,
/// products and the P-portion.
fn isomorphic(a: &Quotient, b: &Quotient) -> bool {
    let p = |q: &Quotient| (0..q.order() as u32).map(|x| q.is_p(x)).collect::<Vec<_>>();
    isomorphic_with(a, &p(a), b, &p(b))
}

/// [`isomorphic`], with the P-portions given as flags by element.
fn isomorphic_with(a: &Quotient, a_p: &[bool], b: &Quotient, b_p: &[bool]) -> bool {
    let n = a.order();
    if n != b.order() {
        return false;
    }
    // `map[x]` is the image of element `x`; the identity (element 0) maps to the identity.
    let mut map = vec![None; n];
    map[0] = Some(0u32);
    let mut used = vec![false; n];
    used[0] = true;
    extend(a, a_p, b, b_p, &mut map, &mut used, 1)
}

/// Tries every image for elements `next..` in turn, keeping products and P-positions.
fn extend(
    a: &Quotient,
    a_p: &[bool],
    b: &Quotient,
    b_p: &[bool],
    map: &mut [Option<u32>],
    used: &mut [bool],
    next: usize,
) -> bool {
    if next == map.len() {
        return true;
    }
    for image in 0..map.len() {
        if used[image] || a_p[next] != b_p[image] {
            continue;
        }
        map[next] = Some(image as u32);
        used[image] = true;
        if consistent(a, b, map, next) && extend(a, a_p, b, b_p, map, used, next + 1) {
            return true;
        }
        map[next] = None;
        used[image] = false;
    }
    false
}

/// Whether every product of mapped elements (up to `last`) whose product is mapped too maps to
/// the product of their images.
fn consistent(a: &Quotient, b: &Quotient, map: &[Option<u32>], last: usize) -> bool {
    let (ma, mb) = (a.monoid(), b.monoid());
    (0..=last).all(|x| {
        (0..=x).all(|y| {
            let (Some(fx), Some(fy)) = (map[x], map[y]) else {
                return true;
            };
            match map[ma.mul(x as u32, y as u32) as usize] {
                Some(fxy) => fxy == mb.mul(fx, fy),
                None => true,
            }
        })
    })
}
