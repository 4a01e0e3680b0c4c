//! The front door: one function per question a face asks, each taking a parsed game, the play
//! convention and one [`Settings`], and giving one report type per question.
//!
//! The faces (the command line, the HTTP server, WebAssembly, Python) call these and only
//! render or serialise what comes back, so that every face gives the same answer by the same
//! route. Where a question has variants, its answer says which in a `"kind"` field:
//! ```json
//! {"kind": "normal", "schema": 1, "spec": "nim(3,4,5)", "value": 2, "outcome": "N", ...}
//! {"kind": "loopy", "schema": 1, "spec": "digraph(a>b, b>a; a)", "value": "inf", ...}
//! {"kind": "misere", "schema": 1, "spec": "nim(1,1,1)", "value": 0, "outcome": "P", ...}
//! {"kind": "partizan", "schema": 1, "spec": "{1|0} + ^", "route": "canonical", "canonical": "{1^|^}", "outcome": "N", ...}
//! ```
//! the rest of each answer is the report of [`analysis`], [`analysis::loopy`],
//! [`analysis::misere`] or [`analysis::partizan`], field for field. A face that reads a spec
//! which may be partizan reads it with [`crate::spec::parse_any_with`] and asks [`value_of`].
//!
//! # Example
//! ```
//! use grundy::{ask, spec, Play};
//! let game = spec::parse("nim(1,1,1)")?;
//! let settings = ask::Settings::default();
//! let normal = ask::value(&game, Play::Normal, &settings)?;
//! let misere = ask::value(&game, Play::Misere, &settings)?;
//! assert_eq!((normal.outcome(), misere.outcome()), ("N", "P"));
//! assert!(serde_json::to_string(&misere)?.starts_with(r#"{"kind":"misere","schema":1,"#));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::analysis::board::BoardReport;
use crate::analysis::partizan::PartizanReport;
use crate::analysis::partizan_play::{self, PartizanComputerMove, Side};
use crate::analysis::play::ComputerMove;
use crate::analysis::{self, loopy, misere, DagReport, HighestBitReport};
use crate::error::{ErrorKind, Result};
use crate::game::Limits;
use crate::play::Game;
use crate::quotient::{self, DEFAULT_MAX_ORDER};
use crate::rules::HeapRule;
use crate::spec::AnyGame;
use crate::sum::Sum;
use crate::whole::Play;

pub use crate::analysis::answer::{MovesAnswer, SequenceAnswer, ValueAnswer};
pub use crate::analysis::quotient::{QuotientAnswer, QuotientReport};

/// What a question may cost and how far an answer may reach: the one options value of every
/// front door.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// The solver's limits (positions, work, moves listed, memory, cancel, progress).
    pub limits: Limits,
    /// The most elements a misère quotient may have before it gives up.
    pub max_order: u64,
    /// The most positions a game DAG may show.
    pub max_nodes: usize,
}

impl Settings {
    /// The library's defaults: [`Limits::DEFAULT`], quotients of [`DEFAULT_MAX_ORDER`]
    /// elements, DAGs of [`DEFAULT_MAX_NODES`] positions.
    pub const DEFAULT: Settings = Settings {
        limits: Limits::DEFAULT,
        max_order: DEFAULT_MAX_ORDER,
        max_nodes: DEFAULT_MAX_NODES,
    };

    /// The defaults with `limits`.
    pub const fn with_limits(limits: Limits) -> Settings {
        Settings {
            limits,
            ..Settings::DEFAULT
        }
    }
}

impl Default for Settings {
    fn default() -> Settings {
        Settings::DEFAULT
    }
}

/// How many positions a game DAG shows unless asked otherwise.
pub const DEFAULT_MAX_NODES: usize = 200;

/// The answer of `normal`, or of `loopy` when the game has a cycle, in normal play; that of
/// `misere` in misère play: the one place the routes are chosen.
fn route<A>(
    play: Play,
    normal: impl FnOnce() -> Result<A>,
    loopy: impl FnOnce() -> Result<A>,
    misere: impl FnOnce() -> Result<A>,
) -> Result<A> {
    match play {
        Play::Normal => match normal() {
            Err(error) if matches!(error.kind(), ErrorKind::Cycle { .. }) => loopy(),
            answer => answer,
        },
        Play::Misere => misere(),
    }
}

