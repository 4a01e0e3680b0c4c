//! Reports of misère play (the last player to move loses).
//!
//! In these reports every value is a *misère* Grundy value: 0 exactly on misère P-positions,
//! found by searching the whole sum, since misère values do not add. Each report carries
//! `"play": "misere"`. The JSON of [`MisereValueReport`] is
//! ```json
//! {"schema": 1, "spec": "nim(1,1,1)", "play": "misere", "value": 0, "outcome": "P",
//!  "genus": "1^031", "components": [{"spec": "nim(1)", "value": 0, "genus": "1^031"}, ...],
//!  "winning_moves": []}
//! ```
//! where a winning move is a [`MisereMoveReport`], `target_value` being the misère value of the
//! component after the move. The outcome and the winning moves come from a search that
//! stops at the first winning move it finds; values need every position, so when the whole game
//! is too large for the limits, `value`, `genus` and `target_value` are left out rather than
//! failing the report. Sums of Nim heaps use Bouton's rule and need no search at all.

mod nim;
mod search;

use serde::Serialize;

use self::nim::{nim_moves, nim_value};
pub(super) use self::search::{searched_moves, searched_value};
use super::{quotient, ReportOutcome, SCHEMA};
use crate::error::{Error, ErrorKind, Limit, Result};
use crate::game::Limits;
use crate::misere::{heap_sequence, Genus};
use crate::rules::HeapRule;
use crate::sum::Sum;

/// What the value and moves reports of a sum in misère play start with: the sum, its misère
/// value and its outcome (their first fields in JSON).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MisereHead {
    /// [`SCHEMA`].
    pub schema: u32,
    /// The sum as spec text.
    pub spec: String,
    /// Always `"misere"`.
    pub play: String,
    /// The misère Grundy value of the whole sum; absent when the game is too large to value,
    /// or when the misère quotient answered.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<u64>,
    /// `"N"` or `"P"` in misère play.
    pub outcome: ReportOutcome,
}

impl MisereHead {
    /// The head of a report of `sum`.
    pub(in crate::analysis) fn new(
        sum: &Sum,
        value: Option<u64>,
        outcome: ReportOutcome,
    ) -> MisereHead {
        MisereHead {
            schema: SCHEMA,
            spec: sum.format(),
            play: "misere".to_string(),
            value,
            outcome,
        }
    }
}

/// The misère value of a sum, its outcome, its components and every winning move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MisereValueReport {
    /// The sum, its misère value and outcome.
    #[serde(flatten)]
    pub head: MisereHead,
    /// The genus of the whole sum (`g^γ₀γ₁…`, see [`crate::misere`]); absent with `value`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub genus: Option<String>,
    /// Each component alone, left to right.
    pub components: Vec<MisereComponentReport>,
    /// Every move to a misère P-position; empty when the outcome is P. A move may stand for a
    /// class of moves ([`MisereMoveReport::count`]).
    pub winning_moves: Vec<MisereMoveReport>,
    /// The number of winning moves: the sum of the `count`s of `winning_moves`.
    pub winning_move_count: u128,
    /// Present when the outcome and the winning moves come from the misère quotient of the
    /// heap game (a sum of heaps of one game too large to search), not from a search.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub quotient: Option<QuotientUse>,
}

/// The misère quotient that answered a [`MisereValueReport`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct QuotientUse {
    /// The heap rule as spec text.
    pub rule: String,
    /// The heaps covered: `1..=to`, the largest heap of the sum.
    pub to: u64,
    /// The number of elements of the quotient.
    pub order: usize,
    /// The element of the whole sum (a word in the generators; `"1"` for the identity).
    pub element: String,
    /// Whether that element is in the P-portion (the outcome is then P).
    pub in_p_portion: bool,
    /// Why the quotient answered rather than a search of the whole sum, in words: a search
    /// would be costly (it passed [`TRIAL_WORK`] moves examined), or the quotient was asked
    /// for itself.
    pub why: String,
    /// When the quotient is that of the whole game (the heap → element map proved periodic),
    /// which answers heaps of any size: its period, preperiod and proof heap.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub whole: Option<super::quotient::WholeReport>,
}

/// The reason a quotient gives when it was asked for itself, not after a search.
pub const ASKED: &str = "the misère quotient was asked for";

/// A report that the misère quotient may answer.
trait ByQuotient {
    fn quotient_mut(&mut self) -> Option<&mut QuotientUse>;
}

impl ByQuotient for MisereValueReport {
    fn quotient_mut(&mut self) -> Option<&mut QuotientUse> {
        self.quotient.as_mut()
    }
}

