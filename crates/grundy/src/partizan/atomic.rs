//! Atomic weight of all-small games (Winning Ways, ch. 8; Albert, Nowakowski and Wolfe,
//! *Lessons in Play*, ch. 9): the number of ups an all-small game is worth, up to what a remote
//! star can absorb. `aw(^) = 1`, `aw(*) = 0`, `aw(^*) = 1`, `aw({0|^}) = aw(^^*) = 2`.
//!
//! A game is *all-small* when every follower with a move for one player has a move for the
//! other (so its only number is 0). Its atomic weight comes from the atomic weight calculus:
//! with `g' = {aw(G^L) - 2 | aw(G^R) + 2}`, `aw(G) = g'` unless `g'` is an integer; then it is
//! the largest integer `x` with `x ◁ aw(G^R) + 2` for every `G^R` when `G` is greater than the
//! remote star `☆`, the least `x` with `aw(G^L) - 2 ◁ x` for every `G^L` when `G` is less than
//! it, and 0 when `G` is confused with it. `☆` is `*N` for a power of two `N` above `G`'s
//! birthday (no nimber among `G`'s followers reaches it).

use rustc_hash::FxHashMap;

use super::compare::{any, Comparison};
use super::values::MAX_NAMED;
use super::{Dyadic, Game, Games};
use crate::error::{Error, ErrorKind, Result};

