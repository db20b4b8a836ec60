"""The candidates for the compiled core, built and measured on The Island's hot path in one run.

    python benchmarks/compiled_candidates.py                      # pure, mypyc, Cython (builds ~5-10 min)
    python benchmarks/compiled_candidates.py --work /tmp/cand     # keep the builds (reused when unchanged)
    python benchmarks/compiled_candidates.py --extra state,actions --candidates pure,mypyc,mypyc+

Each compiled candidate is built in its own copy of ``src`` in a temporary folder (``--work DIR`` to
keep it; nothing is built in this tree), from the same ``.py`` files and the same module list — The
Island's ``games/survive/compiled.toml`` (the other games' lists are emptied in the copies: only The
Island is measured):

- ``mypyc``: setup.py's own build (``ASOBIBA_BUILD_STRICT=1 python setup.py build_ext --inplace``);
- ``cython``: Cython in pure-Python mode (``cythonize`` of the same ``.py`` files, no annotation added);
- ``mypyc+`` and ``cython+``: the same with ``--extra`` modules compiled too (e.g. ``state,actions``).

Every path then runs in its own process on the same positions — ``pure`` is this tree with
``ASOBIBA_PURE=1`` — and the run prints calls per second of ``legal_actions``, ``apply`` (checked,
after ``legal_actions`` of the same position, as in play), ``determinize`` (for the player to move)
and a whole random game's decisions, each against ``pure``, with the load average. A candidate that
fails to build or to run is reported with the last lines of its log; the others are still measured.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME = "survive"
GAME_PACKAGE = Path("src") / "asobiba" / "games" / GAME
OPERATIONS = ("legal_actions", "apply", "determinize", "decisions")
MANIFEST = Path("src") / "asobiba" / "_compiled.json"
#: Each candidate: the tool and whether it compiles the ``--extra`` modules as well.
CANDIDATES = {
    "mypyc": ("mypyc", False),
    "cython": ("cython", False),
    "mypyc+": ("mypyc", True),
    "cython+": ("cython", True),
}
BUILD_TIMEOUT = 1800.0
RUN_TIMEOUT = 900.0


def measure(games: int, seed: int) -> dict[str, float]:
    """Calls per second of each operation over the positions of ``games`` random games (in this process)."""
    import asobiba
    from asobiba.core.compiled import core_status

    spent = dict.fromkeys(OPERATIONS, 0.0)
    calls = dict.fromkeys(OPERATIONS, 0)
    clock = time.perf_counter
    rng = random.Random(seed)
    for index in range(games):
        state = asobiba.new_game(GAME, 4, seed=seed * 1000 + index)
        while not state.is_over:
            player = state.to_move
            assert player is not None
            started = clock()
            legal = state.legal_actions()
            spent["legal_actions"] += clock() - started
            started = clock()
            state.determinize(player, rng.randrange(1 << 30))
            spent["determinize"] += clock() - started
            action = rng.choice(legal)
            started = clock()
            state.apply(action)
            spent["apply"] += clock() - started
            for name in OPERATIONS[:3]:
                calls[name] += 1
        # a whole game again, decisions only (legal actions and a checked apply, nothing timed inside)
        state = asobiba.new_game(GAME, 4, seed=seed * 1000 + index)
        started = clock()
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            calls["decisions"] += 1
        spent["decisions"] += clock() - started
    result = {name: calls[name] / spent[name] for name in OPERATIONS}
    result["compiled"] = float(core_status().path == "compiled")
    return result


def modules_of(extra: list[str]) -> list[str]:
    """The Island's listed modules, and ``extra`` ones (dotted names below the game's package)."""
    listed: list[str] = tomllib.loads((ROOT / GAME_PACKAGE / "compiled.toml").read_text(encoding="utf-8"))["modules"]
    return sorted({*listed, *extra})


def stamp_of(tool: str, modules: list[str]) -> str:
    """What a build depends on: the tool, the module list and every source and build file."""
    digest = hashlib.sha256(f"{tool} {modules} {sys.version}".encode())
    for path in [*sorted((ROOT / "src").rglob("*.py")), ROOT / "setup.py", ROOT / "pyproject.toml"]:
        digest.update(str(path.relative_to(ROOT)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def prepare_copy(target: Path, modules: list[str]) -> None:
    """A copy of the tree's sources and build files in ``target`` whose only listed modules are ``modules``."""
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    shutil.copytree(
        ROOT / "src", target / "src", ignore=shutil.ignore_patterns("*.so", "*.pyd", "*.c", "__pycache__", "*.egg-info")
    )
    (target / MANIFEST).unlink(missing_ok=True)
    for name in ("setup.py", "pyproject.toml"):
        shutil.copy2(ROOT / name, target / name)
    for listing in (target / "src" / "asobiba" / "games").glob("*/compiled.toml"):
        chosen = modules if listing.parent.name == GAME else []
        listing.write_text(f"modules = {json.dumps(chosen)}\n", encoding="utf-8")