impl ByQuotient for MisereMovesReport {
    fn quotient_mut(&mut self) -> Option<&mut QuotientUse> {
        self.quotient.as_mut()
    }
}

/// A move in misère play: the fields of [`MoveReport`](super::MoveReport), with the misère value of the component
/// after the move when it could be computed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MisereMoveReport {
    /// Index of the component moved in (into `components`).
    pub component: usize,
    /// The component before the move.
    pub from: String,
    /// What the component becomes (`0` when nothing is left).
    pub to: String,
    /// The misère value of what the component becomes, played alone.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target_value: Option<u64>,
    /// The move in words.
    pub description: String,
    /// The whole sum after the move, as spec text.
    pub result: String,
    /// How many moves this one stands for: 1, or, for a heap with too many moves to list
    /// answered by a whole game's misère quotient, the size of its class (splits whose parts
    /// differ by multiples of the period, each leaving the same outcome).
    pub count: u64,
}

/// One component of a sum in misère play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MisereComponentReport {
    /// The component as spec text.
    pub spec: String,
    /// Its misère Grundy value, played alone; absent when too large to value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<u64>,
    /// Its genus; absent with `value`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub genus: Option<String>,
    /// Its element of the misère quotient, when the quotient answered.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub element: Option<String>,
}

/// Every move of a sum in misère play, with the misère value each leads to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MisereMovesReport {
    /// The sum, its misère value and outcome.
    #[serde(flatten)]
    pub head: MisereHead,
    /// Every move; a move wins when it leaves a misère P-position.
    pub moves: Vec<MisereMoveEntry>,
    /// Present when the outcomes come from the misère quotient of the heap game (a sum of
    /// heaps of one game too large to search), not from a search.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub quotient: Option<QuotientUse>,
}

/// One move of a [`MisereMovesReport`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MisereMoveEntry {
    /// The move.
    #[serde(flatten)]
    pub summary: MisereMoveReport,
    /// The misère value of the whole sum after the move; absent when the misère quotient
    /// answered.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value_after: Option<u64>,
    /// Whether the move wins: it leaves a misère P-position (of misère value 0).
    pub winning: bool,
}

/// Misère values and genera of single heaps of one rule, and where the game stops being tame.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MisereSequenceReport {
    /// [`SCHEMA`].
    pub schema: u32,
    /// The rule as spec text.
    pub rule: String,
    /// Always `"misere"`.
    pub play: String,
    /// `values[n]` is the misère Grundy value of a heap of `n` tokens, for `n` from 0 to `to`.
    pub values: Vec<u64>,
    /// `genus[n]` is the genus of a heap of `n` tokens.
    pub genus: Vec<String>,
    /// `normal_values[n]` is the normal-play value of a heap of `n` tokens.
    pub normal_values: Vec<u64>,
    /// The last heap.
    pub to: u64,
    /// Whether every position of heaps up to `to` has the genus of a Nim position.
    pub tame: bool,
    /// The first heap that reaches a position with another genus; absent when tame.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_wild: Option<WildReport>,
    /// Always true: a finite prefix, no period is claimed.
    pub prefix_only: bool,
}

/// Where a heap game stops being tame.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WildReport {
    /// The smallest heap from which the position is reached.
    pub heap: u64,
    /// The position, as spec text.
    pub position: String,
    /// Its genus, which no Nim position has.
    pub genus: String,
}

/// The moves report of `sum`, whose genus is `genus`.
fn moves_report(sum: &Sum, genus: &Genus, moves: Vec<MisereMoveEntry>) -> MisereMovesReport {
    MisereMovesReport {
        head: MisereHead::new(
            sum,
            Some(genus.misere_value().value()),
            outcome_letter(genus),
        ),
        moves,
        quotient: None,
    }
}

fn outcome_letter(genus: &Genus) -> ReportOutcome {
    genus.misere_outcome().into()
}

/// Analyses a sum in misère play: outcome, every winning move, and (when the whole game fits
/// in the limits) its misère value and genus and those of its components.
///
/// # Errors
/// [`ErrorKind::MisereCycle`] for a game with a cycle (misère play of games with cycles is not
/// analysed), or a limit reached while finding the outcome.
///
/// # Example
/// ```
/// use grundy::{analysis::misere, spec, Limits};
/// let report = misere::value(&spec::parse("nim(1,1,1)")?, Limits::default())?;
/// assert_eq!((report.head.value, report.head.outcome.letter()), (Some(0), "P"));
/// // Kayles on 4 pins plays like *1 here: split it into 1 + 1 to leave a misère P-position.
/// let report = misere::value(&spec::parse("kayles(4) + nim(2,2)")?, Limits::default())?;
/// let moves: Vec<&str> = report.winning_moves.iter().map(|m| m.result.as_str()).collect();
/// assert_eq!(moves, ["kayles(1,1) + nim(2,2)"]);
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn value(sum: &Sum, limits: Limits) -> Result<MisereValueReport> {
    value_with_order(sum, limits, quotient::DEFAULT_MAX_ORDER)
}

