"""Nimbers: from ints or nim arithmetic expressions, and the nim-product over NumPy arrays."""

from __future__ import annotations

from typing import Union

import numpy as _np

from . import _grundy
from ._grundy import Nimber


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
