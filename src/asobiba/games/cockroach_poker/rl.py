"""Cockroach Poker for learning: its action codec, its observation encoder and its OpenSpiel deal
(the research API's declaration, :data:`RL`).

Actions (``n`` players, ``K`` kinds — 4 suits or 8 creatures —, ``C`` kinds of card: the ``K`` kinds,
plus the joker in trump unless ``jokers=none``). A card's rank (trump) or copy number (original)
never matters to the rules, so an offer is numbered by target, claim and kind of card only:

=========  ===========  ===================================================================
block      size         number
=========  ===========  ===================================================================
offer      n × K × C    ``(target * K + claim) * C + card kind``
answer     2            yes, no
redirect   n            trump with ``jokers=redirect``: the player who must answer
peek       1            original: look at the card to pass it on
pass       n × K        original: ``target * K + claim``
=========  ===========  ===================================================================

Trump (3–5 players): 21n + 2 numbers with ``jokers=redirect`` (65, 86, 107), 20n + 2 with
``wild``, 16n + 2 with ``none``; original (2–6 players): 72n + 3 (147 … 435).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from asobiba.core.game import Game
from asobiba.core.state import Action, State
from asobiba.games.cockroach_poker.actions import Answer, Deal, Offer, Pass, Peek, Redirect
from asobiba.games.cockroach_poker.data import NO_KIND, ORIGINAL, TRUMP, TRUMP_NO_JOKERS
from asobiba.games.cockroach_poker.state import CockroachPokerState
from asobiba.games.cockroach_poker.view import CockroachPokerFullView
from asobiba.rl.codecs import ActionCodec
from asobiba.rl.encoders import Encoder, one_hot
from asobiba.rl.types import RLSupport, Setup, Shuffle

__all__ = ["RL", "CockroachPokerCodec", "CockroachPokerEncoder"]

#: The phases of a view, in the order of the ``phase`` piece (``other``: the deal, the end).
PHASES = ("offer", "answer", "pass", "other")
#: The answer's choices, in the order of the ``choices`` piece.
CHOICES = ("yes", "no", "redirect", "peek")


class _Layout:
    """The kinds and card kinds of one rule set."""

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.trump = options["rules"] == "trump"
        deck = TRUMP if self.trump else ORIGINAL
        self.kinds: tuple[str, ...] = deck.kinds
        self.jokers = self.trump and options["jokers"] != "none"
        self.redirect = self.trump and options["jokers"] == "redirect"
        self.n_kinds = len(deck.kinds)
        self.n_card_kinds = self.n_kinds + (1 if self.jokers else 0)
        self.joker = self.n_kinds  # the card kind of a joker
        #: card text -> card kind (a joker: ``joker``)
        self.card_kind: dict[str, int] = {
            card: (self.joker if kind == NO_KIND else kind) for card, kind in zip(deck.cards, deck.kind_of, strict=True)
        }
        self.kind_index: dict[str, int] = {kind: index for index, kind in enumerate(deck.kinds)}
        self.deck_size = deck.size


class CockroachPokerCodec(ActionCodec):
    """The numbering of Cockroach Poker's actions (see the module's table)."""

    def __init__(self, game: Game, players: int, options: Mapping[str, Any]) -> None:
        super().__init__(game, players, options)
        layout = self.cards = _Layout(options)
        n, k, c = players, layout.n_kinds, layout.n_card_kinds
        self._offer, self._answer = 0, n * k * c
        self._redirect = self._answer + 2
        self._peek = self._redirect + (n if layout.redirect else 0)
        self._pass = self._peek + (0 if layout.trump else 1)
        self.size = self._pass + (0 if layout.trump else n * k)

    def index(self, action: Action) -> int:
        cards = self.cards
        match action:
            case Offer(target, claim, card):
                return (
                    self._offer
                    + (target * cards.n_kinds + cards.kind_index[claim]) * cards.n_card_kinds
                    + (cards.card_kind[card])
                )
            case Answer(yes):
                return self._answer + (0 if yes else 1)
            case Redirect(target):
                return self._redirect + target
            case Peek():
                return self._peek
            case Pass(target, claim):
                return self._pass + target * cards.n_kinds + cards.kind_index[claim]
        raise KeyError(f"{action!r} is not a player's action of cockroach-poker")

    def layout(self) -> list[tuple[str, int, int]]:
        blocks = [("offer", self._offer, self._answer - self._offer), ("answer", self._answer, 2)]
        if self._peek > self._redirect:
            blocks.append(("redirect", self._redirect, self._peek - self._redirect))
        if not self.cards.trump:
            blocks += [("peek", self._peek, 1), ("pass", self._pass, self.size - self._pass)]
        return blocks


class CockroachPokerEncoder(Encoder[CockroachPokerFullView]):
    """The tensor of a Cockroach Poker view (pieces in :meth:`describe`; counts are raw numbers)."""

    def _declare(self) -> None:
        layout = self.cards = _Layout(self.options)
        n, k, c, most = self.players, layout.n_kinds, layout.n_card_kinds, layout.deck_size
        self.piece("viewer", n, 1, "one-hot: whose view this is (all 0 for a spectator)")
        self.piece("to_move", n, 1, "one-hot: who decides now")
        self.piece("phase", len(PHASES), 1, "one-hot: " + ", ".join(PHASES))
        self.piece("round", 1, most + 1, "the round's number")
        self.piece("offerer", n, 1, "one-hot: who offers or offered this round")
        self.piece("hand", c, most, "the viewer's cards by kind (" + ", ".join(self._card_kind_names()) + ")")
        self.piece("hand_sizes", n, most, "cards in each hand")
        self.piece("rows", (n, k), most, "each player's face-up cards by the kind they count as")
        if layout.jokers:
            self.piece("row_jokers", n, 2, "jokers among each player's face-up cards")
        self.piece("row_sizes", n, most, "face-up cards of each player")
        self.piece("set_aside", 1, most, "cards set aside unseen")
        self.piece("heap", 1, 2, "jokers discarded by redirects")
        self.piece("last_target", (n, n), 1, "one-hot per player: whom his latest offer targeted")
        self.piece("pushed_by", n, 1, "one-hot: who pushed the card that last went face up")
        self.piece("in_play", 1, 1, "1 while a card is on its journey")
        self.piece("giver", n, 1, "one-hot: who made the last claim")
        self.piece("receiver", n, 1, "one-hot: who must answer or pass")
        self.piece("claim", k, 1, "one-hot: the last claim")
        self.piece("card", c, 1, "one-hot: the card in play's kind, if the viewer has seen it")
        self.piece("seen_by", n, 1, "who has seen the card in play")
        self.piece("redirected", n, 1, "who redirected the card in play")
        self.piece("round_claims", (n, k), most, "claims each player made this round")
        self.piece("barred", n, 1, "one-hot: the player the offerer may not target")
        self.piece("choices", len(CHOICES), 1, "what the rules allow the receiver: " + ", ".join(CHOICES))
        self.piece("claims_true", n, most, "per player: true claims in the finished rounds")
        self.piece("claims_false", n, most, "per player: false claims in the finished rounds")
        self.piece("answers_right", n, most, "per player: right final answers in the finished rounds")
        self.piece("answers_wrong", n, most, "per player: wrong final answers in the finished rounds")

    def _card_kind_names(self) -> list[str]:
        return [*self.cards.kinds, *(["joker"] if self.cards.jokers else [])]

    def _fill(self, view: CockroachPokerFullView, out: dict[str, np.ndarray]) -> None:
        cards = self.cards
        card_kind, kind_index, c = cards.card_kind, cards.kind_index, cards.n_card_kinds
        one_hot(out["viewer"], view["viewer"])
        one_hot(out["to_move"], view["to_move"])
        phase = view["phase"]
        out["phase"][PHASES.index(phase) if phase in PHASES else len(PHASES) - 1] = 1.0
        out["round"][0] = view["round"]
        one_hot(out["offerer"], view["offerer"])
        hand = view["hand"]
        if hand:
            out["hand"][:] = np.bincount([card_kind[card] for card in hand], minlength=c)
        out["hand_sizes"][:] = view["hand_sizes"]
        rows = out["rows"]
        for player, counts in enumerate(view["row_counts"]):
            rows[player] = [counts[kind] for kind in cards.kinds]
        if cards.jokers:
            out["row_jokers"][:] = [sum(card[0] == "J" for card in row) for row in view["rows"]]
        out["row_sizes"][:] = view["row_sizes"]
        out["set_aside"][0] = view["set_aside"]
        out["heap"][0] = len(view["heap"])
        last_target = out["last_target"]
        for player, target in enumerate(view["last_target"]):
            one_hot(last_target[player], target)
        one_hot(out["pushed_by"], view["pushed_by"])
        in_play = view["in_play"]
        if in_play is not None:
            out["in_play"][0] = 1.0
            one_hot(out["giver"], in_play["giver"])
            one_hot(out["receiver"], in_play["receiver"])
            out["claim"][kind_index[in_play["claim"]]] = 1.0
            if in_play["card"] is not None:
                out["card"][card_kind[in_play["card"]]] = 1.0
            out["seen_by"][in_play["seen_by"]] = 1.0
            out["redirected"][in_play["redirected"]] = 1.0
            round_claims = out["round_claims"]
            for step in in_play["steps"]:
                if step["action"] in ("offer", "pass"):
                    round_claims[step["player"], kind_index[step["claim"]]] += 1.0
        pending = view["pending"]
        if pending is not None:
            one_hot(out["barred"], pending.get("barred"))
            for choice in pending.get("choices", ()):
                out["choices"][CHOICES.index(choice)] = 1.0
        claims_true, claims_false = out["claims_true"], out["claims_false"]
        for finished in view["log"]:
            for step in finished["steps"]:
                if step["action"] in ("offer", "pass"):
                    (claims_true if step["true"] else claims_false)[step["player"]] += 1.0
            answerer = finished["steps"][-1]["player"]
            (out["answers_right"] if finished["correct"] else out["answers_wrong"])[answerer] += 1.0


def deal_shuffle(state: State) -> Shuffle:
    """OpenSpiel's deal: the deck kind by kind (a card's rank or copy never matters to the rules, so
    each kind's cards are given out in the deck's order: a draw's outcome is a kind, with
    probability its cards left / cards left), then (``first_player`` unset) the first player.

    Drawn by card, a deal's chance was 1 / 64! (1e-89, original); by kind it is 8!^8 / 64! (1e-52):
    outcome sampling's reach keeps 37 more orders of magnitude for the play."""
    options = state.options
    deck = ORIGINAL if options["rules"] == "original" else TRUMP_NO_JOKERS if options["jokers"] == "none" else TRUMP
    first = options["first_player"]
    jokers = len(deck.kinds)  # the joker's item number: after the kinds
    assert isinstance(state, CockroachPokerState)
    in_play = state.setup.cards  # the cards in play (a research deck: fewer creatures or copies)
    kinds = tuple(jokers if deck.kind_of[card] == NO_KIND else deck.kind_of[card] for card in in_play)
    segments = [tuple(sorted(kinds))]
    if first is None:
        segments.append(tuple(range(state.players)))

    def build(orders: list[list[int]]) -> Action:
        cards: dict[int, list[int]] = {}
        for card, kind in zip(in_play, kinds, strict=True):
            cards.setdefault(kind, []).append(card)
        for pile in cards.values():
            pile.reverse()
        order = tuple(deck.cards[cards[kind].pop()] for kind in orders[0])
        return Deal(order, orders[1][0] if first is None else first)

    return Shuffle(tuple(segments), build)


