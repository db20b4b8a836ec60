"""The compiled core and the pure one give identical results (asobiba.core.compiled, setup.py).

Each path runs ``tests/core/compiled_digest.py`` in its own process (the pure one with
``ASOBIBA_PURE=1``): every record in tests/ replayed step by step (views of every player and a
spectator, events, legal moves, a determinization) and every bot level's choices over seeded games
must digest the same. The test command runs the whole suite on the compiled path where it is built;
:func:`test_the_contract_and_hidden_information_tests_pass_on_the_pure_path` runs their subset on the
pure one. Where the compiled core is not built, the comparisons skip, saying so.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import asobiba
from asobiba.core.compiled import PURE_VARIABLE, core_status, listed_sources, module_is_compiled, pure_requested

ROOT = Path(__file__).resolve().parent.parent.parent
DIGEST = Path(__file__).resolve().parent / "compiled_digest.py"
NOT_BUILT = (
    "the compiled core is not built here (pure path: {reason}); "
    "`ASOBIBA_BUILD_COMPILED=1 pip install -e .` with a C compiler builds it"
)
#: The tests run again on the pure path by the test command: the contract and hidden information.
PURE_SUBSET = (
    "tests/test_contract.py",
    "tests/core/test_contract_v2.py",
    "tests/cockroach_poker/test_cp_information.py",
    "tests/paper_safari/test_ps_information.py",
    "tests/paper_safari/test_ps_determinize.py",
    "tests/survive/test_sv_determinize.py",
    "tests/survive/test_sv_view.py",
)


def needs_compiled() -> None:
    status = core_status()
    if status.path != "compiled":
        pytest.skip(NOT_BUILT.format(reason=status.reason))


def run(code_or_script: list[str], pure: bool, timeout: float = 600) -> str:
    environ = {key: value for key, value in os.environ.items() if key != PURE_VARIABLE}
    if pure:
        environ[PURE_VARIABLE] = "1"
    environ["PYTHONPATH"] = os.pathsep.join([str(Path(asobiba.__file__).parent.parent), environ.get("PYTHONPATH", "")])
    done = subprocess.run(
        [sys.executable, *code_or_script], env=environ, cwd=ROOT, capture_output=True, text=True, timeout=timeout
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return done.stdout


def digests(pure: bool, parts: list[str]) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(run([str(DIGEST), *parts], pure).splitlines()[-1])
    return result


def test_every_listed_module_is_a_module_of_its_game() -> None:
    sources = listed_sources()
    assert sources, "no game lists a compiled module"
    missing = [name for name, path in sources.items() if not path.is_file()]
    assert not missing, f"compiled.toml lists modules that do not exist: {missing}"


def test_the_pure_variable_forces_the_pure_path() -> None:
    code = (
        "import asobiba, importlib; from asobiba.core.compiled import core_status, listed_sources, module_is_compiled;"
        "print(core_status().reason, any(module_is_compiled(importlib.import_module(n)) for n in listed_sources()))"
    )
    assert run(["-c", code], pure=True).split() == ["requested", "False"]
    assert pure_requested({PURE_VARIABLE: "1"}) and not pure_requested({PURE_VARIABLE: ""})


def test_every_class_of_a_listed_module_is_compiled_as_an_ordinary_python_class() -> None:
    """A native (mypyc) class breaks the core's contract: State.clone's ``object.__new__`` and
    ``__dict__``, dataclasses deriving from Action; so each class of a listed module says
    ``@mypyc_attr(native_class=False)`` (enums are ordinary classes for mypyc anyway)."""
    native: list[str] = []
    for name, path in listed_sources().items():
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if not isinstance(node, ast.ClassDef) or any(ast.unparse(base) == "Enum" for base in node.bases):
                continue
            if "mypyc_attr(native_class=False)" not in [ast.unparse(decorator) for decorator in node.decorator_list]:
                native.append(f"{name}.{node.name}")
    assert not native, f"classes that mypyc would compile as native classes: {native}"


def test_the_listed_modules_are_compiled_when_built() -> None:
    needs_compiled()
    import importlib

    loaded = {name: module_is_compiled(importlib.import_module(name)) for name in listed_sources()}
    assert all(loaded.values()), f"loaded from source on the compiled path: {[n for n, c in loaded.items() if not c]}"


@pytest.mark.parametrize(
    "parts",
    [["records", "bots random", "bots ppo"], ["bots easy", "bots normal"], ["bots hard"]],
    ids=["records", "bots", "hard"],
)
def test_records_and_bots_are_identical_on_both_paths(parts: list[str]) -> None:
    needs_compiled()
    compiled, pure = digests(False, parts), digests(True, parts)
    assert compiled["path"] == "compiled" and pure["path"] == "pure"
    for part in parts:
        assert compiled[part][1] > 0 or part == "bots ppo", f"{part}: no positions"
        assert compiled[part] == pure[part], f"{part}: the compiled and pure paths differ"
    assert sum(compiled[part][1] for part in parts) >= (100 if parts == ["bots hard"] else 1000)


def test_a_pure_python_plugin_game_plays_next_to_the_compiled_games() -> None:
    code = (
        "import asobiba; from asobiba.core.compiled import core_status; s = asobiba.new_game('goofspiel', 2, seed=1);"
        "b = [asobiba.bot('normal', seed=i) for i in range(2)]\n"
        "while not s.is_over: s.apply(b[s.to_move].choose(s.observe(s.to_move)))\n"
        "t = asobiba.new_game('survive', 2, seed=1); t.apply(t.legal_actions()[0])\n"
        "print(core_status().path, s.returns())"
    )
    assert run(["-c", code], pure=False).split()[0] == core_status().path


def test_the_version_says_which_core_is_in_use() -> None:
    code = "import sys; from asobiba.cli.main import main; sys.argv = ['asobiba', '--version']; main()"
    assert "ASOBIBA_PURE" in run(["-c", code], pure=True).splitlines()[1]
    assert run(["-c", code], pure=False).splitlines()[1].startswith("core: ")


def test_the_contract_and_hidden_information_tests_pass_on_the_pure_path() -> None:
    needs_compiled()  # on the pure path already, the suite itself runs them
    options = [
        "-q",
        "-p",
        "no:xdist",
        "-p",
        "no:cacheprovider",
        "-o",
        "addopts=--import-mode=importlib -p no:benchmark",
    ]
    output = run(["-m", "pytest", *options, *PURE_SUBSET], pure=True, timeout=900)
    assert " passed" in output and " failed" not in output
