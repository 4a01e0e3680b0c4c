//! The sparse space, written a second time and plainly, so that [`verify`](super::verify) can
//! recompute tables of millions of heaps without the fast engine's code.
//!
//! A mask `M` over extended values `e(n) = g(n) << 1 | (n & 1)` sorts heaps: heap `n` is *rare*
//! when `e(n) & M` has even parity, *common* otherwise. A split of `m` tokens into `a + b`
//! reaches `v = g(a) ^ g(b)`, and `e(a) ^ e(b) = v << 1 | (m & 1)`, so parity tells which kinds
//! of pairs can reach `v`: when `v << 1 | (m & 1)` has odd parity under `M`, only pairs with
//! exactly one rare part can, and those are all listed by walking the rare heaps. Only the
//! other values need a search among the pairs, and a heap's mex stops at the first value no
//! move reaches. The mask changes nothing but the speed: mask 0 makes every heap rare, which
//! is the plain scan of every split. It is chosen, and re-chosen as the table doubles, as the
//! mask that leaves the fewest rare heaps so far.
//!
//! The fast engine does the same with lanes, blocks and threads; this one stays short enough
//! to read against the definition of the mex, at the cost of speed.

use crate::error::{Error, Limit, Result};
use crate::game::Limits;
use crate::heap::Code;

/// Masks are sought over extended values below `1 << MASK_BITS` (values below 2048); larger
/// values keep the mask in force.
const MASK_BITS: u32 = 12;

/// The table size at which a mask is first sought; before it every heap is rare.
const FIRST_MASK_AT: usize = 1 << 10;

/// How many heaps pass between looks at the cancel flag.
const CANCEL_EVERY: usize = 1 << 12;

/// The values of heaps `0..heaps` of `code`, or `None` when the code has moves this route does
/// not handle (three-heap splits, or a repeating tail of digits).
///
/// # Errors
/// More heaps than `limits.max_positions`, or the computation cancelled through `limits`.
pub(super) fn values(code: &Code, heaps: u64, limits: &Limits) -> Result<Option<Vec<u32>>> {
    let too_many = || Error::limit_needing(Limit::HeapTable, limits.max_positions, heaps);
    if heaps > limits.max_positions {
        return Err(too_many());
    }
    let heaps = usize::try_from(heaps).map_err(|_| too_many())?;
    Ok(Table::filled(code, heaps, limits)?.map(|table| table.values))
}

/// The values so far, the rare heaps under the mask in force, and the scratch marks of a mex.
struct Table<'a> {
    code: &'a Code,
    values: Vec<u32>,
    mask: u32,
    /// Heaps `n >= 1` that are rare under `mask`, ascending.
    rare: Vec<usize>,
    /// How many heaps so far have each extended value below `1 << MASK_BITS`.
    extended_counts: Vec<u64>,
    /// Whether some extended value was too large to be counted.
    uncounted: bool,
    next_mask_look: usize,
    /// Bit `v` is set when some move reaches `v`.
    marks: Vec<u64>,
}

