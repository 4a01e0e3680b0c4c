//! The [`Ruleset`] trait that every game implements, and the generic memoised [`Solver`].
//!
//! A ruleset only lists moves; it never memoises, computes a mex or prints. The solver turns
//! moves into values by the Sprague-Grundy recursion, iteratively (no recursion limit), with a
//! memo keyed by canonical positions, cycle detection and limits. This module knows no ruleset
//! by name.

use std::collections::HashMap;
use std::fmt::Debug;
use std::hash::Hash;

use smallvec::SmallVec;

use crate::cancel::Cancel;
use crate::error::{Error, Limit, Result};
use crate::nimber::{MexSet, Nimber};
use crate::progress::Progress;
use crate::search::{depth_first, DepthFirst, Step};

/// The result of one move: the independent parts the position falls into.
///
/// Usually one part; none when the move finishes that part of the game; two or more when the
/// move splits a heap or a board. The value of a move is the nim-sum of its parts' values.
pub type Parts<P> = SmallVec<[P; 2]>;

/// The rules of an impartial game: which moves each position has.
///
/// # Example
/// A subtraction game where a move removes one or two tokens:
/// ```
/// use grundy::{Parts, Ruleset, Solver, Nimber};
///
/// struct OneOrTwo;
/// impl Ruleset for OneOrTwo {
///     type Position = u64;
///     fn moves(&self, heap: &u64, out: &mut Vec<Parts<u64>>) {
///         for take in 1..=2.min(*heap) {
///             out.push(Parts::from_slice(&[heap - take]));
///         }
///     }
///     fn describe(&self, from: &u64, to: &[u64]) -> String {
///         format!("take {}", from - to.first().copied().unwrap_or(0))
///     }
///     fn format(&self, positions: &[u64]) -> String {
///         format!("{positions:?}")
///     }
/// }
///
/// let mut solver = Solver::new(OneOrTwo);
/// assert_eq!(solver.value(&7).unwrap(), Nimber::new(1)); // 7 mod 3
/// ```
pub trait Ruleset {
    /// A position of one component.
    type Position: Clone + Eq + Hash + Debug;

    /// Appends every move from `position` to `out`, each as the parts it leaves.
    fn moves(&self, position: &Self::Position, out: &mut Vec<Parts<Self::Position>>);

    /// Appends every move from `position` to `out`, or fails: the hook for rulesets whose
    /// moves come from a callback that can fail (a game written in Python). Solvers call this
    /// and stop with the error, remembering nothing about `position`. The default calls
    /// [`moves`](Ruleset::moves) and never fails; a ruleset that overrides it should report the
    /// same error from every later call for the same position or list the moves correctly.
    ///
    /// # Errors
    /// Usually [`ErrorKind::Callback`](crate::ErrorKind::Callback); whatever the ruleset
    /// reports.
    fn try_moves(
        &self,
        position: &Self::Position,
        out: &mut Vec<Parts<Self::Position>>,
    ) -> Result<()> {
        self.moves(position, out);
        Ok(())
    }

    /// The representative of `position`'s class of equivalent positions (sorted heaps, a
    /// mirrored board), so that equivalent positions share one memo entry.
    fn canonical(&self, position: &Self::Position) -> Self::Position {
        position.clone()
    }

    /// The value of `position` by a proved formula, when the ruleset has one (Nim: the heap
    /// size). Solvers use it instead of searching; tests check it against search.
    fn closed_form(&self, _position: &Self::Position) -> Option<Nimber> {
        None
    }

    /// The moves from `position` whose value is `target`, when the ruleset can find them
    /// without listing every move (a Nim heap of size 10^18). `None` means "list them all".
    fn moves_to_value(
        &self,
        _position: &Self::Position,
        _target: Nimber,
    ) -> Option<Vec<Parts<Self::Position>>> {
        None
    }

    /// An upper bound on the number of moves from `position`, when it may be too large to list
    /// (a heap of 10^18 tokens). `None` means the moves are few enough to list.
    fn move_count(&self, _position: &Self::Position) -> Option<u64> {
        None
    }

    /// A short description of the move from `from` to the parts `to`, for hints and play.
    fn describe(&self, from: &Self::Position, to: &[Self::Position]) -> String;

    /// The spec text of the sum of `positions` in this ruleset (`kayles(3,8)`); `0` when empty.
    fn format(&self, positions: &[Self::Position]) -> String;
}

