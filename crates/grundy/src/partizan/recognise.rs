//! Recognising the values with names: `x + n·^ + *k` (a number, a multiple of up and a nimber),
//! by building the candidates its options suggest and checking handles; switches and
//! Tiny/Miny are recognised where they are printed.

use super::dyadic::Dyadic;
use super::table::{Game, Games};
use super::values::MAX_NAMED;
use crate::error::Result;

/// A value `number + ups·^ + *star`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Nus {
    /// The number part.
    pub number: Dyadic,
    /// How many ups (negative: downs).
    pub ups: i64,
    /// The nimber part.
    pub star: u64,
}

impl Games {
    /// `g` as a number plus ups plus a nimber, if it is one.
    ///
    /// # Errors
    /// The table is full.
    ///
    /// # Example
    /// ```
    /// use grundy::partizan::{Dyadic, Games};
    /// let mut games = Games::new();
    /// let g = games.number_up_star(Dyadic::integer(6)?, 1, 1)?;
    /// let nus = games.as_nus(g)?.unwrap_or_else(|| unreachable!());
    /// assert_eq!((nus.number, nus.ups, nus.star), (Dyadic::integer(6)?, 1, 1));
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn as_nus(&mut self, g: Game) -> Result<Option<Nus>> {
        if let Some(number) = self.as_number(g) {
            return Ok(Some(Nus {
                number,
                ups: 0,
                star: 0,
            }));
        }
        if let Some(known) = self.nus_memo.get(&g) {
            return Ok(*known);
        }
        let found = self.find_nus(g)?;
        self.nus_memo.insert(g, found);
        Ok(found)
    }

    fn find_nus(&mut self, g: Game) -> Result<Option<Nus>> {
        let left = self.left_options(g)?;
        let right = self.right_options(g)?;
        let mut seen = Vec::new();
        for &option in left.iter().chain(right.iter()) {
            match self.as_nus(option)? {
                Some(nus) => seen.push(nus),
                None => return Ok(None),
            }
        }
        // x*k: both sides x, x*, ..., x*(k-1).
        if left == right {
            let number = seen[0].number;
            let mut stars: Vec<u64> = seen[..left.len()]
                .iter()
                .filter(|nus| nus.number == number && nus.ups == 0)
                .map(|nus| nus.star)
                .collect();
            stars.sort_unstable();
            if stars.len() == left.len() && stars.iter().enumerate().all(|(i, &s)| s == i as u64) {
                return Ok(Some(Nus {
                    number,
                    ups: 0,
                    star: stars.len() as u64,
                }));
            }
        }
        let mut candidates = Vec::new();
        for nus in &seen {
            for ups in [nus.ups - 1, nus.ups + 1] {
                for star in [nus.star, nus.star ^ 1] {
                    let candidate = Nus {
                        number: nus.number,
                        ups,
                        star,
                    };
                    if ups != 0
                        && ups.unsigned_abs() <= MAX_NAMED
                        && !candidates.contains(&candidate)
                    {
                        candidates.push(candidate);
                    }
                }
            }
        }
        for candidate in candidates {
            let built = self.number_up_star(candidate.number, candidate.ups, candidate.star)?;
            if built == g {
                return Ok(Some(candidate));
            }
        }
        Ok(None)
    }
}
