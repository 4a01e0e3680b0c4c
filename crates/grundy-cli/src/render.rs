//! Text rendering of the library's reports, for people at a terminal.

use std::fmt::Write as _;

use grundy::analysis::{self, MovesReport, ReportOutcome, SumHead, ValueReport};
use grundy::Limit;

/// Whose words a report's outcome is told in: each convention explains its letters its own way,
/// and `grundy play` gives hints in plain words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wording {
    /// Normal play: the last player to move wins.
    Normal,
    /// Misère play: the last player to move loses.
    Misere,
    /// Misère play decided by a misère quotient, which knows no values.
    MisereQuotient,
    /// A game with cycles, which may be a draw.
    Loopy,
    /// A hint during play.
    Hint,
}

/// The outcome in words: the one table of every way the faces say who wins.
pub fn outcome_words(outcome: ReportOutcome, wording: Wording) -> &'static str {
    use ReportOutcome::{Draw, PreviousWins};
    match (wording, outcome) {
        (Wording::Normal, PreviousWins) => "P: the player to move loses (no move leaves value 0)",
        (Wording::Normal, _) => "N: the player to move wins (some move leaves value 0)",
        (Wording::Misere, PreviousWins) => {
            "P: the player to move loses (no move leaves misère value 0)"
        }
        (Wording::Misere, _) => {
            "N: the player to move wins (there is no move, or some move leaves misère value 0)"
        }
        (Wording::MisereQuotient, PreviousWins) => {
            "P: the player to move loses (every move leaves a sum outside the P-portion)"
        }
        (Wording::MisereQuotient, _) => {
            "N: the player to move wins (there is no move, or some move leaves a sum in the P-portion)"
        }
        (Wording::Loopy, PreviousWins) => {
            "P: the player to move loses (every move can be answered until they run out of moves)"
        }
        (Wording::Loopy, Draw) => {
            "D: a draw: neither player can force a win, and best play goes on forever"
        }
        (Wording::Loopy, _) => "N: the player to move wins",
        (Wording::Hint, PreviousWins) => "you lose if the computer plays perfectly",
        (Wording::Hint, Draw) => "neither side can force a win: a draw with best play",
        (Wording::Hint, _) => "you can force a win",
    }
}

/// A blank line, `heading`, then one line a component: its spec text padded, then `about`.
pub fn component_lines<'a>(
    text: &mut String,
    heading: &str,
    components: impl Iterator<Item = (&'a str, String)>,
) {
    let _ = writeln!(text, "\n{heading}");
    for (spec, about) in components {
        let _ = writeln!(text, "  {spec:<24} {about}");
    }
}

/// The line `outcome:  ` and the outcome in words.
pub fn outcome_line(text: &mut String, outcome: ReportOutcome, wording: Wording) {
    let _ = writeln!(text, "outcome:  {}", outcome_words(outcome, wording));
}

/// What a face shows of one move of a sum, in any convention.
pub trait MoveLine {
    /// The component before the move, the move in words, and what the component becomes.
    fn parts(&self) -> (&str, &str, &str);
    /// What is said of the component after the move (`, value 3`), or nothing.
    fn note(&self) -> String;
    /// The whole sum after the move.
    fn result(&self) -> &str;
}

impl MoveLine for analysis::MoveReport {
    fn parts(&self) -> (&str, &str, &str) {
        (&self.from, &self.description, &self.to)
    }

    fn note(&self) -> String {
        match self.count {
            1 => format!(", value {}", self.target_value),
            count => format!(
                ", value {}; one of a class of {count} such moves",
                self.target_value
            ),
        }
    }

    fn result(&self) -> &str {
        &self.result
    }
}

/// The moves after `heading`: each move, then the sum it leaves on a second line when that sum
/// is not the component it moves to (a game of one component); or, when there is no move,
/// `none` (if given).
pub fn move_list(text: &mut String, heading: &str, none: Option<&str>, moves: &[impl MoveLine]) {
    if moves.is_empty() {
        if let Some(none) = none {
            let _ = writeln!(text, "\n{none}");
        }
        return;
    }
    let _ = writeln!(text, "\n{heading}:");
    for entry in moves {
        let (from, description, to) = entry.parts();
        let _ = writeln!(text, "  in {from}: {description} (to {to}{})", entry.note());
        if entry.result() != to {
            let _ = writeln!(text, "      leaves {}", entry.result());
        }
    }
}