/// Who wins with perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The player to move wins (an N-position).
    NextWins,
    /// The player who just moved wins (a P-position).
    PreviousWins,
}

impl Outcome {
    /// The outcome in normal play of a position with Grundy value `value`.
    pub fn of(value: Nimber) -> Outcome {
        if value == Nimber::ZERO {
            Outcome::PreviousWins
        } else {
            Outcome::NextWins
        }
    }

    /// `"N"` or `"P"`.
    pub fn letter(self) -> &'static str {
        match self {
            Outcome::NextWins => "N",
            Outcome::PreviousWins => "P",
        }
    }
}

/// Bounds on a computation, so that no input can exhaust the machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Distinct positions a solver may remember (also the largest heap table).
    pub max_positions: u64,
    /// Moves a solver may examine, in total; a time limit that does not read the clock.
    pub max_work: u64,
    /// Moves that one position may have when all of them must be listed.
    pub max_moves: u64,
    /// Components written out in the positions that a list of moves leads to: each move names
    /// the whole game after it, so listing `m` moves of a game of `c` components costs `m·c`.
    pub max_output: u64,
    /// Bytes a search's transposition table may take ([`crate::positional::Table`]).
    pub max_memory: u64,
    /// A flag that stops the computation early, looked at wherever work is counted.
    pub cancel: Cancel,
    /// Counters a long search keeps up to date for a face's progress display (the positional
    /// search).
    pub progress: Progress,
}

