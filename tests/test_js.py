"""The browser client's pure modules (the picker, the tokens of an action's data, the room's
reducer) have unit tests in JavaScript under tests/js, run by ``node --test``; and the whole client
(src/asobiba/web/*.js and each game's renderer.js) is type-checked by ``tsc --noEmit`` against the
wire messages' types (web/wire.js, generated from the server's: tests/test_wire_types.py) and the
renderer contract (web/renderer_contract.js). Both are skipped with a message where Node is absent.

TypeScript comes from npm: the devDependency pinned in src/asobiba/web/package.json and its lock,
installed by ``npm ci`` once into a cache folder of its own (``$XDG_CACHE_HOME/asobiba``, keyed by the
lock), never into the source tree; ``pip install .`` needs no Node."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent / "js"
PACKAGE = Path(__file__).resolve().parent.parent / "src" / "asobiba"
WEB = PACKAGE / "web"
#: npm's words for a registry it cannot reach (an offline machine skips the type check, and says so).
OFFLINE = ("ENOTFOUND", "EAI_AGAIN", "ECONNREFUSED", "ETIMEDOUT", "ENETUNREACH", "ECONNRESET")


def test_the_client_units_pass_under_node() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("the client's JavaScript unit tests need Node (node --test): install nodejs to run them")
    files = sorted(str(path) for path in TESTS.glob("*.test.mjs"))
    assert files, f"no JavaScript tests in {TESTS}"
    result = subprocess.run([node, "--test", *files], capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "# fail 0" in result.stdout


def typescript() -> Path:
    """The folder whose node_modules hold the pinned TypeScript (and Preact's and htm's types)."""
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        pytest.skip("the client's type check needs Node and npm (tsc --noEmit): install nodejs and npm to run it")
    lock = (WEB / "package-lock.json").read_bytes()
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "asobiba"
    folder = cache / f"tsc-{hashlib.sha256(lock).hexdigest()[:16]}"
    if (folder / "node_modules" / "typescript" / "package.json").exists():
        return folder
    cache.mkdir(parents=True, exist_ok=True)
    building = Path(tempfile.mkdtemp(prefix="tsc-", dir=cache))
    for name in ("package.json", "package-lock.json"):
        shutil.copyfile(WEB / name, building / name)
    command = [npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--prefer-offline"]
    result = subprocess.run(command, cwd=building, capture_output=True, text=True, timeout=600, check=False)
    if result.returncode != 0:
        shutil.rmtree(building, ignore_errors=True)
        if any(word in result.stderr for word in OFFLINE):
            pytest.skip(f"npm cannot reach its registry to install TypeScript: {result.stderr[-500:]}")
        raise AssertionError(f"npm ci failed: {result.stdout[-2000:]}{result.stderr[-2000:]}")
    if not (building / "node_modules" / "typescript" / "package.json").exists():
        shutil.rmtree(building, ignore_errors=True)
        raise AssertionError("src/asobiba/web/package.json (and its lock) must pin typescript in devDependencies")
    try:
        building.rename(folder)  # whole or not at all (another process may have made it meanwhile)
    except OSError:
        shutil.rmtree(building, ignore_errors=True)
    return folder


def tsc(web: Path) -> subprocess.CompletedProcess[str]:
    """``tsc --noEmit`` over the client whose tsconfig.json is in ``web``, with TypeScript and the
    libraries' types from the cache (the committed tsconfig names them in web/node_modules)."""
    folder = typescript()
    config = json.loads((web / "tsconfig.json").read_text(encoding="utf-8"))
    paths = {
        name: [
            str(folder / target.removeprefix("./")) if target.startswith("./node_modules/") else str(web / target)
            for target in targets
        ]
        for name, targets in config["compilerOptions"]["paths"].items()
    }
    with tempfile.TemporaryDirectory() as scratch:
        extended = Path(scratch) / "tsconfig.json"
        extended.write_text(json.dumps({"extends": str(web / "tsconfig.json"), "compilerOptions": {"paths": paths}}))
        command = [shutil.which("node") or "node", str(folder / "node_modules" / "typescript" / "bin" / "tsc")]
        return subprocess.run(
            [*command, "--noEmit", "-p", str(extended)], capture_output=True, text=True, timeout=300, check=False
        )


def test_the_client_type_checks_against_the_wire_types_and_the_renderer_contract() -> None:
    result = tsc(WEB)
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-2000:]


def test_the_type_check_fails_on_a_field_no_message_has_and_a_part_no_picker_has(tmp_path: Path) -> None:
    """A scratch copy of the client with two mistakes: a wire message's field misspelt in the room's
    reducer, and a renderer asking its picker for a part it does not have. tsc names both."""
    shutil.copytree(WEB, tmp_path / "web", ignore=shutil.ignore_patterns("node_modules", "vendor", "*.py"))
    for renderer in PACKAGE.glob("games/*/renderer.js"):
        (tmp_path / "games" / renderer.parent.name).mkdir(parents=True)
        shutil.copyfile(renderer, tmp_path / "games" / renderer.parent.name / "renderer.js")
    reducer = tmp_path / "web" / "room_state.js"
    text = reducer.read_text(encoding="utf-8")
    assert 'frame.code === "stale"' in text
    reducer.write_text(text.replace('frame.code === "stale"', 'frame.reason === "stale"'), encoding="utf-8")
    renderer = sorted((tmp_path / "games").glob("*/renderer.js"))[0]
    text = renderer.read_text(encoding="utf-8")
    assert "picker.pick(" in text
    renderer.write_text(text.replace("picker.pick(", "picker.choose(", 1), encoding="utf-8")
    result = tsc(tmp_path / "web")
    assert result.returncode != 0
    assert "Property 'reason' does not exist on type 'Rejected'" in result.stdout, result.stdout[-4000:]
    assert "Property 'choose' does not exist on type 'Picker'" in result.stdout, result.stdout[-4000:]
