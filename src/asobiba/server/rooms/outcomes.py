"""What becomes of an act: whether it is refused before anything is stored (:func:`check_act`, a pure
function of the game now and the record's entries), what became of it (:class:`Outcome`) and the
messages of its rejections, in both languages."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from asobiba.core.actions import Action
from asobiba.core.errors import AsobibaError
from asobiba.core.game import Game
from asobiba.core.state import State
from asobiba.i18n import Catalog
from asobiba.server import engine
from asobiba.server.protocol import RejectionCode

tr = Catalog("server")


def stale_message(seq: int) -> Callable[[str], str]:
    return lambda lang: tr("the game has moved on: it is at seq {seq} now", lang, seq=seq)


def over_message(lang: str) -> str:
    return tr("the game is over", lang)


def not_your_turn_message(lang: str) -> str:
    return tr("it is not your turn", lang)


def unavailable_message(lang: str) -> str:
    return tr("the server cannot store moves just now: try again in a moment", lang)


def resigned_message(lang: str) -> str:
    return tr("you have left this game: a bot plays your seat", lang)


def not_started_message(lang: str) -> str:
    return tr("the game has not started: it waits for every seat to be taken, or for its creator to start it", lang)


@dataclass
class Outcome:
    """What became of an ``act``."""

    accepted: bool
    seq: int
    code: RejectionCode | None = None
    error: AsobibaError | None = None
    message: Callable[[str], str] | None = None

    def message_in(self, lang: str) -> str:
        if self.error is not None:
            return self.error.translated(lang)
        return self.message(lang) if self.message is not None else ""


def check_act(
    game: Game,
    state: State,
    seat: int | None,
    seq: int,
    text: str,
    *,
    started: bool,
    by_bot: bool,
    resigned: Sequence[bool],
    entries: Sequence[str],
    entry_players: Sequence[int | None],
) -> Action | Outcome:
    """The action ``text`` of ``seat`` at ``seq`` if the game takes it now, else what becomes of it:
    refused (not started, stale, over, not the seat's turn, the seat resigned — a bot still plays
    it —, or refused by the game's rules) or, for the same act as the record's entry at ``seq``
    again (a resend after a reconnect), accepted at ``seq``."""
    current = state.seq
    if seat is None:
        return Outcome(False, current, "not_your_turn", message=not_your_turn_message)
    if not started:
        return Outcome(False, current, "not_started", message=not_started_message)
    if seq < current:
        if seq < len(entries) and entry_players[seq] == seat and " ".join(text.split()) == entries[seq]:
            return Outcome(True, seq)  # the same act again (a resend after a reconnect)
        return Outcome(False, current, "stale", message=stale_message(current))
    if seq > current:
        return Outcome(False, current, "stale", message=stale_message(current))
    if state.is_over:
        return Outcome(False, current, "illegal", message=over_message)
    if state.to_move != seat:
        return Outcome(False, current, "not_your_turn", message=not_your_turn_message)
    if not by_bot and resigned[seat]:
        return Outcome(False, current, "not_your_turn", message=resigned_message)
    try:
        action = game.parse_action(text, state)
        state.check(action, player=seat)
    except AsobibaError as error:
        code = engine.rejection_code(error)
        return Outcome(False, current, code, error=error)  # type: ignore[arg-type]
    return action


__all__ = [
    "Outcome",
    "check_act",
    "not_started_message",
    "not_your_turn_message",
    "over_message",
    "resigned_message",
    "stale_message",
    "unavailable_message",
]
