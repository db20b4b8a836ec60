"""Connection churn: what one open + hello + close of a room WebSocket costs the server.

    python benchmarks/server_churn.py --connects 400
    python benchmarks/server_churn.py --game survive --players 2 --connects 200

Starts ``asobiba serve`` on a temporary SQLite file and plays a game to its end (the script's seat
against bots, ``--game`` with ``--players``; the player stays connected and reads). Then it opens a
WebSocket, says hello (without a seq: the state carries every event of the game, as a new tab's
first hello does), waits for the ``state`` and closes, ``--connects`` times one after another: as a
spectator (no token), as the seat (its token), and once opening and closing without a hello. The
server's per-second limit on new WebSockets (``ASOBIBA_WEBSOCKET_RATE``) is lifted for these; a last
row runs with the limit at ``--rate`` and counts what it refused (close code 4429). Prints a table:
connects per second and the server's CPU milliseconds (user + system, from ``/proc/PID/stat``) per
connection.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "server"))

import websockets
from server_testing import ServerProcess, play_first_legal
from websockets.exceptions import ConnectionClosed

from asobiba.server.client import RoomClient, create_room, room_socket_url


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def churn(url: str, count: int, token: str | None, hello: bool) -> tuple[int, int]:
    """``count`` opens (+ hello + the state) + closes, one after another: (served, refused with 4429)."""
    served = refused = 0
    for _ in range(count):
        async with websockets.connect(url, compression=None) as socket:
            if not hello:
                served += 1
                continue
            try:
                await socket.send(json.dumps({"type": "hello", "protocol": 1, "token": token}))
                while json.loads(await asyncio.wait_for(socket.recv(), 30))["type"] != "state":
                    pass
                served += 1
            except ConnectionClosed:
                if socket.close_code != 4429:
                    raise
                refused += 1
    return served, refused


async def measured(
    server: ServerProcess, name: str, count: int, token: str | None, room: str, *, hello: bool = True
) -> dict[str, str]:
    assert server.process is not None
    url = room_socket_url(server.base_url, room)
    before_cpu = cpu_seconds(server.process.pid)
    started = time.perf_counter()
    _served, refused = await churn(url, count, token, hello)
    elapsed = time.perf_counter() - started
    await asyncio.sleep(0.5)  # the server's last closes
    cpu = cpu_seconds(server.process.pid) - before_cpu
    return {
        "churn": name,
        "connects": str(count),
        "refused": str(refused),
        "per second": f"{count / elapsed:.0f}",
        "server CPU ms each": f"{1000 * cpu / count:.2f}",
    }


async def scenario(server: ServerProcess, args: argparse.Namespace, rows: list[dict[str, str]], limited: bool) -> None:
    seats = {str(seat): "bot:random" for seat in range(1, args.players)}
    made = create_room(server.base_url, args.game, args.players, seats=seats, name="ann")
    async with RoomClient(server.base_url, made["room"], made["token"]) as player:
        await play_first_legal(player)  # the whole game: a hello without seq gets all its events
        async with RoomClient(server.base_url, made["room"]) as spectator:
            events = len(spectator.state["events"])

        async def drain() -> None:  # the player reads what the churn sends it
            while True:
                with contextlib.suppress(TimeoutError):
                    await player.receive(timeout=0.05)

        reader = asyncio.create_task(drain())
        try:
            await asyncio.sleep(1.0)  # the server settles: limits' windows, the last frames
            room = made["room"]
            if limited:
                rows.append(await measured(server, f"spectator, limit {args.rate}", args.connects, None, room))
                return
            rows.append(await measured(server, "spectator hello", args.connects, None, room))
            rows.append(await measured(server, "seat hello (token)", args.connects, made["token"], room))
            rows.append(await measured(server, "open + close, no hello", args.connects, None, room, hello=False))
        finally:
            reader.cancel()
    if not limited:
        print(f"({args.game}: {events} events in a spectator's state)", flush=True)


def table(rows: list[dict[str, str]]) -> str:
    keys = list(rows[0])
    widths = {key: max(len(key), *(len(row[key]) for row in rows)) for key in keys}
    lines = ["  ".join(key.ljust(widths[key]) for key in keys)]
    lines += ["  ".join(row[key].ljust(widths[key]) for key in keys) for row in rows]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--connects", type=int, default=400, help="connections per row (bounded: at most 5000)")
    parser.add_argument("--game", default="cockroach-poker", help="the game played to its end first")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--rate", default="10/second", help="the limit of the last row (ASOBIBA_WEBSOCKET_RATE)")
    args = parser.parse_args()
    args.connects = max(1, min(args.connects, 5000))
    rows: list[dict[str, str]] = []
    with tempfile.TemporaryDirectory(prefix="asobiba-churn-") as folder:
        for limited in (False, True):
            environment = {
                "ASOBIBA_WEBSOCKET_RATE": args.rate if limited else "100000/second",
                "ASOBIBA_CONNECTIONS_PER_ADDRESS": "1000",
            }
            server = ServerProcess(
                Path(folder) / f"churn{limited}.db", Path(folder) / "server.log", environment=environment
            )
            server.start()
            try:
                asyncio.run(asyncio.wait_for(scenario(server, args, rows, limited), 600))
            finally:
                server.stop()
    print(f"server churn: {args.game}, {args.players} players, a finished game, its player connected; one connection")
    print("at a time on loopback; the server's CPU per open + hello + the state + close")
    print(table(rows))


if __name__ == "__main__":
    main()
