//! Negation and sums of canonical forms, memoised by handles. `-G = {-G^R | -G^L}` is already
//! canonical; a number plus a game that is not one is `{G^L + x | G^R + x}` (number
//! translation); otherwise `G + H = {G^L + H, G + H^L | G^R + H, G + H^R}`, made canonical.

use super::table::{Game, Games, Node, Options};
use crate::error::Result;

impl Games {
    /// `-g`.
    ///
    /// # Errors
    /// The table is full.
    pub fn neg(&mut self, g: Game) -> Result<Game> {
        if let Some(x) = self.as_number(g) {
            return self.number(x.neg());
        }
        if let Some(&known) = self.neg_memo.get(&g) {
            return Ok(known);
        }
        let (left, right) = match self.node(g) {
            Node::Form { left, right } => (left.clone(), right.clone()),
            Node::Number(_) => unreachable!("numbers are negated above"),
        };
        let mut new_left = Options::new();
        for &option in right.iter() {
            new_left.push(self.neg(option)?);
        }
        let mut new_right = Options::new();
        for &option in left.iter() {
            new_right.push(self.neg(option)?);
        }
        let negative = self.intern_form(new_left, new_right)?;
        self.neg_memo.insert(g, negative);
        self.neg_memo.insert(negative, g);
        Ok(negative)
    }

    /// `a + b`.
    ///
    /// # Errors
    /// The table is full, or a number beyond the range kept exactly.
    ///
    /// # Example
    /// ```
    /// use grundy::partizan::Games;
    /// let mut games = Games::new();
    /// let up = games.up_multiple(1)?;
    /// let star = games.nimber(1)?;
    /// let up_star = games.add(up, star)?;
    /// assert_eq!(games.format(up_star)?, "^*");
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn add(&mut self, a: Game, b: Game) -> Result<Game> {
        let zero = self.zero();
        if a == zero {
            return Ok(b);
        }
        if b == zero {
            return Ok(a);
        }
        if let (Some(x), Some(y)) = (self.as_number(a), self.as_number(b)) {
            let sum = x.checked_add(y)?;
            return self.number(sum);
        }
        let key = if a <= b { (a, b) } else { (b, a) };
        if let Some(&known) = self.sum_memo.get(&key) {
            return Ok(known);
        }
        let sum = self.add_search(a, b)?;
        self.sum_memo.insert(key, sum);
        Ok(sum)
    }

    fn add_search(&mut self, a: Game, b: Game) -> Result<Game> {
        let (a, b) = if self.as_number(a).is_some() {
            (b, a)
        } else {
            (a, b)
        };
        let mut left = Options::new();
        let mut right = Options::new();
        if self.as_number(b).is_some() {
            // Number translation: only `a`'s options move.
            for option in self.left_options(a)? {
                left.push(self.add(option, b)?);
            }
            for option in self.right_options(a)? {
                right.push(self.add(option, b)?);
            }
            return self.intern_form(left, right);
        }
        for option in self.left_options(a)? {
            left.push(self.add(option, b)?);
        }
        for option in self.left_options(b)? {
            left.push(self.add(a, option)?);
        }
        for option in self.right_options(a)? {
            right.push(self.add(option, b)?);
        }
        for option in self.right_options(b)? {
            right.push(self.add(a, option)?);
        }
        self.game(&left, &right)
    }

    /// `a - b`.
    ///
    /// # Errors
    /// As [`Games::add`].
    pub fn sub(&mut self, a: Game, b: Game) -> Result<Game> {
        let negative = self.neg(b)?;
        self.add(a, negative)
    }

    /// `g`'s options on one side (Left's when `left`), each mapped by `f` and `shift` added: a
    /// side of `{f(G^L) + a | f(G^R) + b}` (cooling, heating, the atomic weight calculus).
    pub(super) fn shifted_options(
        &mut self,
        g: Game,
        left: bool,
        shift: Game,
        mut f: impl FnMut(&mut Games, Game) -> Result<Game>,
    ) -> Result<Options> {
        let mut shifted = Options::new();
        for option in self.options(g, left)? {
            let mapped = f(self, option)?;
            shifted.push(self.add(mapped, shift)?);
        }
        Ok(shifted)
    }

    /// `n` copies of `g` added together (`n` negative: copies of `-g`), by doubling.
    ///
    /// # Errors
    /// As [`Games::add`].
    pub fn multiple(&mut self, g: Game, n: i64) -> Result<Game> {
        let mut base = if n < 0 { self.neg(g)? } else { g };
        let mut count = n.unsigned_abs();
        let mut total = self.zero();
        while count > 0 {
            if count & 1 == 1 {
                total = self.add(total, base)?;
            }
            count >>= 1;
            if count > 0 {
                base = self.add(base, base)?;
            }
        }
        Ok(total)
    }
}
