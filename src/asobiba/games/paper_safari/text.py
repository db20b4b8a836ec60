"""Sentences for actions and events, in English and Japanese (catalog ``paper_safari``).

>>> from asobiba.games.paper_safari.notation import parse
>>> describe_action(parse("mew p2"), "en")
'Mew: choose p2'
>>> describe_action(parse("swap b2"), "ja")
'手札を下段中央と交換する'
"""

from __future__ import annotations

from asobiba.core.events import Event, EventTexts
from asobiba.core.i18n import list_text
from asobiba.core.state import Action
from asobiba.games.paper_safari import actions as act
from asobiba.games.paper_safari import events as ev
from asobiba.games.paper_safari.data import POKEMON56, POSITIONS, CardKind
from asobiba.i18n import Catalog

tr = Catalog("paper_safari")

_DEFAULT_KINDS = {kind.id: kind for kind in POKEMON56}


def card_name(card: CardKind | str | None, lang: str) -> str:
    """A card's name in ``lang``; a card id of the default deck is looked up; ``None`` is unseen."""
    if card is None:
        return tr("a card", lang)
    if isinstance(card, str):
        kind = _DEFAULT_KINDS.get(card)
        return kind.name(lang) if kind is not None else card
    return card.name(lang)


def position_name(position: int | None, lang: str) -> str:
    """``a1`` … ``b3`` as words ("top left" / 上段左)."""
    if position is None:
        return ""
    names = (
        tr("top left", lang),
        tr("top middle", lang),
        tr("top right", lang),
        tr("bottom left", lang),
        tr("bottom middle", lang),
        tr("bottom right", lang),
    )
    return names[position]


def effect_help(effect: str, lang: str) -> str | None:
    """What a special card does, in one sentence, by its effect ("mew", "team-rocket", …);
    ``None`` for a plain number card."""
    texts = {
        "charizard": tr("Charizard: after swapping it in, you may look at one of your face-down cards.", lang),
        "snorlax": tr("Snorlax: after swapping it in, you may exchange two of your positions.", lang),
        "ditto": tr("Ditto: at scoring, takes the number of its left or right neighbour in the row.", lang),
        "mew": tr(
            "Mew ★ (must be used): take any card of an opponent, Mew takes its place; the card goes to one of"
            " your positions.",
            lang,
        ),
        "zapdos": tr(
            "Zapdos ★ (must be used): swap it in; the replaced card goes to the same position of your left"
            " neighbour, and so on; the last one to the bottom of the discard pile.",
            lang,
        ),
        "team-rocket": tr(
            "Team Rocket ★ (must be used): flip the coin. Pikachu: everybody discards the position you choose and"
            " refills it from the pile. Meowth: swap Team Rocket in.",
            lang,
        ),
    }
    return texts.get(effect)


def describe_action(action: Action, lang: str) -> str:
    """A sentence for a person choosing or reading ``action``."""
    position = getattr(action, "position", None)
    where = position_name(position, lang)
    if isinstance(action, act.Flip):
        return tr("Turn your {position} card face up", lang, position=where)
    if isinstance(action, act.Draw):
        return tr("Draw the top card of the pile", lang)
    if isinstance(action, act.TakeDiscard):
        return tr("Take the top card of the discard pile", lang)
    if isinstance(action, act.Swap):
        return tr("Swap the card in hand with your {position} card", lang, position=where)
    if isinstance(action, act.Discard):
        return tr("Discard the drawn card", lang)
    if isinstance(action, act.Peek):
        return tr("Charizard: look at your {position} card", lang, position=where)
    if isinstance(action, act.Skip):
        return tr("Do not use the effect", lang)
    if isinstance(action, act.Exchange):
        return tr(
            "Snorlax: exchange your {first} and {second} cards",
            lang,
            first=position_name(action.first, lang),
            second=position_name(action.second, lang),
        )
    if isinstance(action, act.MewChoose):
        return tr("Mew: choose p{player}", lang, player=action.opponent)
    if isinstance(action, act.MewTake):
        return tr("Mew: take the opponent's {position} card", lang, position=where)
    if isinstance(action, act.MewPlace):
        return tr("Mew: put the taken card at your {position}", lang, position=where)
    if isinstance(action, act.Rocket):
        return tr("Team Rocket: everybody discards the {position} card", lang, position=where)
    if isinstance(action, act.Start):
        return tr("p{player} starts", lang, player=action.player)
    if isinstance(action, act.Deal):
        return tr("Deal the cards", lang)
    if isinstance(action, act.Coin):
        face = tr("Pikachu", lang) if action.face == "pikachu" else tr("Meowth", lang)
        return tr("The coin shows {face}", lang, face=face)
    if isinstance(action, act.Reshuffle):
        return tr("Shuffle the discard pile into a new pile", lang)
    return str(action)


