"""What a game tells the research API: its encoder, its action spaces, how OpenSpiel deals it.

A game declares this in its own package (``GameDeclaration(rl="my_game.rl:RL")``, an
:class:`RLSupport`); nothing in :mod:`asobiba.rl` names a game. A game that declares none still
plays: :func:`support` gives it the generic encoder (feature-hashed view), the generic codec
(hashed ``to_json()`` of the actions) and OpenSpiel chance from the engine's own sampler.

>>> found = support("cockroach-poker")
>>> found.default_action_space, sorted(found.codecs)
('full', ['full'])
>>> support("survive").codecs.keys() >= {"full", "compact"}
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from asobiba.core.errors import InvalidOption
from asobiba.core.game import Game
from asobiba.core.registry import declaration, get_game

if TYPE_CHECKING:
    from asobiba.core.state import Action, State
    from asobiba.rl.codecs import ActionCodec
    from asobiba.rl.encoders import Encoder

__all__ = ["RLSupport", "Setup", "Shuffle", "game_of", "openspiel_name", "support"]


@dataclass(frozen=True)
class Shuffle:
    """A chance outcome drawn item by item: ``segments`` are the multisets (item numbers) drawn in
    turn, each wholly, and ``build`` makes the engine's action from the orders drawn."""

    segments: tuple[tuple[int, ...], ...]
    build: Callable[[list[list[int]]], Action]


@dataclass(frozen=True)
class Setup:
    """A named, versioned setup: ``<name>_v<version>`` plays ``players`` with these options and action
    space, cut after ``horizon`` decisions where that is not 0 (in every environment).

    The version changes whenever the setup's observation, actions or rules change (the tests pin
    each setup's layout to its version)."""

    name: str
    players: int
    options: Mapping[str, Any] = field(default_factory=dict)
    action_space: str | None = None
    version: int = 1
    horizon: int = 0

    @property
    def full_name(self) -> str:
        return f"{self.name}_v{self.version}"


@dataclass(frozen=True)
class RLSupport:
    """One game's research-API declaration.

    - ``encoder``: the observation encoder class;
    - ``codecs``: action space name -> codec class (``"full"`` always; ``"compact"`` where a game has one);
    - ``default_action_space``: the one used when ``action_space`` is not given;
    - ``openspiel_parameters``: the OpenSpiel game parameters and their defaults (``players`` too);
    - ``options_from_parameters``: OpenSpiel parameters (``players`` removed) -> the game's options;
    - ``shuffle``: at a chance node without enumerable outcomes, the shuffle drawn item by item;
    - ``max_chance_outcomes``: the most outcomes one OpenSpiel chance node has;
    - ``setups``: the named, versioned setups (:class:`Setup`) of the game;
    """

    encoder: type[Encoder]
    codecs: Mapping[str, type[ActionCodec]]
    default_action_space: str = "full"
    openspiel_parameters: Mapping[str, Any] = field(default_factory=dict)
    options_from_parameters: Callable[[dict[str, Any]], dict[str, Any]] | None = None
    shuffle: Callable[[State], Shuffle] | None = None
    max_chance_outcomes: int = 256
    setups: tuple[Setup, ...] = ()

    def codec_type(self, action_space: str | None = None) -> type[ActionCodec]:
        """The codec class of ``action_space`` (the default one for ``None``); refuses an unknown name."""
        name = self.default_action_space if action_space is None else action_space
        if name not in self.codecs:
            raise InvalidOption(
                "action_space must be one of {choices}, not {value}",
                domain="rl",
                choices=", ".join(sorted(self.codecs)),
                value=repr(action_space)[:40],
            )
        return self.codecs[name]


def game_of(game: Game | str) -> Game:
    """``game`` itself or the game of that name."""
    return game if isinstance(game, Game) else get_game(game)


_generic: dict[str, RLSupport] = {}


def support(game: Game | str) -> RLSupport:
    """The research-API declaration of ``game``: its declaration's ``rl`` part, else the generic one."""
    found = game_of(game)
    declared = declaration(found.name).rl()
    if declared is not None:
        return declared
    if found.name not in _generic:
        from asobiba.rl.generic import generic_support

        _generic[found.name] = generic_support(found)
    return _generic[found.name]


def openspiel_name(game: Game | str) -> str:
    """The OpenSpiel short name of ``game``: ``python_asobiba_`` and its name in snake case."""
    return "python_asobiba_" + game_of(game).name.replace("-", "_")
