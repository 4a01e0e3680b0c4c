//! The move structure of a heap game as the engines and the periodicity theorems see it.
//!
//! Every built-in heap game (take-and-break codes, Grundy's game, subtraction games) is a
//! [`Code`]: a [`TakeBreak`] code, its digits decoded once into typed [`Digit`]s (no engine
//! tests a digit's bits), optionally a digit repeated for every larger removal, and optionally
//! the rule that the heaps a split leaves must differ (Grundy's game). Rulesets that are not
//! codes (a custom [`Ruleset`]) still get tables, from the naive engine. This module lists no
//! moves and computes no values.

use crate::game::Ruleset;
use crate::rules::{GrundyGame, HeapRule, Nim, Subtraction, TakeBreak};

pub use crate::rules::Digit;

/// Codes with more nonzero digits than this are left to the naive engine.
pub const MAX_CODE_DIGITS: usize = 4096;

/// The moves of a heap game, digit by digit: a [`TakeBreak`] code, the one representation of
/// a code (see there for [`digit`](TakeBreak::digit), [`max_take`](TakeBreak::max_take) and
/// the others).
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
pub type Code = TakeBreak;

/// The digit of a subtraction game: remove the whole heap or leave one heap.
const SUBTRACT: Digit = Digit::new(3);

impl TakeBreak {
    /// The code of a take-and-break game, without its name; `None` beyond
    /// [`MAX_CODE_DIGITS`] nonzero digits.
    pub fn of_take_break(game: &TakeBreak) -> Option<Code> {
        (game.digits().len() <= MAX_CODE_DIGITS).then(|| game.unnamed())
    }

    /// The code of a subtraction game: digit 3 at every number that may be removed; all-but
    /// games repeat 3 after the largest excluded number. `None` when that takes more than
    /// [`MAX_CODE_DIGITS`] digits (`take[1..10^6]`).
    pub fn of_subtraction(game: &Subtraction) -> Option<Code> {
        let code = |digits: Vec<(u64, Digit)>, tail| {
            (digits.len() <= MAX_CODE_DIGITS).then(|| TakeBreak::decoded(digits, tail, false))
        };
        if let Some(set) = game.finite_set() {
            return code(set.iter().map(|&take| (take, SUBTRACT)).collect(), None);
        }
        if let Some((low, high)) = game.range_bounds() {
            if high - low >= MAX_CODE_DIGITS as u64 {
                return None;
            }
            return code((low..=high).map(|take| (take, SUBTRACT)).collect(), None);
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
        code(digits, Some((last + 1, SUBTRACT)))
    }

    /// Grundy's game: split a heap into two heaps of different sizes (`4!.0` in CGSuite's
    /// notation).
    pub fn grundy_game() -> Code {
        TakeBreak::decoded(vec![(0, Digit::new(4))], None, true)
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
        TakeBreak::of_take_break(self)
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
        Some(TakeBreak::decoded(Vec::new(), Some((1, SUBTRACT)), false))
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
        assert_eq!(Code::grundy_game().to_string(), "4!.0");
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
