"""Paper Safari for learning: its action codec, its observation encoder and its OpenSpiel shuffles
(the research API's declaration, :data:`RL`).

Actions (``n`` players; positions ``a1 a2 a3 b1 b2 b3`` are 0–5):

===========  =====  ==============================================================
block        size   number
===========  =====  ==============================================================
flip         6      setup: the position turned face up
draw         1      draw from the pile
take         1      take the top of the discard pile
swap         6      put the card in hand at that position
discard      1      discard the drawn card
peek         6      Charizard: the face-down card looked at
skip         1      decline Charizard's or Snorlax's effect
snorlax      15     the pair of positions exchanged (``a1 a2``, ``a1 a3``, … ``b2 b3``)
mew          n      Mew: the opponent
mew_take     6      Mew: the opponent's position taken
mew_place    6      Mew: where the taken card goes
rocket       6      Team Rocket: the position everybody discards
===========  =====  ==============================================================

55 + n numbers (57 to 60).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, get_args

import numpy as np

from asobiba.core.game import Game
from asobiba.core.state import Action, State
from asobiba.games.paper_safari.actions import (
    Deal,
    Discard,
    Draw,
    Exchange,
    Flip,
    MewChoose,
    MewPlace,
    MewTake,
    Peek,
    Reshuffle,
    Rocket,
    Skip,
    Swap,
    TakeDiscard,
)
from asobiba.games.paper_safari.data import POSITION_INDEX, deck_from_option
from asobiba.games.paper_safari.phase import Phase
from asobiba.games.paper_safari.view import PaperSafariFullView, PendingKind
from asobiba.rl.codecs import ActionCodec
from asobiba.rl.encoders import Encoder, one_hot
from asobiba.rl.types import RLSupport, Setup, Shuffle

__all__ = ["RL", "PaperSafariCodec", "PaperSafariEncoder"]

#: A number for anything that counts up over a match (rounds, turns): no fixed bound.
UNBOUNDED = 1e9
PHASES: tuple[str, ...] = tuple(phase.value for phase in Phase)
#: The decisions a player faces (the view's ``pending["kind"]``, chance aside), in the view type's order.
PENDING_KINDS: tuple[str, ...] = tuple(kind for kind in get_args(PendingKind) if kind != "chance")
PAIRS: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(6) for b in range(a + 1, 6))
_PAIR_INDEX = {pair: index for index, pair in enumerate(PAIRS)}


class PaperSafariCodec(ActionCodec):
    """The numbering of Paper Safari's actions (see the module's table)."""

    def __init__(self, game: Game, players: int, options: Mapping[str, Any]) -> None:
        super().__init__(game, players, options)
        blocks = [
            ("flip", 6),
            ("draw", 1),
            ("take", 1),
            ("swap", 6),
            ("discard", 1),
            ("peek", 6),
            ("skip", 1),
            ("snorlax", len(PAIRS)),
            ("mew", players),
            ("mew_take", 6),
            ("mew_place", 6),
            ("rocket", 6),
        ]
        self._lay_out(blocks)

    def index(self, action: Action) -> int:
        first = self.first
        match action:
            case Flip(position):
                return first["flip"] + position
            case Draw():
                return first["draw"]
            case TakeDiscard():
                return first["take"]
            case Swap(position):
                return first["swap"] + position
            case Discard():
                return first["discard"]
            case Peek(position):
                return first["peek"] + position
            case Skip():
                return first["skip"]
            case Exchange(a, b):
                return first["snorlax"] + _PAIR_INDEX[a, b]
            case MewChoose(opponent):
                return first["mew"] + opponent
            case MewTake(position):
                return first["mew_take"] + position
            case MewPlace(position):
                return first["mew_place"] + position
            case Rocket(position):
                return first["rocket"] + position
        raise KeyError(f"{action!r} is not a player's action of paper-safari")


class PaperSafariEncoder(Encoder[PaperSafariFullView]):
    """The tensor of a Paper Safari view (pieces in :meth:`describe`)."""

    def _declare(self) -> None:
        deck = deck_from_option(self.options["deck"])
        self.kinds: tuple[str, ...] = tuple(kind.id for kind in deck.kinds)
        self.kind_index = {kind: index for index, kind in enumerate(self.kinds)}
        n, d, most = self.players, len(self.kinds), deck.size
        self.piece("viewer", n, 1, "one-hot: whose view this is (all 0 for a spectator)")
        self.piece("to_move", n, 1, "one-hot: who decides now")
        self.piece("current", n, 1, "one-hot: whose turn it is")
        self.piece("starter", n, 1, "one-hot: who started the round")
        self.piece("phase", len(PHASES), 1, "one-hot: " + ", ".join(PHASES))
        self.piece("pending", len(PENDING_KINDS), 1, "one-hot: the decision, " + ", ".join(PENDING_KINDS))
        self.piece("round", 1, UNBOUNDED, "the round's number")
        self.piece("turn", 1, UNBOUNDED, "the turn's number")
        self.piece("grids", (n, 6, d + 2), 1, "one-hot per player and position: the card kind (deck order), "
                   "then face down, then empty")  # fmt: skip
        self.piece("known", (6, d), 1, "one-hot per position: the viewer's face-down cards he peeked at")
        self.piece("discard", d, most, "the discard pile by card kind")
        self.piece("discard_top", d, 1, "one-hot: the top of the discard pile")
        self.piece("discard_size", 1, most, "cards on the discard pile")
        self.piece("pile_size", 1, most, "cards in the pile")
        self.piece("pile_known", 1, 1, "1 when the pile's cards (not their order) are known, after a reshuffle")
        self.piece("pile_cards", d, most, "the pile's cards by kind, when known")
        self.piece("hand", d, 1, "one-hot: the card in hand, if the viewer may see it")
        self.piece("hand_hidden", 1, 1, "1 when a card is in hand that the viewer may not see")
        self.piece("hand_holder", n, 1, "one-hot: who holds the card in hand")
        self.piece("hand_from", 2, 1, "one-hot: where the card in hand came from (pile, discard)")
        self.piece("may_discard", 1, 1, "1 when the card in hand may go straight onto the discard pile")
        self.piece("steps", 4, 1, "the turn's steps so far: drew, took the discard, placed, tossed the coin")
        self.piece("coin", 2, 1, "one-hot: Team Rocket's coin (pikachu, meowth)")
        self.piece("swapped", 6, 1, "one-hot: where the card in hand went this turn")
        self.piece("mew_opponent", n, 1, "one-hot: the opponent Mew is used on")
        self.piece("mew_taken", 6, 1, "one-hot: the opponent's position Mew took")
        self.piece("refill", 6, 1, "one-hot: the position Team Rocket emptied, while it is refilled")
        self.piece("refill_waiting", n, 1, "the players still to refill it")
        self.piece("final_turns", 1, 1, "1 once the final turns have begun")
        self.piece("final_turns_left", 1, n, "final turns left")
        self.piece("tokens", n, UNBOUNDED, "Poké Ball tokens of each player")
        self.piece("tokens_to_win", 1, UNBOUNDED, "tokens that win the match")

    def _fill(self, view: PaperSafariFullView, out: dict[str, np.ndarray]) -> None:
        kind_index, d = self.kind_index, len(self.kinds)
        one_hot(out["viewer"], view["viewer"])
        one_hot(out["to_move"], view["to_move"])
        one_hot(out["current"], view["current"])
        one_hot(out["starter"], view["starter"])
        out["phase"][PHASES.index(view["phase"])] = 1.0
        out["round"][0] = view["round"]
        out["turn"][0] = view["turn"]
        grids = out["grids"]
        for player, grid in enumerate(view["grids"]):
            grids[player, np.arange(6), [_slot(card, kind_index, d) for card in grid]] = 1.0
        known = out["known"]
        for position, card in view["known"].items():
            known[POSITION_INDEX[position], kind_index[card]] = 1.0
        discard = view["discard"]
        if discard:
            out["discard"][:] = np.bincount([kind_index[card] for card in discard], minlength=d)
        if view["discard_top"] is not None:
            out["discard_top"][kind_index[view["discard_top"]]] = 1.0
        out["discard_size"][0] = view["discard_size"]
        out["pile_size"][0] = view["pile_size"]
        pile_cards = view["pile_cards"]
        if pile_cards is not None:
            out["pile_known"][0] = 1.0
            if pile_cards:
                out["pile_cards"][:] = np.bincount([kind_index[card] for card in pile_cards], minlength=d)
        if view["hand"] is not None:
            out["hand"][kind_index[view["hand"]]] = 1.0
        elif view["hand_holder"] is not None:
            out["hand_hidden"][0] = 1.0
        one_hot(out["hand_holder"], view["hand_holder"])
        if view["hand_from"] is not None:
            out["hand_from"][0 if view["hand_from"] == "pile" else 1] = 1.0
        one_hot(out["mew_opponent"], view["mew_opponent"])
        refill = view["refill"]
        if refill is not None:
            out["refill"][POSITION_INDEX[refill["position"]]] = 1.0
            out["refill_waiting"][refill["waiting"]] = 1.0
        if view["final_turns_left"] is not None:
            out["final_turns"][0] = 1.0
            out["final_turns_left"][0] = view["final_turns_left"]
        out["tokens"][:] = view["tokens"]
        out["tokens_to_win"][0] = view["tokens_to_win"]
        pending = view["pending"]
        if pending is not None and pending["kind"] in PENDING_KINDS:
            out["pending"][PENDING_KINDS.index(pending["kind"])] = 1.0
            if pending.get("may_discard"):
                out["may_discard"][0] = 1.0
            for step in pending["steps"]:
                match step["step"]:
                    case "draw":
                        out["steps"][0] = 1.0
                    case "take_discard":
                        out["steps"][1] = 1.0
                    case "swap":
                        out["steps"][2] = 1.0
                        out["swapped"][POSITION_INDEX[step["position"]]] = 1.0
                    case "coin":
                        out["steps"][3] = 1.0
                        out["coin"][0 if step["face"] == "pikachu" else 1] = 1.0
                    case "take":
                        out["mew_taken"][POSITION_INDEX[step["position"]]] = 1.0


def _slot(card: str | None, kind_index: dict[str, int], kinds: int) -> int:
    """A grid place's column in ``grids``: its card kind, ``kinds`` face down, ``kinds + 1`` empty."""
    if card is None:
        return kinds
    if card == "":
        return kinds + 1
    return kind_index[card]


