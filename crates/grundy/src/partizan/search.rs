//! The outcome of a sum too large for its canonical form, by a search of who wins: minimax
//! over "the player to move wins" (a move wins when the other player, to move, loses; the
//! search stops at the first), with a transposition table.
//!
//! A position of the sum is kept as a number (all the numbers of the sum added into one), the
//! canonical forms of the parts small enough to value, and the positions of the parts too
//! large to value (each independent part of a ruleset's position valued alone, within
//! [`PART_WORK`] work, when the search meets it). A valued part moves to the options of its
//! canonical form; a part too large moves by its ruleset's rules. The number is moved in last:
//! by the number avoidance theorem a move in a number never wins where no other move does,
//! unless the rest is a number too. A position that is one value plus the number is decided
//! by the value's outcome class, with no search.
//!
//! Two cheap guides, on by default ([`OutcomeSearch::plain`] turns them off, to measure them):
//! the values are moved in hottest first (the widest gap between Left's and Right's stops),
//! each value's options best first for the mover (Left's by the Right stop they leave, highest
//! first; Right's by the Left stop, lowest first); and a position with no open part is
//! decided by the bounds on the stops of a sum, `RS(G) + RS(H) <= RS(G + H)` and
//! `LS(G + H) <= LS(G) + LS(H)`, when they settle it: the number plus every value's Right stop
//! above 0 is a win for Left whoever moves first (`RS > 0`), the number plus every Left stop
//! below 0 one for Right.
//!
//! ```
//! use grundy::partizan::search::{OutcomeSearch, Term};
//! use grundy::partizan::games::{Grid, Position};
//! use grundy::partizan::{Games, OutcomeClass};
//! let mut games = Games::new();
//! let up = games.up_multiple(1)?;
//! let board = Position::Domineering(Grid::rectangle(3, 3)?);
//! let mut search = OutcomeSearch::new(&mut games, Default::default());
//! // The 3 x 3 board is +-1 (Left or Right gains 1 by moving first); up tips it to Left.
//! let outcome = search.outcome(&[Term::Position(board), Term::Value(up)])?;
//! assert_eq!(outcome, OutcomeClass::Next);
//! # Ok::<(), grundy::Error>(())
//! ```

use rustc_hash::FxHashMap;

use super::compare::OutcomeClass;
use super::dyadic::Dyadic;
use super::games::{
    Clobber, Cutcake, Domineering, HackenbushString, PartizanRuleset, PartizanSolver, Position,
    Strip, ToadsAndFrogs,
};
use super::table::{Game, Games};
use crate::error::{Error, ErrorKind, Limit, Result};
use crate::game::Limits;

/// The work one part may take to be valued when the search meets it; a part that takes more
/// is searched by its moves.
pub const PART_WORK: u64 = 1 << 14;

/// A part is valued within at most this share of the search's work left (`1/16`).
const PART_SHARE: u64 = 16;

/// One term of a sum to search: a value, or a position of a ruleset (valued part by part when
/// small enough, else searched by its moves).
#[derive(Clone, Debug)]
pub enum Term {
    /// A canonical form.
    Value(Game),
    /// A ruleset's position.
    Position(Position),
}

/// A position of the sum being searched.
#[derive(Clone, Debug)]
struct State {
    /// The numbers of the sum, added.
    number: Game,
    /// The values of the valued parts that are not numbers, sorted.
    values: Vec<Game>,
    /// The parts too large to value, with their text, sorted by it.
    open: Vec<(String, Position)>,
}

/// What the transposition table knows a state by.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Key {
    left: bool,
    number: Game,
    values: Vec<Game>,
    open: Vec<String>,
}

