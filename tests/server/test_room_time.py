"""The server's time is injected: a room's clock logic is pure functions of a snapshot (tested here
without a database), a :class:`ManualClock` moves only when told and wakes the timers it passes, a
room's timers are owned by one object that stops them all when the room leaves memory, and no module
of ``asobiba.server.rooms`` reads the system's time itself."""

from __future__ import annotations

import ast
import asyncio
import dataclasses
from pathlib import Path

import pytest
from server_testing import run

import asobiba.server.rooms
from asobiba.server.protocol import ClockSpec, TurnClock
from asobiba.server.rooms.clocks import (
    DAY,
    HOUR,
    ClockRule,
    ClockSnapshot,
    bank_after,
    clock_after,
    clock_info,
    deadline_for,
    parse_clock,
    turn_clock_refusal,
    what_plays,
)
from asobiba.server.rooms.servertime import ManualClock, SystemClock
from asobiba.server.rooms.timers import RoomTimers

ROOMS = Path(asobiba.server.rooms.__file__).parent
#: A bounded wait for a task to notice something (a failure, never a speed assertion).
WAIT = 5.0


def snapshot(**changes: object) -> ClockSnapshot:
    """Three person seats, seat 1 to decide at seq 10, a clock of 60 s and a bank of 100 s each."""
    base = ClockSnapshot(
        rule=ClockRule(60.0, 100.0),
        banks=(100.0, 100.0, 100.0),
        bot_seats=(False, False, False),
        occupied=(True, True, True),
        deadline=1_000.0 + 160.0,
        deadline_seq=10,
        decision_started=1_000.0,
        seq=10,
        to_move=1,
        over=False,
        started=True,
        now=1_000.0,
    )
    return dataclasses.replace(base, **changes)  # type: ignore[arg-type]


def test_a_decisions_deadline_is_its_own_time_plus_the_movers_bank() -> None:
    assert deadline_for(snapshot()) == {"deadline": 1_160.0, "deadline_seq": 10, "decision_started": 1_000.0}
    # a bot's decision and a seat nobody holds have no deadline; a bot's decision still starts now
    assert deadline_for(snapshot(bot_seats=(False, True, False)))["deadline"] is None
    assert deadline_for(snapshot(bot_seats=(False, True, False)))["decision_started"] == 1_000.0
    assert deadline_for(snapshot(occupied=(True, False, True))) == {
        "deadline": None,
        "deadline_seq": None,
        "decision_started": None,
    }
    # nothing runs before the start, after the end, or without a clock
    for still in (snapshot(started=False), snapshot(over=True), snapshot(rule=None), snapshot(to_move=None)):
        assert deadline_for(still)["deadline"] is None


def test_an_act_spends_only_the_time_past_its_own_from_the_bank() -> None:
    acted_late = snapshot(now=1_000.0 + 60.0 + 30.0)  # 30 s past the decision's own 60
    assert bank_after(acted_late, 1, by_bot=False) == 70.0
    assert bank_after(snapshot(now=1_020.0), 1, by_bot=False) == 100.0
    assert bank_after(snapshot(now=5_000.0), 1, by_bot=False) == 0.0  # never below empty
    assert bank_after(acted_late, 1, by_bot=True) is None  # a bot's move spends nobody's bank
    room, seats = clock_after(acted_late, 1, seq=11, to_move=2, over=False, by_bot=False)
    assert seats == {1: {"bank": 70.0}}
    # the next decision is seat 2's, from now, with seat 2's whole bank
    assert room == {"deadline": 1_090.0 + 160.0, "deadline_seq": 11, "decision_started": 1_090.0}
    # back to seat 1 at once: its new bank counts
    room, _seats = clock_after(acted_late, 1, seq=11, to_move=1, over=False, by_bot=False)
    assert room["deadline"] == 1_090.0 + 60.0 + 70.0
    assert clock_after(acted_late, 1, seq=11, to_move=None, over=True, by_bot=False)[0]["deadline"] is None