def shuffle(state: State) -> Shuffle:
    """OpenSpiel's deal (the deck card by card) and reshuffle (the discard pile below its top)."""
    deck = deck_from_option(state.options["deck"])
    ids = [kind.id for kind in deck.kinds]
    view = state.view()
    if view["phase"] == "deal":
        return Shuffle((tuple(deck.cards),), lambda orders: Deal(tuple(ids[card] for card in orders[0])))
    index = {card: number for number, card in enumerate(ids)}
    pile = tuple(sorted(index[card] for card in view["discard"][:-1]))
    return Shuffle((pile,), lambda orders: Reshuffle(tuple(ids[card] for card in orders[0])))


def options_from_parameters(values: dict[str, Any]) -> dict[str, Any]:
    """OpenSpiel's parameters as the game's options: ``first_player`` -1 is drawn at random."""
    options = dict(values)
    if options["first_player"] < 0:
        options["first_player"] = None
    return options


#: The research variant for 2 players whose whole game tree (the deal included) OpenSpiel's exact exploitability
#: walks (docs/research.md, "Small setups where learning is measurable"): grids of 2 rows of 1 column, 6 number
#: cards (deck ``research6``: Pikachu −2, Psyduck 4, Onix 10, two of each), the first player fixed, one round of
#: at most 2 turns (one each): 11,612 nodes. A 2 × 2 grid is out of reach: with 10 cards of two kinds and 2 turns
#: it passes 400,000 nodes; 2 × 1 with 3 turns has 36,452 and with 4 turns 110,972.
TINY_OPTIONS: dict[str, dict[str, Any]] = {
    "2x1": {
        "deck": "research6",
        "columns": 1,
        "turn_limit": 2,
        "rounds": 1,
        "tokens_to_win": 1,
        "first_player": 0,
    },
}

#: The research API's declaration of Paper Safari.
RL = RLSupport(
    encoder=PaperSafariEncoder,
    codecs={"full": PaperSafariCodec},
    openspiel_parameters={
        "players": 2,
        "tokens_to_win": 3,
        "final_turns": False,
        "deck": "pokemon56",
        "columns": 3,
        "turn_limit": 0,
        "rounds": 0,
        "first_player": -1,
    },
    options_from_parameters=options_from_parameters,
    shuffle=shuffle,
    max_chance_outcomes=1000,  # card kinds of a deck option
    setups=(
        *(Setup(f"paper_safari_{n}p", n) for n in (2, 3, 4, 5)),
        *(Setup(f"paper_safari_one_round_{n}p", n, {"tokens_to_win": 1}) for n in (2, 3, 4, 5)),
        # Research variants, not ways to play: small enough for exact exploitability (TINY_OPTIONS).
        *(Setup(f"paper_safari_tiny_{grid}_2p", 2, options) for grid, options in TINY_OPTIONS.items()),
    ),
)