/// `with_` methods of [`Limits`], one a field: these limits with that field set, the rest kept.
macro_rules! limits_with {
    ($($(#[$doc:meta])* $name:ident($field:ident: $kind:ty);)*) => {
        impl Limits {
            $($(#[$doc])* pub const fn $name(self, $field: $kind) -> Limits {
                Limits { $field, ..self }
            })*
        }
    };
}

limits_with! {
    /// These limits with [`Limits::max_positions`] set, the rest kept: with the other `with_`
    /// methods, the way to set a few limits and keep the defaults.
    ///
    /// ```
    /// use grundy::Limits;
    /// const SMALL: Limits = Limits::DEFAULT.with_max_positions(30).with_max_work(1 << 10);
    /// assert_eq!((SMALL.max_positions, SMALL.max_work), (30, 1 << 10));
    /// assert_eq!(SMALL.max_moves, Limits::DEFAULT.max_moves);
    /// ```
    with_max_positions(max_positions: u64);
    /// These limits with [`Limits::max_work`] set.
    with_max_work(max_work: u64);
    /// These limits with [`Limits::max_moves`] set.
    with_max_moves(max_moves: u64);
    /// These limits with [`Limits::max_output`] set.
    with_max_output(max_output: u64);
    /// These limits with [`Limits::max_memory`] set (bytes).
    with_max_memory(max_memory: u64);
    /// These limits stopped by `cancel`.
    with_cancel(cancel: Cancel);
    /// These limits reporting progress to `progress`.
    with_progress(progress: Progress);
}

impl Limits {
    /// About two million positions, 67 million moves examined (a few seconds), a million moves
    /// listed, four million components written out in the moves listed and a transposition
    /// table of 256 MiB: seconds of work and well under a gigabyte of memory. A constant, so
    /// that a face's own limits can start from it (`..Limits::DEFAULT`) in a `const`.
    pub const DEFAULT: Limits = Limits {
        max_positions: 1 << 21,
        max_work: 1 << 26,
        max_moves: 1 << 20,
        max_output: 1 << 22,
        max_memory: 1 << 28,
        cancel: Cancel::NEVER,
        progress: Progress::NONE,
    };

    /// Checks a search that has examined `work` moves so far: shows the count to the progress
    /// counters, then fails past [`Limits::max_work`] or when the cancel flag is raised.
    ///
    /// # Errors
    /// [`Limit::Work`] past the limit; [`crate::ErrorKind::Cancelled`] when cancelled.
    pub fn check_work(&self, work: u64) -> Result<()> {
        self.progress.show_work(work);
        if work > self.max_work {
            return Err(Error::limit(Limit::Work, self.max_work));
        }
        self.cancel.check()
    }
}

impl Default for Limits {
    /// [`Limits::DEFAULT`].
    fn default() -> Limits {
        Limits::DEFAULT
    }
}

/// Moves of one component as the parts each leaves, each standing for a class of moves.
pub type MoveList<R> = Vec<MoveClass<<R as Ruleset>::Position>>;

/// A move that stands for `count` moves of one position, all to games of the same value: one
/// per class of equivalent moves, where there are too many to list (the splits of a heap of
/// 10^18 whose parts repeat with a proved period). `count` is 1 for a move listed alone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveClass<P> {
    /// The parts the move leaves.
    pub parts: Parts<P>,
    /// How many moves of the position the class holds, this one included; distinct moves
    /// leave distinct games.
    pub count: u64,
}

/// The spec text of `positions` as one canonical sum in `rules`: the components sorted by
/// their own text, shorter first (so heaps sort by size), whatever order they came in.
///
/// # Example
/// ```
/// use grundy::{format_sorted, rules::Nim};
/// assert_eq!(format_sorted(&Nim, &[10, 2, 3]), "nim(2,3,10)");
/// ```
pub fn format_sorted<R: Ruleset>(rules: &R, positions: &[R::Position]) -> String {
    if positions.len() < 2 {
        return rules.format(positions);
    }
    let mut keyed: Vec<(String, &R::Position)> = positions
        .iter()
        .map(|position| (rules.format(std::slice::from_ref(position)), position))
        .collect();
    keyed.sort_by(|(a, _), (b, _)| a.len().cmp(&b.len()).then_with(|| a.cmp(b)));
    let sorted: Vec<R::Position> = keyed.into_iter().map(|(_, p)| p.clone()).collect();
    rules.format(&sorted)
}

/// Something that knows the Grundy value of positions of one ruleset.
///
/// [`Solver`] searches any ruleset; the heap engine tabulates heap games.
pub trait Evaluator {
    /// The ruleset evaluated.
    type Rules: Ruleset;

    /// The ruleset.
    fn rules(&self) -> &Self::Rules;

    /// The Grundy value of `position`.
    ///
    /// # Errors
    /// A cycle in the move graph, or a limit reached.
    fn value(&mut self, position: &<Self::Rules as Ruleset>::Position) -> Result<Nimber>;

    /// The limits in force.
    fn limits(&self) -> Limits;

    /// The moves from `position` whose value is `target`, when the evaluator can find them
    /// without listing every move (a heap of 10^18 tokens with a proved period). `None` means
    /// "list them all". Where there are too many to list, an evaluator may return one move of
    /// each class of moves it knows to be equivalent, with the class's exact size
    /// ([`MoveClass::count`]), and says so in its docs.
    ///
    /// # Errors
    /// A limit reached while valuing the moves.
    fn moves_to_value(
        &mut self,
        _position: &<Self::Rules as Ruleset>::Position,
        _target: Nimber,
    ) -> Result<Option<MoveList<Self::Rules>>> {
        Ok(None)
    }
}

/// The generic solver: memoised Grundy values by iterative depth-first search.
///
/// # Complexity
/// Each reachable canonical position is expanded once: time proportional to the number of
/// moves in the reachable graph, memory to the number of reachable positions.
pub struct Solver<R: Ruleset> {
    rules: R,
    memo: HashMap<R::Position, Nimber>,
    limits: Limits,
    work: u64,
    /// Moves waiting on the search's stack.
    held: u64,
    use_closed_forms: bool,
}

/// Moves the search may hold on its stack per position of [`Limits::max_positions`].
const MOVES_HELD_PER_POSITION: u64 = 8;

/// A position on the search's stack: its moves, the next to look at, and the values seen.
pub(crate) struct Frame<P> {
    position: P,
    moves: Vec<Parts<P>>,
    next: usize,
    seen: MexSet,
}

impl<R: Ruleset> Solver<R> {
    /// A solver with the default [`Limits`].
    pub fn new(rules: R) -> Solver<R> {
        Solver::with_limits(rules, Limits::default())
    }

    /// A solver with the given limits.
    pub fn with_limits(rules: R, limits: Limits) -> Solver<R> {
        Solver {
            rules,
            memo: HashMap::new(),
            limits,
            work: 0,
            held: 0,
            use_closed_forms: true,
        }
    }

    /// Whether to trust the ruleset's [`Ruleset::closed_form`] (on by default). Off, every
    /// value comes from search: that is how tests check the formulas.
    pub fn use_closed_forms(mut self, enabled: bool) -> Solver<R> {
        self.use_closed_forms = enabled;
        self
    }

    /// The ruleset.
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// Number of positions remembered so far.
    pub fn positions_solved(&self) -> usize {
        self.memo.len()
    }

    fn known(&self, position: &R::Position) -> Option<Nimber> {
        if self.use_closed_forms {
            if let Some(value) = self.rules.closed_form(position) {
                return Some(value);
            }
        }
        self.memo.get(position).copied()
    }

    /// The Grundy value of `position`.
    ///
    /// # Errors
    /// [`ErrorKind::Cycle`](crate::ErrorKind::Cycle) when a position can be reached from itself,
    /// naming the cycle; [`ErrorKind::LimitExceeded`](crate::ErrorKind::LimitExceeded) when the
    /// search needs more positions or work than allowed.
    pub fn value(&mut self, position: &R::Position) -> Result<Nimber> {
        let root = self.rules.canonical(position);
        if let Some(value) = self.known(&root) {
            return Ok(value);
        }
        self.held = 0;
        depth_first(self, root)
    }

    fn expand(&mut self, position: R::Position) -> Result<Frame<R::Position>> {
        check_move_count(&self.rules, &position, self.limits)?;
        let mut moves = Vec::new();
        self.rules.try_moves(&position, &mut moves)?;
        // The search takes the last-listed move first. Rulesets list moves by the amount
        // taken, smallest first, so the search reaches small positions first and stays
        // shallow: subtract-a-square from 10^5 holds a few thousand moves on its stack
        // instead of twenty million (a chain through every heap, each with its moves).
        moves.reverse();
        self.work += moves.len() as u64 + 1;
        self.limits.check_work(self.work)?;
        Ok(Frame {
            position,
            moves,
            next: 0,
            seen: MexSet::new(),
        })
    }
}

impl<R: Ruleset> DepthFirst for Solver<R> {
    type Node = R::Position;
    type Frame = Frame<R::Position>;
    type Answer = Nimber;

    fn open(&mut self, position: R::Position, depth: usize) -> Result<Frame<R::Position>> {
        let frame = self.expand(position)?;
        // Moves waiting on the stack cost memory too: a deep search through positions with
        // many moves each must stop before it exhausts the machine.
        self.held += frame.moves.len() as u64;
        let max_held = self
            .limits
            .max_positions
            .saturating_mul(MOVES_HELD_PER_POSITION);
        if depth > 0 && self.held > max_held {
            return Err(Error::limit(Limit::Positions, self.limits.max_positions));
        }
        Ok(frame)
    }

    fn node<'a>(&self, frame: &'a Frame<R::Position>) -> &'a R::Position {
        &frame.position
    }

    fn advance(&mut self, frame: &mut Frame<R::Position>) -> Result<Step<R::Position>> {
        while let Some(parts) = frame.moves.get(frame.next) {
            let mut value = Nimber::ZERO;
            for part in parts {
                let part = self.rules.canonical(part);
                match self.known(&part) {
                    Some(part_value) => value += part_value,
                    None => return Ok(Step::Descend(part)),
                }
            }
            frame.seen.insert(value);
            frame.next += 1;
        }
        Ok(Step::Done)
    }

    fn close(&mut self, mut frame: Frame<R::Position>) -> Result<Nimber> {
        self.held -= frame.moves.len() as u64;
        let value = frame.seen.mex();
        if self.memo.len() as u64 >= self.limits.max_positions {
            return Err(Error::limit(Limit::Positions, self.limits.max_positions));
        }
        self.memo.insert(frame.position, value);
        Ok(value)
    }

    fn format(&self, position: &R::Position) -> String {
        self.rules.format(std::slice::from_ref(position))
    }
}

