"""A guided first game: a tutorial is data in the game's package, played by one generic player.

A tutorial is a short real game on a scripted deal (``chance="scripted"``): a list of steps, each
the teacher's words (English and Japanese), the places of the table they speak of, and, where the
learner is asked to move, the move expected. The moves of the other players and the chance outcomes
are scripted too, so the words said after each event are always true. A game declares its tutorials
as its ``tutorial`` part: one or more TOML files in its package (the first is the game's default)::

    name = "trump"                      # the tutorial's name within its game
    minutes = 4                         # how long it takes a newcomer
    players = 3
    learner = 0                         # the learner's seat
    options = { rules = "trump" }       # the game's options
    setup = ["deal S13 D5 … first=p0"]  # applied before the first step: chance outcomes, opening moves
    play_on = "easy"                    # the bots that play on after the last step ("": the game ends there)

    [title]
    en = "Cockroach Poker (playing cards)"
    ja = "ごきぶりポーカー（トランプ）"

    [names]                             # every seat's name, the learner's first
    en = ["You", "Ken", "Mio"]
    ja = ["あなた", "ケン", "ミオ"]

    [[steps]]
    teaches = ["offer", "claim"]        # the rules this step introduces (its rules page's rule names)
    point = ["hand", "seat:1"]          # the places of the table the words speak of (highlighted)
    do = "offer S5 p1 bat"              # the learner's move (a list: any of them); absent: words to read
    then = ["look p1", "call p1 true"]  # applied after it: the other players' moves, chance outcomes
    say = { en = "Offer a card to Ken …", ja = "ケンにカードを1枚…" }
    wrong = { en = "…", ja = "…" }      # optional: said when another legal move is made

Places (``point``): ``hand`` (the learner's hand), ``seat:N`` (player N's panel), ``actions`` (the
move buttons), ``log``, ``result``, and the game's own places — the names its renderer gives its
parts (Cockroach Poker ``row:N``, ``in-play``; Paper Safari ``grid:N``, ``discard``, ``deck``,
``tokens:N``; The Island the cells by their notation names, ``tiles``, ``die``). The browser
highlights them and the pieces of the expected move; the terminal shows the words.

>>> run = TutorialRun(load_tutorial_text(_EXAMPLE, "cockroach-poker"))
>>> run.step.say["en"]
'Eighteen cards each: look at your hand.'
>>> run.read()
>>> print(run.attempt("offer p2 clubs card=S3").text("en"))
That is a legal move, but this step asks for another: Offer 3 of spades to Ken, claiming “spades”.
>>> run.attempt("offer p1 spades card=S3").accepted, run.index, run.finished
(True, 2, True)
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib.resources import files
from typing import Any

from asobiba.core.errors import AsobibaError, IllegalAction
from asobiba.core.events import Event
from asobiba.core.i18n import LANGUAGES, Catalog
from asobiba.core.names import with_names
from asobiba.core.state import Action, State

__all__ = [
    "Attempt",
    "InvalidTutorial",
    "Tutorial",
    "TutorialRun",
    "TutorialStep",
    "load_tutorial",
    "load_tutorial_text",
]

_tr = Catalog("core")

#: The example of the docstring: the first move of a Cockroach Poker game.
_EXAMPLE = """
name = "example"
minutes = 1
players = 3
setup = ["deal S13 D5 D10 H5 S5 H7 J2 D7 C2 C10 S12 C3 H11 S6 D1 C8 S10 C9 S3 C1 H13 C7 C6 C13 H9 S1 S2 S8 D4 H6 \
H4 D3 D12 H2 H3 D11 C4 D2 H10 S4 D6 S11 S9 D9 C12 S7 D13 H8 H12 C11 C5 H1 J1 D8 first=p0"]
[title]
en = "Example"
ja = "例"
[names]
en = ["You", "Ken", "Mio"]
ja = ["あなた", "ケン", "ミオ"]
[[steps]]
point = ["hand"]
say = { en = "Eighteen cards each: look at your hand.", ja = "1人18枚。手札を見ましょう。" }
[[steps]]
do = "offer p1 spades card=S3"
say.en = "Offer your 3 of spades to Ken, and say it is a spade."
say.ja = "スペードの3をケンに渡し、スペードと言いましょう。"
"""


class InvalidTutorial(AsobibaError, ValueError):
    """A tutorial's file is malformed or its script does not play (a step's move is illegal there)."""

    code = "invalid-tutorial"


#: Words in every language: ``{"en": …, "ja": …}``.
Words = Mapping[str, str]


@dataclass(frozen=True)
class TutorialStep:
    """One step: the teacher's words, the places they speak of, and the learner's move if asked for."""

    say: Words
    #: The places of the table the words speak of (highlighted).
    point: tuple[str, ...] = ()
    #: The learner's move (notations, any of which is accepted); empty: words to read, then "next".
    do: tuple[str, ...] = ()
    #: Applied after the learner's move (or once the words are read): other players' moves, chance outcomes.
    then: tuple[str, ...] = ()
    #: Said when the learner makes another legal move (else a general sentence naming the move asked for).
    wrong: Words | None = None
    #: The rules this step introduces, by the names the game's tutorial test lists.
    teaches: tuple[str, ...] = ()

    @property
    def asks_a_move(self) -> bool:
        return bool(self.do)


@dataclass(frozen=True)
class Tutorial:
    """A game's tutorial (see the module's documentation for its file)."""

    game: str
    name: str
    title: Words
    minutes: int
    players: int
    learner: int
    options: Mapping[str, Any]
    names: Mapping[str, tuple[str, ...]]
    setup: tuple[str, ...]
    steps: tuple[TutorialStep, ...]
    #: The bot level that plays on after the last step ("": the game ends with the tutorial).
    play_on: str = "easy"
    teaches: tuple[str, ...] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "teaches", tuple(self.first_taught()))

    def first_taught(self) -> dict[str, int]:
        """Each rule taught, in the order taught, with the number of the first step that teaches it."""
        first: dict[str, int] = {}
        for index, step in enumerate(self.steps):
            for rule in step.teaches:
                first.setdefault(rule, index)
        return first

    @property
    def key(self) -> str:
        """``game/name``: the tutorial's name among every game's."""
        return f"{self.game}/{self.name}"

    def new_state(self) -> State:
        """The game before the first step: the scripted start and the ``setup`` applied."""
        from asobiba.core.registry import get_game

        state = get_game(self.game).new_game(self.players, seed=0, chance="scripted", **dict(self.options))
        for index, notation in enumerate(self.setup):
            _apply_scripted(state, notation, f"setup[{index}]", self)
        return state

    def validate(self) -> None:
        """Play the whole script; :class:`InvalidTutorial` naming the first step that does not play."""
        run = TutorialRun(self)
        while not run.finished:
            run.skip()

    def to_json(self, lang: str) -> dict[str, Any]:
        """The tutorial in ``lang``, as the browser's tutorial player reads it."""
        return {
            "game": self.game,
            "name": self.name,
            "key": self.key,
            "title": self.title[lang],
            "minutes": self.minutes,
            "players": self.players,
            "learner": self.learner,
            "names": list(self.names[lang]),
            "play_on": self.play_on,
            "steps": [
                {
                    "say": step.say[lang],
                    "point": list(step.point),
                    "do": list(step.do),
                    "wrong": step.wrong[lang] if step.wrong else None,
                    "teaches": list(step.teaches),
                }
                for step in self.steps
            ],
        }