EVENT_TEXTS = EventTexts()


@EVENT_TEXTS.writes(ev.StartingPlayerChosen)
def _starting_player_chosen(event: ev.StartingPlayerChosen, lang: str) -> str:
    return tr("p{player} starts the first round", lang, player=event.player)


@EVENT_TEXTS.writes(ev.RoundDealt)
def _round_dealt(event: ev.RoundDealt, lang: str) -> str:
    return tr(
        "Round {round}: the cards are dealt; p{player} starts; the discard pile starts with {card}",
        lang,
        round=event.round,
        player=event.starter,
        card=card_name(event.discard_top, lang),
    )


@EVENT_TEXTS.writes(ev.CardFlipped)
def _card_flipped(event: ev.CardFlipped, lang: str) -> str:
    return tr(
        "p{player} turns up {card} at {position}",
        lang,
        player=event.player,
        card=card_name(event.card, lang),
        position=position_name(event.position, lang),
    )


@EVENT_TEXTS.writes(ev.CardDrawn)
def _card_drawn(event: ev.CardDrawn, lang: str) -> str:
    if event.card is None:
        return tr("p{player} draws a card", lang, player=event.player)
    return tr("p{player} draws {card}", lang, player=event.player, card=card_name(event.card, lang))


@EVENT_TEXTS.writes(ev.DiscardTaken)
def _discard_taken(event: ev.DiscardTaken, lang: str) -> str:
    return tr(
        "p{player} takes {card} from the discard pile", lang, player=event.player, card=card_name(event.card, lang)
    )


@EVENT_TEXTS.writes(ev.CardSwapped)
def _card_swapped(event: ev.CardSwapped, lang: str) -> str:
    return tr(
        "p{player} puts {card} at {position} and discards {replaced}",
        lang,
        player=event.player,
        card=card_name(event.card, lang),
        position=position_name(event.position, lang),
        replaced=card_name(event.replaced, lang),
    )


@EVENT_TEXTS.writes(ev.CardDiscarded)
def _card_discarded(event: ev.CardDiscarded, lang: str) -> str:
    return tr("p{player} discards {card}", lang, player=event.player, card=card_name(event.card, lang))


@EVENT_TEXTS.writes(ev.CardPeeked)
def _card_peeked(event: ev.CardPeeked, lang: str) -> str:
    if event.card is None:
        return tr(
            "p{player} looks at his {position} card",
            lang,
            player=event.player,
            position=position_name(event.position, lang),
        )
    return tr(
        "p{player} looks at his {position} card: {card}",
        lang,
        player=event.player,
        position=position_name(event.position, lang),
        card=card_name(event.card, lang),
    )


@EVENT_TEXTS.writes(ev.EffectSkipped)
def _effect_skipped(event: ev.EffectSkipped, lang: str) -> str:
    return tr("p{player} does not use {card}'s effect", lang, player=event.player, card=card_name(event.card, lang))


@EVENT_TEXTS.writes(ev.PositionsExchanged)
def _positions_exchanged(event: ev.PositionsExchanged, lang: str) -> str:
    return tr(
        "p{player} exchanges his {first} and {second} cards (Snorlax)",
        lang,
        player=event.player,
        first=position_name(event.first, lang),
        second=position_name(event.second, lang),
    )


