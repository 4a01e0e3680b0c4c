//! [`NimberSet`]: a set of nimbers below 256, four words of bits, for the candidates of a
//! position's value and the values a search asks about.

/// A set of nimbers `0..256`.
///
/// # Example
/// ```
/// use grundy::positional::NimberSet;
/// let set = NimberSet::below(4).without(2);
/// assert_eq!(set.iter().collect::<Vec<_>>(), [0, 1, 3]);
/// assert_eq!(set.smallest(2).iter().collect::<Vec<_>>(), [0, 1]);
/// assert_eq!(set.xor(1).iter().collect::<Vec<_>>(), [0, 1, 2]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NimberSet([u64; 4]);

impl NimberSet {
    /// The empty set.
    pub const EMPTY: NimberSet = NimberSet([0; 4]);
    /// Every nimber below 256.
    pub const ALL: NimberSet = NimberSet([u64::MAX; 4]);

    /// `{0, 1, …, n - 1}` (all of them for `n >= 256`).
    pub fn below(n: usize) -> NimberSet {
        let mut words = [0u64; 4];
        for (i, word) in words.iter_mut().enumerate() {
            let low = i * 64;
            *word = match n.saturating_sub(low) {
                0 => 0,
                k if k >= 64 => u64::MAX,
                k => (1u64 << k) - 1,
            };
        }
        NimberSet(words)
    }

    /// `{value}`.
    pub fn single(value: u8) -> NimberSet {
        NimberSet::EMPTY.with(value)
    }

    /// The set as one word of bits, when it holds only nimbers below 64.
    pub fn low_word(self) -> Option<u64> {
        (self.0[1..] == [0; 3]).then_some(self.0[0])
    }

    /// Whether `value` is in the set.
    pub fn contains(self, value: u8) -> bool {
        self.0[usize::from(value >> 6)] >> (value & 63) & 1 == 1
    }

    /// The set with `value` added.
    #[must_use]
    pub fn with(mut self, value: u8) -> NimberSet {
        self.0[usize::from(value >> 6)] |= 1 << (value & 63);
        self
    }

    /// The set without `value`.
    #[must_use]
    pub fn without(mut self, value: u8) -> NimberSet {
        self.0[usize::from(value >> 6)] &= !(1 << (value & 63));
        self
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == [0; 4]
    }

    /// How many nimbers the set holds.
    pub fn len(self) -> usize {
        self.0.iter().map(|word| word.count_ones() as usize).sum()
    }

    /// The least nimber of the set.
    pub fn min(self) -> Option<u8> {
        self.iter().next()
    }

    /// The largest nimber of the set.
    pub fn max(self) -> Option<u8> {
        (0..4).rev().find_map(|i| {
            let word = self.0[i];
            (word != 0).then(|| (i * 64 + 63 - word.leading_zeros() as usize) as u8)
        })
    }

    /// The common nimbers.
    #[must_use]
    pub fn and(self, other: NimberSet) -> NimberSet {
        NimberSet(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }

    /// Whether the sets share a nimber.
    pub fn meets(self, other: NimberSet) -> bool {
        (0..4).any(|i| self.0[i] & other.0[i] != 0)
    }

    /// The `count` least nimbers of the set (all of them when it has fewer).
    #[must_use]
    #[inline]
    pub fn smallest(self, count: usize) -> NimberSet {
        let [first, rest @ ..] = self.0;
        if rest == [0; 3] {
            // Nimbers below 64 only (nearly every set of a search): one count, not four.
            return NimberSet([lowest_ones(first, count), 0, 0, 0]);
        }
        let mut left = count;
        NimberSet(self.0.map(|word| {
            let kept = lowest_ones(word, left);
            left -= kept.count_ones() as usize;
            kept
        }))
    }

    /// `{v ⊕ x : v in the set}`: the values a part must have for the sum with a part of value
    /// `x` to have a value in the set.
    #[must_use]
    pub fn xor(self, x: u8) -> NimberSet {
        if x == 0 {
            return self;
        }
        self.iter().fold(NimberSet::EMPTY, |set, v| set.with(v ^ x))
    }

    /// The nimbers of the set, least first.
    pub fn iter(self) -> impl Iterator<Item = u8> {
        (0..4usize).flat_map(move |i| {
            let mut word = self.0[i];
            std::iter::from_fn(move || {
                (word != 0).then(|| {
                    let bit = word.trailing_zeros() as usize;
                    word &= word - 1;
                    (i * 64 + bit) as u8
                })
            })
        })
    }
}

/// The `count` lowest bits set in `word` (all of them when it has fewer).
fn lowest_ones(mut word: u64, count: usize) -> u64 {
    if word.count_ones() as usize <= count {
        return word;
    }
    let mut kept = 0;
    for _ in 0..count {
        let low = word & word.wrapping_neg();
        kept |= low;
        word ^= low;
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_agree_with_plain_vectors() {
        let set = NimberSet::below(200).without(0).without(130).with(255);
        let plain: Vec<u8> = (1..200).filter(|&v| v != 130).chain([255]).collect();
        assert_eq!(set.iter().collect::<Vec<_>>(), plain);
        assert_eq!(set.len(), plain.len());
        assert_eq!(set.min(), Some(1));
        assert_eq!(set.max(), Some(255));
        assert_eq!(set.smallest(129).max(), Some(129));
        assert_eq!(set.smallest(130).max(), Some(131));
        assert_eq!(set.smallest(1000), set);
        assert!(set.smallest(0).is_empty());
        let shifted: Vec<u8> = set.xor(77).iter().collect();
        let mut expected: Vec<u8> = plain.iter().map(|v| v ^ 77).collect();
        expected.sort_unstable();
        assert_eq!(shifted, expected);
        assert!(!set.meets(NimberSet::single(130)));
        assert!(set.meets(NimberSet::single(131)));
        assert_eq!(NimberSet::below(300), NimberSet::ALL);
        assert_eq!(NimberSet::EMPTY.max(), None);
        // Below 64 (the search's sets): one word.
        let low = NimberSet::below(10).without(3).without(7);
        let kept: Vec<u8> = low.smallest(5).iter().collect();
        assert_eq!(kept, [0, 1, 2, 4, 5]);
        assert_eq!(low.smallest(8), low);
        assert_eq!(low.smallest(9), low);
        assert!(low.smallest(0).is_empty());
    }
}
