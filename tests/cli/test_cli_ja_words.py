"""Issue 35, the terminal in Japanese: every move and group heading in the reader's words (no move
notation, no explorer ids), while the notation stays accepted as input."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterator
from functools import partial

import pytest
from rich.console import Console, RenderableType

import asobiba
from asobiba.cli.chooser import Choice, Chooser, short_labels
from asobiba.cli.common import Terminal
from asobiba.cli.play import PlaySession
from asobiba.core import Action
from asobiba.games.survive.text import term

#: (game, options, players) seen by the tester.
TABLES = [
    ("survive", {}, 3),
    ("cockroach-poker", {}, 4),
    ("cockroach-poker", {"rules": "original"}, 5),
    ("paper-safari", {}, 3),
]


def session_for(state: asobiba.State, lang: str = "ja") -> PlaySession:
    console = Console(file=io.StringIO(), width=80, height=24, force_terminal=True, color_system=None)
    return PlaySession(state, 0, {seat: "random" for seat in range(1, state.players)}, Terminal(console), lang=lang)


def chooser_for(session: PlaySession) -> Chooser:
    view = session.state.view(0)
    lang = session.lang
    return Chooser(
        session.terminal,
        session.state,
        lang,
        group_moves=partial(session.screen.group_moves, view, lang=lang),
        move_warning=partial(session.screen.move_warning, view, lang=lang),
        move_label=partial(session.screen.move_label, view, lang=lang),
    )


def decisions(game: str, options: dict[str, str], players: int, seed: int) -> Iterator[Chooser]:
    """p0's choosers through a random game."""
    state = asobiba.new_game(game, players, seed=seed, **options)
    rng = random.Random(seed)
    while not state.is_over:
        if state.to_move == 0 and len(state.legal_actions()) > 1:
            yield chooser_for(session_for(state))
        state.apply(rng.choice(state.legal_actions()))


def printed(forms: list[RenderableType], width: int = 80) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None, record=True)
    for form in forms:
        console.print(form)
    return console.export_text()


def every_menu(chooser: Chooser) -> str:
    """Every form of every menu the player may reach: the first one, each group's, the `a` list."""
    texts = [printed(chooser.first_menu()), printed(chooser._flat_forms(chooser.all_choices))]
    for group in chooser._groups(chooser.all_choices) or []:
        texts.append(printed(chooser._flat_forms(list(group.choices), group)))
    return "\n".join(texts)


def notation_words(chooser: Chooser) -> set[str]:
    """The words of the notation that are not the board's coordinates (``r4c5``)."""
    words = set()
    for choice in chooser.all_choices:
        for word in choice.words:
            if not re.fullmatch(r"r\d+c\d+|p\d+", word):
                words.add(word.partition("=")[0])
    return words


@pytest.mark.parametrize(("game", "options", "players"), TABLES)
def test_no_move_notation_in_a_japanese_menu(game: str, options: dict[str, str], players: int) -> None:
    checked = 0
    for seed in (3, 4):
        for chooser in decisions(game, options, players, seed):
            text = every_menu(chooser)
            for word in notation_words(chooser):
                found = re.search(rf"(?<![\w#]){re.escape(word)}(?![\w#])", text)
                assert found is None, (word, text[max(0, found.start() - 200) : found.end() + 100])
            assert re.search(r"#\d", text) is None, text  # an explorer's or a card's id
            checked += 1
            if checked > 60:
                return
    assert checked


def test_short_labels_come_from_the_descriptions_never_the_notation() -> None:
    moves = [
        Choice(Action(), "stop", "ここで止める"),
        *(Choice(Action(), f"whale r6c7 r{n}c8", f"r6c7 のクジラを r{n}c8 へ動かす") for n in range(5, 8)),
    ]
    assert short_labels(moves) == ["ここで止める", *(f"r{n}c8 へ動かす" for n in range(5, 8))]
    places = [Choice(Action(), f"place red#1 r{n}c5", f"冒険者コマ 赤5 を r{n}c5 に置く") for n in range(3, 8)]
    assert short_labels(places) == [f"r{n}c5 に置く" for n in range(3, 8)]


def test_the_own_explorers_are_named_by_colour_and_value_and_typing_the_notation_still_works() -> None:
    chooser = next(decisions("survive", {}, 3, 3))
    first = printed(chooser.first_menu())
    view = chooser.state.view(0)
    values = {entry["value"] for entry in view["explorers"] if entry["player"] == 0}
    assert all(f"赤{value}を置く" in first for value in values), first
    assert "red#" not in first and "赤#" not in first
    assert chooser._parse("place red#1 r3c5")[0] is not None


def logged(game: str, options: dict[str, str], players: int, seed: int) -> Iterator[PlaySession]:
    """p0's terminal, logged as the game goes, at each of p0's decisions."""
    state = asobiba.new_game(game, players, seed=seed, **options)
    session = session_for(state)
    rng = random.Random(seed)
    while not state.is_over:
        if state.to_move == 0:
            yield session
        actor = state.to_move
        events = state.apply(rng.choice(state.legal_actions()))
        session._record_events(actor, events)


