//! Turning rules: which sets of coins a move of a coin-turning game may turn over.
//!
//! A rule is a shape and the sizes allowed: `any` coins (Turning Turtles turns 1 or 2, Mock
//! Turtles 1 to 3, Moebius 1 to 5, Mogul 1 to 7, Twins exactly 2), a `run` of consecutive
//! coins (Ruler: any length; Rulerette: at least 2), coins `spaced` evenly (Ternups: exactly
//! 3), or Grunt's symmetric coins `m`, `n - m`, `n` (Grundy's game in disguise). Definitions
//! from Berlekamp, Conway and Guy, *Winning Ways*, ch. 14, and T. S. Ferguson, *Game Theory*,
//! part I, section 5.

use std::fmt;

use crate::error::{Error, Result};

/// The most coins a row holds, so the most a move can turn.
pub(crate) const MAX_COINS: u32 = 128;

/// How the coins a move turns lie relative to each other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    /// Any coins to the left of the rightmost.
    Any,
    /// Consecutive coins ending at the rightmost.
    Run,
    /// Evenly spaced coins ending at the rightmost (`n`, `n - d`, `n - 2d`, ...).
    Spaced,
    /// Grunt: the coins `m`, `n - m` and `n` with `m < n - m` (Winning Ways' phantom coin 0,
    /// which is also turned, is left out).
    Grunt,
}

/// Which sets of coins a move may turn over; the rightmost must go from heads to tails.
///
/// # Example
/// ```
/// use grundy::rules::{CoinRule, Shape};
/// let mock = CoinRule::new(Shape::Any, &[1, 2, 3])?;
/// assert_eq!(mock, CoinRule::MOCK_TURTLES);
/// assert_eq!(mock.to_string(), "mock");
/// assert_eq!(CoinRule::new(Shape::Run, &[2, 3])?.to_string(), "turn{run 2,3}");
/// assert!(CoinRule::new(Shape::Any, &[0]).is_err());
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CoinRule {
    shape: Shape,
    /// Bit `k - 1` is set when a move may turn `k` coins (unused for Grunt).
    sizes: u128,
}

/// The named rules, as the spec language writes them, in the order its errors list them.
const NAMED: [(&str, CoinRule); 9] = [
    ("turtles", CoinRule::TURTLES),
    ("twins", CoinRule::sized(Shape::Any, 0b10)),
    ("mock", CoinRule::MOCK_TURTLES),
    ("moebius", CoinRule::sized(Shape::Any, 0b1_1111)),
    ("mogul", CoinRule::sized(Shape::Any, 0b111_1111)),
    ("ruler", CoinRule::RULER),
    ("rulerette", CoinRule::sized(Shape::Run, u128::MAX - 1)),
    ("ternups", CoinRule::sized(Shape::Spaced, 0b100)),
    ("grunt", CoinRule::sized(Shape::Grunt, 0)),
];

impl CoinRule {
    /// Turning Turtles: turn one or two coins. A head at `n` is worth `*n`.
    pub const TURTLES: CoinRule = CoinRule::sized(Shape::Any, 0b11);
    /// Mock Turtles: turn one, two or three coins. A head at `n` is worth the `n`-th odious
    /// number (1, 2, 4, 7, 8, 11, ...: those with an odd number of 1 bits).
    pub const MOCK_TURTLES: CoinRule = CoinRule::sized(Shape::Any, 0b111);
    /// Ruler: turn any number of consecutive coins. A head at `n` is worth the largest power
    /// of two dividing `n`.
    pub const RULER: CoinRule = CoinRule::sized(Shape::Run, u128::MAX);

    const fn sized(shape: Shape, sizes: u128) -> CoinRule {
        CoinRule { shape, sizes }
    }

    /// The rule turning coins of `shape`, as many as one of `sizes` (ignored for Grunt).
    ///
    /// # Errors
    /// No size, or a size outside 1 to 128.
    pub fn new(shape: Shape, sizes: &[u64]) -> Result<CoinRule> {
        if shape == Shape::Grunt {
            return Ok(CoinRule::sized(shape, 0));
        }
        let mut mask = 0u128;
        for &size in sizes {
            if size == 0 || size > u64::from(MAX_COINS) {
                return Err(Error::invalid_rule(format!(
                    "a move turns 1 to {MAX_COINS} coins, not {size}"
                )));
            }
            mask |= 1 << (size - 1);
        }
        if mask == 0 {
            return Err(Error::invalid_rule(
                "a turning rule needs at least one size",
            ));
        }
        Ok(CoinRule::sized(shape, mask))
    }

    /// The rule the spec language names `name` (`mock`, `grunt`, ...), if any.
    ///
    /// # Example
    /// ```
    /// use grundy::rules::CoinRule;
    /// assert_eq!(CoinRule::named("ruler"), Some(CoinRule::RULER));
    /// assert_eq!(CoinRule::named("queens"), None);
    /// ```
    pub fn named(name: &str) -> Option<CoinRule> {
        NAMED
            .iter()
            .find(|&&(known, _)| known == name)
            .map(|&(_, rule)| rule)
    }