def build(label: str, tool: str, modules: list[str], work: Path) -> tuple[Path | None, str]:
    """Builds one candidate in ``work/label`` (or reuses an unchanged build): its ``src``, or None and why."""
    target = work / label
    stamp = stamp_of(tool, modules)
    stamp_file = work / f"{label}.stamp"
    if stamp_file.is_file() and stamp_file.read_text(encoding="utf-8") == stamp and (target / MANIFEST).is_file():
        return target / "src", "reused"
    stamp_file.unlink(missing_ok=True)
    prepare_copy(target, modules)
    environ = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "ASOBIBA_PURE")}
    if tool == "mypyc":
        environ["ASOBIBA_BUILD_STRICT"] = "1"
        command = [sys.executable, "setup.py", "build_ext", "--inplace"]
    else:
        command = [sys.executable, str(Path(__file__).resolve()), "--child-cython", str(target)]
    log = work / f"{label}.log"
    started = time.monotonic()
    with log.open("w", encoding="utf-8") as output:
        try:
            done = subprocess.run(
                command, cwd=target, env=environ, stdout=output, stderr=subprocess.STDOUT, timeout=BUILD_TIMEOUT
            )
        except subprocess.TimeoutExpired:
            return None, f"build timed out after {BUILD_TIMEOUT:.0f} s"
    if done.returncode != 0 or not (target / MANIFEST).is_file():
        tail = log.read_text(encoding="utf-8", errors="replace").strip().splitlines()[-12:]
        return None, "build failed:\n    " + "\n    ".join(tail)
    stamp_file.write_text(stamp, encoding="utf-8")
    return target / "src", f"built in {time.monotonic() - started:.0f} s"


