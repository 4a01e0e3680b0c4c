//! Subtraction games: a move removes from one heap a number of tokens allowed by the rule.
//!
//! Four kinds of rule: a finite set (`sub{1,2,4}`), every number but a finite set
//! (`allbut{1,2}`), a range (`take[2..5]`), and infinite families with a finite set
//! (`sub{squares}`, `sub{primes,1}`: [`Family`]). Every subtraction game with a finite or
//! eventually full set is also a take-and-break game whose code has a 3 at each allowed number;
//! [`Subtraction::to_code`] gives that code and tests check that both routes agree.

use std::fmt;

use crate::error::{Error, Result};
use crate::game::{Parts, Ruleset};

use super::sets::Family;
use super::take_break::TakeBreak;
use super::{format_heaps, heap_parts};

/// Which numbers of tokens a move may remove.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Allowed {
    /// Exactly these numbers (sorted, distinct, positive).
    Finite(Vec<u64>),
    /// Every positive number except these (sorted, distinct, positive).
    AllBut(Vec<u64>),
    /// Every number from `low` to `high`, both included, `1 <= low <= high`.
    Range(u64, u64),
    /// The members of some families (sorted, distinct, at least one) and of a finite set
    /// (sorted, distinct, positive).
    Families(Vec<Family>, Vec<u64>),
}

/// A subtraction game: remove from one heap a number of tokens the rule allows.
///
/// # Example
/// ```
/// use grundy::{rules::Subtraction, Solver, Nimber};
/// // The seeds claim g(n) = n for powers of two; in fact g(n) = n mod 3.
/// let rule = Subtraction::finite(&[1, 2, 4, 8, 16])?;
/// let mut solver = Solver::new(rule);
/// assert_eq!(solver.value(&20)?, Nimber::new(2));
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subtraction {
    allowed: Allowed,
}

fn sorted_positive(numbers: &[u64], what: &str) -> Result<Vec<u64>> {
    if numbers.contains(&0) {
        return Err(Error::invalid_rule(format!(
            "{what} contains 0, but removing nothing is not a move"
        )));
    }
    let mut numbers = numbers.to_vec();
    numbers.sort_unstable();
    numbers.dedup();
    Ok(numbers)
}

impl Subtraction {
    /// Remove exactly one of `set` from a heap.
    ///
    /// # Errors
    /// An empty set, or one containing 0.
    pub fn finite(set: &[u64]) -> Result<Subtraction> {
        if set.is_empty() {
            return Err(Error::invalid_rule(super::NO_MOVE));
        }
        Ok(Subtraction {
            allowed: Allowed::Finite(sorted_positive(set, "the subtraction set")?),
        })
    }

    /// Remove any positive number of tokens except those in `excluded`.
    ///
    /// # Errors
    /// An excluded set containing 0.
    pub fn all_but(excluded: &[u64]) -> Result<Subtraction> {
        Ok(Subtraction {
            allowed: Allowed::AllBut(sorted_positive(excluded, "the excluded set")?),
        })
    }

    /// Remove a member of one of `families` (squares, primes, …) or of `finite`.
    ///
    /// # Example
    /// ```
    /// use grundy::{rules::{Family, Subtraction}, Solver, Nimber};
    /// // Subtract-a-square: heap 2 is a loss for the player to move (1 is the only move).
    /// let rule = Subtraction::with_families(&[Family::Squares], &[])?;
    /// assert_eq!(rule.to_string(), "sub{squares}");
    /// assert_eq!(Solver::new(rule).value(&2)?, Nimber::new(0));
    /// # Ok::<(), grundy::Error>(())
    /// ```
    ///
    /// # Errors
    /// `finite` containing 0, powers of a base below 2, a residue class `k mod m` with
    /// `m = 0` or `k >= m`; no families and an empty finite set.
    pub fn with_families(families: &[Family], finite: &[u64]) -> Result<Subtraction> {
        for &family in families {
            match family {
                Family::Powers(base) if base < 2 => {
                    return Err(Error::invalid_rule(format!(
                        "powers({base}) needs a base of at least 2"
                    )))
                }
                Family::Residue { rest, modulus } if rest >= modulus => {
                    return Err(Error::invalid_rule(format!(
                        "the residue class {rest} mod {modulus} needs 0 <= {rest} < {modulus}"
                    )))
                }
                _ => {}
            }
        }
        if families.is_empty() {
            return Subtraction::finite(finite);
        }
        let mut families = families.to_vec();
        families.sort_unstable();
        families.dedup();
        let finite = sorted_positive(finite, "the subtraction set")?;
        Ok(Subtraction {
            allowed: Allowed::Families(families, finite),
        })
    }

    /// Remove between `low` and `high` tokens, both included.
    ///
    /// # Errors
    /// `low` of 0 or `low > high`.
    pub fn range(low: u64, high: u64) -> Result<Subtraction> {
        if low == 0 || low > high {
            return Err(Error::invalid_rule(format!(
                "the range {low}..{high} must satisfy 1 <= low <= high"
            )));
        }
        Ok(Subtraction {
            allowed: Allowed::Range(low, high),
        })
    }

