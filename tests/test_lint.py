"""Lint, format, types and layers are part of the test command: ruff check, ruff format --check, mypy
and lint-imports.

They run on the project's own code exactly as CONTRIBUTING's "Checks before a commit" says, so a
change that breaks them fails the suite (and CI) like a broken rule. They are marked ``lint``:
``python3 -m pytest -m lint`` runs them alone, ``-m "not lint"`` everything else.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from importlib.util import find_spec
from pathlib import Path

import pytest

pytestmark = pytest.mark.lint

ROOT = Path(__file__).resolve().parent.parent
#: What ruff reads: the package, the tests, the benchmarks and the examples.
CODE = [name for name in ("src", "tests", "benchmarks", "examples") if (ROOT / name).is_dir()]


def run(*arguments: str) -> subprocess.CompletedProcess[str]:
    # this checkout's package first, whichever one is installed (lint-imports reads the imported one)
    environment = dict(os.environ)
    environment["PYTHONPATH"] = os.pathsep.join(
        [str(ROOT / "src"), *filter(None, environment.get("PYTHONPATH", "").split(os.pathsep))]
    )
    return subprocess.run(
        [sys.executable, *arguments],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


@pytest.mark.parametrize(
    "command",
    [("ruff", "check", *CODE), ("ruff", "format", "--check", *CODE), ("mypy",)],
    ids=["ruff-check", "ruff-format", "mypy"],
)
def test_the_code_passes(command: tuple[str, ...]) -> None:
    result = run("-m", *command)
    assert result.returncode == 0, f"{' '.join(command)}:\n{result.stdout}{result.stderr}"


def test_the_types_hold_without_the_optional_extras(tmp_path: Path) -> None:
    """mypy as where the extras ``rl`` and ``ray`` are not installed: every module the config lets be
    missing (``ignore_missing_imports``) is skipped, so it reads as Any, as a missing one does."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    overrides = tomllib.loads(text)["tool"]["mypy"]["overrides"]
    optional = sorted(
        {module for override in overrides if override.get("ignore_missing_imports") for module in override["module"]}
    )
    assert {"gymnasium", "pettingzoo", "pyspiel", "ray"} <= set(optional)
    config = tmp_path / "pyproject.toml"
    config.write_text(
        f'{text}\n[[tool.mypy.overrides]]\nmodule = {optional!r}\nfollow_imports = "skip"\n', encoding="utf-8"
    )
    # a cache of its own, so that this run and the plain one do not undo each other's
    cache = ROOT / ".mypy_cache" / "without-extras"
    result = run("-m", "mypy", "--config-file", str(config), "--cache-dir", str(cache))
    assert result.returncode == 0, f"mypy without the extras:\n{result.stdout}{result.stderr}"


def test_the_imports_keep_their_layers() -> None:
    """``lint-imports``: the contracts of ``[tool.importlinter]`` in pyproject.toml (core ← games ← bots ← rl,
    with cli, server and web as consumers) hold."""
    if find_spec("importlinter") is None:
        pytest.skip("lint-imports is missing (import-linter, in the test extra): the import contracts were not checked")
    # import-linter has no `python -m`: its console script's function, run by this interpreter
    result = run("-c", "from importlinter.cli import lint_imports_command; lint_imports_command()")
    assert result.returncode == 0, f"lint-imports:\n{result.stdout}{result.stderr}"