def build_cython_here(target: Path) -> None:
    """In the copy ``target`` (the working folder): compiles its listed modules with Cython, pure-Python mode."""
    import importlib.util

    from Cython.Build import cythonize
    from setuptools import setup  # type: ignore[import-untyped]

    # the copy's setup.py: the same list the mypyc build compiles
    spec = importlib.util.spec_from_file_location("asobiba_setup", target / "setup.py")
    assert spec is not None and spec.loader is not None
    setup_module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(setup_module)
    modules: dict[str, Path] = setup_module.listed_modules()
    extensions = cythonize(  # type: ignore[no-untyped-call]
        [str(path) for path in modules.values()], language_level=3, quiet=True, nthreads=min(2, os.cpu_count() or 1)
    )
    setup(
        name="asobiba-cython",
        ext_modules=extensions,
        package_dir={"": "src"},
        script_args=["build_ext", "--inplace", "--parallel", str(min(2, os.cpu_count() or 1))],
    )
    digests = {name: hashlib.sha256((target / path).read_bytes()).hexdigest() for name, path in modules.items()}
    (target / MANIFEST).write_text(json.dumps(digests, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def run_path(source: Path, pure: bool, games: int, seed: int) -> tuple[dict[str, float] | None, str]:
    """Measures one path in its own process: its figures, or None and why."""
    environ = {key: value for key, value in os.environ.items() if key != "ASOBIBA_PURE"}
    environ["PYTHONPATH"] = os.pathsep.join([str(source), environ.get("PYTHONPATH", "")])
    if pure:
        environ["ASOBIBA_PURE"] = "1"
    command = [sys.executable, str(Path(__file__).resolve()), "--child", "--games", str(games), "--seed", str(seed)]
    done = subprocess.run(command, env=environ, capture_output=True, text=True, timeout=RUN_TIMEOUT)
    if done.returncode != 0:
        return None, "failed to run:\n    " + "\n    ".join(done.stderr.strip().splitlines()[-8:])
    result: dict[str, float] = json.loads(done.stdout.splitlines()[-1])
    if not pure and not result["compiled"]:
        return None, "ran on the pure path (the build was not picked up)"
    return result, "ok"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=30, help="random 4-player games per path (default 30)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--candidates", default="pure,mypyc,cython", help=f"comma-separated: pure and any of {', '.join(CANDIDATES)}"
    )
    parser.add_argument("--extra", default="", help="modules of The Island compiled by the '+' candidates too")
    parser.add_argument("--work", type=Path, help="build folder to keep (default: a temporary one, removed)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--child-cython", type=Path, help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.child:
        print(json.dumps(measure(arguments.games, arguments.seed)))
        return
    if arguments.child_cython:
        build_cython_here(arguments.child_cython)
        return
    chosen = [name.strip() for name in arguments.candidates.split(",") if name.strip()]
    unknown = [name for name in chosen if name != "pure" and name not in CANDIDATES]
    if unknown:
        parser.error(f"unknown candidates {unknown}: choose among pure, {', '.join(CANDIDATES)}")
    extra = [name.strip() for name in arguments.extra.split(",") if name.strip()]
    if any(CANDIDATES[name][1] for name in chosen if name != "pure") and not extra:
        parser.error("the '+' candidates need --extra modules")
    with tempfile.TemporaryDirectory(prefix="asobiba-candidates-") as temporary:
        work = (arguments.work or Path(temporary)).resolve()
        work.mkdir(parents=True, exist_ok=True)
        notes: dict[str, str] = {}
        trees: dict[str, Path | None] = {"pure": ROOT / "src"}
        for label in chosen:  # one build at a time: the machine's cores are shared
            if label == "pure":
                continue
            tool, widened = CANDIDATES[label]
            modules = modules_of(extra if widened else [])
            trees[label], notes[label] = build(label, tool, modules, work)
            print(f"{label}: {notes[label]} ({len(modules)} modules)", file=sys.stderr, flush=True)
        loads = [os.getloadavg()]
        results: dict[str, dict[str, float]] = {}
        for label in chosen:
            source = trees.get(label)
            if source is None:
                continue
            result, note = run_path(source, label == "pure", arguments.games, arguments.seed)
            loads.append(os.getloadavg())
            if result is None:
                notes[label] = note
            else:
                results[label] = result
    load = ", ".join(f"{sample[0]:.2f}" for sample in loads)
    print(f"The Island, 4 players, {arguments.games} random games per path; calls per second (× pure)")
    print(f"1-min load average before and after each path: {load}; extra modules: {extra or 'none'}")
    print(f"| path | {' | '.join(OPERATIONS)} |")
    print(f"|---|{'---|' * len(OPERATIONS)}")
    base = results.get("pure")
    for label in chosen:
        result = results.get(label)
        if result is None:
            print(f"| {label} | {' | '.join('—' for _ in OPERATIONS)} |")
            continue
        cells = [
            f"{result[name]:,.0f}" + (f" ({result[name] / base[name]:.2f}×)" if base else "") for name in OPERATIONS
        ]
        print(f"| {label} | {' | '.join(cells)} |")
    for label, note in notes.items():
        if label not in results:
            print(f"{label}: {note}")


if __name__ == "__main__":
    main()
