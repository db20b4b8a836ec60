"""Rules page: Special cards (Charizard, Snorlax, Ditto, Mew ★, Zapdos ★, Team Rocket ★)."""

from __future__ import annotations

from typing import Any

import pytest

from asobiba.core.errors import IllegalAction
from asobiba.games.paper_safari import events as ev

A = ["squirtle", "bulbasaur", "charmander", "psyduck", "eevee", "clefairy"]
B = ["gengar", "machamp", "gyarados", "onix", "jigglypuff", "squirtle"]
C = ["bulbasaur", "charmander", "psyduck", "eevee", "clefairy", "gengar"]


# ----------------------------------------------------------------- when effects happen


def test_effects_happen_from_the_pile(ps: Any) -> None:
    state = ps.deal([A, B], pile=["charizard"], flips=["a1", "a1"])
    ps.play(state, "draw", "swap a2")
    assert state.view(0)["phase"] == "peek"


@pytest.mark.parametrize(
    ("card", "actions", "step"),
    [
        ("charizard", ["take discard", "swap a2"], "peek"),
        ("snorlax", ["take discard", "swap a2"], "snorlax"),
        ("mew", ["take discard"], "mew_opponent"),
        ("team-rocket", ["take discard"], "coin"),
    ],
)
def test_effects_happen_from_the_discard(ps: Any, card: str, actions: list[str], step: str) -> None:
    state = ps.deal([A, B], discard=card, flips=["a1", "a1"])
    ps.play(state, *actions)
    assert state.view(0)["phase"] == step


def test_a_special_card_dealt_or_flipped_has_no_effect(ps: Any) -> None:
    grid = ["mew", "zapdos", "team-rocket", "charizard", "snorlax", "eevee"]
    state = ps.deal([grid, B], flips=["a1", "a1"])
    # Mew turned face up in the setup: nothing happens, the turn passes.
    assert state.to_move == 0 and state.view(0)["phase"] == "turn"
    assert ps.grid(state, 0)[0] == "mew"


def test_a_drawn_special_card_that_is_discarded_has_no_effect(ps: Any) -> None:
    state = ps.deal([A, B], pile=["charizard"], flips=["a1", "a1"])
    ps.play(state, "draw", "discard")
    assert state.to_move == 1 and state.view(1)["discard_top"] == "charizard"


def test_effects_never_chain(ps: Any) -> None:
    # Mew takes Charizard from the opponent: no peek follows.
    state = ps.deal([A, ["charizard", *B[1:]]], pile=["mew"], flips=["a1", "a2"])
    ps.play(state, "draw", "mew p1", "mew-take a1", "mew-place b3")
    assert state.to_move == 1 and state.view(1)["phase"] == "turn"
    # Zapdos passes Snorlax on: nobody exchanges.
    state = ps.deal([["snorlax", *A[1:]], B], pile=["zapdos"], flips=["a2", "a2"])
    ps.play(state, "draw", "swap a1")
    assert ps.grid(state, 1)[0] == "snorlax" and state.to_move == 1 and state.view(1)["phase"] == "turn"


# ----------------------------------------------------------------- Charizard


def test_charizard_lets_the_player_peek_and_only_he_remembers_it(ps: Any) -> None:
    state = ps.deal([A, B], pile=["charizard"], flips=["a1", "a1"])
    ps.play(state, "draw", "swap a2")
    assert ps.legal(state) == ["peek a3", "peek b1", "peek b2", "peek b3", "skip"]
    events = ps.play(state, "peek b1")
    assert state.view(0)["known"] == {"b1": "psyduck"}
    assert state.view(1)["known"] == {} and state.view(None)["known"] == {}
    assert state.view(1)["grids"][0][3] is None
    peeked = next(event for event in events if isinstance(event, ev.CardPeeked))
    assert peeked.seen_by(0) == peeked and peeked.seen_by(1) == ev.CardPeeked(0, 3, None)


