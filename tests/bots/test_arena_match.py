"""The arena: seat rotation, reproducible seeds, reports, records, workers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from asobiba.bots.arena import MatchConfig, game_seed, run_match, seat_bots
from asobiba.core.errors import AsobibaError, InvalidOption
from asobiba.core.game import Game
from asobiba.core.record import replay


def config(**changes: object) -> MatchConfig:
    base: dict[str, object] = {
        "game": "kuhn-poker",
        "players": 3,
        "bots": ["heuristic", "random", "random"],
        "games": 30,
        "seed": 5,
    }
    base.update(changes)
    return MatchConfig(**base)  # type: ignore[arg-type]


def comparable(report_json: dict[str, object]) -> dict[str, object]:
    """A report without what depends on the clock."""
    clean = json.loads(json.dumps(report_json))
    clean.pop("seconds")
    clean["config"].pop("workers")
    for row in clean["rows"]:
        row.pop("decision_ms")
    return clean


def test_game_i_seats_the_bot_list_rotated_by_i() -> None:
    assert seat_bots(["a", "b", "c"], 0) == ["a", "b", "c"]
    assert seat_bots(["a", "b", "c"], 2) == ["c", "a", "b"]
    assert seat_bots(["a", "b", "c"], 3) == ["a", "b", "c"]


def test_each_bot_spec_plays_each_seat_equally(kuhn: Game) -> None:
    report = run_match(config(games=30))
    heuristic, random_row = report.rows
    assert (heuristic.bot, heuristic.seats_played, heuristic.games) == ("heuristic", 30, 30)
    assert (random_row.bot, random_row.seats_played, random_row.games) == ("random", 60, 30)
    assert all(rate is not None for rate in heuristic.seat_win_rates)


def test_wins_add_up_to_one_per_game_and_shared_wins_count_fractionally(kuhn: Game) -> None:
    report = run_match(config(games=12))
    assert sum(row.wins for row in report.rows) == pytest.approx(12)
    row = report.row("heuristic")
    assert row.win_rate == pytest.approx(row.wins / row.seats_played)
    assert row.ci95[0] <= row.win_rate <= row.ci95[1]


def test_the_same_seed_gives_the_same_report(kuhn: Game) -> None:
    first = run_match(config())
    second = run_match(config())
    assert comparable(first.to_json()) == comparable(second.to_json())
    assert first.game_returns == second.game_returns
    different = run_match(config(seed=6))
    assert different.game_returns != first.game_returns


def test_game_seeds_depend_on_the_match_seed_and_the_index_only() -> None:
    assert game_seed(1, 7) == game_seed(1, 7)
    assert len({game_seed(1, index) for index in range(100)}) == 100
    assert game_seed(1, 7) != game_seed(2, 7)


def test_two_workers_give_the_same_results_as_one(kuhn: Game) -> None:
    serial = run_match(config(games=16, workers=1))
    seen: list[tuple[int, int]] = []
    parallel = run_match(config(games=16, workers=2, chunk_size=3), progress=lambda d, t: seen.append((d, t)))
    assert parallel.game_returns == serial.game_returns
    assert comparable(parallel.to_json()) == comparable(serial.to_json())
    assert seen[-1] == (16, 16)
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)


def test_progress_is_reported_after_every_game(kuhn: Game) -> None:
    seen: list[tuple[int, int]] = []
    run_match(config(games=4), progress=lambda done, total: seen.append((done, total)))
    assert seen == [(1, 4), (2, 4), (3, 4), (4, 4)]


def test_report_has_lengths_scores_and_decision_times(kuhn: Game) -> None:
    report = run_match(config(games=10))
    assert 3 <= report.average_length <= 5  # three checks, or a bet and two answers (one check first)
    assert report.average_chance_steps == 1  # the deal
    for row in report.rows:
        assert row.average_score is not None
        assert set(row.decision_ms) == {"p50", "p90", "p99", "max"}
        assert row.decision_ms["p50"] <= row.decision_ms["p90"] <= row.decision_ms["p99"] <= row.decision_ms["max"]
        assert row.decisions > 0
    # chips are zero-sum
    assert sum(row.average_score * row.seats_played for row in report.rows if row.average_score is not None) == (
        pytest.approx(0)
    )
    assert json.loads(json.dumps(report.to_json()))["rows"][0]["bot"] == "heuristic"


def test_records_are_written_one_per_game_and_replay_to_the_same_end(kuhn: Game, tmp_path: Path) -> None:
    report = run_match(config(games=6, records_dir=tmp_path / "records"))
    files = sorted((tmp_path / "records").glob("*.json"))
    assert len(files) == 6
    for index, path in enumerate(files):
        record = json.loads(path.read_text(encoding="utf-8"))
        assert record["bots"] == seat_bots(["heuristic", "random", "random"], index)
        final = replay(record)
        assert final.is_over
        assert final.returns() == report.game_returns[index]
        again = kuhn.new_game(3, seed=game_seed(5, index))
        for text in record["actions"][1:]:
            again.apply(kuhn.parse_action(text, again))
        for player in (None, 0, 1, 2):
            assert final.view(player) == again.view(player)


def test_a_bot_list_must_fill_every_seat(kuhn: Game) -> None:
    with pytest.raises(InvalidOption, match="3 players need 3 bot specs"):
        run_match(config(bots=["random", "random"]))


def test_an_unknown_bot_is_refused_with_the_known_names(kuhn: Game) -> None:
    with pytest.raises(InvalidOption, match=r"unknown bot 'genius'.*random"):
        run_match(config(bots=["genius", "random", "random"]))


def test_bot_specs_take_parameters(kuhn: Game) -> None:
    report = run_match(config(bots=["ismcts:iterations=20,rollout=random", "random", "random"], games=3))
    assert report.rows[0].bot == "ismcts:iterations=20,rollout=random"


def test_a_game_that_does_not_end_is_stopped_with_its_seed(kuhn: Game) -> None:
    with pytest.raises(AsobibaError, match=r"game 0 \(seed \d+.*has not ended after 2 decisions"):
        run_match(config(bots=["random", "random", "random"], games=1, max_decisions=2))


def test_a_match_from_a_first_game_plays_the_same_games_as_a_longer_match(kuhn: Game) -> None:
    whole = run_match(config(games=12))
    tail = run_match(config(games=5, first_game=7))
    assert tail.games == 5
    assert tail.game_returns == whole.game_returns[7:]
    parallel = run_match(config(games=5, first_game=7, workers=2, chunk_size=2))
    assert parallel.game_returns == whole.game_returns[7:]


def test_duplicate_deals_play_one_deal_with_every_bot_in_every_seat(kuhn: Game, tmp_path: Path) -> None:
    run_match(config(games=6, duplicate=True, records_dir=tmp_path / "duplicate"))
    run_match(config(games=6, records_dir=tmp_path / "plain"))

    def deals(folder: str) -> list[str]:
        return [json.loads(path.read_text())["actions"][0] for path in sorted((tmp_path / folder).glob("*.json"))]

    duplicate, plain = deals("duplicate"), deals("plain")
    # games 0-2 and 3-5 are two seat rotations of one deal each
    assert duplicate[0] == duplicate[1] == duplicate[2] == plain[0]
    assert duplicate[3] == duplicate[4] == duplicate[5] == plain[3]
    assert duplicate[0] != duplicate[3]
    assert len(set(plain)) > 2


def test_a_first_game_must_not_be_negative(kuhn: Game) -> None:
    with pytest.raises(InvalidOption, match="first_game"):
        run_match(config(first_game=-1))
