//! Arithmetic periodicity of codes whose repeated digit leaves a heap, with or without splits
//! into two heaps (Lasker's Nim `4.[3]`, `0.[2]`, `0.[7]`): the finite test and its proof.
//!
//! No statement of such a test for these codes could be found to cite (Austin's theorem, in
//! Winning Ways ch. 4 and Siegel's *Combinatorial Game Theory* IV, covers subtraction games
//! without splits; Howse and Nowakowski, TCS 313 (2004), finite hexadecimal codes), so the
//! test is derived here, and every claim it makes is checked against plain values far beyond
//! its range in the tests.
//!
//! # The test
//!
//! The code: moves leave at most two heaps, equal parts allowed, and every removal of
//! `k >= f` tokens has the tail digit `D`, which may leave one heap. The claim: `g(n + p) =
//! g(n) + s` for every `n >= n0`, with `s > 0`. Let `T` be the number of heaps computed,
//! `S` the largest power of two dividing `s`, `b_j = g(n0 + j)` for `0 <= j < p`, so that
//! `g(n0 + j + q p) = b_j + q s`. The test:
//!
//! 1. `g(n + p) = g(n) + s` for `n0 <= n < T - p`, and `T >= n0 + 2p + 2f - 1`.
//! 2. *Low values.* With `F` the values of heaps `1..=T - f`, 0 when `D` takes a whole heap,
//!    and when `D` splits, the values `g(y) ^ g(x)` with `g(y) < S`, `x >= n0` and
//!    `y + x <= T - f`: `[0, s)` lies in `F`, and so does `w + s` for every `w` among the
//!    values of heaps `1..n0` (and 0 when `D` takes a whole heap).
//! 3. *Witnesses.* For each `n` in `T - p..T`, every value below `g(n)` is the value of a
//!    *good* move of `n`: leaving a heap `1..=n - f` (removal `>= f`), removing `n` (when `D`
//!    takes a whole heap), leaving a heap `m >= n0` by a removal below `f`, or splitting into
//!    `y + x` with `x >= n0` and `g(y) < S`.
//! 4. *Exclusion.* With `v = min g(T - p..T) + s`: every value of heaps `1..n0` and every
//!    XOR of two of them is below `v`; no removal `d >= 1` that leaves a heap equals
//!    `jN - jm + p (b_jm - b_jN) / s` for classes `jN`, `jm` with `s | b_jm - b_jN`; and for
//!    each removal `k` that splits (each below `f`, and `f..f + p` when `D` splits), each
//!    class `jN` of the heap and each way the parts fall (a part `a < n0` and the other in
//!    class `jb`, or parts in classes `ja`, `jb`), either `g(a) + g(b) < g(N)` (a constant
//!    per case, below) or `g(a) ^ g(b) != g(N) (mod S)`.
//!
//! # Proof
//!
//! Two facts about a power of two `S` dividing `s`. (A) `g(n) mod S` has period `p` from
//! `n0` on, and `(x ^ y) mod S = (x mod S) ^ (y mod S)`. (B) If `y < S` then
//! `y ^ (x + s) = (y ^ x) + s`: the XOR changes only the bits below `S`, the sum only those
//! from `S` up, with no carry between them.
//!
//! By induction on `N >= T` show `g(N) = g(N - p) + s` and (W) every value below `g(N)` is the
//! value of a good move of `N`; both hold below `T` by 1 and 3. Let `v* = g(N - p) + s`.
//!
//! *Every value below `v*` is a move of `N`.* Take `u < v*`. If `u < s`, or `u - s` is the value
//! of a heap `1..n0` or the 0 of removing a whole heap, then `u` lies in `F` by 2: leaving a
//! heap `m <= T - f <= N - f`, removing `N`, or splitting into `y + x` as in 2, all by removals
//! of at least `f` tokens, so good moves of `N`. Otherwise `u - s` is
//! the value of a good move of `N - p` (W at `N - p`) leaving a heap `m >= n0`, or splitting
//! into `y + x` with `x >= n0`, `g(y) < S`; the same removal leaving `m + p`, or `y + (x + p)`,
//! is a good move of `N` worth `u` (induction, and B for the split).
//!
//! *`v*` is no move of `N`.* Removing `N` leaves 0 `< s <= v*`. A heap `m < n0` left, or
//! two parts below `n0`, are worth less than `v <= v*` by 4. A heap `m = n0 + jm + qm p`
//! left has `g(m) = v*` only if `s (qN - qm) = b_jm - b_jN`, that is, only if the removal is
//! the `d` of 4, which leaves no heap. A split after removing `k` into `a + b`: if the
//! classes (or `a` itself) and `k` are fixed, `g(a) + g(b) - v*` is a constant `c`: with
//! `a, b >= n0`, `c = b_ja + b_jb - b_jN - t s` where `t = (n0 + ja + jb + k - jN) / p`; with
//! `a < n0`, `c = g(a) + b_jb - b_jN - t s` where `t = (jb - jN + k + a) / p`. If `c < 0`
//! then `g(a) ^ g(b) <= g(a) + g(b) < v*`; otherwise the residues differ by 4 and A. A
//! removal `k + p` puts the parts in the same classes with `t` one larger, so the removals
//! `f..f + p` stand for every removal of the tail.
//!
//! So `g(N) = mex = v*`, and the moves found above show W at `N`.

