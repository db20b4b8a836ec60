"""Sentences for Survive! actions and events, in English and Japanese (catalog ``survive``).

>>> from asobiba.games.survive.actions import MoveExplorer, SailBoat
>>> describe_action(MoveExplorer(3, 50), "en")
'move explorer red#4 to r4c10'
>>> describe_action(SailBoat(20, 21), "ja")
'r2c1 の船コマを r2c2 へ動かす'
"""

from __future__ import annotations

from asobiba.core.events import Event, EventTexts
from asobiba.core.i18n import Term, list_text
from asobiba.core.state import Action
from asobiba.games.survive import events as ev
from asobiba.games.survive.actions import (
    AssignValues,
    BoardBoat,
    ChooseFirst,
    Decline,
    EndMoves,
    Escape,
    LayTiles,
    MoveCreature,
    MoveExplorer,
    PlaceBoat,
    PlaceExplorer,
    PlayTile,
    RemoveTile,
    RollDie,
    SailBoat,
    Stop,
)
from asobiba.games.survive.board import CELL_NAMES
from asobiba.games.survive.data import CREATURES, EFFECTS, explorer_name
from asobiba.i18n import Catalog, check_language

tr = Catalog("survive")


def term(word: str, lang: str) -> str:
    """A game term (creature, terrain, tile effect, colour, cause) in ``lang``."""
    terms = {
        "serpent": tr("sea serpent", lang),
        "shark": tr("shark", lang),
        "whale": tr("whale", lang),
        "beach": tr("beach", lang),
        "forest": tr("forest", lang),
        "mountain": tr("mountain", lang),
        "boat": tr("boat", lang),
        "whirlpool": tr("whirlpool", lang),
        "volcano": tr("volcano", lang),
        "dolphin": tr("dolphin", lang),
        "winds": tr("favourable winds", lang),
        "move-serpent": tr("move a sea serpent", lang),
        "move-shark": tr("move a shark", lang),
        "move-whale": tr("move a whale", lang),
        "kill-shark": tr("kill a shark", lang),
        "kill-whale": tr("kill a whale", lang),
        "red": tr("red", lang),
        "blue": tr("blue", lang),
        "yellow": tr("yellow", lang),
        "green": tr("green", lang),
    }
    return terms.get(word, word)


def game_word(word: str) -> Term:
    """A game word (``shark``, ``kill-shark``, ``beach``) as a field of an error message: ``str()``
    is the word, ``error.translated("ja")`` shows it in Japanese (サメ, サメ撃退, 砂浜)."""
    return Term(word, domain="survive")


def player_name(player: int | None, lang: str) -> str:
    if player is None:
        return tr("nobody", lang)
    return tr("p{number}", lang, number=player)


def explorer_text(name: str, lang: str) -> str:
    """``red#4`` as a reader sees it: ``explorer red#4`` / ``冒険者コマ 赤#4``."""
    colour, mark, number = name.partition("#")
    return tr("explorer {id}", lang, id=f"{term(colour, lang)}{mark}{number}")


def owned_explorer_text(player: int, name: str, value: int | None, lang: str) -> str:
    """``red#4`` of ``p1`` in a log line, never by its id (``#4`` reads like a value): ``p1's red explorer``
    / ``p1の赤の冒険者コマ``; with its value (its owner's line only) ``p1's red explorer worth 5`` /
    ``p1の数字5の赤の冒険者コマ``."""
    colour = term(name.partition("#")[0], lang)
    if value is None:
        return tr("{player}'s {colour} explorer", lang, player=player_name(player, lang), colour=colour)
    return tr(
        "{player}'s {colour} explorer worth {value}", lang, player=player_name(player, lang), colour=colour, value=value
    )


