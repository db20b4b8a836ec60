"""The Island's classes compiled by mypyc as ordinary classes keep their fields (docs/compiled_core.md):
an assignment in a compiled dataclass's body would become a field, so the chance outcomes take
``is_chance`` from a plain base and the steps their phase from a table. On either path."""

from __future__ import annotations

import dataclasses
import typing

from asobiba.games.survive import actions, steps
from asobiba.games.survive.phase import Phase


def test_each_action_has_only_its_own_fields_and_the_chance_outcomes_say_so() -> None:
    chance = {actions.LayTiles, actions.AssignValues, actions.ChooseFirst, actions.RollDie}
    for kind in actions.ACTION_TYPES:
        names = [field.name for field in dataclasses.fields(kind)]
        assert "is_chance" not in names, kind
        assert kind.is_chance is (kind in chance), kind
    assert [field.name for field in dataclasses.fields(actions.LayTiles)] == ["layout"]
    assert actions.RollDie(1).is_chance and not actions.Stop().is_chance


def test_every_kind_of_step_has_its_phase_and_no_phase_field() -> None:
    kinds = typing.get_args(steps.Step)
    assert set(steps.STEP_PHASES) == set(kinds)
    assert len(set(steps.STEP_PHASES.values())) == len(kinds)
    assert all(isinstance(phase, Phase) for phase in steps.STEP_PHASES.values())
    for kind in kinds:
        assert "phase" not in [field.name for field in dataclasses.fields(kind)], kind
    assert steps.STEP_PHASES[steps.DolphinRide] is Phase.DOLPHIN
