//! The canonical form of `{left | right}`, options canonical: a number when some number fits
//! between the options (the simplicity theorem); otherwise dominated options removed and
//! reversible ones bypassed until none is left, then stored once in the table.

use super::compare::any;
use super::dyadic::Dyadic;
use super::table::{Game, Games, Options};
use crate::error::Result;

impl Games {
    /// The canonical form of the game whose Left options are `left` and Right options `right`.
    ///
    /// # Errors
    /// The table is full, or a number beyond the range kept exactly.
    ///
    /// # Example
    /// ```
    /// use grundy::partizan::Games;
    /// let mut games = Games::new();
    /// let (zero, one) = (games.zero(), games.integer(1)?);
    /// let half = games.game(&[zero], &[one])?;
    /// assert_eq!(games.format(half)?, "1/2");
    /// let star = games.game(&[zero], &[zero])?;
    /// assert_eq!(games.format(star)?, "*");
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn game(&mut self, left: &[Game], right: &[Game]) -> Result<Game> {
        let mut left: Options = left.iter().copied().collect();
        let mut right: Options = right.iter().copied().collect();
        left.sort_unstable();
        left.dedup();
        right.sort_unstable();
        right.dedup();
        if let Some(x) = self.number_between(&left, &right)? {
            return self.number(x);
        }
        loop {
            self.remove_dominated(&mut left, true)?;
            self.remove_dominated(&mut right, false)?;
            let bypassed = self.bypass_reversible(&mut left, &mut right)?;
            if !bypassed {
                break;
            }
        }
        if let Some(x) = self.number_between(&left, &right)? {
            return self.number(x);
        }
        self.intern_form(left, right)
    }

    /// The simplest number between the options when all are numbers and Left's are below
    /// Right's (an empty side is no bound).
    fn number_between(&self, left: &[Game], right: &[Game]) -> Result<Option<Dyadic>> {
        let numbers = |games: &[Game]| -> Option<Vec<Dyadic>> {
            games.iter().map(|&g| self.as_number(g)).collect()
        };
        let (Some(left), Some(right)) = (numbers(left), numbers(right)) else {
            return Ok(None);
        };
        let low = left.iter().max().copied();
        let high = right.iter().min().copied();
        if let (Some(low), Some(high)) = (low, high) {
            if low >= high {
                return Ok(None);
            }
        }
        Dyadic::simplest_between(low, high).map(Some)
    }

    /// Removes Left's options below another (or Right's above another, `left` false).
    fn remove_dominated(&mut self, options: &mut Options, left: bool) -> Result<()> {
        let mut keep = Options::new();
        for &a in options.iter() {
            // The options are distinct, so `b != a` leaves out only `a` itself.
            let dominated = any(options, |b| {
                let (low, high) = if left { (a, b) } else { (b, a) };
                Ok(b != a && self.leq(low, high)?)
            })?;
            if !dominated {
                keep.push(a);
            }
        }
        *options = keep;
        Ok(())
    }

    /// Bypasses every reversible option once: a Left option `a` with some `a^R <= G` is
    /// replaced by the Left options of that `a^R`, and the mirror for Right. Whether an option
    /// reverses depends only on the value of `G`, which bypassing keeps, so all are tested
    /// against the same form. Returns whether any was bypassed.
    fn bypass_reversible(&mut self, left: &mut Options, right: &mut Options) -> Result<bool> {
        let (new_left, left_changed) = self.bypass_side(left, right, true)?;
        let (new_right, right_changed) = self.bypass_side(left, right, false)?;
        *left = new_left;
        *right = new_right;
        Ok(left_changed || right_changed)
    }

    /// Left's options of `G = {left | right}` with the reversible ones bypassed (Right's when
    /// `side_left` is false, the mirror), sorted, and whether any was.
    fn bypass_side(
        &mut self,
        left: &[Game],
        right: &[Game],
        side_left: bool,
    ) -> Result<(Options, bool)> {
        let mut changed = false;
        let mut kept = Options::new();
        for &a in if side_left { left } else { right } {
            let mut replaced = false;
            for reply in self.options(a, !side_left)? {
                // Reverses: `a^R <= G` for Left, `G <= a^L` for Right.
                let reverses = if side_left {
                    self.leq_form(reply, left, right)?
                } else {
                    self.form_leq(left, right, reply)?
                };
                if reverses {
                    kept.extend(self.options(reply, side_left)?);
                    replaced = true;
                    break;
                }
            }
            if replaced {
                changed = true;
            } else {
                kept.push(a);
            }
        }
        kept.sort_unstable();
        kept.dedup();
        Ok((kept, changed))
    }
}
