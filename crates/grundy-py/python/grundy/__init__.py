"""grundy: Sprague-Grundy theory for impartial games, from Python.

A face over the Rust library ``grundy``, like its command line and its web page: everything
is computed by the library, and every report has the same fields as the JSON of
``grundy ... --format json``.

>>> import grundy
>>> report = grundy.analyze("kayles(13) + nim(3,4,5)")
>>> report.value, report.outcome
(3, 'N')
>>> report.winning_moves[0].result
'kayles(3,8) + nim(3,4,5)'

Games of your own, the way the tutorials write them (moves: the positions one move away):

>>> from math import isqrt
>>> @grundy.game
... def take_square(n):
...     return [n - k * k for k in range(1, isqrt(n) + 1)]
>>> take_square.value(40)
1
>>> (take_square(40) + grundy.parse("kayles(9)")).value()
5

Errors raise :class:`SpecError` (bad input, with ``span``), :class:`LimitError` (a limit
stopped the computation) or :class:`GrundyError`; an exception raised in your own ``moves``
function comes out as itself.
"""

from __future__ import annotations

import html as _html
import json as _json
import os as _os
from typing import Any, Callable, Iterable, Optional, Union

import numpy as _np

from . import _grundy
from ._grundy import GrundyError, LimitError, Nimber, SpecError

__version__ = _grundy.__version__

__all__ = [
    "Dag",
    "Game",
    "GrundyError",
    "LimitError",
    "Nimber",
    "Play",
    "Report",
    "SpecError",
    "UserGame",
    "analyze",
    "census",
    "read_census",
    "dag",
    "game",
    "moves",
    "nim_mul",
    "nimber",
    "parse",
    "period",
    "play",
    "plot_seq",
    "quotient",
    "Quotient",
    "seq",
    "sequence",
    "verify",
]


# ---------------------------------------------------------------------------------------------
# Reports


def _wrap(value: Any) -> Any:
    if isinstance(value, dict):
        return Report(value)
    if isinstance(value, list):
        return [_wrap(item) for item in value]
    return value


class Report:
    """One of the library's reports: the fields of its JSON document as attributes.

    ``report.value``, ``report["value"]`` and ``report.to_dict()["value"]`` are the same.
    Nested objects are reports too. In Jupyter a report shows as tables.
    """

    __slots__ = ("_data",)

    def __init__(self, data: dict):
        object.__setattr__(self, "_data", data)

    def __getattr__(self, name: str) -> Any:
        try:
            return _wrap(self._data[name])
        except KeyError:
            raise AttributeError(
                f"this report has no field {name!r}; it has {', '.join(self._data)}"
            ) from None

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("reports are read-only")

    def __getitem__(self, name: str) -> Any:
        return _wrap(self._data[name])

    def __contains__(self, name: str) -> bool:
        return name in self._data

    def __dir__(self) -> Iterable[str]:
        return list(self._data) + ["to_dict", "to_json", "keys"]

    def keys(self):
        """The field names, in the JSON's order."""
        return self._data.keys()

    def to_dict(self) -> dict:
        """The JSON document as plain Python values."""
        return self._data

    def to_json(self) -> str:
        """The JSON document as text (what ``--format json`` prints)."""
        return _json.dumps(self._data, separators=(",", ":"))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Report):
            return self._data == other._data
        if isinstance(other, dict):
            return self._data == other
        return NotImplemented

    def __repr__(self) -> str:
        fields = ", ".join(
            f"{key}={value!r}"
            for key, value in self._data.items()
            if not isinstance(value, (list, dict)) and key != "schema"
        )
        return f"Report({fields})"

    def _repr_html_(self) -> str:
        return _report_html(self._data)


def _cell(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.4g}"
    if isinstance(value, (dict, list)):
        text = _json.dumps(value)
        if len(text) > 120:
            text = text[:117] + "..."
        return f"<code>{_html.escape(text)}</code>"
    if value is None:
        return "&ndash;"
    return _html.escape(str(value))


