"""Every message of the room protocol and of the HTTP API, as pydantic models (docs/protocol.md).

Client messages are strict: unknown keys, wrong types and over-long texts are refused, and the
server answers them with ``rejected`` / ``bad_message``.

The frames the hot path builds (``state``, ``notice``) are TypedDicts: the server builds them as
plain dicts checked by mypy against these very types, and the tests validate what it sends with
pydantic. The browser's types (``src/asobiba/web/wire.js``) are generated from these definitions by
``scripts/wire_types.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal, NotRequired

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StringConstraints, TypeAdapter, with_config
from typing_extensions import TypedDict

#: The protocol version a client says hello with now: 2, where a ``state`` after the connection's
#: first carries only the keys of the view that changed (``base``). Version 1 (every ``state`` a
#: whole view) is still answered.
PROTOCOL = 2
#: The versions a ``hello`` may name; another closes the connection with :data:`CLOSE_PROTOCOL`.
PROTOCOLS = (1, 2)
#: A frame over this many bytes closes the connection with 1009.
MAX_FRAME_BYTES = 64 * 1024
#: An action or chat text over this many characters is ``bad_message``.
MAX_TEXT = 1000
#: More messages than this per second on one connection are ``rate_limited``.
MESSAGES_PER_SECOND = 20
#: More ``hello`` than this per minute on one connection (after its first) are ``rate_limited``: each
#: answers with a full state.
HELLOS_PER_MINUTE = 10

#: Close codes.
CLOSE_BAD_TOKEN = 4403
CLOSE_NO_SUCH_ROOM = 4404
CLOSE_PROTOCOL = 4400
CLOSE_TOO_BIG = 1009
#: The connection could not keep up with its frames (its queue filled): it was dropped.
CLOSE_TOO_SLOW = 4408
#: Too many connections from this client address at once.
CLOSE_TOO_MANY = 4429
#: The room's creator freed this seat before the start: its token holds no seat any more.
CLOSE_SEAT_FREED = 4410

#: Seat kinds a room is created with (``bot:ppo``, the trained agent, only at the tables it was
#: trained for: :func:`asobiba.bots.check_table`; another table is refused, saying which it plays).
SEAT_KINDS = ("human", "bot:random", "bot:easy", "bot:normal", "bot:hard", "bot:ppo")
SeatKind = Literal["human", "bot:random", "bot:easy", "bot:normal", "bot:hard", "bot:ppo"]
#: A seat kept for a player by username (an invitation by name): ``"user:ken"``.
UserSeat = Annotated[str, StringConstraints(pattern=r"^user:\S{1,40}$")]

#: ``rejected`` codes.
#: ``unavailable``: the database could not store the act (nothing happened); retry it.
#: ``not_started``: the room waits for its players (or its creator's Start); nothing happened.
#: ``chat_off``, ``muted``: a spectator's chat message the room does not take; ``not_creator``,
#: ``no_such_spectator``: a ``mute`` refused.
RejectionCode = Literal[
    "stale",
    "not_your_turn",
    "illegal",
    "notation",
    "rate_limited",
    "bad_message",
    "unavailable",
    "not_started",
    "chat_off",
    "muted",
    "not_creator",
    "no_such_spectator",
]
#: The bot levels the creator may give the free seats on Start (``ppo``: as ``bot:ppo`` above).
BotLevel = Literal["random", "easy", "normal", "hard", "ppo"]

Text = Annotated[str, StringConstraints(max_length=MAX_TEXT)]
MessageId = Annotated[str, StringConstraints(max_length=100)] | Annotated[int, Field(ge=-(2**53), le=2**53)]
Seq = Annotated[int, Field(ge=0, le=10**9)]
Name = Annotated[str, StringConstraints(strip_whitespace=True, max_length=40)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


# ---------------------------------------------------------------------- client -> server


class Hello(_Strict):
    type: Literal["hello"]
    protocol: int
    token: Annotated[str, StringConstraints(max_length=200)] | None = None
    seq: Seq | None = None
    lang: Literal["en", "ja"] = "en"


class Act(_Strict):
    type: Literal["act"]
    id: MessageId | None = None
    seq: Seq
    action: Text


class Chat(_Strict):
    type: Literal["chat"]
    text: Annotated[str, StringConstraints(min_length=1, max_length=MAX_TEXT)]


class Mute(_Strict):
    """The room's creator mutes a spectator (by the ``spectator`` id its chat messages carry)."""

    type: Literal["mute"]
    id: MessageId | None = None
    spectator: Annotated[str, StringConstraints(min_length=1, max_length=16)]


ClientMessage = Annotated[Hello | Act | Chat | Mute, Field(discriminator="type")]
CLIENT_MESSAGE: TypeAdapter[Hello | Act | Chat | Mute] = TypeAdapter(ClientMessage)


# ---------------------------------------------------------------------- server -> client


#: A server frame's keys are exactly its type's.
_CLOSED = ConfigDict(extra="forbid")


