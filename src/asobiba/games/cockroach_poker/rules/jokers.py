"""The jokers of the trump rule set (rules/cockroach_poker.en.md "Jokers"): with ``jokers=redirect``
the receiver may discard a joker to make another player answer instead (``wild`` jokers count as
any suit when answered: :func:`asobiba.games.cockroach_poker.rules.rounds.answer`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from asobiba.core.errors import IllegalAction
from asobiba.core.events import Event
from asobiba.core.state import Action
from asobiba.games.cockroach_poker import events as ev
from asobiba.games.cockroach_poker.actions import REDIRECTS
from asobiba.games.cockroach_poker.data import NO_KIND
from asobiba.games.cockroach_poker.phase import Phase
from asobiba.games.cockroach_poker.rules.components import verify_target
from asobiba.games.cockroach_poker.rules.rounds import not_now
from asobiba.games.cockroach_poker.steps import StepKind, bit, has

if TYPE_CHECKING:
    from asobiba.games.cockroach_poker.state import CockroachPokerState


def redirect_actions(state: CockroachPokerState) -> list[Action]:
    """A redirect to each player the receiver may name (none without a joker, or in other rules)."""
    return [REDIRECTS[target] for target in redirect_targets(state)]


def has_joker(state: CockroachPokerState, player: int) -> bool:
    """Whether ``player`` holds a joker."""
    hand = state.hands[player]
    return bool(hand) and state.kind_of[hand[-1]] == NO_KIND  # jokers sort last


def redirect_targets(state: CockroachPokerState) -> list[int]:
    """Trump, ``jokers=redirect``: whom the receiver may make answer with a joker: not the
    offerer, not himself, nobody who already redirected this round (empty without a joker)."""
    receiver = state.receiver
    if not state.redirect_jokers or not has_joker(state, receiver):
        return []
    barred = state.redirected | bit(state.offerer) | bit(receiver)
    return [target for target in range(state.players) if not has(barred, target)]


def verify_redirect(state: CockroachPokerState, target: int) -> None:
    """Instead of answering, a receiver with a joker names another player: not the offerer, himself, or anybody who
    redirected this round ("Jokers")."""
    if not state.redirect_jokers:
        raise IllegalAction(
            "no redirect with these rules (rules={rules}, jokers={jokers})",
            domain="cockroach_poker",
            rules=state.setup.rules,
            jokers=state.setup.jokers,
        )
    if state.phase != Phase.ANSWER:
        raise not_now(state, "redirect")
    if not has_joker(state, state.receiver):
        raise IllegalAction("p{player} has no joker to redirect with", domain="cockroach_poker", player=state.receiver)
    verify_target(state, target)
    if target == state.receiver:
        raise IllegalAction("a player cannot redirect to himself", domain="cockroach_poker")
    if target == state.offerer:
        raise IllegalAction(
            "p{player} made the offer and cannot be made to answer it", domain="cockroach_poker", player=target
        )
    if has(state.redirected, target):
        raise IllegalAction(
            "p{player} already redirected this round and cannot be made to answer",
            domain="cockroach_poker",
            player=target,
        )


def redirect(state: CockroachPokerState, target: int) -> list[Event]:
    """The joker goes face up onto the heap, and the named player must answer the same claim ("Jokers")."""
    player = state.receiver
    hand = state.hands[player]
    joker = next(card for card in hand if state.kind_of[card] == NO_KIND)  # the lowest joker
    hand.remove(joker)
    state.heap.append(joker)
    state.redirected |= bit(player)
    state.steps.append((StepKind.REDIRECT, player, target, joker))
    state.receiver = target
    return [ev.CardRedirected(player, state.setup.deck.cards[joker], target)]
