"""The terminal screen of Cockroach Poker: one player's view, drawn with rich.

>>> import asobiba, os
>>> from rich.console import Console
>>> state = asobiba.new_game("cockroach-poker", players=4, seed=7)
>>> console = Console(width=100, record=True, color_system=None, file=open(os.devnull, "w"))
>>> console.print(render(state.view(0), "en"))
>>> "Your hand (13)" in console.export_text()
True
"""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from asobiba.cli.linebreak import PhraseText
from asobiba.games.cockroach_poker.text import SUIT_SYMBOLS, card_name, kind_name
from asobiba.games.cockroach_poker.view import CockroachPokerFullView, RoundStep
from asobiba.i18n import Catalog

tr = Catalog("cockroach_poker")

KIND_STYLES = {"spades": "bold white", "clubs": "green", "hearts": "bold red", "diamonds": "magenta"}


def _player(player: int | None, view: CockroachPokerFullView, lang: str) -> str:
    if player is None:
        return "—"
    if player == view.get("viewer"):
        return tr("p{number} (you)", lang, number=player)
    return f"p{player}"


def _kind_label(kind: str | None, lang: str) -> Text:
    if kind is None:
        return Text(tr("joker", lang), style="yellow")
    symbol = SUIT_SYMBOLS.get(kind, "")
    return Text(f"{symbol}{kind_name(kind, lang)}", style=KIND_STYLES.get(kind, "cyan"))


def _dangerous_kinds(view: CockroachPokerFullView, player: int) -> tuple[set[str], bool]:
    """The kinds that would (nearly) make ``player`` lose, and whether he is one card from a loss."""
    counts: dict[str, int] = view["row_counts"][player]
    size: int = view["row_sizes"][player]
    loss = view["loss"]
    of_a_kind = loss["of_a_kind"]
    near = {kind for kind, count in counts.items() if count >= of_a_kind - 1}
    missing = [kind for kind, count in counts.items() if count == 0]
    if "threshold" in loss:  # trump
        size_ok = size + 1 >= loss["threshold"]
        if len(missing) == 1:
            near.add(missing[0])
        one_away = size_ok and (bool(near) or not missing)
        return near, one_away
    if loss["eight_kinds"] and len(missing) == 1:
        near.add(missing[0])
    return near, bool(near) or view["hand_sizes"][player] == 0


def _row(view: CockroachPokerFullView, player: int, lang: str) -> Text:
    counts: dict[str, int] = view["row_counts"][player]
    near, _ = _dangerous_kinds(view, player)
    text = PhraseText()  # wraps between piles, never inside one
    missing = []
    for kind in view["kinds"]:
        count = counts[kind]
        if count == 0 and kind in near:  # not a pile: the kind whose first card would lose
            missing.append(SUIT_SYMBOLS.get(kind) or kind_name(kind, lang))
            continue
        if count == 0:
            continue
        label = _kind_label(kind, lang)
        if kind in near:
            label.stylize("reverse")
        text.append_text(label)
        text.append(f"×{count}  ", style="bold red" if kind in near and count else "")
    jokers = sum(1 for kind in view["row_kinds"][player] if kind is None)
    if jokers:
        text.append_text(_kind_label(None, lang))
        text.append(f"×{jokers}  ")
    if missing:
        text.append(tr("a {kinds} would lose", lang, kinds=tr(" or ", lang).join(missing)), style="bold red")
    text.rstrip()
    return text


def _players_table(view: CockroachPokerFullView, lang: str) -> Table:
    table = Table(box=box.SIMPLE_HEAVY, expand=False)
    table.add_column(tr("player", lang))
    table.add_column(tr("hand", lang), justify="right")
    table.add_column(tr("face up", lang), justify="right")
    table.add_column(tr("face-up row (red: a loss is near)", lang))
    to_move = view["to_move"]
    loss = view["loss"]
    for player in range(view["players"]):
        _, one_away = _dangerous_kinds(view, player)
        size = view["row_sizes"][player]
        size_text = f"{size}/{loss['threshold']}" if "threshold" in loss else str(size)
        marker = "▶ " if player == to_move else "  "
        name = Text(marker + _player(player, view, lang), style="bold" if player == to_move else "")
        if one_away:
            name.append(" ⚠", style="bold red")
        table.add_row(
            name,
            str(view["hand_sizes"][player]),
            Text(size_text, style="bold red" if one_away else ""),
            _row(view, player, lang),
        )
    return table


def _hand(view: CockroachPokerFullView, lang: str) -> RenderableType:
    hand: list[str] | None = view["hand"]
    if hand is None:
        return Text(tr("Spectator: no hand", lang), style="dim")
    groups: dict[str | None, list[str]] = {}
    for card in hand:
        kind = _card_kind(card, view)
        groups.setdefault(kind, []).append(card)
    lines = PhraseText()
    for kind in [*view["kinds"], None]:
        cards = groups.get(kind)
        if not cards:
            continue
        lines.append_text(_kind_label(kind, lang))
        if view["rules"] == "trump":  # trump cards are their short codes (S3)
            lines.append(f" ×{len(cards)}: ", style="bold")
            lines.append(" ".join(cards) + "\n")
        else:  # the animals of a kind are alike: how many is all there is to say
            lines.append(f" ×{len(cards)}", style="bold")
            lines.append("  ")
    lines.rstrip()
    if not hand:
        lines.append(tr("(empty)", lang), style="dim")
    return Panel(lines, title=tr("Your hand ({count})", lang, count=len(hand)), box=box.ROUNDED, expand=False)


