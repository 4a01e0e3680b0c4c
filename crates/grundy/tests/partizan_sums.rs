//! Partizan sums through the front door (`ask::partizan_value`, `ask::value_of`): the outcome
//! class and every winning move for Left and for Right, against a minimax search over the
//! sum's positions written from the rules (Domineering, Hackenbush strings, Toads and Frogs on
//! text, sharing no code with the library); the work limit and the cancel flag of the
//! rulesets' solver.

#![allow(clippy::unwrap_used)]

mod xorshift;

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};

use grundy::ask::{self, ValueAnswer};
use grundy::partizan::games::{Domineering, Grid, PartizanSolver};
use grundy::partizan::Games;
use grundy::{spec, Cancel, ErrorKind, Limit, Limits, Play};
use xorshift::Random;

/// One term of a sum, as the rules state them.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
enum Term {
    /// Rows of `o` (empty) and `x`; Left places vertical dominoes.
    Domineering(Vec<Vec<u8>>),
    /// Edges from the ground up: `l` Left's, `r` Right's, `e` either's.
    Hackenbush(Vec<u8>),
    /// Squares: `t` Left's toads moving right, `f` Right's frogs moving left, `.` empty.
    Toads(Vec<u8>),
}

impl Term {
    fn text(&self) -> String {
        match self {
            Term::Domineering(rows) => {
                let rows: Vec<String> = rows
                    .iter()
                    .map(|row| String::from_utf8(row.clone()).unwrap())
                    .collect();
                format!("domineering({})", rows.join("/"))
            }
            Term::Hackenbush(edges) => format!("hackenbush({})", String::from_utf8_lossy(edges)),
            Term::Toads(squares) => format!("toads({})", String::from_utf8_lossy(squares)),
        }
    }

    fn moves(&self, left: bool) -> Vec<Term> {
        let mut found = Vec::new();
        match self {
            Term::Domineering(rows) => {
                let (dr, dc) = if left { (1, 0) } else { (0, 1) };
                for r in 0..rows.len() {
                    for c in 0..rows[r].len() {
                        let (r2, c2) = (r + dr, c + dc);
                        if r2 < rows.len()
                            && c2 < rows[r].len()
                            && rows[r][c] == b'o'
                            && rows[r2][c2] == b'o'
                        {
                            let mut next = rows.clone();
                            next[r][c] = b'x';
                            next[r2][c2] = b'x';
                            found.push(Term::Domineering(next));
                        }
                    }
                }
            }
            Term::Hackenbush(edges) => {
                let mine = if left { b'l' } else { b'r' };
                for (i, &edge) in edges.iter().enumerate() {
                    if edge == mine || edge == b'e' {
                        found.push(Term::Hackenbush(edges[..i].to_vec()));
                    }
                }
            }
            Term::Toads(squares) => {
                let (mover, other) = if left { (b't', b'f') } else { (b'f', b't') };
                let n = squares.len() as isize;
                let step: isize = if left { 1 } else { -1 };
                for i in 0..n {
                    if squares[i as usize] != mover {
                        continue;
                    }
                    let (one, two) = (i + step, i + 2 * step);
                    let target = if (0..n).contains(&one) && squares[one as usize] == b'.' {
                        Some(one)
                    } else if (0..n).contains(&two)
                        && squares[one as usize] == other
                        && squares[two as usize] == b'.'
                    {
                        Some(two)
                    } else {
                        None
                    };
                    if let Some(target) = target {
                        let mut next = squares.clone();
                        next.swap(i as usize, target as usize);
                        found.push(Term::Toads(next));
                    }
                }
            }
        }
        found
    }
}

/// Whether the player (`left`) moving first from `sum` wins, by minimax.
fn wins(sum: &[Term], left: bool, memo: &mut HashMap<(Vec<Term>, bool), bool>) -> bool {
    if let Some(&known) = memo.get(&(sum.to_vec(), left)) {
        return known;
    }
    let mut won = false;
    'search: for (i, term) in sum.iter().enumerate() {
        for next in term.moves(left) {
            let mut after = sum.to_vec();
            after[i] = next;
            if !wins(&after, !left, memo) {
                won = true;
                break 'search;
            }
        }
    }
    memo.insert((sum.to_vec(), left), won);
    won
}

