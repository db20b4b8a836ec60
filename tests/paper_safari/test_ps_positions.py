"""The public position builders (positions.py): each setting is what the views show, and the cards
stay the deck's."""

from __future__ import annotations

from collections import Counter

import pytest

from asobiba.core.errors import AsobibaError
from asobiba.games.paper_safari.positions import cards_of, position
from asobiba.games.paper_safari.state import PaperSafariState

A = ["squirtle", "bulbasaur", "charmander", "psyduck", "eevee", "clefairy"]
B = ["gengar", "machamp", "gyarados", "onix", "jigglypuff", "squirtle"]


def every_card(state: PaperSafariState) -> Counter[str]:
    view = state.view(None)
    in_hand = [view["hand"]] if view["hand"] else []
    grids = [card for player in range(state.players) for card in cards_of(state, player)]
    pile = [state.deck.ids[card] for card in state.pile]
    return Counter(grids + view["discard"] + pile + in_hand)


def test_a_built_position_shows_what_it_was_given_and_keeps_the_whole_deck() -> None:
    state = position(
        [A, B],
        discard=["onix", "gengar", "mew"],
        pile=["pikachu", "ditto"],
        starter=1,
        flips=["a1", "b3"],
        face_up=["a2", "b1 b2"],
        peeked=["b1"],
        tokens=[1, 2],
        to_move=0,
    )
    view = state.view(0)
    assert view["discard"] == ["onix", "gengar", "mew"] and view["discard_top"] == "mew"
    assert view["grids"] == [
        [None, "bulbasaur", None, None, None, "clefairy"],
        ["gengar", None, None, "onix", "jigglypuff", None],
    ]
    assert view["known"] == {"b1": "psyduck"} and state.view(1)["known"] == {}
    assert view["tokens"] == [1, 2] and view["starter"] == 1 and state.to_move == 0
    assert every_card(state) == Counter(state.deck.ids[card] for card in state.deck.cards)
    state.apply(state.parse_action("draw"))
    assert state.view(0)["hand"] == "pikachu"


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"grids": [A, ["pikachu"] * 6, ["pikachu"] * 6]}, "more pikachu"),
        ({"grids": [A, B[:5]]}, "six cards"),
        ({"grids": [A, ["raichu", *B[1:]]]}, "raichu"),
        ({"grids": [A, B], "flips": ["a1", "a1"], "peeked": ["a1"]}, "face-down"),
        ({"grids": [A, B], "tokens": [3, 0]}, "tokens_to_win"),
        ({"grids": [A, B], "to_move": 1}, "after the setup"),
        ({"grids": [A, B], "face_up": ["c4"]}, "not a position"),
    ],
)
def test_a_position_the_rules_cannot_have_is_refused(settings: dict[str, object], message: str) -> None:
    with pytest.raises(AsobibaError, match=message):
        position(**settings)  # type: ignore[arg-type]
