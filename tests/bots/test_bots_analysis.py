"""The post-game analysis (asobiba.bots.analysis): every decision of the player, judged from his
information only, candidates with their chances and sample sizes, the worst decisions marked."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import asobiba
from asobiba.bots.analysis import (
    MARK_THRESHOLD,
    PRECISION,
    Candidate,
    analyse,
    analyse_decision,
    chance_interval,
    save_curve,
    terminal_chart,
)
from asobiba.bots.stats import wilson_interval
from asobiba.core.errors import InvalidOption, NoSuchPlayer
from asobiba.core.game import Game

#: A cheap ``hard`` for tests: a fixed number of iterations, no clock.
QUICK_HARD = "hard:time_limit=none,iterations=8"


def kuhn_record(deal: str, moves: list[str]) -> dict[str, Any]:
    return {"game": "kuhn-poker", "players": 2, "options": {}, "seed": 1, "chance": "auto", "actions": [deal, *moves]}


def played_game(name: str, players: int, seed: int) -> dict[str, Any]:
    state = asobiba.new_game(name, players, seed=seed)
    while not state.is_over:
        player = state.to_move
        assert player is not None
        state.apply(asobiba.bot("easy", seed=state.seq).choose(state.observe(player)))
    return state.record()


def test_with_the_top_card_calling_a_bet_wins_and_folding_is_marked(kuhn: Game) -> None:
    # p0 holds the king (2), checks, p1 bets, p0 folds: calling would have won for sure.
    report = analyse(kuhn_record("deal 2 0 1", ["check", "bet", "fold"]), 0, samples=8, hard=QUICK_HARD)
    answer = report.decisions[-1]
    chances = {candidate.action: candidate.chance for candidate in answer.candidates}
    assert chances == {"call": 1.0, "fold": 0.0}
    assert answer.best.action == "call" and answer.loss == 1.0 and answer.marked
    assert report.outcome == 0.0


def test_the_analysis_reads_only_what_the_player_could_know(kuhn: Game) -> None:
    # The same moves; p1 holds the queen in one deal and the jack in the other. p0 (the king) cannot tell.
    first = analyse(kuhn_record("deal 2 1 0", ["check", "bet", "call"]), 0, samples=12, hard=QUICK_HARD)
    second = analyse(kuhn_record("deal 2 0 1", ["check", "bet", "call"]), 0, samples=12, hard=QUICK_HARD)
    assert [decision.to_json() for decision in first.decisions] == [decision.to_json() for decision in second.decisions]


@pytest.mark.parametrize("name", ["cockroach-poker", "paper-safari", "survive"])
def test_every_decision_with_a_choice_is_analysed_with_its_candidates(name: str) -> None:
    record = played_game(name, 3, seed=4)
    if name != "cockroach-poker":  # long games: the first 60 record entries are enough here
        record = {**record, "actions": record["actions"][:60]}
    seats = []
    for state, _, _ in asobiba.core.record.replay_steps(record):
        if state.to_move == 1 and len(state.legal_actions()) > 1:
            seats.append(state.seq)
    seats = [seq for seq in seats if seq < len(record["actions"])]
    report = analyse(record, 1, samples=2, max_samples=2, max_candidates=3, rollout_depth=4, hard=QUICK_HARD)
    assert [decision.seq for decision in report.decisions] == seats
    for decision in report.decisions:
        actions = [candidate.action for candidate in decision.candidates]
        assert decision.played == record["actions"][decision.seq]
        assert decision.played in actions and decision.preferred in actions
        assert len(set(actions)) == len(actions)
        assert all(candidate.samples == 2 and 0.0 <= candidate.chance <= 1.0 for candidate in decision.candidates)
        assert decision.best.chance == max(candidate.chance for candidate in decision.candidates)


def test_at_most_the_asked_number_of_decisions_are_marked_each_losing_enough() -> None:
    report = analyse(played_game("cockroach-poker", 4, seed=9), 2, samples=4, marks=2, hard=QUICK_HARD)
    assert len(report.marked) <= 2
    assert all(decision.loss >= MARK_THRESHOLD for decision in report.marked)
    unmarked_losses = [decision.loss for decision in report.decisions if not decision.marked]
    if len(report.marked) == 2 and unmarked_losses:
        assert min(decision.loss for decision in report.marked) >= max(unmarked_losses)


def test_the_curve_ends_with_the_outcome_and_is_saved_as_a_png(kuhn: Game, tmp_path: Path) -> None:
    report = analyse(kuhn_record("deal 2 0 1", ["bet", "call"]), 0, samples=4, hard=QUICK_HARD)
    assert report.curve()[-1] == (2, 1.0)
    path = tmp_path / "curve.png"
    save_curve(report, str(path))
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    chart = terminal_chart(report, height=4).splitlines()
    assert chart[0].startswith("100% |") and chart[0].endswith("o")


def test_no_such_player_and_bad_sample_counts_are_refused(kuhn: Game) -> None:
    record = kuhn_record("deal 2 0 1", ["bet", "call"])
    with pytest.raises(NoSuchPlayer):
        analyse(record, 2)
    with pytest.raises(InvalidOption):
        analyse(record, 0, samples=0)


# ---------------------------------------------------------------------- the interval rule


def test_a_decision_with_too_few_samples_is_within_noise_and_not_marked(kuhn: Game) -> None:
    # Calling would have won for sure, folding lost for sure: 4 samples of each cannot say so within
    # ±10 points (Wilson's interval of 4 wins of 4 is 51–100 %), so the coach says "within noise".
    record = kuhn_record("deal 2 0 1", ["check", "bet", "fold"])
    few = analyse(record, 0, samples=4, max_samples=4, hard=QUICK_HARD)
    answer = few.decisions[-1]
    assert answer.loss == 1.0 and answer.best.samples == 4
    assert answer.verdict == "noise" and not answer.settled and not answer.marked
    assert few.marked == []


def test_with_enough_samples_the_same_decision_is_judged_within_ten_points_and_marked(kuhn: Game) -> None:
    record = kuhn_record("deal 2 0 1", ["check", "bet", "fold"])
    enough = analyse(record, 0, samples=4, hard=QUICK_HARD)  # up to MAX_SAMPLES for the two compared
    answer = enough.decisions[-1]
    assert answer.verdict == "costly" and answer.marked
    for candidate in (answer.best, answer.played_candidate):
        low, high = candidate.interval
        assert (high - low) / 2 <= PRECISION and candidate.samples > 4
    assert answer.best.samples == answer.played_candidate.samples  # on the same samples


def test_every_judged_decision_of_a_cockroach_poker_game_has_its_compared_chances_within_ten_points() -> None:
    report = analyse(played_game("cockroach-poker", 3, seed=2), 0, samples=8, max_candidates=3, hard=QUICK_HARD)
    judged = [decision for decision in report.decisions if decision.verdict != "noise"]
    assert judged, "no decision was judged"
    for decision in judged:
        assert decision.settled
        for candidate in (decision.best, decision.played_candidate):
            assert candidate.half_width <= PRECISION + 1e-9
    for decision in report.marked:
        assert decision.verdict == "costly"


def test_an_evaluators_scores_get_wilsons_interval_not_the_narrower_one_of_their_spread() -> None:
    # 18 games scored 0.4, 0.5 or 0.6: their mean is 0.5 and they spread little, but each is a game won or
    # lost, so the chance of winning is known as from 9 wins of 18: 29–71 %, not 46–54 %
    scores = [0.4, 0.5, 0.6] * 6
    assert chance_interval(scores, sum(scores), len(scores)) == wilson_interval(sum(scores), 18)
    assert not Candidate("a", sum(scores), 18, tuple(scores)).precise


def test_a_candidate_without_enough_samples_is_not_precise() -> None:
    assert not Candidate("a", 8, 16, (1.0,) * 8 + (0.0,) * 8).precise  # 50 % of 16: ±23 points
    assert Candidate("a", 16, 16, (1.0,) * 16).precise  # 16 of 16: 81–100 %


# ---------------------------------------------------------------------- the same move


def spades_position() -> asobiba.State:
    """A Cockroach Poker (trump) position where the player to offer holds two spades or more."""
    for seed in range(50):
        state = asobiba.new_game("cockroach-poker", 3, seed=seed)
        hand = state.view(state.to_move)["hand"]
        if sum(1 for card in hand if card.startswith("S")) >= 2:
            return state
    raise AssertionError("no deal gave two spades")


def test_moves_that_differ_only_in_a_rank_the_game_ignores_are_one_candidate() -> None:
    state = spades_position()
    observation = state.observe(state.to_move)
    spades = sorted(card for card in observation.view["hand"] if card.startswith("S"))
    target = (state.to_move + 1) % 3
    played = f"offer p{target} spades card={spades[0]}"
    decision = analyse_decision(observation, played, samples=1, max_samples=1, max_candidates=1000, hard=QUICK_HARD)
    game, view = state.game, observation.view
    keys = [game.same_move_key(state.game.parse_action(c.action, state), view) for c in decision.candidates]
    assert len(keys) == len(set(keys))
    legal_keys = {game.same_move_key(action, view) for action in observation.legal_actions}
    assert len(decision.candidates) == len(legal_keys) < len(observation.legal_actions)
    same = decision.played_candidate.same
    assert set(same) == {f"offer p{target} spades card={card}" for card in spades[1:]}
    assert decision.preferred in [candidate.action for candidate in decision.candidates]


def test_same_move_key_is_the_action_itself_by_default_and_the_suit_in_cockroach_poker(kuhn: Game) -> None:
    state = asobiba.new_game("kuhn-poker", 2, seed=1)
    state.apply(state.legal_actions()[0])
    action = state.legal_actions()[0]
    assert kuhn.same_move_key(action, state.view(0)) == action
    poker = spades_position()
    view = poker.view(poker.to_move)
    offer_3, offer_5 = (poker.game.parse_action(f"offer p1 spades card=S{rank}", poker) for rank in (3, 5))
    heart = poker.game.parse_action("offer p1 spades card=H3", poker)
    assert poker.game.same_move_key(offer_3, view) == poker.game.same_move_key(offer_5, view)
    assert poker.game.same_move_key(offer_3, view) != poker.game.same_move_key(heart, view)
    original = asobiba.new_game("cockroach-poker", 3, seed=1, rules="original")
    ov = original.view(original.to_move)
    bats = [original.game.parse_action(f"offer p1 bat card=bat{copy}", original) for copy in (1, 2)]
    assert original.game.same_move_key(bats[0], ov) == original.game.same_move_key(bats[1], ov)
