//! Whole-game quotients: the heap → element map proved periodic.
//!
//! **Theorem.** Let a take-and-break code remove at most `k` tokens and leave at most `s`
//! heaps (`s ≥ 1`), with no repeating tail and splits not required to differ. Let `Q` be the
//! misère quotient of heaps `1..=N`, `φ(n)` the element of a heap of `n` (`φ(0) = 1`), and
//! suppose `φ(n + p) = φ(n)` for every `n` with `n₀ ≤ n` and `n + p ≤ N`. Write
//! `m = max(n₀, 1)`. If
//!
//! > `N ≥ s·(m + p) + k − 1` and `N ≥ p + k`,
//!
//! then for every `M ≥ N` the quotient of heaps `1..=M` is `Q`, with `φ(n + p) = φ(n)` for all
//! `n ≥ n₀`: `Q` is the quotient of the whole game, and the map is periodic from `n₀` on with
//! period `p`.
//!
//! *Proof.* By induction on `M > N`, assuming the claim up to `M − 1`. A move from a heap of
//! `M` removes `t ≤ k` tokens and leaves at most `s` heaps summing to `M − t ≥ s·(m + p)`, so
//! its largest heap `a` has `a ≥ m + p`; replacing `a` by `a − p ≥ m ≥ 1` gives a move of the
//! same kind from `M − p` (still more than `k` tokens, so no move there takes everything), and
//! `φ(a − p) = φ(a)`. Conversely a move from `M − p` leaves a largest heap `a' ≥ m`, and
//! `a' + p` gives a move from `M`. So heaps `M` and `M − p` have the same option images `T`
//! in `Q`. Give `M` the element `φ(M − p)`: the check of `super::check` depends only on the set
//! of pairs (image, `T`) of the heaps, which the new heap does not change, so the pretension
//! still respects every outcome; `Q` is unchanged, hence still reduced, so it is the quotient
//! of heaps `1..=M` (Plambeck and Siegel 2008), and the image of `M` is unique in a reduced
//! quotient. ∎
//!
//! This is the bound of the Guy–Smith periodicity theorem for Grundy values, carried over to
//! quotients as Plambeck and Siegel carry it ("Misère quotients for impartial games", JCTA 115
//! (2008)); Siegel's MisereSolver applies a test of the same kind.

use crate::rules::HeapRule;

/// The heap → element map of a quotient, proved periodic by the theorem above.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Periodicity {
    /// `n₀`: the least heap from which the map repeats.
    pub preperiod: u64,
    /// `p`: the least period.
    pub period: u64,
    /// The largest heap computed, `N`, where the theorem's bound was met.
    pub proved_at: u64,
}

impl Periodicity {
    /// The heap whose element a heap of `heap` has, among heaps `0..preperiod + period`.
    ///
    /// # Example
    /// ```
    /// use grundy::quotient::Periodicity;
    /// let kayles = Periodicity { preperiod: 71, period: 12, proved_at: 167 };
    /// assert_eq!((kayles.fold(70), kayles.fold(83), kayles.fold(1_000_000)), (70, 71, 76));
    /// ```
    pub fn fold(&self, heap: u64) -> u64 {
        if heap < self.preperiod + self.period {
            heap
        } else {
            self.preperiod + (heap - self.preperiod) % self.period
        }
    }
}

/// Whether the theorem above covers `rule` (a take-and-break code with no repeating tail, splits
/// not required to differ), so that a finite table can prove its whole misère quotient.
///
/// # Example
/// ```
/// use grundy::{quotient::whole_game_theorem_covers, spec};
/// assert!(whole_game_theorem_covers(&spec::parse_heap_rule("kayles")?));
/// assert!(!whole_game_theorem_covers(&spec::parse_heap_rule("grundy")?));
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn whole_game_theorem_covers(rule: &HeapRule) -> bool {
    theorem_applies(rule).is_some()
}

/// `(k, s)`: the most tokens a move removes and the most heaps it leaves, when the theorem
/// applies to `rule` (a take-and-break code with no tail, splits not required to differ).
pub(super) fn theorem_applies(rule: &HeapRule) -> Option<(u64, u64)> {
    match rule {
        HeapRule::TakeBreak(code) if !code.unequal() => {
            let k = code.max_take()?;
            Some((k, u64::from(code.max_parts()).max(1)))
        }
        _ => None,
    }
}

/// The periodicity the theorem proves for `phi` (`phi[n]`: the element of heap `n`, from
/// heap 0 to `N`), for a code with `(k, s)` from [`theorem_applies`]: the least period that
/// the bound allows, with its least preperiod.
///
/// # Example
/// (Internal.) A map that is constant from heap 3 with `k = 2`, `s = 2` is proved once
/// `N ≥ 2·(3 + 1) + 1 = 9`.
pub(super) fn prove(phi: &[u32], (k, s): (u64, u64)) -> Option<Periodicity> {
    let n = phi.len().checked_sub(1)? as u64;
    for p in 1..=n / 2 {
        // The least n₀ with φ(j + p) = φ(j) for n₀ ≤ j ≤ N − p.
        let mut start = n - p + 1;
        while start > 0 && phi[(start - 1) as usize] == phi[(start - 1 + p) as usize] {
            start -= 1;
        }
        let m = start.max(1);
        let bound = s.saturating_mul(m + p).saturating_add(k).saturating_sub(1);
        if n >= bound && n >= p + k {
            return Some(Periodicity {
                preperiod: start,
                period: p,
                proved_at: n,
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bound_is_met_exactly_at_its_heap() {
        // Constant from heap 3 (period 1): s·(3 + 1) + k − 1 = 9 with k = s = 2.
        let phi = |n: usize| -> Vec<u32> { (0..=n as u32).map(|j| j.min(3)).collect() };
        assert_eq!(prove(&phi(8), (2, 2)), None);
        assert_eq!(
            prove(&phi(9), (2, 2)),
            Some(Periodicity {
                preperiod: 3,
                period: 1,
                proved_at: 9
            })
        );
        // Period 2 from heap 0: m = 1, bound max(2·3 + 1, 2 + 2) = 7.
        let alternating: Vec<u32> = (0..=7).map(|j| j % 2).collect();
        assert_eq!(prove(&alternating[..7], (2, 2)), None);
        assert_eq!(prove(&alternating, (2, 2)).map(|p| p.period), Some(2));
    }
}
