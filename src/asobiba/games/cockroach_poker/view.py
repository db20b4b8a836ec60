"""The view of a Cockroach Poker position as types: what ``state.view(player)`` holds beside core's
envelope (``game, players, viewer, phase, to_move, seq, pending, is_over, options``), and the
``pending`` decision. Cards are written as texts (``H7``, ``J1``, ``bat3``), kinds by name
(``hearts``, ``stinkbug``), players by number.

The phases (``view["phase"]``): ``deal`` (chance), ``offer``, ``answer``, ``pass`` (original, after
``peek``), ``over``. The decisions (``pending["kind"]``):

``offer``   the offerer gives a hand card face down to another player with a claim; ``barred`` is
            the player he may not target now (trump: his previous target, unless that player just
            pushed a card on him), ``None`` if nobody is barred.
``answer``  the receiver answers the ``claim`` that ``giver`` made; ``choices`` are the ways the
            rules allow here: ``yes`` and ``no``, and ``redirect`` (trump, ``jokers=redirect``, while
            somebody may still be named) or ``peek`` (original, while somebody has not seen the
            card). Whether he holds a joker is his secret: ``choices`` never tells it; his legal
            actions do, to him.
``pass``    original: having peeked (``steps``: ``[{"step": "peek", "player": p}]``), the receiver
            passes the card on with a new ``claim`` (he may repeat ``claim``, the last one).

>>> import asobiba
>>> state = asobiba.new_game("cockroach-poker", players=4, seed=3, first_player=2)
>>> view = state.view(0)
>>> view["phase"], view["pending"]
('offer', {'player': 2, 'kind': 'offer', 'steps': [], 'barred': None})
"""

from __future__ import annotations

from typing import Literal, NotRequired, final

# pydantic reads TypedDicts (for the JSON Schema) only from typing_extensions before Python 3.12.
from typing_extensions import TypedDict

from asobiba.core.state import PendingPlayer, ViewEnvelope

#: The kinds of decision (``pending["kind"]``), one per player phase; ``chance`` is core's, at the
#: scripted deal (``{"player": -1, "kind": "chance", "steps": []}``).
PendingKind = Literal["offer", "answer", "pass", "chance"]
#: The ways of dealing with a card in play that the rules allow (``pending["choices"]``).
Choice = Literal["yes", "no", "redirect", "peek"]


class PeekStep(TypedDict):
    """The first step of passing a card on (original): the receiver looked at it."""

    step: Literal["peek"]
    player: int


class CockroachPokerPending(TypedDict):
    """The decision the player to move faces (core adds ``player``)."""

    kind: PendingKind
    #: The steps of this decision taken so far: a peek before a pass; else empty.
    steps: list[PeekStep]
    #: ``offer``: the player the offerer may not target now (``None``: nobody).
    barred: NotRequired[int | None]
    #: ``answer`` and ``pass``: the last claim, and who made it.
    claim: NotRequired[str]
    giver: NotRequired[int]
    #: ``answer``: what the rules allow the receiver here.
    choices: NotRequired[list[Choice]]


class ClaimStep(TypedDict):
    """A card given face down with a claim: the round's offer, or (original) a pass. In the log,
    ``true`` says whether the claim was true."""

    action: Literal["offer", "pass"]
    player: int
    to: int
    claim: str
    true: NotRequired[bool]


class RedirectStep(TypedDict):
    """Trump: ``player`` discarded ``joker`` face up and made ``to`` answer."""

    action: Literal["redirect"]
    player: int
    to: int
    joker: str


class PeekRoundStep(TypedDict):
    """Original: ``player`` looked at the card, to pass it on."""

    action: Literal["peek"]
    player: int


class AnswerStep(TypedDict):
    """``player`` answered the last claim."""

    action: Literal["answer"]
    player: int
    answer: Literal["yes", "no"]


RoundStep = ClaimStep | RedirectStep | PeekRoundStep | AnswerStep


class InPlay(TypedDict):
    """The card on its journey this round."""

    offerer: int
    #: Who made the last claim (the row a right answer puts the card in).
    giver: int
    #: Who must answer or pass now.
    receiver: int
    claim: str
    steps: list[RoundStep]
    #: Who has seen the card: its offerer and every passer (original).
    seen_by: list[int]
    #: Who redirected it with a joker (trump).
    redirected: list[int]
    #: The card, only for a viewer who has seen it; else ``None``.
    card: str | None


class FinishedRound(TypedDict):
    """A round of the log: its steps, the card revealed and where it went."""

    round: int
    offerer: int
    steps: list[RoundStep]
    card: str
    #: What the card counted as (``None``: a redirect-mode joker, no suit).
    kind: str | None
    #: Whether the final answer was right.
    correct: bool
    #: Whose row the card went to.
    row: int


@final
class TrumpLoss(TypedDict):
    """Trump: ``threshold`` face-up cards with all 4 suits or ``of_a_kind`` of one suit lose."""

    threshold: int
    of_a_kind: int


@final
class OriginalLoss(TypedDict):
    """Original: ``of_a_kind`` of one creature lose, and all 8 creatures if ``eight_kinds``."""

    of_a_kind: int
    eight_kinds: bool


class CockroachPokerView(TypedDict):
    """The game's own keys of a view."""

    rules: Literal["trump", "original"]
    #: The claims: the 4 suits or the 8 creatures, in deck order.
    kinds: list[str]
    #: Copies of each kind in the deck, plus ``joker`` when jokers are in play.
    deck: dict[str, int]
    #: The number of the round being played (1 for the first).
    round: int
    #: Who offers (phase ``offer``) or offered this round's card.
    offerer: int
    #: The viewer's own cards (sorted); ``None`` for a spectator.
    hand: list[str] | None
    hand_sizes: list[int]
    #: Each player's face-up cards, in the order they came.
    rows: list[list[str]]
    #: The kind each row card counts as (``None``: a redirect-mode joker).
    row_kinds: list[list[str | None]]
    row_counts: list[dict[str, int]]
    row_sizes: list[int]
    #: How many cards are set aside unseen.
    set_aside: int
    #: The jokers discarded by redirects, face up.
    heap: list[str]
    #: Per player, whom his latest offer targeted.
    last_target: list[int | None]
    #: Who pushed the card that last went face up on its receiver (``None``: nobody).
    pushed_by: int | None
    #: Which of the two, by its keys (``"threshold" in loss``: trump).
    loss: TrumpLoss | OriginalLoss
    in_play: InPlay | None
    log: list[FinishedRound]


class CockroachPokerDecision(PendingPlayer, CockroachPokerPending):
    """``pending`` as a view holds it: the game's decision and who takes it."""


class CockroachPokerFullView(ViewEnvelope[CockroachPokerDecision], CockroachPokerView):
    """A whole view (``state.view(player)``): core's envelope, ``pending`` of this game, and the game's keys."""
