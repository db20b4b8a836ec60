"""The heuristic player of Paper Safari: a careful Golf player who knows the special cards.

It reads only the view and the legal actions. Unknown cards are worth the mean of the cards it has
not seen (the *unseen* distribution: the deck minus every face-up card, the discard pile, its hand
and what it peeked at), with the chance of a column pair counted. Every candidate action is scored
by what it does to the expected totals: its own (lower is better) and its opponents' (higher is
better, weighted towards the leader: the lowest expected total and the most tokens). On top:

* a card it discards (or swaps out) is a gift to the next player: it pays for what he would gain;
* it ends a round (its sixth card face up) only when it is probably the lowest;
* Mew goes to the opponent whose best card is worth most to it and whose total suffers most;
  Zapdos and Team Rocket go where they hurt the opponents most and help it most.

>>> import random
>>> from asobiba.games.paper_safari import GAME
>>> state = GAME.new_game(2, seed=5)
>>> action = GAME.heuristic_action(state.observe(state.to_move), random.Random(1))
>>> action in state.legal_actions()
True
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from asobiba.core.hard_settings import HardSettings
from asobiba.core.state import Action, Observation
from asobiba.games.paper_safari.actions import (
    DISCARD,
    DRAW,
    SKIP,
    TAKE_DISCARD,
    Exchange,
    MewChoose,
    MewPlace,
    MewTake,
    Peek,
    Rocket,
    Swap,
)
from asobiba.games.paper_safari.data import COLUMN_PARTNER
from asobiba.games.paper_safari.view import CardLine, PaperSafariFullView

if TYPE_CHECKING:
    from asobiba.games.paper_safari.state import PaperSafariState

Cells = list[float | None]
#: A Ditto lying in a grid (its number is decided at scoring).
DITTO = -99.0
#: What a Ditto is worth when its neighbours are not known yet.
DITTO_GUESS = 2.0


@dataclass(frozen=True)
class Weights:
    """The heuristic's judgement, as numbers: ``normal`` plays :data:`NORMAL`."""

    #: How much ending the round is worth per unit of (probability of winning it − the target).
    end_weight: float = 40.0
    #: The chance of winning the round at which ending it is neutral, early on and in a long round.
    end_target: float = 0.5
    end_target_long: float = 0.2
    #: A round is long after this many turns per player.
    long_round_turns: int = 30
    #: Share of the next player's gain that a gift to him costs, above what an ordinary draw gains him.
    gift_weight: float = 0.5
    ordinary_gain: float = 2.0
    #: Taking the discard must beat drawing by this much.
    take_margin: float = 0.25
    #: How quickly hurting an opponent matters less the further his total lies above the lowest one.
    threat_scale: float = 4.0
    #: Spread of a total per unknown card in the chance of winning (and a base spread).
    unknown_spread: float = 3.5
    base_spread: float = 0.5
    #: What a peek (Charizard) and an exchange (Snorlax) still to come are worth.
    peek_bonus: float = 1.0
    exchange_bonus: float = 0.5
    #: ``None``: drawing is judged by every card the pile may hold. A number: the discard is taken
    #: when it gains more than this (a light player for play-outs, several times faster).
    quick_take: float | None = None


#: The ``normal`` level's weights.
NORMAL = Weights()