/// The results (the whole sum as text) of every move of `left` that wins, by minimax.
fn winning_results(
    sum: &[Term],
    left: bool,
    memo: &mut HashMap<(Vec<Term>, bool), bool>,
) -> Vec<String> {
    let mut found = Vec::new();
    for (i, term) in sum.iter().enumerate() {
        for next in term.moves(left) {
            let mut after = sum.to_vec();
            after[i] = next;
            if !wins(&after, !left, memo) {
                found.push(text(&after));
            }
        }
    }
    found.sort();
    found
}

fn text(sum: &[Term]) -> String {
    let texts: Vec<String> = sum.iter().map(Term::text).collect();
    texts.join(" + ")
}

impl Random {
    fn letters(&mut self, letters: &[u8], length: u64) -> Vec<u8> {
        (0..length)
            .map(|_| letters[self.below(letters.len() as u64) as usize])
            .collect()
    }

    fn term(&mut self) -> Term {
        match self.below(3) {
            0 => {
                let (rows, cols) = (1 + self.below(3), 1 + self.below(3));
                Term::Domineering((0..rows).map(|_| self.letters(b"ooox", cols)).collect())
            }
            1 => {
                let length = self.below(5);
                Term::Hackenbush(self.letters(b"lre", length))
            }
            _ => {
                let length = 1 + self.below(6);
                Term::Toads(self.letters(b"tf..", length))
            }
        }
    }
}

#[test]
fn sums_have_the_outcome_and_winning_moves_of_minimax() {
    let mut random = Random(0x9e37_79b9_7f4a_7c15);
    let mut memo = HashMap::new();
    let mut listed = 0;
    for _ in 0..250 {
        let terms = 1 + random.below(3) as usize;
        let sum: Vec<Term> = (0..terms).map(|_| random.term()).collect();
        let spec = text(&sum);
        let report = ask::partizan_value(&spec).unwrap();
        let (left, right) = (wins(&sum, true, &mut memo), wins(&sum, false, &mut memo));
        let outcome = match (left, right) {
            (true, true) => "N",
            (true, false) => "L",
            (false, true) => "R",
            (false, false) => "P",
        };
        assert_eq!(report.head.outcome, outcome, "{spec}");
        for (is_left, moves) in [
            (true, &report.left_winning_moves),
            (false, &report.right_winning_moves),
        ] {
            let mut results: Vec<String> = moves.iter().map(|m| m.result.clone()).collect();
            results.sort();
            assert_eq!(
                results,
                winning_results(&sum, is_left, &mut memo),
                "{spec}, left {is_left}"
            );
            listed += results.len();
            // Each move's value is the value of the game it leaves.
            for entry in moves.iter() {
                let after = ask::partizan_value(&entry.result).unwrap();
                assert_eq!(after.head.canonical, entry.value, "{}", entry.result);
                assert_eq!(after.head.route, "canonical");
            }
        }
    }
    assert!(listed > 100, "too few winning moves checked: {listed}");
}

#[test]
fn value_terms_move_to_their_canonical_options() {
    let report = ask::partizan_value("{3|1} - {2|-5}").unwrap();
    let left: Vec<&str> = report
        .left_winning_moves
        .iter()
        .map(|m| m.result.as_str())
        .collect();
    // Left moves {3|1} to 3 (leaving 3 - {2|-5} = {8|1}), or -{2|-5} = {5|-2} to 5.
    assert_eq!(left, ["3 + -({2|-5})", "{3|1} + 5"]);
    assert_eq!(report.head.outcome, "L");
}