def test_charizard_peek_is_remembered_until_the_card_changes(ps: Any) -> None:
    state = ps.deal([A, B], pile=["charizard", "onix", "onix", "gengar"], flips=["a1", "a1"])
    ps.play(state, "draw", "swap a2", "peek b1")
    ps.play(state, "draw", "discard")
    assert state.view(0)["known"] == {"b1": "psyduck"}
    ps.play(state, "draw", "swap b1")  # p0 replaces the peeked card: it is no longer hidden
    assert state.view(0)["known"] == {} and ps.grid(state, 0)[3] == "onix"


def test_charizard_peek_is_optional(ps: Any) -> None:
    state = ps.deal([A, B], discard="charizard", flips=["a1", "a1"])
    events = ps.play(state, "take discard", "swap a2", "skip")
    assert isinstance(events[-1], ev.EffectSkipped) and events[-1].card.id == "charizard"
    assert state.view(0)["known"] == {} and state.to_move == 1


# ----------------------------------------------------------------- Snorlax


def test_snorlax_exchanges_any_two_positions_each_keeping_its_face(ps: Any) -> None:
    state = ps.deal([A, B], pile=["snorlax"], flips=["a1", "a1"])
    ps.play(state, "draw", "swap b3")
    assert len(state.legal_actions()) == 16
    ps.play(state, "snorlax a1 b2")  # neither is Snorlax
    assert ps.cards(state, 0) == ["eevee", "bulbasaur", "charmander", "psyduck", "squirtle", "snorlax"]
    assert ps.grid(state, 0) == [None, None, None, None, "squirtle", "snorlax"]


def test_snorlax_carries_a_peeked_card_knowledge_along(ps: Any) -> None:
    state = ps.deal([A, B], pile=["charizard", "onix", "snorlax"], flips=["a1", "a1"])
    ps.play(state, "draw", "swap a2", "peek b1", "draw", "discard", "draw", "swap a3", "snorlax b1 b2")
    assert state.view(0)["known"] == {"b2": "psyduck"}


def test_snorlax_exchange_is_optional(ps: Any) -> None:
    state = ps.deal([A, B], pile=["snorlax"], flips=["a1", "a1"])
    ps.play(state, "draw", "swap b3", "skip")
    assert ps.cards(state, 0) == [*A[:5], "snorlax"]


# ----------------------------------------------------------------- Ditto (scoring)


def test_ditto_takes_the_neighbour_value_that_gives_the_lower_total() -> None:
    from asobiba.games.paper_safari.grid import score_grid

    # a1 3, a2 Ditto, a3 8: Ditto takes 3 (not 8)
    assert score_grid([3, None, 8, 5, 6, 7]) == (3 + 3 + 8 + 5 + 6 + 7, [3, 3, 8, 5, 6, 7])


def test_ditto_prefers_a_column_pair_over_a_lower_number() -> None:
    from asobiba.games.paper_safari.grid import score_grid

    # Ditto between 2 and 5, above a 5: copying 5 makes a pair (0), lower than copying 2 (2 + 5).
    assert score_grid([2, None, 5, 6, 5, 7]) == (2 + 6 + 0 + 5 + 7, [2, 5, 5, 6, 5, 7])


def test_ditto_at_a_row_end_copies_the_middle_card() -> None:
    from asobiba.games.paper_safari.grid import score_grid

    assert score_grid([None, 5, -2, 1, 1, 1]) == (5 + 5 + 1 + 1 + 1 - 2 + 0, [5, 5, -2, 1, 1, 1])
    assert score_grid([2, 7, 6, 1, 4, None])[1][5] == 4


def test_dittos_next_to_each_other_take_the_number_at_the_end_of_the_chain() -> None:
    from asobiba.games.paper_safari.data import Deck, card_kind_from_line
    from asobiba.games.paper_safari.grid import score_grid

    assert score_grid([None, None, 6, 1, 2, 3])[1][:3] == [6, 6, 6]
    assert score_grid([4, None, None, 1, 2, 3])[1][:3] == [4, 4, 4]
    # A row of Dittos with no number counts 0.
    assert score_grid([None, None, None, 1, 2, 3]) == (6, [0, 0, 0, 1, 2, 3])
    # Decks may hold several Dittos.
    deck = Deck([card_kind_from_line({"id": "ditto", "value": None, "copies": 3, "effect": "ditto"})])
    assert deck.values == (None,)


