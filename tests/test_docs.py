"""CONTRIBUTING.md and docs/adding-a-game.md describe the repository as it is: every file they name in
backticks exists, and they send nobody outside the repository."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = ["CONTRIBUTING.md", "docs/adding-a-game.md"]
#: A file path in backticks: folders and a name with a suffix, no placeholder.
NAMED_PATH = re.compile(r"`((?:[\w.-]+/)+[\w.-]*)`")


@pytest.mark.parametrize("page", PAGES)
def test_the_page_names_no_path_outside_the_repository(page: str) -> None:
    text = (ROOT / page).read_text(encoding="utf-8")
    assert "../" not in text and "/work/" not in text and "shared/" not in text


@pytest.mark.parametrize("page", PAGES)
def test_every_path_the_page_names_exists(page: str) -> None:
    text = (ROOT / page).read_text(encoding="utf-8")
    # "asobiba/…" is how a renderer imports the client's parts (the page's import map), not a file path
    named = [path for path in NAMED_PATH.findall(text) if "<" not in path and not path.startswith(("/", "asobiba/"))]
    assert named, page
    missing = [path for path in named if not (ROOT / path).exists()]
    assert not missing, f"{page} names files that do not exist: {missing}"


def test_the_layout_names_every_module_of_the_client() -> None:
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    web = ROOT / "src" / "asobiba" / "web"
    for module in sorted(web.glob("*.js")):
        if module.name not in ("html.js", "i18n.js", "net.js", "vendor.mjs"):
            assert module.name in text, f"CONTRIBUTING's layout does not say what web/{module.name} is"


#: A fenced block of a page: its language, the file it is (``file=path``, if any) and its text.
FENCE = re.compile(r"^```(\w+)(?: file=(\S+))?\n(.*?)^```$", re.MULTILINE | re.DOTALL)
#: Runs in the subprocess: every plain ``python`` block (each must build the declaration of the game
#: it names, equal to the installed one), then every ``pycon`` block as one doctest, in order.
SNIPPET_RUNNER = """
import doctest, json, sys
from asobiba.core.registry import declaration
blocks = json.load(open(sys.argv[1], encoding="utf-8"))
for source in blocks["python"]:
    scope = {}
    exec(source, scope)
    built = scope["DECLARATION"]
    assert built == declaration(built.name), f"the page's declaration of {built.name} is not the real one"
test = doctest.DocTestParser().get_doctest("\\n".join(blocks["pycon"]), {}, "adding-a-game", None, 0)
runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
runner.run(test)
sys.exit(1 if runner.failures else 0)
"""


def test_adding_a_game_builds_a_game_that_passes_check_game_and_speaks_japanese(tmp_path: Path) -> None:
    """docs/adding-a-game.md from nothing: its files are written and installed, each ``asobiba`` command
    of the page runs, and each snippet runs (its examples checked)."""
    import json
    import os
    import shlex
    import subprocess
    import sys

    blocks = FENCE.findall((ROOT / "docs" / "adding-a-game.md").read_text(encoding="utf-8"))
    files = [(path, body) for _, path, body in blocks if path]
    assert {path for path, _ in files} >= {"race/pyproject.toml", "race/src/asobiba_race/__init__.py"}
    for path, body in files:
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(body, encoding="utf-8")
    # Installed as `pip install -e` does, without building a wheel: its metadata (the entry point), written
    # by setuptools from its pyproject.toml, in a folder of its own; its code from its src folder.
    site = tmp_path / "site"
    site.mkdir()
    metadata = [sys.executable, "-c", "from setuptools import setup; setup()", "egg_info", "--egg-base", str(site)]
    installed = subprocess.run(metadata, capture_output=True, text=True, timeout=600, cwd=tmp_path / "race")
    assert installed.returncode == 0, installed.stdout + installed.stderr
    paths = [str(site), str(tmp_path / "race" / "src"), str(ROOT / "src"), os.environ.get("PYTHONPATH", "")]
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join(path for path in paths if path), "COLUMNS": "200"}
    commands = [line for kind, _, body in blocks if kind == "bash" for line in body.splitlines() if line.strip()]
    assert any(line.startswith("python3 -m pip install") for line in commands)  # done above, into site
    for line in [line for line in commands if line.startswith("asobiba ")]:
        run = [sys.executable, "-c", "from asobiba.cli.main import main; main()", *shlex.split(line)[1:]]
        result = subprocess.run(run, capture_output=True, text=True, timeout=600, env=environment, cwd=tmp_path)
        assert result.returncode == 0, f"{line}: {result.stdout}{result.stderr}"
        if "--lang ja games" in line:
            assert "21への競争" in result.stdout and "勝ちになる合計" in result.stdout, result.stdout
    snippets = {
        "python": [body for kind, path, body in blocks if kind == "python" and not path],
        "pycon": [body for kind, _, body in blocks if kind == "pycon"],
    }
    (tmp_path / "snippets.json").write_text(json.dumps(snippets), encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-c", SNIPPET_RUNNER, str(tmp_path / "snippets.json")],
        capture_output=True,
        text=True,
        timeout=900,
        env=environment,
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stdout + result.stderr
