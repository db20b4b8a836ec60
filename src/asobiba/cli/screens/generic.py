"""The generic terminal table: a game without its own screen (a game from another package, on day
one) is drawn from its view and grouped from its legal actions' data.

- :func:`render`: the view's own keys as readable panels: the keys holding one entry per player in
  one table, a row per player; every other key in a panel of its own;
- :func:`compact`: the same in a few lines, for a small terminal;
- :func:`decision`: the decision at hand in words (its ``pending`` kind);
- :func:`group_moves`: a long list of moves grouped by their data (``to_json()``): by kind when
  there are several kinds, else by the field that splits the list best.

>>> from rich.console import Console
>>> view = {"game": "g", "players": 2, "viewer": 0, "phase": "bid", "to_move": 0, "seq": 1,
...         "pending": {"player": 0, "kind": "bid", "steps": []}, "is_over": False, "options": {},
...         "prize": 4, "scores": [3, 0]}
>>> console = Console(width=60, record=True, color_system=None, file=open("/dev/null", "w"))
>>> console.print(render(view, "en"))
>>> text = console.export_text()
>>> "prize" in text and "scores" in text and "p0 (you)" in text
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.console import Group as RichGroup
from rich.console import RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from asobiba.cli.chooser import Choice, Group
from asobiba.cli.common import tr
from asobiba.core.state import ENVELOPE_KEYS

#: Moves up to this many are shown as one list; more are grouped.
FLAT_LIMIT = 12
#: Values nested deeper than this are written as text.
MAX_DEPTH = 3


def _words(key: str) -> str:
    return key.replace("_", " ")


def _scalar(value: object) -> bool:
    return value is None or isinstance(value, (bool, int, float, str))


def _text(value: object, depth: int = 0) -> str:
    if value is None:
        return "—"
    if _scalar(value):
        return str(value)
    if isinstance(value, list):
        return ", ".join(_text(item, depth + 1) for item in value) or "—"
    if isinstance(value, dict):
        return "; ".join(f"{_words(str(key))}: {_text(item, depth + 1)}" for key, item in value.items()) or "—"
    return repr(value)


def _player(player: int, view: Mapping[str, object], lang: str) -> str:
    if player == view.get("viewer"):
        return tr("p{number} (you)", lang, number=player)
    return f"p{player}"


def _players(view: Mapping[str, object]) -> int:
    """The number of players of the view (its envelope's ``players``)."""
    players = view.get("players")
    return players if isinstance(players, int) else 0


def _own_keys(view: Mapping[str, object]) -> list[str]:
    return [key for key in view if key not in ENVELOPE_KEYS and key != "result"]


def _per_player(view: Mapping[str, object], key: str) -> bool:
    value = view[key]
    return isinstance(value, list) and len(value) == view.get("players") and len(value) > 1


def _player_values(view: Mapping[str, object], key: str) -> list[object]:
    """The value of a per-player key (:func:`_per_player`): one entry per player."""
    value = view[key]
    return value if isinstance(value, list) else []


def _players_table(view: Mapping[str, object], keys: list[str], lang: str) -> Table:
    table = Table(show_edge=False, pad_edge=False, expand=False)
    table.add_column("")
    for key in keys:
        table.add_column(escape(_words(key)))
    for player in range(_players(view)):
        marker = "▶ " if view.get("to_move") == player else "  "
        cells = [escape(_text(_player_values(view, key)[player])) for key in keys]
        table.add_row(marker + escape(_player(player, view, lang)), *cells)
    return table


def _value(value: object, depth: int = 0) -> RenderableType:
    if _scalar(value) or depth >= MAX_DEPTH or (isinstance(value, list) and all(map(_scalar, value))):
        return Text(_text(value))
    if isinstance(value, dict):
        table = Table.grid(padding=(0, 1))
        for key, item in value.items():
            table.add_row(Text(_words(str(key)), style="bold"), _value(item, depth + 1))
        return table
    if not isinstance(value, (list, tuple)):
        return Text(_text(value))
    rows = [_value(item, depth + 1) for item in value]
    return RichGroup(*rows) if rows else Text("—")


def render(view: Mapping[str, object], lang: str) -> RenderableType:
    """The view's own keys as panels: the per-player keys in one table, each other key its own panel."""
    keys = _own_keys(view)
    shared = [key for key in keys if _per_player(view, key)]
    parts: list[RenderableType] = [Text(tr("Phase: {phase}", lang, phase=_words(str(view.get("phase")))), style="dim")]
    if shared:
        parts.append(Panel(_players_table(view, shared, lang), title=tr("Players", lang), title_align="left"))
    for key in keys:
        if key not in shared:
            parts.append(Panel(_value(view[key]), title=escape(_words(key)), title_align="left"))
    return RichGroup(*parts)


def compact(view: Mapping[str, object], lang: str) -> RenderableType:
    """The view in a few lines (a small terminal): a line per key, then a line per player with the
    per-player keys, the viewer's last (it stays on screen)."""
    keys = _own_keys(view)
    shared = [key for key in keys if _per_player(view, key)]
    lines = [_line(f"{_words(key)}: {_text(view[key])}") for key in keys if key not in shared]
    if shared:
        viewer = view.get("viewer")
        order = [player for player in range(_players(view)) if player != viewer]
        order += [viewer] if isinstance(viewer, int) else []
        for player in order:
            marker = "▶ " if view.get("to_move") == player else "  "
            cells = " · ".join(f"{_words(key)} {_text(_player_values(view, key)[player])}" for key in shared)
            lines.append(_line(f"{marker}{_player(player, view, lang)}: {cells}"))
    return RichGroup(*lines)


def _line(text: str) -> Text:
    return Text(text, no_wrap=True, overflow="ellipsis")


def decision(view: Mapping[str, object], lang: str) -> str:
    """The decision at hand for the viewer, as its ``pending`` kind names it."""
    pending = view.get("pending")
    if not isinstance(pending, Mapping) or not pending or pending.get("player") != view.get("viewer"):
        return ""
    return tr("Decide: {kind}.", lang, kind=_words(str(pending.get("kind"))))


def _field_text(value: object) -> str:
    return _text(value)


def group_moves(view: Mapping[str, object], choices: Sequence[Choice], lang: str) -> list[Group] | None:
    """Moves grouped by their data: by kind when there are several, else by the field whose values
    split the list into the most groups that still fit on a screen; ``None`` to show them whole."""
    if len(choices) <= FLAT_LIMIT:
        return None
    data = [choice.action.to_json() for choice in choices]
    kinds = {entry["kind"] for entry in data}
    if len(kinds) > 1:
        by_kind: dict[str, list[Choice]] = {}
        for entry, choice in zip(data, choices, strict=True):
            by_kind.setdefault(_words(str(entry["kind"])), []).append(choice)
        return [Group(kind, tuple(members)) for kind, members in by_kind.items()]
    best: dict[str, list[Choice]] | None = None
    fields = [name for name in data[0] if name != "kind"]
    for name in fields:
        groups: dict[str, list[Choice]] = {}
        for entry, choice in zip(data, choices, strict=True):
            groups.setdefault(f"{_words(name)}: {_field_text(entry.get(name))}", []).append(choice)
        fits = 1 < len(groups) <= FLAT_LIMIT * 2 and len(groups) < len(choices)
        if fits and (best is None or len(groups) > len(best)):
            best = groups
    if best is None:
        return None
    return [Group(key, tuple(members)) for key, members in best.items()]
