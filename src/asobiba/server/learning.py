"""A learning room's verdicts (the room option ``learning``): after each move of its player — alone among
bots — a one-line verdict of it (:mod:`asobiba.bots.verdict`), sent to that seat only.

The verdict is made from what the seat knew before the move (its observation: never the true state, so
it tells the player nothing they could not know) in the coach's hints' worker process
(:meth:`asobiba.server.analysis.Coach.verdict`), behind the hints' fair queue and its bounds; the room
never waits for it: the game goes on, and a verdict that comes late still names its move (its ``seq``
and the move's words). One verdict a seat waits at most (a newer move's supersedes it); the room's
timer that waits for it dies with the room. A seat's last verdicts are kept with the room in memory
and sent again when the seat connects again.

The ``verdict`` frame (docs/protocol.md) carries the words in the connection's language, players written
``p0``, ``p1``… as in the log's lines (the browser writes each seat's name there).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from asobiba.bots.coach_words import move_words
from asobiba.bots.verdict import judge, verdict_words
from asobiba.core.record import replay
from asobiba.core.state import Observation
from asobiba.i18n import LANGUAGES
from asobiba.server.protocol import VerdictFrame

__all__ = ["KEPT_VERDICTS", "VerdictKey", "run_verdict", "seat_placeholders", "verdict_answer", "verdict_frame"]

#: A seat's last verdicts kept in memory (sent again when the seat connects again).
KEPT_VERDICTS = 20


@dataclass(frozen=True)
class VerdictKey:
    """A verdict asked for: of the move ``seat`` made at ``seq`` in ``room`` (a key of the hints' queue)."""

    room: str
    seq: int
    seat: int


def seat_placeholders(players: int) -> list[str]:
    """Each seat as texts for the browser write it: ``p0``, ``p1``… (it puts the seat's name there)."""
    return [f"p{seat}" for seat in range(players)]


def verdict_answer(observation: Observation[Any], played: str, seq: int) -> dict[str, Any]:
    """The verdict of ``played`` from ``observation`` (the seat's, at ``seq``), in every language."""
    verdict = judge(observation, played, seed=seq)
    names = seat_placeholders(int(observation.view["players"]))
    words = {lang: verdict_words(verdict, observation, names, lang) for lang in LANGUAGES}
    return {
        "seat": observation.player,
        "seq": seq,
        "action": played,
        "kind": verdict.kind,
        "better": verdict.better,
        "move": {lang: move_words(observation, played, names, lang) for lang in LANGUAGES},
        "text": {lang: line for lang, (line, _) in words.items()},
        "reasons": {lang: reasons for lang, (_, reasons) in words.items()},
    }


def run_verdict(record: Mapping[str, Any], seat: int, played: str) -> dict[str, Any]:
    """(In a worker.) The verdict of ``seat``'s move ``played`` at the end of ``record`` (it is to move)."""
    state = replay(record)
    assert state.to_move == seat
    return verdict_answer(state.observe(seat), played, state.seq)


def verdict_frame(answer: Mapping[str, Any], lang: str) -> VerdictFrame:
    """A verdict as its ``verdict`` frame, in ``lang``."""
    return {
        "type": "verdict",
        "seat": int(answer["seat"]),
        "seq": int(answer["seq"]),
        "action": str(answer["action"]),
        "kind": answer["kind"],
        "better": answer["better"],
        "move": str(answer["move"][lang]),
        "text": str(answer["text"][lang]),
        "reasons": [str(reason) for reason in answer["reasons"][lang]],
    }