def squeezed(text: str) -> str:
    return re.sub(r"\s+", "", text)


@pytest.mark.parametrize(("width", "height"), [(80, 24), (120, 40)])
@pytest.mark.parametrize(("game", "options", "players"), TABLES)
def test_a_bots_turn_is_never_cut_at_the_screens_edge(
    game: str, options: dict[str, str], players: int, width: int, height: int
) -> None:
    checked = 0
    for session in logged(game, options, players, seed=5):
        newest = session.log_lines()[-1].plain.strip()
        console = Console(file=io.StringIO(), width=width, color_system=None, record=True)
        console.print(session.frame(size=(width, height)).renderable())
        shown = console.export_text()
        assert squeezed(newest) in squeezed(shown), (newest, shown)
        checked += 1
        if checked >= 25:
            break
    assert checked


# ---------------------------------------------------------------------------------------- Paper Safari


def paper_safari_decisions(seed: int, width: int = 80, height: int = 24) -> Iterator[tuple[PlaySession, str]]:
    """p0's frames through a random Paper Safari game, with its first menu."""
    for session in logged("paper-safari", {}, 3, seed):
        chooser = chooser_for(session)
        console = Console(file=io.StringIO(), width=width, color_system=None, record=True)
        console.print(session.frame(chooser.first_menu(), size=(width, height)).renderable())
        yield session, console.export_text()


def test_paper_safari_warns_before_the_swap_that_ends_the_round() -> None:
    from asobiba.games.paper_safari.screen_fit import move_warning

    for seed in range(1, 8):
        for session in logged("paper-safari", {}, 3, seed):
            view = session.state.view(0)
            face_down = [index for index, card in enumerate(view["grids"][0]) if card is None]
            if view["phase"] != "hand" or len(face_down) != 1:
                continue
            chooser = chooser_for(session)
            warned = {choice.notation: move_warning(view, choice, "ja") for choice in chooser.all_choices}
            last = "swap " + ["a1", "a2", "a3", "b1", "b2", "b3"][face_down[0]]
            assert warned[last] is not None and "試合" in warned[last], warned
            assert all(text is None for notation, text in warned.items() if notation != last), warned
            assert "⚠ " + str(warned[last]) in printed(chooser.first_menu(), width=120)
            return
    pytest.fail("no swap onto the last face-down card")


def test_paper_safari_marks_a_note_otherwise_than_a_star_card_and_concerns_the_card_in_hand() -> None:
    from asobiba.games.paper_safari.text import effect_help

    seen = 0
    for seed in range(1, 3):
        for session, text in paper_safari_decisions(seed):
            view = session.state.view(0)
            assert "★ " + "ミュウ★" not in text and "★ ミュウ" not in text
            hand = view.get("hand")
            top = view.get("discard_top")
            effect = {card: view["cards"][card]["effect"] for card in (hand, top) if card}
            if hand and top and effect[top] != "none" and effect[hand] != effect[top]:
                about_top = effect_help(effect[top], "ja")
                assert about_top is None or squeezed(about_top) not in squeezed(text), text
                seen += 1
    assert seen


def test_paper_safari_decision_breaks_no_line_before_a_closing_mark() -> None:
    from tests.cli.kinsoku import bad_breaks

    for seed in range(1, 2):
        for _, text in paper_safari_decisions(seed):
            assert not [line for line in bad_breaks(text) if line.lstrip().startswith("。")], text


def test_paper_safari_marks_a_rounds_winner_otherwise_than_a_star_card() -> None:
    from asobiba.games.paper_safari.screen_fit import round_summary

    state = asobiba.new_game("paper-safari", 3, seed=2)
    rng = random.Random(2)
    while not state.view(0)["rounds"]:
        state.apply(rng.choice(state.legal_actions()))
    view = state.view(0)
    summary = round_summary(view, "ja", 0)
    assert summary is not None
    text = printed([summary], width=120)
    if view["rounds"][0]["winner"] is not None:
        assert "◎ この試合の勝者" in text and "★ この試合の勝者" not in text, text


# ---------------------------------------------------------------------------------------- header


@pytest.mark.parametrize("width", [80, 120])
@pytest.mark.parametrize(("game", "players", "bots"), [("cockroach-poker", 5, "normal"), ("paper-safari", 5, "mixed")])
def test_the_header_shows_every_player_abbreviated(game: str, players: int, bots: str, width: int) -> None:
    state = asobiba.new_game(game, players, seed=1)
    console = Console(file=io.StringIO(), width=width, height=24, force_terminal=True, color_system=None)
    levels = ["easy", "normal", "hard"]
    seats = {seat: (levels[seat % 3] if bots == "mixed" else bots) for seat in range(1, players)}
    session = PlaySession(state, 0, seats, Terminal(console), lang="ja")
    out = Console(file=io.StringIO(), width=width, color_system=None, record=True)
    out.print(session.header())
    line = out.export_text().rstrip("\n")
    assert "\n" not in line and "…" not in line, line
    assert all(f"p{seat}" in line for seat in range(players)), line


