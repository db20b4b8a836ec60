"""Concurrency: two acts quoting the same seq at once -> exactly one is accepted (the other is
``stale``, followed by a fresh state)."""

from __future__ import annotations

from server_testing import ServerProcess, play_first_legal, race_on_one_seq, run

from asobiba.server.client import RoomClient, create_room, room_record

ROUNDS = 8


def test_two_acts_with_the_same_seq_at_once_exactly_one_is_accepted(shared_server: ServerProcess) -> None:
    made = create_room(shared_server.base_url, "cockroach-poker", 3, seats={"1": "bot:random", "2": "bot:random"})
    accepted: list[tuple[int, str]] = []

    async def scenario() -> None:
        async with (
            RoomClient(shared_server.base_url, made["room"], made["token"]) as tab1,
            RoomClient(shared_server.base_url, made["room"], made["token"]) as tab2,
        ):
            for _round in range(ROUNDS):
                won = await race_on_one_seq(tab1, tab2)
                if won is None:
                    break
                accepted.append(won)
            await play_first_legal(tab1)  # finish, to read the record

    run(scenario())
    assert accepted
    record = room_record(shared_server.base_url, made["room"])
    for seq, notation in accepted:
        assert record["actions"][seq] == notation
