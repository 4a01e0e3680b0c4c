"""The census: many heap rules tabulated at once, on this machine or as Ray or Dask tasks, with
rows saved to a Parquet file as they finish."""

from __future__ import annotations

import json as _json
import os as _os
from typing import Iterable, Optional, Union

from . import _grundy


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
