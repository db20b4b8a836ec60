"""Why a Paper Safari move was better, in words: the game's explanation hook (declaration ``explain``).

The hook reads only what the deciding seat knew (its view: the face-up cards, the discard pile, the
card in hand, its own face-down cards it looked at with Charizard) and answers in the reader's
language, the strongest reason first:

- a column pair: "the Bulbasaur on the discard pile would have matched your Bulbasaur at top left";
- a pair broken up;
- a known high card swapped out for sure against a face-down card swapped out blind;
- a low card thrown away, a high card kept;
- the discard pile's top, a sure card, against the deck, a gamble;
- the end of the round: turning up the last face-down card ends it, good when ahead, risky when behind;
- Mew's best target, Team Rocket's place, and Charizard's look that costs nothing.

With no better move (``decision.better is None``) it gives a one-line verdict of the move played:
"Good: …" or "Risky: …", or nothing when there is nothing to say.

>>> from asobiba.core.explain import MoveToExplain
>>> from asobiba.games.paper_safari.positions import position
>>> mine = ["bulbasaur", "onix", "onix", "gengar", "psyduck", "eevee"]
>>> state = position([mine, ["gyarados"] * 4 + ["machamp"] * 2], discard="bulbasaur", flips=["a1", "a1"])
>>> draw, take = (state.parse_action(text) for text in ("draw", "take discard"))
>>> explain(MoveToExplain(state.observe(0), draw, take, ("You", "Ken"), "en"))
['The Bulbasaur (2) on the discard pile would have matched your Bulbasaur (2) at top left: two equal numbers in a \
column count 0.']
>>> explain(MoveToExplain(state.observe(0), take, None, ("あなた", "ケン"), "ja"))
['よい手：捨札のフシギダネ（2）は、上段左のフシギダネ（2）とそろいます。']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from asobiba.core.explain import MoveToExplain
from asobiba.core.state import Action, Observation
from asobiba.games.paper_safari import actions as act
from asobiba.games.paper_safari.text import position_name, tr

__all__ = ["explain"]

#: A card swapped out (or in) counts as "high" or "low" against another when they differ by this much.
MARGIN = 3
#: The positions of a grid: a1 a2 a3 (top row), b1 b2 b3 (bottom row); a column is p and p + 3.
GRID = 6


def _partner(position: int) -> int:
    """The other place of ``position``'s column."""
    return (position + 3) % GRID


@dataclass(frozen=True)
class _Reason:
    """One reason for or against a move: ``gain`` in points (its strength), ``good`` whether it speaks
    for the move, and its words for the move played (``said``) and for a move not played (``would``)."""

    #: What the reason is about ("pair", "gain", "end", …): a better move's reason of a kind the move
    #: played has as strongly is not said.
    kind: str
    gain: float
    good: bool
    said: str
    would: str


