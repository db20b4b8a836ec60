"""Cockroach Poker in a small terminal: the compact screen, the decision in words, and the offer
menu grouped by kind (a card's number never matters to the rules, so one card of a kind stands
for all: a kind, then a player and a claim — two choices).

>>> import asobiba
>>> import io
>>> from rich.console import Console
>>> state, _ = asobiba.get_game("cockroach-poker").start(4, seed=7)
>>> console = Console(file=io.StringIO(), width=80, record=True, color_system=None)
>>> console.print(compact(state.view(0), "en"))
>>> "Your hand (13)" in console.export_text()
True
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.console import Group as RichGroup
from rich.console import RenderableType
from rich.text import Text

from asobiba.cli.chooser import Choice, Group
from asobiba.cli.common import tr
from asobiba.cli.linebreak import PhraseText
from asobiba.cli.screens.terminal import TerminalScreen
from asobiba.games.cockroach_poker.screen import (
    _card_kind,
    _dangerous_kinds,
    _hand,
    _kind_label,
    _player,
    _row,
    _status,
    render,
)
from asobiba.games.cockroach_poker.text import card_name, kind_name
from asobiba.games.cockroach_poker.text import tr as game_tr
from asobiba.games.cockroach_poker.view import CockroachPokerFullView


def _line(text: Text) -> Text:
    """A line of the compact screen: wrapped between words and phrases when it is too long
    (never cut: a face-up pile or a claim read in half misleads)."""
    return PhraseText.of(text)


def _players(view: CockroachPokerFullView, lang: str) -> list[Text]:
    lines = []
    loss = view["loss"]
    for player in range(view["players"]):
        _, one_away = _dangerous_kinds(view, player)
        size = view["row_sizes"][player]
        size_text = f"{size}/{loss['threshold']}" if "threshold" in loss else str(size)
        mark = "▶ " if player == view["to_move"] else "  "
        name = _player(player, view, lang)
        name += " " * max(0, 10 - cell_len(name))
        line = Text(mark + name, style="bold" if player == view["to_move"] else "")
        line.append(" " + tr("hand {count}", lang, count=view["hand_sizes"][player]))
        line.append(" " + tr("face up {count}", lang, count=size_text) + " ", style="bold red" if one_away else "")
        line.append_text(_row(view, player, lang))
        if one_away:
            line.append(" ⚠", style="bold red")
        lines.append(_line(line))
    return lines


def _card_in_play(view: CockroachPokerFullView, lang: str) -> Text | None:
    in_play = view["in_play"]
    if in_play is None:
        return None
    line = Text(tr("Card in play:", lang) + " ", style="bold")
    line.append(
        f"{_player(in_play['giver'], view, lang)} → {_player(in_play['receiver'], view, lang)} "
        f"“{kind_name(in_play['claim'], lang)}” · "
    )
    if in_play["card"] is not None:
        line.append(tr("you saw {card}", lang, card=card_name(in_play["card"], lang)), style="yellow")
    else:
        line.append(tr("face down", lang), style="dim")
    seen = ", ".join(_player(player, view, lang) for player in in_play["seen_by"])
    line.append(" · " + tr("seen by {players}", lang, players=seen), style="dim")
    return line


def _last_round(view: CockroachPokerFullView, lang: str) -> Text | None:
    if not view["log"]:
        return None
    last = view["log"][-1]
    outcome = tr("right", lang) if last["correct"] else tr("wrong", lang)
    return _line(
        Text(
            tr(
                "Round {number}: it was {card} ({outcome}), face up to {row}",
                lang,
                number=last["round"],
                card=card_name(last["card"], lang),
                outcome=outcome,
                row=_player(last["row"], view, lang),
            ),
            style="dim",
        )
    )


def compact(view: CockroachPokerFullView, lang: str) -> RenderableType:
    """The screen in about a dozen lines: the rules line, a line per player, the card in play, the
    last round, and the viewer's hand by kind (last, so it stays on screen)."""
    status = _status(view, lang)
    first = _line(status.split("\n")[0]) if status.plain else Text("")
    parts: list[RenderableType] = [first, *_players(view, lang)]
    for optional in (_card_in_play(view, lang), _last_round(view, lang)):
        if optional is not None:
            parts.append(optional)
    parts.append(_hand(view, lang))
    return RichGroup(*parts)