def _report_html(data: dict) -> str:
    """Scalar fields as one table, each list of objects as a table of its own."""
    rows = []
    tables = []
    for key, value in data.items():
        if key == "schema":
            continue
        if isinstance(value, list) and value and all(isinstance(item, dict) for item in value):
            columns = list(dict.fromkeys(k for item in value for k in item))
            shown = value[:200]
            head = "".join(f"<th>{_html.escape(c)}</th>" for c in columns)
            body = "".join(
                "<tr>" + "".join(f"<td>{_cell(item.get(c))}</td>" for c in columns) + "</tr>"
                for item in shown
            )
            more = (
                f"<p>{len(value) - len(shown)} more not shown</p>" if len(value) > len(shown) else ""
            )
            tables.append(
                f"<h4>{_html.escape(key.replace('_', ' '))} ({len(value)})</h4>"
                f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>{more}"
            )
        elif isinstance(value, list) and len(value) > 40:
            preview = ", ".join(str(v) for v in value[:40])
            rows.append(
                f"<tr><th>{_html.escape(key)}</th><td><code>{_html.escape(preview)}, "
                f"&hellip;</code> ({len(value)} values)</td></tr>"
            )
        else:
            rows.append(f"<tr><th>{_html.escape(key)}</th><td>{_cell(value)}</td></tr>")
    return (
        '<div class="grundy-report"><table>'
        + "".join(rows)
        + "</table>"
        + "".join(tables)
        + "</div>"
    )


def _report(text: str) -> Report:
    return Report(_json.loads(text))


# ---------------------------------------------------------------------------------------------
# Games and sums


class Game:
    """A position: a sum of games, built-in (from spec text) or written in Python.

    ``a + b`` is the sum of two games (a spec string is parsed first). Games made from the
    same ruleset share one memo of values.
    """

    __slots__ = ("_native",)

    def __init__(self, native: "_grundy.Game"):
        self._native = native

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
        report = self.analyze(misere)
        entries = report.to_dict().get("winning_moves", [])
        games: list = []
        if not misere and entries:
            try:
                games = [Game(native) for native in self._native.results(True)]
            except GrundyError:
                games = []  # a game with cycles: its report is the loopy one
            if [g.spec for g in games] != [entry["result"] for entry in entries]:
                games = []
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
    spec: str, *, max_positions: Optional[int] = None, max_work: Optional[int] = None
) -> Game:
    """A game from spec text: ``parse("kayles(13) + nim(3,4,5)")``.

    Raises :class:`SpecError` with ``span`` (a byte range of ``spec``) on bad input.
    """
    return Game(_grundy.parse(spec, max_positions, max_work))


def _game(spec_or_game: Union[str, Game]) -> Game:
    if isinstance(spec_or_game, Game):
        return spec_or_game
    if isinstance(spec_or_game, str):
        return parse(spec_or_game)
    raise TypeError(f"expected spec text or a grundy.Game, not {type(spec_or_game).__name__}")


def analyze(spec: Union[str, Game], misere: bool = False) -> Report:
    """Value, outcome, components and every winning move: ``grundy value SPEC``.

    The report has the fields of the JSON: ``value``, ``outcome`` (``"N"``, ``"P"``, or
    ``"D"`` for a draw), ``components`` and ``winning_moves`` (each with ``description``,
    ``result`` and ``target_value``). Misère play (``misere=True``) adds ``genus``; a sum of
    heaps of one game too large to search is answered by its misère quotient instead
    (``quotient`` set, no ``value`` or ``genus``). Games with cycles report
    ``value == "inf"`` with ``escapes``.

    Example::

        >>> import grundy
        >>> report = grundy.analyze("nim(3,4,5)")
        >>> report.value, report.outcome, report.winning_moves[0].result
        (2, 'N', 'nim(1,4,5)')
        >>> grundy.analyze("nim(1,1,1)", misere=True).outcome
        'P'
    """
    return _game(spec).analyze(misere)


def moves(spec: Union[str, Game], misere: bool = False) -> Report:
    """Every move with the value it leads to: ``grundy moves SPEC``.

    In misère play a sum of heaps of one game too large to search is answered by its misère
    quotient: ``quotient`` is set, and each move has ``winning`` but no ``value_after``.

    >>> [m.result for m in moves("nim(2)").moves]
    ['0', 'nim(1)']
    """
    return _game(spec).moves(misere)


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


class Play:
    """A game against a perfect opponent (``grundy play``).

    ``view()`` shows the position, its outcome and the moves; ``move(text)`` plays a move
    given by its number (from 1), its description or the position it leads to;
    ``computer_move()`` lets the computer move and says why.
    """

    __slots__ = ("_native",)

    def __init__(self, native: "_grundy.PlayState"):
        self._native = native

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


