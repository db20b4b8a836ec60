"""The tutorials' routes (asobiba.server.routes.tutorials): the list, a step's position in the shapes of a
room's state frame, an attempt (accepted and the next position, or the teacher's words), the page, and
their errors in the reader's language — over a tutorial of the tests' own and over every installed one."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from accounts_testing import JSON, account_app
from fastapi.testclient import TestClient
from tutorial_testing import GAME, KEY, import_plugin, lesson_plugin

from asobiba.core.registry import declaration, game_names, get_game, register, unregister
from asobiba.core.tutorial import TutorialRun
from asobiba.server.protocol import StateFrame
from asobiba.server.rooms.frames import legal_entry, shown_event
from asobiba.server.routes import tutorials

JAPANESE = range(0x3040, 0x30FF)


def japanese(text: str) -> bool:
    return any(ord(character) in JAPANESE for character in text)


@pytest.fixture(scope="module")
def lesson(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    folder = lesson_plugin(tmp_path_factory.mktemp("site"))
    import_plugin(folder)
    from asobiba_lesson_fixture.declaration import DECLARATION  # type: ignore[import-not-found]

    register(DECLARATION)
    tutorials.position_json.cache_clear()
    yield
    unregister(GAME)
    tutorials.position_json.cache_clear()


@pytest.fixture
def client(lesson: None, tmp_path: Path) -> Iterator[TestClient]:
    with account_app(tmp_path, http_rate="100000/second") as made:
        yield made


def lesson_run(step: int) -> TutorialRun:
    (tutorial,) = declaration(GAME).tutorials()
    return TutorialRun(tutorial, step)


def position(client: TestClient, step: int | str, lang: str = "en", key: str = KEY) -> Any:
    response = client.get(f"/api/tutorials/{key}", params={"step": step, "lang": lang})
    assert response.status_code == 200, response.text
    return response.json()


def attempt(client: TestClient, body: object, lang: str = "en") -> Any:
    return client.post(f"/api/tutorials/{KEY}/attempt", params={"lang": lang}, json=body, headers=JSON)


def test_the_list_names_every_games_tutorials_in_the_readers_language(client: TestClient) -> None:
    english = client.get("/api/tutorials", params={"lang": "en"}).json()
    japanese_list = client.get("/api/tutorials", headers={"Accept-Language": "ja"}).json()
    ours = next(entry for entry in english if entry["key"] == KEY)
    assert ours == {"game": GAME, "name": "first", "key": KEY, "title": "A first lesson", "minutes": 2}
    assert next(entry for entry in japanese_list if entry["key"] == KEY)["title"] == "はじめてのレッスン"
    installed = {tutorial.key for name in game_names() for tutorial in declaration(name).tutorials()}
    assert {entry["key"] for entry in english} == installed


def test_a_step_is_the_learners_state_frame_with_the_teachers_words(client: TestClient) -> None:
    first = position(client, 0)
    # a whole frame: none of protocol 2's fields for changes to merge (base, known, items)
    assert set(first["frame"]) == set(StateFrame.__annotations__) - {"base", "known", "items"}
    run = lesson_run(0)
    assert first["frame"]["view"] == run.state.view(0) and first["frame"]["seat"] == 0
    assert first["frame"]["legal"] == []  # words to read: nothing to pick
    assert first["step"]["say"] == "Eighteen cards each: look at your hand." and first["step"]["point"] == ["hand"]
    assert first["tutorial"]["names"] == ["You", "Ken", "Mio"] and first["tutorial"]["steps"] == 5
    assert (first["index"], first["finished"]) == (0, False)
    offer = position(client, 1, "ja")
    game = get_game(GAME)
    run = lesson_run(1)
    assert offer["frame"]["legal"] == [legal_entry(game, action, "ja") for action in run.state.legal_actions()]
    assert offer["step"]["do"] == ["offer p1 spades card=S3"]
    assert offer["step"]["say"].startswith("スペードの3") and offer["tutorial"]["names"][1] == "ケン"


def test_a_step_shows_the_events_of_the_step_before_as_the_seat_sees_them(client: TestClient) -> None:
    after = position(client, 2, "ja")
    run = lesson_run(2)
    expected = [shown_event(get_game(GAME), event, 0, "ja") for event in run.events]
    assert after["frame"]["events"] == [event for event in expected if event is not None]
    assert [event["event"] for event in after["frame"]["events"]][:1] == ["CardOffered"]
    assert all(japanese(event["text"]) for event in after["frame"]["events"])


def test_the_right_move_is_accepted_with_the_next_position(client: TestClient) -> None:
    answer = attempt(client, {"step": 1, "move": "offer p1 spades card=S3"})
    assert answer.status_code == 200 and answer.json()["accepted"] is True
    assert answer.json()["position"] == position(client, 2)


def test_another_legal_move_is_refused_with_the_teachers_words(client: TestClient) -> None:
    answer = attempt(client, {"step": 1, "move": "offer p2 spades card=S3"}, "ja")
    assert answer.status_code == 200
    assert answer.json() == {
        "accepted": False,
        "why": "それではありません。スペードの3を、ケンに、スペードと言って渡しましょう。",
    }
    # a step without its own words for a wrong move: the general sentence, naming the move asked for
    general = attempt(client, {"step": 3, "move": "answer yes"}).json()
    assert general["accepted"] is False and "asks for another" in general["why"]


def test_an_illegal_move_and_a_move_on_a_words_step_are_refused_in_words(client: TestClient) -> None:
    illegal = attempt(client, {"step": 1, "move": "offer p1 spades card=S4"}).json()  # not in the hand
    assert illegal["accepted"] is False and illegal["why"]
    words = attempt(client, {"step": 0, "move": "offer p1 spades card=S3"}).json()
    assert words == {"accepted": False, "why": "Read the teacher's words, then go on."}


def test_the_end_is_the_last_position_with_no_step(client: TestClient) -> None:
    end = position(client, 5)
    assert end["finished"] is True and end["step"] is None and end["frame"]["legal"] == []
    assert end["last_say"].startswith("Right: it was a spade")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_bad_input_is_a_clear_error_in_the_readers_language(client: TestClient, lang: str) -> None:
    def check(response: Any, status: int, code: str) -> None:
        assert response.status_code == status, response.text
        assert response.json()["code"] == code
        assert japanese(response.json()["message"]) == (lang == "ja"), response.json()

    check(client.get("/api/tutorials/lesson-poker/none", params={"lang": lang}), 404, "no_such_tutorial")
    check(client.get("/api/tutorials/chess/first", headers={"Accept-Language": lang}), 404, "no_such_tutorial")
    for step in ("6", "-1", "one", "99999999"):
        check(client.get(f"/api/tutorials/{KEY}", params={"step": step, "lang": lang}), 400, "bad_step")
    check(attempt(client, {"step": 5, "move": "answer no"}, lang), 400, "bad_step")  # the end asks no move
    check(attempt(client, {"step": True, "move": "answer no"}, lang), 400, "bad_step")
    check(attempt(client, {"step": 1, "move": "fly away"}, lang), 400, "bad_move")
    check(attempt(client, {"step": 1, "move": "x" * 500}, lang), 400, "bad_move")
    check(attempt(client, {"step": 1}, lang), 400, "bad_move")
    check(attempt(client, ["step", 1], lang), 400, "bad_request")
    check(client.get("/learn/lesson-poker/none", params={"lang": lang}), 404, "no_such_tutorial")


def test_the_page_of_a_tutorial_is_the_browser_client(client: TestClient) -> None:
    page = client.get(f"/learn/{KEY}")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]


def test_a_tutorial_longer_than_the_cap_is_not_served(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tutorials, "MAX_STEPS", 4)
    assert KEY not in {entry["key"] for entry in client.get("/api/tutorials").json()}
    assert client.get(f"/api/tutorials/{KEY}", params={"step": 0}).status_code == 404


def test_every_installed_tutorial_is_served_at_every_step(client: TestClient) -> None:
    for entry in client.get("/api/tutorials").json():
        first = position(client, 0, key=entry["key"])
        for step in range(first["tutorial"]["steps"] + 1):
            for lang in ("en", "ja"):
                found = position(client, step, lang, key=entry["key"])
                assert found["index"] == step and found["frame"]["view"]["game"] == entry["game"]
                if found["step"] and found["step"]["do"]:
                    notations = {legal["notation"] for legal in found["frame"]["legal"]}
                    assert set(found["step"]["do"]) <= notations, (entry["key"], step, found["step"]["do"])
