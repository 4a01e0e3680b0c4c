//! Text rendering of partizan reports, for people at a terminal.

use std::fmt::Write as _;

use grundy::analysis::partizan::{PartizanHead, PartizanMove, PartizanReport, WallPiece};
use grundy::analysis::partizan_play::{PartizanMovesReport, PartizanOption, Side};

use crate::render::head;

/// What each outcome class means.
pub fn outcome_words(outcome: &str) -> &'static str {
    match outcome {
        "L" => "L: Left wins, whoever moves first",
        "R" => "R: Right wins, whoever moves first",
        "N" => "N: the player to move wins",
        _ => "P: the player who just moved wins (whoever moves first loses)",
    }
}

/// A wall of the thermograph: each piece from its temperature up.
pub fn wall(pieces: &[WallPiece]) -> String {
    let pieces: Vec<String> = pieces
        .iter()
        .map(|piece| {
            let slope = match piece.slope {
                0 => "then straight up".to_string(),
                slope => format!("slope {slope:+}"),
            };
            format!("from t = {}: {} ({slope})", piece.start, piece.value)
        })
        .collect();
    pieces.join("; ")
}

/// The winning moves of one player, or why there are none.
fn moves(text: &mut String, player: &str, sign: &str, moves: &[PartizanMove]) {
    if moves.is_empty() {
        let _ = writeln!(text, "\nno winning move for {player} moving first");
        return;
    }
    let _ = writeln!(
        text,
        "\nwinning moves for {player} (each leaves a value {sign} 0):"
    );
    for entry in moves {
        let _ = writeln!(
            text,
            "  in term {}: to {}\n      leaves {}{}",
            entry.component + 1,
            entry.to,
            entry.result,
            equals(entry.value.as_deref())
        );
    }
}

/// ` = value` where the value left is known (the canonical route), else nothing.
pub fn equals(value: Option<&str>) -> String {
    value.map(|value| format!(" = {value}")).unwrap_or_default()
}

/// Which route answered, in words.
pub fn route_words(route: &str) -> &'static str {
    if route == "canonical" {
        "canonical form"
    } else {
        "outcome search (the canonical form is too large for the limits; the values of the \
         parts small enough are used)"
    }
}

/// The value line of a report with no canonical form.
const UNKNOWN: &str = "not computed (too large for the limits)";

/// The sum, its value as `value` words it, its outcome and the route, as the value and moves
/// texts start.
fn partizan_head(text: &mut String, report: &PartizanHead, value: &str) {
    head(text, &report.spec, Some("partizan (Left and Right)"), value);
    let _ = writeln!(text, "outcome:  {}", outcome_words(report.outcome));
    let _ = writeln!(text, "route:    {}", route_words(report.route));
}

/// `grundy value` of a partizan game as text.
pub fn value(report: &PartizanReport) -> String {
    let mut text = String::new();
    let value = match (&report.head.canonical, &report.facts) {
        (Some(canonical), Some(facts)) if facts.is_number => format!("{canonical} (a number)"),
        (Some(canonical), _) => format!("{canonical} (canonical form)"),
        (None, _) => UNKNOWN.to_string(),
    };
    partizan_head(&mut text, &report.head, &value);
    if let Some(facts) = &report.facts {
        let _ = writeln!(
            text,
            "stops:    left {}, right {}",
            facts.left_stop, facts.right_stop
        );
        let _ = writeln!(
            text,
            "mean:     {}, temperature {}",
            facts.mean, facts.temperature
        );
        let _ = writeln!(
            text,
            "thermograph, left wall:  {}",
            wall(&facts.walls.left_wall)
        );
        let _ = writeln!(
            text,
            "thermograph, right wall: {}",
            wall(&facts.walls.right_wall)
        );
        let _ = writeln!(
            text,
            "reduced:  {} (the simplest game an infinitesimal away)",
            facts.reduced
        );
        if let Some(weight) = &facts.atomic_weight {
            let _ = writeln!(
                text,
                "atomic weight: {weight} (all-small: worth about {weight} ups)"
            );
        }
    }
    moves(&mut text, "Left", ">=", &report.left_winning_moves);
    moves(&mut text, "Right", "<=", &report.right_winning_moves);
    text
}

/// The moves of one player, numbered, each with the value it leaves and whether it wins.
pub fn options(text: &mut String, side: Side, moves: &[PartizanOption]) {
    let player = side.name();
    if moves.is_empty() {
        let _ = writeln!(text, "\nno move for {player}");
        return;
    }
    let winning = moves.iter().filter(|entry| entry.wins).count();
    let _ = writeln!(
        text,
        "\nmoves for {player} ({} of {} winning):",
        winning,
        moves.len()
    );
    let width = moves.len().to_string().len();
    for entry in moves {
        let _ = writeln!(
            text,
            "  {:>width$}. in {}: to {}\n  {:>width$}  leaves {}{}{}",
            entry.number,
            entry.from,
            entry.to,
            "",
            entry.result,
            equals(entry.value.as_deref()),
            if entry.wins { "  (wins)" } else { "" }
        );
    }
}

/// `grundy moves` of a partizan game as text.
pub fn all_moves(report: &PartizanMovesReport) -> String {
    let mut text = String::new();
    let value = report.head.canonical.as_deref().unwrap_or(UNKNOWN);
    partizan_head(&mut text, &report.head, value);
    options(&mut text, Side::Left, &report.left_moves);
    options(&mut text, Side::Right, &report.right_moves);
    text
}
