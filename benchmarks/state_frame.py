"""The hot path's cost: one ``state`` frame built and serialised (``frames.state_frame`` + ``dumps``).

    python benchmarks/state_frame.py
    python benchmarks/state_frame.py --game survive --players 4 --actions 60 --calls 5000

A room of people only (so nothing moves by itself) is played in-process on a fresh SQLite file for
``--actions`` actions, with a turn clock (per decision and a bank, so every frame carries one).
Then, the room's caches warm as after a broadcast, each line of the table times ``--calls`` frames:
the frame of one action (``since`` the seq before: what every connection gets after an act) for the
seat to move and for a spectator, and a hello's (``since`` nothing: the whole game's events).
Prints the best, the median and the 10th-90th percentile of µs per frame over ``--rounds`` rounds.
The deal is the same every run (``--seed``), so two versions of the code build the same frames.

Then the bytes of the ``state`` messages of a whole game (another room, the same deal, every seat's
person and a spectator connected, random legal moves of ``--seed``), in each protocol version: the
mean per message over every connection, and the mean per seat to move and per other connection.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from unittest import mock

from asobiba.server.protocol import PROTOCOLS, ClockSpec
from asobiba.server.rooms import Lobby, Room, Settings, frames
from asobiba.server.rooms.connection import Connection


async def played_room(folder: Path, game: str, players: int, actions: int, seed: int) -> tuple[Lobby, Room]:
    folder.mkdir(exist_ok=True)
    lobby = Lobby(Settings(database_url=f"sqlite:///{folder / 'rooms.db'}", bot_delay=0.0))
    await lobby.start()
    people = {seat: "human" for seat in range(1, players)}
    clock = ClockSpec(per_decision=3600, bank=3600)
    with mock.patch("asobiba.server.rooms.lobby.secrets.randbits", return_value=seed):  # the same deal every run
        room, _token, invites = await lobby.create(game, players, {}, people, "ann", 0.0, clock, None)
    for seat in range(1, players):
        assert await room.claim(f"p{seat}", only=seat, invite=invites.get(seat)) is not None
    for _ in range(actions):
        mover = room.state.to_move
        if room.is_over or mover is None:
            break
        outcome = await room.submit(mover, room.seq, str(room.state.legal_actions()[0]))
        assert outcome.accepted, outcome
    return lobby, room


def timed(build: Callable[[], str], calls: int, rounds: int) -> list[float]:
    """µs per call of each round."""
    per_call = []
    for _ in range(rounds):
        started = time.perf_counter()
        for _ in range(calls):
            build()
        per_call.append((time.perf_counter() - started) / calls * 1e6)
    return per_call


async def nothing_sent(_text: str) -> None:
    """The socket of a measured connection: its frames are read from its queue instead."""


async def game_bytes(folder: Path, game: str, players: int, seed: int, protocol: int) -> dict[str, list[int]]:
    """The sizes of the ``state`` texts each connection gets over a whole game: by the seat to move
    ("to move") and by every other connection (the others and a spectator: "others")."""
    lobby, room = await played_room(folder, game, players, 0, seed)
    sizes: dict[str, list[int]] = {"to move": [], "others": []}
    try:
        connections = {seat: Connection(nothing_sent) for seat in [*range(players), None]}
        for seat, connection in connections.items():
            connection.protocol = protocol
            await room.attach(connection, None if seat is None else room.seats[seat], None)
        rng = random.Random(seed)
        for _ in range(2000):
            for connection in connections.values():
                while not connection.queue.empty():
                    text = connection.queue.get_nowait()
                    if text is not None and text.startswith('{"type":"state"'):
                        frame = json.loads(text)
                        moving = bool(frame["legal"] or frame.get("known"))
                        sizes["to move" if moving else "others"].append(len(text.encode()))
            mover = room.state.to_move
            if room.is_over or mover is None:
                break
            action = rng.choice(room.state.legal_actions())
            outcome = await room.submit(mover, room.seq, str(action))
            assert outcome.accepted, outcome
    finally:
        await lobby.stop()
    return sizes


async def main(arguments: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as folder:
        lobby, room = await played_room(
            Path(folder), arguments.game, arguments.players, arguments.actions, arguments.seed
        )
        try:
            mover = room.state.to_move
            since = room.seq - 1
            cases: dict[str, Callable[[], str]] = {
                "one action, the seat to move": lambda: frames.dumps(frames.state_frame(room, mover, "en", since)),
                "one action, a spectator": lambda: frames.dumps(frames.state_frame(room, None, "en", since)),
                "a hello (the whole game)": lambda: frames.dumps(
                    frames.state_frame(room, mover, "en", None, notices=True)
                ),
            }
            over = " (over)" if room.is_over else f", {len(room.state.legal_actions())} legal actions"
            print(f"{arguments.game}, {arguments.players} players, seq {room.seq}{over}: µs per state frame")
            print(f"{'frame':32} {'best':>8} {'median':>8} {'p10':>8} {'p90':>8} {'bytes':>7}")
            for label, build in cases.items():
                build()  # the caches warm, as after the broadcast
                samples = sorted(timed(build, arguments.calls, arguments.rounds))
                deciles = statistics.quantiles(samples, n=10)
                middle = statistics.median(samples)
                print(
                    f"{label:32} {samples[0]:8.1f} {middle:8.1f} {deciles[0]:8.1f} {deciles[-1]:8.1f} {len(build()):7d}"
                )
        finally:
            await lobby.stop()
        print(f"bytes per state message over a whole game ({arguments.players} seats and a spectator connected)")
        print(f"{'protocol':>8} {'messages':>8} {'mean':>7} {'to move':>8} {'others':>7}")
        for number, protocol in enumerate(PROTOCOLS):
            sizes = await game_bytes(
                Path(folder) / str(number), arguments.game, arguments.players, arguments.seed, protocol
            )
            every = sizes["to move"] + sizes["others"]
            means = {key: statistics.mean(values) if values else 0.0 for key, values in sizes.items()}
            print(
                f"{protocol:>8} {len(every):>8} {statistics.mean(every):7.0f} "
                f"{means['to move']:8.0f} {means['others']:7.0f}"
            )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="cockroach-poker")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--actions", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--calls", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=15)
    asyncio.run(main(parser.parse_args()))
