"""Setup (rules/cockroach_poker.en.md "Setup" of both rule sets): the rules in force, decided once
from the options, and the deal — chance, whose top may be fixed by the secret ``card_order``."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from asobiba.core.errors import IllegalAction
from asobiba.core.events import Event
from asobiba.core.shuffle import shuffle
from asobiba.core.state import Action
from asobiba.games.cockroach_poker import actions as act
from asobiba.games.cockroach_poker import events as ev
from asobiba.games.cockroach_poker.actions import Deal
from asobiba.games.cockroach_poker.data import (
    KIND_LIMIT,
    ORIGINAL,
    TRUMP,
    TRUMP_KIND_LIMIT,
    TRUMP_NO_JOKERS,
    TWO_PLAYER_KIND_LIMIT,
    TWO_PLAYER_SET_ASIDE,
    Deck,
    original_cards,
)
from asobiba.games.cockroach_poker.phase import Phase
from asobiba.games.cockroach_poker.rules.components import hand_texts, verify_target

if TYPE_CHECKING:
    from asobiba.games.cockroach_poker.state import CockroachPokerState


@dataclass(frozen=True)
class Setup:
    """The rules in force, decided once from the options."""

    rules: str
    deck: Deck
    jokers: str  # "redirect", "wild" or "none" ("none" in the original game)
    loss_threshold: int  # trump: face-up cards needed before a row can lose
    kind_limit: int  # cards of one kind that lose
    eight_kinds: bool  # original: all 8 creatures in a row lose
    deal_all: bool  # original, deal=all: every card dealt
    set_aside_first: int  # original, 2 players: cards set aside before the deal
    first_player: int | None
    card_order: tuple[int, ...]  # fixed top of the deck (maybe all of it), as card numbers
    cards: tuple[int, ...]  # the cards in play, by number (original: the research options creatures, copies)
    kinds: int  # the kinds in play (and claimed): the first ones of the deck
    passes: tuple[tuple[act.Pass, ...], ...]  # [target]: the passes to him, one per kind in play


def rules_in_force(players: int, options: dict[str, Any]) -> Setup:
    """The rules in force, from the options (the rule set, its jokers and its limits)."""
    rules = options["rules"]
    trump = rules == "trump"
    two_player_original = not trump and players == 2
    deck = (TRUMP_NO_JOKERS if options["jokers"] == "none" else TRUMP) if trump else ORIGINAL
    # A research variant's deck (fewer creatures or copies): nothing is set aside before the deal, and a kind
    # loses at the usual count or with all its copies, whichever is fewer.
    creatures, copies = (len(deck.kinds), 0) if trump else (options["creatures"], options["copies"])
    whole = trump or creatures * copies == deck.size
    kind_limit = TRUMP_KIND_LIMIT if trump else TWO_PLAYER_KIND_LIMIT if two_player_original else KIND_LIMIT
    return Setup(
        rules=rules,
        deck=deck,
        jokers=options["jokers"] if trump else "none",
        loss_threshold=options["loss_threshold"] if trump else 0,
        kind_limit=kind_limit if whole else min(kind_limit, copies),
        eight_kinds=not trump and bool(options["eight_kinds"]),
        deal_all=not trump and options["deal"] == "all",
        set_aside_first=TWO_PLAYER_SET_ASIDE if two_player_original and whole else 0,
        first_player=options.get("first_player"),
        card_order=tuple(act.card_index(rules, text) for text in options.get("card_order") or ()),
        cards=tuple(range(deck.size)) if whole else original_cards(creatures, copies),
        kinds=creatures,
        passes=act.passes_of(creatures),
    )


def sample_deal(state: CockroachPokerState, rng: random.Random) -> Action:
    """The shuffled deck (its top as ``card_order`` fixes it) and the first offerer (as ``first_player`` fixes him,
    else at random) ("Setup")."""
    deck = state.setup.deck
    fixed = list(state.setup.card_order)
    rest = sorted(set(state.setup.cards) - set(fixed))
    shuffle(rng, rest)
    first = state.setup.first_player
    if first is None:
        first = rng.randrange(state.players)
    return Deal(tuple(deck.cards[card] for card in fixed + rest), first)


def verify_deal(state: CockroachPokerState, deal: Deal) -> None:
    """A deal lists each card of the deck once, follows ``card_order`` and ``first_player`` ("Setup")."""
    if state.phase != Phase.DEAL:
        raise IllegalAction("the cards have already been dealt", domain="cockroach_poker")
    in_play = state.setup.cards
    index = act.CARD_INDEX[state.setup.rules]
    if not isinstance(deal.cards, tuple) or len(deal.cards) != len(in_play):
        raise IllegalAction(
            "a deal lists each of the {size} cards exactly once", domain="cockroach_poker", size=len(in_play)
        )
    order = [index.get(text, -1) if isinstance(text, str) else -1 for text in deal.cards]
    if -1 in order:
        raise IllegalAction("the deal names a card that is not in this deck", domain="cockroach_poker")
    if sorted(order) != list(in_play):
        raise IllegalAction(
            "a deal lists each of the {size} cards exactly once", domain="cockroach_poker", size=len(in_play)
        )
    fixed = state.setup.card_order
    if tuple(order[: len(fixed)]) != fixed:
        raise IllegalAction("the deal does not follow the card_order option", domain="cockroach_poker")
    verify_target(state, deal.first)
    if state.setup.first_player is not None and deal.first != state.setup.first_player:
        raise IllegalAction(
            "the first_player option says p{player} offers first",
            domain="cockroach_poker",
            player=state.setup.first_player,
        )


def deal(state: CockroachPokerState, deal: Deal) -> list[Event]:
    """The cards are dealt round (original, 2 players: some set aside first; the rest set aside unseen); the first
    player offers ("Setup")."""
    order = [act.card_index(state.setup.rules, text) for text in deal.cards]
    players = state.players
    aside = state.setup.set_aside_first
    state.set_aside = order[:aside]
    rest = order[aside:]
    dealt = len(rest) if state.setup.deal_all else len(rest) // players * players
    for player in range(players):
        state.hands[player] = sorted(rest[player:dealt:players])
    state.set_aside += rest[dealt:]
    state.offerer = deal.first
    state.phase = Phase.OFFER
    # The card_order option is secret: once dealt, the position keeps no copy of it.
    if state.setup.card_order:
        state.setup = replace(state.setup, card_order=())
    events: list[Event] = [ev.HandDealt(p, len(hand), hand_texts(state, hand)) for p, hand in enumerate(state.hands)]
    events.append(ev.CardsSetAside(len(state.set_aside)))
    events.append(ev.FirstOfferer(deal.first))
    return events
