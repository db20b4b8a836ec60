"""Games that break the contract, each in one way, for the conformance kit's own tests: a kit that
cannot fail is worthless. Each is Kuhn poker (tests/kuhn_poker.py) for two players with one fault."""

from __future__ import annotations

from typing import Any

from asobiba.core.events import Event
from asobiba.core.state import Action, State
from kuhn_poker import KuhnPoker, KuhnState


class TwoPlayerKuhn(KuhnPoker):
    """Kuhn poker for exactly two players, without any option: a game that keeps the whole contract."""

    name = "kuhn-two"
    max_players = 2


class LeakyState(KuhnState):
    """Shows every player the other's card."""

    def _view(self, player: int | None) -> dict[str, Any]:
        view = super()._view(player)
        if player is not None and self.cards:
            view["card"] = self.cards[1 - player]  # the other's card, not his own
        return view


class LeakyKuhn(TwoPlayerKuhn):
    name = "kuhn-leaky"

    def _new_state(self, players: int, seed: int, options: dict[str, Any], chance: str) -> State:
        return LeakyState(self, players, seed, options, chance)


#: Moves made by every game of this process: a count kept outside the state, which no record holds.
MOVES_SEEN = [0]


class ForgetfulState(KuhnState):
    """Counts in its view every move this process ever made: a replay counts differently."""

    def _apply(self, action: Action) -> list[Event]:
        MOVES_SEEN[0] += 1
        self.moves.append(f"#{MOVES_SEEN[0]}")
        return super()._apply(action)


class ForgetfulKuhn(TwoPlayerKuhn):
    name = "kuhn-forgetful"

    def _new_state(self, players: int, seed: int, options: dict[str, Any], chance: str) -> State:
        return ForgetfulState(self, players, seed, options, chance)


class SharingState(KuhnState):
    """Forgets to declare its list of moves: a clone shares it with the original."""

    copied_lists = ("cards", "folded", "stakes")


class SharingKuhn(TwoPlayerKuhn):
    name = "kuhn-sharing"

    def _new_state(self, players: int, seed: int, options: dict[str, Any], chance: str) -> State:
        return SharingState(self, players, seed, options, chance)


TWO = TwoPlayerKuhn()
LEAKY = LeakyKuhn()
FORGETFUL = ForgetfulKuhn()
SHARING = SharingKuhn()
