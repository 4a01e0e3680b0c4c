//! `grundy play --as left|right` and `grundy moves` on partizan games, with scripted standard
//! input. The theory is checked by the test's own minimax from the rules (Domineering boards
//! and Hackenbush strings read off the screen): whenever the computer is to move in a position
//! it wins moving first, it must end up winning, and every move `moves` marks winning must win.

mod harness;
#[path = "../../grundy/tests/xorshift/mod.rs"]
mod xorshift;

use std::collections::HashMap;

use harness::{assert_contains, assert_ends_with, grundy_with_input, json, refused};
use xorshift::Random;

/// A position of the games the oracle knows: a Domineering board (rows of squares, `true`
/// empty) or a Hackenbush string (`l`, `r`, `e` from the ground).
#[derive(Clone, PartialEq, Eq, Hash)]
enum Board {
    Domineering(Vec<Vec<bool>>),
    String(Vec<u8>),
}

/// Reads `domineering(oxo/oxo)` or `hackenbush(lre)` (one term only).
fn board(text: &str) -> Option<Board> {
    let inner = |name: &str| {
        text.strip_prefix(name)
            .and_then(|rest| rest.strip_prefix('('))
            .and_then(|rest| rest.strip_suffix(')'))
    };
    if let Some(rows) = inner("domineering") {
        assert!(
            rows.chars().all(|c| "ox/".contains(c)),
            "rows of o and x: {text}"
        );
        return Some(Board::Domineering(
            rows.split('/')
                .map(|row| row.chars().map(|c| c == 'o').collect())
                .collect(),
        ));
    }
    inner("hackenbush").map(|letters| Board::String(letters.as_bytes().to_vec()))
}

/// The positions `left` (or Right) moves to, from the rules.
fn options(position: &Board, left: bool) -> Vec<Board> {
    let mut found = Vec::new();
    match position {
        Board::Domineering(rows) => {
            for r in 0..rows.len() {
                for c in 0..rows[r].len() {
                    let (r2, c2) = if left { (r + 1, c) } else { (r, c + 1) };
                    let empty =
                        |r: usize, c: usize| rows.get(r).and_then(|row| row.get(c)) == Some(&true);
                    if empty(r, c) && empty(r2, c2) {
                        let mut next = rows.clone();
                        next[r][c] = false;
                        next[r2][c2] = false;
                        found.push(Board::Domineering(next));
                    }
                }
            }
        }
        Board::String(letters) => {
            for (i, &letter) in letters.iter().enumerate() {
                if letter == b'e' || letter == if left { b'l' } else { b'r' } {
                    found.push(Board::String(letters[..i].to_vec()));
                }
            }
        }
    }
    found
}

/// Whether the player to move (`left` or Right) wins, by minimax.
fn mover_wins(position: &Board, left: bool, memo: &mut HashMap<(Board, bool), bool>) -> bool {
    if let Some(&known) = memo.get(&(position.clone(), left)) {
        return known;
    }
    let wins = options(position, left)
        .iter()
        .any(|next| !mover_wins(next, !left, memo));
    memo.insert((position.clone(), left), wins);
    wins
}

/// The computer never lets a win go: random games from the player's side (typed moves by
/// number, some out of range), checked against the oracle.
#[test]
fn the_computer_wins_every_position_it_can() {
    let mut memo = HashMap::new();
    let mut random = Random(7);
    let starts = [
        "domineering(ooo/ooo/ooo)",
        "domineering(oxo/ooo/ooo)",
        "domineering(oooo/oooo)",
        "hackenbush(lrelr)",
        "hackenbush(erlle)",
    ];
    for start in starts {
        for (side, first) in [
            ("left", "me"),
            ("right", "me"),
            ("left", "computer"),
            ("right", "computer"),
        ] {
            let typed: String = (0..40)
                .map(|_| format!("{}\n", 1 + random.below(5)))
                .collect();
            let run = grundy_with_input(&["play", start, "--as", side, "--first", first], &typed);
            assert_eq!(run.code, Some(0), "{}", run.stderr);
            let lines: Vec<&str> = run.stdout.lines().collect();
            let computer_left = side == "right";
            let mut computer_could_win = false;
            for pair in lines.windows(2) {
                let (Some(position), true) = (
                    pair[0].strip_prefix("position: "),
                    pair[1].starts_with("computer ("),
                ) else {
                    continue;
                };
                let text = position.split("  (").next().unwrap_or(position);
                let position = board(text).unwrap_or_else(|| panic!("not a board: {text}"));
                computer_could_win |= mover_wins(&position, computer_left, &mut memo);
            }
            let last = lines.last().copied().unwrap_or_default();
            assert!(
                last.contains("no move left") || last.contains("gave the win away"),
                "{start} {side} {first}:\n{}",
                run.stdout
            );
            if computer_could_win {
                assert!(
                    run.stdout.contains("the computer wins"),
                    "{start} {side} {first}:\n{}",
                    run.stdout
                );
            }
            // A player who cannot move loses, and the line says who.
            let who_lost = if run.stdout.contains("You have no move left") {
                side
            } else if computer_left {
                "left"
            } else {
                "right"
            };
            let to_move = if who_lost == "left" {
                "(Left to move)"
            } else {
                "(Right to move)"
            };
            assert!(
                run.stdout.contains(to_move),
                "{start} {side} {first}:\n{}",
                run.stdout
            );
        }
    }
}

