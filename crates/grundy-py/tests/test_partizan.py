"""Partizan values as objects and partizan games written in Python: the objects' numbers equal
the command line's JSON, their order and arithmetic obey the laws (and the published
values: Winning Ways, Lessons in Play), thermographs draw their walls, and games written in
Python equal the built-in rulesets written the same way (Blue-Red-Green Hackenbush stalks,
Domineering boards, brute-forced here from the rules)."""

import itertools
import re
from fractions import Fraction

import pytest

import grundy
from grundy import partizan, partizan_game

SPECS = [
    "{|}",  # 0 in CGSuite's braces: a bare 0 is read as the impartial nimber 0
    "*",
    "^",
    "v*",
    "{1|0}",
    "{1|0} + ^",
    "{2|0||-1}",
    "+-1",
    "3/4",
    "{0|^}",
    "domineering(2x3)",
    "hackenbush(lrr) + toads(t.f)",
    "clobber(XOXO)",
]


@pytest.mark.parametrize("spec", SPECS)
def test_objects_agree_with_the_cli(cli, spec):
    code, report = cli.json("value", spec)
    assert code == 0
    value = partizan(spec)
    assert value.canonical == report["canonical"]
    assert value.outcome == report["outcome"]
    assert value.stops == (Fraction(report["left_stop"]), Fraction(report["right_stop"]))
    assert value.mean == Fraction(report["mean"])
    assert value.temperature == Fraction(report["temperature"])
    assert value.reduced.canonical == report["reduced"]
    weight = value.atomic_weight
    assert (None if weight is None else weight.canonical) == report["atomic_weight"]
    thermograph = value.thermograph()
    for side in ("left_wall", "right_wall"):
        assert [
            {key: str(piece[key]) if key != "slope" else piece[key] for key in piece}
            for piece in getattr(thermograph, side)
        ] == report[side]


def test_arithmetic_and_order():
    up, star, hot = partizan("^"), partizan("*"), partizan("{1|0}")
    assert (hot + up).canonical == "{1^|^}"
    assert hot + "^" == partizan("{1|0} + ^")
    assert -up == partizan("v") and up - up == 0 and (up + up).canonical == "^^"
    assert 1 + up == partizan("1^") and up + Fraction(1, 2) == partizan("1/2^")
    assert up > 0 and not up < 0 and up >= 0 and 0 <= up
    assert star.confused_with(0) and not star <= 0 and not star >= 0 and star != 0
    assert (up + star).confused_with(0)
    assert hot.confused_with(Fraction(1, 2)) and hot.compare(2) == "<"
    assert partizan("1/2") < 1 and partizan(Fraction(3, 4)) == partizan("3/4")
    assert len({partizan("^"), partizan("{0|*}"), up}) == 1
    with pytest.raises(TypeError):
        up + 1.5
    with pytest.raises(grundy.SpecError):
        partizan("{1|")


def test_outcomes_and_temperatures_published():
    # {2|0||-1}: Left's move to {2|0} is answered at 0, Right's is to -1; the walls meet at
    # temperature 1 over the mean 0 (worked by hand from the scaffolds).
    g = partizan("{2|0||-1}")
    assert g.stops == (0, -1) and g.temperature == 1 and g.mean == 0
    assert partizan("+-1").temperature == 1 and partizan("+-1").mean == 0
    assert partizan("{3|1}").outcome == "L" and partizan("*").outcome == "N"
    assert partizan("0").outcome == "P" and partizan("v").outcome == "R"
    assert partizan("3/4").temperature == Fraction(-1, 4)
    assert partizan("{1|-1}").cool(1) == partizan("*")
    assert partizan("*").heat(1) == partizan("+-1")


def test_atomic_weights_published():
    # Lessons in Play, ch. 9: aw(^) = 1, aw(*) = 0, aw(^*) = 1, aw(^^*) = aw({0|^}) = 2.
    for spec, weight in [("^", 1), ("*", 0), ("^*", 1), ("{0|^}", 2), ("vv*3", -2), ("0", 0)]:
        assert partizan(spec).atomic_weight == weight, spec
    assert partizan("1").atomic_weight is None and partizan("{1|0}").atomic_weight is None


def test_reduced_forms():
    assert partizan("{1|0} + ^").reduced == partizan("{1|0}")
    assert partizan("^*").reduced == 0 and partizan("3/4").reduced == partizan("3/4")


def _points(svg, wall):
    match = re.search(rf'class="{wall}" points="([^"]*)"', svg)
    assert match, wall
    return [tuple(map(float, pair.split(","))) for pair in match.group(1).split()]