def describe_action(action: Action, lang: str) -> str:
    """A sentence for a person choosing ``action``."""
    check_language(lang)
    match action:
        case LayTiles():
            return tr("lay out the 40 shuffled tiles", lang)
        case AssignValues():
            return tr("deal the explorers' hidden values", lang)
        case ChooseFirst():
            return tr("{player} plays first", lang, player=player_name(action.player, lang))
        case PlaceExplorer():
            return tr(
                "place {explorer} on {cell}",
                lang,
                explorer=explorer_text(explorer_name(action.explorer), lang),
                cell=CELL_NAMES[action.cell],
            )
        case PlaceBoat():
            return tr("place a boat on {cell}", lang, cell=CELL_NAMES[action.cell])
        case PlayTile():
            return tr("play the tile: {effect}", lang, effect=term(EFFECTS[action.effect], lang))
        case MoveExplorer():
            return tr(
                "move {explorer} to {cell}",
                lang,
                explorer=explorer_text(explorer_name(action.explorer), lang),
                cell=CELL_NAMES[action.cell],
            )
        case BoardBoat():
            return tr(
                "{explorer} climbs onto the boat here",
                lang,
                explorer=explorer_text(explorer_name(action.explorer), lang),
            )
        case SailBoat():
            return tr(
                "move the boat on {source} to {target}",
                lang,
                source=CELL_NAMES[action.source],
                target=CELL_NAMES[action.target],
            )
        case Escape():
            return tr(
                "{explorer} escapes to the safe island",
                lang,
                explorer=explorer_text(explorer_name(action.explorer), lang),
            )
        case EndMoves():
            return tr("end the movement", lang)
        case RemoveTile():
            return tr("remove the land tile on {cell}", lang, cell=CELL_NAMES[action.cell])
        case RollDie():
            return tr("the die shows: {creature}", lang, creature=term(CREATURES[action.creature], lang))
        case MoveCreature():
            return tr(
                "move the {creature} on {source} to {target}",
                lang,
                creature=term(CREATURES[action.creature], lang),
                source=CELL_NAMES[action.source],
                target=CELL_NAMES[action.target],
            )
        case Stop():
            return tr("stop here", lang)
        case Decline():
            return tr("do not play a counter tile", lang)
    return str(action)


EVENT_TEXTS = EventTexts()


@EVENT_TEXTS.writes(ev.TilesLaid)
def _tiles_laid(event: ev.TilesLaid, lang: str) -> str:
    return tr("The 40 land tiles are laid out, terrain side up.", lang)


@EVENT_TEXTS.writes(ev.ValuesAssigned)
def _values_assigned(event: ev.ValuesAssigned, lang: str) -> str:
    p = player_name(event.player, lang)
    if event.values is None:
        return tr(
            "{player} looks at the values of the {colour} explorers.",
            lang,
            player=p,
            colour=term(event.colour, lang),
        )
    # the values, smallest first, in the reader's language (1、1、2 / 1, 1, 2); never the explorers' ids
    values = tr(", ", lang).join(str(value) for value in sorted(value for _name, value in event.values))
    return tr("Your {colour} explorers are worth {values}.", lang, colour=term(event.colour, lang), values=values)


@EVENT_TEXTS.writes(ev.FirstPlayer)
def _first_player(event: ev.FirstPlayer, lang: str) -> str:
    p = player_name(event.player, lang)
    return tr("{player} is the first player.", lang, player=p)


@EVENT_TEXTS.writes(ev.ExplorerPlaced)
def _explorer_placed(event: ev.ExplorerPlaced, lang: str) -> str:
    p, colour = player_name(event.player, lang), term(event.explorer.partition("#")[0], lang)
    if event.value is None:
        return tr("{player} places a {colour} explorer on {cell}.", lang, player=p, colour=colour, cell=event.cell)
    return tr(
        "{player} places a {colour} explorer worth {value} on {cell}.",
        lang,
        player=p,
        colour=colour,
        value=event.value,
        cell=event.cell,
    )


@EVENT_TEXTS.writes(ev.BoatPlaced)
def _boat_placed(event: ev.BoatPlaced, lang: str) -> str:
    p = player_name(event.player, lang)
    if event.player is None:
        return tr("A boat appears on {cell}.", lang, cell=event.cell)
    return tr("{player} places a boat on {cell}.", lang, player=p, cell=event.cell)


@EVENT_TEXTS.writes(ev.TurnBegan)
def _turn_began(event: ev.TurnBegan, lang: str) -> str:
    p = player_name(event.player, lang)
    return tr("Turn {turn}: {player} to play.", lang, turn=event.turn, player=p)


@EVENT_TEXTS.writes(ev.TilePlayed)
def _tile_played(event: ev.TilePlayed, lang: str) -> str:
    p = player_name(event.player, lang)
    return tr("{player} plays the tile: {effect}.", lang, player=p, effect=term(event.effect, lang))


@EVENT_TEXTS.writes(ev.ExplorerMoved)
def _explorer_moved(event: ev.ExplorerMoved, lang: str) -> str:
    explorer = owned_explorer_text(event.player, event.explorer, event.value, lang)
    if event.how == "walks":
        return tr(
            "{explorer} walks from {source} to {target}.",
            lang,
            explorer=explorer,
            source=event.source,
            target=event.target,
        )
    if event.how == "boards":
        return tr("{explorer} boards the boat on {target}.", lang, explorer=explorer, target=event.target)
    if event.how == "dolphin":
        return tr(
            "A dolphin carries {explorer} from {source} to {target}.",
            lang,
            explorer=explorer,
            source=event.source,
            target=event.target,
        )
    return tr(
        "{explorer} swims from {source} to {target}.",
        lang,
        explorer=explorer,
        source=event.source,
        target=event.target,
    )


