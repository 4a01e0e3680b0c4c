//! `grundy play` driven through a pseudo-terminal, as a person would use it.
//!
//! `script` (util-linux, part of every Debian and Ubuntu system) runs the binary on a
//! pseudo-terminal; this test reads the screen, waits for the `your move>` prompt and types
//! moves: random ones, perfect ones, descriptions and numbers. It checks the theory with its
//! own arithmetic (the nim-sum of the heaps on screen, Bouton's misère rule): whenever the
//! computer is to move in a position it can win, it must end up winning. Set GRUNDY_SKIP_PTY=1
//! only on a machine without `script`.

mod harness;
#[path = "../../grundy/tests/xorshift/mod.rs"]
mod xorshift;

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use harness::{assert_contains, assert_ends_with};
use xorshift::Random;

/// A screen's worth of the game: everything printed since the last prompt.
struct Turn<'a> {
    /// The listed moves: number and resulting heaps.
    moves: Vec<(usize, String, Vec<u64>)>,
    text: &'a str,
}

fn heaps_of(spec: &str) -> Vec<u64> {
    let spec = spec.trim();
    if spec == "0" {
        return Vec::new();
    }
    spec.trim_start_matches("nim(")
        .trim_end_matches(')')
        .split(',')
        .filter_map(|heap| heap.trim().parse().ok())
        .collect()
}

fn parse_turn(text: &str) -> Turn<'_> {
    let mut moves = Vec::new();
    for line in text.lines() {
        let trimmed = line.trim_start();
        if let Some((number, rest)) = trimmed.split_once(". in ") {
            if let (Ok(number), Some((description, result))) =
                (number.parse::<usize>(), rest.split_once("  ->  "))
            {
                let description = description
                    .split_once(": ")
                    .map_or(description, |(_, d)| d)
                    .to_string();
                moves.push((number, description, heaps_of(result)));
            }
        }
    }
    Turn { moves, text }
}

fn nim_sum(heaps: &[u64]) -> u64 {
    heaps.iter().fold(0, |sum, heap| sum ^ heap)
}

/// Bouton's rule for misère Nim, written out again here: the player to move wins iff the
/// nim-sum is nonzero while some heap is 2 or more, or it is zero when all heaps are 0 or 1.
fn misere_next_wins(heaps: &[u64]) -> bool {
    if heaps.iter().any(|&heap| heap >= 2) {
        nim_sum(heaps) != 0
    } else {
        nim_sum(heaps) == 0
    }
}

/// Runs `grundy play ARGS` on a pseudo-terminal; `answer` is called at each prompt and
/// returns the line to type. Returns the whole transcript, without carriage returns.
fn session(args: &str, mut answer: impl FnMut(&Turn<'_>) -> String) -> String {
    let binary = env!("CARGO_BIN_EXE_grundy");
    let command = format!("{binary} play {args}");
    let spawned = Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match spawned {
        Ok(child) => child,
        Err(error) => panic!("cannot run `script` for a pseudo-terminal: {error}"),
    };
    let mut stdout = child.stdout.take().expect("piped stdout");
    let mut stdin = child.stdin.take().expect("piped stdin");
    let (sender, receiver) = mpsc::channel::<Vec<u8>>();
    thread::spawn(move || {
        let mut buffer = [0u8; 4096];
        while let Ok(read) = stdout.read(&mut buffer) {
            if read == 0 || sender.send(buffer[..read].to_vec()).is_err() {
                break;
            }
        }
    });
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut transcript = String::new();
    let mut since_prompt = 0;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match receiver.recv_timeout(left) {
            Ok(bytes) => transcript.push_str(&String::from_utf8_lossy(&bytes).replace('\r', "")),
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                let _ = child.kill();
                panic!("no answer within a minute; the transcript so far:\n{transcript}");
            }
        }
        if transcript.ends_with("your move> ") {
            let turn = parse_turn(&transcript[since_prompt..]);
            let line = answer(&turn);
            since_prompt = transcript.len();
            stdin
                .write_all(format!("{line}\n").as_bytes())
                .expect("typing into the game");
        }
    }
    let status = child.wait().expect("the game ends");
    assert!(status.success(), "exit status {status}:\n{transcript}");
    transcript
}

fn skip() -> bool {
    std::env::var_os("GRUNDY_SKIP_PTY").is_some()
}

/// The positions the computer had to move from, read off the transcript.
fn computer_positions(transcript: &str) -> Vec<Vec<u64>> {
    let mut positions = Vec::new();
    let mut current = Vec::new();
    for line in transcript.lines() {
        if let Some(position) = line.strip_prefix("position: ") {
            current = heaps_of(position);
        }
        if line.starts_with("computer: ") {
            positions.push(current.clone());
        }
    }
    positions
}

