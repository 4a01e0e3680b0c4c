"""Partizan values as objects (:class:`PartizanValue`, made by :func:`partizan`), their
thermographs (:class:`Thermograph`, drawn inline in Jupyter), and partizan games written in
Python (:func:`partizan_game`). Every number comes from the library: the objects only hold
handles into its table of canonical forms.

>>> import grundy
>>> g = grundy.partizan("{1|0}") + grundy.partizan("^")
>>> g
PartizanValue('{1^|^}')
>>> g.outcome, g.temperature, g.mean
('L', Fraction(1, 2), Fraction(1, 2))
>>> grundy.partizan("^") > 0, grundy.partizan("*").confused_with(0)
(True, True)
"""

from __future__ import annotations

import json as _json
from fractions import Fraction
from typing import Any, Callable, Iterable, Optional, Union

from . import _grundy
from ._reports import _Native

Like = Union["PartizanValue", int, str, Fraction]


def _number(text: str) -> Fraction:
    return Fraction(text)


class PartizanValue(_Native):
    """A partizan value: a canonical form (equal values are one object's equal).

    ``a + b``, ``-a``, ``a - b``; ``a <= b``, ``a >= b``, ``a == b``, ``a < b``, ``a > b`` are
    the order of games, in which two values may be *confused* (``a.confused_with(b)``, neither
    ``<=`` nor ``>=``). Ints, dyadic fractions and spec text mix in: ``v + 1``,
    ``v >= "^"``.
    """

    __slots__ = ()

    # The value itself.
    @property
    def canonical(self) -> str:
        """The canonical form in CGSuite's notation (``"+-1"``, ``"^*"``, ``"{2|0||-1}"``)."""
        return self._native.canonical()

    @property
    def outcome(self) -> str:
        """``"L"`` (Left wins whoever starts), ``"R"``, ``"N"`` (the first player) or ``"P"``."""
        return self._native.outcome()

    @property
    def is_number(self) -> bool:
        return self._native.is_number()

    def _theory(self, index: int) -> Fraction:
        return _number(self._native.temperature_theory()[index])

    @property
    def left_stop(self) -> Fraction:
        """Left's stop: where play ends when Left starts and both play best."""
        return self._theory(0)

    @property
    def right_stop(self) -> Fraction:
        return self._theory(1)

    @property
    def stops(self) -> tuple:
        """``(left_stop, right_stop)``."""
        left, right, _, _ = self._native.temperature_theory()
        return _number(left), _number(right)

    @property
    def mean(self) -> Fraction:
        return self._theory(2)

    @property
    def temperature(self) -> Fraction:
        """Where the thermograph's walls meet (a number ``m/2^k`` has ``-1/2^k``)."""
        return self._theory(3)

    def thermograph(self) -> "Thermograph":
        """The thermograph: walls as data, drawn as SVG in Jupyter."""
        return Thermograph(_json.loads(self._native.thermograph()))

    @property
    def reduced(self) -> "PartizanValue":
        """The reduced canonical form: the simplest value an infinitesimal away."""
        return PartizanValue(self._native.reduced())

    @property
    def atomic_weight(self) -> Optional["PartizanValue"]:
        """The atomic weight of an all-small value (``^`` weighs 1), else ``None``."""
        weight = self._native.atomic_weight()
        return None if weight is None else PartizanValue(weight)

    def cool(self, t: Like) -> "PartizanValue":
        """Cooled by the number ``t >= 0``."""
        return PartizanValue(self._native.cool(partizan(t)._native, False))

    def heat(self, t: Like) -> "PartizanValue":
        """Heated by the number ``t``."""
        return PartizanValue(self._native.cool(partizan(t)._native, True))

    # Arithmetic.
    def __add__(self, other: Like) -> "PartizanValue":
        return PartizanValue(self._native.add(_coerce(other)._native))

    def __radd__(self, other: Like) -> "PartizanValue":
        return _coerce(other) + self

    def __sub__(self, other: Like) -> "PartizanValue":
        return PartizanValue(self._native.sub(_coerce(other)._native))

    def __rsub__(self, other: Like) -> "PartizanValue":
        return _coerce(other) - self

    def __neg__(self) -> "PartizanValue":
        return PartizanValue(self._native.neg())

    def __pos__(self) -> "PartizanValue":
        return self

    # Order.
    def compare(self, other: Like) -> str:
        """``"<"``, ``"="``, ``">"`` or ``"||"`` (confused with)."""
        return self._native.compare(_coerce(other)._native)

    def confused_with(self, other: Like) -> bool:
        """Neither ``<=`` nor ``>=`` (``*`` is confused with 0)."""
        return self.compare(other) == "||"

    def __le__(self, other: Like) -> bool:
        return self.compare(other) in ("<", "=")

    def __ge__(self, other: Like) -> bool:
        return self.compare(other) in (">", "=")

    def __lt__(self, other: Like) -> bool:
        return self.compare(other) == "<"

    def __gt__(self, other: Like) -> bool:
        return self.compare(other) == ">"

    def __eq__(self, other: object) -> bool:
        try:
            other = _coerce(other)  # type: ignore[arg-type]
        except TypeError:
            return NotImplemented
        return self._native == other._native

    def __hash__(self) -> int:
        return hash(self._native)

    def __repr__(self) -> str:
        return f"PartizanValue({self.canonical!r})"

    def __str__(self) -> str:
        return self.canonical