/// [`value`], with misère quotients of at most `max_order` elements.
///
/// A sum of heaps of one heap game (other than Nim, which Bouton's rule answers) is searched
/// first within [`TRIAL_WORK`] moves examined; when that is not enough, the misère quotient of
/// the game's heaps up to the largest heap of the sum answers (the outcome and every winning
/// move, without misère values; heaps of any size when the quotient is the whole game's), and
/// when the quotient is out of reach too, the search goes on within `limits`.
///
/// # Errors
/// As for [`value`].
///
/// # Example
/// ```
/// use grundy::{analysis::misere, spec, Limits};
/// let sum = spec::parse("kayles(9,10,11,12,13,14,15)")?;
/// let report = misere::value_with_order(&sum, Limits::default(), 1000)?;
/// let quotient = report.quotient.expect("too large to search cheaply");
/// assert_eq!((quotient.to, quotient.in_p_portion, report.head.outcome.letter()), (15, true, "P"));
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn value_with_order(sum: &Sum, limits: Limits, max_order: u64) -> Result<MisereValueReport> {
    without_cycles(answered_value(sum, limits, max_order))
}

pub use crate::misere::TRIAL_WORK;

/// [`value_with_order`]: Bouton's rule, a short search, the quotient, the full search.
fn answered_value(sum: &Sum, limits: Limits, max_order: u64) -> Result<MisereValueReport> {
    if let Some(report) = nim_value(sum, limits)? {
        return Ok(report);
    }
    answered(
        sum,
        limits,
        |limits| searched_value(sum, limits),
        |report| report.head.value.is_some(),
        || quotient::by_quotient(sum, limits, max_order, quotient::value_report),
    )
}

/// The answer for a sum that is not all Nim heaps. For a sum of heaps of one heap game: a
/// `search` within [`TRIAL_WORK`] moves, kept when its report is `enough`; then `by_quotient`
/// (`None`: not such a sum; a limit or an unsupported quotient passes on); then the search
/// within `limits`. For other sums, the search.
fn answered<R: ByQuotient>(
    sum: &Sum,
    limits: Limits,
    search: impl Fn(Limits) -> Result<R>,
    enough: impl Fn(&R) -> bool,
    by_quotient: impl FnOnce() -> Result<Option<R>>,
) -> Result<R> {
    if !quotient::is_sum_of_heaps(sum, limits)? {
        return search(limits);
    }
    let work = limits.max_work.min(TRIAL_WORK);
    let trial = limits.with_max_work(work);
    let why = match search(trial) {
        Ok(report) if enough(&report) => return Ok(report),
        Ok(_) => format!(
            "a search of the whole sum found who wins but not the misère values within {work} \
             moves examined, so the sum is too large to value cheaply"
        ),
        Err(error)
            if matches!(
                error.kind(),
                ErrorKind::LimitExceeded {
                    limit: Limit::MovesPerPosition,
                    ..
                }
            ) =>
        {
            format!(
                "a heap of the sum has more moves than a search may list from one position ({})",
                limits.max_moves
            )
        }
        Err(error) if error.is_limit() => format!(
            "a search of the whole sum passed {work} moves examined, so the sum is too large \
             to search cheaply"
        ),
        Err(error) => return Err(error),
    };
    match by_quotient() {
        Ok(Some(mut report)) => {
            if let Some(used) = report.quotient_mut() {
                used.why = why;
            }
            return Ok(report);
        }
        Ok(None) => {}
        Err(error) if error.is_limit() || matches!(error.kind(), ErrorKind::Unsupported { .. }) => {
        }
        Err(error) => return Err(error),
    }
    search(limits)
}

/// A cycle met by a misère search, as the error that says misère play is not analysed.
pub(super) fn without_cycles<T>(result: Result<T>) -> Result<T> {
    result.map_err(|error| match error.kind() {
        ErrorKind::Cycle { path } => Error::new(ErrorKind::MisereCycle { path: path.clone() }),
        _ => error,
    })
}

