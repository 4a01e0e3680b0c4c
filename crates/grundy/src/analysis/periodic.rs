//! A heap sequence arranged by a period, the "periodic table" of its values (as CGSuite's
//! `PeriodicTable`): the values before the preperiod, then rows of `period` values each, so that
//! a periodic sequence shows as columns of equal values. The arrangement only; whether the
//! period holds is for [`crate::heap`] to prove, and `proved` says whether it did.
//!
//! The JSON of [`PeriodicTable`] is
//! ```json
//! {"schema": 1, "rule": "sub{1,2}", "preperiod": 0, "period": 3, "saltus": 0, "proved": true,
//!  "preperiod_values": [], "rows": [{"start": 0, "values": [0, 1, 2]}, {"start": 3, "values": [0]}]}
//! ```

use std::num::NonZeroU64;

use serde::Serialize;

use super::{SequenceReport, SCHEMA};

/// A sequence in rows of one period.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PeriodicTable {
    /// [`SCHEMA`].
    pub schema: u32,
    /// The rule as spec text.
    pub rule: String,
    /// The first heap of the first row.
    pub preperiod: u64,
    /// The length of a row.
    pub period: u64,
    /// The proved saltus (each row adds it to the one above); 0 when not proved.
    pub saltus: u64,
    /// Whether a theorem proves this period and preperiod (else they were chosen by hand).
    pub proved: bool,
    /// The values of heaps `0..preperiod` (fewer when the sequence is shorter).
    pub preperiod_values: Vec<u64>,
    /// Rows of `period` values from heap `preperiod` on; the last row may be shorter.
    pub rows: Vec<PeriodicRow>,
}

/// One row of a [`PeriodicTable`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PeriodicRow {
    /// The heap of the row's first value.
    pub start: u64,
    /// The values of heaps `start..start + period`.
    pub values: Vec<u64>,
}

/// Arranges `sequence` in rows of `period` values from heap `preperiod` on.
///
/// # Example
/// ```
/// use std::num::NonZeroU64;
/// use grundy::{analysis::{self, periodic::periodic_table}, spec, Limits};
/// let rule = spec::parse_heap_rule("sub{1,2}")?;
/// let sequence = analysis::heap_sequence(rule, 7, Limits::default())?;
/// let table = periodic_table(&sequence, NonZeroU64::new(3).unwrap(), 1);
/// assert_eq!(table.preperiod_values, [0]);
/// assert_eq!(table.rows[0].values, [1, 2, 0]);
/// assert_eq!((table.rows[2].start, &table.rows[2].values[..]), (7, &[1][..]));
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn periodic_table(
    sequence: &SequenceReport,
    period: NonZeroU64,
    preperiod: u64,
) -> PeriodicTable {
    let proved = sequence
        .periodicity
        .as_ref()
        .filter(|proof| proof.period == period.get() && proof.preperiod == preperiod);
    let split = usize::try_from(preperiod)
        .map_or(sequence.values.len(), |at| at.min(sequence.values.len()));
    let (head, tail) = sequence.values.split_at(split);
    let row_length = usize::try_from(period.get()).unwrap_or(usize::MAX);
    let rows = tail
        .chunks(row_length)
        .enumerate()
        .map(|(index, values)| PeriodicRow {
            start: preperiod + index as u64 * period.get(),
            values: values.to_vec(),
        })
        .collect();
    PeriodicTable {
        schema: SCHEMA,
        rule: sequence.rule.clone(),
        preperiod,
        period: period.get(),
        saltus: proved.map_or(0, |proof| proof.saltus),
        proved: proved.is_some(),
        preperiod_values: head.to_vec(),
        rows,
    }
}

/// The table of `sequence` by its proved period, when it has one.
///
/// # Example
/// ```
/// use grundy::{analysis::{self, periodic::proved_table}, spec, Limits};
/// // Kayles: period 12 from heap 71 (Guy and Smith, 1956), proved from 168 heaps; from heap 72
/// // on, g(n) is 4 1 2 8 1 4 7 2 1 8 2 7 by n mod 12 (Winning Ways, ch. 4), so g(71) = 7.
/// let sequence = analysis::heap_sequence(spec::parse_heap_rule("kayles")?, 200, Limits::default())?;
/// let table = proved_table(&sequence).expect("Kayles' period is proved");
/// assert_eq!((table.preperiod, table.period, table.proved), (71, 12, true));
/// assert_eq!(table.rows[0].values, [7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2]);
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn proved_table(sequence: &SequenceReport) -> Option<PeriodicTable> {
    let proof = sequence.periodicity.as_ref()?;
    Some(periodic_table(
        sequence,
        NonZeroU64::new(proof.period)?,
        proof.preperiod,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::sequence;
    use crate::Nimber;

    /// Every value lands in exactly one place, in order: the head, then rows left to right.
    #[test]
    fn rows_hold_the_sequence_in_order() {
        let values: Vec<Nimber> = (0..23u64).map(|n| Nimber::new(n * 7 % 5)).collect();
        let report = sequence("test".to_string(), &values);
        for period in 1..=25 {
            for preperiod in 0..=25 {
                let table = periodic_table(&report, NonZeroU64::new(period).unwrap(), preperiod);
                let mut flat = table.preperiod_values.clone();
                for row in &table.rows {
                    assert_eq!(row.start, flat.len() as u64);
                    assert!(row.values.len() as u64 <= period);
                    flat.extend(&row.values);
                }
                assert_eq!(flat, report.values);
                assert!(!table.proved);
            }
        }
    }
}
