"""The heuristic player of Cockroach Poker; it reads only the view and the legal actions.

What it does:

- counts the cards it has not seen (the deck minus its hand, every row, the joker heap and the
  card in play if it knows it), so it knows how likely each claim is a priori;
- keeps, from the public log, each player's rate of true claims and of "yes" answers;
- judges a claim by those two: the claimer's truthfulness, scaled by how common the claimed kind
  still is (a claim of a kind with no unseen card left is a lie);
- weighs each answer by what the card would do to the row it lands in: a *danger* score per row,
  from how many more cards that row needs to lose (threshold, four suits, four of a kind, eight
  creatures, an empty hand);
- offers the kind that hurts a player close to losing and would hurt itself least if it came
  back, bluffing with a probability that follows how often the target believes claims;
- redirects with a joker (trump) or peeks and passes (original) when answering looks costly.

>>> import asobiba, random
>>> state = asobiba.new_game("cockroach-poker", players=4, seed=3)
>>> observation = state.observe(state.to_move)
>>> choose(observation.view, observation.legal_actions, random.Random(0)) in state.legal_actions()
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from asobiba.core.state import Action
from asobiba.games.cockroach_poker.actions import ANSWER_NO, ANSWER_YES, DECKS, Offer, Pass, Peek, Redirect
from asobiba.games.cockroach_poker.view import CockroachPokerFullView, InPlay

#: Card text -> the kind it is (``None``: a joker).
CARD_KIND: dict[str, str | None] = {
    card: (deck.kinds[kind] if kind >= 0 else None)
    for deck in DECKS.values()
    for card, kind in zip(deck.cards, deck.kind_of, strict=True)
}

#: Weight of a card pushed on somebody else, against the same card on oneself.
OTHERS_WEIGHT = 0.7
#: Every face-up card costs a little, even far from any loss.
CARD_COST = 0.05
#: How much evidence (in claims) the prior on a player's truthfulness is worth.
PRIOR_WEIGHT = 3.0


@dataclass
class Beliefs:
    """What the bot makes of a view."""

    me: int
    players: int
    rules: str
    kinds: list[str]
    unseen: dict[str, float]  # kind -> cards not seen by me ("joker" included)
    truth_rate: list[float]  # per player: how often his claims were true
    yes_rate: list[float]  # per player: how often he answered yes
    view: CockroachPokerFullView
    #: ``cost`` by (player, kind), computed once per decision (offers ask it for every card copy).
    costs: dict[tuple[int, str | None], float] = field(default_factory=dict)

    def kind_prior(self, kind: str) -> float:
        total = sum(self.unseen.values())
        return self.unseen.get(kind, 0.0) / total if total else 0.0

    # ---------------------------------------------------------------- rows and danger

    def cards_to_loss(self, player: int, counts: dict[str, int], size: int) -> int:
        """How many more face-up cards ``player``'s row needs, at the least, to lose."""
        view = self.view
        loss = view["loss"]
        top = max(counts.values())
        missing = sum(1 for count in counts.values() if count == 0)
        if "threshold" in loss:  # trump
            path = min(missing, loss["of_a_kind"] - top)
            return max(loss["threshold"] - size, path, 0)
        needed = loss["of_a_kind"] - top
        if loss["eight_kinds"]:
            needed = min(needed, missing)
        if view["hand_sizes"][player] == 0:
            needed = min(needed, 1)  # he would have to offer next, with nothing
        return max(needed, 0)

    def danger(self, player: int, counts: dict[str, int], size: int) -> float:
        steps = self.cards_to_loss(player, counts, size)
        return 1.0 if steps == 0 else 0.45**steps

    def cost(self, player: int, kind: str | None) -> float:
        """How much worse off ``player`` is with one more face-up card of ``kind`` (1: he loses)."""
        known = self.costs.get((player, kind))
        if known is None:
            known = self.costs[(player, kind)] = self._cost(player, kind)
        return known

    def _cost(self, player: int, kind: str | None) -> float:
        counts = dict(self.view["row_counts"][player])
        size = self.view["row_sizes"][player]
        before = self.danger(player, counts, size)
        if kind is not None:
            counts[kind] += 1
        after = self.danger(player, counts, size + 1)
        if after >= 1.0:
            return 1.0
        return after - before + CARD_COST

    def value_for_me(self, player: int, kind: str | None) -> float:
        """The card of ``kind`` lands face up in ``player``'s row: good (>0) or bad for me."""
        cost = self.cost(player, kind)
        if player == self.me:
            return -cost
        return 1.0 if cost >= 1.0 else OTHERS_WEIGHT * cost

    # ---------------------------------------------------------------- claims

    def claim_probability(self, claimer: int, claim: str) -> float:
        """How likely the claim ``claim`` by ``claimer`` is true."""
        prior = self.kind_prior(claim)
        if self.rules == "trump" and self.view["options"].get("jokers") == "wild":
            prior += self.kind_prior("joker")  # a wild joker makes any claim true
        if prior <= 0.0:
            return 0.0
        rate = min(max(self.truth_rate[claimer], 0.05), 0.95)
        odds = rate / (1.0 - rate) * prior * len(self.kinds)
        return min(odds / (1.0 + odds), 0.98)

    def false_kinds(self, claim: str) -> list[tuple[str | None, float]]:
        """If the claim is false: what the card may be, with probabilities."""
        weights: list[tuple[str | None, float]] = [
            (kind, self.unseen[kind]) for kind in self.kinds if kind != claim and self.unseen[kind] > 0
        ]
        if self.rules == "trump" and self.view["options"].get("jokers") == "redirect" and self.unseen["joker"] > 0:
            weights.append((None, self.unseen["joker"]))
        total = sum(weight for _, weight in weights)
        if not total:
            return [(None if claim is None else claim, 1.0)]
        return [(kind, weight / total) for kind, weight in weights]