@with_config(_CLOSED)
class LegalAction(TypedDict):
    """A legal action as frames list it: its notation, its data (``action.to_json()``) and its label."""

    notation: str
    action: dict[str, Any]
    label: str


@with_config(_CLOSED)
class ClockInfo(TypedDict):
    """The turn clock of the decision now: whose it is, when it runs out, and every bank."""

    player: int | None
    deadline: float | None
    remaining: float | None
    per_decision: float | None
    banks: list[float] | None


@with_config(_CLOSED)
class StateFrame(TypedDict):
    """A snapshot for one connection, built by the hot path
    (:func:`asobiba.server.rooms.frames.state_frame`) as a plain dict of this type. In protocol 2,
    ``base`` is the seq of this connection's previous ``state`` when ``view`` holds only the keys
    whose values changed since that one (the others are as they were; the client merges them), or
    null when ``view`` is whole (a connection's first ``state``); protocol 1 has no ``base``."""

    type: Literal["state"]
    seq: int
    seat: int | None
    #: False in the waiting room (``legal`` is empty then).
    started: bool
    #: Exactly the engine's ``view(seat)``: the envelope, then the game's own keys.
    view: Annotated[Mapping[str, Any], Field(json_schema_extra={"tsType": "View"})]
    legal: list[LegalAction]
    #: ``{**event.to_dict(), "text": …}`` as the seat may see them, and notices (:class:`NoticeEntry`).
    events: list[Mapping[str, Any]]
    clock: ClockInfo | None
    base: NotRequired[int | None]
    #: Protocol 2: the entries of ``legal`` this connection got already since its hello, left out of
    #: ``legal`` and listed here as ``[place in the whole list, notation]`` (ascending places).
    known: NotRequired[list[tuple[int, str]]]
    #: Protocol 2, with a ``base``: the view's lists of which few items changed, as ``[length,
    #: [[index, item], …]]``: the list held, cut or grown to ``length``, with those items set.
    items: NotRequired[dict[str, tuple[int, list[tuple[int, Any]]]]]


@with_config(_CLOSED)
class NoticeEntry(TypedDict):
    """A line of the room's log that is no game event, as an entry of a ``state``'s ``events``."""

    event: str
    #: The seat it is about (None for the start).
    player: int | None
    #: The seat's name now.
    name: str | None
    #: The room's seq when it happened.
    seq: int
    text: str


@with_config(_CLOSED)
class Notice(NoticeEntry):
    """A line of the room's log that is no game event, sent to everybody when it happens."""

    type: Literal["notice"]


@with_config(_CLOSED)
class VerdictFrame(TypedDict):
    """A learning room's verdict of a move its seat made (asobiba.server.learning): sent to that seat only,
    in its language, players written ``p0``, ``p1``… as in the log's lines."""

    type: Literal["verdict"]
    seat: int
    #: The seq of the decision the move was made at (the position before it): a late verdict names its move.
    seq: int
    #: The move made (its notation) and in words.
    action: str
    move: str
    #: ``good``, ``fine`` (within noise), ``risky``, ``costly`` (a better move for sure), ``only`` (no choice).
    kind: Literal["good", "fine", "risky", "costly", "only"]
    #: The one line ("Good move.", "Risky: …", "Costly: … (a better move was …)") and further reasons.
    text: str
    reasons: list[str]
    #: The better move found (its notation), if any.
    better: str | None


class Accepted(BaseModel):
    type: Literal["accepted"] = "accepted"
    id: str | int | None
    seq: int


class Rejected(BaseModel):
    type: Literal["rejected"] = "rejected"
    id: str | int | None
    code: RejectionCode
    message: str
    seq: int


class SeatInfo(BaseModel):
    seat: int
    kind: str
    name: str | None
    occupied: bool
    connected: bool
    taken_over: bool
    #: A free seat kept for an invited friend: taken with its link's invite code only (an open seat
    #: is free and not invited: anyone may take it).
    invited: bool = False
    #: A rematch's seat kept for its previous player, who has not come back yet (the room waits).
    kept: bool = False
    #: Its player resigned (or forfeited on time): a bot plays the seat on, the player ranks last.
    resigned: bool = False
    #: How many of the seat's decisions ran out of time.
    timeouts: int = 0


class Presence(BaseModel):
    type: Literal["presence"] = "presence"
    seats: list[SeatInfo]
    spectators: int
    rematch: str | None
    started: bool
    #: The seat of the room's creator (who may press Start), None if they hold none.
    creator: int | None
    #: Whether spectators may chat in this room.
    spectator_chat: bool
    #: The spectator ids the creator muted.
    muted: list[str]
    #: A learning room: its player hears a verdict of each of their moves (``verdict`` frames).
    learning: bool = False


class ChatFrame(BaseModel):
    type: Literal["chat"] = "chat"
    #: The kept message's number (a client that reconnects gets the kept ones again: same ids).
    id: int
    seat: int | None
    name: str | None
    text: str
    #: A spectator's message: the spectator's id in the room (None for a seat's).
    spectator: str | None


