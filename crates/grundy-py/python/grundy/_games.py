"""Games and sums: :class:`Game` (a position, built-in or written in Python), and what can be
asked of one: its value and winning moves, its moves, its DAG, and play against the computer."""

from __future__ import annotations

import html as _html
import json as _json
from typing import Optional, Tuple, Union

from . import _grundy
from ._grundy import GrundyError
from ._reports import Report, _Native, _report


class Game(_Native):
    """A position: a sum of games, built-in (from spec text) or written in Python.

    ``a + b`` is the sum of two games (a spec string is parsed first). Games made from the
    same ruleset share one memo of values.
    """

    __slots__ = ()

    @property
    def spec(self) -> str:
        """The game as spec text (games written in Python print as ``name(repr, ...)``)."""
        return self._native.spec()

    def __repr__(self) -> str:
        return f"Game({self.spec!r})"

    def __str__(self) -> str:
        return self.spec

    def __add__(self, other: Union["Game", str]) -> "Game":
        if isinstance(other, str):
            other = parse(other)
        if not isinstance(other, Game):
            return NotImplemented
        return Game(self._native.plus(other._native))

    def __radd__(self, other: Union["Game", str, int]) -> "Game":
        if isinstance(other, int) and other == 0:
            return self  # sum() starts from 0
        if isinstance(other, str):
            return parse(other) + self
        return NotImplemented

    def value(self) -> Union[int, str]:
        """The Grundy value: an int, or ``"inf"`` for a loopy position of infinite value."""
        return self.analyze().value

    @property
    def outcome(self) -> str:
        """``"N"`` (the player to move wins), ``"P"`` (the previous player wins) or ``"D"``."""
        return self.analyze().outcome

    def analyze(self, misere: bool = False) -> Report:
        """Value, outcome, components and every winning move (``grundy value``)."""
        return _report(self._native.value_report(misere))

    def moves(self, misere: bool = False) -> Report:
        """Every move with the value it leads to (``grundy moves``); see ``.moves``."""
        return _report(self._native.moves_report(misere))

    def winning_moves(self, misere: bool = False) -> list:
        """The winning moves, each a report with ``description``, ``result`` and, for games
        without cycles in normal play, ``game``: the position it leaves as a :class:`Game`."""
        report, natives = self._native.winning_moves(misere)
        entries = _json.loads(report).get("winning_moves", [])
        games = [Game(native) for native in natives]
        return [
            _MoveReport(entry, games[index] if games else None)
            for index, entry in enumerate(entries)
        ]

    def dag(self, max_nodes: int = 200, misere: bool = False) -> "Dag":
        """The game DAG: every position reachable, equal ones merged (``grundy dag``); in
        misère play each position carries its misère value."""
        return Dag(_json.loads(self._native.dag_report(max_nodes, misere)))

    def highest_bit(self) -> Report:
        """The highest-bit rule of the sum spelled out."""
        return _report(self._native.highest_bit_report())

    def play(self, misere: bool = False) -> "Play":
        """This position in play against a perfect opponent."""
        return Play(self._native.play(misere))

    def _repr_html_(self) -> str:
        try:
            return self.analyze()._repr_html_()
        except GrundyError as error:
            return f"<p>{_html.escape(self.spec)}: {_html.escape(str(error))}</p>"


class _MoveReport(Report):
    """A winning move: its report fields, and ``game``, the position it leaves."""

    __slots__ = ("game",)

    def __init__(self, data: dict, game: Optional[Game]):
        super().__init__(data)
        object.__setattr__(self, "game", game)


def parse(
    spec: str,
    *,
    max_positions: Optional[int] = None,
    max_work: Optional[int] = None,
    max_memory: Optional[int] = None,
) -> Game:
    """A game from spec text: ``parse("kayles(13) + nim(3,4,5)")``.

    Its computations keep within the limits given, the library's defaults where not:
    ``max_positions`` (positions remembered), ``max_work`` (moves examined) and ``max_memory``
    (bytes of a search's table), as the CLI's ``--max-positions``, ``--max-work`` and
    ``--max-memory``. Raises :class:`SpecError` with ``span`` (a byte range of ``spec``) on bad
    input, :class:`LimitError` with ``help`` naming the parameter to raise.
    """
    return Game(_grundy.parse(spec, max_positions, max_work, max_memory))


def _limits(spec: Union[str, Game], *limits: Optional[int]) -> Tuple[Optional[int], ...]:
    """The limits to read spec text with, as given; a :class:`Game` keeps those it was parsed
    with, so it takes none."""
    if isinstance(spec, Game) and any(limit is not None for limit in limits):
        raise ValueError("a Game keeps the limits grundy.parse gave it: pass them there")
    return limits


def _game(spec_or_game: Union[str, Game]) -> Game:
    if isinstance(spec_or_game, Game):
        return spec_or_game
    if isinstance(spec_or_game, str):
        return parse(spec_or_game)
    raise TypeError(f"expected spec text or a grundy.Game, not {type(spec_or_game).__name__}")


