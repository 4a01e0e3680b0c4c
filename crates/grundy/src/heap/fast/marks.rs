//! Sets of values collected for a mex: one byte a value while values are small (stores that
//! never wait for each other), one bit a value beyond.

/// Values at most this many bits wide are marked in bytes.
pub(super) const BYTE_MARK_BITS: u32 = 12;

/// A set of values being collected for a mex.
pub(super) trait Marks {
    fn mark(&mut self, value: u32);
    /// The least value from `from` on that is not marked.
    fn first_free(&self, from: u32) -> u32;
}

/// Values marked one byte each; every value marked is below the slice's length.
pub(super) struct ByteMarks<'a>(pub(super) &'a mut [u8]);

impl Marks for ByteMarks<'_> {
    #[inline(always)]
    fn mark(&mut self, value: u32) {
        self.0[value as usize] = 1;
    }
    fn first_free(&self, from: u32) -> u32 {
        first_zero(self.0, from)
    }
}

/// The first byte from `from` on that is 0 (past the end: the length).
pub(super) fn first_zero(bytes: &[u8], from: u32) -> u32 {
    let start = (from as usize).min(bytes.len());
    match bytes[start..].iter().position(|&hit| hit == 0) {
        Some(offset) => (start + offset) as u32,
        None => bytes.len().max(from as usize) as u32,
    }
}

/// Values marked as bits of words; every value marked is below 64 times the words.
pub(super) struct BitMarks<'a>(pub(super) &'a mut [u64]);

impl Marks for BitMarks<'_> {
    #[inline(always)]
    fn mark(&mut self, value: u32) {
        self.0[(value >> 6) as usize] |= 1u64 << (value & 63);
    }
    fn first_free(&self, from: u32) -> u32 {
        let start = (from >> 6) as usize;
        for (index, &word) in self.0.iter().enumerate().skip(start) {
            let mut free = !word;
            if index == start {
                free &= u64::MAX << (from & 63);
            }
            if free != 0 {
                return (index as u32) * 64 + free.trailing_zeros();
            }
        }
        ((self.0.len() as u32) * 64).max(from)
    }
}

/// The marks needed for values below `1 << value_bits` and their XORs: bytes or words.
pub(super) fn byte_marks(value_bits: u32) -> bool {
    value_bits <= BYTE_MARK_BITS
}

/// Bytes (or words) that hold every value below `1 << value_bits`, with room for the mex.
pub(super) const fn byte_len(value_bits: u32) -> usize {
    (1usize << value_bits) + 64
}

pub(super) fn word_len(value_bits: u32) -> usize {
    ((1usize << value_bits) >> 6).max(1) + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_free_skips_marked_values() {
        let mut bytes = vec![0u8; 200];
        let mut words = vec![0u64; 4];
        for value in (0..130).filter(|v| v % 7 != 3) {
            ByteMarks(&mut bytes).mark(value);
            BitMarks(&mut words).mark(value);
        }
        for from in [0, 3, 4, 100, 129, 130, 199] {
            let expected = (from..).find(|v| v % 7 == 3 || *v >= 130).unwrap();
            assert_eq!(ByteMarks(&mut bytes).first_free(from), expected);
            assert_eq!(BitMarks(&mut words).first_free(from), expected);
        }
    }
}
