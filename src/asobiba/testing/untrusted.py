"""Untrusted input at every public entry: the server passes text and JSON from the network straight
into the game. Each call either works or raises an :class:`~asobiba.AsobibaError` (with a code), and
a refusal changes nothing (the record and the spectator's view are the same).

Odd values are drawn with plain :class:`random.Random` from a seed (no hypothesis needed): the classic
troublemakers, huge and negative numbers, odd texts, tuples of every kind.
"""

from __future__ import annotations

import dataclasses
import math
import random
import string
from typing import Any

from asobiba.core.actions import Action
from asobiba.core.errors import AsobibaError, CorruptRecord, IllegalAction, InvalidOption, NoSuchPlayer, short_repr
from asobiba.core.record import replay
from asobiba.core.registry import game_names, get_game
from asobiba.core.state import State
from asobiba.testing.capabilities import capabilities
from asobiba.testing.errors import ConformanceError, expect
from asobiba.testing.playing import finished_game, positions, refused, snapshot, table_size

#: Odd inputs tried per position probe (each of the five kinds: notation, built actions, players, options, records).
PROBES = 60
#: Texts that are no action of any game.
GARBAGE = ["", "   ", "xyzzy", "🦄 🦄", "p99", "-1", "{}", "None", "deal", "\x00", "a" * 300]
#: The classic troublemakers.
TROUBLEMAKERS: list[Any] = [
    None, True, False, -1, 0, 1, 2, 5, 99, 2**63, 10**30, -(10**30), 10**5000, 1.5, math.nan, math.inf, -math.inf,
    "", "p1", "p²", "①", "H7", "hearts", "b3", "yes", "\x00", "x" * 1000, "--5", "²", (), (1, 2), ("a",), b"\x00\xff",
    [], {}, [[[[[[[[[[[]]]]]]]]]]],
]  # fmt: skip
#: Characters odd texts are made of: ASCII, digits that are not ASCII, emoji, controls, Japanese.
ODD_CHARACTERS = string.printable + "²①٣🦄\x00\u200bあ漢"


def odd_value(rng: random.Random) -> Any:
    """One odd value: a troublemaker, a number, a text, or a tuple of numbers or texts."""
    kind = rng.randrange(6)
    if kind == 0:
        return rng.choice(TROUBLEMAKERS)
    if kind == 1:
        return rng.randint(-(10**30), 10**30) if rng.random() < 0.5 else rng.randint(-3, 60)
    if kind == 2:
        return rng.uniform(-1e9, 1e9)
    if kind == 3:
        return odd_text(rng, 30)
    if kind == 4:
        return tuple(rng.randint(-3, 60) for _ in range(rng.randrange(6)))
    return tuple(odd_text(rng, 5) for _ in range(rng.randrange(6)))


def odd_text(rng: random.Random, longest: int) -> str:
    """A text of up to ``longest`` odd characters."""
    return "".join(rng.choice(ODD_CHARACTERS) for _ in range(rng.randrange(longest)))


def odd_nested(rng: random.Random, depth: int = 0) -> Any:
    """An odd value, or a list of them (nested a few deep)."""
    if depth < 3 and rng.random() < 0.3:
        return [odd_nested(rng, depth + 1) for _ in range(rng.randrange(4))]
    return odd_value(rng)


def only_asobiba_errors(where: str, call: Any, *arguments: Any, **keywords: Any) -> Any:
    """Call ``call``; return what it returns, or ``None`` if it raised an AsobibaError with a code and a message."""
    try:
        return call(*arguments, **keywords)
    except AsobibaError as error:
        expect(isinstance(error.code, str) and error.code, f"{where}: {type(error).__name__} has no code")
        expect(isinstance(error.to_json()["message"], str), f"{where}: {type(error).__name__} has no message")
        return None
    except Exception as error:
        raise ConformanceError(f"{where}: {call.__qualname__} raised {type(error).__name__}: {error}") from error


def foreign_actions(name: str, players: int, seed: int, per_position: int = 3) -> list[Action]:
    """Legal actions met in other games of the same game and table (``per_position`` at each position)."""
    found: list[Action] = []
    for other_seed in (seed + 1, seed + 2):
        other = get_game(name).new_game(players, seed=other_seed)
        rng = random.Random(other_seed)
        for _ in range(40):
            if other.is_over:
                break
            actions = other.legal_actions()
            found.extend(rng.sample(actions, min(per_position, len(actions))))
            other.apply(rng.choice(actions))
    return found


