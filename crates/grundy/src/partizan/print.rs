//! Canonical forms in CGSuite's notation, as CGSuite's plain text writes them: numbers `3`,
//! `-1/2`, `25/16`; `*`, `*2`; `^`, `^^`, `^3`, `v`, `vv`, `v3`, joined as `6^*`, `73/16v9*8`;
//! powers of up `^<2>` (`↑²`), `v<3>` (`↓³`) and their sums `^[3]` (`↑ + ↑² + ↑³`), `v[2]`,
//! joined the same way, `3/4v[3]*`; switches `+-1`, `+-{2,1*}`; `2.Tiny`, `2.Miny`,
//! `1+2.Tiny`; any other form in braces with the bars of nested forms counted, `{2|0||-1}`,
//! braces forced at four bars (so any other uptimal, `↑ + 2·↑²`, is written by its options).
//! Options are listed numbers first, then nimbers, then uptimals (by number, then the
//! coefficients of `↑, ↑², …` as a list, then the nimber), then the rest.

use std::fmt::Write;
use std::rc::Rc;

use rustc_hash::FxHashMap;

use super::dyadic::Dyadic;
use super::table::{Game, Games, Options};
use super::uptimal::Uptimal;
use crate::error::Result;

/// The most bars written between options before braces are forced.
const MAX_BARS: usize = 4;

/// The order CGSuite lists options in.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Key {
    Number(Dyadic),
    Nimber(u64),
    /// Number, coefficients, nimber: `Vec`'s order (a common prefix, then the shorter first)
    /// is CGSuite's order of uptimal expansions.
    Uptimal(Dyadic, Vec<i64>, u64),
    Other(Vec<Rc<Key>>, Vec<Rc<Key>>),
}

/// The keys found so far in one printing, so a game shared by many options is keyed once.
type Keys = FxHashMap<Game, Rc<Key>>;

impl Games {
    /// `g` in CGSuite's notation.
    ///
    /// # Errors
    /// The table is full (recognising a value may build its candidates).
    ///
    /// # Example
    /// ```
    /// use grundy::partizan::Games;
    /// let mut games = Games::new();
    /// let (two, zero, minus_one) = (games.integer(2)?, games.zero(), games.integer(-1)?);
    /// let switch = games.game(&[two], &[zero])?;
    /// let g = games.game(&[switch], &[minus_one])?;
    /// assert_eq!(games.format(g)?, "{2|0||-1}");
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn format(&mut self, g: Game) -> Result<String> {
        let mut out = String::new();
        self.append(g, &mut out, true, false, &mut Keys::default())?;
        Ok(out)
    }

    fn key(&mut self, g: Game, keys: &mut Keys) -> Result<Rc<Key>> {
        if let Some(known) = keys.get(&g) {
            return Ok(Rc::clone(known));
        }
        let key = Rc::new(self.new_key(g, keys)?);
        keys.insert(g, Rc::clone(&key));
        Ok(key)
    }

    fn new_key(&mut self, g: Game, keys: &mut Keys) -> Result<Key> {
        if let Some(u) = self.as_uptimal(g)? {
            return Ok(if u.ups.is_empty() && u.star == 0 {
                Key::Number(u.number)
            } else if u.ups.is_empty() && u.number == Dyadic::ZERO {
                Key::Nimber(u.star)
            } else {
                Key::Uptimal(u.number, u.ups, u.star)
            });
        }
        let mut left = Vec::new();
        for option in self.sorted(g, true, keys)? {
            left.push(self.key(option, keys)?);
        }
        let mut right = Vec::new();
        for option in self.sorted(g, false, keys)? {
            right.push(self.key(option, keys)?);
        }
        Ok(Key::Other(left, right))
    }

    fn sorted(&mut self, g: Game, left: bool, keys: &mut Keys) -> Result<Options> {
        let options = if left {
            self.left_options(g)?
        } else {
            self.right_options(g)?
        };
        let mut keyed = Vec::new();
        for option in options {
            keyed.push((self.key(option, keys)?, option));
        }
        keyed.sort();
        Ok(keyed.into_iter().map(|(_, option)| option).collect())
    }

