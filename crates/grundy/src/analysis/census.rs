//! One row of a census: what a long run of one heap rule shows (the proved period, the sparse
//! space figures, checksums), and the classes of rules whose sequences agree after an index
//! shift. Faces add the seconds a row took, store rows and run many at once; this module only
//! computes.

use serde::Serialize;

use crate::error::{Error, Result};
use crate::game::Limits;
use crate::heap::{period, HeapSolver};
use crate::rules::HeapRule;

/// Heaps whose values [`CensusRow::prefix_checksum`] covers: few enough for any brute force.
pub const PREFIX_HEAPS: u64 = 2000;

/// The most leading zeros an index shift removes: a rule whose first non-zero value lies
/// further out is compared from heap `MAX_SHIFT` on.
pub const MAX_SHIFT: u64 = 16;

/// What a census records of one heap rule, computed to `heaps` heaps.
///
/// Checksums are FNV-1a over the values as in certificates ([`period::checksum`]), 16
/// hexadecimal digits. Two rules are in one class when, after the leading zeros of each are
/// dropped (at most [`MAX_SHIFT`]), their sequences agree on the same number of heaps: then
/// `g(n + offset) = g_class(n)` for every heap computed.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CensusRow {
    /// The rule as spec text (`0.137`).
    pub rule: String,
    /// Heaps `0..heaps` were computed (copied by the period once one was proved).
    pub heaps: u64,
    /// The first heap from which the proved period holds.
    pub preperiod: Option<u64>,
    /// The proved period.
    pub period: Option<u64>,
    /// The proved saltus (0 for an ordinary period).
    pub saltus: Option<u64>,
    /// The theorem that proves the period (`guy-smith`).
    pub theorem: Option<String>,
    /// The last heap the certificate checked.
    pub checked_to: Option<u64>,
    /// The certificate's checksum (of heaps `0..=checked_to`).
    pub certificate_checksum: Option<String>,
    /// The largest value.
    pub max_value: u64,
    /// The first heap with the largest value.
    pub max_value_at: u64,
    /// The rare masks, `parity:mask` in hexadecimal, comma-separated, over extended values
    /// `g << 1 | ((n + parity) & 1)`; none for rules that never split a heap.
    pub rare_mask: Option<String>,
    /// Heaps that are rare under those masks.
    pub rare_count: Option<u64>,
    /// The last rare heap.
    pub last_rare: Option<u64>,
    /// The checksum of every value computed.
    pub checksum: String,
    /// The checksum of the first [`PREFIX_HEAPS`] values (all of them when fewer).
    pub prefix_checksum: String,
    /// The first heap with a non-zero value (at most [`MAX_SHIFT`]).
    pub first_nonzero: u64,
    /// The checksum of the values from `first_nonzero` on, `heaps - MAX_SHIFT` of them,
    /// preceded by that count: equal keys, equal sequences after the shift.
    pub class_key: String,
    /// The class's representative: its shortest rule (then the first in text order).
    pub class: String,
    /// The index shift from the representative: `g(n + offset) = g_class(n)`.
    pub offset: i64,
    /// Seconds the row took, as the face that timed it measured (the library reads no clock).
    pub seconds: f64,
}

