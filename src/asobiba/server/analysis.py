"""The coach in the browser: a finished game's analysis for one seat, in a pool of worker processes.

An analysis is :func:`asobiba.bots.analysis.analyse` on the room's record, from the seat's observations
only (determinized samples, never the true hands). It is CPU work of up to a minute, so it never runs on
the event loop nor in a thread of the server's process: :class:`Coach` hands it to a pool of worker
processes (``spawn``: a fresh interpreter, nothing inherited from the server's threads), one analysis a
worker, the rest waiting in a :class:`~asobiba.server.fair_queue.FairQueue` (bounded per client, served
in turns between clients and games, each request told its place). One analysis per game and seat: it
serves every reader, in every language, whoever asked first (asking again while it runs or waits is the
same analysis; once made it is served from the cache). A worker writes its progress (decisions done /
decisions) into a slot of a shared array the server reads; the slot is set to 0 when a job takes it. A
finished analysis is kept in the ``analyses`` table under its game, its seat and :func:`analysis_key`
(the sizing and the languages) and served from there and from a small cache in memory.

The sizing (:func:`sizing_for`) is chosen so that a whole game's analysis takes under a minute on a
free core (``benchmarks/coach.py``: at most a few CPU seconds for the longest seat of long games; the
wall-clock time grows with what else the cores run): ``samples`` determinizations a candidate, fewer in
games with many decisions.

:func:`run_hint` is "what the coach would play": the coach's ``hard`` bot on the seat's observation,
in a worker process of its own (a hint waits for no analysis), behind a fair queue of its own with the
same bounds. Every worker ends with the server, ``kill -9`` too (:mod:`asobiba.server.parent_watch`).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from collections import OrderedDict
from collections.abc import Coroutine, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

import orjson

from asobiba.bots import bot
from asobiba.bots.analysis import COACH_HARD, Analysis, analyse, describe_move
from asobiba.bots.coach_words import explain_decision, move_words
from asobiba.bots.verdict import hint_reasons
from asobiba.core.record import replay, replay_steps
from asobiba.core.registry import declaration
from asobiba.core.state import Observation
from asobiba.i18n import LANGUAGES, Catalog
from asobiba.server.fair_queue import Busy, FairQueue, TooManyForClient
from asobiba.server.learning import VerdictKey, run_verdict, seat_placeholders
from asobiba.server.parent_watch import die_with_parent
from asobiba.server.storage import Storage

web_tr = Catalog("web")

#: Analyses (and hints) waiting for a worker past which only a client that has none waiting or running
#: gets in (503 for the others), and four times which nobody does (asobiba.server.fair_queue).
MAX_QUEUED = 32
#: Analyses (and hints) one client (address) may have waiting or running at once; past it its next one
#: is refused (429). Waiting ones are served in turns between clients and games (a client's second
#: waits behind everyone's first): nobody is locked out however many others ask.
MAX_PER_CLIENT = 3
#: Finished analyses kept serialised in memory (the database keeps them all).
CACHED = 64
#: Finished hints kept in memory (one per room, seq and seat).
CACHED_HINTS = 256


@dataclass(frozen=True)
class Sizing:
    """How much work an analysis does (stored beside it: a change of sizing makes it again)."""

    samples: int
    max_candidates: int
    hard: str = COACH_HARD
    seed: int = 0
    #: Moves a rollout plays before the game's evaluator scores it (``"auto"``: the game's own).
    rollout_depth: int | str | None = "auto"
    #: The most samples the move played and the best found are played out in, to know their chances
    #: within ±10 points (``None``: ``samples``, no more).
    max_samples: int | None = None


#: Rollouts a whole analysis may play to look at every candidate (the coach's search and the candidates'
#: first samples together), shared out over the seat's decisions; every decision gets at least the
#: minimums below. Then the move played and the best found get more samples, up to
#: :data:`COMPARED_SAMPLES` each, until both chances are known within ±10 points (the interval rule of
#: :mod:`asobiba.bots.analysis`). Measured: benchmarks/coach.py, every game's analysis within a minute on
#: a free core (docs/protocol.md).
ROLLOUT_BUDGET = 1000
MIN_SAMPLES, MAX_SAMPLES = 8, 16
MIN_ITERATIONS, MAX_ITERATIONS = 2, 16
MAX_CANDIDATES = 4
#: A decision's share of the budget under which it looks at one candidate fewer (long games).
FEW_CANDIDATES_BELOW = 16
#: The most samples the move played and the best found are played out in (a chance near 50 % from
#: wins and losses needs about 96 to be known within ±10 points).
COMPARED_SAMPLES = 128
#: A rollout cut short by the game's evaluator plays at most this many moves here (the terminal's
#: ``asobiba analyse`` plays the game's own depth): the coach answers within a minute with the interval
#: rule met (benchmarks/coach.py, a 94-decision seat of Survive: 60 CPU seconds at 8 moves, 32 at 4).
MAX_ROLLOUT_DEPTH = 4

#: What is stored beside an analysis: the sizing rule (an analysis made by another rule is made again).
SIZING_RULE = (
    f"budget={ROLLOUT_BUDGET},samples={MIN_SAMPLES}-{MAX_SAMPLES},compared={COMPARED_SAMPLES},"
    f"iterations={MIN_ITERATIONS}-{MAX_ITERATIONS},candidates={MAX_CANDIDATES}/{FEW_CANDIDATES_BELOW},"
    f"depth={MAX_ROLLOUT_DEPTH},search-depth,words,wilson"
)


def analysis_key(sizing: Sizing | None) -> str:
    """What an analysis is stored under beside its game and seat: how it was made (the sizing rule, or a
    fixed sizing) and the languages its moves are told in (an analysis serves every reader in each).

    >>> analysis_key(None).endswith(",languages=en+ja")
    True
    """
    made = SIZING_RULE if sizing is None else repr(sizing)
    return f"{made},languages={'+'.join(LANGUAGES)}"


def sizing_for(decisions: int, depth: int | None = None) -> Sizing:
    """The sizing of an analysis of ``decisions`` decisions in a game whose rollouts the evaluator cuts
    at ``depth`` moves (None: played to the end): a sixth of each decision's share of
    :data:`ROLLOUT_BUDGET` to the coach's search (its iterations, or its samples where it is a PIMC: a
    game's own ``samples`` would cost seconds a decision), the rest to the candidates' samples (one
    candidate fewer in long games); rollouts, the search's too, of at most :data:`MAX_ROLLOUT_DEPTH` moves
    where the game cuts them at all; then up to :data:`COMPARED_SAMPLES` samples for the two moves compared.

    >>> sizing_for(11).samples, sizing_for(11).hard, sizing_for(11).rollout_depth, sizing_for(11).max_samples
    (16, 'hard:time_limit=none,iterations=15,samples=15', None, 128)
    >>> long = sizing_for(90, 24)
    >>> long.samples, long.max_candidates, long.hard, long.rollout_depth
    (8, 3, 'hard:time_limit=none,iterations=2,samples=2,rollout_depth=4', 4)
    """
    share = ROLLOUT_BUDGET // max(1, decisions)
    iterations = max(MIN_ITERATIONS, min(MAX_ITERATIONS, share // 6))
    candidates = MAX_CANDIDATES if share >= FEW_CANDIDATES_BELOW else MAX_CANDIDATES - 1
    samples = max(MIN_SAMPLES, min(MAX_SAMPLES, (share - iterations) // candidates))
    rollout_depth = None if depth is None else min(depth, MAX_ROLLOUT_DEPTH)
    hard = f"hard:time_limit=none,iterations={iterations},samples={iterations}"
    return Sizing(
        samples=samples,
        max_candidates=candidates,
        hard=hard if rollout_depth is None else f"{hard},rollout_depth={rollout_depth}",
        rollout_depth=rollout_depth,
        max_samples=COMPARED_SAMPLES,
    )


# ---------------------------------------------------------------------- in the worker process

_progress: Any = None


def _start_worker(progress: Any, server: int) -> None:
    """A worker's initializer: it ends with the ``server`` process however that ends
    (:func:`~asobiba.server.parent_watch.die_with_parent`), and writes its progress into ``progress``."""
    global _progress
    die_with_parent(server)
    _progress = progress


def decision_count(record: Mapping[str, Any], seat: int) -> int:
    """How many decisions of ``seat`` the record holds with a real choice (what an analysis looks at)."""
    return sum(1 for state, _, _ in replay_steps(record) if state.to_move == seat and len(state.legal_actions()) > 1)


#: Players' names by language, each a list by seat (the room's seat names).
Names = Mapping[str, Sequence[str]]


def run_analysis(
    record: Mapping[str, Any],
    seat: int,
    slot: int | None = None,
    sizing: Sizing | None = None,
    names: Names | None = None,
) -> dict[str, Any]:
    """(In a worker.) The analysis of ``seat`` in ``record`` as the server answers it, progress in ``slot``;
    ``sizing`` fixed, else :func:`sizing_for` the seat's decisions; players named by ``names``."""

    def progress(done: int, total: int) -> None:
        if _progress is not None and slot is not None:
            _progress[slot] = done / total if total else 1.0

    if sizing is None:
        sizing = sizing_for(decision_count(record, seat), declaration(record["game"]).analysis_rollout_depth)
    analysis = analyse(
        record,
        seat,
        samples=sizing.samples,
        max_candidates=sizing.max_candidates,
        hard=sizing.hard,
        seed=sizing.seed,
        rollout_depth=sizing.rollout_depth,
        progress=progress,
        max_samples=sizing.max_samples if sizing.max_samples is not None else sizing.samples,
    )
    return coach_json(analysis, record, names)


