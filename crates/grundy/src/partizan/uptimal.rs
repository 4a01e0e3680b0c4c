//! Uptimals: sums of a number, a nimber and multiples of the powers of up,
//! `x + *k + a₁·↑ + a₂·↑² + … + aₙ·↑ⁿ` (the uptimal expansion, CGSuite's `Uptimal`).
//! The powers are built from their definitions, `↑^→n = {↑^→(n-1) | *}` (so `↑^→1 = ↑`) and
//! `↑ⁿ = {0 | ↓^→(n-1) *}` (`↑² = {0 | ↓*}`), and a form is recognised as an uptimal by
//! building the candidates its options allow and comparing handles, never by pattern alone.

use super::dyadic::Dyadic;
use super::table::{Game, Games};
use super::values::MAX_NAMED;
use crate::error::{Error, ErrorKind, Result};

/// A value `number + *star + Σ ups[i]·↑^(i+1)`, its uptimal expansion; `ups` has no trailing
/// zeros, so equal values have equal expansions.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Uptimal {
    /// The number part.
    pub number: Dyadic,
    /// The coefficients of `↑`, `↑²`, `↑³`, … (negative: downs); no trailing zeros.
    pub ups: Vec<i64>,
    /// The nimber part.
    pub star: u64,
}

impl Uptimal {
    /// `number + *star + Σ ups[i]·↑^(i+1)`, trailing zero coefficients dropped.
    pub fn new(number: Dyadic, mut ups: Vec<i64>, star: u64) -> Uptimal {
        while ups.last() == Some(&0) {
            ups.pop();
        }
        Uptimal { number, ups, star }
    }

    /// The highest power of up with a coefficient (0 for a number plus a nimber).
    pub fn length(&self) -> usize {
        self.ups.len()
    }

    /// `Some(±1)` when the expansion is `±↑ⁿ` alone (besides number and nimber), `n >= 2`:
    /// CGSuite's `^<n>` and `v<n>`.
    pub fn unit(&self) -> Option<i64> {
        let (&last, rest) = self.ups.split_last()?;
        (!rest.is_empty() && last.abs() == 1 && rest.iter().all(|&c| c == 0)).then_some(last)
    }

    /// `Some(±1)` when the expansion is `±(↑ + ↑² + … + ↑ⁿ)`, `n >= 2`: CGSuite's `^[n]` and
    /// `v[n]`.
    pub fn unit_sum(&self) -> Option<i64> {
        let first = *self.ups.first()?;
        (self.ups.len() >= 2 && first.abs() == 1 && self.ups.iter().all(|&c| c == first))
            .then_some(first)
    }

    fn negated(&self) -> Uptimal {
        Uptimal {
            number: self.number.neg(),
            ups: self.ups.iter().map(|c| -c).collect(),
            star: self.star,
        }
    }

    /// Adds 1 to the first `to` coefficients (extending with 1s) and toggles the star.
    fn increment(&self, to: usize) -> Uptimal {
        let mut ups = self.ups.clone();
        if ups.len() < to {
            ups.resize(to, 0);
        }
        for c in &mut ups[..to] {
            *c += 1;
        }
        Uptimal::new(self.number, ups, self.star ^ 1)
    }
}

fn check_power(n: u64) -> Result<()> {
    if n == 0 {
        return Err(Error::invalid_position("powers of up start at 1"));
    }
    if n > MAX_NAMED {
        return Err(Error::new(ErrorKind::NumberTooLarge {
            text: format!("the power of up {n}"),
            max: u128::from(MAX_NAMED),
        }));
    }
    Ok(())
}

impl Games {
    /// `↑^→n = ↑ + ↑² + … + ↑ⁿ`, built as `{↑^→(n-1) | *}` from `↑^→0 = 0` (CGSuite's `^[n]`).
    ///
    /// # Errors
    /// `n` is 0 or above [`MAX_NAMED`], or the table is full.
    ///
    /// # Example
    /// ```
    /// use grundy::partizan::Games;
    /// let mut games = Games::new();
    /// let g = games.up_power_to(2)?;
    /// assert_eq!(games.format(g)?, "^[2]");
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn up_power_to(&mut self, n: u64) -> Result<Game> {
        check_power(n)?;
        let star = self.nimber(1)?;
        let mut current = self.zero();
        for _ in 0..n {
            current = self.game(&[current], &[star])?;
        }
        Ok(current)
    }