class Reader:
    """What the bot knows, read once from the view."""

    def __init__(self, view: PaperSafariFullView, weights: Weights = NORMAL) -> None:
        self.view = view
        self.w = weights
        viewer = view["viewer"]
        assert viewer is not None, "the bot reads a player's view, not a spectator's"
        self.me: int = viewer
        self.players: int = view["players"]
        table: dict[str, CardLine] = view["cards"]
        self.table = table
        #: Each card's number (a Ditto: :data:`DITTO`), looked up once per decision.
        self.numbers = {
            card_id: DITTO if line["value"] is None else float(line["value"]) for card_id, line in table.items()
        }
        unseen = {card_id: line["copies"] for card_id, line in table.items()}
        for card_id in view["discard"]:
            unseen[card_id] -= 1
        for grid in view["grids"]:
            for card in grid:
                if card:
                    unseen[card] -= 1
        for card_id in view["known"].values():
            unseen[card_id] -= 1
        if view["hand"] is not None:
            unseen[view["hand"]] -= 1
        self.unseen = unseen
        # The face-down cards are the unseen ones, less the reshuffled pile's cards if they are known.
        hidden = unseen
        if view["pile_cards"] is not None:
            hidden = dict(unseen)
            for card_id in view["pile_cards"]:
                hidden[card_id] -= 1
        self.mu, self.probability, self.pair_term = _distribution(hidden, table)
        # Within one decision the same grids and discards are judged again and again.
        self._expected: dict[tuple[float | None, ...], float] = {}
        self._gifts: dict[float, float] = {}
        self._half_known: dict[float, float] = {}
        self._placed: dict[float, list[tuple[Cells, list[bool], float]]] = {}
        #: A column's expected total when both its cards are unknown.
        self.both_unknown = 2 * self.mu - self.pair_term
        self.cells: list[Cells] = []
        self.up: list[list[bool]] = []
        numbers = self.numbers
        known_cards: dict[str, str] = view["known"]
        names: list[str] = view["positions"]
        for owner, grid in enumerate(view["grids"]):
            if owner == self.me and known_cards:
                cells: Cells = []
                for position, card in enumerate(grid):
                    known = card or known_cards.get(names[position])
                    cells.append(numbers[known] if known else None)
            else:
                cells = [numbers[card] if card else None for card in grid]
            self.cells.append(cells)
            self.up.append([bool(card) for card in grid])
        #: Whose grid is face up already (a round's end whatever the action).
        self.done = [all(up) for up in self.up]
        self.cost = [self.expected(cells) for cells in self.cells]
        self.weights = self._threat_weights()
        self.long_round = view["turn"] > weights.long_round_turns * self.players

    @functools.cached_property
    def pile(self) -> list[tuple[str, float]]:
        """The cards a draw may give, with their chances (the unseen ones, or the reshuffled pile's)."""
        view = self.view
        pile = dict(self.unseen) if view["pile_cards"] is None else _count(view["pile_cards"])
        total = sum(pile.values())
        return [(card_id, count / total) for card_id, count in sorted(pile.items()) if count > 0] if total else []

    # ------------------------------------------------------------------ estimates

    def number(self, card_id: str) -> float:
        return self.numbers[card_id]

    def expected(self, cells: Cells) -> float:
        """The expected score of a grid (``None``: an unknown card); each grid is reckoned once per decision."""
        key = tuple(cells)
        known = self._expected.get(key)
        if known is None:
            if DITTO in cells:
                known = min(self._expected_plain(choice) for choice in _ditto_choices(cells, self.mu))
            else:
                known = self._expected_plain(cells)
            self._expected[key] = known
        return known

    def _expected_plain(self, cells: Cells) -> float:
        column = self._column
        return 0.0 + column(cells[0], cells[3]) + column(cells[1], cells[4]) + column(cells[2], cells[5])

    def _column(self, upper: float | None, lower: float | None) -> float:
        """A column's expected total (``None``: an unknown card; a pair counts 0)."""
        if upper is None:
            return self.both_unknown if lower is None else self.half_known(lower)
        if lower is None:
            return self.half_known(upper)
        return upper + lower if upper != lower else 0.0

    def half_known(self, known: float) -> float:
        """A column's expected total with one card ``known`` and the other unknown (a pair counts 0)."""
        term = self._half_known.get(known)
        if term is None:
            term = self._half_known[known] = known + self.mu - 2 * known * self.probability.get(known, 0.0)
        return term

    def unknowns(self, cells: Cells) -> int:
        return sum(1 for cell in cells if cell is None)

    def _threat_weights(self) -> list[float]:
        """How much hurting each opponent is worth (they add up to 1; 0 for the bot itself)."""
        tokens = self.view["tokens"]
        raw = [0.0] * self.players
        lowest = min(self.cost[q] for q in range(self.players) if q != self.me)
        for q in range(self.players):
            if q != self.me:
                raw[q] = math.exp(-(self.cost[q] - lowest) / self.w.threat_scale) * (1.0 + tokens[q])
        total = sum(raw)
        return [weight / total for weight in raw]

    # ------------------------------------------------------------------ judging an outcome

    def judge(self, changed: dict[int, tuple[Cells, list[bool]]]) -> float:
        """How good the grids after an action are, compared with now (0)."""
        score = 0.0
        base = self.cost
        costs = list(base)
        ends = False
        for owner in range(self.players):
            entry = changed.get(owner)
            if entry is None:
                ends = ends or self.done[owner]
                continue
            cells, up = entry
            cost = costs[owner] = self.expected(cells)
            change = cost - base[owner]
            score += -change if owner == self.me else self.weights[owner] * change
            ends = ends or all(up)
        if ends:
            target = self.w.end_target_long if self.long_round else self.w.end_target
            score += self.w.end_weight * (self.win_chance(costs, changed) - target)
        return score

    def win_chance(self, costs: list[float], changed: dict[int, tuple[Cells, list[bool]]]) -> float:
        """The chance that the bot has the lowest total if the round ended with these grids."""
        mine = costs[self.me]
        my_unknowns = self.unknowns(changed.get(self.me, (self.cells[self.me], []))[0])
        chance = 1.0
        for q in range(self.players):
            if q == self.me:
                continue
            unknowns = my_unknowns + self.unknowns(changed.get(q, (self.cells[q], []))[0])
            spread = self.w.unknown_spread * math.sqrt(unknowns) + self.w.base_spread
            chance *= 0.5 * (1.0 + math.erf((costs[q] - mine - 0.5) / (spread * math.sqrt(2.0))))
        return chance

    def gift(self, card: float | None) -> float:
        """What putting ``card`` on top of the discard pile costs: the next player's gain."""
        if card is None:
            return 0.0
        known = self._gifts.get(card)
        if known is None:
            known = self._gifts[card] = self._gift(card)
        return known

    def _gift(self, card: float) -> float:
        nxt = (self.me + 1) % self.players
        cells = self.cells[nxt]
        best = 0.0
        if card == DITTO or DITTO in cells:
            for position in range(6):
                after = list(cells)
                after[position] = card
                best = max(best, self.cost[nxt] - self.expected(after))
        else:
            # The grid with ``card`` at each position, one column changed: the sum of
            # :meth:`_expected_plain`, in its order.
            column = self._column
            columns = [column(cells[top], cells[top + 3]) for top in range(3)]
            for position in range(6):
                top = position % 3
                parts = list(columns)
                parts[top] = column(card, cells[top + 3]) if position < 3 else column(cells[top], card)
                best = max(best, self.cost[nxt] - (0.0 + parts[0] + parts[1] + parts[2]))
        # He would draw otherwise: only the part above an ordinary draw's gain counts.
        return self.w.gift_weight * max(0.0, best - self.w.ordinary_gain) * (self.players - 1) * self.weights[nxt]

    # ------------------------------------------------------------------ moves of my own grid

    def place(self, owner: int, position: int, card: float | None) -> tuple[Cells, list[bool]]:
        cells = list(self.cells[owner])
        up = list(self.up[owner])
        cells[position] = card
        up[position] = True
        return cells, up

    def swap_value(self, card_id: str, position: int, with_effect: bool) -> float:
        """Putting ``card_id`` from the hand at ``position`` of the bot's grid (effects included)."""
        card = self.number(card_id)
        effect = self.table[card_id]["effect"] if with_effect else "none"
        if effect == "zapdos":
            return self.zapdos_value(card, position)
        value = self.judge({self.me: self.place(self.me, position, card)})
        value -= self.gift(self.cells[self.me][position])
        if effect == "charizard" and not all(self.up[self.me][p] for p in range(6) if p != position):
            value += self.w.peek_bonus
        elif effect == "snorlax":
            value += self.w.exchange_bonus
        return value

    def zapdos_value(self, card: float, position: int) -> float:
        changed = {self.me: self.place(self.me, position, card)}
        passed = self.cells[self.me][position]
        owner = (self.me + 1) % self.players
        while owner != self.me:
            displaced = self.cells[owner][position]
            changed[owner] = self.place(owner, position, passed if passed is not None else None)
            passed = displaced
            owner = (owner + 1) % self.players
        return self.judge(changed)

    def rocket_value(self, position: int) -> float:
        """Team Rocket, Pikachu face: everybody's ``position`` replaced by an unknown card face up."""
        return self.judge({owner: self.place(owner, position, None) for owner in range(self.players)})

    def mew_value(self, opponent: int, position: int, taken: float | None = None) -> float:
        """Mew at the opponent's ``position``; the taken card at the bot's best position.

        :meth:`judge` of both grids for each of the bot's positions, with the opponent's part
        reckoned once (the same numbers, in the same order: the same value)."""
        me = self.me
        card = self.cells[opponent][position] if taken is None else taken
        card_value = self.mu if card is None else card
        theirs = self.place(opponent, position, 10.0)
        their_cost = self.expected(theirs[0])
        their_term = self.weights[opponent] * (their_cost - self.cost[opponent])
        others_done = any(self.done[q] for q in range(self.players) if q != opponent and q != me) or all(theirs[1])
        best = -math.inf
        for mine, (cells, up, cost) in enumerate(self._placings(card_value)):
            score = their_term + -(cost - self.cost[me])
            if others_done or all(up):
                costs = list(self.cost)
                costs[opponent], costs[me] = their_cost, cost
                target = self.w.end_target_long if self.long_round else self.w.end_target
                score += self.w.end_weight * (self.win_chance(costs, {opponent: theirs, me: (cells, up)}) - target)
            best = max(best, score - self.gift(self.cells[me][mine]))
        return best

    def _placings(self, card: float) -> list[tuple[Cells, list[bool], float]]:
        """The bot's grid with ``card`` at each position, and its expected total (once per card)."""
        known = self._placed.get(card)
        if known is None:
            known = self._placed[card] = []
            for position in range(6):
                cells, up = self.place(self.me, position, card)
                known.append((cells, up, self.expected(cells)))
        return known

    def hand_value(self, card_id: str, from_pile: bool) -> float:
        """The best the bot can do with ``card_id`` in hand (0: as now)."""
        effect = self.table[card_id]["effect"]
        if effect == "mew":
            return max(
                self.mew_value(opponent, position)
                for opponent in range(self.players)
                if opponent != self.me
                for position in range(6)
            )
        if effect == "team-rocket":
            rocket = max(self.rocket_value(position) for position in range(6))
            meowth = max(self.swap_value(card_id, position, with_effect=False) for position in range(6))
            return 0.5 * rocket + 0.5 * meowth
        best = max(self.swap_value(card_id, position, with_effect=True) for position in range(6))
        if from_pile and not self.table[card_id]["star"]:
            best = max(best, -self.gift(self.number(card_id)))
        return best