#[test]
fn the_computer_never_lets_a_win_go_in_nim_345() {
    if skip() {
        return;
    }
    let mut random = Random(2024);
    let mut computer_could_win = 0;
    for game in 0..12 {
        let transcript = session("'nim(3,4,5)' --first me", |turn| {
            assert!(
                !turn.moves.is_empty(),
                "a prompt without moves:\n{}",
                turn.text
            );
            // Alternate ways of typing: numbers, and every third game descriptions.
            let (number, description, _) =
                &turn.moves[random.below(turn.moves.len() as u64) as usize];
            if game % 3 == 0 {
                description.clone()
            } else {
                number.to_string()
            }
        });
        let winnable = computer_positions(&transcript)
            .iter()
            .any(|heaps| nim_sum(heaps) != 0);
        if winnable {
            computer_could_win += 1;
            assert!(
                transcript.contains("the computer wins.\n"),
                "the computer had a winning position and lost:\n{transcript}"
            );
            // nim(3,4,5) is yours to win: a game lost says which move gave it away.
            assert!(
                transcript.contains(" gave the win away: in nim("),
                "a lost game says how:\n{transcript}"
            );
        }
        // The transcript reads well: each computer move comes with its reason.
        let lines: Vec<&str> = transcript.lines().collect();
        for (index, line) in lines.iter().enumerate() {
            if line.starts_with("computer: in nim(") {
                let reason = lines.get(index + 1).copied().unwrap_or("");
                assert!(
                    reason.trim_start().starts_with("(it ") || reason.contains("every move loses"),
                    "no reason after {line:?}: {reason:?}"
                );
            }
        }
        assert!(transcript
            .starts_with("Playing nim(3,4,5) in normal play: whoever makes the last move wins.\n"));
    }
    assert!(computer_could_win >= 8, "random play should blunder often");
}

#[test]
fn a_perfect_player_beats_the_computer_from_a_winning_start() {
    if skip() {
        return;
    }
    let transcript = session("'nim(3,4,5)' --first me", |turn| {
        let winning = turn
            .moves
            .iter()
            .find(|(_, _, after)| nim_sum(after) == 0)
            .or(turn.moves.first())
            .expect("a move");
        winning.0.to_string()
    });
    assert_contains(
        &transcript,
        &["you:      in nim(3): take 2 from 3, leaving 1  ->  nim(1,4,5)"],
    );
    assert_ends_with(
        &transcript,
        "No move is left, and you made the last move. In normal play the last player to \
             move wins: you win.\n",
    );
    // Losing, the computer says so and stalls.
    assert_contains(&transcript, &["every move loses against perfect play"]);
}

#[test]
fn misere_nim_with_the_computer_first() {
    if skip() {
        return;
    }
    let mut random = Random(7);
    for _ in 0..4 {
        let transcript = session("'nim(3,4,5)' --misere --first computer", |turn| {
            let (number, _, _) = &turn.moves[random.below(turn.moves.len() as u64) as usize];
            number.to_string()
        });
        assert!(misere_next_wins(&[3, 4, 5]));
        assert_contains(
            &transcript,
            &["misère play: whoever makes the last move loses"],
        );
        assert_ends_with(
            &transcript,
            "In misère play the last player to move loses: the computer wins.\n",
        );
        for heaps in computer_positions(&transcript) {
            assert!(misere_next_wins(&heaps), "the computer faced {heaps:?}");
        }
    }
}

#[test]
fn typing_mistakes_hints_and_quitting() {
    if skip() {
        return;
    }
    let mut typed = ["hint", "banana", "99", "take 1", "nim(3,4)", "q"].into_iter();
    let transcript = session("'nim(3,4,5)'", |_| typed.next().unwrap_or("q").to_string());
    assert_contains(
        &transcript,
        &[
            "hint: you can force a win.",
            "best move: 2. take 2 from 3, leaving 1",
            "no move matches 'banana'; try again",
            "there is no move 99 (the moves are numbered 1 to 12); try again",
            "'take 1' fits moves 3, 7, 12; type the number; try again",
            "you:      in nim(5): take 5 from 5, leaving nothing  ->  nim(3,4)",
        ],
    );
    assert_ends_with(&transcript, "You stopped the game.\n");
}

