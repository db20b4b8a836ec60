"""The turn screen fits the terminal: at 80×24 and larger, the decision line, every choice of the
menu, the prompt line and the player's own hand or grid are on screen without scrolling."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable, Iterator
from functools import partial

import pytest
from rich.console import Console
from tests.cli.conftest import Played

import asobiba
from asobiba.cli.chooser import Choice, Chooser, make_choices
from asobiba.cli.common import Terminal
from asobiba.cli.play import SUMMARY_AFTER, PlaySession
from asobiba.cli.screens import terminal_screen
from asobiba.i18n import Catalog

GAMES = asobiba.game_names()
SIZES = [(80, 24), (100, 30), (140, 45)]


def decisions(game: str, players: int, seed: int, limit: int = 400) -> Iterator[asobiba.State]:
    """Positions where p0 decides, one for each kind of decision met in a random game."""
    state, _ = asobiba.get_game(game).start(players, seed=seed)
    rng = random.Random(seed)
    seen: set[str] = set()
    for _ in range(limit):
        if state.is_over:
            return
        if state.to_move == 0:
            pending = state.view(0)["pending"]
            kind = f"{pending['kind']}/{len(pending['steps'])}"
            if kind not in seen:
                seen.add(kind)
                yield state.clone()
        state.apply(rng.choice(state.legal_actions()))


def largest_table(game: str) -> int:
    """The most players the default rules take (the widest screen)."""
    return asobiba.get_game(game).max_players if game != "cockroach-poker" else 5


def own_part(game: str, state: asobiba.State, lang: str) -> list[str]:
    """Texts of which one shows the player's own hand or grid."""
    view = state.view(0)
    if game == "cockroach-poker":
        return [Catalog("cockroach_poker")("Your hand ({count})", lang, count=len(view["hand"]))]
    if game == "paper-safari":
        return [Catalog("paper_safari")("p{number} (you)", lang, number=0)]
    if game == "survive":
        return [Catalog("cli")("your explorers:", lang), Catalog("survive")("your explorers", lang)]
    return [Catalog("cli")("p{number} (you)", lang, number=0)]  # the generic table: the viewer's row


def rendered_frame(state: asobiba.State, lang: str, width: int, height: int) -> tuple[str, int, PlaySession, int]:
    console = Console(file=io.StringIO(), width=width, height=height, force_terminal=True, color_system=None)
    session = PlaySession(state, 0, {seat: "random" for seat in range(1, state.players)}, Terminal(console), lang=lang)
    view = state.view(0)
    chooser = Chooser(
        session.terminal,
        state,
        lang,
        present=session.present,
        group_moves=partial(session.screen.group_moves, view, lang=session.lang),
        move_warning=partial(session.screen.move_warning, view, lang=session.lang),
    )
    groups = chooser._groups(chooser.all_choices)
    entries = len(groups) if groups is not None else len(chooser.all_choices)
    fitted = session.frame(chooser.first_menu(), size=(width, height))
    out = Console(file=io.StringIO(), width=width, record=True, color_system=None)
    out.print(fitted.renderable())
    text = out.export_text()
    return text, len(text.splitlines()), session, entries


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize(("width", "height"), SIZES)
@pytest.mark.parametrize("game", GAMES)
def test_the_decision_the_choices_the_prompt_and_the_own_hand_fit_without_scrolling(
    game: str, width: int, height: int, lang: str
) -> None:
    checked = 0
    for seed in (1, 2):
        for state in decisions(game, largest_table(game), seed):
            text, lines, session, entries = rendered_frame(state, lang, width, height)
            where = f"{game} {width}×{height} {lang} {state.view(0)['pending']['kind']}:\n{text}"
            assert lines + 1 <= height, where  # + the prompt line
            assert session.turn_line().plain[:8] in text, where  # its start (a Japanese line has no spaces)
            for number in range(1, entries + 1):
                assert re.search(rf"(?<![0-9]){number}\)", text), f"choice {number} missing in {where}"
            assert any(part in text for part in own_part(game, state, lang)), where
            checked += 1
    assert checked >= 2


