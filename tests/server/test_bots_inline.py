"""Where a room's bot thinks: a cheap level whose decisions were measured tiny decides on the event
loop (no thread hop); ``normal`` and ``hard``, and a cheap level whose game makes it slow, in a
worker thread."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor

import asobiba
from asobiba.bots import bot as make_bot
from asobiba.server.rooms.bots import INLINE_SECONDS, ThinkCosts, play
from asobiba.server.rooms.timers import Job


def test_costs_unknown_or_slow_or_not_cheap_level_think_in_a_thread() -> None:
    costs = ThinkCosts()
    assert not costs.inline("goofspiel", "random")  # never measured
    costs.measured("goofspiel", "random", INLINE_SECONDS / 10)
    assert costs.inline("goofspiel", "random")
    assert not costs.inline("survive", "random")  # per game
    costs.measured("goofspiel", "normal", INLINE_SECONDS / 10)
    assert not costs.inline("goofspiel", "normal")  # normal always thinks in a thread
    costs.measured("goofspiel", "random", 100 * INLINE_SECONDS)  # one slow decision
    assert not costs.inline("goofspiel", "random")


def decide(level: str, costs: ThinkCosts, executor: ThreadPoolExecutor) -> tuple[list[str], set[int]]:
    """One decision of a ``level`` bot in a new goofspiel game: the moves it posted, and the
    threads it ran on."""
    state = asobiba.new_game("goofspiel", 2, seed=1)
    player = make_bot(level, seed=1)
    threads: set[int] = set()
    choose = player.choose

    def choose_noting_thread(observation: asobiba.Observation) -> asobiba.Action:
        threads.add(threading.get_ident())
        return choose(observation)

    player.choose = choose_noting_thread  # type: ignore[method-assign]
    posted: list[str] = []

    def move(notation: str) -> Job:
        posted.append(notation)

        async def nothing() -> None:
            return None

        return nothing

    seat = state.to_move
    assert seat is not None and seat >= 0
    asyncio.run(play(lambda _job: None, executor, player, state, seat, 0.0, lambda: True, move, costs))
    return posted, threads


def test_a_cheap_level_measured_tiny_decides_on_the_event_loop() -> None:
    costs = ThinkCosts()
    with ThreadPoolExecutor(max_workers=1) as executor:
        posted, threads = decide("random", costs, executor)  # first decision: measured in the thread
        assert len(posted) == 1 and threading.get_ident() not in threads
        assert costs.inline("goofspiel", "random")
        posted, threads = decide("random", costs, executor)
        assert len(posted) == 1 and threads == {threading.get_ident()}


def test_normal_thinks_in_a_thread_however_fast() -> None:
    costs = ThinkCosts()
    costs.measured("goofspiel", "normal", 0.0)
    with ThreadPoolExecutor(max_workers=1) as executor:
        posted, threads = decide("normal", costs, executor)
    assert len(posted) == 1 and threading.get_ident() not in threads