def _card_kind(card: str, view: CockroachPokerFullView) -> str | None:
    if view["rules"] == "trump":
        if card.startswith("J"):
            return None
        return {"S": "spades", "C": "clubs", "H": "hearts", "D": "diamonds"}[card[0]]
    return card.rstrip("0123456789")


def _step(step: RoundStep, view: CockroachPokerFullView, lang: str) -> str:
    player = _player(step["player"], view, lang)
    if step["action"] == "offer" or step["action"] == "pass":
        line = tr(
            "{player} → {target}: “It is {claim}”",
            lang,
            player=player,
            target=_player(step["to"], view, lang),
            claim=kind_name(step["claim"], lang),
        )
        if "true" in step:
            line += " ✓" if step["true"] else " ✗"
        return line
    if step["action"] == "redirect":
        return tr(
            "{player} discards {joker}: {target} must answer",
            lang,
            player=player,
            joker=card_name(step["joker"], lang),
            target=_player(step["to"], view, lang),
        )
    if step["action"] == "peek":
        return tr("{player} looks at the card", lang, player=player)
    if step["answer"] == "yes":
        return tr("{player} answers yes", lang, player=player)
    return tr("{player} answers no", lang, player=player)


def _in_play(view: CockroachPokerFullView, lang: str) -> RenderableType:
    in_play = view["in_play"]
    if in_play is None:
        if view["is_over"]:
            return Text("")
        if view["to_move"] is None or view["to_move"] < 0:  # chance: the deal, before anyone chooses
            return Text(tr("The cards are being dealt.", lang), style="italic")
        return Text(
            tr("{player} is choosing a card to offer", lang, player=_player(view["offerer"], view, lang)),
            style="italic",
        )
    body = Text()
    body.append(
        tr(
            "{giver} claims to {receiver}: “It is {claim}”",
            lang,
            giver=_player(in_play["giver"], view, lang),
            receiver=_player(in_play["receiver"], view, lang),
            claim=kind_name(in_play["claim"], lang),
        )
        + "\n",
        style="bold",
    )
    for number, step in enumerate(in_play["steps"]):
        if number == 0 and step["action"] == "offer":
            continue  # the heading above says the offer and its claim
        body.append("  · " + _step(step, view, lang) + "\n")
    seen = ", ".join(_player(player, view, lang) for player in in_play["seen_by"])
    body.append(tr("Seen by: {players}", lang, players=seen) + "\n", style="dim")
    if in_play["redirected"]:
        redirected = ", ".join(_player(player, view, lang) for player in in_play["redirected"])
        body.append(tr("Redirected by: {players}", lang, players=redirected) + "\n", style="dim")
    if in_play["card"] is not None:
        body.append(
            tr("The card (you have seen it): {card}", lang, card=card_name(in_play["card"], lang)), style="yellow"
        )
    else:
        body.append(tr("The card: face down", lang), style="dim")
    return Panel(body, title=tr("Card in play", lang), box=box.ROUNDED, expand=False)


def _last_round(view: CockroachPokerFullView, lang: str) -> RenderableType | None:
    if not view["log"]:
        return None
    last = view["log"][-1]
    text = Text()
    for step in last["steps"]:
        text.append("· " + _step(step, view, lang) + "\n")
    outcome = tr("right", lang) if last["correct"] else tr("wrong", lang)
    text.append(
        tr(
            "It was {card} ({outcome}): face up to {row}",
            lang,
            card=card_name(last["card"], lang),
            outcome=outcome,
            row=_player(last["row"], view, lang),
        ),
        style="bold",
    )
    return Panel(text, title=tr("Round {number}", lang, number=last["round"]), box=box.ROUNDED, expand=False)


def _status(view: CockroachPokerFullView, lang: str) -> Text:
    rules = tr("trump rules", lang) if view["rules"] == "trump" else tr("original rules", lang)
    loss = view["loss"]
    if "threshold" in loss:  # trump
        losing = tr("lose with {threshold}+ face up and 4 suits or 4 of a suit", lang, threshold=loss["threshold"])
    elif loss["eight_kinds"]:
        losing = tr("lose with {count} of a kind or all 8 creatures", lang, count=loss["of_a_kind"])
    else:
        losing = tr("lose with {count} of a kind", lang, count=loss["of_a_kind"])
    title = tr("Cockroach Poker", lang)
    line = Text(f"{title} · {rules} · {losing}\n", style="bold")
    line.append(tr("Round {number}", lang, number=view["round"]) + " · ")
    if view["is_over"]:
        result = view["result"]
        winners = ", ".join(_player(player, view, lang) for player in result["winners"])
        line.append(tr("Game over. Winners: {winners}", lang, winners=winners), style="bold green")
    elif view["to_move"] is not None and view["to_move"] >= 0:
        line.append(tr("{player} to move", lang, player=_player(view["to_move"], view, lang)), style="bold yellow")
    line.append("\n")
    line.append(tr("Set aside (unseen): {count}", lang, count=view["set_aside"]))
    if view["rules"] == "trump":  # the original animals have no jokers to discard
        heap = " ".join(view["heap"]) or "—"
        line.append(" · " + tr("Joker heap: {cards}", lang, cards=heap))
    return line


def render(view: CockroachPokerFullView, lang: str) -> RenderableType:
    """The whole screen for ``view`` (a player's or a spectator's), labels in ``lang``."""
    parts: list[RenderableType] = [_status(view, lang), _players_table(view, lang), _in_play(view, lang)]
    last = _last_round(view, lang)
    if last is not None:
        parts.append(last)
    parts.append(_hand(view, lang))
    return Group(*parts)