# ---------------------------------------------------------------------------------------------
# Heap rules


def seq(
    rule: str,
    to: int,
    misere: bool = False,
    *,
    max_positions: Optional[int] = None,
    max_work: Optional[int] = None,
):
    """Grundy values of heaps ``0..=to`` of a heap rule as a NumPy ``uint64`` array.

    ``misere=True`` returns the misère sequence report instead (``values``, ``genera``,
    ``tame``). Tables beyond about two million heaps need ``max_positions``.

    >>> seq("kayles", to=12).tolist()
    [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]
    """
    if misere:
        return _report(_grundy.misere_sequence_report(rule, to, max_positions, max_work))
    return _grundy.seq(rule, to, max_positions, max_work)


def sequence(
    rule: str, to: int, *, max_positions: Optional[int] = None, max_work: Optional[int] = None
) -> Report:
    """The sequence report of ``grundy seq RULE --format json``: values, the largest value,
    and ``periodicity`` when a theorem proves the period from these values."""
    return _report(_grundy.sequence_report(rule, to, max_positions, max_work))


class Quotient(Report):
    """A misère quotient (``grundy quotient RULE --to N --format json``), checked from the rules
    for every sum of heaps up to ``to``.

    Fields: ``order``, ``elements`` (names, ``"1"`` first), ``table`` (``table[x][y]`` is the
    index in ``elements`` of the product), ``p_portion``, ``generators``, ``heaps``
    (``heaps[n]`` is the element of a heap of ``n``) and ``stable_from``.
    ``outcome(heaps)`` decides a sum of heaps up to ``to`` in constant time per heap.
    """

    __slots__ = ("_native",)

    def __init__(self, native: Any):
        super().__init__(_json.loads(native.report()))
        object.__setattr__(self, "_native", native)

    def outcome(self, heaps: Iterable[int]) -> str:
        """The misère outcome of the sum of ``heaps``: ``"N"`` (the player to move wins) or
        ``"P"``.

        >>> quotient("kayles", to=20).outcome([1, 4])
        'N'
        """
        return self._native.outcome(list(heaps))

    def __repr__(self) -> str:
        return f"Quotient(rule={self.rule!r}, to={self.to}, order={self.order})"


def quotient(
    rule: str,
    to: int,
    max_order: int = 4096,
    *,
    max_positions: Optional[int] = None,
    max_work: Optional[int] = None,
) -> Quotient:
    """The misère quotient of heaps ``1..=to`` of a heap rule (Plambeck and Siegel): its
    elements, multiplication table, P-portion and the element of each heap.

    >>> q = quotient("nim", to=2)
    >>> q.order, q.p_portion, q.heaps
    (6, ['a', 'b^2'], ['1', 'a', 'b'])
    >>> q.outcome([1, 1, 1]), q.outcome([2, 2])
    ('P', 'P')
    """
    return Quotient(_grundy.quotient(rule, to, max_order, max_positions, max_work))


def census(
    rules: Iterable[str] = (),
    to: int = 1 << 16,
    backend: str = "local",
    out: Optional[Union[str, "os.PathLike[str]"]] = None,
    *,
    octal: Iterable[str] = (),
) -> list:
    """A census: every rule tabulated to heap ``to``, one row each (``grundy census``).

    ``rules`` are heap rules (``"0.137"``, ``"kayles"``); ``octal`` adds families of octal
    codes (``"3"``: ``0.1`` to ``0.777``; ``"4.3"``: ``4.0`` to ``4.777``). Each row holds the
    rule, the heaps computed, the proved ``preperiod``, ``period``, ``saltus`` and ``theorem``
    (``None`` when none is proved), the certificate's ``checked_to`` and checksum, the largest
    value and its first heap, the sparse-space figures (``rare_mask``, ``rare_count``,
    ``last_rare``), checksums of the values, and the class of rules whose sequences agree
    after an index shift. With ``out``, rows go to that Parquet file as they finish, and rows
    already there (same rule, same heaps) are skipped, so a killed census resumes.

    ``backend="local"`` computes on every core of this machine; ``backend="ray"`` runs one
    Ray task per rule on the cluster ``ray.init()`` joined, ``backend="dask"`` one Dask task
    per rule on the cluster of the current ``dask.distributed.Client`` (the driver writes the
    file). All give the same rows but for ``seconds``.

    >>> rows = census(["kayles", "0.07"], to=4096)
    >>> [(row["rule"], row["period"], row["class"]) for row in rows]
    [('kayles', 12, 'kayles'), ('0.07', 34, '0.07')]
    """
    path = None if out is None else _os.fspath(out)
    names = _grundy.census_rules(list(rules), list(octal))
    heaps = to + 1
    if backend == "local":
        return _json.loads(_grundy.census_run(names, heaps, path))
    if backend not in _CENSUS_BACKENDS:
        raise ValueError(f"unknown census backend {backend!r}: 'local', 'ray' or 'dask'")
    pending = _grundy.census_pending(names, heaps, path)
    parts = []
    for part in _CENSUS_BACKENDS[backend](pending, heaps):
        if path is None:
            parts.append(part)
        else:
            # Each row is saved as it comes: a lost driver costs only the rows in flight.
            _grundy.census_merge([part], names, path)
    return _json.loads(_grundy.census_merge(parts, names, path))