def seat_names(players: int) -> dict[str, list[str]]:
    """Names for seats nobody named, by language: "Seat 1"... (the room gives its own)."""
    return {lang: [web_tr("Seat {seat}", lang, seat=seat) for seat in range(players)] for lang in LANGUAGES}


def coach_json(analysis: Analysis, record: Mapping[str, Any], names: Names | None = None) -> dict[str, Any]:
    """An analysis as ``GET /api/rooms/{room}/analysis`` answers it (docs/protocol.md): the moves in words
    and each decision's verdict and words (:func:`asobiba.bots.coach_words.explain_decision`), in every
    language, players by ``names`` (default: "Seat 1"...). The route adds ``why``, the words in the
    reader's language."""
    named = {lang: list((names or {}).get(lang) or seat_names(analysis.players)[lang]) for lang in LANGUAGES}
    wanted = {decision.seq for decision in analysis.decisions}
    positions: dict[int, Observation[Any]] = {}
    final_seq = 0
    for state, _, _ in replay_steps(record):
        final_seq = state.seq
        if state.seq in wanted:
            positions[state.seq] = state.clone().observe(analysis.player)

    def labels(seq: int, notation: str, same: Sequence[str]) -> dict[str, str]:
        return {lang: move_words(positions[seq], notation, named[lang], lang, same) for lang in LANGUAGES}

    decisions = []
    for decision in analysis.decisions:
        candidates = []
        for candidate in decision.candidates:
            low, high = candidate.interval
            candidates.append(
                {
                    "action": candidate.action,
                    "same": list(candidate.same),
                    "win": candidate.chance,
                    "low": low,
                    "high": high,
                    "n": candidate.samples,
                    "label": labels(decision.seq, candidate.action, candidate.same),
                }
            )
        observation = positions[decision.seq]
        decisions.append(
            {
                "seq": decision.seq,
                "chosen": decision.played,
                "preferred": decision.preferred,
                "best": decision.best.action,
                "loss": decision.loss,
                "marked": decision.marked,
                "verdict": decision.verdict,
                "words": {lang: explain_decision(decision, observation, named[lang], lang) for lang in LANGUAGES},
                "candidates": candidates,
            }
        )
    curve = [
        {
            "seq": decision.seq,
            "win": decision.played_candidate.chance,
            "low": decision.played_candidate.interval[0],
            "high": decision.played_candidate.interval[1],
            "marked": decision.marked,
        }
        for decision in analysis.decisions
    ]
    curve.append({"seq": final_seq, "win": analysis.outcome, "marked": False})
    return {
        "seat": analysis.player,
        "game": analysis.game,
        "players": analysis.players,
        "names": named,
        "outcome": analysis.outcome,
        "samples": analysis.samples,
        "decisions": decisions,
        "curve": curve,
    }


