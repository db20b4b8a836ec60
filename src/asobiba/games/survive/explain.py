"""Why a move of The Island was better, in words: the game's explanation hook (issue 34).

The coach gives :func:`explain` one decision — the player's view before the move, the move played
and the move found better — and it answers from that view only: where the pieces were, the values of
the player's own explorers (the others' stay unknown), and the tiles the player kept. Each move is
played out on a small copy of the board as the view shows it (the back of a removed tile is unknown,
so only its explorers washed off count), and the two results are compared:

- rescuing an explorer (worth its value at once);
- leaving an explorer in a creature's reach: a swimmer next to a sea serpent or within a shark's 2
  spaces, a boat with explorers next to a serpent or within a whale's 3;
- bringing a valuable explorer closer to an escape space;
- a creature that could have taken the other players' explorers, a tile removal that puts them into
  the water, or one that opens the sea to them;
- a kept tile (or a counter tile) that could have been played;
- a boat sailing with room while an explorer of the player stood next to it, or one another
  player controls as well.

Explorers are named as the player knows them: "your explorer worth 5" (its value is the player's
own secret), "Ken's blue explorer on the beach in the north-east"; never by id or cell.

>>> from asobiba.core.explain import MoveToExplain
>>> from asobiba.games.survive.positions import position
>>> state = position(explorers={"red#1": "r2c9", "blue#1": "r7c7"}, creatures={"serpent": ["r2c10"]},
...                  values=["6543322111", "1112233456"])
>>> observation = state.observe(0)
>>> played, better = state.parse_action("end moves"), state.parse_action("move red#1 r2c8")
>>> explain(MoveToExplain(observation, played, better, ["You", "Ken"], "en"))[0]
'Your explorer worth 6 stood next to a sea serpent, which can eat him on the next roll.'
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from asobiba.core.explain import MoveToExplain
from asobiba.core.i18n import list_text
from asobiba.core.state import Action, Observation
from asobiba.games.survive.actions import (
    BoardBoat,
    Decline,
    Escape,
    MoveCreature,
    MoveExplorer,
    PlaceBoat,
    PlaceExplorer,
    PlayTile,
    RemoveTile,
    SailBoat,
)
from asobiba.games.survive.board import CELL_BY_NAME, CELLS, ESCAPE_SPACES, IS_ESCAPE, IS_ISLAND, SPACE_NEIGHBOURS
from asobiba.games.survive.data import BOAT_CAPACITY, CREATURE_REACH, CREATURES, EFFECTS, EXPLORER_NAMES
from asobiba.games.survive.text import term
from asobiba.i18n import Catalog

__all__ = ["explain"]

tr = Catalog("survive")

SERPENT, SHARK, WHALE = "serpent", "shark", "whale"
#: The corner of each escape space's island.
CORNER_OF: dict[int, str] = {cell: corner for corner, cells in ESCAPE_SPACES.items() for cell in cells}


# ---------------------------------------------------------------------- the board as the player sees it


@dataclass
class Piece:
    """An explorer as the viewer sees it (``value`` only for the viewer's own, else ``None``)."""

    name: str
    player: int
    colour: str
    status: str
    cell: int | None
    value: int | None


@dataclass
class Board:
    """The pieces of a view, to play a move out on (positions only: no hidden backs)."""

    tiles: dict[int, str]
    explorers: dict[str, Piece]
    boats: dict[int, list[str]]
    creatures: dict[str, list[int]]
    lost: list[str] = field(default_factory=list)

    @classmethod
    def of(cls, view: Mapping[str, Any]) -> Board:
        explorers = {
            e["id"]: Piece(
                e["id"],
                e["player"],
                e["colour"],
                e["status"],
                None if e["cell"] is None else CELL_BY_NAME[e["cell"]],
                e.get("value"),
            )
            for e in view["explorers"]
        }
        return cls(
            tiles={CELL_BY_NAME[cell]: terrain for cell, terrain in view["tiles"].items()},
            explorers=explorers,
            boats={CELL_BY_NAME[boat["cell"]]: list(boat["passengers"]) for boat in view["boats"]},
            creatures={kind: [CELL_BY_NAME[cell] for cell in cells] for kind, cells in view["creatures"].items()},
        )

    def copy(self) -> Board:
        return Board(
            dict(self.tiles),
            {name: Piece(**vars(piece)) for name, piece in self.explorers.items()},
            {cell: list(passengers) for cell, passengers in self.boats.items()},
            {kind: list(cells) for kind, cells in self.creatures.items()},
            list(self.lost),
        )

    def is_sea(self, cell: int) -> bool:
        return cell not in self.tiles and not IS_ISLAND[cell]

    def at(self, cell: int, status: str) -> list[Piece]:
        return [p for p in self.explorers.values() if p.cell == cell and p.status == status]

    def lose(self, pieces: Iterable[Piece]) -> None:
        for piece in pieces:
            piece.status, piece.cell = "lost", None
            self.lost.append(piece.name)

    def leave_boat(self, piece: Piece) -> None:
        if piece.status == "boat" and piece.cell in self.boats and piece.name in self.boats[piece.cell]:
            self.boats[piece.cell].remove(piece.name)

    def played(self, action: Action) -> Board:
        """The board after ``action`` (what the view lets one foresee of it)."""
        board = self.copy()
        match action:
            case MoveExplorer(explorer, cell) | PlaceExplorer(explorer, cell):
                board.step(board.explorers[EXPLORER_NAMES[explorer]], cell)
            case BoardBoat(explorer):
                piece = board.explorers[EXPLORER_NAMES[explorer]]
                if piece.cell is not None and piece.cell in board.boats:
                    board.step(piece, piece.cell)
            case SailBoat(source, target):
                board.sail(source, target)
            case Escape(explorer):
                piece = board.explorers[EXPLORER_NAMES[explorer]]
                board.leave_boat(piece)
                piece.status, piece.cell = "rescued", None
            case RemoveTile(cell):
                board.tiles.pop(cell, None)
                for piece in board.at(cell, "land"):
                    piece.status = "swimming"
            case MoveCreature(creature, source, target):
                board.creature_moves(CREATURES[creature], source, target)
            case PlaceBoat(cell):
                board.boats[cell] = []
        return board

    def step(self, piece: Piece, cell: int) -> None:
        self.leave_boat(piece)
        piece.cell = cell
        passengers = self.boats.get(cell)
        if passengers is not None and len(passengers) < BOAT_CAPACITY:
            passengers.append(piece.name)
            piece.status = "boat"
        elif cell in self.tiles:
            piece.status = "land"
        else:
            piece.status = "swimming"
            if self.creatures[SERPENT].count(cell) or self.creatures[SHARK].count(cell):
                self.lose([piece])

    def sail(self, source: int, target: int) -> None:
        passengers = self.boats.pop(source, [])
        self.boats[target] = passengers
        pieces = [self.explorers[name] for name in passengers]
        for piece in pieces:
            piece.cell = target
        if passengers and target in self.creatures[SERPENT]:
            del self.boats[target]
            self.lose(pieces)
        elif passengers and target in self.creatures[WHALE]:
            del self.boats[target]
            for piece in pieces:
                piece.status = "swimming"

    def creature_moves(self, kind: str, source: int, target: int) -> None:
        cells = self.creatures[kind]
        if source in cells:
            cells.remove(source)
        cells.append(target)
        passengers = self.boats.get(target)
        if kind == SERPENT:
            if passengers:
                del self.boats[target]
                self.lose([self.explorers[name] for name in passengers])
            self.lose(self.at(target, "swimming"))
        elif kind == SHARK:
            self.lose(self.at(target, "swimming"))
        elif passengers:
            del self.boats[target]
            for name in passengers:
                self.explorers[name].status = "swimming"

    def sea_distances(self, start: int, reach: int) -> dict[int, int]:
        """The sea spaces a creature on ``start`` reaches in ``reach`` steps, with their distances."""
        seen = {start: 0}
        queue = deque([start])
        while queue:
            cell = queue.popleft()
            if seen[cell] == reach:
                continue
            for n in SPACE_NEIGHBOURS[cell]:
                if n not in seen and self.is_sea(n):
                    seen[n] = seen[cell] + 1
                    queue.append(n)
        return seen

    def threat(self, piece: Piece) -> str | None:
        """The creature that may take ``piece`` on the next roll (``None``: none can)."""
        if piece.cell is None or piece.status not in ("swimming", "boat"):
            return None
        kinds = (SERPENT, SHARK) if piece.status == "swimming" else (SERPENT, WHALE)
        for kind in kinds:
            reach = CREATURE_REACH[CREATURES.index(kind)]
            if any(piece.cell in self.sea_distances(cell, reach) for cell in self.creatures[kind]):
                return kind
        return None

    def steps_to_safety(self, piece: Piece) -> int | None:
        """How many spaces ``piece`` is from an escape space free of serpents (``None``: off the board)."""
        if piece.cell is None:
            return None
        seen = {piece.cell: 0}
        queue = deque([piece.cell])
        while queue:
            cell = queue.popleft()
            if IS_ESCAPE[cell] and cell not in self.creatures[SERPENT]:
                return seen[cell]
            for n in SPACE_NEIGHBOURS[cell]:
                if n not in seen and (piece.status == "land" or self.is_sea(n)):
                    seen[n] = seen[cell] + 1
                    queue.append(n)
        return None


# ---------------------------------------------------------------------- words


REGIONS: dict[str, Callable[[str], str]] = {
    "north": lambda lang: tr("the north", lang),
    "south": lambda lang: tr("the south", lang),
    "east": lambda lang: tr("the east", lang),
    "west": lambda lang: tr("the west", lang),
    "middle": lambda lang: tr("the middle", lang),
    "north-east": lambda lang: tr("the north-east", lang),
    "north-west": lambda lang: tr("the north-west", lang),
    "south-east": lambda lang: tr("the south-east", lang),
    "south-west": lambda lang: tr("the south-west", lang),
}
CORNERS: dict[str, Callable[[str], str]] = {
    "NE": lambda lang: tr("north-east", lang),
    "NW": lambda lang: tr("north-west", lang),
    "SE": lambda lang: tr("south-east", lang),
    "SW": lambda lang: tr("south-west", lang),
}


def region(cell: int, lang: str) -> str:
    """The part of the board ``cell`` lies in: ``the north-east``, ``the middle``."""
    row, column = CELLS[cell]
    x = column + (0.5 if row % 2 == 0 else 0.0)
    north_south = "north" if row <= 4 else "south" if row >= 8 else ""
    east_west = "west" if x <= 3.5 else "east" if x >= 7.5 else ""
    return REGIONS["-".join(part for part in (north_south, east_west) if part) or "middle"](lang)


def place(board: Board, piece: Piece, lang: str) -> str:
    """Where ``piece`` is, in words: ``on the beach in the north-east``."""
    cell = piece.cell
    if cell is None:
        return ""
    if IS_ESCAPE[cell]:
        return tr("on the escape space of the {corner} island", lang, corner=CORNERS[CORNER_OF[cell]](lang))
    if piece.status == "boat":
        return tr("on a boat in {region}", lang, region=region(cell, lang))
    if piece.status == "swimming":
        return tr("swimming in {region}", lang, region=region(cell, lang))
    return tr("on the {terrain} in {region}", lang, terrain=term(board.tiles[cell], lang), region=region(cell, lang))


@dataclass(frozen=True)
class Reader:
    """Who reads: the language, the seats' names and the player whose decision it is."""

    lang: str
    names: tuple[str, ...]
    player: int

    def explorer(self, board: Board, piece: Piece) -> str:
        """An explorer as the player knows him: by value if his own, else by owner, colour and place."""
        lang = self.lang
        if piece.player == self.player and piece.value is not None:
            return tr("your explorer worth {value}", lang, value=piece.value)
        colour = term(piece.colour, lang)
        if piece.player == self.player:
            return tr("your {colour} explorer {place}", lang, colour=colour, place=place(board, piece, lang))
        return tr(
            "{owner}'s {colour} explorer {place}",
            lang,
            owner=self.names[piece.player],
            colour=colour,
            place=place(board, piece, lang),
        )

    def action(self, board: Board, action: Action | None) -> str:
        """The better or played move, as the subject of a sentence."""
        lang = self.lang
        if isinstance(action, MoveCreature):
            return tr("moving the {creature}", lang, creature=term(CREATURES[action.creature], lang))
        if isinstance(action, RemoveTile) and action.cell in board.tiles:
            return tr(
                "removing the {terrain} in {region}",
                lang,
                terrain=term(board.tiles[action.cell], lang),
                region=region(action.cell, lang),
            )
        return tr("that move", lang)


def threat_text(kind: str, who: str, lang: str, *, verdict: bool) -> str:
    """An explorer left in a creature's reach (``verdict``: the one-line verdict on the move played)."""
    if verdict:
        if kind == SERPENT:
            return tr("Risky: {explorer} is left next to a sea serpent.", lang, explorer=who)
        if kind == SHARK:
            return tr("Risky: {explorer} is left swimming within a shark's reach.", lang, explorer=who)
        return tr("Risky: {explorer} is left on a boat within a whale's reach.", lang, explorer=who)
    if kind == SERPENT:
        return tr("{explorer} stood next to a sea serpent, which can eat him on the next roll.", lang, explorer=who)
    if kind == SHARK:
        return tr("{explorer} was left swimming within a shark's reach.", lang, explorer=who)
    return tr("{explorer} was left on a boat within a whale's reach: it can capsize the boat.", lang, explorer=who)


def capital(text: str) -> str:
    """A sentence begins with a capital (``your explorer …`` as its subject)."""
    return text[:1].upper() + text[1:]


# ---------------------------------------------------------------------- the reasons


@dataclass(frozen=True)
class Reason:
    strength: float
    text: str


@dataclass(frozen=True)
class Decision:
    """A decision played out: the board before, after the move played and after the better one."""

    before: Board
    after: Board
    alternative: Board | None
    played: Action
    better: Action | None
    reader: Reader
    #: The decision is a step of the movement (more steps, an escape among them, may follow this turn).
    moving: bool = False

    @property
    def player(self) -> int:
        return self.reader.player

    @property
    def lang(self) -> str:
        return self.reader.lang

    def own(self, board: Board) -> list[Piece]:
        return [p for p in board.explorers.values() if p.player == self.player]

    def exposed(self, board: Board, piece: Piece) -> str | None:
        """The creature that may take ``piece`` once the turn is over (``None``: none can). On an
        escape space during the movement he may still escape this turn: not exposed."""
        if piece.cell is not None and IS_ESCAPE[piece.cell] and self.moving:
            return None
        return board.threat(piece)

    def others(self, board: Board) -> list[Piece]:
        return [p for p in board.explorers.values() if p.player != self.player]

    def who(self, name: str) -> str:
        return self.reader.explorer(self.before, self.before.explorers[name])


def worth(piece: Piece) -> int:
    """What an explorer is worth to the reasoning: his value if known, else an average explorer's."""
    return piece.value if piece.value is not None else 2


def rescue(decision: Decision) -> Iterable[Reason]:
    """The better move rescued an explorer worth more than the move played did; or the move played rescued one."""
    played, better, lang = decision.played, decision.better, decision.lang

    def value(action: Action | None) -> int:
        if not isinstance(action, Escape):
            return 0
        piece = decision.before.explorers[EXPLORER_NAMES[action.explorer]]
        return worth(piece) if piece.player == decision.player else 0

    if isinstance(better, Escape) and value(better) > value(played):
        who = capital(decision.who(EXPLORER_NAMES[better.explorer]))
        yield Reason(
            10 * value(better), tr("{explorer} could have escaped to the safe island at once.", lang, explorer=who)
        )
    if better is None and isinstance(played, Escape) and value(played):
        who = decision.who(EXPLORER_NAMES[played.explorer])
        yield Reason(10 * value(played), tr("Good: {explorer} reached the safe island.", lang, explorer=who))


def danger(decision: Decision) -> Iterable[Reason]:
    """An explorer of the player lost, or left in a creature's reach, where the better move kept him safe."""
    lang, after, alternative = decision.lang, decision.after, decision.alternative
    lost = [
        decision.before.explorers[name]
        for name in after.lost
        if decision.before.explorers[name].player == decision.player
        and (alternative is None or name not in alternative.lost)
    ]
    if lost:
        lost.sort(key=worth, reverse=True)
        who = list_text([decision.who(piece.name) for piece in lost], lang)
        yield Reason(9 * sum(worth(piece) for piece in lost), tr("This move cost {explorers}.", lang, explorers=who))
    said: set[str] = set()  # one sentence per creature: of the most valuable explorer in its reach
    for piece in sorted(decision.own(after), key=worth, reverse=True):
        kind = decision.exposed(after, piece)
        if kind is None or kind in said:
            continue
        if alternative is not None and decision.exposed(alternative, alternative.explorers[piece.name]) is not None:
            continue
        if decision.before.threat(decision.before.explorers[piece.name]) == kind and decision.better is None:
            continue  # the danger was there before this move: the verdict is on the move
        who = decision.reader.explorer(after, piece)
        verdict = decision.better is None
        text = threat_text(kind, who if verdict else capital(who), lang, verdict=verdict)
        said.add(kind)
        yield Reason(8 * worth(piece), text)


def gain(before: Board, after: Board, name: str) -> int:
    """How many spaces nearer an escape space explorer ``name`` is after the move."""
    start, end = before.steps_to_safety(before.explorers[name]), after.steps_to_safety(after.explorers[name])
    if start is None or end is None:
        return 0
    return start - end


def progress(decision: Decision) -> Iterable[Reason]:
    """The better move brought a valuable explorer nearer safety than the move played (or the move
    played did): said of the most valuable one."""
    lang, before, after, alternative = decision.lang, decision.before, decision.after, decision.alternative
    if alternative is None:
        moved = [
            piece
            for piece in decision.own(after)
            if gain(before, after, piece.name) > 0 and decision.exposed(after, piece) is None
        ]
        if moved:
            piece = max(moved, key=worth)
            yield Reason(
                worth(piece), tr("Good: {explorer} is closer to safety.", lang, explorer=decision.who(piece.name))
            )
        return
    nearer = [
        piece
        for piece in decision.own(alternative)
        if gain(before, alternative, piece.name) > gain(before, after, piece.name)
        and decision.exposed(alternative, piece) is None
    ]
    if nearer:
        piece = max(nearer, key=worth)
        yield Reason(
            3 * worth(piece),
            tr("The better move brought {explorer} nearer an escape space.", lang, explorer=decision.who(piece.name)),
        )


def harm_to_others(decision: Decision) -> Iterable[Reason]:
    """A creature's move or a removal that takes the other players' explorers or puts them at sea."""
    lang = decision.lang
    action, board = (
        (decision.played, decision.after) if decision.better is None else (decision.better, decision.alternative)
    )
    if board is None:
        return
    before = decision.before
    verdict = decision.better is None
    subject = decision.reader.action(before, action)
    subject = subject if verdict else capital(subject)
    taken = [before.explorers[n] for n in board.lost if before.explorers[n].player != decision.player]
    if taken:
        owner = decision.reader.names[taken[0].player]
        text = (
            tr(
                "Good: {action} took {count} of {owner}'s explorers.",
                lang,
                action=subject,
                count=len(taken),
                owner=owner,
            )
            if verdict
            else tr(
                "{action} would have taken {count} of {owner}'s explorers.",
                lang,
                action=subject,
                count=len(taken),
                owner=owner,
            )
        )
        yield Reason(5 * len(taken), text)
    capsized = [
        p for p in decision.others(board) if p.status == "swimming" and before.explorers[p.name].status == "boat"
    ]
    if capsized:
        owner = decision.reader.names[capsized[0].player]
        text = (
            tr(
                "Good: {action} capsized {owner}'s boat: {count} of his explorers swim.",
                lang,
                action=subject,
                count=len(capsized),
                owner=owner,
            )
            if verdict
            else tr(
                "{action} would have capsized {owner}'s boat, leaving {count} of his explorers swimming.",
                lang,
                action=subject,
                count=len(capsized),
                owner=owner,
            )
        )
        yield Reason(4 * len(capsized), text)
    if isinstance(action, RemoveTile):
        washed = [
            p for p in decision.others(board) if p.status == "swimming" and before.explorers[p.name].status == "land"
        ]
        if washed:
            owner = decision.reader.names[washed[0].player]
            text = (
                tr(
                    "Good: {action} put {count} of {owner}'s explorers into the water.",
                    lang,
                    action=subject,
                    count=len(washed),
                    owner=owner,
                )
                if verdict
                else tr(
                    "{action} would have put {count} of {owner}'s explorers into the water.",
                    lang,
                    action=subject,
                    count=len(washed),
                    owner=owner,
                )
            )
            yield Reason(3 * len(washed), text)


def opened(board: Board, cell: int, decision: Decision) -> list[Piece]:
    """The other players' explorers on land next to ``cell`` that had no sea next to them yet."""
    return [
        piece
        for piece in decision.others(board)
        if piece.status == "land"
        and piece.cell in SPACE_NEIGHBOURS[cell]
        and not any(board.is_sea(n) for n in SPACE_NEIGHBOURS[piece.cell])
    ]


def opened_path(decision: Decision) -> Iterable[Reason]:
    """The removal played opened the sea to the other players' explorers next to it (more than the better one)."""
    played, better = decision.played, decision.better
    if not isinstance(played, RemoveTile) or played.cell not in decision.before.tiles:
        return
    found = opened(decision.before, played.cell, decision)
    if not found:
        return
    if isinstance(better, RemoveTile) and len(opened(decision.before, better.cell, decision)) >= len(found):
        return
    lang = decision.lang
    owner = decision.reader.names[found[0].player]
    where = dict(terrain=term(decision.before.tiles[played.cell], lang), region=region(played.cell, lang))
    if better is None:
        text = tr(
            "Risky: removing the {terrain} in {region} opened the sea to {count} of {owner}'s explorers next to it.",
            lang,
            count=len(found),
            owner=owner,
            **where,
        )
    else:
        text = tr(
            "Removing the {terrain} in {region} opened the sea to {count} of {owner}'s explorers next to it.",
            lang,
            count=len(found),
            owner=owner,
            **where,
        )
    yield Reason(2 * len(found), text)


def kept_tile(decision: Decision) -> Iterable[Reason]:
    """The better move played a kept tile, or the counter tile asked for."""
    better, lang = decision.better, decision.lang
    if not isinstance(better, PlayTile) or decision.played == better:
        return
    effect = EFFECTS[better.effect]
    tile = term(effect, lang)
    if isinstance(decision.played, Decline):
        at_stake = [p for p in decision.own(decision.before) if p.status in ("swimming", "boat")]
        strongest = max((worth(p) for p in at_stake), default=2)
        yield Reason(
            9 * strongest,
            tr(
                'Playing your "{tile}" tile would have removed the creature before it struck your explorers.',
                lang,
                tile=tile,
            ),
        )
        return
    if effect == "dolphin":
        use = tr("it carries one of your swimmers up to 3 spaces", lang)
    elif effect == "winds":
        use = tr("it moves a boat you control up to 3 spaces, without spending move points", lang)
    else:
        use = tr("it moves a creature to any empty sea space", lang)
    yield Reason(5, tr('Your kept tile "{tile}" could have been played first: {use}.', lang, tile=tile, use=use))


def boat(decision: Decision) -> Iterable[Reason]:
    """A boat sailed with room while an explorer of the player stood next to it, or one shared with another player."""
    played, lang, before = decision.played, decision.lang, decision.before
    if not isinstance(played, SailBoat):
        return
    passengers = before.boats.get(played.source, [])
    room = BOAT_CAPACITY - len(passengers)
    if decision.better is not None and room > 0:
        waiting = [
            p
            for p in decision.own(before)
            if p.status in ("land", "swimming") and p.cell is not None and played.source in SPACE_NEIGHBOURS[p.cell]
        ]
        if waiting:
            best = max(waiting, key=worth)
            yield Reason(
                3 * worth(best),
                tr(
                    "Your boat sailed with room for {room} more while {explorer} stood next to it.",
                    lang,
                    room=room,
                    explorer=decision.who(best.name),
                ),
            )
    counts: dict[int, int] = {}
    for name in passengers:
        owner = before.explorers[name].player
        counts[owner] = counts.get(owner, 0) + 1
    mine = counts.get(decision.player, 0)
    sharing = [p for p, n in counts.items() if p != decision.player and n >= mine > 0]
    if sharing:
        yield Reason(
            2,
            tr(
                "{owner} has as many explorers on that boat as you, so he controls it too and may sail it on his turn.",
                lang,
                owner=decision.reader.names[sharing[0]],
            ),
        )


REASONS: tuple[Callable[[Decision], Iterable[Reason]], ...] = (
    rescue,
    danger,
    kept_tile,
    harm_to_others,
    progress,
    opened_path,
    boat,
)


def explain(decision: MoveToExplain) -> list[str]:
    """The reasons ``decision.better`` was better than the move played, strongest first, in
    ``decision.lang`` (empty: nothing to say); with no better move, a one-line verdict on the move
    played: good, or risky and why."""
    view = decision.observation.view
    before = Board.of(view)
    played, better = decision.played, decision.better
    situation = Decision(
        before=before,
        after=before.played(played),
        alternative=None if better is None else before.played(better),
        played=played,
        better=better,
        reader=Reader(decision.lang, tuple(decision.names), decision.player),
        moving=view["phase"] in ("move", "winds", "dolphin"),
    )
    reasons = sorted((reason for find in REASONS for reason in find(situation)), key=lambda reason: -reason.strength)
    texts = list(dict.fromkeys(reason.text for reason in reasons))
    if better is None:
        return texts[:1] or [tr("Good: no move found was better.", decision.lang)]
    return texts


def move_words(observation: Observation[Any], action: Action, text: str, lang: str, merged: bool) -> str:
    """An explorer by its colour and where it stands, and its value where the player knows it ("your red
    explorer worth 5 on r3c4"), never its number (``red#4``)."""
    from asobiba.games.survive.data import explorer_name
    from asobiba.games.survive.text import explorer_text, term

    number = getattr(action, "explorer", None)
    if not isinstance(number, int):
        return text
    name = explorer_name(number)
    seen = next((explorer for explorer in observation.view["explorers"] if explorer.get("id") == name), None)
    if seen is None:
        return text
    colour = term(str(seen.get("colour")), lang)
    cell, value = seen.get("cell"), seen.get("value")
    if cell and value is not None:
        words = tr("your {colour} explorer worth {value} on {cell}", lang, colour=colour, value=value, cell=cell)
    elif cell:
        words = tr("your {colour} explorer on {cell}", lang, colour=colour, cell=cell)
    elif value is not None:
        words = tr("your {colour} explorer worth {value}", lang, colour=colour, value=value)
    else:
        words = tr("one of your {colour} explorers", lang, colour=colour)
    return text.replace(explorer_text(name, lang), words)
