//! Text rendering of misère reports, for people at a terminal.

use std::fmt::Write as _;
use std::io::{self, Write};

use grundy::analysis::misere::{MisereMovesReport, MisereSequenceReport, MisereValueReport};

const PLAY: &str = "misère: the player who makes the last move loses";

fn outcome_words(outcome: &str) -> &'static str {
    if outcome == "P" {
        "P: the player to move loses (every move leaves a nonzero misère value)"
    } else {
        "N: the player to move wins (some move leaves misère value 0)"
    }
}

/// `grundy value --misere` as text.
pub fn value(report: &MisereValueReport) -> String {
    let mut text = String::new();
    let _ = writeln!(text, "game:     {}", report.spec);
    let _ = writeln!(text, "play:     {PLAY}");
    match (report.value, &report.genus) {
        (Some(value), Some(genus)) => {
            let _ = writeln!(
                text,
                "value:    {value} (the misère Grundy value of the whole game)"
            );
            let _ = writeln!(text, "genus:    {genus}");
        }
        _ => {
            let _ = writeln!(
                text,
                "value:    not computed: the game has too many positions to value them all \
                 (raise --max-positions or --max-work); the outcome below needed fewer"
            );
        }
    }
    let _ = writeln!(text, "outcome:  {}", outcome_words(&report.outcome));
    if report.components.len() > 1 {
        let _ = writeln!(
            text,
            "\ncomponents, each alone (misère values do not add: a sum is searched as a whole):"
        );
        for component in &report.components {
            let valued = match (component.value, &component.genus) {
                (Some(value), Some(genus)) => format!("misère value {value}, genus {genus}"),
                _ => "too large to value".to_string(),
            };
            let _ = writeln!(text, "  {:<24} {valued}", component.spec);
        }
    }
    if report.winning_moves.is_empty() {
        if report.outcome == "P" {
            let _ = writeln!(
                text,
                "\nno winning move: every move leaves a position of nonzero misère value"
            );
        }
    } else {
        let _ = writeln!(
            text,
            "\nwinning moves (each leaves a position of misère value 0):"
        );
        for winning in &report.winning_moves {
            let alone = winning.target_value.map_or(String::new(), |value| {
                format!(", misère value {value} alone")
            });
            let _ = writeln!(
                text,
                "  in {}: {} (to {}{alone})\n      leaves {}",
                winning.from, winning.description, winning.to, winning.result
            );
        }
    }
    text
}

/// `grundy moves --misere` as text.
pub fn moves(report: &MisereMovesReport) -> String {
    let mut text = String::new();
    let _ = writeln!(text, "game:     {}", report.spec);
    let _ = writeln!(text, "play:     {PLAY}");
    let _ = writeln!(text, "value:    {} (misère)", report.value);
    let _ = writeln!(text, "outcome:  {}", outcome_words(&report.outcome));
    crate::render::list_start(
        &mut text,
        report.moves.len(),
        "the game is over, and in misère play the player to move has won",
        "misère value after the move; * marks a winning move",
    );
    crate::render::move_lines(&mut text, &report.moves);
    text
}

/// `grundy seq --misere` as text: misère values ten a row, then the genera and tameness.
pub fn sequence(report: &MisereSequenceReport) -> String {
    let mut text = String::new();
    let _ = writeln!(
        text,
        "{}: misère Grundy values of heaps 0 to {}",
        report.rule, report.to
    );
    let width = report
        .values
        .iter()
        .max()
        .copied()
        .unwrap_or(0)
        .to_string()
        .len();
    let label = report.to.to_string().len();
    for (row, chunk) in report.values.chunks(10).enumerate() {
        let values: Vec<String> = chunk.iter().map(|v| format!("{v:>width$}")).collect();
        let _ = writeln!(text, "{:>label$}: {}", row * 10, values.join(" "));
    }
    let _ = writeln!(
        text,
        "\ngenus g^abc…: g is the normal-play value, a b c … the misère values with 0, 1, 2, …\n\
         heaps of *2 added; the last two repeat forever"
    );
    let genus_width = report.genus.iter().map(String::len).max().unwrap_or(1);
    for (row, chunk) in report.genus.chunks(8).enumerate() {
        let genera: Vec<String> = chunk.iter().map(|g| format!("{g:<genus_width$}")).collect();
        let _ = writeln!(
            text,
            "{:>label$}: {}",
            row * 8,
            genera.join("  ").trim_end()
        );
    }
    match &report.first_wild {
        None => {
            let _ = writeln!(
                text,
                "\ntame up to heap {}: every position has the genus of a Nim position, so sums \
                 play like misère Nim",
                report.to
            );
        }
        Some(wild) => {
            let _ = writeln!(
                text,
                "\nnot tame: heap {} reaches {}, of genus {}, which no Nim position has{}",
                wild.heap,
                wild.position,
                wild.genus,
                if wild.heap > 0 {
                    format!(" (tame up to heap {})", wild.heap - 1)
                } else {
                    String::new()
                }
            );
        }
    }
    if report.prefix_only {
        let _ = writeln!(text, "prefix only: no period is claimed");
    }
    text
}

/// `grundy seq --misere --format csv`: a header, then `n,value,genus` per heap.
pub fn sequence_csv(out: &mut impl Write, report: &MisereSequenceReport) -> io::Result<()> {
    writeln!(out, "n,value,genus")?;
    for (heap, (value, genus)) in report.values.iter().zip(&report.genus).enumerate() {
        let quoted = if genus.contains(',') {
            format!("\"{genus}\"")
        } else {
            genus.clone()
        };
        writeln!(out, "{heap},{value},{quoted}")?;
    }
    Ok(())
}
