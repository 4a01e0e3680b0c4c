//! A small deterministic random number generator shared by the test files and the unit tests
//! (xorshift64).

/// Xorshift64: the state is the last number drawn; start it at any non-zero seed.
pub struct Random(pub u64);

impl Random {
    /// The next number.
    pub fn draw(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number in `0..n` (`n > 0`), close enough to uniform for tests.
    pub fn below(&mut self, n: u64) -> u64 {
        self.draw() % n
    }
}