/// The first lines of a report: the game, how it is played when not normally, and its value.
pub fn head(text: &mut String, spec: &str, play: Option<&str>, value: &str) {
    let _ = writeln!(text, "game:     {spec}");
    if let Some(play) = play {
        let _ = writeln!(text, "play:     {play}");
    }
    let _ = writeln!(text, "value:    {value}");
}

/// The nim-sum written out in binary, one component per line, when there are few components.
fn binary_sum(values: &[u64], total: u64) -> String {
    let width = values
        .iter()
        .chain([&total])
        .map(|v| 64 - v.leading_zeros())
        .max()
        .unwrap_or(1)
        .max(1) as usize;
    let mut text = String::new();
    for value in values {
        let _ = writeln!(text, "    {value:>12} = {value:0width$b}");
    }
    let _ = writeln!(text, "    {:>12}   {}", "", "-".repeat(width));
    let _ = writeln!(text, "  ⊕ {total:>12} = {total:0width$b}");
    text
}

/// The sum, its value and its outcome, as the value and moves texts start.
fn sum_head(text: &mut String, head: &SumHead) {
    self::head(text, &head.spec, None, &head.value.to_string());
    outcome_line(text, head.outcome, Wording::Normal);
}

/// `grundy value` as text.
pub fn value(report: &ValueReport) -> String {
    let mut text = String::new();
    sum_head(&mut text, &report.head);
    if report.components.len() > 1 {
        component_lines(
            &mut text,
            "components (the value of a sum is the nim-sum, XOR, of their values):",
            report
                .components
                .iter()
                .map(|c| (c.spec.as_str(), format!("value {}", c.value))),
        );
        if report.components.len() <= 8 {
            let values: Vec<u64> = report.components.iter().map(|c| c.value).collect();
            let _ = write!(text, "\n{}", binary_sum(&values, report.head.value));
        }
    }
    let listed = report.winning_moves.len() as u128;
    let heading = if report.winning_move_count > listed {
        format!(
            "{} winning moves (each leaves a position of value 0), too many to list;\n\
             one line per class of moves that the proved period makes equivalent ({listed} classes)",
            report.winning_move_count
        )
    } else {
        "winning moves (each leaves a position of value 0)".to_string()
    };
    move_list(
        &mut text,
        &heading,
        (report.head.outcome == ReportOutcome::PreviousWins)
            .then_some("no winning move: no move leaves a position of value 0"),
        &report.winning_moves,
    );
    text
}

/// `grundy moves` as text.
pub fn moves(report: &MovesReport) -> String {
    let mut text = String::new();
    sum_head(&mut text, &report.head);
    list_start(
        &mut text,
        report.moves.len(),
        "the game is over, and the player to move has lost",
        "value after the move; * marks a winning move",
    );
    move_lines(
        &mut text,
        report.moves.iter().map(|entry| EntryLine {
            winning: entry.winning,
            after: entry.value_after.to_string(),
            from: &entry.summary.from,
            description: &entry.summary.description,
            result: &entry.summary.result,
        }),
    );
    text
}

/// Heads a list of `count` moves, `what` saying what each line shows, or says `over` when
/// there is none.
pub fn list_start(text: &mut String, count: usize, over: &str, what: &str) {
    if count == 0 {
        let _ = writeln!(text, "\nno moves: {over}");
    } else {
        let _ = writeln!(text, "\n{count} moves ({what}):");
    }
}

/// One line of a list of every move.
pub struct EntryLine<'a> {
    pub winning: bool,
    /// What is known after the move: its value, or its outcome.
    pub after: String,
    /// The component moved in.
    pub from: &'a str,
    /// The move in words.
    pub description: &'a str,
    /// The whole sum after the move.
    pub result: &'a str,
}

/// One line per move: `*` on winning moves, what follows the move, the move, the result.
pub fn move_lines<'a>(text: &mut String, lines: impl IntoIterator<Item = EntryLine<'a>>) {
    for line in lines {
        let mark = if line.winning { "*" } else { " " };
        let _ = writeln!(
            text,
            "  {mark} {:>4}  in {}: {}  ->  {}",
            line.after, line.from, line.description, line.result
        );
    }
}

