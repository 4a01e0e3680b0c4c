//! The temperature theory of a canonical form: its thermograph (Left and Right walls as data),
//! stops, mean and temperature, cooling and heating by a number.
//!
//! For a game that is not a number, Left's scaffold is `max RW(G^L)(t) - t` and Right's
//! `min LW(G^R)(t) + t`; they meet at the temperature, above which both walls are the mast at
//! the mean. A number's walls are the mast at itself; its temperature is CGSuite's
//! `-1/2^k` for `m/2^k` (-1 for an integer).

use super::dyadic::Dyadic;
use super::table::{Game, Games};
use super::wall::Wall;
use crate::error::Result;

/// The thermograph of a game: its walls for temperatures `t >= 0`, temperature and mean.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thermograph {
    /// Left's wall (the left stop at `t = 0`).
    pub left: Wall,
    /// Right's wall (the right stop at `t = 0`).
    pub right: Wall,
    /// Where the walls meet (for a number `m/2^k`, `-1/2^k`).
    pub temperature: Dyadic,
    /// The mast's value.
    pub mean: Dyadic,
}

impl Games {
    /// The thermograph of `g`.
    ///
    /// # Errors
    /// The table is full, or a value beyond the numbers kept exactly.
    ///
    /// # Example
    /// ```
    /// use grundy::partizan::{Dyadic, Games};
    /// let mut games = Games::new();
    /// let (three, one) = (games.integer(3)?, games.integer(1)?);
    /// let hot = games.game(&[three], &[one])?; // 2±1
    /// let thermograph = games.thermograph(hot)?;
    /// assert_eq!(thermograph.temperature, Dyadic::integer(1)?);
    /// assert_eq!(thermograph.mean, Dyadic::integer(2)?);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn thermograph(&mut self, g: Game) -> Result<Thermograph> {
        if let Some(known) = self.thermo_memo.get(&g) {
            return Ok(known.clone());
        }
        let thermograph = self.thermograph_search(g)?;
        self.thermo_memo.insert(g, thermograph.clone());
        Ok(thermograph)
    }

    fn thermograph_search(&mut self, g: Game) -> Result<Thermograph> {
        if let Some(x) = self.as_number(g) {
            let temperature = Dyadic::new(-1, x.exponent())?;
            return Ok(Thermograph {
                left: Wall::constant(x),
                right: Wall::constant(x),
                temperature,
                mean: x,
            });
        }
        let mut left_scaffold: Option<Wall> = None;
        for option in self.left_options(g)? {
            let wall = self.thermograph(option)?.right.tilt(-1)?;
            left_scaffold = Some(match left_scaffold {
                None => wall,
                Some(old) => old.extreme(&wall, true)?,
            });
        }
        let mut right_scaffold: Option<Wall> = None;
        for option in self.right_options(g)? {
            let wall = self.thermograph(option)?.left.tilt(1)?;
            right_scaffold = Some(match right_scaffold {
                None => wall,
                Some(old) => old.extreme(&wall, false)?,
            });
        }
        // A canonical form that is not a number has options on both sides.
        let (Some(left), Some(right)) = (left_scaffold, right_scaffold) else {
            return Err(crate::error::Error::new(
                crate::error::ErrorKind::Unsupported {
                    reason: "a thermograph of a form without options on one side".to_string(),
                },
            ));
        };
        let (temperature, mean) = meeting(&left, &right)?;
        Ok(Thermograph {
            left: left.until(temperature, mean),
            right: right.until(temperature, mean),
            temperature,
            mean,
        })
    }

    /// Left's stop: where Left's wall starts.
    ///
    /// # Errors
    /// As [`Games::thermograph`].
    pub fn left_stop(&mut self, g: Game) -> Result<Dyadic> {
        self.thermograph(g)?.left.at(Dyadic::ZERO)
    }

    /// Right's stop.
    ///
    /// # Errors
    /// As [`Games::thermograph`].
    pub fn right_stop(&mut self, g: Game) -> Result<Dyadic> {
        self.thermograph(g)?.right.at(Dyadic::ZERO)
    }

    /// The mean value.
    ///
    /// # Errors
    /// As [`Games::thermograph`].
    pub fn mean(&mut self, g: Game) -> Result<Dyadic> {
        Ok(self.thermograph(g)?.mean)
    }

    /// The temperature.
    ///
    /// # Errors
    /// As [`Games::thermograph`].
    pub fn temperature(&mut self, g: Game) -> Result<Dyadic> {
        Ok(self.thermograph(g)?.temperature)
    }

    /// `g` cooled by `t >= 0`: `{G^L_t - t | G^R_t + t}`, or the mean once `t` is above the
    /// temperature.
    ///
    /// # Errors
    /// A negative `t` (cooling below 0, heating, is not here), or as [`Games::thermograph`].
    ///
    /// # Example
    /// ```
    /// use grundy::partizan::{Dyadic, Games};
    /// let mut games = Games::new();
    /// let (one, minus_one) = (games.integer(1)?, games.integer(-1)?);
    /// let switch = games.game(&[one], &[minus_one])?;
    /// let cooled = games.cool(switch, Dyadic::integer(1)?)?;
    /// assert_eq!(games.format(cooled)?, "*");
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn cool(&mut self, g: Game, t: Dyadic) -> Result<Game> {
        if t < Dyadic::ZERO {
            return Err(crate::error::Error::new(
                crate::error::ErrorKind::Unsupported {
                    reason: format!("cooling by {t}: the temperature must be at least 0"),
                },
            ));
        }
        if self.as_number(g).is_some() || t == Dyadic::ZERO {
            return Ok(g);
        }
        if let Some(&known) = self.cool_memo.get(&(g, t)) {
            return Ok(known);
        }
        let thermograph = self.thermograph(g)?;
        let cooled = if t > thermograph.temperature {
            self.number(thermograph.mean)?
        } else {
            let shift = self.number(t)?;
            let minus_shift = self.number(t.neg())?;
            let left = self.shifted_options(g, true, minus_shift, |games, o| games.cool(o, t))?;
            let right = self.shifted_options(g, false, shift, |games, o| games.cool(o, t))?;
            self.game(&left, &right)?
        };
        self.cool_memo.insert((g, t), cooled);
        Ok(cooled)
    }
}

