//! One row of a census: what a long run of one heap rule shows (the proved period, the sparse
//! space figures, checksums), and the classes of rules whose sequences agree after an index
//! shift. Faces add the seconds a row took, store rows and run many at once; this module only
//! computes.
//!
//! [`CensusRow`]'s fields are listed once, and that list makes the struct, its JSON and the
//! [`COLUMNS`] of a census file: each column's name, cell type, and how a row's field becomes a
//! [`Cell`] and back, so a file format reads and writes every field without naming one.

use std::fmt;

use serde::Serialize;

use super::period::{table_limits, Certificate, Checksum};
use crate::error::{Error, Result};
use crate::heap::{HeapSolver, Theorem, SPARSE_FIRST_LOOK};
use crate::rules::HeapRule;

/// Heaps whose values [`CensusRow::prefix_checksum`] covers: few enough for any brute force.
pub const PREFIX_HEAPS: u64 = 2000;

/// The most leading zeros an index shift removes: a rule whose first non-zero value lies
/// further out is compared from heap `MAX_SHIFT` on.
pub const MAX_SHIFT: u64 = 16;

/// One cell of a census file, as a column of its kind stores it (null: `None`).
#[derive(Clone, Debug, PartialEq)]
pub enum Cell {
    /// A text column's cell.
    Text(Option<String>),
    /// A 64-bit integer column's cell.
    Integer(Option<i64>),
    /// A floating-point column's cell (never null).
    Real(f64),
}

impl Cell {
    /// Whether the cell is null.
    pub fn is_null(&self) -> bool {
        matches!(self, Cell::Text(None) | Cell::Integer(None))
    }

    /// The text of a text cell.
    pub fn text(&self) -> Option<&str> {
        match self {
            Cell::Text(text) => text.as_deref(),
            _ => None,
        }
    }

    /// The number of an integer cell.
    pub fn integer(&self) -> Option<i64> {
        match self {
            Cell::Integer(number) => *number,
            _ => None,
        }
    }

    /// The number of a floating-point cell.
    pub fn real(&self) -> Option<f64> {
        match self {
            Cell::Real(real) => Some(*real),
            _ => None,
        }
    }
}

/// The kind of a column: what its cells hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellKind {
    /// Text.
    Text,
    /// 64-bit integers.
    Integer,
    /// Floating-point numbers.
    Real,
}

/// A field type of [`CensusRow`]: its column's kind, whether it may be null, and its cell.
pub trait CellValue: Sized {
    /// The column's kind.
    const KIND: CellKind;
    /// Whether the column may be null.
    const NULLABLE: bool;
    /// The field as a cell.
    fn to_cell(&self) -> Cell;
    /// The field from a cell of its column's kind.
    ///
    /// # Errors
    /// What is wrong with the cell, in words that follow the column's name.
    fn from_cell(cell: Cell) -> std::result::Result<Self, String>;
}

/// The cell conversions of a nullable field stored as it is, in a cell `Cell::$cell`.
macro_rules! stored_cell {
    ($type:ty, $cell:ident, $what:literal) => {
        impl CellValue for Option<$type> {
            const KIND: CellKind = CellKind::$cell;
            const NULLABLE: bool = true;
            fn to_cell(&self) -> Cell {
                Cell::$cell(self.to_owned())
            }
            fn from_cell(cell: Cell) -> std::result::Result<Self, String> {
                match cell {
                    Cell::$cell(value) => Ok(value),
                    other => Err(format!("holds {other:?}, not {}", $what)),
                }
            }
        }
    };
}

/// The cell conversions of a nullable field stored as a `$stored`: written by `$to`, read back
/// by `$from` (or the reason it cannot be).
macro_rules! converted_cell {
    ($type:ty as $stored:ty, $to:expr, $from:expr) => {
        impl CellValue for Option<$type> {
            const KIND: CellKind = <Option<$stored> as CellValue>::KIND;
            const NULLABLE: bool = true;
            fn to_cell(&self) -> Cell {
                self.as_ref().map($to).to_cell()
            }
            fn from_cell(cell: Cell) -> std::result::Result<Self, String> {
                Option::<$stored>::from_cell(cell)?.map($from).transpose()
            }
        }
    };
}

