"""The terminal's generic table (a game without a screen of its own): its move groups are made from
the actions' data and always split the moves exactly; its screens draw any view."""

from __future__ import annotations

import io
from dataclasses import dataclass

from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console

from asobiba.cli.chooser import Choice
from asobiba.cli.screens import generic
from asobiba.core.state import Action

VIEW = {"game": "g", "players": 3, "viewer": 0, "phase": "p", "to_move": 0, "seq": 0, "pending": None,
        "is_over": False, "options": {}}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Put(Action):
    row: int
    column: int

    def __str__(self) -> str:
        return f"put {self.row} {self.column}"


@dataclass(frozen=True, slots=True)
class Take(Action):
    row: int

    def __str__(self) -> str:
        return f"take {self.row}"


MOVES = st.lists(
    st.one_of(st.builds(Put, st.integers(0, 9), st.integers(0, 9)), st.builds(Take, st.integers(0, 9))),
    unique=True,
    max_size=60,
)


@given(MOVES)
def test_the_groups_split_the_moves_exactly_and_each_group_shares_its_key(moves: list[Action]) -> None:
    choices = [Choice(move, str(move), str(move)) for move in moves]
    groups = generic.group_moves(VIEW, choices, "en")
    if groups is None:
        assert len(choices) <= generic.FLAT_LIMIT or len({type(move) for move in moves}) == 1
        return
    grouped = [choice for group in groups for choice in group.choices]
    assert sorted(grouped, key=str) == sorted(choices, key=str)  # each move in exactly one group
    assert len(groups) > 1 and all(group.choices for group in groups)
    kinds = {move.kind for move in moves}
    if len(kinds) > 1:
        assert {group.key for group in groups} == kinds
        assert all({choice.action.kind for choice in group.choices} == {group.key} for group in groups)


@given(
    st.dictionaries(
        st.from_regex(r"[a-z][a-z_]{0,8}", fullmatch=True).filter(lambda key: key not in VIEW),
        st.recursive(
            st.none() | st.booleans() | st.integers() | st.text(max_size=5),
            lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
            max_leaves=10,
        ),
        max_size=5,
    )
)
def test_the_generic_screens_draw_any_view(own: dict[str, object]) -> None:
    view = {**VIEW, **own}
    console = Console(width=60, file=io.StringIO(), record=True, color_system=None)
    console.print(generic.render(view, "en"))
    console.print(generic.compact(view, "ja"))
    text = console.export_text()
    for key in own:
        assert key.replace("_", " ") in text