impl Games {
    /// `g` heated by the number `t` (Berlekamp's integral): `g` itself when a number, else
    /// `{∫G^L + t | ∫G^R - t}`. Heating undoes cooling for games not too cold: `*` heated by 1
    /// is `±1`.
    ///
    /// # Errors
    /// The table is full, or a number beyond the range.
    ///
    /// # Example
    /// ```
    /// use grundy::partizan::{Dyadic, Games};
    /// let mut games = Games::new();
    /// let star = games.nimber(1)?;
    /// let hot = games.heat(star, Dyadic::integer(1)?)?;
    /// assert_eq!(games.format(hot)?, "+-1");
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn heat(&mut self, g: Game, t: Dyadic) -> Result<Game> {
        if self.as_number(g).is_some() {
            return Ok(g);
        }
        let shift = self.number(t)?;
        let minus_shift = self.number(t.neg())?;
        let left = self.shifted_options(g, true, shift, |games, o| games.heat(o, t))?;
        let right = self.shifted_options(g, false, minus_shift, |games, o| games.heat(o, t))?;
        self.game(&left, &right)
    }
}

/// The least `t >= 0` where Left's scaffold is at most Right's, and the value there.
fn meeting(left: &Wall, right: &Wall) -> Result<(Dyadic, Dyadic)> {
    // The gap left - right only shrinks (slopes -1 or 0 against 0 or +1): find the piece
    // where it reaches 0.
    let mut starts: Vec<Dyadic> = left
        .pieces()
        .iter()
        .chain(right.pieces())
        .map(|piece| piece.start)
        .collect();
    starts.sort_unstable();
    starts.dedup();
    for (index, &start) in starts.iter().enumerate() {
        let gap = left.at(start)?.checked_sub(right.at(start)?)?;
        if gap <= Dyadic::ZERO {
            return Ok((start, left.at(start)?));
        }
        let end = starts.get(index + 1).copied();
        let slope_left =
            left.pieces()[left.pieces().partition_point(|p| p.start <= start) - 1].slope;
        let slope_right =
            right.pieces()[right.pieces().partition_point(|p| p.start <= start) - 1].slope;
        let closing = slope_right - slope_left;
        if closing > 0 {
            let mut distance = gap;
            if closing == 2 {
                distance = distance.half()?;
            }
            let t = start.checked_add(distance)?;
            if end.is_none_or(|end| t <= end) {
                return Ok((t, left.at(t)?));
            }
        }
    }
    Err(crate::error::Error::new(
        crate::error::ErrorKind::Unsupported {
            reason: "a thermograph whose walls never meet".to_string(),
        },
    ))
}
