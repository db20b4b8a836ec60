"""The browser's types of the wire messages (src/asobiba/web/wire.js) are generated from the server's
own definitions by scripts/wire_types.py: the committed file is exactly what the script writes, so a
message that changes on the server changes the client's types (and ``tsc``, tests/test_js.py, then
checks the client against them)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


def generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("wire_types", ROOT / "scripts" / "wire_types.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_committed_wire_types_are_what_the_script_writes_from_the_protocol() -> None:
    wire = generator()
    committed = wire.TARGET.read_text(encoding="utf-8") if wire.TARGET.exists() else ""
    assert committed == wire.render(), "src/asobiba/web/wire.js is stale: run python3 scripts/wire_types.py"


def test_every_wire_message_of_the_protocol_has_its_browser_type() -> None:
    from asobiba.server import protocol

    text = generator().render()
    for name in ("StateFrame", "Accepted", "Rejected", "Presence", "ChatFrame", "Notice", "ServerFrame", "Hello",
                 "Act", "Chat", "Mute", "ClientMessage", "LegalAction", "ClockInfo", "SeatInfo", "View"):  # fmt: skip
        assert f"}} {name}\n" in text, name
    # the state frame's fields, as the server's type names them
    state_type = text.split("@typedef {object} StateFrame", 1)[1].split("*/", 1)[0]
    for field in protocol.StateFrame.__annotations__:
        assert f"}} {field}\n" in state_type or f"}} [{field}]\n" in state_type, field  # ([a NotRequired one])


def test_a_schema_keyword_the_script_cannot_write_stops_it() -> None:
    wire = generator()
    with pytest.raises(ValueError, match="patternProperties"):
        wire.type_of({"type": "object", "patternProperties": {"^a": {"type": "string"}}}, "serialization")