/// Computes a census row: `heaps` heaps of `rule` (and a period where a theorem proves one on
/// the way), as the only member of its class, in 0 seconds.
///
/// # Errors
/// `heaps` of 0; a limit reached (`limits.max_positions` must allow `heaps`).
///
/// # Example
/// ```
/// use grundy::{analysis::census, spec, Limits};
/// let limits = Limits { max_positions: 1 << 14, ..Limits::default() };
/// let row = census::row(spec::parse_heap_rule("0.07")?, 1 << 14, limits)?;
/// assert_eq!((row.preperiod, row.period), (Some(53), Some(34))); // Dawson's Kayles
/// assert_eq!(row.first_nonzero, 2);
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn row(rule: HeapRule, heaps: u64, limits: Limits) -> Result<CensusRow> {
    let name = rule.to_string();
    if heaps == 0 {
        return Err(Error::invalid_position(
            "a census row needs at least one heap".to_string(),
        ));
    }
    let mut solver = HeapSolver::with_limits(rule, limits);
    solver.extend(heaps)?;
    // `extend` looks for a period as the table doubles from 4096 heaps on; a shorter table,
    // or one that grew since the last look, is searched here.
    solver.seek_period();
    let value = |heap: u64| solver.tabulated(heap).unwrap_or(0);
    let checksum = period::checksum((0..heaps).map(value));
    let prefix_checksum = period::checksum((0..heaps.min(PREFIX_HEAPS)).map(value));
    let first_nonzero = (0..heaps.min(MAX_SHIFT))
        .find(|&heap| value(heap) != 0)
        .unwrap_or(MAX_SHIFT);
    let window = heaps.saturating_sub(MAX_SHIFT);
    let class_key = period::checksum_extend(
        period::checksum([window]),
        (first_nonzero..first_nonzero + window).map(value),
    );
    let stats = solver.stats();
    let certificate = solver.certificate();
    let splits = !stats.masks.is_empty();
    let rare_mask = stats
        .masks
        .iter()
        .map(|(parity, mask)| format!("{parity}:{mask:x}"))
        .collect::<Vec<_>>()
        .join(",");
    Ok(CensusRow {
        rule: name.clone(),
        heaps,
        preperiod: certificate.map(|c| c.preperiod),
        period: certificate.map(|c| c.period),
        saltus: certificate.map(|c| c.saltus),
        theorem: certificate.map(|c| c.theorem.name().to_string()),
        checked_to: certificate.map(|c| c.checked_to),
        certificate_checksum: certificate.map(|c| hex(c.checksum)),
        max_value: stats.max_value,
        max_value_at: stats.max_value_at,
        rare_mask: splits.then_some(rare_mask),
        rare_count: splits.then_some(stats.rare_heaps),
        last_rare: if splits { stats.last_rare } else { None },
        checksum: hex(checksum),
        prefix_checksum: hex(prefix_checksum),
        first_nonzero,
        class_key: hex(class_key),
        class: name,
        offset: 0,
        seconds: 0.0,
    })
}

/// Sets each row's class and offset from the class keys of all `rows`: the representative
/// is the shortest rule of equal key (then the first in text order).
///
/// # Complexity
/// O(r log r) for r rows.
///
/// # Example
/// ```
/// use grundy::{analysis::census, spec, Limits};
/// let limits = Limits { max_positions: 4096, ..Limits::default() };
/// let mut rows = ["0.137", "0.07", "0.77"]
///     .map(|rule| census::row(spec::parse_heap_rule(rule).unwrap(), 4096, limits).unwrap());
/// census::assign_classes(&mut rows);
/// // Dawson's chess is Dawson's Kayles with heaps one smaller (Winning Ways ch. 4).
/// assert_eq!((rows[0].class.as_str(), rows[0].offset), ("0.07", -1));
/// assert_eq!(rows[2].class, "0.77");
/// ```
pub fn assign_classes(rows: &mut [CensusRow]) {
    let mut order: Vec<usize> = (0..rows.len()).collect();
    order.sort_by(|&a, &b| {
        let (a, b) = (&rows[a], &rows[b]);
        (&a.class_key, a.rule.len(), &a.rule).cmp(&(&b.class_key, b.rule.len(), &b.rule))
    });
    let mut start = 0;
    while start < order.len() {
        let key = rows[order[start]].class_key.clone();
        let end = order[start..]
            .iter()
            .position(|&index| rows[index].class_key != key)
            .map_or(order.len(), |length| start + length);
        let (class, first) = {
            let representative = &rows[order[start]];
            (representative.rule.clone(), representative.first_nonzero)
        };
        for &index in &order[start..end] {
            let row = &mut rows[index];
            row.class = class.clone();
            row.offset = row.first_nonzero as i64 - first as i64;
        }
        start = end;
    }
}

