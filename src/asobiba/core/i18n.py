"""Japanese and English text, from standard gettext catalogs (``<lang>/LC_MESSAGES/<domain>.po``).

Messages are written in English in the code, gettext-style, and translated in the catalogs;
each part of asobiba has its own catalog (domain), in ``asobiba/locale/``; a game's catalog is
in its own package, in the folder its declaration's ``locale`` part names
(``asobiba/games/survive/locale/ja/LC_MESSAGES/survive.po``, or a plug-in's). Placeholders use
``str.format`` names::

    tr = Catalog("cockroach_poker")
    tr("{player} offers a card to {target}", "ja", player="p1", target="p2")

``tests/test_i18n.py`` extracts every ``tr("...")`` message from the code (with Babel) and fails
if a catalog lacks its Japanese text. This module knows nothing of errors (errors use it).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

from babel.messages.pofile import read_po

LANGUAGES = ("en", "ja")
DEFAULT_LANGUAGE = "en"


def catalog_file(domain: str, lang: str) -> Traversable | None:
    """The catalog of ``domain`` in ``lang``: asobiba's own (``asobiba/locale/``), else the one a
    game carries in its package (its declaration's ``locale`` part); ``None`` if there is none.

    >>> catalog_file("cockroach_poker", "ja").name
    'cockroach_poker.po'
    """
    own = resources.files("asobiba") / "locale" / lang / "LC_MESSAGES" / f"{domain}.po"
    if own.is_file():
        return own
    from asobiba.core.registry import game_catalog  # the registry imports this module

    return game_catalog(domain, lang)


@cache
def _messages(domain: str, lang: str) -> dict[str, str]:
    path = catalog_file(domain, lang)
    if path is None:
        return {}
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=lang, domain=domain)
    return {str(message.id): str(message.string) for message in catalog if message.id and message.string}


def forget_read_catalogs() -> None:
    """Read the catalogs again on next use (a game was registered or unregistered)."""
    _messages.cache_clear()


def messages(domain: str, lang: str) -> dict[str, str]:
    """Every translated message of ``domain`` in ``lang`` (English id -> text); ``{}`` for English.

    >>> messages("core", "ja")["the game is over; no more actions are accepted"]
    'ゲームは終わりました。これ以上の手は受け付けません'
    """
    return {} if lang == "en" else dict(_messages(domain, lang))


#: What separates the items of a list in running text, per language ("Aki, Ken" / 「あき、ケン」).
LIST_SEPARATORS = {"en": ", ", "ja": "、"}


def list_text(items: Iterable[str], lang: str) -> str:
    """``items`` as a list in running text, with the language's own separator.

    >>> list_text(["Aki", "Ken"], "en"), list_text(["あき", "ケン"], "ja")
    ('Aki, Ken', 'あき、ケン')
    """
    return LIST_SEPARATORS.get(lang, ", ").join(items)


#: What separates whole sentences, per language: a space in English, none after Japanese 。.
SENTENCE_SEPARATORS = {"en": " ", "ja": ""}


def is_language(lang: object) -> bool:
    """True for a language code asobiba speaks ("en", "ja")."""
    return isinstance(lang, str) and lang in LANGUAGES


class Catalog:
    """The messages of one domain; call it with an English message and a language.

    A language asobiba does not speak is an error (``ValueError``); callers that take a language
    from a user check it first with :func:`asobiba.core.options.check_language`.
    """

    def __init__(self, domain: str) -> None:
        self.domain = domain

    def __call__(self, message: str, lang: str, **fields: Any) -> str:
        if lang != "en" and not is_language(lang):
            raise ValueError(f"language {lang!r} is not available; choose one of: {', '.join(LANGUAGES)}")
        text = message if lang == "en" else _messages(self.domain, lang).get(message, message)
        return text.format(**fields) if fields else text

    def has(self, message: str, lang: str) -> bool:
        return lang == "en" or message in _messages(self.domain, lang)


@dataclass(frozen=True, slots=True)
class Term:
    """A game word shown in the reader's language, used as a field of a message.

    >>> term = Term("kill shark", domain="survive")
    >>> str(term)
    'kill shark'
    """

    text: str
    domain: str = "core"

    def __str__(self) -> str:
        return self.text

    def translated(self, lang: str) -> str:
        return Catalog(self.domain)(self.text, lang)
