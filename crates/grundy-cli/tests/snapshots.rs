//! Snapshots of what each command prints (expect-test): standard output, standard error and the
//! exit code, so that a change to the faces that changes any of them shows here.
//!
//! `UPDATE_EXPECT=1 cargo test -p grundy-cli --test snapshots` rewrites the snapshots after a
//! change meant to alter the output; review the diff.

mod harness;

use expect_test::{expect, expect_file};
use harness::{check, check_file};

#[test]
fn value() {
    check(
        &["value", "kayles(13) + nim(3,4,5)"],
        expect![[r#"
            exit 0
            game:     kayles(13) + nim(3,4,5)
            value:    3
            outcome:  N: the player to move wins (some move leaves value 0)

            components (the value of a sum is the nim-sum, XOR, of their values):
              kayles(13)               value 1
              nim(3)                   value 3
              nim(4)                   value 4
              nim(5)                   value 5

                           1 = 001
                           3 = 011
                           4 = 100
                           5 = 101
                               ---
              ⊕            3 = 011

            winning moves (each leaves a position of value 0):
              in kayles(13): take 2 from 13, leaving 3 and 8 (to kayles(3,8), value 2)
                  leaves kayles(3,8) + nim(3,4,5)
              in nim(3): take 3 from 3, leaving nothing (to 0, value 0)
                  leaves kayles(13) + nim(4,5)
        "#]],
    );
    check(
        &["value", "nim(1,2,3)", "--format", "json"],
        expect![[r#"
            exit 0
            {"kind":"normal","schema":1,"spec":"nim(1,2,3)","value":0,"outcome":"P","components":[{"spec":"nim(1)","value":1},{"spec":"nim(2)","value":2},{"spec":"nim(3)","value":3}],"winning_moves":[],"winning_move_count":0}
        "#]],
    );
    check(
        &["value", "sub{1,2,4}(8) + sub{1,3}(5)", "--format", "json"],
        expect![[r#"
            exit 0
            {"kind":"normal","schema":1,"spec":"sub{1,2,4}(8) + sub{1,3}(5)","value":3,"outcome":"N","components":[{"spec":"sub{1,2,4}(8)","value":2},{"spec":"sub{1,3}(5)","value":1}],"winning_moves":[{"component":0,"from":"sub{1,2,4}(8)","to":"sub{1,2,4}(7)","target_value":1,"description":"take 1 from 8, leaving 7","result":"sub{1,2,4}(7) + sub{1,3}(5)","count":1},{"component":0,"from":"sub{1,2,4}(8)","to":"sub{1,2,4}(4)","target_value":1,"description":"take 4 from 8, leaving 4","result":"sub{1,2,4}(4) + sub{1,3}(5)","count":1}],"winning_move_count":2}
        "#]],
    );
}

#[test]
fn moves() {
    check(
        &["moves", "nim(2,3)"],
        expect![[r#"
            exit 0
            game:     nim(2,3)
            value:    1
            outcome:  N: the player to move wins (some move leaves value 0)

            5 moves (value after the move; * marks a winning move):
                   3  in nim(2): take 2 from 2, leaving nothing  ->  nim(3)
                   2  in nim(2): take 1 from 2, leaving 1  ->  nim(1,3)
                   2  in nim(3): take 3 from 3, leaving nothing  ->  nim(2)
                   3  in nim(3): take 2 from 3, leaving 1  ->  nim(1,2)
              *    0  in nim(3): take 1 from 3, leaving 2  ->  nim(2,2)
        "#]],
    );
    check(
        &["moves", "wythoff(1,2)", "--format", "json"],
        expect![[r#"
            exit 0
            {"kind":"normal","schema":1,"spec":"wythoff(1,2)","value":0,"outcome":"P","moves":[{"component":0,"from":"wythoff(1,2)","to":"wythoff(0,2)","target_value":2,"description":"take 1 from the first heap, leaving (0,2)","result":"wythoff(0,2)","count":1,"value_after":2,"winning":false},{"component":0,"from":"wythoff(1,2)","to":"wythoff(1,0)","target_value":1,"description":"take 2 from the second heap, leaving (1,0)","result":"wythoff(1,0)","count":1,"value_after":1,"winning":false},{"component":0,"from":"wythoff(1,2)","to":"wythoff(1,1)","target_value":2,"description":"take 1 from the second heap, leaving (1,1)","result":"wythoff(1,1)","count":1,"value_after":2,"winning":false},{"component":0,"from":"wythoff(1,2)","to":"wythoff(0,1)","target_value":1,"description":"take 1 from both heaps, leaving (0,1)","result":"wythoff(0,1)","count":1,"value_after":1,"winning":false}]}
        "#]],
    );
}

#[test]
fn misere() {
    check(
        &["value", "nim(1,1,1)", "--misere"],
        expect![[r#"
            exit 0
            game:     nim(1,1,1)
            play:     misère: the player who makes the last move loses
            value:    0 (the misère Grundy value of the whole game)
            genus:    1^031
            outcome:  P: the player to move loses (no move leaves misère value 0)

            components, each alone (misère values do not add: a sum is searched as a whole):
              nim(1)                   misère value 0, genus 1^031
              nim(1)                   misère value 0, genus 1^031
              nim(1)                   misère value 0, genus 1^031

            no winning move: no move leaves a position of misère value 0
        "#]],
    );
    check(
        &[
            "value",
            "kayles(5) + nim(2)",
            "--misere",
            "--format",
            "json",
        ],
        expect![[r#"
            exit 0
            {"kind":"misere","schema":1,"spec":"kayles(5) + nim(2)","play":"misere","value":4,"outcome":"N","genus":"6^46","components":[{"spec":"kayles(5)","value":1,"genus":"4^146"},{"spec":"nim(2)","value":2,"genus":"2^20"}],"winning_moves":[{"component":0,"from":"kayles(5)","to":"kayles(1,3)","target_value":2,"description":"take 1 from 5, leaving 1 and 3","result":"kayles(1,3) + nim(2)","count":1},{"component":1,"from":"nim(2)","to":"nim(1)","target_value":0,"description":"take 1 from 2, leaving 1","result":"kayles(5) + nim(1)","count":1}],"winning_move_count":2}
        "#]],
    );
    check(
        &["moves", "nim(2,1)", "--misere"],
        expect![[r#"
            exit 0
            game:     nim(1,2)
            play:     misère: the player who makes the last move loses
            value:    3 (misère)
            outcome:  N: the player to move wins (there is no move, or some move leaves misère value 0)

            3 moves (misère value after the move; * marks a winning move):
              *    0  in nim(2): take 2 from 2, leaving nothing  ->  nim(1)
                   1  in nim(2): take 1 from 2, leaving 1  ->  nim(1,1)
                   2  in nim(1): take 1 from 1, leaving nothing  ->  nim(2)
        "#]],
    );
    check(
        &["moves", "kayles(3)", "--misere", "--format", "json"],
        expect![[r#"
            exit 0
            {"kind":"misere","schema":1,"spec":"kayles(3)","play":"misere","value":3,"outcome":"N","moves":[{"component":0,"from":"kayles(3)","to":"kayles(2)","target_value":2,"description":"take 1 from 3, leaving 2","result":"kayles(2)","count":1,"value_after":2,"winning":false},{"component":0,"from":"kayles(3)","to":"kayles(1,1)","target_value":1,"description":"take 1 from 3, leaving 1 and 1","result":"kayles(1,1)","count":1,"value_after":1,"winning":false},{"component":0,"from":"kayles(3)","to":"kayles(1)","target_value":0,"description":"take 2 from 3, leaving 1","result":"kayles(1)","count":1,"value_after":0,"winning":true}]}
        "#]],
    );
}

#[test]
fn loopy() {
    check(
        &["value", "digraph(u>s, u>a, a>b, b>a; u)"],
        expect![[r#"
            exit 0
            game:     digraph(u>s, u>a, a>b, b>a; u)
            value:    ∞(0) (generalised Sprague-Grundy value: the game has a cycle)
            outcome:  N: the player to move wins
            length:   1 more moves with best play (the winner hurrying, the loser stalling)

            winning moves (each leaves value 0: every reply can be answered):
              in digraph(u>s, u>a, a>b, b>a; u): move from u to s (to digraph(u>s, u>a, a>b, b>a; s), value 0)
        "#]],
    );
    check(
        &["value", "digraph(a>b, b>a; a)", "--format", "json"],
        expect![[r#"
            exit 0
            {"kind":"loopy","schema":1,"spec":"digraph(a>b, b>a; a)","value":"inf","escapes":[],"outcome":"D","components":[{"spec":"digraph(a>b, b>a; a)","value":"inf","escapes":[],"outcome":"D"}],"winning_moves":[],"winning_move_count":0,"drawing_moves":[{"component":0,"from":"digraph(a>b, b>a; a)","to":"digraph(a>b, b>a; b)","target_value":"inf","target_escapes":[],"description":"move from a to b","result":"digraph(a>b, b>a; b)"}]}
        "#]],
    );
    check_file(
        &["moves", "digraph(u>s, u>a, a>b, b>a; u)"],
        expect_file!["snapshots/moves_digraph.txt"],
    );
    // Issue 15: `dag` draws a game with cycles too, each cycle on one layer.
    check(
        &["dag", "digraph(u>s, u>a, a>b, b>a; u)"],
        expect![[r#"
            exit 0
            game:      digraph(u>s, u>a, a>b, b>a; u)
            value:     ∞(0) (N)
            positions: 4 in 2 layers (a layer is the most moves left, the positions of a cycle sharing one; * marks winning moves)

            layer 1:
              [0] digraph(u>s, u>a, a>b, b>a; u)  N  options {0, ∞}, value ∞(0)
                  * -> [1] digraph(u>s, u>a, a>b, b>a; s)  (in digraph(u>s, u>a, a>b, b>a; u): move from u to s)
                    -> [2] digraph(u>s, u>a, a>b, b>a; a)  (in digraph(u>s, u>a, a>b, b>a; u): move from u to a)

            layer 0:
              [1] digraph(u>s, u>a, a>b, b>a; s)  P  mex {} = 0
              [2] digraph(u>s, u>a, a>b, b>a; a)  D  options {∞}, value ∞
                    -> [3] digraph(u>s, u>a, a>b, b>a; b)  (in digraph(u>s, u>a, a>b, b>a; a): move from a to b)
              [3] digraph(u>s, u>a, a>b, b>a; b)  D  options {∞}, value ∞
                    -> [2] digraph(u>s, u>a, a>b, b>a; a)  (in digraph(u>s, u>a, a>b, b>a; b): move from b to a)
        "#]],
    );
}

#[test]
fn sequences() {
    check(
        &["seq", "kayles", "--to", "30"],
        expect![[r#"
            exit 0
            kayles: Grundy values of heaps 0 to 30
             0: 0 1 2 3 1 4 3 2 1 4
            10: 2 6 4 1 2 7 1 4 3 2
            20: 1 4 6 7 4 1 2 8 5 4
            30: 7
            largest value: 8 (first at heap 27)
            prefix only: no period proved from these values; `grundy period kayles` looks further
        "#]],
    );
    check(
        &["seq", "0.07", "--to", "12", "--format", "csv"],
        expect![[r#"
            exit 0
            n,value
            0,0
            1,0
            2,1
            3,1
            4,2
            5,0
            6,3
            7,1
            8,1
            9,0
            10,3
            11,3
            12,2
        "#]],
    );
    check(
        &["seq", "sub{1,2}", "--to", "9", "--format", "json"],
        expect![[r#"
            exit 0
            {"kind":"normal","schema":1,"rule":"sub{1,2}","values":[0,1,2,0,1,2,0,1,2,0],"to":9,"max_value":2,"max_value_at":2,"prefix_only":false,"periodicity":{"preperiod":0,"period":3,"saltus":0,"kind":"ordinary","theorem":"window"},"theorem_covers":true}
        "#]],
    );
    check(
        &["seq", "sub{2,3,7}", "--misere", "--to", "12"],
        expect![[r#"
            exit 0
            sub{2,3,7}: misère Grundy values of heaps 0 to 12
             0: 1 1 0 0 2 1 1 0 0 2
            10: 1 1 0

            genus g^abc…: g is the normal-play value, a b c … the misère values with 0, 1, 2, …
            heaps of *2 added; the last two repeat forever
             0: 0^120  0^120  1^031  1^031  2^20   0^120  0^120  1^031
             8: 1^031  2^20   0^120  0^120  1^031

            tame up to heap 12: every position has the genus of a Nim position, so sums play like misère Nim
            prefix only: no period is claimed
        "#]],
    );
}

#[test]
fn periods_dags_and_nimbers() {
    check(
        &["period", "kayles"],
        expect![[r#"
            exit 0
            rule:        kayles
            period:      12 (proved)
            preperiod:   71 (last exception at heap 70)
            saltus:      0 (g(n + 12) = g(n) for n >= 71)
            theorem:     guy-smith: Guy-Smith (1956): for a code leaving at most two heaps and removing at most t tokens (or a whole larger heap), g(n+p) = g(n) for n0 <= n < 2*max(n0,1) + p + t implies it for all n >= n0
            checked:     values of heaps 0 to 167 compared (1024 heaps computed)
            checksum:    75af9c167e434123
        "#]],
    );
    check(
        &["period", "0.16", "--max", "3000"],
        expect![[r#"
            exit 0
            rule:        0.16
            no period proved up to 3000 heaps (prefix only)
            reason:      no period that the guy-smith theorem proves fits in 3000 heaps
            stopped:     at --max 3000
        "#]],
    );
    check(
        &["dag", "kayles(3)"],
        expect![[r#"
            exit 0
            game:      kayles(3)
            value:     3 (N)
            positions: 5 in 4 layers (a layer is the most moves left; * marks winning moves)

            layer 3:
              [0] kayles(3)  N  mex {0, 1, 2} = 3
                    -> [1] kayles(2)  (in kayles(3): take 1 from 3, leaving 2)
                  * -> [2] kayles(1,1)  (in kayles(3): take 1 from 3, leaving 1 and 1)
                    -> [3] kayles(1)  (in kayles(3): take 2 from 3, leaving 1)

            layer 2:
              [1] kayles(2)  N  mex {0, 1} = 2
                    -> [3] kayles(1)  (in kayles(2): take 1 from 2, leaving 1)
                  * -> [4] 0  (in kayles(2): take 2 from 2, leaving nothing)
              [2] kayles(1,1)  P  mex {1} = 0
                    -> [3] kayles(1)  (in kayles(1): take 1 from 1, leaving nothing)

            layer 1:
              [3] kayles(1)  N  mex {0} = 1
                  * -> [4] 0  (in kayles(1): take 1 from 1, leaving nothing)

            layer 0:
              [4] 0  P  mex {} = 0
        "#]],
    );
    check(
        &["dag", "nim(1,1)", "--format", "dot"],
        expect![[r##"
            exit 0
            // game DAG of nim(1,1); P-positions are filled, winning moves red
            digraph game {
              rankdir=TB;
              node [shape=box, style="rounded,filled", fillcolor=white, fontname="sans-serif"];
              n0 [label="nim(1,1)\ng = 0", fillcolor="#cfe3f7", style="rounded,filled,solid"];
              n1 [label="nim(1)\ng = 1", fillcolor="white", style="rounded,filled,solid"];
              n2 [label="0\ng = 0", fillcolor="#cfe3f7", style="rounded,filled,solid"];
              n0 -> n1 [color="#7f8c8d", tooltip="in nim(1): take 1 from 1, leaving nothing"];
              n1 -> n2 [color="#c0392b", penwidth=2.5, tooltip="in nim(1): take 1 from 1, leaving nothing"];
            }
        "##]],
    );
    check(
        &["nimber", "3*5+7"],
        expect![[r#"
            exit 0
            8
        "#]],
    );
    check(
        &["nimber", "inv(9)", "--format", "json"],
        expect![[r#"
            exit 0
            {"schema":1,"expression":"inv(9)","value":6}
        "#]],
    );
}

#[test]
fn errors() {
    check(
        &["value", "nim(-1)"],
        expect![[r#"
            exit 2
            --- stderr
            error: expected a heap size (a whole number >= 0), found '-'
              nim(-1)
                  ^
        "#]],
    );
    check(
        &["value", "kayles(13"],
        expect![[r#"
            exit 2
            --- stderr
            error: expected ')', found the end of the text
              kayles(13
                       ^
        "#]],
    );
    check(
        &["value", "foo(3)"],
        expect![[r#"
            exit 2
            --- stderr
            error: unknown game 'foo'
              foo(3)
              ^^^
        "#]],
    );
    check(
        &["value", "grundy(10^18)"],
        expect![[r#"
            exit 1
            --- stderr
            error: limit reached: this needs 1000000000000000001 heaps in a value table, more than the limit of 2097152
            help: no machine holds a table that long: ask about a smaller heap, tabulate heaps with `grundy seq RULE --to N --out FILE`, or see whether a proved period answers every heap with `grundy period RULE`
        "#]],
    );
    // Issue 15: a limit's help names the flag and a value worth trying; with --format json
    // every error is the JSON error document on stdout, with the same exit codes.
    check(
        &["value", "grundy(10^6)", "--max-work", "1e6"],
        expect![[r#"
            exit 1
            --- stderr
            error: limit reached: more than 1000000 moves examined
            help: --max-work 2e7 raises the limit
        "#]],
    );
    check(
        &[
            "value",
            "grundy(10^6)",
            "--max-work",
            "1e6",
            "--format",
            "json",
        ],
        expect![[r#"
            exit 1
            {"schema":1,"error":"limit reached: more than 1000000 moves examined","span":null,"limit":true,"help":"--max-work 2e7 raises the limit"}
        "#]],
    );
    check_file(
        &["moves", "kayls(7)", "--format", "json"],
        expect_file!["snapshots/moves_unknown_game_json.txt"],
    );
    check(
        &["dag", "0.77", "--format", "json"],
        expect![[r#"
        exit 2
        {"schema":1,"error":"expected '(' and heap sizes: a game needs its heaps, such as 0.77(13), found the end of the text","span":[4,4],"limit":false}
    "#]],
    );
    check_file(
        &["seq", "kayles(5)", "--to", "5", "--format=json"],
        expect_file!["snapshots/seq_rule_with_heaps_json.txt"],
    );
    check(
        &["value", "nim(3)", "--format", "json", "--bogus"],
        expect![[r#"
        exit 2
        {"schema":1,"error":"unexpected argument '--bogus' found","span":null,"limit":false}
    "#]],
    );
    check(
        &[
            "value",
            "digraph(a>b, b>a; a)",
            "--misere",
            "--format",
            "json",
        ],
        expect![[r#"
            exit 2
            {"schema":1,"error":"misère analysis needs a game without cycles, and this one has a cycle: digraph(a>b, b>a; a) -> digraph(a>b, b>a; b) -> digraph(a>b, b>a; a)","span":null,"limit":false}
        "#]],
    );
    check(
        &["value", "digraph(a>b, b>a; a)", "--misere"],
        expect![[r#"
            exit 2
            --- stderr
            error: misère analysis needs a game without cycles, and this one has a cycle: digraph(a>b, b>a; a) -> digraph(a>b, b>a; b) -> digraph(a>b, b>a; a)
        "#]],
    );
    check(
        &["value", "nim(3)", "--max-work", "0"],
        expect![[r#"
            exit 0
            game:     nim(3)
            value:    3
            outcome:  N: the player to move wins (some move leaves value 0)

            winning moves (each leaves a position of value 0):
              in nim(3): take 3 from 3, leaving nothing (to 0, value 0)
        "#]],
    );
    check(
        &["value", "nim(3,5,7)", "--max-output", "8"],
        expect![[r#"
            exit 1
            --- stderr
            error: limit reached: this needs 9 components written out in the games the moves listed lead to, more than the limit of 8
            help: --max-output 9 raises the limit
        "#]],
    );
    check(
        &["seq", "kayles", "--to", "10", "--format", "binary"],
        expect![[r#"
            exit 2
            --- stderr
            error: --format binary needs --out FILE
        "#]],
    );
    check(
        &["nimber", "1/0"],
        expect![[r#"
            exit 2
            --- stderr
            error: division by the nimber 0
              1/0
                ^
        "#]],
    );
}

#[test]
fn quotient() {
    check(
        &["quotient", "nim", "--to", "2"],
        expect![[r#"
        exit 0
        misère quotient of nim heaps 1..2: order 6
        generators: a = nim(1), b = nim(2)
        elements: 1, a, b, ab, b^2, ab^2
        P-portion: a, b^2
        heaps: 0:1 1:a 2:b
        stable: the same quotient for every bound from heap 2 to 2 (checked for every sum of heaps up to 2; nothing is claimed beyond)
        table:
           · |    1    a    b   ab  b^2 ab^2
           1 |    1    a    b   ab  b^2 ab^2
           a |    a    1   ab    b ab^2  b^2
           b |    b   ab  b^2 ab^2    b   ab
          ab |   ab    b ab^2  b^2   ab    b
         b^2 |  b^2 ab^2    b   ab  b^2 ab^2
        ab^2 | ab^2  b^2   ab    b ab^2  b^2
    "#]],
    );
    check(
        &["quotient", "dawson", "--to", "3", "--format", "json"],
        expect![[r#"
            exit 0
            {"schema":1,"rule":"dawson","play":"misere","to":3,"order":2,"elements":["1","a"],"generators":[{"name":"a","heap":2}],"table":[[0,1],[1,0]],"p_portion":["a"],"heaps":["1","1","a","a"],"stable_from":2,"checked":true}
        "#]],
    );
    check(
        &["quotient", "kayles", "--to", "20", "--max-order", "4"],
        expect![[r#"
            exit 1
            --- stderr
            error: limit reached: this needs 6 elements in a misère quotient, more than the limit of 4
            help: --max-order 6 raises the limit
        "#]],
    );
}

/// A sum of Kayles heaps too large to search cheaply is answered by the misère quotient.
#[test]
fn misere_value_by_quotient() {
    check_file(
        &[
            "value",
            "--misere",
            "kayles(4,5,7,8,9,10,11,12,13) + kayles(1)",
        ],
        expect_file!["snapshots/value_misere_kayles_by_quotient.txt"],
    );
    check(
        &["value", "kayles(3)", "--max-order", "5"],
        expect![[r#"
        exit 2
        --- stderr
        error: --max-order bounds the misère quotient; it needs --misere
    "#]],
    );
}

/// Partizan games through `moves`: every move of each player with the value it leaves and
/// whether it wins, as text and JSON; misère play refused.
#[test]
fn partizan_moves() {
    // Too large for a canonical form within the work limit: the outcome and the winning moves
    // by the outcome search, which the report names.
    check(
        &["value", "--max-work", "20000", "clobber(XOXO/OXOX/XOXO)"],
        expect![[r#"
            exit 0
            game:     clobber(XOXO/OXOX/XOXO)
            play:     partizan (Left and Right)
            value:    not computed (too large for the limits)
            outcome:  P: the player who just moved wins (whoever moves first loses)
            route:    outcome search (the canonical form is too large for the limits; the values of the parts small enough are used)

            no winning move for Left moving first

            no winning move for Right moving first
        "#]],
    );
    // Col on its graph: each move paints a vertex, written back as `v=l` or `v=r`.
    check(
        &["moves", "col(path(3))"],
        expect![[r#"
            exit 0
            game:     col(path(3))
            play:     partizan (Left and Right)
            value:    0
            outcome:  P: the player who just moved wins (whoever moves first loses)
            route:    canonical form

            moves for Left (0 of 3 winning):
              1. in col(path(3)): to col(path(3); 1=l)
                 leaves col(path(3); 1=l) = -1/2
              2. in col(path(3)): to col(path(3); 2=l)
                 leaves col(path(3); 2=l) = -2
              3. in col(path(3)): to col(path(3); 3=l)
                 leaves col(path(3); 3=l) = -1/2

            moves for Right (0 of 3 winning):
              1. in col(path(3)): to col(path(3); 1=r)
                 leaves col(path(3); 1=r) = 1/2
              2. in col(path(3)): to col(path(3); 2=r)
                 leaves col(path(3); 2=r) = 2
              3. in col(path(3)): to col(path(3); 3=r)
                 leaves col(path(3); 3=r) = 1/2
        "#]],
    );
    // An impartial game in a partizan sum is the nimber of its Grundy value.
    check(
        &["moves", "nim(2) + hackenbush(lr)"],
        expect![[r#"
        exit 0
        game:     nim(2) + hackenbush(lr)
        play:     partizan (Left and Right)
        value:    1/2*2
        outcome:  L: Left wins, whoever moves first
        route:    canonical form

        moves for Left (2 of 3 winning):
          1. in nim(2): to 0
             leaves 0 + hackenbush(lr) = 1/2  (wins)
          2. in nim(2): to nim(1)
             leaves nim(1) + hackenbush(lr) = 1/2*  (wins)
          3. in hackenbush(lr): to hackenbush()
             leaves nim(2) + hackenbush() = *2

        moves for Right (0 of 3 winning):
          1. in nim(2): to 0
             leaves 0 + hackenbush(lr) = 1/2
          2. in nim(2): to nim(1)
             leaves nim(1) + hackenbush(lr) = 1/2*
          3. in hackenbush(lr): to hackenbush(l)
             leaves nim(2) + hackenbush(l) = 1*2
    "#]],
    );
    check_file(
        &["moves", "domineering(2x2) + hackenbush(lr)"],
        expect_file!["snapshots/moves_domineering_hackenbush.txt"],
    );
    check(
        &[
            "moves",
            "hackenbush(g-a:l, a-b:r; ground=g)",
            "--format",
            "json",
        ],
        expect![[r#"
            exit 0
            {"kind":"partizan","schema":1,"spec":"hackenbush(g-a:l, a-b:r; ground=g)","route":"canonical","canonical":"1/2","outcome":"L","left_moves":[{"number":1,"component":0,"from":"hackenbush(g-a:l, a-b:r; ground=g)","to":"0","result":"0","value":"0","wins":true}],"right_moves":[{"number":1,"component":0,"from":"hackenbush(g-a:l, a-b:r; ground=g)","to":"hackenbush(g-a:l; ground=g)","result":"hackenbush(g-a:l; ground=g)","value":"1","wins":false}]}
        "#]],
    );
    check(
        &["moves", "{1|0}", "--misere"],
        expect![[r#"
        exit 1
        --- stderr
        error: not supported: misère play of a partizan game (partizan values are for normal play)
    "#]],
    );
}

/// Partizan games through `value`: text, JSON (`"kind": "partizan"`), bad input (exit 2) and a
/// limit (exit 1).
#[test]
fn partizan_value() {
    check(
        &["value", "{1|0} + ^ + *2"],
        expect![[r#"
            exit 0
            game:     {1|0} + ^ + *2
            play:     partizan (Left and Right)
            value:    {1^*2|^*2} (canonical form)
            outcome:  L: Left wins, whoever moves first
            route:    canonical form
            stops:    left 1, right 0
            mean:     1/2, temperature 1/2
            thermograph, left wall:  from t = 0: 1 (slope -1); from t = 1/2: 1/2 (then straight up)
            thermograph, right wall: from t = 0: 0 (slope +1); from t = 1/2: 1/2 (then straight up)
            reduced:  {1|0} (the simplest game an infinitesimal away)

            winning moves for Left (each leaves a value >= 0):
              in term 1: to 1
                  leaves 1 + ^ + *2 = 1^*2
              in term 2: to 0
                  leaves {1|0} + 0 + *2 = {1*2|*2}
              in term 3: to 0
                  leaves {1|0} + ^ + 0 = {1^|^}
              in term 3: to *
                  leaves {1|0} + ^ + * = {1^*|^*}

            no winning move for Right moving first
        "#]],
    );
    check_file(
        &["value", "domineering(2x2) + hackenbush(lr)"],
        expect_file!["snapshots/value_domineering_hackenbush.txt"],
    );
    check(
        &["value", "toads(t.f) - 1/2", "--format", "json"],
        expect![[r#"
            exit 0
            {"kind":"partizan","schema":1,"spec":"toads(t.f) + -(1/2)","route":"canonical","canonical":"-1/2*","outcome":"R","is_number":false,"left_stop":"-1/2","right_stop":"-1/2","mean":"-1/2","temperature":"0","left_wall":[{"start":"0","value":"-1/2","slope":0}],"right_wall":[{"start":"0","value":"-1/2","slope":0}],"reduced":"-1/2","atomic_weight":null,"left_winning_moves":[],"right_winning_moves":[{"component":0,"to":"toads(tf.)","result":"toads(tf.) + -(1/2)","value":"-1/2"}]}
        "#]],
    );
    check(
        &["value", "{1|0"],
        expect![[r#"
        exit 2
        --- stderr
        error: expected '}', found the end of the text
          {1|0
              ^
    "#]],
    );
    check_file(
        &["value", "{1|0}", "--misere"],
        expect_file!["snapshots/value_partizan_misere.txt"],
    );
    check_file(
        &["value", "domineering(5x5)", "--max-work", "1000"],
        expect_file!["snapshots/value_domineering_5x5_work_limit.txt"],
    );
}