fn hex(checksum: u64) -> String {
    format!("{checksum:016x}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::parse_heap_rule;

    fn limits(heaps: u64) -> Limits {
        Limits {
            max_positions: heaps,
            max_work: u64::MAX,
            ..Limits::default()
        }
    }

    fn census_row(rule: &str, heaps: u64) -> CensusRow {
        row(parse_heap_rule(rule).unwrap(), heaps, limits(heaps)).unwrap()
    }

    /// Every figure of a row, recomputed from the naive engine's values.
    #[test]
    fn rows_agree_with_the_naive_engine() {
        for rule in ["0.77", "0.137", "0.6", "4.3", "0.004", "sub{2,5}", "0.16"] {
            let heaps = 3000;
            let found = census_row(rule, heaps);
            let mut naive = HeapSolver::naive(parse_heap_rule(rule).unwrap(), limits(heaps));
            let values: Vec<u64> = naive
                .values(heaps - 1)
                .unwrap()
                .into_iter()
                .map(|value| value.value())
                .collect();
            assert_eq!(
                found.checksum,
                hex(period::checksum(values.iter().copied()))
            );
            let prefix = &values[..PREFIX_HEAPS as usize];
            assert_eq!(
                found.prefix_checksum,
                hex(period::checksum(prefix.iter().copied()))
            );
            let max = values.iter().copied().max().unwrap();
            assert_eq!(found.max_value, max, "{rule}");
            let at = values.iter().position(|&value| value == max).unwrap() as u64;
            assert_eq!(found.max_value_at, at, "{rule}");
            let first = values.iter().position(|&value| value != 0).unwrap() as u64;
            assert_eq!(found.first_nonzero, first, "{rule}");
            if let (Some(start), Some(period)) = (found.preperiod, found.period) {
                let (start, period) = (start as usize, period as usize);
                assert!((start..values.len() - period)
                    .all(|heap| values[heap + period] == values[heap]));
            }
        }
    }

    /// Rules that never split have no rare figures; periods proved match the known ones.
    #[test]
    fn figures_of_known_games() {
        let kayles = census_row("0.77", 1 << 12);
        assert_eq!((kayles.preperiod, kayles.period), (Some(71), Some(12)));
        assert_eq!(kayles.theorem.as_deref(), Some("guy-smith"));
        let subtraction = census_row("0.33", 100);
        assert_eq!(subtraction.rare_mask, None);
        assert_eq!(subtraction.rare_count, None);
        // 0.6 is unsolved (tczajka's UnsolvedGames): no period is proved in 2^12 heaps.
        assert_eq!(census_row("0.6", 1 << 12).period, None);
    }

    /// Classes join exactly the rules whose sequences agree after dropping leading zeros:
    /// checked against the sequences themselves on the two-digit codes.
    #[test]
    fn classes_match_shifted_sequences() {
        let heaps = 1 << 10;
        let rules: Vec<String> = crate::rules::TakeBreak::octal_family(0, 2)
            .unwrap()
            .into_iter()
            .map(|code| code.to_string())
            .collect();
        let mut rows: Vec<CensusRow> = rules.iter().map(|rule| census_row(rule, heaps)).collect();
        assign_classes(&mut rows);
        let sequences: Vec<Vec<u64>> = rules
            .iter()
            .map(|rule| {
                let mut solver = HeapSolver::naive(parse_heap_rule(rule).unwrap(), limits(heaps));
                solver
                    .values(heaps - 1)
                    .unwrap()
                    .into_iter()
                    .map(|value| value.value())
                    .collect()
            })
            .collect();
        let stripped = |values: &Vec<u64>| {
            let first = values.iter().position(|&value| value != 0).unwrap_or(0);
            values[first..first + (heaps - MAX_SHIFT) as usize].to_vec()
        };
        let mut classes = 0;
        for a in 0..rows.len() {
            classes += usize::from(rows[a].class == rows[a].rule);
            for b in 0..rows.len() {
                let same = stripped(&sequences[a]) == stripped(&sequences[b]);
                assert_eq!(
                    rows[a].class == rows[b].class,
                    same,
                    "{} {}",
                    rules[a],
                    rules[b]
                );
            }
        }
        // Dawson's Kayles is 0.4 with heaps one smaller (tczajka's GameLookup).
        let class_of = |rule: &str| {
            let row = rows.iter().find(|row| row.rule == rule).unwrap();
            (row.class.clone(), row.offset)
        };
        assert_eq!(class_of("0.07"), ("0.4".to_string(), -1));
        assert!(classes < rows.len());
    }

    #[test]
    fn bad_rows_are_refused() {
        assert!(row(parse_heap_rule("0.77").unwrap(), 0, limits(10)).is_err());
        assert!(row(parse_heap_rule("0.77").unwrap(), 100, limits(10)).is_err());
    }
}