def test_ditto_value_counts_in_a_real_round(ps: Any) -> None:
    grid = ["ditto", "eevee", "pikachu", "squirtle", "eevee", "pikachu"]
    # Ditto copies Eevee (5): a1 5/b1 1, a2/b2 pair of 5s = 0, a3/b3 pair of Pikachus = 0.
    other = ["onix", "onix", "onix", "gyarados", "gyarados", "machamp"]
    state = ps.deal([grid, other], pile=["gengar"], flips=["a2", "a1"], face_up=["a1 a2 a3 b1 b2"])
    ps.play(state, "draw", "swap b3")  # Gengar replaces the Pikachu: p0's cards are all up
    assert state.view(None)["rounds"][-1]["scores"][0] == 5 + 1 + 0 + (-2 + 7)
    assert state.view(None)["rounds"][-1]["numbers"][0][0] == 5


# ----------------------------------------------------------------- Mew ★


def test_mew_takes_any_card_of_an_opponent_and_lies_there_face_up(ps: Any) -> None:
    state = ps.deal([A, B, C], pile=["mew"], flips=["a1", "a1", "a1"])
    ps.play(state, "draw")
    assert ps.legal(state) == ["mew p1", "mew p2"]
    ps.play(state, "mew p2")
    assert state.view(1)["hand"] == "mew" and state.view(1)["mew_opponent"] == 2
    assert len(state.legal_actions()) == 6
    events = ps.play(state, "mew-take a1")  # a face-up card
    assert ps.grid(state, 2)[0] == "mew"
    assert state.view(1)["hand"] == "bulbasaur"
    ps.play(state, "mew-place b3")
    assert ps.grid(state, 0)[5] == "bulbasaur" and state.view(1)["discard_top"] == "clefairy"
    assert any(isinstance(event, ev.MewTookCard) for event in events)
    assert state.to_move == 1


def test_mew_reveals_a_face_down_card_it_takes(ps: Any) -> None:
    state = ps.deal([A, B], pile=["mew"], flips=["a1", "a1"])
    events = ps.play(state, "draw", "mew p1", "mew-take b2")
    taken = next(event for event in events if isinstance(event, ev.MewTookCard))
    assert taken.card.id == "jigglypuff" and taken.seen_by(0) == taken.seen_by(None) == taken
    assert state.view(None)["hand"] == "jigglypuff"
    ps.play(state, "mew-place a2")
    assert ps.grid(state, 0)[1] == "jigglypuff" and ps.grid(state, 1)[4] == "mew"


def test_mew_must_be_used_when_taken_from_the_discard(ps: Any) -> None:
    state = ps.deal([A, B], discard="mew", flips=["a1", "a1"])
    ps.play(state, "take discard")
    assert ps.legal(state) == ["mew p1"]
    with pytest.raises(IllegalAction, match="Mew must be used"):
        ps.play(state, "swap a1")


def test_mew_cannot_be_used_on_yourself(ps: Any) -> None:
    state = ps.deal([A, B], pile=["mew"], flips=["a1", "a1"])
    ps.play(state, "draw")
    with pytest.raises(IllegalAction, match="on an opponent"):
        ps.play(state, "mew p0")


# ----------------------------------------------------------------- Zapdos ★