def analyze(
    spec: Union[str, Game],
    misere: bool = False,
    *,
    max_positions: Optional[int] = None,
    max_work: Optional[int] = None,
    max_memory: Optional[int] = None,
) -> Report:
    """Value, outcome, components and every winning move: ``grundy value SPEC``, within the
    limits given for spec text (as :func:`parse`).

    The report has the fields of the JSON: ``value``, ``outcome`` (``"N"``, ``"P"``, or
    ``"D"`` for a draw), ``components`` and ``winning_moves`` (each with ``description``,
    ``result`` and ``target_value``). Misère play (``misere=True``) adds ``genus``; a sum of
    heaps of one game too large to search is answered by its misère quotient instead
    (``quotient`` set, no ``value`` or ``genus``). Games with cycles report
    ``value == "inf"`` with ``escapes``.

    Spec text of a partizan game (CGSuite's notation such as ``"{1|0} + ^"``, or a position
    such as ``"domineering(3x4)"``) gives the partizan report (``kind == "partizan"``):
    ``canonical``, ``outcome`` (``"L"``, ``"R"``, ``"N"`` or ``"P"``), ``left_stop``,
    ``right_stop``, ``mean``, ``temperature``, the thermograph's ``left_wall`` and
    ``right_wall``, and ``left_winning_moves`` and ``right_winning_moves`` (each with
    ``to``, ``result`` and ``value``).

    Example::

        >>> import grundy
        >>> report = grundy.analyze("nim(3,4,5)")
        >>> report.value, report.outcome, report.winning_moves[0].result
        (2, 'N', 'nim(1,4,5)')
        >>> grundy.analyze("nim(1,1,1)", misere=True).outcome
        'P'
        >>> hot = grundy.analyze("{1|0} + ^ + *2")
        >>> hot.canonical, hot.outcome, hot.temperature
        ('{1^*2|^*2}', 'L', '1/2')
    """
    limits = _limits(spec, max_positions, max_work, max_memory)
    if isinstance(spec, str):
        return _report(_grundy.report_of("value", spec, misere, *limits))
    return _game(spec).analyze(misere)


def moves(
    spec: Union[str, Game],
    misere: bool = False,
    *,
    max_positions: Optional[int] = None,
    max_work: Optional[int] = None,
    max_memory: Optional[int] = None,
) -> Report:
    """Every move with the value it leads to: ``grundy moves SPEC``, within the limits given
    for spec text (as :func:`parse`).

    In misère play a sum of heaps of one game too large to search is answered by its misère
    quotient: ``quotient`` is set, and each move has ``winning`` but no ``value_after``.

    Spec text of a partizan game gives every move of each player (``kind == "partizan"``):
    ``left_moves`` and ``right_moves``, each with ``to``, ``result``, ``value`` (the canonical
    form it leaves) and ``wins``.

    >>> [m.result for m in moves("nim(2)").moves]
    ['0', 'nim(1)']
    >>> [(m.result, m.wins) for m in moves("hackenbush(lr)").right_moves]
    [('hackenbush(l)', False)]
    """
    limits = _limits(spec, max_positions, max_work, max_memory)
    if isinstance(spec, str):
        return _report(_grundy.report_of("moves", spec, misere, *limits))
    return _game(spec).moves(misere)


def partizan_move(
    spec: str,
    side: str,
    *,
    max_positions: Optional[int] = None,
    max_work: Optional[int] = None,
) -> Report:
    """The move a perfect ``"left"`` or ``"right"`` player makes in a partizan game, with its
    ``reason``: the computer's move of ``grundy play --as``, within the limits given. Play a
    game by feeding each ``result`` back in.

    >>> chosen = partizan_move("domineering(2x3)", "left")
    >>> chosen.result, chosen.wins
    ('domineering(oxo/oxo)', True)
    """
    if side not in ("left", "right"):
        raise ValueError(f"side is 'left' or 'right', not {side!r}")
    return _report(_grundy.report_of(f"{side}_move", spec, False, max_positions, max_work))


class Dag(Report):
    """The game DAG report (``grundy dag``); in Jupyter it draws itself as SVG, in layers (the
    end of the game at the bottom), P-positions coloured, winning moves in red."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        from ._draw import dag_svg

        return dag_svg(self._data)

    def svg(self) -> str:
        """The picture as SVG text."""
        return self._repr_svg_()


def dag(spec: Union[str, Game], max_nodes: int = 200, misere: bool = False) -> Dag:
    """Every position reachable from ``spec``, equal ones merged, with values and winning
    moves (``grundy dag``); at most ``max_nodes`` positions, the rest counted. With
    ``misere=True`` the values are misère values (the mex of the options', 1 at the end).

    >>> [node["value"] for node in dag("nim(1,1)", misere=True).nodes]
    [1, 0, 1]
    """
    return _game(spec).dag(max_nodes, misere)


class Play(_Native):
    """A game against a perfect opponent (``grundy play``).

    ``view()`` shows the position, its outcome and the moves; ``move(text)`` plays a move
    given by its number (from 1), its description or the position it leads to;
    ``computer_move()`` lets the computer move and says why.
    """

    __slots__ = ()

    @property
    def position(self) -> str:
        return self._native.position()

    def view(self) -> Report:
        return _report(self._native.view())

    @property
    def over(self) -> bool:
        return self.view().over

    def move(self, text: Union[str, int]) -> None:
        self._native.make_move(str(text))

    def computer_move(self) -> Report:
        return _report(self._native.computer_move())

    def __repr__(self) -> str:
        return f"Play({self.position!r})"

    def _repr_html_(self) -> str:
        return self.view()._repr_html_()


def play(spec: Union[str, Game], misere: bool = False) -> Play:
    """Starts a game against the computer from ``spec``."""
    return _game(spec).play(misere)