    /// `↑ⁿ`, built as `{0 | ↓^→(n-1) *}` (`↑¹ = ↑`, `↑² = {0 | ↓*}`; CGSuite's `^<n>`).
    ///
    /// # Errors
    /// `n` is 0 or above [`MAX_NAMED`], or the table is full.
    ///
    /// # Example
    /// ```
    /// use grundy::partizan::Games;
    /// let mut games = Games::new();
    /// let g = games.up_power(2)?;
    /// assert_eq!(games.format(g)?, "^<2>");
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn up_power(&mut self, n: u64) -> Result<Game> {
        check_power(n)?;
        let star = self.nimber(1)?;
        let below = if n == 1 {
            self.zero()
        } else {
            self.up_power_to(n - 1)?
        };
        let right = self.sub(star, below)?;
        let zero = self.zero();
        self.game(&[zero], &[right])
    }

    /// The game of an uptimal expansion.
    ///
    /// # Errors
    /// A power or coefficient above [`MAX_NAMED`], or the table is full.
    pub fn uptimal(&mut self, u: &Uptimal) -> Result<Game> {
        let first = u.ups.first().copied().unwrap_or(0);
        let mut total = self.number_up_star(u.number, first, u.star)?;
        for (i, &c) in u.ups.iter().enumerate().skip(1) {
            if c == 0 {
                continue;
            }
            if c.unsigned_abs() > MAX_NAMED {
                return Err(Error::new(ErrorKind::NumberTooLarge {
                    text: format!("the coefficient {c}"),
                    max: u128::from(MAX_NAMED),
                }));
            }
            let power = self.up_power(i as u64 + 1)?;
            let part = self.multiple(power, c)?;
            total = self.add(total, part)?;
        }
        Ok(total)
    }

    /// `g`'s uptimal expansion, if it is an uptimal.
    ///
    /// # Errors
    /// The table is full (candidates are built to be compared).
    ///
    /// # Example
    /// ```
    /// use grundy::partizan::{Dyadic, Games, Uptimal};
    /// let mut games = Games::new();
    /// let u = Uptimal::new(Dyadic::ZERO, vec![1, 2], 1);
    /// let g = games.uptimal(&u)?;
    /// assert_eq!(games.as_uptimal(g)?, Some(u));
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn as_uptimal(&mut self, g: Game) -> Result<Option<Uptimal>> {
        if let Some(nus) = self.as_nus(g)? {
            let ups = if nus.ups == 0 { vec![] } else { vec![nus.ups] };
            return Ok(Some(Uptimal::new(nus.number, ups, nus.star)));
        }
        if let Some(known) = self.uptimal_memo.get(&g) {
            return Ok(known.clone());
        }
        let mut found = self.positive_uptimal(g)?;
        if found.is_none() {
            let negative = self.neg(g)?;
            found = self.positive_uptimal(negative)?.map(|u| u.negated());
        }
        self.uptimal_memo.insert(g, found.clone());
        Ok(found)
    }

    /// `g` as an uptimal whose last coefficient is positive: then `g` has one Right option
    /// `g^R = g - ↑^→m *` for some `m`, and only two `m` are possible (the length of `g^R`, or
    /// one more than the longest option); each is built and compared.
    fn positive_uptimal(&mut self, g: Game) -> Result<Option<Uptimal>> {
        let right = self.right_options(g)?;
        if right.len() != 1 {
            return Ok(None);
        }
        let Some(r) = self.as_uptimal(right[0])? else {
            return Ok(None);
        };
        let mut longest = r.length();
        for option in self.left_options(g)? {
            match self.as_uptimal(option)? {
                Some(l) if l.number == r.number => longest = longest.max(l.length()),
                _ => return Ok(None),
            }
        }
        let mut candidates = vec![r.increment(longest + 1)];
        if r.ups.last().is_some_and(|&c| c > 0) {
            candidates.insert(0, r.increment(r.length()));
        }
        for candidate in candidates {
            if candidate.ups.len() as u64 > MAX_NAMED
                || candidate.ups.iter().any(|c| c.unsigned_abs() > MAX_NAMED)
            {
                continue;
            }
            if self.uptimal(&candidate)? == g {
                return Ok(Some(candidate));
            }
        }
        Ok(None)
    }
}
