"""Action codecs: one fixed Discrete space per (game, players, options), canonical where the
rules make actions equivalent."""

from __future__ import annotations

from typing import Any

import pytest
from tests.rl.setups import SETUPS, random_positions, setup_id

import asobiba
import asobiba.rl
from asobiba.core.errors import IllegalAction
from asobiba.games.cockroach_poker.actions import Offer


@pytest.mark.parametrize("setup", SETUPS, ids=setup_id)
def test_every_legal_action_has_a_number_that_gives_back_an_equivalent_action(
    setup: tuple[str, int, dict[str, Any]],
) -> None:
    game, players, options = setup
    codec = asobiba.rl.codec(game, players=players, **options)
    for state in random_positions(game, players, options, games=3, seed=11, steps=150):
        if state.is_over:
            assert not codec.mask(state).any()
            continue
        numbers = {codec.index_in(action, state) for action in state.legal_actions()}
        assert all(0 <= number < codec.size for number in numbers)
        mask = codec.mask(state)
        assert set(mask.nonzero()[0].tolist()) == numbers
        legal = codec.legal(state)
        assert set(legal) == numbers
        for number, action in legal.items():
            assert codec.index_in(action, state) == number
        some = min(numbers)
        assert codec.action(some, state) is legal[some] and state.is_legal(legal[some])


@pytest.mark.parametrize("setup", SETUPS, ids=setup_id)
def test_the_blocks_of_numbers_tile_the_space(setup: tuple[str, int, dict[str, Any]]) -> None:
    game, players, options = setup
    codec = asobiba.rl.codec(game, players=players, **options)
    position = 0
    for _, first, count in codec.layout():
        assert first == position and count > 0
        position += count
    assert position == codec.size


@pytest.mark.parametrize(
    ("players", "options", "size"),
    [
        (3, {}, 65),
        (5, {}, 107),
        (4, {"jokers": "wild"}, 82),
        (4, {"jokers": "none"}, 66),
        (2, {"rules": "original"}, 147),
        (6, {"rules": "original"}, 435),
    ],
)
def test_cockroach_poker_sizes_are_the_documented_ones(players: int, options: dict[str, Any], size: int) -> None:
    assert asobiba.rl.codec("cockroach-poker", players=players, **options).size == size


def test_paper_safari_and_survive_sizes_are_the_documented_ones() -> None:
    assert [asobiba.rl.codec("paper-safari", players=n).size for n in (2, 5)] == [57, 60]
    assert [asobiba.rl.codec("survive", players=n).size for n in (2, 3, 4)] == [22175, 23925, 25675]
    assert asobiba.rl.codec("survive", players=2, two_colours=True).size == 25675


def test_in_trump_a_cards_rank_never_matters_an_offer_is_target_claim_and_suit() -> None:
    codec = asobiba.rl.codec("cockroach-poker", players=4)
    assert codec.index(Offer(2, "hearts", "S3")) == codec.index(Offer(2, "hearts", "S12"))
    assert codec.index(Offer(2, "hearts", "J1")) == codec.index(Offer(2, "hearts", "J2"))
    assert codec.index(Offer(2, "hearts", "S3")) != codec.index(Offer(2, "hearts", "C3"))
    assert codec.index(Offer(2, "hearts", "S3")) != codec.index(Offer(1, "hearts", "S3"))
    assert codec.index(Offer(2, "hearts", "S3")) != codec.index(Offer(2, "clubs", "S3"))


def test_in_the_original_game_a_cards_copy_never_matters() -> None:
    codec = asobiba.rl.codec("cockroach-poker", players=3, rules="original")
    assert codec.index(Offer(1, "bat", "rat1")) == codec.index(Offer(1, "bat", "rat8"))
    assert codec.index(Offer(1, "bat", "rat1")) != codec.index(Offer(1, "bat", "fly1"))


def test_a_number_that_is_not_legal_here_is_refused_saying_which_are() -> None:
    state = asobiba.new_game("cockroach-poker", players=3, seed=4)
    codec = asobiba.rl.codec("cockroach-poker", players=3)
    answer_yes = codec.first_of("answer")
    with pytest.raises(IllegalAction, match="not legal here"):
        codec.action(answer_yes, state)


def test_the_sizes_in_docs_research_are_the_codes() -> None:
    """docs/research.md lists (game, players, options, actions, observation); each row is right."""
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "research.md").read_text(encoding="utf-8")
    rows = [line.split("|")[1:-1] for line in text.splitlines() if line.startswith("| cockroach-poker |")
            or line.startswith("| paper-safari |") or line.startswith("| survive |")]  # fmt: skip
    assert len(rows) >= 10
    for game, players, options, actions, observation in (map(str.strip, row) for row in rows):
        given = {}
        for item in options.replace("`", "").split(","):
            if "=" in item:
                key, value = item.strip().split("=")
                given[key] = {"True": True, "False": False}.get(value, value)
        size = asobiba.rl.codec(game, players=int(players), **given).size
        shape = asobiba.rl.encoder(game, players=int(players), **given).shape
        assert (size, shape[0]) == (int(actions.replace(",", "")), int(observation.replace(",", "")))
