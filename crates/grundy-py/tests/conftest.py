"""Shared fixtures of the Python tests: the `grundy` command line to compare against.

`GRUNDY_CLI` names the binary; otherwise the one `cargo test` or `cargo build` left in the
workspace's target directory is used. `scripts/python` builds it first.
"""

import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]


def _find_cli():
    named = os.environ.get("GRUNDY_CLI")
    if named:
        return pathlib.Path(named)
    target = pathlib.Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    for profile in ("release", "debug"):
        candidate = target / profile / "grundy"
        if candidate.exists():
            return candidate
    return None


class Cli:
    """Runs `grundy ARGS --format json` and returns the parsed document."""

    def __init__(self, path):
        self.path = path

    def json(self, *args):
        done = subprocess.run(
            [str(self.path), *args, "--format", "json"],
            capture_output=True,
            text=True,
            timeout=120,
        )
        return done.returncode, json.loads(done.stdout) if done.stdout.strip() else None


@pytest.fixture(scope="session")
def cli():
    path = _find_cli()
    if path is None:
        pytest.fail(
            "the grundy command line is not built: run scripts/python, or set GRUNDY_CLI"
        )
    return Cli(path)