#[test]
fn the_front_door_reads_impartial_and_partizan_specs() {
    let settings = ask::Settings::default();
    for (text, kind) in [
        ("nim(3,4,5)", "normal"),
        ("*2 + *3", "normal"),
        ("{1|0} + ^ + *2", "partizan"),
        ("0 + domineering(3x3)", "partizan"),
    ] {
        let mut game = spec::parse_any_with(text, spec::Options::default()).unwrap();
        let answer = ask::value_of(&mut game, Play::Normal, &settings).unwrap();
        let json = serde_json::to_value(&answer).unwrap();
        assert_eq!(json["kind"], kind, "{text}");
    }
    // The nimbers the two grammars share mean the same game.
    let nimbers = ask::partizan_value("*2 + *3").unwrap();
    assert_eq!(nimbers.head.canonical.as_deref(), Some("*"));
    let mut game = spec::parse_any_with("{1|0}", spec::Options::default()).unwrap();
    let error = ask::value_of(&mut game, Play::Misere, &settings).unwrap_err();
    assert!(matches!(error.kind(), ErrorKind::Unsupported { .. }));
    // The error of the reading that got further.
    for (text, at) in [
        ("nim(3,", 6),
        ("0.8(3)", 0),
        ("{1|0", 4),
        ("domineering(3x", 14),
        ("kayles(3) + {1|", 15),
        ("kayls(3) + {1|0}", 0),
    ] {
        let error = spec::parse_any_with(text, spec::Options::default()).unwrap_err();
        assert_eq!(error.span().map(|span| span.start), Some(at), "{text}");
    }
    let answer = ask::value_of(
        &mut spec::parse_any_with("{1|0}", spec::Options::default()).unwrap(),
        Play::Normal,
        &settings,
    )
    .unwrap();
    assert!(matches!(answer, ValueAnswer::Partizan(_)));
    assert_eq!(answer.outcome(), "N");
}

#[test]
fn the_solver_stops_at_its_work_limit_and_when_cancelled() {
    let board = Grid::rectangle(4, 4).unwrap();
    let limits = Limits::DEFAULT.with_max_work(500);
    let error = PartizanSolver::with_limits(Domineering, limits)
        .value(&mut Games::new(), &board)
        .unwrap_err();
    assert_eq!(error.exceeded(), Some((Limit::Work, 500)), "{error}");
    // Enough work: the same value as the unbounded solver.
    let mut games = Games::new();
    let mut solver = PartizanSolver::new(Domineering);
    let expected = solver.value(&mut games, &board).unwrap();
    let limits = Limits::DEFAULT.with_max_work(solver.work());
    let mut bounded = PartizanSolver::with_limits(Domineering, limits);
    assert_eq!(bounded.value(&mut games, &board).unwrap(), expected);

    static FLAG: AtomicBool = AtomicBool::new(false);
    FLAG.store(true, Ordering::Relaxed);
    let cancelled = Limits::DEFAULT.with_cancel(Cancel::new(&FLAG));
    let error = PartizanSolver::with_limits(Domineering, cancelled)
        .value(&mut Games::new(), &board)
        .unwrap_err();
    assert!(matches!(error.kind(), ErrorKind::Cancelled));

    // Through the spec, the work of every term counts against one limit: enough for one
    // 3 x 4 board is too little for three.
    let mut one = PartizanSolver::new(Domineering);
    one.value(&mut Games::new(), &Grid::rectangle(3, 4).unwrap())
        .unwrap();
    let options = spec::Options::new(Limits::DEFAULT.with_max_work(one.work()));
    assert!(spec::parse_partizan_sum("domineering(3x4)", options).is_ok());
    // The terms too large are kept as positions, for the outcome search.
    let three = spec::parse_partizan_sum(
        "domineering(3x4) + domineering(4x3) + domineering(3x4)",
        options,
    )
    .unwrap();
    assert!(three.value.is_none());
    assert!(three.components.iter().any(|c| c.value.is_none()));
    // A term too large inside an expression is refused, as the limit.
    let error = spec::parse_partizan_sum("-(domineering(5x5))", options).unwrap_err();
    assert_eq!(
        error.exceeded().map(|(limit, _)| limit),
        Some(Limit::Work),
        "{error}"
    );
}

/// `--max-positions` bounds every partizan solver of a spec, and raising it is what its hint
/// says: no fixed cap of the reader's own stands in the way (graphs included).
#[test]
fn the_position_limit_is_the_users() {
    let options =
        |max_positions| spec::Options::new(Limits::DEFAULT.with_max_positions(max_positions));
    for text in [
        "col(path(12))",
        "hackenbush(g-a:e, a-b:l, b-c:r, c-g:e; ground=g)",
        "domineering(3x4)",
    ] {
        // Too large to value: kept as a position, and the search stops at the same limit.
        let mut sum = spec::parse_partizan_sum(text, options(3)).unwrap();
        assert!(sum.value.is_none(), "{text}");
        let limits = Limits::DEFAULT.with_max_positions(3);
        let error = grundy::analysis::partizan::report(&mut sum, text, limits).unwrap_err();
        assert!(error.is_limit(), "{text}: {error}");
        assert!(
            spec::parse_partizan_sum(text, options(1 << 21)).is_ok(),
            "{text}"
        );
    }
}

