//! The table of canonical forms: every value is stored once and named by a [`Game`] handle, so
//! equal values have equal handles and a memo keyed by handles is shared by everything.
//! Numbers are stored as numbers (their options are made when asked for), so `2^100` costs one
//! entry, not a chain of them.

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use super::dyadic::Dyadic;
use crate::error::{Error, Limit, Result};

/// A canonical form in a [`Games`] table. Handles of one table compare equal exactly when the
/// values are equal; a handle means nothing to another table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Game(pub(super) u32);

/// Options of one side, as handles.
pub type Options = SmallVec<[Game; 4]>;

/// What the table stores for one canonical form.
#[derive(Clone, Debug)]
pub(super) enum Node {
    /// A number.
    Number(Dyadic),
    /// Any other canonical form: its Left and Right options, sorted, none dominated or
    /// reversible.
    Form {
        left: Box<[Game]>,
        right: Box<[Game]>,
    },
}

/// A form's options, Left's and Right's, as the table's key.
type FormKey = (Box<[Game]>, Box<[Game]>);

/// The default bound on the canonical forms one table may hold.
pub const DEFAULT_MAX_FORMS: usize = 5_000_000;

/// The table of canonical forms and the memos of the operations on them.
///
/// # Example
/// ```
/// use grundy::partizan::Games;
/// let mut games = Games::new();
/// let star = games.nimber(1)?;
/// let sum = games.add(star, star)?;
/// assert_eq!(sum, games.zero());
/// assert_eq!(games.format(star)?, "*");
/// # Ok::<(), grundy::Error>(())
/// ```
pub struct Games {
    pub(super) nodes: Vec<Node>,
    /// Each form's Left and Right stops, by handle (`None` for a form with an empty side,
    /// which canonical forms that are not numbers never have).
    stops: Vec<Option<(Dyadic, Dyadic)>>,
    numbers: FxHashMap<Dyadic, Game>,
    forms: FxHashMap<FormKey, Game>,
    pub(super) leq_memo: FxHashMap<(Game, Game), bool>,
    pub(super) sum_memo: FxHashMap<(Game, Game), Game>,
    pub(super) neg_memo: FxHashMap<Game, Game>,
    pub(super) thermo_memo: FxHashMap<Game, super::thermo::Thermograph>,
    pub(super) cool_memo: FxHashMap<(Game, Dyadic), Game>,
    pub(super) nus_memo: FxHashMap<Game, Option<super::recognise::Nus>>,
    pub(super) uptimal_memo: FxHashMap<Game, Option<super::uptimal::Uptimal>>,
    max_forms: usize,
}

impl Default for Games {
    fn default() -> Games {
        Games::new()
    }
}

impl Games {
    /// An empty table (holding 0), bounded by [`DEFAULT_MAX_FORMS`].
    pub fn new() -> Games {
        Games::with_max_forms(DEFAULT_MAX_FORMS)
    }

    /// An empty table that holds at most `max_forms` canonical forms; an operation that needs
    /// more fails with [`Limit::Positions`].
    pub fn with_max_forms(max_forms: usize) -> Games {
        let mut games = Games {
            nodes: Vec::new(),
            stops: Vec::new(),
            numbers: FxHashMap::default(),
            forms: FxHashMap::default(),
            leq_memo: FxHashMap::default(),
            sum_memo: FxHashMap::default(),
            neg_memo: FxHashMap::default(),
            thermo_memo: FxHashMap::default(),
            cool_memo: FxHashMap::default(),
            nus_memo: FxHashMap::default(),
            uptimal_memo: FxHashMap::default(),
            max_forms: max_forms.max(1),
        };
        games.nodes.push(Node::Number(Dyadic::ZERO));
        games.stops.push(Some((Dyadic::ZERO, Dyadic::ZERO)));
        games.numbers.insert(Dyadic::ZERO, Game(0));
        games
    }

    /// The most canonical forms the table may hold.
    pub fn max_forms(&self) -> usize {
        self.max_forms
    }

    /// Bounds the table at `max_forms` canonical forms from now on (those held stay).
    pub fn set_max_forms(&mut self, max_forms: usize) {
        self.max_forms = max_forms.max(1);
    }

    /// How many canonical forms the table holds.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the table holds only 0 (never: 0 is always there).
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The game 0, `{ | }`.
    pub fn zero(&self) -> Game {
        Game(0)
    }

    fn push(&mut self, node: Node) -> Result<Game> {
        if self.nodes.len() >= self.max_forms {
            return Err(Error::limit(
                Limit::Positions,
                u64::try_from(self.max_forms).unwrap_or(u64::MAX),
            ));
        }
        let handle = Game(
            u32::try_from(self.nodes.len())
                .map_err(|_| Error::limit(Limit::Positions, u64::from(u32::MAX)))?,
        );
        let stops = match &node {
            Node::Number(x) => Some((*x, *x)),
            Node::Form { left, right } => self.form_stops(left, right),
        };
        self.nodes.push(node);
        self.stops.push(stops);
        Ok(handle)
    }

