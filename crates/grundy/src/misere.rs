//! Misère play: the player who makes the last move loses.
//!
//! Misère values do not add: `*1 + *1` is a first-player win in normal play's terms of values
//! (value 0, so a loss) but a win in misère play, while `*1` alone is a misère loss. So a sum is
//! searched as one game, its position being the multiset of its components
//! ([`crate::whole::State`]), memoised and iteratively, within [`Limits`].
//!
//! What the search computes:
//! - the misère outcome (P or N), stopping at the first winning move found;
//! - the *misère Grundy value* `g⁻(G)`: 1 when `G` has no move, otherwise the mex of its
//!   options' misère values. `G` is a misère P-position exactly when `g⁻(G) = 0`;
//! - the **genus** `g^{γ₀γ₁γ₂…}` (Conway, *On Numbers and Games*, ch. 12; *Winning Ways*,
//!   ch. 13): `g` is the normal-play value and `γₖ = g⁻(G + *2 + … + *2)` with `k` copies of
//!   `*2`. The sequence `γ` is eventually periodic with period 2 and is written only up to
//!   where its last two digits alternate forever (`*0` has genus `0^120`).
//!
//! The genus is computed from the genera of the options, never by adding heaps of `*2`: the
//! options of `G + k·*2` are `G' + k·*2`, `G + (k−1)·*2 + *1` and `G + (k−1)·*2`, and
//! `g⁻(H + *1) = g⁻(H) ⊕ 1` for every game `H` (induction on `H`), so
//! `γₖ = mex({γₖ(G')} ∪ {γₖ₋₁, γₖ₋₁ ⊕ 1})`. If every option's sequence is 2-periodic from
//! index `m ≥ 1` on, `G`'s is 2-periodic from `m + 2` on (the map `γₖ₋₂ ↦ γₖ` is then the same
//! idempotent function for every `k` of one parity), which bounds how far to compute. Tests
//! check both against the definition.
//!
//! Nim has closed forms (Bouton, 1901): see [`nim_outcome`] and [`Genus::nim`].
//!
//! A game is *tame* (Conway, ONAG ch. 12) when every position of it has the genus of some Nim
//! position: `0^120`, `1^031`, or `g^{g(g⊕2)}`. Tame games add like misère Nim.
//! [`heap_sequence`] reports where a heap game stops being tame. Winning Ways' wider sense
//! (wild positions that reverse through tame ones) is not checked.

use std::collections::HashMap;
use std::fmt;

use smallvec::SmallVec;

use crate::error::{Error, Limit, Result};
use crate::game::{Limits, Outcome};
use crate::heap::HeapSolver;
use crate::nimber::{MexSet, Nimber};
use crate::rules::HeapRule;
use crate::search::{depth_first, DepthFirst, Step};
use crate::sum::{RulesetTerm, Sum, Term};
use crate::whole::{State, SumGraph};

/// The outcome of misère Nim by Bouton's rule: while some heap has two or more tokens, play as
/// in normal Nim (P exactly when the nim-sum is 0); when every heap has at most one token, the
/// player to move loses exactly when the number of one-token heaps is odd.
///
/// # Example
/// ```
/// use grundy::{misere::nim_outcome, Outcome};
/// assert_eq!(nim_outcome(&[1, 1, 1]), Outcome::PreviousWins); // take one, take one, take the last
/// assert_eq!(nim_outcome(&[2, 2]), Outcome::PreviousWins);
/// assert_eq!(nim_outcome(&[]), Outcome::NextWins); // no move left: the player to move wins
/// ```
pub fn nim_outcome(heaps: &[u64]) -> Outcome {
    if nim_misere_value(heaps) == Nimber::ZERO {
        Outcome::PreviousWins
    } else {
        Outcome::NextWins
    }
}