/// Lists every move of a sum in misère play with the misère value it leads to.
///
/// # Errors
/// As for [`value`], and a limit reached while valuing the moves (this needs every position).
pub fn moves(sum: &Sum, limits: Limits) -> Result<MisereMovesReport> {
    moves_with_order(sum, limits, quotient::DEFAULT_MAX_ORDER)
}

/// [`moves`], with misère quotients of at most `max_order` elements: a sum of heaps of one heap
/// game too large to search is answered as [`value_with_order`] answers it, every move marked
/// winning or not, without misère values.
///
/// # Errors
/// As for [`moves`].
///
/// # Example
/// ```
/// use grundy::{analysis::misere, spec, Limits};
/// let sum = spec::parse("kayles(9,10,11,12,13,14,15)")?;
/// let report = misere::moves_with_order(&sum, Limits::default(), 1000)?;
/// assert!(report.quotient.is_some() && report.head.value.is_none());
/// // The sum is a misère P-position: no move wins.
/// assert!(report.moves.iter().all(|entry| !entry.winning));
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn moves_with_order(sum: &Sum, limits: Limits, max_order: u64) -> Result<MisereMovesReport> {
    without_cycles(match nim_moves(sum, limits)? {
        Some(report) => Ok(report),
        None => answered(
            sum,
            limits,
            |limits| searched_moves(sum, limits),
            |_| true,
            || quotient::by_quotient(sum, limits, max_order, quotient::moves_report),
        ),
    })
}

/// Misère values and genera of heaps `0..=to` of a heap rule, and its tameness up to `to`.
///
/// # Errors
/// A limit reached.
///
/// # Example
/// ```
/// use grundy::{analysis::misere, spec, Limits};
/// let report = misere::sequence(&spec::parse_heap_rule("kayles")?, 8, Limits::default())?;
/// assert_eq!(report.values, [1, 0, 2, 3, 0, 1, 3, 2, 1]);
/// assert_eq!(report.genus[5], "4^146");
/// assert!(!report.tame);
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn sequence(rule: &HeapRule, to: u64, limits: Limits) -> Result<MisereSequenceReport> {
    let sequence = heap_sequence(rule, to, limits)?;
    Ok(MisereSequenceReport {
        schema: SCHEMA,
        rule: rule.to_string(),
        play: "misere".to_string(),
        values: sequence
            .genera
            .iter()
            .map(|genus| genus.misere_value().value())
            .collect(),
        genus: sequence.genera.iter().map(Genus::to_string).collect(),
        normal_values: sequence
            .genera
            .iter()
            .map(|genus| genus.normal_value().value())
            .collect(),
        to,
        tame: sequence.first_wild.is_none(),
        first_wild: sequence.first_wild.map(|wild| WildReport {
            heap: wild.heap,
            position: wild.position,
            genus: wild.genus.to_string(),
        }),
        prefix_only: true,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec;

    /// A small sum of heaps gets its exact misère value and genus by search; the quotient
    /// answers a large one and says why (issue 26, item 3).
    #[test]
    fn small_sums_are_searched_and_the_quotient_says_why() -> Result<()> {
        let small = spec::parse("kayles(5) + kayles(5) + kayles(9)")?;
        let report = value(&small, Limits::default())?;
        assert!(report.quotient.is_none());
        assert_eq!(
            (report.head.value, report.genus.as_deref()),
            (Some(6), Some("4^64"))
        );
        assert!(moves(&small, Limits::default())?.quotient.is_none());

        let large = spec::parse("kayles(9,10,11,12,13,14,15)")?;
        let used = value(&large, Limits::default())?
            .quotient
            .expect("too large");
        assert!(used.why.contains("moves examined"), "{}", used.why);
        let used = moves(&large, Limits::default())?
            .quotient
            .expect("too large");
        assert!(used.why.contains("moves examined"), "{}", used.why);
        Ok(())
    }

    /// Bouton's rule lists exactly what the search lists (issue 13 added the rule to `moves`,
    /// so that a Nim position of 50,000 heaps is answered without a search).
    #[test]
    fn nim_moves_by_bouton_match_the_search() -> Result<()> {
        for text in [
            "nim(3,4,5)",
            "nim(1,1,1)",
            "nim(1,1)",
            "nim(2,1) + *3",
            "*1 + nim(0,2) + nim(5)",
            "nim(7)",
            "0",
        ] {
            let sum = spec::parse(text)?;
            let by_rule = nim_moves(&sum, Limits::default())?.expect("only Nim heaps");
            assert_eq!(by_rule, searched_moves(&sum, Limits::default())?, "{text}");
        }
        assert!(nim_moves(&spec::parse("nim(3) + kayles(2)")?, Limits::default())?.is_none());
        Ok(())
    }
}
