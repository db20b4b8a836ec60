"""A player's act -> accepted while another client loops on ``/replay`` (and ``/record``).

    python benchmarks/server_replay_attack.py --acts 60 --attackers 1

Starts ``asobiba serve`` on a temporary SQLite file, finishes a room of bots (the replay target), then
times ``--acts`` acts of people in fresh rooms (three people, all played by this script) twice:
quiet, and while ``--attackers`` processes loop on the finished room's ``/replay`` (every seat and
language, and ``/record``) as fast as the server answers. Prints the medians and 99th percentiles and
their ratio (the aim: within 2x). Each attacker is a busy process: on a machine with few cores, more
attackers than spare cores slow the server down by taking its CPU, whatever it does.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import queue
import statistics
import sys
import tempfile
import time
import urllib.error
import urllib.request
from multiprocessing.queues import Queue
from multiprocessing.synchronize import Event as EventType
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "server"))

from server_testing import ServerProcess, play_first_legal

from asobiba.server.client import RoomClient, create_room, follow_invite


async def finished_room(server: ServerProcess) -> str:
    made = create_room(server.base_url, "cockroach-poker", 3, seats={"1": "bot:random", "2": "bot:random"})
    async with RoomClient(server.base_url, made["room"], made["token"]) as client:
        await play_first_legal(client)
    return str(made["room"])


async def timed_acts(server: ServerProcess, count: int) -> list[float]:
    """Seconds from sending each act to its ``accepted``, three people taking turns in new rooms."""
    timings: list[float] = []
    while len(timings) < count:
        made = create_room(server.base_url, "cockroach-poker", 3, seats={"1": "human", "2": "human"})
        others = [follow_invite(made["invites"][seat], name) for seat, name in (("1", "bo"), ("2", "cy"))]
        async with (
            RoomClient(server.base_url, made["room"], made["token"]) as first,
            RoomClient(server.base_url, made["room"], others[0]["token"]) as second,
            RoomClient(server.base_url, made["room"], others[1]["token"]) as third,
        ):
            clients = (first, second, third)
            while len(timings) < count and not first.state["view"]["is_over"]:
                mover = next((client for client in clients if client.state["legal"]), None)
                if mover is None:
                    await first.next_state()
                    continue
                started = time.perf_counter()
                reply = await mover.act(mover.state["legal"][0]["notation"], wait_state=False)
                if reply["type"] == "accepted":
                    timings.append(time.perf_counter() - started)
                await mover.next_state()
                for client in clients:
                    while client.seq < mover.seq:
                        await client.next_state()
    return timings


def attack(base_url: str, room: str, stop: EventType, answers: Queue[int]) -> None:
    """One attacker (a process of its own: its work must not slow the timed client down)."""
    paths = [f"/api/rooms/{room}/replay?seat={seat}&lang={lang}" for seat in (0, 1, 2) for lang in ("en", "ja")]
    paths.append(f"/api/rooms/{room}/record")
    number = 0
    while not stop.is_set():
        path = paths[number % len(paths)]
        number += 1
        try:
            with urllib.request.urlopen(base_url + path, timeout=30) as response:
                response.read()
                answers.put(response.status)
        except urllib.error.HTTPError as error:
            answers.put(error.code)
        except OSError:
            answers.put(0)


def summary(timings: list[float]) -> tuple[float, float]:
    ordered = sorted(timings)
    return 1000 * statistics.median(ordered), 1000 * ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--acts", type=int, default=60)
    parser.add_argument("--attackers", type=int, default=4)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        folder = Path(directory)
        server = ServerProcess(folder / "attack.db", folder / "server.log")
        server.start()
        try:
            target = asyncio.run(finished_room(server))
            quiet = asyncio.run(timed_acts(server, args.acts))
            stop = multiprocessing.Event()
            replies: Queue[int] = multiprocessing.Queue()
            attackers = [
                multiprocessing.Process(target=attack, args=(server.base_url, target, stop, replies))
                for _ in range(args.attackers)
            ]
            for process in attackers:
                process.start()
            time.sleep(0.5)
            try:
                loud = asyncio.run(timed_acts(server, args.acts))
            finally:
                stop.set()
                answers: list[int] = []
                while any(process.is_alive() for process in attackers) or not replies.empty():
                    try:
                        answers.append(replies.get(timeout=0.2))
                    except queue.Empty:
                        continue
                for process in attackers:
                    process.join()
        finally:
            server.stop()
    quiet_p50, quiet_p99 = summary(quiet)
    loud_p50, loud_p99 = summary(loud)
    print(f"act -> accepted, {args.acts} acts each, {args.attackers} clients looping on /replay and /record")
    print(f"  {'':<24}{'p50 ms':>10}{'p99 ms':>10}")
    print(f"  {'quiet':<24}{quiet_p50:>10.1f}{quiet_p99:>10.1f}")
    print(f"  {'while replays are asked':<24}{loud_p50:>10.1f}{loud_p99:>10.1f}")
    print(f"  {'ratio':<24}{loud_p50 / quiet_p50:>10.2f}{loud_p99 / quiet_p99:>10.2f}")
    counted = {status: answers.count(status) for status in sorted(set(answers))}
    print(f"  replay answers by status: {counted}")


if __name__ == "__main__":
    main()
