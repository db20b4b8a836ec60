"""The heuristic bot plays like a good Golf player and uses the special cards well."""

from __future__ import annotations

import random
from typing import Any

from asobiba.games.paper_safari import GAME


def bot_choice(state: Any) -> str:
    return str(GAME.heuristic_action(state.observe(state.to_move), random.Random(0)))


def test_the_bot_does_not_waste_a_pikachu_on_a_column_pair(ps: Any) -> None:
    mine = ["pikachu", "gyarados", "eevee", "clefairy", "machamp", "psyduck"]
    other = ["squirtle", "bulbasaur", "charmander", "onix", "jigglypuff", "squirtle"]
    state = ps.deal([mine, other], pile=["pikachu"], flips=["a1", "a1"], face_up=["a2 b2"])
    ps.play(state, "draw")
    choice = bot_choice(state)
    assert choice != "swap b1"  # -2 over -2 would count 0: the Gyarados is the card to replace
    assert choice == "swap a2"


def test_the_bot_keeps_a_low_card_and_discards_a_high_one(ps: Any) -> None:
    mine = ["eevee", "gyarados", "eevee", "clefairy", "machamp", "psyduck"]
    other = ["squirtle", "bulbasaur", "charmander", "onix", "jigglypuff", "squirtle"]
    state = ps.deal([mine, other], pile=["jigglypuff"], flips=["a2", "a1"])
    ps.play(state, "draw")
    assert bot_choice(state) == "swap a2"
    # Its cards are low or unknown: Onix helps nowhere.
    low = ["squirtle", "gyarados", "jigglypuff", "bulbasaur", "squirtle", "bulbasaur"]
    state = ps.deal([low, other], pile=["onix"], flips=["a2", "a1"], face_up=["a1 a3 b1 b2"])
    ps.play(state, "draw")
    assert bot_choice(state) == "discard"


def test_the_bot_takes_a_discard_that_completes_a_pair(ps: Any) -> None:
    mine = ["onix", "gyarados", "eevee", "clefairy", "machamp", "psyduck"]
    other = ["squirtle", "bulbasaur", "charmander", "onix", "jigglypuff", "squirtle"]
    state = ps.deal([mine, other], discard="machamp", flips=["b2", "a1"], face_up=["a2"])
    # b2 Machamp under a2 Gyarados: a Machamp at a2 makes the pair 8/8 = 0.
    assert bot_choice(state) == "take discard"
    ps.play(state, "take discard")
    assert bot_choice(state) == "swap a2"


def test_the_bot_denies_the_next_player_the_card_he_needs(ps: Any) -> None:
    mine = ["squirtle", "bulbasaur", "jigglypuff", "squirtle", "eevee", "charmander"]
    other = ["gyarados", "machamp", "charmander", "onix", "eevee", "psyduck"]
    state = ps.deal([mine, other], pile=["gyarados"], flips=["a1", "a1"], face_up=["a2 a3 b1 b2", "b1"])
    # p1 shows Gyarados over Onix: a second Gyarados would turn 19 into a pair (0).
    ps.play(state, "draw")
    assert bot_choice(state) != "discard"


def test_the_bot_ends_the_round_only_when_it_is_probably_the_lowest(ps: Any) -> None:
    low = ["pikachu", "jigglypuff", "squirtle", "pikachu", "jigglypuff", "onix"]
    high = ["gyarados", "machamp", "gengar", "onix", "clefairy", "machamp"]
    # p0 is low (its last face-down card hides Onix): a Squirtle there ends the round as the winner.
    state = ps.deal([low, high], pile=["squirtle"], flips=["a1", "a1"], face_up=["a2 a3 b1 b2"] * 2)
    ps.play(state, "draw")
    assert bot_choice(state) == "swap b3"
    # Swapped: p0 is high, p1 low: the same Squirtle must not end the round.
    state = ps.deal([high, low], pile=["squirtle"], flips=["a1", "a1"], face_up=["a2 a3 b1 b2"] * 2)
    ps.play(state, "draw")
    assert bot_choice(state) != "swap b3"


def test_the_bot_dumps_mew_on_the_leader_and_takes_his_best_card(ps: Any) -> None:
    mine = ["gyarados", "machamp", "gengar", "onix", "clefairy", "machamp"]
    p1 = ["pikachu", "squirtle", "bulbasaur", "charmander", "psyduck", "eevee"]
    p2 = ["pikachu", "squirtle", "bulbasaur", "charmander", "psyduck", "eevee"]
    state = ps.deal([mine, p1, p2], pile=["mew"], flips=["a1", "a1", "a1"], tokens=[0, 0, 2])  # p2 leads
    ps.play(state, "draw")
    assert bot_choice(state) == "mew p2"
    ps.play(state, "mew p2")
    assert bot_choice(state) == "mew-take a1"  # his Pikachu
    ps.play(state, "mew-take a1")
    assert bot_choice(state) in ("swap a1", "mew-place a1", "mew-place b1")


def test_the_bot_aims_zapdos_against_its_opponent(ps: Any) -> None:
    mine = ["eevee", "onix", "eevee", "clefairy", "onix", "psyduck"]
    other = ["squirtle", "pikachu", "charmander", "gengar", "pikachu", "squirtle"]
    state = ps.deal([mine, other], pile=["zapdos"], flips=["a2", "a2"], face_up=["b2", "b2"])
    ps.play(state, "draw")
    # An Onix for Zapdos costs nothing; the opponent's Pikachu goes under the discard pile and
    # he gets the Onix: a2 or b2, where both hold the same cards.
    assert bot_choice(state) in ("swap a2", "swap b2")


