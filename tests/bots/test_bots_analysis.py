"""The post-game analysis (asobiba.bots.analysis): every decision of the player, judged from his
information only, candidates with their chances and sample sizes, the worst decisions marked."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import asobiba
from asobiba.bots.analysis import MARK_THRESHOLD, analyse, save_curve, terminal_chart
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
    report = analyse(record, 1, samples=2, max_candidates=3, rollout_depth=4, hard=QUICK_HARD)
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
