"""What a player may know of a Survive! game (rules/survive.en.md "Who may know what"): the view as types
(the state builds it in :mod:`.rules.views`).

``state.view(player)`` is core's envelope (``game, players, viewer, phase, to_move, seq, pending,
is_over, options``) followed by the keys of :class:`SurviveView`. Cells are written ``r5c4``,
explorers ``red#4``, players by number; an explorer's ``value`` is there only for its owner (and,
once the game is over, for every rescued explorer).

The phases (``view["phase"]``) are the values of :class:`~asobiba.games.survive.phase.Phase`:
``tiles``, ``values``, ``first_player`` and ``roll`` are chance's; ``place_explorers``,
``place_boats``, ``move``, ``dolphin``, ``winds``, ``jump``, ``remove_tile``, ``boat_tile``,
``creature`` and ``counter`` a player's; ``over`` at the end.

``pending`` (:class:`SurvivePending`) is the decision of the player to move: its ``kind`` and the
``steps`` taken so far of a decision taken in steps — the move points spent this turn, a dolphin's
or the winds' or a creature's steps, the players who declined a counter tile already. A counter
question says which tile would answer the creature, never whether the asked player holds one.

>>> from asobiba.games.survive.positions import position
>>> state = position(explorers={"red#1": "r5c4", "blue#1": "r7c7"})
>>> _ = state.apply(state.parse_action("move red#1 r5c5"))
>>> pending = state.view(1)["pending"]
>>> pending["kind"], pending["steps"], pending["points_left"]
('move', [{'step': 'move_explorer', 'explorer': 'red#1', 'cell': 'r5c5'}], 2)
"""

from __future__ import annotations

from typing import Literal, NotRequired, get_args

# pydantic reads TypedDicts (for the JSON Schema) only from typing_extensions before Python 3.12.
from typing_extensions import TypedDict

from asobiba.core.state import Action, PendingPlayer, ViewEnvelope
from asobiba.games.survive.actions import BoardBoat, Escape, MoveExplorer, SailBoat
from asobiba.games.survive.board import CELL_NAMES
from asobiba.games.survive.data import (
    COLOURS,
    EFFECTS,
    EXPLORER_COLOURS,
    TERRAINS,
    TILES,
    effect_of,
    explorer_name,
    terrain_of,
)
from asobiba.games.survive.phase import Phase

Colour = Literal["red", "blue", "yellow", "green"]
Terrain = Literal["beach", "forest", "mountain"]
Creature = Literal["serpent", "shark", "whale"]
Effect = Literal[
    "shark",
    "whale",
    "boat",
    "whirlpool",
    "volcano",
    "dolphin",
    "winds",
    "move-serpent",
    "move-shark",
    "move-whale",
    "kill-shark",
    "kill-whale",
]
Status = Literal["unplaced", "land", "boat", "swimming", "rescued", "lost"]
#: The kinds of decision (``pending["kind"]``); ``chance`` is core's, at a scripted chance node.
PendingKind = Literal[
    "chance",
    "place_explorer",
    "place_boat",
    "move",
    "dolphin",
    "winds",
    "jump",
    "remove_tile",
    "boat_tile",
    "creature",
    "counter",
]


#: The names a view uses, typed, in the order of the data's tables (checked below).
TERRAIN_NAMES: tuple[Terrain, ...] = get_args(Terrain)
EFFECT_NAMES: tuple[Effect, ...] = get_args(Effect)
STATUS_VIEW_NAMES: tuple[Status, ...] = get_args(Status)
COLOUR_NAMES: tuple[Colour, ...] = get_args(Colour)
CREATURE_NAMES: tuple[Creature, ...] = get_args(Creature)
if (TERRAIN_NAMES, EFFECT_NAMES, COLOUR_NAMES) != (TERRAINS, EFFECTS, COLOURS):
    raise AssertionError("the view's names differ from the data's tables")
#: By explorer number, its colour's name.
EXPLORER_COLOUR_NAMES: tuple[Colour, ...] = tuple(COLOUR_NAMES[COLOURS.index(name)] for name in EXPLORER_COLOURS)
#: By the code of every tile in the game: its terrain's and its effect's names.
TERRAIN_OF_CODE: dict[int, Terrain] = {code: TERRAIN_NAMES[terrain_of(code)] for code in TILES}
EFFECT_OF_CODE: dict[int, Effect] = {code: EFFECT_NAMES[effect_of(code)] for code in TILES}


class ExplorerView(TypedDict):
    id: str
    player: int
    colour: Colour
    status: Status
    #: ``None`` when not on the board.
    cell: str | None
    #: Its owner's secret, shown to everyone for a rescued explorer once the game is over.
    value: NotRequired[int]


class BoatView(TypedDict):
    cell: str
    passengers: list[str]
    #: The players who may move it (all tied colours' players); empty for an empty boat.
    controllers: list[int]


class CreaturesView(TypedDict):
    """Each creature's cells, one entry per creature (so a cell may repeat)."""

    serpent: list[str]
    shark: list[str]
    whale: list[str]


