"""Speed of the Python package, each figure against its baseline in the same run.

1. A game written in Python: calls of its moves function per position, and the time to solve
   it against the tutorials' own recursive `@lru_cache` version on the same moves function.
2. `grundy.seq("grundy", to=2**22)` against the command line computing the same table.
3. 10^6 nim-products over NumPy arrays.

Usage: python bench.py PATH_TO_GRUNDY_CLI
"""

import subprocess
import sys
import tempfile
import time
from functools import lru_cache
from math import isqrt

import numpy as np

import grundy


def best_of(runs, function):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        result = function()
        times.append(time.perf_counter() - start)
    return min(times), result


def square_moves(n):
    return [n - k * k for k in range(1, isqrt(n) + 1)]


def user_game(last):
    def ours():
        take_square = grundy.game(square_moves)
        value = take_square.value(last)
        return value, take_square.calls, take_square.positions_seen

    def tutorial():
        @lru_cache(maxsize=None)
        def g(n):
            reachable = {g(m) for m in square_moves(n)}
            value = 0
            while value in reachable:
                value += 1
            return value

        # Warmed from below so that the recursion stays within Python's limit.
        for n in range(0, last + 1, 200):
            g(n)
        return g(last)

    ours_s, (value, calls, positions) = best_of(3, ours)
    tutorial_s, expected = best_of(3, tutorial)
    assert value == expected, (value, expected)
    print(f"subtract-a-square to {last}: value {value}")
    print(f"  moves calls {calls} for {positions} positions: {calls / positions:.3f} a position")
    print(f"  grundy {ours_s:.2f} s, @lru_cache {tutorial_s:.2f} s: "
          f"{tutorial_s / ours_s:.2f}x as fast")


def sequence(cli, last):
    def ours():
        return grundy.seq("grundy", to=last, max_positions=2 * last, max_work=2**62)

    def command_line():
        with tempfile.TemporaryDirectory() as folder:
            subprocess.run([cli, "seq", "grundy", "--to", str(last), "--max-positions",
                            str(2 * last), "--out", f"{folder}/values.bin"],
                           check=True, capture_output=True)

    def command_line_json():
        subprocess.run([cli, "seq", "grundy", "--to", str(last), "--max-positions",
                        str(2 * last), "--max-work", str(2**62), "--format", "json"],
                       check=True, stdout=subprocess.DEVNULL)

    ours_s, values = best_of(3, ours)
    cli_s, _ = best_of(3, command_line)
    json_s, _ = best_of(1, command_line_json)
    print(f"seq grundy to {last} ({len(values)} values, largest {int(values.max())}):")
    print(f"  grundy.seq {ours_s:.2f} s; CLI --out {cli_s:.2f} s, --format json {json_s:.2f} s;"
          f" Python / CLI --out: {ours_s / cli_s:.3f}")


def nim_products(count):
    rng = np.random.default_rng(1)
    a = rng.integers(0, 2**63, size=count, dtype=np.uint64) * 2 + 1
    b = rng.integers(0, 2**63, size=count, dtype=np.uint64)
    seconds, product = best_of(5, lambda: grundy.nim_mul(a, b))
    sample = [int(grundy.Nimber(int(x)) * grundy.Nimber(int(y))) for x, y in zip(a[:100], b[:100])]
    assert product[:100].tolist() == sample
    print(f"nim_mul of {count} pairs of uint64: {seconds * 1000:.1f} ms")


if __name__ == "__main__":
    print(f"grundy {grundy.__version__}, Python {sys.version.split()[0]}")
    user_game(10**5)
    sequence(sys.argv[1], 2**22)
    nim_products(10**6)
