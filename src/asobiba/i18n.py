"""Japanese and English text, from standard gettext catalogs (``locale/ja/LC_MESSAGES/*.po``).

Messages are written in English in the code, gettext-style, and translated in the catalogs;
each part of asobiba has its own catalog (domain). Placeholders use ``str.format`` names::

    tr = Catalog("cockroach_poker")
    tr("{player} offers a card to {target}", "ja", player="p1", target="p2")

``tests/test_i18n.py`` extracts every ``tr("...")`` message from the code (with Babel) and fails
if a catalog lacks its Japanese text.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

from babel.messages.pofile import read_po

LANGUAGES = ("en", "ja")
DEFAULT_LANGUAGE = "en"


@cache
def _messages(domain: str, lang: str) -> dict[str, str]:
    path = resources.files("asobiba") / "locale" / lang / "LC_MESSAGES" / f"{domain}.po"
    if not path.is_file():
        return {}
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=lang, domain=domain)
    return {str(message.id): str(message.string) for message in catalog if message.id and message.string}


class Catalog:
    """The messages of one domain; call it with an English message and a language."""

    def __init__(self, domain: str) -> None:
        self.domain = domain

    def __call__(self, message: str, lang: str, **fields: Any) -> str:
        text = message if lang == "en" else _messages(self.domain, check_language(lang)).get(message, message)
        return text.format(**fields) if fields else text

    def has(self, message: str, lang: str) -> bool:
        return lang == "en" or message in _messages(self.domain, lang)


def check_language(lang: str) -> str:
    if lang not in LANGUAGES:
        from asobiba.core.errors import InvalidOption

        raise InvalidOption(
            "language {lang} is not available; choose one of: {languages}",
            lang=repr(lang),
            languages=", ".join(LANGUAGES),
        )
    return lang
