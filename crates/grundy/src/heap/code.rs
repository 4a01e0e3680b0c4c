//! The move structure of a heap game as the engines and the periodicity theorems see it.
//!
//! Every built-in heap game (take-and-break codes, Grundy's game, subtraction games) is a
//! [`Code`]: for each number `k` of tokens removed, a [`Digit`] whose bits allow leaving no
//! heap (1), one heap (2), two heaps (4) or three heaps (8), optionally a digit repeated for
//! every larger `k`, and optionally the rule that the heaps a split leaves must differ (Grundy's
//! game). A digit is decoded once, here, into a typed [`Digit`]; no engine tests its bits.
//! Rulesets that are not codes (a custom [`Ruleset`]) still get tables, from the naive
//! engine. This module lists no moves and computes no values.

use crate::game::Ruleset;
use crate::rules::{GrundyGame, HeapRule, Nim, Subtraction, TakeBreak};

pub use crate::rules::Digit;

/// Codes with more nonzero digits than this are left to the naive engine.
pub const MAX_CODE_DIGITS: usize = 4096;

/// The moves of a take-and-break game, digit by digit.
///
/// Digit `k` governs moves that remove `k` tokens: bit 1 allows removing the whole heap when it
/// has exactly `k` tokens, bit 2 leaving one non-empty heap, bit 4 two non-empty heaps and bit
/// 8 three (see [`Digit`]). Digit 0 may only have bits 4 and 8. Only nonzero digits are stored,
/// so `sub{1,10^18}` is two digits.
///
/// # Example
/// ```
/// use grundy::heap::{Code, Digit};
/// use grundy::rules::{Subtraction, TakeBreak};
/// let kayles = Code::of_take_break(&TakeBreak::named("kayles").unwrap()).unwrap();
/// assert_eq!(kayles.digits(), [(1, Digit::new(7)), (2, Digit::new(7))]);
/// let all_but = Code::of_subtraction(&Subtraction::all_but(&[2])?).unwrap();
/// let take = Digit::new(3);
/// assert_eq!((all_but.digits(), all_but.tail()), (&[(1, take)][..], Some((3, take))));
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Code {
    digits: Vec<(u64, Digit)>,
    tail: Option<(u64, Digit)>,
    unequal: bool,
}

/// The digit of a subtraction game: remove the whole heap or leave one heap.
const SUBTRACT: Digit = Digit::new(3);

impl Code {
    fn new(digits: Vec<(u64, Digit)>, tail: Option<(u64, Digit)>, unequal: bool) -> Option<Code> {
        let digits: Vec<(u64, Digit)> = digits
            .into_iter()
            .filter(|&(_, digit)| !digit.is_empty())
            .collect();
        (digits.len() <= MAX_CODE_DIGITS).then_some(Code {
            digits,
            tail: tail.filter(|&(_, digit)| !digit.is_empty()),
            unequal,
        })
    }

    /// The code of a take-and-break game.
    pub fn of_take_break(game: &TakeBreak) -> Option<Code> {
        let digits = game.digits();
        Code::new(
            (0..).zip(digits.iter().copied().map(Digit::new)).collect(),
            game.tail()
                .map(|tail| (digits.len() as u64, Digit::new(tail))),
            false,
        )
    }

    /// The code of a subtraction game: digit 3 at every number that may be removed; all-but
    /// games repeat 3 after the largest excluded number. `None` when that takes more than
    /// [`MAX_CODE_DIGITS`] digits (`take[1..10^6]`).
    pub fn of_subtraction(game: &Subtraction) -> Option<Code> {
        if let Some(set) = game.finite_set() {
            return Code::new(
                set.iter().map(|&take| (take, SUBTRACT)).collect(),
                None,
                false,
            );
        }
        if let Some((low, high)) = game.range_bounds() {
            if high - low >= MAX_CODE_DIGITS as u64 {
                return None;
            }
            return Code::new(
                (low..=high).map(|take| (take, SUBTRACT)).collect(),
                None,
                false,
            );
        }
        let excluded = game.excluded()?;
        let last = excluded.last().copied().unwrap_or(0);
        if last > MAX_CODE_DIGITS as u64 {
            return None;
        }
        let digits = (1..=last)
            .filter(|take| excluded.binary_search(take).is_err())
            .map(|take| (take, SUBTRACT))
            .collect();
        Code::new(digits, Some((last + 1, SUBTRACT)), false)
    }

    /// Grundy's game: split a heap into two heaps of different sizes (`4!.0` in CGSuite's
    /// notation).
    pub fn grundy_game() -> Code {
        Code {
            digits: vec![(0, Digit::new(4))],
            tail: None,
            unequal: true,
        }
    }

    /// The nonzero digits before the tail, `(tokens removed, digit)`, by increasing removal.
    pub fn digits(&self) -> &[(u64, Digit)] {
        &self.digits
    }

    /// The tail, `(first, digit)`: every removal of `first` or more tokens has `digit`.
    pub fn tail(&self) -> Option<(u64, Digit)> {
        self.tail
    }

