"""The coach's words (asobiba.bots.coach_words): the better move and the chances with their intervals in
plain words, the game's reasons asked with ``better`` only when the move played cost chance for sure,
players by their names, a merged move said as one ("a spades card"), Survive's explorers by colour,
place and value."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

import asobiba
from asobiba.bots.analysis import Candidate, Decision, analyse_decision
from asobiba.bots.coach_words import explain_decision, move_words, name_players
from asobiba.core import registry
from asobiba.core.explain import MoveToExplain
from asobiba.core.game import Game

QUICK_HARD = "hard:time_limit=none,iterations=8"
NAMES = ["Ann", "Ken", "Eve"]
asked: list[MoveToExplain] = []


def kuhn_reasons(move: MoveToExplain) -> list[str]:
    """A hook for the test: says what it was given."""
    asked.append(move)
    better = "nothing better" if move.better is None else f"{move.better} was better"
    return [f"{move.names[move.player]} played {move.played}; {better}"]


@pytest.fixture
def explained_kuhn(kuhn: Game) -> Iterator[Game]:
    registry.register(registry.GameDeclaration(name="kuhn-poker", game="kuhn_poker:GAME", explain=kuhn_reasons))
    asked.clear()
    yield registry.get_game("kuhn-poker")
    registry.unregister("kuhn-poker")


def folding_with_the_king() -> asobiba.Observation:
    state = asobiba.new_game("kuhn-poker", 2, seed=1, chance="scripted")
    for move in ("deal 2 0 1", "check", "bet"):
        state.apply(state.game.parse_action(move, state))
    return state.observe(0)


def test_a_costly_move_is_said_with_the_better_one_its_numbers_and_the_games_reason(explained_kuhn: Game) -> None:
    observation = folding_with_the_king()
    decision = analyse_decision(observation, "fold", samples=4, hard=QUICK_HARD)
    assert decision.verdict == "costly"
    head, *reasons = explain_decision(decision, observation, NAMES[:2], "en")
    assert head.startswith("Better: call — chance of winning 100% (") and "Yours: fold — 0% (0–" in head
    assert re.search(r"From \d+ imagined continuations of the game\.$", head), head
    assert reasons == ["Ann played fold; call was better"]
    assert str(asked[-1].better) == "call" and asked[-1].chance_better == 1.0 and asked[-1].chance_played == 0.0
    japanese = explain_decision(decision, observation, NAMES[:2], "ja")[0]
    assert japanese.startswith("もっと良い手：call") and "この先の展開を" in japanese


def test_within_noise_the_hook_is_asked_with_no_better_move_and_nothing_is_claimed(explained_kuhn: Game) -> None:
    observation = folding_with_the_king()
    decision = analyse_decision(observation, "fold", samples=4, max_samples=4, hard=QUICK_HARD)
    assert decision.verdict == "noise"
    head, *reasons = explain_decision(decision, observation, NAMES[:2], "en")
    assert "within noise" in head and "Better" not in head
    assert reasons == ["Ann played fold; nothing better"] and asked[-1].better is None


def test_a_move_as_good_as_any_is_said_so() -> None:
    state = asobiba.new_game("cockroach-poker", 3, seed=5)
    observation = state.observe(state.to_move)
    played = str(observation.legal_actions[0])
    candidate = Candidate(played, 60.0, 100, (1.0,) * 60 + (0.0,) * 40)
    decision = Decision(seq=state.seq, played=played, preferred=played, candidates=(candidate,))
    assert decision.verdict == "best"
    head = explain_decision(decision, observation, NAMES, "en")[0]
    assert head.startswith("Your move was as good as any: Offer") and "60% (50–69%)" in head


def test_players_are_named_never_numbered() -> None:
    assert name_players("Discard a joker and make p2 answer", NAMES) == "Discard a joker and make Eve answer"
    assert name_players("p1にスペードの3を渡す", NAMES) == "Kenにスペードの3を渡す"
    assert name_players("top card", NAMES) == "top card"


def test_a_merged_move_is_said_as_one_by_the_kind_of_its_card() -> None:
    for seed in range(50):
        state = asobiba.new_game("cockroach-poker", 3, seed=seed)
        spades = sorted(card for card in state.view(state.to_move)["hand"] if card.startswith("S"))
        if len(spades) >= 2:
            break
    observation = state.observe(state.to_move)
    target = (state.to_move + 1) % 3
    played, other = (f"offer p{target} spades card={card}" for card in spades[:2])
    assert (
        move_words(observation, played, NAMES, "en", [other])
        == f"Offer a spades card to {NAMES[target]}, claiming “spades”"
    )
    assert move_words(observation, played, NAMES, "ja", [other]).startswith(f"{NAMES[target]}にスペードのカードを")
    assert "of spades" in move_words(observation, played, NAMES, "en")  # alone, the card by its name


def test_survive_says_an_explorer_by_colour_place_and_value_never_by_number() -> None:
    state = asobiba.new_game("survive", 3, seed=5)
    while state.seq < 40:
        mover = state.to_move
        assert mover is not None
        state.apply(asobiba.bot("normal", seed=state.seq).choose(state.observe(mover)))
    assert state.to_move is not None
    observation = state.observe(state.to_move)
    moves = [str(action) for action in observation.legal_actions if str(action).startswith("move ")]
    assert moves
    for lang in ("en", "ja"):
        for move in moves:
            words = move_words(observation, move, NAMES, lang)
            assert not re.search(r"#\d", words), words
            assert re.search(r"r\d+c\d+", words) and re.search(r"worth \d|数字\d", words), words


def test_paper_safari_says_the_cards_the_player_saw_by_their_names() -> None:
    state = asobiba.new_game("paper-safari", 3, seed=5)
    said: list[str] = []
    while not state.is_over and len(said) < 12:
        mover = state.to_move
        assert mover is not None
        if mover >= 0:
            observation = state.observe(mover)
            view = observation.view
            for action in observation.legal_actions:
                text = str(action)
                if text.startswith("swap") and view["hand"]:
                    said.append(move_words(observation, text, NAMES, "en"))
                    assert view["cards"][view["hand"]]["en"] in said[-1], said[-1]
                if text == "take discard" and view["discard_top"]:
                    said.append(move_words(observation, text, NAMES, "ja"))
                    assert view["cards"][view["discard_top"]]["ja"] in said[-1], said[-1]
        state.apply(asobiba.bot("normal", seed=state.seq).choose(state.observe(mover)))
    assert len(said) >= 12