/// The misère Grundy value of a Nim position: the nim-sum when some heap has two or more
/// tokens, the nim-sum ⊕ 1 otherwise (every Nim position is tame; see [`Genus::nim`]).
///
/// # Example
/// ```
/// use grundy::{misere::nim_misere_value, Nimber};
/// assert_eq!(nim_misere_value(&[3, 4, 5]), Nimber::new(2));
/// assert_eq!(nim_misere_value(&[1, 1]), Nimber::new(1));
/// ```
pub fn nim_misere_value(heaps: &[u64]) -> Nimber {
    Genus::nim(heaps).misere_value()
}

/// The genus of a game: its normal-play value and its misère values with 0, 1, 2, ... copies of
/// `*2` added (see the [module docs](self)).
///
/// # Example
/// ```
/// use grundy::misere::Genus;
/// assert_eq!(Genus::nim(&[]).to_string(), "0^120");
/// assert_eq!(Genus::nim(&[1]).to_string(), "1^031");
/// assert_eq!(Genus::nim(&[2]).to_string(), "2^20");
/// let two = Genus::nim(&[2]);
/// assert_eq!(Genus::of_options(&[&Genus::nim(&[]), &Genus::nim(&[1])]), two); // *2 = {0, *1}
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Genus {
    normal: Nimber,
    /// γ₀, γ₁, ... up to where the last two alternate forever; at least two digits, as few as
    /// that allows, so that equal genera have equal digits.
    misere: SmallVec<[u64; 4]>,
}

impl Genus {
    /// The genus with normal value `normal` and misère digits `digits`, where the sequence
    /// continues by alternating the last two digits forever.
    ///
    /// # Errors
    /// Fewer than two digits.
    ///
    /// # Example
    /// ```
    /// use grundy::{misere::Genus, Nimber};
    /// let zero = Genus::new(Nimber::ZERO, &[1, 2, 0, 2, 0])?;
    /// assert_eq!(zero.digits(), [1, 2, 0]);
    /// assert_eq!(zero, Genus::nim(&[]));
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn new(normal: Nimber, digits: &[u64]) -> Result<Genus> {
        if digits.len() < 2 {
            return Err(Error::invalid_position(
                "a genus needs at least two misère digits",
            ));
        }
        Ok(Genus::trimmed(normal, digits.iter().copied().collect()))
    }

    fn trimmed(normal: Nimber, mut misere: SmallVec<[u64; 4]>) -> Genus {
        while misere.len() > 2 && misere[misere.len() - 1] == misere[misere.len() - 3] {
            misere.pop();
        }
        Genus { normal, misere }
    }

    /// The genus of a Nim position with these heaps (zeros allowed). A position with a heap of
    /// two or more is *firm*: `g^{g(g⊕2)}` with `g` the nim-sum; otherwise it is *fickle*:
    /// `0^120` or `1^031` (Conway, ONAG ch. 12).
    pub fn nim(heaps: &[u64]) -> Genus {
        let value = heaps.iter().fold(0, |sum, &heap| sum ^ heap);
        if heaps.iter().any(|&heap| heap >= 2) {
            Genus::trimmed(
                Nimber::new(value),
                SmallVec::from_slice(&[value, value ^ 2]),
            )
        } else {
            Genus::trimmed(
                Nimber::new(value),
                SmallVec::from_slice(&[value ^ 1, value ^ 2, value]),
            )
        }
    }

    /// The genus of a game whose options have the genera `options` (none: the game is over).
    ///
    /// # Complexity
    /// O(n · d) for n options whose digit sequences settle by index d.
    pub fn of_options(options: &[&Genus]) -> Genus {
        let mut seen = MexSet::new();
        for option in options {
            seen.insert(option.normal);
        }
        let normal = seen.mex();
        let settled = options
            .iter()
            .map(|option| option.periodic_from())
            .max()
            .unwrap_or(0)
            .max(1);
        let last = settled + 4;
        let mut digits: SmallVec<[u64; 4]> = SmallVec::with_capacity(last + 1);
        for copies in 0..=last {
            seen.clear();
            for option in options {
                seen.insert(option.digit(copies));
            }
            if let Some(&previous) = digits.last() {
                seen.insert(Nimber::new(previous));
                seen.insert(Nimber::new(previous ^ 1));
            } else if options.is_empty() {
                // No move at all: the player to move has already won, misère value 1.
                seen.insert(Nimber::ZERO);
            }
            digits.push(seen.mex().value());
        }
        Genus::trimmed(normal, digits)
    }

