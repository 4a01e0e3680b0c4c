//! Values of coin-turning games from a table of single heads.
//!
//! A row of a coin-turning game is the nim-sum of its heads, and a board of a Tartan the
//! nim-sum of the nim-products `g(i) x h(j)` of its heads (Winning Ways, ch. 14), so both need
//! only the values `g(n)` of a single head at `n`:
//! `g(n) = mex { g(a) xor g(b) xor ... : {a, b, ..., n} a set the rule lets a move turn }`.
//! The table grows on demand, never listing the sets one by one where there are many: for
//! `any` rules it keeps, for each count `j`, the set of nim-sums of `j` coins among those to
//! the left, as a bitset (a knapsack over XOR), so Mogul's first 108 coins fit in the default
//! work limit (64 million words), where the last head alone has `C(107, 6)`, 1.8 billion, sets.

use crate::error::{Error, Limit, Result};
use crate::game::{Evaluator, Limits};
use crate::nimber::{MexSet, Nimber};
use crate::rules::{CoinBoard, CoinRow, CoinRule, CoinTurning, Shape, Tartan};

/// The most bits the bitsets of an `any` rule may hold together: 2^29 bits, 64 MiB. A rule
/// turning up to `k` coins keeps `k` bitsets, so its values stay below `2^29 / k`, rounded
/// down to a power of two (2^26 for Mogul).
const MAX_TABLE_BITS: u64 = 1 << 29;

/// The values `g(1), g(2), ...` of single heads of one rule, grown on demand.
#[derive(Clone, Debug)]
struct HeadValues {
    rule: CoinRule,
    /// `values[n - 1]` is `g(n)`.
    values: Vec<u64>,
    /// `prefix[n]` is `g(1) xor ... xor g(n)` (runs).
    prefix: Vec<u64>,
    /// For `any` rules, `reach[j]`: the nim-sums of `j` coins among those tabulated, bit `v`
    /// of the words for the sum `v`.
    reach: Vec<Vec<u64>>,
    mex: MexSet,
    work: u64,
}

impl HeadValues {
    fn new(rule: CoinRule) -> HeadValues {
        let counts = match rule.shape() {
            Shape::Any => rule.largest() as usize,
            _ => 0,
        };
        let mut reach = vec![vec![0u64]; counts];
        if let Some(empty) = reach.first_mut() {
            empty[0] = 1;
        }
        HeadValues {
            rule,
            values: Vec::new(),
            prefix: vec![0],
            reach,
            mex: MexSet::new(),
            work: 0,
        }
    }

    /// `g(n)`, for `n` from 1.
    fn get(&mut self, n: u32, limits: Limits) -> Result<u64> {
        if let Some(value) = self.rule.head_formula(n) {
            return Ok(value);
        }
        while self.values.len() < n as usize {
            let value = self.next(limits)?;
            self.push(value, limits)?;
        }
        Ok(self.values[n as usize - 1])
    }

    /// Charges `amount` work, failing beyond the limit.
    fn charge(&mut self, amount: u64, limits: Limits) -> Result<()> {
        self.work = self.work.saturating_add(amount);
        limits.check_work(self.work)
    }

    /// The value of a head at the next coin, `n = values.len() + 1`.
    fn next(&mut self, limits: Limits) -> Result<u64> {
        let n = self.values.len() + 1;
        let g = |coin: usize| self.values[coin - 1];
        self.mex.clear();
        match self.rule.shape() {
            Shape::Any => {
                // The mex of the sums of `k - 1` coins to the left, over the sizes `k`
                // allowed: the first value no allowed count reaches.
                let (rule, limit) = (self.rule, self.reach.len().min(n));
                let counts = move || (0..limit).filter(move |&j| rule.allows(j as u32 + 1));
                let words = self.reach[0].len();
                self.charge((counts().count() * words) as u64, limits)?;
                for w in 0..words {
                    let union = counts().fold(0, |union, j| union | self.reach[j][w]);
                    if union != u64::MAX {
                        return Ok(64 * w as u64 + u64::from(union.trailing_ones()));
                    }
                }
                return Ok(64 * words as u64);
            }
            Shape::Run => {
                let below = self.prefix[n - 1];
                for length in (1..=n).filter(|&length| self.rule.allows(length as u32)) {
                    self.mex
                        .insert(Nimber::new(below ^ self.prefix[n - length]));
                }
            }
            Shape::Spaced => {
                if self.rule.allows(1) {
                    self.mex.insert(Nimber::ZERO);
                }
                let largest = self.rule.largest() as usize;
                for gap in 1..n {
                    let (mut sum, mut count, mut coin) = (0, 1, n);
                    while coin > gap && count < largest {
                        coin -= gap;
                        sum ^= g(coin);
                        count += 1;
                        if self.rule.allows(count as u32) {
                            self.mex.insert(Nimber::new(sum));
                        }
                    }
                }
            }
            Shape::Grunt => {
                for m in (1..n).take_while(|&m| 2 * m < n) {
                    self.mex.insert(Nimber::new(g(m) ^ g(n - m)));
                }
            }
        }
        self.charge(n as u64, limits)?;
        Ok(self.mex.mex().value())
    }

