"""A learning room's verdict of one move (asobiba.bots.verdict), on hand-built decisions: "good" when no
move tried did better by the mark threshold, "fine" when the better move's lead is within the noise,
"risky" past one standard error, "costly" past 95 %; "only" without a choice. Its words in English and
Japanese (a game without an explanation hook: the chance given away stands in for the reason; each of
the three games with one: its own reason after "Risky:" or "Costly:"), and the hint's reasons (the
game's for the suggested move, else how the coach found it)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import asobiba
from asobiba.bots.analysis import Candidate, Decision
from asobiba.bots.verdict import Verdict, classify, hint_reasons, judge, verdict_words
from asobiba.core.explain import MoveToExplain
from asobiba.core.registry import declaration
from asobiba.core.state import Observation

#: Samples of the hand-built decisions (what a verdict's budget plays).
N = 32


def candidate(action: str, outcomes: list[float]) -> Candidate:
    return Candidate(action, sum(outcomes), len(outcomes), tuple(outcomes))


def decision(played: list[float], better: list[float]) -> Decision:
    """``bid 3`` played with ``played``'s results, ``bid 5`` found with ``better``'s, on the same samples."""
    mine, other = candidate("bid 3", played), candidate("bid 5", better)
    ordered = (other, mine) if other.chance > mine.chance else (mine, other)
    return Decision(seq=1, played="bid 3", preferred="bid 5", candidates=ordered)


def paired(ahead: int, behind: int, wins: int = 16) -> tuple[list[float], list[float]]:
    """The move played's results and a move's that wins ``ahead`` samples more and ``behind`` fewer."""
    played = [1.0] * wins + [0.0] * (N - wins)
    better = list(played)
    for index in range(ahead):  # wins where the move played lost
        better[wins + index] = 1.0
    for index in range(behind):  # loses where the move played won
        better[index] = 0.0
    return played, better


@pytest.mark.parametrize(
    ("ahead", "behind", "kind"),
    [
        (0, 0, "good"),  # the same results: nothing better
        (1, 0, "good"),  # 3 points better: under the mark threshold
        (4, 2, "fine"),  # 6 points, but its noise is 8: within it
        (5, 1, "risky"),  # 12 points, past one standard error (7), short of 95 %
        (16, 0, "costly"),  # 50 points, for sure
    ],
)
def test_a_verdict_weighs_the_better_moves_lead_against_its_noise(ahead: int, behind: int, kind: str) -> None:
    played, better = paired(ahead, behind)
    found = classify(decision(played, better))
    assert found.kind == kind, found
    assert (found.better == "bid 5") == (ahead > behind)


def test_a_verdict_without_the_results_of_each_sample_counts_the_two_estimates_noise() -> None:
    played, better = Candidate("bid 3", 16, N), Candidate("bid 5", 20, N)  # 50 % and 62.5 %: noise ±12
    found = classify(Decision(seq=1, played="bid 3", preferred="bid 5", candidates=(better, played)))
    assert found.kind == "risky" and 0.12 < found.error < 0.13, found
    found = classify(Decision(seq=1, played="bid 3", preferred="bid 5", candidates=(Candidate("bid 5", 19, N), played)))
    assert found.kind == "fine", found  # 9 points: within the noise


def goofspiel_bid() -> Observation[Any]:
    state = asobiba.new_game("goofspiel", 2, seed=1)
    return state.observe(state.to_move)


@pytest.mark.parametrize(
    ("verdict", "en", "ja"),
    [
        (Verdict("good", "bid 3", None), "Good move.", "良い手です。"),
        (Verdict("fine", "bid 3", "bid 5", 0.06, 0.08), "Fine: no other move was surely better.", "悪くない手です。"),
        (
            Verdict("risky", "bid 3", "bid 5", 0.12, 0.07),
            "Risky: Bid 5 looked better, though not for sure.",
            "危うい手：別の手の方が良さそうでした（確かではありません）：5を入札する",
        ),
        (
            Verdict("costly", "bid 3", "bid 5", 0.5, 0.09),
            "Costly: it gave away about 50 points of your chance of winning (a better move was Bid 5).",
            "損な手：勝つ見込みを50ポイントほど下げました（もっと良い手：5を入札する）。",
        ),
        (Verdict("only", "bid 3", None), "Your only move.", "ほかに選べる手はありませんでした。"),
    ],
)
def test_a_verdict_says_one_line_in_the_readers_language(verdict: Verdict, en: str, ja: str) -> None:
    observation = goofspiel_bid()
    line, reasons = verdict_words(verdict, observation, ["p0", "p1"], "en")
    assert line == en and reasons == []  # Goofspiel has no explanation hook: no further reasons
    assert verdict_words(verdict, observation, ["p0", "p1"], "ja")[0].startswith(ja)


def test_a_move_without_a_choice_is_not_estimated() -> None:
    state = asobiba.new_game("goofspiel", 2, seed=1)
    while len(state.legal_actions()) > 1:
        state.apply(state.legal_actions()[0])
    observation = state.observe(state.to_move)
    assert judge(observation, str(observation.legal_actions[0])) == Verdict(
        "only", str(observation.legal_actions[0]), None
    )


def test_the_hint_says_how_the_coach_found_the_move_when_the_game_has_nothing_to_say() -> None:
    observation = goofspiel_bid()
    assert hint_reasons(observation, "bid 5", ["p0", "p1"], "en") == [
        "Playing on from what you know, the coach found this move the likeliest to win."
    ]
    assert "コーチ" in hint_reasons(observation, "bid 5", ["p0", "p1"], "ja")[0]


@pytest.mark.parametrize("game", ["cockroach-poker", "paper-safari", "survive"])
def test_a_costly_or_risky_verdict_says_the_games_own_reason(game: str) -> None:
    # Random moves of p0 until one is found risky or costly where the game's hook has a reason for it:
    # the line says that reason (not the chance given away), in English and in Japanese.
    hook = declaration(game).explain()
    assert hook is not None
    names = ["p0", "p1", "p2"]
    tried = 0
    for seed in range(4):
        state = asobiba.new_game(game, 3, seed=seed)
        chooser = random.Random(seed)
        while not state.is_over and tried < 40:
            observation = state.observe(state.to_move)
            if state.to_move == 0 and len(observation.legal_actions) > 1:
                tried += 1
                played = str(chooser.choice(observation.legal_actions))
                verdict = judge(observation, played, seed=state.seq)
                if verdict.kind in ("risky", "costly"):
                    moves = {str(action): action for action in observation.legal_actions}
                    said = {
                        lang: hook(MoveToExplain(observation, moves[played], moves[str(verdict.better)], names, lang))
                        for lang in ("en", "ja")
                    }
                    if said["en"]:
                        for lang, start in (("en", ("Risky: ", "Costly: ")), ("ja", ("危うい手：", "損な手："))):
                            line = verdict_words(verdict, observation, names, lang)[0]
                            assert line.startswith(start) and said[lang][0].rstrip("。. ") in line, (line, said)
                        return
            state.apply(asobiba.bot("random", seed=state.seq).choose(state.observe(state.to_move)))
    raise AssertionError(f"no risky or costly move with a reason of the game's in {tried} decisions")


@pytest.mark.parametrize("game", ["cockroach-poker", "paper-safari", "survive"])
def test_the_hint_says_the_games_reasons_for_the_move_it_suggests(game: str) -> None:
    hook = declaration(game).explain()
    assert hook is not None
    names = ["p0", "p1", "p2"]
    state = asobiba.new_game(game, 3, seed=2)
    for _ in range(300):
        observation = state.observe(state.to_move)
        if state.to_move == 0 and len(observation.legal_actions) > 1:
            suggestion = observation.legal_actions[0]
            said = hook(MoveToExplain(observation, suggestion, None, names, "ja"))
            if said:
                assert hint_reasons(observation, str(suggestion), names, "ja") == said
                return
        state.apply(asobiba.bot("random", seed=state.seq).choose(state.observe(state.to_move)))
    raise AssertionError("the game's hook said nothing of any suggestion")
