//! A code decoded once into the lists of moves the fast engine computes.

use crate::heap::code::{Code, Digit};

/// The removals whose two-heap splits share one parity `d` of tokens removed: their pairs
/// XOR to values whose extended value (see [`super::sparse`]) has the parity of `n + d`.
#[derive(Clone, Debug)]
pub(super) struct SplitClass {
    pub(super) parity: u8,
    pub(super) takes: Vec<usize>,
}

/// The moves of a code, by what they leave.
#[derive(Clone, Debug)]
pub(super) struct Moves {
    /// Removals that take a whole heap of exactly that many tokens.
    pub(super) take_all: Vec<usize>,
    /// Removals that leave one heap.
    pub(super) leave_one: Vec<usize>,
    /// Removals that split the rest in two, by parity (at most two classes).
    pub(super) split_two: Vec<SplitClass>,
    /// Removals that split the rest in three.
    pub(super) split_three: Vec<usize>,
    /// The repeated digit and the first removal it governs.
    pub(super) tail: Option<(usize, Digit)>,
    /// Whether the two heaps of a split must differ (Grundy's game).
    pub(super) unequal: bool,
}

impl Moves {
    pub(super) fn new(code: &Code) -> Moves {
        let mut moves = Moves {
            take_all: Vec::new(),
            leave_one: Vec::new(),
            split_two: Vec::new(),
            split_three: Vec::new(),
            tail: code
                .tail()
                .map(|(first, digit)| (usize::try_from(first).unwrap_or(usize::MAX), digit)),
            unequal: code.unequal(),
        };
        let mut by_parity: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
        for &(take, digit) in code.digits() {
            // Removals beyond the address space never apply to a table in memory.
            let Ok(take) = usize::try_from(take) else {
                continue;
            };
            if digit.takes_all() {
                moves.take_all.push(take);
            }
            if digit.leaves_one() {
                moves.leave_one.push(take);
            }
            if digit.splits_two() {
                by_parity[take & 1].push(take);
            }
            if digit.splits_three() {
                moves.split_three.push(take);
            }
        }
        for (parity, takes) in by_parity.into_iter().enumerate() {
            if !takes.is_empty() {
                moves.split_two.push(SplitClass {
                    parity: parity as u8,
                    takes,
                });
            }
        }
        moves
    }

    /// The largest smaller part of a split of `rest` tokens in two (0: none).
    #[inline(always)]
    pub(super) fn last_small(&self, rest: usize) -> usize {
        Code::small_part_limit(rest as u64, self.unequal) as usize
    }

    /// The most tokens a split into two heaps removes.
    pub(super) fn largest_split(&self) -> usize {
        self.split_two
            .iter()
            .filter_map(|class| class.takes.last().copied())
            .max()
            .unwrap_or(0)
    }

    /// Whether every move removes a fixed number of tokens and leaves at most two heaps: the
    /// moves that the block route computes.
    pub(super) fn only_pairs(&self) -> bool {
        self.tail.is_none() && self.split_three.is_empty() && !self.split_two.is_empty()
    }
}
