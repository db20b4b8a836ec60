"""Kuhn poker for 2–4 players: a tiny hidden-card game fulfilling the whole core contract.

A test fixture only (never registered through the entry points): the bots and the arena are tested
on it without depending on the real games. Tests register it with
``registry.register(GameDeclaration(name="kuhn-poker", game="kuhn_poker:GAME"))``.

Rules: the deck holds ``players + 1`` cards ranked 0 (lowest) to ``players``. Everybody antes 1
chip and gets one card; the last card is set aside unseen. In turn from p0, each player checks or
bets 1 chip. Once somebody has bet, every other player in turn after him calls (1 chip) or folds.
If everybody checked, or after the answers to the bet, the highest card still in wins the pot.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar, NotRequired

from typing_extensions import TypedDict

from asobiba.core.capabilities import GameCapabilities
from asobiba.core.errors import IllegalAction, NotationError
from asobiba.core.events import Event
from asobiba.core.game import Game
from asobiba.core.state import CHANCE, Action, GameRules, Observation, State


@dataclass(frozen=True, slots=True)
class Deal(Action):
    """The shuffle: the deck order; player ``i`` gets ``order[i]``, the last card is set aside."""

    order: tuple[int, ...]
    is_chance: ClassVar[bool] = True

    def __str__(self) -> str:
        return "deal " + " ".join(str(card) for card in self.order)


@dataclass(frozen=True, slots=True)
class Move(Action):
    """``check``, ``bet``, ``call`` or ``fold``."""

    word: str

    def __str__(self) -> str:
        return self.word


CHECK, BET, CALL, FOLD = Move("check"), Move("bet"), Move("call"), Move("fold")
MOVES = {str(move): move for move in (CHECK, BET, CALL, FOLD)}


@dataclass(frozen=True, slots=True)
class CardsDealt(Event):
    """Who holds which card: each player sees only his own (redacted for everybody)."""

    order: tuple[int, ...]

    def audience(self) -> frozenset[int] | None:
        return frozenset()

    def redacted(self) -> Event | None:
        return CardsDealtFaceDown()


@dataclass(frozen=True, slots=True)
class CardsDealtFaceDown(Event):
    pass


@dataclass(frozen=True, slots=True)
class Moved(Event):
    player: int
    word: str


@dataclass(frozen=True, slots=True)
class Showdown(Event):
    cards: tuple[int | None, ...]
    winner: int


class KuhnView(TypedDict):
    """What a player sees: the moves so far, the chips each put in, who folded, his own card, and
    every card still in at the showdown."""

    moves: list[str]
    stakes: list[int]
    folded: list[bool]
    card: NotRequired[int]
    shown: NotRequired[list[int | None]]


class KuhnState(State[dict[str, Any]]):
    copied_lists = ("cards", "folded", "stakes", "moves")

    def __init__(self, game: GameRules, players: int, seed: int, options: dict[str, Any], chance: str = "auto") -> None:
        super().__init__(game, players, seed, options, chance)
        self.cards: list[int] = []
        self.spare: int | None = None
        self.next_player: int | None = CHANCE
        self.bettor: int | None = None
        self.checks = 0
        self.answers = 0
        self.folded = [False] * players
        self.stakes = [1] * players
        self.moves: list[str] = []
        self.winner: int | None = None

    def _current_player(self) -> int | None:
        return self.next_player

    def _legal_actions(self) -> list[Action]:
        if self.bettor is None:
            return [CHECK, BET]
        return [CALL, FOLD]

    def _check(self, action: Action) -> None:
        if isinstance(action, Deal):
            if sorted(action.order) != list(range(self.players + 1)):
                raise IllegalAction(f"a deal orders the cards 0 to {self.players}")
            return
        if action not in self._legal_actions():
            allowed = " or ".join(str(move) for move in self._legal_actions())
            raise IllegalAction(f"'{action}' is not allowed now; p{self.next_player} may {allowed}")

    def _apply(self, action: Action) -> list[Event]:
        if isinstance(action, Deal):
            self.cards = list(action.order[: self.players])
            self.spare = action.order[self.players]
            self.next_player = 0
            return [CardsDealt(action.order)]
        assert isinstance(action, Move) and self.next_player is not None
        player = self.next_player
        self.moves.append(f"p{player} {action}")
        events: list[Event] = [Moved(player, action.word)]
        if action == BET:
            self.stakes[player] += 1
            self.bettor = player
        elif action == CALL:
            self.stakes[player] += 1
        elif action == FOLD:
            self.folded[player] = True
        if self.bettor is None:
            self.checks += 1
            if self.checks == self.players:
                return events + self._showdown()
            self.next_player = player + 1
            return events
        if action != BET:
            self.answers += 1
        if self.answers == self.players - 1:
            return events + self._showdown()
        self.next_player = (player + 1) % self.players
        return events

    def _showdown(self) -> list[Event]:
        contenders = [player for player in range(self.players) if not self.folded[player]]
        self.winner = max(contenders, key=lambda player: self.cards[player])
        self.next_player = None
        shown = tuple(self.cards[player] if not self.folded[player] else None for player in range(self.players))
        return [Showdown(shown, self.winner)]

    def _sample_chance(self, rng: random.Random) -> Action:
        order = list(range(self.players + 1))
        rng.shuffle(order)
        return Deal(tuple(order))

    def _phase(self) -> str:
        return "deal" if not self.cards else "bet" if self.bettor is None else "answer"

    def _pending(self, viewer: int | None) -> dict[str, Any]:
        return {"kind": "check_or_bet" if self.bettor is None else "call_or_fold", "steps": []}

    def _view(self, player: int | None) -> dict[str, Any]:
        view: dict[str, Any] = {"moves": list(self.moves), "stakes": list(self.stakes), "folded": list(self.folded)}
        if player is not None and self.cards:
            view["card"] = self.cards[player]
        if self.winner is not None:
            view["shown"] = [None if self.folded[p] else self.cards[p] for p in range(self.players)]
        return view

    def result(self) -> dict[str, Any]:
        assert self.winner is not None
        pot = sum(self.stakes)
        scores = [(pot if player == self.winner else 0) - self.stakes[player] for player in range(self.players)]
        losers = [player for player in range(self.players) if player != self.winner]
        return {"winners": [self.winner], "losers": losers, "scores": scores}

    def _resample_hidden(self, player: int, rng: random.Random) -> None:
        if not self.cards or self.winner is not None:
            return
        unknown = sorted(card for card in range(self.players + 1) if card != self.cards[player])
        rng.shuffle(unknown)
        others = [other for other in range(self.players) if other != player]
        for other, card in zip(others, unknown, strict=False):
            self.cards[other] = card
        self.spare = unknown[-1]


class KuhnPoker(Game):
    name = "kuhn-poker"
    title: ClassVar[dict[str, str]] = {"en": "Kuhn poker", "ja": "クーン・ポーカー"}
    min_players = 2
    max_players = 4
    action_types = (Deal, Move)
    view_type = KuhnView
    #: Each player checks or bets once, and once more at most to answer a bet.
    capabilities = GameCapabilities(secret_options=False, hidden_information=True, chance=True, max_decisions=2 * 4)

    def _new_state(self, players: int, seed: int, options: dict[str, Any], chance: str) -> State:
        return KuhnState(self, players, seed, options, chance)

    def _parse_action(self, text: str, state: State) -> Action:
        words = text.split()
        if words and words[0] == "deal":
            try:
                return Deal(tuple(int(word) for word in words[1:]))
            except ValueError:
                raise NotationError(f"{text!r}: a deal lists card numbers") from None
        if text.strip() in MOVES:
            return MOVES[text.strip()]
        raise NotationError(f"{text!r} is not a move; the moves are check, bet, call, fold")

    def heuristic_action(self, observation: Observation, rng: random.Random) -> Action:
        """Bet or call with the top card, call with the second best when few players, else pass."""
        top = observation.view["players"]
        card = observation.view["card"]
        good = card == top or (card == top - 1 and observation.view["players"] == 2 and rng.random() < 0.3)
        if BET in observation.legal_actions:
            return BET if card == top else CHECK
        return CALL if good else FOLD

    def describe_action(self, action: Action, lang: str) -> str:
        return str(action)

    def describe_event(self, event: Event, lang: str) -> str:
        return event.kind


GAME = KuhnPoker()