def check_refusals(name: str, seed: int) -> None:
    """Legal actions of other games that are not legal here, and garbage notation, are refused with
    :class:`IllegalAction` (a :class:`NotationError` is one) and change nothing; so is any action after the end."""
    game = get_game(name)
    state = game.new_game(table_size(name, seed), seed=seed)
    others = foreign_actions(name, state.players, seed)
    rng = random.Random(seed)
    for _ in range(30):
        if state.is_over:
            break
        where = f"{name} (seed {seed}, seq {state.seq})"
        legal = state.legal_actions()
        before = snapshot(state)
        for action in [action for action in others if action not in legal][:8]:
            refused(IllegalAction, f"{where}: '{action}', not legal here", state.apply, action)
            expect(snapshot(state) == before, f"{where}: refusing '{action}' changed the game")
        for text in GARBAGE:
            refused(
                IllegalAction,
                f"{where}: the text {text[:20]!r}",
                lambda text=text: state.apply(game.parse_action(text, state)),
            )
            expect(snapshot(state) == before, f"{where}: refusing {text[:20]!r} changed the game")
        state.apply(rng.choice(legal))
    final = finished_game(name, seed)
    before = snapshot(final)
    refused(IllegalAction, f"{name} (seed {seed}): an action after the end", final.apply, others[0])
    expect(snapshot(final) == before, f"{name} (seed {seed}): refusing an action after the end changed the game")


