//! What a face needs to draw a sum as a board: heaps of tokens, rows of pins, rows of coins.
//!
//! The kind of each component comes from its rule, not from the shapes of its moves:
//!
//! - `"heap"`: tokens taken from the end of a heap ([`Nim`](crate::rules::Nim), subtraction
//!   games, codes whose moves never break a heap);
//! - `"row"`: a row of pins, a run of neighbours knocked down, which may leave two rows
//!   (take-and-break codes with a digit that breaks a heap after removing tokens: Kayles,
//!   Dawson's Kayles, 0.137);
//! - `"split"`: a heap split in two without removing tokens (Grundy's game, codes whose only
//!   breaking digit is the one before the point, such as Lasker's Nim);
//! - `"coins"`: a row of coins, `H` or `T`, some turned over (every coin-turning rule).
//!
//! Any other game has no kind (`null`) and no board. The JSON of [`BoardReport`] is
//! ```json
//! {"schema": 1, "spec": "kayles(3) + nim(2) + turtles(THH)", "heap_rule": "kayles",
//!  "drawn": true,
//!  "components": [{"index": 0, "spec": "kayles(3)", "kind": "row", "tokens": 3},
//!                 {"index": 1, "spec": "nim(2)", "kind": "heap", "tokens": 2},
//!                 {"index": 2, "spec": "turtles(THH)", "kind": "coins", "coins": "THH"}],
//!  "moves": [{"component": 0, "to": "kayles(2)", "heaps": [2]},
//!            {"component": 0, "to": "kayles(1,1)", "heaps": [1, 1]},
//!            {"component": 0, "to": "kayles(1)", "heaps": [1]},
//!            {"component": 1, "to": "0", "heaps": []}, ...,
//!            {"component": 2, "to": "turtles(THT)", "coins": "THT"}, ...]}
//! ```
//! `index` and `component` count components left to right, as in every moves report. A move
//! lists what its component becomes: the heaps left (`heaps`, smallest first, `[]` when nothing
//! is left) or the coins after the turn (`coins`, as many letters as before), and `to`, the
//! same text as the `to` of the moves reports, so a face finds the listed move a click makes
//! (the move from the component's `spec` to `to`). Equal components each list their moves.
//! `heap_rule` is the rule of the first term when it is a heap game (the sequence a face
//! plots beside the game), else `null`. `drawn` says whether the whole sum can be drawn:
//! every component has a kind and at most [`MAX_TOKENS`] tokens or coins; `moves` is empty
//! otherwise.

use std::collections::HashSet;

use serde::Serialize;

use super::SCHEMA;
use crate::error::Result;
use crate::rules::{Digit, HeapRule, TakeBreak};
use crate::sum::Sum;
use crate::table::PositionTable;

/// The most tokens, pins or coins a drawn component has: a board fits a screen, and its moves
/// are few.
pub const MAX_TOKENS: u64 = 40;

/// How a component is drawn and what a click on it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum BoardKind {
    /// Tokens in a line; a move takes tokens from the end.
    Heap,
    /// Pins in a row; a move knocks down a run of neighbours, which may leave two rows.
    Row,
    /// Tokens in a line; a move splits the heap in two.
    Split,
    /// Coins in a row, each heads or tails; a move turns some over.
    Coins,
}

impl BoardKind {
    /// The kind of a heap game, from its move structure: a code whose digits after the point
    /// break heaps is a row of pins, one that breaks heaps only without removing tokens (the
    /// digit before the point) splits, and every other heap game takes tokens.
    ///
    /// # Example
    /// ```
    /// use grundy::{analysis::board::BoardKind, spec};
    /// let kind = |rule| spec::parse_heap_rule(rule).map(|rule| BoardKind::of_heap_rule(&rule));
    /// assert_eq!(kind("kayles")?, BoardKind::Row);
    /// assert_eq!(kind("grundy")?, BoardKind::Split);
    /// assert_eq!(kind("0.33")?, BoardKind::Heap);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn of_heap_rule(rule: &HeapRule) -> BoardKind {
        match rule {
            HeapRule::Nim(_) | HeapRule::Subtraction(_) => BoardKind::Heap,
            HeapRule::Grundy(_) => BoardKind::Split,
            HeapRule::TakeBreak(code) => code_kind(code),
        }
    }
}

