"""The coach's queues (asobiba.server.fair_queue): requests served in turns between clients and games,
each told its place, a client's share bounded, a newcomer let in however full the queue is (up to a
ceiling); and the workers' end with their parent (asobiba.server.parent_watch), ``kill -9`` too."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from asobiba.server.fair_queue import CEILING, Busy, FairQueue, TooManyForClient


def served(queue: FairQueue[str]) -> list[str]:
    order = []
    while (key := queue.next()) is not None:
        order.append(key)
        queue.done(key)
    return order


def test_a_clients_second_request_waits_behind_every_other_clients_first() -> None:
    queue: FairQueue[str] = FairQueue(max_queued=32, max_per_client=3)
    for key in ("a1", "a2", "a3"):
        queue.admit(key, "a", f"game-{key}")
    queue.admit("b1", "b", "game-b1")
    assert [queue.position(key) for key in ("a1", "a2", "a3", "b1")] == [1, 3, 4, 2]
    assert queue.next() == "a1" and queue.position("a1") == 0 and queue.position("b1") == 1
    queue.admit("c1", "c", "game-c1")  # a newcomer while a1 runs: behind b1 only
    assert queue.position("c1") == 2 and queue.position("a2") == 3
    assert queue.position("nobody") is None
    queue.done("a1")
    assert served(queue) == ["b1", "c1", "a2", "a3"]


def test_a_games_seats_take_turns_with_other_games() -> None:
    queue: FairQueue[tuple[str, int]] = FairQueue(max_queued=32, max_per_client=3)
    for seat, client in enumerate(("a", "b", "c")):  # three readers, one game's three seats
        queue.admit(("g", seat), client, "g")
    queue.admit(("h", 0), "d", "h")
    assert [queue.position(("g", seat)) for seat in range(3)] == [1, 3, 4]
    assert queue.position(("h", 0)) == 2


def test_joining_is_free_and_a_clients_share_is_bounded() -> None:
    queue: FairQueue[str] = FairQueue(max_queued=32, max_per_client=2)
    queue.admit("x", "a", "g1")
    queue.admit("y", "a", "g2")
    with pytest.raises(TooManyForClient) as refused:
        queue.admit("z", "a", "g3")
    assert refused.value.limit == 2
    queue.admit("x", "b", "g1")  # the same request, whoever asks: nothing is added
    assert len(queue) == 2 and queue.holds("b") == 0
    queue.next()
    queue.done("x")
    queue.admit("z", "a", "g3")  # one is made: its turn again
    assert queue.holds("a") == 2


def test_a_full_queue_still_lets_in_a_clients_first_request_up_to_the_ceiling() -> None:
    queue: FairQueue[str] = FairQueue(max_queued=4, max_per_client=2)
    for client in range(4):
        queue.admit(f"{client}-first", str(client), f"g{client}")
    with pytest.raises(Busy):
        queue.admit("0-second", "0", "g9")  # full: a client that holds one waits for it
    for client in range(4, 4 * CEILING):
        queue.admit(f"{client}-first", str(client), f"g{client}")  # a newcomer gets in, in its turn
    assert queue.position("15-first") == 4 * CEILING
    with pytest.raises(Busy):
        queue.admit("late", "late", "g-late")  # past the ceiling nobody does
    assert len(queue) == 4 * CEILING


PARENT = """
import multiprocessing, os, sys, time
from concurrent.futures import ProcessPoolExecutor
from asobiba.server.parent_watch import die_with_parent

if __name__ == "__main__":
    pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"), initializer=die_with_parent,
                               initargs=(os.getpid(), sys.argv[1] == "kernel"))
    assert pool.submit(os.getpid).result(timeout=60) > 0  # the worker runs (its initializer ran)
    pool.submit(time.sleep, 600)
    print(*pool._processes, flush=True)
    time.sleep(600)
"""


def running(pid: int) -> bool:
    """``pid`` exists and is not a zombie (an ended process its new parent has not reaped yet)."""
    try:
        return (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads the processes from /proc")
@pytest.mark.parametrize("way", ["kernel", "watchdog"])
def test_a_pools_worker_ends_when_its_parent_is_killed(way: str, tmp_path: Path) -> None:
    # "kernel": PR_SET_PDEATHSIG and the watchdog; "watchdog": the watchdog thread alone (elsewhere
    # than Linux it is all there is)
    script = tmp_path / "parent.py"
    script.write_text(PARENT)
    parent = subprocess.Popen([sys.executable, str(script), way], stdout=subprocess.PIPE, text=True)
    try:
        assert parent.stdout is not None
        workers = [int(pid) for pid in parent.stdout.readline().split()]
        assert workers and all(running(pid) for pid in workers)
    finally:
        parent.kill()
        parent.wait(timeout=10)
    deadline = time.monotonic() + 30
    while any(running(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(running(pid) for pid in workers), f"the workers {workers} outlived their parent"
