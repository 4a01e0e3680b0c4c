//! [`Genus`]: a game's normal-play value with its misère values under added copies of `*2`,
//! computed from its options' genera (the recursion is in the [module docs](super)), and
//! Conway's notation `g^γ₀γ₁…` for it.

use std::fmt;

use smallvec::SmallVec;

use crate::error::{Error, Result};
use crate::game::Outcome;
use crate::nimber::{MexSet, Nimber};

/// The genus of a game: its normal-play value and its misère values with 0, 1, 2, ... copies of
/// `*2` added (see the [module docs](super)).
///
/// # Example
/// ```
/// use grundy::misere::Genus;
/// assert_eq!(Genus::nim(&[]).to_string(), "0^120");
/// assert_eq!(Genus::nim(&[1]).to_string(), "1^031");
/// assert_eq!(Genus::nim(&[2]).to_string(), "2^20");
/// let two = Genus::nim(&[2]);
/// assert_eq!(Genus::of_options(&[&Genus::nim(&[]), &Genus::nim(&[1])]), two); // *2 = {0, *1}
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Genus {
    normal: Nimber,
    /// γ₀, γ₁, ... up to where the last two alternate forever; at least two digits, as few as
    /// that allows, so that equal genera have equal digits.
    misere: SmallVec<[u64; 4]>,
}

impl Genus {
    /// The genus with normal value `normal` and misère digits `digits`, where the sequence
    /// continues by alternating the last two digits forever.
    ///
    /// # Errors
    /// Fewer than two digits.
    ///
    /// # Example
    /// ```
    /// use grundy::{misere::Genus, Nimber};
    /// let zero = Genus::new(Nimber::ZERO, &[1, 2, 0, 2, 0])?;
    /// assert_eq!(zero.digits(), [1, 2, 0]);
    /// assert_eq!(zero, Genus::nim(&[]));
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn new(normal: Nimber, digits: &[u64]) -> Result<Genus> {
        if digits.len() < 2 {
            return Err(Error::invalid_position(
                "a genus needs at least two misère digits",
            ));
        }
        Ok(Genus::trimmed(normal, digits.iter().copied().collect()))
    }

    fn trimmed(normal: Nimber, mut misere: SmallVec<[u64; 4]>) -> Genus {
        while misere.len() > 2 && misere[misere.len() - 1] == misere[misere.len() - 3] {
            misere.pop();
        }
        Genus { normal, misere }
    }

    /// The genus of a Nim position with these heaps (zeros allowed). A position with a heap of
    /// two or more is *firm*: `g^{g(g⊕2)}` with `g` the nim-sum; otherwise it is *fickle*:
    /// `0^120` or `1^031` (Conway, ONAG ch. 12).
    pub fn nim(heaps: &[u64]) -> Genus {
        let value = heaps.iter().fold(0, |sum, &heap| sum ^ heap);
        if heaps.iter().any(|&heap| heap >= 2) {
            Genus::trimmed(
                Nimber::new(value),
                SmallVec::from_slice(&[value, value ^ 2]),
            )
        } else {
            Genus::trimmed(
                Nimber::new(value),
                SmallVec::from_slice(&[value ^ 1, value ^ 2, value]),
            )
        }
    }

    /// The genus of a game whose options have the genera `options` (none: the game is over).
    ///
    /// # Complexity
    /// O(n · d) for n options whose digit sequences settle by index d.
    pub fn of_options(options: &[&Genus]) -> Genus {
        let mut seen = MexSet::new();
        for option in options {
            seen.insert(option.normal);
        }
        let normal = seen.mex();
        let settled = options
            .iter()
            .map(|option| option.periodic_from())
            .max()
            .unwrap_or(0)
            .max(1);
        let last = settled + 4;
        let mut digits: SmallVec<[u64; 4]> = SmallVec::with_capacity(last + 1);
        for copies in 0..=last {
            seen.clear();
            for option in options {
                seen.insert(option.digit(copies));
            }
            if let Some(&previous) = digits.last() {
                seen.insert(Nimber::new(previous));
                seen.insert(Nimber::new(previous ^ 1));
            } else if options.is_empty() {
                // No move at all: the player to move has already won, misère value 1.
                seen.insert(Nimber::ZERO);
            }
            digits.push(seen.mex().value());
        }
        Genus::trimmed(normal, digits)
    }

