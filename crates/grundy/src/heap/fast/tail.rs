//! Moves that are computed plainly: three-heap splits, and a repeated digit (every removal of
//! `first` or more tokens), whose options grow with the heap. Correct, not fast.

use super::cells::Cell;
use super::marks::{BitMarks, Marks};
use super::moves::Moves;
use super::scan::scan_range;
use crate::heap::code::Digit;

/// The options of a repeated digit, kept from heap to heap: a heap of `n` tokens may leave
/// any heap, pair or triple of at most `n - first` tokens.
#[derive(Clone, Debug)]
pub(super) struct Tail {
    first: usize,
    digit: Digit,
    /// Values of heaps `1..=single_upto`, as bits.
    single: Vec<u64>,
    single_upto: usize,
    /// XORs of two heaps with sum at most `pair_upto`.
    pairs: Vec<u64>,
    pair_upto: usize,
    /// XORs of three heaps with sum at most `triple_upto`.
    triples: Vec<u64>,
    triple_upto: usize,
}

impl Tail {
    pub(super) fn new((first, digit): (usize, Digit)) -> Tail {
        Tail {
            first,
            digit,
            single: Vec::new(),
            single_upto: 0,
            pairs: Vec::new(),
            pair_upto: 0,
            triples: Vec::new(),
            triple_upto: 0,
        }
    }

    /// Marks the options of heap `n` in `marks` (values below `64 * words`); returns the work.
    pub(super) fn mark<V: Cell, M: Marks>(
        &mut self,
        values: &[V],
        moves: &Moves,
        n: usize,
        words: usize,
        marks: &mut M,
    ) -> u64 {
        if n < self.first.max(1) {
            return 0;
        }
        let reach = n - self.first;
        let mut work = words as u64;
        for bits in [&mut self.single, &mut self.pairs, &mut self.triples] {
            if bits.len() < words {
                bits.resize(words, 0);
            }
        }
        if self.digit.takes_all() {
            marks.mark(0);
        }
        if self.digit.leaves_one() {
            while self.single_upto < reach {
                self.single_upto += 1;
                BitMarks(&mut self.single).mark(values[self.single_upto].get());
            }
            mark_bits(&self.single, marks);
        }
        if self.digit.splits_two() {
            while self.pair_upto < reach {
                self.pair_upto += 1;
                let rest = self.pair_upto;
                work += scan_range(
                    values,
                    rest,
                    1..moves.last_small(rest) + 1,
                    &mut BitMarks(&mut self.pairs),
                );
            }
            mark_bits(&self.pairs, marks);
        }
        if self.digit.splits_three() {
            while self.triple_upto < reach {
                self.triple_upto += 1;
                work += three_way(values, self.triple_upto, &mut BitMarks(&mut self.triples));
            }
            mark_bits(&self.triples, marks);
        }
        work
    }
}

fn mark_bits<M: Marks>(bits: &[u64], marks: &mut M) {
    for (index, &word) in bits.iter().enumerate() {
        let mut word = word;
        while word != 0 {
            marks.mark(index as u32 * 64 + word.trailing_zeros());
            word &= word - 1;
        }
    }
}

/// Marks the XOR of every split of `rest` tokens into three non-empty heaps; returns the
/// triples examined.
pub(super) fn three_way<V: Cell, M: Marks>(values: &[V], rest: usize, marks: &mut M) -> u64 {
    let mut work = 0;
    for small in 1..=rest / 3 {
        let small_value = values[small].get();
        for middle in small..=(rest - small) / 2 {
            marks.mark(small_value ^ values[middle].get() ^ values[rest - small - middle].get());
        }
        work += ((rest - small) / 2 + 1 - small) as u64;
    }
    work
}
