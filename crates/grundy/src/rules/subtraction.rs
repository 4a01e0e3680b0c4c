//! Subtraction games: a move removes from one heap a number of tokens allowed by the rule.
//!
//! Three kinds of rule: a finite set (`sub{1,2,4}`), every number but a finite set
//! (`allbut{1,2}`), and a range (`take[2..5]`). Every subtraction game is also a take-and-break
//! game whose code has a 3 at each allowed number; [`Subtraction::to_code`] gives that code and
//! tests check that both routes agree.

use std::fmt;

use crate::error::{Error, Result};
use crate::game::{Parts, Ruleset};

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
            return Err(Error::invalid_rule(
                "the subtraction set is empty, so no move is possible",
            ));
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
        }
    }

    /// The largest number of tokens one move may remove, `None` when unbounded (all-but).
    pub fn max_take(&self) -> Option<u64> {
        match &self.allowed {
            Allowed::Finite(set) => set.last().copied(),
            Allowed::AllBut(_) => None,
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
        }
    }

    fn move_count(&self, heap: &u64) -> Option<u64> {
        match &self.allowed {
            Allowed::Finite(set) => Some(set.len() as u64),
            Allowed::AllBut(_) => Some(*heap),
            Allowed::Range(low, high) => Some((*heap).min(*high).saturating_sub(*low) + 1),
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

    #[test]
    fn bad_rules_are_refused() {
        assert!(Subtraction::finite(&[]).is_err());
        assert!(Subtraction::finite(&[0, 1]).is_err());
        assert!(Subtraction::range(5, 2).is_err());
        assert!(Subtraction::all_but(&[0]).is_err());
    }
}
