//! Tests of the board report: kinds by rule, moves in drawable terms, and agreement with the
//! moves reports.

use std::collections::BTreeSet;

use super::*;
use crate::analysis::partizan_play::Side;
use crate::game::Ruleset;
use crate::partizan::ComponentMove;
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
        "cram(2x3, oox/ooo/xoo) + chomp(3,2,2)",
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
    assert!(report("cram(8x8)").drawn && !report("cram(5x13)").drawn);
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
    let cram = serde_json::to_value(report("cram(1x3)")).expect("json");
    assert_eq!(
        cram["components"][0],
        serde_json::json!({"index": 0, "spec": "cram(1x3)", "kind": "dominoes", "cells": ["ooo"]})
    );
    assert_eq!(
        cram["moves"][0],
        serde_json::json!({"component": 0, "to": "cram(xxo)", "cells": ["xxo"]})
    );
    let none = serde_json::to_value(report("wythoff(2,3)")).expect("json");
    assert_eq!(none["components"][0]["kind"], serde_json::Value::Null);
    assert_eq!(none["heap_rule"], serde_json::Value::Null);
}

/// A board of squares from its rows, as the page's clicks make it.
fn rows(text: &str) -> Vec<String> {
    text.split('/').map(str::to_string).collect()
}

/// The squares each move of `component` leaves, rows joined by `/`.
fn cells_after(report: &BoardReport, component: usize) -> BTreeSet<String> {
    let moves = report.moves.iter().filter(|m| m.component == component);
    moves
        .map(|m| m.cells.as_ref().expect("cells").join("/"))
        .collect()
}

#[test]
fn a_domino_covers_two_neighbours_whatever_regions_it_leaves() {
    let cram = report("cram(2x3)");
    assert_eq!(kinds(&cram), [Some(BoardKind::Dominoes)]);
    assert_eq!(cram.components[0].cells, Some(rows("ooo/ooo")));
    // Seven dominoes; the one in column 2 splits the board in two regions, drawn together.
    let expected: BTreeSet<String> = [
        "xxo/ooo", "oxx/ooo", "ooo/xxo", "ooo/oxx", "xoo/xoo", "oxo/oxo", "oox/oox",
    ]
    .map(str::to_string)
    .into();
    assert_eq!(cells_after(&cram, 0), expected);
    // Filled squares stay filled; every move covers exactly two empty neighbours.
    let holed = report("cram(oxoo/oooo/xoox)");
    let before = holed.components[0].cells.clone().expect("cells").join("/");
    assert_eq!(before, "oxoo/oooo/xoox");
    for after in cells_after(&holed, 0) {
        let covered: Vec<usize> = (0..before.len())
            .filter(|&i| before.as_bytes()[i] != after.as_bytes()[i])
            .collect();
        assert!(
            covered.iter().all(|&i| before.as_bytes()[i] == b'o'),
            "{after}"
        );
        let [a, b] = covered[..] else {
            panic!("{after} covers {covered:?}")
        };
        // Neighbours in a row (same row, next column) or a column (width 4 plus the '/').
        assert!(b - a == 1 || b - a == 5, "{after}");
    }
}

#[test]
fn a_chomp_takes_a_square_and_all_below_and_right() {
    let chomp = report("chomp(3,2,2)");
    assert_eq!(kinds(&chomp), [Some(BoardKind::Chomp)]);
    assert_eq!(chomp.components[0].cells, Some(rows("ooo/oox/oox")));
    let expected: BTreeSet<String> = [
        "oxx/oxx/oxx",
        "oox/oox/oox",
        "ooo/xxx/xxx",
        "ooo/oxx/oxx",
        "ooo/oox/xxx",
        "ooo/oox/oxx",
    ]
    .map(str::to_string)
    .into();
    assert_eq!(cells_after(&chomp, 0), expected);
}

/// The partizan sum `text` and its board report, which must draw every component.
fn drawn_partizan(text: &str) -> (crate::partizan::PartizanSum, BoardReport) {
    let sum = spec::parse_partizan_sum(text, Default::default()).expect("a partizan sum");
    let report = partizan_board(&sum).expect("a board");
    assert!(report.drawn, "{text}");
    (sum, report)
}

/// The moves of `side` that `report` (of the sum `text`) draws in component `index`, checked to
/// be the moves the sum lists there (`listed`).
fn drawn_moves<'a>(
    report: &'a BoardReport,
    index: usize,
    side: Side,
    listed: &[ComponentMove],
    text: &str,
) -> Vec<&'a BoardMove> {
    let drawn: Vec<&BoardMove> = report
        .moves
        .iter()
        .filter(|m| m.component == index && m.side == Some(side))
        .collect();
    let listed: BTreeSet<&str> = listed.iter().map(|m| m.text.as_str()).collect();
    let shown: BTreeSet<&str> = drawn.iter().map(|m| m.to.as_str()).collect();
    assert_eq!(shown, listed, "{text} {side:?}");
    drawn
}

/// The board report of the partizan sum `text` as JSON.
fn partizan_json(text: &str) -> serde_json::Value {
    let sum = spec::parse_partizan_sum(text, Default::default()).expect("a partizan sum");
    serde_json::to_value(partizan_board(&sum).expect("a board")).expect("json")
}

/// JSON text as a value.
fn json(text: &str) -> serde_json::Value {
    serde_json::from_str(text).expect("json")
}

