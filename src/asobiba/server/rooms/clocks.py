"""Turn clocks, as pure functions of a small snapshot (:class:`ClockSnapshot`): the deadline of a
decision, the bank an act spends, whose clock runs and what frames show of it. The room stores what
they compute (deadlines live in the database) and its :class:`~asobiba.server.rooms.timers.RoomTimers`
put a timeout in the room's queue when one runs out; nothing here reads the time or a room."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from typing import Any, Literal

from asobiba.server.protocol import ClockInfo, ClockSpec, TurnClock

#: Hours per decision a turn-based room may take (BGA's choices).
TURN_HOURS = (12, 24, 48, 72, 168)
#: A turn-based room's bank, in days: from more than 0 up to this.
MAX_BANK_DAYS = 14.0
HOUR = 3600.0
DAY = 86400.0
#: A turn-based room's ``forfeit`` policy: the player is out at this many timeouts.
FORFEIT_TIMEOUTS = 2
#: Seconds (server time) after a claimed timeout before it is taken up again if its stand-in never
#: decided (the process that claimed it died).
TIMEOUT_RETRY = 60.0


@dataclass(frozen=True)
class ClockRule:
    """A clock in seconds: per decision, and a bank per player (either may be None)."""

    per_decision: float | None
    bank: float | None

    @classmethod
    def of(cls, spec: ClockSpec | TurnClock) -> ClockRule:
        if isinstance(spec, TurnClock):
            bank = spec.bank_days * DAY if spec.bank_days is not None else None
            return cls(spec.per_decision_hours * HOUR, bank)
        return cls(spec.per_decision, spec.bank)


def parse_clock(text: str | None) -> ClockSpec | TurnClock | None:
    """A room's stored clock (``rooms.clock``), as its creator gave it."""
    if not text:
        return None
    data = json.loads(text)
    if "per_decision_hours" in data:
        return TurnClock.model_validate(data)
    return ClockSpec.model_validate(data)


@dataclass(frozen=True)
class ClockSnapshot:
    """What the clock of a room depends on, at one moment."""

    rule: ClockRule | None
    #: Per seat: its bank (None: no bank), whether a bot plays it, whether anybody holds it.
    banks: tuple[float | None, ...]
    bot_seats: tuple[bool, ...]
    occupied: tuple[bool, ...]
    #: The room's stored clock columns.
    deadline: float | None
    deadline_seq: int | None
    decision_started: float | None
    #: The decision: its seq, who decides (None: nobody), whether the game is over or has started.
    seq: int
    to_move: int | None
    over: bool
    started: bool
    now: float
    #: The seq whose decision timed out (its stand-in decides): it shows no deadline.
    timed_out_seq: int | None = None

    def moved_to(self, seq: int, to_move: int | None, over: bool) -> ClockSnapshot:
        """The same room at another decision."""
        return dataclasses.replace(self, seq=seq, to_move=to_move, over=over)


#: The clock columns of a decision nobody's clock runs for.
NO_DEADLINE: dict[str, Any] = {"deadline": None, "deadline_seq": None, "decision_started": None}


def clock_info(snapshot: ClockSnapshot) -> ClockInfo | None:
    """The clock of the decision now, as frames show it."""
    rule = snapshot.rule
    if rule is None:
        return None
    banks = [bank or 0.0 for bank in snapshot.banks] if rule.bank is not None else None
    running = snapshot.deadline_seq == snapshot.seq and snapshot.timed_out_seq != snapshot.seq
    deadline = snapshot.deadline if running else None
    return ClockInfo(
        player=snapshot.to_move if deadline is not None else None,
        deadline=deadline,
        remaining=max(0.0, deadline - snapshot.now) if deadline is not None else None,
        per_decision=rule.per_decision,
        banks=banks,
    )


def deadline_for(snapshot: ClockSnapshot) -> dict[str, Any]:
    """The room row's clock columns for the snapshot's decision (its seq and mover), from ``now``."""
    rule = snapshot.rule
    if rule is None or snapshot.over or not snapshot.started or snapshot.to_move is None:
        return dict(NO_DEADLINE)
    mover = snapshot.to_move
    if not snapshot.occupied[mover]:  # a clock never runs for a seat nobody has taken
        return dict(NO_DEADLINE)
    if snapshot.bot_seats[mover]:
        return {**NO_DEADLINE, "decision_started": snapshot.now}
    bank = (snapshot.banks[mover] or 0.0) if rule.bank is not None else 0.0
    allowance = (rule.per_decision or 0.0) + bank
    return {"deadline": snapshot.now + allowance, "deadline_seq": snapshot.seq, "decision_started": snapshot.now}


def bank_after(snapshot: ClockSnapshot, actor: int, by_bot: bool) -> float | None:
    """The actor's bank once they decided now (None: unchanged): the time past the decision's own is
    taken from it."""
    rule = snapshot.rule
    if rule is None or rule.bank is None or snapshot.decision_started is None or by_bot:
        return None
    used = snapshot.now - snapshot.decision_started
    over = max(0.0, used - (rule.per_decision or 0.0))
    return max(0.0, (snapshot.banks[actor] or 0.0) - over)


def clock_after(
    snapshot: ClockSnapshot, actor: int, seq: int, to_move: int | None, over: bool, by_bot: bool
) -> tuple[dict[str, Any], dict[int, dict[str, Any]]]:
    """The room's new clock columns (and the actor's bank) once ``actor`` has acted, the game now at
    ``seq`` with ``to_move`` deciding (or ``over``)."""
    if snapshot.rule is None:
        return {}, {}
    seat_changes: dict[int, dict[str, Any]] = {}
    bank = bank_after(snapshot, actor, by_bot)
    banks = snapshot.banks
    if bank is not None:
        seat_changes[actor] = {"bank": bank}
        banks = tuple(bank if number == actor else value for number, value in enumerate(banks))
    after = dataclasses.replace(snapshot.moved_to(seq, to_move, over), banks=banks)
    return deadline_for(after), seat_changes


def what_plays(snapshot: ClockSnapshot) -> Literal["bot", "clock"] | None:
    """What moves the game on by itself now: the seat's bot (a bot's seat, or one taken over or
    resigned), or the clock of a person's decision whose deadline is stored (its timeout); nothing
    in the waiting room, once the game is over, or while nobody decides."""
    mover = snapshot.to_move
    if snapshot.over or not snapshot.started or mover is None or mover < 0:
        return None
    if snapshot.bot_seats[mover]:
        return "bot"
    if snapshot.rule is not None and snapshot.deadline is not None and snapshot.deadline_seq == snapshot.seq:
        return "clock"
    return None


def turn_clock_refusal(clock: TurnClock) -> str | None:
    """Why a turn-based clock is not one of the choices (English; the route translates), or None."""
    if clock.per_decision_hours not in TURN_HOURS:
        return "per_decision_hours"
    if clock.bank_days is not None and not 0 < clock.bank_days <= MAX_BANK_DAYS:
        return "bank_days"
    return None


__all__ = [
    "DAY",
    "FORFEIT_TIMEOUTS",
    "HOUR",
    "MAX_BANK_DAYS",
    "NO_DEADLINE",
    "TIMEOUT_RETRY",
    "TURN_HOURS",
    "ClockRule",
    "ClockSnapshot",
    "bank_after",
    "clock_after",
    "clock_info",
    "deadline_for",
    "parse_clock",
    "turn_clock_refusal",
    "what_plays",
]
