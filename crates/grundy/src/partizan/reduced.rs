//! The reduced canonical form (Calistrate, 1996; Grossman and Siegel, "Reductions of partizan
//! games", 2009): the simplest game that differs from `g` by an infinitesimal. Games an
//! infinitesimal apart have the same stops and temperature; the reduced form forgets the
//! ups, stars and tinies that only decide close endgames.
//!
//! `g >= h` up to an infinitesimal (`g ≥Inf h`) when `g + x >= h` for every positive number
//! `x`, which is when Right's stop of `g - h` is at least 0. The form is built as the canonical
//! form is, with `≥Inf` in place of `≥`:
//!
//! - a game whose two stops are one number `x` is `x` plus an infinitesimal: its form is `x`;
//! - otherwise each option is reduced first; a Left option `≤Inf` another is dropped (Right's
//!   likewise), and a Left option `A` with a Right option `A^R ≤Inf g` is replaced by the Left
//!   options of `A^R` (Right's likewise), until nothing changes.

use rustc_hash::FxHashMap;

use super::{Dyadic, Game, Games};
use crate::error::Result;

impl Games {
    /// Whether `g >= h` up to an infinitesimal: Right's stop of `g - h` is at least 0.
    ///
    /// # Errors
    /// The table is full.
    ///
    /// # Example
    /// ```
    /// use grundy::partizan::Games;
    /// let mut games = Games::new();
    /// let (down, zero) = (games.up_multiple(-1)?, games.zero());
    /// assert!(games.inf_geq(down, zero)? && games.inf_geq(zero, down)?);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn inf_geq(&mut self, g: Game, h: Game) -> Result<bool> {
        let difference = self.sub(g, h)?;
        Ok(self.right_stop(difference)? >= Dyadic::ZERO)
    }

    /// The reduced canonical form of `g`.
    ///
    /// # Errors
    /// The table is full.
    ///
    /// # Example
    /// ```
    /// use grundy::partizan::Games;
    /// let mut games = Games::new();
    /// let up_star = games.number_up_star(grundy::partizan::Dyadic::ZERO, 1, 1)?;
    /// assert_eq!(games.reduced(up_star)?, games.zero());
    /// let (one, minus_one) = (games.integer(1)?, games.integer(-1)?);
    /// let switch = games.game(&[one], &[minus_one])?;
    /// let up = games.up_multiple(1)?;
    /// let close = games.add(switch, up)?;
    /// assert_eq!(games.format(close)?, "{1^|-1^}");
    /// assert_eq!(games.reduced(close)?, switch);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn reduced(&mut self, g: Game) -> Result<Game> {
        self.reduce(g, &mut FxHashMap::default())
    }

    fn reduce(&mut self, g: Game, memo: &mut FxHashMap<Game, Game>) -> Result<Game> {
        if self.as_number(g).is_some() {
            return Ok(g);
        }
        if let Some(&known) = memo.get(&g) {
            return Ok(known);
        }
        let left_stop = self.left_stop(g)?;
        let reduced = if left_stop == self.right_stop(g)? {
            self.number(left_stop)?
        } else {
            let mut left = Vec::new();
            for option in self.left_options(g)? {
                left.push(self.reduce(option, memo)?);
            }
            let mut right = Vec::new();
            for option in self.right_options(g)? {
                right.push(self.reduce(option, memo)?);
            }
            loop {
                let mut changed = self.drop_inf_dominated(&mut left, true)?;
                changed |= self.drop_inf_dominated(&mut right, false)?;
                changed |= self.bypass_inf_reversible(g, &mut left, true, memo)?;
                changed |= self.bypass_inf_reversible(g, &mut right, false, memo)?;
                if !changed {
                    break;
                }
            }
            self.game(&left, &right)?
        };
        memo.insert(g, reduced);
        Ok(reduced)
    }

    /// Drops each of `options` (Left's when `left`) that another is at least as good as, up to
    /// an infinitesimal; of two equal up to an infinitesimal the first stays.
    fn drop_inf_dominated(&mut self, options: &mut Vec<Game>, left: bool) -> Result<bool> {
        let mut i = 0;
        let mut changed = false;
        while i < options.len() {
            let mut dominated = false;
            for j in 0..options.len() {
                if j == i {
                    continue;
                }
                let (worse, better) = if left { (i, j) } else { (j, i) };
                if self.inf_geq(options[better], options[worse])? {
                    // Equal up to an infinitesimal: keep the earlier one.
                    let equal = self.inf_geq(options[worse], options[better])?;
                    if !equal || j < i {
                        dominated = true;
                        break;
                    }
                }
            }
            if dominated {
                options.remove(i);
                changed = true;
            } else {
                i += 1;
            }
        }
        Ok(changed)
    }

    /// Replaces each of `options` (Left's when `left`) that reverses through one of its own
    /// options back past `g` (up to an infinitesimal) by that option's options.
    fn bypass_inf_reversible(
        &mut self,
        g: Game,
        options: &mut Vec<Game>,
        left: bool,
        memo: &mut FxHashMap<Game, Game>,
    ) -> Result<bool> {
        for i in 0..options.len() {
            let answers = if left {
                self.right_options(options[i])?
            } else {
                self.left_options(options[i])?
            };
            for answer in answers {
                let reverses = if left {
                    self.inf_geq(g, answer)?
                } else {
                    self.inf_geq(answer, g)?
                };
                if reverses {
                    let replacements = if left {
                        self.left_options(answer)?
                    } else {
                        self.right_options(answer)?
                    };
                    options.remove(i);
                    for replacement in replacements {
                        options.push(self.reduce(replacement, memo)?);
                    }
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }
}