/// The kind of a take-and-break code (see [`BoardKind::of_heap_rule`]).
fn code_kind(code: &TakeBreak) -> BoardKind {
    let breaks = |digit: Digit| digit.splits_two() || digit.splits_three();
    let removing = code.digits().iter().filter(|&&(take, _)| take > 0);
    if removing
        .chain(&code.tail())
        .any(|&(_, digit)| breaks(digit))
    {
        BoardKind::Row
    } else if breaks(code.digit(0)) {
        BoardKind::Split
    } else {
        BoardKind::Heap
    }
}

/// A sum as a board: its components and the moves of each, drawable.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoardReport {
    /// [`SCHEMA`].
    pub schema: u32,
    /// The sum as spec text.
    pub spec: String,
    /// The rule of the first term when it is a heap game, as spec text (`kayles`).
    pub heap_rule: Option<String>,
    /// Whether the whole sum can be drawn: every component has a kind and at most
    /// [`MAX_TOKENS`] tokens or coins.
    pub drawn: bool,
    /// Each component, left to right.
    pub components: Vec<BoardComponent>,
    /// The moves of each component, when `drawn`; empty otherwise.
    pub moves: Vec<BoardMove>,
}

/// One component of a board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoardComponent {
    /// Its index, counting components left to right.
    pub index: usize,
    /// The component as spec text (`kayles(3)`).
    pub spec: String,
    /// How it is drawn; `null` when it cannot be.
    pub kind: Option<BoardKind>,
    /// The tokens or pins of a heap, a row or a split.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tokens: Option<u64>,
    /// The coins of a row of coins, `H` and `T` left to right.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub coins: Option<String>,
}

/// One move of one component, in drawable terms.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoardMove {
    /// The component it changes.
    pub component: usize,
    /// What the component becomes, as spec text (`0` when nothing is left): the `to` of the
    /// moves reports.
    pub to: String,
    /// The heaps left, smallest first, for a heap, a row or a split.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub heaps: Option<Vec<u64>>,
    /// The coins after the move, for a row of coins.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub coins: Option<String>,
}

/// A component's table (which knows its rule and moves) and its id there.
type Placed<'a> = Option<(&'a dyn PositionTable, u32)>;

/// The board of a sum: each component's kind and size, and, when all of it can be drawn,
/// each component's moves.
///
/// # Errors
/// A failing move callback; a limit reached while listing moves leaves the board undrawn
/// instead.
///
/// # Example
/// ```
/// use grundy::{analysis::board::{board, BoardKind}, spec};
/// let report = board(&spec::parse("grundy(5) + nim(1)")?)?;
/// assert_eq!(report.components[0].kind, Some(BoardKind::Split));
/// let splits: Vec<_> = report.moves.iter().filter(|m| m.component == 0).collect();
/// assert_eq!(splits.len(), 2); // 1 + 4 and 2 + 3
/// assert_eq!(splits[0].heaps, Some(vec![1, 4]));
/// assert_eq!(report.heap_rule.as_deref(), Some("grundy"));
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn board(sum: &Sum) -> Result<BoardReport> {
    let tables: Vec<Option<Box<dyn PositionTable>>> =
        sum.terms().iter().map(|term| term.table()).collect();
    let mut components = Vec::new();
    let mut placed: Vec<Placed<'_>> = Vec::new();
    for (term, table) in sum.terms().iter().zip(&tables) {
        // A term whose positions cannot all be named (the table's limit) is not drawn.
        let ids = table.as_ref().and_then(|_| term.position_ids().ok());
        for index in 0..term.len() {
            let at = table
                .as_deref()
                .zip(ids.as_ref().and_then(|ids| ids.get(index).copied()));
            components.push(component(
                components.len(),
                term.format_component(index),
                at,
            ));
            placed.push(at);
        }
    }
    let heap_rule = tables
        .first()
        .and_then(Option::as_ref)
        .and_then(|table| table.heap_rule())
        .map(|rule| rule.to_string());
    let mut drawn = !components.is_empty() && components.iter().all(fits);
    let mut moves = Vec::new();
    if drawn {
        for (component, at) in components.iter().zip(placed) {
            match moves_of(component, at) {
                Ok(listed) => moves.extend(listed),
                Err(error) if error.is_limit() => {
                    drawn = false;
                    moves.clear();
                    break;
                }
                Err(error) => return Err(error),
            }
        }
    }
    Ok(BoardReport {
        schema: SCHEMA,
        spec: sum.format(),
        heap_rule,
        drawn,
        components,
        moves,
    })
}

