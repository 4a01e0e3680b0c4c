"""Games written in Python, checked against plain-Python brute force written here: the mex of
the options' values (the XOR of the parts after a split), outcomes of misère sums by search
over whole positions, and win/loss/draw of games with cycles by retrograde analysis."""

import itertools
import sys
from functools import lru_cache
from math import isqrt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy


def mex(values):
    k = 0
    while k in values:
        k += 1
    return k


def brute_values(moves, last):
    """g(0..last) bottom-up for games whose moves from n lead to smaller heaps (tuples split)."""
    values = []
    for n in range(last + 1):
        options = set()
        for move in moves(n):
            parts = move if type(move) is tuple else (move,)
            total = 0
            for part in parts:
                total ^= values[part]
            options.add(total)
        values.append(mex(options))
    return values


def square_moves(n):
    return [n - k * k for k in range(1, isqrt(n) + 1)]


def grundys_game_moves(n):
    """Split a heap into two unequal nonempty heaps (Grundy's game)."""
    return [(a, n - a) for a in range(1, (n + 1) // 2) if a != n - a]


def test_subtract_a_square_matches_brute_force():
    take_square = grundy.game(square_moves)
    expected = brute_values(square_moves, 600)
    assert [take_square.value(n) for n in range(601)] == expected
    # About one call of the moves function per position.
    assert take_square.calls <= take_square.positions_seen


def test_the_issue_example():
    @grundy.game
    def take_square(n):
        return [n - k * k for k in range(1, isqrt(n) + 1)]

    value = take_square.value(10**5)
    assert value == brute_values(square_moves, 10**5)[-1]
    assert take_square.calls == 10**5 + 1
    total = take_square(40) + grundy.parse("kayles(9)")
    report = grundy.analyze(total)
    assert report.value == take_square.value(40) ^ grundy.analyze("kayles(9)").value
    for move in total.winning_moves():
        assert move.game.value() == 0


def test_a_splitting_game_matches_brute_force_and_the_builtin():
    split = grundy.game(grundys_game_moves, name="split")
    expected = brute_values(grundys_game_moves, 80)
    assert [split.value(n) for n in range(81)] == expected
    assert expected == grundy.seq("grundy", to=80).tolist()
    report = grundy.analyze(split(9, 10) + grundy.parse("grundy(11)"))
    assert report.value == expected[9] ^ expected[10] ^ expected[11]


def test_finishing_moves_and_any_hashable_positions():
    # Positions are strings of heaps; "" is the end; a move may finish the game with ().
    @grundy.game
    def row(word):
        moves = [word[:i] + word[i + 1:] for i in range(len(word))]
        if len(word) == 1:
            moves.append(())
        return moves

    # Removing one letter at a time: the value is the parity of the length.
    assert [row.value("x" * n) for n in range(6)] == [0, 1, 0, 1, 0, 1]
    assert row("abc").spec == "row('abc')"


def test_canonical_merges_equivalent_positions():
    calls = []

    def moves(heaps):
        calls.append(heaps)
        result = []
        for i, heap in enumerate(heaps):
            for take in range(1, heap + 1):
                rest = heaps[:i] + (heap - take,) + heaps[i + 1:]
                result.append(Heaps(tuple(sorted(h for h in rest if h))))
        return result

    class Heaps(tuple):
        """Nim positions as sorted tuples (a tuple subclass: a position, not a split)."""

    plain = grundy.game(moves)
    merged = grundy.game(moves, canonical=lambda heaps: Heaps(sorted(heaps)))
    start = Heaps((3, 4, 5))
    assert plain.value(start) == merged.value(Heaps((5, 4, 3))) == 3 ^ 4 ^ 5


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 7), min_size=1, max_size=3))
def test_misere_sums_match_brute_force(heaps):
    def take_one_or_two(n):
        return [n - k for k in (1, 2) if k <= n]

    @lru_cache(maxsize=None)
    def misere_wins(position):
        # The player to move wins in misère play: some move leads to a loss for the opponent;
        # with no move left, the player to move has won (the opponent moved last).
        if not any(position):
            return True
        for i, heap in enumerate(position):
            for after in take_one_or_two(heap):
                nxt = tuple(sorted(position[:i] + (after,) + position[i + 1:]))
                if not misere_wins(nxt):
                    return True
        return False

    game = grundy.game(take_one_or_two)
    report = grundy.analyze(game(*heaps), misere=True)
    assert report.outcome == ("N" if misere_wins(tuple(sorted(heaps))) else "P")
    mixed = grundy.analyze(game(*heaps) + grundy.parse("nim(1)"), misere=True)
    assert mixed.outcome == ("N" if misere_wins(tuple(sorted(heaps + [1]))) else "P")


