//! Text rendering of the heap games' reports: sequences, periodic tables, periods,
//! verified certificates and long runs.

use std::fmt::Write as _;
use std::io::{self, Write};

use grundy::analysis::periodic::PeriodicTable;
use grundy::analysis::{self, SequenceReport, SPARSE_FIRST_LOOK};

/// `grundy seq` as text: ten values a row.
pub fn sequence(report: &SequenceReport) -> String {
    let mut text = value_table(&report.rule, "Grundy values", &report.values, report.to);
    let _ = writeln!(
        text,
        "largest value: {} (first at heap {})",
        report.max_value, report.max_value_at
    );
    match &report.periodicity {
        Some(period) => {
            let comma = if period.saltus == 0 { "" } else { "," };
            let _ = writeln!(
                text,
                "{}{comma} from heap {}, proved by {}; `grundy period` gives the certificate",
                period.describe(),
                period.preperiod,
                period.theorem
            );
        }
        None => {
            let further = format!("; `grundy period {}` looks further", report.rule);
            let further = if report.theorem_covers { &further } else { "" };
            let _ = writeln!(
                text,
                "prefix only: no period proved from these values{further}"
            );
        }
    }
    text
}

/// `grundy seq --by-period`: a heading, one row of the period a line, labelled by its first heap,
/// a column a residue class (`n mod period`); the preperiod in rows of those columns above.
pub fn periodic_table(table: &PeriodicTable) -> String {
    let period = table.period.max(1);
    // The heaps before the preperiod, broken where the rows of the period break.
    let mut rows: Vec<(u64, &[u64])> = Vec::new();
    let mut first = 0u64;
    let mut rest = table.preperiod_values.as_slice();
    while !rest.is_empty() {
        let column = (first + period - table.preperiod % period) % period;
        let take = ((period - column) as usize).min(rest.len());
        rows.push((first, &rest[..take]));
        rest = &rest[take..];
        first += take as u64;
    }
    let before = rows.len();
    rows.extend(
        table
            .rows
            .iter()
            .map(|row| (row.start, row.values.as_slice())),
    );
    let last = rows.last().map_or(0, |(first, values)| {
        (first + values.len() as u64).saturating_sub(1)
    });
    let mut text = String::new();
    let _ = writeln!(
        text,
        "{}: Grundy values of heaps 0 to {last} in rows of {period} (each column is one value \
         of n mod {period})",
        table.rule
    );
    if table.proved {
        let _ = writeln!(
            text,
            "period {period} proved from heap {} on (saltus {}){}",
            table.preperiod,
            table.saltus,
            if table.preperiod > 0 {
                "; the rows above the line hold the exceptions"
            } else {
                ", no exception"
            }
        );
    } else {
        let _ = writeln!(
            text,
            "prefix only: no period {period} from heap {} is proved",
            table.preperiod
        );
    }
    let residues: Vec<u64> = (0..period)
        .map(|column| (table.preperiod + column) % period)
        .collect();
    let width = rows
        .iter()
        .flat_map(|(_, values)| values.iter())
        .chain(&residues)
        .map(|value| value.to_string().len())
        .max()
        .unwrap_or(1);
    let label = last.to_string().len().max(4);
    let header: Vec<String> = residues.iter().map(|r| format!("{r:>width$}")).collect();
    let header = header.join(" ");
    let _ = writeln!(text, "{:>label$}  {header}", "heap");
    for (index, (first, values)) in rows.iter().enumerate() {
        if index == before && before > 0 {
            let _ = writeln!(text, "{:>label$}  {}", "", "-".repeat(header.len()));
        }
        let column = (first + period - table.preperiod % period) % period;
        let blank = " ".repeat(column as usize * (width + 1));
        let values: Vec<String> = values.iter().map(|v| format!("{v:>width$}")).collect();
        let _ = writeln!(text, "{first:>label$}: {blank}{}", values.join(" "));
    }
    text
}

/// `grundy seq --format csv`: a header, then `n,value` per heap.
pub fn sequence_csv(out: &mut impl Write, report: &SequenceReport) -> io::Result<()> {
    writeln!(out, "n,value")?;
    for (heap, value) in report.values.iter().enumerate() {
        writeln!(out, "{heap},{value}")?;
    }
    Ok(())
}

