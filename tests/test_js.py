"""The browser client's pure modules (the picker, the tokens of an action's data, the room's
reducer) have unit tests in JavaScript under tests/js, run by ``node --test``; they are skipped with
a message where Node is absent."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent / "js"


def test_the_client_units_pass_under_node() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("the client's JavaScript unit tests need Node (node --test): install nodejs to run them")
    files = sorted(str(path) for path in TESTS.glob("*.test.mjs"))
    assert files, f"no JavaScript tests in {TESTS}"
    result = subprocess.run([node, "--test", *files], capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "# fail 0" in result.stdout
