//! The forms born by a day (CGSuite's `bornBy`): day 0 is `0`, and each day adds `{L | R}` for
//! every two sets of options among the values of the day before. A pool of test games, and a
//! way to list small values in order of birth.

use super::table::{Game, Games};
use crate::error::{Error, ErrorKind, Result};

/// The most options [`Games::forms_among`] takes: it makes a form for every two subsets of
/// them, `4^n` forms.
pub const MAX_BORN_OPTIONS: usize = 8;

impl Games {
    /// Every distinct value `{L | R}` with `L` and `R` subsets of `options` (both non-empty when
    /// `all_small`), in the order first made (subsets by bit masks, Left's outer).
    ///
    /// # Errors
    /// More than [`MAX_BORN_OPTIONS`] options, or the table is full.
    ///
    /// # Example
    /// ```
    /// use grundy::partizan::Games;
    /// let mut games = Games::new();
    /// let zero = games.zero();
    /// let forms = games.forms_among(&[zero], false)?;
    /// let names: Vec<String> = forms.iter().map(|&g| games.format(g)).collect::<Result<_, _>>()?;
    /// assert_eq!(names, ["0", "-1", "1", "*"]);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn forms_among(&mut self, options: &[Game], all_small: bool) -> Result<Vec<Game>> {
        if options.len() > MAX_BORN_OPTIONS {
            return Err(Error::new(ErrorKind::Unsupported {
                reason: format!(
                    "forms over {} options (at most {MAX_BORN_OPTIONS})",
                    options.len()
                ),
            }));
        }
        let subset = |mask: u32| -> Vec<Game> {
            (0..options.len())
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| options[i])
                .collect()
        };
        let (first, masks) = (u32::from(all_small), 1u32 << options.len());
        let mut forms = Vec::new();
        for mask_left in first..masks {
            for mask_right in first..masks {
                let form = self.game(&subset(mask_left), &subset(mask_right))?;
                if !forms.contains(&form) {
                    forms.push(form);
                }
            }
        }
        Ok(forms)
    }

    /// The values born by day `day`, in the order first made: day 0 is `0`, and each day adds
    /// [`Games::forms_among`] the first `most` values of the day before (`usize::MAX`: all).
    ///
    /// # Errors
    /// A day before `day` with more than [`MAX_BORN_OPTIONS`] values to take (day 2 has 22), or
    /// the table is full.
    ///
    /// # Example
    /// ```
    /// use grundy::partizan::Games;
    /// let mut games = Games::new();
    /// assert_eq!(games.born_by(1, usize::MAX)?.len(), 4);
    /// assert_eq!(games.born_by(2, usize::MAX)?.len(), 22);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn born_by(&mut self, day: u32, most: usize) -> Result<Vec<Game>> {
        self.born(day, most, false)
    }

    /// The all-small values born by day `day` (each form's options both empty or both not, so
    /// every position has moves for both players or for neither), as [`Games::born_by`].
    ///
    /// # Errors
    /// As [`Games::born_by`].
    pub fn all_small_born_by(&mut self, day: u32, most: usize) -> Result<Vec<Game>> {
        self.born(day, most, true)
    }

    fn born(&mut self, day: u32, most: usize, all_small: bool) -> Result<Vec<Game>> {
        let mut pool = vec![self.zero()];
        for _ in 0..day {
            let options = &pool[..pool.len().min(most)];
            for form in self.forms_among(options, all_small)? {
                if !pool.contains(&form) {
                    pool.push(form);
                }
            }
        }
        Ok(pool)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_small_days_and_the_cap() -> Result<()> {
        let mut games = Games::new();
        let day_one = games.all_small_born_by(1, usize::MAX)?;
        let names: Vec<String> = day_one
            .iter()
            .map(|&g| games.format(g))
            .collect::<Result<_>>()?;
        assert_eq!(names, ["0", "*"]);
        // Day 3 over every value of day 2 would take 22 options: refused, naming the cap.
        let error = games.born_by(3, usize::MAX).unwrap_err().to_string();
        assert!(error.contains("22 options (at most 8)"), "{error}");
        Ok(())
    }
}
