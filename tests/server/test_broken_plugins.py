"""One broken plug-in does not take the platform down. Three games are installed for real next to the
shipped ones (a folder on ``PYTHONPATH`` holding their packages and ``*.dist-info`` with the
``asobiba.games`` entry points): one written for an older ``GameDeclaration`` (an unknown keyword:
its declaration module raises on import), one whose declaration is an object of the wrong shape, and
one whose rules module raises on import. Each is left out everywhere with one warning naming its
package and the error; ``asobiba games`` lists it as unavailable with the reason; every other game
works; creating a room of it is 400 ``unknown_game`` with the reason."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from server_testing import ServerProcess

from asobiba.server.client import ServerError, create_room

#: name -> (distribution, its package's files): each broken in its own way.
PLUGINS = {
    "old-game": (
        "asobiba-old-game",
        {
            "declaration.py": (
                "from asobiba.core.registry import GameDeclaration\n"
                "DECLARATION = GameDeclaration(name='old-game', game='asobiba_old_game.rules:GAME',"
                " renderer='asobiba_old_game:old.js')\n"
            ),
        },
    ),
    "shapeless-game": (
        "asobiba-shapeless-game",
        {"declaration.py": "DECLARATION = {'name': 'shapeless-game', 'game': 'asobiba_shapeless_game.rules:GAME'}\n"},
    ),
    "broken-rules": (
        "asobiba-broken-rules",
        {
            "declaration.py": (
                "from asobiba.core.registry import GameDeclaration\n"
                "DECLARATION = GameDeclaration(name='broken-rules', game='asobiba_broken_rules.rules:GAME')\n"
            ),
            "rules.py": "import asobiba_a_dependency_never_installed\n",
        },
    ),
}
#: What each one's reason names.
REASONS = {"old-game": "TypeError", "shapeless-game": "GameDeclaration", "broken-rules": "ModuleNotFoundError"}
GOOD = ["cockroach-poker", "paper-safari", "survive"]


@pytest.fixture(scope="module")
def plugins(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder holding the broken plug-ins, installed as a packaging tool lays them out."""
    folder = tmp_path_factory.mktemp("site")
    for name, (distribution, files) in PLUGINS.items():
        package = "asobiba_" + name.replace("-", "_")
        (folder / package).mkdir()
        (folder / package / "__init__.py").write_text("")
        for file, text in files.items():
            (folder / package / file).write_text(text)
        info = folder / f"{distribution.replace('-', '_')}-0.1.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {distribution}\nVersion: 0.1\n")
        (info / "entry_points.txt").write_text(f"[asobiba.games]\n{name} = {package}.declaration:DECLARATION\n")
    return folder


def environment(plugins: Path) -> dict[str, str]:
    return {"PYTHONPATH": os.pathsep.join(filter(None, [str(plugins), os.environ.get("PYTHONPATH")]))}


def asobiba(plugins: Path, *arguments: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-c", "from asobiba.cli.main import main; main()", *arguments]
    return subprocess.run(
        command,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, **environment(plugins), "COLUMNS": "400"},  # a reason on one line
    )


def assert_warned_once_each(output: str) -> None:
    for name, (distribution, _files) in PLUGINS.items():
        warnings = [line for line in output.splitlines() if "cannot be loaded and is left out" in line and name in line]
        assert len(warnings) == 1, (name, output)
        assert distribution in warnings[0] and REASONS[name] in warnings[0], warnings[0]
    assert "Traceback" not in output, output


def test_asobiba_games_lists_every_game_and_each_broken_one_as_unavailable_with_its_reason(plugins: Path) -> None:
    result = asobiba(plugins, "games", "--lang", "en")
    assert result.returncode == 0, result.stdout + result.stderr
    for name in GOOD:
        assert f"{name} — " in result.stdout, result.stdout
    for name, (distribution, _files) in PLUGINS.items():
        line = next(line for line in result.stdout.splitlines() if line.startswith(f"{name} (package"))
        assert distribution in line and "unavailable" in line and REASONS[name] in line, line
    assert_warned_once_each(result.stderr)
    japanese = asobiba(plugins, "games", "--lang", "ja")
    assert japanese.returncode == 0 and "使えません" in japanese.stdout, japanese.stdout + japanese.stderr


def test_the_terminal_menu_offers_the_games_that_load(plugins: Path) -> None:
    result = asobiba(plugins, "--delay", "0", "--lang", "en", "--seed", "3", stdin="\n\n\n\n\nq\n")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Which game?" in result.stdout
    assert all(name not in result.stdout for name in PLUGINS), result.stdout
    assert_warned_once_each(result.stderr)


def test_the_research_api_registers_every_game_that_loads(plugins: Path) -> None:
    probe = "import asobiba.rl, gymnasium; print(sorted(i for i in gymnasium.registry if i.startswith('asobiba/')))"
    result = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, **environment(plugins)},
    )
    assert result.returncode == 0, result.stderr
    assert {"asobiba/CockroachPoker-v1", "asobiba/PaperSafari-v1", "asobiba/Survive-v1"} <= set(eval(result.stdout))
    assert not {"asobiba/OldGame-v1", "asobiba/ShapelessGame-v1", "asobiba/BrokenRules-v1"} & set(eval(result.stdout))
    assert_warned_once_each(result.stderr)


@pytest.fixture(scope="module")
def plugged_server(plugins: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("server")
    process = ServerProcess(folder / "asobiba.db", folder / "server.log", environment=environment(plugins))
    process.start()
    try:
        yield process
    finally:
        process.stop()


def test_the_lobby_lists_every_game_that_loads(plugged_server: ServerProcess) -> None:
    with urllib.request.urlopen(f"{plugged_server.base_url}/api/games", timeout=30) as response:
        names = [game["name"] for game in json.loads(response.read())]
    assert set(GOOD) <= set(names) and not set(PLUGINS) & set(names), names
    made = create_room(plugged_server.base_url, "cockroach-poker", 3, seats={"1": "bot:random", "2": "bot:random"})
    assert made["room"]


@pytest.mark.parametrize("name", sorted(PLUGINS))
def test_a_room_of_a_broken_game_is_400_unknown_game_with_the_reason(plugged_server: ServerProcess, name: str) -> None:
    with pytest.raises(ServerError) as refused:
        create_room(plugged_server.base_url, name, 2)
    assert refused.value.status == 400
    body = refused.value.body
    assert body["code"] == "unknown_game", body
    assert REASONS[name] in body["message"] and "Traceback" not in body["message"], body
    assert_warned_once_each(plugged_server.log())
