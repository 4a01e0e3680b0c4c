"""The census from Python: the local backend against the command line's file, a resumed
census, and the distributed backends (one task per rule on a local two-CPU Ray or Dask
cluster) against the local one, row for row (timings apart)."""

import subprocess

import pytest

import grundy

RULES = ["kayles", "0.07", "0.137", "0.6", "sub{2,5}", "4.3"]


def _untimed(rows):
    return [{key: value for key, value in row.items() if key != "seconds"} for row in rows]


def test_local_rows_match_the_command_line(cli, tmp_path):
    out = tmp_path / "cli.parquet"
    subprocess.run(
        [str(cli.path), "census", *RULES, "--octal", "1", "--to", "2000", "--out", str(out)],
        check=True,
        capture_output=True,
    )
    from_python = grundy.census(RULES, to=2000, octal=["1"], out=tmp_path / "py.parquet")
    # The command line's file read back through the package: the same rows.
    from_file = grundy.census(RULES, to=2000, octal=["1"], out=out)
    assert _untimed(from_python) == _untimed(from_file)
    # 0.6 is one of the family's codes too: once.
    assert len(from_python) == len(RULES) + 6
    kayles = from_python[0]
    assert (kayles["preperiod"], kayles["period"], kayles["theorem"]) == (71, 12, "guy-smith")
    assert from_python[1]["class"] == "0.4" and from_python[1]["offset"] == -1


def test_a_census_file_resumes(tmp_path):
    out = tmp_path / "resume.parquet"
    first = grundy.census(RULES[:3], to=3000, out=out)
    # The first rows are kept as they were (their timings too), the others added.
    both = grundy.census(RULES, to=3000, out=out)
    assert both[:3] == first
    assert [row["rule"] for row in both] == RULES
    with pytest.raises(ValueError, match="not a family"):
        grundy.census(octal=["9"], to=10)
    with pytest.raises(ValueError, match="0.9"):
        grundy.census(["0.9"], to=10)
    with pytest.raises(ValueError, match="backend"):
        grundy.census(RULES, to=10, backend="spark")


def _distributed_rows_equal_local_rows(backend, tmp_path):
    """The rows of `backend` (its cluster already joined), written to a file and kept in
    memory, against the local backend's."""
    local = grundy.census(RULES, to=1 << 13, octal=["1"])
    out = tmp_path / f"{backend}.parquet"
    distributed = grundy.census(RULES, to=1 << 13, octal=["1"], backend=backend, out=out)
    in_memory = grundy.census(RULES, to=1 << 13, octal=["1"], backend=backend)
    assert _untimed(distributed) == _untimed(local)
    assert _untimed(in_memory) == _untimed(local)
    # The file the driver wrote holds the same rows.
    again = grundy.census(RULES, to=1 << 13, octal=["1"], out=out)
    assert again == distributed


def test_ray_rows_equal_local_rows(tmp_path):
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        _distributed_rows_equal_local_rows("ray", tmp_path)
    finally:
        ray.shutdown()


def test_dask_rows_equal_local_rows(tmp_path):
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, dashboard_address=None
    ) as cluster, distributed.Client(cluster):
        _distributed_rows_equal_local_rows("dask", tmp_path)
    with pytest.raises(ValueError, match="[Nn]o .*client"):
        grundy.census(RULES, to=10, backend="dask")
