"""A tutorial of the tests' own, for the tutorial routes and the browser's tutorial player: Cockroach Poker
under another name (``lesson-poker``, drawn by Cockroach Poker's renderer), as a plug-in whose package
carries the tutorial file. ``lesson_plugin(folder)`` lays the plug-in out as a packaging tool would (a
package and its ``*.dist-info``), for a server started with the folder on its ``PYTHONPATH``;
``LESSON_DECLARATION`` registers it in this process (:func:`asobiba.core.registry.register`)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

#: The plug-in's package and its game's name.
PACKAGE = "asobiba_lesson_fixture"
GAME = "lesson-poker"
KEY = f"{GAME}/first"

DEAL = (
    "deal S13 D5 D10 H5 S5 H7 J2 D7 C2 C10 S12 C3 H11 S6 D1 C8 S10 C9 S3 C1 H13 C7 C6 C13 H9 S1 S2 S8 D4 H6 H4 D3 "
    "D12 H2 H3 D11 C4 D2 H10 S4 D6 S11 S9 D9 C12 S7 D13 H8 H12 C11 C5 H1 J1 D8 first=p0"
)

#: The tutorial: words, an offer (a card, a player, a claim), words on what happened, an answer, words.
TUTORIAL = f"""
name = "first"
minutes = 2
players = 3
learner = 0
options = {{ rules = "trump" }}
setup = ["{DEAL}"]
play_on = "easy"

[title]
en = "A first lesson"
ja = "はじめてのレッスン"

[names]
en = ["You", "Ken", "Mio"]
ja = ["あなた", "ケン", "ミオ"]

[[steps]]
point = ["hand"]
say = {{ en = "Eighteen cards each: look at your hand.", ja = "1人18枚。手札を見ましょう。" }}

[[steps]]
point = ["hand", "seat:1"]
do = "offer p1 spades card=S3"
then = ["answer no"]
say.en = "Offer your 3 of spades to Ken, and say it is a spade."
say.ja = "スペードの3をケンに渡し、スペードと言いましょう。"
wrong.en = "Not that one: the 3 of spades, to Ken, said to be a spade."
wrong.ja = "それではありません。スペードの3を、ケンに、スペードと言って渡しましょう。"

[[steps]]
point = ["row:1", "log"]
then = ["offer p0 hearts card=S1"]
say.en = "Ken said you lied, but you told the truth: the card goes face up in front of Ken. Now Ken offers you a card."
say.ja = "ケンは嘘だと言いましたが本当でした。カードはケンの前に表向きに。次はケンがあなたに渡します。"

[[steps]]
point = ["in-play", "actions"]
do = "answer no"
say.en = "Ken says it is a heart. Do you believe him? Say “It is not!”."
say.ja = "ケンはハートだと言います。信じますか？「違う！」と言いましょう。"

[[steps]]
point = ["row:1", "seat:1"]
say.en = "Right: it was a spade. Ken takes it back face up. That is the whole game!"
say.ja = "正解。スペードでした。ケンが表向きに引き取ります。これでゲームのすべてです！"
"""

DECLARATION_MODULE = f"""
from asobiba.core.registry import GameDeclaration
from asobiba.games.cockroach_poker import CockroachPoker


class LessonPoker(CockroachPoker):
    name = "{GAME}"

    @property
    def text_domain(self) -> str:
        return "cockroach_poker"


GAME = LessonPoker()
DECLARATION = GameDeclaration(
    name="{GAME}",
    game="{PACKAGE}.declaration:GAME",
    web_renderer="asobiba.games.cockroach_poker:renderer.js",
    web_style="asobiba.games.cockroach_poker:renderer.css",
    locale="asobiba.games.cockroach_poker:locale",
    tutorial="{PACKAGE}:first.toml",
)
"""


def lesson_plugin(folder: Path) -> Path:
    """The plug-in laid out in ``folder`` (its package and ``*.dist-info``); returns ``folder``."""
    package = folder / PACKAGE
    package.mkdir(parents=True, exist_ok=True)
    (package / "__init__.py").write_text("")
    (package / "declaration.py").write_text(DECLARATION_MODULE)
    (package / "first.toml").write_text(TUTORIAL, encoding="utf-8")
    info = folder / f"{PACKAGE}-0.1.dist-info"
    info.mkdir(exist_ok=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {PACKAGE}\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(f"[asobiba.games]\n{GAME} = {PACKAGE}.declaration:DECLARATION\n")
    return folder


def plugin_environment(folder: Path) -> dict[str, str]:
    """The environment of a server that finds the plug-in in ``folder``."""
    return {"PYTHONPATH": os.pathsep.join(filter(None, [str(folder), os.environ.get("PYTHONPATH")]))}


def import_plugin(folder: Path) -> None:
    """Make the plug-in's package importable in this process (to register its declaration)."""
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
