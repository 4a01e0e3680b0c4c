//! Whole sums as positions: the multiset of their components, and the moves between them.
//!
//! Normal play never needs this: a sum's value is the nim-sum of its components' values. Misère
//! play, games with cycles and play against the computer look at the sum as one game instead.
//! A [`State`] is the sorted list of the sum's *live* components (those with a move left), each
//! named by its term and the canonical id its [`PositionTable`] gives it, so that equal sums
//! written differently (`nim(3,5)` and `nim(5,3)`) share one memo entry. A finished component
//! is the empty game, and adding the empty game changes nothing, in any convention: it is
//! dropped.
//!
//! [`SumGraph`] lists the moves between states, remembering each component's moves, and
//! counts the work done against [`Limits`]. It never reads the clock.

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::rc::Rc;

use smallvec::SmallVec;

use crate::error::{Error, Result};
use crate::game::{check_output, Limits};
use crate::rules::HeapRule;
use crate::sum::Sum;
use crate::table::PositionTable;

/// A component of a whole sum: its term in the high 32 bits, the canonical id of its position
/// in that term's [`PositionTable`] in the low 32 bits.
pub type Component = u64;

/// A position of a whole sum: its live components, sorted. The empty state is the finished game.
pub type State = Box<[Component]>;

/// The moves of one component, each as the live components it leaves (sorted).
pub type ComponentMoves = Rc<[SmallVec<[Component; 2]>]>;

/// The play convention: who wins when no move is left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Play {
    /// The player who cannot move loses: the last player to move wins.
    #[default]
    Normal,
    /// The player who cannot move wins: the last player to move loses.
    Misere,
}

impl Play {
    /// Misère play when `misere` (a face's flag), normal play otherwise.
    ///
    /// ```
    /// use grundy::Play;
    /// assert_eq!((Play::from_misere(true), Play::from_misere(false)), (Play::Misere, Play::Normal));
    /// ```
    pub fn from_misere(misere: bool) -> Play {
        if misere {
            Play::Misere
        } else {
            Play::Normal
        }
    }
}

impl fmt::Display for Play {
    /// `normal` or `misère`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Play::Normal => "normal",
            Play::Misere => "misère",
        })
    }
}

/// The term of a component.
pub fn term_of(component: Component) -> usize {
    (component >> 32) as usize
}

/// The canonical id of a component in its term's table.
pub fn id_of(component: Component) -> u32 {
    component as u32
}

fn pack(term: usize, id: u32) -> Component {
    ((term as u64) << 32) | u64::from(id)
}

/// The graph of whole-sum positions reachable from a sum: states and the moves between them.
///
/// Built from one [`Sum`]; every sum that a move of it leads to shares its tables, so its
/// states can be taken too ([`SumGraph::state_of`]).
///
/// # Example
/// ```
/// use grundy::{spec, whole::SumGraph, Limits};
/// let sum = spec::parse("nim(2,2)")?;
/// let mut graph = SumGraph::new(&sum, Limits::default())?;
/// let start = graph.state_of(&sum)?;
/// let mut next = Vec::new();
/// graph.successors(&start, &mut next)?;
/// // Equal heaps are searched once: take 1 or 2 from one heap of 2.
/// let printed: Vec<String> = next.iter().map(|s| graph.format(s)).collect();
/// assert_eq!(printed, ["nim(2)", "nim(1,2)"]);
/// # Ok::<(), grundy::Error>(())
/// ```
pub struct SumGraph {
    tables: Vec<Box<dyn PositionTable>>,
    moves: HashMap<Component, ComponentMoves>,
    live: HashMap<Component, bool>,
    nim: HashMap<Component, Option<u64>>,
    limits: Limits,
    work: u64,
}

