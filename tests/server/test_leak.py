"""Hidden information: each seat receives only its own view, its own visible events and its own
legal actions; a spectator the spectator view. Random games are played through the server with
every seat connected; afterwards every frame is checked against the engine replaying the record."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest
from server_testing import ServerProcess, replayed_steps, run

import asobiba
from asobiba.server.client import RoomClient, create_room, follow_invite, room_record
from asobiba.server.rooms.notices import TEXTS as SERVER_LINES

#: (game, players, options, seeds) of the games played (the long games once: the whole server
#: module keeps within about two minutes on two cores).
TABLES = [
    ("cockroach-poker", 3, {}, (1, 2, 3)),
    ("cockroach-poker", 4, {"rules": "original"}, (4, 5)),
    ("cockroach-poker", 2, {"rules": "original"}, (6,)),
    ("paper-safari", 2, {}, (7,)),
    ("paper-safari", 3, {}, (8,)),
    ("survive", 2, {}, (9,)),
    ("survive", 4, {}, (10,)),
]


async def random_player(client: RoomClient, rng: random.Random) -> None:
    """Plays a random legal action whenever its seat is to move, until the game ends."""
    for _ in range(5000):
        if client.state["view"]["is_over"]:
            return
        if client.state["legal"]:
            choice = rng.choice(client.state["legal"])["notation"]
            reply = await client.act(choice)
            assert reply["type"] == "accepted", reply
        else:
            await client.next_state()
    raise AssertionError("the game did not end")


async def watcher(client: RoomClient) -> None:
    while not client.state["view"]["is_over"]:
        await client.next_state()


async def play_everyone(server: ServerProcess, game: str, players: int, options: dict, seed: int) -> tuple:
    made = create_room(server.base_url, game, players, options=options, name="p0", bot_delay=0)
    tokens = [made["token"]] + [follow_invite(made["invites"][str(n)], f"p{n}")["token"] for n in range(1, players)]
    clients = [
        RoomClient(server.base_url, made["room"], token, lang=("ja", "en")[n % 2]) for n, token in enumerate(tokens)
    ]
    spectator = RoomClient(server.base_url, made["room"])
    for client in [*clients, spectator]:
        await client.connect()
    rng = random.Random(seed)
    await asyncio.gather(
        *(random_player(client, random.Random(rng.random())) for client in clients), watcher(spectator)
    )
    for client in [*clients, spectator]:
        await client.close()
    return made["room"], clients, spectator


def expected_events(steps: list, since: int | None, upto: int, seat: int | None, lang: str, game: Any) -> list[dict]:
    shown = []
    for seq, _state, events in steps:
        if (since is not None and seq <= since) or seq > upto:
            continue
        for event in events:
            seen = event.seen_by(seat)
            if seen is not None:
                shown.append({**seen.to_dict(), "text": game.describe_event(seen, lang)})
    return shown


def check_frames(client: RoomClient, seat: int | None, steps: list, game: Any) -> int:
    """Every state frame of this connection is exactly what the engine shows ``seat`` there."""
    by_seq = {seq: state for seq, state, _ in steps}
    previous: int | None = None
    checked = 0
    for frame in client.frames:
        if frame["type"] != "state":
            continue
        state = by_seq[frame["seq"]]
        assert frame["seat"] == seat
        assert frame["view"] == json.loads(json.dumps(state.view(seat))), f"view of seat {seat} at {frame['seq']}"
        legal = [str(action) for action in state.legal_actions()] if state.to_move == seat else []
        assert [entry["notation"] for entry in frame["legal"]] == legal
        assert [entry["action"] for entry in frame["legal"]] == [
            action.to_json() for action in state.legal_actions() if state.to_move == seat
        ]
        # the server's own log lines (the game started, a bot took a seat over) are no game event
        game_events = [event for event in frame["events"] if event["event"] not in SERVER_LINES]
        assert game_events == json.loads(
            json.dumps(expected_events(steps, previous, frame["seq"], seat, client.lang, game))
        ), f"events of seat {seat} at {frame['seq']}"
        previous = frame["seq"]
        checked += 1
    return checked


@pytest.mark.parametrize(("game", "players", "options", "seeds"), TABLES, ids=[f"{g}-{p}" for g, p, _, _ in TABLES])
def test_every_frame_shows_each_seat_exactly_what_it_may_know(
    shared_server: ServerProcess, game: str, players: int, options: dict, seeds: tuple[int, ...]
) -> None:
    for seed in seeds:
        room, clients, spectator = run(play_everyone(shared_server, game, players, options, seed), timeout=120)
        record = room_record(shared_server.base_url, room)
        steps = replayed_steps(record)
        engine_game = asobiba.get_game(game)
        for seat, client in enumerate(clients):
            assert check_frames(client, seat, steps, engine_game) > 0
        assert check_frames(spectator, None, steps, engine_game) > 0


def test_no_frame_before_the_end_holds_the_seed_or_the_record(shared_server: ServerProcess) -> None:
    """The record (and the seed that decides every future chance outcome) leaves only at the end."""
    room, clients, spectator = run(play_everyone(shared_server, "cockroach-poker", 3, {}, 3))
    record = room_record(shared_server.base_url, room)
    secret_seed = str(record["seed"])
    deal = record["actions"][0]
    for client in [*clients, spectator]:
        for frame in client.frames:
            text = json.dumps(frame)
            assert secret_seed not in text
            if not (frame["type"] == "state" and frame["view"]["is_over"]):
                assert deal not in text