def in_language(body: bytes, lang: str) -> bytes:
    """A stored analysis (:func:`coach_json`) as a reader of ``lang`` gets it: each decision's ``why``, its
    words in that language."""
    found = orjson.loads(body)
    for decision in found.get("decisions", []):
        words = decision.get("words") or {}
        decision["why"] = words.get(lang) or words.get("en") or []
    return orjson.dumps(found)


def run_hint(record: Mapping[str, Any], seat: int) -> dict[str, Any]:
    """(In a worker.) What the coach would play for ``seat`` at the end of ``record`` (it must be to move),
    and why, in every language (players written ``p0``, ``p1``…: the browser writes their names there)."""
    state = replay(record)
    assert state.to_move == seat
    observation = state.observe(seat)
    action = str(bot(COACH_HARD, seed=state.seq).choose(observation))
    names = seat_placeholders(state.players)
    return {
        "seat": seat,
        "seq": state.seq,
        "action": action,
        "label": {lang: describe_move(state, action, lang) for lang in LANGUAGES},
        "why": {lang: hint_reasons(observation, action, names, lang) for lang in LANGUAGES},
    }


# ---------------------------------------------------------------------- in the server


@dataclass
class Job:
    """One analysis asked for: waiting (``slot`` None) or running in a worker (its progress slot)."""

    room: str
    seat: int
    record: dict[str, Any]
    slot: int | None = None
    #: The players' names by language (the room's seat names).
    names: Names | None = None