def test_zapdos_chain_across_three_players_the_seeds_example(ps: Any) -> None:
    # Player 1 swaps Zapdos into top middle. His face-down Pikachu goes face up to player 2's top
    # middle; player 2's face-down Onix goes face up to player 3; player 3's Squirtle goes to the
    # bottom of the discard pile.
    p1 = ["eevee", "pikachu", "eevee", "gengar", "gengar", "clefairy"]
    p2 = ["psyduck", "onix", "psyduck", "machamp", "machamp", "charmander"]
    p3 = ["gyarados", "squirtle", "gyarados", "bulbasaur", "bulbasaur", "jigglypuff"]
    state = ps.deal([p1, p2, p3], discard="clefairy", pile=["zapdos"], flips=["a1", "a1", "a2"])
    assert ps.grid(state, 2)[1] == "squirtle"
    ps.play(state, "draw")
    assert ps.legal(state) == ["swap a1", "swap a2", "swap a3", "swap b1", "swap b2", "swap b3"]
    events = ps.play(state, "swap a2")
    assert ps.grid(state, 0)[1] == "zapdos"
    assert ps.grid(state, 1)[1] == "pikachu"
    assert ps.grid(state, 2)[1] == "onix"
    assert state.view(None)["discard"] == ["squirtle", "clefairy"]  # bottom first
    assert [type(event).__name__ for event in events] == [
        "CardSwapped",
        "CardPassedLeft",
        "CardPassedLeft",
        "CardToDiscardBottom",
    ]
    assert state.to_move == 1


def test_zapdos_with_two_players_and_from_the_discard(ps: Any) -> None:
    state = ps.deal([A, B], discard="zapdos", flips=["a1", "a1"])
    ps.play(state, "take discard", "swap b1")
    assert ps.grid(state, 1)[3] == "psyduck"
    assert state.view(None)["discard"] == ["onix"]


# ----------------------------------------------------------------- Team Rocket ★


def test_team_rockets_coin_is_a_chance_action_with_two_outcomes(ps: Any) -> None:
    state = ps.deal([A, B], pile=["team-rocket"], flips=["a1", "a1"])
    events = ps.play(state, "draw")
    assert events[-1] == ev.CardDrawn(0, state.deck.kind("team-rocket"), True)  # shown to everybody
    assert state.is_chance_node
    assert [(str(action), probability) for action, probability in state.chance_outcomes()] == [
        ("coin pikachu", 0.5),
        ("coin meowth", 0.5),
    ]


def test_team_rocket_pikachu_face_the_seeds_example(ps: Any) -> None:
    # Player 1 draws Team Rocket; the coin shows Pikachu; he chooses bottom left (his Onix).
    # Player 2's face-down Gengar and player 3's Jigglypuff go too: all to the bottom of the
    # discard pile; then from player 1 on, each draws a card face up into bottom left.
    p1 = ["eevee", "eevee", "clefairy", "onix", "gengar", "clefairy"]
    p2 = ["psyduck", "psyduck", "machamp", "gengar", "machamp", "charmander"]
    p3 = ["gyarados", "squirtle", "gyarados", "jigglypuff", "bulbasaur", "bulbasaur"]
    pile = ["team-rocket", "pikachu", "squirtle", "bulbasaur"]
    state = ps.deal([p1, p2, p3], discard="charmander", pile=pile, flips=["b1", "a1", "b1"])
    ps.play(state, "draw", "coin pikachu")
    assert ps.legal(state) == ["rocket a1", "rocket a2", "rocket a3", "rocket b1", "rocket b2", "rocket b3"]
    events = ps.play(state, "rocket b1")
    assert state.view(None)["discard"] == ["team-rocket", "onix", "gengar", "jigglypuff", "charmander"]
    assert [ps.grid(state, player)[3] for player in range(3)] == ["pikachu", "squirtle", "bulbasaur"]
    refills = [(event.player, event.card.id) for event in events if isinstance(event, ev.CardRefilled)]
    assert refills == [(0, "pikachu"), (1, "squirtle"), (2, "bulbasaur")]
    assert state.to_move == 1


