//! A sum of partizan components as written (`{1|0} + ^ + domineering(3x3)`): each component's
//! text, value and moves for Left and for Right, each move with the text and value of what it
//! leaves, so that a sum's winning moves can be listed and written back as spec text.
//!
//! A component written as a position of a ruleset (`domineering(oo/oo)`) moves by the
//! ruleset's rules; any other component (a value, a difference) moves to the options of its
//! canonical form. A position too large to value within the limits is kept without a value
//! (and so is the sum): its outcome is then found by [`super::search::OutcomeSearch`].

use super::games::Position;
use super::search::Term;
use super::table::{Game, Games};
use crate::error::{Error, ErrorKind, Result};

/// One move of a component: what the component becomes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComponentMove {
    /// The component after the move, as spec text (`domineering(xo/xo)`, `{1|0}`).
    pub text: String,
    /// Its value; `None` when the component was too large to value.
    pub value: Option<Game>,
}

/// One term of a sum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Component {
    /// The term as spec text, sign included (`-({1|0})`).
    pub text: String,
    /// Its value; `None` for a ruleset's position too large to value within the limits.
    pub value: Option<Game>,
    /// Left's moves.
    pub left: Vec<ComponentMove>,
    /// Right's moves.
    pub right: Vec<ComponentMove>,
    /// The ruleset's position, when the term is one (`domineering(oo/oo)`, not `-(1)`): what
    /// a face draws.
    pub position: Option<Position>,
}

/// A partizan game as read from spec text: its components, their sum's value, and the table
/// that holds every value.
pub struct PartizanSum {
    /// The table of canonical forms that the handles below name.
    pub games: Games,
    /// The terms, in the order written.
    pub components: Vec<Component>,
    /// The value of the whole sum; `None` when a term has none or the sum's canonical form
    /// is too large for the limits (the outcome is then searched).
    pub value: Option<Game>,
}

impl std::fmt::Debug for PartizanSum {
    /// The terms and the value's handle (the table is left out: it can be large).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PartizanSum")
            .field("components", &self.components)
            .field("value", &self.value)
            .finish_non_exhaustive()
    }
}

impl PartizanSum {
    /// The value of the sum.
    ///
    /// # Errors
    /// [`ErrorKind::Unsupported`] when the sum has none (too large for the limits: only its
    /// outcome is known, by the outcome search).
    pub fn canonical(&self) -> Result<Game> {
        self.value.ok_or_else(|| {
            Error::new(ErrorKind::Unsupported {
                reason: "the canonical form of this game is too large for the limits (only its \
                         outcome is found, by a search: grundy value)"
                    .to_string(),
            })
        })
    }

    /// The terms for [`super::search::OutcomeSearch`]: each value, or the position of a term
    /// that has none.
    pub fn terms(&self) -> Vec<Term> {
        self.components
            .iter()
            .map(|component| match (&component.position, component.value) {
                (Some(position), None) => Term::Position(position.clone()),
                (_, Some(value)) => Term::Value(value),
                // Never: a term without a value is a ruleset's position.
                (None, None) => Term::Value(Game(0)),
            })
            .collect()
    }

    /// The sum as spec text, with component `replaced.0`, if any, written `replaced.1`.
    ///
    /// ```
    /// let sum = grundy::spec::parse_partizan_sum("{1|0} + ^", Default::default())?;
    /// assert_eq!(sum.text(None), "{1|0} + ^");
    /// assert_eq!(sum.text(Some((0, "1"))), "1 + ^");
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn text(&self, replaced: Option<(usize, &str)>) -> String {
        let texts: Vec<&str> = self
            .components
            .iter()
            .enumerate()
            .map(|(index, component)| match replaced {
                Some((at, text)) if at == index => text,
                _ => component.text.as_str(),
            })
            .collect();
        if texts.is_empty() {
            "0".to_string()
        } else {
            texts.join(" + ")
        }
    }
}
