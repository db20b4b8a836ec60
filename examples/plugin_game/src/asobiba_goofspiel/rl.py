"""Goofspiel for the research API (``asobiba.rl``, needs numpy): its declaration :data:`RL` (named by
the game declaration's ``rl``), with an action codec and an observation encoder. The codec numbers a
bid by its card (``bid v`` is ``v - 1``); the encoder reads a player's view only. A game declaring
none gets the research API's generic encoder and codec; these are smaller and exact.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from asobiba.core.state import Action
from asobiba.rl.codecs import ActionCodec
from asobiba.rl.encoders import Encoder, one_hot
from asobiba.rl.types import RLSupport
from asobiba_goofspiel.actions import Bid
from asobiba_goofspiel.view import GoofspielFullView


class GoofspielCodec(ActionCodec):
    """``bid v`` -> ``v - 1``: one number per card."""

    def __init__(self, game: Any, players: int, options: Mapping[str, Any]) -> None:
        super().__init__(game, players, options)
        self._lay_out([("bid", int(options["cards"]))])

    def index(self, action: Action) -> int:
        if not isinstance(action, Bid):
            raise TypeError(f"{action!r} is not a player's action of goofspiel")
        return action.value - 1

    def layout(self) -> list[tuple[str, int, int]]:
        return list(self._blocks)


class GoofspielEncoder(Encoder[GoofspielFullView]):
    """The prize up, the prizes left, every hand (what nobody has seen spent), who has bid this
    round, the viewer's own bid and the scores; the viewer's seat comes first, then the others in
    turn."""

    def _declare(self) -> None:
        cards, players = int(self.options["cards"]), self.players
        most = cards * (cards + 1) // 2
        self.piece("prize", cards, 1, "the prize up (one-hot; none at a chance node)")
        self.piece("prizes_left", cards, 1, "the prizes not yet turned up")
        self.piece("hands", (players, cards), 1, "per seat from the viewer: the cards not yet seen spent")
        self.piece("bid_placed", players, 1, "per seat from the viewer: whether it has bid this round")
        self.piece("my_bid", cards, 1, "the viewer's bid this round (one-hot)")
        self.piece("scores", players, most, "per seat from the viewer: points won")

    def _fill(self, view: GoofspielFullView, out: dict[str, np.ndarray]) -> None:
        viewer = view["viewer"] or 0
        seats = [(viewer + offset) % self.players for offset in range(self.players)]
        one_hot(out["prize"], None if view["prize"] is None else view["prize"] - 1)
        for prize in view["prizes_left"]:
            out["prizes_left"][prize - 1] = 1.0
        for row, seat in enumerate(seats):
            for card in view["hands"][seat]:
                out["hands"][row, card - 1] = 1.0
            out["bid_placed"][row] = float(view["bid_placed"][seat])
            out["scores"][row] = view["scores"][seat]
        one_hot(out["my_bid"], None if view["my_bid"] is None else view["my_bid"] - 1)


RL = RLSupport(
    encoder=GoofspielEncoder,
    codecs={"full": GoofspielCodec},
    # the only options OpenSpiel may set (a declared RLSupport drops the others); no shuffle: its chance
    # nodes list their outcomes (the prizes left), so max_chance_outcomes (read only with a shuffle) is not set
    openspiel_parameters={"players": 2, "cards": 6},
)