def _count(cards: Sequence[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for card_id in cards:
        counts[card_id] = counts.get(card_id, 0) + 1
    return counts


def _distribution(hidden: dict[str, int], table: dict[str, CardLine]) -> tuple[float, dict[float, float], float]:
    """Mean value of a hidden card, the chance of each value, and the expected pair saving of two
    hidden cards in a column."""
    total = sum(count for count in hidden.values() if count > 0)
    if total == 0:
        return 4.0, {}, 0.0
    probability: dict[float, float] = {}
    mean = 0.0
    for card_id, count in hidden.items():
        if count <= 0:
            continue
        value = table[card_id]["value"]
        number = DITTO_GUESS if value is None else float(value)
        mean += number * count / total
        if value is not None:
            probability[number] = probability.get(number, 0.0) + count / total
    pair_term = sum(2 * number * chance * chance for number, chance in probability.items())
    return mean, probability, pair_term


def _ditto_choices(cells: Cells, mu: float) -> list[Cells]:
    """Every way the Dittos of a grid may count (a neighbour's number, unknown ones as ``mu``)."""
    choices: list[Cells] = [list(cells)]
    for position, cell in enumerate(cells):
        if cell != DITTO:
            continue
        row, column = divmod(position, 3)
        options: list[float | None] = []
        for step in (-1, 1):
            other = column + step
            while 0 <= other < 3 and cells[row * 3 + other] == DITTO:
                other += step
            if 0 <= other < 3:
                neighbour = cells[row * 3 + other]
                options.append(mu if neighbour is None else neighbour)
        if not options:
            options = [0.0]
        expanded = []
        for choice in choices:
            for option in options:
                filled = list(choice)
                filled[position] = option
                expanded.append(filled)
        choices = expanded
    return choices


def _best(scored: list[tuple[float, int, Action]]) -> Action:
    return max(scored, key=lambda item: (item[0], -item[1]))[2]


def choose(view: PaperSafariFullView, legal: Sequence[Action], rng: random.Random, weights: Weights = NORMAL) -> Action:
    """The heuristic choice among ``legal`` from ``view`` (and ``rng`` for the setup flip)."""
    if len(legal) == 1:
        return legal[0]
    step = view["phase"]
    if step == "flip":
        return rng.choice(list(legal))
    reader = Reader(view, weights)
    if step == "turn":
        top = view["discard_top"]
        take = reader.hand_value(top, from_pile=False) if top is not None else -math.inf
        if weights.quick_take is not None:
            return TAKE_DISCARD if take > weights.quick_take else DRAW
        draw = sum(chance * reader.hand_value(card_id, from_pile=True) for card_id, chance in reader.pile)
        return TAKE_DISCARD if take > draw + weights.take_margin else DRAW
    return _best(_scored(view, legal, reader))


def _scored(view: PaperSafariFullView, legal: Sequence[Action], reader: Reader) -> list[tuple[float, int, Action]]:
    """Every legal action of a step after the turn's first choice, with its value."""
    me = reader.me
    step = view["phase"]
    scored: list[tuple[float, int, Action]] = []
    # After the turn's first choice the mover holds a card, except when Mew's steps are asked.
    hand = view["hand"] or ""
    for order, action in enumerate(legal):
        if isinstance(action, Swap):
            value = reader.swap_value(hand, action.position, with_effect=step == "hand")
        elif action == DISCARD:
            value = -reader.gift(reader.number(hand))
        elif isinstance(action, Peek):
            partner = COLUMN_PARTNER[action.position]
            value = 1.0 if reader.up[me][partner] else 0.5
            value -= 0.1 * action.position / 6
        elif action == SKIP:
            value = 0.0
        elif isinstance(action, Exchange):
            value = _exchange_value(reader, action)
        elif isinstance(action, MewChoose):
            value = max(reader.mew_value(action.opponent, position) for position in range(6))
        elif isinstance(action, MewTake):
            opponent = view["mew_opponent"]
            assert opponent is not None, "Mew's take names its opponent"
            value = reader.mew_value(opponent, action.position)
        elif isinstance(action, MewPlace):
            value = reader.judge({me: reader.place(me, action.position, reader.number(hand))})
            value -= reader.gift(reader.cells[me][action.position])
        elif isinstance(action, Rocket):
            value = reader.rocket_value(action.position)
        else:
            value = 0.0
        scored.append((value, order, action))
    return scored


def _exchange_value(reader: Reader, action: Exchange) -> float:
    me = reader.me
    cells = list(reader.cells[me])
    up = list(reader.up[me])
    cells[action.first], cells[action.second] = cells[action.second], cells[action.first]
    up[action.first], up[action.second] = up[action.second], up[action.first]
    return reader.judge({me: (cells, up)}) - 0.01


# ---------------------------------------------------------------------- static evaluation (search)

#: Spread of a grid's expected total per unknown card (as in :meth:`Reader.win_chance`).
UNKNOWN_SPREAD = 3.5


def evaluate(state: PaperSafariState) -> list[float]:
    """Every player's chance of winning the match from ``state`` (values add up to 1).

    For IS-MCTS rollouts cut short: ``state`` is a determinization, but only the public API is
    read: each player's own view (``state.view(p)``) gives his expected round total as he would
    estimate it (his unknown cards at the mean of what he has not seen). The chance of winning the
    round comes from the gaps between the totals (a normal spread per unknown card); the match
    chance combines it with the tokens each still needs, later rounds taken as even.
    """
    if state.is_over:
        winners = state.result()["winners"]
        return [1.0 / len(winners) if player in winners else 0.0 for player in range(state.players)]
    players = state.players
    costs: list[float] = []
    unknowns: list[int] = []
    view: PaperSafariFullView | None = None
    for player in range(players):
        view = state.view(player)
        if view["phase"] in ("start", "deal"):
            break
        reader = Reader(view)
        costs.append(reader.cost[player])
        unknowns.append(reader.unknowns(reader.cells[player]))
    # Between rounds nobody is ahead in the next one.
    rounds = round_chances(costs, unknowns) if len(costs) == players else [1.0 / players] * players
    assert view is not None, "a game has at least two players"
    tokens = view["tokens"]
    needs = [max(1, view["tokens_to_win"] - tokens[player]) for player in range(players)]
    return match_chances(needs, rounds)


def round_chances(costs: Sequence[float], unknowns: Sequence[int]) -> list[float]:
    """The chance that each player has the lowest total, from expected totals and unknown cards."""
    raw = []
    for player, cost in enumerate(costs):
        chance = 1.0
        for other, other_cost in enumerate(costs):
            if other != player:
                spread = UNKNOWN_SPREAD * math.sqrt(unknowns[player] + unknowns[other]) + 1.0
                chance *= 0.5 * (1.0 + math.erf((other_cost - cost) / (spread * math.sqrt(2.0))))
        raw.append(chance)
    total = sum(raw)
    return [value / total for value in raw] if total > 0 else [1.0 / len(costs)] * len(costs)


def match_chances(needs: Sequence[int], rounds: Sequence[float]) -> list[float]:
    """Each player's chance of winning the match: this round won with the chances ``rounds``, every
    later one even; ``needs``: the tokens each still needs (at least 1)."""
    players = len(needs)
    chances = [0.0] * players
    for winner, chance in enumerate(rounds):
        after = list(needs)
        after[winner] -= 1
        if after[winner] == 0:
            chances[winner] += chance
            continue
        later = _even_match(tuple(after))
        for player in range(players):
            chances[player] += chance * later[player]
    return chances


def _even_match(needs: tuple[int, ...]) -> tuple[float, ...]:
    """Each player's chance of winning the match when every round is won by each with equal chance."""
    order = sorted(range(len(needs)), key=needs.__getitem__)
    ranked = _even_sorted(tuple(needs[player] for player in order))
    chances = [0.0] * len(needs)
    for rank, player in enumerate(order):
        chances[player] = ranked[rank]
    return tuple(chances)


@functools.lru_cache(maxsize=8192)
def _even_sorted(needs: tuple[int, ...]) -> tuple[float, ...]:
    players = len(needs)
    chances = [0.0] * players
    for winner in range(players):
        if needs[winner] == 1:
            chances[winner] += 1.0 / players
            continue
        after = list(needs)
        after[winner] -= 1
        later = _even_match(tuple(after))
        for player in range(players):
            chances[player] += later[player] / players
    return tuple(chances)


# ---------------------------------------------------------------------- the hard level's search

#: The light player of the ``hard`` level's play-outs: it takes the discard when that gains more
#: than 2.5 instead of weighing every card the pile may hold (the same choice as the heuristic's
#: at 93% of turns, measured on 24,760 turns of 150 games; 6× faster there).
ROLLOUT = Weights(quick_take=2.5)


def rollout_choose(view: PaperSafariFullView, legal: Sequence[Action], rng: random.Random) -> Action:
    """The light heuristic (:data:`ROLLOUT`) that plays everybody's moves in ``hard``'s play-outs."""
    return choose(view, legal, rng, ROLLOUT)


def candidates(
    observation: Observation[PaperSafariFullView], heuristic: Action, limit: int, rng: random.Random
) -> list[Action]:
    """The moves ``hard`` plays out: both choices of a turn; after it, the ``limit`` best by the
    heuristic's own judgement; none but the heuristic's at the setup flip (every face-down card is
    alike there)."""
    view, legal = observation.view, list(observation.legal_actions)
    step = view["phase"]
    if step == "flip":
        return [heuristic]
    if step == "turn" or len(legal) <= limit:
        return legal
    ranked = sorted(_scored(view, legal, Reader(view)), key=lambda item: (-item[0], item[1]))
    return [action for _, _, action in ranked[:limit]]


def round_over(start: PaperSafariState, now: PaperSafariState) -> bool:
    """``hard``'s play-outs stop when the round they began in has been scored (then :func:`evaluate`
    gives the match chances from the tokens)."""
    return len(now.rounds) > len(start.rounds)


#: The ``hard`` level (the declaration's ``hard_settings``): PIMC over the heuristic's three best
#: placings (both choices of a turn), played out to the end of the round with the light heuristic
#: and scored by :func:`evaluate`; a budget of play-out moves rather than of samples (few long
#: play-outs early in a round, many short ones near its end) or of time (the same choice on a busy
#: machine, unless the bot's clock guard stops it first). How it was chosen, and what it costs:
#: ``benchmarks/hard_settings.md``.
HARD_SETTINGS: HardSettings[PaperSafariState, PaperSafariFullView] = HardSettings(
    search="pimc",
    candidates=candidates,
    max_candidates=3,
    rollout_policy=rollout_choose,
    cut=round_over,
    rollout_depth=150,
    moves=4500,
    samples=400,
)
