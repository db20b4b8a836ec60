"""Positions of Cockroach Poker built to order, for tests and tutorials.

:func:`position` gives a game whose hands and rows are exactly the ones asked for, whoever is to
offer, what each player targeted last; every card not placed is set aside unseen. A card in play
is set up by playing it: ``play=["offer p1 hearts card=H1", "redirect p2"]`` applies those actions
(checked by the rules, as any action) after the position is laid out.

>>> from asobiba.games.cockroach_poker.positions import position
>>> state = position(4, hands={0: ["H1", "S2"], 1: ["J1", "C1"]}, rows={2: ["S5", "C5", "H5"]},
...                  play=["offer p1 hearts card=H1"])
>>> state.to_move, state.view(1)["hand"], state.view(None)["rows"][2]
(1, ['C1', 'J1'], ['S5', 'C5', 'H5'])
>>> state.view(None)["pending"]["choices"], state.view(None)["set_aside"]
(['yes', 'no', 'redirect'], 41)
>>> position(3, hands={0: ["H1"]}, offerer=0, last_target={0: 1}).view(None)["pending"]["barred"]
1

A built position is a real state (``legal_actions``, ``apply``, ``view``, ``determinize`` all work),
but its ``record()`` replays the deal it was laid out over, not the position itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from asobiba.core.errors import InvalidOption
from asobiba.games.cockroach_poker import GAME
from asobiba.games.cockroach_poker.data import NO_KIND, Deck
from asobiba.games.cockroach_poker.notation import read_card
from asobiba.games.cockroach_poker.state import CockroachPokerState

#: Cards a player not named in ``hands`` gets.
FILLER_CARDS = 3


def filler_order(deck: Deck) -> list[str]:
    """The cards that fill unnamed hands, in the order they are handed out: the first of each
    kind, then the second of each kind, …; jokers never.

    >>> from asobiba.games.cockroach_poker.data import TRUMP
    >>> filler_order(TRUMP)[:6]
    ['S1', 'C1', 'H1', 'D1', 'S2', 'C2']
    """
    by_kind: list[list[str]] = [[] for _ in deck.kinds]
    for card, kind in zip(deck.cards, deck.kind_of, strict=True):
        if kind != NO_KIND:
            by_kind[kind].append(card)
    return [cards[copy] for copy in range(max(map(len, by_kind))) for cards in by_kind if copy < len(cards)]


def position(
    players: int,
    hands: Mapping[int, Sequence[str]],
    rows: Mapping[int, Sequence[str]] | None = None,
    *,
    offerer: int = 0,
    last_target: Mapping[int, int] | None = None,
    pushed_by: int | None = None,
    play: Sequence[str] = (),
    seed: int = 1,
    **options: Any,
) -> CockroachPokerState:
    """A game with exactly these ``hands`` and face-up ``rows`` (player -> card texts; a player
    not in ``hands`` gets :data:`FILLER_CARDS` cards from :func:`filler_order`, one given ``[]``
    none), ``offerer`` to offer, ``last_target`` (player -> whom his previous offer targeted) and
    ``pushed_by`` (who pushed the card last turned face up on ``offerer``, for retaliation); then
    the actions ``play`` (notation) applied. ``options`` are the game's (``rules="original"``, …).
    Raises :class:`~asobiba.core.errors.InvalidOption` for a card placed twice or a player who is
    not in the game, :class:`~asobiba.core.errors.NotationError` for a card not of the deck.
    """
    state = GAME.new_game(players, seed=seed, first_player=offerer, **options)
    assert isinstance(state, CockroachPokerState)
    rules, deck = state.setup.rules, state.setup.deck
    rows = rows or {}
    for player in [*hands, *rows, *(last_target or {}), *(last_target or {}).values(), pushed_by]:
        if player is not None and (
            isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < players
        ):
            raise InvalidOption(
                "there is no player p{player}; players are p0 to p{last}",
                domain="cockroach_poker",
                player=player,
                last=players - 1,
            )
    named = [read_card(rules, card) for cards in (*hands.values(), *rows.values()) for card in cards]
    placed: set[str] = set()
    for card in named:
        if card in placed:
            raise InvalidOption("position: {card} is placed more than once", domain="cockroach_poker", card=card)
        placed.add(card)
    spare = [card for card in filler_order(deck) if card not in placed]
    if len(spare) < FILLER_CARDS * (players - len(hands)):
        raise InvalidOption(
            "position: too few cards are left to fill the hands of the players not named", domain="cockroach_poker"
        )
    texts = {
        player: [read_card(rules, card) for card in hands[player]]
        if player in hands
        else [spare.pop(0) for _ in range(FILLER_CARDS)]
        for player in range(players)
    }
    number = {card: index for index, card in enumerate(deck.cards)}
    state.hands = [sorted(number[card] for card in texts[player]) for player in range(players)]
    state.rows = [[number[read_card(rules, card)] for card in rows.get(player, ())] for player in range(players)]
    state.row_kinds = [[deck.kind_of[card] for card in row] for row in state.rows]
    state.row_counts = [[row.count(kind) for kind in range(len(deck.kinds))] for row in state.row_kinds]
    used = {card for hand in state.hands for card in hand} | {card for row in state.rows for card in row}
    state.set_aside = sorted(set(range(deck.size)) - used)
    state.last_target = [(last_target or {}).get(player, -1) for player in range(players)]
    state.pushed_by = -1 if pushed_by is None else pushed_by
    state.forget_derived()  # the fields were set by hand: nothing worked out before still holds
    for text in play:
        state.apply(state.parse_action(text))
    return state