impl Games {
    /// Whether `g` is all-small: every follower has moves for both players or for neither.
    ///
    /// # Errors
    /// The table is full.
    ///
    /// # Example
    /// ```
    /// use grundy::partizan::Games;
    /// let mut games = Games::new();
    /// let (up, one) = (games.up_multiple(1)?, games.integer(1)?);
    /// assert!(games.is_all_small(up)? && !games.is_all_small(one)?);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn is_all_small(&mut self, g: Game) -> Result<bool> {
        self.all_small(g, &mut FxHashMap::default())
    }

    fn all_small(&mut self, g: Game, memo: &mut FxHashMap<Game, bool>) -> Result<bool> {
        if let Some(x) = self.as_number(g) {
            return Ok(x == Dyadic::ZERO);
        }
        if let Some(&known) = memo.get(&g) {
            return Ok(known);
        }
        let (left, right) = (self.left_options(g)?, self.right_options(g)?);
        let mut small = left.is_empty() == right.is_empty();
        for option in left.iter().chain(&right) {
            if !small {
                break;
            }
            small = self.all_small(*option, memo)?;
        }
        memo.insert(g, small);
        Ok(small)
    }

    /// The birthday of `g`: 0 for 0, else one more than its options' latest.
    ///
    /// # Errors
    /// The table is full.
    ///
    /// # Example
    /// ```
    /// use grundy::partizan::Games;
    /// let mut games = Games::new();
    /// let up = games.up_multiple(1)?;
    /// assert_eq!(games.birthday(up)?, 2);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn birthday(&mut self, g: Game) -> Result<u64> {
        self.birthday_of(g, &mut FxHashMap::default())
    }

    fn birthday_of(&mut self, g: Game, memo: &mut FxHashMap<Game, u64>) -> Result<u64> {
        if let Some(&known) = memo.get(&g) {
            return Ok(known);
        }
        let mut day = 0;
        let options = self.left_options(g)?;
        let right = self.right_options(g)?;
        for option in options.iter().chain(&right) {
            day = day.max(self.birthday_of(*option, memo)?.saturating_add(1));
        }
        memo.insert(g, day);
        Ok(day)
    }

    /// The atomic weight of `g`, or `None` when `g` is not all-small.
    ///
    /// # Errors
    /// The table is full, or a game born after day 255 (its remote star is beyond
    /// [`MAX_NAMED`]).
    ///
    /// # Example
    /// ```
    /// use grundy::partizan::Games;
    /// let mut games = Games::new();
    /// let up_up_star = grundy::spec::parse_partizan("^^*", &mut games)?;
    /// let weight = games.atomic_weight(up_up_star)?.expect("all-small");
    /// assert_eq!(games.format(weight)?, "2");
    /// let one = games.integer(1)?;
    /// assert_eq!(games.atomic_weight(one)?, None);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn atomic_weight(&mut self, g: Game) -> Result<Option<Game>> {
        if !self.is_all_small(g)? {
            return Ok(None);
        }
        self.weigh(g, &mut FxHashMap::default()).map(Some)
    }

    fn weigh(&mut self, g: Game, memo: &mut FxHashMap<Game, Game>) -> Result<Game> {
        if g == self.zero() {
            return Ok(g);
        }
        if let Some(&known) = memo.get(&g) {
            return Ok(known);
        }
        let (two, minus_two) = (self.integer(2)?, self.integer(-2)?);
        let lows = self.shifted_options(g, true, minus_two, |games, o| games.weigh(o, memo))?;
        let highs = self.shifted_options(g, false, two, |games, o| games.weigh(o, memo))?;
        let candidate = self.game(&lows, &highs)?;
        let weight = match self.as_number(candidate) {
            Some(x) if x.is_integer() => {
                let x = x.numerator();
                match self.versus_remote_star(g)? {
                    Comparison::Greater => self.extreme_integer(x, &highs, true)?,
                    Comparison::Less => self.extreme_integer(x, &lows, false)?,
                    _ => self.zero(),
                }
            }
            _ => candidate,
        };
        memo.insert(g, weight);
        Ok(weight)
    }

    /// `g` against the remote star `*N`, `N` a power of two above `g`'s birthday.
    fn versus_remote_star(&mut self, g: Game) -> Result<Comparison> {
        let day = self.birthday(g)?;
        let remote = day.saturating_add(1).checked_next_power_of_two();
        let remote = match remote {
            Some(n) if n <= MAX_NAMED => n,
            _ => {
                return Err(Error::new(ErrorKind::Unsupported {
                    reason: format!(
                        "the atomic weight of a game born on day {day} (at most {} here)",
                        MAX_NAMED - 1
                    ),
                }))
            }
        };
        let star = self.nimber(remote)?;
        self.compare(g, star)
    }

    /// From the integer `start` (between the bounds), the largest integer `x` with
    /// `x ◁ bound` for every bound (`upwards`), or the least with `bound ◁ x`.
    fn extreme_integer(&mut self, start: i128, bounds: &[Game], upwards: bool) -> Result<Game> {
        let mut x = start;
        loop {
            let next = if upwards { x + 1 } else { x - 1 };
            let candidate = self.integer(next)?;
            // `x ◁ bound`: not `x >= bound`.
            let blocked = any(bounds, |bound| {
                if upwards {
                    self.leq(bound, candidate)
                } else {
                    self.leq(candidate, bound)
                }
            })?;
            if blocked {
                return self.integer(x);
            }
            x = next;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(games: &mut Games, text: &str) -> Game {
        crate::spec::parse_partizan(text, games).unwrap()
    }

    fn weight(games: &mut Games, text: &str) -> Option<String> {
        let g = parse(games, text);
        let weight = games.atomic_weight(g).unwrap();
        weight.map(|w| games.format(w).unwrap())
    }

    /// Lessons in Play, ch. 9 and Winning Ways, ch. 8: ups weigh one each, stars nothing,
    /// `^^* = {0|^}` two; numbers other than 0 and hot games are not all-small.
    #[test]
    fn published_weights() {
        let mut games = Games::new();
        let cases = [
            ("0", Some("0")),
            ("*", Some("0")),
            ("*5", Some("0")),
            ("^", Some("1")),
            ("v", Some("-1")),
            ("^*", Some("1")),
            ("^^", Some("2")),
            ("{0|^}", Some("2")),
            ("^3*", Some("3")),
            ("vv*7", Some("-2")),
            ("1", None),
            ("{1|0}", None),
            ("1/2 + ^", None),
        ];
        for (text, expected) in cases {
            assert_eq!(weight(&mut games, text).as_deref(), expected, "aw({text})");
        }
    }

    /// All-small forms born by day 3 (options among the first five of the day before), and
    /// their sums:
    /// the weight is additive, odd under negation, and the two-ahead rule holds (a weight of at
    /// least 2 means Left wins whoever starts).
    #[test]
    fn weights_add_negate_and_obey_the_two_ahead_rule() {
        let mut games = Games::new();
        let mut pool = games.all_small_born_by(3, 5).unwrap();
        let up_star = parse(&mut games, "{0|^}");
        pool.push(up_star);
        let small: Vec<Game> = pool
            .into_iter()
            .filter(|&g| games.is_all_small(g).unwrap())
            .collect();
        assert!(small.len() > 10, "{} all-small games", small.len());
        let two = games.integer(2).unwrap();
        let minus_two = games.integer(-2).unwrap();
        for &g in &small {
            let wg = games.atomic_weight(g).unwrap().unwrap();
            let negative = games.neg(g).unwrap();
            let wn = games.atomic_weight(negative).unwrap().unwrap();
            assert_eq!(games.neg(wg).unwrap(), wn);
            if games.leq(two, wg).unwrap() {
                let zero = games.zero();
                assert_eq!(games.compare(g, zero).unwrap(), Comparison::Greater);
            }
            if games.leq(wg, minus_two).unwrap() {
                let zero = games.zero();
                assert_eq!(games.compare(g, zero).unwrap(), Comparison::Less);
            }
            for &h in small.iter().take(12) {
                let wh = games.atomic_weight(h).unwrap().unwrap();
                let sum = games.add(g, h).unwrap();
                let ws = games.atomic_weight(sum).unwrap().unwrap();
                let expected = games.add(wg, wh).unwrap();
                assert_eq!(
                    ws,
                    expected,
                    "aw({} + {})",
                    games.format(g).unwrap(),
                    games.format(h).unwrap()
                );
            }
        }
    }

    /// The remote star's comparison does not change with a larger remote star.
    #[test]
    fn a_larger_remote_star_answers_alike() {
        let mut games = Games::new();
        for text in ["^", "^*", "{0|^}", "*", "{0,*|0}", "v*3", "{^|v}"] {
            let g = parse(&mut games, text);
            let near = games.versus_remote_star(g).unwrap();
            let far = games.nimber(128).unwrap();
            assert_eq!(games.compare(g, far).unwrap(), near, "{text}");
        }
    }
}