impl<'a> Table<'a> {
    fn new(code: &'a Code, heaps: usize) -> Table<'a> {
        Table {
            code,
            values: Vec::with_capacity(heaps),
            mask: 0,
            rare: Vec::new(),
            extended_counts: vec![0; 1 << MASK_BITS],
            uncounted: false,
            next_mask_look: FIRST_MASK_AT,
            marks: vec![0; 1],
        }
    }

    /// The table of heaps `0..heaps`, `None` for codes this route does not handle.
    fn filled(code: &'a Code, heaps: usize, limits: &Limits) -> Result<Option<Table<'a>>> {
        if code.tail().is_some() || code.max_parts() > 2 {
            return Ok(None);
        }
        let mut table = Table::new(code, heaps);
        while table.values.len() < heaps {
            if table.values.len() % CANCEL_EVERY == 0 {
                limits.cancel.check()?;
            }
            if table.values.len() >= table.next_mask_look {
                table.choose_mask();
            }
            table.push_next();
        }
        Ok(Some(table))
    }

    fn is_rare(&self, heap: usize) -> bool {
        parity(extended(self.values[heap], heap) & self.mask) == 0
    }

    /// Computes the next heap's value and records it.
    fn push_next(&mut self) {
        let heap = self.values.len();
        let value = self.mex(heap);
        self.values.push(value);
        match self.extended_counts.get_mut(extended(value, heap) as usize) {
            Some(count) => *count += 1,
            None => self.uncounted = true,
        }
        if heap >= 1 && self.is_rare(heap) {
            self.rare.push(heap);
        }
    }

    /// The least value no move from `heap` reaches.
    fn mex(&mut self, heap: usize) -> u32 {
        let heap_u64 = heap as u64;
        self.marks.fill(0);
        for &(take, digit) in self.code.digits() {
            if take == heap_u64 && digit.takes_all() {
                self.mark(0);
            }
            if take < heap_u64 && digit.leaves_one() {
                self.mark(self.values[heap - take as usize]);
            }
            if take < heap_u64 && digit.splits_two() {
                self.mark_rare_pairs(heap - take as usize);
            }
        }
        loop {
            let candidate = self.least_unmarked();
            if !self.searched_pairs_reach(heap, candidate) {
                return candidate;
            }
            self.mark(candidate);
        }
    }

    /// Marks every split of `rest` tokens with a rare part.
    fn mark_rare_pairs(&mut self, rest: usize) {
        for index in 0..self.rare.len() {
            let small = self.rare[index];
            if small >= rest {
                break;
            }
            let large = rest - small;
            if !(self.code.unequal() && small == large) {
                self.mark(self.values[small] ^ self.values[large]);
            }
        }
    }

    /// Whether some split whose pairs the rare walk cannot all have listed reaches `value`.
    fn searched_pairs_reach(&self, heap: usize, value: u32) -> bool {
        self.code.digits().iter().any(|&(take, digit)| {
            let Some(rest) = (heap as u64).checked_sub(take) else {
                return false;
            };
            let rest = rest as usize;
            digit.splits_two()
                && parity(extended(value, rest) & self.mask) == 0
                && (1..=self.code.largest_small_part(rest as u64) as usize)
                    .any(|small| self.values[small] ^ self.values[rest - small] == value)
        })
    }

    fn mark(&mut self, value: u32) {
        let word = value as usize / 64;
        if word >= self.marks.len() {
            self.marks.resize(word + 1, 0);
        }
        self.marks[word] |= 1 << (value % 64);
    }

    fn least_unmarked(&self) -> u32 {
        let word = self.marks.iter().position(|&word| word != u64::MAX);
        let word = word.unwrap_or(self.marks.len());
        let bits = self.marks.get(word).copied().unwrap_or(0);
        (word * 64) as u32 + bits.trailing_ones()
    }

    /// Takes the mask that leaves the fewest rare heaps so far (keeping the one in force on a
    /// tie), and lists the rare heaps again if it changed.
    fn choose_mask(&mut self) {
        self.next_mask_look = self.values.len().saturating_mul(2);
        if self.uncounted {
            return;
        }
        let largest = self.extended_counts.iter().rposition(|&count| count > 0);
        let width = u32::BITS - (largest.unwrap_or(0) as u32).leading_zeros();
        let counts = &self.extended_counts[..1 << width];
        let rare_under = |mask: u32| -> u64 {
            (0u32..)
                .zip(counts)
                .filter(|&(extended, _)| parity(extended & mask) == 0)
                .map(|(_, &count)| count)
                .sum()
        };
        let best = (1..1u32 << width)
            .map(|mask| (rare_under(mask), mask))
            .min()
            .filter(|&(count, _)| count < rare_under(self.mask));
        if let Some((_, mask)) = best {
            self.mask = mask;
            self.rare = (1..self.values.len())
                .filter(|&heap| self.is_rare(heap))
                .collect();
        }
    }
}

/// The value with the heap's parity appended: `g << 1 | (n & 1)`.
fn extended(value: u32, heap: usize) -> u32 {
    value << 1 | (heap & 1) as u32
}

fn parity(bits: u32) -> u32 {
    bits.count_ones() & 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::HeapSolver;
    use crate::rules::TakeBreak;

    fn game(text: &str) -> TakeBreak {
        TakeBreak::parse(text, false).unwrap()
    }

    fn engine_values(solver: &mut HeapSolver<TakeBreak>, heaps: usize) -> Vec<u32> {
        solver.extend(heaps as u64).unwrap();
        let values = solver.tabulated_range(0, heaps as u64);
        values.into_iter().map(|value| value as u32).collect()
    }

    fn sparse_values(code: &Code, heaps: usize) -> Vec<u32> {
        values(code, heaps as u64, &Limits::default())
            .unwrap()
            .unwrap()
    }

    fn agrees_with_the_plain_scan(game: TakeBreak, heaps: usize) {
        let code = Code::of_take_break(&game).unwrap();
        let plain = HeapSolver::plain(game.clone(), Limits::default());
        let plain = engine_values(&mut plain.extend_by_period(false), heaps);
        assert_eq!(sparse_values(&code, heaps), plain, "{game}");
    }

    #[test]
    fn agrees_with_the_naive_engine_on_every_code_of_two_digits_and_grundys_game() {
        let games = TakeBreak::octal_family(0, 2).unwrap().into_iter();
        let games = games.chain(TakeBreak::octal_family(4, 2).unwrap());
        for game in games {
            let code = Code::of_take_break(&game).unwrap();
            let mut naive = HeapSolver::naive(game.clone(), Limits::default());
            let expected = engine_values(&mut naive, 3000);
            assert_eq!(sparse_values(&code, 3000), expected, "{game}");
        }
        let grundy = [
            0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0,
        ];
        assert_eq!(sparse_values(&Code::grundy_game(), grundy.len()), grundy);
    }

    #[test]
    fn agrees_with_the_plain_scan_where_masks_take_over() {
        // Sparse games (0.007's rare heaps by heap parity, the long 0.376 and 0.354), a
        // periodic one and a 4.xyz code, past the sizes where the mask is chosen and changed.
        for text in ["0.007", "0.376", "0.354", "0.16", "4.37"] {
            agrees_with_the_plain_scan(game(text), 1 << 14);
        }
    }

    #[test]
    fn agrees_with_the_plain_scan_on_every_code_of_three_digits() {
        for game in TakeBreak::octal_family(0, 3)
            .unwrap()
            .into_iter()
            .skip(7 + 56)
        {
            agrees_with_the_plain_scan(game, 1 << 12);
        }
    }

    #[test]
    fn finds_the_sparse_space_of_0_354() {
        // 0.354 has 131 rare heaps under the mask 0x7e over extended values, the last at 3227
        // (the census counts them once for each parity of removal that splits: 262).
        let code = Code::of_take_break(&game("0.354")).unwrap();
        let table = Table::filled(&code, 1 << 13, &Limits::default())
            .unwrap()
            .unwrap();
        assert_eq!((table.mask, table.rare.len()), (0x7e, 131));
        assert_eq!(table.rare.last(), Some(&3227));
    }

    #[test]
    fn leaves_three_heap_splits_and_tails_to_other_routes_and_keeps_to_the_limit() {
        let hex = Code::of_take_break(&TakeBreak::parse("0.8", true).unwrap()).unwrap();
        let tail = Code::of_take_break(&game("0.0[3]")).unwrap();
        assert_eq!(values(&hex, 10, &Limits::default()).unwrap(), None);
        assert_eq!(values(&tail, 10, &Limits::default()).unwrap(), None);
        let limits = Limits::DEFAULT.with_max_positions(100);
        let kayles = Code::of_take_break(&game("0.77")).unwrap();
        assert!(values(&kayles, 101, &limits).is_err());
    }
}
