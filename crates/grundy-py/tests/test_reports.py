"""The Python face answers exactly as the command line's JSON: values, outcomes, winning moves,
moves, misère play, loopy games, DAGs, sequences, periods and certificates."""

import json

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import grundy

HEAP_RULES = ["nim", "kayles", "dawson", "grundy", "lasker", "0.137", "0.6", "4.07", "sub{1,3}",
              "sub{1,2,4}", "allbut{1,2}", "take[2..5]", "0.3F"]


@st.composite
def heap_terms(draw):
    rule = draw(st.sampled_from(HEAP_RULES))
    heaps = draw(st.lists(st.integers(0, 12), min_size=1, max_size=3))
    return f"{rule}({','.join(map(str, heaps))})"


@st.composite
def other_terms(draw):
    kind = draw(st.sampled_from(["wythoff", "staircase", "turtles", "digraph", "green", "moore",
                                 "a-wythoff", "fibnim", "tartan", "turn", "cram"]))
    if kind == "wythoff":
        return f"wythoff({draw(st.integers(0, 6))},{draw(st.integers(0, 6))})"
    if kind == "moore":
        heaps = draw(st.lists(st.integers(0, 4), min_size=1, max_size=3))
        return f"moore({draw(st.integers(1, 3))}; {','.join(map(str, heaps))})"
    if kind == "a-wythoff":
        x, y, a = draw(st.integers(0, 6)), draw(st.integers(0, 6)), draw(st.integers(1, 3))
        return f"wythoff({x},{y}; a={a})"
    if kind == "fibnim":
        return f"fibnim({draw(st.integers(0, 20))}; max={draw(st.integers(0, 20))})"
    if kind == "tartan":
        rules = draw(st.tuples(*[st.sampled_from(["turtles", "mock", "ruler"])] * 2))
        rows = draw(st.lists(st.text("HT", min_size=1, max_size=3), min_size=1, max_size=3))
        return f"tartan({rules[0]},{rules[1]}; {'/'.join(rows)})"
    if kind == "turn":
        rule = draw(st.sampled_from(["twins", "moebius", "mogul", "rulerette", "ternups", "grunt",
                                     "turn{1,3}", "turn{run 2,3}", "turn{spaced 1..3}"]))
        return f"{rule}({draw(st.text('HT', min_size=1, max_size=8))})"
    if kind == "cram":
        width = draw(st.integers(1, 3))
        rows = draw(st.lists(st.text("ox", min_size=width, max_size=width), min_size=1, max_size=3))
        return f"cram({'/'.join(rows)})"
    if kind == "staircase":
        coins = draw(st.lists(st.integers(0, 3), min_size=1, max_size=4))
        return f"staircase({','.join(map(str, coins))})"
    if kind == "turtles":
        return "turtles(" + "".join(draw(st.lists(st.sampled_from("HT"), min_size=1, max_size=6))) + ")"
    if kind == "green":
        return draw(st.sampled_from(["green(a-b, b-c, a-c; ground=a)", "green(a-b, b-c; ground=a)"]))
    # A digraph, cycles allowed: edges among five vertices.
    vertices = "abcde"
    edges = draw(st.lists(st.tuples(st.sampled_from(vertices), st.sampled_from(vertices))
                          .filter(lambda e: e[0] != e[1]), min_size=1, max_size=6, unique=True))
    start = draw(st.sampled_from([e[0] for e in edges]))
    return f"digraph({', '.join(f'{a}>{b}' for a, b in edges)}; {start})"


specs = st.lists(st.one_of(heap_terms(), other_terms()), min_size=1, max_size=3).map(" + ".join)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(specs)
def test_value_reports_match_the_cli(cli, spec):
    code, expected = cli.json("value", spec)
    if code == 0:
        report = grundy.analyze(spec)
        assert report.to_dict() == expected
        # Each winning move's game is the position the report names.
        if "escapes" not in report and "remoteness" not in report:
            for move in grundy.parse(spec).winning_moves():
                assert move.game is not None and move.game.spec == move.result
                assert move.game.value() == 0
    else:
        with pytest.raises(grundy.GrundyError) as raised:
            grundy.analyze(spec)
        assert isinstance(raised.value, grundy.LimitError) == (code == 1)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(specs)
def test_moves_reports_match_the_cli(cli, spec):
    code, expected = cli.json("moves", spec)
    if code == 0:
        assert grundy.moves(spec).to_dict() == expected


@st.composite
def small_heap_terms(draw):
    rule = draw(st.sampled_from(HEAP_RULES))
    heaps = draw(st.lists(st.integers(0, 5), min_size=1, max_size=2))
    return f"{rule}({','.join(map(str, heaps))})"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(small_heap_terms(), min_size=1, max_size=2).map(" + ".join))
def test_misere_reports_match_the_cli(cli, spec):
    code, expected = cli.json("value", spec, "--misere")
    if code == 0:
        assert grundy.analyze(spec, misere=True).to_dict() == expected
    code, expected = cli.json("moves", spec, "--misere")
    if code == 0:
        assert grundy.moves(spec, misere=True).to_dict() == expected