/// The outcome search against minimax, on the random sums above: with every part it meets
/// valued where small (the default), and with none valued (every position searched by its
/// moves); and through the reports, a sum forced onto the search's route (its value dropped)
/// has the outcome and the winning moves of minimax.
#[test]
fn the_outcome_search_agrees_with_minimax() {
    use grundy::partizan::search::{OutcomeSearch, Term as SearchTerm};
    let mut random = Random(0x2545_f491_4f6c_dd1d);
    let mut memo = HashMap::new();
    for round in 0..120 {
        let terms = 1 + random.below(3) as usize;
        let sum: Vec<Term> = (0..terms).map(|_| random.term()).collect();
        let spec = text(&sum);
        let expected = match (wins(&sum, true, &mut memo), wins(&sum, false, &mut memo)) {
            (true, true) => "N",
            (true, false) => "L",
            (false, true) => "R",
            (false, false) => "P",
        };
        let mut parsed = spec::parse_partizan_sum(&spec, spec::Options::default()).unwrap();
        let positions: Vec<SearchTerm> = parsed
            .components
            .iter()
            .map(|c| SearchTerm::Position(c.position.clone().unwrap()))
            .collect();
        for part_work in [0, grundy::partizan::search::PART_WORK] {
            for plain in [false, true] {
                let search = OutcomeSearch::new(&mut parsed.games, Limits::DEFAULT)
                    .with_part_work(part_work);
                let mut search = if plain { search.plain() } else { search };
                let outcome = search.outcome(&positions).unwrap();
                assert_eq!(
                    outcome.letter(),
                    expected,
                    "{spec}, part work {part_work}, plain {plain}"
                );
            }
        }
        if round % 2 == 0 {
            // Half the sums: the components' values kept, the sum's dropped.
            parsed.value = None;
        } else {
            for component in &mut parsed.components {
                component.value = None;
                for option in component.left.iter_mut().chain(component.right.iter_mut()) {
                    option.value = None;
                }
            }
            parsed.value = None;
        }
        let report =
            grundy::analysis::partizan::report(&mut parsed, &spec, Limits::DEFAULT).unwrap();
        assert_eq!(report.head.route, "outcome search");
        assert_eq!(
            (report.head.outcome, report.head.canonical.as_deref()),
            (expected, None)
        );
        for (is_left, moves) in [
            (true, &report.left_winning_moves),
            (false, &report.right_winning_moves),
        ] {
            let mut results: Vec<String> = moves.iter().map(|m| m.result.clone()).collect();
            results.sort();
            results.dedup();
            let mut minimax = winning_results(&sum, is_left, &mut memo);
            minimax.dedup();
            assert_eq!(results, minimax, "{spec}, left {is_left}");
        }
    }
}

/// Games whose canonical form the work limit refuses, answered by the outcome search within
/// the same limit: the outcome that the canonical form gives with more work.
#[test]
fn the_search_answers_what_the_canonical_route_refuses() {
    for (text, max_work) in [
        ("clobber(XOXO/OXOX/XOXO)", 20_000),
        ("domineering(4x5) + domineering(5x4)", 40_000),
    ] {
        let options = spec::Options::new(Limits::DEFAULT.with_max_work(max_work));
        let mut game = spec::parse_any_with(text, options).unwrap();
        let settings = ask::Settings::with_limits(options.limits);
        let answer = ask::value_of(&mut game, Play::Normal, &settings).unwrap();
        let ValueAnswer::Partizan(report) = &answer else {
            panic!("a partizan game")
        };
        assert_eq!(report.head.route, "outcome search", "{text}");
        let json = serde_json::to_value(&answer).unwrap();
        assert_eq!(json["route"], "outcome search");
        assert!(json["canonical"].is_null());
        let canonical = ask::partizan_value(text).unwrap();
        assert_eq!(canonical.head.route, "canonical");
        assert_eq!(report.head.outcome, canonical.head.outcome, "{text}");
        let winning = |moves: &[grundy::analysis::partizan::PartizanMove]| {
            moves.iter().map(|m| m.result.clone()).collect::<Vec<_>>()
        };
        assert_eq!(
            winning(&report.left_winning_moves),
            winning(&canonical.left_winning_moves),
            "{text}"
        );
        assert_eq!(
            winning(&report.right_winning_moves),
            winning(&canonical.right_winning_moves),
            "{text}"
        );
    }
}