/// `grundy period` as text.
pub fn period(report: &grundy::analysis::PeriodReport) -> String {
    let mut text = String::new();
    let _ = writeln!(text, "rule:        {}", report.rule);
    match (report.preperiod, report.period, report.saltus) {
        (Some(preperiod), Some(period), Some(saltus)) if report.proved => {
            let (kind, law) = if saltus == 0 {
                (period.to_string(), format!("g(n + {period}) = g(n)"))
            } else {
                (
                    format!("arithmetic period {period}, saltus {saltus}"),
                    format!("arithmetic: g(n + {period}) = g(n) + {saltus}"),
                )
            };
            let _ = writeln!(text, "period:      {kind} (proved)");
            let exception = match report.last_exception {
                Some(last) => format!("last exception at heap {last}"),
                None => "no exception".to_string(),
            };
            let _ = writeln!(text, "preperiod:   {preperiod} ({exception})");
            let _ = writeln!(text, "saltus:      {saltus} ({law} for n >= {preperiod})");
            let _ = writeln!(
                text,
                "theorem:     {}: {}",
                report.theorem.as_deref().unwrap_or("?"),
                report.statement.as_deref().unwrap_or("")
            );
            let _ = writeln!(
                text,
                "checked:     values of heaps 0 to {} compared ({} heaps computed)",
                report.checked_to, report.heaps_computed
            );
            if let Some(checksum) = &report.checksum {
                let _ = writeln!(text, "checksum:    {checksum}");
            }
        }
        _ => {
            let _ = writeln!(
                text,
                "no period proved up to {} heaps (prefix only)",
                report.heaps_computed
            );
            if let Some(reason) = &report.reason {
                let _ = writeln!(text, "reason:      {reason}");
            }
            let heaps = report.heaps_computed;
            match report.stopped_by.as_deref() {
                Some(analysis::STOPPED_BY_MAX) => {
                    let _ = writeln!(text, "stopped:     at --max {heaps}");
                }
                Some(analysis::STOPPED_BY_MEMORY) => {
                    let _ = writeln!(
                        text,
                        "stopped:     the table would not fit in memory beyond {heaps} heaps"
                    );
                }
                _ => {}
            }
        }
    }
    text
}

/// `grundy verify` as text.
pub fn verify(report: &grundy::analysis::VerifyReport) -> String {
    let how = match report.recomputed_by.as_str() {
        "naive" => "the naive engine, from the ruleset's moves",
        "plain" => "the plain scan of every split",
        _ => "verify's own sparse scan",
    };
    let last = report.heaps.saturating_sub(1);
    match &report.reason {
        None => format!(
            "valid: the certificate for {} holds (heaps 0 to {last} recomputed by {how})\n",
            report.rule
        ),
        Some(reason) => format!(
            "INVALID: the certificate for {} fails: {reason} (heaps 0 to {last} recomputed by \
             {how})\n",
            report.rule
        ),
    }
}

/// The summary of a long `seq --out` run as text.
pub fn run_summary(summary: &grundy::analysis::RunSummary) -> String {
    let mut text = String::new();
    let _ = writeln!(text, "rule:          {}", summary.rule);
    let _ = writeln!(
        text,
        "heaps:         0 to {} ({} heaps)",
        summary.heaps.saturating_sub(1),
        summary.heaps
    );
    let _ = writeln!(
        text,
        "largest value: {} (first at heap {})",
        summary.max_value, summary.max_value_at
    );
    if summary.rare_masks.iter().any(|&[_, mask]| mask != 0) {
        let _ = writeln!(
            text,
            "sparse space:  values split into a common and a rare class (the masks below say \
             which);\n               the few heaps of rare value are the rare heaps, and the \
             engine searches mostly the pairs with one"
        );
    }
    for &[parity, mask] in &summary.rare_masks {
        let (removing, bit) = if parity == 0 {
            ("an even number of", "n mod 2")
        } else {
            ("an odd number of", "(n + 1) mod 2")
        };
        if mask == 0 {
            let _ = writeln!(
                text,
                "rare mask:     none for splits removing {removing} tokens (every split scanned)"
            );
        } else {
            let _ = writeln!(
                text,
                "rare mask:     {mask:#x} for splits removing {removing} tokens: heap n of value \
                 g is rare when 2g + ({bit}) shares an even number of 1 bits with {mask:#x}"
            );
        }
    }
    let _ = match summary.rare_looked {
        true => writeln!(text, "rare heaps:    {}", summary.rare_heaps),
        false => writeln!(
            text,
            "rare heaps:    not looked for below {SPARSE_FIRST_LOOK} heaps"
        ),
    };
    if let Some(last) = summary.last_rare {
        let _ = writeln!(text, "last rare:     {last}");
    }
    let _ = writeln!(text, "checksum:      {}", summary.checksum);
    match &summary.period {
        Some(period) => {
            let _ = writeln!(
                text,
                "period:        {} from heap {} (proved by {})",
                period.describe(),
                period.preperiod.unwrap_or(0),
                period.theorem.as_deref().unwrap_or("?")
            );
        }
        None => {
            let _ = writeln!(text, "prefix only: no period is claimed");
        }
    }
    text
}

/// The heading `RULE: WHAT of heaps 0 to TO`, then `values` (of heaps 0 to `to`) ten a row,
/// each row labelled by its first heap as wide as `to`, each value as wide as the largest.
pub fn value_table(rule: &str, what: &str, values: &[u64], to: u64) -> String {
    let mut text = String::new();
    let _ = writeln!(text, "{rule}: {what} of heaps 0 to {to}");
    let width = values.iter().max().unwrap_or(&0).to_string().len();
    let label = to.to_string().len();
    for (row, chunk) in values.chunks(10).enumerate() {
        let values: Vec<String> = chunk.iter().map(|v| format!("{v:>width$}")).collect();
        let _ = writeln!(text, "{:>label$}: {}", row * 10, values.join(" "));
    }
    text
}
