"""The creatures: the die, the rolled creature's move, the "move any …" tiles' jumps, and the
counter tiles that answer a shark or a whale (rules/survive.md "A turn" 4 and the counter tiles;
the seed 4-④ and 6-③)."""

from __future__ import annotations

from itertools import compress
from typing import Final

from asobiba.core.errors import IllegalAction
from asobiba.core.events import Event
from asobiba.core.state import Action
from asobiba.games.survive import events as ev
from asobiba.games.survive.actions import CREATURE_STEP_TO, DECLINE, PLAY_TILE, STOP, creature_move
from asobiba.games.survive.board import CELL_NAMES, N_CELLS, NEIGHBOUR_SETS
from asobiba.games.survive.data import CREATURES, EFFECTS, KILL_SHARK, KILL_WHALE, SERPENT, SHARK, WHALE
from asobiba.games.survive.movement import MovementRules
from asobiba.games.survive.phase import Phase
from asobiba.games.survive.steps import CounterQuestion, CreatureRun, Jump
from asobiba.games.survive.text import game_word

#: The counter tile that answers each creature.
COUNTER_FOR: Final = {SHARK: KILL_SHARK, WHALE: KILL_WHALE}


class CreatureRules(MovementRules):
    """Serpents, sharks and whales, and the tiles that answer them."""

    # ------------------------------------------------------------------ what may be done

    def _creature_actions(self) -> list[Action]:
        run = self.pending_step(CreatureRun)
        kind = run.creature
        actions: list[Action] = [STOP]
        sources = [run.at] if run.at is not None else compress(range(N_CELLS), self.creature_at[kind])
        tile_at, steps = self.tile_at, CREATURE_STEP_TO[kind]
        for source in sources:
            actions += [move for n, move in steps[source] if tile_at[n] < 0]
        return actions

    def _jump_actions(self) -> list[Action]:
        kind = self.pending_step(Jump).creature
        targets = [cell for cell in range(N_CELLS) if self.empty_sea(cell)]
        return [
            creature_move(kind, source, target)
            for source in range(N_CELLS)
            if self.creature_at[kind][source]
            for target in targets
        ]

    def _counter_actions(self) -> list[Action]:
        question = self.pending_step(CounterQuestion)
        if self.holds(question.player, question.counter):
            return [PLAY_TILE[question.counter], DECLINE]
        return [DECLINE]

    # ------------------------------------------------------------------ checking

    def verify_creature_move(self, kind: int, source: int, target: int) -> None:
        if self.phase == Phase.JUMP:
            self.verify_jump(kind, source, target)
            return
        if self.phase != Phase.CREATURE:
            raise IllegalAction("creatures move after the die is rolled", domain="survive")
        run = self.pending_step(CreatureRun)
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
        if not self.creature_at[kind][source]:
            raise IllegalAction(
                "there is no {creature} on {cell}",
                domain="survive",
                creature=game_word(CREATURES[kind]),
                cell=CELL_NAMES[source],
            )
        if target not in NEIGHBOUR_SETS[source] or not self.is_sea(target):
            raise IllegalAction(
                "a {creature} moves to a neighbouring sea space; not {cell}",
                domain="survive",
                creature=game_word(CREATURES[kind]),
                cell=CELL_NAMES[target],
            )

    def verify_jump(self, kind: int, source: int, target: int) -> None:
        jumping = self.pending_step(Jump).creature
        if kind != jumping:
            raise IllegalAction("the tile moves a {creature}", domain="survive", creature=game_word(CREATURES[jumping]))
        if not self.creature_at[kind][source]:
            raise IllegalAction(
                "there is no {creature} on {cell}",
                domain="survive",
                creature=game_word(CREATURES[kind]),
                cell=CELL_NAMES[source],
            )
        if not self.empty_sea(target):
            raise IllegalAction("{cell} is not an empty sea space", domain="survive", cell=CELL_NAMES[target])

    def verify_counter_answer(self, action: Action) -> None:
        """At a counter question only the counter tile or ``decline``."""
        question = self.pending_step(CounterQuestion)
        if action == DECLINE:
            return
        if action == PLAY_TILE[question.counter]:
            if self.holds(question.player, question.counter):
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

    def verify_stop(self) -> None:
        if self.phase in (Phase.CREATURE, Phase.DOLPHIN, Phase.WINDS):
            return
        raise IllegalAction("there is no move to stop now", domain="survive")

    # ------------------------------------------------------------------ applying

    def _on_roll(self, kind: int) -> list[Event]:
        self.die = kind
        events: list[Event] = [ev.DieRolled(self.current, CREATURES[kind])]
        if not any(self.creature_at[kind]):
            events.extend(self._end_turn())
            return events
        self._await(CreatureRun(kind))
        return events

    def _on_creature_move(self, kind: int, source: int, target: int) -> list[Event]:
        self.creature_at[kind][source] -= 1
        self.creature_at[kind][target] += 1
        events: list[Event] = [ev.CreatureMoved(self.current, CREATURES[kind], CELL_NAMES[source], CELL_NAMES[target])]
        if self.phase == Phase.JUMP:
            self._back_to_moving()
            return events
        run = self.pending_step(CreatureRun).moved(source, target)
        self._await(run)
        if kind == SERPENT:
            boat = self.boat_at[target]
            if boat >= 0 and self.boat_passengers[boat]:
                events.extend(self._sink(boat, "serpent"))
            events.extend(self._lose(self.swimmers_at(target), "serpent"))
            events.extend(self._end_turn())
            return events
        if kind == SHARK:
            swimmers = self.swimmers_at(target)
            if swimmers:
                return events + self._threaten(SHARK, target, {self.explorer_owner[e] for e in swimmers})
        else:
            boat = self.boat_at[target]
            if boat >= 0 and self.boat_passengers[boat]:
                return events + self._threaten(WHALE, target, set(self.controllers(boat)))
        if run.left <= 0:
            events.extend(self._end_turn())
        return events

    def _threaten(self, kind: int, cell: int, at_stake: set[int]) -> list[Event]:
        """The creature stops here; a threatened player who holds the counter tile may play it
        first. Who holds which tile is secret, so the question does not depend on it: every other
        player with pieces at stake who holds any tile is asked, in turn order from the mover."""
        asked = tuple(p for p in self.others_in_turn_order(self.current) if p in at_stake and self.held[p])
        question = CounterQuestion(COUNTER_FOR[kind], kind, cell, asked)
        if asked:
            self._await(question)
            return []
        return self._harm(question)

    def _harm(self, question: CounterQuestion) -> list[Event]:
        """Nobody played the counter tile: the shark eats, the whale capsizes the boat."""
        cell = question.cell
        if question.creature == SHARK:
            events = self._lose(self.swimmers_at(cell), "shark")
        else:
            events = self._capsize(self.boat_at[cell])
        return events + self._end_turn()

    def _on_counter(self) -> list[Event]:
        question = self.pending_step(CounterQuestion)
        player, counter, kind, cell = question.player, question.counter, question.creature, question.cell
        self._discard(player, counter)
        self.creature_at[kind][cell] -= 1
        events: list[Event] = [
            ev.TilePlayed(player, EFFECTS[counter]),
            ev.CreatureRemoved(CREATURES[kind], CELL_NAMES[cell], EFFECTS[counter]),
        ]
        return events + self._end_turn()

    def _on_decline(self) -> list[Event]:
        question = self.pending_step(CounterQuestion)
        events: list[Event] = [ev.CounterDeclined(question.player)]
        question = question.declined_by_asked()
        if question.asked:
            self._await(question)
        else:
            events.extend(self._harm(question))
        return events

    def _on_stop(self) -> list[Event]:
        if self.phase == Phase.CREATURE:
            return self._end_turn()
        self._back_to_moving()
        return []