    /// The normal-play Grundy value `g`.
    pub fn normal_value(&self) -> Nimber {
        self.normal
    }

    /// The misère Grundy value `γ₀`: 0 exactly on misère P-positions.
    pub fn misere_value(&self) -> Nimber {
        Nimber::new(self.misere[0])
    }

    /// The misère value with `copies` heaps of `*2` added: `γ_copies`.
    pub fn digit(&self, copies: usize) -> Nimber {
        let length = self.misere.len();
        let index = if copies < length {
            copies
        } else {
            length - 2 + (copies - length) % 2
        };
        Nimber::new(self.misere[index])
    }

    /// The misère digits as written: the last two alternate forever.
    pub fn digits(&self) -> &[u64] {
        &self.misere
    }

    /// The first index from which the digits repeat with period 2.
    fn periodic_from(&self) -> usize {
        self.misere.len() - 2
    }

    /// The misère outcome: P exactly when the misère value is 0.
    pub fn misere_outcome(&self) -> Outcome {
        if self.misere_value() == Nimber::ZERO {
            Outcome::PreviousWins
        } else {
            Outcome::NextWins
        }
    }

    /// Whether this is the genus of some Nim position: `0^120`, `1^031` or `g^{g(g⊕2)}`.
    ///
    /// # Example
    /// ```
    /// use grundy::{misere::Genus, Nimber};
    /// assert!(Genus::nim(&[2, 2]).is_tame()); // 0^02
    /// assert!(!Genus::new(Nimber::new(4), &[1, 4, 6])?.is_tame());
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn is_tame(&self) -> bool {
        let g = self.normal.value();
        let firm = self.misere.as_slice() == [g, g ^ 2];
        let fickle = g < 2 && self.misere.as_slice() == [g ^ 1, g ^ 2, g];
        firm || fickle
    }
}

impl fmt::Display for Genus {
    /// `g^γ₀γ₁…` as Conway writes it (`0^120`); with commas and parentheses when a digit has
    /// two or more figures (`6^(1,9,10,8)`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digits: Vec<String> = self.misere.iter().map(u64::to_string).collect();
        if self.misere.iter().any(|&digit| digit >= 10) {
            write!(f, "{}^({})", self.normal, digits.join(","))
        } else {
            write!(f, "{}^{}", self.normal, digits.concat())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nim_genera() {
        assert_eq!(Genus::nim(&[0, 0]).to_string(), "0^120");
        assert_eq!(Genus::nim(&[1, 1, 1]).to_string(), "1^031");
        assert_eq!(Genus::nim(&[2, 2]).to_string(), "0^02");
        assert_eq!(Genus::nim(&[3, 1]).to_string(), "2^20");
        assert_eq!(Genus::nim(&[12]).to_string(), "12^(12,14)");
    }

    #[test]
    fn the_empty_game_has_genus_0_120() {
        assert_eq!(Genus::of_options(&[]), Genus::nim(&[]));
        assert_eq!(Genus::of_options(&[]).misere_value(), Nimber::ONE);
    }

    #[test]
    fn genus_digits_continue_alternating() -> Result<()> {
        let genus = Genus::new(Nimber::new(3), &[1, 4, 3, 1])?;
        let digits: Vec<u64> = (0..8).map(|k| genus.digit(k).value()).collect();
        assert_eq!(digits, [1, 4, 3, 1, 3, 1, 3, 1]);
        assert!(Genus::new(Nimber::ZERO, &[1]).is_err());
        Ok(())
    }
}