    /// Whether a move may remove `take` tokens.
    pub fn allows(&self, take: u64) -> bool {
        match &self.allowed {
            Allowed::Finite(set) => set.binary_search(&take).is_ok(),
            Allowed::AllBut(excluded) => take > 0 && excluded.binary_search(&take).is_err(),
            Allowed::Range(low, high) => (*low..=*high).contains(&take),
            Allowed::Families(families, finite) => {
                finite.binary_search(&take).is_ok()
                    || families.iter().any(|family| family.contains(take))
            }
        }
    }

    /// The largest number of tokens one move may remove, `None` when unbounded (all-but).
    pub fn max_take(&self) -> Option<u64> {
        match &self.allowed {
            Allowed::Finite(set) => set.last().copied(),
            Allowed::AllBut(_) | Allowed::Families(..) => None,
            Allowed::Range(_, high) => Some(*high),
        }
    }

    /// The numbers a move may remove, for a finite set (`sub{...}`).
    pub fn finite_set(&self) -> Option<&[u64]> {
        match &self.allowed {
            Allowed::Finite(set) => Some(set),
            _ => None,
        }
    }

    /// The numbers a move may not remove, for an all-but rule (`allbut{...}`).
    pub fn excluded(&self) -> Option<&[u64]> {
        match &self.allowed {
            Allowed::AllBut(excluded) => Some(excluded),
            _ => None,
        }
    }

    /// The least and largest numbers a move may remove, for a range (`take[low..high]`).
    pub fn range_bounds(&self) -> Option<(u64, u64)> {
        match &self.allowed {
            Allowed::Range(low, high) => Some((*low, *high)),
            _ => None,
        }
    }

    /// Appends the numbers a move may remove, up to `limit`, increasing and distinct.
    ///
    /// # Example
    /// ```
    /// use grundy::rules::{Family, Subtraction};
    /// let rule = Subtraction::with_families(&[Family::Squares], &[2])?;
    /// let mut takes = Vec::new();
    /// rule.takes_up_to(10, &mut takes);
    /// assert_eq!(takes, [1, 2, 4, 9]);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn takes_up_to(&self, limit: u64, out: &mut Vec<u64>) {
        let start = out.len();
        match &self.allowed {
            Allowed::Finite(set) => out.extend(set.iter().take_while(|&&take| take <= limit)),
            Allowed::AllBut(_) => out.extend((1..=limit).filter(|&take| self.allows(take))),
            Allowed::Range(low, high) => out.extend(*low..=limit.min(*high)),
            Allowed::Families(families, finite) => {
                for family in families {
                    family.members_up_to(limit, out);
                }
                out.extend(finite.iter().take_while(|&&take| take <= limit));
                out[start..].sort_unstable();
                let mut distinct = out.split_off(start);
                distinct.dedup();
                out.append(&mut distinct);
            }
        }
    }

    /// The same game as a take-and-break code (digit 3 at each allowed number), when finite.
    ///
    /// # Example
    /// ```
    /// use grundy::rules::Subtraction;
    /// let code = Subtraction::finite(&[1, 2, 4])?.to_code().unwrap();
    /// assert_eq!(code.to_string(), "0.3303");
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn to_code(&self) -> Option<TakeBreak> {
        let max_take = usize::try_from(self.max_take()?).ok()?;
        let digits = (0..=max_take as u64)
            .map(|take| if self.allows(take) { 3 } else { 0 })
            .collect();
        TakeBreak::from_digits(digits, None, false).ok()
    }
}

impl fmt::Display for Subtraction {
    /// The rule as spec text: `sub{1,2,4}`, `allbut{1,2}` or `take[2..5]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |numbers: &[u64]| {
            numbers
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(",")
        };
        match &self.allowed {
            Allowed::Finite(set) => write!(f, "sub{{{}}}", list(set)),
            Allowed::AllBut(excluded) => write!(f, "allbut{{{}}}", list(excluded)),
            Allowed::Range(low, high) => write!(f, "take[{low}..{high}]"),
            Allowed::Families(families, finite) => {
                let families = families.iter().map(Family::to_string);
                let numbers = finite.iter().map(u64::to_string);
                let items: Vec<String> = families.chain(numbers).collect();
                write!(f, "sub{{{}}}", items.join(","))
            }
        }
    }
}

impl Ruleset for Subtraction {
    type Position = u64;

    fn moves(&self, heap: &u64, out: &mut Vec<Parts<u64>>) {
        let heap = *heap;
        match &self.allowed {
            Allowed::Finite(set) => {
                out.extend(
                    set.iter()
                        .take_while(|&&take| take <= heap)
                        .map(|take| heap_parts(heap - take)),
                );
            }
            Allowed::AllBut(_) => {
                out.extend(
                    (1..=heap)
                        .filter(|&take| self.allows(take))
                        .map(|take| heap_parts(heap - take)),
                );
            }
            Allowed::Range(low, high) => {
                out.extend((*low..=heap.min(*high)).map(|take| heap_parts(heap - take)));
            }
            Allowed::Families(..) => {
                let mut takes = Vec::new();
                self.takes_up_to(heap, &mut takes);
                out.extend(takes.into_iter().map(|take| heap_parts(heap - take)));
            }
        }
    }

