"""CPU per action of the rooms alone, in one process (no HTTP, no WebSocket, no client process):
less sensitive to a shared machine than ``server_load.py``, as it counts this process's CPU time
(every thread's) per stored action, not the wall clock.

    python benchmarks/room_cpu.py --rooms 50 --seconds 10 --level normal

Opens ``--rooms`` rooms of ``--game`` on a real lobby over a fresh SQLite file (bots without delay):
in each, seat 0 is a person played from here (its first legal action, at once) and a spectator
connection receives every state; the other seats are ``bot:LEVEL``. A finished game is replaced.
Prints actions, CPU ms per action and the load average.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import tempfile
import time
from pathlib import Path

from asobiba.server.rooms import Settings
from asobiba.server.rooms.connection import Connection
from asobiba.server.rooms.lobby import Lobby


async def discard(_text: str) -> None:
    return None


async def one_room(lobby: Lobby, args: argparse.Namespace, stop_at: float, counts: list[int]) -> None:
    loop = asyncio.get_running_loop()
    bots = {seat: f"bot:{args.level}" for seat in range(1, args.players)}
    while loop.time() < stop_at:
        room, _token, _invites = await lobby.create(args.game, args.players, {}, bots, "ann", 0.0, None, None)
        spectator = Connection(discard)
        spectator.greeted = True
        room.spectators.add(spectator)
        writer = loop.create_task(spectator.writer())
        last = room.seq
        while loop.time() < stop_at and not room.is_over:
            if room.state.to_move == 0:
                await room.submit(0, room.seq, str(room.state.legal_actions()[0]))
            else:
                await asyncio.sleep(0.002)
            counts[0] += room.seq - last
            last = room.seq
        writer.cancel()


async def measure(args: argparse.Namespace, folder: Path) -> tuple[int, float]:
    lobby = Lobby(Settings(database_url=f"sqlite:///{folder / 'rooms.db'}", bot_delay=0.0))
    await lobby.start()
    try:
        loop = asyncio.get_running_loop()
        counts = [0]
        warm_until = loop.time() + args.warmup
        stop_at = warm_until + args.seconds
        tasks = [loop.create_task(one_room(lobby, args, stop_at, counts)) for _ in range(args.rooms)]
        await asyncio.sleep(args.warmup)
        acts, cpu = counts[0], time.process_time()
        await asyncio.gather(*tasks)
        return counts[0] - acts, time.process_time() - cpu
    finally:
        await lobby.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rooms", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--warmup", type=float, default=3.0)
    parser.add_argument("--game", default="cockroach-poker")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--level", default="normal", help="the bots' level: random, easy, normal")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        acts, cpu = asyncio.run(measure(args, Path(directory)))
    print(f"rooms {args.rooms}  level {args.level}  actions {acts}  CPU ms/action {1000 * cpu / max(1, acts):.3f}")
    print(f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
