"""What a room shows and decides besides its game's state, as pure functions of data — no room, no
database, no server: its summary, presence and chat frames over a :class:`RoomFacts` snapshot,
which chat messages and log lines it keeps, the waiting room's questions about its seats, a seat
taking its stored row, an act's checks before anything is stored, and a state carried on by the
entries another process stored."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from pydantic import TypeAdapter

from asobiba.core.registry import get_game
from asobiba.server import engine
from asobiba.server.protocol import SeatInfo, ServerFrame, TurnClock
from asobiba.server.rooms.facts import RoomFacts, chat_frame, merge_kept, presence, ranking, summary
from asobiba.server.rooms.outcomes import Outcome, check_act
from asobiba.server.rooms.seats import (
    STAND_IN_LEVEL,
    Seat,
    awaited_seats,
    bot_level,
    creator_seat,
    free_person_seats,
    hash_token,
    invited_seat,
    may_take,
    open_seats,
    seat_by_token,
)
from asobiba.server.storage import ChatRow, NoticeRow, SeatRow

SERVER_FRAME: TypeAdapter[Any] = TypeAdapter(ServerFrame)
GAME = "cockroach-poker"


def info(seat: int, **changes: Any) -> SeatInfo:
    columns: dict[str, Any] = {"kind": "human", "name": f"p{seat}", "occupied": True, "connected": True}
    columns["taken_over"] = False
    return SeatInfo(seat=seat, **{**columns, **changes})


def facts(**changes: Any) -> RoomFacts:
    """A running turn-based room of three seats (seat 2 resigned), seat 1 to decide at seq 7."""
    base = RoomFacts(
        room="r1",
        game=GAME,
        players=3,
        name="Aki's room",
        status="playing",
        started=True,
        listed=True,
        spectator_chat=False,
        bot_delay=0.5,
        pace="turn-based",
        timeout_policy="forfeit",
        rematch=None,
        rematch_of="r0",
        clock=TurnClock(per_decision_hours=24, bank_days=2.0),
        creator=0,
        muted=("abcd1234",),
        seq=7,
        to_move=1,
        result=None,
        seats=(info(0), info(1, connected=False), info(2, resigned=True, timeouts=2)),
        spectators=4,
    )
    return dataclasses.replace(base, **changes)


def test_a_summary_shows_the_rooms_facts_and_no_ranking_while_it_runs() -> None:
    shown = summary(facts())
    assert shown == {
        "room": "r1",
        "game": GAME,
        "players": 3,
        "name": "Aki's room",
        "status": "playing",
        "started": True,
        "listed": True,
        "spectator_chat": False,
        "creator": 0,
        "seq": 7,
        "to_move": 1,
        "seats": [seat.model_dump() for seat in facts().seats],
        "spectators": 4,
        "bot_delay": 0.5,
        "clock": {"per_decision_hours": 24, "bank_days": 2.0},
        "pace": "turn-based",
        "timeout": "forfeit",
        "learning": False,
        "rematch": None,
        "rematch_of": "r0",
        "ranking": None,
    }
    assert shown["seats"][2]["resigned"] is True and shown["seats"][1]["connected"] is False
    assert json.loads(json.dumps(shown)) == shown  # the HTTP answer as it is sent
    assert summary(facts(clock=None))["clock"] is None


def test_once_over_the_summary_ranks_the_seats_and_a_resigned_seat_last() -> None:
    # seat 2 "won" on points, but resigned: last; seats 0 and 1 tie
    over = facts(status="over", to_move=None, result={"winners": [2], "scores": [3, 3, 9]})
    assert ranking(over) == [1, 1, 3]
    assert summary(over)["ranking"] == [1, 1, 3]
    nobody_resigned = dataclasses.replace(over, seats=tuple(info(number) for number in range(3)))
    assert ranking(nobody_resigned) == [2, 2, 1]
    assert ranking(facts()) is None


def test_presence_is_exactly_a_presence_frame_of_the_facts() -> None:
    frame = presence(facts(started=False, rematch="r2"))
    dumped = frame.model_dump(mode="json")
    assert SERVER_FRAME.dump_python(SERVER_FRAME.validate_python(dumped, strict=True), mode="json") == dumped
    assert dumped == {
        "type": "presence",
        "seats": [seat.model_dump(mode="json") for seat in facts().seats],
        "spectators": 4,
        "rematch": "r2",
        "started": False,
        "creator": 0,
        "spectator_chat": False,
        "muted": ["abcd1234"],
        "learning": False,
    }
    assert presence(facts(learning=True)).learning and summary(facts(learning=True))["learning"] is True


def test_a_chat_frame_names_a_seat_by_its_name_now_and_a_spectator_by_its_own() -> None:
    names = ["Aki", "Ren", None]
    seat_message = ChatRow(id=5, seat=1, name="Ren before", text="hi", spectator=None)
    assert json.loads(chat_frame(seat_message, names)) == {
        "type": "chat",
        "id": 5,
        "seat": 1,
        "name": "Ren",
        "text": "hi",
        "spectator": None,
    }
    spectator_message = ChatRow(id=6, seat=None, name=None, text="gg", spectator="abcd1234")
    assert json.loads(chat_frame(spectator_message, names))["spectator"] == "abcd1234"
    assert json.loads(chat_frame(spectator_message, names))["name"] is None
    unknown_seat = ChatRow(id=7, seat=9, name="Kept name", text="?", spectator=None)
    assert json.loads(chat_frame(unknown_seat, names))["name"] == "Kept name"
    for text in (chat_frame(seat_message, names), chat_frame(spectator_message, names)):
        SERVER_FRAME.validate_json(text, strict=True)


def test_kept_rows_merge_in_order_keep_the_last_ones_and_tell_which_are_new() -> None:
    def line(number: int) -> NoticeRow:
        return NoticeRow(id=number, room_id="r1", seq=number, kind="GameStarted", seat=None)

    kept = [line(1), line(2), line(4)]
    merged, fresh = merge_kept(kept, [line(5), line(3), line(2)], limit=4)
    assert [row.id for row in merged] == [2, 3, 4, 5]  # the oldest goes
    assert [row.id for row in fresh] == [3, 5]  # in order; line 2 was known
    same, none = merge_kept(kept, [line(4), line(1)], limit=4)
    assert same is kept and none == []


def people() -> list[Seat]:
    """The creator on seat 0 (token "t0"), seat 1 free and open, seat 2 free and invited (code
    "inv"), a bot on seat 3, seat 4 taken over, seat 5 kept for a rematch's player."""
    return [
        Seat(0, "human", "Aki", hash_token("t0")),
        Seat(1, "human"),
        Seat(2, "human", invite_hash=hash_token("inv")),
        Seat(3, "bot:hard", "bot"),
        Seat(4, "human", "Ren", hash_token("t4"), taken_over=True),
        Seat(5, "human", "Sora", hash_token("t5"), kept=True),
    ]