/// The flag that raises the limit `error` hit, with a value worth trying: `--max-work 2e9`.
pub fn limit_flag(error: &grundy::Error) -> Option<String> {
    let (limit, value) = error.limit_to_try()?;
    let flag = match limit {
        Limit::Work => "--max-work",
        Limit::Positions | Limit::HeapTable => "--max-positions",
        Limit::Output => "--max-output",
        Limit::QuotientOrder => "--max-order",
        Limit::TableMemory => "--max-memory",
        _ => return None,
    };
    Some(format!("{flag} {}", limit_text(value)))
}

/// How to get past `error` with the limit flags (`--max-work 2e9 raises the limit`), or,
/// where no flag can (a table beyond any machine, a limit no flag sets), what to do instead.
pub fn limit_help(error: &grundy::Error) -> Option<String> {
    if let Some(flag) = limit_flag(error) {
        return Some(format!("{flag} raises the limit"));
    }
    let grundy::ErrorKind::LimitExceeded { limit, max, .. } = error.kind() else {
        return None;
    };
    match limit {
        Limit::Positions | Limit::HeapTable if error.beyond_reach() => Some(
            "no machine holds a table that long: ask about a smaller heap, tabulate heaps with \
             `grundy seq RULE --to N --out FILE`, or see whether a proved period answers every \
             heap with `grundy period RULE`"
                .to_string(),
        ),
        Limit::MovesPerPosition => Some(format!(
            "no flag raises this limit (at most {max} moves from one position are listed): ask \
             about a smaller position"
        )),
        _ => None,
    }
}

/// A limit as a person types it: plain below 10000, else `2e9` when that is exact.
fn limit_text(number: u64) -> String {
    let digits = number.to_string();
    let zeros = digits.len() - digits.trim_end_matches('0').len();
    if number < 10_000 || digits.len() - zeros != 1 {
        digits
    } else {
        format!("{}e{zeros}", &digits[..1])
    }
}

/// An error: one line, then the input with a caret under the bad token when known, then
/// `help` when given.
pub fn error(error: &grundy::Error, input: Option<&str>, help: Option<&str>) -> String {
    let mut text = format!("error: {error}\n");
    if let (Some(span), Some(input)) = (error.span(), input) {
        let span = span.start..span.end.min(input.len());
        if span.start <= span.end
            && input.is_char_boundary(span.start)
            && input.is_char_boundary(span.end)
        {
            // A spec of several lines (a file, standard input): the line at fault, numbered.
            let (line, span, label) = line_of(input, span);
            let (shown, offset, width) = caret_window(line, span);
            let _ = writeln!(
                text,
                "  {label}{shown}\n  {}{}",
                " ".repeat(offset + label.chars().count()),
                "^".repeat(width)
            );
        }
    }
    if let Some(help) = help {
        let _ = writeln!(text, "help: {help}");
    }
    text
}

/// The line of `input` that `span` starts on, the span within it (cut at the line's end), and
/// a label `line N: ` when `input` has more than one line.
fn line_of(input: &str, span: std::ops::Range<usize>) -> (&str, std::ops::Range<usize>, String) {
    if !input.contains('\n') {
        return (input, span, String::new());
    }
    let start = input[..span.start].rfind('\n').map_or(0, |at| at + 1);
    let end = input[span.start..]
        .find('\n')
        .map_or(input.len(), |at| span.start + at);
    let number = input[..start].matches('\n').count() + 1;
    let line = input[start..end].trim_end_matches('\r');
    let within = (span.start - start).min(line.len())..(span.end.min(end) - start).min(line.len());
    (line, within, format!("line {number}: "))
}

/// The characters of `input` shown above a caret under `span`, the caret's offset and width:
/// all of a short input, or [`CONTEXT`] characters either side of the span of a long one (a spec
/// read from a file may be megabytes), with `…` where text is left out.
fn caret_window(input: &str, span: std::ops::Range<usize>) -> (String, usize, usize) {
    const CONTEXT: usize = 60;
    let before: Vec<char> = input[..span.start].chars().collect();
    let marked = input[span.clone()].chars().count();
    let width = marked.clamp(1, 2 * CONTEXT);
    let total = input.chars().count();
    if total <= 3 * CONTEXT {
        return (input.to_string(), before.len(), width);
    }
    let from = before.len().saturating_sub(CONTEXT);
    let to = (before.len() + width + CONTEXT).min(total);
    let mut shown: String = input.chars().skip(from).take(to - from).collect();
    let mut offset = before.len() - from;
    if from > 0 {
        shown.insert(0, '…');
        offset += 1;
    }
    if to < total {
        shown.push('…');
    }
    (shown, offset, width)
}