#[test]
fn a_drawn_game_ends_when_a_position_comes_up_the_third_time() {
    if skip() {
        return;
    }
    // From a, moving to the sink c loses at once in misère play: both sides circle a <-> b,
    // and a comes up the third time after the player's second move, as on the page.
    let transcript = session(
        "'digraph(a>b, b>a, a>c; a)' --misere --first computer",
        |turn| {
            assert!(turn
                .text
                .contains("1. in digraph(a>b, b>a, a>c; b): move from b to a"));
            "1".to_string()
        },
    );
    assert_contains(
        &transcript,
        &[
            "Positions can repeat; a position that comes up 3 times ends",
            "(no move wins, and this one keeps the draw)",
        ],
    );
    assert_eq!(transcript.matches("your move> ").count(), 2, "{transcript}");
    assert_eq!(
        transcript
            .matches("\nposition: digraph(a>b, b>a, a>c; a)\n")
            .count(),
        3
    );
    assert_ends_with(
        &transcript,
        "Draw: digraph(a>b, b>a, a>c; a) has come up 3 times, which ends the game as a draw.\n",
    );
}

#[test]
fn a_drawn_game_can_be_stopped_sooner() {
    if skip() {
        return;
    }
    let transcript = session("'digraph(a>b, b>a; a)' --first me", |_| "q".to_string());
    assert_ends_with(&transcript, "You stopped the game.\n");
}

/// Issue 26, item 10: a lost game says which of your moves gave the win away and what would
/// have won; a won game, or one lost from the start, says nothing of the kind.
#[test]
fn a_lost_game_says_which_move_gave_the_win_away() {
    if skip() {
        return;
    }
    // From nim(1,2) taking the single heap leaves nim(2), which the computer wins at once.
    let lost = session("'nim(1,2)'", |_| "1".to_string());
    assert_contains(
        &lost,
        &[
            "Your move 1 gave the win away: in nim(1): take 1 from 1, leaving nothing  ->  nim(2) \
             leaves the player to move a win. A winning move was in nim(2): take 1 from 2, \
             leaving 1  ->  nim(1,1).",
        ],
    );
    let mut typed = ["3", "1"].into_iter();
    let won = session("'nim(1,2)'", |_| typed.next().unwrap_or("1").to_string());
    assert!(
        won.contains("you win") && !won.contains("gave the win away"),
        "{won}"
    );
    let hopeless = session("'nim(2,2)'", |_| "1".to_string());
    assert_contains(&hopeless, &["the computer wins"]);
    assert!(!hopeless.contains("gave the win away"), "{hopeless}");
}

#[test]
fn misere_kayles_with_a_heap_of_ten_to_the_eighteen() {
    if skip() {
        return;
    }
    // The whole game's misère quotient answers: a heap of 10^18 lists its moves one per class,
    // the hint and the computer's moves come from the quotient's elements, and a split that no
    // class lists is typed as the position it leaves.
    let mut turns = 0;
    let mut hinted: Option<String> = None;
    let transcript = session("--misere 'kayles(10^18,5,9)'", |turn| {
        turns += 1;
        match turns {
            1 => {
                assert!(turn.moves.len() > 50, "{}", turn.text);
                // One move per class: 180 moves listed for a heap of 10^18.
                assert_contains(turn.text, &["... and 120 more"]);
                "hint".to_string()
            }
            2 => {
                // Play the hinted move by its number.
                let best = turn
                    .text
                    .split_once("best move: ")
                    .and_then(|(_, rest)| rest.split_once('.'))
                    .map(|(number, _)| number.to_string())
                    .expect("a best move");
                hinted = Some(best.clone());
                best
            }
            3 => {
                // Take 1 from the largest heap, leaving 400,000 and the rest: a split no class
                // lists, typed as the position it leaves.
                let position = turn
                    .text
                    .lines()
                    .rev()
                    .find_map(|line| line.strip_prefix("position: kayles("))
                    .expect("a position");
                let mut heaps: Vec<u64> = position
                    .trim_end_matches(')')
                    .split(',')
                    .map(|heap| heap.parse().expect("a heap"))
                    .collect();
                heaps.sort_unstable();
                let largest = heaps.pop().expect("a heap");
                assert!(largest > 10u64.pow(17), "{}", turn.text);
                heaps.extend([400_000, largest - 400_001]);
                let heaps: Vec<String> = heaps.iter().map(u64::to_string).collect();
                format!("kayles({})", heaps.join(","))
            }
            4 => "kayles(5,9,3,3,3)".to_string(),
            _ => "q".to_string(),
        }
    });
    assert!(hinted.is_some());
    assert_contains(&transcript, &["hint: you can force a win."]);
    // The hinted move leaves a P-position: the computer, to move there, loses against
    // perfect play and says so.
    let computer: Vec<&str> = transcript
        .lines()
        .filter(|line| line.starts_with("computer: ") || line.starts_with("          ("))
        .collect();
    assert!(
        computer[1].contains("every move loses against perfect play"),
        "{transcript}"
    );
    assert_contains(
        &transcript,
        &[
            "leaving 400000 and 9999999999995",
            "no move matches 'kayles(5,9,3,3,3)'",
            "You stopped the game.",
        ],
    );
}