/// Component `index`, its kind and size read from its table.
fn component(index: usize, spec: String, at: Placed<'_>) -> BoardComponent {
    let mut drawn = BoardComponent {
        index,
        spec,
        kind: None,
        tokens: None,
        coins: None,
    };
    let Some((table, id)) = at else {
        return drawn;
    };
    if let (Some(rule), Some(heap)) = (table.heap_rule(), table.heap(id)) {
        drawn.kind = Some(BoardKind::of_heap_rule(&rule));
        drawn.tokens = Some(heap);
    } else if let Some(row) = table.coin_row(id) {
        drawn.kind = Some(BoardKind::Coins);
        drawn.coins = Some(row.to_string());
    }
    drawn
}

/// Whether a component can be drawn: it has a kind and at most [`MAX_TOKENS`] tokens or coins.
fn fits(component: &BoardComponent) -> bool {
    let size = match (&component.tokens, &component.coins) {
        (Some(tokens), _) => *tokens,
        (None, Some(coins)) => coins.len() as u64,
        (None, None) => return false,
    };
    component.kind.is_some() && size <= MAX_TOKENS
}

/// The moves of one drawable component, each listed once.
fn moves_of(component: &BoardComponent, at: Placed<'_>) -> Result<Vec<BoardMove>> {
    let Some((table, id)) = at else {
        return Ok(Vec::new());
    };
    let mut seen = HashSet::new();
    let mut listed = Vec::new();
    for parts in table.moves(id)?.iter() {
        let to = table.format(parts);
        if !seen.insert(to.clone()) {
            continue;
        }
        let (heaps, coins) = match &component.coins {
            // A move that leaves no head leaves the row all tails.
            Some(before) => (
                None,
                Some(
                    parts
                        .first()
                        .and_then(|&part| table.coin_row(part))
                        .map_or_else(|| "T".repeat(before.len()), |row| row.to_string()),
                ),
            ),
            None => {
                let heaps: Option<Vec<u64>> = parts.iter().map(|&part| table.heap(part)).collect();
                (heaps.map(sorted), None)
            }
        };
        listed.push(BoardMove {
            component: component.index,
            to,
            heaps,
            coins,
        });
    }
    Ok(listed)
}

