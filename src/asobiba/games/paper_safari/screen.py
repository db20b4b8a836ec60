"""The terminal screen of Paper Safari: one player's view, drawn with rich.

Every grid is two rows of three cards (``a1 a2 a3`` above ``b1 b2 b3``); a face-down card shows its
back, one the viewer peeked at with Charizard shows its name marked as known to him.

>>> import os
>>> from rich.console import Console
>>> from asobiba.games.paper_safari import GAME
>>> state = GAME.new_game(2, seed=7)
>>> console = Console(width=110, record=True, color_system=None, file=open(os.devnull, "w"))
>>> console.print(render(state.view(state.to_move), "en"))
>>> "Turn one of your cards face up" in console.export_text()
True
"""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from asobiba.games.paper_safari.text import effect_help
from asobiba.games.paper_safari.view import PaperSafariFullView
from asobiba.i18n import Catalog

tr = Catalog("paper_safari")

BACK = "▒▒▒▒▒▒"
#: Grids side by side (a grid is about 50 columns wide).
PANELS_PER_ROW = 2


def _name(view: PaperSafariFullView, card_id: str, lang: str) -> str:
    line = view["cards"].get(card_id)
    if line is None:
        return card_id
    return str(line["ja"] if lang == "ja" else line["en"])


def _other_name(view: PaperSafariFullView, card_id: str, lang: str) -> str:
    """The card's Japanese name under the English one, as printed on the Japanese cards; nothing
    under a Japanese name (a Japanese screen shows no English)."""
    line = view["cards"].get(card_id)
    if line is None or lang == "ja":
        return ""
    return str(line["ja"])


def _value(view: PaperSafariFullView, card_id: str) -> str:
    line = view["cards"].get(card_id)
    value = None if line is None else line["value"]
    star = "★" if line is not None and line["star"] else ""
    return f"{star}{'?' if value is None else value}"


def card_text(view: PaperSafariFullView, card_id: str | None, lang: str, known: bool = False) -> Text:
    """A card in a cell: its name and value, the other language's name below (or its back)."""
    if card_id is None:
        return Text(f"{BACK}\n{BACK}", style="blue")
    if card_id == "":
        return Text("—\n", style="dim")
    line = view["cards"].get(card_id)
    value = None if line is None else line["value"]
    style = "bold green" if value is not None and value <= 0 else "bold"
    if line is not None and line["effect"] != "none":
        style = "bold magenta"
    text = Text()
    if known:
        text.append(tr("(known) ", lang), style="italic cyan")
        style = "italic cyan"
    text.append(f"{_name(view, card_id, lang)} {_value(view, card_id)}", style=style)
    text.append("\n" + _other_name(view, card_id, lang), style="dim")
    return text


def grid_panel(view: PaperSafariFullView, owner: int, lang: str) -> Panel:
    """One player's 2×3 grid."""
    positions: list[str] = view["positions"]
    cards: list[str | None] = view["grids"][owner]
    known: dict[str, str] = view["known"] if owner == view["viewer"] else {}
    table = Table(box=box.SIMPLE_HEAD, show_header=True, pad_edge=False, expand=False, padding=(0, 1))
    table.add_column("", style="dim")
    for column in range(3):
        table.add_column(f"{column + 1}", justify="center", min_width=10)
    for row in range(2):
        cells: list[Text] = [Text("ab"[row])]
        for column in range(3):
            position = row * 3 + column
            card = cards[position]
            if card is None and positions[position] in known:
                cells.append(card_text(view, known[positions[position]], lang, known=True))
            else:
                cells.append(card_text(view, card, lang))
        table.add_row(*cells, end_section=row == 0)
    title = _player_title(view, owner, lang)
    border = "yellow" if owner == view.get("current") else "white"
    return Panel(table, title=title, border_style=border, expand=False)


def _player_title(view: PaperSafariFullView, owner: int, lang: str) -> str:
    tokens = "●" * view["tokens"][owner]
    name = tr("p{number} (you)", lang, number=owner) if owner == view["viewer"] else f"p{owner}"
    mark = " ▶" if owner == view.get("current") else ""
    return f"{name} {tokens}{mark}"


