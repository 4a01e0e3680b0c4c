//! Text rendering of reports of games with cycles, for people at a terminal.

use std::fmt::Write as _;

use grundy::analysis::loopy::{
    LoopyMoveReport, LoopyMovesReport, LoopyValueReport, LoopyValued, ReportValue,
};
use grundy::analysis::ReportOutcome;

use crate::render::{self, move_list, outcome_line, MoveLine, Wording};

/// `3`, or `∞(0,2)` with the escapes.
pub fn value_words(value: &ReportValue, escapes: Option<&Vec<u64>>) -> String {
    match value {
        ReportValue::Finite(value) => value.to_string(),
        ReportValue::Infinite => {
            let escapes: Vec<String> = escapes
                .map(|list| list.iter().map(u64::to_string).collect())
                .unwrap_or_default();
            if escapes.is_empty() {
                "∞".to_string()
            } else {
                format!("∞({})", escapes.join(","))
            }
        }
    }
}

impl MoveLine for LoopyMoveReport {
    fn parts(&self) -> (&str, &str, &str) {
        (&self.from, &self.description, &self.to)
    }

    fn note(&self) -> String {
        format!(
            ", value {}",
            value_words(&self.target_value, self.target_escapes.as_ref())
        )
    }

    fn result(&self) -> &str {
        &self.result
    }
}

/// The first lines of a report: the game, its value and its outcome.
fn head(sum: &LoopyValued) -> String {
    let LoopyValued {
        spec,
        value,
        escapes,
        outcome,
    } = sum;
    let mut text = String::new();
    let value = format!(
        "{} (generalised Sprague-Grundy value: the game has a cycle)",
        value_words(value, escapes.as_ref())
    );
    render::head(&mut text, spec, None, &value);
    outcome_line(&mut text, *outcome, Wording::Loopy);
    text
}

/// `grundy value` of a game with a cycle, as text.
pub fn value(report: &LoopyValueReport) -> String {
    let mut text = head(&report.sum);
    if let Some(remoteness) = report.remoteness {
        let _ = writeln!(
            text,
            "length:   {remoteness} more moves with best play (the winner hurrying, the loser stalling)"
        );
    }
    if report.components.len() > 1 {
        render::component_lines(
            &mut text,
            "components (finite values add by nim-sum; ∞(K) plus a finite a is ∞(K ⊕ a),\n\
             a win exactly when a is in K; two infinite values make a draw):",
            report.components.iter().map(|c| {
                let value = value_words(&c.value, c.escapes.as_ref());
                (c.spec.as_str(), format!("value {value}, {}", c.outcome))
            }),
        );
    }
    move_list(
        &mut text,
        "winning moves (each leaves value 0: every reply can be answered)",
        (report.sum.outcome == ReportOutcome::PreviousWins)
            .then_some("no winning move: no move leaves value 0"),
        &report.winning_moves,
    );
    move_list(
        &mut text,
        "drawing moves (each keeps the draw; any other move loses)",
        None,
        &report.drawing_moves,
    );
    text
}

/// `grundy moves` of a game with a cycle, as text.
pub fn moves(report: &LoopyMovesReport) -> String {
    let mut text = head(&report.sum);
    render::list_start(
        &mut text,
        report.moves.len(),
        "the game is over, and the player to move has lost",
        "value after the move, then the outcome for the next player; * wins",
    );
    for entry in &report.moves {
        let mark = if entry.winning { "*" } else { " " };
        let value = value_words(&entry.value_after, entry.escapes_after.as_ref());
        let _ = writeln!(
            text,
            "  {mark} {value:>6} {}  in {}: {}  ->  {}",
            entry.outcome_after,
            entry.summary.from,
            entry.summary.description,
            entry.summary.result
        );
    }
    text
}
