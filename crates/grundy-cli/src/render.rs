//! Text rendering of the library's reports, for people at a terminal.

use std::fmt::Write as _;
use std::io::{self, Write};

use grundy::analysis::periodic::PeriodicTable;
use grundy::analysis::{self, MovesReport, ReportOutcome, SequenceReport, ValueReport};
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

/// The moves after `heading`, two lines each: the move, then the sum it leaves; or, when there
/// is none, `none` (if given).
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
        let _ = writeln!(
            text,
            "  in {from}: {description} (to {to}{})\n      leaves {}",
            entry.note(),
            entry.result()
        );
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

/// `grundy value` as text.
pub fn value(report: &ValueReport) -> String {
    let mut text = String::new();
    head(&mut text, &report.spec, None, &report.value.to_string());
    outcome_line(&mut text, report.outcome, Wording::Normal);
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
            let _ = write!(text, "\n{}", binary_sum(&values, report.value));
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
        (report.outcome == ReportOutcome::PreviousWins)
            .then_some("no winning move: no move leaves a position of value 0"),
        &report.winning_moves,
    );
    text
}

/// `grundy moves` as text.
pub fn moves(report: &MovesReport) -> String {
    let mut text = String::new();
    head(&mut text, &report.spec, None, &report.value.to_string());
    outcome_line(&mut text, report.outcome, Wording::Normal);
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

/// `grundy seq` as text: ten values a row.
pub fn sequence(report: &SequenceReport) -> String {
    let mut text = String::new();
    let _ = writeln!(
        text,
        "{}: Grundy values of heaps 0 to {}",
        report.rule, report.to
    );
    let width = report.max_value.to_string().len();
    let label = report.to.to_string().len();
    for (row, chunk) in report.values.chunks(10).enumerate() {
        let values: Vec<String> = chunk.iter().map(|v| format!("{v:>width$}")).collect();
        let _ = writeln!(text, "{:>label$}: {}", row * 10, values.join(" "));
    }
    let _ = writeln!(
        text,
        "largest value: {} (first at heap {})",
        report.max_value, report.max_value_at
    );
    match &report.periodicity {
        Some(period) => {
            let kind = if period.saltus == 0 {
                format!("period {}", period.period)
            } else {
                format!(
                    "arithmetic period {}, saltus {},",
                    period.period, period.saltus
                )
            };
            let _ = writeln!(
                text,
                "{kind} from heap {}, proved by {}; `grundy period` gives the certificate",
                period.preperiod, period.theorem
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

/// The flag that raises the limit `error` hit, with a value worth trying: `--max-work 2e9`.
pub fn limit_flag(error: &grundy::Error) -> Option<String> {
    let (limit, value) = error.limit_to_try()?;
    let flag = match limit {
        Limit::Work => "--max-work",
        Limit::Positions | Limit::HeapTable => "--max-positions",
        Limit::Output => "--max-output",
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

/// `grundy period` as text.
pub fn period(report: &grundy::analysis::PeriodReport) -> String {
    let mut text = String::new();
    let _ = writeln!(text, "rule:        {}", report.rule);
    match (report.preperiod, report.period, report.saltus) {
        (Some(preperiod), Some(period), Some(saltus)) if report.proved => {
            if saltus == 0 {
                let _ = writeln!(text, "period:      {period} (proved)");
            } else {
                let _ = writeln!(
                    text,
                    "period:      arithmetic period {period}, saltus {saltus} (proved)"
                );
            }
            let exception = match report.last_exception {
                Some(last) => format!("last exception at heap {last}"),
                None => "no exception".to_string(),
            };
            let _ = writeln!(text, "preperiod:   {preperiod} ({exception})");
            if saltus == 0 {
                let _ = writeln!(
                    text,
                    "saltus:      0 (g(n + {period}) = g(n) for n >= {preperiod})"
                );
            } else {
                let _ = writeln!(
                    text,
                    "saltus:      {saltus} (arithmetic: g(n + {period}) = g(n) + {saltus} for n >= {preperiod})"
                );
            }
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
        false => writeln!(text, "rare heaps:    not looked for below 1024 heaps"),
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
