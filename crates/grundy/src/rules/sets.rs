//! Infinite subtraction sets: squares, primes, Fibonacci numbers, factorials, powers of `k`,
//! residue classes, and their unions with finite sets (`sub{squares}`, `sub{primes,1}`).
//!
//! A set lists its members up to a heap size on demand; primes come from a sieve kept for
//! every game (it only grows), the other families are generated as they are listed.

use std::fmt;
use std::sync::RwLock;

/// A family of positive numbers a subtraction game may remove.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Family {
    /// 1, 4, 9, 16, …
    Squares,
    /// 2, 3, 5, 7, …
    Primes,
    /// The distinct Fibonacci numbers 1, 2, 3, 5, 8, …
    Fibonacci,
    /// 1, 2, 6, 24, …
    Factorials,
    /// `1, k, k², …` for `k >= 2`.
    Powers(u64),
    /// The positive numbers `n` with `n mod modulus = rest`.
    Residue {
        /// The remainder, below `modulus`.
        rest: u64,
        /// At least 1.
        modulus: u64,
    },
}

impl Family {
    /// Whether `n` belongs to the family.
    ///
    /// # Example
    /// ```
    /// use grundy::rules::Family;
    /// assert!(Family::Squares.contains(49) && !Family::Squares.contains(50));
    /// assert!(Family::Residue { rest: 1, modulus: 3 }.contains(7));
    /// ```
    pub fn contains(self, n: u64) -> bool {
        let mut members = Vec::new();
        self.members_up_to(n, &mut members);
        members.last() == Some(&n)
    }

    /// Appends the members up to `limit`, increasing.
    pub fn members_up_to(self, limit: u64, out: &mut Vec<u64>) {
        match self {
            Family::Squares => {
                out.extend((1..=isqrt(limit)).map(|k| k * k));
            }
            Family::Primes => with_primes(limit, |primes| {
                let count = primes.partition_point(|&p| p <= limit);
                out.extend_from_slice(&primes[..count]);
            }),
            Family::Fibonacci => {
                let (mut a, mut b) = (1u64, 2u64);
                while a <= limit {
                    out.push(a);
                    let Some(next) = a.checked_add(b) else {
                        if b <= limit {
                            out.push(b);
                        }
                        break;
                    };
                    (a, b) = (b, next);
                }
            }
            Family::Factorials => {
                let mut factorial = 1u64;
                for k in 2.. {
                    if factorial > limit {
                        break;
                    }
                    out.push(factorial);
                    match factorial.checked_mul(k) {
                        Some(next) => factorial = next,
                        None => break,
                    }
                }
            }
            Family::Powers(base) => {
                let mut power = 1u64;
                while power <= limit {
                    out.push(power);
                    match power.checked_mul(base) {
                        Some(next) => power = next,
                        None => break,
                    }
                }
            }
            Family::Residue { rest, modulus } => {
                let first = if rest == 0 { modulus } else { rest };
                let mut n = first;
                while n <= limit {
                    out.push(n);
                    match n.checked_add(modulus) {
                        Some(next) => n = next,
                        None => break,
                    }
                }
            }
        }
    }

    /// An upper bound on the members up to `limit`, without listing them.
    pub fn count_bound(self, limit: u64) -> u64 {
        match self {
            Family::Squares => isqrt(limit),
            // Rosser and Schoenfeld (1962): π(x) < 1.25506 x / ln x for x > 1.
            Family::Primes if limit < 17 => 6,
            Family::Primes => (1.25506 * limit as f64 / (limit as f64).ln()) as u64 + 1,
            // Each grows at least geometrically: at most 64 members below 2^64 (94 Fibonacci).
            Family::Fibonacci => 94,
            Family::Factorials | Family::Powers(_) => 64,
            Family::Residue { modulus, .. } => limit / modulus + 1,
        }
    }
}

impl fmt::Display for Family {
    /// The family as spec text: `squares`, `primes`, `fib`, `factorials`, `powers(3)`,
    /// `1 mod 4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Family::Squares => write!(f, "squares"),
            Family::Primes => write!(f, "primes"),
            Family::Fibonacci => write!(f, "fib"),
            Family::Factorials => write!(f, "factorials"),
            Family::Powers(base) => write!(f, "powers({base})"),
            Family::Residue { rest, modulus } => write!(f, "{rest} mod {modulus}"),
        }
    }
}

