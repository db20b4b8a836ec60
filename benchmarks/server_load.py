"""Load on the online server: N concurrent rooms over real WebSockets on loopback.

    python benchmarks/server_load.py --rooms 1000 --pace 3 --seconds 60
    python benchmarks/server_load.py --rooms 50 --pace 0.2 --seconds 20 --game survive --players 3
    python benchmarks/server_load.py --processes 2 --db postgresql --redis temp --rooms 200 --pace 1
    python benchmarks/server_load.py --processes 2 --db postgresql://user@host/db --redis redis://host:6379/0

Starts ``asobiba serve`` (a fresh SQLite file in a temporary directory, bots paced by ``--pace``
seconds), then keeps ``--rooms`` rooms playing: in each, one scripted client (seat 0) moves every
``--pace`` seconds on average (uniform 0.5-1.5 x pace) and the other seats are ``bot:normal``
playing through the same path. A finished game is replaced by a new room. Reports actions/s (every
seat's), the act -> state latency that the scripted clients measure (from sending ``act`` to
receiving the new ``state``), the server's memory per room (resident set growth / rooms), and
rejections.

``--processes N`` starts N server processes on one database and one Redis; each room is made on
one process and its client plays through the next one (so every action crosses processes).
``--db`` is ``sqlite`` (a temporary file, the default), ``postgresql`` (a temporary cluster started
with initdb/pg_ctl, stopped at the end) or a database URL (a fresh database is made on a PostgreSQL
server); ``--redis`` is ``temp`` (a temporary redis-server; the default with more than one process),
``none`` or a URL.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "server"))

from server_testing import (
    PostgreSQLCluster,
    RedisServer,
    ServerProcess,
    fresh_postgresql_database,
    postgresql_binaries,
    start_servers,
)

from asobiba.server.client import RoomClient, create_room


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def resident_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


class Totals:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.actions = 0
        self.games = 0
        self.rejections = 0
        self.errors = 0


async def one_room(
    servers: list[ServerProcess] | list[ExternalServer],
    args: argparse.Namespace,
    totals: Totals,
    stop_at: float,
    seed: int,
) -> None:
    rng = random.Random(seed)
    loop = asyncio.get_running_loop()
    seats = {str(seat): "bot:normal" for seat in range(1, args.players)}
    maker, player = servers[seed % len(servers)], servers[(seed + 1) % len(servers)]
    while loop.time() < stop_at:
        made = await asyncio.to_thread(
            create_room, maker.base_url, args.game, args.players, seats=seats, name="load", bot_delay=args.pace
        )
        client = RoomClient(player.base_url, made["room"], made["token"], timeout=120)
        await client.connect()
        last_seq = client.seq
        try:
            while loop.time() < stop_at and not client.state["view"]["is_over"]:
                if client.state["legal"]:
                    await asyncio.sleep(args.pace * rng.uniform(0.5, 1.5))
                    quoted = client.seq
                    notation = rng.choice(client.state["legal"])["notation"]
                    started = time.perf_counter()
                    reply = await client.act(notation)
                    if reply["type"] == "accepted" and client.seq > quoted:
                        totals.latencies.append(time.perf_counter() - started)
                    elif reply["type"] == "rejected":
                        totals.rejections += 1
                else:
                    await client.next_state(timeout=max(0.1, stop_at - loop.time()))
                totals.actions += client.seq - last_seq
                last_seq = client.seq
        except TimeoutError:
            pass
        except Exception:
            totals.errors += 1
        finally:
            await client.close()
        if client.state["view"]["is_over"]:
            totals.games += 1


class ExternalServer:
    def __init__(self, url: str) -> None:
        self.base_url = url.rstrip("/")
        self.process = None


def server_memory(servers: list[ServerProcess] | list[ExternalServer]) -> int:
    return sum(resident_kib(server.process.pid) for server in servers if server.process is not None)


def server_cpu(servers: list[ServerProcess] | list[ExternalServer]) -> float:
    return sum(cpu_seconds(server.process.pid) for server in servers if server.process is not None)


async def load(servers: list[ServerProcess] | list[ExternalServer], args: argparse.Namespace) -> dict[str, float]:
    before = server_memory(servers)
    totals = Totals()
    loop = asyncio.get_running_loop()
    stop_at = loop.time() + args.ramp + args.seconds
    tasks = []
    for number in range(args.rooms):  # ramp up over --ramp seconds
        tasks.append(asyncio.create_task(one_room(servers, args, totals, stop_at, number)))
        await asyncio.sleep(args.ramp / args.rooms)
    started = loop.time()
    server_cpu_at_start = server_cpu(servers)
    client_cpu_at_start = cpu_seconds(os.getpid())
    actions_at_start = totals.actions
    latencies_at_start = len(totals.latencies)
    await asyncio.sleep(args.seconds / 2)
    peak = server_memory(servers)
    await asyncio.gather(*tasks)
    elapsed = loop.time() - started
    servers_cpu = server_cpu(servers) - server_cpu_at_start
    client_cpu = cpu_seconds(os.getpid()) - client_cpu_at_start
    measured = sorted(totals.latencies[latencies_at_start:]) or [float("nan")]
    return {
        "processes": len(servers),
        "rooms": args.rooms,
        "actions/s": (totals.actions - actions_at_start) / elapsed,
        "acts timed": len(measured),
        "p50 ms": 1000 * statistics.median(measured),
        "p99 ms": 1000 * measured[min(len(measured) - 1, int(0.99 * len(measured)))],
        "max ms": 1000 * measured[-1],
        "KiB/room": (peak - before) / args.rooms,
        "games done": totals.games,
        "rejected": totals.rejections,
        "errors": totals.errors,
        "server CPU %": 100 * servers_cpu / elapsed,
        "server CPU ms/action": 1000 * servers_cpu / max(1, totals.actions - actions_at_start),
        "client CPU %": 100 * client_cpu / elapsed,
        "load average": os.getloadavg()[0],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rooms", type=int, default=1000)
    parser.add_argument("--pace", type=float, default=3.0, help="seconds between moves of each seat (average)")
    parser.add_argument("--seconds", type=float, default=60.0, help="measured time after the ramp-up")
    parser.add_argument("--ramp", type=float, default=20.0, help="seconds over which the rooms are opened")
    parser.add_argument("--game", default="cockroach-poker")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--url", action="append", help="load servers already running there (memory not measured)")
    parser.add_argument("--processes", type=int, default=1, help="server processes on one database and Redis")
    parser.add_argument("--db", default="sqlite", help="sqlite | postgresql | a database URL")
    parser.add_argument("--redis", default=None, help="temp | none | a Redis URL (default: temp if --processes > 1)")
    args = parser.parse_args()
    if args.url:
        result = asyncio.run(load([ExternalServer(url) for url in args.url], args))
        report(args, result)
        return
    os.environ["ASOBIBA_HTTP_RATE"] = "100000/second"
    os.environ["ASOBIBA_CONNECTIONS_PER_ADDRESS"] = "1000000"  # every client of the load is on loopback
    cleanups: list[PostgreSQLCluster | RedisServer] = []
    with tempfile.TemporaryDirectory() as directory:
        folder = Path(directory)
        try:
            db_url = database_url(args.db, args.processes, folder, cleanups)
            redis_url = redis_server_url(args.redis, args.processes, cleanups)
            if redis_url is None:
                servers = [ServerProcess(folder / "load.db", folder / "server.log", args.pace, db_url=db_url)]
                servers[0].start()
            else:
                servers = start_servers(args.processes, folder, db_url, redis_url, args.pace)
            try:
                result = asyncio.run(load(servers, args))
            except BaseException:
                for server in servers:
                    print(server.log()[-3000:], file=sys.stderr)
                raise
            finally:
                for server in servers:
                    server.stop()
        finally:
            for engine in cleanups:
                engine.stop()
    args.db_shown = args.db if "://" not in args.db else args.db.split("://")[0]
    report(args, result)


def database_url(choice: str, processes: int, folder: Path, cleanups: list[PostgreSQLCluster | RedisServer]) -> str:
    if choice == "sqlite":
        if processes > 1:
            raise SystemExit("a SQLite file is held by one server process: several processes need --db postgresql")
        return f"sqlite:///{folder / 'load.db'}"
    if choice == "postgresql":
        binaries = postgresql_binaries()
        if binaries is None:
            raise SystemExit("PostgreSQL is not installed (initdb, pg_ctl)")
        cluster = PostgreSQLCluster(binaries)
        cleanups.append(cluster)
        cluster.start()
        return cluster.fresh_database()
    if choice.startswith("postgres"):
        return fresh_postgresql_database(choice)
    return choice


def redis_server_url(choice: str | None, processes: int, cleanups: list[PostgreSQLCluster | RedisServer]) -> str | None:
    if choice is None:
        choice = "temp" if processes > 1 else "none"
    if choice == "none":
        if processes > 1:
            raise SystemExit("several processes need Redis between them (--redis temp or a URL)")
        return None
    if choice == "temp":
        binary = shutil.which("redis-server")
        if binary is None:
            raise SystemExit("redis-server is not installed")
        server = RedisServer(binary)
        cleanups.append(server)
        server.start()
        return server.url
    return choice


def report(args: argparse.Namespace, result: dict[str, float]) -> None:
    width = max(len(key) for key in result)
    print(
        f"server load: {args.game}, {args.players} players, 1 scripted client + bots per room, pace {args.pace} s, "
        f"database {getattr(args, 'db_shown', '?')}, {args.processes} process(es)"
    )
    for key, value in result.items():
        shown = f"{value:.1f}" if isinstance(value, float) else str(value)
        print(f"  {key:<{width}}  {shown:>10}")


if __name__ == "__main__":
    main()
