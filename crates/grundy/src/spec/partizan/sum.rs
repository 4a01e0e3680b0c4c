//! A partizan sum read term by term ([`parse_partizan_sum`]): each term with its moves for
//! Left and Right, so that the sum's winning moves can be listed; and the choice between the
//! impartial and the partizan readings of a spec ([`parse_any_with`]).

use super::{Options, Reader};
use crate::error::Result;
use crate::partizan::games::Position;
use crate::partizan::search::too_large;
use crate::partizan::{Component, ComponentMove, Game, Games, PartizanSum};
use crate::spec::parse_with;
use crate::sum::Sum;

/// A game read from spec text: a sum of impartial games, or a partizan sum.
pub enum AnyGame {
    /// A sum of impartial games (`kayles(5) + *2`).
    Impartial(Sum),
    /// A partizan sum (`{1|0} + ^`, `domineering(3x3)`), boxed (its table is large).
    Partizan(Box<PartizanSum>),
}

impl std::fmt::Debug for AnyGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AnyGame::Impartial(sum) => f.debug_tuple("Impartial").field(&sum.format()).finish(),
            AnyGame::Partizan(sum) => f.debug_tuple("Partizan").field(sum).finish(),
        }
    }
}

/// Reads `text` as a sum of impartial games where the impartial grammar accepts it, and as
/// a partizan sum otherwise. The two grammars share only `0`, `*n` and their sums, which mean
/// the same game in both (the nimber), so the choice never changes a value. When neither
/// reads the text, the error is that of the reading that got further, by the end of the text
/// each error blames (the impartial one on a tie): `nim(3,` and `0.8(3)` fail as impartial
/// specs, `{1|0` as a partizan one.
///
/// # Errors
/// As [`parse_with`] or [`parse_partizan_sum`].
///
/// # Example
/// ```
/// use grundy::spec::{parse_any_with, AnyGame, Options};
/// assert!(matches!(parse_any_with("nim(3) + *2", Options::default())?, AnyGame::Impartial(_)));
/// assert!(matches!(parse_any_with("{1|0} + *2", Options::default())?, AnyGame::Partizan(_)));
/// let error = parse_any_with("{1|0", Options::default()).unwrap_err();
/// assert_eq!(error.span(), Some(4..4));
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn parse_any_with(text: &str, options: Options<'_>) -> Result<AnyGame> {
    let impartial = match parse_with(text, options) {
        Ok(sum) => return Ok(AnyGame::Impartial(sum)),
        Err(error) => error,
    };
    match parse_partizan_sum(text, options) {
        Ok(sum) => Ok(AnyGame::Partizan(Box::new(sum))),
        Err(partizan) if reach(&partizan) > reach(&impartial) => Err(partizan),
        Err(_) => Err(impartial),
    }
}

/// How far into the text a reading got before `error`: the end of the text it blames (so an
/// impartial error about a whole word, `0.8` not being an octal code, beats a partizan one
/// inside it), or the whole text for an error with no place, such as a limit.
fn reach(error: &crate::Error) -> usize {
    error.span().map_or(usize::MAX, |span| span.end)
}

/// Reads a partizan sum as [`parse_partizan`](super::parse_partizan) does, keeping its terms
/// apart with their moves ([`PartizanSum`]); the rulesets' solvers are bounded by
/// `options.limits` (positions, work, cancel) all together.
///
/// # Errors
/// As [`parse_partizan`](super::parse_partizan), and the limits.
///
/// # Example
/// ```
/// let mut sum = grundy::spec::parse_partizan_sum("domineering(2x2) - 1", Default::default())?;
/// assert_eq!(sum.components[1].text, "-(1)");
/// assert_eq!(sum.components[0].left[0].text, "domineering(xo/xo)");
/// assert_eq!(sum.games.format(sum.canonical()?)?, "{0|-2}");
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn parse_partizan_sum(text: &str, options: Options) -> Result<PartizanSum> {
    let mut games = Games::new();
    let mut reader = Reader::new(text, options, &mut games);
    reader.want_moves = true;
    let components = reader.components()?;
    reader.parser.end()?;
    let work_left = options.limits.max_work.saturating_sub(reader.work);
    let value = sum_of(&mut games, &components, work_left)?;
    Ok(PartizanSum {
        games,
        components,
        value,
    })
}