/// The integer square root: the largest `k` with `k * k <= n`.
fn isqrt(n: u64) -> u64 {
    // The float root is off by at most one either way; the squares settle it.
    let fits = |k: u64| k.checked_mul(k).is_some_and(|square| square <= n);
    let mut k = (n as f64).sqrt() as u64;
    while !fits(k) {
        k -= 1;
    }
    while fits(k + 1) {
        k += 1;
    }
    k
}

/// The primes sieved so far, and the bound they are complete up to.
static PRIMES: RwLock<(u64, Vec<u64>)> = RwLock::new((1, Vec::new()));

/// Runs `f` on a list of the primes, complete up to `limit` at least.
fn with_primes<R>(limit: u64, f: impl FnOnce(&[u64]) -> R) -> R {
    {
        let known = PRIMES
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if known.0 >= limit {
            return f(&known.1);
        }
    }
    let mut known = PRIMES
        .write()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if known.0 < limit {
        // Double at least, so that a table growing heap by heap sieves O(log n) times.
        let bound = limit.max(known.0.saturating_mul(2)).max(1 << 10);
        *known = (bound, sieve(bound));
    }
    f(&known.1)
}

/// The primes up to `bound`, by the sieve of Eratosthenes.
fn sieve(bound: u64) -> Vec<u64> {
    let bound = usize::try_from(bound).unwrap_or(usize::MAX);
    let mut composite = vec![false; bound + 1];
    let mut primes = Vec::new();
    for n in 2..=bound {
        if !composite[n] {
            primes.push(n as u64);
            let mut multiple = n.saturating_mul(n);
            while multiple <= bound {
                composite[multiple] = true;
                multiple += n;
            }
        }
    }
    primes
}

#[cfg(test)]
mod tests {
    use super::*;

    fn members(family: Family, limit: u64) -> Vec<u64> {
        let mut out = Vec::new();
        family.members_up_to(limit, &mut out);
        out
    }

    #[test]
    fn members_are_those_of_the_definition() {
        let by_definition = |test: &dyn Fn(u64) -> bool| (1..=200).filter(|&n| test(n)).collect();
        let is_prime = |n: u64| n >= 2 && (2..n).all(|d| n % d != 0);
        let fib: Vec<u64> = {
            let mut seq = vec![1u64, 1];
            while seq[seq.len() - 1] <= 200 {
                seq.push(seq[seq.len() - 1] + seq[seq.len() - 2]);
            }
            seq
        };
        let cases: [(Family, Vec<u64>); 6] = [
            (
                Family::Squares,
                by_definition(&|n| (1..=n).any(|k| k * k == n)),
            ),
            (Family::Primes, by_definition(&is_prime)),
            (Family::Fibonacci, by_definition(&|n| fib.contains(&n))),
            (
                Family::Factorials,
                by_definition(&|n| (1..=6).any(|k| (1..=k).product::<u64>() == n)),
            ),
            (
                Family::Powers(3),
                by_definition(&|n| (0..6).any(|e| 3u64.pow(e) == n)),
            ),
            (
                Family::Residue {
                    rest: 2,
                    modulus: 5,
                },
                by_definition(&|n| n % 5 == 2),
            ),
        ];
        for (family, expected) in cases {
            assert_eq!(members(family, 200), expected, "{family}");
            assert!(family.count_bound(200) >= expected.len() as u64, "{family}");
            for n in 1..=200 {
                assert_eq!(family.contains(n), expected.contains(&n), "{family} {n}");
            }
        }
        assert_eq!(
            members(
                Family::Residue {
                    rest: 0,
                    modulus: 4
                },
                12
            ),
            [4, 8, 12]
        );
    }

    #[test]
    fn huge_limits_stop_before_overflowing() {
        assert_eq!(members(Family::Fibonacci, u64::MAX).len(), 92);
        assert_eq!(members(Family::Factorials, u64::MAX).len(), 20);
        assert_eq!(members(Family::Powers(2), u64::MAX).len(), 64);
        assert_eq!(isqrt(u64::MAX), u64::from(u32::MAX));
        assert!(Family::Primes.count_bound(1 << 40) < 1 << 36);
    }

    #[test]
    fn the_sieve_grows_on_demand() {
        assert_eq!(
            members(Family::Primes, 30),
            [2, 3, 5, 7, 11, 13, 17, 19, 23, 29]
        );
        let many = members(Family::Primes, 100_000);
        assert_eq!(many.len(), 9592);
        assert_eq!(members(Family::Primes, 30).len(), 10);
    }
}