/// The cell conversions of a field that is never null: `Option<$type>`'s, with nulls refused.
macro_rules! required_cell {
    ($type:ty) => {
        impl CellValue for $type {
            const KIND: CellKind = <Option<$type> as CellValue>::KIND;
            const NULLABLE: bool = false;
            fn to_cell(&self) -> Cell {
                Some(self.to_owned()).to_cell()
            }
            fn from_cell(cell: Cell) -> std::result::Result<Self, String> {
                Option::<$type>::from_cell(cell)?.ok_or_else(|| "is empty".to_string())
            }
        }
    };
}

stored_cell!(String, Text, "text");
stored_cell!(i64, Integer, "a number");
// Every count and heap here is far below 2^63.
converted_cell!(
    u64 as i64,
    |count: &u64| i64::try_from(*count).unwrap_or(i64::MAX),
    |number: i64| u64::try_from(number).map_err(|_| format!("holds a negative count {number}"))
);
converted_cell!(Checksum as String, Checksum::to_string, |text: String| {
    Checksum::from_hex(&text).ok_or_else(|| format!("holds '{text}', not a checksum"))
});
required_cell!(String);
required_cell!(u64);
required_cell!(i64);
required_cell!(Checksum);

impl CellValue for f64 {
    const KIND: CellKind = CellKind::Real;
    const NULLABLE: bool = false;
    fn to_cell(&self) -> Cell {
        Cell::Real(*self)
    }
    fn from_cell(cell: Cell) -> std::result::Result<Self, String> {
        match cell {
            Cell::Real(real) => Ok(real),
            other => Err(format!("holds {other:?}, not a number of seconds")),
        }
    }
}

/// One column of a census file: a field of [`CensusRow`].
#[derive(Clone, Copy)]
pub struct Column {
    /// The field's name.
    pub name: &'static str,
    /// What its cells hold.
    pub kind: CellKind,
    /// Whether a cell may be null.
    pub nullable: bool,
    /// The field of a row, as a cell.
    pub get: fn(&CensusRow) -> Cell,
    /// Sets the field of a row from a cell.
    pub set: fn(&mut CensusRow, Cell) -> std::result::Result<(), String>,
}

impl fmt::Debug for Column {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Column({})", self.name)
    }
}

