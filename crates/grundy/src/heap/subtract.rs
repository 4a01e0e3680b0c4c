//! The table of a subtraction game whose set no code describes (`sub{squares}`,
//! `sub{primes,1}`): `g(n)` is the mex of `g(n - s)` over the members `s <= n` of the set,
//! read straight from a sorted list of members, with no move listed.
//!
//! A heap costs one look a member below it: O(n^1.5) for the squares, O(n^2 / log n) for
//! the primes, so long tables need the work limit raised.

use super::table::{HeapTable, TableValues};
use super::{HeapMoves, TableStats};
use crate::error::{Error, Result};
use crate::rules::Subtraction;

/// Values of heaps `0..len()` of one subtraction game.
pub(crate) struct SubtractionTable {
    rule: Subtraction,
    values: Vec<u32>,
    /// Members of the set up to `members_to`, increasing.
    members: Vec<u64>,
    members_to: u64,
    /// `seen[v] == stamp`: value `v` is an option of the heap being computed.
    seen: Vec<u32>,
    stamp: u32,
    work: u64,
}

impl SubtractionTable {
    pub(crate) fn new(rule: Subtraction) -> SubtractionTable {
        SubtractionTable {
            rule,
            values: Vec::new(),
            members: Vec::new(),
            members_to: 0,
            seen: Vec::new(),
            stamp: 0,
            work: 0,
        }
    }

    /// Computes the next heap.
    fn step(&mut self) {
        let n = self.values.len() as u64;
        if n > self.members_to {
            // Twice as far, so that a growing table lists the members O(log n) times.
            self.members_to = n.saturating_mul(2).max(64);
            self.members.clear();
            self.rule.takes_up_to(self.members_to, &mut self.members);
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
        let count = self.members.partition_point(|&s| s <= n);
        for &s in &self.members[..count] {
            // Every value is below the number of members, so `seen` grows with them.
            let value = self.values[(n - s) as usize] as usize;
            if value >= self.seen.len() {
                self.seen.resize(value + 1, 0);
            }
            self.seen[value] = self.stamp;
        }
        let mex = self.seen.iter().position(|&at| at != self.stamp);
        let mex = mex.unwrap_or(self.seen.len());
        self.values.push(mex as u32);
        self.work += count as u64 + 1;
    }
}

impl HeapTable for SubtractionTable {
    fn len(&self) -> u64 {
        self.values.len() as u64
    }

    fn get(&self, heap: u64) -> Option<u64> {
        let value = self.values.get(usize::try_from(heap).ok()?)?;
        Some(u64::from(*value))
    }

    fn range(&self, from: u64, to: u64) -> Vec<u64> {
        self.values[from as usize..to as usize]
            .iter()
            .map(|&v| u64::from(v))
            .collect()
    }

    fn values(&self) -> TableValues<'_> {
        TableValues::Wide(&self.values)
    }

    fn work(&self) -> u64 {
        self.work
    }

    fn stats(&self) -> TableStats {
        let max = self.values.iter().copied().max().unwrap_or(0);
        TableStats {
            heaps: self.values.len() as u64,
            max_value: u64::from(max),
            max_value_at: self.values.iter().position(|&v| v == max).unwrap_or(0) as u64,
            ..TableStats::default()
        }
    }

    fn fill(&mut self, _rules: &dyn HeapMoves, len: u64, budget: u64) -> Result<()> {
        let start = self.work;
        while self.len() < len && self.work - start < budget {
            self.step();
        }
        Ok(())
    }

    fn push(&mut self, value: u64) -> Result<()> {
        let value = u32::try_from(value).map_err(|_| {
            Error::invalid_position(format!("the value {value} is too large for a table"))
        })?;
        self.values.push(value);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::NaiveTable;
    use crate::rules::Family;

    #[test]
    fn agrees_with_the_naive_table() {
        let families: [&[Family]; 4] = [
            &[Family::Squares],
            &[Family::Primes],
            &[Family::Fibonacci, Family::Factorials],
            &[Family::Residue {
                rest: 2,
                modulus: 7,
            }],
        ];
        for families in families {
            let rule = Subtraction::with_families(families, &[1]).unwrap();
            let mut fast = SubtractionTable::new(rule.clone());
            let mut naive = NaiveTable::new();
            fast.fill(&rule, 3000, u64::MAX).unwrap();
            naive.fill(&rule, 3000, u64::MAX).unwrap();
            assert_eq!(fast.range(0, 3000), naive.range(0, 3000), "{rule}");
            assert_eq!(
                fast.work(),
                naive.work(),
                "{rule}: one unit a move and a heap"
            );
        }
    }
}