@dataclass(frozen=True)
class Attempt:
    """What the teacher says of a move the learner tried: accepted, or why not (in words)."""

    accepted: bool
    #: Why it is not the move asked for, in every language (``None`` when accepted).
    why: Words | None = None

    def text(self, lang: str) -> str:
        return "" if self.why is None else self.why.get(lang, self.why["en"])


class TutorialRun:
    """A tutorial being played: the position, the step shown, and the moves to go on.

    The position at a step depends only on the step's number (every move before it is scripted), so
    a run resumes from the number alone: ``TutorialRun(tutorial, index)``.
    """

    def __init__(self, tutorial: Tutorial, index: int = 0) -> None:
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index <= len(tutorial.steps):
            raise InvalidTutorial(
                "a tutorial's step is a number from 0 to {last}, not {value}",
                last=len(tutorial.steps),
                value=index,
            )
        self.tutorial = tutorial
        self.state = tutorial.new_state()
        #: The events of the last step's moves (the learner's and the script's), for the log.
        self.events: list[Event] = []
        self.index = 0
        while self.index < index:
            self.skip()

    @property
    def finished(self) -> bool:
        return self.index >= len(self.tutorial.steps)

    @property
    def step(self) -> TutorialStep | None:
        """The step shown now (``None`` once the last is done)."""
        return None if self.finished else self.tutorial.steps[self.index]

    def read(self) -> None:
        """The words of a step that asks no move are read: its scripted moves are played, on to the next."""
        step = self._current()
        if step.asks_a_move:
            raise IllegalAction("this step asks for a move: {move}", move=step.do[0])
        self._advance(step, [])

    def attempt(self, move: str | Action) -> Attempt:
        """The learner tries ``move`` (notation or action): accepted and played (then the script, on to
        the next step), or refused with the reason in words, changing nothing."""
        step = self._current()
        if not step.asks_a_move:
            return Attempt(False, _words("Read the teacher's words, then go on."))
        game = self.state.game
        try:
            action = game.parse_action(move, self.state) if isinstance(move, str) else move
            self.state.check(action)
        except AsobibaError as error:
            return Attempt(False, {lang: self._named(error.translated(lang), lang) for lang in LANGUAGES})
        expected = [game.parse_action(notation, self.state) for notation in step.do]
        if action not in expected:
            if step.wrong is not None:
                return Attempt(False, step.wrong)
            return Attempt(
                False,
                {
                    lang: _tr(
                        "That is a legal move, but this step asks for another: {move}.",
                        lang,
                        move=self._named(game.describe_action(expected[0], lang), lang),
                    )
                    for lang in LANGUAGES
                },
            )
        events = self.state.apply(action)
        self._advance(step, events)
        return Attempt(True)

    def skip(self) -> None:
        """Go on as if the step was done: its move (the first asked for) played for the learner."""
        step = self._current()
        if step.asks_a_move:
            events = _apply_scripted(self.state, step.do[0], f"steps[{self.index}].do", self.tutorial)
            self._advance(step, events)
        else:
            self._advance(step, [])

    def back(self) -> TutorialRun:
        """The run one step back (the position rebuilt from the start)."""
        return TutorialRun(self.tutorial, max(0, self.index - 1))

    def _named(self, text: str, lang: str) -> str:
        """``text`` with the players by the tutorial's names (not p0…pN)."""
        return with_names(text, self.tutorial.names.get(lang, self.tutorial.names["en"]))

    def _current(self) -> TutorialStep:
        step = self.step
        if step is None:
            raise IllegalAction("the tutorial is over")
        return step

    def _advance(self, step: TutorialStep, events: list[Event]) -> None:
        found = list(events)
        for number, notation in enumerate(step.then):
            found.extend(_apply_scripted(self.state, notation, f"steps[{self.index}].then[{number}]", self.tutorial))
        self.events = found
        self.index += 1


