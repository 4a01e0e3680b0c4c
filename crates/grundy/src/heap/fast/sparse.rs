//! The sparse space: which heaps are rare, under which mask.
//!
//! Give each heap `a` the *extended value* `g(a) << 1 | ((a + d) & 1)`, where `d` is the
//! parity of the tokens a split removes. Under a mask `M` a heap is *common* when its extended
//! value has an odd number of bits under `M`, *rare* otherwise. Parity is linear, so two common
//! heaps that a split of heap `n` leaves XOR to a value `v` with `v << 1 | ((n + d) & 1)` of
//! even parity: a value that would make `n` rare. Hence a heap needs the pairs with a rare
//! part (few), and the common pairs only to look for values that would make it rare.
//!
//! The mask is the one with the fewest rare heaps, read off a Walsh-Hadamard transform of the
//! histogram of extended values, reconsidered now and then; each parity of split removals
//! keeps its own (Berlekamp, Conway and Guy, *Winning Ways*, ch. 4, "Sparse Space Spells
//! Speed"; Flammenkamp's octal-game tables).

use super::cells::Cell;
use super::moves::SplitClass;

/// The rare heaps of one class of splits.
#[derive(Clone, Debug, Default)]
pub(super) struct Rare {
    /// Parity of the tokens the class's splits remove.
    pub(super) parity: u8,
    /// The mask over extended values; 0 when the class scans every pair.
    pub(super) mask: u32,
    /// The rare heaps (from heap 1 on) in increasing order, and their values.
    pub(super) heaps: Vec<u32>,
    pub(super) values: Vec<u32>,
    /// For each parity of `heap + parity`: bit `v` set when value `v < 64` is rare there
    /// (set with the mask, by [`Rare::set_mask`]).
    rare_words: [u64; 2],
}

impl Rare {
    /// Whether a heap `heap` with value `value` is rare; for a candidate value of heap `heap`,
    /// whether two common heaps can XOR to it.
    #[inline(always)]
    pub(super) fn is_rare(&self, value: u32, heap: usize) -> bool {
        let extended = (value << 1) | ((heap as u32 + u32::from(self.parity)) & 1);
        (self.mask & extended).count_ones() & 1 == 0
    }

    /// The values below 64 that are rare for heap `heap`, as bits (see [`Rare::is_rare`]).
    #[inline(always)]
    pub(super) fn rare_word(&self, heap: usize) -> u64 {
        self.rare_words[(heap + usize::from(self.parity)) & 1]
    }

    /// Puts `mask` in force; the rare lists are the caller's to rebuild.
    fn set_mask(&mut self, mask: u32) {
        self.mask = mask;
        self.rare_words = [0, 1].map(|parity: usize| {
            // A heap of this parity, as `is_rare` reads it.
            let heap = (parity + usize::from(self.parity)) & 1;
            (0..64).fold(0, |word, value| {
                word | u64::from(self.is_rare(value, heap)) << value
            })
        });
    }

    /// The rare heaps below `end`.
    pub(super) fn below(&self, end: usize) -> usize {
        self.heaps.partition_point(|&heap| (heap as usize) < end)
    }
}

/// The masks and rare heaps of every class of splits, and the histogram they come from.
#[derive(Clone, Debug)]
pub(super) struct Sparse {
    pub(super) classes: Vec<Rare>,
    /// Histogram of `g(a) << 1 | (a & 1)` over heaps `a >= 1`.
    counts: Vec<u64>,
    /// Never use a mask: every pair is scanned (an independent route for checking).
    plain: bool,
}

impl Sparse {
    pub(super) fn new(classes: &[SplitClass], plain: bool) -> Sparse {
        Sparse {
            classes: classes
                .iter()
                .map(|class| Rare {
                    parity: class.parity,
                    ..Rare::default()
                })
                .collect(),
            counts: vec![0; 2],
            plain,
        }
    }

    /// Whether every class has a mask (so that only rare pairs need a full scan).
    pub(super) fn all_masked(&self) -> bool {
        !self.classes.is_empty() && self.classes.iter().all(|class| class.mask != 0)
    }

    /// Counts heap `heap` of value `value`, whose value fits in `value_bits` bits.
    pub(super) fn record(&mut self, heap: usize, value: u32, value_bits: u32) {
        if self.counts.len() < 2 << value_bits {
            self.counts.resize(2 << value_bits, 0);
        }
        if heap == 0 {
            return;
        }
        self.counts[((value << 1) | (heap as u32 & 1)) as usize] += 1;
        for class in &mut self.classes {
            if class.mask != 0 && class.is_rare(value, heap) {
                class.heaps.push(heap as u32);
                class.values.push(value);
            }
        }
    }

    /// Chooses, for each class, the mask with the fewest rare heaps, and rebuilds the rare
    /// lists whose mask changes. Returns the heaps examined.
    pub(super) fn reconsider<V: Cell>(&mut self, values: &[V]) -> u64 {
        if self.classes.is_empty() || self.plain {
            return 0;
        }
        let transform = walsh_hadamard(&self.counts);
        let total = transform[0];
        let mut work = 0;
        for class in &mut self.classes {
            let parity = i64::from(class.parity);
            // Heaps rare under `mask`: those with even parity under it.
            let rare_count = |mask: usize| -> i64 {
                if parity & (mask as i64 & 1) == 0 {
                    (total + transform[mask]) / 2
                } else {
                    (total - transform[mask]) / 2
                }
            };
            let (best_mask, best_count) = (1..transform.len())
                .map(|mask| (mask, rare_count(mask)))
                .min_by_key(|&(mask, count)| (count, mask))
                .unwrap_or((0, total));
            let current = if class.mask == 0 {
                total
            } else {
                class.heaps.len() as i64
            };
            // Splits cost about (rare heaps) a heap with a mask and heaps/2 without one.
            let mask = if best_count * 4 >= total {
                0
            } else if class.mask == 0 || best_count * 4 < current * 3 {
                best_mask as u32
            } else {
                class.mask
            };
            if mask != class.mask {
                class.set_mask(mask);
                class.heaps.clear();
                class.values.clear();
                if mask != 0 {
                    for (heap, value) in values.iter().enumerate().skip(1) {
                        if class.is_rare(value.get(), heap) {
                            class.heaps.push(heap as u32);
                            class.values.push(value.get());
                        }
                    }
                }
                work += values.len() as u64;
            }
        }
        work
    }
}

/// `transform[m]` = the sum over `x` of `counts[x] * (-1)^|m & x|`.
fn walsh_hadamard(counts: &[u64]) -> Vec<i64> {
    let mut transform: Vec<i64> = counts.iter().map(|&c| c as i64).collect();
    let mut half = 1;
    while half < transform.len() {
        for block in transform.chunks_mut(2 * half) {
            let (low, high) = block.split_at_mut(half);
            for (x, y) in low.iter_mut().zip(high.iter_mut()) {
                (*x, *y) = (*x + *y, *x - *y);
            }
        }
        half *= 2;
    }
    transform
}

#[cfg(test)]
mod tests {
    use super::walsh_hadamard;

    #[test]
    fn transform_counts_parities() {
        let counts = [3, 0, 5, 1, 0, 0, 2, 7];
        let transform = walsh_hadamard(&counts);
        for (mask, &t) in transform.iter().enumerate() {
            let expected: i64 = counts
                .iter()
                .enumerate()
                .map(|(x, &c)| {
                    let sign = if (mask & x).count_ones() % 2 == 0 {
                        1
                    } else {
                        -1
                    };
                    sign * c as i64
                })
                .sum();
            assert_eq!(t, expected, "mask {mask}");
        }
    }
}