/// The value, outcome and winning moves of `game` in `play`: the Grundy value in normal play
/// (generalised values when the game has a cycle), the misère analysis in misère play.
///
/// # Errors
/// A limit reached; in misère play, a game with a cycle.
pub fn value(game: &Sum, play: Play, settings: &Settings) -> Result<ValueAnswer> {
    let Settings {
        limits, max_order, ..
    } = *settings;
    route(
        play,
        || analysis::value(game).map(ValueAnswer::Normal),
        || loopy::value(game, limits).map(ValueAnswer::Loopy),
        || misere::value_with_order(game, limits, max_order).map(ValueAnswer::Misere),
    )
}

/// Every move of `game` in `play` with the value it leads to.
///
/// # Errors
/// As for [`value`], and a component with too many moves to list.
///
/// # Example
/// ```
/// use grundy::{ask, spec, Play};
/// let answer = ask::moves(&spec::parse("kayles(2)")?, Play::Normal, &ask::Settings::default())?;
/// let ask::MovesAnswer::Normal(report) = answer else { panic!("no cycle here") };
/// assert_eq!(report.moves.len(), 2);
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn moves(game: &Sum, play: Play, settings: &Settings) -> Result<MovesAnswer> {
    let Settings {
        limits, max_order, ..
    } = *settings;
    route(
        play,
        || analysis::moves(game).map(MovesAnswer::Normal),
        || loopy::moves(game, limits).map(MovesAnswer::Loopy),
        || misere::moves_with_order(game, limits, max_order).map(MovesAnswer::Misere),
    )
}

/// The values of single heaps `0..=to` of `rule` in `play`: Grundy values (with the period a
/// theorem proves from them) in normal play, misère values and genera in misère play.
///
/// # Errors
/// A limit reached (the table's heaps count against `max_positions`).
///
/// # Example
/// ```
/// use grundy::{ask, spec, Limits, Play};
/// let rule = spec::parse_heap_rule("kayles")?;
/// let answer = ask::sequence(&rule, 12, Play::Misere, Limits::default())?;
/// let ask::SequenceAnswer::Misere(report) = answer else { panic!("asked for misère play") };
/// assert_eq!(report.values[..6], [1, 0, 2, 3, 0, 1]);
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn sequence(rule: &HeapRule, to: u64, play: Play, limits: Limits) -> Result<SequenceAnswer> {
    match play {
        Play::Normal => {
            analysis::heap_sequence(rule.clone(), to, limits).map(SequenceAnswer::Normal)
        }
        Play::Misere => misere::sequence(rule, to, limits).map(SequenceAnswer::Misere),
    }
}

/// How far a misère quotient of heaps reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QuotientBound {
    /// Heaps `1..=N`.
    To(u64),
    /// Every heap: grown until the heap → element map is proved periodic, at most
    /// [`WHOLE_QUOTIENT_MAX_HEAP`] heaps (and [`Limits::max_positions`]).
    Whole,
}

/// The most heaps a growth towards the whole game's quotient goes to before it says no
/// period was proved.
pub const WHOLE_QUOTIENT_MAX_HEAP: u64 = 1 << 16;

/// The misère quotient of `rule`'s heaps within `bound`, with at most
/// [`Settings::max_order`] elements. For the whole game, a growth that a limit (or
/// [`WHOLE_QUOTIENT_MAX_HEAP`]) stops before the proof is no error: the answer is the
/// quotient of the heaps grown, its report's `stopped` saying why. The quotient is kept for
/// the misère sums of `rule`'s heaps asked next in this process (the ask for a value of such
/// a sum reads it rather than growing one again).
///
/// # Errors
/// A limit reached within heaps `1..=N`; for the whole game, a rule no periodicity theorem
/// covers; a cancel.
///
/// # Example
/// ```
/// use grundy::{ask, spec, Limits};
/// let kayles = spec::parse_heap_rule("kayles")?;
/// let whole = ask::quotient(&kayles, ask::QuotientBound::Whole, &ask::Settings::default())?;
/// assert_eq!((whole.report.order, whole.report.stopped), (40, None));
/// let short = ask::Settings::with_limits(Limits::DEFAULT.with_max_work(1 << 16));
/// let stopped = ask::quotient(&kayles, ask::QuotientBound::Whole, &short)?;
/// assert!(stopped.report.whole.is_none() && stopped.report.stopped.is_some());
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn quotient(
    rule: &HeapRule,
    bound: QuotientBound,
    settings: &Settings,
) -> Result<QuotientAnswer> {
    let Settings {
        limits, max_order, ..
    } = *settings;
    let answer = match bound {
        QuotientBound::To(to) => analysis::quotient::bounded(rule, to, max_order, limits),
        QuotientBound::Whole => {
            let max_heap = WHOLE_QUOTIENT_MAX_HEAP.min(limits.max_positions);
            analysis::quotient::whole(rule, max_heap, max_order, limits)
        }
    }?;
    quotient::remember(rule, answer.quotient.clone());
    Ok(answer)
}