    /// The names of the named rules.
    pub fn names() -> impl Iterator<Item = &'static str> {
        NAMED.iter().map(|&(name, _)| name)
    }

    /// The shape of the sets turned.
    pub fn shape(self) -> Shape {
        self.shape
    }

    /// Whether a move may turn `count` coins.
    pub(crate) fn allows(self, count: u32) -> bool {
        (1..=MAX_COINS).contains(&count) && self.sizes >> (count - 1) & 1 == 1
    }

    /// The largest number of coins a move turns.
    pub(crate) fn largest(self) -> u32 {
        match self.shape {
            Shape::Grunt => 3,
            _ => u128::BITS - self.sizes.leading_zeros(),
        }
    }

    /// The value of a single head at `n` (from 1) by a proved formula, for the rules that
    /// have one (Winning Ways, ch. 14).
    pub(crate) fn head_formula(self, n: u32) -> Option<u64> {
        let n = u64::from(n);
        match self {
            CoinRule::TURTLES => Some(n),
            CoinRule::MOCK_TURTLES => {
                let even = 2 * (n - 1);
                Some(if even.count_ones() % 2 == 1 {
                    even
                } else {
                    even + 1
                })
            }
            CoinRule::RULER => Some(n & n.wrapping_neg()),
            _ => None,
        }
    }

    /// The sets of coins a move may turn whose rightmost coin is `right` (numbered from 0),
    /// as masks, into `out`.
    pub(crate) fn sets(self, right: u32, out: &mut Vec<u128>) {
        let top = 1u128 << right;
        match self.shape {
            Shape::Any => {
                for others in 0..(right + 1).min(self.largest()) {
                    if self.allows(others + 1) {
                        combinations(right, others, |set| out.push(top | set));
                    }
                }
            }
            Shape::Run => {
                let sizes = (1..=right + 1).filter(|&length| self.allows(length));
                let run =
                    |length: u32| (top | (top - 1)) >> (right + 1 - length) << (right + 1 - length);
                out.extend(sizes.map(run));
            }
            Shape::Spaced => {
                if self.allows(1) {
                    out.push(top);
                }
                for gap in 1..=right {
                    let (mut set, mut count, mut coin) = (top, 1, right);
                    while coin >= gap && count < self.largest() {
                        coin -= gap;
                        set |= 1 << coin;
                        count += 1;
                        if self.allows(count) {
                            out.push(set);
                        }
                    }
                }
            }
            Shape::Grunt => {
                // Coins m and n - m, numbered from 1 with n = right + 1: bits m - 1 and
                // right - m.
                out.extend((1..=right / 2).map(|m| top | 1 << (m - 1) | 1 << (right - m)));
            }
        }
    }

    /// An upper bound on [`sets`](CoinRule::sets) for a rightmost coin among the first `n`,
    /// saturating at `u64::MAX`.
    pub(crate) fn set_count(self, n: u64) -> u64 {
        match self.shape {
            Shape::Any => {
                // The sum over sizes k of C(n - 1, k - 1), each binomial grown term by term.
                let (mut total, mut binomial) = (0u64, 1u64);
                for others in 0..n.min(u64::from(self.largest())) {
                    if self.allows(others as u32 + 1) {
                        total = total.saturating_add(binomial);
                    }
                    // Once saturated, the binomial stays saturated: an upper bound either way.
                    binomial = match binomial.checked_mul(n - 1 - others) {
                        Some(product) if binomial != u64::MAX => product / (others + 1),
                        _ => u64::MAX,
                    };
                }
                total
            }
            Shape::Run => n,
            Shape::Spaced => 1 + n.saturating_mul(u64::from(self.largest())),
            Shape::Grunt => n / 2,
        }
    }
}

/// Calls `visit` with every mask of `count` bits below bit `width` (Gosper's next
/// combination), without allocating; `count <= width <= 127`.
fn combinations(width: u32, count: u32, mut visit: impl FnMut(u128)) {
    if count == 0 {
        visit(0);
        return;
    }
    // Rows hold at most 128 coins, so `width` is at most 127 and `set + low` cannot overflow.
    let (mut set, limit) = ((1u128 << count) - 1, 1u128 << width);
    while set < limit {
        visit(set);
        let low = set & set.wrapping_neg();
        let ripple = set + low;
        set = ripple | (((set ^ ripple) >> 2) / low);
    }
}

/// Sizes as the spec writes them: `1,2`, `1..5`, `2..` (up to the most coins a row holds).
struct Sizes(u128);

impl fmt::Display for Sizes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        let mut size = 1;
        while size <= MAX_COINS {
            if self.0 >> (size - 1) & 1 == 0 {
                size += 1;
                continue;
            }
            let mut end = size;
            while end < MAX_COINS && self.0 >> end & 1 == 1 {
                end += 1;
            }
            f.write_str(if first { "" } else { "," })?;
            first = false;
            match end - size {
                _ if end == MAX_COINS && size < end => write!(f, "{size}..")?,
                0 => write!(f, "{size}")?,
                1 => write!(f, "{size},{end}")?,
                _ => write!(f, "{size}..{end}")?,
            }
            size = end + 1;
        }
        Ok(())
    }
}