    /// The values a head may take: below the largest power of two that keeps the bitsets
    /// within [`MAX_TABLE_BITS`].
    fn value_bound(&self) -> u64 {
        let per_count = MAX_TABLE_BITS / self.reach.len().max(1) as u64;
        1 << (u64::BITS - 1 - per_count.leading_zeros())
    }

    /// Adds the head at the next coin, worth `value`.
    fn push(&mut self, value: u64, limits: Limits) -> Result<()> {
        let bound = self.value_bound();
        if value >= bound {
            return Err(Error::limit(Limit::CoinValue, bound));
        }
        self.values.push(value);
        let last = self.prefix[self.prefix.len() - 1];
        self.prefix.push(last ^ value);
        if self.reach.is_empty() {
            return Ok(());
        }
        // Room for every sum: a power of two above `value`, at least one word.
        let words = self.reach[0].len();
        let needed = ((value + 1).next_power_of_two() as usize).div_ceil(64);
        if needed > words {
            for sums in &mut self.reach {
                sums.resize(needed, 0);
            }
        }
        let words = self.reach[0].len();
        let counts = self.reach.len().min(self.values.len() + 1);
        self.charge((counts * words) as u64, limits)?;
        // A coin joins sums of `j - 1` coins to make sums of `j`; largest `j` first, so that
        // no sum uses the new coin twice.
        for j in (1..counts).rev() {
            let (fewer, more) = self.reach.split_at_mut(j);
            xor_into(&fewer[j - 1], value, &mut more[0]);
        }
        Ok(())
    }
}

/// Sets bit `v ^ by` of `to` for each bit `v` of `from` (both as long, a power of two words
/// above `by`).
fn xor_into(from: &[u64], by: u64, to: &mut [u64]) {
    // Swap the halves of each block of 2^b bits for each bit b of `by` below 64, then move
    // whole words.
    const HALVES: [u64; 6] = [
        0x5555_5555_5555_5555,
        0x3333_3333_3333_3333,
        0x0F0F_0F0F_0F0F_0F0F,
        0x00FF_00FF_00FF_00FF,
        0x0000_FFFF_0000_FFFF,
        0x0000_0000_FFFF_FFFF,
    ];
    let shift = (by >> 6) as usize;
    for (w, &word) in from.iter().enumerate() {
        let mut word = word;
        for (b, half) in HALVES.iter().enumerate() {
            if by >> b & 1 == 1 {
                let s = 1 << b;
                word = (word & half) << s | (word >> s) & half;
            }
        }
        to[w ^ shift] |= word;
    }
}

/// Values rows of a coin-turning game as the nim-sum of their heads.
///
/// # Example
/// ```
/// use grundy::{coin_solver::CoinSolver, rules::{CoinRow, CoinRule, CoinTurning}, Limits, Nimber};
/// // Grunt is Grundy's game in disguise: a head at 5 is worth g(5) = 2.
/// let grunt = CoinTurning(CoinRule::named("grunt").unwrap());
/// let mut solver = CoinSolver::new(grunt, Limits::default());
/// assert_eq!(solver.value(&CoinRow::parse("TTTTH")?)?, Nimber::new(2));
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct CoinSolver {
    rules: CoinTurning,
    heads: HeadValues,
    limits: Limits,
}

impl CoinSolver {
    /// A solver for `rules` within `limits` (work counts the table's words and sets).
    pub fn new(rules: CoinTurning, limits: Limits) -> CoinSolver {
        CoinSolver {
            rules,
            heads: HeadValues::new(rules.0),
            limits,
        }
    }

    /// The value of a row: the nim-sum of its heads' values.
    ///
    /// # Errors
    /// The work limit, or a head worth more than `2^20`.
    pub fn value(&mut self, row: &CoinRow) -> Result<Nimber> {
        row.heads().try_fold(Nimber::ZERO, |sum, n| {
            Ok(sum + Nimber::new(self.heads.get(n, self.limits)?))
        })
    }
}

impl Evaluator for CoinSolver {
    type Rules = CoinTurning;

    fn rules(&self) -> &CoinTurning {
        &self.rules
    }

    fn value(&mut self, row: &CoinRow) -> Result<Nimber> {
        CoinSolver::value(self, row)
    }

    fn limits(&self) -> Limits {
        self.limits
    }
}