def test_thermograph_draws_its_walls():
    thermograph = partizan("{5|{2|-3}}").thermograph()
    assert thermograph.temperature == Fraction(11, 4) and thermograph.mean == Fraction(9, 4)
    assert thermograph._repr_svg_().startswith("<svg")
    left, right = _points(thermograph.svg, "left-wall"), _points(thermograph.svg, "right-wall")
    assert len(left) == len(thermograph.left_wall) + 1
    assert len(right) == len(thermograph.right_wall) + 1
    # Values grow to the left: Left's stop 5 is drawn left of Right's stop 2; the walls meet
    # on the mast, drawn at one x from the temperature up.
    assert left[0][0] < right[0][0]
    assert left[-1][0] == pytest.approx(right[-1][0])
    # Same scale for value and temperature: Left's wall of slope -1 climbs at 45 degrees.
    (x0, y0), (x1, y1) = left[0], left[1]
    assert abs(x1 - x0) == pytest.approx(abs(y1 - y0))


@partizan_game
class Stalk:
    """Blue-Red-Green Hackenbush stalks, from the ground up: cutting an edge removes it and
    everything above it."""

    def left(stalk):
        return [stalk[:i] for i, edge in enumerate(stalk) if edge in "le"]

    def right(stalk):
        return [stalk[:i] for i, edge in enumerate(stalk) if edge in "re"]


def test_hackenbush_stalks_in_python_equal_the_ruleset():
    for length in range(1, 7):
        for letters in itertools.product("lre", repeat=length):
            stalk = "".join(letters)
            assert Stalk(stalk) == partizan(f"hackenbush({stalk})"), stalk
    assert Stalk("l", "r", "lr") == partizan("1/2")
    assert Stalk(("l", "lr")) == partizan("3/2")


def _domineering(rows, columns):
    cells = frozenset(itertools.product(range(rows), range(columns)))

    def moves(board, dr, dc):
        return [board - {(r, c), (r + dr, c + dc)} for (r, c) in board if (r + dr, c + dc) in board]

    game = partizan_game(left=lambda b: moves(b, 1, 0), right=lambda b: moves(b, 0, 1))
    return game(cells)


@pytest.mark.parametrize("rows,columns", [(1, 2), (2, 2), (2, 3), (3, 2), (3, 3), (2, 4)])
def test_domineering_in_python_equals_the_ruleset(rows, columns):
    assert _domineering(rows, columns) == partizan(f"domineering({rows}x{columns})")


def test_user_games_fail_cleanly():
    def boom(position):
        raise KeyError("boom")

    broken = partizan_game(left=boom, right=lambda p: [])
    with pytest.raises(KeyError):
        broken(1)
    loop = partizan_game(left=lambda p: [p], right=lambda p: [])
    with pytest.raises(ValueError, match="cycle"):
        loop(0)
    small = partizan_game(left=lambda n: [n - 1] if n else [], right=lambda n: [], max_positions=5)
    with pytest.raises(grundy.LimitError):
        small(10)
    with pytest.raises(TypeError):
        partizan_game(object())


def test_deep_games_need_no_recursion_limit():
    chain = partizan_game(left=lambda n: [n - 1] if n else [], right=lambda n: [])
    assert chain(5000) == 5000


def _toads_moves(row, mine, theirs, step):
    """Toads (``t``, Left's) move right, frogs (``f``, Right's) left: one step into an empty
    square, or a jump over one of the other side's into an empty square beyond it."""
    found = []
    for i, piece in enumerate(row):
        if piece != mine:
            continue
        for reach, over in ((step, None), (2 * step, theirs)):
            j = i + reach
            if not 0 <= j < len(row) or row[j] != "." or (over and row[i + step] != over):
                continue
            cells = list(row)
            cells[i], cells[j] = ".", mine
            found.append("".join(cells))
    return found


ToadsInPython = partizan_game(
    left=lambda row: _toads_moves(row, "t", "f", 1),
    right=lambda row: _toads_moves(row, "f", "t", -1),
    name="toads",
)


@pytest.mark.parametrize("row", ["t.f", "tt.ff", "t..f", "t.tf.f", "tf.tf", ".t.f.t", "tt..ff"])
def test_toads_and_frogs_in_python_equal_the_ruleset(row):
    assert ToadsInPython(row) == partizan(f"toads({row})"), row


def test_user_games_stop_at_their_work_limit():
    game = partizan_game(left=lambda n: list(range(n)), right=lambda n: [], max_work=50)
    with pytest.raises(grundy.LimitError, match="max_work"):
        game(40)
    assert game.work > 0
    # Another game's value is not disturbed by the failed one.
    assert partizan_game(left=lambda n: list(range(n)), right=lambda n: [])(5) == 5


def test_user_game_errors_name_the_cycle():
    loop = partizan_game(left=lambda p: [p + 1 if p < 2 else 0], right=lambda p: [])
    with pytest.raises(ValueError, match=r"cycle: 0 -> 1 -> 2 -> 0"):
        loop(0)