def _words(message: str, **fields: Any) -> dict[str, str]:
    return {lang: _tr(message, lang, **fields) for lang in LANGUAGES}


def _apply_scripted(state: State, notation: str, where: str, tutorial: Tutorial) -> list[Event]:
    try:
        action = state.game.parse_action(notation, state)
        return state.apply(action)
    except AsobibaError as error:
        raise InvalidTutorial(
            "the tutorial {tutorial}'s {where} ({move}) does not play: {reason}",
            tutorial=tutorial.key,
            where=where,
            move=notation,
            reason=error,
        ) from error


# ---------------------------------------------------------------------- reading the files


def load_tutorial(game: str, where: str) -> Tutorial:
    """The tutorial of ``game`` in the package file ``where`` (``"package:path.toml"``)."""
    package, colon, path = where.partition(":")
    if not (package and colon and path):
        raise InvalidTutorial("a tutorial is named as 'package:path.toml', not {value}", value=where)
    try:
        text = files(package).joinpath(path).read_text(encoding="utf-8")
    except (OSError, ModuleNotFoundError) as error:
        raise InvalidTutorial(
            "the tutorial file {where} cannot be read: {reason}", where=where, reason=error
        ) from error
    return load_tutorial_text(text, game, where=where)


def load_tutorial_text(text: str, game: str, *, where: str = "<text>") -> Tutorial:
    """A tutorial from the text of its TOML file (:class:`InvalidTutorial` saying what is wrong)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise InvalidTutorial("the tutorial file {where} is not TOML: {reason}", where=where, reason=error) from error
    reader = _Reader(data, where)
    players = reader.number("players", 1)
    names = reader.words_list("names")
    for lang, seat_names in names.items():
        if len(seat_names) != players:
            raise InvalidTutorial(
                "{where}: names.{lang} names {count} players, not {players}",
                where=where,
                lang=lang,
                count=len(seat_names),
                players=players,
            )
    steps = tuple(_step(_Reader(step, f"{where} steps[{index}]")) for index, step in enumerate(reader.tables("steps")))
    if not steps:
        raise InvalidTutorial("{where}: a tutorial has at least one step", where=where)
    return Tutorial(
        game=game,
        name=reader.text("name"),
        title=reader.words("title"),
        minutes=reader.number("minutes", 1),
        players=players,
        learner=reader.number("learner", 0, default=0),
        options=reader.table("options"),
        names=names,
        setup=reader.texts("setup"),
        steps=steps,
        play_on=reader.text("play_on", default="easy", empty=True),
    )


def _step(reader: _Reader) -> TutorialStep:
    return TutorialStep(
        say=reader.words("say"),
        point=reader.texts("point"),
        do=reader.texts("do", one_or_many=True),
        then=reader.texts("then"),
        wrong=reader.words("wrong") if "wrong" in reader.data else None,
        teaches=reader.texts("teaches"),
    )


class _Reader:
    """Reads a TOML table's keys, each with its type checked (:class:`InvalidTutorial` naming the key)."""

    def __init__(self, data: object, where: str) -> None:
        if not isinstance(data, dict):
            raise InvalidTutorial("{where} is not a table", where=where)
        self.data: dict[str, Any] = data
        self.where = where

    def _wrong(self, key: str, what: str) -> InvalidTutorial:
        return InvalidTutorial(
            "{where}: {key} is {what}, not {value}", where=self.where, key=key, what=what, value=self.data.get(key)
        )

    def text(self, key: str, *, default: str | None = None, empty: bool = False) -> str:
        value = self.data.get(key, default)
        if not isinstance(value, str) or (not value and not empty):
            raise self._wrong(key, "a text")
        return value

    def number(self, key: str, least: int, *, default: int | None = None) -> int:
        value = self.data.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise self._wrong(key, f"a whole number of at least {least}")
        return value

    def texts(self, key: str, *, one_or_many: bool = False) -> tuple[str, ...]:
        value = self.data.get(key, [])
        if one_or_many and isinstance(value, str):
            value = [value]
        if not isinstance(value, list) or not all(isinstance(item, str) and item for item in value):
            raise self._wrong(key, "a list of texts")
        return tuple(value)

    def table(self, key: str) -> dict[str, Any]:
        value = self.data.get(key, {})
        if not isinstance(value, dict):
            raise self._wrong(key, "a table")
        return value

    def tables(self, key: str) -> list[object]:
        value = self.data.get(key, [])
        if not isinstance(value, list):
            raise self._wrong(key, "a list of tables")
        return value

    def words(self, key: str) -> dict[str, str]:
        value = self.data.get(key)
        if not isinstance(value, dict) or any(
            not isinstance(value.get(lang), str) or not value[lang] for lang in LANGUAGES
        ):
            raise self._wrong(key, "words in every language (" + ", ".join(LANGUAGES) + ")")
        return {lang: value[lang] for lang in LANGUAGES}

    def words_list(self, key: str) -> dict[str, tuple[str, ...]]:
        value = self.data.get(key)
        if not isinstance(value, dict):
            raise self._wrong(key, "lists of names in every language")
        found: dict[str, tuple[str, ...]] = {}
        for lang in LANGUAGES:
            names = value.get(lang)
            if not isinstance(names, list) or not all(isinstance(name, str) and name for name in names):
                raise self._wrong(key, "lists of names in every language")
            found[lang] = tuple(names)
        return found