def numbers(seats: list[Seat]) -> list[int]:
    return [seat.number for seat in seats]


def test_the_waiting_rooms_questions_about_its_seats() -> None:
    seats = people()
    assert numbers(free_person_seats(seats)) == [1, 2]
    assert numbers(open_seats(seats)) == [1]
    assert numbers(awaited_seats(seats)) == [1, 2, 5]
    assert creator_seat(seats, hash_token("t0")) == 0
    assert creator_seat(seats, hash_token("t5")) == 5
    assert creator_seat(seats, hash_token("nobody's")) is None
    assert creator_seat(seats, None) is None
    assert seat_by_token(seats, "t4") is seats[4]
    assert seat_by_token(seats, "t9") is None
    assert may_take(seats[1], None) and may_take(seats[1], "anything")
    assert may_take(seats[2], "inv") and not may_take(seats[2], None) and not may_take(seats[2], "other")
    assert not may_take(seats[0], None) and not may_take(seats[3], None)
    assert invited_seat(seats, "inv") is seats[2]
    assert invited_seat(seats, "other") is None
    assert bot_level(seats) == "hard"
    assert bot_level([Seat(0, "human"), Seat(1, "bot:easy"), Seat(2, "bot:hard")]) == "easy"
    assert bot_level([Seat(0, "human")]) == STAND_IN_LEVEL