def options_from_parameters(values: dict[str, Any]) -> dict[str, Any]:
    """OpenSpiel parameters -> options: ``first_player`` -1 is drawn; the other rule set's options are left out."""
    options = dict(values)
    if options["first_player"] < 0:
        options["first_player"] = None
    trump_only, original_only = ("jokers", "loss_threshold"), ("deal", "eight_kinds", "creatures", "copies")
    for option in trump_only if options["rules"] == "original" else original_only:
        del options[option]
    return options


#: The research variants (``creatures`` × ``copies``) of the original game for 2 players whose game tree
#: OpenSpiel's exact exploitability walks (docs/research.md, "Small setups where learning is measurable"):
#: 2 × 2 has 2,563 nodes (750 information states), in seconds; 2 × 3 (first player p0) 44,721 nodes, in minutes.
TINY_OPTIONS: dict[tuple[int, int], dict[str, Any]] = {
    (2, 2): {"rules": "original", "creatures": 2, "copies": 2},
    (2, 3): {"rules": "original", "creatures": 2, "copies": 3, "first_player": 0},
}

#: The research API's declaration of Cockroach Poker.
RL = RLSupport(
    encoder=CockroachPokerEncoder,
    codecs={"full": CockroachPokerCodec},
    # The options that are a number, a flag or a word (scripted setups such as card_order are left out).
    openspiel_parameters={
        "players": 3,
        "rules": "trump",
        "jokers": "redirect",
        "loss_threshold": 6,
        "deal": "equal",
        "eight_kinds": True,
        "creatures": 8,
        "copies": 8,
        "first_player": -1,
    },
    options_from_parameters=options_from_parameters,
    shuffle=deal_shuffle,
    max_chance_outcomes=8,  # the kinds of card (8 creatures; 4 suits and the joker); the players
    setups=(
        *(Setup(f"cockroach_poker_trump_{n}p", n, {"rules": "trump"}) for n in (3, 4, 5)),
        *(Setup(f"cockroach_poker_trump_wild_{n}p", n, {"rules": "trump", "jokers": "wild"}) for n in (3, 4, 5)),
        *(Setup(f"cockroach_poker_original_{n}p", n, {"rules": "original"}) for n in (2, 3, 4, 5, 6)),
        # Research variants, not ways to play: decks small enough for exact exploitability (TINY_SETUPS).
        *(
            Setup(f"cockroach_poker_tiny_{creatures}x{copies}_2p", 2, TINY_OPTIONS[creatures, copies])
            for creatures, copies in TINY_OPTIONS
        ),
    ),
)