    /// Whether the heaps left by a split must have different sizes (Grundy's game).
    pub fn unequal(&self) -> bool {
        self.unequal
    }

    /// The digit for removing `take` tokens (empty when no move removes that many).
    pub fn digit(&self, take: u64) -> Digit {
        match self.tail {
            Some((first, digit)) if take >= first => digit,
            _ => match self.digits.binary_search_by_key(&take, |&(k, _)| k) {
                Ok(index) => self.digits[index].1,
                Err(_) => Digit::default(),
            },
        }
    }

    /// The largest smaller part of a split of `rest` tokens into two non-empty heaps
    /// (`rest / 2`, or `(rest - 1) / 2` when the parts must differ); 0 when there is none.
    ///
    /// # Example
    /// ```
    /// use grundy::heap::Code;
    /// use grundy::rules::TakeBreak;
    /// let kayles = Code::of_take_break(&TakeBreak::named("kayles").unwrap()).unwrap();
    /// assert_eq!((kayles.largest_small_part(6), kayles.largest_small_part(1)), (3, 0));
    /// // Grundy's game splits 6 into 1 + 5 or 2 + 4, never 3 + 3.
    /// assert_eq!(Code::grundy_game().largest_small_part(6), 2);
    /// ```
    pub fn largest_small_part(&self, rest: u64) -> u64 {
        largest_small_part(rest, self.unequal)
    }

    /// The largest number of tokens a move removes, `None` with a repeating tail.
    pub fn max_take(&self) -> Option<u64> {
        match self.tail {
            Some(_) => None,
            None => Some(self.digits.last().map_or(0, |&(k, _)| k)),
        }
    }

    /// The largest number of heaps a move leaves: 0, 1, 2 or 3.
    pub fn max_parts(&self) -> u32 {
        let all = Digit::new(
            self.digits
                .iter()
                .map(|&(_, digit)| digit)
                .chain(self.tail.map(|(_, digit)| digit))
                .fold(0, |all, digit| all | digit.bits()),
        );
        if all.splits_three() {
            3
        } else if all.splits_two() {
            2
        } else {
            u32::from(all.takes_all() || all.leaves_one())
        }
    }
}

/// The largest smaller part of a split of `rest` tokens in two, the parts different when
/// `unequal`; 0 when there is none.
#[inline(always)]
pub(crate) const fn largest_small_part(rest: u64, unequal: bool) -> u64 {
    if unequal {
        rest.saturating_sub(1) / 2
    } else {
        rest / 2
    }
}

/// A heap game the heap engine can tabulate: a [`Ruleset`] on heap sizes, with its moves as a
/// [`Code`] when it has one.
///
/// Without a code the naive engine lists moves through [`Ruleset::moves`]; with one the fast
/// engine and the periodicity theorems apply. Implementing it for a custom ruleset takes one
/// line: `impl HeapGame for MyRules {}`.
pub trait HeapGame: Ruleset<Position = u64> {
    /// The moves as a take-and-break code, when they are one.
    fn code(&self) -> Option<Code> {
        None
    }

    /// The game as a subtraction game, when it is one (for the table of sets no code
    /// describes, such as the squares).
    fn subtraction(&self) -> Option<&Subtraction> {
        None
    }
}

impl HeapGame for TakeBreak {
    fn code(&self) -> Option<Code> {
        Code::of_take_break(self)
    }
}

impl HeapGame for Subtraction {
    fn code(&self) -> Option<Code> {
        Code::of_subtraction(self)
    }

    fn subtraction(&self) -> Option<&Subtraction> {
        Some(self)
    }
}

impl HeapGame for GrundyGame {
    fn code(&self) -> Option<Code> {
        Some(Code::grundy_game())
    }
}

impl HeapGame for Nim {
    /// `0.[3]`: remove any number of tokens (values come from the closed form; the code serves
    /// period searches and certificates).
    fn code(&self) -> Option<Code> {
        Some(Code {
            digits: Vec::new(),
            tail: Some((1, SUBTRACT)),
            unequal: false,
        })
    }
}

impl HeapGame for HeapRule {
    fn code(&self) -> Option<Code> {
        match self {
            HeapRule::Nim(nim) => nim.code(),
            HeapRule::Subtraction(rule) => rule.code(),
            HeapRule::TakeBreak(rule) => rule.code(),
            HeapRule::Grundy(rule) => rule.code(),
        }
    }

