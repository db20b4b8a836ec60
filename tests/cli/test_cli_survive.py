"""Survive! in the terminal as a player reads it: what happens to his pieces on a ⚠ line of its
own, a legend at every size, swims marked in the move list, menus that name the group chosen, and
no English on a Japanese screen."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterator
from functools import partial

import pytest
from rich.console import Console
from tests.cli.conftest import Keyboard, new_terminal

import asobiba
from asobiba.cli.chooser import Chooser
from asobiba.cli.common import Terminal
from asobiba.cli.play import PlaySession
from asobiba.games.survive import events as ev
from asobiba.i18n import Catalog

cli = Catalog("cli")
SIZES = [(80, 24), (100, 30), (140, 45)]


def session_for(state: asobiba.State, lang: str, width: int = 80, height: int = 24) -> PlaySession:
    console = Console(file=io.StringIO(), width=width, height=height, force_terminal=True, color_system=None)
    return PlaySession(state, 0, {seat: "random" for seat in range(1, state.players)}, Terminal(console), lang=lang)


def played(seed: int, lang: str, players: int = 3) -> Iterator[tuple[PlaySession, list[asobiba.Event]]]:
    """A random game, logged as p0's terminal logs it, after each decision."""
    state, _ = asobiba.get_game("survive").start(players, seed=seed)
    session = session_for(state, lang)
    rng = random.Random(seed)
    while not state.is_over:
        actor = state.to_move
        events = state.apply(rng.choice(state.legal_actions()))
        session._record_events(actor, events)
        yield session, events


def frame_text(session: PlaySession, chooser: Chooser | None, width: int, height: int, group: int | None = None) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None, force_terminal=False, record=True)
    menu = []
    if chooser is not None:
        groups = chooser._groups(chooser.all_choices)
        if group is not None and groups:
            menu = chooser._flat_forms(list(groups[group].choices), groups[group])
        else:
            menu = chooser.first_menu()
    console.print(session.frame(menu=menu, size=(width, height)).renderable())
    return console.export_text()


def chooser_for(session: PlaySession) -> Chooser:
    view = session.state.view(0)
    return Chooser(
        session.terminal,
        session.state,
        session.lang,
        group_moves=partial(session.screen.group_moves, view, lang=session.lang),
        move_label=partial(session.screen.move_label, view, lang=session.lang),
    )


def p0_deciding(seed: int, lang: str, kind: str) -> PlaySession:
    for session, _ in played(seed, lang):
        view = session.state.view(0)
        if session.state.to_move == 0 and view["pending"]["kind"] == kind:
            return session
    pytest.fail(f"no {kind} decision for p0 in seed {seed}")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_what_happens_to_your_explorers_is_announced_on_a_warning_line_of_its_own(lang: str) -> None:
    seen: set[str] = set()
    for seed in range(1, 12):
        for session, events in played(seed, lang):
            own = [
                event
                for event in events
                if isinstance(event, ev.ExplorerLost | ev.ExplorerEscaped) and event.player == 0
            ]
            if not own:
                continue
            lines = [line.plain for line in session.log_lines()]
            turn = session.turns[-1]
            assert len(turn.alerts) >= len(own)
            for alert in turn.alerts.values():
                assert any(line.endswith("⚠ " + alert) for line in lines), alert
            seen.update(type(event).__name__ + getattr(event, "cause", "") for event in own)
        if {"ExplorerLostshark", "ExplorerLostwhirlpool"} <= seen:
            break
    assert {"ExplorerLostshark", "ExplorerLostwhirlpool"} <= seen, seen


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_warnings_say_eaten_swept_away_capsized_and_rescued(lang: str) -> None:
    from asobiba.games.survive.screen_fit import alert

    state = asobiba.new_game("survive", 2, seed=1)
    view = state.view(0)
    red, blue = view["explorers"][0], view["explorers"][10]
    survive = Catalog("survive")
    eaten = alert(view, ev.ExplorerLost(0, red["id"], "r4c4", "shark"), lang)
    swept = alert(view, ev.ExplorerLost(0, red["id"], "r4c4", "whirlpool"), lang)
    capsized = alert(view, ev.BoatLost("r4c4", "whale", (red["id"], blue["id"])), lang)
    rescued = alert(view, ev.ExplorerEscaped(0, red["id"], "r1c0"), lang)
    own = survive("{colour} {value}", lang, colour=survive("red", lang), value=red["value"])
    assert eaten is not None and survive("shark", lang) in eaten and own in eaten
    assert "#" not in eaten  # colour and value, never the id (issue 35)
    assert swept is not None and capsized is not None and rescued is not None
    assert len({eaten, swept, capsized, rescued}) == 4
    assert survive("blue", lang) not in capsized  # only the viewer's own explorers are named
    assert alert(view, ev.ExplorerLost(1, blue["id"], "r4c4", "shark"), lang) is None  # not his piece


