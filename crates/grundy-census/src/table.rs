//! The census file: [`CensusRow`]s as one Parquet row group of plain columns, written whole to
//! a temporary file and renamed over the old one, so that a kill at any moment leaves either
//! the old rows or the new ones, never a torn file.

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{anyhow, bail, Context};
use bytes::Bytes;
use grundy::analysis::census::{Cell, CellKind, CensusRow, COLUMNS};
use parquet::data_type::{ByteArray, ByteArrayType, DoubleType, Int64Type};
use parquet::file::properties::WriterProperties;
use parquet::file::reader::{FileReader, SerializedFileReader};
use parquet::file::writer::SerializedFileWriter;
use parquet::record::{Field, Row};
use parquet::schema::parser::parse_message_type;

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
            let (kind, annotation) = match column.kind {
                CellKind::Text => ("BYTE_ARRAY", " (STRING)"),
                CellKind::Integer => ("INT64", ""),
                CellKind::Real => ("DOUBLE", ""),
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
        let cells: Vec<Cell> = rows.iter().map(column.get).collect();
        let present: Vec<i16> = cells
            .iter()
            .map(|cell| i16::from(!cell.is_null()))
            .collect();
        let levels = column.nullable.then_some(&present[..]);
        match column.kind {
            CellKind::Text => {
                let values: Vec<ByteArray> = cells
                    .iter()
                    .filter_map(Cell::text)
                    .map(ByteArray::from)
                    .collect();
                column_writer
                    .typed::<ByteArrayType>()
                    .write_batch(&values, levels, None)?;
            }
            CellKind::Integer => {
                let values: Vec<i64> = cells.iter().filter_map(Cell::integer).collect();
                column_writer
                    .typed::<Int64Type>()
                    .write_batch(&values, levels, None)?;
            }
            CellKind::Real => {
                let values: Vec<f64> = cells.iter().filter_map(Cell::real).collect();
                column_writer
                    .typed::<DoubleType>()
                    .write_batch(&values, levels, None)?;
            }
        }
        column_writer.close()?;
    }
    group.close()?;
    Ok(writer.into_inner()?)
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

/// A [`CensusRow`] from a row of the file: every column of [`COLUMNS`], by name.
fn decode_row(row: &Row) -> anyhow::Result<CensusRow> {
    let mut decoded = CensusRow::default();
    for column in COLUMNS {
        let name = column.name;
        let field = row
            .get_column_iter()
            .find(|(found, _)| found.as_str() == name)
            .map(|(_, field)| field)
            .with_context(|| format!("the census file has no column '{name}'"))?;
        let cell = match (column.kind, field) {
            (CellKind::Text, Field::Null) => Cell::Text(None),
            (CellKind::Text, Field::Str(text)) => Cell::Text(Some(text.clone())),
            (CellKind::Integer, Field::Null) => Cell::Integer(None),
            (CellKind::Integer, Field::Long(number)) => Cell::Integer(Some(*number)),
            (CellKind::Real, Field::Double(real)) => Cell::Real(*real),
            (kind, other) => bail!("column '{name}' holds {other}, not {kind:?}"),
        };
        (column.set)(&mut decoded, cell).map_err(|why| anyhow!("column '{name}' {why}"))?;
    }
    Ok(decoded)
}
