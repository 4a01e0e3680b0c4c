"""Heap rules: sequences of values, periods and their certificates, misère quotients, and a plot
of a sequence."""

from __future__ import annotations

import json as _json
import os as _os
from typing import Any, Iterable, Optional, Union

import numpy as _np

from . import _grundy
from ._reports import Report, _report


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
        return _report(_grundy.sequence_report(rule, to, True, max_positions, max_work))
    return _grundy.seq(rule, to, max_positions, max_work)


def sequence(
    rule: str, to: int, *, max_positions: Optional[int] = None, max_work: Optional[int] = None
) -> Report:
    """The sequence report of ``grundy seq RULE --format json``: values, the largest value,
    and ``periodicity`` when a theorem proves the period from these values."""
    return _report(_grundy.sequence_report(rule, to, False, max_positions, max_work))


class Quotient(Report):
    """A misère quotient (``grundy quotient RULE --to N --format json``), checked from the rules
    for every sum of heaps up to ``to``.

    Fields: ``order``, ``elements`` (names, ``"1"`` first), ``table`` (``table[x][y]`` is the
    index in ``elements`` of the product), ``p_portion``, ``generators``, ``heaps``
    (``heaps[n]`` is the element of a heap of ``n``) and ``stable_from``; ``whole`` when it is
    the quotient of every heap, or ``stopped`` when a growth towards it stopped short.
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
    to: Optional[int] = None,
    max_order: int = 4096,
    *,
    max_positions: Optional[int] = None,
    max_work: Optional[int] = None,
) -> Quotient:
    """The misère quotient of heaps ``1..=to`` of a heap rule (Plambeck and Siegel): its
    elements, multiplication table, P-portion and the element of each heap. With ``to=None``,
    the quotient of every heap, grown until the heap → element map is proved periodic (the
    ``whole`` field), as ``grundy quotient RULE``; when a limit stops the growth first, the
    quotient of the heaps grown, ``to`` the last, and ``stopped`` says why. A rule that no
    periodicity theorem covers raises :class:`GrundyError` without ``to``. ``max_work``
    defaults to 2**30 moves examined, the default of ``grundy quotient``. The quotient is
    kept for the misère sums of that game.

    >>> kayles = quotient("kayles")
    >>> kayles.order, kayles.whole["period"], kayles.outcome([10**18, 5, 9])
    (40, 12, 'N')

    >>> q = quotient("nim", to=2)
    >>> q.order, q.p_portion, q.heaps
    (6, ['a', 'b^2'], ['1', 'a', 'b'])
    >>> q.outcome([1, 1, 1]), q.outcome([2, 2])
    ('P', 'P')
    """
    return Quotient(_grundy.quotient(rule, to, max_order, max_positions, max_work))


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
