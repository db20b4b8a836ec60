"""A round (rules/cockroach_poker.en.md "A round" of both rule sets): one card's journey — an offer
with a claim, then for the receiver an answer, or (original) a peek and a pass with a new claim;
the answer reveals the card and puts it face up in a row."""

from __future__ import annotations

from typing import TYPE_CHECKING

from asobiba.core.errors import IllegalAction
from asobiba.core.events import Event
from asobiba.core.state import Action
from asobiba.games.cockroach_poker import actions as act
from asobiba.games.cockroach_poker import events as ev
from asobiba.games.cockroach_poker.actions import ANSWERS, PEEK
from asobiba.games.cockroach_poker.data import NO_KIND
from asobiba.games.cockroach_poker.phase import Phase
from asobiba.games.cockroach_poker.rules.components import card_number, verify_claim, verify_target
from asobiba.games.cockroach_poker.rules.end import end_of_round
from asobiba.games.cockroach_poker.steps import StepKind, bit, has, members

if TYPE_CHECKING:
    from asobiba.games.cockroach_poker.state import CockroachPokerState


def offer_actions(state: CockroachPokerState) -> list[Action]:
    """Every card of the offerer's hand, to each player he may target, with each claim."""
    legal: list[Action] = []
    offers = state.offer_table  # [card][offerer][barred + 1]
    offerer, barred = state.offerer, barred_target(state)
    for card in state.hands[offerer]:
        legal.extend(offers[card][offerer][barred + 1])
    return legal


def answer_actions(state: CockroachPokerState) -> list[Action]:
    """Yes or no; (original) a peek while somebody has not seen the card. A redirect is a joker's
    (:func:`asobiba.games.cockroach_poker.rules.jokers.redirect_actions`)."""
    if not state.trump and pass_targets(state):
        return [*ANSWERS, PEEK]
    return list(ANSWERS)


def pass_actions(state: CockroachPokerState) -> list[Action]:
    """(Original) the card to each player who has not seen it, with each claim."""
    legal: list[Action] = []
    passes = state.setup.passes
    for target in pass_targets(state):
        legal.extend(passes[target])
    return legal


def barred_target(state: CockroachPokerState) -> int:
    """Trump: the player the offerer may not target now (-1: nobody) — the one his own
    immediately preceding offer targeted, unless that player just pushed a card on him
    (retaliation is allowed, the seed's 「その相手にやり返すことはできる」: "that opponent" is
    the one who handed him the card, its offerer or the player whose joker sent it on to him,
    never the offerer of a redirected card; see ``pushed_by`` in :func:`answer`)."""
    if not state.trump:
        return -1
    barred = state.last_target[state.offerer]
    return -1 if barred == state.pushed_by else barred


def offer_targets(state: CockroachPokerState) -> list[int]:
    """Whom the offerer may give a card to: anybody else, except :func:`barred_target`."""
    offerer, barred = state.offerer, barred_target(state)
    return [target for target in range(state.players) if target != offerer and target != barred]


def pass_targets(state: CockroachPokerState) -> list[int]:
    """Original: the players who have not yet seen the card in play this round."""
    seen = state.seen | bit(state.receiver)
    return [target for target in range(state.players) if not has(seen, target)]


def verify_offer(state: CockroachPokerState, target: int, claim: str, card: str) -> None:
    """A card from the offerer's hand to another player with a claim; not the same player twice in a row, unless
    retaliating ("A round" 1)."""
    if state.phase != Phase.OFFER:
        raise IllegalAction(
            "no offer now: p{player} must first deal with the card in play",
            domain="cockroach_poker",
            player=state.receiver,
        )
    verify_target(state, target)
    if target == state.offerer:
        raise IllegalAction("a player cannot offer a card to himself", domain="cockroach_poker")
    if target == barred_target(state):
        raise IllegalAction(
            "p{player} targeted p{target} with his previous offer and may not attack the same player twice in a row",
            domain="cockroach_poker",
            player=state.offerer,
            target=target,
        )
    verify_claim(state, claim)
    if card_number(state, card) not in state.hands[state.offerer]:
        raise IllegalAction(
            "{card} is not in p{player}'s hand", domain="cockroach_poker", card=card, player=state.offerer
        )


def verify_answer(state: CockroachPokerState, yes: bool) -> None:
    """The receiver answers yes or no ("A round" 2)."""
    if not isinstance(yes, bool):
        raise IllegalAction(
            "an answer is yes (True) or no (False), not {kind}", domain="cockroach_poker", kind=type(yes).__name__
        )
    if state.phase != Phase.ANSWER:
        raise not_now(state, "answer")


def verify_peek(state: CockroachPokerState) -> None:
    """Original: rather than answer, the receiver looks at the card to pass it on ("A round" of the original rules)."""
    if state.trump:
        raise IllegalAction(
            "in the trump rule set a card cannot be passed on; answer yes or no", domain="cockroach_poker"
        )
    if state.phase != Phase.ANSWER:
        raise not_now(state, "peek")
    if not pass_targets(state):
        raise IllegalAction("every other player has seen this card: it must be answered", domain="cockroach_poker")