class TilesLeft(TypedDict):
    beach: int
    forest: int
    mountain: int


class Supply(TypedDict):
    boat: int
    shark: int
    whale: int


class HeldTile(TypedDict):
    terrain: Terrain
    effect: Effect


class RemovedTile(TypedDict):
    cell: str
    terrain: Terrain
    #: Who removed it.
    player: int
    #: ``None`` for a held or counter tile another player took (until he plays it, it stays so).
    effect: Effect | None


class PlayedTile(TypedDict):
    player: int
    effect: Effect


class SurviveView(TypedDict):
    """The game's own keys of a view."""

    #: Whose turn it is (a counter question may ask another player meanwhile).
    current_player: int
    first_player: int
    turn: int
    #: Each player's colours.
    colours: list[list[Colour]]
    #: The land tiles on the board: cell -> terrain (their backs are hidden).
    tiles: dict[str, Terrain]
    tiles_left: TilesLeft
    explorers: list[ExplorerView]
    boats: list[BoatView]
    creatures: CreaturesView
    supply: Supply
    #: How many tiles each player holds (public); which ones only the viewer's.
    held_counts: list[int]
    #: The viewer's held tiles (empty for a spectator).
    held: list[HeldTile]
    #: How many explorers each player has rescued (their values stay secret until the end).
    rescued: list[int]
    #: Move points left in the movement step (0 in other phases).
    moves_left: int
    #: Explorers that made their swimming move this turn.
    swum: list[str]
    #: Nothing moved or played yet this turn: a held tile may still be played.
    fresh: bool
    #: The creature the die showed this turn, if it was rolled.
    die: Creature | None
    removed: list[RemovedTile]
    played: list[PlayedTile]


class ExplorerStep(TypedDict):
    """An explorer stepped to ``cell`` (a move point, or a dolphin's step)."""

    step: Literal["move_explorer"]
    explorer: str
    cell: str


class BoardStep(TypedDict):
    """A swimmer climbed onto the boat in its space (a move point, or a boat tile)."""

    step: Literal["board_boat"]
    explorer: str


class SailStep(TypedDict):
    """A boat sailed (a move point, or the winds)."""

    step: Literal["sail_boat"]
    source: str
    target: str


class EscapeStep(TypedDict):
    step: Literal["escape"]
    explorer: str


class CreatureStep(TypedDict):
    step: Literal["move_creature"]
    creature: Creature
    source: str
    target: str


class DeclinedStep(TypedDict):
    """A player asked for a counter tile said no (holding one or not: nobody can tell)."""

    step: Literal["declined"]
    player: int


PendingStep = ExplorerStep | BoardStep | SailStep | EscapeStep | CreatureStep | DeclinedStep


class SurvivePending(TypedDict):
    """The decision of the player to move (core adds ``player``)."""

    kind: PendingKind
    steps: list[PendingStep]
    #: ``move``: the move points left.
    points_left: NotRequired[int]
    #: ``dolphin``: the swimmer carried, once chosen.
    explorer: NotRequired[str | None]
    #: ``winds``: the boat's cell, once chosen.
    boat: NotRequired[str | None]
    #: ``jump``, ``creature``, ``counter``: the creature.
    creature: NotRequired[Creature]
    #: ``creature``: where the moving one is, once chosen; ``counter``, ``boat_tile``: the space.
    cell: NotRequired[str | None]
    #: ``dolphin``, ``winds``, ``creature``: steps the piece may still take.
    steps_left: NotRequired[int]
    #: ``counter``: the tile that would answer the creature (``kill-shark``, ``kill-whale``).
    tile: NotRequired[Effect]


class SurviveDecision(PendingPlayer, SurvivePending):
    """``pending`` as a view holds it: the game's decision and who takes it."""


class SurviveFullView(ViewEnvelope[SurviveDecision], SurviveView):
    """A whole view (``state.view(player)``): core's envelope, ``pending`` of this game, and the game's keys."""


#: The kind of decision of the phases with no pending step.
KIND_OF_PHASE: dict[Phase, PendingKind] = {
    Phase.PLACE_EXPLORERS: "place_explorer",
    Phase.PLACE_BOATS: "place_boat",
    Phase.MOVE: "move",
    Phase.REMOVE_TILE: "remove_tile",
}


def move_step(action: Action) -> PendingStep:
    """A move point's step as ``pending["steps"]`` shows it."""
    match action:
        case MoveExplorer(explorer, cell):
            return {"step": "move_explorer", "explorer": explorer_name(explorer), "cell": CELL_NAMES[cell]}
        case BoardBoat(explorer):
            return {"step": "board_boat", "explorer": explorer_name(explorer)}
        case SailBoat(source, target):
            return {"step": "sail_boat", "source": CELL_NAMES[source], "target": CELL_NAMES[target]}
        case Escape(explorer):
            return {"step": "escape", "explorer": explorer_name(explorer)}
    raise AssertionError(f"{action} is not a move point's step")
