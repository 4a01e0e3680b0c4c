//! Issue 15 (`issues show 15`): output a first-time user trusts.
//! Positions in one canonical form and listed once, counts of moves too many to list, plain
//! words for outcomes, cut DAGs, ranges, files written and nimber operators; snapshots
//! (expect-test) of what each command prints.
//!
//! `UPDATE_EXPECT=1 cargo test -p grundy-cli --test words` rewrites the snapshots.
#![allow(clippy::unwrap_used)] // test helpers: a failure is a test failure

mod harness;

use expect_test::{expect, expect_file};
use harness::{check, check_file, document, grundy, scratch};

/// Item 6: heaps sorted in every position shown, and equal positions listed once.
#[test]
fn issue_15_positions_are_canonical_and_listed_once() {
    check(
        &["moves", "kayles(4) + nim(2,3)"],
        expect![[r#"
        exit 0
        game:     kayles(4) + nim(2,3)
        value:    0
        outcome:  P: the player to move loses (no move leaves value 0)

        9 moves (value after the move; * marks a winning move):
               2  in kayles(4): take 1 from 4, leaving 3  ->  kayles(3) + nim(2,3)
               2  in kayles(4): take 1 from 4, leaving 1 and 2  ->  kayles(1,2) + nim(2,3)
               3  in kayles(4): take 2 from 4, leaving 2  ->  kayles(2) + nim(2,3)
               1  in kayles(4): take 2 from 4, leaving 1 and 1  ->  kayles(1,1) + nim(2,3)
               2  in nim(2): take 2 from 2, leaving nothing  ->  kayles(4) + nim(3)
               3  in nim(2): take 1 from 2, leaving 1  ->  kayles(4) + nim(1,3)
               3  in nim(3): take 3 from 3, leaving nothing  ->  kayles(4) + nim(2)
               2  in nim(3): take 2 from 3, leaving 1  ->  kayles(4) + nim(1,2)
               1  in nim(3): take 1 from 3, leaving 2  ->  kayles(4) + nim(2,2)
    "#]],
    );
    check_file(
        &["moves", "nim(2,2)"],
        expect_file!["snapshots/moves_nim_2_2.txt"],
    );
    check_file(
        &["dag", "nim(3,1)"],
        expect_file!["snapshots/dag_nim_3_1.txt"],
    );
    check_file(
        &["moves", "nim(2,2)", "--misere"],
        expect_file!["snapshots/moves_nim_2_2_misere.txt"],
    );
}

/// Item 4: a heap of 10^18 has too many winning moves to list; the classes say so and the
/// exact count is given.
#[test]
fn issue_15_huge_heaps_count_their_winning_moves() {
    check(
        &["value", "kayles(10^18)"],
        expect![[r#"
        exit 0
        game:     kayles(1000000000000000000)
        value:    1
        outcome:  N: the player to move wins (some move leaves value 0)

        83333333333333338 winning moves (each leaves a position of value 0), too many to list;
        one line per class of moves that the proved period makes equivalent (18 classes):
          in kayles(1000000000000000000): take 2 from 1000000000000000000, leaving 1 and 999999999999999997 (to kayles(1,999999999999999997), value 0)
          in kayles(1000000000000000000): take 2 from 1000000000000000000, leaving 7 and 999999999999999991 (to kayles(7,999999999999999991), value 0)
          in kayles(1000000000000000000): take 2 from 1000000000000000000, leaving 9 and 999999999999999989 (to kayles(9,999999999999999989), value 0)
          in kayles(1000000000000000000): take 2 from 1000000000000000000, leaving 13 and 999999999999999985 (to kayles(13,999999999999999985), value 0)
          in kayles(1000000000000000000): take 2 from 1000000000000000000, leaving 15 and 999999999999999983 (to kayles(15,999999999999999983), value 0)
          in kayles(1000000000000000000): take 2 from 1000000000000000000, leaving 19 and 999999999999999979 (to kayles(19,999999999999999979), value 0)
          in kayles(1000000000000000000): take 2 from 1000000000000000000, leaving 21 and 999999999999999977 (to kayles(21,999999999999999977), value 0)
          in kayles(1000000000000000000): take 2 from 1000000000000000000, leaving 25 and 999999999999999973 (to kayles(25,999999999999999973), value 0)
          in kayles(1000000000000000000): take 2 from 1000000000000000000, leaving 31 and 999999999999999967 (to kayles(31,999999999999999967), value 0)
          in kayles(1000000000000000000): take 2 from 1000000000000000000, leaving 37 and 999999999999999961 (to kayles(37,999999999999999961), value 0)
          in kayles(1000000000000000000): take 2 from 1000000000000000000, leaving 43 and 999999999999999955 (to kayles(43,999999999999999955), value 0)
          in kayles(1000000000000000000): take 2 from 1000000000000000000, leaving 49 and 999999999999999949 (to kayles(49,999999999999999949), value 0)
          in kayles(1000000000000000000): take 2 from 1000000000000000000, leaving 55 and 999999999999999943 (to kayles(55,999999999999999943), value 0)
          in kayles(1000000000000000000): take 2 from 1000000000000000000, leaving 57 and 999999999999999941 (to kayles(57,999999999999999941), value 0)
          in kayles(1000000000000000000): take 2 from 1000000000000000000, leaving 61 and 999999999999999937 (to kayles(61,999999999999999937), value 0)
          in kayles(1000000000000000000): take 2 from 1000000000000000000, leaving 67 and 999999999999999931 (to kayles(67,999999999999999931), value 0)
          in kayles(1000000000000000000): take 2 from 1000000000000000000, leaving 73 and 999999999999999925 (to kayles(73,999999999999999925), value 0; one of a class of 41666666666666661 such moves)
          in kayles(1000000000000000000): take 2 from 1000000000000000000, leaving 79 and 999999999999999919 (to kayles(79,999999999999999919), value 0; one of a class of 41666666666666661 such moves)
    "#]],
    );
    let report = document(&["value", "kayles(10^18)", "--format", "json"]);
    let counted: u64 = report["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["count"].as_u64().unwrap())
        .sum();
    assert_eq!(report["winning_move_count"].as_u64(), Some(counted));
}

/// Item 7: no claim about moves that do not exist, and hints that say "you".
#[test]
fn issue_15_outcomes_in_plain_words() {
    check(
        &["value", "nim()"],
        expect![[r#"
        exit 0
        game:     0
        value:    0
        outcome:  P: the player to move loses (no move leaves value 0)

        no winning move: no move leaves a position of value 0
    "#]],
    );
    check(
        &["value", "grundy(2)", "--misere"],
        expect![[r#"
        exit 0
        game:     grundy(2)
        play:     misère: the player who makes the last move loses
        value:    1 (the misère Grundy value of the whole game)
        genus:    0^120
        outcome:  N: the player to move wins (there is no move, or some move leaves misère value 0)
    "#]],
    );
}

/// Item 8: a cut DAG is arranged by distance from the start, and 0 positions is refused.
#[test]
fn issue_15_cut_dags_say_what_they_show() {
    check(
        &["dag", "kayles(6)", "--max-nodes", "4"],
        expect![[r#"
        exit 0
        game:      kayles(6)
        value:     3 (N)
        positions: 4 shown by the fewest moves from the start (the DAG is cut, so how many moves are left is not known; * marks winning moves)
                   11 more positions left out (the limit is 4 positions)

        the start:
          [0] kayles(6)  N  mex {0, 1, 2, 4} = 3
                -> [1] kayles(5)  (in kayles(6): take 1 from 6, leaving 5)
              * -> [2] kayles(1,4)  (in kayles(6): take 1 from 6, leaving 1 and 4)
                -> [3] kayles(2,3)  (in kayles(6): take 1 from 6, leaving 2 and 3)
                -> (more positions, left out)

        1 move from the start:
          [1] kayles(5)  N  mex {0, 1, 2, 3} = 4
                -> (more positions, left out)
          [2] kayles(1,4)  P  mex {1, 2, 3} = 0
                -> (more positions, left out)
          [3] kayles(2,3)  N  mex {0, 2, 3} = 1
                -> (more positions, left out)
    "#]],
    );
    check(
        &["dag", "kayles(6)", "--max-nodes", "0"],
        expect![[r#"
        exit 2
        --- stderr
        error: invalid value '0' for '--max-nodes <MAX_NODES>': at least 1 position (the start), not 0

        For more information, try '--help'.
    "#]],
    );
}

/// Item 3: a period search no theorem covers says so at once, and a long search shows its
/// progress bar on a terminal within a second (here: within 3 s on a busy machine).
#[test]
fn issue_15_long_searches_speak_early() {
    check(
        &["period", "grundy", "--max", "2000"],
        expect![[r#"
        exit 0
        rule:        grundy
        no period proved up to 2000 heaps (prefix only)
        reason:      no periodicity theorem here covers splits into unequal heaps (Grundy's game)
        stopped:     at --max 2000
        --- stderr
        grundy: no periodicity theorem here covers splits into unequal heaps (Grundy's game); computing a prefix of 2000 heaps for the record (--max N changes it)
    "#]],
    );
    if std::env::var_os("GRUNDY_SKIP_PTY").is_some() {
        return;
    }
    // A pseudo-terminal (`script`), stopped after 3 s: the search itself takes much longer.
    let command = format!("{} period grundy --max 2^26", env!("CARGO_BIN_EXE_grundy"));
    let output = std::process::Command::new("timeout")
        .args(["3", "script", "-qec", &command, "/dev/null"])
        .output()
        .expect("timeout and script (util-linux) run a pseudo-terminal");
    let shown = String::from_utf8_lossy(&output.stdout);
    assert!(shown.contains(" heaps  "), "no progress bar: {shown}");
}

/// `seq --by-period`: a periodic table, one column per residue, a row starting at the
/// preperiod.
#[test]
fn issue_15_sequences_by_period() {
    check_file(
        &["seq", "kayles", "--to", "100", "--by-period", "12"],
        expect_file!["snapshots/seq_kayles_100_by_period_12.txt"],
    );
    check_file(
        &["seq", "kayles", "--to", "200", "--by-period"],
        expect_file!["snapshots/seq_kayles_200_by_period.txt"],
    );
    check_file(
        &["seq", "allbut{2,3,7}", "--to", "20", "--by-period"],
        expect_file!["snapshots/seq_allbut_2_3_7_by_period.txt"],
    );
    check_file(
        &["seq", "kayles", "--to", "100", "--by-period"],
        expect_file!["snapshots/seq_kayles_100_by_period.txt"],
    );
    check(
        &[
            "seq",
            "sub{1,2}",
            "--to",
            "7",
            "--by-period",
            "--format",
            "json",
        ],
        expect![[r#"
            exit 0
            {"schema":1,"rule":"sub{1,2}","preperiod":0,"period":3,"saltus":0,"proved":true,"preperiod_values":[],"rows":[{"start":0,"values":[0,1,2]},{"start":3,"values":[0,1,2]},{"start":6,"values":[0,1]}]}
        "#]],
    );
}

/// Item 9: one notation for ranges, the rare mask in words, files written said, no stale
/// checkpoint, and `^` explained beside `xor`.
#[test]
fn issue_15_small_inconsistencies() {
    let run = scratch("words-grundy.bin");
    let out = run.to_str().unwrap();
    check(
        &["seq", "grundy", "--to", "3000", "--out", out],
        expect![[r#"
            exit 0
            rule:          grundy
            heaps:         0 to 3000 (3001 heaps)
            largest value: 51 (first at heap 2035)
            sparse space:  values split into a common and a rare class (the masks below say which);
                           the few heaps of rare value are the rare heaps, and the engine searches mostly the pairs with one
            rare mask:     0x7c for splits removing an even number of tokens: heap n of value g is rare when 2g + (n mod 2) shares an even number of 1 bits with 0x7c
            rare heaps:    442
            last rare:     3000
            checksum:      9ac163170be4db69
            prefix only: no period is claimed
        "#]],
    );
    let checkpoint = format!("{out}.checkpoint");
    assert!(
        !std::path::Path::new(&checkpoint).exists(),
        "a finished run leaves no checkpoint"
    );
    let cert = scratch("words-kayles.json");
    let cert = cert.to_str().unwrap();
    // Writing a certificate changes nothing in what `period` prints (snapshots.rs has it).
    let with_cert = grundy(&["period", "kayles", "--cert", cert]);
    assert_eq!(with_cert.code, Some(0), "{}", with_cert.stderr);
    assert_eq!(with_cert.stdout, grundy(&["period", "kayles"]).stdout);
    check(
        &["verify", cert],
        expect![[r#"
        exit 0
        valid: the certificate for kayles holds (heaps 0 to 167 recomputed by the naive engine, from the ruleset's moves)
    "#]],
    );
    let plot = scratch("words-kayles.svg");
    let plot = plot.to_str().unwrap();
    let run = grundy(&["plot", "kayles", "--to", "50", "--out", plot]);
    assert_eq!(
        run.stdout,
        format!("wrote {plot}: Grundy values of kayles, heaps 0 to 50, 960x540 pixels\n")
    );
    check(
        &["nimber", "3^5"],
        expect![[r#"
        exit 0
        2
        --- stderr
        note: ^ is the nim power (3^2 = 3*3 = 2 in nim arithmetic); for XOR write 3 xor 2 or 3 + 2
    "#]],
    );
    check(
        &["nimber", "3 xor 5"],
        expect![[r#"
        exit 0
        6
    "#]],
    );
    check(
        &["nimber", "3 ⊕ 5"],
        expect![[r#"
        exit 0
        6
    "#]],
    );
}