def test_the_bot_aims_team_rocket_where_it_hurts_the_others_most(ps: Any) -> None:
    mine = ["eevee", "clefairy", "onix", "clefairy", "machamp", "psyduck"]
    other = ["squirtle", "bulbasaur", "pikachu", "onix", "jigglypuff", "squirtle"]
    third = ["squirtle", "bulbasaur", "pikachu", "gengar", "jigglypuff", "charmander"]
    state = ps.deal([mine, other, third], pile=["team-rocket"], flips=["a3", "a3", "a3"])
    ps.play(state, "draw", "coin pikachu")
    # Everybody loses a3: its Onix and both opponents' Pikachus.
    assert bot_choice(state) == "rocket a3"


def test_the_bot_peeks_with_charizard_and_uses_snorlax_for_a_pair(ps: Any) -> None:
    mine = ["eevee", "gengar", "onix", "clefairy", "machamp", "eevee"]
    other = ["squirtle", "bulbasaur", "pikachu", "onix", "jigglypuff", "squirtle"]
    state = ps.deal([mine, other], pile=["snorlax"], flips=["a1", "a1"], face_up=["b3 a2"])
    ps.play(state, "draw")
    ps.play(state, "swap a3")  # Snorlax in (the bot's own choice is not the point here)
    # Eevee a1 above Clefairy, Eevee b3: exchanging b1 and b3 pairs the Eevees in column 1.
    assert bot_choice(state) in ("snorlax a1 a3", "snorlax b1 b3")
    state = ps.deal([mine, other], pile=["charizard"], flips=["a1", "a1"])
    ps.play(state, "draw", "swap a2")
    assert bot_choice(state).startswith("peek")


# ---------------------------------------------------------------------- the hard level's search


def test_the_play_out_player_differs_from_the_heuristic_only_at_a_turns_first_choice() -> None:
    from asobiba.games.paper_safari.bots import choose, rollout_choose

    compared = 0
    for seed in range(12):
        state = GAME.new_game(2 + seed % 4, seed=seed)
        while not state.is_over:
            observation = state.observe(state.to_move)
            view, legal = observation.view, observation.legal_actions
            move = choose(view, legal, random.Random(seed))
            if view["phase"] != "turn":
                assert rollout_choose(view, legal, random.Random(seed)) == move
                compared += 1
            state.apply(move)
    assert compared > 500


def test_hard_plays_out_both_choices_of_a_turn_and_the_three_best_placings(ps: Any) -> None:
    from asobiba.games.paper_safari.bots import candidates

    mine = ["eevee", "gyarados", "eevee", "clefairy", "machamp", "psyduck"]
    other = ["squirtle", "bulbasaur", "charmander", "onix", "jigglypuff", "squirtle"]
    state = ps.deal([mine, other], pile=["jigglypuff"], flips=["a2", "a1"])
    turn = state.observe(state.to_move)
    assert sorted(map(str, candidates(turn, turn.legal_actions[0], 3, random.Random(0)))) == ["draw", "take discard"]
    ps.play(state, "draw")
    hand = state.observe(state.to_move)
    heuristic = GAME.heuristic_action(hand, random.Random(0))
    chosen = candidates(hand, heuristic, 3, random.Random(0))
    assert len(chosen) == 3 and chosen[0] == heuristic == hand.parse_action("swap a2")
    assert len(set(chosen)) == 3 and all(move in hand.legal_actions for move in chosen)


def test_hard_does_not_search_the_setup_flip_where_every_card_is_alike() -> None:
    from asobiba.games.paper_safari.bots import candidates

    state = GAME.new_game(3, seed=2)
    flip = state.observe(state.to_move)
    assert flip.view["phase"] == "flip" and len(flip.legal_actions) == 6
    heuristic = GAME.heuristic_action(flip, random.Random(0))
    assert candidates(flip, heuristic, 3, random.Random(0)) == [heuristic]


def test_a_play_out_of_hard_is_cut_when_its_round_is_over() -> None:
    from asobiba.games.paper_safari.bots import round_over

    state = GAME.new_game(2, seed=6)
    start = state.clone()
    while state.view(0)["round"] == 1:
        assert not round_over(start, state)
        state.apply(GAME.heuristic_action(state.observe(state.to_move), random.Random(0)))
    assert round_over(start, state)


def test_hard_searches_paper_safari_with_play_outs_on_samples(ps: Any) -> None:
    import asobiba
    from asobiba.bots.levels import HardBot

    mine = ["eevee", "gyarados", "eevee", "clefairy", "machamp", "psyduck"]
    other = ["squirtle", "bulbasaur", "charmander", "onix", "jigglypuff", "squirtle"]
    state = ps.deal([mine, other], pile=["jigglypuff"], flips=["a2", "a1"])
    ps.play(state, "draw")
    hard = asobiba.bot("hard:time_limit=none,samples=3", seed=1)
    assert hard.choose(state.observe(state.to_move)) in state.legal_actions()
    assert isinstance(hard, HardBot) and hard.last_pimc is not None and hard.last_pimc.last_samples == 3
    assert len(hard.last_pimc.last_results) == 3