@EVENT_TEXTS.writes(ev.BoatMoved)
def _boat_moved(event: ev.BoatMoved, lang: str) -> str:
    p = player_name(event.player, lang)
    return tr(
        "{player} moves the boat on {source} to {target}.",
        lang,
        player=p,
        source=event.source,
        target=event.target,
    )


@EVENT_TEXTS.writes(ev.ExplorerEscaped)
def _explorer_escaped(event: ev.ExplorerEscaped, lang: str) -> str:
    return tr(
        "{explorer} reaches the safe island from {cell}: a survivor!",
        lang,
        explorer=owned_explorer_text(event.player, event.explorer, event.value, lang),
        cell=event.cell,
    )


@EVENT_TEXTS.writes(ev.ExplorerLost)
def _explorer_lost(event: ev.ExplorerLost, lang: str) -> str:
    return tr(
        "{explorer} is lost on {cell} ({cause}).",
        lang,
        explorer=owned_explorer_text(event.player, event.explorer, event.value, lang),
        cell=event.cell,
        cause=term(event.cause, lang),
    )


@EVENT_TEXTS.writes(ev.BoatLost)
def _boat_lost(event: ev.BoatLost, lang: str) -> str:
    return tr("The boat on {cell} is lost ({cause}).", lang, cell=event.cell, cause=term(event.cause, lang))


@EVENT_TEXTS.writes(ev.MovesEnded)
def _moves_ended(event: ev.MovesEnded, lang: str) -> str:
    p = player_name(event.player, lang)
    return tr("{player} ends the movement with {unused} move point(s) unused.", lang, player=p, unused=event.unused)


@EVENT_TEXTS.writes(ev.TileRemoved)
def _tile_removed(event: ev.TileRemoved, lang: str) -> str:
    p = player_name(event.player, lang)
    terrain = term(event.terrain, lang)
    if event.effect is None:
        return tr(
            "{player} removes the {terrain} tile on {cell} and keeps it.",
            lang,
            player=p,
            terrain=terrain,
            cell=event.cell,
        )
    return tr(
        "{player} removes the {terrain} tile on {cell}: {effect}.",
        lang,
        player=p,
        terrain=terrain,
        cell=event.cell,
        effect=term(event.effect, lang),
    )


@EVENT_TEXTS.writes(ev.CreatureAppeared)
def _creature_appeared(event: ev.CreatureAppeared, lang: str) -> str:
    return tr("A {creature} appears on {cell}.", lang, creature=term(event.creature, lang), cell=event.cell)


@EVENT_TEXTS.writes(ev.Whirlpool)
def _whirlpool(event: ev.Whirlpool, lang: str) -> str:
    return tr("A whirlpool on {cell} swallows everything around it.", lang, cell=event.cell)


@EVENT_TEXTS.writes(ev.DieRolled)
def _die_rolled(event: ev.DieRolled, lang: str) -> str:
    p = player_name(event.player, lang)
    return tr("{player} rolls the creature die: {creature}.", lang, player=p, creature=term(event.creature, lang))


@EVENT_TEXTS.writes(ev.CreatureMoved)
def _creature_moved(event: ev.CreatureMoved, lang: str) -> str:
    p = player_name(event.player, lang)
    return tr(
        "{player} moves the {creature} from {source} to {target}.",
        lang,
        player=p,
        creature=term(event.creature, lang),
        source=event.source,
        target=event.target,
    )


@EVENT_TEXTS.writes(ev.CreatureRemoved)
def _creature_removed(event: ev.CreatureRemoved, lang: str) -> str:
    return tr(
        "The {creature} on {cell} is removed ({cause}).",
        lang,
        creature=term(event.creature, lang),
        cell=event.cell,
        cause=term(event.cause, lang),
    )


@EVENT_TEXTS.writes(ev.CounterDeclined)
def _counter_declined(event: ev.CounterDeclined, lang: str) -> str:
    p = player_name(event.player, lang)
    return tr("{player} does not play a counter tile.", lang, player=p)


@EVENT_TEXTS.writes(ev.GameEnded)
def _game_ended(event: ev.GameEnded, lang: str) -> str:
    scores = list_text((f"{player_name(i, lang)}: {score}" for i, score in enumerate(event.scores)), lang)
    winners = list_text((player_name(w, lang) for w in event.winners), lang)
    if event.reason == "volcano":
        return tr("The volcano erupts! Scores: {scores}. Winner(s): {winners}.", lang, scores=scores, winners=winners)
    return tr(
        "No explorer is left on the island. Scores: {scores}. Winner(s): {winners}.",
        lang,
        scores=scores,
        winners=winners,
    )


def describe_event(event: Event, lang: str) -> str:
    """A log line for ``event`` (already in the form its reader may see)."""
    check_language(lang)
    return EVENT_TEXTS.describe(event, lang)
