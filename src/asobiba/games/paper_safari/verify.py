"""Checking a Paper Safari action: what the player to move must do now and why anything else is
refused, with every field in its range (core calls :meth:`PaperSafariVerify._check` only for an
action that is not one of the legal actions, to say why).

:class:`PaperSafariVerify` is the part of the state that checks; :class:`.rules.PaperSafariState`
sets the fields it reads and carries actions out.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from asobiba.core.errors import AsobibaError, IllegalAction
from asobiba.core.state import Action, State
from asobiba.games.paper_safari.actions import (
    COIN_FACES,
    Coin,
    Deal,
    Discard,
    Draw,
    Exchange,
    Flip,
    MewChoose,
    MewPlace,
    MewTake,
    Peek,
    Reshuffle,
    Rocket,
    Skip,
    Start,
    Swap,
    TakeDiscard,
)
from asobiba.games.paper_safari.data import POSITIONS, CardName, Deck
from asobiba.games.paper_safari.grid import slot
from asobiba.games.paper_safari.phase import Phase
from asobiba.games.paper_safari.view import PaperSafariFullView, PaperSafariView


def verify_position(action: Action, position: int) -> None:
    if not 0 <= position < len(POSITIONS):
        raise IllegalAction(
            "'{action}': a position is a1 a2 a3 b1 b2 b3 (0 to 5), not {position}",
            domain="paper_safari",
            action=str(action),
            position=position,
        )


def _quoted(text: str) -> str:
    """A text as an error message quotes it, cut short if long."""
    return repr(text if len(text) <= 40 else text[:40] + "…")


class PaperSafariVerify(State[PaperSafariView, PaperSafariFullView]):
    """The checks of a Paper Safari position (the fields are set by :class:`.rules.PaperSafariState`)."""

    deck: Deck
    card_order: tuple[str, ...] | None
    first_player: int | None
    cards: list[int]
    face_up: list[bool]
    discard: list[int]
    phase: Phase
    player: int
    hand: int
    hand_from_pile: bool
    mew_opponent: int

    def may_discard(self) -> bool:
        """The card in hand may go straight onto the discard pile: drawn from the pile, not ★."""
        return self.phase is Phase.HAND and self.hand_from_pile and not self.deck.stars[self.hand]

    def _expected(self) -> AsobibaError:
        """What the player to move must do now, in words (for refusals; translated with the error)."""
        hand: CardName | str = CardName.of(self.deck.kinds[self.hand]) if self.hand >= 0 else ""
        fields: dict[str, Any] = {"player": self.player, "opponent": self.mew_opponent, "card": hand}
        match self.phase:
            case Phase.START:
                return AsobibaError("the starting player is chosen first (start p0 …)", domain="paper_safari")
            case Phase.DEAL:
                return AsobibaError("the cards are dealt first (deal …)", domain="paper_safari")
            case Phase.FLIP:
                return AsobibaError(
                    "p{player} must turn one of his cards face up (flip a1 … flip b3)", domain="paper_safari", **fields
                )
            case Phase.TURN:
                return AsobibaError(
                    "p{player} must draw or take the discard (draw, take discard)", domain="paper_safari", **fields
                )
            case Phase.HAND if self.may_discard():
                return AsobibaError(
                    "p{player} must place the {card} he holds (swap a1 … swap b3, discard)",
                    domain="paper_safari",
                    **fields,
                )
            case Phase.HAND:
                return AsobibaError(
                    "p{player} must place the {card} he holds (swap a1 … swap b3)", domain="paper_safari", **fields
                )
            case Phase.PEEK:
                return AsobibaError(
                    "p{player} may look at one of his face-down cards with Charizard (peek …, skip)",
                    domain="paper_safari",
                    **fields,
                )
            case Phase.SNORLAX:
                return AsobibaError(
                    "p{player} may exchange two of his positions with Snorlax (snorlax a1 b3, skip)",
                    domain="paper_safari",
                    **fields,
                )
            case Phase.MEW_OPPONENT:
                return AsobibaError(
                    "Mew must be used: p{player} chooses an opponent (mew p…)", domain="paper_safari", **fields
                )
            case Phase.MEW_TAKE:
                return AsobibaError(
                    "Mew: p{player} chooses a card of p{opponent} (mew-take a1 …)", domain="paper_safari", **fields
                )
            case Phase.MEW_PLACE:
                return AsobibaError(
                    "Mew: p{player} chooses where the {card} goes (mew-place a1 …)", domain="paper_safari", **fields
                )
            case Phase.COIN:
                return AsobibaError("Team Rocket's coin is flipped (coin pikachu, coin meowth)", domain="paper_safari")
            case Phase.ROCKET:
                return AsobibaError(
                    "Team Rocket (Pikachu face): p{player} chooses the position everybody discards (rocket a1 …)",
                    domain="paper_safari",
                    **fields,
                )
            case Phase.MEOWTH:
                return AsobibaError(
                    "Team Rocket (Meowth face): p{player} swaps Team Rocket into one of his positions (swap a1 …)",
                    domain="paper_safari",
                    **fields,
                )
            case Phase.RESHUFFLE:
                return AsobibaError(
                    "the discard pile is reshuffled into a new pile (reshuffle …)", domain="paper_safari"
                )
        return AsobibaError("the match is over", domain="paper_safari")

    def _refuse(self, action: Action) -> IllegalAction:
        return IllegalAction(
            "'{action}' is not possible now: {expected}",
            domain="paper_safari",
            action=str(action),
            expected=self._expected(),
        )

    def _check(self, action: Action) -> None:
        """Every field in range, then the action's own check in the phase that takes it; any other
        action is refused with what the player to move must do now."""
        self.verify_ranges(action)
        phase = self.phase
        match action:
            case Draw() | TakeDiscard() if phase == Phase.TURN:
                return
            case Swap() if phase in (Phase.HAND, Phase.MEOWTH):
                return
            case Discard() if phase == Phase.HAND:
                return self.verify_discard()
            case Flip(position) if phase == Phase.FLIP:
                return self.verify_flip(position)
            case Peek(position) if phase == Phase.PEEK:
                return self.verify_peek(position)
            case Skip() if phase in (Phase.PEEK, Phase.SNORLAX):
                return
            case Exchange() if phase == Phase.SNORLAX:
                return
            case MewChoose(opponent) if phase == Phase.MEW_OPPONENT:
                return self.verify_mew_choice(opponent)
            case MewTake() if phase == Phase.MEW_TAKE:
                return
            case MewPlace() if phase == Phase.MEW_PLACE:
                return
            case Rocket() if phase == Phase.ROCKET:
                return
            case Start(player) if phase == Phase.START:
                return self.verify_start(player)
            case Coin() if phase == Phase.COIN:
                return
            case Deal(cards) if phase == Phase.DEAL:
                return self.verify_deal(cards)
            case Reshuffle(cards) if phase == Phase.RESHUFFLE:
                return self.verify_reshuffle(cards)
        raise self._refuse(action)

    def verify_discard(self) -> None:
        """Only a card drawn from the pile may be discarded, and not a ★ card."""
        if not self.hand_from_pile:
            raise IllegalAction(
                "a card taken from the discard must be used: swap it with one of your cards",
                domain="paper_safari",
            )
        if self.deck.stars[self.hand]:
            raise IllegalAction(
                "a drawn ★ card must be used: {card} cannot be discarded",
                domain="paper_safari",
                card=CardName.of(self.deck.kinds[self.hand]),
            )

    def verify_flip(self, position: int) -> None:
        if self.face_up[slot(self.player, position)]:
            raise IllegalAction("{position} is already face up", domain="paper_safari", position=POSITIONS[position])

    def verify_peek(self, position: int) -> None:
        if self.face_up[slot(self.player, position)]:
            raise IllegalAction(
                "Charizard looks at a face-down card: {position} is face up",
                domain="paper_safari",
                position=POSITIONS[position],
            )

    def verify_mew_choice(self, opponent: int) -> None:
        if opponent == self.player:
            raise IllegalAction(
                "Mew must be used on an opponent: p{player} is not one", domain="paper_safari", player=opponent
            )

    def verify_start(self, player: int) -> None:
        if self.first_player is not None and player != self.first_player:
            raise IllegalAction(
                "the option first_player fixes who starts: p{player}", domain="paper_safari", player=self.first_player
            )

    def verify_deal(self, cards: tuple[str, ...]) -> None:
        self.verify_cards(cards, self.deck.cards, AsobibaError("a deal orders the whole deck", domain="paper_safari"))
        if self.card_order is not None and cards != self.card_order:
            raise IllegalAction(
                "the option card_order fixes the first deal: it must be that order", domain="paper_safari"
            )

    def verify_reshuffle(self, cards: tuple[str, ...]) -> None:
        self.verify_cards(
            cards,
            self.discard[:-1],
            AsobibaError("a reshuffle orders the discard pile but its top card", domain="paper_safari"),
        )

    def verify_ranges(self, action: Action) -> None:
        """Every field of a (type-checked) action in its range: positions, players, coin faces."""
        match action:
            case (
                Flip(position)
                | Swap(position)
                | Peek(position)
                | MewTake(position)
                | MewPlace(position)
                | Rocket(position)
            ):
                verify_position(action, position)
            case Exchange(first, second):
                verify_position(action, first)
                verify_position(action, second)
                if first >= second:
                    raise IllegalAction(
                        "'{action}': Snorlax exchanges two different positions, the earlier one first (snorlax a1 b3)",
                        domain="paper_safari",
                        action=str(action),
                    )
            case MewChoose(player) | Start(player):
                if not 0 <= player < self.players:
                    raise IllegalAction(
                        "there is no player p{player}; players are p0 to p{last}",
                        domain="paper_safari",
                        player=player,
                        last=self.players - 1,
                    )
            case Coin(face):
                if face not in COIN_FACES:
                    raise IllegalAction(
                        "the coin's faces are pikachu and meowth, not {face}",
                        domain="paper_safari",
                        face=_quoted(face),
                    )

    def verify_cards(self, ids: Sequence[str], cards: Sequence[int], what: AsobibaError) -> None:
        index = self.deck.index
        unknown = [card_id for card_id in ids if card_id not in index]
        if unknown:
            raise IllegalAction(
                "{what}; {card} is not a card of this deck", domain="paper_safari", what=what, card=_quoted(unknown[0])
            )
        if sorted(index[card_id] for card_id in ids) != sorted(cards):
            raise IllegalAction(
                "{what}: {count} cards, each exactly as often as it is there",
                domain="paper_safari",
                what=what,
                count=len(cards),
            )
