"""Named, versioned setups and the Gymnasium ids.

Every game declares its setups (:attr:`asobiba.rl.types.RLSupport.setups`):
``asobiba.rl.make("cockroach_poker_trump_4p_v1")`` is the PettingZoo AEC environment of that
setup (``api="gymnasium"``: the Gymnasium one, ``api="openspiel"``: the OpenSpiel game). A
setup's version changes when its observation, actions or rules change; an older version is
refused, naming the current one.

``import asobiba.rl`` registers one Gymnasium id per game, ``asobiba/<Game>-v<version>``
(``asobiba/CockroachPoker-v1``, ``asobiba/PaperSafari-v1``, ``asobiba/Survive-v1``), whose keyword
arguments are :func:`asobiba.rl.gym_env`'s::

    gymnasium.make("asobiba/CockroachPoker-v1", players=4, opponents="normal")

>>> sorted(all_setups())[:2]
['cockroach_poker_original_2p_v1', 'cockroach_poker_original_3p_v1']
>>> all_setups()["survive_compact_4p_v1"].action_space
'compact'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from asobiba.core.errors import InvalidOption
from asobiba.core.registry import declaration, game_names
from asobiba.rl.support import openspiel_name, support
from asobiba.rl.types import Setup

__all__ = ["GameSetup", "all_setups", "gym_id", "make", "register_gymnasium"]

APIS = ("pettingzoo", "gymnasium", "openspiel")


@dataclass(frozen=True)
class GameSetup:
    """A setup and the game it belongs to."""

    game: str
    setup: Setup

    @property
    def players(self) -> int:
        return self.setup.players

    @property
    def options(self) -> dict[str, Any]:
        return dict(self.setup.options)

    @property
    def action_space(self) -> str | None:
        return self.setup.action_space

    @property
    def version(self) -> int:
        return self.setup.version

    @property
    def horizon(self) -> int:
        return self.setup.horizon


def all_setups() -> dict[str, GameSetup]:
    """Every game's setups by full name (``<name>_v<version>``)."""
    found: dict[str, GameSetup] = {}
    for game in game_names():
        for setup in support(game).setups:
            found[setup.full_name] = GameSetup(game, setup)
    return found


def make(name: str, api: str = "pettingzoo", **overrides: Any) -> Any:
    """The environment of the setup ``name`` for ``api``; ``overrides`` go to the environment
    (``render_mode``, ``reward``, ``opponents``, …)."""
    setups = all_setups()
    if name not in setups:
        base = re.sub(r"_v\d+$", "", name)
        current = [full for full, found in setups.items() if found.setup.name == base]
        if current:
            raise InvalidOption(
                "setup {name} is not the current version; it is {current}", domain="rl", name=name, current=current[0]
            )
        raise InvalidOption(
            "unknown setup {name}; the setups are: {setups}", domain="rl", name=repr(name), setups=", ".join(setups)
        )
    if api not in APIS:
        raise InvalidOption("api must be one of {choices}", domain="rl", choices=", ".join(APIS))
    found = setups[name]
    options = {**found.options, **({"horizon": found.horizon} if found.horizon else {}), **overrides}
    if api == "openspiel":
        import pyspiel

        import asobiba.rl.openspiel  # (registers the games with pyspiel)

        parameters = {"players": found.players, **options}
        if found.action_space is not None and len(support(found.game).codecs) > 1:
            parameters["action_space"] = found.action_space
        return pyspiel.load_game(openspiel_name(found.game), parameters)
    import asobiba.rl

    if found.action_space is not None:
        options.setdefault("action_space", found.action_space)
    if api == "gymnasium":
        return asobiba.rl.gym_env(found.game, players=found.players, **options)
    return asobiba.rl.env(found.game, players=found.players, **options)


def gym_id(game: str) -> str:
    """The Gymnasium id of ``game``: ``asobiba/CockroachPoker-v1``."""
    camel = "".join(part.capitalize() for part in game.replace("_", "-").split("-"))
    return f"asobiba/{camel}-v{declaration(game).gym_version}"


def _gym_env(**kwargs: Any) -> Any:
    # gymnasium's entry point: called with keywords only (the registered ``game`` among them)
    import asobiba.rl

    return asobiba.rl.gym_env(**kwargs)


def register_gymnasium() -> None:
    """Register every game's Gymnasium id (done by ``import asobiba.rl``; again is harmless)."""
    import gymnasium

    for game in game_names():
        identifier = gym_id(game)
        if identifier not in gymnasium.registry:
            gymnasium.register(identifier, entry_point=_gym_env, kwargs={"game": game}, disable_env_checker=True)