use std::collections::HashSet;

use super::Claim;
use crate::heap::code::{Code, Digit};

/// The largest period tested: the exclusion costs about `p^2 (n0 + p)` steps, and a longer
/// claimed period (a multiple of a short one, as a hostile certificate may claim) is refused.
const MAX_PERIOD: usize = 1 << 12;

/// Whether the test of the module docs holds for the claim `g(n + period) = g(n) + saltus`
/// from `preperiod` on, on `values` (heaps `0..values.len()`); the caller has compared the
/// values themselves (condition 1's equalities).
pub(super) fn conditions<V: Copy + Into<u64>>(code: &Code, values: &[V], claim: Claim) -> bool {
    let Claim {
        preperiod,
        period,
        saltus,
    } = claim;
    let Some((first, tail)) = code.tail() else {
        return false;
    };
    let Ok(first) = usize::try_from(first) else {
        return false;
    };
    let len = values.len();
    let needed = preperiod
        .saturating_add(2 * period)
        .saturating_add(2 * first)
        .saturating_sub(1);
    if !tail.leaves_one()
        || saltus == 0
        || period == 0
        || period > MAX_PERIOD
        || len < needed
        || len < first + 1
    {
        return false;
    }
    let test = Test {
        code,
        tail,
        first,
        n0: preperiod,
        p: period,
        s: saltus,
        residue: 1 << saltus.trailing_zeros(),
        values: values.iter().map(|&v| v.into()).collect(),
    };
    test.low_values() && test.exclusion() && (len - period..len).all(|n| test.witnessed(n))
}

/// The claim and the values it is tested on.
struct Test<'a> {
    code: &'a Code,
    tail: Digit,
    first: usize,
    n0: usize,
    p: usize,
    s: u64,
    /// `S`: the largest power of two dividing `s`.
    residue: u64,
    values: Vec<u64>,
}