impl SumGraph {
    /// The graph of the sums reachable from `sum`, searched within `limits`.
    ///
    /// # Errors
    /// A term that cannot be searched as a whole (see [`crate::sum::Term::table`]).
    pub fn new(sum: &Sum, limits: Limits) -> Result<SumGraph> {
        let tables = sum
            .terms()
            .iter()
            .map(|term| {
                term.table().ok_or_else(|| {
                    Error::invalid_rule(format!(
                        "{} cannot be searched as a whole sum",
                        term.format()
                    ))
                })
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(SumGraph {
            tables,
            moves: HashMap::new(),
            live: HashMap::new(),
            nim: HashMap::new(),
            limits,
            work: 0,
        })
    }

    /// The limits in force.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Moves examined so far.
    pub fn work(&self) -> u64 {
        self.work
    }

    /// Counts `amount` units of work.
    ///
    /// # Errors
    /// [`Limit::Work`](crate::Limit::Work) when the total passes [`Limits::max_work`];
    /// [`crate::ErrorKind::Cancelled`] when the limits' cancel flag is raised.
    pub fn charge(&mut self, amount: u64) -> Result<()> {
        self.work = self.work.saturating_add(amount);
        self.limits.check_work(self.work)
    }

    /// The number of terms.
    pub fn term_count(&self) -> usize {
        self.tables.len()
    }

    /// The position table of term `term`.
    ///
    /// # Panics
    /// When `term` is not below [`term_count`](SumGraph::term_count).
    pub fn table(&self, term: usize) -> &dyn PositionTable {
        &*self.tables[term]
    }

    /// The component for position `id` (as the table named it) of term `term`; `None` when that
    /// position has no move left.
    ///
    /// # Errors
    /// An unknown term or id, or a limit while listing its moves.
    pub fn component(&mut self, term: usize, id: u32) -> Result<Option<Component>> {
        let table = self
            .tables
            .get(term)
            .ok_or_else(|| Error::invalid_position(format!("the sum has no term {term}")))?;
        let component = pack(term, table.canonical(id)?);
        Ok(self.is_live(component)?.then_some(component))
    }

    /// The state of a sum given as position ids per term (as the tables named them).
    ///
    /// # Errors
    /// As for [`component`](SumGraph::component).
    pub fn state(&mut self, positions: &[Vec<u32>]) -> Result<State> {
        let parts = (positions.iter().enumerate())
            .flat_map(|(term, ids)| ids.iter().map(move |&id| (term, id)));
        self.state_of_parts(parts)
    }

    /// The state of `ids`, positions of term `term`, alone, the other terms empty: one
    /// component of a sum, or what a move in it leaves.
    ///
    /// # Errors
    /// As for [`component`](SumGraph::component).
    pub fn part_state(&mut self, term: usize, ids: &[u32]) -> Result<State> {
        self.state_of_parts(ids.iter().map(|&id| (term, id)))
    }

    /// The state of the live components among `parts`, each a term and a position id.
    fn state_of_parts(&mut self, parts: impl Iterator<Item = (usize, u32)>) -> Result<State> {
        let mut state = Vec::new();
        for (term, id) in parts {
            state.extend(self.component(term, id)?);
        }
        state.sort_unstable();
        Ok(state.into_boxed_slice())
    }

    /// The state of `sum`, which must be the sum this graph was built from or one its moves
    /// lead to (so that it shares the tables).
    ///
    /// # Errors
    /// A sum with a different number of terms, or as for [`state`](SumGraph::state).
    pub fn state_of(&mut self, sum: &Sum) -> Result<State> {
        let positions = self.term_ids(sum)?;
        self.state(&positions)
    }

    /// The position ids of each term of `sum`, which must have as many terms as the sum this
    /// graph was built from.
    fn term_ids(&self, sum: &Sum) -> Result<Vec<Vec<u32>>> {
        if sum.terms().len() != self.tables.len() {
            return Err(Error::invalid_position(
                "the sum does not come from the game this search was built for",
            ));
        }
        sum.terms().iter().map(|term| term.position_ids()).collect()
    }

    fn is_live(&mut self, component: Component) -> Result<bool> {
        if let Some(&live) = self.live.get(&component) {
            return Ok(live);
        }
        let live = !self.tables[term_of(component)]
            .moves(id_of(component))?
            .is_empty();
        self.live.insert(component, live);
        Ok(live)
    }

    /// The moves of `component`, each as the live components it leaves, sorted.
    ///
    /// # Errors
    /// A limit reached while listing moves.
    pub fn component_moves(&mut self, component: Component) -> Result<ComponentMoves> {
        if let Some(known) = self.moves.get(&component) {
            return Ok(Rc::clone(known));
        }
        let term = term_of(component);
        let listed = self.tables[term].moves(id_of(component))?;
        let mut moves = Vec::with_capacity(listed.len());
        for parts in listed.iter() {
            let mut live = SmallVec::new();
            for &part in parts {
                live.extend(self.component(term, part)?);
            }
            live.sort_unstable();
            moves.push(live);
        }
        let moves: ComponentMoves = moves.into();
        self.moves.insert(component, Rc::clone(&moves));
        Ok(moves)
    }

    /// The heap size when `component` is a Nim heap (see [`PositionTable::nim_heap`]).
    pub fn nim_heap(&mut self, component: Component) -> Option<u64> {
        if let Some(&known) = self.nim.get(&component) {
            return known;
        }
        let heap = self.tables[term_of(component)].nim_heap(id_of(component));
        self.nim.insert(component, heap);
        heap
    }

    /// Every state one move away from `state`, into `out` (cleared first). Equal components
    /// are moved in once, so each successor appears once per distinct move.
    ///
    /// # Errors
    /// A limit reached: moves listed or examined.
    pub fn successors(&mut self, state: &[Component], out: &mut Vec<State>) -> Result<()> {
        out.clear();
        let mut index = 0;
        while index < state.len() {
            let component = state[index];
            let moves = self.component_moves(component)?;
            // Each successor is built, sorted and hashed: its cost grows with the state.
            self.charge((moves.len() as u64 + 1) * state.len() as u64)?;
            for parts in moves.iter() {
                let mut next = Vec::with_capacity(state.len() - 1 + parts.len());
                next.extend_from_slice(&state[..index]);
                next.extend_from_slice(&state[index + 1..]);
                next.extend_from_slice(parts);
                next.sort_unstable();
                out.push(next.into_boxed_slice());
            }
            while index < state.len() && state[index] == component {
                index += 1;
            }
        }
        Ok(())
    }

    /// A state as spec text (canonical positions, term by term); `0` when empty.
    pub fn format(&self, state: &[Component]) -> String {
        let mut parts = Vec::new();
        let mut start = 0;
        while start < state.len() {
            let term = term_of(state[start]);
            let end = start
                + state[start..]
                    .iter()
                    .take_while(|&&c| term_of(c) == term)
                    .count();
            let ids: Vec<u32> = state[start..end].iter().map(|&c| id_of(c)).collect();
            parts.push(self.tables[term].format(&ids));
            start = end;
        }
        if parts.is_empty() {
            "0".to_string()
        } else {
            parts.join(" + ")
        }
    }
}

/// A position of a whole sum as the players see it: each term's positions, by table id, in the
/// order they were written (finished components included, as [`Sum::format`] prints them).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// The ids of each term's positions, term by term.
    pub terms: Vec<Vec<u32>>,
}

/// One move of a [`Position`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionMove {
    /// Index of the component moved in, counting left to right over all terms.
    pub component: usize,
    /// The term moved in.
    pub term: usize,
    /// The component's index within its term.
    pub index: usize,
    /// The component before the move, as spec text.
    pub from: String,
    /// What the component becomes, as spec text (`0` when nothing is left).
    pub to: String,
    /// What the component becomes, as ids in its term's table (empty when nothing is left).
    pub parts: Vec<u32>,
    /// The move in words.
    pub description: String,
    /// The position after the move.
    pub result: Position,
    /// How many moves of the component this one stands for: 1, or the size of its class when
    /// the component has too many moves to list and its moves come one per class of moves
    /// that are equal for the judge ([`SumGraph::position_moves_with`]).
    pub count: u64,
}

