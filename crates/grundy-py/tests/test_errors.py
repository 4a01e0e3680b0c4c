"""Bad input raises a clear exception, never crashes the interpreter."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy


def test_spec_errors_carry_the_span():
    with pytest.raises(grundy.SpecError) as raised:
        grundy.parse("nim(-1)")
    error = raised.value
    assert error.span == (4, 5) and error.spec == "nim(-1)"
    assert error.message.startswith("expected a heap size")
    assert str(error).splitlines()[-1] == "      ^"
    with pytest.raises(grundy.SpecError):
        grundy.seq("wythoff", to=10)
    with pytest.raises(grundy.SpecError):
        grundy.analyze("frobnicate(3)")


def test_limits_raise_limit_error():
    with pytest.raises(grundy.LimitError):
        grundy.analyze("grundy(10^9)")
    with pytest.raises(grundy.LimitError):
        grundy.seq("grundy", to=5000, max_positions=1000)
    with pytest.raises(grundy.LimitError):
        # Two games: no quotient answers, the search must run (a quotient kept from an earlier
        # question would answer kayles(60) alone without any work).
        grundy.parse("kayles(30) + nim(5)", max_work=10).analyze(misere=True)
    assert issubclass(grundy.LimitError, grundy.GrundyError)
    assert issubclass(grundy.SpecError, grundy.GrundyError)


def test_limit_errors_name_the_parameter_that_raises_them():
    # Issue 15: the help names the parameter and a value worth trying.
    with pytest.raises(grundy.LimitError) as raised:
        grundy.parse("grundy(10^6)", max_work=10**6).analyze()
    assert raised.value.help == "max_work=20_000_000 raises the limit"
    assert str(raised.value).endswith("; max_work=20_000_000 raises the limit")
    with pytest.raises(grundy.LimitError) as raised:
        grundy.seq("grundy", to=5000, max_positions=1000)
    assert raised.value.help.startswith("max_positions=")
    with pytest.raises(grundy.SpecError) as raised:
        grundy.analyze("kayls(7)")
    assert raised.value.help is None


def test_limits_no_parameter_raises_say_what_to_do_instead():
    # As the CLI's help: a table beyond any machine, and moves from one position.
    with pytest.raises(grundy.LimitError) as raised:
        grundy.analyze("grundy(10^15)")
    assert raised.value.help.startswith("no machine holds a table that long")
    assert "grundy.period(rule)" in raised.value.help
    with pytest.raises(grundy.LimitError) as raised:
        grundy.moves("nim(100000000)")
    assert raised.value.help.startswith("no parameter raises this limit (at most 1048576 moves")


def test_the_help_of_each_limit_works_when_followed():
    # A Chomp board past the search asks for its table's memory, then for the table's moves;
    # each help names a keyword argument of analyze, and following both gives the value.
    limits = dict(max_work=100_000, max_memory=2**16)
    for expected in ("max_memory", "max_work"):
        with pytest.raises(grundy.LimitError) as raised:
            grundy.analyze("chomp(10x10)", **limits)
        parameter, value = raised.value.help.split(" ")[0].split("=")
        assert parameter == expected, raised.value.help
        limits[parameter] = int(value.replace("_", ""))
    assert grundy.analyze("chomp(10x10)", **limits).value == 19
    assert grundy.parse("chomp(10x10)", **limits).analyze().value == 19
    # A Game keeps the limits it was parsed with.
    with pytest.raises(ValueError, match="grundy.parse"):
        grundy.analyze(grundy.parse("nim(3)"), max_work=10)


def test_bad_certificates():
    with pytest.raises(ValueError):
        grundy.verify({"rule": "kayles"})
    with pytest.raises(ValueError):
        grundy.verify("{not json")
    # A claim of a trillion heaps is refused before any work, not an abort on allocation.
    huge = dict(grundy.period("kayles").to_dict(), checked_to=10**12)
    with pytest.raises(grundy.LimitError, match="memory available now"):
        grundy.verify(huge)


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="nimkaylesub{}()[],.0123456789+-^*;>@ dgrphwt", max_size=30))
def test_arbitrary_text_never_crashes(text):
    try:
        game = grundy.parse(text, max_positions=10**4, max_work=10**5)
        game.analyze()
    except grundy.GrundyError:
        pass


def test_out_of_range_arguments_raise():
    with pytest.raises(OverflowError):
        grundy.seq("kayles", to=10**30)
    with pytest.raises(OverflowError):
        grundy.dag("nim(3)", max_nodes=-1)
    with pytest.raises(grundy.LimitError):
        grundy.seq("kayles", to=2**63)
    with pytest.raises(TypeError):
        grundy.analyze(42)
    with pytest.raises(OverflowError):
        grundy.Nimber(-1)
