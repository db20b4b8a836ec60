"""The server serves a game's renderer module and style sheet from the game's own package, at the
addresses ``GET /api/games`` names, and nothing else from there; rules pages come from the game's package too."""

from __future__ import annotations

import urllib.error
import urllib.request

import pytest
from server_testing import ServerProcess

import asobiba
from asobiba.core.registry import declaration
from asobiba.server.client import games


def fetch(url: str) -> tuple[int, str, bytes]:
    try:
        with urllib.request.urlopen(url) as response:
            return response.status, response.headers["content-type"], response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers["content-type"], error.read()


def test_each_renderer_named_by_the_game_list_is_served_as_a_module(shared_server: ServerProcess) -> None:
    listed = {entry["name"]: entry for entry in games(shared_server.base_url)}
    served = 0
    for name, entry in listed.items():
        if declaration(name).web_renderer is None:
            assert entry["renderer"] is None
            continue
        assert entry["renderer"] == f"/games/{name}/renderer.js"
        status, kind, body = fetch(shared_server.base_url + entry["renderer"])
        assert status == 200 and kind.startswith("text/javascript") and b"export default" in body
        served += 1
    assert served >= 3


def test_each_style_sheet_named_by_the_game_list_is_served_as_css(shared_server: ServerProcess) -> None:
    served = 0
    for entry in games(shared_server.base_url):
        found = declaration(entry["name"]).resource("web_style")
        if found is None:
            assert entry["style"] is None
            continue
        assert entry["style"] == f"/games/{entry['name']}/{found.name}"
        status, kind, body = fetch(shared_server.base_url + entry["style"])
        assert status == 200 and kind.startswith("text/css") and body == found.read_bytes() and b"{" in body
        served += 1
    assert served >= 3


@pytest.mark.parametrize(
    "path",
    [
        "/games/no-such-game/renderer.js",
        "/games/{game}/declaration.py",
        "/games/{game}/__init__.py",
        "/games/{game}/..%2Fdeclaration.py",
        "/games/{game}/no_such_file.js",
        "/games/{game}/no_such_style.css",
        "/games/{game}/.hidden.js",
    ],
)
def test_nothing_else_is_served_from_a_games_package(shared_server: ServerProcess, path: str) -> None:
    game = next(name for name in asobiba.game_names() if declaration(name).web_renderer is not None)
    status, _, _ = fetch(shared_server.base_url + path.format(game=game))
    assert status == 404


def test_the_game_list_carries_how_to_play_and_the_games_words(shared_server: ServerProcess) -> None:
    for entry in games(shared_server.base_url):
        assert set(entry["howto"]) == {"en", "ja"}
        assert entry["words"]["domain"] == asobiba.get_game(entry["name"]).text_domain
        if declaration(entry["name"]).rules is not None:
            assert entry["howto"]["en"] and entry["howto"]["ja"]
            page = f"/rules/{entry['name'].replace('-', '_')}.ja.md"
            status, kind, body = fetch(shared_server.base_url + page)
            assert status == 200 and kind.startswith("text/markdown") and body.decode().startswith("# ")
