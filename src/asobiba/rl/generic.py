"""The research API of a game that declares none: a feature-hashed view and hashed actions.

- :class:`GenericEncoder`: every leaf of the view (a path such as ``hand/2`` and its value) goes
  to one of ``FEATURES`` slots by a stable hash (CRC-32): a number or a flag adds itself (a
  negative number goes to a slot of its own, as its size), a word adds 1 to the slot of
  ``path=word``. The tensor is a function of the view alone, like a declared encoder's.
- :class:`GenericCodec`: an action's number is the CRC-32 of its ``to_json()`` modulo
  ``ACTIONS``. Two different legal actions of one position that share a number are refused
  (:class:`~asobiba.core.errors.IllegalAction`, saying so): a game meeting that declares its own codec.
- OpenSpiel parameters: ``players`` and the options whose default is a number, a flag or a word.

>>> import asobiba
>>> from asobiba.rl.generic import GenericCodec, GenericEncoder
>>> game = asobiba.get_game("paper-safari")
>>> state = game.new_game(2, seed=1)
>>> encoder, codec = GenericEncoder(game, 2, state.options), GenericCodec(game, 2, state.options)
>>> encoder.encode(state.view(0)).shape, codec.size
((1024,), 4096)
>>> all(codec.index_in(action, state) == codec.index(action) for action in state.legal_actions())
True
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Mapping
from typing import Any

import numpy as np

from asobiba.core.errors import IllegalAction
from asobiba.core.game import Game
from asobiba.core.state import Action, State
from asobiba.rl.codecs import ActionCodec
from asobiba.rl.encoders import Encoder
from asobiba.rl.types import RLSupport

__all__ = ["ACTIONS", "FEATURES", "GenericCodec", "GenericEncoder", "generic_support"]

#: Slots of the generic observation tensor.
FEATURES = 1024
#: Numbers of the generic action space.
ACTIONS = 4096
#: The bound of a generic slot (a count or a number of the view; none is fixed).
UNBOUNDED = 1e9


def _slot(text: str, size: int) -> int:
    return zlib.crc32(text.encode()) % size


class GenericEncoder(Encoder[Mapping[str, object]]):
    """A view as ``FEATURES`` feature-hashed slots (see the module)."""

    def _declare(self) -> None:
        self.piece("features", FEATURES, UNBOUNDED, "feature-hashed leaves of the view (path and value)")

    def _fill(self, view: Mapping[str, object], out: dict[str, np.ndarray]) -> None:
        features = out["features"]
        stack: list[tuple[str, object]] = [("", view)]
        while stack:
            path, value = stack.pop()
            if isinstance(value, Mapping):
                stack.extend((f"{path}/{key}", item) for key, item in value.items())
            elif isinstance(value, (list, tuple)):
                stack.extend((f"{path}/{index}", item) for index, item in enumerate(value))
            elif isinstance(value, bool):
                features[_slot(path, FEATURES)] += float(value)
            elif isinstance(value, (int, float)):
                if value >= 0:
                    features[_slot(path, FEATURES)] += min(float(value), UNBOUNDED)
                else:
                    features[_slot(path + "<0", FEATURES)] += min(-float(value), UNBOUNDED)
            elif isinstance(value, str):
                features[_slot(f"{path}={value}", FEATURES)] += 1.0


class GenericCodec(ActionCodec):
    """Actions numbered by the hash of their ``to_json()`` (see the module)."""

    def __init__(self, game: Game, players: int, options: Mapping[str, Any]) -> None:
        super().__init__(game, players, options)
        self._lay_out([("action", ACTIONS)])

    def index(self, action: Action) -> int:
        return _slot(json.dumps(action.to_json(), sort_keys=True), ACTIONS)

    def legal(self, state: State) -> dict[int, Action]:
        legal: dict[int, Action] = {}
        for action in state.legal_actions():
            number = self.index(action)
            if number in legal and legal[number] != action:
                raise IllegalAction(
                    "{first} and {second} share the generic action number {number}; "
                    "the game needs its own action codec",
                    domain="rl",
                    first=str(legal[number]),
                    second=str(action),
                    number=number,
                )
            legal[number] = action
        return legal


def generic_support(game: Game) -> RLSupport:
    """The research-API declaration of a game that declares none."""
    parameters: dict[str, Any] = {"players": game.min_players}
    for option in game.options:
        if not option.secret and isinstance(option.default, (bool, int, float, str)):
            parameters[option.name] = option.default
    return RLSupport(encoder=GenericEncoder, codecs={"full": GenericCodec}, openspiel_parameters=parameters)