/// The moves of a component too large to list, one per class: each as the ids of the parts it
/// leaves and the number of moves it stands for.
pub type ClassMoves = Vec<(Vec<u32>, u64)>;

/// What gives a component's moves one per class ([`SumGraph::position_moves_with`]): its
/// table and id in, the classes out, or `None` to list every move.
pub type Classes<'a> = dyn FnMut(&dyn PositionTable, u32) -> Result<Option<ClassMoves>> + 'a;

/// A component of a position that is a heap ([`SumGraph::heaps`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HeapComponent {
    /// Its term in the sum.
    pub term: usize,
    /// Its place in the term.
    pub index: usize,
    /// The heap.
    pub heap: u64,
}

impl SumGraph {
    /// The position of `sum` (the sum this graph was built from, or one its moves lead to).
    ///
    /// # Errors
    /// A sum with a different number of terms, or a table's position limit.
    pub fn position_of(&self, sum: &Sum) -> Result<Position> {
        let terms = self.term_ids(sum)?;
        Ok(Position { terms })
    }

    /// When every component of `position` is a heap of one heap game: that game's rule and
    /// each component's heap, term by term; `None` otherwise, and for a position without
    /// components.
    pub fn heaps(&self, position: &Position) -> Option<(HeapRule, Vec<HeapComponent>)> {
        let mut rule: Option<HeapRule> = None;
        let mut heaps = Vec::new();
        for (term, ids) in position.terms.iter().enumerate() {
            if ids.is_empty() {
                continue;
            }
            let table = self.table(term);
            let this = table.heap_rule()?;
            if rule.as_ref().is_some_and(|first| *first != this) {
                return None;
            }
            rule = Some(this);
            for (index, &id) in ids.iter().enumerate() {
                let heap = table.heap(id)?;
                heaps.push(HeapComponent { term, index, heap });
            }
        }
        rule.map(|rule| (rule, heaps))
    }

    /// A position as spec text, as [`Sum::format`] would print it; `0` when nothing is left.
    pub fn format_position(&self, position: &Position) -> String {
        let parts: Vec<String> = position
            .terms
            .iter()
            .enumerate()
            .filter(|(_, ids)| !ids.is_empty())
            .filter_map(|(term, ids)| self.tables.get(term).map(|table| table.format(ids)))
            .collect();
        if parts.is_empty() {
            "0".to_string()
        } else {
            parts.join(" + ")
        }
    }

