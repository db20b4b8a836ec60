"""benchmarks/compiled_candidates.py: the candidates' table of The Island's hot path (no build here:
the pure path only, and the refusals of bad arguments)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import asobiba

ROOT = Path(__file__).resolve().parent.parent.parent
SCRIPT = ROOT / "benchmarks" / "compiled_candidates.py"


def run(*arguments: str) -> subprocess.CompletedProcess[str]:
    environ = dict(os.environ)
    environ["PYTHONPATH"] = os.pathsep.join([str(Path(asobiba.__file__).parent.parent), environ.get("PYTHONPATH", "")])
    return subprocess.run(
        [sys.executable, str(SCRIPT), *arguments], env=environ, capture_output=True, text=True, timeout=300
    )


def test_the_pure_path_alone_prints_its_line_of_the_table_with_the_load() -> None:
    done = run("--candidates", "pure", "--games", "1")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "load average" in lines[1]
    assert lines[2] == "| path | legal_actions | apply | determinize | decisions |"
    pure = [line for line in lines if line.startswith("| pure |")]
    assert len(pure) == 1 and pure[0].count("(1.00×)") == 4


def test_unknown_candidates_and_widened_ones_without_modules_are_refused() -> None:
    unknown = run("--candidates", "pure,numba")
    assert unknown.returncode == 2 and "unknown candidates ['numba']" in unknown.stderr
    widened = run("--candidates", "mypyc+")
    assert widened.returncode == 2 and "need --extra modules" in widened.stderr