def check_corrupt_records(name: str, seed: int) -> None:
    """A record with a key missing or of the wrong type, another game's name, an action after the end
    or a cut one is refused with :class:`CorruptRecord`."""
    record = finished_game(name, seed).record()
    expect(replay(record).is_over, f"{name}: the record of a finished game does not replay to its end")
    other_game = next((other for other in game_names() if other != name), None)
    corrupt: list[Any] = [
        [],
        "record",
        {key: value for key, value in record.items() if key != "actions"},
        {**record, "game": "no-such-game"},
        {**record, "version": 999},
        {**record, "players": "three"},
        {**record, "players": 3.5},
        {**record, "players": 99},
        {**record, "seed": "seven"},
        {**record, "options": []},
        {**record, "options": {"no_such_option": 1}},
        {**record, "actions": "deal"},
        {**record, "actions": [1, 2, 3]},
        {**record, "actions": [*record["actions"], record["actions"][-1]]},  # after the end
    ]
    if other_game is not None:
        corrupt.append({**record, "game": other_game})
    actions = record["actions"]
    for position in (0, len(actions) // 2, len(actions) - 1):
        text = actions[position]
        corrupt.append({**record, "actions": [*actions[:position], text[: len(text) // 2], *actions[position + 1 :]]})
    for index, bad in enumerate(corrupt):
        refused(CorruptRecord, f"{name}: corrupt record #{index}", replay, bad)


def check_bad_options(name: str, seed: int) -> None:
    """An unknown option, too many players, a value out of an option's choices or bounds and (for the
    first seed) a value nested a million deep are each :class:`InvalidOption`, naming the option."""
    game = get_game(name)
    counts = capabilities(name).player_counts
    low, high = counts[0], counts[-1]
    error = refused(InvalidOption, f"{name}: an unknown option", game.new_game, low, seed=seed, no_such_option=True)
    expect("no_such_option" in str(error), f"{name}: the refusal of an unknown option does not name it: {error}")
    refused(InvalidOption, f"{name}: {high + 1} players", game.new_game, high + 1, seed=seed)
    for option in game.options:
        wrong: list[Any] = []
        if option.choices is not None:
            wrong.append("not-a-choice")
        if option.bounds is not None:
            wrong.append(option.bounds[1] + 1)
        for value in wrong:
            error = refused(
                InvalidOption, f"{name}: {option.name}={value!r}", game.new_game, low, seed=seed, **{option.name: value}
            )
            expect(
                option.name in str(error), f"{name}: the refusal of {option.name}={value!r} does not name it: {error}"
            )
    if game.options and seed == 0:  # once: it takes a second
        deep: list[Any] = []
        for _ in range(1_000_000):
            deep = [deep]
        error = refused(
            InvalidOption,
            f"{name}: a value nested a million deep",
            game.new_game,
            low,
            seed=seed,
            **{game.options[0].name: deep},
        )
        expect(
            "too large" in str(error), f"{name}: a value nested a million deep is refused as {error}, not as too large"
        )


RECORD_KEYS = ["game", "version", "players", "options", "seed", "chance", "actions"]


def _probe_notation(state: State, rng: random.Random, where: str) -> None:
    text = rng.choice(
        [
            odd_value(rng),
            odd_text(rng, 60),
            bytes(rng.randrange(256) for _ in range(rng.randrange(20))),
        ]
    )
    before = snapshot(state)
    action = only_asobiba_errors(f"{where}, notation {short_repr(text)}", state.game.parse_action, text, state)
    if action is not None:
        only_asobiba_errors(f"{where}, {short_repr(action)}", state.apply, action)
    else:
        expect(snapshot(state) == before, f"{where}: refusing the notation {short_repr(text)} changed the game")


def _probe_built_action(state: State, rng: random.Random, where: str) -> None:
    action_type: Any = rng.choice(get_game(state.game.name).action_types)
    values = [odd_value(rng) for _ in dataclasses.fields(action_type)]
    try:
        action = action_type(*values)
    except Exception:  # building the object is not an entry point of the API
        return
    before = snapshot(state)
    legal = state.legal_actions()
    try:
        state.apply(action)
    except AsobibaError:
        expect(snapshot(state) == before, f"{where}: refusing {short_repr(action)} changed the game")
        return
    except Exception as error:
        raise ConformanceError(
            f"{where}: applying {short_repr(action)} raised {type(error).__name__}: {error}"
        ) from error
    expect(action in legal, f"{where}: {short_repr(action)} was accepted but is not a legal action")
    expect(
        replay(state.record()).view(None) == state.view(None),
        f"{where}: the record does not replay {short_repr(action)}",
    )


def _probe_player(state: State, rng: random.Random, where: str) -> None:
    player, seed = odd_value(rng), odd_value(rng)
    before = snapshot(state)
    here = f"{where}, player {short_repr(player)}, seed {short_repr(seed)}"
    only_asobiba_errors(here, state.view, player)
    only_asobiba_errors(here, state.observe, player)
    only_asobiba_errors(here, state.determinize, player, seed)
    only_asobiba_errors(here, state.determinize, 0, seed)
    if state.legal_actions():
        only_asobiba_errors(here, state.check, state.legal_actions()[0], player)
    expect(snapshot(state) == before, f"{here}: a refused argument changed the game")
    if player is not None and (isinstance(player, bool) or not isinstance(player, int)):
        refused(NoSuchPlayer, f"{here}: view of a player that is no number", state.view, player)


def _probe_options(state: State, rng: random.Random, where: str) -> None:
    game = get_game(state.game.name)
    name = rng.choice([option.name for option in game.options] + ["no_such_option"])
    value = odd_nested(rng)
    players = rng.randint(1, 7) if rng.random() < 0.5 else odd_value(rng)
    here = f"{where}, option {name}={short_repr(value)}, players {short_repr(players)}"
    only_asobiba_errors(here, game.new_game, players, 1, **{name: value})
    only_asobiba_errors(here, game.start, players, seed=odd_value(rng), chance=odd_value(rng))


def _probe_record(state: State, rng: random.Random, where: str) -> None:
    record = state.record()
    mutated = dict(record)
    key = rng.choice(RECORD_KEYS)
    choice = rng.randrange(4)
    if choice == 0:
        mutated[key] = odd_value(rng)
    elif choice == 1:
        mutated.pop(key)
    elif choice == 2 and record["actions"]:
        actions = list(record["actions"])
        index = rng.randrange(len(actions))
        actions[index] = rng.choice([odd_text(rng, 40), actions[index][:-1]])
        mutated["actions"] = actions
    else:
        mutated["options"] = {**record["options"], rng.choice(["seed", "chance", "players"]): 1}
    try:
        replay(mutated)
    except CorruptRecord:
        pass
    except Exception as error:
        raise ConformanceError(f"{where}: replaying a mutated record raised {type(error).__name__}: {error}") from error


PROBE_KINDS = (_probe_notation, _probe_built_action, _probe_player, _probe_options, _probe_record)


def check_odd_inputs(name: str, seed: int, probes: int = PROBES) -> None:
    """``probes`` odd inputs of each kind at positions of a random game (the start, the middle, the end):
    texts and non-texts as notation, actions of every class built with fields of every type, players
    and seeds of every type, option values and numbers of players, mutated records."""
    rng = random.Random(seed)
    kept = positions(name, seed)
    for probe in PROBE_KINDS:
        for _ in range(probes):
            state = rng.choice(kept).clone()
            probe(state, rng, f"{name} (seed {seed}, seq {state.seq}, {probe.__name__.removeprefix('_probe_')})")