@EVENT_TEXTS.writes(ev.MewPlayed)
def _mew_played(event: ev.MewPlayed, lang: str) -> str:
    return tr("p{player} plays Mew against p{opponent}", lang, player=event.player, opponent=event.opponent)


@EVENT_TEXTS.writes(ev.MewTookCard)
def _mew_took_card(event: ev.MewTookCard, lang: str) -> str:
    return tr(
        "Mew takes {card} from p{opponent}'s {position}",
        lang,
        card=card_name(event.card, lang),
        opponent=event.opponent,
        position=position_name(event.position, lang),
    )


@EVENT_TEXTS.writes(ev.MewPlacedCard)
def _mew_placed_card(event: ev.MewPlacedCard, lang: str) -> str:
    return tr(
        "p{player} puts {card} at {position} and discards {replaced}",
        lang,
        player=event.player,
        card=card_name(event.card, lang),
        position=position_name(event.position, lang),
        replaced=card_name(event.replaced, lang),
    )


@EVENT_TEXTS.writes(ev.CardPassedLeft)
def _card_passed_left(event: ev.CardPassedLeft, lang: str) -> str:
    return tr(
        "Zapdos: {card} passes from p{giver} to p{receiver}'s {position}",
        lang,
        card=card_name(event.card, lang),
        giver=event.giver,
        receiver=event.receiver,
        position=position_name(event.position, lang),
    )


@EVENT_TEXTS.writes(ev.CardToDiscardBottom)
def _card_to_discard_bottom(event: ev.CardToDiscardBottom, lang: str) -> str:
    return tr(
        "{card} of p{player} goes to the bottom of the discard pile",
        lang,
        card=card_name(event.card, lang),
        player=event.player,
    )


@EVENT_TEXTS.writes(ev.CoinFlipped)
def _coin_flipped(event: ev.CoinFlipped, lang: str) -> str:
    face = tr("Pikachu", lang) if event.face == "pikachu" else tr("Meowth", lang)
    return tr("p{player} flips the coin: {face}", lang, player=event.player, face=face)


@EVENT_TEXTS.writes(ev.CardRefilled)
def _card_refilled(event: ev.CardRefilled, lang: str) -> str:
    return tr(
        "p{player} draws {card} into {position}",
        lang,
        player=event.player,
        card=card_name(event.card, lang),
        position=position_name(event.position, lang),
    )


@EVENT_TEXTS.writes(ev.PileReshuffled)
def _pile_reshuffled(event: ev.PileReshuffled, lang: str) -> str:
    return tr("The discard pile is shuffled into a new pile of {size} cards", lang, size=event.size)


@EVENT_TEXTS.writes(ev.RoundScored)
def _round_scored(event: ev.RoundScored, lang: str) -> str:
    scores = list_text((f"p{player} {score}" for player, score in enumerate(event.scores)), lang)
    if event.winner is None:
        return tr(
            "Round {round} scores: {scores}; a perfect tie, nobody takes a token",
            lang,
            round=event.round,
            scores=scores,
        )
    return tr(
        "Round {round} scores: {scores}; p{player} takes a Poké Ball token",
        lang,
        round=event.round,
        scores=scores,
        player=event.winner,
    )


@EVENT_TEXTS.writes(ev.MatchWon)
def _match_won(event: ev.MatchWon, lang: str) -> str:
    if event.tokens == 1:
        return tr("p{player} wins the match with 1 token", lang, player=event.player)
    return tr("p{player} wins the match with {tokens} tokens", lang, player=event.player, tokens=event.tokens)


def describe_event(event: Event, lang: str) -> str:
    """A log line for ``event`` (already in the form its reader may see)."""
    return EVENT_TEXTS.describe(event, lang)


__all__ = ["POSITIONS", "card_name", "describe_action", "describe_event", "effect_help", "position_name", "tr"]