/// Re-checks the misère quotient that `report` saved (`grundy quotient --cert FILE` or its
/// JSON) from its rule, within `limits`, and keeps it, as [`quotient()`] keeps the ones
/// it finds, for the misère sums of that rule's heaps asked next in this process.
///
/// # Errors
/// A rule that does not parse, a quotient that does not hold, or a limit reached by the
/// check ([`analysis::quotient::load`]).
pub fn keep_quotient(report: &QuotientReport, limits: Limits) -> Result<()> {
    let rule = crate::spec::parse_heap_rule(&report.rule)?;
    quotient::remember(&rule, analysis::quotient::load(report, limits)?);
    Ok(())
}

/// The game DAG of `game` in `play`, with at most [`Settings::max_nodes`] positions.
///
/// # Errors
/// As for [`analysis::dag`].
pub fn dag(game: &Sum, play: Play, settings: &Settings) -> Result<DagReport> {
    analysis::dag(game, settings.max_nodes, play)
}

/// The highest-bit rule for a winning move, spelled out (normal play only).
///
/// # Errors
/// As for [`analysis::highest_bit`].
pub fn highest_bit(game: &Sum) -> Result<HighestBitReport> {
    analysis::highest_bit(game)
}

/// What a face draws of `game`: each component's kind and size, and each move as what it
/// leaves (the same in both plays).
///
/// # Errors
/// As for [`analysis::board::board`].
pub fn board(game: &Sum) -> Result<BoardReport> {
    analysis::board::board(game)
}

/// A game against the computer from `game` in `play`; each turn's view and the computer's
/// moves come from [`analysis::play`].
///
/// # Errors
/// A limit reached while setting the game up; in misère play, a game with a cycle.
pub fn play(game: &Sum, play: Play, settings: &Settings) -> Result<Game> {
    Game::new(game, play, settings.limits)
}

/// The move the computer makes from `game` in `play`, with its reason: the move `grundy play`
/// would make there.
///
/// # Errors
/// A finished game, a limit reached; in misère play, a game with a cycle.
///
/// # Example
/// ```
/// use grundy::{ask, spec, Play};
/// let chosen = ask::computer_move(&spec::parse("nim(3,4,5)")?, Play::Normal, &ask::Settings::default())?;
/// assert_eq!(chosen.chosen.result, "nim(1,4,5)");
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn computer_move(game: &Sum, play: Play, settings: &Settings) -> Result<ComputerMove> {
    analysis::play::computer_move(&mut self::play(game, play, settings)?)
}

/// The value of a game read by [`crate::spec::parse_any_with`]: [`value`]'s answer for an
/// impartial sum; for a partizan one (normal play only), its canonical form, outcome class,
/// stops, temperature, thermograph and every winning move for Left and for Right
/// ([`analysis::partizan`]), tagged `"kind": "partizan"`.
///
/// # Errors
/// As [`value`]; misère play of a partizan game; the limits on the moves written out.
///
/// # Example
/// ```
/// use grundy::{ask, spec, Play};
/// let mut game = spec::parse_any_with("{1|0} + ^ + *2", spec::Options::default())?;
/// let answer = ask::value_of(&mut game, Play::Normal, &ask::Settings::default())?;
/// let ask::ValueAnswer::Partizan(report) = &answer else { panic!("a partizan game") };
/// assert_eq!((report.head.canonical.as_deref(), answer.outcome()), (Some("{1^*2|^*2}"), "L"));
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn value_of(game: &mut AnyGame, play: Play, settings: &Settings) -> Result<ValueAnswer> {
    match game {
        AnyGame::Impartial(sum) => value(sum, play, settings),
        AnyGame::Partizan(sum) => {
            normal_only(play)?;
            let text = sum.text(None);
            analysis::partizan::report(sum, &text, settings.limits).map(ValueAnswer::Partizan)
        }
    }
}