def _census_task(rule: str, heaps: int) -> bytes:
    """One distributed task of :func:`census`: a row, as the bytes of a one-row census file."""
    return _grundy.census_row(rule, heaps)


def _ray_rows(rules: list, heaps: int):
    """The rows of ``rules``, one Ray task each, as they finish."""
    import ray

    task = ray.remote(_census_task)
    running = [task.remote(rule, heaps) for rule in rules]
    while running:
        done, running = ray.wait(running, num_returns=1)
        yield ray.get(done[0])


def _dask_rows(rules: list, heaps: int):
    """The rows of ``rules``, one Dask task each on the current client's cluster, as they
    finish."""
    from dask.distributed import as_completed, get_client

    client = get_client()
    running = [client.submit(_census_task, rule, heaps, pure=False) for rule in rules]
    for done in as_completed(running):
        yield done.result()


_CENSUS_BACKENDS = {"ray": _ray_rows, "dask": _dask_rows}


def read_census(path: Union[str, "os.PathLike[str]"]) -> list:
    """The rows of a census file (written by :func:`census` or ``grundy census``), as
    dictionaries; no Parquet library needed."""
    return _json.loads(_grundy.census_read(_os.fspath(path)))


def period(rule: str, max: int = 1 << 21) -> Report:
    """The period of a heap rule proved by a theorem, as a certificate (``grundy period``).

    The table grows until a theorem proves a period, it holds ``max`` heaps, or a larger one
    would not fit in the memory available now (``stopped_by`` says which). The report
    (``proved``, ``preperiod``, ``period``, ``saltus``, ``theorem``, ``checked_to``,
    ``checksum``) is a certificate that :func:`verify` re-checks from the rule alone.

    >>> p = period("kayles")
    >>> p.proved, p.preperiod, p.period
    (True, 71, 12)
    """
    return _report(_grundy.period_report(rule, max))


def verify(
    certificate: Union[Report, dict, str, "os.PathLike[str]"], by: Optional[str] = None
) -> Report:
    """Re-checks a certificate (a :func:`period` report, its JSON text, or a file written by
    ``grundy period --cert``) from the rule alone: ``grundy verify``. ``by`` picks how the
    values are recomputed (``"naive"``, ``"plain"`` or ``"sparse"``, as ``--by``); by default
    the naive engine up to 65536 heaps, the plain scan up to 2^20, the sparse route beyond."""
    if isinstance(certificate, Report):
        text = certificate.to_json()
    elif isinstance(certificate, dict):
        text = _json.dumps(certificate)
    elif isinstance(certificate, str) and certificate.lstrip().startswith("{"):
        text = certificate
    else:
        with open(_os.fspath(certificate), encoding="utf-8") as file:
            text = file.read()
    return _report(_grundy.verify_report(text, by))


# ---------------------------------------------------------------------------------------------
# Nimbers


def nimber(expression: Union[str, int]) -> Nimber:
    """A nimber from an int, or from a nim arithmetic expression (``"3*5+7"``, ``"inv(9)"``,
    ``"sqrt(5)"``, ``"2^10"``) as ``grundy nimber`` reads it."""
    if isinstance(expression, str):
        return _grundy.nimber_expression(expression)
    return Nimber(expression)