/// Playing the winning move each time wins; a move typed as what it leaves is accepted; a move
/// that is not one is refused and asked again.
#[test]
fn perfect_play_wins_and_moves_are_typed_as_text() {
    // 2 x 3 Domineering is {2|-1/2}: Left moving first wins by the middle column (worth 2).
    let run = grundy_with_input(
        &["play", "domineering(2x3)", "--as", "left"],
        "domineering(xxo/ooo)\nhint\ndomineering( oxo / oxo )\n1\n1\n1\n",
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let out = &run.stdout;
    assert_contains(
        out,
        &[
            "is not one of your moves",
            "hint: best move: 2. in domineering(2x3): to domineering(oxo/oxo)",
            "you:      in domineering(2x3): to domineering(oxo/oxo)",
        ],
    );
    assert_ends_with(
        out,
        "The computer has no move left (Right to move), and whoever cannot move loses: you win.\n",
    );
    // A sum: the move leaves the whole game.
    let run = grundy_with_input(
        &[
            "play",
            "hackenbush(lr) + {1|0}",
            "--as",
            "right",
            "--first",
            "computer",
        ],
        "1\n1\n1\n",
    );
    assert_contains(
        &run.stdout,
        &["computer (Left): in {1|0}: to 1  ->  hackenbush(lr) + 1"],
    );
    assert_contains(&run.stdout, &["the computer wins"]);
}

/// `--as` is for partizan games, and partizan games are played in normal play.
#[test]
fn sides_and_conventions_are_checked() {
    let error = refused(&["play", "nim(3)", "--as", "left"], 2);
    assert_contains(&error, &["--as picks Left or Right in a partizan game"]);
    let error = refused(&["play", "domineering(2x2)", "--misere"], 2);
    assert_contains(&error, &["normal play"]);
    let run = grundy_with_input(&["play", "domineering(2x2)"], "q\n");
    assert_contains(&run.stdout, &["You are Left"]);
}

/// `grundy moves` lists every move of both players, and a move wins exactly when the oracle
/// says the other player, to move after it, loses.
#[test]
fn moves_are_marked_winning_as_the_oracle_says() {
    let mut memo = HashMap::new();
    for start in [
        "domineering(ooo/ooo/ooo)",
        "domineering(oxo/ooo/oox)",
        "domineering(ooooo/ooooo)",
        "hackenbush(lrre)",
        "hackenbush(eelrl)",
    ] {
        let report = json(&["moves", start]);
        assert_eq!(report["kind"], "partizan");
        let position = board(start).unwrap();
        for (list, left) in [("left_moves", true), ("right_moves", false)] {
            let listed = report[list].as_array().unwrap();
            let mut expected: Vec<Board> = options(&position, left);
            expected.dedup();
            assert_eq!(listed.len(), expected.len(), "{start} {list}");
            for entry in listed {
                let after = board(entry["result"].as_str().unwrap()).unwrap();
                assert!(expected.contains(&after), "{start}: {entry}");
                let wins = !mover_wins(&after, !left, &mut memo);
                assert_eq!(entry["wins"], wins, "{start}: {entry}");
            }
        }
    }
}
