"""Why a Cockroach Poker move was better, in words: the game's explanation hook (its declaration's
``explain`` part, :mod:`asobiba.core.explain`).

The hook reads only what the deciding seat knew — its view: its own hand, every face-up row, the
claims, and the card in play if it looked at it — and answers in sentences, the strongest first:

- **the count** of the claimed kind the seat could see (its hand and the face-up rows): "you had
  seen 7 of the 13 diamonds, so “diamonds” was likely a lie" (or all of them: surely a lie; or few:
  it could well be true);
- **the risk of the answer played**: the card a wrong answer would put face up in front of the seat,
  when it would lose the game ("answering “yes” risked your fourth stink bug face up");
- **the ways out of a guess**: a joker making another player answer (trump), looking at the card
  and passing it on (original) — and what they cost;
- for an offer or a pass, where the seat knows the card: the card coming back to the seat when the
  receiver judges right, a receiver whom this card face up would make lose (or who was nearer losing),
  a pass leaving its receiver nobody to pass to, the claimed kind already face up on the table, a
  joker given away face down.

>>> from asobiba.core.explain import MoveToExplain
>>> from asobiba.games.cockroach_poker.actions import ANSWER_NO, ANSWER_YES
>>> from asobiba.games.cockroach_poker.positions import position
>>> state = position(3, hands={0: ["S1", "S2", "S3", "S4", "S8"], 1: ["S5", "C1"]}, rows={2: ["S6", "S7", "H2"]},
...                  offerer=1, play=["offer p0 spades card=C1"])
>>> decision = MoveToExplain(state.observe(0), ANSWER_YES, ANSWER_NO, ["You", "Ken", "Mio"], "en")
>>> explain(decision)
['You had seen 7 of the 13 spades, so “spades” was likely a lie.']
>>> explain(MoveToExplain(state.observe(0), ANSWER_YES, ANSWER_NO, ["あなた", "ケン", "ミオ"], "ja"))
['スペードは13枚中7枚が見えていたので、「スペード」はおそらく嘘でした。']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from asobiba.core.explain import MoveToExplain
from asobiba.core.i18n import list_text
from asobiba.core.state import Action, Observation
from asobiba.games.cockroach_poker.actions import Answer, Offer, Pass, Peek, Redirect
from asobiba.games.cockroach_poker.data import JOKERS, SUITS
from asobiba.games.cockroach_poker.text import card_name, kind_name
from asobiba.games.cockroach_poker.view import CockroachPokerFullView
from asobiba.i18n import Catalog

__all__ = ["explain"]

tr = Catalog("cockroach_poker")

#: A loss a card face up would bring: four (five) of a kind, all four suits, all eight creatures.
OF_A_KIND, FOUR_SUITS, EIGHT_KINDS = "of_a_kind", "four_suits", "eight_kinds"
_SUIT_OF_LETTER = {letter: suit for suit, letter in SUITS}


def explain(decision: MoveToExplain) -> list[str]:
    """The reasons, strongest first, in ``decision.lang``, from what the deciding seat knew."""
    table = _Table(cast(CockroachPokerFullView, decision.observation.view), decision.player, decision.names)
    played, better, lang = decision.played, decision.better, decision.lang
    if isinstance(played, Offer | Pass):
        return _card_given(table, played, better, lang)
    if isinstance(played, Answer | Redirect | Peek):
        return _card_received(table, played, better, lang)
    return []


@dataclass(frozen=True)
class _Table:
    """What the seat knew: its view, read for counts and for the rows a card would make lose."""

    view: CockroachPokerFullView
    seat: int
    names: Sequence[str]

    @property
    def trump(self) -> bool:
        return self.view["rules"] == "trump"

    @property
    def redirect_jokers(self) -> bool:
        return self.trump and self.view["options"].get("jokers") == "redirect"

    def name(self, seat: int) -> str:
        return self.names[seat]

    def total(self, kind: str) -> int:
        """Copies of ``kind`` in the deck."""
        return self.view["deck"].get(kind, 0)

    def in_hand(self, kind: str) -> int:
        hand = self.view["hand"] or []
        return sum(1 for card in hand if _kind_of(card, self.view["kinds"]) == kind)

    def face_up(self, kind: str) -> int:
        """Cards of ``kind`` face up in every row (public; a wild joker is not one of the deck's copies)."""
        kinds = self.view["kinds"]
        return sum(1 for row in self.view["rows"] for card in row if _kind_of(card, kinds) == kind)

    def seen(self, kind: str) -> int:
        """Copies of ``kind`` the seat could see: in its hand and face up."""
        return self.in_hand(kind) + self.face_up(kind)

    def unseen_jokers(self) -> int:
        if not self.trump or "joker" not in self.view["deck"]:
            return 0
        hand = self.view["hand"] or []
        known = sum(card in JOKERS for card in hand) + len(self.view["heap"])
        known += sum(card in JOKERS for row in self.view["rows"] for card in row)
        return self.view["deck"]["joker"] - known

    def loss(self, seat: int, kind: str | None) -> str | None:
        """The loss one more card counting as ``kind`` (``None``: a joker, no suit) in ``seat``'s row would
        bring, or ``None``."""
        counts = dict(self.view["row_counts"][seat])
        if kind is not None:
            counts[kind] = counts.get(kind, 0) + 1
        size = self.view["row_sizes"][seat] + 1
        loss = self.view["loss"]
        if "threshold" in loss:
            if size < loss["threshold"]:
                return None
            if min(counts.values()) > 0:
                return FOUR_SUITS
            return OF_A_KIND if max(counts.values()) >= loss["of_a_kind"] else None
        if max(counts.values()) >= loss["of_a_kind"]:
            return OF_A_KIND
        if loss.get("eight_kinds") and min(counts.values()) > 0:
            return EIGHT_KINDS
        return None

    def losing_kinds(self, seat: int) -> list[str]:
        """The kinds one card of which, face up in ``seat``'s row, would lose the game."""
        return [kind for kind in self.view["kinds"] if self.loss(seat, kind) is not None]


def _kind_of(card: str, kinds: Sequence[str]) -> str | None:
    """The kind a card of the view counts as in a claim (``None``: a joker)."""
    if card in JOKERS:
        return None
    if card[0] in _SUIT_OF_LETTER and card[1:].isdigit():
        return _SUIT_OF_LETTER[card[0]]
    creature = card.rstrip("0123456789")
    return creature if creature in kinds else None


# ---------------------------------------------------------------------- a card received


def _card_received(table: _Table, played: Action, better: Action | None, lang: str) -> list[str]:
    """An answer, a redirect (trump) or a peek (original): the receiver did not know the card."""
    in_play = table.view["in_play"]
    if in_play is None:
        return []
    claim = in_play["claim"]
    evidence = _evidence(table, claim, lang)
    risk = _answer_risk(table, played, claim, lang)
    first: list[str] = []
    last: list[str] = []
    if evidence is not None:
        sentence, says_lie = evidence
        # A move as good as any is explained by what speaks for it first; a count against it comes last.
        against = better is None and isinstance(played, Answer) and played.yes == says_lie
        (last if against else first).append(sentence)
    if risk is not None:
        first.insert(1 if evidence is not None and _certain(table, claim) else 0, risk)
    way_out = _way_out(table, played, better, lang)
    if way_out is not None:
        first.append(way_out)
    if better is None and isinstance(played, Answer) and risk is None:
        # The answer played was as good as any: the risk the other one ran says why.
        avoided = _answer_risk(table, Answer(not played.yes), claim, lang)
        if avoided is not None:
            first.append(avoided)
    return first + last


def _certain(table: _Table, claim: str) -> bool:
    """Every copy of the claimed kind was in sight: the claim was a lie (a wild joker aside)."""
    wild = table.trump and table.view["options"].get("jokers") == "wild" and table.unseen_jokers() > 0
    return table.seen(claim) >= table.total(claim) and not wild


def _evidence(table: _Table, claim: str, lang: str) -> tuple[str, bool] | None:
    """What the count of the claimed kind in sight said of the claim, and whether it said "a lie"."""
    seen, total = table.seen(claim), table.total(claim)
    fields = {"seen": seen, "total": total, "kinds": _kinds(claim, lang), "claim": kind_name(claim, lang)}
    if _certain(table, claim):
        return tr("You could see all {total} {kinds} yourself, so “{claim}” was surely a lie.", lang, **fields), True
    if seen * 2 >= total:
        return tr("You had seen {seen} of the {total} {kinds}, so “{claim}” was likely a lie.", lang, **fields), True
    if seen == 0:
        return tr("None of the {total} {kinds} had shown up, so “{claim}” could well be true.", lang, **fields), False
    if seen * 4 <= total:
        return tr(
            "Only {seen} of the {total} {kinds} had shown up, so “{claim}” could well be true.", lang, **fields
        ), False
    return None


def _answer_risk(table: _Table, played: Action, claim: str, lang: str) -> str | None:
    """The loss a wrong answer would have brought: the card face up in front of the answerer."""
    if not isinstance(played, Answer):
        return None
    seat = table.seat
    answer = _answer_word(table, played.yes, lang)
    if not played.yes:  # wrong if the claim was true: the card is of the claimed kind
        loss = table.loss(seat, claim)
        if loss == OF_A_KIND:
            return tr(
                "Answering {answer} risked your {nth} {kind} face up: had the claim been true, you would have lost.",
                lang,
                answer=answer,
                nth=_nth(table.view["row_counts"][seat].get(claim, 0) + 1, lang),
                kind=_one(claim, lang),
            )
        if loss == FOUR_SUITS:
            return tr(
                "Answering {answer} risked the game: had the claim been true, a {kind} would have completed "
                "all four suits among your {count} face-up cards.",
                lang,
                answer=answer,
                kind=_one(claim, lang),
                count=table.view["row_sizes"][seat] + 1,
            )
        if loss == EIGHT_KINDS:
            return tr(
                "Answering {answer} risked the game: had the claim been true, a {kind} would have made all "
                "eight creatures face up in front of you.",
                lang,
                answer=answer,
                kind=_one(claim, lang),
            )
        return None
    # Wrong if the claim was a lie: the card is of another kind, one still out of sight.
    others = [kind for kind in table.losing_kinds(seat) if kind != claim and table.seen(kind) < table.total(kind)]
    joker = table.redirect_jokers and table.unseen_jokers() > 0 and table.loss(seat, None) is not None
    possible = [kind for kind in table.view["kinds"] if kind != claim and table.seen(kind) < table.total(kind)]
    if joker or (others and len(others) == len(possible)):
        return tr(
            "Answering {answer} risked the game: had the claim been a lie, any card face up in front of you "
            "would have lost it.",
            lang,
            answer=answer,
        )
    if len(others) == 1:
        kind = others[0]
        if table.loss(seat, kind) == OF_A_KIND:
            return tr(
                "Answering {answer} risked your {nth} {kind} face up: had the claim been a lie, the card could "
                "have been one.",
                lang,
                answer=answer,
                nth=_nth(table.view["row_counts"][seat].get(kind, 0) + 1, lang),
                kind=_one(kind, lang),
            )
        return tr(
            "Answering {answer} risked the game: had the claim been a lie, the card could have been a {kind}, "
            "and a {kind} face up in front of you would have lost it.",
            lang,
            answer=answer,
            kind=_one(kind, lang),
        )
    if others:
        return tr(
            "Answering {answer} risked the game: had the claim been a lie, a card of {kinds} face up in front "
            "of you would have lost it.",
            lang,
            answer=answer,
            kinds=list_text((_kinds(kind, lang) for kind in others), lang),
        )
    return None


def _way_out(table: _Table, played: Action, better: Action | None, lang: str) -> str | None:
    """Of the joker (trump) and of passing the card on (original), against answering."""
    if isinstance(better, Redirect) and isinstance(played, Answer):
        return tr(
            "Your joker could have made {name} answer instead, taking the risk off you.",
            lang,
            name=table.name(better.target),
        )
    if isinstance(played, Redirect):
        if isinstance(better, Answer):
            return tr("Answering yourself would have kept your joker for a more dangerous claim.", lang)
        if isinstance(better, Redirect):
            return _closer(table, better.target, played.target, lang)
        return tr(
            "Your joker made {name} answer instead, taking the risk off you.", lang, name=table.name(played.target)
        )
    if isinstance(better, Peek) and isinstance(played, Answer):
        return tr("Looking at the card and passing it on would have spared you the guess.", lang)
    if isinstance(played, Peek):
        if isinstance(better, Answer):
            return tr(
                "Passing the card on means a claim of your own: if the next player judges it right, the card "
                "comes face up to you.",
                lang,
            )
        return tr("Looking at the card and passing it on spared you the guess.", lang)
    return None


def _closer(table: _Table, better: int, played: int, lang: str) -> str | None:
    """``better`` was nearer losing than ``played`` (more kinds a card of which would end the game for him)."""
    if len(table.losing_kinds(better)) > len(table.losing_kinds(played)):
        return tr("{name} was closer to losing than {other}.", lang, name=table.name(better), other=table.name(played))
    return None


# ---------------------------------------------------------------------- a card given


def _card_given(table: _Table, played: Offer | Pass, better: Action | None, lang: str) -> list[str]:
    """An offer, or a pass after a peek (original): the seat knew the card."""
    if isinstance(played, Offer):
        card = played.card
    else:
        in_play = table.view["in_play"]
        if in_play is None or in_play["card"] is None:
            return []
        card = in_play["card"]
    kind = _kind_of(card, table.view["kinds"])
    reasons: list[str] = []
    # Right answer: the card comes face up to the seat that made the claim.
    if table.loss(table.seat, kind) is not None:
        reasons.append(
            tr(
                "If {name} judged right, the {card} would come back face up in front of you, and you would lose.",
                lang,
                name=table.name(played.target),
                card=_card(card, kind, lang),
            )
        )
    target = played.target
    better_target = better.target if isinstance(better, Offer | Pass) else None
    better_card = better.card if isinstance(better, Offer) else card
    if better_target is not None and better_target != target:
        better_kind = _kind_of(better_card, table.view["kinds"])
        if table.loss(better_target, better_kind) is not None:
            reasons.append(_would_lose(table, better_target, better_card, better_kind, lang))
        else:
            closer = _closer(table, better_target, target, lang)
            if closer is not None:
                reasons.append(closer)
    elif table.loss(target, kind) is not None:
        reasons.append(_would_lose(table, target, card, kind, lang))
    if isinstance(played, Pass) and (better is None or better_target in (None, target)):
        in_play = table.view["in_play"]
        seen = set(in_play["seen_by"] if in_play is not None else ()) | {table.seat, target}
        if len(seen) == len(table.view["hand_sizes"]):
            reasons.append(
                tr(
                    "{name} could not pass the card on — everybody else had seen it — and had to judge it.",
                    lang,
                    name=table.name(target),
                )
            )
    if isinstance(played, Offer) and kind is None and table.redirect_jokers:
        reasons.append(
            tr(
                "Offered face down, your joker was a lie whatever you claimed; kept, it could later have made "
                "another player answer for you.",
                lang,
            )
        )
    claim = played.claim
    shown, total = table.face_up(claim), table.total(claim)
    if shown * 2 >= total:
        reasons.append(
            tr(
                "{shown} of the {total} {kinds} already lay face up, so a claim of “{claim}” sounded like a lie.",
                lang,
                shown=shown,
                total=total,
                kinds=_kinds(claim, lang),
                claim=kind_name(claim, lang),
            )
        )
    return reasons


def _would_lose(table: _Table, seat: int, card: str, kind: str | None, lang: str) -> str:
    return tr(
        "{name} would lose with the {card} face up: a wrong answer from {name} would end the game.",
        lang,
        name=table.name(seat),
        card=_card(card, kind, lang),
    )


# ---------------------------------------------------------------------- words


def _answer_word(table: _Table, yes: bool, lang: str) -> str:
    if table.trump:
        return tr("“yes”", lang) if yes else tr("“no”", lang)
    return tr("“true”", lang) if yes else tr("“false”", lang)


def _card(card: str, kind: str | None, lang: str) -> str:
    """A card as the sentences name it: the playing card's name, the creature, or the joker."""
    if kind is None:
        return tr("joker", lang)
    if card[0] in _SUIT_OF_LETTER and card[1:].isdigit():
        return card_name(card, lang)
    return _one(kind, lang)


def _one(kind: str, lang: str) -> str:
    """One card of ``kind``: "spade", "stink bug"."""
    match kind:
        case "spades":
            return tr("spade", lang)
        case "clubs":
            return tr("club", lang)
        case "hearts":
            return tr("heart", lang)
        case "diamonds":
            return tr("diamond", lang)
    return kind_name(kind, lang)


def _kinds(kind: str, lang: str) -> str:
    """Cards of ``kind``, counted: "spades", "stink bugs"."""
    match kind:
        case "cockroach":
            return tr("cockroaches", lang)
        case "rat":
            return tr("rats", lang)
        case "bat":
            return tr("bats", lang)
        case "fly":
            return tr("flies", lang)
        case "toad":
            return tr("toads", lang)
        case "spider":
            return tr("spiders", lang)
        case "scorpion":
            return tr("scorpions", lang)
        case "stinkbug":
            return tr("stink bugs", lang)
    return kind_name(kind, lang)


def _nth(number: int, lang: str) -> str:
    """ "fourth" (「4枚目」): the place of a card among the face-up cards of its kind."""
    match number:
        case 2:
            return tr("second", lang)
        case 3:
            return tr("third", lang)
        case 4:
            return tr("fourth", lang)
        case 5:
            return tr("fifth", lang)
    return tr("next", lang)


def move_words(observation: Observation[Any], action: Action, text: str, lang: str, merged: bool) -> str:
    """A card offered, by its name; by its kind where the copy or the rank does not count ("a spades
    card": several moves in one, or the original game's creatures, whose copies are all alike)."""
    from asobiba.games.cockroach_poker.actions import Offer
    from asobiba.games.cockroach_poker.data import TRUMP
    from asobiba.games.cockroach_poker.text import card_name, kind_name

    if not isinstance(action, Offer):
        return text
    card = action.card
    trump = card in TRUMP.cards
    if trump and not merged:
        return text
    if trump and card.startswith("J"):
        kind = tr("a joker", lang)
    else:
        deck_kind = TRUMP.kinds[TRUMP.kind_of[TRUMP.cards.index(card)]] if trump else card.rstrip("0123456789")
        kind = tr("a {kind} card", lang, kind=kind_name(deck_kind, lang))
    return text.replace(card_name(card, lang), kind)
