"""What the lobby reads: every option labelled and explained in English and Japanese, each choice
labelled with the player counts it allows; the rules as an HTML page rendered from the Markdown."""

from __future__ import annotations

import urllib.error
import urllib.request

import pytest
from server_testing import ServerProcess

import asobiba
from asobiba.core.errors import InvalidOption
from asobiba.core.i18n import Catalog
from asobiba.games.paper_safari.data import DECKS, POKEMON56
from asobiba.server.client import create_room, games, room_summary
from asobiba.server.rules_html import markdown_renderer


def get(url: str, headers: dict[str, str] | None = None) -> tuple[int, str, str]:
    """(status, content type, body) of a GET, error statuses included."""
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.headers["content-type"], response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.headers["content-type"], error.read().decode()


def options_of(listed: list[dict], game: str) -> dict[str, dict]:
    entry = next(entry for entry in listed if entry["name"] == game)
    return {option["name"]: option for option in entry["options"]}


def test_every_option_has_a_label_and_help_in_english_and_japanese(shared_server: ServerProcess) -> None:
    """asobiba's own games label every option (a plug-in game without labels shows its options' names)."""
    for entry in games(shared_server.base_url):
        game = asobiba.get_game(entry["name"])
        if not type(game).__module__.startswith("asobiba.games."):
            assert all(
                option["label"]["en"] == option["name"] for option in entry["options"] if not option.get("label")
            )
            continue
        catalog = Catalog(game.text_domain)
        offered = [declared for declared in game.options if not declared.research]
        for option, declared in zip(entry["options"], offered, strict=True):
            assert set(option["label"]) == set(option["help"]) == {"en", "ja"}
            assert option["label"]["en"] != option["name"], f"{entry['name']}: {option['name']} has no label"
            assert catalog.has(declared.label, "ja"), f"{entry['name']}: no Japanese label for {declared.label!r}"
            assert option["help"]["ja"] != option["help"]["en"]
            for choice in option["choices"] or ():
                assert set(choice["label"]) == {"en", "ja"}
                assert choice["label"]["ja"] not in ("", str(choice["value"])), (entry["name"], option["name"], choice)


def test_each_choice_lists_the_player_counts_it_allows(shared_server: ServerProcess) -> None:
    listed = games(shared_server.base_url)
    rules = {choice["value"]: choice["players"] for choice in options_of(listed, "cockroach-poker")["rules"]["choices"]}
    assert rules == {"trump": [3, 4, 5], "original": [2, 3, 4, 5, 6]}
    two_colours = options_of(listed, "survive")["two_colours"]["choices"]
    assert {choice["value"]: choice["players"] for choice in two_colours} == {False: [2, 3, 4], True: [2]}
    assert [choice["label"]["ja"] for choice in two_colours] == ["オフ", "オン"]


def test_options_of_one_rule_set_say_so_and_are_refused_with_the_other() -> None:
    listed = {option.name: option.applies_when for option in asobiba.get_game("cockroach-poker").options}
    assert listed["jokers"] == listed["loss_threshold"] == ("rules", "trump")
    assert listed["deal"] == listed["eight_kinds"] == ("rules", "original")
    with pytest.raises(InvalidOption, match=r"option deal='all' applies only to rules='original'"):
        asobiba.new_game("cockroach-poker", players=3, seed=1, deal="all")


def test_the_paper_safari_deck_is_a_choice_of_the_shipped_decks_and_a_custom_deck_stays_possible(
    shared_server: ServerProcess,
) -> None:
    deck = options_of(games(shared_server.base_url), "paper-safari")["deck"]
    assert [choice["value"] for choice in deck["choices"]] == list(DECKS)
    assert deck["choices"][0]["label"] == {"en": "Pokémon edition (56 cards)", "ja": "ポケモン版（56枚）"}
    assert deck["other_values"] is True
    custom = [
        {"id": kind.id, "value": kind.value, "ja": kind.ja, "en": kind.en, "copies": kind.copies, "effect": kind.effect}
        for kind in POKEMON56
    ]
    custom[0] = {**custom[0], "copies": 5}
    made = create_room(shared_server.base_url, "paper-safari", 2, options={"deck": custom}, seats={"1": "bot:random"})
    assert room_summary(shared_server.base_url, made["room"])["game"] == "paper-safari"


def test_the_rules_are_an_html_page_in_the_readers_language(shared_server: ServerProcess) -> None:
    for game in ("cockroach-poker", "paper-safari", "survive"):
        status, kind, page = get(f"{shared_server.base_url}/rules/{game}?lang=ja")
        assert status == 200 and kind.startswith("text/html")
        assert '<html lang="ja">' in page and "<h1>" in page and "<table>" in page
        assert "# " not in page.split("<main", 1)[1], "a Markdown heading mark is left in the page"
        assert "**" not in page
    status, _, english = get(f"{shared_server.base_url}/rules/survive?lang=en")
    assert status == 200 and '<html lang="en">' in english and "<h1>The Island / Survive!" in english
    status, _, preferred = get(f"{shared_server.base_url}/rules/survive", {"Accept-Language": "ja,en;q=0.5"})
    assert '<html lang="ja">' in preferred


def test_a_rules_page_in_an_unknown_language_or_of_an_unknown_game_is_refused(shared_server: ServerProcess) -> None:
    status, kind, body = get(f"{shared_server.base_url}/rules/survive?lang=fr")
    assert status == 400 and kind.startswith("application/json") and "en, ja" in body
    status, _, _ = get(f"{shared_server.base_url}/rules/chess?lang=en")
    assert status == 404
    status, kind, _ = get(f"{shared_server.base_url}/rules/survive.en.md")
    assert status == 200 and kind.startswith("text/markdown")


def test_raw_html_in_a_rules_file_is_shown_as_text() -> None:
    rendered = markdown_renderer().render('# Title\n\n<script>alert(1)</script>\n\n<b onclick="x()">bold</b>\n')
    assert "<script" not in rendered and "<b " not in rendered
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in rendered
    assert "<h1>Title</h1>" in rendered
    assert 'href="javascript:' not in markdown_renderer().render("[x](javascript:alert(1))")
