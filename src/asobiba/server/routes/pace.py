"""A new room's pace: ``"live"`` (the default) or ``"turn-based"`` with its clock in hours (12, 24, 48,
72 or 168), an optional bank in days (more than 0, at most 14) and its ``"timeout"`` policy (``"bot"``,
the default, or ``"forfeit"``). Anything else is a 400 that says which values are taken, in the
reader's language."""

from __future__ import annotations

from fastapi.responses import JSONResponse

from asobiba.i18n import Catalog
from asobiba.server.protocol import CreateRoom, TurnClock
from asobiba.server.rooms.clocks import MAX_BANK_DAYS, TURN_HOURS, turn_clock_refusal
from asobiba.server.routes.errors import error_response

tr = Catalog("server")

PACES = ("live", "turn-based")
TIMEOUT_POLICIES = ("bot", "forfeit")


def pace_refusal(body: CreateRoom, lang: str) -> JSONResponse | None:
    """Why ``body``'s pace, clock or timeout policy makes no room (in ``lang``), or None."""
    hours = ", ".join(str(hour) for hour in TURN_HOURS)
    if body.pace not in PACES:
        message = tr('pace is "live" or "turn-based", not {pace}', lang, pace=repr(body.pace))
        return error_response(400, "invalid_pace", message)
    if body.pace == "live":
        if isinstance(body.clock, TurnClock) or body.timeout is not None:
            message = tr('per_decision_hours, bank_days and timeout are for a "turn-based" room', lang)
            return error_response(400, "invalid_clock", message)
        return None
    if not isinstance(body.clock, TurnClock):
        message = tr(
            "a turn-based room needs a clock of per_decision_hours: hours per decision, one of {hours}",
            lang,
            hours=hours,
        )
        return error_response(400, "invalid_clock", message)
    wrong = turn_clock_refusal(body.clock)
    if wrong == "per_decision_hours":
        message = tr(
            "per_decision_hours is one of {hours}, not {value}", lang, hours=hours, value=body.clock.per_decision_hours
        )
        return error_response(400, "invalid_clock", message)
    if wrong == "bank_days":
        message = tr(
            "bank_days is a number of days above 0 and at most {most}, not {value}",
            lang,
            most=int(MAX_BANK_DAYS),
            value=body.clock.bank_days,
        )
        return error_response(400, "invalid_clock", message)
    if body.timeout is not None and body.timeout not in TIMEOUT_POLICIES:
        message = tr('timeout is "bot" or "forfeit", not {timeout}', lang, timeout=repr(body.timeout))
        return error_response(400, "invalid_timeout", message)
    return None


__all__ = ["PACES", "TIMEOUT_POLICIES", "pace_refusal"]