fn sorted(mut heaps: Vec<u64>) -> Vec<u64> {
    heaps.sort_unstable();
    heaps
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;
    use crate::game::Ruleset;
    use crate::spec;

    fn report(text: &str) -> BoardReport {
        let sum = spec::parse(text).expect("a spec");
        board(&sum).expect("a board")
    }

    fn kinds(report: &BoardReport) -> Vec<Option<BoardKind>> {
        report.components.iter().map(|c| c.kind).collect()
    }

    /// The heaps each move of `component` leaves.
    fn heaps(report: &BoardReport, component: usize) -> Vec<Vec<u64>> {
        let moves = report.moves.iter().filter(|m| m.component == component);
        moves.map(|m| m.heaps.clone().expect("heaps")).collect()
    }

    /// The kind the page used to guess from the moves of a heap of `heap`: a move leaving
    /// parts with fewer tokens than the heap breaks it (a row), one leaving all its tokens in
    /// two parts splits it.
    fn guessed(rule: &HeapRule, heap: u64) -> BoardKind {
        let mut moves = Vec::new();
        rule.moves(&heap, &mut moves);
        let several = moves.iter().filter(|parts| parts.len() >= 2);
        let sums: Vec<u64> = several.map(|parts| parts.iter().sum()).collect();
        if sums.iter().any(|&left| left < heap) {
            BoardKind::Row
        } else if sums.contains(&heap) {
            BoardKind::Split
        } else {
            BoardKind::Heap
        }
    }

    #[test]
    fn heaps_rows_and_splits_by_their_rules() {
        let nim = report("nim(3,4,5)");
        assert_eq!(kinds(&nim), [Some(BoardKind::Heap); 3]);
        assert_eq!(nim.components[2].tokens, Some(5));
        assert_eq!(heaps(&nim, 0), [vec![], vec![1], vec![2]]);
        assert_eq!(nim.moves[0].to, "0");
        assert_eq!(nim.heap_rule.as_deref(), Some("nim"));
        let subtraction = report("sub{1,2,4}(8)");
        assert_eq!(kinds(&subtraction), [Some(BoardKind::Heap)]);
        assert_eq!(heaps(&subtraction, 0), [vec![7], vec![6], vec![4]]);
        // Kayles on 3 pins: one pin from the end or the middle, or two from the end.
        let kayles = report("kayles(3)");
        assert_eq!(kinds(&kayles), [Some(BoardKind::Row)]);
        assert_eq!(heaps(&kayles, 0), [vec![2], vec![1, 1], vec![1]]);
        assert_eq!(kayles.moves[1].to, "kayles(1,1)");
        // Two pins only, so a row of 2 has no splitting move; it is still a row.
        let small = report("dawson(2) + 0.137(2)");
        assert_eq!(kinds(&small), [Some(BoardKind::Row); 2]);
        assert_eq!(heaps(&report("dawson(5)"), 0), [vec![3], vec![1, 2]]);
        assert_eq!(small.heap_rule.as_deref(), Some("dawson"));
        let grundy = report("grundy(7)");
        assert_eq!(kinds(&grundy), [Some(BoardKind::Split)]);
        assert_eq!(heaps(&grundy, 0), [vec![1, 6], vec![2, 5], vec![3, 4]]);
        assert_eq!(kinds(&report("lasker(3)")), [Some(BoardKind::Split)]);
    }

    #[test]
    fn the_kind_of_a_rule_is_the_shape_of_its_moves() {
        let mut rules: Vec<HeapRule> = ["nim", "sub{1,3}", "allbut{2}", "grundy", "lasker", "4.07"]
            .into_iter()
            .map(|rule| spec::parse_heap_rule(rule).expect("a rule"))
            .collect();
        let codes = TakeBreak::octal_family(0, 3).expect("codes");
        rules.extend(codes.into_iter().map(HeapRule::TakeBreak));
        for rule in rules {
            // A heap long enough for every digit to show.
            let heap = match &rule {
                HeapRule::TakeBreak(code) => code.digits().last().map_or(0, |&(take, _)| take) + 3,
                _ => 12,
            };
            let kind = BoardKind::of_heap_rule(&rule);
            assert_eq!(kind, guessed(&rule, heap), "{rule}");
        }
    }

    #[test]
    fn coins_turn_over() {
        let turtles = report("turtles(THHTH)");
        assert_eq!(kinds(&turtles), [Some(BoardKind::Coins)]);
        assert_eq!(turtles.components[0].coins.as_deref(), Some("THHTH"));
        assert_eq!(turtles.heap_rule, None);
        let after: Vec<&str> = turtles
            .moves
            .iter()
            .filter_map(|m| m.coins.as_deref())
            .collect();
        // Turning Turtles: the head at 5 alone or with one coin to its left.
        assert!(after.contains(&"THHTT") && after.contains(&"THTTT") && after.contains(&"HHHTT"));
        assert!(after.iter().all(|coins| coins.len() == 5));
        let ruler = report("ruler(TTH)");
        let last: Vec<&str> = ruler
            .moves
            .iter()
            .filter_map(|m| m.coins.as_deref())
            .collect();
        // Ruler: a run ending at the head, of length 1, 2 or 3; turning the head alone leaves
        // no head, the row all tails.
        assert_eq!(last, ["TTT", "THT", "HHT"]);
        assert_eq!(ruler.moves[0].to, "0");
    }

    #[test]
    fn a_sum_mixing_kinds() {
        let mixed = report("kayles(3) + nim(2,1) + turtles(THH) + grundy(4)");
        assert!(mixed.drawn);
        let expected = [
            ("kayles(3)", BoardKind::Row),
            ("nim(2)", BoardKind::Heap),
            ("nim(1)", BoardKind::Heap),
            ("turtles(THH)", BoardKind::Coins),
            ("grundy(4)", BoardKind::Split),
        ];
        for (index, (spec, kind)) in expected.into_iter().enumerate() {
            let component = &mixed.components[index];
            assert_eq!((component.index, component.spec.as_str()), (index, spec));
            assert_eq!(component.kind, Some(kind));
        }
        assert_eq!(heaps(&mixed, 4), [vec![1, 3]]);
        // Components are numbered as written, as the moves reports number them.
        let sum = spec::parse("kayles(3) + nim(2,1) + turtles(THH) + grundy(4)").expect("a spec");
        for listed in crate::analysis::moves(&sum).expect("moves").moves {
            let component = &mixed.components[listed.summary.component];
            assert_eq!(component.spec, listed.summary.from);
        }
        assert_eq!(mixed.heap_rule.as_deref(), Some("kayles"));
    }

    /// A click finds its listed move by the component's spec and `to`: every move of every
    /// convention's report is on the board, and every move on the board is in the report.
    #[test]
    fn every_listed_move_is_on_the_board() {
        for text in [
            "nim(3,3,4)",
            "kayles(5) + sub{1,3}(4)",
            "grundy(8) + dawson(6)",
            "turtles(HTTHT) + 0.137(7)",
        ] {
            let sum = spec::parse(text).expect("a spec");
            let drawn = board(&sum).expect("a board");
            let on_board: BTreeSet<(String, String)> = drawn
                .moves
                .iter()
                .map(|m| (drawn.components[m.component].spec.clone(), m.to.clone()))
                .collect();
            let listed = crate::analysis::moves(&sum).expect("moves");
            let normal: BTreeSet<(String, String)> = listed
                .moves
                .iter()
                .map(|m| (m.summary.from.clone(), m.summary.to.clone()))
                .collect();
            assert_eq!(on_board, normal, "{text}");
            let misere = crate::analysis::misere::moves(&sum, crate::Limits::default());
            for entry in misere.expect("misère moves").moves {
                let key = (entry.summary.from, entry.summary.to);
                assert!(on_board.contains(&key), "{text}: {key:?}");
            }
        }
    }

    #[test]
    fn other_games_have_no_board() {
        for text in [
            "cram(3x3)",
            "chomp(3,2,2)",
            "digraph(a>b, b>a; a)",
            "wythoff(3,4)",
            "fibnim(8)",
            "corners(TTT/TTH)",
        ] {
            let none = report(text);
            assert!(!none.drawn && none.moves.is_empty(), "{text}");
            assert!(none.components.iter().all(|c| c.kind.is_none()), "{text}");
            assert_eq!(none.heap_rule, None, "{text}");
        }
        // One game without a board leaves the whole sum undrawn, the kinds still known.
        let sum = report("nim(3) + digraph(a>b; a)");
        assert_eq!(kinds(&sum), [Some(BoardKind::Heap), None]);
        assert!(!sum.drawn && sum.moves.is_empty());
        // So do heaps too long to draw, even huge ones whose moves could not be listed.
        for text in ["kayles(41)", "nim(3) + nim(10^18)"] {
            let long = report(text);
            assert!(!long.drawn && long.moves.is_empty(), "{text}");
        }
        assert!(report("kayles(40)").drawn);
        assert!(!report("0").drawn);
    }

    #[test]
    fn the_json_is_documented() {
        let json = serde_json::to_value(report("kayles(3) + nim(2) + turtles(THH)")).expect("json");
        assert_eq!(json["heap_rule"], "kayles");
        assert_eq!(
            json["components"][2],
            serde_json::json!({"index": 2, "spec": "turtles(THH)", "kind": "coins", "coins": "THH"})
        );
        assert_eq!(
            json["moves"][1],
            serde_json::json!({"component": 0, "to": "kayles(1,1)", "heaps": [1, 1]})
        );
        let none = serde_json::to_value(report("cram(2x2)")).expect("json");
        assert_eq!(none["components"][0]["kind"], serde_json::Value::Null);
        assert_eq!(none["heap_rule"], serde_json::Value::Null);
    }
}
