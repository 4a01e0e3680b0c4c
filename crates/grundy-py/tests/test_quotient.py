"""Misère quotients from Python: the report is the command line's JSON, and `outcome` agrees
with the misère analysis of the same sums."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy


@pytest.mark.parametrize("rule,to", [("nim", 2), ("0.75", 12), ("kayles", 14), ("dawson", 16)])
def test_report_is_the_command_lines(cli, rule, to):
    code, expected = cli.json("quotient", rule, "--to", str(to))
    assert code == 0
    assert grundy.quotient(rule, to).to_dict() == expected


def test_fields():
    q = grundy.quotient("nim", 2)
    assert (q.order, q.elements, q.p_portion, q.heaps) == (
        6, ["1", "a", "b", "ab", "b^2", "ab^2"], ["a", "b^2"], ["1", "a", "b"])
    assert q.stable_from == 2 and q.checked
    # table[x][y] is the product: a·a = 1 (two heaps of 1 cancel in Nim's quotient).
    a = q.elements.index("a")
    assert q.elements[q.table[a][a]] == "1"
    assert [g.heap for g in q.generators] == [1, 2]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 12), min_size=1, max_size=4))
def test_outcome_agrees_with_misere_analysis(heaps):
    q = grundy.quotient("kayles", 12)
    spec = f"kayles({','.join(map(str, heaps))})"
    assert q.outcome(heaps) == grundy.analyze(spec, misere=True).outcome


def test_large_sums_are_answered_by_the_quotient():
    report = grundy.analyze("kayles(" + ",".join(map(str, range(1, 21))) + ")", misere=True)
    # The quotient of heaps up to 20 (order 24), or the whole game's (order 40, proved at heap
    # 167) when an earlier question in this process grew and kept it.
    assert (report.quotient.to, report.quotient.order) in {(20, 24), (167, 40)}
    assert report.outcome == "P" and report.winning_moves == []


def test_errors():
    q = grundy.quotient("kayles", 10)
    with pytest.raises(grundy.SpecError, match="beyond"):
        q.outcome([11])
    with pytest.raises(grundy.LimitError):
        grundy.quotient("kayles", 20, max_order=4)
    with pytest.raises(grundy.SpecError):
        grundy.quotient("kayles(3)", 5)


def test_a_growth_stopped_by_a_limit_is_the_command_lines_report(cli):
    # Without `to`, a limit that stops the growth before the proof gives the quotient of the
    # heaps grown and the reason, as `grundy quotient RULE` does; nothing is raised.
    code, expected = cli.json("quotient", "0.15", "--max-work", "16384")
    assert code == 0 and "whole" not in expected
    q = grundy.quotient("0.15", max_work=16384)
    assert q.to_dict() == expected
    assert q.stopped.startswith(f"stopped before heap {q.to + 1}")
    assert q.outcome([q.to]) in {"N", "P"}
    with pytest.raises(grundy.SpecError, match="beyond"):
        q.outcome([q.to + 1])
    with pytest.raises(grundy.GrundyError, match="no periodicity theorem"):
        grundy.quotient("grundy")
