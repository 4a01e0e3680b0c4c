//! One heap at a time: every option of heap `n`, the rare pairs, then the searches.

use super::cells::Cell;
use super::marks::{self, BitMarks, ByteMarks, Marks};
use super::scan::{scan_range, scan_rare, Hunt, Search, Sweep};
use super::tail::three_way;
use super::Engine;

impl Engine {
    /// The value of heap `n = values.len()`.
    pub(super) fn compute<V: Cell>(&mut self, values: &[V]) -> u32 {
        if self.small_ready() {
            return self.compute_small(values);
        }
        let mut scratch = self.scratch.take().unwrap_or_default();
        let value = if marks::byte_marks(self.value_bits) {
            let size = marks::byte_len(self.value_bits);
            scratch.bytes.clear();
            scratch.bytes.resize(size, 0);
            self.options(
                values,
                &mut scratch.sweeps,
                &mut ByteMarks(&mut scratch.bytes),
            )
        } else {
            scratch.words.clear();
            scratch.words.resize(marks::word_len(self.value_bits), 0);
            self.options(
                values,
                &mut scratch.sweeps,
                &mut BitMarks(&mut scratch.words),
            )
        };
        self.scratch = Some(scratch);
        value
    }

    /// Marks the options of heap `n = values.len()` and returns its value.
    fn options<V: Cell, M: Marks>(
        &mut self,
        values: &[V],
        sweeps: &mut Vec<Sweep>,
        marks: &mut M,
    ) -> u32 {
        let n = values.len();
        self.tally.work += self.single_options(values, n, n, marks);
        if let Some(tail) = &mut self.tail {
            let words = marks::word_len(self.value_bits);
            self.tally.work += tail.mark(values, &self.moves, n, words, marks);
        }
        for &take in &self.moves.split_three {
            if n > take {
                self.tally.work += three_way(values, n - take, marks);
            }
        }
        let mut hunt = Hunt::default();
        sweeps.clear();
        for (index, class) in self.moves.split_two.iter().enumerate() {
            let rare = &self.sparse.classes[index];
            for &take in &class.takes {
                let rest = n.saturating_sub(take);
                let last = self.moves.last_small(rest);
                if rare.mask == 0 {
                    self.tally.work += scan_range(values, rest, 1..last + 1, marks);
                    sweeps.push(Sweep::default());
                } else {
                    let count = rare.below(rest);
                    let unequal = self.moves.unequal;
                    self.tally.work += scan_rare(values, rare, 0..count, rest, unequal, marks);
                    sweeps.push(Sweep::with_head(last, self.pace.lanes.current()));
                }
            }
            if rare.mask == 0 {
                hunt.done[index] = true;
                hunt.full = true;
            }
        }
        let search = Search::new(values, &self.moves, &self.sparse, sweeps);
        search.hunt(n, marks, &mut hunt, u64::MAX);
        self.finish_hunt(&hunt);
        hunt.candidate
    }

    /// Marks the options of heap `n` that leave at most one heap, of those below `known`;
    /// returns the moves examined.
    pub(super) fn single_options<V: Cell, M: Marks>(
        &self,
        values: &[V],
        n: usize,
        known: usize,
        marks: &mut M,
    ) -> u64 {
        let moves = &self.moves;
        if moves.take_all.contains(&n) {
            marks.mark(0);
        }
        for &take in &moves.leave_one {
            if n > take && n - take < known {
                marks.mark(values[n - take].get());
            }
        }
        (moves.take_all.len() + moves.leave_one.len()) as u64 + 1
    }

    /// Counts what a finished hunt did.
    pub(super) fn finish_hunt(&mut self, hunt: &Hunt) {
        self.tally.work += hunt.pairs;
        self.pace.lanes.searched(hunt.pairs);
        if hunt.full {
            self.tally.full_scans += 1;
        }
    }
}
