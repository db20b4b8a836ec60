"""What a move may say and what the player to move must do now (rules/paper_safari.en.md "Typing
moves"): every field of an action in its range, and the refusal of an action the phase does not
take, which tells what is expected instead."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from asobiba.core.errors import AsobibaError, IllegalAction
from asobiba.core.state import Action
from asobiba.games.paper_safari.actions import (
    COIN_FACES,
    Coin,
    Exchange,
    Flip,
    MewChoose,
    MewPlace,
    MewTake,
    Peek,
    Rocket,
    Start,
    Swap,
)
from asobiba.games.paper_safari.data import CardName
from asobiba.games.paper_safari.phase import Phase
from asobiba.games.paper_safari.rules.cards import quoted, verify_position
from asobiba.games.paper_safari.rules.turn import may_discard

if TYPE_CHECKING:
    from asobiba.games.paper_safari.state import PaperSafariState


def verify_ranges(state: PaperSafariState, action: Action) -> None:
    """Every field of a (type-checked) action in its range: positions, players, coin faces."""
    match action:
        case (
            Flip(position) | Swap(position) | Peek(position) | MewTake(position) | MewPlace(position) | Rocket(position)
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
            if not 0 <= player < state.players:
                raise IllegalAction(
                    "there is no player p{player}; players are p0 to p{last}",
                    domain="paper_safari",
                    player=player,
                    last=state.players - 1,
                )
        case Coin(face):
            if face not in COIN_FACES:
                raise IllegalAction(
                    "the coin's faces are pikachu and meowth, not {face}",
                    domain="paper_safari",
                    face=quoted(face),
                )


def expected(state: PaperSafariState) -> AsobibaError:
    """What the player to move must do now, in words (for refusals; translated with the error)."""
    hand: CardName | str = CardName.of(state.deck.kinds[state.hand]) if state.hand >= 0 else ""
    fields: dict[str, Any] = {"player": state.player, "opponent": state.mew_opponent, "card": hand}
    match state.phase:
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
        case Phase.HAND if may_discard(state):
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
            return AsobibaError("the discard pile is reshuffled into a new pile (reshuffle …)", domain="paper_safari")
    return AsobibaError("the match is over", domain="paper_safari")


def refuse(state: PaperSafariState, action: Action) -> IllegalAction:
    """The refusal of an action the phase does not take, saying what is expected now."""
    return IllegalAction(
        "'{action}' is not possible now: {expected}",
        domain="paper_safari",
        action=str(action),
        expected=expected(state),
    )
