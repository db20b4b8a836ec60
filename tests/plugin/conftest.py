"""The plug-in example (``examples/plugin_game``) must be installed: its tests fail, not skip, when
it is missing (the README's test command installs it)."""

from __future__ import annotations

import pytest

import asobiba

PLUGIN_GAME = "goofspiel"
INSTALL = "python3 -m pip install -e ./examples/plugin_game (the README's test command installs it)"


@pytest.fixture(autouse=True)
def plugin_installed() -> None:
    if PLUGIN_GAME not in asobiba.game_names():
        pytest.fail(f"the plug-in example is not installed: {INSTALL}")
