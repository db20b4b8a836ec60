"""asobiba analyse RECORD [--player N]: the decisions table, the marked decisions, the chart and the PNG."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

import asobiba
from asobiba.cli.main import app


def saved_record(path: Path) -> Path:
    state = asobiba.new_game("cockroach-poker", 3, seed=11)
    while not state.is_over:
        player = state.to_move
        assert player is not None
        state.apply(asobiba.bot("random", seed=state.seq).choose(state.observe(player)))
    path.write_text(json.dumps(state.record()), encoding="utf-8")
    return path


def test_analyse_prints_each_decision_and_saves_the_curve_beside_the_record(tmp_path: Path) -> None:
    record = saved_record(tmp_path / "game.json")
    arguments = ["analyse", str(record), "--player", "1", "--samples", "3", "--candidates", "2"]
    result = CliRunner().invoke(app, [*arguments, "--hard", "hard:time_limit=none,iterations=6"])
    assert result.exit_code == 0, result.output
    assert "p1's decisions" in result.output and "100% |" in result.output
    assert (tmp_path / "game.p1.png").read_bytes()[:4] == b"\x89PNG"


def test_analyse_speaks_japanese(tmp_path: Path) -> None:
    record = saved_record(tmp_path / "game.json")
    png = tmp_path / "curve.png"
    arguments = ["analyse", str(record), "--samples", "2", "--candidates", "2", "--png", str(png), "--lang", "ja"]
    result = CliRunner().invoke(app, [*arguments, "--hard", "hard:time_limit=none,iterations=6"])
    assert result.exit_code == 0, result.output
    assert "p0 の判断" in result.output and png.is_file()


def test_a_missing_record_or_seat_is_one_line_and_exit_2(tmp_path: Path) -> None:
    missing = CliRunner().invoke(app, ["analyse", str(tmp_path / "none.json")])
    assert missing.exit_code == 2
    record = saved_record(tmp_path / "game.json")
    no_seat = CliRunner().invoke(app, ["analyse", str(record), "--player", "7"])
    assert no_seat.exit_code == 2
