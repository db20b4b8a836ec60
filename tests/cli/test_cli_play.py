"""The play loop, driven like a person at the keyboard: what the screen says, what typing does."""

from __future__ import annotations

import io
import itertools
import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import asobiba
from asobiba.cli.common import Terminal
from asobiba.cli.play import WITHIN_TURN_PAUSE, PlaySession
from asobiba.core import CHANCE, replay_steps

GAMES = asobiba.game_names()

Play = Callable[..., Any]
MakeTerminal = Callable[..., tuple[Terminal, io.StringIO]]


def first_choice(session: PlaySession) -> str:
    """Always type 1: pick the first group, then the first move (always progresses)."""
    return "1"


def snapshot(session: PlaySession) -> tuple[str, str]:
    state = session.state
    return json.dumps(state.record(), sort_keys=True), json.dumps(state.view(None), sort_keys=True)


def illegal_notation(game: str, state: asobiba.State) -> str | None:
    """A text in the game's notation that reads as an action but is not legal in ``state``."""
    legal = {str(action) for action in state.legal_actions()}
    for seed in range(5):
        other = asobiba.new_game(game, state.players, seed=100 + seed)
        rng = random.Random(seed)
        for _ in range(60):
            if other.is_over:
                break
            for action in other.legal_actions():
                text = str(action)
                if text in legal:
                    continue
                try:
                    asobiba.parse_action(state, text)
                except asobiba.IllegalAction:
                    continue
                return text
            other.apply(rng.choice(other.legal_actions()))
    return None


@pytest.mark.parametrize("game", GAMES)
def test_a_full_game_against_bots_completes_and_its_record_replays(game: str, play: Play) -> None:
    played = play(game, then=first_choice)
    assert played.outcome.status == "finished"
    state = played.outcome.state
    assert state.is_over
    assert "The game is over." in played.screen and "Outcome" in played.screen
    assert "The record is saved in" in played.screen
    record = json.loads(played.record_path.read_text(encoding="utf-8"))
    assert record["human"] == 0 and record["seats"][0] == "human"
    replayed = asobiba.replay(record)
    for viewer in [None, *range(state.players)]:
        assert replayed.view(viewer) == state.view(viewer)


@pytest.mark.parametrize("game", GAMES)
def test_the_turn_screen_shows_the_view_whose_turn_and_the_seats(game: str, play: Play) -> None:
    played = play(game, ["q"])
    screen = played.screen
    assert "Your turn, p0 (you)." in screen
    assert "What happened" in screen
    assert "p1 (random bot)" in screen
    assert asobiba.get_game(game).title["en"] in screen


@pytest.mark.parametrize("game", GAMES)
def test_garbage_and_out_of_range_numbers_get_a_message_and_change_nothing(game: str, play: Play) -> None:
    seen: list[tuple[str, str]] = []

    def remember(text: str) -> Callable[[PlaySession], str]:
        def typed(session: PlaySession) -> str:
            seen.append(snapshot(session))
            return text

        return typed

    keys = [remember("zzqx garbage"), remember("9999"), remember("!!!"), remember("0"), remember("q")]
    played = play(game, keys)
    assert played.outcome.status == "quit"
    assert len(set(seen)) == 1, "the game changed while the player typed nonsense"
    assert seen[0] == snapshot(played.session)
    screen = played.screen
    assert "No move matches “zzqx garbage”" in screen
    assert "There is no choice 9999" in screen
    assert "There is no choice 0" in screen
    assert "Traceback" not in screen


@pytest.mark.parametrize("game", GAMES)
def test_a_readable_but_illegal_move_is_refused_with_the_reason(game: str, play: Play) -> None:
    found: list[str] = []
    before: list[tuple[str, str]] = []

    def type_illegal(session: PlaySession) -> str:
        text = illegal_notation(game, session.state)
        if text is None:
            return "q"
        found.append(text)
        before.append(snapshot(session))
        return text

    played = play(game, [type_illegal, "q"])
    if not found:
        pytest.skip(f"{game}: no readable illegal move found to type")
    assert "Not allowed: " in played.screen
    assert snapshot(played.session) == before[0]


@pytest.mark.parametrize("game", GAMES)
def test_typing_a_moves_notation_plays_it(game: str, play: Play) -> None:
    chosen: list[str] = []

    def type_last_legal(session: PlaySession) -> str:
        action = session.state.legal_actions()[-1]
        chosen.append(str(action))
        return str(action)

    played = play(game, [type_last_legal, "q"])
    history = [str(action) for action in played.outcome.state.history]
    assert chosen[0] in history


