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