def read_beliefs(view: CockroachPokerFullView) -> Beliefs:
    """Count the unseen cards and the players' habits from the view alone."""
    players = view["players"]
    kinds = list(view["kinds"])
    unseen: dict[str, float] = {kind: float(view["deck"].get(kind, 0)) for kind in kinds}
    unseen["joker"] = float(view["deck"].get("joker", 0))
    seen_cards = list(view["hand"] or [])
    for row in view["rows"]:
        seen_cards += row
    seen_cards += view["heap"]
    in_play = view["in_play"]
    if in_play and in_play["card"]:
        seen_cards.append(in_play["card"])
    for card in seen_cards:
        kind = CARD_KIND[card]
        unseen["joker" if kind is None else kind] -= 1
    claims = [0] * players
    truths = [0] * players
    answers = [0] * players
    yeses = [0] * players
    for past in view["log"]:
        for step in past["steps"]:
            if step["action"] in ("offer", "pass"):
                claims[step["player"]] += 1
                truths[step["player"]] += bool(step["true"])
            elif step["action"] == "answer":
                answers[step["player"]] += 1
                yeses[step["player"]] += step["answer"] == "yes"
    # Before any evidence: a claim is true a bit less than half the time, answers are even.
    truth_rate = [(truths[p] + PRIOR_WEIGHT * 0.4) / (claims[p] + PRIOR_WEIGHT) for p in range(players)]
    yes_rate = [(yeses[p] + PRIOR_WEIGHT * 0.5) / (answers[p] + PRIOR_WEIGHT) for p in range(players)]
    me = view["viewer"]
    assert me is not None, "the heuristic plays a seat: a spectator's view has no decision"
    return Beliefs(me, players, view["rules"], kinds, unseen, truth_rate, yes_rate, view)


def _in_play(view: CockroachPokerFullView) -> InPlay:
    """The card in play, when the viewer answers or passes it."""
    in_play = view["in_play"]
    assert in_play is not None, "a card is in play when its receiver decides"
    return in_play


def choose(view: CockroachPokerFullView, legal: Sequence[Action], rng: random.Random) -> Action:
    """The heuristic's choice among ``legal`` (all of one phase) for the viewer of ``view``."""
    if len(legal) == 1:
        return legal[0]
    beliefs = read_beliefs(view)
    first = legal[0]
    if isinstance(first, Offer):
        return _offer(beliefs, legal, rng)
    if isinstance(first, Pass):
        return _pass(beliefs, legal, rng)
    return _respond(beliefs, legal, rng)


# -------------------------------------------------------------------- answering


def _answer_values(beliefs: Beliefs) -> tuple[float, float]:
    """Expected value (for me) of answering yes and of answering no to the claim in play."""
    in_play = _in_play(beliefs.view)
    giver, claim = in_play["giver"], in_play["claim"]
    me = beliefs.me
    true = beliefs.claim_probability(giver, claim)
    otherwise = beliefs.false_kinds(claim)
    to_me_if_false = sum(p * beliefs.value_for_me(me, kind) for kind, p in otherwise)
    to_giver_if_false = sum(p * beliefs.value_for_me(giver, kind) for kind, p in otherwise)
    yes = true * beliefs.value_for_me(giver, claim) + (1 - true) * to_me_if_false
    no = true * beliefs.value_for_me(me, claim) + (1 - true) * to_giver_if_false
    return yes, no