class Coach:
    """The analyses and hints of a server: a pool of ``workers`` processes for analyses and one for
    hints, each behind a :class:`~asobiba.server.fair_queue.FairQueue`, and the cache (see the module)."""

    def __init__(
        self,
        storage: Storage,
        workers: int = 1,
        max_queued: int = MAX_QUEUED,
        sizing: Sizing | None = None,
        max_per_client: int = MAX_PER_CLIENT,
    ) -> None:
        self.storage = storage
        #: A fixed sizing (None: :func:`sizing_for` each analysis), and the key stored with analyses.
        self.sizing = sizing
        self.sizing_key = analysis_key(sizing)
        self.workers = max(1, workers)
        self.max_queued = max_queued
        self.max_per_client = max(1, max_per_client)
        self._context = multiprocessing.get_context("spawn")
        self._progress: Any = None
        self.pool: ProcessPoolExecutor | None = None
        self.hint_pool: ProcessPoolExecutor | None = None
        self._free_slots: list[int] = list(range(self.workers))
        #: The analyses waiting or running, fairly queued, and what each needs (its record, its slot).
        self.queue: FairQueue[tuple[str, int]] = FairQueue(max_queued, self.max_per_client)
        self.jobs: dict[tuple[str, int], Job] = {}
        self.failed: dict[tuple[str, int], str] = {}
        self._done: OrderedDict[tuple[str, int], bytes] = OrderedDict()
        #: The hints and learning verdicts waiting or running, and every hint asked (a future, kept once made).
        self.hint_queue: FairQueue[tuple[str, int, int] | VerdictKey] = FairQueue(max_queued, self.max_per_client)
        #: The verdicts waiting or running: the game before the move, the move, who waits for the verdict.
        self._verdicts: dict[VerdictKey, tuple[dict[str, Any], str, asyncio.Future[dict[str, Any] | None]]] = {}
        self._hint_records: dict[tuple[str, int, int], dict[str, Any]] = {}
        self._hints: OrderedDict[tuple[str, int, int], asyncio.Future[dict[str, Any]]] = OrderedDict()
        self._hint_running = False
        self._tasks: set[asyncio.Task[None]] = set()

    def _pool(self) -> ProcessPoolExecutor:
        if self.pool is None:
            self._progress = self._context.Array("d", self.workers, lock=False)
            self.pool = ProcessPoolExecutor(
                self.workers,
                mp_context=self._context,
                initializer=_start_worker,
                initargs=(self._progress, os.getpid()),
            )
        return self.pool

    async def finished(self, room: str, seat: int) -> bytes | None:
        """The finished analysis (its JSON), from memory or the database; None if there is none."""
        found = self._done.get((room, seat))
        if found is not None:
            self._done.move_to_end((room, seat))
            return found
        stored = await self.storage.load_analysis(room, seat, self.sizing_key)
        if stored is None:
            return None
        body = stored.encode()
        self._remember((room, seat), body)
        return body

    def progress(self, room: str, seat: int) -> dict[str, Any] | None:
        """``{"progress", "queued"}`` of an analysis running (``queued`` 0) or waiting (its place in
        the queue, 1: next); None if neither."""
        job = self.jobs.get((room, seat))
        position = self.queue.position((room, seat))
        if job is None or position is None:
            return None
        if job.slot is None or self._progress is None:
            return {"progress": 0.0, "queued": max(1, position)}
        return {"progress": float(self._progress[job.slot]), "queued": 0}

    def start(
        self, room: str, seat: int, record: dict[str, Any], client: str = "?", names: Names | None = None
    ) -> dict[str, Any]:
        """Start (or join) the analysis of ``seat`` in the finished ``room`` for ``client`` (an address):
        :class:`TooManyForClient` if ``client`` has :attr:`max_per_client` analyses waiting or
        running, :class:`Busy` if too many wait (:class:`~asobiba.server.fair_queue.FairQueue`;
        joining one that exists is always allowed)."""
        key = (room, seat)
        if key not in self.jobs:
            self.queue.admit(key, client, room)
            self.failed.pop(key, None)
            self.jobs[key] = Job(room, seat, record, names=names)
            self._dispatch()
        found = self.progress(room, seat)
        assert found is not None
        return found

    def client_jobs(self, client: str) -> int:
        """The analyses ``client`` started that are waiting or running."""
        return self.queue.holds(client)

    def _dispatch(self) -> None:
        while self._free_slots and (key := self.queue.next()) is not None:
            job = self.jobs[key]
            job.slot = self._free_slots.pop()
            self._pool()
            # the slot still shows the progress of the job it ran last: this job's starts at 0
            self._progress[job.slot] = 0.0
            self._spawn(self._run(job))

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _run(self, job: Job) -> None:
        key = (job.room, job.seat)
        slot = job.slot
        assert slot is not None
        try:
            result = await asyncio.get_running_loop().run_in_executor(
                self._pool(), run_analysis, job.record, job.seat, slot, self.sizing, job.names
            )
            body = orjson.dumps(result)
            await self.storage.save_analysis(job.room, job.seat, self.sizing_key, body.decode())
            self._remember(key, body)
        except Exception as error:  # told to whoever asks next; asking again starts it again
            self.failed[key] = f"{type(error).__name__}: {error}"
        finally:
            self.jobs.pop(key, None)
            self.queue.done(key)
            self._free_slots.append(slot)
            self._dispatch()

    def _remember(self, key: tuple[str, int], body: bytes) -> None:
        self._done[key] = body
        while len(self._done) > CACHED:
            self._done.popitem(last=False)

    async def hint(self, room: str, seq: int, seat: int, record: dict[str, Any], client: str = "?") -> dict[str, Any]:
        """What the coach would play for ``seat`` at ``seq`` (computed once per position), asked by
        ``client``: the same bounds and turns as analyses (:class:`TooManyForClient`, :class:`Busy`)."""
        key = (room, seq, seat)
        found = self._hints.get(key)
        if found is None:
            self.hint_queue.admit(key, client, room)
            found = asyncio.get_running_loop().create_future()
            self._hints[key] = found
            self._hint_records[key] = record
            self._forget_hints()
            self._dispatch_hint()
        try:
            return await asyncio.shield(found)
        except Exception:
            self._hints.pop(key, None)
            raise

    def _forget_hints(self) -> None:
        """Keep at most :data:`CACHED_HINTS` hints made (those waiting or running are kept)."""
        made = [key for key, future in self._hints.items() if future.done()]
        for key in made[: max(0, len(self._hints) - CACHED_HINTS)]:
            del self._hints[key]

    def _dispatch_hint(self) -> None:
        """Run the next hint or verdict waiting, if the hints' worker is free (one at a time)."""
        if not self._hint_running and (key := self.hint_queue.next()) is not None:
            self._hint_running = True
            self._spawn(self._run_verdict(key) if isinstance(key, VerdictKey) else self._run_hint(key))

    def _hint_workers(self) -> ProcessPoolExecutor:
        if self.hint_pool is None:
            self.hint_pool = ProcessPoolExecutor(
                1, mp_context=self._context, initializer=_start_worker, initargs=(None, os.getpid())
            )
        return self.hint_pool

    async def verdict(
        self, room: str, seq: int, seat: int, record: dict[str, Any], played: str, client: str = "?"
    ) -> dict[str, Any] | None:
        """A learning room's verdict (:func:`~asobiba.server.learning.run_verdict`) of the move ``played``
        that ``seat`` made at ``seq`` (``record``: the game before it), asked by ``client``: in the hints'
        worker, behind their queue with their bounds (:class:`TooManyForClient`, :class:`Busy`). One
        verdict a seat waits: a newer move's supersedes it (the older answers None; one running goes on).
        Cancelled while it waits (its room closed), it leaves the queue."""
        key = VerdictKey(room, seq, seat)
        known = self._verdicts.get(key)
        if known is not None:
            return await asyncio.shield(known[2])
        for older, (_, _, waiting) in list(self._verdicts.items()):
            if older.room == room and older.seat == seat and self.hint_queue.position(older) != 0:
                self._drop_verdict(older)
                if not waiting.done():
                    waiting.set_result(None)
        self.hint_queue.admit(key, client, room)
        future: asyncio.Future[dict[str, Any] | None] = asyncio.get_running_loop().create_future()
        self._verdicts[key] = (record, played, future)
        self._dispatch_hint()
        try:
            return await asyncio.shield(future)
        except asyncio.CancelledError:
            if self.hint_queue.position(key) != 0:  # waiting: nobody will read it
                self._drop_verdict(key)
                future.cancel()
            raise

    def _drop_verdict(self, key: VerdictKey) -> None:
        self._verdicts.pop(key, None)
        self.hint_queue.done(key)

    async def _run_verdict(self, key: VerdictKey) -> None:
        record, played, future = self._verdicts[key]
        try:
            result = await asyncio.get_running_loop().run_in_executor(
                self._hint_workers(), run_verdict, record, key.seat, played
            )
            if not future.done():
                future.set_result(result)
        except Exception as error:
            if not future.done():
                future.set_exception(error)
                future.exception()  # told to whoever waits; nobody may
        finally:
            if not future.done():  # cancelled: the server closes
                future.cancel()
            self._drop_verdict(key)
            self._hint_running = False
            self._dispatch_hint()

    async def _run_hint(self, key: tuple[str, int, int]) -> None:
        record = self._hint_records.pop(key)
        future = self._hints[key]
        try:
            result = await asyncio.get_running_loop().run_in_executor(self._hint_workers(), run_hint, record, key[2])
            future.set_result(result)
        except Exception as error:
            future.set_exception(error)
            future.exception()  # told to whoever waits; nobody may
        finally:
            if not future.done():  # cancelled: the server closes
                future.cancel()
            self.hint_queue.done(key)
            self._hint_running = False
            self._dispatch_hint()

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        for pool in (self.pool, self.hint_pool):
            if pool is not None:
                # an analysis may have a minute to go: its worker is stopped, not waited for
                workers = list(getattr(pool, "_processes", {}).values())
                pool.shutdown(wait=False, cancel_futures=True)
                for worker in workers:
                    worker.terminate()
        self.pool = self.hint_pool = None


