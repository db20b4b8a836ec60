"""The server's log handler: the records of one event-loop turn reach the writing thread together
(one hand-off per turn), in order; a record from off the loop goes at once, after any waiting batch."""

from __future__ import annotations

import asyncio
import io
import logging
import queue

from asobiba.server.logs import BatchListener, TextFormatter, TurnBatchingQueueHandler


def record(message: str) -> logging.LogRecord:
    return logging.makeLogRecord({"msg": message, "levelno": logging.INFO, "levelname": "INFO"})


def test_one_turns_records_go_together_after_the_turn() -> None:
    records: queue.SimpleQueue[logging.LogRecord | list[logging.LogRecord]] = queue.SimpleQueue()
    handler = TurnBatchingQueueHandler(records)

    async def one_turn() -> int:
        handler.emit(record("a"))
        handler.emit(record("b"))
        waiting = records.qsize()
        await asyncio.sleep(0)  # the turn ends
        handler.emit(record("c"))
        await asyncio.sleep(0)
        return waiting

    assert asyncio.run(one_turn()) == 0  # nothing handed over during the turn
    batches = [records.get_nowait() for _ in range(records.qsize())]
    assert [[each.getMessage() for each in batch] for batch in batches if isinstance(batch, list)] == [
        ["a", "b"],
        ["c"],
    ]


def test_off_the_loop_a_record_goes_at_once_after_the_waiting_batch() -> None:
    records: queue.SimpleQueue[logging.LogRecord | list[logging.LogRecord]] = queue.SimpleQueue()
    handler = TurnBatchingQueueHandler(records)
    handler.emit(record("alone"))
    assert isinstance(first := records.get_nowait(), logging.LogRecord) and first.getMessage() == "alone"

    async def batch_then_other_loop() -> None:
        handler.emit(record("on the loop"))

    asyncio.run(batch_then_other_loop())
    handler.emit(record("after"))
    order = [records.get_nowait() for _ in range(records.qsize())]
    assert [
        [each.getMessage() for each in item] if isinstance(item, list) else item.getMessage() for item in order
    ] == [
        ["on the loop"],
        "after",
    ]


def test_the_listener_writes_batches_and_records_in_order() -> None:
    records: queue.SimpleQueue[logging.LogRecord | list[logging.LogRecord]] = queue.SimpleQueue()
    written = io.StringIO()
    output = logging.StreamHandler(written)
    output.setFormatter(TextFormatter())
    listener = BatchListener(records, output)
    listener.start()
    records.put_nowait([record("one"), record("two")])
    records.put_nowait(record("three"))
    listener.stop()
    assert [line.split(" ", 2)[2] for line in written.getvalue().splitlines()] == ["one", "two", "three"]
