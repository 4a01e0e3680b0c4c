//! What a game tells [`NimberSearch`](super::NimberSearch): how its parts move and split
//! ([`Decomposable`]), what a theorem knows of a part ([`Known`]), and the buffer its moves
//! are listed in ([`Options`]).

use std::hash::Hash;

/// What a theorem says of a part's nimber before any search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Known {
    /// Nothing.
    Nothing,
    /// The nimber.
    Nimber(u8),
    /// The nimber is not 0: the first player wins.
    NotZero,
}

/// A game whose positions split into independent parts, for
/// [`NimberSearch`](super::NimberSearch).
pub trait Decomposable: Sync {
    /// A part: an independent component of a position, in canonical form.
    type Part: Clone + Eq + Hash + Send + Sync;

    /// Appends each move of `part` to `out` ([`Options::push_part`] for each part it leaves,
    /// canonical, parts without moves left out; then [`Options::end_option`]).
    fn moves(&self, part: &Self::Part, out: &mut Options<Self::Part>);

    /// How many options `part` has, when the game counts them without listing them: then the
    /// search lists them through [`Decomposable::moves_until`] and may stop early.
    fn option_count(&self, _part: &Self::Part) -> Option<usize> {
        None
    }

    /// Lists the moves of `part` as [`Decomposable::moves`] does, calling `listed` with each
    /// option's parts once it is closed; stops when `listed` returns false.
    fn moves_until(
        &self,
        part: &Self::Part,
        out: &mut Options<Self::Part>,
        listed: &mut dyn FnMut(&[Self::Part]) -> bool,
    ) {
        self.moves(part, out);
        for i in 0..out.len() {
            if !listed(out.get(i)) {
                return;
            }
        }
    }

    /// The part's key in the transposition table, never 0, one for each part; `None` for a
    /// part too large for a key (kept in a map of its own).
    fn key(&self, part: &Self::Part) -> Option<u128>;

    /// How costly the part is to value (its size): the search values the lighter parts of an
    /// option first, and the table keeps the heavier ones.
    fn weight(&self, part: &Self::Part) -> u32;

    /// How hard the part looks to search, for the order of the options (lightest first): its
    /// weight unless the game knows better.
    fn difficulty(&self, part: &Self::Part) -> u32 {
        self.weight(part)
    }

    /// What a theorem says of the part's nimber without search.
    fn known(&self, _part: &Self::Part) -> Known {
        Known::Nothing
    }
}

/// The options of one position, each a list of parts, in one flat buffer reused across calls.
pub struct Options<P> {
    parts: Vec<P>,
    /// Where each option's parts end in `parts`.
    ends: Vec<u32>,
}

impl<P> Default for Options<P> {
    fn default() -> Options<P> {
        Options {
            parts: Vec::new(),
            ends: Vec::new(),
        }
    }
}

impl<P> Options<P> {
    /// Adds a part to the option being listed.
    pub fn push_part(&mut self, part: P) {
        self.parts.push(part);
    }

    /// Adds a part to the option being listed, or, when the option already holds an equal
    /// part, takes that one out instead: two equal parts together are worth 0.
    pub fn push_or_cancel(&mut self, part: P)
    where
        P: PartialEq,
    {
        let start = self.ends.last().map_or(0, |&end| end as usize);
        match self.parts[start..].iter().position(|other| *other == part) {
            Some(i) => {
                self.parts.swap_remove(start + i);
            }
            None => self.parts.push(part),
        }
    }

    /// Closes the option being listed.
    pub fn end_option(&mut self) {
        self.ends.push(self.parts.len() as u32);
    }

    /// The number of options.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether there is no option.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The parts of the last option closed (none before the first).
    pub fn last(&self) -> &[P] {
        match self.ends.len() {
            0 => &[],
            n => self.get(n - 1),
        }
    }

    /// The parts of option `i`.
    pub fn get(&self, i: usize) -> &[P] {
        let start = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        &self.parts[start..self.ends[i] as usize]
    }

    pub(super) fn clear(&mut self) {
        self.parts.clear();
        self.ends.clear();
    }
}