/// The struct of a census row and its [`COLUMNS`], from one list of fields.
macro_rules! census_row {
    ($(#[$meta:meta])* pub struct CensusRow {
        $($(#[doc = $doc:literal])* $field:ident: $type:ty,)*
    }) => {
        $(#[$meta])*
        pub struct CensusRow {
            $($(#[doc = $doc])* pub $field: $type,)*
        }

        /// The columns of a census file, in order: the fields of [`CensusRow`].
        pub const COLUMNS: &[Column] = &[$(Column {
            name: stringify!($field),
            kind: <$type as CellValue>::KIND,
            nullable: <$type as CellValue>::NULLABLE,
            get: |row| row.$field.to_cell(),
            set: |row, cell| {
                row.$field = CellValue::from_cell(cell)?;
                Ok(())
            },
        },)*];
    };
}

census_row! {
    /// What a census records of one heap rule, computed to `heaps` heaps.
    ///
    /// Checksums are as in certificates ([`Checksum`]). Two rules are in one class when, after
    /// the leading zeros of each are dropped (at most [`MAX_SHIFT`]), their sequences agree on
    /// the same number of heaps: then `g(n + offset) = g_class(n)` for every heap computed.
    #[derive(Clone, Debug, Default, PartialEq, Serialize)]
    pub struct CensusRow {
        /// The rule as spec text (`0.137`).
        rule: String,
        /// Heaps `0..heaps` were computed (copied by the period once one was proved).
        heaps: u64,
        /// The first heap from which the proved period holds.
        preperiod: Option<u64>,
        /// The proved period.
        period: Option<u64>,
        /// The proved saltus (0 for an ordinary period).
        saltus: Option<u64>,
        /// The theorem that proves the period (`guy-smith`).
        theorem: Option<String>,
        /// The last heap the certificate checked.
        checked_to: Option<u64>,
        /// The certificate's checksum (of heaps `0..=checked_to`).
        certificate_checksum: Option<Checksum>,
        /// The largest value.
        max_value: u64,
        /// The first heap with the largest value.
        max_value_at: u64,
        /// The rare masks, `parity:mask` in hexadecimal, comma-separated, over extended values
        /// `g << 1 | ((n + parity) & 1)`; none for rules that never split a heap, and none
        /// below [`SPARSE_FIRST_LOOK`] heaps, where no rare heap is looked for (as a long
        /// run's `rare_looked` says), rather than a mask of 0.
        rare_mask: Option<String>,
        /// Heaps that are rare under those masks.
        rare_count: Option<u64>,
        /// The last rare heap.
        last_rare: Option<u64>,
        /// The checksum of every value computed.
        checksum: Checksum,
        /// The checksum of the first [`PREFIX_HEAPS`] values (all of them when fewer).
        prefix_checksum: Checksum,
        /// The first heap with a non-zero value (at most [`MAX_SHIFT`]).
        first_nonzero: u64,
        /// The checksum of the values from `first_nonzero` on, `heaps - MAX_SHIFT` of them,
        /// preceded by that count: equal keys, equal sequences after the shift.
        class_key: Checksum,
        /// The class's representative: its shortest rule (then the first in text order).
        class: String,
        /// The index shift from the representative: `g(n + offset) = g_class(n)`.
        offset: i64,
        /// Seconds the row took, as the face that timed it measured (the library reads no
        /// clock).
        seconds: f64,
    }
}

impl CensusRow {
    /// Whether the engine looked for rare heaps: not in a table shorter than
    /// [`SPARSE_FIRST_LOOK`] heaps, where `rare_mask` is `None` for that reason.
    pub fn rare_looked(&self) -> bool {
        self.heaps >= SPARSE_FIRST_LOOK
    }

    /// The certificate of the row's proved period, if it has one, as
    /// [`period::verify`](super::period::verify) checks it.
    pub fn certificate(&self) -> Option<Certificate> {
        Some(Certificate {
            rule: self.rule.clone(),
            theorem: Theorem::from_name(self.theorem.as_deref()?)?,
            preperiod: self.preperiod?,
            period: self.period?,
            saltus: self.saltus?,
            checked_to: self.checked_to?,
            checksum: self.certificate_checksum?.0,
        })
    }
}

/// Rare masks (`[parity, mask]`, as the engine and [`super::RunSummary`] give them) as a
/// census writes them: `parity:mask` in hexadecimal, comma-separated.
fn rare_mask_text(masks: &[[u64; 2]]) -> String {
    let masks: Vec<String> = masks
        .iter()
        .map(|[parity, mask]| format!("{parity}:{mask:x}"))
        .collect();
    masks.join(",")
}

/// Computes a census row: `heaps` heaps of `rule` (and a period where a theorem proves one on
/// the way), as the only member of its class, in 0 seconds.
///
/// # Errors
/// `heaps` of 0.
///
/// # Example
/// ```
/// use grundy::{analysis::census, spec};
/// let row = census::row(spec::parse_heap_rule("0.07")?, 1 << 14)?;
/// assert_eq!((row.preperiod, row.period), (Some(53), Some(34))); // Dawson's Kayles
/// assert_eq!(row.first_nonzero, 2);
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn row(rule: HeapRule, heaps: u64) -> Result<CensusRow> {
    let name = rule.to_string();
    if heaps == 0 {
        return Err(Error::invalid_position(
            "a census row needs at least one heap".to_string(),
        ));
    }
    let mut solver = HeapSolver::with_limits(rule, table_limits(heaps));
    solver.extend(heaps)?;
    // `extend` looks for a period as the table doubles from 4096 heaps on; a shorter table,
    // or one that grew since the last look, is searched here.
    solver.seek_period();
    let value = |heap: u64| solver.tabulated(heap).unwrap_or(0);
    let first_nonzero = (0..heaps.min(MAX_SHIFT))
        .find(|&heap| value(heap) != 0)
        .unwrap_or(MAX_SHIFT);
    let window = heaps.saturating_sub(MAX_SHIFT);
    let stats = solver.stats();
    let certificate = solver.certificate();
    // A table shorter than the first look for a sparse space has no figures of one.
    let splits = !stats.masks.is_empty() && heaps >= SPARSE_FIRST_LOOK;
    Ok(CensusRow {
        rule: name.clone(),
        heaps,
        preperiod: certificate.map(|c| c.preperiod),
        period: certificate.map(|c| c.period),
        saltus: certificate.map(|c| c.saltus),
        theorem: certificate.map(|c| c.theorem.name().to_string()),
        checked_to: certificate.map(|c| c.checked_to),
        certificate_checksum: certificate.map(|c| Checksum(c.checksum)),
        max_value: stats.max_value,
        max_value_at: stats.max_value_at,
        rare_mask: splits.then(|| rare_mask_text(&stats.masks)),
        rare_count: splits.then_some(stats.rare_heaps),
        last_rare: if splits { stats.last_rare } else { None },
        checksum: Checksum::of((0..heaps).map(value)),
        prefix_checksum: Checksum::of((0..heaps.min(PREFIX_HEAPS)).map(value)),
        first_nonzero,
        class_key: Checksum::of([window])
            .extend((first_nonzero..first_nonzero + window).map(value)),
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
/// use grundy::{analysis::census, spec};
/// let mut rows = ["0.137", "0.07", "0.77"]
///     .map(|rule| census::row(spec::parse_heap_rule(rule).unwrap(), 4096).unwrap());
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
        let key = rows[order[start]].class_key;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::parse_heap_rule;

    fn census_row(rule: &str, heaps: u64) -> CensusRow {
        row(parse_heap_rule(rule).unwrap(), heaps).unwrap()
    }

    /// Every figure of a row, recomputed from the naive engine's values.
    #[test]
    fn rows_agree_with_the_naive_engine() {
        for rule in ["0.77", "0.137", "0.6", "4.3", "0.004", "sub{2,5}", "0.16"] {
            let heaps = 3000;
            let found = census_row(rule, heaps);
            let mut naive = HeapSolver::naive(parse_heap_rule(rule).unwrap(), table_limits(heaps));
            let values: Vec<u64> = naive
                .values(heaps - 1)
                .unwrap()
                .into_iter()
                .map(|value| value.value())
                .collect();
            assert_eq!(found.checksum, Checksum::of(values.iter().copied()));
            let prefix = &values[..PREFIX_HEAPS as usize];
            assert_eq!(found.prefix_checksum, Checksum::of(prefix.iter().copied()));
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
                let mut solver =
                    HeapSolver::naive(parse_heap_rule(rule).unwrap(), table_limits(heaps));
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
        assert!(row(parse_heap_rule("0.77").unwrap(), 0).is_err());
    }
}

/// What `grundy census` says when it is done: the file, counts, and every row the file holds
/// (this run's and those of earlier runs into the same file).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CensusReport {
    /// [`SCHEMA`](super::SCHEMA).
    pub schema: u32,
    /// The Parquet file, as the command line named it.
    pub file: String,
    /// Rows with a proved period.
    pub proved: usize,
    /// Rows without one: a prefix only.
    pub unproved: usize,
    /// Classes among the rows (rules whose sequences agree after their leading zeros).
    pub classes: usize,
    /// The rows, in the file's order.
    pub rows: Vec<CensusRow>,
}

impl CensusReport {
    /// The report of `rows`, written to `file`.
    pub fn new(file: String, rows: Vec<CensusRow>) -> CensusReport {
        let proved = rows.iter().filter(|row| row.period.is_some()).count();
        let mut classes: Vec<&str> = rows.iter().map(|row| row.class.as_str()).collect();
        classes.sort_unstable();
        classes.dedup();
        CensusReport {
            schema: super::SCHEMA,
            file,
            proved,
            unproved: rows.len() - proved,
            classes: classes.len(),
            rows,
        }
    }
}