    /// The normal-play Grundy value `g`.
    pub fn normal_value(&self) -> Nimber {
        self.normal
    }

    /// The misère Grundy value `γ₀`: 0 exactly on misère P-positions.
    pub fn misere_value(&self) -> Nimber {
        Nimber::new(self.misere[0])
    }

    /// The misère value with `copies` heaps of `*2` added: `γ_copies`.
    pub fn digit(&self, copies: usize) -> Nimber {
        let length = self.misere.len();
        let index = if copies < length {
            copies
        } else {
            length - 2 + (copies - length) % 2
        };
        Nimber::new(self.misere[index])
    }

    /// The misère digits as written: the last two alternate forever.
    pub fn digits(&self) -> &[u64] {
        &self.misere
    }

    /// The first index from which the digits repeat with period 2.
    fn periodic_from(&self) -> usize {
        self.misere.len() - 2
    }

    /// The misère outcome: P exactly when the misère value is 0.
    pub fn misere_outcome(&self) -> Outcome {
        if self.misere_value() == Nimber::ZERO {
            Outcome::PreviousWins
        } else {
            Outcome::NextWins
        }
    }

    /// Whether this is the genus of some Nim position: `0^120`, `1^031` or `g^{g(g⊕2)}`.
    ///
    /// # Example
    /// ```
    /// use grundy::{misere::Genus, Nimber};
    /// assert!(Genus::nim(&[2, 2]).is_tame()); // 0^02
    /// assert!(!Genus::new(Nimber::new(4), &[1, 4, 6])?.is_tame());
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn is_tame(&self) -> bool {
        let g = self.normal.value();
        let firm = self.misere.as_slice() == [g, g ^ 2];
        let fickle = g < 2 && self.misere.as_slice() == [g ^ 1, g ^ 2, g];
        firm || fickle
    }
}

impl fmt::Display for Genus {
    /// `g^γ₀γ₁…` as Conway writes it (`0^120`); with commas and parentheses when a digit has
    /// two or more figures (`6^(1,9,10,8)`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digits: Vec<String> = self.misere.iter().map(u64::to_string).collect();
        if self.misere.iter().any(|&digit| digit >= 10) {
            write!(f, "{}^({})", self.normal, digits.join(","))
        } else {
            write!(f, "{}^{}", self.normal, digits.concat())
        }
    }
}

/// Moves examined by the search of a sum of heaps of one heap game before its misère quotient
/// is asked instead (by the reports and by the computer player).
pub const TRIAL_WORK: u64 = 1 << 18;

/// Misère outcomes, values and genera of whole sums, by memoised iterative search.
///
/// # Example
/// ```
/// use grundy::{misere::MisereSolver, spec, Limits, Nimber, Outcome};
/// let sum = spec::parse("kayles(4) + nim(1)")?;
/// let mut solver = MisereSolver::new(&sum, Limits::default())?;
/// let start = solver.graph().state_of(&sum)?;
/// assert_eq!(solver.outcome(&start)?, Outcome::NextWins);
/// assert_eq!(solver.genus(&start)?.to_string(), "0^120"); // kayles(4) behaves like *1 here
/// # Ok::<(), grundy::Error>(())
/// ```
pub struct MisereSolver {
    graph: SumGraph,
    next_wins: HashMap<State, bool>,
    genera: HashMap<State, Genus>,
    use_closed_forms: bool,
    first_wild: Option<(State, Genus)>,
}

/// A state on the search's stack: its moves and the next to look at.
pub(crate) struct Frame {
    state: State,
    children: Vec<State>,
    next: usize,
}

impl MisereSolver {
    /// A solver for `sum` and the sums its moves lead to.
    ///
    /// # Errors
    /// A term that cannot be searched as a whole.
    pub fn new(sum: &Sum, limits: Limits) -> Result<MisereSolver> {
        Ok(MisereSolver {
            graph: SumGraph::new(sum, limits)?,
            next_wins: HashMap::new(),
            genera: HashMap::new(),
            use_closed_forms: true,
            first_wild: None,
        })
    }

