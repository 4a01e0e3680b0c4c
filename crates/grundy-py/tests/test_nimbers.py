"""Nim arithmetic against a plain-Python nim-product written from the definition, field laws,
and the vectorised product over NumPy arrays."""

from functools import lru_cache

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import grundy
from grundy import Nimber


@lru_cache(maxsize=None)
def nim_product_by_definition(a, b):
    """a*b = mex{a'*b ^ a*b' ^ a'*b' : a' < a, b' < b} (Conway)."""
    options = {
        nim_product_by_definition(x, b) ^ nim_product_by_definition(a, y) ^ nim_product_by_definition(x, y)
        for x in range(a)
        for y in range(b)
    }
    k = 0
    while k in options:
        k += 1
    return k


def test_small_products_match_the_definition():
    for a in range(16):
        for b in range(16):
            assert int(Nimber(a) * Nimber(b)) == nim_product_by_definition(a, b)


u64 = st.integers(0, 2**64 - 1)


@given(u64, u64, u64)
def test_field_laws(a, b, c):
    x, y, z = Nimber(a), Nimber(b), Nimber(c)
    assert x * (y ^ z) == (x * y) ^ (x * z)
    assert (x * y) * z == x * (y * z)
    assert x ^ x == 0 and x + y == x ^ y
    if a:
        assert x * x.inverse() == 1 and (y / x) * x == y
    assert x.sqrt() * x.sqrt() == x


def test_nimber_type():
    assert Nimber(2) * 3 == Nimber(1) and 3 * Nimber(2) == 1
    assert str(Nimber(5)) == "*5" and repr(Nimber(5)) == "Nimber(5)"
    assert hash(Nimber(7)) == hash(7) and {Nimber(7): 1}[Nimber(7)] == 1
    assert grundy.nimber("3*5+7") == Nimber(3) * 5 ^ 7
    with pytest.raises(ZeroDivisionError):
        Nimber(3) / 0
    with pytest.raises(grundy.SpecError):
        grundy.nimber("3*")
    with pytest.raises(ValueError):
        Nimber(1) * (2**64)


@given(st.lists(st.tuples(u64, u64), max_size=50))
def test_vectorised_products(pairs):
    a = np.array([p[0] for p in pairs], dtype=np.uint64)
    b = np.array([p[1] for p in pairs], dtype=np.uint64)
    product = grundy.nim_mul(a, b)
    assert product.dtype == np.uint64 and product.shape == a.shape
    assert product.tolist() == [int(Nimber(x) * Nimber(y)) for x, y in pairs]


def test_broadcasting():
    table = grundy.nim_mul(np.arange(8).reshape(8, 1), np.arange(8))
    assert table.shape == (8, 8)
    assert table[2, 3] == 1 and table[7, 7] == int(Nimber(7) * 7)
    assert grundy.nim_mul(2, 3) == Nimber(1)
    assert grundy.nim_mul(Nimber(2), np.uint64(3)) == Nimber(1)
    assert grundy.nim_mul(Nimber(2), [3, 1]).tolist() == [1, 2]
