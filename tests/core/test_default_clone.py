"""Core's default ``clone()``: a game declares which of its state's lists are copied
(``copied_lists``, ``copied_nested_lists``) and writes no ``clone`` of its own.

Checked on every registered game (the plug-in's too) by the conformance kit's ``check_clone``: at
every position of random games, every attribute that holds a mutable container is declared (or is
one of core's own, which are replaced and never changed in place), a declared list holds no list
unless declared nested, and a move played on a clone changes nothing of the original.
"""

from __future__ import annotations

import pytest

import asobiba
from asobiba import testing
from asobiba.testing.contract import undeclared_containers

GAMES = asobiba.game_names()


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_mutable_attribute_is_declared_and_a_move_on_a_clone_leaves_the_original_alone(
    game: str, seed: int
) -> None:
    testing.check_clone(game, seed)


def test_a_forgotten_declaration_is_caught() -> None:
    """The check above fails on a state that keeps a list it does not declare."""
    state = asobiba.new_game("cockroach-poker", 3, seed=1)
    state.__dict__["undeclared"] = [1, 2]
    assert undeclared_containers(state) == ["undeclared"]
