"""The app's seams: ``create_app`` only wires (each feature's routes are an ``APIRouter`` of its own,
under ``asobiba.server.routes``), and a room's queue is importable without the web framework."""

from __future__ import annotations

import inspect
import os
import subprocess
import sys
from pathlib import Path

from fastapi import APIRouter

from asobiba.server import app as app_module

SRC = Path(__file__).resolve().parents[2] / "src"


def test_create_app_is_wiring_only() -> None:
    lines, _ = inspect.getsourcelines(app_module.create_app)
    assert len(lines) < 100, f"create_app is {len(lines)} lines: its routes belong in asobiba.server.routes"


def test_each_feature_has_a_router_of_its_own() -> None:
    from asobiba.server.routes import games, health, pages, room_socket, rooms

    def paths(router: object) -> set[str]:
        assert isinstance(router, APIRouter)
        return {getattr(route, "path", "") for route in router.routes}

    assert paths(health.router) == {"/healthz"}
    assert paths(health.metrics_router) == {"/metrics"}
    assert paths(games.router) == {"/api/games"}
    assert "/api/rooms/{room_id}/join" in paths(rooms.router)
    assert paths(pages.router) == {"/r/{room_id}"}
    assert paths(pages.docs_router) == {"/api/docs"}
    assert paths(room_socket.router) == {"/api/rooms/{room_id}/ws"}


def test_a_rooms_queue_imports_without_fastapi() -> None:
    result = subprocess.run(
        [sys.executable, "-c", "import asobiba.server.rooms.queue, sys; assert 'fastapi' not in sys.modules"],
        env={**os.environ, "PYTHONPATH": os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")])},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
