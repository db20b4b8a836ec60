"""The creatures (rules/survive.en.md "A turn" 4 and "Kill a shark, kill a whale"; the seed 4-④ and
6-③): the die, the rolled creature's move, the "move any …" tiles' jumps, and the counter tiles
that answer a shark or a whale."""

from __future__ import annotations

import random
from itertools import compress
from typing import TYPE_CHECKING, Final

from asobiba.core.errors import IllegalAction
from asobiba.core.events import Event
from asobiba.core.state import Action
from asobiba.games.survive import events as ev
from asobiba.games.survive.actions import CREATURE_STEP_TO, DECLINE, PLAY_TILE, ROLL, STOP, RollDie, creature_move
from asobiba.games.survive.board import CELL_NAMES, N_CELLS, NEIGHBOUR_SETS
from asobiba.games.survive.data import CREATURES, DIE_FACES, EFFECTS, KILL_SHARK, KILL_WHALE, SERPENT, SHARK, WHALE
from asobiba.games.survive.phase import Phase
from asobiba.games.survive.rules.pieces import capsize, controllers, empty_sea, is_sea, lose, sink, swimmers_at
from asobiba.games.survive.rules.tiles import discard, holds
from asobiba.games.survive.rules.turn import back_to_moving, end_turn, others_in_turn_order
from asobiba.games.survive.steps import CounterQuestion, CreatureRun, Jump, await_step, pending_step
from asobiba.games.survive.text import game_word

if TYPE_CHECKING:
    from asobiba.games.survive.state import SurviveState

#: The counter tile that answers each creature.
COUNTER_FOR: Final = {SHARK: KILL_SHARK, WHALE: KILL_WHALE}


def die_outcomes() -> list[tuple[Action, float]]:
    """The creature die's faces: a serpent, a shark or a whale, each as often as it is printed."""
    return [(ROLL[k], DIE_FACES.count(k) / len(DIE_FACES)) for k in range(3)]


def roll(rng: random.Random) -> Action:
    """A roll of the creature die."""
    return ROLL[DIE_FACES[rng.randrange(len(DIE_FACES))]]


def verify_roll(state: SurviveState, action: Action) -> None:
    """At the roll only the die decides."""
    if not isinstance(action, RollDie):
        raise IllegalAction("the creature die is to be rolled now", domain="survive")


def creature_actions(state: SurviveState) -> list[Action]:
    """The rolled creature's next step, or ``stop`` ("A turn" 4: you may move one creature of the kind rolled)."""
    run = pending_step(state, CreatureRun)
    kind = run.creature
    actions: list[Action] = [STOP]
    sources = [run.at] if run.at is not None else compress(range(N_CELLS), state.creature_at[kind])
    tile_at, steps = state.tile_at, CREATURE_STEP_TO[kind]
    for source in sources:
        actions += [move for n, move in steps[source] if tile_at[n] < 0]
    return actions


def jump_actions(state: SurviveState) -> list[Action]:
    """A "move any …" tile: one creature of its kind to any empty sea space ("The tiles")."""
    kind = pending_step(state, Jump).creature
    targets = [cell for cell in range(N_CELLS) if empty_sea(state, cell)]
    return [
        creature_move(kind, source, target)
        for source in range(N_CELLS)
        if state.creature_at[kind][source]
        for target in targets
    ]


def counter_actions(state: SurviveState) -> list[Action]:
    """The asked player plays the counter tile if he holds it, or declines ("Kill a shark, kill a whale")."""
    question = pending_step(state, CounterQuestion)
    if holds(state, question.player, question.counter):
        return [PLAY_TILE[question.counter], DECLINE]
    return [DECLINE]


def verify_creature_move(state: SurviveState, kind: int, source: int, target: int) -> None:
    """Creatures move through sea spaces only, the one rolled, as far as its kind goes ("A turn" 4)."""
    if state.phase == Phase.JUMP:
        verify_jump(state, kind, source, target)
        return
    if state.phase != Phase.CREATURE:
        raise IllegalAction("creatures move after the die is rolled", domain="survive")
    run = pending_step(state, CreatureRun)
    if kind != run.creature:
        raise IllegalAction(
            "the die showed a {creature}", domain="survive", creature=game_word(CREATURES[run.creature])
        )
    if run.at is not None and source != run.at:
        raise IllegalAction(
            "the {creature} moving is on {cell}",
            domain="survive",
            creature=game_word(CREATURES[kind]),
            cell=CELL_NAMES[run.at],
        )
    if not state.creature_at[kind][source]:
        raise IllegalAction(
            "there is no {creature} on {cell}",
            domain="survive",
            creature=game_word(CREATURES[kind]),
            cell=CELL_NAMES[source],
        )
    if target not in NEIGHBOUR_SETS[source] or not is_sea(state, target):
        raise IllegalAction(
            "a {creature} moves to a neighbouring sea space; not {cell}",
            domain="survive",
            creature=game_word(CREATURES[kind]),
            cell=CELL_NAMES[target],
        )


