//! The naive engine: values from the definition, the mex over every move the ruleset lists.
//!
//! It serves any [`Ruleset`] on heap sizes, is the oracle the fast engine is tested against,
//! and is the baseline that benchmarks report their ratios against.

use crate::error::{Error, Result};
use crate::game::{Parts, Ruleset};
use crate::nimber::{MexSet, Nimber};

/// The moves of a heap as a ruleset lists them: [`Ruleset::moves`] for heap games, in a form
/// tables can hold behind a reference of any ruleset.
pub trait HeapMoves {
    /// Lists the moves of heap `heap` into `moves`.
    fn heap_moves(&self, heap: u64, moves: &mut Vec<Parts<u64>>);
}

impl<R: Ruleset<Position = u64>> HeapMoves for R {
    fn heap_moves(&self, heap: u64, moves: &mut Vec<Parts<u64>>) {
        self.moves(&heap, moves);
    }
}

/// A value table filled heap by heap from [`Ruleset::moves`].
///
/// # Complexity
/// Filling the table to heap `n` costs the number of moves of heaps `0..=n`: O(n) for a
/// finite subtraction set, O(n²) for splitting games such as Kayles.
pub struct NaiveTable {
    values: Vec<u64>,
    moves: Vec<Parts<u64>>,
    seen: MexSet,
    work: u64,
}

impl Default for NaiveTable {
    fn default() -> NaiveTable {
        NaiveTable::new()
    }
}

impl NaiveTable {
    /// An empty table.
    pub fn new() -> NaiveTable {
        NaiveTable {
            values: Vec::new(),
            moves: Vec::new(),
            seen: MexSet::new(),
            work: 0,
        }
    }

    /// A table that starts from known values (to time the engine at large heaps).
    pub fn from_values(values: Vec<u64>) -> NaiveTable {
        NaiveTable {
            values,
            ..NaiveTable::new()
        }
    }

    /// Heaps tabulated.
    pub fn len(&self) -> u64 {
        self.values.len() as u64
    }

    /// Whether the table is empty.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The values so far.
    pub fn values(&self) -> &[u64] {
        &self.values
    }

    /// Moves examined so far.
    pub fn work(&self) -> u64 {
        self.work
    }

    /// Appends a value computed elsewhere.
    pub fn push_known(&mut self, value: u64) {
        self.values.push(value);
    }

    /// Computes the next heap's value from the moves `rules` lists.
    ///
    /// # Errors
    /// [`crate::ErrorKind::InvalidRule`] when a move leaves a heap that is not smaller.
    pub fn step(&mut self, rules: &dyn HeapMoves) -> Result<u64> {
        let next = self.values.len() as u64;
        self.moves.clear();
        rules.heap_moves(next, &mut self.moves);
        self.work += self.moves.len() as u64 + 1;
        self.seen.clear();
        for parts in &self.moves {
            let mut value = 0;
            for &part in parts {
                value ^= match usize::try_from(part).ok().and_then(|p| self.values.get(p)) {
                    Some(&known) => known,
                    None => {
                        return Err(Error::invalid_rule(format!(
                            "a move from heap {next} leaves heap {part}, which is not smaller"
                        )))
                    }
                };
            }
            self.seen.insert(Nimber::new(value));
        }
        let value = self.seen.mex().value();
        self.values.push(value);
        Ok(value)
    }
}
