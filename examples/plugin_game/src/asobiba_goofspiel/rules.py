"""The rules of Goofspiel (the "Game of Pure Strategy"), with sealed bids.

Every player holds the cards 1 to ``cards``; the prize cards 1 to ``cards`` are shuffled. Each
round, chance turns the next prize up; then the players bid one card of their hand each, face
down, in turn from p0. When all have bid, the bids are shown: the single highest bid takes the
prize (its value in points); when the highest bid is tied, nobody does. Bid cards are spent. After
the last round the most points win (ties share the win).

What is hidden: the bids already placed this round (a player knows only his own). Every player's
remaining hand is public, since spent cards are shown.
"""

from __future__ import annotations

import random
from typing import Any

from asobiba.core.errors import IllegalAction
from asobiba.core.events import Event
from asobiba.core.state import CHANCE, Action, GameRules, State
from asobiba_goofspiel.actions import Bid, Prize
from asobiba_goofspiel.events import BidPlaced, BidsRevealed, PrizeRevealed
from asobiba_goofspiel.view import GoofspielFullView, GoofspielRound, GoofspielView


class GoofspielState(State[GoofspielView, GoofspielFullView]):
    """A position: the prizes left, the prize up, each hand, this round's bids and the scores."""

    #: The lists a move changes in place: core's ``clone()`` copies them (and shares the rest).
    copied_lists = ("prizes_left", "bids", "scores", "rounds")
    copied_nested_lists = ("hands",)

    def __init__(self, game: GameRules, players: int, seed: int, options: dict[str, Any], chance: str = "auto") -> None:
        super().__init__(game, players, seed, options, chance)
        cards = options["cards"]
        self.prizes_left: list[int] = list(range(1, cards + 1))
        self.prize: int | None = None
        self.hands: list[list[int]] = [list(range(1, cards + 1)) for _ in range(players)]
        self.bids: list[int] = []
        self.scores: list[int] = [0] * players
        self.rounds: list[GoofspielRound] = []

    # ------------------------------------------------------------------ whose turn
    def _current_player(self) -> int | None:
        if self.prize is None:
            return CHANCE if self.prizes_left else None
        return len(self.bids)

    def _phase(self) -> str:
        return "reveal" if self.prize is None else "bid"

    # ------------------------------------------------------------------ actions
    def _legal_actions(self) -> list[Action]:
        return [Bid(value) for value in self.hands[len(self.bids)]]

    def _fixed_prize(self) -> int | None:
        """The next prize of the secret option ``prize_order``, if it fixes this one."""
        order = self.options.get("prize_order")
        turned = len(self.rounds) + (self.prize is not None)
        return order[turned] if order is not None and turned < len(order) else None

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self._current_player() != CHANCE:
            return []
        fixed = self._fixed_prize()
        if fixed is not None:
            return [(Prize(fixed), 1.0)]
        share = 1.0 / len(self.prizes_left)
        return [(Prize(value), share) for value in self.prizes_left]

    def _sample_chance(self, rng: random.Random) -> Action:
        fixed = self._fixed_prize()
        return Prize(fixed if fixed is not None else rng.choice(self.prizes_left))

    def _check(self, action: Action) -> None:
        if isinstance(action, Prize):
            if action.value not in self.prizes_left:
                raise IllegalAction(
                    "the prize {value} is not among the prizes left", domain="goofspiel", value=action.value
                )
            fixed = self._fixed_prize()
            if fixed is not None and action.value != fixed:
                raise IllegalAction(
                    "the prize order is fixed: the prize now is {value}", domain="goofspiel", value=fixed
                )
            return
        assert isinstance(action, Bid)
        hand = self.hands[len(self.bids)]
        if action.value not in hand:
            raise IllegalAction(
                "{value} is not in your hand; you hold {hand}",
                domain="goofspiel",
                value=action.value,
                hand=" ".join(map(str, hand)),
            )

    def _apply(self, action: Action) -> list[Event]:
        if isinstance(action, Prize):
            self.prizes_left.remove(action.value)
            self.prize = action.value
            return [PrizeRevealed(action.value)]
        assert isinstance(action, Bid)
        player = len(self.bids)
        self.hands[player].remove(action.value)
        self.bids.append(action.value)
        events: list[Event] = [BidPlaced(player, action.value)]
        if len(self.bids) == self.players:
            events.append(self._reveal())
        return events

    def _reveal(self) -> Event:
        assert self.prize is not None
        highest = max(self.bids)
        top = [player for player, bid in enumerate(self.bids) if bid == highest]
        winner = top[0] if len(top) == 1 else None
        if winner is not None:
            self.scores[winner] += self.prize
        event = BidsRevealed(self.prize, tuple(self.bids), winner)
        self.rounds.append({"prize": self.prize, "bids": list(self.bids), "winner": winner})
        self.prize = None
        self.bids = []
        return event

    # ------------------------------------------------------------------ what players know
    def _pending(self, viewer: int | None) -> dict[str, Any]:
        return {"kind": "bid", "steps": [], "prize": self.prize}

    def _view(self, player: int | None) -> GoofspielView:
        return {
            "prize": self.prize,
            "prizes_left": sorted(self.prizes_left),
            "hands": [self.unshown(other) for other in range(self.players)],
            "bid_placed": [index < len(self.bids) for index in range(self.players)],
            "my_bid": self.bids[player] if player is not None and player < len(self.bids) else None,
            "scores": list(self.scores),
            "rounds": [_round_copy(entry) for entry in self.rounds],
        }

    def unshown(self, player: int) -> list[int]:
        """The cards of ``player`` nobody has seen spent: his hand and his bid of this round, if any."""
        held = self.hands[player]
        return sorted([*held, self.bids[player]]) if player < len(self.bids) else list(held)

    def result(self) -> dict[str, Any]:
        best = max(self.scores)
        winners = [player for player, score in enumerate(self.scores) if score == best]
        losers = [player for player in range(self.players) if player not in winners]
        return {"winners": winners, "losers": losers, "scores": list(self.scores)}

    # ------------------------------------------------------------------ samples
    def _resample_hidden(self, player: int, rng: random.Random) -> None:
        """The other players' bids of this round, drawn from what they held (their hand then:
        what they hold now and the card bid, in sorted order)."""
        for other, bid in enumerate(self.bids):
            if other == player:
                continue
            held = sorted([*self.hands[other], bid])
            drawn = rng.choice(held)
            held.remove(drawn)
            self.hands[other] = held
            self.bids[other] = drawn


def _round_copy(entry: GoofspielRound) -> GoofspielRound:
    """A finished round as a view shows it (a copy: views are never shared with the state)."""
    return {"prize": entry["prize"], "bids": list(entry["bids"]), "winner": entry["winner"]}