/// An impartial game in a partizan sum is worth the nimber of its Grundy value, and moves by
/// its own rules, the same moves for both players: every move's result reads back with the
/// value listed, and the outcome is that of the sum with the nimber written out.
#[test]
fn impartial_terms_join_partizan_sums_as_nimbers() {
    for (mixed, with_nimbers) in [
        ("kayles(5) + domineering(2x3)", "*4 + domineering(2x3)"),
        ("nim(1,2) + {1|0}", "*3 + {1|0}"),
        ("dawson(6) + hackenbush(lr) + ^", "*3 + hackenbush(lr) + ^"),
        ("nodekayles(path(3)) + toads(t.f)", "*2 + toads(t.f)"),
    ] {
        let report = ask::partizan_value(mixed).unwrap();
        let expected = ask::partizan_value(with_nimbers).unwrap();
        assert_eq!(report.head.canonical, expected.head.canonical, "{mixed}");
        assert_eq!(report.head.outcome, expected.head.outcome, "{mixed}");
        let mut game = spec::parse_any_with(mixed, spec::Options::default()).unwrap();
        let moves = ask::moves_of(&mut game, Play::Normal, &ask::Settings::default()).unwrap();
        let ask::MovesAnswer::Partizan(moves) = moves else {
            panic!("a partizan game")
        };
        let first = |list: &[grundy::analysis::partizan_play::PartizanOption]| {
            list.iter()
                .filter(|m| m.component == 0)
                .map(|m| m.to.clone())
                .collect::<Vec<_>>()
        };
        // The impartial term's moves are the same for Left and Right, and there are some.
        assert_eq!(
            first(&moves.left_moves),
            first(&moves.right_moves),
            "{mixed}"
        );
        assert!(!first(&moves.left_moves).is_empty(), "{mixed}");
        for entry in moves.left_moves.iter().chain(&moves.right_moves) {
            let after = ask::partizan_value(&entry.result).unwrap();
            assert_eq!(after.head.canonical, entry.value, "{}", entry.result);
        }
    }
}

/// What the outcome search's guides (hottest values first, best options first, stop bounds)
/// save: the work (states searched, parts valued) of the guided and the plain search on a few
/// sums, deterministic; both give the outcome of the sum's canonical form. The figures are in
/// docs/partizan-play.md (`cargo test -p grundy --test partizan_sums guides -- --nocapture`).
#[test]
fn the_outcome_search_guides_save_work() {
    use grundy::partizan::search::{OutcomeSearch, Term as SearchTerm};
    let (mut guided_total, mut plain_total) = (0, 0);
    for text in [
        "{3|-1} + {2|-2} + {1|-3} + {5/2|-1/2} + ^ + *2 + {1|0} + -1/4",
        "domineering(3x3) + domineering(2x3) + toads(tt.ff) + clobber(XOXO) + {3|-1} + {2|-2}",
        "cutcake(3x4) + cutcake(2x5) + domineering(2x4) + {1|-1} + {2|-2} + {3|-3} - 1/2",
        "hackenbush(lrrl) + hackenbush(rlle) + toads(t.tf.f) + clobber(XOX/OXO) + {4|1} + {-1|-4}",
    ] {
        let mut parsed = spec::parse_partizan_sum(text, spec::Options::default()).unwrap();
        let value = parsed.canonical().unwrap();
        let expected = parsed.games.outcome(value).unwrap();
        let terms: Vec<SearchTerm> = parsed
            .components
            .iter()
            .map(|c| match &c.position {
                Some(position) => SearchTerm::Position(position.clone()),
                None => SearchTerm::Value(c.value.unwrap()),
            })
            .collect();
        let mut work = [0; 2];
        for (plain, done) in [false, true].into_iter().zip(&mut work) {
            let search = OutcomeSearch::new(&mut parsed.games, Limits::DEFAULT);
            let mut search = if plain { search.plain() } else { search };
            let outcome = search.outcome(&terms).unwrap();
            assert_eq!(outcome, expected, "{text}, plain {plain}");
            *done = search.work();
        }
        eprintln!("{text}: guided {} plain {}", work[0], work[1]);
        guided_total += work[0];
        plain_total += work[1];
    }
    eprintln!("total: guided {guided_total} plain {plain_total}");
    assert!(guided_total < plain_total, "{guided_total} {plain_total}");
}