/// Values boards of a Tartan by the Tartan theorem: a head at `(i, j)` is worth
/// `g(i) x h(j)`, the nim-product of the values of heads at `i` and `j` in the two factors.
///
/// # Example
/// ```
/// use grundy::{coin_solver::TartanSolver, rules::{CoinBoard, CoinRow, CoinRule, Tartan}};
/// use grundy::{Limits, Nimber};
/// let twins = CoinRule::named("twins").unwrap();
/// let mut solver = TartanSolver::new(Tartan(twins, CoinRule::TURTLES), Limits::default());
/// // Twins values a head at 3 as 2, Turning Turtles a head at 3 as 3: 2 x 3 = 1.
/// let board = CoinBoard::from_rows(&[CoinRow::parse("TTT")?, CoinRow::parse("TTT")?,
///     CoinRow::parse("TTH")?])?;
/// assert_eq!(solver.value(&board)?, Nimber::new(1));
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct TartanSolver {
    rules: Tartan,
    rows: HeadValues,
    columns: HeadValues,
    limits: Limits,
}

impl TartanSolver {
    /// A solver for `rules` within `limits`.
    pub fn new(rules: Tartan, limits: Limits) -> TartanSolver {
        TartanSolver {
            rules,
            rows: HeadValues::new(rules.0),
            columns: HeadValues::new(rules.1),
            limits,
        }
    }

    /// The value of a board: the nim-sum over its heads of `g(i) x h(j)`.
    ///
    /// # Errors
    /// As for [`CoinSolver::value`], in either factor.
    pub fn value(&mut self, board: &CoinBoard) -> Result<Nimber> {
        board.heads().try_fold(Nimber::ZERO, |sum, (i, j)| {
            let row = Nimber::new(self.rows.get(i, self.limits)?);
            Ok(sum + row * Nimber::new(self.columns.get(j, self.limits)?))
        })
    }
}

impl Evaluator for TartanSolver {
    type Rules = Tartan;

    fn rules(&self) -> &Tartan {
        &self.rules
    }

    fn value(&mut self, board: &CoinBoard) -> Result<Nimber> {
        TartanSolver::value(self, board)
    }

