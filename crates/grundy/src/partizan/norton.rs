//! Norton multiplication `G.U` by a positive unit `U` (Winning Ways, ch. 8; Siegel,
//! *Combinatorial Game Theory*, ch. II): `n.U` is `n` copies of `U` for an integer `n`;
//! otherwise `G.U = {G^L.U + U + Δ | G^R.U - (U + Δ)}` over `G`'s canonical options and the
//! incentives `Δ` of `U` (`U^L - U` and `U - U^R`). For `U > 0` the product depends only on
//! `G`'s value, is additive in `G` and keeps its order; `G.1 = G`. The atomic weight's
//! definition uses it with `U = ↑`: `G - aw(G).↑` is of atomic weight 0.

use rustc_hash::FxHashMap;

use super::table::{Game, Games, Options};
use crate::error::{Error, ErrorKind, Result};

/// The most copies of `U` an integer's Norton product adds (`n.↑` has a form of `n` parts).
pub const MAX_COPIES: i64 = 1 << 16;

impl Games {
    /// Norton's product `g.u`, for `u > 0`.
    ///
    /// # Errors
    /// `u` is not positive, an integer part of `g` beyond [`MAX_COPIES`], or the table is full.
    ///
    /// # Example
    /// ```
    /// use grundy::partizan::Games;
    /// let mut games = Games::new();
    /// let (three, up) = (games.integer(3)?, games.up_multiple(1)?);
    /// let product = games.norton(three, up)?;
    /// assert_eq!(games.format(product)?, "^3");
    /// let half = grundy::spec::parse_partizan("1/2", &mut games)?;
    /// let product = games.norton(half, up)?;
    /// let twice = games.add(product, product)?;
    /// assert_eq!(twice, up);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn norton(&mut self, g: Game, u: Game) -> Result<Game> {
        let zero = self.zero();
        if self.leq(u, zero)? {
            return Err(Error::invalid_position(
                "Norton multiplication needs a positive unit U (U > 0)",
            ));
        }
        let mut incentives = Options::new();
        for option in self.left_options(u)? {
            let incentive = self.sub(option, u)?;
            incentives.push(self.add(u, incentive)?);
        }
        for option in self.right_options(u)? {
            let incentive = self.sub(u, option)?;
            incentives.push(self.add(u, incentive)?);
        }
        incentives.sort_unstable();
        incentives.dedup();
        self.norton_by(g, u, &incentives, &mut FxHashMap::default())
    }

    fn norton_by(
        &mut self,
        g: Game,
        u: Game,
        steps: &[Game],
        memo: &mut FxHashMap<Game, Game>,
    ) -> Result<Game> {
        if let Some(&known) = memo.get(&g) {
            return Ok(known);
        }
        let product = match self.as_number(g).filter(|x| x.is_integer()) {
            Some(n) => {
                let n = i64::try_from(n.numerator())
                    .ok()
                    .filter(|n| n.abs() <= MAX_COPIES)
                    .ok_or_else(|| {
                        Error::new(ErrorKind::NumberTooLarge {
                            text: format!("{} copies of the unit", n.numerator()),
                            max: MAX_COPIES as u128,
                        })
                    })?;
                self.multiple(u, n)?
            }
            None => {
                let mut left = Options::new();
                for option in self.left_options(g)? {
                    let base = self.norton_by(option, u, steps, memo)?;
                    for &step in steps {
                        left.push(self.add(base, step)?);
                    }
                }
                let mut right = Options::new();
                for option in self.right_options(g)? {
                    let base = self.norton_by(option, u, steps, memo)?;
                    for &step in steps {
                        right.push(self.sub(base, step)?);
                    }
                }
                self.game(&left, &right)?
            }
        };
        memo.insert(g, product);
        Ok(product)
    }
}
