"""Operable: ``/metrics`` in the Prometheus format, one structured log line per request, act and
rejection (``--log-format json``), ``/healthz``."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path

from server_testing import ServerProcess, run

from asobiba.server.client import RoomClient, create_room, follow_invite

METRICS = (
    "asobiba_rooms",
    "asobiba_open_rooms",
    "asobiba_connections",
    "asobiba_acts_total",
    "asobiba_act_seconds_bucket",
    "asobiba_rejections_total",
    "asobiba_database_errors_total",
    "asobiba_database_writable",
    "asobiba_bot_think_seconds_bucket",
)


def test_metrics_are_served_in_the_prometheus_format_and_logs_are_one_json_line_each(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "a.db", tmp_path / "server.log", environment={"ASOBIBA_LOG_FORMAT": "json"})
    server.start()
    try:
        made = create_room(server.base_url, "cockroach-poker", 3, seats={"1": "human", "2": "bot:random"})
        tokens = [made["token"], follow_invite(made["invites"]["1"])["token"]]

        async def play_one_and_refuse_one() -> None:
            clients = [RoomClient(server.base_url, made["room"], token) for token in tokens]
            for client in clients:
                await client.connect()
            try:
                while not any(client.state["legal"] for client in clients):
                    await clients[0].next_state()
                mover = next(client for client in clients if client.state["legal"])
                other = next(client for client in clients if client is not mover)
                refused = await other.act(mover.state["legal"][0]["notation"], seq=mover.seq, wait_state=False)
                assert refused["type"] == "rejected"
                assert (await mover.act(mover.state["legal"][0]["notation"]))["type"] == "accepted"
            finally:
                for client in clients:
                    await client.close()

        run(play_one_and_refuse_one())
        with urllib.request.urlopen(f"{server.base_url}/metrics", timeout=10) as response:
            assert response.headers["content-type"].startswith("text/plain")
            text = response.read().decode()
        for name in METRICS:
            assert name in text, name
        assert 'asobiba_acts_total{by="person"} 1.0' in text
        with urllib.request.urlopen(f"{server.base_url}/healthz", timeout=10) as response:
            assert json.loads(response.read()) == {"status": "ok"}
        lines = [line for line in server.log().splitlines() if line.startswith("{")]
        logged = [json.loads(line) for line in lines]
        events = [entry.get("event") for entry in logged]
        assert "request" in events and "act" in events and "rejected" in events
        act = next(entry for entry in logged if entry.get("event") == "act")
        assert act["room"] == made["room"] and isinstance(act["ms"], float)
    finally:
        server.stop()