def decision(view: CockroachPokerFullView, lang: str) -> str:
    """The decision at hand for the viewer."""
    pending = view.get("pending")
    if not pending or pending.get("player") != view.get("viewer"):
        return ""
    kind = pending["kind"]
    if kind == "offer":
        text = tr("Offer a card: pick its kind, then a player and a claim.", lang)
        if pending.get("barred") is not None:
            text += " " + tr("(not {player}: the last one)", lang, player=_player(pending["barred"], view, lang))
        return text
    if kind == "answer":
        text = tr(
            "{player} says it is {claim}: is that true?",
            lang,
            player=_player(pending["giver"], view, lang),
            claim=kind_name(pending["claim"], lang),
        )
        choices = pending.get("choices", ())
        if "peek" in choices:
            text += " " + tr("Or look at it and pass it on.", lang)
        if "redirect" in choices and any(_card_kind(card, view) is None for card in view.get("hand") or []):
            text += " " + tr("Or discard a joker to send it to another player.", lang)
        return text
    if kind == "pass":
        return tr("Pass the card on: pick a player and a claim.", lang)
    return ""


def group_moves(view: CockroachPokerFullView, choices: Sequence[Choice], lang: str) -> list[Group] | None:
    """Offers grouped by the kind of card, one card standing for its kind (its number never
    matters): at most 9 groups, then the players × claims of that kind."""
    if choices and all(choice.notation.startswith("pass ") for choice in choices):
        return _pass_groups(view, choices, lang)
    if not choices or any(not choice.notation.startswith("offer ") for choice in choices):
        return None
    by_kind: dict[str | None, dict[tuple[str, ...], Choice]] = {}
    for choice in choices:
        card = next((word.partition("=")[2] for word in choice.words if word.startswith("card=")), None)
        if card is None:
            return None
        kind = _card_kind(card, view)
        rest = tuple(word for word in choice.words if not word.startswith("card="))
        if len(rest) != 3 or not rest[1].startswith("p"):
            return None
        target, claim = rest[1], rest[2]
        player = _player(int(target[1:]), view, lang) if target[1:].isdecimal() and target[1:].isascii() else target
        label = tr("to {player}: “{claim}”", lang, player=player, claim=kind_name(claim, lang))
        by_kind.setdefault(kind, {}).setdefault(rest, Choice(choice.action, choice.notation, label))
    hand = view.get("hand") or []
    if len(by_kind) == 1:  # one kind left in hand: the player first, then the claim
        return _target_groups(view, [choice for members in by_kind.values() for choice in members.values()], lang)
    groups = []
    for kind in [*view["kinds"], None]:
        members = by_kind.get(kind)
        if not members:
            continue
        count = sum(1 for card in hand if _card_kind(card, view) == kind)
        label = _kind_label(kind, lang).plain + " " + tr("(you hold {count})", lang, count=count)
        groups.append(Group(label, tuple(members.values())))
    return groups if len(groups) > 1 else None


def _target_groups(view: CockroachPokerFullView, choices: Sequence[Choice], lang: str) -> list[Group] | None:
    """Offers of a single kind of card: the player first, then the claim."""
    by_target: dict[str, list[Choice]] = {}
    for choice in choices:
        target = choice.words[1]
        claim = choice.words[2]
        label = tr("“{claim}”", lang, claim=kind_name(claim, lang))
        by_target.setdefault(target, []).append(Choice(choice.action, choice.notation, label))
    groups = []
    for target, members in by_target.items():
        number = target[1:]
        name = _player(int(number), view, lang) if number.isascii() and number.isdecimal() else target
        groups.append(Group(tr("to {player}", lang, player=name), tuple(members)))
    return groups if len(groups) > 1 else None


