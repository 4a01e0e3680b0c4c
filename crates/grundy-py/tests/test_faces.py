"""Issue 15's test matrix, the Python part: every kind of game in
crates/grundy/tests/data/faces.txt gets the command line's report in normal and misère play
(and its DAG), or the same error message, raised as the exception its kind calls for: SpecError
for bad input, GrundyError for misère play of a game with a cycle."""

import pytest

import grundy
from conftest import ROOT

IMPARTIAL, PARTIZAN = (
    (ROOT / "crates/grundy/tests/data/faces.txt").read_text().split("\n## partizan\n")
)
SPECS = [line for line in IMPARTIAL.splitlines() if line and not line.startswith("#")]
# The matrix's partizan specs: `value` and `moves` only (the DAG reads impartial specs).
PARTIZAN_SPECS = [line for line in PARTIZAN.splitlines() if line and not line.startswith("#")]


def check(call, expected, code):
    if code == 0:
        assert call().to_dict() == expected
        return
    with pytest.raises(grundy.GrundyError) as raised:
        call()
    assert raised.value.message == expected["error"]
    assert isinstance(raised.value, grundy.LimitError) == expected["limit"]
    # Exit 1: the input is good and the method stops short (a limit, or an unsupported case).
    stopped = expected["limit"] or expected["error"].startswith("not supported:")
    assert (code == 1) == stopped
    if expected["span"] is not None:
        assert isinstance(raised.value, grundy.SpecError)
        assert raised.value.span == tuple(expected["span"])
    elif not expected["limit"]:
        assert type(raised.value) is grundy.GrundyError


def check_value_and_moves(cli, spec, misere):
    """`value` and `moves` of `spec` as the CLI answers them; gives the CLI flags used."""
    flags = ["--misere"] if misere else []
    code, expected = cli.json("value", spec, *flags)
    check(lambda: grundy.analyze(spec, misere=misere), expected, code)
    code, expected = cli.json("moves", spec, *flags)
    check(lambda: grundy.moves(spec, misere=misere), expected, code)
    return flags


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize("misere", [False, True])
def test_every_kind_of_game_gets_the_cli_report(cli, spec, misere):
    flags = check_value_and_moves(cli, spec, misere)
    code, expected = cli.json("dag", spec, "--max-nodes", "50", *flags)
    check(lambda: grundy.dag(spec, max_nodes=50, misere=misere), expected, code)


@pytest.mark.parametrize("spec", PARTIZAN_SPECS)
@pytest.mark.parametrize("misere", [False, True])
def test_every_partizan_spec_of_the_matrix_gets_the_cli_report(cli, spec, misere):
    check_value_and_moves(cli, spec, misere)


@pytest.mark.parametrize(
    "spec",
    [
        "{1|0} + ^ + *2",
        "domineering(3x3) + hackenbush(lrl)",
        "toads(tt.ff) - 1/2",
        "clobber(XOXO) + cutcake(2x3)",
        "{1|0",
        "{1|0} + kayles(3)",
    ],
)
def test_partizan_specs_get_the_cli_report(cli, spec):
    code, expected = cli.json("value", spec)
    check(lambda: grundy.analyze(spec), expected, code)
    if code == 0:
        assert expected["kind"] == "partizan"
    code, expected = cli.json("moves", spec)
    check(lambda: grundy.moves(spec), expected, code)
    if code == 0:
        assert expected["kind"] == "partizan"
        for side in ("left", "right"):
            listed = [move["result"] for move in expected[f"{side}_moves"]]
            if listed:
                chosen = grundy.partizan_move(spec, side)
                assert chosen.side == side and chosen.result in listed