@pytest.mark.parametrize("spec", ["nim(3,4,5)", "kayles(5) + sub{1,3}(4)", "digraph(a>b, b>c; a)"])
def test_dag_reports_match_the_cli(cli, spec):
    _, expected = cli.json("dag", spec, "--max-nodes", "50")
    assert grundy.dag(spec, max_nodes=50).to_dict() == expected


@pytest.mark.parametrize("rule", ["kayles", "grundy", "sub{1,2,4,8,16}", "0.137", "allbut{1,2}"])
def test_sequences_match_the_cli(cli, rule):
    _, expected = cli.json("seq", rule, "--to", "300")
    values = grundy.seq(rule, to=300)
    assert isinstance(values, np.ndarray) and values.dtype == np.uint64
    assert values.tolist() == expected["values"]
    assert grundy.sequence(rule, to=300).to_dict() == expected
    code, expected = cli.json("seq", rule, "--to", "20", "--misere")
    assert code == 0
    assert grundy.seq(rule, to=20, misere=True).to_dict() == expected


@pytest.mark.parametrize("rule", ["kayles", "0.07", "sub{2,3,7}", "allbut{1,2}", "grundy"])
def test_periods_and_certificates(cli, rule, tmp_path):
    _, expected = cli.json("period", rule, "--max", "20000")
    report = grundy.period(rule, max=20000)
    for field in ("rule", "proved", "preperiod", "period", "saltus", "theorem", "last_exception"):
        assert report[field] == expected[field], field
    if report.proved:
        assert grundy.verify(report).valid
        # A certificate file written by the command line verifies too.
        path = tmp_path / "cert.json"
        path.write_text(json.dumps(expected))
        assert grundy.verify(path).to_dict() == cli.json("verify", str(path))[1]
        forged = dict(report.to_dict(), period=report.period + 1)
        assert not grundy.verify(forged).valid
        for by in ("naive", "plain", "sparse"):
            checked = grundy.verify(report, by=by)
            assert checked.valid
            # Codes with a repeating tail (subtraction games) take the plain scan instead.
            assert checked.recomputed_by in (by, "plain")
            assert checked.to_dict() == cli.json("verify", str(path), "--by", by)[1]
        with pytest.raises(ValueError, match="unknown route"):
            grundy.verify(report, by="fast")


def test_the_readme_example():
    report = grundy.analyze("kayles(13) + nim(3,4,5)")
    assert (report.value, report.outcome) == (3, "N")
    assert [c.value for c in report.components] == [1, 3, 4, 5]
    assert all(grundy.analyze(m.result).value == 0 for m in report.winning_moves)


def test_loopy_and_misere_fields():
    loopy = grundy.analyze("digraph(u>s, u>a, a>b, b>a; u)")
    assert (loopy.value, loopy.escapes, loopy.outcome) == ("inf", [0], "N")
    assert grundy.analyze("digraph(a>b, b>a; a)").outcome == "D"
    misere = grundy.analyze("nim(1,1,1)", misere=True)
    assert (misere.outcome, misere.play) == ("P", "misere")
    assert "genus" in misere


def test_winning_moves_name_their_games_only_for_grundy_values():
    # The front door's answer says which moves have games: a game with cycles (loopy report)
    # or misère play gives the report's moves without them, a game without cycles with them.
    loopy = grundy.parse("digraph(u>s, u>a, a>b, b>a; u)")
    moves = loopy.winning_moves()
    assert [m.result for m in moves] == [m.result for m in loopy.analyze().winning_moves]
    assert moves and all(m.game is None for m in moves)
    nim = grundy.parse("nim(1,2)")
    assert [m.game for m in nim.winning_moves(misere=True)] == [None]
    assert [m.game.spec for m in nim.winning_moves()] == ["nim(1,1)"]


def test_play_against_the_computer():
    game = grundy.play("nim(3,4,5)")
    assert game.view().outcome == "N"
    chosen = game.computer_move()
    assert chosen.result == "nim(1,4,5)" and game.position == "nim(1,4,5)"
    game.move("take 1 from 4, leaving 3")
    assert game.position == "nim(1,3,5)"
    with pytest.raises(grundy.SpecError):
        game.move("99")
    while not game.over:
        game.computer_move()
    assert game.position == "0"


def test_sums_of_games():
    total = grundy.parse("nim(3)") + "kayles(4)" + grundy.parse("sub{1,3}(5)")
    assert total.spec == "nim(3) + kayles(4) + sub{1,3}(5)"
    assert total.value() == 3 ^ 1 ^ 1
    assert sum([grundy.parse("nim(1)"), grundy.parse("nim(2)")]).value() == 3


def test_reports_show_as_html():
    html = grundy.analyze("nim(3,4,5)")._repr_html_()
    assert "<table>" in html and "winning moves" in html and "nim(1,4,5)" in html
    svg = grundy.dag("nim(2,1)")._repr_svg_()
    assert svg.startswith("<svg") and svg.count('class="node') == len(grundy.dag("nim(2,1)").nodes)
    assert '#dce9fc' in svg and 'class="win"' in svg
