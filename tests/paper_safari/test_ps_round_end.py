"""Rules page: End of a round (six cards face up, scoring, the tie rule, tokens, the match)."""

from __future__ import annotations

import random
from typing import Any

from asobiba.games.paper_safari import events as ev

# p0 ends the round by drawing Squirtle into b3, his last face-down card:
# onix 10 | jigglypuff 0 | jigglypuff 0 / pikachu -2 | pikachu -2 | squirtle 1  -> 7
P0 = ["onix", "jigglypuff", "jigglypuff", "pikachu", "pikachu", "gengar"]
P0_DRAW = "squirtle"
# 10/0, 1/-2, -2/0 -> 7, and exactly the same cards as p0: a perfect tie.
SAME = ["onix", "squirtle", "pikachu", "jigglypuff", "pikachu", "jigglypuff"]
# 10/-2, 2/-2, -2/1 -> 7 with 10, 2, 1, …: beats p0's 10, 1, 0, … on the second card.
SECOND = ["onix", "bulbasaur", "pikachu", "pikachu", "pikachu", "squirtle"]
# 9/8, 8/9, 7/7 -> 34
HIGH = ["gyarados", "machamp", "gengar", "machamp", "gyarados", "gengar"]
# 3/4, 4/3, 5/6 -> 25
THIRD = ["charmander", "psyduck", "eevee", "psyduck", "charmander", "clefairy"]


def ending(ps: Any, grids: list[list[str]], pile: list[str], starter: int = 0, **options: Any) -> Any:
    """A dealt game where every card is face up except p0's b3 and one card of every other player."""
    return ps.deal(
        grids,
        discard="clefairy",
        pile=pile,
        starter=starter,
        flips=["a1"] * len(grids),
        face_up=["a1 a2 a3 b1 b2"] * len(grids),
        **options,
    )


def test_the_round_ends_the_moment_somebody_has_six_cards_face_up(ps: Any) -> None:
    state = ending(ps, [P0, HIGH], [P0_DRAW])
    events = ps.play(state, "draw", "swap b3")
    scored = [event for event in events if isinstance(event, ev.RoundScored)]
    assert scored == [ev.RoundScored(1, (7, 34), 0, (1, 0))]
    # Nobody gets an extra turn: the next thing is the next round's deal.
    assert state.is_chance_node and state.view(None)["phase"] == "deal"
    # All cards are turned face up for the scoring.
    assert all(card is not None for grid in state.view(1)["grids"] for card in grid)


def test_the_round_end_is_checked_after_the_whole_action(ps: Any) -> None:
    state = ending(ps, [P0, HIGH], ["snorlax"])
    ps.play(state, "draw", "swap b3")
    assert state.view(0)["phase"] == "snorlax" and state.to_move == 0  # Snorlax still happens
    ps.play(state, "snorlax a1 b1")
    assert state.view(None)["rounds"][0]["grids"][0][:4] == ["pikachu", "jigglypuff", "jigglypuff", "onix"]


def test_two_players_can_finish_at_once(ps: Any) -> None:
    p0 = ["onix", "gengar", "jigglypuff", "pikachu", "pikachu", "squirtle"]
    p1 = ["gyarados", "machamp", "eevee", "machamp", "gyarados", "gengar"]
    all_but_a2 = "a1 a3 b1 b2 b3"
    state = ps.deal([p0, p1], discard="clefairy", pile=["zapdos"], flips=["a1", "a1"], face_up=[all_but_a2] * 2)
    events = ps.play(state, "draw", "swap a2")  # Gengar to p1's a2, face up: both have six up
    scored = next(event for event in events if isinstance(event, ev.RoundScored))
    # p0: 10/-2, 10/-2 (Zapdos), 0/1 = 17; p1: 9/8, 7/9, 5/7 = 45
    assert scored.scores == (17, 45) and scored.winner == 0


def test_option_final_turns_gives_everybody_else_one_more_turn(ps: Any) -> None:
    state = ending(ps, [P0, HIGH, THIRD], [P0_DRAW, "onix", "onix"], final_turns=True)
    ps.play(state, "draw", "swap b3")
    assert state.to_move == 1 and state.view(None)["final_turns_left"] == 2
    ps.play(state, "draw", "discard")
    assert state.to_move == 2 and state.view(None)["final_turns_left"] == 1
    ps.play(state, "draw", "discard")
    assert state.view(None)["phase"] == "deal" and len(state.view(None)["rounds"]) == 1