/// Toads and Frogs, Clobber and Cutcake: every move of each player is on the board with what to
/// click (each click sequence or cut line making one move), and every drawn move is listed.
#[test]
fn pieces_and_cake_are_drawn_with_their_clicks() {
    for text in [
        "toads(tt..ff)",
        "toads(t.tf.f)",
        "clobber(XO.X/OX..)",
        "clobber(XOXO)",
        "cutcake(3x4)",
        "cutcake(2x3) + toads(t.f) + clobber(XO/OX)",
    ] {
        let (sum, report) = drawn_partizan(text);
        for (index, term) in sum.components.iter().enumerate() {
            let component = &report.components[index];
            let (cells, owners) = (component.cells.as_ref(), component.owners.as_ref());
            let (cells, owners) = (cells.expect("cells"), owners.expect("owners"));
            let shape = |rows: &[String]| rows.iter().map(String::len).collect::<Vec<_>>();
            assert_eq!(shape(cells), shape(owners), "{text}");
            let owner = |[r, c]: [usize; 2]| owners[r].as_bytes()[c];
            for (side, listed) in [(Side::Left, &term.left), (Side::Right, &term.right)] {
                let drawn = drawn_moves(&report, index, side, listed, text);
                let targets: BTreeSet<String> = drawn
                    .iter()
                    .map(|m| format!("{:?} {:?}", m.clicks, m.line))
                    .collect();
                assert_eq!(targets.len(), drawn.len(), "{text}: one move a click");
                let (mine, theirs) = if side == Side::Left {
                    (b'l', b'r')
                } else {
                    (b'r', b'l')
                };
                for m in drawn {
                    match (&m.clicks, &m.line) {
                        (Some(clicks), None) => {
                            assert_eq!(owner(clicks[0]), mine, "{text}: {m:?}");
                            if let [from, to] = clicks[..] {
                                assert_eq!(owner(to), theirs, "{text}: {m:?}");
                                assert_eq!(from[0].abs_diff(to[0]) + from[1].abs_diff(to[1]), 1);
                            }
                        }
                        (None, Some([a, b])) => {
                            // Left's cuts are vertical, Right's horizontal.
                            assert_eq!(
                                a[usize::from(side == Side::Left)],
                                b[usize::from(side == Side::Left)]
                            );
                        }
                        other => panic!("{text}: {other:?}"),
                    }
                }
            }
        }
    }
}

/// The examples in `pieces.rs`'s documentation are what the report says.
#[test]
fn pieces_json_is_documented() {
    let toads = partizan_json("toads(t.f)");
    let expected = json(
        r#"{"index": 0, "spec": "toads(t.f)", "kind": "toads", "cells": ["t.f"], "owners": ["l.r"]}"#,
    );
    assert_eq!(toads["components"][0], expected);
    let expected =
        json(r#"{"component": 0, "to": "toads(.tf)", "side": "left", "clicks": [[0, 0]]}"#);
    assert_eq!(toads["moves"][0], expected);
    let cake = partizan_json("cutcake(1x2)");
    let expected = json(
        r#"{"component": 0, "to": "cutcake(1x1) + cutcake(1x1)", "side": "right", "line": [[1, 0], [1, 1]]}"#,
    );
    assert_eq!(cake["moves"][0], expected);
}

/// Col and Snort: every vertex drawn with its paint, every listed move of each player a click on
/// one unpainted vertex, and the paint the move leaves there is the mover's.
#[test]
fn col_and_snort_paint_a_clicked_vertex() {
    for text in [
        "col(1-2, 2-3)",
        "col(1-2, 2-3; 2=l)",
        "snort(a-b, b-c, c-a, c-d; d=r)",
        "snort(1-2) + col(1-2, 3-4; 4=r)",
    ] {
        let (sum, report) = drawn_partizan(text);
        for (index, term) in sum.components.iter().enumerate() {
            let component = &report.components[index];
            assert!(matches!(
                component.kind,
                Some(BoardKind::Col | BoardKind::Snort)
            ));
            let vertices = component.vertices.as_ref().expect("vertices");
            let edges = component.edges.as_ref().expect("edges");
            assert!(edges
                .iter()
                .all(|e| e.colour.is_none() && e.ends[0] < vertices.len()));
            for (side, listed) in [(Side::Left, &term.left), (Side::Right, &term.right)] {
                let drawn = drawn_moves(&report, index, side, listed, text);
                let painted: BTreeSet<usize> =
                    drawn.iter().map(|m| m.paint.expect("paint")).collect();
                assert_eq!(painted.len(), drawn.len(), "{text}: one move a vertex");
                let mine = if side == Side::Left { 'l' } else { 'r' };
                for m in drawn {
                    let v = m.paint.expect("paint");
                    assert_eq!(vertices[v].paint, Some('.'), "{text}: {m:?}");
                    // The position the move leaves has the vertex painted the mover's colour.
                    let after = spec::parse_partizan_sum(&m.to, Default::default()).expect("to");
                    let after = partizan_board(&after).expect("a board");
                    let now = after.components[0].vertices.as_ref().expect("vertices");
                    assert_eq!(now[v].name, vertices[v].name);
                    assert_eq!(now[v].paint, Some(mine), "{text}: {m:?}");
                }
            }
        }
    }
}

/// The example in `colouring.rs`'s documentation is what the report says.
#[test]
fn colouring_json_is_documented() {
    let col = partizan_json("col(1-2)");
    let expected = json(
        r#"{"index": 0, "spec": "col(1-2)", "kind": "col",
            "vertices": [{"name": "1", "height": 0, "paint": "."}, {"name": "2", "height": 1, "paint": "."}],
            "edges": [{"index": 0, "ends": [0, 1]}]}"#,
    );
    assert_eq!(col["components"][0], expected);
    let expected = json(r#"{"component": 0, "to": "col(1-2; 1=l)", "side": "left", "paint": 0}"#);
    assert_eq!(col["moves"][0], expected);
}
