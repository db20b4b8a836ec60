"""The candidates for the compiled core, measured on The Island's hot path in one run.

    python benchmarks/compiled_candidates.py --build-cython /tmp/asobiba-cython   # once: Cython's tree
    python benchmarks/compiled_candidates.py --tree cython=/tmp/asobiba-cython/src

Each path runs in its own process on the same positions: ``pure`` (this tree, ``ASOBIBA_PURE=1``),
``mypyc`` (this tree as installed: ``pip install -e .`` compiles it) and every ``--tree LABEL=SRC``
(a copy of ``src`` with the same modules compiled another way). It prints calls per second of
``legal_actions``, ``apply`` (checked, after ``legal_actions`` of the same position, as in play) and
``determinize`` (for the player to move), and each against ``pure``.

``--build-cython DIR`` copies ``src`` to ``DIR/src`` and compiles the games' listed modules
(``games/<game>/compiled.toml``) there with Cython in pure-Python mode: the same ``.py`` files, no
annotations added.
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
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME = "survive"
OPERATIONS = ("legal_actions", "apply", "determinize")


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
            for name in OPERATIONS:
                calls[name] += 1
    result = {name: calls[name] / spent[name] for name in OPERATIONS}
    result["compiled"] = float(core_status().path == "compiled")
    return result


def run_path(label: str, source: Path, pure: bool, games: int, seed: int) -> dict[str, float]:
    environ = {**os.environ, "PYTHONPATH": os.pathsep.join([str(source), os.environ.get("PYTHONPATH", "")])}
    environ.pop("ASOBIBA_PURE", None)
    if pure:
        environ["ASOBIBA_PURE"] = "1"
    command = [sys.executable, __file__, "--child", "--games", str(games), "--seed", str(seed)]
    output = subprocess.run(command, env=environ, check=True, capture_output=True, text=True).stdout
    result: dict[str, float] = json.loads(output)
    if not pure and not result["compiled"]:
        print(f"warning: {label} ran on the pure path (not built?)", file=sys.stderr)
    return result


def build_cython(target: Path) -> None:
    """Copies src to ``target/src`` and compiles the listed modules there with Cython (pure-Python mode)."""
    from Cython.Build import cythonize
    from setuptools import setup

    sys.path.insert(0, str(ROOT))
    from setup import MANIFEST, listed_modules  # the same list the mypyc build compiles

    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(ROOT / "src", target / "src", ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__"))
    modules = listed_modules()
    os.chdir(target)
    extensions = cythonize([str(path) for path in modules.values()], language_level=3, quiet=True)
    setup(
        name="asobiba-cython", ext_modules=extensions, package_dir={"": "src"}, script_args=["build_ext", "--inplace"]
    )
    digests = {name: hashlib.sha256((target / path).read_bytes()).hexdigest() for name, path in modules.items()}
    (target / "src" / "asobiba" / MANIFEST).write_text(json.dumps(digests, indent=1), encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20, help="random 4-player games per path (default 20)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tree", action="append", default=[], metavar="LABEL=SRC", help="another compiled tree")
    parser.add_argument("--build-cython", type=Path, metavar="DIR", help="build Cython's tree in DIR and stop")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.child:
        print(json.dumps(measure(arguments.games, arguments.seed)))
        return
    if arguments.build_cython:
        build_cython(arguments.build_cython.resolve())
        return
    paths = [("pure", ROOT / "src", True), ("mypyc", ROOT / "src", False)]
    for tree in arguments.tree:
        label, _, source = tree.partition("=")
        paths.append((label, Path(source).resolve(), False))
    results = {label: run_path(label, source, pure, arguments.games, arguments.seed) for label, source, pure in paths}
    print(f"The Island, 4 players, {arguments.games} random games; calls per second (× pure); load {os.getloadavg()}")
    print(f"| path | {' | '.join(OPERATIONS)} |")
    print(f"|---|{'---|' * len(OPERATIONS)}")
    for label, result in results.items():
        cells = [f"{result[name]:,.0f} ({result[name] / results['pure'][name]:.2f}×)" for name in OPERATIONS]
        print(f"| {label} | {' | '.join(cells)} |")


if __name__ == "__main__":
    main()