def coach_from_environment(storage: Storage) -> Coach:
    """The server's :class:`Coach`: ``$ASOBIBA_ANALYSIS_WORKERS`` processes (default 1: one analysis at a
    time beside the games); ``$ASOBIBA_ANALYSIS_SAMPLES`` fixes the samples a candidate (with
    ``$ASOBIBA_ANALYSIS_HARD`` the coach's bot and ``$ASOBIBA_ANALYSIS_MAX_SAMPLES`` the most samples of the
    moves compared; tests make analyses short so), else :func:`sizing_for`;
    ``$ASOBIBA_ANALYSIS_PER_CLIENT`` the analyses a client may have waiting or running (default
    :data:`MAX_PER_CLIENT`)."""
    workers = os.environ.get("ASOBIBA_ANALYSIS_WORKERS", "1")
    per_client = os.environ.get("ASOBIBA_ANALYSIS_PER_CLIENT", str(MAX_PER_CLIENT))
    samples = os.environ.get("ASOBIBA_ANALYSIS_SAMPLES")
    sizing = None
    if samples:
        hard = os.environ.get("ASOBIBA_ANALYSIS_HARD") or COACH_HARD
        most = os.environ.get("ASOBIBA_ANALYSIS_MAX_SAMPLES")
        sizing = Sizing(
            samples=max(1, int(samples)),
            max_candidates=MAX_CANDIDATES,
            hard=hard,
            max_samples=max(1, int(most)) if most else None,
        )
    return Coach(storage, workers=max(1, int(workers)), sizing=sizing, max_per_client=max(1, int(per_client)))


__all__ = [
    "MAX_PER_CLIENT",
    "Busy",
    "Coach",
    "Sizing",
    "TooManyForClient",
    "coach_json",
    "in_language",
    "run_analysis",
    "run_hint",
    "sizing_for",
]
