"""Paper Safari (Pokémon edition): a Golf-family card game with six special cards.

>>> from asobiba.games.paper_safari import GAME
>>> state = GAME.new_game(2, seed=3)
>>> state.view(0)["phase"], len(state.view(0)["grids"])
('flip', 2)
>>> GAME.parse_action("take discard", state)
TakeDiscard()
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, ClassVar

from asobiba.core.capabilities import GameCapabilities
from asobiba.core.errors import InvalidOption
from asobiba.core.events import Event
from asobiba.core.game import Game
from asobiba.core.options import Option, check_first_player, parse_bool, player_check
from asobiba.core.state import Action, Observation, State
from asobiba.games.paper_safari import text
from asobiba.games.paper_safari.actions import ACTION_TYPES
from asobiba.games.paper_safari.data import (
    DECK_LABELS,
    DECKS,
    MAX_DECK_SIZE,
    Effect,
    check_deck_option,
    deck_from_option,
)
from asobiba.games.paper_safari.grid import COLUMNS
from asobiba.games.paper_safari.notation import parse
from asobiba.games.paper_safari.state import PaperSafariState
from asobiba.games.paper_safari.view import PaperSafariFullView, PaperSafariPending, PaperSafariView


def _check_card_order(value: Any) -> list[str]:
    if isinstance(value, str):
        value = value.split()
    if not isinstance(value, (list, tuple)) or not all(isinstance(card, str) for card in value):
        raise InvalidOption(
            "it takes the card ids of the whole deck, top first (a list or a text)", domain="paper_safari"
        )
    if len(value) > MAX_DECK_SIZE:
        raise InvalidOption(
            "a deck holds at most {most} cards, not {size}", domain="paper_safari", most=MAX_DECK_SIZE, size=len(value)
        )
    return list(value)


class PaperSafari(Game[PaperSafariState]):
    """The game: options, notation, heuristic bot and texts."""

    name = "paper-safari"
    action_types: ClassVar[tuple[type[Action], ...]] = ACTION_TYPES
    view_type: ClassVar[type] = PaperSafariView
    pending_type: ClassVar[type] = PaperSafariPending
    title: ClassVar[dict[str, str]] = {"en": "Paper Safari (Pokémon edition)", "ja": "ポケモン ペーパーサファリ"}
    min_players = 2
    max_players = 5
    #: No bound on a game's length: a round without a winner is played again, and a turn may swap
    #: a face-up card for another.
    capabilities: ClassVar[GameCapabilities] = GameCapabilities(
        secret_options=True,
        hidden_information=True,
        chance=True,
        max_decisions=None,
    )
    #: 2: the rule fixes of contract v2 (issue 8) change how some old games replay.
    version = 2
    options = (
        Option(
            "deck",
            "pokemon56",
            "the deck: 'pokemon56' or a list of card lines {id, value, ja, en, copies, effect}",
            check=check_deck_option,
            label="Deck",
            offered=tuple(DECKS),
            choice_labels=DECK_LABELS,
            help="the cards the game is played with",
        ),
        Option(
            "card_order",
            None,
            "the first deal's exact order, card ids top first (the starting discard, then six cards for each"
            " player from p0, then the pile); default: shuffled",
            check=_check_card_order,
            secret=True,
            label="Card order",
            help="the first deal's order from the top, as card names such as pikachu: the first card of the discard"
            " pile, then six cards for each player from the first seat, then the deck; empty: shuffled",
        ),
        Option("tokens_to_win", 3, "Poké Ball tokens that win the match", bounds=(1, 10), label="Tokens to win"),
        Option(
            "final_turns",
            False,
            "after somebody has six cards face up, everybody else plays one more turn",
            check=parse_bool,
            label="One more turn for the others",
        ),
        Option(
            "first_player",
            None,
            "who starts the first round, e.g. 0 or 'p0' (default: drawn at random; at the table, whoever last"
            " read a Pokémon manga or played a Pokémon game)",
            check=player_check(5),
            label="First player",
            help="the seat number of the player who starts the first round (0 is the first seat); empty: drawn at"
            " random (at the table, whoever last read a Pokémon manga or played a Pokémon game)",
        ),
        # Research variants, not ways to play (docs/research.md, "Small setups where learning is measurable").
        Option(
            "columns",
            COLUMNS,
            "research variant (not a way to play): each grid is 2 rows of this many columns (a1 a2 / b1 b2 with 2;"
            " positions beyond them stay empty); fewer than 3 takes a deck of number cards only",
            bounds=(1, COLUMNS),
            label="Columns",
            research=True,
        ),
        Option(
            "turn_limit",
            0,
            "research variant (not a way to play): a round also ends after this many turns in all, scored as usual"
            " (0: no limit)",
            bounds=(0, 1000),
            label="Turn limit",
            research=True,
        ),
        Option(
            "rounds",
            0,
            "research variant (not a way to play): the match also ends after this many rounds; then the most"
            " tokens win, a tie shared (0: no limit)",
            bounds=(0, 1000),
            label="Round limit",
            research=True,
        ),
    )

    def _complete_options(self, players: int, options: dict[str, Any]) -> dict[str, Any]:
        check_first_player(self.name, options["first_player"], players)
        deck = deck_from_option(options["deck"])
        if options["columns"] < COLUMNS and any(effect is not Effect.NONE for effect in deck.effects):
            raise InvalidOption(
                "{game}: option columns={columns} takes a deck of number cards only; this deck has special cards",
                domain="paper_safari",
                game=self.name,
                columns=options["columns"],
            )
        needed = 2 * options["columns"] * players + 2
        if deck.size < needed:
            raise InvalidOption(
                "{game}: option deck has {size} cards; {players} players need at least {needed}",
                domain="paper_safari",
                game=self.name,
                size=deck.size,
                players=players,
                needed=needed,
            )
        order = options["card_order"]
        if order is not None:
            unknown = [card for card in order if card not in deck.index]
            if unknown:
                raise InvalidOption(
                    "{game}: option card_order: {card} is not a card of the deck",
                    domain="paper_safari",
                    game=self.name,
                    card=repr(unknown[0][:40]),
                )
            if len(order) != deck.size or Counter(deck.index[card] for card in order) != Counter(deck.cards):
                raise InvalidOption(
                    "{game}: option card_order must list the whole deck ({size} cards, each as many times as the"
                    " deck holds it), not {count} cards",
                    domain="paper_safari",
                    game=self.name,
                    size=deck.size,
                    count=len(order),
                )
        return options

    def _new_state(self, players: int, seed: int, options: dict[str, Any], chance: str) -> PaperSafariState:
        return PaperSafariState(self, players, seed, options, chance)

    def _parse_action(self, text: str, state: State) -> Action:
        return parse(text)

    def heuristic_action(self, observation: Observation[PaperSafariFullView], rng: random.Random) -> Action:
        from asobiba.games.paper_safari.bots import choose

        return choose(observation.view, observation.legal_actions, rng)

    def describe_action(self, action: Action, lang: str) -> str:
        return text.describe_action(action, lang)

    def describe_event(self, event: Event, lang: str) -> str:
        return text.describe_event(event, lang)


GAME = PaperSafari()

__all__ = ["GAME", "PaperSafari", "PaperSafariState"]