/// Refuses to list the moves of `position` when there may be more than the limit allows.
///
/// # Errors
/// [`Limit::MovesPerPosition`] when [`Ruleset::move_count`] exceeds `limits.max_moves`.
pub fn check_move_count<R: Ruleset>(
    rules: &R,
    position: &R::Position,
    limits: Limits,
) -> Result<()> {
    match rules.move_count(position) {
        Some(count) if count > limits.max_moves => Err(Error::limit_needing(
            Limit::MovesPerPosition,
            limits.max_moves,
            count,
        )),
        _ => Ok(()),
    }
}

/// Refuses to list `moves` moves of a game of `components` components, each move naming the
/// whole game after it, when that writes out more components than the limit allows.
///
/// # Errors
/// [`Limit::Output`] when `moves · components` exceeds `limits.max_output`.
pub fn check_output(moves: usize, components: usize, limits: Limits) -> Result<()> {
    let needed = (moves as u64).saturating_mul(components as u64);
    if needed > limits.max_output {
        return Err(Error::limit_needing(
            Limit::Output,
            limits.max_output,
            needed,
        ));
    }
    Ok(())
}

impl<R: Ruleset> Evaluator for Solver<R> {
    type Rules = R;

    fn rules(&self) -> &R {
        &self.rules
    }