    /// The stops of a form that is not a number, from its options' stops: Left's stop is the
    /// largest Right stop of a Left option, Right's the smallest Left stop of a Right option.
    fn form_stops(&self, left: &[Game], right: &[Game]) -> Option<(Dyadic, Dyadic)> {
        let mut left_stop: Option<Dyadic> = None;
        for &option in left {
            let stop = self.stops(option)?.1;
            left_stop = Some(left_stop.map_or(stop, |best| best.max(stop)));
        }
        let mut right_stop: Option<Dyadic> = None;
        for &option in right {
            let stop = self.stops(option)?.0;
            right_stop = Some(right_stop.map_or(stop, |best| best.min(stop)));
        }
        Some((left_stop?, right_stop?))
    }

    /// The Left and Right stops of `g`, when known (always, for a number or a form with
    /// options on both sides).
    pub(super) fn stops(&self, g: Game) -> Option<(Dyadic, Dyadic)> {
        self.stops[g.0 as usize]
    }

    /// The number `x`.
    ///
    /// # Errors
    /// The table is full.
    pub fn number(&mut self, x: Dyadic) -> Result<Game> {
        if let Some(&game) = self.numbers.get(&x) {
            return Ok(game);
        }
        let game = self.push(Node::Number(x))?;
        self.numbers.insert(x, game);
        Ok(game)
    }

    /// The integer `n`.
    ///
    /// # Errors
    /// `n` beyond the numbers kept exactly, or the table is full.
    pub fn integer(&mut self, n: i128) -> Result<Game> {
        let x = Dyadic::integer(n)?;
        self.number(x)
    }

    /// The number `g` is, if it is one.
    pub fn as_number(&self, g: Game) -> Option<Dyadic> {
        match self.node(g) {
            Node::Number(x) => Some(*x),
            Node::Form { .. } => None,
        }
    }

    pub(super) fn node(&self, g: Game) -> &Node {
        &self.nodes[g.0 as usize]
    }

    /// Stores a form already known to be canonical and not a number (options sorted here).
    pub(super) fn intern_form(&mut self, mut left: Options, mut right: Options) -> Result<Game> {
        left.sort_unstable();
        left.dedup();
        right.sort_unstable();
        right.dedup();
        let key = (
            left.into_vec().into_boxed_slice(),
            right.into_vec().into_boxed_slice(),
        );
        if let Some(&game) = self.forms.get(&key) {
            return Ok(game);
        }
        let game = self.push(Node::Form {
            left: key.0.clone(),
            right: key.1.clone(),
        })?;
        self.forms.insert(key, game);
        Ok(game)
    }

    /// Left's options of the canonical form `g` (of a number, its canonical options).
    ///
    /// # Errors
    /// The table is full (a number's options are stored when first asked for).
    pub fn left_options(&mut self, g: Game) -> Result<Options> {
        self.options(g, true)
    }

    /// Right's options of the canonical form `g`.
    ///
    /// # Errors
    /// As [`Games::left_options`].
    pub fn right_options(&mut self, g: Game) -> Result<Options> {
        self.options(g, false)
    }

    /// Left's options of `g`, or Right's (`left` false).
    pub(super) fn options(&mut self, g: Game, left: bool) -> Result<Options> {
        match self.node(g) {
            Node::Form {
                left: lefts,
                right: rights,
            } => Ok(if left { lefts } else { rights }.iter().copied().collect()),
            Node::Number(x) => {
                let (lower, upper) = number_options(*x)?;
                match if left { lower } else { upper } {
                    Some(option) => Ok(std::iter::once(self.number(option)?).collect()),
                    None => Ok(Options::new()),
                }
            }
        }
    }
}

/// The canonical options of the number `x`: `n = {n-1 | }` for `n > 0`, `-n = { | -n+1}`,
/// `m/2^k = {(m-1)/2^k | (m+1)/2^k}`.
fn number_options(x: Dyadic) -> Result<(Option<Dyadic>, Option<Dyadic>)> {
    if x.is_integer() {
        let n = x.numerator();
        Ok(match n.cmp(&0) {
            std::cmp::Ordering::Greater => (Some(Dyadic::integer(n - 1)?), None),
            std::cmp::Ordering::Less => (None, Some(Dyadic::integer(n + 1)?)),
            std::cmp::Ordering::Equal => (None, None),
        })
    } else {
        let (m, k) = (x.numerator(), x.exponent());
        Ok((Some(Dyadic::new(m - 1, k)?), Some(Dyadic::new(m + 1, k)?)))
    }
}