def test_a_seat_takes_its_stored_row_and_says_whether_its_token_lost_it() -> None:
    def row(**changes: Any) -> SeatRow:
        columns: dict[str, Any] = {
            "room_id": "r1",
            "seat": 1,
            "kind": "human",
            "name": "Ren",
            "token_hash": hash_token("t1"),
            "taken_over": False,
            "bank": 30.0,
            "invite_hash": None,
            "kept": False,
            "resigned": False,
            "timeouts": 0,
        }
        return SeatRow(**{**columns, **changes})

    seat = Seat.of_row(row())
    assert (seat.number, seat.kind, seat.name, seat.bank) == (1, "human", "Ren", 30.0)
    assert seat.token_hash == hash_token("t1")
    assert not seat.take_row(row(taken_over=True, bank=10.0, timeouts=1, resigned=True))
    assert (seat.taken_over, seat.bank, seat.timeouts, seat.resigned) == (True, 10.0, 1, True)
    assert seat.take_row(row(token_hash=None, name=None, invite_hash=hash_token("new")))  # freed elsewhere
    assert seat.token_hash is None and seat.name is None and seat.invite_hash == hash_token("new")
    assert not seat.take_row(row(token_hash=hash_token("t2")))  # nobody held it: nobody lost it
    seat.bot = seat.player()
    seat.take_row(row(kind="bot:easy"))
    assert seat.bot is None  # another kind: another bot


def test_an_act_is_checked_before_anything_is_stored() -> None:
    game = get_game(GAME)
    state, _ = game.start(3, seed=4)
    mover = state.to_move
    assert mover is not None and mover >= 0
    legal = str(state.legal_actions()[0])
    seq = state.seq
    kept: dict[str, Any] = {"started": True, "by_bot": False, "resigned": [False] * 3}
    kept |= {"entries": [], "entry_players": []}

    def checked(seat: int | None, at: int, text: str, **changes: Any) -> Any:
        return check_act(game, state, seat, at, text, **{**kept, **changes})

    assert str(checked(mover, seq, legal)) == legal  # taken: the action itself
    other = (mover + 1) % 3

    def refused(found: Any) -> tuple[bool, int, str | None]:
        assert isinstance(found, Outcome)
        return found.accepted, found.seq, found.code

    assert refused(checked(None, seq, legal)) == (False, seq, "not_your_turn")
    assert refused(checked(mover, seq, legal, started=False)) == (False, seq, "not_started")
    assert refused(checked(mover, seq + 1, legal)) == (False, seq, "stale")
    assert refused(checked(other, seq, legal)) == (False, seq, "not_your_turn")
    resigned = [number == mover for number in range(3)]
    assert refused(checked(mover, seq, legal, resigned=resigned)) == (False, seq, "not_your_turn")
    assert "bot plays your seat" in checked(mover, seq, legal, resigned=resigned).message_in("en")
    assert str(checked(mover, seq, legal, resigned=resigned, by_bot=True)) == legal  # its bot plays on
    assert refused(checked(mover, seq, "no such move")) == (False, seq, "notation")
    stale = checked(mover, seq - 1, legal)
    assert refused(stale) == (False, seq, "stale") and f"seq {seq}" in stale.message_in("en")
    # the record's entry at seq - 1 was this seat's: the same act again is accepted where it was
    entries = ["x"] * seq
    entries[seq - 1] = "a b"
    players: list[int | None] = [None] * seq
    players[seq - 1] = mover
    assert refused(checked(mover, seq - 1, "a  b", entries=entries, entry_players=players)) == (True, seq - 1, None)
    assert refused(checked(other, seq - 1, "a b", entries=entries, entry_players=players))[2] == "stale"


def test_a_state_carried_on_by_stored_entries_is_the_state_of_the_whole_record() -> None:
    game = get_game("survive")  # its dice and tiles: chance outcomes among the entries, as recorded
    state, _ = game.start(3, seed=4)
    before = state.clone()
    played = state.clone()
    for _ in range(80):
        played.apply(played.legal_actions()[0])
    record = played.record()
    entries = record["actions"][state.seq :]
    carried, events = engine.carry_on(game, state, entries)
    assert carried.seq == played.seq and carried.record() == record
    assert carried.view(None) == played.view(None)
    assert events and all(state.seq < after <= carried.seq for after, _event in events)
    assert state.record() == before.record()  # the state carried on is a new one