# ---------------------------------------------------------------------------------------- Survive


def test_the_counter_tile_question_says_whose_turn_it_is_and_what_threatens() -> None:
    for seed in range(1, 40):
        for session in logged("survive", {}, 3, seed):
            view = session.state.view(0)
            pending = view["pending"]
            if pending["kind"] != "counter" or view["current_player"] == 0:
                continue
            line = session.turn_line().plain
            assert "あなたの番です" not in line, line
            assert re.match(rf"p{view['current_player']}\S*の番です", line), line
            assert term(pending["creature"], "ja") in line and str(pending["cell"]) in line, line
            return
    pytest.fail("no counter question for p0 on another player's turn")


def test_survives_help_speaks_of_survives_moves_not_of_cards_and_claims() -> None:
    chooser = next(decisions("survive", {}, 3, 3))
    console = Console(file=io.StringIO(), width=100, color_system=None, record=True)
    chooser.terminal = Terminal(console)
    chooser.print_help()
    text = console.export_text()
    assert "カード" not in text and "宣言" not in text, text
    assert "冒険者コマ" in text  # its example is a word of this game's moves


# ---------------------------------------------------------------------------------------- Cockroach Poker


def cp_screen(view: dict[str, object], width: int = 120) -> str:
    from asobiba.cli.screens import screen_forms

    return printed([screen_forms(view, "ja")[0]], width=width)


def test_cockroach_poker_replay_step_0_is_the_deal_not_p0_choosing() -> None:
    from asobiba.cli.replay import replay_record

    state = asobiba.new_game("cockroach-poker", 4, seed=2)
    rng = random.Random(2)
    for _ in range(3):
        state.apply(rng.choice(state.legal_actions()))
    first = replay_record(state.record(), 0, "ja")[0]
    text = cp_screen(first.view)
    assert "カードを配っています" in text and "選んでいる" not in text, text


def test_cockroach_poker_original_has_no_joker_heap_and_the_claim_is_said_once() -> None:
    for rules in ("original", "trump"):
        state = asobiba.new_game("cockroach-poker", 4, seed=3, rules=rules)
        rng = random.Random(3)
        said_once = False
        while not state.is_over and not said_once:
            view = state.view(0)
            text = cp_screen(view)
            assert ("捨てられたジョーカー" in text or "ジョーカーの捨札" in text) == (rules == "trump"), text
            in_play = view["in_play"]
            if in_play is not None and in_play["steps"]:
                from asobiba.games.cockroach_poker.text import kind_name

                claim = f"{kind_name(in_play['claim'], 'ja')}です」"
                panel = text.split("出題中のカード")[1].split("╰")[0]
                assert panel.count(claim) == 1 or len(in_play["steps"]) > 1, panel
                said_once = len(in_play["steps"]) == 1
            state.apply(rng.choice(state.legal_actions()))


def test_cockroach_poker_explains_a_kind_that_would_lose_instead_of_a_pile_of_none() -> None:
    for seed in range(1, 30):
        state = asobiba.new_game("cockroach-poker", 4, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            view = state.view(0)
            text = cp_screen(view)
            assert "×0" not in text, text
            if re.search(r"あと\S+で負け", text):
                return
            state.apply(rng.choice(state.legal_actions()))
    pytest.fail("no kind a loss away in 30 games")


# ---------------------------------------------------------------------------------------- results


@pytest.mark.parametrize(("game", "column"), [("cockroach-poker", None), ("paper-safari", "モンスターボールトークン")])
def test_a_result_tables_columns_mean_one_thing_each(game: str, column: str | None) -> None:
    state = asobiba.new_game(game, 3, seed=1)
    rng = random.Random(1)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    session = session_for(state)
    text = printed([session.ending()], width=100)
    if column is None:  # 0/1 only restates who won: no column for it
        assert "得点" not in text, text
    else:
        assert column in text and "得点" not in text, text


def test_cockroach_poker_original_five_players_offer_keeps_every_face_up_row_at_80x24() -> None:
    checked = 0
    for session in logged("cockroach-poker", {"rules": "original"}, 5, seed=4):
        view = session.state.view(0)
        if view["pending"]["kind"] != "offer":
            continue
        chooser = chooser_for(session)
        fitted = session.frame(chooser.first_menu(), size=(80, 24))
        console = Console(file=io.StringIO(), width=80, color_system=None, record=True)
        console.print(fitted.renderable())
        text = console.export_text()
        assert fitted.height <= 24, text
        rows = [line for line in text.splitlines() if re.match(r"[▶ ] p\d", line) and "表向き" in line]
        assert len(rows) == 5, text
        checked += 1
    assert checked


def test_a_line_never_ends_with_an_opening_bracket() -> None:
    from asobiba.cli.linebreak import NO_LINE_END, break_units

    units = break_units("p3がp2にカードを伏せて渡す：「これはゴキブリです」")
    assert "".join(units) == "p3がp2にカードを伏せて渡す：「これはゴキブリです」"
    assert not any(unit[-1] in NO_LINE_END for unit in units), units
