"""The README's Python examples run as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"
BLOCKS = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.S)


@pytest.mark.parametrize("block", BLOCKS, ids=[f"block{number}" for number in range(len(BLOCKS))])
def test_the_readme_example_runs(block: str) -> None:
    exec(compile(block, str(README), "exec"), {})


def test_the_readme_has_python_examples() -> None:
    assert BLOCKS


ROOT = README.parent
#: The README's test command: one line that installs what the tests need and runs the suite.
TEST_COMMAND = re.compile(r"^python3 -m pip install (-e .*) && python3 -m pytest$", re.M)


def test_the_readme_test_command_is_what_ci_runs_and_installs_the_plugin_example() -> None:
    readme = TEST_COMMAND.search(README.read_text(encoding="utf-8"))
    assert readme is not None, "the README shows its one test command"
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    ci_installs = re.search(r"^python3 -m pip install -q (-e .*) && python3 -m pytest$", ci, re.M)
    assert ci_installs is not None and ci_installs.group(1) == readme.group(1)
    assert "-e ./examples/plugin_game" in readme.group(1)
    assert (ROOT / "examples" / "plugin_game" / "pyproject.toml").is_file()