def move_label(view: CockroachPokerFullView, choice: Choice, lang: str) -> str | None:
    """An offer names the card by its kind when cards of a kind differ by nothing but an id (the
    original animals ``ゴキブリ#1``, the jokers); ``None``: the game's words."""
    words = choice.words
    if len(words) != 4 or words[0] != "offer" or not words[3].startswith("card="):
        return None
    card = words[3].partition("=")[2]
    kind = _card_kind(card, view)
    if card[:1] in "SHDC" and card[1:].isdecimal():
        return None  # a playing card: its rank is its own
    name = kind_name(kind, lang) if kind is not None else game_tr("joker", lang)
    target = words[1]
    number = target[1:]
    player = _player(int(number), view, lang) if number.isascii() and number.isdecimal() else target
    return game_tr(
        "Offer {card} to {target}, claiming “{claim}”",
        lang,
        card=name,
        target=player,
        claim=kind_name(words[2], lang),
    )


def _pass_groups(view: CockroachPokerFullView, choices: Sequence[Choice], lang: str) -> list[Group] | None:
    """Passing a seen card on: the player first, then the claim (labelled in the player's language)."""
    by_target: dict[str, list[Choice]] = {}
    for choice in choices:
        words = choice.words
        if len(words) != 3 or not words[2].startswith("claims="):
            return None
        claim = words[2].partition("=")[2]
        label = tr("“{claim}”", lang, claim=kind_name(claim, lang))
        by_target.setdefault(words[1], []).append(Choice(choice.action, choice.notation, label))
    groups = []
    for target, members in by_target.items():
        number = target[1:]
        name = _player(int(number), view, lang) if number.isascii() and number.isdecimal() else target
        groups.append(Group(tr("to {player}", lang, player=name), tuple(members)))
    return groups if len(groups) > 1 else None


def option_label(name: str, lang: str) -> str | None:
    """An option's name as a player reads it in the start menu (the key stays what is typed)."""
    return {
        "rules": tr("rule set", lang),
        "jokers": tr("jokers", lang),
        "loss_threshold": tr("face-up cards to lose", lang),
        "deal": tr("deal", lang),
        "eight_kinds": tr("lose with all eight kinds", lang),
        "first_player": tr("first player", lang),
        "card_order": tr("card order", lang),
    }.get(name)


def value_label(name: str, value: object, lang: str) -> str | None:
    """A choice of an option in words (``original`` -> 本家版)."""
    return {
        ("rules", "trump"): tr("playing cards", lang),
        ("rules", "original"): tr("the original animals", lang),
        ("jokers", "redirect"): tr("pass the question on", lang),
        ("jokers", "wild"): tr("wild", lang),
        ("jokers", "none"): tr("no jokers", lang),
        ("deal", "equal"): tr("equal hands", lang),
        ("deal", "all"): tr("every card", lang),
    }.get((name, str(value)))


class CockroachPokerScreen(TerminalScreen[CockroachPokerFullView]):
    """Cockroach Poker's terminal screen (the declaration's ``screen``): the table, the card in play,
    the hand; offers grouped by target and claim."""

    def render(self, view: CockroachPokerFullView, lang: str) -> RenderableType:
        return render(view, lang)

    def compact(self, view: CockroachPokerFullView, lang: str) -> RenderableType:
        return compact(view, lang)

    def decision(self, view: CockroachPokerFullView, lang: str) -> str:
        return decision(view, lang)

    def group_moves(self, view: CockroachPokerFullView, choices: Sequence[Choice], lang: str) -> list[Group] | None:
        return group_moves(view, choices, lang)

    def move_label(self, view: CockroachPokerFullView, choice: Choice, lang: str) -> str | None:
        return move_label(view, choice, lang)

    def option_label(self, name: str, lang: str) -> str | None:
        return option_label(name, lang)

    def value_label(self, name: str, value: object, lang: str) -> str | None:
        return value_label(name, value, lang)
