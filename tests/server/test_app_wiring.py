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
    from asobiba.server.routes import health, pages, room_socket, rooms

    paths = {
        module.__name__.rsplit(".", 1)[1]: {getattr(route, "path", None) for route in module.router.routes}
        for module in (health, rooms, pages, room_socket)
        if isinstance(module.router, APIRouter)
    }
    assert paths["health"] == {"/healthz"}
    assert "/api/rooms/{room_id}/join" in paths["rooms"]
    assert paths["pages"] == {"/r/{room_id}"}
    assert paths["room_socket"] == {"/api/rooms/{room_id}/ws"}


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