/// Refuses misère play of a partizan game.
fn normal_only(play: Play) -> Result<()> {
    if play == Play::Misere {
        return Err(crate::Error::new(ErrorKind::Unsupported {
            reason: "misère play of a partizan game (partizan values are for normal play)"
                .to_string(),
        }));
    }
    Ok(())
}

/// Every move of a game read by [`crate::spec::parse_any_with`]: [`moves`]'s answer for an
/// impartial sum; for a partizan one (normal play only), every move for Left and for Right,
/// each with the sum it leaves, its canonical form and whether it wins
/// ([`analysis::partizan_play`]), tagged `"kind": "partizan"`.
///
/// # Errors
/// As [`moves`]; misère play of a partizan game; the limits on the moves written out.
///
/// # Example
/// ```
/// use grundy::{ask, spec, Play};
/// let mut game = spec::parse_any_with("hackenbush(lr) + {1|0}", spec::Options::default())?;
/// let answer = ask::moves_of(&mut game, Play::Normal, &ask::Settings::default())?;
/// let ask::MovesAnswer::Partizan(report) = &answer else { panic!("a partizan game") };
/// assert_eq!(report.left_moves.len(), 2);
/// assert_eq!(report.right_moves[1].result, "hackenbush(lr) + 0");
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn moves_of(game: &mut AnyGame, play: Play, settings: &Settings) -> Result<MovesAnswer> {
    match game {
        AnyGame::Impartial(sum) => moves(sum, play, settings),
        AnyGame::Partizan(sum) => {
            normal_only(play)?;
            let text = sum.text(None);
            partizan_play::moves(sum, &text, settings.limits).map(MovesAnswer::Partizan)
        }
    }
}

/// The thermograph of a game read by [`crate::spec::parse_any_with`], as walls and as an SVG
/// picture ([`analysis::thermograph`]). An impartial game of Grundy value `n` is the nimber
/// `*n`, and gets the thermograph of `*n` ([`analysis::thermograph::of_nimber`]: a mast at 0).
///
/// # Errors
/// The table's limits; an impartial game with cycles (no nimber) or over the solver's
/// limits.
///
/// # Example
/// ```
/// use grundy::{ask, spec};
/// let mut game = spec::parse_any_with("{2|-1}", spec::Options::default())?;
/// let report = ask::thermograph_of(&mut game)?;
/// assert_eq!((report.mean.as_str(), report.temperature.as_str()), ("1/2", "3/2"));
/// assert!(report.svg.contains("class=\"right-wall\""));
/// // An impartial game is its nimber: Kayles on 3 pins is *3, a mast at 0.
/// let report = ask::thermograph_of(&mut spec::parse_any_with("kayles(3)", spec::Options::default())?)?;
/// assert_eq!((report.canonical.as_str(), report.mean.as_str()), ("*3", "0"));
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn thermograph_of(game: &mut AnyGame) -> Result<analysis::thermograph::ThermographReport> {
    match game {
        AnyGame::Impartial(sum) => {
            analysis::thermograph::of_nimber(sum.value()?.value(), &sum.format())
        }
        AnyGame::Partizan(sum) => {
            let text = sum.text(None);
            let value = sum.canonical()?;
            analysis::thermograph::report(&mut sum.games, value, &text)
        }
    }
}

/// The move a perfect player `side` makes in a partizan game read by
/// [`crate::spec::parse_any_with`], with its reason: the move `grundy play --as` makes for
/// the computer. An impartial game is refused (both players have the same moves: ask
/// [`computer_move`]).
///
/// # Errors
/// An impartial game; no move left for `side`; the limits.
///
/// # Example
/// ```
/// use grundy::{ask, spec, analysis::partizan_play::Side};
/// let mut game = spec::parse_any_with("hackenbush(lrr)", spec::Options::default())?;
/// let chosen = ask::partizan_move(&mut game, Side::Right, &ask::Settings::default())?;
/// assert_eq!(chosen.chosen.result, "hackenbush(lr)");
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn partizan_move(
    game: &mut AnyGame,
    side: Side,
    settings: &Settings,
) -> Result<PartizanComputerMove> {
    match game {
        AnyGame::Impartial(_) => Err(crate::Error::new(ErrorKind::Unsupported {
            reason: "playing as Left or Right in an impartial game (both have the same moves)"
                .to_string(),
        })),
        AnyGame::Partizan(sum) => partizan_play::computer_move(sum, side, settings.limits),
    }
}

