//! The census file: [`CensusRow`]s as one Parquet row group of plain columns, written whole to
//! a temporary file and renamed over the old one, so that a kill at any moment leaves either
//! the old rows or the new ones, never a torn file.

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{bail, Context};
use bytes::Bytes;
use grundy::analysis::census::CensusRow;
use parquet::data_type::{ByteArray, ByteArrayType, DoubleType, Int64Type};
use parquet::file::properties::WriterProperties;
use parquet::file::reader::{FileReader, SerializedFileReader};
use parquet::file::writer::SerializedFileWriter;
use parquet::record::{Field, Row};
use parquet::schema::parser::parse_message_type;

/// How a column reads its value from a row.
#[derive(Clone, Copy)]
enum Getter {
    Text(fn(&CensusRow) -> Option<String>),
    Number(fn(&CensusRow) -> Option<i64>),
    Real(fn(&CensusRow) -> f64),
}

/// One column: its name, whether it may be null, and its getter.
struct Column {
    name: &'static str,
    nullable: bool,
    get: Getter,
}

/// A `u64` as Parquet's `INT64` (every count and heap here is far below 2^63).
fn signed(value: u64) -> i64 {
    i64::try_from(value).unwrap_or(i64::MAX)
}

macro_rules! text {
    ($name:literal, $field:ident) => {
        Column {
            name: $name,
            nullable: false,
            get: Getter::Text(|row| Some(row.$field.clone())),
        }
    };
    ($name:literal, $field:ident, optional) => {
        Column {
            name: $name,
            nullable: true,
            get: Getter::Text(|row| row.$field.clone()),
        }
    };
}

macro_rules! number {
    ($name:literal, $field:ident) => {
        Column {
            name: $name,
            nullable: false,
            get: Getter::Number(|row| Some(signed(row.$field))),
        }
    };
    ($name:literal, $field:ident, optional) => {
        Column {
            name: $name,
            nullable: true,
            get: Getter::Number(|row| row.$field.map(signed)),
        }
    };
}

/// The columns, in file order: the fields of [`CensusRow`].
const COLUMNS: [Column; 20] = [
    text!("rule", rule),
    number!("heaps", heaps),
    number!("preperiod", preperiod, optional),
    number!("period", period, optional),
    number!("saltus", saltus, optional),
    text!("theorem", theorem, optional),
    number!("checked_to", checked_to, optional),
    text!("certificate_checksum", certificate_checksum, optional),
    number!("max_value", max_value),
    number!("max_value_at", max_value_at),
    text!("rare_mask", rare_mask, optional),
    number!("rare_count", rare_count, optional),
    number!("last_rare", last_rare, optional),
    text!("checksum", checksum),
    text!("prefix_checksum", prefix_checksum),
    number!("first_nonzero", first_nonzero),
    text!("class_key", class_key),
    text!("class", class),
    Column {
        name: "offset",
        nullable: false,
        get: Getter::Number(|row| Some(row.offset)),
    },
    Column {
        name: "seconds",
        nullable: false,
        get: Getter::Real(|row| row.seconds),
    },
];

/// The Parquet schema of [`COLUMNS`].
fn message_type() -> String {
    let fields: Vec<String> = COLUMNS
        .iter()
        .map(|column| {
            let repetition = if column.nullable {
                "OPTIONAL"
            } else {
                "REQUIRED"
            };
            let kind = match column.get {
                Getter::Text(_) => "BYTE_ARRAY",
                Getter::Number(_) => "INT64",
                Getter::Real(_) => "DOUBLE",
            };
            let annotation = match column.get {
                Getter::Text(_) => " (STRING)",
                _ => "",
            };
            format!("  {repetition} {kind} {}{annotation};", column.name)
        })
        .collect();
    format!("message census {{\n{}\n}}", fields.join("\n"))
}

/// Writes `rows` to `path`: to `path` with `.tmp` appended first, synced, then renamed over
/// `path`.
///
/// # Errors
/// The file cannot be written or renamed.
pub fn write(path: &Path, rows: &[CensusRow]) -> anyhow::Result<()> {
    let temporary = temporary_path(path);
    let mut file = File::create(&temporary)
        .with_context(|| format!("cannot create {}", temporary.display()))?;
    file.write_all(&encode(rows)?)?;
    file.sync_all()?;
    drop(file);
    std::fs::rename(&temporary, path).with_context(|| {
        format!(
            "cannot rename {} to {}",
            temporary.display(),
            path.display()
        )
    })
}

