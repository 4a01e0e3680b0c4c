//! The built-in rulesets, one file each.
//!
//! Heap games (positions are heap sizes, moves leave sums of heaps) are gathered in
//! [`HeapRule`] so that the heap engine and the spec language can treat them alike. A ruleset
//! only lists moves, describes them and prints its positions as spec text.

mod grundy_game;

/// Why a heap rule that allows no move is refused, however it is written: an empty subtraction
/// set (`sub{}`), or a take-and-break code whose digits are all 0 (`0.0`, `0.00[0]`).
pub(crate) const NO_MOVE: &str = "the rule allows no move (an empty subtraction set, or a code \
     whose digits are all 0), and a game needs one: write a move, such as sub{1} or 0.1";

mod nim;
mod sets;
mod subtraction;
mod take_break;

mod a_wythoff;
mod chomp;
mod coin_rule;
mod coins;
mod cram;
mod digraph;
mod fibonacci_nim;
mod graph;
mod hackenbush;
mod kayles_graph;
mod moore;
mod staircase;
mod tartan;
mod wythoff;

pub use a_wythoff::AWythoff;
pub use chomp::{Chomp, ChompBoard, ChompSolver, MAX_CHOMP_COLUMNS, MAX_CHOMP_ROWS};
pub(crate) use coin_rule::MAX_COINS;
pub use coins::{CoinRow, CoinRule, CoinTurning, Shape};
pub use cram::{Cram, CramBoard, CramCheckpoints, CramSolver};
pub use digraph::Digraph;
pub use fibonacci_nim::FibonacciNim;
pub use graph::{Graph, MAX_VERTICES};
pub use hackenbush::{EdgeSet, GreenHackenbush};
pub use kayles_graph::{
    ArcKayles, ArcKaylesSolver, KaylesGraph, KaylesSolver, NodeKayles, NodeKaylesSolver, VertexSet,
};
pub use moore::Moore;
pub use staircase::Staircase;
pub use tartan::{CoinBoard, Tartan};
pub use wythoff::Wythoff;

pub use grundy_game::GrundyGame;
pub use nim::Nim;
pub use sets::Family;
pub use subtraction::Subtraction;
pub use take_break::{Digit, TakeBreak, MAX_FAMILY_DIGITS, NAMED_CODES};

use std::fmt;

use crate::game::{Parts, Ruleset};
use crate::nimber::Nimber;

/// Any built-in game played on heaps: a position is a heap size and a move leaves heaps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HeapRule {
    /// [`Nim`].
    Nim(Nim),
    /// [`Subtraction`] games.
    Subtraction(Subtraction),
    /// [`TakeBreak`] codes, named or not.
    TakeBreak(TakeBreak),
    /// [`GrundyGame`].
    Grundy(GrundyGame),
}

macro_rules! delegate {
    ($self:ident, $rule:ident => $body:expr) => {
        match $self {
            HeapRule::Nim($rule) => $body,
            HeapRule::Subtraction($rule) => $body,
            HeapRule::TakeBreak($rule) => $body,
            HeapRule::Grundy($rule) => $body,
        }
    };
}

impl Ruleset for HeapRule {
    type Position = u64;

    fn moves(&self, heap: &u64, out: &mut Vec<Parts<u64>>) {
        delegate!(self, rule => rule.moves(heap, out))
    }

    fn closed_form(&self, heap: &u64) -> Option<Nimber> {
        delegate!(self, rule => rule.closed_form(heap))
    }

    fn moves_to_value(&self, heap: &u64, target: Nimber) -> Option<Vec<Parts<u64>>> {
        delegate!(self, rule => rule.moves_to_value(heap, target))
    }

    fn move_count(&self, heap: &u64) -> Option<u64> {
        delegate!(self, rule => rule.move_count(heap))
    }

    fn describe(&self, from: &u64, to: &[u64]) -> String {
        delegate!(self, rule => rule.describe(from, to))
    }

    fn format(&self, heaps: &[u64]) -> String {
        delegate!(self, rule => rule.format(heaps))
    }
}

impl fmt::Display for HeapRule {
    /// The rule as spec text without heaps: `nim`, `sub{1,2,4}`, `kayles`, `0.137`, `grundy`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let with_heap = self.format(&[0]);
        f.write_str(with_heap.strip_suffix("(0)").unwrap_or(&with_heap))
    }
}