    /// Whether to use Bouton's rule for positions of plain Nim (on by default). Off, every
    /// answer comes from search: that is how tests check the rule.
    pub fn use_closed_forms(mut self, enabled: bool) -> MisereSolver {
        self.use_closed_forms = enabled;
        self
    }

    /// The graph of states searched.
    pub fn graph(&mut self) -> &mut SumGraph {
        &mut self.graph
    }

    /// Positions remembered so far.
    pub fn positions_solved(&self) -> usize {
        self.next_wins.len() + self.genera.len()
    }

    /// The first position, in the order genera were computed, whose genus is not that of a Nim
    /// position, with its genus.
    pub fn first_wild(&self) -> Option<(&State, &Genus)> {
        self.first_wild
            .as_ref()
            .map(|(state, genus)| (state, genus))
    }

    fn nim_heaps(&mut self, state: &[u64]) -> Option<Vec<u64>> {
        if !self.use_closed_forms {
            return None;
        }
        state
            .iter()
            .map(|&component| self.graph.nim_heap(component))
            .collect()
    }

    fn known_outcome(&mut self, state: &State) -> Option<bool> {
        if state.is_empty() {
            return Some(true);
        }
        if let Some(&next_wins) = self.next_wins.get(state) {
            return Some(next_wins);
        }
        if let Some(genus) = self.genera.get(state) {
            return Some(genus.misere_value() != Nimber::ZERO);
        }
        let heaps = self.nim_heaps(state)?;
        Some(nim_outcome(&heaps) == Outcome::NextWins)
    }

    fn known_genus(&mut self, state: &State) -> Option<Genus> {
        if let Some(genus) = self.genera.get(state) {
            return Some(genus.clone());
        }
        let heaps = self.nim_heaps(state)?;
        Some(Genus::nim(&heaps))
    }

    fn check_room(&self) -> Result<()> {
        let max = self.graph.limits().max_positions;
        if self.positions_solved() as u64 >= max {
            return Err(Error::limit(Limit::Positions, max));
        }
        Ok(())
    }

    fn expand(&mut self, state: State) -> Result<Frame> {
        let mut children = Vec::new();
        self.graph.successors(&state, &mut children)?;
        Ok(Frame {
            state,
            children,
            next: 0,
        })
    }

    /// The misère outcome of `state`: N when the player to move wins.
    ///
    /// # Errors
    /// [`ErrorKind::Cycle`](crate::ErrorKind::Cycle) when a position repeats (misère play of
    /// games with cycles is not analysed); a limit reached.
    pub fn outcome(&mut self, state: &State) -> Result<Outcome> {
        let next_wins = self.next_wins_in(state)?;
        Ok(if next_wins {
            Outcome::NextWins
        } else {
            Outcome::PreviousWins
        })
    }

    fn next_wins_in(&mut self, root: &State) -> Result<bool> {
        if let Some(known) = self.known_outcome(root) {
            return Ok(known);
        }
        depth_first(&mut OutcomeSearch(self), root.clone())
    }

    /// The genus of `state` (its misère value is [`Genus::misere_value`]).
    ///
    /// # Errors
    /// As for [`outcome`](MisereSolver::outcome); the genus needs every position reachable.
    pub fn genus(&mut self, root: &State) -> Result<Genus> {
        if let Some(known) = self.known_genus(root) {
            return Ok(known);
        }
        depth_first(&mut GenusSearch(self), root.clone())
    }
}

/// The search for misère outcomes: a position is N when some move leads to a P-position, or
/// when it has no move at all.
struct OutcomeSearch<'a>(&'a mut MisereSolver);