def test_team_rocket_lies_lowest_in_its_packet_so_it_never_comes_straight_back_on_top(ps: Any) -> None:
    # Team Rocket taken from a discard pile that held only it: the packet is the whole pile.
    state = ps.deal([A, B, C], discard="team-rocket", pile=["pikachu", "squirtle", "bulbasaur"], flips=["a1"] * 3)
    ps.play(state, "take discard", "coin pikachu", "rocket b2")
    # Bottom first: Team Rocket, then the cards of p0, p1, p2 (turn order from the player).
    assert state.view(None)["discard"] == ["team-rocket", "eevee", "jigglypuff", "clefairy"]
    assert state.view(None)["discard_top"] != "team-rocket"
    assert state.to_move == 1


def test_team_rocket_refill_starts_with_the_player_and_goes_clockwise(ps: Any) -> None:
    state = ps.deal([A, B, C], pile=["onix", "team-rocket", "pikachu", "squirtle", "bulbasaur"], flips=["a1"] * 3)
    ps.play(state, "draw", "discard", "draw", "coin pikachu", "rocket a3")
    assert [ps.grid(state, player)[2] for player in (1, 2, 0)] == ["pikachu", "squirtle", "bulbasaur"]


def test_team_rocket_meowth_face_swaps_it_in(ps: Any) -> None:
    state = ps.deal([A, B], pile=["team-rocket"], flips=["a1", "a1"])
    ps.play(state, "draw", "coin meowth")
    assert ps.legal(state) == ["swap a1", "swap a2", "swap a3", "swap b1", "swap b2", "swap b3"]
    ps.play(state, "swap b2")
    assert ps.grid(state, 0)[4] == "team-rocket" and state.view(None)["discard_top"] == "eevee"
    assert state.to_move == 1


def test_reshuffle_in_the_middle_of_a_team_rocket_refill(ps: Any) -> None:
    # Draw the pile down to Team Rocket + one card, so the refill runs out after the first player.
    state = ps.deal([A, B, C], discard="eevee", flips=["a1", "a1", "a1"])
    rest = [state.deck.ids[card] for card in reversed(state.pile)]
    rest.remove("team-rocket")
    # Rebuild the same deal with Team Rocket second to last in the pile.
    order = ps.card_order([A, B, C], "eevee", [*rest[:-1], "team-rocket", rest[-1]])
    state = ps.deal([A, B, C], discard="eevee", pile=order[19:], flips=["a1", "a1", "a1"])
    while state.view(None)["pile_size"] > 2:
        card = state.deck.ids[state.pile[-1]]
        if card == "mew":
            ps.play(state, "draw", "mew p1" if state.to_move != 1 else "mew p0", "mew-take a1", "mew-place a1")
        elif card == "zapdos":
            ps.play(state, "draw", "swap a1")
        else:
            ps.play(state, "draw", "discard")
    player = state.to_move
    last = state.deck.ids[state.pile[0]]
    ps.play(state, "draw", "coin pikachu", "rocket b2")
    assert state.is_chance_node and state.view(None)["phase"] == "reshuffle"
    assert state.view(None)["refill"] == {"position": "b2", "waiting": [(player + 1) % 3, (player + 2) % 3]}
    assert ps.grid(state, player)[4] == last and ps.grid(state, (player + 1) % 3)[4] == ""
    discard = state.view(None)["discard"]
    ps.play(state, "reshuffle " + " ".join(discard[:-1]))
    assert state.view(None)["discard"] == discard[-1:]
    assert ps.grid(state, (player + 1) % 3)[4] == discard[0]
    assert ps.grid(state, (player + 2) % 3)[4] == discard[1]
    assert state.to_move == (player + 1) % 3


def test_a_drawn_star_card_cannot_be_discarded_and_the_refusal_names_it_in_the_readers_language(ps: Any) -> None:
    state = ps.deal([A, B], pile=["zapdos"], flips=["a1", "a1"])
    ps.play(state, "draw")
    with pytest.raises(IllegalAction) as refused:
        ps.play(state, "discard")
    assert "Zapdos cannot be discarded" in str(refused.value)
    assert "サンダー" in refused.value.translated("ja")
    assert refused.value.to_json()["fields"]["card"] == {"term": "Zapdos", "domain": "paper_safari"}
