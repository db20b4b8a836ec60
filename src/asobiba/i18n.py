"""Japanese and English text: the catalogs live in :mod:`asobiba.core.i18n`; this module keeps the
old import path working for the terminal and other callers."""

from asobiba.core.i18n import DEFAULT_LANGUAGE, LANGUAGES, Catalog, Term, is_language, messages
from asobiba.core.options import check_language

__all__ = ["DEFAULT_LANGUAGE", "LANGUAGES", "Catalog", "Term", "check_language", "is_language", "messages"]