class Thermograph:
    """A thermograph: ``left_wall`` and ``right_wall`` as pieces (``start``, ``value``,
    ``slope``, the numbers as :class:`~fractions.Fraction`), ``temperature``, ``mean``, and
    ``svg``, the picture every face draws (shown inline in Jupyter)."""

    def __init__(self, report: dict):
        self.canonical: str = report["canonical"]
        self.temperature = _number(report["temperature"])
        self.mean = _number(report["mean"])
        self.left_wall = [_piece(piece) for piece in report["left_wall"]]
        self.right_wall = [_piece(piece) for piece in report["right_wall"]]
        self.svg: str = report["svg"]

    def _repr_svg_(self) -> str:
        return self.svg

    def save(self, path: str) -> None:
        """Writes the picture to an SVG file."""
        with open(path, "w", encoding="utf-8") as file:
            file.write(self.svg)

    def __repr__(self) -> str:
        return (
            f"<Thermograph of {self.canonical}: mean {self.mean}, "
            f"temperature {self.temperature}>"
        )


def _piece(piece: dict) -> dict:
    return {
        "start": _number(piece["start"]),
        "value": _number(piece["value"]),
        "slope": piece["slope"],
    }


def partizan(spec: Like) -> PartizanValue:
    """A partizan value from spec text (CGSuite's notation, or positions of the partizan
    rulesets: ``"{1|0} + ^"``, ``"domineering(3x3)"``, ``"hackenbush(lrr)"``), an int or a
    dyadic :class:`~fractions.Fraction`.

    >>> partizan("{2|0||-1}").temperature
    Fraction(1, 1)
    """
    if isinstance(spec, PartizanValue):
        return spec
    if isinstance(spec, bool):
        raise TypeError("a partizan value from a bool")
    if isinstance(spec, (int, Fraction)):
        spec = str(Fraction(spec))
    if not isinstance(spec, str):
        raise TypeError(f"a partizan value from {type(spec).__name__}")
    return PartizanValue(_grundy.partizan_value(spec))


def _coerce(other: Any) -> PartizanValue:
    if isinstance(other, (PartizanValue, int, Fraction, str)) and not isinstance(other, bool):
        return partizan(other)
    raise TypeError(f"cannot combine a partizan value with {type(other).__name__}")


class PartizanGame:
    """A partizan game written in Python (made by :func:`partizan_game`).

    Calling it with positions gives the :class:`PartizanValue` of their sum; every value found
    is remembered for later calls.
    """

    def __init__(
        self,
        left: Callable[[Any], Iterable[Any]],
        right: Callable[[Any], Iterable[Any]],
        name: Optional[str] = None,
        max_positions: Optional[int] = None,
        max_work: Optional[int] = None,
    ):
        self.left = left
        self.right = right
        self.name = name or "partizan game"
        self.__name__ = self.name
        self._rules = _grundy.PartizanRules(left, right, max_positions, max_work)

    def __call__(self, *positions: Any) -> PartizanValue:
        return PartizanValue(self._rules.value(list(positions)))

    def value(self, position: Any) -> PartizanValue:
        """The value of one position."""
        return self(position)

    @property
    def positions_seen(self) -> int:
        """How many positions have been valued so far."""
        return self._rules.positions_seen

    @property
    def work(self) -> int:
        """The work done so far (positions valued and their moves), which ``max_work`` bounds."""
        return self._rules.work

    def __repr__(self) -> str:
        return f"<grundy partizan game {self.name}>"


def partizan_game(
    rules: Any = None,
    *,
    left: Optional[Callable] = None,
    right: Optional[Callable] = None,
    name: Optional[str] = None,
    max_positions: Optional[int] = None,
    max_work: Optional[int] = None,
):
    """Decorator: a partizan game from Left's and Right's move functions.

    Decorate a class whose body defines ``left(position)`` and ``right(position)``, each
    listing the positions that player can move to, or pass the two functions:
    ``partizan_game(left=f, right=g)``. Positions are any hashable values; a move to a plain
    ``tuple`` of positions is a move to their sum (``()`` is 0), so a position itself must not
    be a plain tuple. The library values the positions (its partizan solver, children first on
    a stack of its own: no recursion limit), at most ``max_positions`` of them and ``max_work``
    work (positions valued and their moves) in all, past which it raises ``LimitError``; an
    exception raised by ``left`` or ``right`` reaches the caller as itself, and a game with a
    cycle raises ``ValueError``.

    >>> @partizan_game
    ... class Stalk:                      # a Blue-Red Hackenbush stalk, from the ground up
    ...     def left(stalk):
    ...         return [stalk[:i] for i, edge in enumerate(stalk) if edge == "l"]
    ...     def right(stalk):
    ...         return [stalk[:i] for i, edge in enumerate(stalk) if edge == "r"]
    >>> Stalk("lr"), Stalk("lrr"), Stalk("l", "r")
    (PartizanValue('1/2'), PartizanValue('1/4'), PartizanValue('0'))
    """
    options = dict(name=name, max_positions=max_positions, max_work=max_work)
    if rules is None and left is not None and right is not None:
        return PartizanGame(left, right, **options)
    if rules is None:
        return lambda decorated: partizan_game(decorated, **options)
    found_left = getattr(rules, "left", None)
    found_right = getattr(rules, "right", None)
    if not callable(found_left) or not callable(found_right):
        raise TypeError("a partizan game needs left(position) and right(position) functions")
    options["name"] = name or getattr(rules, "__name__", None)
    return PartizanGame(found_left, found_right, **options)