@pytest.mark.parametrize("game", GAMES)
def test_a_large_terminal_shows_the_full_screen(game: str) -> None:
    state = next(decisions(game, 3, seed=1))
    console = Console(file=io.StringIO(), width=140, height=200, force_terminal=True, color_system=None)
    session = PlaySession(state, 0, {1: "random", 2: "random"}, Terminal(console))
    assert not session.frame(size=(140, 200)).compact


def trump_offer() -> asobiba.State:
    state, _ = asobiba.get_game("cockroach-poker").start(4, seed=3)
    rng = random.Random(3)
    while not (state.to_move == 0 and state.view(0)["pending"]["kind"] == "offer"):
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_a_trump_offer_is_grouped_by_suit_then_player_and_claim() -> None:
    """Ranks never matter in trump: a suit, then a player and a claim (two choices), one card of
    the suit standing for all."""
    state = trump_offer()
    view = state.view(0)
    hooks = terminal_screen("cockroach-poker")
    choices = make_choices(state, "en")
    groups = hooks.group_moves(view, choices, "en")
    suits = {card[0] for card in view["hand"]}
    assert groups is not None and len(groups) == len(suits)
    others = state.players - 1 - (view["pending"]["barred"] is not None)
    for group in groups:
        pairs = {tuple(word for word in choice.words if not word.startswith("card=")) for choice in group.choices}
        assert len(pairs) == len(group.choices) == others * len(view["kinds"])


def test_choosing_a_suit_then_a_line_plays_an_offer() -> None:
    state = trump_offer()
    keys = iter(["1", "1"])
    console = Console(file=io.StringIO(), width=80, color_system=None, record=True)
    view = state.view(0)
    hooks = terminal_screen("cockroach-poker")
    chooser = Chooser(
        Terminal(console, read=lambda: next(keys)),
        state,
        "en",
        group_moves=lambda choices: hooks.group_moves(view, choices, "en"),
    )
    action = chooser.choose()
    assert state.is_legal(action)
    assert str(action).startswith("offer ")
    first_suit = _kind_label_text(state, "en")
    assert f"1) {first_suit}" in console.export_text()


def _kind_label_text(state: asobiba.State, lang: str) -> str:
    from asobiba.games.cockroach_poker.screen import _kind_label

    view = state.view(0)
    held = [kind for kind in view["kinds"] if any(card[0] == kind[0].upper() for card in view["hand"])]
    return _kind_label(held[0], lang).plain


def survive_move_position() -> asobiba.State:
    state, _ = asobiba.get_game("survive").start(2, seed=1)
    rng = random.Random(1)
    while not (state.to_move == 0 and state.view(0)["pending"]["kind"] == "move"):
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_survive_warns_of_a_move_into_a_creatures_space() -> None:
    state = survive_move_position()
    view = state.view(0)
    hooks = terminal_screen("survive")
    boats = {boat["cell"] for boat in view["boats"]}
    swim = next(
        choice
        for choice in make_choices(state, "en")
        if choice.words[0] == "move" and choice.words[-1] not in view["tiles"] and choice.words[-1] not in boats
    )
    view["creatures"] = {"serpent": [], "shark": [swim.words[-1]], "whale": []}
    assert hooks.move_warning(view, swim, "en") == "a shark is there"
    view["creatures"] = {"serpent": [], "shark": [], "whale": [swim.words[-1]]}
    assert hooks.move_warning(view, swim, "en") != "a whale is there"  # a whale attacks boats only