impl DepthFirst for OutcomeSearch<'_> {
    type Node = State;
    type Frame = Frame;
    type Answer = bool;

    fn open(&mut self, state: State, _depth: usize) -> Result<Frame> {
        self.0.expand(state)
    }

    fn node<'a>(&self, frame: &'a Frame) -> &'a State {
        &frame.state
    }

    fn advance(&mut self, frame: &mut Frame) -> Result<Step<State>> {
        while let Some(child) = frame.children.get(frame.next) {
            match self.0.known_outcome(child) {
                // A move to a P-position wins: the rest need no search.
                Some(false) => break,
                Some(true) => frame.next += 1,
                None => return Ok(Step::Descend(child.clone())),
            }
        }
        Ok(Step::Done)
    }

    fn close(&mut self, frame: Frame) -> Result<bool> {
        // The search stopped before the end at a move to a P-position; with no move at all
        // the player to move has won.
        let next_wins = frame.next < frame.children.len() || frame.children.is_empty();
        self.0.check_room()?;
        self.0.next_wins.insert(frame.state, next_wins);
        Ok(next_wins)
    }

    fn format(&self, state: &State) -> String {
        self.0.graph.format(state)
    }
}

/// The search for genera: a position's genus comes from the genera of all its moves.
struct GenusSearch<'a>(&'a mut MisereSolver);

impl DepthFirst for GenusSearch<'_> {
    type Node = State;
    type Frame = Frame;
    type Answer = Genus;

    fn open(&mut self, state: State, _depth: usize) -> Result<Frame> {
        self.0.expand(state)
    }

    fn node<'a>(&self, frame: &'a Frame) -> &'a State {
        &frame.state
    }

    fn advance(&mut self, frame: &mut Frame) -> Result<Step<State>> {
        while let Some(child) = frame.children.get(frame.next) {
            if !self.0.genera.contains_key(child) && self.0.known_genus(child).is_none() {
                return Ok(Step::Descend(child.clone()));
            }
            frame.next += 1;
        }
        Ok(Step::Done)
    }

    fn close(&mut self, frame: Frame) -> Result<Genus> {
        let mut options = Vec::with_capacity(frame.children.len());
        for child in &frame.children {
            match self.0.known_genus(child) {
                Some(genus) => options.push(genus),
                None => unreachable!("every option was solved before its parent"),
            }
        }
        let genus = Genus::of_options(&options.iter().collect::<Vec<_>>());
        self.0.check_room()?;
        if self.0.first_wild.is_none() && !genus.is_tame() {
            self.0.first_wild = Some((frame.state.clone(), genus.clone()));
        }
        self.0.genera.insert(frame.state, genus.clone());
        Ok(genus)
    }

    fn format(&self, state: &State) -> String {
        self.0.graph.format(state)
    }
}

/// Where a heap game stops being tame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WildPosition {
    /// The smallest heap from which the position can be reached.
    pub heap: u64,
    /// The position, as spec text (a heap or a sum of heaps).
    pub position: String,
    /// Its genus, which no Nim position has.
    pub genus: Genus,
}

/// The genera of single heaps of a heap game, and where it stops being tame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MisereSequence {
    /// `genera[n]` is the genus of a heap of `n` tokens.
    pub genera: Vec<Genus>,
    /// The first heap (smallest) one of whose positions has a genus no Nim position has;
    /// `None` when heaps `0..=last` are tame.
    pub first_wild: Option<WildPosition>,
}