def pending(view: PaperSafariFullView, lang: str) -> str:
    """The decision due now, in words, for the viewer (or who is deciding)."""
    step: str = view["phase"]
    current = view.get("current")
    if view["is_over"]:
        return tr("The match is over.", lang)
    if step in ("start", "deal", "coin", "reshuffle"):
        return {
            "start": tr("Choosing the starting player…", lang),
            "deal": tr("Dealing the next round…", lang),
            "coin": tr("Flipping Team Rocket's coin…", lang),
            "reshuffle": tr("Shuffling the discard pile into a new pile…", lang),
        }[step]
    if current != view["viewer"]:
        return tr("p{player} is deciding.", lang, player=current)
    in_hand = view["hand"]
    hand = _name(view, in_hand, lang) if in_hand else ""
    texts: dict[str, str] = {
        "flip": tr("Turn one of your cards face up (flip a1 … b3).", lang),
        "turn": tr("Draw from the pile, or take the top discard.", lang),
        "hand": tr("Place {card}: swap it with one of your cards.", lang, card=hand),
        "peek": tr("Charizard: look at one of your face-down cards, or skip.", lang),
        "snorlax": tr("Snorlax: exchange two of your positions, or skip.", lang),
        "mew_opponent": tr("Mew: choose an opponent.", lang),
        "mew_take": tr("Mew: choose a card of p{player}.", lang, player=view.get("mew_opponent")),
        "mew_place": tr("Mew: choose where {card} goes in your grid.", lang, card=hand),
        "rocket": tr("Team Rocket (Pikachu face): choose the position everybody discards.", lang),
        "meowth": tr("Team Rocket (Meowth face): swap Team Rocket with one of your cards.", lang),
    }
    text = texts.get(step, step)
    line = view["cards"].get(in_hand) if in_hand else None
    if step == "hand" and view["hand_from"] == "pile" and not (line is not None and line["star"]):
        text += " " + tr("Or discard it.", lang)
    return text


def _table_info(view: PaperSafariFullView, lang: str) -> Table:
    info = Table.grid(padding=(0, 2))
    info.add_column(style="bold")
    info.add_column()
    top = view["discard_top"]
    info.add_row(tr("Round", lang), str(view["round"]))
    info.add_row(
        tr("Discard", lang),
        card_text(view, top, lang) if top else Text("—"),
    )
    info.add_row(
        tr("Sizes", lang),
        tr("pile {pile} · discard {discard}", lang, pile=view["pile_size"], discard=view["discard_size"]),
    )
    info.add_row(
        tr("Tokens", lang),
        "  ".join(f"p{player} {'●' * count or '·'}" for player, count in enumerate(view["tokens"]))
        + "  "
        + tr("({target} to win)", lang, target=view["tokens_to_win"]),
    )
    if view.get("current") is not None:
        info.add_row(tr("Turn", lang), f"p{view['current']}")
    if view.get("hand"):
        holder = view["hand_holder"]
        label = tr("You hold", lang) if holder == view["viewer"] else tr("p{player} holds", lang, player=holder)
        info.add_row(label, card_text(view, view["hand"], lang))
    elif view.get("hand_holder") is not None:
        info.add_row(
            tr("Hand", lang), tr("p{player} holds a card drawn from the pile", lang, player=view["hand_holder"])
        )
    if view.get("final_turns_left") is not None:
        info.add_row(tr("Final turns", lang), str(view["final_turns_left"]))
    return info


#: The mark of a note about a card's effect (a ★ is the mark of the cards that must be used).
NOTE_MARK = "※"
#: The mark of a round's winner.
WINNER_MARK = "◎"


def _specials(view: PaperSafariFullView, lang: str) -> list[str]:
    """What the card the decision concerns does: the card in hand while one is held (the discard's
    top is then only what it throws away onto), else the discard's top, which may be taken."""
    seen: list[str] = []
    concerned = view.get("hand") or view.get("discard_top")
    line = view["cards"].get(concerned) if concerned else None
    if concerned and line is not None and line["effect"] != "none":
        seen.append(concerned)
    helps = []
    for card_id in seen:
        effect = view["cards"][card_id]["effect"]
        text = effect_help(effect, lang)
        if text:
            helps.append(text)
    return helps


def _rounds(view: PaperSafariFullView, lang: str) -> Table | None:
    if not view["rounds"]:
        return None
    table = Table(title=tr("Rounds", lang), box=box.MINIMAL)
    table.add_column("#")
    for player in range(view["players"]):
        table.add_column(f"p{player}", justify="right")
    table.add_column(tr("winner", lang))
    for entry in view["rounds"]:
        winner = "—" if entry["winner"] is None else f"p{entry['winner']}"
        table.add_row(str(entry["round"]), *(str(score) for score in entry["scores"]), winner)
    return table


def render(view: PaperSafariFullView, lang: str) -> RenderableType:
    """The whole screen for ``view`` (one player's or a spectator's) in ``lang``."""
    viewer = view["viewer"]
    order = list(range(view["players"]))
    if viewer is not None:
        order = order[viewer:] + order[:viewer]  # the viewer first, then clockwise
    grids = Table.grid(padding=(0, 1))
    for _ in order[:PANELS_PER_ROW]:
        grids.add_column()
    panels = [grid_panel(view, owner, lang) for owner in order]
    for start in range(0, len(panels), PANELS_PER_ROW):
        grids.add_row(*panels[start : start + PANELS_PER_ROW])
    parts: list[RenderableType] = [grids, _table_info(view, lang)]
    parts.append(Panel(Text(pending(view, lang), style="bold yellow"), title=tr("Now", lang), expand=False))
    for text in _specials(view, lang):
        parts.append(Text(f"{NOTE_MARK} " + text, style="magenta", overflow="fold"))
    rounds = _rounds(view, lang)
    if rounds is not None:
        parts.append(rounds)
    return Group(*parts)