def _respond(beliefs: Beliefs, legal: Sequence[Action], rng: random.Random) -> Action:
    yes, no = _answer_values(beliefs)
    says_yes = yes > no if yes != no else rng.random() < 0.5
    best_answer: Action = ANSWER_YES if says_yes else ANSWER_NO
    best = max(yes, no)
    redirects = [action for action in legal if isinstance(action, Redirect)]
    if redirects and best < -0.12:
        # Make the most endangered player answer instead.
        return max(redirects, key=lambda action: (beliefs.cost(action.target, None), -action.target))
    if any(isinstance(action, Peek) for action in legal):
        # Passing on: I become the claimer; the next receiver is right about half the time.
        me = beliefs.me
        in_play = _in_play(beliefs.view)
        unseen_by = [p for p in range(beliefs.players) if p != me and p not in in_play["seen_by"]]
        average_target = max(unseen_by, key=lambda p: (beliefs.cost(p, None), -p))
        kinds = [(kind, beliefs.kind_prior(kind)) for kind in beliefs.kinds]
        passing = sum(
            p * (0.5 * beliefs.value_for_me(me, kind) + 0.5 * beliefs.value_for_me(average_target, kind))
            for kind, p in kinds
        )
        if passing > best + 0.02 or (best < -0.08 and rng.random() < 0.5):
            return next(action for action in legal if isinstance(action, Peek))
    return best_answer


# -------------------------------------------------------------------- offering and passing


def _claim_for(beliefs: Beliefs, target: int, kind: str | None, rng: random.Random) -> str:
    """Tell the truth or bluff, with a probability: a target who believes claims gets lies."""
    believes = beliefs.yes_rate[target]
    truth_probability = min(max(0.5 + (0.5 - believes), 0.25), 0.75)
    if kind is not None and rng.random() < truth_probability:
        return kind
    # A lie that is plausible: a kind with cards still unseen.
    others = [other for other in beliefs.kinds if other != kind]
    weights = [beliefs.unseen[other] + 0.5 for other in others]
    return rng.choices(others, weights=weights)[0]


def _offer(beliefs: Beliefs, legal: Sequence[Action], rng: random.Random) -> Action:
    offers = [action for action in legal if isinstance(action, Offer)]
    keep_jokers = any(CARD_KIND[offer.card] is not None for offer in offers)
    best: tuple[float, str, int] | None = None
    scored: dict[tuple[str, int], float] = {}
    for offer in offers:
        if keep_jokers and CARD_KIND[offer.card] is None and beliefs.view["options"].get("jokers") == "redirect":
            continue  # a joker in hand is a shield; keep it while other cards remain
        key = (offer.card, offer.target)
        if key in scored:
            continue
        kind = CARD_KIND[offer.card]
        counted = kind
        if kind is None and beliefs.view["options"].get("jokers") == "wild":
            counted = beliefs.kinds[0]  # judged below with its claim; roughly neutral
        # About half the time the card lands on the target, else it comes back to me.
        value = 0.5 * beliefs.value_for_me(offer.target, counted) + 0.5 * beliefs.value_for_me(beliefs.me, counted)
        value += rng.random() * 0.02  # break ties without always choosing the same victim
        scored[key] = value
        if best is None or value > best[0]:
            best = (value, offer.card, offer.target)
    if best is None:
        return rng.choice(offers)
    _, card, target = best
    claim = _claim_for(beliefs, target, CARD_KIND[card], rng)
    for offer in offers:
        if offer.card == card and offer.target == target and offer.claim == claim:
            return offer
    return next(offer for offer in offers if offer.card == card and offer.target == target)


def _pass(beliefs: Beliefs, legal: Sequence[Action], rng: random.Random) -> Action:
    passes = [action for action in legal if isinstance(action, Pass)]
    card = _in_play(beliefs.view)["card"]
    kind = CARD_KIND[card] if card else None
    targets = sorted({action.target for action in passes})
    target = max(targets, key=lambda p: (beliefs.value_for_me(p, kind) + rng.random() * 0.02, -p))
    claim = _claim_for(beliefs, target, kind, rng)
    for action in passes:
        if action.target == target and action.claim == claim:
            return action
    return rng.choice(passes)
