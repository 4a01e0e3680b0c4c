//! Text rendering of misère reports, for people at a terminal.

use std::fmt::Write as _;
use std::io::{self, Write};

use grundy::analysis::misere::{
    MisereMoveReport, MisereMovesReport, MisereSequenceReport, MisereValueReport, QuotientUse,
};
use grundy::analysis::ReportOutcome;

use crate::render::{
    component_lines, head, list_start, move_lines, move_list, outcome_line, EntryLine, MoveLine,
    Wording,
};
use crate::render_heap;

const PLAY: &str = "misère: the player who makes the last move loses";

impl MoveLine for MisereMoveReport {
    fn parts(&self) -> (&str, &str, &str) {
        (&self.from, &self.description, &self.to)
    }

    fn note(&self) -> String {
        let value = self.target_value.map_or(String::new(), |value| {
            format!(", misère value {value} alone")
        });
        match self.count {
            1 => value,
            count => format!("{value}; one of a class of {count} such moves"),
        }
    }

    fn result(&self) -> &str {
        &self.result
    }
}

/// `grundy value --misere` as text.
pub fn value(report: &MisereValueReport) -> String {
    let mut text = String::new();
    if let Some(quotient) = &report.quotient {
        by_quotient(&mut text, report, quotient);
        return text;
    }
    match (report.head.value, &report.genus) {
        (Some(value), Some(genus)) => {
            let value = format!("{value} (the misère Grundy value of the whole game)");
            head(&mut text, &report.head.spec, Some(PLAY), &value);
            let _ = writeln!(text, "genus:    {genus}");
        }
        _ => head(
            &mut text,
            &report.head.spec,
            Some(PLAY),
            "not computed: the game has too many positions to value them all \
             (raise --max-positions or --max-work); the outcome below needed fewer",
        ),
    }
    outcome_line(&mut text, report.head.outcome, Wording::Misere);
    if report.components.len() > 1 {
        component_lines(
            &mut text,
            "components, each alone (misère values do not add: a sum is searched as a whole):",
            report.components.iter().map(|c| {
                let valued = match (c.value, &c.genus) {
                    (Some(value), Some(genus)) => format!("misère value {value}, genus {genus}"),
                    _ => "too large to value".to_string(),
                };
                (c.spec.as_str(), valued)
            }),
        );
    }
    move_list(
        &mut text,
        "winning moves (each leaves a position of misère value 0)",
        (report.head.outcome == ReportOutcome::PreviousWins)
            .then_some("no winning move: no move leaves a position of misère value 0"),
        &report.winning_moves,
    );
    text
}

/// The head of a report that the misère quotient of the heap game answered: the game, who
/// wins, and the quotient with the sum's element.
fn quotient_head(text: &mut String, spec: &str, outcome: ReportOutcome, quotient: &QuotientUse) {
    head(
        text,
        spec,
        Some(PLAY),
        "not computed: the misère quotient below decides who wins, not values",
    );
    outcome_line(text, outcome, Wording::MisereQuotient);
    let covers = match &quotient.whole {
        Some(whole) => format!(
            "of every {} heap (order {}; period {}, preperiod {}, proved at heap {}; grundy \
             quotient {})",
            quotient.rule,
            quotient.order,
            whole.period,
            whole.preperiod,
            whole.proved_at,
            quotient.rule
        ),
        None => format!(
            "of {} heaps 1..{} (order {}; grundy quotient {} --to {})",
            quotient.rule, quotient.to, quotient.order, quotient.rule, quotient.to
        ),
    };
    let _ = writeln!(
        text,
        "quotient: the misère quotient {covers} maps this sum to {}, {} the P-portion",
        quotient.element,
        if quotient.in_p_portion {
            "in"
        } else {
            "not in"
        }
    );
    let _ = writeln!(text, "why:      {}", quotient.why);
}

/// `grundy value --misere` answered by the misère quotient of the heap game.
fn by_quotient(text: &mut String, report: &MisereValueReport, quotient: &QuotientUse) {
    quotient_head(text, &report.head.spec, report.head.outcome, quotient);
    component_lines(
        text,
        "components, each with its element of the quotient:",
        report.components.iter().map(|c| {
            let element = c.element.as_deref().unwrap_or("?");
            (c.spec.as_str(), element.to_string())
        }),
    );
    let listed = report.winning_moves.len() as u128;
    let heading = if report.winning_move_count > listed {
        format!(
            "{} winning moves (each leaves a sum whose element is in the P-portion), too many \
             to list;\none line per class of moves that the quotient's period makes equivalent \
             ({listed} classes)",
            report.winning_move_count
        )
    } else {
        "winning moves (each leaves a sum whose element is in the P-portion)".to_string()
    };
    move_list(
        text,
        &heading,
        (report.head.outcome == ReportOutcome::PreviousWins)
            .then_some("no winning move: the sum's element is in the P-portion"),
        &report.winning_moves,
    );
}

/// `grundy moves --misere` as text: the misère value after each move, or, when the misère
/// quotient answered, the outcome after it.
pub fn moves(report: &MisereMovesReport) -> String {
    let mut text = String::new();
    let what = match (&report.quotient, report.head.value) {
        (Some(quotient), _) => {
            quotient_head(&mut text, &report.head.spec, report.head.outcome, quotient);
            "outcome after the move by the quotient; * marks a winning move"
        }
        (None, value) => {
            let value = value.map_or("not computed".to_string(), |v| format!("{v} (misère)"));
            head(&mut text, &report.head.spec, Some(PLAY), &value);
            outcome_line(&mut text, report.head.outcome, Wording::Misere);
            "misère value after the move; * marks a winning move"
        }
    };
    let total: u128 = report
        .moves
        .iter()
        .map(|entry| u128::from(entry.summary.count))
        .sum();
    let what = if total > report.moves.len() as u128 {
        format!(
            "{what}; {total} moves in all, a line standing for a class of moves that the \
             quotient's period makes equivalent, its size in --format json's count"
        )
    } else {
        what.to_string()
    };
    list_start(
        &mut text,
        report.moves.len(),
        "the game is over, and in misère play the player to move has won",
        &what,
    );
    move_lines(
        &mut text,
        report.moves.iter().map(|entry| EntryLine {
            winning: entry.winning,
            after: match entry.value_after {
                Some(value) => value.to_string(),
                // A winning move leaves a P-position; every other one an N-position.
                None if entry.winning => "P".to_string(),
                None => "N".to_string(),
            },
            from: &entry.summary.from,
            description: &entry.summary.description,
            result: &entry.summary.result,
        }),
    );
    text
}

/// `grundy seq --misere` as text: misère values ten a row, then the genera and tameness.
pub fn sequence(report: &MisereSequenceReport) -> String {
    let what = "misère Grundy values";
    let mut text = render_heap::value_table(&report.rule, what, &report.values, report.to);
    let _ = writeln!(
        text,
        "\ngenus g^abc…: g is the normal-play value, a b c … the misère values with 0, 1, 2, …\n\
         heaps of *2 added; the last two repeat forever"
    );
    let label = report.to.to_string().len();
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