impl Test<'_> {
    fn g(&self, n: usize) -> u64 {
        self.values[n]
    }

    /// `b_j`.
    fn base(&self, class: usize) -> u64 {
        self.g(self.n0 + class)
    }

    /// The heaps `y` below `n` with `g(y) < S`, whose splits shift with the period (fact B).
    fn anchors(&self, n: usize) -> Vec<usize> {
        (1..n).filter(|&y| self.g(y) < self.residue).collect()
    }

    /// Condition 2.
    fn low_values(&self) -> bool {
        let reach = self.values.len() - self.first;
        let mut fixed: HashSet<u64> = (1..=reach).map(|m| self.g(m)).collect();
        let mut unshifted: Vec<u64> = (1..self.n0).map(|m| self.g(m)).collect();
        if self.tail.takes_all() {
            fixed.insert(0);
            unshifted.push(0);
        }
        if self.tail.splits_two() {
            // Splits into `y + x` by a removal of the tail, with `g(y) < S` and `x >= n0`.
            let lowest = self.n0.max(1);
            for y in self.anchors(reach) {
                for x in lowest..=reach.saturating_sub(y) {
                    fixed.insert(self.g(y) ^ self.g(x));
                }
            }
        }
        (self.s as usize) <= fixed.len()
            && (0..self.s).all(|value| fixed.contains(&value))
            && unshifted.iter().all(|&w| fixed.contains(&(w + self.s)))
    }

    /// Condition 4.
    fn exclusion(&self) -> bool {
        let len = self.values.len();
        let least = (len - self.p..len).map(|n| self.g(n)).min().unwrap_or(0) + self.s;
        let small_max = (1..self.n0).map(|m| self.g(m)).max().unwrap_or(0);
        if least < (small_max + 1).next_power_of_two() {
            return false;
        }
        let (p, s) = (self.p as i128, i128::from(self.s));
        for jn in 0..self.p {
            for jm in 0..self.p {
                let diff = i128::from(self.base(jm)) - i128::from(self.base(jn));
                if diff % s != 0 {
                    continue;
                }
                let d = jn as i128 - jm as i128 + p * diff / s;
                if d >= 1 && self.code.digit(d as u64).leaves_one() {
                    return false;
                }
            }
        }
        let mut removals: Vec<usize> = self
            .code
            .digits()
            .iter()
            .filter(|&&(_, digit)| digit.splits_two())
            .map(|&(k, _)| k as usize)
            .collect();
        if self.tail.splits_two() {
            removals.extend(self.first..self.first + self.p);
        }
        removals
            .iter()
            .all(|&k| (0..self.p).all(|jn| self.no_split_reaches(k, jn)))
    }

    /// Whether no split of a heap of class `jn` after removing `k` tokens is worth `g(N)`.
    fn no_split_reaches(&self, k: usize, jn: usize) -> bool {
        let (p, s) = (self.p as i128, i128::from(self.s));
        let class = |x: i128| x.rem_euclid(p) as usize;
        let target = self.base(jn) % self.residue;
        // Whether a part worth `part` and a part of class `other` may be worth `g(N)`, `t`
        // periods apart as in the module docs.
        let possible = |part: u64, other: usize, t: i128| {
            let c = i128::from(part) + i128::from(self.base(other)) - i128::from(self.base(jn));
            c - t * s >= 0 && (part ^ self.base(other)) % self.residue == target
        };
        let (k, jn_i) = (k as i128, jn as i128);
        for a in 1..self.n0 {
            let jb = class(jn_i - k - a as i128);
            let t = (jb as i128 - jn_i + k + a as i128) / p;
            if possible(self.g(a), jb, t) {
                return false;
            }
        }
        for ja in 0..self.p {
            let jb = class(jn_i - ja as i128 - k - self.n0 as i128);
            let t = (self.n0 as i128 + ja as i128 + jb as i128 + k - jn_i) / p;
            if possible(self.base(ja), jb, t) {
                return false;
            }
        }
        true
    }

    /// Condition 3 at heap `n`.
    fn witnessed(&self, n: usize) -> bool {
        let Ok(value) = usize::try_from(self.g(n)) else {
            return false;
        };
        let mut seen = vec![false; value];
        let mut mark = |v: u64| {
            if let Some(slot) = usize::try_from(v).ok().and_then(|v| seen.get_mut(v)) {
                *slot = true;
            }
        };
        let lowest = self.n0.max(1);
        for m in 1..=n - self.first {
            mark(self.g(m));
        }
        if self.tail.takes_all() {
            mark(0);
        }
        for &(k, digit) in self.code.digits() {
            let k = k as usize;
            if digit.leaves_one() && k <= n && n - k >= lowest {
                mark(self.g(n - k));
            }
        }
        for y in self.anchors(n) {
            let Some(top) = n.checked_sub(y + lowest) else {
                continue;
            };
            for k in 0..=top {
                if self.code.digit(k as u64).splits_two() {
                    mark(self.g(y) ^ self.g(n - k - y));
                }
            }
        }
        seen.into_iter().all(|marked| marked)
    }
}
