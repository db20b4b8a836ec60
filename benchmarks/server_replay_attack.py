"""Other rooms' act -> accepted while one client loops on ``/replay`` of long games (and ``/record``).

    python benchmarks/server_replay_attack.py --acts 60 --attackers 1

Stores ``--long-games`` finished long games (Paper Safari, five players, six tokens: about a thousand
record entries each) in a temporary SQLite file, starts ``asobiba serve`` on it (default settings), then
times ``--acts`` acts of people in fresh rooms (three people, all played by this script) twice in the
same run: quiet, and while ``--attackers`` processes loop as fast as the server answers on distinct
replays of the long games (every seat, a spectator, both languages: none cached, each room rebuilt
from its record when first asked), with a ``/record`` between them. Prints other rooms' medians and
99th percentiles quiet and under the attack, their ratio (the aim: p50 within 2x), and the attack's
answers by status (200 made, 429 over the rate, 503 ``busy`` past the client's share). Each attacker is
a busy process: on a machine with few cores, more attackers than spare cores slow the server down by
taking its CPU, whatever it does.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
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

from server_testing import ServerProcess, store_finished_games

from asobiba.server.client import RoomClient, create_room, follow_invite

#: The attacked games: long ones (a replay's JSON is several MiB, a second of CPU to make).
LONG_GAME = ("paper-safari", 5, {"tokens_to_win": 6})


async def timed_acts(server: ServerProcess, count: int, pause: float) -> list[float]:
    """Seconds from sending each act to its ``accepted``, three people taking turns in new rooms, each
    act ``pause`` seconds after the last was announced."""
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
                await asyncio.sleep(pause)
                started = time.perf_counter()
                reply = await mover.act(mover.state["legal"][0]["notation"], wait_state=False)
                if reply["type"] == "accepted":
                    timings.append(time.perf_counter() - started)
                await mover.next_state()
                for client in clients:
                    while client.seq < mover.seq:
                        await client.next_state()
    return timings


def attack(
    base_url: str, rooms: list[str], go: EventType, idle: EventType, stop: EventType, answers: Queue[int]
) -> None:
    """One attacker (a process of its own: its work must not slow the timed client down): while ``go``
    is set, every distinct replay of ``rooms`` in turn, a ``/record`` after each room's, never waiting
    (``idle`` while ``go`` is clear and no request of its own is being answered)."""
    players = LONG_GAME[1]
    paths = []
    for room in rooms:
        for seat in [*map(str, range(players)), None]:
            for lang in ("en", "ja"):
                paths.append(f"/api/rooms/{room}/replay?lang={lang}" + (f"&seat={seat}" if seat else ""))
        paths.append(f"/api/rooms/{room}/record")
    number = 0
    while not stop.is_set():
        if not go.is_set():
            idle.set()
            go.wait(0.1)
            continue
        idle.clear()
        path = paths[number % len(paths)]
        number += 1
        try:
            with urllib.request.urlopen(base_url + path, timeout=60) as response:
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
    parser.add_argument("--acts", type=int, default=60, help="acts timed quiet, and as many under the attack")
    parser.add_argument("--attackers", type=int, default=1)
    parser.add_argument("--long-games", type=int, default=12, help="finished long games the attackers replay")
    parser.add_argument(
        "--rounds", type=int, default=3, help="quiet and attacked phases taken in turn (the acts shared out)"
    )
    parser.add_argument("--pause", type=float, default=0.05, help="seconds between a person's acts")
    args = parser.parse_args()
    rounds = max(1, min(args.rounds, args.acts))
    quiet: list[float] = []
    loud: list[float] = []
    answers: list[int] = []
    with tempfile.TemporaryDirectory() as directory:
        folder = Path(directory)
        server = ServerProcess(folder / "attack.db", folder / "server.log")
        game, players, options = LONG_GAME
        targets = store_finished_games(server.db_url, game, players, options, count=args.long_games)
        server.start()
        go, idle, stop = multiprocessing.Event(), multiprocessing.Event(), multiprocessing.Event()
        replies: Queue[int] = multiprocessing.Queue()
        attackers = [
            multiprocessing.Process(target=attack, args=(server.base_url, targets, go, idle, stop, replies))
            for _ in range(args.attackers)
        ]
        for process in attackers:
            process.start()

        def collect(wait: float) -> None:
            with contextlib.suppress(queue.Empty):
                answers.append(replies.get(timeout=wait))
                while True:
                    answers.append(replies.get_nowait())

        try:
            for number in range(rounds):
                share = args.acts // rounds + (1 if number < args.acts % rounds else 0)
                quiet += asyncio.run(timed_acts(server, share, args.pause))
                go.set()
                # the attack under way: its first answer (the workers started, the first room rebuilt)
                heard = len(answers)
                deadline = time.monotonic() + 120
                while attackers and len(answers) == heard and time.monotonic() < deadline:
                    collect(0.2)
                loud += asyncio.run(timed_acts(server, share, args.pause))
                go.clear()
                for process in attackers:  # its last request answered: the server is quiet again
                    while process.is_alive() and not idle.wait(0.2):
                        collect(0)
                collect(0)
        finally:
            stop.set()
            go.set()
            for process in attackers:
                process.join(timeout=70)
            collect(0.2)
            server.stop()
    quiet_p50, quiet_p99 = summary(quiet)
    loud_p50, loud_p99 = summary(loud)
    print(
        f"other rooms' act -> accepted, {len(quiet)} acts quiet and {len(loud)} under the attack in {rounds} "
        f"rounds; {args.attackers} client(s) looping on distinct /replay of {args.long_games} long games "
        f"({game}, {players} players, {options})"
    )
    print(f"  {'':<26}{'p50 ms':>10}{'p99 ms':>10}")
    print(f"  {'quiet':<26}{quiet_p50:>10.1f}{quiet_p99:>10.1f}")
    print(f"  {'under the attack':<26}{loud_p50:>10.1f}{loud_p99:>10.1f}")
    print(f"  {'ratio (aim: p50 <= 2)':<26}{loud_p50 / quiet_p50:>10.2f}{loud_p99 / quiet_p99:>10.2f}")
    counted = {status: answers.count(status) for status in sorted(set(answers))}
    print(f"  replay answers by status: {counted}")


if __name__ == "__main__":
    main()
