"""Contract v2, what the server, the browser and research read: the view envelope and the game's JSON
Schema, the pending decision, legality without side effects, ``seq``, actions as data.

The schema check validates with ``jsonschema`` (``pip install asobiba[testing]``), imported when it runs.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

from asobiba.core.actions import Action
from asobiba.core.errors import GameOver, NotYourTurn
from asobiba.core.registry import get_game
from asobiba.core.schema import view_schema
from asobiba.core.state import CHANCE, ENVELOPE_KEYS
from asobiba.testing.errors import ConformanceError, expect
from asobiba.testing.playing import (
    finished_game,
    random_playout,
    refused,
    sampled_positions,
    snapshot,
    table_size,
    viewers,
)

if TYPE_CHECKING:
    import jsonschema  # type: ignore[import-untyped]


@cache
def schema_validator(name: str) -> jsonschema.Draft202012Validator:
    """The validator of the game's views (its schema checked first)."""
    try:
        import jsonschema
    except ImportError:  # pragma: no cover - the kit's own extra
        raise ImportError("the schema check needs jsonschema: python3 -m pip install 'asobiba[testing]'") from None
    schema = view_schema(get_game(name))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def check_schema_errors(name: str, view: Mapping[str, Any], where: str) -> None:
    """The view fits the game's JSON Schema."""
    errors = sorted(schema_validator(name).iter_errors(view), key=str)
    if errors:
        raise ConformanceError(
            f"{where}: the view does not fit the schema: {errors[0].message} at {list(errors[0].path)}"
        )


def check_views(name: str, seed: int) -> None:
    """Every view starts with the envelope (``phase``, ``to_move``, ``seq``, ``pending``), holds no
    own key that shadows it and fits the game's schema; ``pending`` names who decides exactly while
    a player is to move; a view at a scripted chance node fits too."""
    rng = random.Random(seed)
    for state, _ in random_playout(name, seed):
        where = f"{name} (seed {seed}, seq {state.seq})"
        chosen = viewers(state)
        if not state.is_over and rng.random() > 0.3:
            chosen = [rng.choice(chosen)]  # every view at a third of the steps, one at the others
        for viewer in chosen:
            view = state.view(viewer)
            expect(
                tuple(view)[: len(ENVELOPE_KEYS)] == ENVELOPE_KEYS,
                f"{where}: the view does not start with the envelope",
            )
            expect(
                view["seq"] == state.seq == len(state.record()["actions"]), f"{where}: seq is not the record's length"
            )
            expect(view["to_move"] == state.to_move, f"{where}: the view's to_move is not the state's")
            own = set(state._view(viewer)) & set(ENVELOPE_KEYS)
            expect(not own, f"{where}: the game's _view returns the envelope's keys {sorted(own)}")
            check_schema_errors(name, view, f"{where}, viewer {viewer}")
        view = state.view(state.to_move if state.to_move not in (None, CHANCE) else None)
        pending = view["pending"]
        if state.is_over:
            expect(pending is None and view["phase"] == "over", f"{where}: a finished game has a pending decision")
            continue
        expect(
            pending is not None and pending["player"] == state.to_move,
            f"{where}: pending does not name p{state.to_move}",
        )
        expect(isinstance(pending["kind"], str) and pending["kind"], f"{where}: pending has no kind")
        expect(isinstance(pending["steps"], list), f"{where}: pending's steps are not a list")
        expect(
            isinstance(view["phase"], str) and view["phase"] not in ("", "over"),
            f"{where}: the phase is {view['phase']!r}",
        )
    scripted = get_game(name).new_game(table_size(name, seed), seed=seed, chance="scripted")
    if scripted.to_move == CHANCE:
        for viewer in viewers(scripted):
            view = scripted.view(viewer)
            expect(
                view["pending"] == {"player": CHANCE, "kind": "chance", "steps": []},
                f"{name}: a scripted chance node's pending",
            )
            check_schema_errors(name, view, f"{name} at a scripted chance node, viewer {viewer}")


#: Positions of a play-out where every legal action is checked.
CHECKED_POSITIONS = 10


def check_legality(name: str, seed: int) -> None:
    """``check`` and ``is_legal`` agree with the legal actions and change nothing; another player's
    ``check`` is :class:`NotYourTurn`, any after the end :class:`GameOver`; ``seq`` survives clone and
    determinize; every legal action is data (``to_json()`` with its ``kind``) with a description."""
    game = get_game(name)
    seen: list[Action] = []
    for state in sampled_positions(name, seed, CHECKED_POSITIONS):
        where = f"{name} (seed {seed}, seq {state.seq})"
        legal = state.legal_actions()
        before = snapshot(state)
        for action in legal:
            state.check(action)
            expect(
                state.is_legal(action) and state.is_legal(action, player=state.to_move), f"{where}: {action} not legal"
            )
            data = action.to_json()
            expect(data["kind"] == action.kind and isinstance(data["kind"], str), f"{where}: {action}'s to_json kind")
            expect(json.loads(json.dumps(data)) == data, f"{where}: {action}'s to_json is not JSON")
            expect(isinstance(game.describe_action(action, "ja"), str), f"{where}: {action} has no description")
        if state.players > 1 and state.to_move is not None:
            other = (state.to_move + 1) % state.players
            refused(
                NotYourTurn, f"{where}: p{other} checks p{state.to_move}'s move", state.check, legal[0], player=other
            )
        for action in seen[-20:]:
            expect(state.is_legal(action) == (action in legal), f"{where}: is_legal({action}) is wrong")
        expect(snapshot(state) == before, f"{where}: check changed the game")
        expect(state.clone().seq == state.seq, f"{where}: a clone's seq differs")
        expect(state.determinize(0, seed=1).view(0)["seq"] == state.seq, f"{where}: a sample's seq differs")
        seen.extend(legal[:5])
    final = finished_game(name, seed)
    expect(all(type(action) in game.action_types for action in final.history), f"{name}: an undeclared action type")
    before = snapshot(final)
    if seen:
        refused(GameOver, f"{name} (seed {seed}): check after the end", final.check, seen[-1])
        expect(not final.is_legal(seen[-1]) and snapshot(final) == before, f"{name} (seed {seed}): legal after the end")