/// The bytes of a census file holding `rows` (what a distributed worker sends back).
///
/// # Errors
/// Parquet refuses the rows (it does not, for rows of this schema).
pub fn encode(rows: &[CensusRow]) -> anyhow::Result<Vec<u8>> {
    let schema = Arc::new(parse_message_type(&message_type())?);
    let properties = Arc::new(WriterProperties::builder().build());
    let mut writer = SerializedFileWriter::new(Vec::new(), schema, properties)?;
    let mut group = writer.next_row_group()?;
    let mut index = 0;
    while let Some(mut column_writer) = group.next_column()? {
        let column = &COLUMNS[index];
        index += 1;
        match column.get {
            Getter::Text(get) => {
                let cells: Vec<Option<String>> = rows.iter().map(get).collect();
                let values: Vec<ByteArray> = cells
                    .iter()
                    .flatten()
                    .map(|text| ByteArray::from(text.as_str()))
                    .collect();
                let levels = definition_levels(&cells);
                column_writer.typed::<ByteArrayType>().write_batch(
                    &values,
                    column.nullable.then_some(&levels[..]),
                    None,
                )?;
            }
            Getter::Number(get) => {
                let cells: Vec<Option<i64>> = rows.iter().map(get).collect();
                let values: Vec<i64> = cells.iter().flatten().copied().collect();
                let levels = definition_levels(&cells);
                column_writer.typed::<Int64Type>().write_batch(
                    &values,
                    column.nullable.then_some(&levels[..]),
                    None,
                )?;
            }
            Getter::Real(get) => {
                let values: Vec<f64> = rows.iter().map(get).collect();
                column_writer
                    .typed::<DoubleType>()
                    .write_batch(&values, None, None)?;
            }
        }
        column_writer.close()?;
    }
    group.close()?;
    Ok(writer.into_inner()?)
}

/// Parquet's definition levels of an optional column: 1 where a value is present.
fn definition_levels<T>(cells: &[Option<T>]) -> Vec<i16> {
    cells.iter().map(|cell| i16::from(cell.is_some())).collect()
}

fn temporary_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".tmp");
    PathBuf::from(name)
}

/// The rows of the census file at `path`.
///
/// # Errors
/// The file cannot be read, is not Parquet, or lacks a column of a census.
pub fn read(path: &Path) -> anyhow::Result<Vec<CensusRow>> {
    let bytes = std::fs::read(path).with_context(|| format!("cannot open {}", path.display()))?;
    decode(bytes).with_context(|| format!("in {}", path.display()))
}

/// The rows in the bytes of a census file.
///
/// # Errors
/// Bytes that are not Parquet, or lack a column of a census.
pub fn decode(bytes: Vec<u8>) -> anyhow::Result<Vec<CensusRow>> {
    let reader = SerializedFileReader::new(Bytes::from(bytes)).context("not a Parquet file")?;
    let mut rows = Vec::new();
    for row in reader.get_row_iter(None)? {
        rows.push(decode_row(&row?)?);
    }
    Ok(rows)
}

/// A [`CensusRow`] from a row of the file.
fn decode_row(row: &Row) -> anyhow::Result<CensusRow> {
    let field = |name: &str| -> anyhow::Result<&Field> {
        row.get_column_iter()
            .find(|(column, _)| column.as_str() == name)
            .map(|(_, field)| field)
            .with_context(|| format!("the census file has no column '{name}'"))
    };
    let optional_text = |name: &str| -> anyhow::Result<Option<String>> {
        match field(name)? {
            Field::Null => Ok(None),
            Field::Str(text) => Ok(Some(text.clone())),
            other => bail!("column '{name}' holds {other}, not text"),
        }
    };
    let text = |name: &str| -> anyhow::Result<String> {
        optional_text(name)?.with_context(|| format!("column '{name}' is empty"))
    };
    let optional_number = |name: &str| -> anyhow::Result<Option<i64>> {
        match field(name)? {
            Field::Null => Ok(None),
            Field::Long(number) => Ok(Some(*number)),
            other => bail!("column '{name}' holds {other}, not a number"),
        }
    };
    let optional_count = |name: &str| -> anyhow::Result<Option<u64>> {
        optional_number(name)?
            .map(|number| {
                u64::try_from(number)
                    .with_context(|| format!("column '{name}' holds a negative count {number}"))
            })
            .transpose()
    };
    let count = |name: &str| -> anyhow::Result<u64> {
        optional_count(name)?.with_context(|| format!("column '{name}' is empty"))
    };
    let seconds = match field("seconds")? {
        Field::Double(seconds) => *seconds,
        other => bail!("column 'seconds' holds {other}, not seconds"),
    };
    Ok(CensusRow {
        rule: text("rule")?,
        heaps: count("heaps")?,
        preperiod: optional_count("preperiod")?,
        period: optional_count("period")?,
        saltus: optional_count("saltus")?,
        theorem: optional_text("theorem")?,
        checked_to: optional_count("checked_to")?,
        certificate_checksum: optional_text("certificate_checksum")?,
        max_value: count("max_value")?,
        max_value_at: count("max_value_at")?,
        rare_mask: optional_text("rare_mask")?,
        rare_count: optional_count("rare_count")?,
        last_rare: optional_count("last_rare")?,
        checksum: text("checksum")?,
        prefix_checksum: text("prefix_checksum")?,
        first_nonzero: count("first_nonzero")?,
        class_key: text("class_key")?,
        class: text("class")?,
        offset: optional_number("offset")?.context("column 'offset' is empty")?,
        seconds,
    })
}
