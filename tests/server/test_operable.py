"""Operable: ``/metrics`` in the Prometheus format (to the metrics token, or on the metrics port;
nowhere by default), one structured log line per request, act and rejection (``--log-format
json``), ``/healthz``."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from server_testing import ServerProcess, free_port, run

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


TOKEN = "metrics-token-of-the-tests"


def status_of(url: str, headers: dict[str, str] | None = None) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers or {}), timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def test_metrics_are_served_in_the_prometheus_format_and_logs_are_one_json_line_each(tmp_path: Path) -> None:
    environment = {"ASOBIBA_LOG_FORMAT": "json", "ASOBIBA_METRICS_TOKEN": TOKEN}
    server = ServerProcess(tmp_path / "a.db", tmp_path / "server.log", environment=environment)
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
        metrics = urllib.request.Request(f"{server.base_url}/metrics", headers={"Authorization": f"Bearer {TOKEN}"})
        with urllib.request.urlopen(metrics, timeout=10) as response:
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


def test_metrics_are_not_served_on_the_games_port_unless_a_token_opens_them(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "a.db", tmp_path / "server.log")
    server.start()
    try:
        assert status_of(f"{server.base_url}/metrics")[0] == 404
    finally:
        server.stop()
    server = ServerProcess(tmp_path / "b.db", tmp_path / "server.log", environment={"ASOBIBA_METRICS_TOKEN": TOKEN})
    server.start()
    try:
        for headers in ({}, {"Authorization": "Bearer not-the-token"}, {"Authorization": TOKEN}):
            status, body = status_of(f"{server.base_url}/metrics", headers)
            assert status == 401 and json.loads(body)["code"] == "bad_token" and "asobiba_" not in body
        status, body = status_of(f"{server.base_url}/metrics", {"Authorization": f"Bearer {TOKEN}"})
        assert status == 200 and "asobiba_rooms" in body
    finally:
        server.stop()


def test_metrics_are_served_on_a_loopback_port_of_their_own(tmp_path: Path) -> None:
    port = free_port()
    server = ServerProcess(tmp_path / "a.db", tmp_path / "server.log", environment={"ASOBIBA_METRICS_PORT": str(port)})
    server.start()
    try:
        assert status_of(f"{server.base_url}/metrics")[0] == 404
        status, body = status_of(f"http://127.0.0.1:{port}/metrics")
        assert status == 200 and "asobiba_connections" in body
        assert status_of(f"http://127.0.0.1:{port}/api/games")[0] == 404  # the metrics alone
    finally:
        server.stop()
    assert "Traceback" not in server.log() and "error" not in server.log().lower()  # both stopped cleanly


@pytest.mark.parametrize(
    ("environment", "complaint"),
    [
        ({"ASOBIBA_METRICS_TOKEN": "short"}, "at least 16 characters"),
        ({"ASOBIBA_FORWARDED_ALLOW_IPS": "proxy.example"}, "IP addresses or networks"),
        ({"ASOBIBA_WEBSOCKET_RATE": "often"}, "a rate like 10/second"),
    ],
)
def test_a_bad_metrics_token_proxy_or_websocket_rate_stops_the_start_saying_why(
    tmp_path: Path, environment: dict[str, str], complaint: str
) -> None:
    server = ServerProcess(tmp_path / "a.db", tmp_path / "server.log", environment=environment)
    with pytest.raises(RuntimeError, match="exited with 2"):
        server.start()
    assert complaint in server.log() and "Traceback" not in server.log()