@pytest.mark.parametrize("game", GAMES)
def test_ctrl_c_saves_the_game_and_says_where(game: str, play: Play) -> None:
    played = play(game, ["1", KeyboardInterrupt])
    assert played.outcome.status == "interrupted"
    assert "Interrupted." in played.screen
    assert f"The game so far is saved in {played.record_path}" in played.screen.replace("\n", "")
    record = json.loads(played.record_path.read_text(encoding="utf-8"))
    assert asobiba.replay(record).view(None) == played.outcome.state.view(None)


@pytest.mark.parametrize("game", GAMES)
def test_the_end_of_input_saves_the_game(game: str, play: Play) -> None:
    played = play(game, [])
    assert played.outcome.status == "quit"
    assert played.record_path.is_file()


@pytest.mark.parametrize("game", GAMES)
def test_the_screen_speaks_japanese(game: str, play: Play) -> None:
    played = play(game, ["?", "q"], lang="ja")
    assert "あなたの番です" in played.screen
    assert not re.search(r"。 [^\s│]", played.screen)  # Japanese sentences follow each other without a space
    assert "これまでの出来事" in played.screen
    assert "保存して終了" in played.screen  # the help
    assert "に保存しました" in played.screen


def bot_pauses(record: dict[str, Any], human: int, delay: float) -> list[float]:
    """The pause after each bot decision of a record: ``delay`` when it ends the bot's turn (the
    next decision is someone else's), a quarter of it within the turn."""
    deciders: list[int | None] = []
    actor: int | None = None
    for state, action, _ in replay_steps(record):
        if action is not None and actor != CHANCE:
            deciders.append(actor)
        actor = state.to_move
    deciders.append(None)
    return [
        delay if following != seat else delay * WITHIN_TURN_PAUSE
        for seat, following in itertools.pairwise(deciders)
        if seat != human
    ]


@pytest.mark.parametrize("game", GAMES)
def test_bot_moves_are_shown_one_by_one_with_a_short_pause_within_a_turn(game: str, play: Play) -> None:
    pauses: list[float] = []
    played = play(game, then=first_choice, sleep=pauses.append)
    record = json.loads(played.record_path.read_text(encoding="utf-8"))
    assert pauses == bot_pauses(record, human=0, delay=0.5)
    assert pauses
    assert "▶ " in played.screen


def test_long_action_lists_are_grouped_and_filtered(make_terminal: MakeTerminal) -> None:
    """A Cockroach Poker offer (card × target × claim) is chosen in steps, or by typing a card."""
    if "cockroach-poker" not in GAMES:
        pytest.skip("cockroach-poker is not registered")
    from asobiba.cli.chooser import Chooser

    state = asobiba.new_game("cockroach-poker", 4, seed=3)
    while len(state.legal_actions()) <= 15:
        state.apply(state.legal_actions()[0])
    total = len(state.legal_actions())
    keys = iter(["2", "b", "all-nonsense", "1", "1"])
    terminal, screen = make_terminal(lambda: next(keys))
    action = Chooser(terminal, state, "en").choose()
    text = screen.getvalue()
    assert f"{total} possible moves, in groups" in text
    assert "No move matches “all-nonsense”" in text
    assert action in state.legal_actions()


@pytest.mark.parametrize("game", GAMES)
def test_the_log_starts_with_the_setup_the_player_may_see(game: str, make_terminal: MakeTerminal) -> None:
    from asobiba.cli.common import player_range
    from asobiba.cli.play import describe_events

    low, high = player_range(asobiba.get_game(game), {})
    state, setup = asobiba.get_game(game).start(max(low, min(high, 3)), seed=5)
    assert state.record() == asobiba.new_game(game, state.players, seed=5).record()
    terminal, _screen = make_terminal(lambda: "l")
    session = PlaySession(state, 0, {}, terminal, setup_events=setup)
    assert session.log == describe_events(state, setup, 0, "en")
    assert session.log, "the deal is shown"


def test_when_the_record_cannot_be_written_there_it_is_saved_in_the_default_folder(
    make_terminal: MakeTerminal, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    terminal, screen = make_terminal(lambda: "q")
    state = asobiba.new_game(GAMES[0], 3, seed=1)
    session = PlaySession(state, 0, {1: "random", 2: "random"}, terminal, save_path=blocker / "game.json")
    outcome = session.run()
    assert outcome.record_path is not None and outcome.record_path.parent.name == "asobiba-records"
    assert outcome.record_path.is_file()
    text = screen.getvalue().replace("\n", "")
    assert "Could not save to" in text and str(outcome.record_path) in text