/// The parts left by a heap of `heap` tokens: none when the heap is empty.
pub(crate) fn heap_parts(heap: u64) -> Parts<u64> {
    if heap == 0 {
        Parts::new()
    } else {
        Parts::from_slice(&[heap])
    }
}

/// The parts left by heaps `(x, y)` of a two-heap game: none when both are empty.
pub(crate) fn pair_parts(x: u64, y: u64) -> Parts<(u64, u64)> {
    if x == 0 && y == 0 {
        Parts::new()
    } else {
        Parts::from_slice(&[(x, y)])
    }
}

/// The heaps a move from `(x, y)` of a two-heap game leaves, read from its parts `to` as the
/// moves list them or with the heaps swapped (a canonical result); `(0, 0)` for no parts.
pub(crate) fn pair_left(&(x, y): &(u64, u64), to: &[(u64, u64)]) -> (u64, u64) {
    let (p, q) = to.first().copied().unwrap_or((0, 0));
    if p <= x && q <= y {
        (p, q)
    } else {
        (q, p)
    }
}

/// The piles a move of a game on a row of piles (Moore's Nim, staircase Nim) leaves, read from
/// its parts `to` by index: 0 past the end, or for no parts.
pub(crate) fn piles_left(to: &[Vec<u64>]) -> impl Fn(usize) -> u64 + '_ {
    move |index| {
        to.first()
            .and_then(|piles| piles.get(index))
            .copied()
            .unwrap_or(0)
    }
}

/// `name(3,4,5)`, or `0` for no heaps.
pub(crate) fn format_heaps(name: &str, heaps: &[u64]) -> String {
    if heaps.is_empty() {
        return "0".to_string();
    }
    format!("{name}({})", comma_list(heaps))
}

/// `3,4,5`.
pub(crate) fn comma_list(numbers: &[u64]) -> String {
    let numbers: Vec<String> = numbers.iter().map(u64::to_string).collect();
    numbers.join(",")
}

/// A sum of positions as spec text: each as `term` writes it, joined by ` + `, or `0` for none.
pub(crate) fn format_sum<P>(positions: &[P], term: impl FnMut(&P) -> String) -> String {
    if positions.is_empty() {
        return "0".to_string();
    }
    let terms: Vec<String> = positions.iter().map(term).collect();
    terms.join(" + ")
}

/// "take 2 from 8, leaving 6", "take 1 from 13, leaving 5 and 7", "split 8 into 3 and 5".
pub(crate) fn describe_take(from: u64, to: &[u64]) -> String {
    let left: u64 = to.iter().sum();
    let taken = from - left.min(from);
    let leaving = match to {
        [] => "nothing".to_string(),
        [heap] => heap.to_string(),
        [rest @ .., last] => {
            let rest: Vec<String> = rest.iter().map(u64::to_string).collect();
            format!("{} and {last}", rest.join(", "))
        }
    };
    if taken == 0 {
        format!("split {from} into {leaving}")
    } else {
        format!("take {taken} from {from}, leaving {leaving}")
    }
}

/// A move and how it reads: from, the parts it leaves, the words.
#[cfg(test)]
pub(crate) type MoveWords<'a, P> = (P, &'a [P], &'a str);

/// Checks how `rules` words its moves, `(from, to, text)`, and writes sums of its positions as
/// spec text, `(positions, text)`.
#[cfg(test)]
pub(crate) fn check_words<R: Ruleset>(
    rules: &R,
    moves: &[MoveWords<'_, R::Position>],
    sums: &[(&[R::Position], &str)],
) {
    for (from, to, text) in moves {
        assert_eq!(rules.describe(from, to), *text);
    }
    for (positions, text) in sums {
        assert_eq!(rules.format(positions), *text);
    }
}

/// The numbers of a file of published values (`tests/data/`): whitespace-separated, with
/// comment lines starting with `#`.
#[cfg(test)]
pub(crate) fn published_values(text: &str) -> Vec<u64> {
    text.lines()
        .filter(|line| !line.starts_with('#'))
        .flat_map(str::split_whitespace)
        .filter_map(|word| word.parse().ok())
        .collect()
}