    fn value(&mut self, position: &R::Position) -> Result<Nimber> {
        Solver::value(self, position)
    }

    fn limits(&self) -> Limits {
        self.limits
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorKind;

    /// A token on a vertex of a small digraph given by adjacency lists.
    struct Graph(Vec<Vec<usize>>);

    impl Ruleset for Graph {
        type Position = usize;
        fn moves(&self, vertex: &usize, out: &mut Vec<Parts<usize>>) {
            out.extend(self.0[*vertex].iter().map(|&to| Parts::from_slice(&[to])));
        }
        fn describe(&self, from: &usize, to: &[usize]) -> String {
            format!("{from} to {to:?}")
        }
        fn format(&self, positions: &[usize]) -> String {
            format!("v{positions:?}")
        }
    }

    #[test]
    fn values_are_mex_of_options() {
        // 0 -> 1 -> 2, 0 -> 2: value(2) = 0, value(1) = 1, value(0) = mex{1, 0} = 2.
        let mut solver = Solver::new(Graph(vec![vec![1, 2], vec![2], vec![]]));
        assert_eq!(solver.value(&0), Ok(Nimber::new(2)));
        assert_eq!(solver.value(&1), Ok(Nimber::new(1)));
    }

    #[test]
    fn cycles_are_named() {
        let mut solver = Solver::new(Graph(vec![vec![1], vec![2], vec![0]]));
        let error = solver.value(&0).unwrap_err();
        assert_eq!(
            error.kind(),
            &ErrorKind::Cycle {
                path: ["v[0]", "v[1]", "v[2]", "v[0]"].map(String::from).to_vec()
            }
        );
    }

    #[test]
    fn deep_games_do_not_overflow_the_stack() {
        // A path of a million vertices: n -> n + 1.
        let n = 1_000_000;
        let graph = Graph(
            (0..n)
                .map(|v| if v + 1 < n { vec![v + 1] } else { vec![] })
                .collect(),
        );
        let mut solver = Solver::new(graph);
        assert_eq!(solver.value(&0), Ok(Nimber::new((n as u64 - 1) % 2)));
    }

    /// Subtract a square: `n` to `n - k²`, listed by `k` ascending.
    struct Squares;

    impl Ruleset for Squares {
        type Position = u64;
        fn moves(&self, heap: &u64, out: &mut Vec<Parts<u64>>) {
            out.extend(
                (1..)
                    .map(|k: u64| k * k)
                    .take_while(|square| square <= heap)
                    .map(|square| Parts::from_slice(&[heap - square])),
            );
        }
        fn describe(&self, from: &u64, to: &[u64]) -> String {
            format!("{from} to {to:?}")
        }
        fn format(&self, heaps: &[u64]) -> String {
            format!("squares{heaps:?}")
        }
    }

    #[test]
    fn games_with_many_moves_a_position_stay_within_the_default_limits() {
        // Taking the largest square first keeps the stack short; taking 1 first would chain
        // through all 10^5 heaps holding their 2 * 10^7 moves, beyond the limit.
        let last = 100_000;
        let mut values = vec![Nimber::ZERO; last + 1];
        for heap in 1..=last {
            let mut seen = MexSet::new();
            for k in (1..).take_while(|k| k * k <= heap) {
                seen.insert(values[heap - k * k]);
            }
            values[heap] = seen.mex();
        }
        let mut solver = Solver::new(Squares);
        assert_eq!(solver.value(&(last as u64)), Ok(values[last]));
    }

    #[test]
    fn position_limit_stops_the_search() {
        let n = 1000;
        let graph = Graph(
            (0..n)
                .map(|v| if v + 1 < n { vec![v + 1] } else { vec![] })
                .collect(),
        );
        let limits = Limits::DEFAULT.with_max_positions(100);
        let error = Solver::with_limits(graph, limits).value(&0).unwrap_err();
        assert!(error.is_limit(), "{error}");
    }
}
