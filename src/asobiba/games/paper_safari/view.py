"""The view of a Paper Safari position as types: what ``state.view(player)`` holds beside core's
envelope (``game, players, viewer, phase, to_move, seq, pending, is_over, options``), and the
``pending`` decision. Cards are written by their id (``onix``), positions by name (``a1`` … ``b3``),
players by number. ``None`` in a grid is a face-down card, ``""`` a place Team Rocket emptied.

The phases (``view["phase"]``) are the values of :class:`~asobiba.games.paper_safari.phase.Phase`:
``start``, ``deal``, ``coin`` and ``reshuffle`` are chance's; ``flip``, ``turn``, ``hand``,
``peek``, ``snorlax``, ``mew_opponent``, ``mew_take``, ``mew_place``, ``rocket`` and ``meowth`` a
player's; ``over`` when the match is over.

A turn is one decision taken in steps: draw or take the discard, then place the card, then the
card's effect. ``pending["steps"]`` lists the steps of the turn taken so far, oldest first (see
:func:`~asobiba.games.paper_safari.positions.position` for a worked example).

>>> from asobiba.games.paper_safari import GAME
>>> state = GAME.new_game(2, seed=3)
>>> state.view(0)["phase"], state.view(0)["pending"]["kind"], state.view(0)["pending"]["steps"]
('flip', 'flip', [])
"""

from __future__ import annotations

from typing import Literal, NotRequired

# pydantic reads TypedDicts (for the JSON Schema) only from typing_extensions before Python 3.12.
from typing_extensions import TypedDict

from asobiba.core.state import PendingPlayer, ViewEnvelope

#: The kinds of decision (``pending["kind"]``), one per player phase, and core's ``chance`` at a
#: scripted chance node.
PendingKind = Literal[
    "flip", "turn", "place", "peek", "snorlax", "mew_opponent", "mew_take", "mew_place", "rocket", "meowth", "chance"
]
CoinFace = Literal["pikachu", "meowth"]
EffectName = Literal["none", "charizard", "snorlax", "ditto", "mew", "zapdos", "team-rocket"]


class DrawStep(TypedDict):
    """The player drew from the pile; ``card`` only if it was shown at once (Mew, Team Rocket)."""

    step: Literal["draw"]
    card: NotRequired[str]


class TakeDiscardStep(TypedDict):
    """The player took the top card of the discard pile."""

    step: Literal["take_discard"]
    card: str


class SwapStep(TypedDict):
    """The card in hand went to ``position`` (Charizard or Snorlax now offers its effect)."""

    step: Literal["swap"]
    position: str
    card: str


class CoinStep(TypedDict):
    """Team Rocket's coin showed ``face``."""

    step: Literal["coin"]
    face: CoinFace


class OpponentStep(TypedDict):
    """Mew: the chosen opponent."""

    step: Literal["opponent"]
    player: int


class TakeStep(TypedDict):
    """Mew took the opponent's ``card`` at ``position`` (it is in the player's hand now)."""

    step: Literal["take"]
    position: str
    card: str


TurnStep = DrawStep | TakeDiscardStep | SwapStep | CoinStep | OpponentStep | TakeStep


class PaperSafariPending(TypedDict):
    """The decision the player to move faces (core adds ``player``)."""

    kind: PendingKind
    #: The steps of this turn taken so far (empty for ``flip`` and ``turn``).
    steps: list[TurnStep]
    #: ``place``: the card in hand, if the viewer may see it (the drawer does; others once shown).
    card: NotRequired[str | None]
    #: ``place``: where the card in hand came from.
    source: NotRequired[Literal["pile", "discard"]]
    #: ``place``: it may go straight onto the discard pile (drawn, not ★); ``None`` for a viewer
    #: who does not see the card (it would tell whether it is a ★ card).
    may_discard: NotRequired[bool | None]
    #: ``mew_take`` and ``mew_place``: the opponent Mew is used on.
    opponent: NotRequired[int]


class Refill(TypedDict):
    """Team Rocket's refill under way: the emptied position and the players still to draw."""

    position: str
    waiting: list[int]


class RoundEntry(TypedDict):
    """A finished round: scores, the numbers each card counted for, the winner (``None``: nobody)."""

    round: int
    starter: int
    scores: list[int]
    numbers: list[list[int]]
    winner: int | None
    grids: list[list[str]]
    tokens: list[int]


class CardLine(TypedDict):
    """A line of the deck table (``None`` value: Ditto, decided at scoring)."""

    value: int | None
    ja: str
    en: str
    copies: int
    effect: EffectName
    star: bool


class PaperSafariView(TypedDict):
    """The game's own keys of a view."""

    round: int
    starter: int
    #: The player whose turn it is (or who flips), ``None`` before a deal and when over.
    current: int | None
    turn: int
    positions: list[str]
    grids: list[list[str | None]]
    #: The viewer's own face-down cards he peeked at with Charizard, by position.
    known: dict[str, str]
    #: The discard pile, bottom first.
    discard: list[str]
    discard_top: str | None
    discard_size: int
    pile_size: int
    #: After a reshuffle: the pile's cards (not their order) in table order; else ``None``.
    pile_cards: list[str] | None
    #: The card in hand, if the viewer may see it.
    hand: str | None
    hand_holder: int | None
    hand_from: Literal["pile", "discard"] | None
    mew_opponent: int | None
    refill: Refill | None
    final_turns_left: int | None
    tokens: list[int]
    tokens_to_win: int
    rounds: list[RoundEntry]
    cards: dict[str, CardLine]


class PaperSafariDecision(PendingPlayer, PaperSafariPending):
    """``pending`` as a view holds it: the game's decision and who takes it."""


class PaperSafariFullView(ViewEnvelope[PaperSafariDecision], PaperSafariView):
    """A whole view (``state.view(player)``): core's envelope, ``pending`` of this game, and the game's keys."""