/// The search: its table of canonical forms, its limits and what it has learnt.
pub struct OutcomeSearch<'g> {
    games: &'g mut Games,
    limits: Limits,
    work: u64,
    /// The values of the parts met, by text: `None` for a part too large to value.
    parts: FxHashMap<String, Option<Game>>,
    /// Whether the player to move wins, by state.
    memo: FxHashMap<Key, bool>,
    /// The rulesets' solvers, kept from one part to the next.
    solvers: Solvers,
    /// The most work one part may take to be valued.
    part_work: u64,
    /// Whether the guides are on: hottest values first, best options first, stop bounds.
    guided: bool,
}

/// A solver for each ruleset whose rules do not depend on the position (what one valued, or
/// began to value before its budget ran out, serves the next part); a graph's game is valued
/// by a fresh solver each time.
#[derive(Default)]
struct Solvers {
    hackenbush: Option<PartizanSolver<HackenbushString>>,
    toads: Option<PartizanSolver<ToadsAndFrogs>>,
    domineering: Option<PartizanSolver<Domineering>>,
    clobber: Option<PartizanSolver<Clobber>>,
    cutcake: Option<PartizanSolver<Cutcake>>,
}

/// Values `position` with the solver kept in `slot` (made on first use), within `limits`:
/// the value or why not, and the work done.
fn value_with<R: PartizanRuleset>(
    slot: &mut Option<PartizanSolver<R>>,
    rules: impl FnOnce() -> R,
    games: &mut Games,
    position: &R::Position,
    limits: Limits,
) -> (Result<Game>, u64) {
    let solver = slot.get_or_insert_with(|| PartizanSolver::with_limits(rules(), limits));
    solver.restart(limits);
    let value = solver.value(games, position);
    (value, solver.work())
}

impl Solvers {
    /// The value of `part` within `limits` (or why not), and the work done.
    fn value(&mut self, games: &mut Games, part: &Position, limits: Limits) -> (Result<Game>, u64) {
        match part {
            Position::Hackenbush(edges) => value_with(
                &mut self.hackenbush,
                || HackenbushString,
                games,
                edges,
                limits,
            ),
            Position::Toads(squares) => value_with(
                &mut self.toads,
                || ToadsAndFrogs,
                games,
                &Strip::from_valid(squares),
                limits,
            ),
            Position::Domineering(grid) => {
                value_with(&mut self.domineering, || Domineering, games, grid, limits)
            }
            Position::Clobber(board) => {
                value_with(&mut self.clobber, || Clobber, games, board, limits)
            }
            Position::Cutcake(pieces) => {
                value_with(&mut self.cutcake, || Cutcake, games, pieces, limits)
            }
            Position::HackenbushGraph(_) | Position::Colouring(_) => {
                match part.value(games, limits, 0, false) {
                    Ok(valued) => (Ok(valued.value), valued.work),
                    Err(error) => (Err(error), limits.max_work),
                }
            }
        }
    }
}

impl<'g> OutcomeSearch<'g> {
    /// A search keeping its forms in `games`, bounded by `limits`: [`Limits::max_work`] (each
    /// state searched counts one, and a part valued its solver's work), [`Limits::max_positions`]
    /// states remembered, and the cancel flag.
    pub fn new(games: &'g mut Games, limits: Limits) -> OutcomeSearch<'g> {
        OutcomeSearch {
            games,
            limits,
            work: 0,
            parts: FxHashMap::default(),
            memo: FxHashMap::default(),
            solvers: Solvers::default(),
            part_work: PART_WORK,
            guided: true,
        }
    }

    /// The same search without its guides (values and options in the table's order, no stop
    /// bounds): the plain minimax, for measuring what the guides save.
    pub fn plain(mut self) -> OutcomeSearch<'g> {
        self.guided = false;
        self
    }