def verify_jump(state: SurviveState, kind: int, source: int, target: int) -> None:
    """A "move any …" tile moves a creature of its kind to an empty sea space ("The tiles")."""
    jumping = pending_step(state, Jump).creature
    if kind != jumping:
        raise IllegalAction("the tile moves a {creature}", domain="survive", creature=game_word(CREATURES[jumping]))
    if not state.creature_at[kind][source]:
        raise IllegalAction(
            "there is no {creature} on {cell}",
            domain="survive",
            creature=game_word(CREATURES[kind]),
            cell=CELL_NAMES[source],
        )
    if not empty_sea(state, target):
        raise IllegalAction("{cell} is not an empty sea space", domain="survive", cell=CELL_NAMES[target])


def verify_counter_answer(state: SurviveState, action: Action) -> None:
    """At a counter question only the counter tile or ``decline``."""
    question = pending_step(state, CounterQuestion)
    if action == DECLINE:
        return
    if action == PLAY_TILE[question.counter]:
        if holds(state, question.player, question.counter):
            return
        raise IllegalAction(
            "p{player} holds no {effect} tile",
            domain="survive",
            player=question.player,
            effect=game_word(EFFECTS[question.counter]),
        )
    raise IllegalAction(
        "p{player} may only play {effect} or decline now",
        domain="survive",
        player=question.player,
        effect=game_word(EFFECTS[question.counter]),
    )


def roll_die(state: SurviveState, kind: int) -> list[Event]:
    """The die is rolled: with no creature of that kind on the board, nothing happens and the turn ends ("A turn" 4)."""
    state.die = kind
    events: list[Event] = [ev.DieRolled(state.current, CREATURES[kind])]
    if not any(state.creature_at[kind]):
        events.extend(end_turn(state))
        return events
    await_step(state, CreatureRun(kind))
    return events


def move_creature(state: SurviveState, kind: int, source: int, target: int) -> list[Event]:
    """A creature steps: a serpent sinks a boat with explorers and eats swimmers, a shark stops on swimmers, a whale on
    a boat with explorers ("A turn" 4)."""
    state.creature_at[kind][source] -= 1
    state.creature_at[kind][target] += 1
    events: list[Event] = [ev.CreatureMoved(state.current, CREATURES[kind], CELL_NAMES[source], CELL_NAMES[target])]
    if state.phase == Phase.JUMP:
        back_to_moving(state)
        return events
    run = pending_step(state, CreatureRun).moved(source, target)
    await_step(state, run)
    if kind == SERPENT:
        boat = state.boat_at[target]
        if boat >= 0 and state.boat_passengers[boat]:
            events.extend(sink(state, boat, "serpent"))
        events.extend(lose(state, swimmers_at(state, target), "serpent"))
        events.extend(end_turn(state))
        return events
    if kind == SHARK:
        swimmers = swimmers_at(state, target)
        if swimmers:
            return events + threaten(state, SHARK, target, {state.explorer_owner[e] for e in swimmers})
    else:
        boat = state.boat_at[target]
        if boat >= 0 and state.boat_passengers[boat]:
            return events + threaten(state, WHALE, target, set(controllers(state, boat)))
    if run.left <= 0:
        events.extend(end_turn(state))
    return events


def threaten(state: SurviveState, kind: int, cell: int, at_stake: set[int]) -> list[Event]:
    """The creature stops here; a threatened player who holds the counter tile may play it
    first. Who holds which tile is secret, so the question does not depend on it: every other
    player with pieces at stake who holds any tile is asked, in turn order from the mover."""
    asked = tuple(p for p in others_in_turn_order(state, state.current) if p in at_stake and state.held[p])
    question = CounterQuestion(COUNTER_FOR[kind], kind, cell, asked)
    if asked:
        await_step(state, question)
        return []
    return harm(state, question)


def harm(state: SurviveState, question: CounterQuestion) -> list[Event]:
    """Nobody played the counter tile: the shark eats, the whale capsizes the boat."""
    cell = question.cell
    if question.creature == SHARK:
        events = lose(state, swimmers_at(state, cell), "shark")
    else:
        events = capsize(state, state.boat_at[cell])
    return events + end_turn(state)


def play_counter(state: SurviveState) -> list[Event]:
    """The asked player plays the counter tile: the creature is removed, his pieces are safe ("Kill a shark, kill a
    whale")."""
    question = pending_step(state, CounterQuestion)
    player, counter, kind, cell = question.player, question.counter, question.creature, question.cell
    discard(state, player, counter)
    state.creature_at[kind][cell] -= 1
    events: list[Event] = [
        ev.TilePlayed(player, EFFECTS[counter]),
        ev.CreatureRemoved(CREATURES[kind], CELL_NAMES[cell], EFFECTS[counter]),
    ]
    return events + end_turn(state)


def decline(state: SurviveState) -> list[Event]:
    """The asked player says no; the next one is asked, or the creature does its harm ("Kill a shark, kill a whale")."""
    question = pending_step(state, CounterQuestion)
    events: list[Event] = [ev.CounterDeclined(question.player)]
    question = question.declined_by_asked()
    if question.asked:
        await_step(state, question)
    else:
        events.extend(harm(state, question))
    return events
