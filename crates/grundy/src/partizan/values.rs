//! The named values: nimbers `*n`, multiples of up `^`, numbers plus ups plus a nimber, switches
//! `±x`, Tiny and Miny.

use super::dyadic::Dyadic;
use super::table::{Game, Games, Options};
use crate::error::{Error, ErrorKind, Result};

/// The largest nimber and multiple of up the named constructors make (their canonical forms
/// grow with them).
pub const MAX_NAMED: u64 = 256;

fn too_large(what: &str, n: u64) -> Error {
    Error::new(ErrorKind::NumberTooLarge {
        text: format!("{what} {n}"),
        max: u128::from(MAX_NAMED),
    })
}

impl Games {
    /// The nimber `*n = {0, *, ..., *(n-1) | 0, *, ..., *(n-1)}`.
    ///
    /// # Errors
    /// `n` above [`MAX_NAMED`], or the table is full.
    pub fn nimber(&mut self, n: u64) -> Result<Game> {
        if n > MAX_NAMED {
            return Err(too_large("the nimber", n));
        }
        let mut options = Options::new();
        let mut current = self.zero();
        for _ in 0..n {
            options.push(current);
            current = self.intern_form(options.clone(), options.clone())?;
        }
        Ok(current)
    }

    /// `n` ups (`n < 0`: downs): `^ = {0 | *}`.
    ///
    /// # Errors
    /// `|n|` above [`MAX_NAMED`], or the table is full.
    pub fn up_multiple(&mut self, n: i64) -> Result<Game> {
        if n.unsigned_abs() > MAX_NAMED {
            return Err(too_large("the multiple of up", n.unsigned_abs()));
        }
        let zero = self.zero();
        let star = self.nimber(1)?;
        let up = self.game(&[zero], &[star])?;
        self.multiple(up, n)
    }

    /// `x + n·^ + *k`.
    ///
    /// # Errors
    /// As [`Games::nimber`] and [`Games::up_multiple`].
    pub fn number_up_star(&mut self, x: Dyadic, ups: i64, star: u64) -> Result<Game> {
        let number = self.number(x)?;
        let ups = self.up_multiple(ups)?;
        let star = self.nimber(star)?;
        let sum = self.add(number, ups)?;
        self.add(sum, star)
    }

    /// The switch `±g = {g | -g}`.
    ///
    /// # Errors
    /// The table is full.
    pub fn switch(&mut self, g: Game) -> Result<Game> {
        let negative = self.neg(g)?;
        self.game(&[g], &[negative])
    }

    /// `Tiny(g) = {0 || 0 | -g}` (CGSuite prints `g.Tiny`).
    ///
    /// # Errors
    /// The table is full.
    pub fn tiny(&mut self, g: Game) -> Result<Game> {
        let zero = self.zero();
        let negative = self.neg(g)?;
        let inner = self.game(&[zero], &[negative])?;
        self.game(&[zero], &[inner])
    }

    /// `Miny(g) = {g | 0 || 0}`, which is `-Tiny(g)`.
    ///
    /// # Errors
    /// The table is full.
    pub fn miny(&mut self, g: Game) -> Result<Game> {
        let tiny = self.tiny(g)?;
        self.neg(tiny)
    }
}