    fn subtraction(&self) -> Option<&Subtraction> {
        match self {
            HeapRule::Subtraction(rule) => Some(rule),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Parts;

    /// The moves a code allows, listed from the digits alone, as sorted multisets of heaps.
    fn code_moves(code: &Code, heap: u64) -> Vec<Vec<u64>> {
        let mut moves = Vec::new();
        for take in 0..=heap {
            let digit = code.digit(take);
            let rest = heap - take;
            if digit.takes_all() && rest == 0 {
                moves.push(vec![]);
            }
            if digit.leaves_one() && rest > 0 {
                moves.push(vec![rest]);
            }
            for small in 1..=code.largest_small_part(rest) {
                if digit.splits_two() {
                    moves.push(vec![small, rest - small]);
                }
            }
            for small in 1..=rest / 3 {
                for middle in small..=(rest - small) / 2 {
                    if digit.splits_three() {
                        moves.push(vec![small, middle, rest - small - middle]);
                    }
                }
            }
        }
        moves.sort();
        moves
    }

    fn rule_moves(rules: &impl Ruleset<Position = u64>, heap: u64) -> Vec<Vec<u64>> {
        let mut listed: Vec<Parts<u64>> = Vec::new();
        rules.moves(&heap, &mut listed);
        let mut moves: Vec<Vec<u64>> = listed
            .into_iter()
            .map(|parts| {
                let mut parts = parts.to_vec();
                parts.sort_unstable();
                parts
            })
            .collect();
        moves.sort();
        moves
    }

    #[test]
    fn codes_list_the_same_moves_as_their_rulesets() {
        let rules: Vec<HeapRule> = vec![
            HeapRule::Nim(Nim),
            HeapRule::TakeBreak(TakeBreak::named("kayles").unwrap()),
            HeapRule::TakeBreak(TakeBreak::named("lasker").unwrap()),
            HeapRule::TakeBreak(TakeBreak::parse("0.8F", true).unwrap()),
            HeapRule::TakeBreak(TakeBreak::parse("4.1[6]", false).unwrap()),
            HeapRule::Subtraction(Subtraction::finite(&[2, 3, 7]).unwrap()),
            HeapRule::Subtraction(Subtraction::all_but(&[2, 3, 7]).unwrap()),
            HeapRule::Subtraction(Subtraction::all_but(&[]).unwrap()),
            HeapRule::Subtraction(Subtraction::all_but(&[200]).unwrap()),
            HeapRule::Subtraction(Subtraction::range(3, 5).unwrap()),
            HeapRule::Grundy(GrundyGame),
        ];
        for rule in &rules {
            let code = rule.code().unwrap();
            for heap in 0..24 {
                assert_eq!(
                    code_moves(&code, heap),
                    rule_moves(rule, heap),
                    "{rule} heap {heap}"
                );
            }
        }
        let far = Code::of_subtraction(&Subtraction::all_but(&[200]).unwrap()).unwrap();
        assert_eq!(
            (far.digits().len(), far.digit(200), far.digit(201)),
            (199, Digit::new(0), Digit::new(3))
        );
        let huge = Subtraction::finite(&[1, 1_000_000_000_000]).unwrap();
        assert_eq!(
            Code::of_subtraction(&huge).unwrap().max_take(),
            Some(1_000_000_000_000)
        );
        assert!(Code::of_subtraction(&Subtraction::range(1, 1 << 20).unwrap()).is_none());
    }

    #[test]
    fn max_parts_and_takes() {
        let kayles = Code::of_take_break(&TakeBreak::named("kayles").unwrap()).unwrap();
        assert_eq!((kayles.max_parts(), kayles.max_take()), (2, Some(2)));
        let sub = Code::of_subtraction(&Subtraction::finite(&[1, 5]).unwrap()).unwrap();
        assert_eq!((sub.max_parts(), sub.max_take()), (1, Some(5)));
        assert_eq!(Code::grundy_game().max_parts(), 2);
        let hex = Code::of_take_break(&TakeBreak::parse("0.8", true).unwrap()).unwrap();
        assert_eq!(hex.max_parts(), 3);
        let take_all = Code::of_take_break(&TakeBreak::parse("0.1[1]", false).unwrap()).unwrap();
        assert_eq!((take_all.max_parts(), take_all.max_take()), (1, None));
    }

    #[test]
    fn digits_decode_each_bit() {
        let bits = |digit: Digit| {
            [
                digit.takes_all(),
                digit.leaves_one(),
                digit.splits_two(),
                digit.splits_three(),
            ]
        };
        for raw in 0..=u8::MAX {
            let digit = Digit::new(raw);
            assert_eq!(digit.bits(), raw & 0xF);
            assert_eq!(digit.is_empty(), raw & 0xF == 0);
            assert_eq!(bits(digit), [1, 2, 4, 8].map(|bit| raw & bit != 0), "{raw}");
        }
        assert_eq!(Digit::default(), Digit::new(0));
    }

    #[test]
    fn largest_small_parts() {
        let kayles = Code::of_take_break(&TakeBreak::named("kayles").unwrap()).unwrap();
        let grundy = Code::grundy_game();
        for rest in 0..40u64 {
            let splits = |unequal: bool| {
                (1..rest)
                    .filter(|&small| small <= rest - small && !(unequal && 2 * small == rest))
                    .max()
                    .unwrap_or(0)
            };
            assert_eq!(kayles.largest_small_part(rest), splits(false), "{rest}");
            assert_eq!(grundy.largest_small_part(rest), splits(true), "{rest}");
        }
    }
}
