"""The code blocks of docs/research.md's OpenSpiel and solver sections run as written and print
something (each in a fresh interpreter, as a reader would paste it)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pyspiel", reason="OpenSpiel is not installed: pip install open_spiel")

import asobiba

ROOT = Path(__file__).resolve().parents[2]
#: A fenced ``python`` block.
FENCE = re.compile(r"^```python\n(.*?)^```$", re.MULTILINE | re.DOTALL)
#: The sections (``## `` headings, with their ``###`` subsections) whose blocks this file runs.
SECTIONS = ("## OpenSpiel",)


def _blocks() -> list[tuple[str, str]]:
    text = (ROOT / "docs" / "research.md").read_text(encoding="utf-8")
    found = []
    for heading in SECTIONS:
        start = text.index(heading + "\n")
        end = text.find("\n## ", start + 1)
        section = text[start : end if end != -1 else len(text)]
        found += [(f"{heading[3:]} #{number}", block) for number, block in enumerate(FENCE.findall(section), 1)]
    return found


def test_the_sections_have_blocks() -> None:
    assert len(_blocks()) >= 1


@pytest.mark.parametrize(("where", "source"), _blocks(), ids=[where for where, _ in _blocks()])
def test_a_documented_block_runs_as_written(where: str, source: str) -> None:
    paths = [str(Path(asobiba.__file__).resolve().parents[1]), os.environ.get("PYTHONPATH", "")]
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join(path for path in paths if path)}
    done = subprocess.run(
        [sys.executable, "-c", source], capture_output=True, text=True, timeout=300, env=environment, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip(), f"{where} printed nothing"
