"""Cockroach Poker (ごきぶりポーカー): push cards on each other with true or false claims.

Two rule sets (``rules/cockroach_poker.en.md``): ``trump``, the seed's playing-card
adaptation (3–5 players, 54 cards), and ``original``, the published game (2–6 players,
8 creatures × 8).

>>> import asobiba
>>> state = asobiba.new_game("cockroach-poker", players=4, seed=7, rules="trump")
>>> state.view(state.to_move)["hand_sizes"]
[13, 13, 13, 13]
>>> asobiba.new_game("cockroach-poker", players=3, seed=1, rules="original", deal="all").view()["hand_sizes"]
[22, 21, 21]
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Mapping
from typing import Any, ClassVar

from asobiba.core.capabilities import GameCapabilities
from asobiba.core.errors import InvalidOption, NotationError
from asobiba.core.events import Event
from asobiba.core.game import Game
from asobiba.core.options import Option, check_first_player, parse_bool, player_check, without_research_defaults
from asobiba.core.state import Action, Observation, State
from asobiba.games.cockroach_poker import actions, notation, text
from asobiba.games.cockroach_poker.data import (
    COPIES_PER_CREATURE,
    CREATURES,
    ORIGINAL,
    PLAYER_RANGE,
    TRUMP,
    TRUMP_NO_JOKERS,
    original_cards,
)
from asobiba.games.cockroach_poker.state import CockroachPokerState
from asobiba.games.cockroach_poker.view import CockroachPokerFullView, CockroachPokerPending, CockroachPokerView

#: The longest ``card_order`` any deck takes, and the longest text one may be written as.
_LONGEST_ORDER = max(deck.size for deck in actions.DECKS.values())
_LONGEST_ORDER_TEXT = _LONGEST_ORDER * 16


def _read_card_order(value: Any) -> tuple[str, ...]:
    """A list of card texts (or one text of them, space-separated), at most one deck long."""
    if isinstance(value, str) and len(value) <= _LONGEST_ORDER_TEXT:
        value = value.split()
    if (
        not isinstance(value, (list, tuple))
        or len(value) > _LONGEST_ORDER
        or not all(isinstance(card, str) for card in value)
    ):
        raise InvalidOption(
            "it takes a list of at most {size} card texts, top first, such as ['H7', 'S1', 'J2']",
            domain="cockroach_poker",
            size=_LONGEST_ORDER,
        )
    return tuple(value)


class CockroachPoker(Game[CockroachPokerState]):
    """The game; ``GAME`` is its instance."""

    name = "cockroach-poker"
    title: ClassVar[Mapping[str, str]] = {"en": "Cockroach Poker", "ja": "ごきぶりポーカー"}
    min_players = 2
    max_players = 6
    #: Each round places one card face up, so there are at most as many rounds as cards (64 in the
    #: original deck); a round is an offer, then for each player at most a peek, a pass, a
    #: redirect and an answer: 64 x (1 + 4 x 6).
    capabilities: ClassVar[GameCapabilities] = GameCapabilities(
        secret_options=True,
        hidden_information=True,
        chance=True,
        max_decisions=64 * (1 + 4 * 6),
        player_range={"rules": PLAYER_RANGE},
    )
    #: 2: the rule fixes of contract v2 (issue 8) change how some old games replay.
    version = 2
    action_types = (actions.Deal, actions.Offer, actions.Answer, actions.Redirect, actions.Peek, actions.Pass)
    view_type = CockroachPokerView
    pending_type = CockroachPokerPending
    options = (
        Option("rules", "trump", "trump (playing cards, 3-5 players) or original (8 creatures, 2-6 players)",
               choices=("trump", "original"), label="Rules",
               help="playing cards with jokers (3 to 5 players), or the original game's eight creatures "
               "(2 to 6 players)",
               choice_labels={"trump": "Playing cards (3-5 players)",
                              "original": "Original: 8 creatures (2-6 players)"}),
        Option("jokers", "redirect", "trump only: redirect (a joker makes another player answer), wild (a joker "
               "matches any claim) or none (52 cards)", choices=("redirect", "wild", "none"), label="Jokers",
               help="what a joker does: make another player answer, match any claim, or no jokers at all",
               choice_labels={"redirect": "Pass the question on", "wild": "Match any claim",
                              "none": "No jokers (52 cards)"},
               applies_when=("rules", "trump")),
        Option("loss_threshold", 6, "trump only: face-up cards from which 4 suits or 4 of a suit lose",
               bounds=(5, 7), label="Face-up cards to lose",
               help="playing cards: how many face-up cards make four suits, or four of one suit, lose",
               applies_when=("rules", "trump")),
        Option("deal", "equal", "original only: equal (everyone the same number, the rest set aside) or all "
               "(every card dealt)", choices=("equal", "all"), label="Deal",
               help="the original game: everyone the same number of cards with the rest set aside, or every card dealt",
               choice_labels={"equal": "Equal hands (the rest set aside)", "all": "Every card dealt"},
               applies_when=("rules", "original")),
        Option("eight_kinds", True, "original only: all 8 creatures face up in a row lose", check=parse_bool,
               label="Eight different creatures lose",
               help="the original game: a player with all eight creatures face up loses",
               applies_when=("rules", "original")),
        Option("creatures", len(CREATURES), "original only: a research variant (not a way to play), the first "
               "N creatures of the deck are in play (and claimed)", bounds=(2, len(CREATURES)), label="Creatures",
               applies_when=("rules", "original"), research=True),
        Option("copies", COPIES_PER_CREATURE, "original only: a research variant (not a way to play), cards of each "
               "creature in play; with fewer than 64 cards none is set aside before the deal and a kind loses at "
               "the usual count or with all its copies, whichever is fewer", bounds=(2, COPIES_PER_CREATURE),
               label="Copies of each creature", applies_when=("rules", "original"), research=True),
        Option("first_player", None, "who offers first, e.g. 0 or 'p0' (default: drawn at random with the deal)",
               check=player_check(actions.MAX_PLAYERS), label="First player",
               help="the seat number of the player who offers first (0 is the first seat); empty: drawn at random"),
        Option("card_order", None, "the deck's order, top first, as card texts (all of it or its top part; the "
               "rest is shuffled); cards are dealt one at a time from p0", check=_read_card_order, secret=True,
               label="Deck order", help="the deck's order from the top, as card codes such as S5 (5 of spades) or J1 "
               "(a joker); the rest is shuffled; cards are dealt one at a time from the first seat"),
    )  # fmt: skip

    def player_range(self, options: Mapping[str, Any]) -> tuple[int, int]:
        return PLAYER_RANGE[options["rules"]]

    def _complete_options(self, players: int, options: dict[str, Any]) -> dict[str, Any]:
        check_first_player(self.name, options["first_player"], players)
        in_play = original_cards(options["creatures"], options["copies"]) if options["rules"] == "original" else ()
        if options["rules"] == "original" and len(in_play) < players:
            raise InvalidOption(
                "{game}: options creatures={creatures} and copies={copies} make {size} cards; {players} players "
                "need at least {players}",
                domain="cockroach_poker",
                game=self.name,
                creatures=options["creatures"],
                copies=options["copies"],
                size=len(in_play),
                players=players,
            )
        order = options["card_order"]
        if order is not None:
            options["card_order"] = self._check_card_order(options["rules"], options["jokers"], order, in_play)
        return options

    def _check_card_order(
        self, rules: str, jokers: str, order: tuple[str, ...], in_play: tuple[int, ...]
    ) -> tuple[str, ...]:
        deck = (TRUMP_NO_JOKERS if jokers == "none" else TRUMP) if rules == "trump" else actions.DECKS[rules]
        size = len(in_play) or deck.size
        if len(order) > size:
            raise InvalidOption(
                "{game}: option card_order lists {count} cards; the deck has {size}",
                domain="cockroach_poker",
                game=self.name,
                count=len(order),
                size=size,
            )
        cards: list[str] = []
        for card in order:
            try:
                canonical = notation.read_card(rules, card)
            except NotationError as error:
                raise InvalidOption(
                    "{game}: option card_order: {error}", domain="cockroach_poker", game=self.name, error=error
                ) from None
            if canonical not in deck.cards:
                raise InvalidOption(
                    "{game}: option card_order: {card} is not in play with jokers=none",
                    domain="cockroach_poker",
                    game=self.name,
                    card=canonical,
                )
            if in_play and len(in_play) < ORIGINAL.size and ORIGINAL.cards.index(canonical) not in in_play:
                raise InvalidOption(
                    "{game}: option card_order: {card} is not in play with these creatures and copies",
                    domain="cockroach_poker",
                    game=self.name,
                    card=canonical,
                )
            cards.append(canonical)
        duplicates = sorted(card for card, copies in Counter(cards).items() if copies > 1)
        if duplicates:
            raise InvalidOption(
                "{game}: option card_order lists {cards} more than once",
                domain="cockroach_poker",
                game=self.name,
                cards=", ".join(duplicates),
            )
        return tuple(cards)

    def explicit_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """The options in force: those of the other rule set are left out, and the research options at their
        defaults."""
        return {
            name: (list(value) if isinstance(value, tuple) else value)
            for name, value in without_research_defaults(self.options, self.options_in_force(options)).items()
        }

    def _new_state(self, players: int, seed: int, options: dict[str, Any], chance: str) -> CockroachPokerState:
        return CockroachPokerState(self, players, seed, options, chance)

    def _parse_action(self, text: str, state: State) -> Action:
        return notation.parse(text, state.options["rules"], state.players)

    def heuristic_action(self, observation: Observation[CockroachPokerFullView], rng: random.Random) -> Action:
        from asobiba.games.cockroach_poker.bots import choose

        return choose(observation.view, observation.legal_actions, rng)

    def describe_action(self, action: Action, lang: str) -> str:
        return text.describe_action(action, lang)

    def describe_event(self, event: Event, lang: str) -> str:
        return text.describe_event(event, lang)

    def same_move_key(self, action: Action, view: Mapping[str, Any]) -> Hashable:
        """An offer is its target, its claim and the kind of its card: ranks never matter (offering the 3
        or the 5 of spades claiming "spades" to Ken is one move), nor which copy of a creature or which
        joker it is.

        >>> from asobiba.games.cockroach_poker.actions import Offer
        >>> view = {"options": {"rules": "trump"}}
        >>> GAME.same_move_key(Offer(1, "spades", "S3"), view) == GAME.same_move_key(Offer(1, "spades", "S5"), view)
        True
        >>> GAME.same_move_key(Offer(1, "spades", "S3"), view) == GAME.same_move_key(Offer(1, "spades", "H3"), view)
        False
        """
        if isinstance(action, actions.Offer):
            options = view.get("options")
            rules = options.get("rules", "trump") if isinstance(options, Mapping) else "trump"
            deck = actions.DECKS.get(rules, TRUMP)
            try:
                kind = deck.kind_of[deck.cards.index(action.card)]
            except ValueError:  # a card of no deck: its own move
                return action
            return ("offer", action.target, action.claim, kind)
        return action


GAME = CockroachPoker()

__all__ = ["GAME", "CockroachPoker", "CockroachPokerState"]