def test_survive_warns_of_a_whirlpool_risk_next_to_a_tile_that_may_hide_one() -> None:
    state = survive_move_position()
    view = state.view(0)
    hooks = terminal_screen("survive")
    from asobiba.games.survive.board import CELL_BY_NAME, CELL_NAMES, NEIGHBOURS

    view["creatures"] = {"serpent": [], "shark": [], "whale": []}
    view["tiles_left"] = {"beach": 0, "forest": 5, "mountain": 8}
    sail = next(
        choice
        for choice in make_choices(state, "en")
        if choice.words[0] == "sail"
        and any(view["tiles"].get(CELL_NAMES[n]) == "forest" for n in NEIGHBOURS[CELL_BY_NAME[choice.words[-1]]])
    )
    assert hooks.move_warning(view, sail, "en") == "whirlpool risk"
    view["tiles_left"] = {"beach": 3, "forest": 5, "mountain": 8}  # beaches go first, and hide none
    if not any(view["tiles"].get(CELL_NAMES[n]) == "beach" for n in NEIGHBOURS[CELL_BY_NAME[sail.words[-1]]]):
        assert hooks.move_warning(view, sail, "en") is None


def test_the_warning_is_shown_in_the_move_list() -> None:
    state = survive_move_position()
    view = state.view(0)
    console = Console(file=io.StringIO(), width=100, record=True, color_system=None)
    hooks = terminal_screen("survive")

    def warning(choice: Choice) -> str | None:
        return "a shark is there" if choice.words[0] == "move" else None

    chooser = Chooser(Terminal(console), state, "en", move_warning=warning)
    menu = chooser._flat_forms(chooser.all_choices)[0]
    console.print(menu)
    assert "⚠ a shark is there" in console.export_text()
    assert hooks.move_warning is not None and view is not None


def test_a_bot_turn_is_one_line_of_the_log_and_every_line_is_on_l(play: Callable[..., Played]) -> None:
    played = play("survive", then=lambda session: "1", players=2)
    session = played.session
    bot_turns = [turn for turn in session.turns if turn.actor == 1 and len(turn.lines) > SUMMARY_AFTER]
    assert bot_turns
    lines = [line.plain for line in session.log_lines()]
    assert len(lines) == sum(1 if turn in bot_turns else len(turn.lines) for turn in session.turns)
    for turn in bot_turns:
        assert "  p1: " + " · ".join(turn.lines) in lines  # the seat alone: the header says it is a bot
    console = session.terminal.console
    with console.capture() as captured:
        session.print_full_log()
    full = captured.get()
    assert all(line[:30] in full for turn in bot_turns for line in turn.lines)


def test_paper_safari_shows_every_grid_and_score_at_the_end_of_each_round(play: Callable[..., Played]) -> None:
    played = play("paper-safari", then=lambda session: "1", players=3)
    rounds = played.session.state.view(0)["rounds"]
    assert rounds
    screen = played.screen
    for entry in rounds:
        assert f"Round {entry['round']} is over: the grids" in screen
        summary = screen.split(f"Round {entry['round']} is over: the grids", 1)[1]
        for score in entry["scores"]:
            assert f"score {score}" in summary
    waits = screen.count("Press Enter for the next round.")
    assert waits == len(rounds) - (1 if played.session.state.is_over else 0)


def test_passing_a_seen_card_is_grouped_by_player_then_claim_in_the_players_language() -> None:
    state, _ = asobiba.get_game("cockroach-poker").start(4, seed=1, rules="original")
    rng = random.Random(1)

    def passing_to_several() -> bool:
        if not (state.to_move == 0 and state.view(0)["pending"]["kind"] == "pass"):
            return False
        return len({str(action).split()[1] for action in state.legal_actions()}) > 1

    while not passing_to_several():
        assert not state.is_over, "no pass met in a random game"
        actions = state.legal_actions()
        peeks = [action for action in actions if str(action) == "peek"]
        state.apply(peeks[0] if peeks and state.to_move == 0 else rng.choice(actions))
    view = state.view(0)
    groups = terminal_screen("cockroach-poker").group_moves(view, make_choices(state, "ja"), "ja")
    targets = {str(action).split()[1] for action in state.legal_actions()}
    assert groups is not None and len(groups) == len(targets)
    for group in groups:
        assert len(group.choices) == len(view["kinds"])
        assert all(choice.label.startswith("「") for choice in group.choices)
