"""How the kit plays a game: random play-outs from a seed, the positions it probes, and what it compares.

Everything is a function of the game's name and a seed (plain :class:`random.Random`), so a failure
names the seed that reproduces it.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Mapping
from typing import Any

from asobiba.core.errors import AsobibaError
from asobiba.core.events import Event
from asobiba.core.registry import get_game
from asobiba.core.state import State
from asobiba.testing.capabilities import capabilities
from asobiba.testing.errors import ConformanceError, expect


def refused(kind: type[AsobibaError], message: str, call: Any, *arguments: Any, **keywords: Any) -> AsobibaError:
    """Call ``call``; it must raise ``kind`` (else :class:`ConformanceError` with ``message``)."""
    try:
        call(*arguments, **keywords)
    except kind as error:
        return error
    except Exception as error:
        raise ConformanceError(f"{message}: it raised {type(error).__name__}: {error}, not {kind.__name__}") from error
    raise ConformanceError(f"{message}: it was accepted, not refused with {kind.__name__}")


def table_size(name: str, seed: int) -> int:
    """A number of players the game takes, drawn from ``seed``."""
    return random.Random(seed).choice(capabilities(name).player_counts)


def game_seed(seed: int) -> int:
    """A long seed (19 digits) for the game, so that a view that leaks it is caught."""
    return 2**62 + random.Random(seed).getrandbits(62)


def viewers(state: State) -> list[int | None]:
    """The spectator (``None``) and every player."""
    return [None, *range(state.players)]


def all_views(state: State) -> dict[int | None, Mapping[str, Any]]:
    return {viewer: state.view(viewer) for viewer in viewers(state)}


def snapshot(state: State) -> str:
    """Everything anybody can read of a game, as one text: equal snapshots, an unchanged game."""
    return json.dumps([state.record(), state.view(None), state.seq], sort_keys=True, default=str)


def random_playout(
    name: str, seed: int, players: int | None = None, **options: Any
) -> Iterator[tuple[State, list[Event]]]:
    """Yield ``(state, events)`` after the setup (its events) and after every random action, to the end."""
    game = get_game(name)
    state, events = game.start(table_size(name, seed) if players is None else players, seed=game_seed(seed), **options)
    rng = random.Random(seed)
    yield state, events
    for _ in range(capabilities(name).longest_game):
        if state.is_over:
            return
        actions = state.legal_actions()
        expect(actions, f"{name} (seed {seed}): p{state.to_move} is to move but has no legal action")
        events = state.apply(rng.choice(actions))
        yield state, events
    expect(state.is_over, f"{name} (seed {seed}): not over after {capabilities(name).longest_game} random decisions")


def finished_game(name: str, seed: int) -> State:
    """A game played at random to its end."""
    final: State | None = None
    for state, _ in random_playout(name, seed):
        final = state
    assert final is not None
    return final


def positions(name: str, seed: int) -> list[State]:
    """A few positions of a random game (the start, up to three in the middle, the end), each a clone."""
    state = finished_game(name, seed)
    record = state.record()
    from asobiba.core.record import replay_steps

    steps = len(record["actions"])
    rng = random.Random(seed)
    wanted = {0, steps, *(rng.randrange(steps) for _ in range(3) if steps)}
    return [replayed.clone() for step, (replayed, _, _) in enumerate(replay_steps(record)) if step in wanted]


def sampled_positions(name: str, seed: int, count: int) -> list[State]:
    """Up to ``count`` positions of a random game where a player is to move, drawn evenly from its
    whole length (so a short game is checked as well as a long one), in the order played; clones."""
    found = [state.clone() for state, _ in random_playout(name, seed) if not state.is_over]
    chosen = sorted(random.Random(seed).sample(range(len(found)), min(count, len(found))))
    return [found[index] for index in chosen]
