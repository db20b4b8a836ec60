"""Build a Paper Safari position for a test, a tutorial or a puzzle: the grids, the pile, the
discard pile, which cards are face up, what a player peeked at, the tokens, whose turn it is, and
(by playing on in notation) a special card half used.

A position starts as a real game dealt in exactly the given order (``chance="scripted"``, the
option ``card_order``); the setup flips and the actions of ``then`` are played as actions. What no
action can make directly (cards already face up from earlier turns, a peek remembered, tokens won
in earlier rounds, a deeper discard pile, another player to move) is then set on the state; such a
position's record replays the deal and the flips, not those settings.

>>> from asobiba.games.paper_safari.positions import cards_of, position
>>> mine = ["squirtle", "bulbasaur", "charmander", "psyduck", "eevee", "clefairy"]
>>> his = ["gengar", "machamp", "gyarados", "onix", "jigglypuff", "squirtle"]
>>> state = position([mine, his], pile=["mew"], flips=["a1", "a1"], face_up=["b1 b2", ""],
...                  then=["draw", "mew p1", "mew-take b2"])
>>> state.view(None)["grids"][0]
['squirtle', None, None, 'psyduck', 'eevee', None]
>>> state.view(None)["grids"][1][4], state.view(0)["hand"]
('mew', 'jigglypuff')
>>> state.view(0)["pending"]
{'player': 0, 'kind': 'mew_place', 'steps': [{'step': 'draw', 'card': 'mew'}, {'step': 'opponent', 'player': 1}, \
{'step': 'take', 'position': 'b2', 'card': 'jigglypuff'}], 'opponent': 1}
>>> cards_of(state, 1)[4]
'mew'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from asobiba.core.errors import AsobibaError
from asobiba.games.paper_safari import GAME
from asobiba.games.paper_safari.data import POSITION_INDEX, deck_from_option
from asobiba.games.paper_safari.grid import GRID, grid_slots, slot
from asobiba.games.paper_safari.phase import Phase
from asobiba.games.paper_safari.state import PaperSafariState


def card_order(
    grids: Sequence[Sequence[str]],
    discard: str = "eevee",
    pile: Sequence[str] = (),
    deck: Any = "pokemon56",
) -> list[str]:
    """The whole deck in deal order (the option ``card_order``): the starting discard, the grids
    (``a1 a2 a3 b1 b2 b3`` of p0, p1, …), the given top of the pile (top first), then the rest of
    the deck in table order.

    >>> order = card_order([["onix"] * 4 + ["eevee"] * 2, ["gengar"] * 4 + ["ditto", "mew"]], "zapdos", ["snorlax"])
    >>> order[:2], order[12:15], len(order)
    (['zapdos', 'onix'], ['mew', 'snorlax', 'pikachu'], 56)
    """
    table = deck_from_option(deck)
    if any(len(grid) != GRID for grid in grids):
        raise AsobibaError("each grid holds six cards: a1 a2 a3 b1 b2 b3", domain="paper_safari")
    chosen = [discard, *(card for grid in grids for card in grid), *pile]
    rest = Counter(table.ids[card] for card in table.cards)
    rest.subtract(chosen)
    unknown = sorted(card for card in set(chosen) if card not in table.index)
    if unknown:
        raise AsobibaError(
            "the position names a card the deck does not hold: {card}", domain="paper_safari", card=unknown[0]
        )
    missing = sorted(card for card, count in rest.items() if count < 0)
    if missing:
        raise AsobibaError(
            "the position uses more {card} cards than the deck holds", domain="paper_safari", card=missing[0]
        )
    return chosen + [card for card in table.ids for _ in range(rest[card])]


def position(
    grids: Sequence[Sequence[str]],
    discard: str | Sequence[str] = "eevee",
    pile: Sequence[str] = (),
    *,
    starter: int = 0,
    flips: Sequence[str] | None = None,
    face_up: Sequence[str] = (),
    peeked: Sequence[str] = (),
    tokens: Sequence[int] | None = None,
    to_move: int | None = None,
    then: Sequence[str] = (),
    **options: Any,
) -> PaperSafariState:
    """A position of the first round.

    ``grids``: each player's six cards (``a1 a2 a3 b1 b2 b3``). ``discard``: the starting discard
    card, or the discard pile bottom first (its top is the last). ``pile``: the top of the pile,
    top first (the rest of the deck follows in table order). ``starter``: who starts the round.
    ``flips``: the setup flip of every player in turn order from the starter (``None``: the
    position stays at the setup). ``face_up`` and ``peeked``: per player, the positions turned face
    up by earlier turns and the face-down ones he peeked at with Charizard (``"a2 b3"``).
    ``tokens``: the Poké Ball tokens each already holds. ``to_move``: whose turn it is (default:
    the starter's). ``then``: actions in notation played last (``["draw", "mew p1"]``). Other
    keywords are game options (``deck``, ``tokens_to_win``, ``final_turns``).

    As in play, the round ends when a turn ends with somebody's six cards face up.
    """
    below = [] if isinstance(discard, str) else list(discard[:-1])
    top = discard if isinstance(discard, str) else discard[-1]
    order = card_order(grids, top, [*pile, *below], options.get("deck", "pokemon56"))
    state = GAME.new_game(len(grids), seed=0, chance="scripted", card_order=order, **options)
    assert isinstance(state, PaperSafariState)
    state.apply(state.parse_action(f"start p{starter}"))
    state.apply(state.legal_actions()[0])
    if below:
        # The cards dealt just under the given top of the pile go under the discard card instead.
        deck = state.deck
        state.discard = [deck.index[card] for card in below] + state.discard
        del state.pile[-len(pile) - len(below) : len(state.pile) - len(pile)]
    for flip in flips or ():
        state.apply(state.parse_action(f"flip {flip}"))
    for player, positions in enumerate(face_up):
        for where in _slots(player, positions):
            state.face_up[where] = True
    for player, positions in enumerate(peeked):
        for where in _slots(player, positions):
            if state.face_up[where]:
                raise AsobibaError("p{player} peeks only at face-down cards", domain="paper_safari", player=player)
            state.peeked[player] |= 1 << (where - slot(player, 0))
    if tokens is not None:
        if len(tokens) != state.players or any(not 0 <= count < state.tokens_to_win for count in tokens):
            raise AsobibaError(
                "tokens: one count per player, each below tokens_to_win ({most})",
                domain="paper_safari",
                most=state.tokens_to_win,
            )
        state.tokens = list(tokens)
    if to_move is not None:
        if state.phase is not Phase.TURN or not 0 <= to_move < state.players:
            raise AsobibaError(
                "to_move sets whose turn it is after the setup flips, to a player", domain="paper_safari"
            )
        state.player = to_move
        state.to_play = to_move
    state.forget_derived()  # the fields were set by hand: nothing worked out before still holds
    for text in then:
        state.apply(state.parse_action(text))
    return state


def cards_of(state: PaperSafariState, player: int) -> list[str]:
    """``player``'s six cards, face down ones included (the true position, as a test checks it);
    ``""`` for a place Team Rocket emptied."""
    ids = state.deck.ids
    return [ids[card] if card >= 0 else "" for card in state.cards[grid_slots(player)]]


def _slots(player: int, positions: str) -> list[int]:
    names = positions.split()
    unknown = [name for name in names if name not in POSITION_INDEX]
    if unknown:
        raise AsobibaError(
            "{position} is not a position; they are a1 a2 a3 b1 b2 b3", domain="paper_safari", position=unknown[0]
        )
    return [slot(player, POSITION_INDEX[name]) for name in names]