def retrograde(successors):
    """Win (N), loss (P) or draw (D) of every vertex for the player to move, normal play."""
    outcome = {v: None for v in successors}
    changed = True
    while changed:
        changed = False
        for v, options in successors.items():
            if outcome[v] is not None:
                continue
            if any(outcome[w] == "P" for w in options):
                outcome[v], changed = "N", True
            elif all(outcome[w] == "N" for w in options):
                outcome[v], changed = "P", True
    return {v: o or "D" for v, o in outcome.items()}


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5)), min_size=1, max_size=10))
def test_games_with_cycles_match_retrograde_analysis(edges):
    successors = {v: sorted({b for a, b in edges if a == v}) for v in range(6)}
    graph = grundy.game(lambda v: successors[v], name="graph")
    single = retrograde(successors)
    for v in range(6):
        assert grundy.analyze(graph(v)).outcome == single[v], v
    # Two tokens: a move moves one of them.
    pairs = {(a, b): [(c, b) for c in successors[a]] + [(a, c) for c in successors[b]]
             for a, b in itertools.product(range(6), repeat=2)}
    double = retrograde(pairs)
    for a, b in [(0, 1), (2, 3), (4, 5), (1, 1)]:
        assert grundy.analyze(graph(a, b)).outcome == double[(a, b)], (a, b)


def test_depth_of_a_million_needs_no_recursion():
    assert sys.getrecursionlimit() < 10**6
    chain = grundy.game(lambda n: [n - 1] if n else [])
    assert chain.value(10**6) == 0
    assert chain.value(10**6 - 1) == 1


def test_dag_and_play_with_games_written_in_python():
    take_square = grundy.game(square_moves, name="squares")
    dag = grundy.dag(take_square(10))
    assert dag.nodes[0].spec == "squares(10)" and dag.value == take_square.value(10)
    assert dag._repr_svg_().startswith("<svg")
    game = grundy.play(take_square(10) + grundy.parse("nim(2)"))
    while not game.over:
        game.computer_move()


def test_exceptions_in_moves_propagate_as_themselves():
    class Boom(Exception):
        pass

    def moves(n):
        if n == 5:
            raise Boom("no moves for 5")
        return [n - 1] if n else []

    flaky = grundy.game(moves)
    for ask in (lambda: flaky.value(9), lambda: grundy.analyze(flaky(9)),
                lambda: grundy.analyze(flaky(9), misere=True), lambda: grundy.dag(flaky(9))):
        with pytest.raises(Boom, match="no moves for 5"):
            ask()
    # Nothing wrong was remembered.
    assert flaky.value(4) == 0


def test_bad_moves_raise_clear_errors():
    with pytest.raises(TypeError):
        grundy.game(lambda n: [[n - 1]] if n else []).value(3)  # lists are not hashable
    with pytest.raises(TypeError):
        grundy.game(lambda n: 5).value(3)  # not a list of moves
    with pytest.raises(TypeError):
        grundy.game(42)
    with pytest.raises(grundy.LimitError):
        grundy.game(lambda n: [n + 1], max_positions=1000).value(0)


def test_grundy_cannot_be_reentered_from_moves():
    inner = grundy.game(lambda n: [n - 1] if n else [])

    def moves(n):
        inner.value(3)
        return []

    with pytest.raises(RuntimeError, match="inside a game's moves"):
        grundy.game(moves).value(1)
    assert inner.value(3) == 1


def test_threads_computing_one_game_at_once_both_finish():
    """Without the lock every computation takes first, this deadlocks (a thread waits for the
    memo while holding the GIL that the computing thread needs): the test then hangs."""
    import threading

    def moves(n):
        # Pure-Python work, so that the interpreter switches threads inside the callback.
        sum(range(200))
        return [n - k for k in (1, 2, 5) if k <= n]

    shared = grundy.game(moves)
    expected = brute_values(moves, 3000)
    results = {}

    def worker(name, positions):
        results[name] = [shared.value(n) for n in positions]
        results[name + " sum"] = grundy.analyze(shared(positions[-1]) + grundy.parse("nim(3)")).value

    threads = [threading.Thread(target=worker, args=(f"t{i}", range(i * 7, 3001, 97)), daemon=True)
               for i in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(thread.is_alive() for thread in threads), "a thread hangs"
    for i in range(3):
        positions = range(i * 7, 3001, 97)
        assert results[f"t{i}"] == [expected[n] for n in positions]
        assert results[f"t{i} sum"] == expected[positions[-1]] ^ 3


@settings(max_examples=40, deadline=None)
@given(st.sets(st.integers(1, 9), min_size=1, max_size=4), st.lists(st.integers(0, 60), min_size=1, max_size=3))
def test_subtraction_games_written_in_python_match_the_builtin_rule(subtract, heaps):
    @grundy.game
    def python_rule(n):
        return [n - k for k in sorted(subtract) if k <= n]

    builtin = f"sub{{{','.join(map(str, sorted(subtract)))}}}"
    expected = grundy.seq(builtin, to=60).tolist()
    assert [python_rule.value(n) for n in range(61)] == expected
    total = 0
    for heap in heaps:
        total ^= expected[heap]
    report = grundy.analyze(python_rule(*heaps))
    assert report.value == total
    assert report.outcome == ("P" if total == 0 else "N")
    # Every winning move leads to a position of value 0, and there is one exactly when total != 0.
    moves = python_rule(*heaps).winning_moves()
    assert all(move.game.value() == 0 for move in moves)
    assert bool(moves) == (total != 0)


def test_a_repr_that_calls_grundy_does_not_hang():
    class Position(int):
        def __repr__(self):
            grundy.analyze("nim(1)")
            return "never shown"

    game = grundy.game(lambda n: [Position(n - 1)] if n else [])
    report = grundy.analyze(game(Position(3)))
    assert report.value == 1 and report.spec == "<lambda>(?)"