    /// The same search, each part valued within at most `work` (instead of [`PART_WORK`]): 0
    /// values none, so that every position is searched by its moves.
    pub fn with_part_work(mut self, work: u64) -> OutcomeSearch<'g> {
        self.part_work = work;
        self
    }

    /// The work done so far.
    pub fn work(&self) -> u64 {
        self.work
    }

    /// The outcome class of the sum of `terms`.
    ///
    /// # Errors
    /// The limits; the table's.
    pub fn outcome(&mut self, terms: &[Term]) -> Result<OutcomeClass> {
        let left = self.mover_wins(terms, true)?;
        let right = self.mover_wins(terms, false)?;
        Ok(match (left, right) {
            (true, true) => OutcomeClass::Next,
            (true, false) => OutcomeClass::Left,
            (false, true) => OutcomeClass::Right,
            (false, false) => OutcomeClass::Previous,
        })
    }

    /// Whether the player to move, Left (`left`) or Right, wins the sum of `terms`.
    ///
    /// # Errors
    /// The limits; the table's.
    pub fn mover_wins(&mut self, terms: &[Term], left: bool) -> Result<bool> {
        let mut state = State {
            number: self.games.zero(),
            values: Vec::new(),
            open: Vec::new(),
        };
        for term in terms {
            match term {
                Term::Value(g) => self.add_value(&mut state, *g)?,
                Term::Position(position) => self.add_position(&mut state, position)?,
            }
        }
        self.wins(&state, left)
    }

    /// Adds the value `g` to `state`: into the number, or beside the values (cancelling its
    /// negative there).
    fn add_value(&mut self, state: &mut State, g: Game) -> Result<()> {
        if self.games.as_number(g).is_some() {
            state.number = self.games.add(state.number, g)?;
            return Ok(());
        }
        let negative = self.games.neg(g)?;
        if let Some(at) = state.values.iter().position(|&v| v == negative) {
            state.values.remove(at);
            return Ok(());
        }
        let at = state.values.partition_point(|&v| v < g);
        state.values.insert(at, g);
        Ok(())
    }

    /// Adds `position` to `state`, part by part: each valued within [`PART_WORK`], or kept as
    /// a position when that is not enough.
    fn add_position(&mut self, state: &mut State, position: &Position) -> Result<()> {
        for part in position.parts() {
            let text = part.text();
            let value = match self.parts.get(&text) {
                Some(&known) => known,
                None => {
                    let known = self.value_part(&part)?;
                    self.parts.insert(text.clone(), known);
                    known
                }
            };
            match value {
                Some(g) => self.add_value(state, g)?,
                None => {
                    let at = state.open.partition_point(|(other, _)| *other < text);
                    state.open.insert(at, (text, part));
                }
            }
        }
        Ok(())
    }

    /// The value of `part` within [`PART_WORK`] (and a sixteenth of the work left), or `None`
    /// when it needs more.
    fn value_part(&mut self, part: &Position) -> Result<Option<Game>> {
        let left = self.limits.max_work.saturating_sub(self.work);
        let limits = self
            .limits
            .with_max_work(self.part_work.min(left / PART_SHARE));
        let (result, work) = self.solvers.value(self.games, part, limits);
        self.work = self.work.saturating_add(work);
        match result {
            Ok(value) => Ok(Some(value)),
            Err(error) if too_large(&error) => {
                self.limits.check_work(self.work)?;
                Ok(None)
            }
            Err(error) => Err(error),
        }
    }

    /// Whether the player to move, `left` or Right, wins from `state`.
    fn wins(&mut self, state: &State, left: bool) -> Result<bool> {
        self.work = self.work.saturating_add(1);
        self.limits.check_work(self.work)?;
        if state.open.is_empty() && state.values.len() <= 1 {
            let g = match state.values.first() {
                Some(&value) => self.games.add(value, state.number)?,
                None => state.number,
            };
            let outcome = self.games.outcome(g)?;
            return Ok(matches!(
                (outcome, left),
                (OutcomeClass::Next, _) | (OutcomeClass::Left, true) | (OutcomeClass::Right, false)
            ));
        }
        if let Some(decided) = self.bounded(state, left) {
            return Ok(decided);
        }
        let key = Key {
            left,
            number: state.number,
            values: state.values.clone(),
            open: state.open.iter().map(|(text, _)| text.clone()).collect(),
        };
        if let Some(&known) = self.memo.get(&key) {
            return Ok(known);
        }
        let wins = self.some_move_wins(state, left)?;
        let max = self.limits.max_positions;
        if u64::try_from(self.memo.len()).unwrap_or(u64::MAX) >= max {
            return Err(Error::limit(Limit::Positions, max));
        }
        self.memo.insert(key, wins);
        Ok(wins)
    }

    /// Whether the stops alone decide `state` for the mover, `left` or Right: with no open part,
    /// the number plus the values' Right stops bounds the sum's Right stop from below, and
    /// plus their Left stops bounds its Left stop from above.
    fn bounded(&self, state: &State, left: bool) -> Option<bool> {
        if !self.guided || !state.open.is_empty() {
            return None;
        }
        let (number, _) = self.games.stops(state.number)?;
        let (mut high, mut low) = (number, number);
        for &value in &state.values {
            let (left_stop, right_stop) = self.games.stops(value)?;
            high = high.checked_add(left_stop).ok()?;
            low = low.checked_add(right_stop).ok()?;
        }
        if low > Dyadic::ZERO {
            // RS(sum) > 0: Left wins moving first or second.
            Some(left)
        } else if high < Dyadic::ZERO {
            // LS(sum) < 0: Right wins moving first or second.
            Some(!left)
        } else {
            None
        }
    }

    /// The order to try the values of `state` in: hottest first (the widest gap between the
    /// stops) when guided, else as they stand.
    fn value_order(&self, state: &State) -> Vec<usize> {
        let mut order: Vec<usize> = (0..state.values.len()).collect();
        if self.guided {
            let width = |g: Game| {
                self.games
                    .stops(g)
                    .and_then(|(l, r)| l.checked_add(r.neg()).ok())
            };
            order.sort_by_key(|&index| std::cmp::Reverse(width(state.values[index])));
        }
        order
    }

    /// `left`'s (or Right's) options of `g`, best first for the mover when guided: Left's by
    /// the Right stop they leave, highest first; Right's by the Left stop, lowest first.
    fn ordered_options(&mut self, g: Game, left: bool) -> Result<Vec<Game>> {
        let mut options = self.options(g, left)?;
        if self.guided {
            let games = &*self.games;
            if left {
                options.sort_by_key(|&o| std::cmp::Reverse(games.stops(o).map(|s| s.1)));
            } else {
                options.sort_by_key(|&o| games.stops(o).map(|s| s.0));
            }
        }
        Ok(options)
    }

    /// Whether some move of `left` (or Right) from `state` leaves the other player, to move,
    /// losing: moves in the large parts first, then in the values, the number last.
    fn some_move_wins(&mut self, state: &State, left: bool) -> Result<bool> {
        for index in 0..state.open.len() {
            for option in state.open[index].1.options(left) {
                let mut next = state.clone();
                next.open.remove(index);
                self.add_position(&mut next, &option)?;
                if !self.wins(&next, !left)? {
                    return Ok(true);
                }
            }
        }
        for index in self.value_order(state) {
            if index > 0 && state.values[index] == state.values[index - 1] {
                continue;
            }
            for option in self.ordered_options(state.values[index], left)? {
                let mut next = state.clone();
                next.values.remove(index);
                self.add_value(&mut next, option)?;
                if !self.wins(&next, !left)? {
                    return Ok(true);
                }
            }
        }
        for option in self.options(state.number, left)? {
            let mut next = state.clone();
            next.number = option;
            if !self.wins(&next, !left)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The options of `g`'s canonical form for `left` or Right.
    fn options(&mut self, g: Game, left: bool) -> Result<Vec<Game>> {
        Ok(self.games.options(g, left)?.into_iter().collect())
    }
}

/// Whether `error` says a value needs more than the limits allow (work or positions), so that
/// a search by moves may answer instead.
pub fn too_large(error: &Error) -> bool {
    matches!(
        error.kind(),
        ErrorKind::LimitExceeded {
            limit: Limit::Work | Limit::Positions,
            ..
        }
    )
}