/// The value of the sum of `components`, or `None` when one has none or the sum needs more
/// new canonical forms than half the table's room or `work_left` (each form made counts as
/// work): the outcome is then searched.
fn sum_of(games: &mut Games, components: &[Component], work_left: u64) -> Result<Option<Game>> {
    let max = games.max_forms();
    let room = max.saturating_sub(games.len()) / 2;
    let room = room.min(usize::try_from(work_left).unwrap_or(usize::MAX));
    games.set_max_forms(games.len().saturating_add(room));
    let mut value = Some(games.zero());
    for component in components {
        value = match (value, component.value) {
            (Some(total), Some(g)) => match games.add(total, g) {
                Ok(sum) => Some(sum),
                Err(error) if too_large(&error) => None,
                Err(error) => {
                    games.set_max_forms(max);
                    return Err(error);
                }
            },
            _ => None,
        };
    }
    games.set_max_forms(max);
    Ok(value)
}

/// Moves of a top-level term read as a ruleset's position: where the term ends, then Left's
/// and Right's moves.
pub(super) type TermMoves = (
    usize,
    Vec<ComponentMove>,
    Vec<ComponentMove>,
    Option<Position>,
);

/// How a term joins the sum.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Sign {
    Plus,
    Minus,
    PlusMinus,
}

impl Reader<'_, '_> {
    /// The terms of a sum, each with its moves.
    fn components(&mut self) -> Result<Vec<Component>> {
        let mut components = Vec::new();
        let mut sign = Sign::Plus;
        loop {
            self.parser.skip_space();
            let start = self.parser.position;
            self.moves = None;
            let term = self.term()?;
            let written = self.parser.text[start..self.parser.position].trim_end();
            // Where the term's text ends: a ruleset's position that ends there is the whole term.
            let end = start + written.len();
            let moves = self.moves.take();
            if let Some(error) = self.unvalued.take() {
                // A position too large to value is kept as a position, when it is the whole term.
                match moves {
                    Some((at, left, right, Some(position))) if at == end && sign == Sign::Plus => {
                        components.push(Component {
                            text: written.to_string(),
                            value: None,
                            left,
                            right,
                            position: Some(position),
                        });
                    }
                    _ => return Err(error),
                }
            } else {
                let (value, text) = match sign {
                    Sign::Plus => (term, written.to_string()),
                    Sign::Minus => (self.games.neg(term)?, format!("-({written})")),
                    Sign::PlusMinus => (self.games.switch(term)?, format!("+-({written})")),
                };
                let (left, right, position) = match moves {
                    Some((at, left, right, position)) if at == end && sign == Sign::Plus => {
                        (left, right, position)
                    }
                    _ => (
                        self.options(value, true)?,
                        self.options(value, false)?,
                        None,
                    ),
                };
                components.push(Component {
                    text,
                    value: Some(value),
                    left,
                    right,
                    position,
                });
            }
            sign = if self.parser.eat_str("+-") {
                Sign::PlusMinus
            } else if self.parser.eat('+') {
                Sign::Plus
            } else if self.parser.eat('-') {
                Sign::Minus
            } else {
                return Ok(components);
            };
        }
    }

    /// The options of `value`'s canonical form for Left (`left`) or Right, as moves.
    fn options(&mut self, value: Game, left: bool) -> Result<Vec<ComponentMove>> {
        let options = if left {
            self.games.left_options(value)?
        } else {
            self.games.right_options(value)?
        };
        options
            .into_iter()
            .map(|value| {
                Ok(ComponentMove {
                    text: self.games.format(value)?,
                    value: Some(value),
                })
            })
            .collect()
    }
}