def test_a_column_of_two_equal_values_counts_zero(ps: Any) -> None:
    state = ending(ps, [P0, HIGH], [P0_DRAW])
    ps.play(state, "draw", "swap b3")
    # HIGH has no pair; a pair of Machamps in a column would count 0:
    from asobiba.games.paper_safari.grid import column_score

    assert column_score([8, 3, 4, 8, 5, 4]) == 3 + 5
    assert state.view(None)["rounds"][0]["scores"] == [7, 34]


def test_the_lowest_score_takes_a_poke_ball_token(ps: Any) -> None:
    state = ending(ps, [HIGH, P0], ["onix"])
    ps.play(state, "draw", "swap b3")
    assert state.view(None)["tokens"] == [0, 1]


def test_a_tie_is_won_by_the_player_holding_the_highest_card(ps: Any) -> None:
    # 8/-2, 1/-2, 2/0 -> 7 like p0, but with 8 as its highest card (p0 holds a 10)
    p1 = ["machamp", "squirtle", "bulbasaur", "pikachu", "pikachu", "jigglypuff"]
    state = ending(ps, [P0, p1], [P0_DRAW])
    events = ps.play(state, "draw", "swap b3")
    scored = next(event for event in events if isinstance(event, ev.RoundScored))
    assert scored.scores == (7, 7) and scored.winner == 0


def test_a_tie_of_the_highest_cards_compares_the_next_highest(ps: Any) -> None:
    state = ending(ps, [P0, SECOND], [P0_DRAW])
    events = ps.play(state, "draw", "swap b3")
    scored = next(event for event in events if isinstance(event, ev.RoundScored))
    assert scored.scores == (7, 7) and scored.winner == 1


def test_identical_cards_in_a_tie_give_nobody_a_token(ps: Any) -> None:
    state = ending(ps, [P0, SAME], [P0_DRAW])
    events = ps.play(state, "draw", "swap b3")
    scored = next(event for event in events if isinstance(event, ev.RoundScored))
    assert scored.scores == (7, 7) and scored.winner is None and scored.tokens == (0, 0)


def test_after_a_round_nobody_won_the_previous_starters_left_neighbour_starts(ps: Any) -> None:
    state = ending(ps, [P0, SAME, HIGH], ["onix", "onix", P0_DRAW], starter=1)
    ps.play(state, "draw", "discard", "draw", "discard", "draw", "swap b3")
    assert state.view(None)["rounds"][0]["winner"] is None
    state.resolve_chance()  # the next round's deal
    assert state.view(None)["starter"] == 2 and state.to_move == 2


def test_the_previous_rounds_winner_starts_the_next_round(ps: Any) -> None:
    state = ending(ps, [HIGH, THIRD, P0], ["onix", "onix", P0_DRAW])
    ps.play(state, "draw", "discard", "draw", "discard")
    ps.play(state, "draw", "swap b3")  # p2's cards all face up after his turn: he has the lowest
    assert state.view(None)["rounds"][0]["winner"] == 2
    state.resolve_chance()  # the next round's deal
    assert state.view(None)["starter"] == 2 and state.to_move == 2 and state.view(None)["round"] == 2


def test_the_first_player_with_tokens_to_win_tokens_wins_the_match(ps: Any) -> None:
    state = ending(ps, [P0, HIGH], [P0_DRAW], tokens_to_win=1)
    events = ps.play(state, "draw", "swap b3")
    assert state.is_over and events[-1] == ev.MatchWon(0, 1)
    assert state.result() == {"winners": [0], "losers": [1], "scores": [1, 0]}
    assert state.view(1)["result"]["winners"] == [0]


def test_a_match_to_three_tokens_is_the_default() -> None:
    from asobiba.games.paper_safari import GAME

    state = GAME.new_game(2, seed=4)
    rng = random.Random(4)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    result = state.result()
    assert state.view(None)["tokens_to_win"] == 3
    assert max(result["scores"]) == 3 and result["winners"] == [result["scores"].index(3)]
    assert len(state.view(None)["rounds"]) >= 3


def test_views_show_every_rounds_scores(ps: Any) -> None:
    state = ending(ps, [P0, HIGH], [P0_DRAW])
    ps.play(state, "draw", "swap b3")
    entry = state.view(1)["rounds"][0]
    assert entry["scores"] == [7, 34] and entry["winner"] == 0 and entry["tokens"] == [1, 0]
    assert entry["grids"][0] == ["onix", "jigglypuff", "jigglypuff", "pikachu", "pikachu", "squirtle"]