    /// Writes `g`, returning the bars it ends with unbraced (0 when braced or atomic).
    fn append(
        &mut self,
        g: Game,
        out: &mut String,
        force_braces: bool,
        force_parens: bool,
        keys: &mut Keys,
    ) -> Result<usize> {
        if let Some(u) = self.as_uptimal(g)? {
            if write_uptimal(&u, out, force_parens) {
                return Ok(0);
            }
        }
        let left = self.sorted(g, true, keys)?;
        let right = self.sorted(g, false, keys)?;
        if self.neg(g)? == g {
            out.push_str("+-");
            if left.len() == 1 {
                self.append(left[0], out, true, true, keys)?;
            } else {
                out.push('{');
                for (i, &option) in left.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    self.append(option, out, true, false, keys)?;
                }
                out.push('}');
            }
            return Ok(0);
        }
        if let Some((translate, subscript, name)) = self.tiny_parts(&left, &right)? {
            if force_parens {
                out.push('(');
            }
            if translate != self.zero() {
                self.append(translate, out, false, false, keys)?;
                out.push('+');
            }
            let fraction = self.as_number(subscript).is_some_and(|x| !x.is_integer());
            if fraction {
                out.push('(');
            }
            self.append(subscript, out, true, true, keys)?;
            if fraction {
                out.push(')');
            }
            out.push('.');
            out.push_str(name);
            if force_parens {
                out.push(')');
            }
            return Ok(0);
        }
        let mut left_text = String::new();
        let mut bars = 1;
        for (i, &option) in left.iter().enumerate() {
            if i > 0 {
                left_text.push(',');
            }
            bars = bars.max(self.append(option, &mut left_text, left.len() > 1, false, keys)? + 1);
        }
        let mut right_text = String::new();
        for (i, &option) in right.iter().enumerate() {
            if i > 0 {
                right_text.push(',');
            }
            bars =
                bars.max(self.append(option, &mut right_text, right.len() > 1, false, keys)? + 1);
        }
        let braces = force_braces || bars == MAX_BARS;
        if braces {
            out.push('{');
        }
        out.push_str(&left_text);
        out.push_str(&"|".repeat(bars));
        out.push_str(&right_text);
        if braces {
            out.push('}');
            Ok(0)
        } else {
            Ok(bars)
        }
    }

    /// `{x || x | x - s}` is `x + s.Tiny` (with `s` hotter than nothing: its mean above 0), and
    /// the mirror `{x + s | x || x}` is `x + s.Miny`: `(translate, subscript, name)`.
    fn tiny_parts(
        &mut self,
        left: &[Game],
        right: &[Game],
    ) -> Result<Option<(Game, Game, &'static str)>> {
        if left.len() != 1 || right.len() != 1 {
            return Ok(None);
        }
        let (gl, gr) = (left[0], right[0]);
        if self.as_number(gl).is_some() {
            let (inner_left, inner_right) = (self.left_options(gr)?, self.right_options(gr)?);
            if inner_left.len() == 1
                && inner_right.len() == 1
                && inner_left[0] == gl
                && self.mean(inner_right[0])? < self.mean(gl)?
            {
                let subscript = self.sub(gl, inner_right[0])?;
                return Ok(Some((gl, subscript, "Tiny")));
            }
        }
        if self.as_number(gr).is_some() {
            let (inner_left, inner_right) = (self.left_options(gl)?, self.right_options(gl)?);
            if inner_left.len() == 1
                && inner_right.len() == 1
                && inner_right[0] == gr
                && self.mean(inner_left[0])? > self.mean(gr)?
            {
                let subscript = self.sub(inner_left[0], gr)?;
                return Ok(Some((gr, subscript, "Miny")));
            }
        }
        Ok(None)
    }
}

/// Writes an uptimal CGSuite's way when it has a name (at most one power of up, `±↑ⁿ`, or
/// `±↑^→n`), in parentheses when asked and not a single symbol; `false` (nothing written)
/// for the others, which are written by their options.
fn write_uptimal(u: &Uptimal, out: &mut String, force_parens: bool) -> bool {
    let zero = Dyadic::ZERO;
    let (unit, unit_sum) = (u.unit(), u.unit_sum());
    if u.length() > 1 && unit.is_none() && unit_sum.is_none() {
        return false;
    }
    let compact =
        (u.length() == 0 && (u.star == 0 || u.number == zero)) || (u.number == zero && u.star == 0);
    if force_parens && !compact {
        out.push('(');
    }
    if u.number != zero || (u.length() == 0 && u.star == 0) {
        let _ = write!(out, "{}", u.number);
    }
    match (u.ups.as_slice(), unit, unit_sum) {
        ([], _, _) => {}
        ([1], _, _) => out.push('^'),
        ([2], _, _) => out.push_str("^^"),
        ([-1], _, _) => out.push('v'),
        ([-2], _, _) => out.push_str("vv"),
        (&[n], _, _) if n > 0 => {
            let _ = write!(out, "^{n}");
        }
        (&[n], _, _) => {
            let _ = write!(out, "v{}", n.unsigned_abs());
        }
        (_, Some(sign), _) => {
            let arrow = if sign > 0 { '^' } else { 'v' };
            let _ = write!(out, "{arrow}<{}>", u.length());
        }
        (_, _, Some(sign)) => {
            let arrow = if sign > 0 { '^' } else { 'v' };
            let _ = write!(out, "{arrow}[{}]", u.length());
        }
        _ => {}
    }
    match u.star {
        0 => {}
        1 => out.push('*'),
        k => {
            let _ = write!(out, "*{k}");
        }
    }
    if force_parens && !compact {
        out.push(')');
    }
    true
}