impl fmt::Display for CoinRule {
    /// The rule's name (`mock`), or `turn{...}`: `turn{1,3}`, `turn{run 2..}`, `turn{spaced 3,4}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some((name, _)) = NAMED.iter().find(|(_, rule)| rule == self) {
            return f.write_str(name);
        }
        let shape = match self.shape {
            Shape::Any | Shape::Grunt => "",
            Shape::Run => "run ",
            Shape::Spaced => "spaced ",
        };
        write!(f, "turn{{{shape}{}}}", Sizes(self.sizes))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sets(rule: CoinRule, right: u32) -> Vec<u128> {
        let mut out = Vec::new();
        rule.sets(right, &mut out);
        out.sort_unstable();
        out
    }

    /// The sets from the definition: every subset of coins 0..=right that holds `right`, kept
    /// when the rule allows it.
    fn sets_by_definition(rule: CoinRule, right: u32) -> Vec<u128> {
        let top = 1u128 << right;
        let mut out: Vec<u128> = (0..top)
            .map(|others| top | others)
            .filter(|&set| {
                let coins: Vec<u32> = (0..=right).filter(|&i| set >> i & 1 == 1).collect();
                let count = coins.len() as u32;
                match rule.shape {
                    Shape::Any => rule.allows(count),
                    Shape::Run => rule.allows(count) && coins[0] + count - 1 == right,
                    Shape::Spaced => {
                        rule.allows(count)
                            && coins.windows(2).all(|w| w[1] - w[0] == coins[1] - coins[0])
                    }
                    Shape::Grunt => {
                        // Coins numbered from 1: m, n - m and n, m < n - m.
                        count == 3 && coins[0] + 1 + coins[1] + 1 == right + 1
                    }
                }
            })
            .collect();
        out.sort_unstable();
        out
    }

    #[test]
    fn sets_match_the_definition() -> Result<()> {
        let rules = [
            CoinRule::TURTLES,
            CoinRule::MOCK_TURTLES,
            CoinRule::RULER,
            CoinRule::new(Shape::Any, &[2, 4])?,
            CoinRule::new(Shape::Any, &[1, 3, 5, 6])?,
            CoinRule::new(Shape::Run, &[2, 3])?,
            CoinRule::new(Shape::Spaced, &[1, 3])?,
            CoinRule::new(Shape::Spaced, &[2, 3, 4])?,
            CoinRule::new(Shape::Grunt, &[])?,
        ];
        for rule in rules.into_iter().chain(NAMED.map(|(_, rule)| rule)) {
            for right in 0..10 {
                assert_eq!(
                    sets(rule, right),
                    sets_by_definition(rule, right),
                    "{rule} {right}"
                );
                assert!(rule.set_count(u64::from(right) + 1) >= sets(rule, right).len() as u64);
            }
        }
        Ok(())
    }

    #[test]
    fn combinations_reach_the_top_bit() {
        let mut count = 0;
        combinations(127, 1, |set| {
            assert_eq!(set.count_ones(), 1);
            count += 1;
        });
        assert_eq!(count, 127);
        let mut count = 0;
        combinations(127, 2, |_| count += 1);
        assert_eq!(count, 127 * 126 / 2);
    }

    #[test]
    fn names_and_text() -> Result<()> {
        assert_eq!(CoinRule::new(Shape::Any, &[1, 2])?, CoinRule::TURTLES);
        assert_eq!(
            CoinRule::new(Shape::Any, &[1, 2, 3, 4, 5])?.to_string(),
            "moebius"
        );
        let rulerette: Vec<u64> = (2..=128).collect();
        assert_eq!(
            CoinRule::new(Shape::Run, &rulerette)?.to_string(),
            "rulerette"
        );
        assert_eq!(
            CoinRule::new(Shape::Any, &[1, 2, 4])?.to_string(),
            "turn{1,2,4}"
        );
        assert_eq!(
            CoinRule::new(Shape::Any, &[1, 2, 3, 4, 9])?.to_string(),
            "turn{1..4,9}"
        );
        assert_eq!(
            CoinRule::new(Shape::Spaced, &[128])?.to_string(),
            "turn{spaced 128}"
        );
        assert_eq!(
            CoinRule::new(Shape::Any, &[127, 128])?.to_string(),
            "turn{127..}"
        );
        assert_eq!(CoinRule::new(Shape::Grunt, &[5])?.to_string(), "grunt");
        let error = CoinRule::new(Shape::Run, &[129])
            .err()
            .map(|e| e.to_string());
        assert_eq!(
            error.as_deref(),
            Some("invalid rule: a move turns 1 to 128 coins, not 129")
        );
        assert!(CoinRule::new(Shape::Spaced, &[]).is_err());
        Ok(())
    }
}