class _Seen:
    """What the deciding seat knew: its view, read for the reasons."""

    def __init__(self, decision: MoveToExplain) -> None:
        self.view: Mapping[str, Any] = decision.observation.view
        self.lang = decision.lang
        self.names = decision.names
        self.me = decision.player
        self.cards: Mapping[str, Mapping[str, Any]] = self.view["cards"]
        grids: list[list[str | None]] = self.view["grids"]
        known: Mapping[str, str] = self.view.get("known") or {}
        positions: list[str] = self.view["positions"]
        #: Every grid as the seat knows it: a card id, None (face down, unknown) or "" (emptied).
        self.grids = [list(grid) for grid in grids]
        for name, card in known.items():
            self.grids[self.me][positions.index(name)] = card
        #: The seat's own face-down places (known or not).
        self.face_down = [position for position, card in enumerate(grids[self.me]) if card is None]
        self.hand: str | None = self.view.get("hand")
        self.discard_top: str | None = self.view.get("discard_top")
        self.final_turns = bool((self.view.get("options") or {}).get("final_turns"))
        self.mean = self._unseen_mean()

    def _unseen_mean(self) -> float:
        """What a card the seat has not seen is worth on average (Ditto left out)."""
        left: Counter[str] = Counter({card: int(line["copies"]) for card, line in self.cards.items()})
        seen = [card for grid in self.grids for card in grid if card]
        seen += list(self.view.get("discard") or [])
        if self.hand:
            seen.append(self.hand)
        left.subtract(seen)
        values = [(self.cards[card]["value"], count) for card, count in left.items() if count > 0]
        counted = [(value, count) for value, count in values if value is not None]
        total = sum(count for _, count in counted)
        return sum(value * count for value, count in counted) / total if total else 5.0

    # ------------------------------------------------------------------ words

    def name(self, card: str) -> str:
        line = self.cards.get(card)
        if line is None:
            return card
        return str(line["ja"] if self.lang == "ja" else line["en"])

    def value(self, card: str | None) -> float:
        """A card's number (Ditto: a low guess, what it copies is settled at scoring; unknown: the mean)."""
        if not card:
            return self.mean
        value = self.cards[card]["value"]
        return 0.0 if value is None else float(value)

    def card(self, card: str) -> str:
        """A card with its number: "Bulbasaur (2)"."""
        value = self.cards[card]["value"]
        if value is None:
            return self.name(card)
        return tr("{card} ({value})", self.lang, card=self.name(card), value=value)

    def where(self, position: int) -> str:
        return position_name(position, self.lang)

    def player(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else ""

    # ------------------------------------------------------------------ the grid

    def mine(self, position: int) -> str | None:
        return self.grids[self.me][position]

    def pairs(self, grid: list[str | None], position: int) -> bool:
        """``position`` and the other card of its column are known and show the same number."""
        card, other = grid[position], grid[_partner(position)]
        if not card or not other:
            return False
        first, second = self.cards[card]["value"], self.cards[other]["value"]
        return first is not None and first == second

    def estimate(self, grid: list[str | None]) -> float:
        """A grid's total as the seat can guess it: known cards, the mean for the others, known pairs 0."""
        total = 0.0
        for top in range(3):
            if self.pairs(grid, top):
                continue
            total += self.value(grid[top]) + self.value(grid[top + 3])
        return total

    def lowest_opponent(self) -> tuple[int, float]:
        """The opponent who looks lowest, and his guessed total."""
        guesses = [(self.estimate(grid), seat) for seat, grid in enumerate(self.grids) if seat != self.me]
        total, seat = min(guesses)
        return seat, total

    def worst_known(self, besides: int | None = None) -> tuple[int, str] | None:
        """The seat's highest known card not in a pair (its place and id)."""
        found: tuple[float, int, str] | None = None
        for position, card in enumerate(self.grids[self.me]):
            if not card or position == besides or self.pairs(self.grids[self.me], position):
                continue
            value = self.value(card)
            if found is None or value > found[0]:
                found = (value, position, card)
        return None if found is None else (found[1], found[2])


# ---------------------------------------------------------------------- the reasons of one move


def _placing(seen: _Seen, card: str, position: int) -> list[_Reason]:
    """The card ``card`` put at the seat's ``position`` (a swap, Mew's place, Meowth's swap)."""
    reasons: list[_Reason] = []
    lang = seen.lang
    grid = seen.grids[seen.me]
    old = grid[position]
    new_value = seen.value(card)
    other = grid[_partner(position)]
    after = list(grid)
    after[position] = card
    if seen.pairs(after, position) and not seen.pairs(grid, position):
        assert other is not None
        gain = new_value + seen.value(other)
        reasons.append(
            _Reason(
                "pair",
                max(gain, 1.0) + 10,
                True,
                tr(
                    "the {card} matches your {other} in its column, which now counts 0.",
                    lang,
                    card=seen.card(card),
                    other=seen.card(other),
                ),
                tr(
                    "Putting the {card} at your {position} would have matched your {other} in that column:"
                    " two equal numbers in a column count 0.",
                    lang,
                    card=seen.card(card),
                    position=seen.where(position),
                    other=seen.card(other),
                ),
            )
        )
    elif seen.pairs(grid, position) and not seen.pairs(after, position):
        assert old is not None
        lost = seen.value(old) * 2
        reasons.append(
            _Reason(
                "break",
                max(lost, 1.0) + 8,
                False,
                tr(
                    "replacing your {old} at {position} broke up a pair: that column counted 0.",
                    lang,
                    old=seen.card(old),
                    position=seen.where(position),
                ),
                "",
            )
        )
    if old:
        gain = seen.value(old) - new_value
        if gain >= MARGIN and not seen.pairs(grid, position):
            reasons.append(
                _Reason(
                    "gain",
                    gain,
                    True,
                    tr("the {card} replaced your {old}, a sure gain.", lang, card=seen.card(card), old=seen.card(old)),
                    tr(
                        "Swapping out your {old} at {position} was a sure gain of {gain} points.",
                        lang,
                        old=seen.card(old),
                        position=seen.where(position),
                        gain=round(gain),
                    ),
                )
            )
        elif gain <= -MARGIN:
            reasons.append(
                _Reason(
                    "raise",
                    -gain,
                    False,
                    tr(
                        "you swapped your {old} for a higher {card}.",
                        lang,
                        old=seen.card(old),
                        card=seen.card(card),
                    ),
                    "",
                )
            )
    else:
        worst = seen.worst_known()
        if worst is not None and seen.value(worst[1]) - new_value >= MARGIN and seen.value(worst[1]) > seen.mean:
            reasons.append(
                _Reason(
                    "blind",
                    seen.value(worst[1]) - seen.mean,
                    False,
                    tr(
                        "you put the {card} on a face-down card you did not know, while your {old} at {position}"
                        " was sure to be worse.",
                        lang,
                        card=seen.card(card),
                        old=seen.card(worst[1]),
                        position=seen.where(worst[0]),
                    ),
                    "",
                )
            )
        if new_value - seen.mean >= MARGIN - 1:
            reasons.append(
                _Reason(
                    "high-blind",
                    new_value - seen.mean,
                    False,
                    tr(
                        "a {card} on a face-down card: an unknown card is worth about {mean} on average.",
                        lang,
                        card=seen.card(card),
                        mean=round(seen.mean, 1),
                    ),
                    "",
                )
            )
        elif seen.mean - new_value >= MARGIN:
            reasons.append(
                _Reason(
                    "low-blind",
                    seen.mean - new_value,
                    True,
                    tr(
                        "the {card} is lower than a face-down card is worth on average (about {mean}).",
                        lang,
                        card=seen.card(card),
                        mean=round(seen.mean, 1),
                    ),
                    tr(
                        "Putting the {card} on your face-down {position} card would have been a likely gain: an"
                        " unknown card is worth about {mean} on average.",
                        lang,
                        card=seen.card(card),
                        position=seen.where(position),
                        mean=round(seen.mean, 1),
                    ),
                )
            )
    reasons.extend(_zapdos(seen, card, old))
    reasons.extend(_ending(seen, position, after))
    return reasons


def _zapdos(seen: _Seen, card: str, old: str | None) -> list[_Reason]:
    """Zapdos swapped in: the replaced card goes, face up, to the left neighbour's same place."""
    if not old or seen.view.get("phase") != "hand" or seen.cards[card]["effect"] != "zapdos":
        return []
    neighbour = seen.player((seen.me + 1) % len(seen.grids))
    gift = seen.value(old) - seen.mean
    if gift >= MARGIN:
        return [
            _Reason(
                "zapdos",
                gift,
                True,
                tr("Zapdos passed your {old} on to {name}.", seen.lang, old=seen.card(old), name=neighbour),
                tr(
                    "Zapdos on your {old} would have passed it on to {name}.",
                    seen.lang,
                    old=seen.card(old),
                    name=neighbour,
                ),
            )
        ]
    if -gift >= MARGIN:
        return [
            _Reason(
                "zapdos",
                -gift,
                False,
                tr("Zapdos handed your {old} to {name}.", seen.lang, old=seen.card(old), name=neighbour),
                "",
            )
        ]
    return []


def _ending(seen: _Seen, position: int, after: list[str | None]) -> list[_Reason]:
    """Turning up the seat's last face-down card ends the round (unless every other player plays once more)."""
    if seen.final_turns or seen.face_down != [position]:
        return []
    lang = seen.lang
    mine = seen.estimate(after)
    seat, theirs = seen.lowest_opponent()
    if mine < theirs:
        return [
            _Reason(
                "end",
                theirs - mine + 5,
                True,
                tr(
                    "you ended the round while ahead (about {mine} against {name}'s {theirs}).",
                    lang,
                    mine=round(mine),
                    name=seen.player(seat),
                    theirs=round(theirs),
                ),
                tr(
                    "Turning up your last face-down card would have ended the round while you were ahead (about"
                    " {mine} against {name}'s {theirs}).",
                    lang,
                    mine=round(mine),
                    name=seen.player(seat),
                    theirs=round(theirs),
                ),
            )
        ]
    return [
        _Reason(
            "end",
            mine - theirs + 5,
            False,
            tr(
                "turning up your last face-down card ended the round while {name} looked lower (about {theirs}"
                " against your {mine}).",
                lang,
                name=seen.player(seat),
                theirs=round(theirs),
                mine=round(mine),
            ),
            "",
        )
    ]


def _discarding(seen: _Seen, card: str) -> list[_Reason]:
    """The drawn card ``card`` thrown onto the discard pile."""
    lang = seen.lang
    value = seen.value(card)
    worst = seen.worst_known()
    if worst is not None and seen.value(worst[1]) - value >= MARGIN:
        return [
            _Reason(
                "keep-low",
                seen.value(worst[1]) - value,
                False,
                tr(
                    "you threw away the {card}: it was lower than your {old} at {position}.",
                    lang,
                    card=seen.card(card),
                    old=seen.card(worst[1]),
                    position=seen.where(worst[0]),
                ),
                "",
            )
        ]
    if seen.face_down and seen.mean - value >= MARGIN:
        return [
            _Reason(
                "keep-low",
                seen.mean - value,
                False,
                tr(
                    "you threw away the {card}, lower than a face-down card is worth on average (about {mean}).",
                    lang,
                    card=seen.card(card),
                    mean=round(seen.mean, 1),
                ),
                "",
            )
        ]
    if value - seen.mean >= MARGIN - 1 and (worst is None or value >= seen.value(worst[1])):
        return [
            _Reason(
                "throw-high",
                value - seen.mean,
                True,
                tr("the {card} you drew was not worth keeping.", lang, card=seen.card(card)),
                tr(
                    "The {card} you drew was high: throwing it away would have kept your total down.",
                    lang,
                    card=seen.card(card),
                ),
            )
        ]
    return []


def _taking(seen: _Seen) -> list[_Reason]:
    """The top card of the discard pile taken (it must be used)."""
    card = seen.discard_top
    if not card:
        return []
    lang = seen.lang
    value = seen.value(card)
    grid = seen.grids[seen.me]
    for position, mine in enumerate(grid):
        if not mine or seen.pairs(grid, position) or seen.cards[mine]["value"] != seen.cards[card]["value"]:
            continue
        if seen.cards[card]["value"] is None:
            continue
        return [
            _Reason(
                "pair",
                max(value * 2, 1.0) + 10,
                True,
                tr(
                    "the {card} on the discard pile matches your {other} at {position}.",
                    lang,
                    card=seen.card(card),
                    other=seen.card(mine),
                    position=seen.where(position),
                ),
                tr(
                    "The {card} on the discard pile would have matched your {other} at {position}: two equal"
                    " numbers in a column count 0.",
                    lang,
                    card=seen.card(card),
                    other=seen.card(mine),
                    position=seen.where(position),
                ),
            )
        ]
    if seen.mean - value >= MARGIN:
        return [
            _Reason(
                "take-low",
                seen.mean - value,
                True,
                tr(
                    "the {card} on the discard pile was a sure low card; the deck is a gamble.",
                    lang,
                    card=seen.card(card),
                ),
                tr(
                    "The {card} on the discard pile was a sure low card; a card from the deck is worth about {mean}"
                    " on average.",
                    lang,
                    card=seen.card(card),
                    mean=round(seen.mean, 1),
                ),
            )
        ]
    if value >= seen.mean:
        return [
            _Reason(
                "take-high",
                value - seen.mean + 1,
                False,
                tr(
                    "the {card} taken from the discard pile had to be used, and a card from the deck is worth about"
                    " {mean} on average.",
                    lang,
                    card=seen.card(card),
                    mean=round(seen.mean, 1),
                ),
                "",
            )
        ]
    return []


def _exchanging(seen: _Seen, first: int, second: int) -> list[_Reason]:
    """Snorlax: two of the seat's places exchange their cards."""
    grid = seen.grids[seen.me]
    after = list(grid)
    after[first], after[second] = after[second], after[first]
    made = [p for p in (first, second) if seen.pairs(after, p) and not seen.pairs(grid, p)]
    if not made:
        return []
    card = after[made[0]]
    assert card is not None
    return [
        _Reason(
            "pair",
            max(seen.value(card) * 2, 1.0) + 10,
            True,
            tr("the exchange made a column of two {value}s, which counts 0.", seen.lang, value=round(seen.value(card))),
            tr(
                "Exchanging your {first} and {second} cards would have made a column of two {value}s, which counts 0.",
                seen.lang,
                first=seen.where(first),
                second=seen.where(second),
                value=round(seen.value(card)),
            ),
        )
    ]


def _mew_target(seen: _Seen, seat: int, position: int | None) -> list[_Reason]:
    """Mew used on ``seat`` (and, once chosen, on his card at ``position``): the lowest card in sight."""
    grid = seen.grids[seat]
    candidates = [(seen.value(card), place, card) for place, card in enumerate(grid) if card]
    if position is not None:
        candidates = [item for item in candidates if item[1] == position]
    if not candidates:
        return []
    value, place, card = min(candidates)
    lowest = min(
        (seen.value(other), other)
        for opponent, other_grid in enumerate(seen.grids)
        if opponent != seen.me
        for other in other_grid
        if other
    )
    if value > lowest[0]:
        return []
    return [
        _Reason(
            "mew",
            seen.mean - value,
            True,
            tr(
                "Mew took {name}'s {card}, the lowest card in sight.",
                seen.lang,
                name=seen.player(seat),
                card=seen.card(card),
            ),
            tr(
                "Mew could have taken {name}'s {card} at {position}, the lowest card in sight.",
                seen.lang,
                name=seen.player(seat),
                card=seen.card(card),
                position=seen.where(place),
            ),
        )
    ]


def _rocket(seen: _Seen, position: int) -> list[_Reason]:
    """Team Rocket (Pikachu face): everybody's card at ``position`` thrown away, a card from the deck instead."""
    card = seen.mine(position)
    if not card:
        return []
    lang = seen.lang
    if seen.pairs(seen.grids[seen.me], position):
        return [
            _Reason(
                "break",
                max(seen.value(card) * 2, 1.0) + 8,
                False,
                tr(
                    "Team Rocket threw away your {card} at {position}, which made a pair: that column counted 0.",
                    lang,
                    card=seen.card(card),
                    position=seen.where(position),
                ),
                "",
            )
        ]
    gain = seen.value(card) - seen.mean
    if gain >= MARGIN:
        return [
            _Reason(
                "rocket",
                gain,
                True,
                tr("Team Rocket threw away your {card}.", lang, card=seen.card(card)),
                tr(
                    "Team Rocket at your {position} would have thrown away your {card}, for a card from the deck"
                    " (about {mean} on average).",
                    lang,
                    position=seen.where(position),
                    card=seen.card(card),
                    mean=round(seen.mean, 1),
                ),
            )
        ]
    if -gain >= MARGIN:
        return [
            _Reason(
                "rocket",
                -gain,
                False,
                tr(
                    "Team Rocket threw away your {card} at {position}, one of your best cards, for a card from the"
                    " deck (about {mean} on average).",
                    lang,
                    card=seen.card(card),
                    position=seen.where(position),
                    mean=round(seen.mean, 1),
                ),
                "",
            )
        ]
    return []


def _reasons(seen: _Seen, move: Action) -> list[_Reason]:
    """Every reason the seat's view gives for or against ``move``."""
    match move:
        case act.Swap(position) | act.MewPlace(position) if seen.hand:
            return _placing(seen, seen.hand, position)
        case act.Discard() if seen.hand:
            return _discarding(seen, seen.hand)
        case act.TakeDiscard():
            return _taking(seen)
        case act.Exchange(first, second):
            return _exchanging(seen, first, second)
        case act.MewChoose(opponent):
            return _mew_target(seen, opponent, None)
        case act.MewTake(position):
            target = seen.view.get("mew_opponent")
            return [] if target is None else _mew_target(seen, int(target), position)
        case act.Rocket(position):
            return _rocket(seen, position)
        case act.Peek(position):
            return [
                _Reason(
                    "peek",
                    1.0,
                    True,
                    tr("you know your {position} card now.", seen.lang, position=seen.where(position)),
                    tr(
                        "Looking at one of your face-down cards (Charizard) costs nothing and tells you what to"
                        " swap out later.",
                        seen.lang,
                    ),
                )
            ]
    return []


def _verdict(seen: _Seen, reasons: list[_Reason]) -> list[str]:
    """One line for a move with nothing better: its strongest reason, good or risky."""
    if not reasons:
        return []
    strongest = max(reasons, key=lambda reason: reason.gain)
    if strongest.good:
        return [tr("Good: {reason}", seen.lang, reason=strongest.said)]
    return [tr("Risky: {reason}", seen.lang, reason=strongest.said)]


def _sentence(text: str) -> str:
    """A reason said alone: its first letter a capital (English)."""
    return text[:1].upper() + text[1:]


def explain(decision: MoveToExplain) -> list[str]:
    """The reasons, strongest first, why ``decision.better`` beat ``decision.played`` (or, with no better
    move, a one-line verdict of the move played), from what the seat knew, in ``decision.lang``."""
    seen = _Seen(decision)
    played = _reasons(seen, decision.played)
    if decision.better is None:
        return _verdict(seen, played)
    better = _reasons(seen, decision.better)
    # A reason the move played has as well (as strongly) is no reason to prefer the better one.
    found: list[tuple[float, str]] = [
        (reason.gain, reason.would)
        for reason in better
        if reason.good
        and not any(mine.good and mine.kind == reason.kind and mine.gain >= reason.gain for mine in played)
    ]
    found += [(reason.gain, _sentence(reason.said)) for reason in played if not reason.good]
    found.sort(key=lambda item: -item[0])
    return list(dict.fromkeys(text for _, text in found))


def move_words(observation: Observation[Any], action: Action, text: str, lang: str, merged: bool) -> str:
    """The cards of a move by their names where the player saw them: the card in hand, the top of the
    discard pile, a face-up card of the grid ("Swap Pikachu (in hand) with your top left card, Onix")."""
    from asobiba.games.paper_safari import actions
    from asobiba.games.paper_safari.text import position_name

    view = observation.view
    cards = view.get("cards") or {}

    def named(card: object) -> str | None:
        if not isinstance(card, str):
            return None
        found = cards.get(card)
        return str(found.get(lang) or found.get("en")) if isinstance(found, dict) else card

    hand = named(view.get("hand")) if view.get("hand_holder") == observation.player else None
    if isinstance(action, actions.Swap) and hand is not None:
        where = position_name(action.position, lang)
        grid = view.get("grids") or []
        mine = grid[observation.player] if observation.player < len(grid) else []
        other = named(mine[action.position]) if action.position < len(mine) else None
        if other is not None:
            return tr(
                "Swap {card} (in hand) with your {position} card, {other}", lang, card=hand, position=where, other=other
            )
        return tr("Swap {card} (in hand) with your {position} card", lang, card=hand, position=where)
    if isinstance(action, actions.Discard) and hand is not None:
        return tr("Discard {card}, the card drawn", lang, card=hand)
    top = named(view.get("discard_top"))
    if isinstance(action, actions.TakeDiscard) and top is not None:
        return tr("Take {card} from the top of the discard pile", lang, card=top)
    return text