#: Every frame the server sends on the room WebSocket, told apart by its ``type``
#: (``TypeAdapter(ServerFrame)`` validates one; the server itself never needs to).
ServerFrame = Annotated[
    StateFrame | Accepted | Rejected | Presence | ChatFrame | Notice | VerdictFrame, Field(discriminator="type")
]


# ---------------------------------------------------------------------- HTTP


class ClockSpec(_Strict):
    """A turn clock: seconds per decision, a bank per player, or both (the bank is used once a
    decision's own seconds are gone, as BGA's)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    per_decision: Annotated[float, Field(gt=0, le=86400)] | None = None
    bank: Annotated[float, Field(gt=0, le=7 * 86400)] | None = None


class TurnClock(_Strict):
    """A turn-based room's clock: hours per decision (12, 24, 48, 72 or 168) and an optional bank in
    days (1 to 14) used once a decision's own hours are gone. The choices are checked where the room
    is made (a clear 400), not here."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    per_decision_hours: float
    bank_days: float | None = None


class CreateRoom(BaseModel):
    model_config = ConfigDict(extra="forbid")

    game: Annotated[str, StringConstraints(max_length=40)]
    players: Annotated[int, Field(ge=1, le=16)]
    options: dict[str, Any] = Field(default_factory=dict)
    seats: dict[str, SeatKind | UserSeat] = Field(default_factory=dict)
    name: Name | None = None
    bot_delay: Annotated[float, Field(ge=0, le=60)] | None = None
    clock: ClockSpec | TurnClock | None = None
    grace: Annotated[float, Field(ge=0, le=86400)] | None = None
    #: ``"live"`` (the default) or ``"turn-based"`` (a move a day: ``clock`` is a :class:`TurnClock`);
    #: checked where the room is made (a clear 400).
    pace: Annotated[str, StringConstraints(max_length=20)] = "live"
    #: A turn-based room's policy when a decision's time runs out: ``"bot"`` (the default) or ``"forfeit"``.
    timeout: Annotated[str, StringConstraints(max_length=20)] | None = None
    #: Shown in the lobby's open rooms while it waits for players (private by default).
    listed: bool = False
    #: Whether spectators may chat (None: as ``listed``, so unlisted rooms are closed to them).
    spectator_chat: StrictBool | None = None
    #: How many free person seats are open (anyone may take one, from the lobby or the room's page,
    #: without an invite code); the others are invited (each taken with its own link's code). All of
    #: them in a listed room, none in a private one, unless given.
    open_seats: Annotated[int, Field(ge=0, le=16)] | None = None
    #: Whether the finished game counts for its signed-in players' ratings (rated by default).
    rated: StrictBool = True
    #: A learning room (off by default): after each of their moves, the player alone among bots hears a
    #: one-line verdict of it (a ``verdict`` frame, to that seat only). Every seat but the creator's is a bot.
    learning: StrictBool = False


class StartRoom(BaseModel):
    """``{"token": …, "bot": "normal"}``: the creator starts the game; free person seats become bots."""

    model_config = ConfigDict(extra="forbid")

    token: Annotated[str, StringConstraints(max_length=200)] | None = None
    bot: BotLevel = "normal"


class Rename(BaseModel):
    """``{"token": …, "name": …}``: the person of the token goes by another name in the room."""

    model_config = ConfigDict(extra="forbid")

    token: Annotated[str, StringConstraints(max_length=200)] | None = None
    name: str = Field(max_length=200)


class JoinRoom(BaseModel):
    """``{"name": …, "seat": N, "invite": CODE}``: a person takes seat N with its invite link's code
    (``/r/{room}?seat=N&invite=CODE``; an open seat needs no code), or the first free open seat
    without ``seat``; the name is checked by :func:`asobiba.server.names.clean_name`."""

    model_config = ConfigDict(extra="forbid")

    name: str | None = Field(default=None, max_length=200)
    seat: int | None = Field(default=None, ge=0, le=63)
    invite: Annotated[str, StringConstraints(max_length=100)] | None = None


class FreeSeat(BaseModel):
    """``{"token": …}``: the creator frees seat N before the start (the person there loses it) and
    gets a new invite link for it."""

    model_config = ConfigDict(extra="forbid")

    token: Annotated[str, StringConstraints(max_length=200)] | None = None


class SeatToken(BaseModel):
    """``{"token": …}``: the seat's player leaves the waiting room, or resigns the running game."""

    model_config = ConfigDict(extra="forbid")

    token: Annotated[str, StringConstraints(max_length=200)] | None = None


class Rematch(BaseModel):
    model_config = ConfigDict(extra="forbid")

    token: Annotated[str, StringConstraints(max_length=200)] | None = None


class SeatGranted(BaseModel):
    seat: int
    token: str


class RoomCreated(BaseModel):
    room: str
    seat: int
    token: str
    invite: str