def test_a_bots_summarised_turn_keeps_the_warning_on_its_own_line() -> None:
    for seed in range(1, 20):
        for session, _ in played(seed, "ja"):
            turn = session.turns[-1]
            if turn.actor not in (None, 0) and turn.alerts and len(turn.lines) > 2:
                lines = [line.plain for line in session.log_lines()]
                alert = next(iter(turn.alerts.values()))
                assert sum(1 for line in lines if line.strip("▶ ").startswith("⚠ " + alert)) == 1
                summary = [line for line in lines if line.strip("▶ ").startswith(f"p{turn.actor}：")]
                assert summary and alert not in summary[-1]
                return
    pytest.fail("no bot turn hurt p0's explorers in 20 games")


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_boards_legend_is_shown_at_every_size(lang: str, size: tuple[int, int]) -> None:
    session = p0_deciding(2, lang, "move")
    text = frame_text(session, chooser_for(session), *size)
    survive = Catalog("survive")
    for mark, word in (("b", "beach"), ("f", "forest"), ("m", "mountain"), ("^", "shark"), ("W", "whale")):
        assert f"{mark} {survive(word, lang)}" in text, word
    assert f"S {survive('sea serpent', lang)}" in text or f"S {cli('serpent', lang)}" in text


def test_a_move_into_the_sea_is_marked_as_a_swim_in_the_move_list() -> None:
    for seed in range(1, 6):
        for session, _ in played(seed, "ja"):
            state = session.state
            view = state.view(0)
            if state.to_move != 0 or view["pending"]["kind"] != "move":
                continue
            chooser = chooser_for(session)
            swims = [
                choice
                for choice in chooser.all_choices
                if choice.words[0] == "move"
                and choice.words[2] not in view["tiles"]
                and all(boat["cell"] != choice.words[2] for boat in view["boats"])
            ]
            walks = [
                choice
                for choice in chooser.all_choices
                if choice.words[0] == "move" and choice.words[2] in view["tiles"]
            ]
            if swims and walks:
                assert all("泳ぐ" in choice.label for choice in swims)
                assert not any("泳ぐ" in choice.label for choice in walks)
                return
    pytest.fail("no position with both a walk and a swim for p0")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_second_level_menu_names_the_group_chosen(lang: str) -> None:
    session = p0_deciding(1, lang, "place_explorer")
    keyboard = Keyboard(["1", "1"])
    terminal, screen = new_terminal(keyboard, width=80)
    state = session.state
    view = state.view(0)
    chooser = Chooser(terminal, state, lang, group_moves=partial(session.screen.group_moves, view, lang=session.lang))
    action = chooser.choose()
    explorer = view["explorers"][0]
    colour = Catalog("survive")(explorer["colour"], lang)
    named = Catalog("survive")("{colour} {value}", lang, colour=colour, value=explorer["value"])  # never the id
    assert str(action).startswith(f"place {explorer['id']} ")

    def heading_names_it(text: str) -> bool:
        return any(named in line and line.rstrip().endswith(("：", ":")) for line in text.splitlines())

    assert heading_names_it(screen.getvalue().split(named, 1)[1])  # the second menu, as typed
    for width, height in SIZES:
        assert heading_names_it(frame_text(session, chooser_for(session), width, height, group=0)), (width, height)


#: ASCII words a Japanese screen may show: the marks of the board and the legend, cell and player
#: names, numbers, the notation shown dimmed after a move.
ALLOWED = re.compile(r"^(?:[bfmBSW]+\d*|r\d+c\d+|r\d+|c\d+|p\d|\d+)$")


@pytest.mark.parametrize("kind", ["place_explorer", "place_boat", "move", "remove_tile", "creature"])
def test_no_english_in_a_japanese_survive_screen(kind: str) -> None:
    session = p0_deciding(3, "ja", kind)
    notation = {word for action in session.state.legal_actions() for word in str(action).split()}
    chooser = chooser_for(session)
    for width, height in SIZES:
        for group in (None, 0):
            text = frame_text(session, chooser, width, height, group)
            words = {word for word in re.findall(r"[A-Za-z][A-Za-z#\d-]*", text) if word not in notation}
            assert {word for word in words if not ALLOWED.match(word)} == set(), text
