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

Partizan values are objects with arithmetic, order and temperature theory:

>>> hot = grundy.partizan("{3|1}")
>>> hot.canonical, hot.mean, hot.temperature
('{3|1}', Fraction(2, 1), Fraction(1, 1))
"""

from __future__ import annotations

from . import _grundy
from ._census import census, read_census
from ._games import Dag, Game, Play, analyze, dag, moves, parse, partizan_move, play
from ._grundy import GrundyError, LimitError, Nimber, SpecError
from ._heaps import Quotient, period, plot_seq, quotient, seq, sequence, verify
from ._nimbers import nim_mul, nimber
from ._partizan import PartizanGame, PartizanValue, Thermograph, partizan, partizan_game
from ._reports import Report
from ._user import UserGame, game

__version__ = _grundy.__version__

__all__ = [
    "Dag",
    "Game",
    "GrundyError",
    "LimitError",
    "Nimber",
    "PartizanGame",
    "PartizanValue",
    "Play",
    "Report",
    "SpecError",
    "Thermograph",
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
    "partizan",
    "partizan_game",
    "partizan_move",
    "period",
    "play",
    "plot_seq",
    "quotient",
    "Quotient",
    "seq",
    "sequence",
    "verify",
]
