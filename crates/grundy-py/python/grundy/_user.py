"""Games written in Python: :class:`UserGame` and the :func:`game` decorator that makes one from
a moves function."""

from __future__ import annotations

from typing import Any, Callable, Iterable, Optional, Union

from . import _grundy
from ._games import Game


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