/// The genus of every heap `0..=last` of `rule` (so its misère values), and where the game
/// stops being tame, by searching the sums of heaps each heap can reach.
///
/// # Errors
/// A limit reached: positions, work or heaps (`last` above [`Limits::max_positions`]).
///
/// # Example
/// ```
/// use grundy::{misere::heap_sequence, rules::TakeBreak, rules::HeapRule, Limits};
/// let kayles = HeapRule::TakeBreak(TakeBreak::named("kayles").unwrap());
/// let sequence = heap_sequence(&kayles, 6, Limits::default())?;
/// let values: Vec<u64> = sequence.genera.iter().map(|g| g.misere_value().value()).collect();
/// assert_eq!(values, [1, 0, 2, 3, 0, 1, 3]);
/// assert_eq!(sequence.first_wild.map(|wild| wild.heap), Some(5)); // 4^146
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn heap_sequence(rule: &HeapRule, last: u64, limits: Limits) -> Result<MisereSequence> {
    if last >= limits.max_positions {
        return Err(Error::limit_needing(
            Limit::HeapTable,
            limits.max_positions,
            last.saturating_add(1),
        ));
    }
    let term = RulesetTerm::new(
        HeapSolver::with_limits(rule.clone(), limits),
        (1..=last).collect(),
    );
    let ids = term.position_ids()?;
    let sum = Sum::new(vec![Box::new(term)]);
    let mut solver = MisereSolver::new(&sum, limits)?;
    let mut genera = Vec::new();
    let mut first_wild = None;
    for heap in 0..=last {
        let positions = match heap {
            0 => vec![Vec::new()],
            _ => vec![vec![ids[heap as usize - 1]]],
        };
        let state = solver.graph().state(&positions)?;
        genera.push(solver.genus(&state)?);
        if first_wild.is_none() {
            if let Some((state, genus)) = solver.first_wild() {
                first_wild = Some(WildPosition {
                    heap,
                    position: solver.graph.format(state),
                    genus: genus.clone(),
                });
            }
        }
    }
    Ok(MisereSequence { genera, first_wild })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{spec, ErrorKind};

    #[test]
    fn nim_genera() {
        assert_eq!(Genus::nim(&[0, 0]).to_string(), "0^120");
        assert_eq!(Genus::nim(&[1, 1, 1]).to_string(), "1^031");
        assert_eq!(Genus::nim(&[2, 2]).to_string(), "0^02");
        assert_eq!(Genus::nim(&[3, 1]).to_string(), "2^20");
        assert_eq!(Genus::nim(&[12]).to_string(), "12^(12,14)");
    }

    #[test]
    fn the_empty_game_has_genus_0_120() {
        assert_eq!(Genus::of_options(&[]), Genus::nim(&[]));
        assert_eq!(Genus::of_options(&[]).misere_value(), Nimber::ONE);
    }

    #[test]
    fn genus_digits_continue_alternating() -> Result<()> {
        let genus = Genus::new(Nimber::new(3), &[1, 4, 3, 1])?;
        let digits: Vec<u64> = (0..8).map(|k| genus.digit(k).value()).collect();
        assert_eq!(digits, [1, 4, 3, 1, 3, 1, 3, 1]);
        assert!(Genus::new(Nimber::ZERO, &[1]).is_err());
        Ok(())
    }

    #[test]
    fn bouton_matches_search_on_small_positions() -> Result<()> {
        for heaps in [
            [1u64, 1, 1],
            [2, 2, 0],
            [1, 2, 3],
            [3, 4, 5],
            [1, 1, 0],
            [6, 1, 1],
        ] {
            let text = format!("nim({},{},{})", heaps[0], heaps[1], heaps[2]);
            let sum = spec::parse(&text)?;
            let mut solver = MisereSolver::new(&sum, Limits::default())?.use_closed_forms(false);
            let state = solver.graph().state_of(&sum)?;
            assert_eq!(solver.outcome(&state)?, nim_outcome(&heaps), "{text}");
            assert_eq!(solver.genus(&state)?, Genus::nim(&heaps), "{text}");
        }
        Ok(())
    }

    #[test]
    fn misere_play_of_a_cycle_is_refused() -> Result<()> {
        let sum = spec::parse("digraph(a>b, b>a; a)")?;
        let mut solver = MisereSolver::new(&sum, Limits::default())?;
        let state = solver.graph().state_of(&sum)?;
        let error = solver.outcome(&state).unwrap_err();
        assert!(matches!(error.kind(), ErrorKind::Cycle { .. }), "{error}");
        Ok(())
    }

    #[test]
    fn limits_stop_the_search() -> Result<()> {
        let sum = spec::parse("kayles(12,13)")?;
        let limits = Limits {
            max_positions: 50,
            ..Limits::default()
        };
        let mut solver = MisereSolver::new(&sum, limits)?;
        let state = solver.graph().state_of(&sum)?;
        assert!(solver.genus(&state).unwrap_err().is_limit());
        Ok(())
    }
}