    fn move_count(&self, heap: &u64) -> Option<u64> {
        match &self.allowed {
            Allowed::Finite(set) => Some(set.len() as u64),
            Allowed::AllBut(_) => Some(*heap),
            Allowed::Range(low, high) => Some((*heap).min(*high).saturating_sub(*low) + 1),
            Allowed::Families(families, finite) => {
                let bounds = families.iter().map(|family| family.count_bound(*heap));
                Some(bounds.sum::<u64>().saturating_add(finite.len() as u64))
            }
        }
    }

    fn describe(&self, from: &u64, to: &[u64]) -> String {
        super::describe_take(*from, to)
    }

    fn format(&self, heaps: &[u64]) -> String {
        format_heaps(&self.to_string(), heaps)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Solver;
    use crate::nimber::Nimber;

    fn values(rule: Subtraction, n: u64) -> Vec<u64> {
        let mut solver = Solver::new(rule);
        (0..n)
            .map(|heap| solver.value(&heap).map(Nimber::value).unwrap())
            .collect()
    }

    #[test]
    fn first_values() {
        // Berlekamp, Conway, Guy, Winning Ways, ch. 4: S(1,2,3) has g(n) = n mod 4,
        // and any set of powers of two gives n mod 3.
        assert_eq!(
            values(Subtraction::finite(&[1, 2, 3]).unwrap(), 8),
            [0, 1, 2, 3, 0, 1, 2, 3]
        );
        assert_eq!(
            values(Subtraction::finite(&[1, 2, 4]).unwrap(), 7),
            [0, 1, 2, 0, 1, 2, 0]
        );
        // take[2..3] = sub{2,3}: 0 0 1 1 2 0 0 1 1 2 ...
        assert_eq!(
            values(Subtraction::range(2, 3).unwrap(), 10),
            [0, 0, 1, 1, 2, 0, 0, 1, 1, 2]
        );
        // allbut{} is Nim.
        assert_eq!(
            values(Subtraction::all_but(&[]).unwrap(), 5),
            [0, 1, 2, 3, 4]
        );
    }

    /// Values by the definition, from a membership test written independently of [`Family`].
    fn brute_force(allowed: impl Fn(u64) -> bool, n: u64) -> Vec<u64> {
        let mut values: Vec<u64> = Vec::new();
        for heap in 0..n {
            let options: Vec<u64> = (1..=heap)
                .filter(|&take| allowed(take))
                .map(|take| values[(heap - take) as usize])
                .collect();
            values.push((0..).find(|v| !options.contains(v)).unwrap_or(0));
        }
        values
    }

    #[test]
    fn infinite_sets_agree_with_the_definition() {
        let is_square = |t: u64| (1..=t).take_while(|k| k * k <= t).any(|k| k * k == t);
        let is_prime = |t: u64| t >= 2 && (2..t).take_while(|d| d * d <= t).all(|d| t % d != 0);
        let is_fib = |t: u64| {
            let (mut a, mut b) = (1, 2);
            while a < t {
                (a, b) = (b, a + b);
            }
            a == t
        };
        /// Families, numbers, and membership by the definition.
        type Case<'a> = (&'a [Family], &'a [u64], &'a dyn Fn(u64) -> bool);
        let cases: [Case<'_>; 5] = [
            (&[Family::Squares], &[], &is_square),
            (&[Family::Primes], &[1], &|t| t == 1 || is_prime(t)),
            (&[Family::Fibonacci], &[], &is_fib),
            (&[Family::Powers(2)], &[], &|t: u64| t.is_power_of_two()),
            (
                &[
                    Family::Residue {
                        rest: 1,
                        modulus: 3,
                    },
                    Family::Factorials,
                ],
                &[4],
                &|t| t % 3 == 1 || t == 4 || [1, 2, 6, 24, 120].contains(&t),
            ),
        ];
        for (families, finite, allowed) in cases {
            let rule = Subtraction::with_families(families, finite).unwrap();
            assert_eq!(
                values(rule.clone(), 300),
                brute_force(allowed, 300),
                "{rule}"
            );
        }
        // Any set of powers of two gives n mod 3 (Winning Ways, ch. 4).
        let powers = Subtraction::with_families(&[Family::Powers(2)], &[]).unwrap();
        assert!(values(powers, 100)
            .iter()
            .zip(0..)
            .all(|(&g, n)| g == n % 3));
    }

    #[test]
    fn bad_rules_are_refused() {
        assert!(Subtraction::finite(&[]).is_err());
        assert!(Subtraction::finite(&[0, 1]).is_err());
        assert!(Subtraction::range(5, 2).is_err());
        assert!(Subtraction::all_but(&[0]).is_err());
        assert!(Subtraction::with_families(&[Family::Powers(1)], &[]).is_err());
        assert!(Subtraction::with_families(
            &[Family::Residue {
                rest: 2,
                modulus: 2
            }],
            &[]
        )
        .is_err());
        assert!(Subtraction::with_families(&[Family::Squares], &[0]).is_err());
    }
}
