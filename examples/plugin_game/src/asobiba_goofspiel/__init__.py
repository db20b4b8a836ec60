"""Goofspiel with sealed bids: a small hidden-information game in a package of its own.

It shows how a game plugs into asobiba: ``declaration.py`` declares it, ``pyproject.toml`` names
the declaration in the ``asobiba.games`` entry-point group, and asobiba's terminal, server, browser
client and bots play it with no change to asobiba (it has no screen or renderer of its own: the
generic tables draw it from its view and its legal actions).

>>> import asobiba
>>> state = asobiba.new_game("goofspiel", players=2, seed=1)
>>> [str(action) for action in state.legal_actions()]
['bid 1', 'bid 2', 'bid 3', 'bid 4', 'bid 5', 'bid 6']
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from asobiba.core.capabilities import GameCapabilities
from asobiba.core.errors import InvalidOption
from asobiba.core.events import Event
from asobiba.core.game import Game
from asobiba.core.options import Option
from asobiba.core.state import Action, Observation, State
from asobiba_goofspiel import actions, text
from asobiba_goofspiel.rules import GoofspielState
from asobiba_goofspiel.view import GoofspielFullView, GoofspielPending, GoofspielView

#: The largest deck: a prize order holds at most this many prizes.
MAX_CARDS = 13


def _read_prize_order(value: Any) -> tuple[int, ...]:
    """A list of distinct prizes (whole numbers), at most one deck long."""
    if (
        not isinstance(value, (list, tuple))
        or len(value) > MAX_CARDS
        or not all(isinstance(prize, int) and not isinstance(prize, bool) for prize in value)
        or len(set(value)) != len(value)
    ):
        raise InvalidOption("it takes a list of at most 13 different prizes, such as [3, 1, 2]", domain="goofspiel")
    return tuple(value)


class Goofspiel(Game[GoofspielState]):
    """The game; ``GAME`` is its instance."""

    name = "goofspiel"
    title: ClassVar[Mapping[str, str]] = {"en": "Goofspiel (sealed bids)", "ja": "グーフシュピール（封印入札）"}
    min_players = 2
    max_players = 4
    #: What kind of game it is: the bids are hidden, the prizes shuffled, ``prize_order`` fixes
    #: them, and a game is ``cards`` rounds of one bid per player (13 cards, 4 players at most).
    capabilities: ClassVar[GameCapabilities] = GameCapabilities(
        secret_options=True,
        hidden_information=True,
        chance=True,
        max_decisions=13 * 4,
    )
    action_types = (actions.Prize, actions.Bid)
    view_type = GoofspielView
    pending_type = GoofspielPending
    options = (
        Option("cards", 6, "how many cards each player and the prize deck hold (1 to this number)", bounds=(3, 13)),
        Option("prize_order", None, "the prizes' order, first first, such as [3, 1, 2] (all of them or the first "
               "ones; the rest is shuffled)", check=_read_prize_order, secret=True),
    )  # fmt: skip

    def _complete_options(self, players: int, options: dict[str, Any]) -> dict[str, Any]:
        order = options["prize_order"]
        if order is not None and not set(order) <= set(range(1, options["cards"] + 1)):
            raise InvalidOption(
                "{game}: option prize_order holds a prize that is not from 1 to cards={cards}",
                domain="goofspiel",
                game=self.name,
                cards=options["cards"],
            )
        return options

    def _new_state(self, players: int, seed: int, options: dict[str, Any], chance: str) -> GoofspielState:
        return GoofspielState(self, players, seed, options, chance)

    def _parse_action(self, text: str, state: State) -> Action:
        return actions.parse(text)

    def heuristic_action(self, observation: Observation[GoofspielFullView], rng: random.Random) -> Action:
        from asobiba_goofspiel.bots import choose

        return choose(observation.view, observation.legal_actions, rng)

    def describe_action(self, action: Action, lang: str) -> str:
        return text.describe_action(action, lang)

    def describe_event(self, event: Event, lang: str) -> str:
        return text.describe_event(event, lang)


GAME = Goofspiel()

__all__ = ["GAME", "Goofspiel", "GoofspielState"]