def nim_mul(a, b):
    """The nim-product, element by element over NumPy arrays (broadcast like ``a * b``).

    Two scalars give a :class:`Nimber`.

    >>> nim_mul([2, 3], 3).tolist()
    [1, 2]
    """
    scalars = (int, Nimber, _np.integer)
    if isinstance(a, scalars) and isinstance(b, scalars):
        return Nimber(int(a)) * Nimber(int(b))
    a = int(a) if isinstance(a, Nimber) else a
    b = int(b) if isinstance(b, Nimber) else b
    left, right = _np.broadcast_arrays(_np.asarray(a, dtype=_np.uint64), _np.asarray(b, dtype=_np.uint64))
    shape = left.shape
    product = _grundy.nim_mul_arrays(
        _np.ascontiguousarray(left).reshape(-1), _np.ascontiguousarray(right).reshape(-1)
    )
    return product.reshape(shape)


# ---------------------------------------------------------------------------------------------
# Games written in Python


class UserGame:
    """A game written in Python (made by :func:`game`).

    Calling it with positions gives a :class:`Game` (their sum); ``value(position)`` is the
    Grundy value of one position. Every game made from it shares one memo.
    """

    def __init__(
        self,
        moves: Callable[[Any], Iterable[Any]],
        canonical: Optional[Callable[[Any], Any]] = None,
        name: Optional[str] = None,
        max_positions: Optional[int] = None,
        max_work: Optional[int] = None,
    ):
        self.moves_function = moves
        self.name = name or getattr(moves, "__name__", "game")
        self._rules = _grundy.Rules(moves, canonical, self.name, max_positions, max_work)
        self.__doc__ = getattr(moves, "__doc__", None)
        self.__name__ = self.name

    def __call__(self, *positions: Any) -> Game:
        return Game(self._rules.game(list(positions)))

    def value(self, position: Any) -> Union[int, str]:
        """The Grundy value of ``position`` (``"inf"`` when it is loopy and infinite)."""
        return self._rules.value(position)

    @property
    def calls(self) -> int:
        """How many times the moves function has been called so far."""
        return self._rules.calls

    @property
    def positions_seen(self) -> int:
        """How many distinct positions the moves function has returned (or been asked)."""
        return self._rules.positions_seen

    def __repr__(self) -> str:
        return f"<grundy game {self.name}>"


def game(
    moves: Optional[Callable] = None,
    *,
    canonical: Optional[Callable[[Any], Any]] = None,
    name: Optional[str] = None,
    max_positions: Optional[int] = None,
    max_work: Optional[int] = None,
):
    """Decorator: a game from its moves function (``moves(position)`` lists the positions one
    move away).

    Positions are any hashable values. A move that splits the game into independent parts
    is a plain ``tuple`` of positions (``()`` ends the game); so a position itself must not be
    a plain tuple (use a ``frozenset``, a string, or a namedtuple). ``canonical(position)``
    maps a position to a representative of equivalent ones. The library's iterative solver
    memoises the values and calls ``moves`` about once per position, with no recursion limit.

    >>> @game
    ... def split(n):           # take one token, or split a heap into two unequal ones
    ...     return ([n - 1] if n else []) + [(a, n - a) for a in range(1, (n + 1) // 2)]
    >>> split.value(10)
    4
    """
    options = dict(
        canonical=canonical, name=name, max_positions=max_positions, max_work=max_work
    )
    if moves is None:
        return lambda function: UserGame(function, **options)
    return UserGame(moves, **options)


# ---------------------------------------------------------------------------------------------
# Plots


def plot_seq(rule: str, to: int = 100, ax=None, **style):
    """Draws g(n) of a heap rule for heaps ``0..=to`` with matplotlib (which must be installed)
    and returns the axes."""
    try:
        import matplotlib.pyplot as plt
    except ImportError as error:  # pragma: no cover - depends on the environment
        raise ImportError("grundy.plot_seq needs matplotlib: pip install matplotlib") from error
    values = seq(rule, to)
    if ax is None:
        _, ax = plt.subplots(figsize=(8, 3))
    options = {"marker": ".", "linestyle": "-", "linewidth": 0.6, "markersize": 3}
    options.update(style)
    ax.plot(_np.arange(len(values)), values, **options)
    ax.set_xlabel("heap n")
    ax.set_ylabel("g(n)")
    ax.set_title(f"Grundy values of {rule}")
    ax.grid(True, alpha=0.3)
    return ax
