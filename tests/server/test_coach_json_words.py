"""The coach's answer in words (asobiba.server.analysis.coach_json): every decision's verdict and words in
each language, players by the room's names, never by ``p1`` or a piece's number (``red#4``), and ``why``
in the language the reader asks for."""

from __future__ import annotations

import re
from typing import Any

import orjson
import pytest

import asobiba
from asobiba.bots.analysis import analyse
from asobiba.server.analysis import coach_json, in_language

QUICK_HARD = "hard:time_limit=none,iterations=4"
NAMES = {"en": ["Ann", "Ken", "Bot 2"], "ja": ["Ann", "Ken", "ボット2"]}
#: A player or a piece by its number: p0…p9, red#4, 赤#10, bat#3.
IDS = re.compile(r"(?<![A-Za-z0-9])p\d|#\d")


def record_of(game: str, seed: int, entries: int | None = None, **options: Any) -> dict[str, Any]:
    state = asobiba.new_game(game, 3, seed=seed, **options)
    while not state.is_over:
        player = state.to_move
        assert player is not None
        state.apply(asobiba.bot("normal", seed=state.seq).choose(state.observe(player)))
    record = state.record()
    if entries is not None:
        record["actions"] = record["actions"][:entries]
    return record


@pytest.mark.parametrize(
    ("game", "entries", "options"),
    [
        ("cockroach-poker", None, {}),
        ("cockroach-poker", None, {"rules": "original"}),
        ("survive", 120, {}),
        ("paper-safari", 40, {}),
    ],
)
def test_words_labels_and_tables_name_players_and_pieces_never_by_number(
    game: str, entries: int | None, options: dict[str, Any]
) -> None:
    record = record_of(game, 5, entries, **options)
    analysis = analyse(record, 0, samples=2, max_samples=2, max_candidates=6, rollout_depth=2, hard=QUICK_HARD)
    found = coach_json(analysis, record, NAMES)
    assert found["names"] == NAMES and found["decisions"]
    for decision in found["decisions"]:
        assert decision["verdict"] in ("best", "close", "costly", "noise")
        for lang in ("en", "ja"):
            texts = [*decision["words"][lang], *(candidate["label"][lang] for candidate in decision["candidates"])]
            assert decision["words"][lang], decision
            for text in texts:
                assert not IDS.search(text), (lang, text)
    said = " ".join(" ".join(decision["words"]["en"]) for decision in found["decisions"])
    assert "heuristic" not in said and "sample" not in said
    if game == "cockroach-poker":  # offers name who gets the card
        labels = " ".join(c["label"]["en"] for d in found["decisions"] for c in d["candidates"])
        assert "Ken" in labels or "Bot 2" in labels


def test_why_is_in_the_language_asked() -> None:
    record = record_of("cockroach-poker", 5)
    analysis = analyse(record, 0, samples=2, max_samples=2, max_candidates=2, hard=QUICK_HARD)
    body = orjson.dumps(coach_json(analysis, record, NAMES))
    for lang in ("en", "ja"):
        answer = orjson.loads(in_language(body, lang))
        assert [d["why"] for d in answer["decisions"]] == [d["words"][lang] for d in answer["decisions"]]
    japanese = orjson.loads(in_language(body, "ja"))["decisions"][0]["why"][0]
    assert re.search(r"[぀-ヿ]", japanese), japanese


def test_a_decision_within_noise_says_so_and_is_not_marked() -> None:
    record = record_of("cockroach-poker", 5)
    analysis = analyse(record, 0, samples=2, max_samples=2, max_candidates=2, hard=QUICK_HARD)
    found = coach_json(analysis, record, NAMES)
    for decision in found["decisions"]:  # 2 samples know nothing within ±10 points
        assert decision["verdict"] == "noise" and not decision["marked"]
        assert "within noise" in decision["words"]["en"][0] and "誤差の範囲" in decision["words"]["ja"][0]