def verify_pass(state: CockroachPokerState, target: int, claim: str) -> None:
    """Original: after a peek, the card goes to a player who has not seen it, with a new claim ("A round" of the
    original rules)."""
    if state.trump:
        raise IllegalAction(
            "in the trump rule set a card cannot be passed on; answer yes or no", domain="cockroach_poker"
        )
    if state.phase == Phase.ANSWER:
        raise IllegalAction("look at the card first ('peek'), then pass it", domain="cockroach_poker")
    if state.phase != Phase.PASS:
        raise not_now(state, "pass")
    verify_target(state, target)
    if target == state.receiver:
        raise IllegalAction("a player cannot pass the card to himself", domain="cockroach_poker")
    if has(state.seen, target):
        raise IllegalAction(
            "p{player} has already seen this card; pass it to someone who has not",
            domain="cockroach_poker",
            player=target,
        )
    verify_claim(state, claim)


def not_now(state: CockroachPokerState, verb: str) -> IllegalAction:
    """Why ``verb`` (answer, redirect, peek or pass) is refused outside its phase. The core
    refuses a player's move while dealing and after the end, so the phase is offer or pass."""
    if state.phase == Phase.PASS:
        return IllegalAction(
            "p{player} has peeked and must now pass the card on", domain="cockroach_poker", player=state.receiver
        )
    offerer = state.offerer
    match verb:
        case "answer":
            return IllegalAction(
                "nothing to answer: p{player} must offer a card first", domain="cockroach_poker", player=offerer
            )
        case "redirect":
            return IllegalAction(
                "nothing to redirect: p{player} must offer a card first", domain="cockroach_poker", player=offerer
            )
        case "peek":
            return IllegalAction(
                "nothing to peek: p{player} must offer a card first", domain="cockroach_poker", player=offerer
            )
        case _:
            return IllegalAction(
                "nothing to pass: p{player} must offer a card first", domain="cockroach_poker", player=offerer
            )


def offer(state: CockroachPokerState, target: int, claim_name: str, card_name: str) -> list[Event]:
    """The card goes face down to the receiver with the claim ("A round" 1)."""
    card = act.card_index(state.setup.rules, card_name)
    claim = act.kind_index(state.setup.rules, claim_name)
    offerer = state.offerer
    state.hands[offerer].remove(card)
    state.card = card
    state.claim = claim
    state.giver = offerer
    state.receiver = target
    state.seen = bit(offerer)
    state.redirected = 0
    state.last_target[offerer] = target
    state.steps = [(StepKind.OFFER, offerer, target, claim)]
    state.phase = Phase.ANSWER
    return [ev.CardOffered(offerer, target, claim_name, card_name)]


def peek(state: CockroachPokerState) -> list[Event]:
    """The receiver looks at the card ("A round" of the original rules)."""
    player = state.receiver
    state.seen |= bit(player)
    state.steps.append((StepKind.PEEK, player))
    state.phase = Phase.PASS
    return [ev.CardPeeked(player, state.setup.deck.cards[state.card])]


def pass_card(state: CockroachPokerState, target: int, claim_name: str) -> list[Event]:
    """The card goes on to another player with a new claim ("A round" of the original rules)."""
    player = state.receiver
    claim = act.kind_index(state.setup.rules, claim_name)
    state.steps.append((StepKind.PASS, player, target, claim))
    state.giver = player
    state.receiver = target
    state.claim = claim
    state.phase = Phase.ANSWER
    seen = frozenset(members(state.seen, state.players))
    return [ev.CardPassed(player, target, claim_name, state.setup.deck.cards[state.card], seen)]


def answer(state: CockroachPokerState, yes: bool) -> list[Event]:
    """Reveal the card: right answer -> the last claimer's row, wrong -> the answerer's."""
    answerer, card, claim = state.receiver, state.card, state.claim
    kind = state.kind_of[card]
    if kind == NO_KIND:  # a joker offered face down
        claim_true = state.setup.jokers == "wild"
        counts_as = claim if claim_true else NO_KIND
    else:
        claim_true = kind == claim
        counts_as = kind
    correct = yes == claim_true
    row_of = state.giver if correct else answerer
    # Wrong: pushed on the answerer by whoever handed it to him (offer, redirect or pass).
    # Right: it comes back to the last claimer, pushed on him by nobody.
    state.pushed_by = -1 if correct else state.steps[-1][1]
    state.rows[row_of].append(card)
    state.row_kinds[row_of].append(counts_as)
    if counts_as != NO_KIND:
        state.row_counts[row_of][counts_as] += 1
    state.steps.append((StepKind.ANSWER, answerer, yes))
    state.log.append((tuple(state.steps), card, counts_as, correct, row_of))
    kinds = state.setup.deck.kinds
    events: list[Event] = [
        ev.ClaimAnswered(answerer, kinds[claim], yes),
        ev.CardRevealed(
            state.setup.deck.cards[card],
            kinds[claim],
            claim_true,
            correct,
            row_of,
            None if counts_as == NO_KIND else kinds[counts_as],
        ),
    ]
    round_offerer = state.offerer
    state.card = -1
    state.claim = -1
    state.receiver = -1
    state.seen = 0
    # Whoever received the card face up is the next offerer.
    state.offerer = row_of
    state.phase = Phase.OFFER
    events.extend(end_of_round(state, row_of, round_offerer))
    return events
