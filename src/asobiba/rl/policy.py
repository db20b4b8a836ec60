"""A learned policy as a bot: ``policy:package.module:function`` on the ladder, in the arena and the server.

The function is a policy of the research API, ``(observation, mask) -> action number``:
``observation`` is the bot's encoded view (:func:`asobiba.rl.encoder` of its game, players and
options), ``mask`` the bool mask of its legal numbers (:func:`asobiba.rl.codec`; the game's
default action space, or the function's ``action_space`` attribute, e.g. ``"compact"``). It sees
what the seat may know and nothing else, like every bot. The module is found on ``sys.path`` or
in the current folder. Needs the extra ``asobiba[rl]``. The
bots import nothing of the research API: :data:`asobiba.bots.BOTS` names this bot by its path.

    asobiba rate cockroach-poker --bots policy:my_package.policies:greedy,normal,hard

>>> import asobiba
>>> state = asobiba.new_game("cockroach-poker", players=3, seed=2)
>>> player = asobiba.bot("policy:asobiba.rl.policy:first_legal")
>>> player.choose(state.observe(state.to_move)) in state.legal_actions()
True
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from asobiba.bots.base import Bot
from asobiba.bots.pimc import load_function
from asobiba.core.errors import IllegalAction, InvalidOption
from asobiba.core.state import Action, Observation
from asobiba.rl import codec, encoder

if TYPE_CHECKING:
    from asobiba.rl.codecs import ActionCodec
    from asobiba.rl.encoders import Encoder

__all__ = ["PREFIX", "PolicyBot", "first_legal"]

#: The bot spec's prefix: ``policy:`` and the function's ``module:function`` path.
PREFIX = "policy:"


def first_legal(observation: Any, mask: Any) -> int:
    """The lowest legal number (a policy for examples and tests)."""
    import numpy as np

    return int(np.flatnonzero(mask)[0])


def _load_here_too(function: str | Callable[..., Any]) -> Callable[..., Any]:
    """:func:`load_function`, the module also looked up in the current folder (as ``python -m`` and
    uvicorn do): ``asobiba rate --bots policy:my_policies:play`` finds ``./my_policies.py``."""
    try:
        return load_function(function)
    except ModuleNotFoundError:
        here = os.getcwd()
        if here in sys.path or (isinstance(function, str) and function.partition(":")[0].split(".")[0] == "asobiba"):
            raise
        sys.path.append(here)
        return load_function(function)


class PolicyBot(Bot):
    """Plays a policy function ``(observation, mask) -> action number`` (see the module)."""

    name = "policy"

    def __init__(self, seed: int | None = None, function: str | Callable[..., Any] | None = None) -> None:
        super().__init__(seed)
        if function is None:
            raise InvalidOption("a policy bot is written policy:module:function", domain="rl")
        try:
            self.function: Callable[..., Any] = _load_here_too(function)
        except (ImportError, AttributeError) as error:
            raise InvalidOption(
                "policy {path} cannot be loaded: {error}", domain="rl", path=repr(function), error=str(error)
            ) from None
        if not callable(self.function):
            raise InvalidOption("policy {path} is not a function", domain="rl", path=repr(function))
        self._tools: dict[tuple[str, int, str], tuple[Encoder, ActionCodec]] = {}

    def _encoder_and_codec(self, observation: Observation) -> tuple[Encoder, ActionCodec]:
        view = observation.view
        players = int(view["players"])
        options = {key: None if value == "fixed" else value for key, value in view["options"].items()}
        key = (observation.game.name, players, repr(sorted(options.items())))
        if key not in self._tools:
            space = getattr(self.function, "action_space", None)
            self._tools[key] = (
                encoder(observation.game.name, players, **options),
                codec(observation.game.name, players, action_space=space, **options),
            )
        return self._tools[key]

    def choose(self, observation: Observation) -> Action:
        import numpy as np

        encoder, codec = self._encoder_and_codec(observation)
        legal: dict[int, Action]
        if codec.position_dependent:  # numbers read the public position: a sample has it
            legal = codec.legal(observation.sample(self.rng.randrange(2**31)))
            legal = {number: action for number, action in legal.items() if action in observation.legal_actions}
        else:
            legal = {}
            for action in observation.legal_actions:
                legal.setdefault(codec.index(action), action)
        mask = np.zeros(codec.size, dtype=bool)
        mask[list(legal)] = True
        number = self.function(encoder.encode(observation.view), mask)
        chosen = legal.get(int(np.asarray(number).item()))
        if chosen is None:
            raise IllegalAction(
                "policy {function} chose {number}, which is not legal here",
                domain="rl",
                function=getattr(self.function, "__name__", repr(self.function)),
                number=repr(number)[:40],
            )
        return chosen
