//! One interface to a table of heap values, filled from heap 0 upwards: the fast engine's
//! ([`fast::Table`], for codes) and the naive one's ([`NaiveTable`], for any ruleset).

use super::fast;
use super::naive::{HeapMoves, NaiveTable};
use super::TableStats;
use crate::error::{Error, Result};

/// The values of a whole table, borrowed as its cells hold them (2, 4 or 8 bytes a heap):
/// the period search and [`verify`](super::verify) read them in place.
pub(crate) enum TableValues<'a> {
    Narrow(&'a [u16]),
    Wide(&'a [u32]),
    Full(&'a [u64]),
}

/// `$body` with `$values` bound to the slice of a [`TableValues`], whatever its width.
macro_rules! with_values {
    ($table_values:expr, $values:ident => $body:expr) => {
        match $table_values {
            $crate::heap::table::TableValues::Narrow($values) => $body,
            $crate::heap::table::TableValues::Wide($values) => $body,
            $crate::heap::table::TableValues::Full($values) => $body,
        }
    };
}
pub(crate) use with_values;

/// A table of the values of heaps `0..len()`.
pub(crate) trait HeapTable: Send {
    /// Heaps tabulated.
    fn len(&self) -> u64;
    /// The value of a tabulated heap.
    fn get(&self, heap: u64) -> Option<u64>;
    /// Values of the tabulated heaps `from..to`.
    fn range(&self, from: u64, to: u64) -> Vec<u64>;
    /// The values of every heap, borrowed, so that a look for a period costs no copy.
    fn values(&self) -> TableValues<'_>;
    /// Units of work spent (pairs of heaps or moves examined).
    fn work(&self) -> u64;
    /// Summary statistics; the naive table knows only the largest value.
    fn stats(&self) -> TableStats;
    /// Computes heaps up to `len` (exclusive), or stops after `budget` units of work.
    ///
    /// # Errors
    /// An invalid rule (a move to a larger heap) from the naive table.
    fn fill(&mut self, rules: &dyn HeapMoves, len: u64, budget: u64) -> Result<()>;
    /// Appends a value computed elsewhere (a resumed run, or a value copied by the period).
    fn push(&mut self, value: u64) -> Result<()>;

    /// Extends the table to `len` heaps by a proved period: `g(n) = g(n - period) + saltus`.
    fn copy_by_period(&mut self, period: u64, saltus: u64, len: u64) -> Result<()> {
        for heap in self.len()..len {
            let back = self.get(heap - period).unwrap_or(0);
            self.push(back + saltus)?;
        }
        Ok(())
    }
}

impl HeapTable for fast::Table {
    fn len(&self) -> u64 {
        fast::Table::len(self) as u64
    }

    fn get(&self, heap: u64) -> Option<u64> {
        fast::Table::get(self, usize::try_from(heap).ok()?).map(u64::from)
    }

    fn range(&self, from: u64, to: u64) -> Vec<u64> {
        let values = fast::Table::values(self, from as usize..to as usize);
        values.into_iter().map(u64::from).collect()
    }

    fn values(&self) -> TableValues<'_> {
        fast::Table::cells(self)
    }

    fn work(&self) -> u64 {
        fast::Table::work(self)
    }

    fn stats(&self) -> TableStats {
        fast::Table::stats(self)
    }

    fn fill(&mut self, _rules: &dyn HeapMoves, len: u64, budget: u64) -> Result<()> {
        self.extend_to(usize::try_from(len).unwrap_or(usize::MAX), budget);
        Ok(())
    }

    fn push(&mut self, value: u64) -> Result<()> {
        let value = u32::try_from(value).map_err(|_| {
            Error::invalid_position(format!("the value {value} is too large for a table"))
        })?;
        self.push_known(value);
        Ok(())
    }
}

impl HeapTable for NaiveTable {
    fn len(&self) -> u64 {
        NaiveTable::len(self)
    }

    fn get(&self, heap: u64) -> Option<u64> {
        NaiveTable::values(self)
            .get(usize::try_from(heap).ok()?)
            .copied()
    }

    fn range(&self, from: u64, to: u64) -> Vec<u64> {
        NaiveTable::values(self)[from as usize..to as usize].to_vec()
    }

    fn values(&self) -> TableValues<'_> {
        TableValues::Full(NaiveTable::values(self))
    }

    fn work(&self) -> u64 {
        NaiveTable::work(self)
    }

    fn stats(&self) -> TableStats {
        let values = NaiveTable::values(self);
        let max = values.iter().copied().max().unwrap_or(0);
        TableStats {
            heaps: values.len() as u64,
            max_value: max,
            max_value_at: values.iter().position(|&v| v == max).unwrap_or(0) as u64,
            ..TableStats::default()
        }
    }

    fn fill(&mut self, rules: &dyn HeapMoves, len: u64, budget: u64) -> Result<()> {
        let start = NaiveTable::work(self);
        while NaiveTable::len(self) < len && NaiveTable::work(self) - start < budget {
            self.step(rules)?;
        }
        Ok(())
    }

    fn push(&mut self, value: u64) -> Result<()> {
        self.push_known(value);
        Ok(())
    }
}