    fn limits(&self) -> Limits {
        self.limits
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Solver;
    use crate::rules::{published_values, CoinRule};

    fn rule(name: &str) -> CoinRule {
        CoinRule::named(name).unwrap_or(CoinRule::TURTLES)
    }

    fn heads(rule: CoinRule, count: u32) -> Result<Vec<u64>> {
        let mut table = HeadValues::new(rule);
        (1..=count)
            .map(|n| table.get(n, Limits::default()))
            .collect()
    }

    /// Every rule of `shape` with sizes among 1 to 5.
    fn rules_of(shape: Shape) -> impl Iterator<Item = CoinRule> {
        (1u64..32).filter_map(move |mask| {
            let sizes: Vec<u64> = (1..=5).filter(|k| mask >> (k - 1) & 1 == 1).collect();
            CoinRule::new(shape, &sizes).ok()
        })
    }

    #[test]
    fn tables_match_search_on_short_rows() -> Result<()> {
        let shapes = [Shape::Any, Shape::Run, Shape::Spaced];
        let rules = shapes.into_iter().flat_map(rules_of).chain([rule("grunt")]);
        for rule in rules {
            let mut search = Solver::new(CoinTurning(rule)).use_closed_forms(false);
            let mut table = CoinSolver::new(CoinTurning(rule), Limits::default());
            for len in 0..=7 {
                for heads in 0..1u32 << len {
                    let text: String = (0..len)
                        .map(|i| if heads >> i & 1 == 1 { 'H' } else { 'T' })
                        .collect();
                    let row = CoinRow::parse(&text)?;
                    assert_eq!(table.value(&row)?, search.value(&row)?, "{rule} {row}");
                }
            }
        }
        Ok(())
    }

    #[test]
    fn tables_match_the_formulas() -> Result<()> {
        // `get` uses the formulas of these rules; the table by mex must agree with them.
        for rule in [CoinRule::TURTLES, CoinRule::MOCK_TURTLES, CoinRule::RULER] {
            let mut table = HeadValues::new(rule);
            for n in 1..=128u32 {
                let value = table.next(Limits::default())?;
                table.push(value, Limits::default())?;
                assert_eq!(Some(value), rule.head_formula(n), "{rule} {n}");
            }
        }
        Ok(())
    }

    #[test]
    fn named_rules_match_published_values() -> Result<()> {
        // Twins numbered from 1 is Turning Turtles shifted: Winning Ways numbers its coins
        // from 0 and finds g(n) = n (Ferguson, Game Theory, I.5.1).
        let twins = heads(rule("twins"), 128)?;
        assert!((1..).zip(&twins).all(|(n, &g)| g == n - 1));
        // Grunt is Grundy's game: OEIS A002188, g(1..) = 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, ...
        let grundy = published_values(include_str!("../tests/data/grundys_game.txt"));
        assert_eq!(grundy.len(), 105);
        assert_eq!(heads(rule("grunt"), 104)?, grundy[1..]);
        // Rulerette (at least two consecutive coins): half of Ruler's value, rounded down
        // (Ferguson, Game Theory, exercise I.5.5).
        let rulerette = heads(rule("rulerette"), 128)?;
        assert!((1u64..)
            .zip(&rulerette)
            .all(|(n, &g)| g == (n & n.wrapping_neg()) / 2));
        Ok(())
    }

    /// Counts the rows of `values.len()` coins worth 0 by their number of heads (Gray code).
    fn zero_rows_by_weight(values: &[u64]) -> Vec<u64> {
        let mut counts = vec![0; values.len() + 1];
        let (mut sum, mut row) = (0u64, 0u32);
        counts[0] += 1;
        for step in 1u32..1 << values.len() {
            let coin = step.trailing_zeros() as usize;
            row ^= 1 << coin;
            sum ^= values[coin];
            if sum == 0 {
                counts[row.count_ones() as usize] += 1;
            }
        }
        counts
    }

    #[test]
    fn moebius_and_mogul_are_error_correcting_codes() -> Result<()> {
        // Winning Ways ch. 14: the P-positions of Mogul on 24 coins are the words of the
        // extended binary Golay code, weight enumerator 1 + 759 x^8 + 2576 x^12 + 759 x^16 +
        // x^24 (Conway and Sloane, SPLAG, ch. 10); those of Moebius on 18 coins form the
        // [18, 9, 6] extended quadratic residue code, 1 + 102 x^6 + 153 x^8 + 153 x^10 +
        // 102 x^12 + x^18 (MacWilliams and Sloane, ch. 16).
        let mogul = zero_rows_by_weight(&heads(rule("mogul"), 24)?);
        let golay: Vec<u64> = (0..=24)
            .map(|w| match w {
                0 | 24 => 1,
                8 | 16 => 759,
                12 => 2576,
                _ => 0,
            })
            .collect();
        assert_eq!(mogul, golay);
        let moebius = zero_rows_by_weight(&heads(rule("moebius"), 18)?);
        let residue: Vec<u64> = (0..=18)
            .map(|w| match w {
                0 | 18 => 1,
                6 | 12 => 102,
                8 | 10 => 153,
                _ => 0,
            })
            .collect();
        assert_eq!(moebius, residue);
        Ok(())
    }

    #[test]
    fn long_rows_stay_within_limits() -> Result<()> {
        // Mogul on 64 coins: C(63, 6) = 67 million sets for the last head alone, tabulated by
        // the bitsets in a moment. Its values grow like n^3: 128 coins need more work than
        // the default limits allow (108 coins fit, worth up to 2^23).
        assert!(heads(rule("mogul"), 64)?
            .iter()
            .all(|&value| value < 1 << 20));
        let error = heads(rule("mogul"), 128).err();
        assert!(error.is_some_and(|e| e.is_limit()));
        // Turning any set of coins doubles the value each coin: 128 bitsets of 2^22 bits
        // each at most, then a clear limit.
        let any = CoinRule::new(Shape::Any, &(1..=128).collect::<Vec<_>>())?;
        let error = heads(any, 40).err().map(|e| e.to_string());
        assert_eq!(
            error.as_deref(),
            Some("limit reached: more than 4194304 possible values of one coin")
        );
        let small = Limits::DEFAULT.with_max_work(1000);
        let mut table = HeadValues::new(rule("mogul"));
        assert!(table.get(128, small).is_err());
        Ok(())
    }

    #[test]
    fn tartans_of_any_rules_match_search() -> Result<()> {
        for first in ["twins", "ternups", "grunt", "rulerette"] {
            for second in ["turtles", "mock", "moebius", "ternups"] {
                let game = Tartan(rule(first), rule(second));
                let mut search = Solver::new(game).use_closed_forms(false);
                let mut solver = TartanSolver::new(game, Limits::default());
                for heads in 0..1u32 << 9 {
                    let rows: Result<Vec<CoinRow>> = (0..3)
                        .map(|i| {
                            let text: String = (0..3)
                                .map(|j| {
                                    if heads >> (3 * i + j) & 1 == 1 {
                                        'H'
                                    } else {
                                        'T'
                                    }
                                })
                                .collect();
                            CoinRow::parse(&text)
                        })
                        .collect();
                    let board = CoinBoard::from_rows(&rows?)?;
                    assert_eq!(
                        solver.value(&board)?,
                        search.value(&board)?,
                        "{first} {second}"
                    );
                }
            }
        }
        Ok(())
    }
}