def test_frames_show_the_running_clock_and_none_once_it_timed_out() -> None:
    info = clock_info(snapshot(now=1_100.0))
    assert info == {"player": 1, "deadline": 1_160.0, "remaining": 60.0, "per_decision": 60.0,
                    "banks": [100.0, 100.0, 100.0]}  # fmt: skip
    assert clock_info(snapshot(now=2_000.0))["remaining"] == 0.0  # type: ignore[index]
    # the decision's stand-in decides: no deadline shown; another seq's deadline is no deadline
    for stopped in (snapshot(timed_out_seq=10), snapshot(deadline_seq=9)):
        shown = clock_info(stopped)
        assert shown is not None and shown["player"] is None and shown["deadline"] is None
    assert clock_info(snapshot(rule=None)) is None
    assert clock_info(snapshot(rule=ClockRule(60.0, None)))["banks"] is None  # type: ignore[index]


def test_what_moves_the_game_on_by_itself_is_the_movers_bot_or_the_running_clock() -> None:
    assert what_plays(snapshot()) == "clock"
    assert what_plays(snapshot(bot_seats=(False, True, False))) == "bot"  # also without a clock
    assert what_plays(snapshot(bot_seats=(False, True, False), rule=None)) == "bot"
    # a person's decision without a clock, or whose deadline is another decision's, has no timer
    for waits in (snapshot(rule=None), snapshot(deadline=None), snapshot(deadline_seq=9)):
        assert what_plays(waits) is None
    # the waiting room, a game over, a decision nobody makes: nothing plays
    for still in (snapshot(started=False), snapshot(over=True), snapshot(to_move=None), snapshot(to_move=-1)):
        assert what_plays(still) is None
        assert what_plays(dataclasses.replace(still, bot_seats=(True, True, True))) is None


def test_a_turn_based_clock_is_in_hours_and_days_and_takes_only_the_choices() -> None:
    rule = ClockRule.of(TurnClock(per_decision_hours=24, bank_days=3))
    assert rule == ClockRule(24 * HOUR, 3 * DAY)
    assert ClockRule.of(ClockSpec(per_decision=30)) == ClockRule(30.0, None)
    for hours in (12, 24, 48, 72, 168):
        assert turn_clock_refusal(TurnClock(per_decision_hours=hours)) is None
    for hours in (0, 1, 25, 169, 24.5, -24):
        assert turn_clock_refusal(TurnClock(per_decision_hours=hours)) == "per_decision_hours"
    for days in (0, -1, 14.5, 100):
        assert turn_clock_refusal(TurnClock(per_decision_hours=24, bank_days=days)) == "bank_days"
    assert turn_clock_refusal(TurnClock(per_decision_hours=24, bank_days=14)) is None
    # stored as given, read back as the same kind
    assert parse_clock(TurnClock(per_decision_hours=48).model_dump_json()) == TurnClock(per_decision_hours=48)
    assert parse_clock(ClockSpec(per_decision=5).model_dump_json()) == ClockSpec(per_decision=5)
    assert parse_clock(None) is None


def test_a_manual_clock_moves_only_when_told_and_wakes_the_timers_it_passes() -> None:
    async def scenario() -> None:
        clock = ManualClock(start=1_000.0)
        woke: list[str] = []

        async def sleeper(name: str, when: float) -> None:
            await clock.sleep_until(when)
            woke.append(name)

        tasks = [asyncio.create_task(sleeper("day", 1_000.0 + DAY)), asyncio.create_task(sleeper("hour", 4_600.0))]
        await asyncio.sleep(0.05)
        assert woke == [] and clock.now() == 1_000.0 and clock.sleepers == 2
        clock.advance(HOUR)
        await asyncio.wait_for(tasks[1], WAIT)
        assert woke == ["hour"] and clock.sleepers == 1
        clock.advance(DAY)
        await asyncio.wait_for(tasks[0], WAIT)
        assert woke == ["hour", "day"] and clock.now() == 1_000.0 + HOUR + DAY
        await clock.sleep_until(0.0)  # a time already past returns at once
        with pytest.raises(ValueError, match="forward"):
            clock.advance(-1)
        assert clock.now() == 1_000.0 + HOUR + DAY

    run(scenario())