    /// Every move of `position`, component by component, in the rulesets' order; moves that
    /// leave equal positions (in `nim(2,2)`, taking from either heap) are listed once, as the
    /// first of them.
    ///
    /// # Errors
    /// A limit reached while listing moves, or a position from another game.
    pub fn position_moves(&mut self, position: &Position) -> Result<Vec<PositionMove>> {
        self.position_moves_with(position, &mut |_, _| Ok(None))
    }

    /// [`position_moves`](SumGraph::position_moves), but a component for which `classes` (given
    /// its table and id) gives moves one per class has those instead of its listed moves: how
    /// a heap with too many moves to list is played.
    ///
    /// # Errors
    /// As for [`position_moves`](SumGraph::position_moves).
    pub fn position_moves_with(
        &mut self,
        position: &Position,
        classes: &mut Classes<'_>,
    ) -> Result<Vec<PositionMove>> {
        let components: usize = position.terms.iter().map(Vec::len).sum();
        let mut result = Vec::new();
        let mut seen = HashSet::new();
        let mut component = 0;
        for (term, ids) in position.terms.iter().enumerate() {
            let table = self.tables.get(term).ok_or_else(|| {
                Error::invalid_position("the position does not come from this game")
            })?;
            for (index, &id) in ids.iter().enumerate() {
                let moves: ClassMoves = match classes(&**table, id)? {
                    Some(classes) => classes,
                    None => table
                        .moves(id)?
                        .iter()
                        .map(|parts| (parts.to_vec(), 1))
                        .collect(),
                };
                self.work = self.work.saturating_add(moves.len() as u64 + 1);
                let from = table.format(&[id]);
                // Each move copies the whole position, so a long list of a long sum is
                // refused before it is built.
                check_output(result.len() + moves.len(), components, self.limits)?;
                for (parts, count) in &moves {
                    // Moves that turn equal components into equal parts leave equal positions,
                    // in one term or in two terms of one ruleset (`kayles(5) + kayles(5)`):
                    // the texts say so, as `Sum::moves` keys them.
                    let to = table.format(parts);
                    if !seen.insert((from.clone(), to.clone())) {
                        continue;
                    }
                    let mut after = position.clone();
                    after.terms[term].splice(index..=index, parts.iter().copied());
                    result.push(PositionMove {
                        component,
                        term,
                        index,
                        from: from.clone(),
                        to,
                        parts: parts.clone(),
                        description: table.describe(id, parts),
                        result: after,
                        count: *count,
                    });
                }
                component += 1;
            }
        }
        self.charge(0)?;
        Ok(result)
    }
}

/// The graph of the sum `text` within `limits`, and the state it starts in.
#[cfg(test)]
pub(crate) fn graph_at(text: &str, limits: Limits) -> Result<(SumGraph, State)> {
    let sum = crate::spec::parse(text)?;
    let mut graph = SumGraph::new(&sum, limits)?;
    let start = graph.state_of(&sum)?;
    Ok((graph, start))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec;

    #[test]
    fn finished_components_are_dropped() -> Result<()> {
        // Grundy's game: heaps of 1 and 2 cannot be split, so they are finished.
        let (mut graph, start) = graph_at("grundy(1,2,4) + nim(0)", Limits::default())?;
        assert_eq!(graph.format(&start), "grundy(4)");
        let mut next = Vec::new();
        graph.successors(&start, &mut next)?;
        // 4 splits only into 3 + 1; the 1 is finished at once.
        let printed: Vec<String> = next.iter().map(|s| graph.format(s)).collect();
        assert_eq!(printed, ["grundy(3)"]);
        Ok(())
    }

    #[test]
    fn equal_sums_have_one_state() -> Result<()> {
        let first = spec::parse("nim(3,5) + kayles(4)")?;
        let mut graph = SumGraph::new(&first, Limits::default())?;
        let a = graph.state_of(&first)?;
        let moved = first.moves()?;
        // After any move the state is again a sorted multiset.
        for sum_move in &moved {
            let state = graph.state_of(&sum_move.result)?;
            assert!(state.windows(2).all(|pair| pair[0] <= pair[1]));
        }
        assert_eq!(graph.format(&a), "nim(3,5) + kayles(4)");
        assert!(graph.state_of(&spec::parse("nim(1)")?).is_err());
        Ok(())
    }

    #[test]
    fn work_is_limited() -> Result<()> {
        let limits = Limits::DEFAULT.with_max_work(10);
        let (mut graph, start) = graph_at("nim(30,30)", limits)?;
        let mut next = Vec::new();
        assert!(graph.successors(&start, &mut next).unwrap_err().is_limit());
        Ok(())
    }
}
