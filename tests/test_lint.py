"""Lint, format and types are part of the test command: ruff check, ruff format --check and mypy.

They run on the project's own code exactly as CONTRIBUTING's "Checks before a commit" says, so a
change that breaks them fails the suite (and CI) like a broken rule.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: What ruff reads: the package, the tests, the benchmarks and the examples.
CODE = [name for name in ("src", "tests", "benchmarks", "examples") if (ROOT / name).is_dir()]


def run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *command], cwd=ROOT, capture_output=True, text=True, timeout=600, check=False
    )


@pytest.mark.parametrize(
    "command",
    [("ruff", "check", *CODE), ("ruff", "format", "--check", *CODE), ("mypy",)],
    ids=["ruff-check", "ruff-format", "mypy"],
)
def test_the_code_passes(command: tuple[str, ...]) -> None:
    result = run(*command)
    assert result.returncode == 0, f"{' '.join(command)}:\n{result.stdout}{result.stderr}"