def test_a_rooms_timers_post_their_jobs_and_all_stop_when_it_closes() -> None:
    async def scenario() -> None:
        clock = ManualClock(start=0.0)
        posted: list[str] = []

        async def job() -> None:
            return None

        def post(made: object) -> None:
            posted.append("job")

        timers = RoomTimers(clock, post, "room")
        timers.at("clock", 10.0, job)
        timers.at("clock", 20.0, job)  # the same key: the first timer is replaced
        timers.start("bot", asyncio.sleep(3600))
        assert timers.pending == 2 and timers.running("bot")
        clock.advance(15.0)
        await asyncio.sleep(0.05)
        assert posted == []  # the 10 s timer was replaced
        clock.advance(10.0)
        for _ in range(100):
            if posted:
                break
            await asyncio.sleep(0.01)
        assert posted == ["job"] and timers.pending == 1
        timers.at(("watch", 0), 100.0, job)
        timers.close()
        await asyncio.sleep(0.05)
        assert timers.pending == 0 and clock.sleepers == 0
        assert timers.start("bot", asyncio.sleep(1)) is None  # a closed room starts nothing
        assert timers.at("clock", 1.0, job) is None

    run(scenario())


def test_the_system_clock_is_the_real_time() -> None:
    import time

    before = time.time()
    assert before <= SystemClock().now() <= time.time()


def test_no_module_of_the_rooms_reads_the_system_time_but_the_system_clock() -> None:
    """Every time a room reads goes through its services' ``clock`` (``time.perf_counter`` for a bot's
    thinking time and ``time.monotonic`` for a connection's rate are measurements, not the time)."""
    readers = []
    for path in sorted(ROOMS.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Attribute)
                and node.attr == "time"
                and isinstance(node.value, ast.Name)
                and node.value.id == "time"
            ):
                readers.append(f"{path.name}:{node.lineno}")
    assert sorted(readers) == ["servertime.py:31", "servertime.py:34", "servertime.py:41"], readers


def test_the_final_ranking_puts_resigned_seats_last_and_ties_as_ties() -> None:
    from asobiba.server.rooms.ranking import final_ranking

    result = {"winners": [2], "losers": [0, 1, 3], "scores": [5, 7, 9, 7]}
    assert final_ranking(result, 4, [False] * 4) == [4, 2, 1, 2]
    # the winner resigned before the end: last (the bot that played on won for the seat)
    assert final_ranking(result, 4, [False, False, True, False]) == [3, 1, 4, 1]
    assert final_ranking(result, 4, [True, True, False, False]) == [3, 3, 1, 2]
    assert final_ranking({"winners": [0, 1], "losers": []}, 2, [False, False]) == [1, 1]


def test_the_logs_lines_of_timeouts_and_resignations_read_in_both_languages() -> None:
    """The notice logic is a function of the seats and the stored line (no database, no room)."""
    from dataclasses import dataclass

    from asobiba.server.rooms.notices import notice_event
    from asobiba.server.rooms.seats import Seat
    from asobiba.server.storage import NoticeRow

    @dataclass
    class Seats:
        seats: list[Seat]

    room = Seats([Seat(0, "human", name="ann"), Seat(1, "bot:random")])
    lines = {
        ("ClockRanOut", "en"): "p0's time ran out: a bot decides for them",
        ("Forfeited", "en"): "p0's time ran out a second time: p0 is out of the game and a bot plays the seat on",
        ("Resigned", "en"): "p0 resigned: a bot plays the seat on",
        ("Resigned", "ja"): "p0が投了しました。以後はボットがその席で遊びます",
        ("Forfeited", "ja"): "p0の持ち時間が二度切れました。p0はこのゲームから外れ、以後はボットがその席で遊びます",
    }
    for (kind, lang), text in lines.items():
        line = NoticeRow(id=1, room_id="r", seq=7, kind=kind, seat=0, created_at=0.0)
        assert notice_event(room, line, lang) == {"event": kind, "player": 0, "name": "ann", "seq": 7, "text": text}
