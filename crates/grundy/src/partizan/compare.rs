//! Comparison of games: `G <= H` exactly when no `G^L >= H` and no `H^R <= G`, memoised by
//! handles, with numbers compared as numbers and, by the weak number avoidance theorem, a
//! number's own options never tried against a game that is not a number. The outcome class
//! follows from comparing with 0.

use std::fmt;

use super::table::{Game, Games};
use crate::error::Result;

/// How two games compare: each is at most, at least, equal to, or confused with the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Comparison {
    /// `G < H`.
    Less,
    /// `G = H`.
    Equal,
    /// `G > H`.
    Greater,
    /// `G || H`: neither `G <= H` nor `G >= H`.
    Confused,
}

/// Who wins: Left whoever starts, Right whoever starts, the player to move (N), or the
/// player who does not move first (P).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OutcomeClass {
    /// Left wins, whoever moves first (`G > 0`).
    Left,
    /// Right wins, whoever moves first (`G < 0`).
    Right,
    /// The first player wins (`G || 0`).
    Next,
    /// The second player wins (`G = 0`).
    Previous,
}

impl OutcomeClass {
    /// The class's letter: `L`, `R`, `N` or `P`.
    pub const fn letter(self) -> &'static str {
        match self {
            OutcomeClass::Left => "L",
            OutcomeClass::Right => "R",
            OutcomeClass::Next => "N",
            OutcomeClass::Previous => "P",
        }
    }

    /// The class from who wins moving first: Left moving first, Right moving first.
    pub const fn from_wins(left_first: bool, right_first: bool) -> OutcomeClass {
        match (left_first, right_first) {
            (true, true) => OutcomeClass::Next,
            (true, false) => OutcomeClass::Left,
            (false, true) => OutcomeClass::Right,
            (false, false) => OutcomeClass::Previous,
        }
    }
}

impl fmt::Display for OutcomeClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.letter())
    }
}

impl Games {
    /// Whether `a <= b`.
    ///
    /// # Errors
    /// The table is full (a number's options are stored when first needed).
    ///
    /// # Example
    /// ```
    /// use grundy::partizan::Games;
    /// let mut games = Games::new();
    /// let (zero, star, up) = (games.zero(), games.nimber(1)?, games.up_multiple(1)?);
    /// assert!(games.leq(zero, up)?);
    /// assert!(!games.leq(star, zero)? && !games.leq(zero, star)?);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn leq(&mut self, a: Game, b: Game) -> Result<bool> {
        if a == b {
            return Ok(true);
        }
        if let (Some(x), Some(y)) = (self.as_number(a), self.as_number(b)) {
            return Ok(x <= y);
        }
        if let Some(known) = self.leq_by_stops(a, b) {
            return Ok(known);
        }
        if let Some(&known) = self.leq_memo.get(&(a, b)) {
            return Ok(known);
        }
        let answer = self.leq_search(a, b)?;
        self.leq_memo.insert((a, b), answer);
        Ok(answer)
    }

    /// Whether `a <= b` when the stops decide it: `a < b` when Left's stop of `a` lies below
    /// Right's stop of `b` (a number fits between them, and `a < x` for every number `x` above
    /// `a`'s Left stop, `x < b` for every one below `b`'s Right stop); not `a <= b` when a
    /// stop of `a` lies above the same stop of `b` (stops keep order: `a <= b` gives
    /// `L(a) <= L(b)` and `R(a) <= R(b)`).
    pub(super) fn leq_by_stops(&self, a: Game, b: Game) -> Option<bool> {
        let ((left_a, right_a), (left_b, right_b)) = (self.stops(a)?, self.stops(b)?);
        if left_a < right_b {
            Some(true)
        } else if left_a > left_b || right_a > right_b {
            Some(false)
        } else {
            None
        }
    }

    fn leq_search(&mut self, a: Game, b: Game) -> Result<bool> {
        // a <= b unless some a^L >= b or some b^R <= a. A number's options are left out when
        // the other game is not a number (weak number avoidance).
        if self.as_number(a).is_none() || self.as_number(b).is_some() {
            for option in self.left_options(a)? {
                if self.leq(b, option)? {
                    return Ok(false);
                }
            }
        }
        if self.as_number(b).is_none() || self.as_number(a).is_some() {
            for option in self.right_options(b)? {
                if self.leq(option, a)? {
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }

    /// Whether `h <= {left | right}`, a form whose options are canonical but which may itself
    /// not be (canonical form's test of reversibility).
    pub(super) fn leq_form(&mut self, h: Game, left: &[Game], right: &[Game]) -> Result<bool> {
        // `h <= G` unless some `G^R <= h` or some `h^L >= G`.
        if any(right, |option| self.leq(option, h))? {
            return Ok(false);
        }
        let h_left = self.left_options(h)?;
        Ok(!any(&h_left, |option| self.form_leq(left, right, option))?)
    }

    /// Whether `{left | right} <= h`.
    pub(super) fn form_leq(&mut self, left: &[Game], right: &[Game], h: Game) -> Result<bool> {
        // `G <= h` unless some `h <= G^L` or some `h^R <= G`.
        if any(left, |option| self.leq(h, option))? {
            return Ok(false);
        }
        let h_right = self.right_options(h)?;
        Ok(!any(&h_right, |option| self.leq_form(option, left, right))?)
    }

    /// How `a` compares with `b`.
    ///
    /// # Errors
    /// As [`Games::leq`].
    pub fn compare(&mut self, a: Game, b: Game) -> Result<Comparison> {
        Ok(match (self.leq(a, b)?, self.leq(b, a)?) {
            (true, true) => Comparison::Equal,
            (true, false) => Comparison::Less,
            (false, true) => Comparison::Greater,
            (false, false) => Comparison::Confused,
        })
    }

    /// The outcome class of `g`.
    ///
    /// # Errors
    /// As [`Games::leq`].
    ///
    /// # Example
    /// ```
    /// use grundy::partizan::{Games, OutcomeClass};
    /// let mut games = Games::new();
    /// let star = games.nimber(1)?;
    /// assert_eq!(games.outcome(star)?, OutcomeClass::Next);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn outcome(&mut self, g: Game) -> Result<OutcomeClass> {
        let zero = self.zero();
        Ok(match self.compare(g, zero)? {
            Comparison::Greater => OutcomeClass::Left,
            Comparison::Less => OutcomeClass::Right,
            Comparison::Equal => OutcomeClass::Previous,
            Comparison::Confused => OutcomeClass::Next,
        })
    }
}

/// Whether `test` holds for any of `games`, stopping at the first that does (or fails).
pub(super) fn any(games: &[Game], mut test: impl FnMut(Game) -> Result<bool>) -> Result<bool> {
    for &g in games {
        if test(g)? {
            return Ok(true);
        }
    }
    Ok(false)
}