/// What a face draws of a game read by [`crate::spec::parse_any_with`]: [`board`]'s report for
/// an impartial sum; for a partizan one, Domineering boards as squares and Hackenbush strings
/// and graphs as edges, each move with its player ([`analysis::board::partizan_board`]).
///
/// # Errors
/// As [`board`].
pub fn board_of(game: &AnyGame) -> Result<BoardReport> {
    match game {
        AnyGame::Impartial(sum) => board(sum),
        AnyGame::Partizan(sum) => analysis::board::partizan_board(sum),
    }
}

/// The report of a partizan game written in CGSuite's notation or as positions of the
/// partizan rulesets ([`crate::spec::parse_partizan_sum`]), with the default settings: the
/// partizan answer of [`value_of`] without its tag.
///
/// # Errors
/// As [`crate::spec::parse_partizan_sum`], and the limits.
///
/// # Example
/// ```
/// let report = grundy::ask::partizan_value("domineering(2x2) + ^")?;
/// assert_eq!((report.head.canonical.as_deref(), report.head.outcome), (Some("{1^|-1^}"), "N"));
/// assert_eq!(report.left_winning_moves[0].result, "domineering(xo/xo) + ^");
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn partizan_value(text: &str) -> Result<PartizanReport> {
    let mut sum = crate::spec::parse_partizan_sum(text, crate::spec::Options::default())?;
    let text = sum.text(None);
    analysis::partizan::report(&mut sum, &text, Limits::DEFAULT)
}

#[cfg(test)]
mod tests {
    use serde::Serialize;

    use super::*;
    use crate::spec;

    fn json(answer: &impl Serialize) -> serde_json::Value {
        serde_json::to_value(answer).unwrap()
    }

    /// The tag goes in front of the report, whose fields are unchanged.
    #[test]
    fn answers_are_tagged_reports() -> Result<()> {
        let settings = Settings::default();
        let game = spec::parse("nim(3,4,5)")?;
        let mut expected = json(&analysis::value(&game)?);
        expected["kind"] = "normal".into();
        assert_eq!(json(&value(&game, Play::Normal, &settings)?), expected);

        let game = spec::parse("digraph(a>b, b>a, a>c; a)")?;
        let mut expected = json(&loopy::value(&game, settings.limits)?);
        expected["kind"] = "loopy".into();
        assert_eq!(json(&value(&game, Play::Normal, &settings)?), expected);
        let mut expected = json(&loopy::moves(&game, settings.limits)?);
        expected["kind"] = "loopy".into();
        assert_eq!(json(&moves(&game, Play::Normal, &settings)?), expected);

        let game = spec::parse("kayles(4) + nim(2,2)")?;
        let mut expected = json(&misere::moves(&game, settings.limits)?);
        expected["kind"] = "misere".into();
        assert_eq!(json(&moves(&game, Play::Misere, &settings)?), expected);
        Ok(())
    }

    /// Every `"result"` in the lists of moves of a JSON answer.
    fn results(answer: &serde_json::Value) -> Vec<String> {
        ["moves", "winning_moves", "drawing_moves"]
            .iter()
            .filter_map(|list| answer[list].as_array())
            .flatten()
            .map(|entry| entry["result"].as_str().unwrap().to_string())
            .collect()
    }

    /// Moves that leave equal positions are listed once in every convention and by every
    /// route (issue 26, item 7): equal components in one term or in two, searched or answered
    /// by the misère quotient.
    #[test]
    fn equal_positions_are_listed_once_in_every_play() -> Result<()> {
        let settings = Settings::default();
        let cases = [
            ("dawson(8) + dawson(8)", Play::Misere, 4),
            ("dawson(8,8)", Play::Misere, 4),
            ("kayles(5) + kayles(5)", Play::Normal, 5),
            ("kayles(5) + kayles(5)", Play::Misere, 5),
            (
                "digraph(a>b, b>a; a) + digraph(a>b, b>a; a)",
                Play::Normal,
                1,
            ),
            (
                "kayles(9,10,11,12,13,14) + kayles(15) + kayles(15)",
                Play::Misere,
                0,
            ),
        ];
        for (text, play, expected) in cases {
            let game = spec::parse(text)?;
            for answer in [
                json(&value(&game, play, &settings)?),
                json(&moves(&game, play, &settings)?),
            ] {
                let listed = results(&answer);
                let mut keys: Vec<String> = listed
                    .iter()
                    .map(|result| spec::parse(result).map(|sum| sum.canonical_key()))
                    .collect::<Result<_>>()?;
                keys.sort();
                keys.dedup();
                assert_eq!(keys.len(), listed.len(), "{text} {play:?}: {listed:?}");
                if answer.get("moves").is_some() && expected > 0 {
                    assert_eq!(listed.len(), expected, "{text} {play:?}: {listed:?}");
                }
            }
        }
        Ok(())
    }

