"""Concurrency: two acts quoting the same seq at once -> exactly one is accepted (the other is
``stale``, followed by a fresh state)."""

from __future__ import annotations

import asyncio

from server_testing import ServerProcess, play_first_legal, run

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
            rounds = 0
            while rounds < ROUNDS and not tab1.state["view"]["is_over"]:
                while not tab1.state["legal"] and not tab1.state["view"]["is_over"]:
                    await tab1.next_state()
                if tab1.state["view"]["is_over"]:
                    break
                while tab2.seq < tab1.seq:
                    await tab2.next_state()
                seq = tab1.seq
                legal = [entry["notation"] for entry in tab1.state["legal"]]
                first, second = legal[0], legal[-1]
                replies = await asyncio.gather(
                    tab1.act(first, seq=seq, message_id="one", wait_state=False),
                    tab2.act(second, seq=seq, message_id="two", wait_state=False),
                )
                kinds = sorted(reply["type"] for reply in replies)
                if first == second:  # the same action twice: the second is the harmless resend
                    assert kinds == ["accepted", "accepted"]
                else:
                    assert kinds == ["accepted", "rejected"], replies
                    loser = next(reply for reply in replies if reply["type"] == "rejected")
                    assert loser["code"] == "stale"
                winner = next(reply for reply in replies if reply["type"] == "accepted")
                accepted.append((seq, first if winner["id"] == "one" else second))
                for tab in (tab1, tab2):
                    while tab.seq <= seq:
                        await tab.next_state()
                rounds += 1
            await play_first_legal(tab1)  # finish, to read the record

    run(scenario())
    assert accepted
    record = room_record(shared_server.base_url, made["room"])
    for seq, notation in accepted:
        assert record["actions"][seq] == notation