    /// Misère play of a game with a cycle is refused, as every misère report says.
    #[test]
    fn misere_cycles_are_refused() -> Result<()> {
        let game = spec::parse("digraph(a>b, b>a; a)")?;
        let error = value(&game, Play::Misere, &Settings::default()).unwrap_err();
        assert!(matches!(error.kind(), ErrorKind::MisereCycle { .. }));
        Ok(())
    }

    /// A quotient asked for, or one saved and loaded, answers the next questions about its
    /// heaps with no work of its own.
    #[test]
    fn quotients_are_kept_for_the_next_questions() -> Result<()> {
        let no_work = Limits::DEFAULT.with_max_work(0);
        let dawson = spec::parse_heap_rule("0.137")?;
        let kept = || crate::quotient::quotient_for_heaps(&dawson, 12, 64, no_work);
        assert!(kept().is_err());
        quotient(&dawson, QuotientBound::To(12), &Settings::default())?;
        assert_eq!(kept()?.atoms(), 12);
        let guiles = spec::parse_heap_rule("0.15")?;
        let loaded = || crate::quotient::quotient_for_heaps(&guiles, 10, 64, no_work);
        assert!(loaded().is_err());
        let report = analysis::quotient::bounded(&guiles, 10, 64, Limits::default())?.report;
        keep_quotient(&report, Limits::default())?;
        assert_eq!(loaded()?.atoms(), 10);
        // A saved quotient of another rule does not load.
        let forged = QuotientReport {
            rule: "0.137".into(),
            ..report
        };
        assert!(keep_quotient(&forged, Limits::default()).is_err());
        Ok(())
    }

    /// Both bounds of a misère quotient by one route: heaps `1..=N` as asked; the whole game
    /// proved, or stopped by a limit or by the heaps `max_positions` allows with the quotient
    /// grown so far and the reason; an error only where no theorem could ever prove it.
    #[test]
    fn quotients_are_bounded_or_whole_by_one_route() -> Result<()> {
        let kayles = spec::parse_heap_rule("kayles")?;
        let settings = Settings::default();
        let bounded = quotient(&kayles, QuotientBound::To(14), &settings)?;
        assert_eq!((bounded.report.to, bounded.quotient.atoms()), (14, 14));
        assert_eq!(bounded.report.stopped, None);
        let whole = quotient(&kayles, QuotientBound::Whole, &settings)?;
        assert_eq!((whole.report.to, whole.report.order), (167, 40));
        assert!(whole.quotient.periodicity().is_some());

        // The growth goes to no more heaps than `max_positions` allows: it stops, no error.
        let few_heaps = Settings::with_limits(Limits::DEFAULT.with_max_positions(100));
        let capped = quotient(&kayles, QuotientBound::Whole, &few_heaps)?;
        assert!(capped.report.to <= 100 && capped.report.whole.is_none());
        assert!(capped.report.stopped.is_some());
        assert!(quotient(&kayles, QuotientBound::To(101), &few_heaps).is_err());

        let little_work = Settings::with_limits(Limits::DEFAULT.with_max_work(1 << 16));
        let stopped = quotient(&kayles, QuotientBound::Whole, &little_work)?;
        let to = stopped.report.to;
        assert_eq!(stopped.quotient.atoms() as u64, to);
        let why = stopped.report.stopped.expect("a limit stopped it");
        assert!(
            why.starts_with(&format!("stopped before heap {}", to + 1)),
            "{why}"
        );

        let grundy = spec::parse_heap_rule("grundy")?;
        let error = quotient(&grundy, QuotientBound::Whole, &settings).unwrap_err();
        assert!(matches!(error.kind(), ErrorKind::Unsupported { .. }));
        Ok(())
    }
}
