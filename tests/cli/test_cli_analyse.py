"""asobiba analyse RECORD [--player N]: the decisions table, the marked decisions, the chart and the PNG."""

from __future__ import annotations

import itertools
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


def run_analysis(record: Path, *extra: str, seed: str = "3") -> str:
    arguments = ["analyse", str(record), "--samples", "3", "--candidates", "3", "--seed", seed, *extra]
    result = CliRunner().invoke(app, [*arguments, "--png", str(record.with_suffix(".png"))], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    return result.output


def test_the_same_seed_gives_the_same_analysis_with_the_default_hard_bot(tmp_path: Path) -> None:
    record = saved_record(tmp_path / "game.json")
    assert run_analysis(record) == run_analysis(record)


def test_moves_are_numbered_by_the_players_turn_and_decision_not_by_record_index() -> None:
    from asobiba.cli.analyse import moments

    state = asobiba.new_game("cockroach-poker", 3, seed=11)
    while not state.is_over:
        player = state.to_move
        assert player is not None
        state.apply(asobiba.bot("random", seed=state.seq).choose(state.observe(player)))
    record = state.record()
    found = moments(record, 0)
    labels = [(moment.turn, moment.decision) for _, moment in sorted(found.items())]
    assert labels[0] == (1, 1)
    assert [turn for turn, _ in labels] == sorted(turn for turn, _ in labels)  # turns only grow
    for (turn, decision), (next_turn, next_decision) in itertools.pairwise(labels):
        assert (next_turn, next_decision) in {(turn, decision + 1), (turn + 1, 1)}
    assert min(found) > 0 and labels[-1][0] < len(record["actions"])


def test_the_japanese_analysis_is_all_japanese_and_aligned_at_80_columns() -> None:
    import re
    import tempfile

    from tests.cli.kinsoku import bad_breaks

    # a short folder: pytest's own (…/popen-gw1/test_the_japanese_…) is wrapped at 80 columns, its words left behind
    with tempfile.TemporaryDirectory(prefix="an") as folder:
        record = saved_record(Path(folder) / "game.json")
        output = run_analysis(record, "--lang", "ja").replace(str(record.with_suffix(".png")), "")
    allowed = {"p0", "p1", "p2", "PNG", "png", "matplotlib", "pip", "install", "game"}
    words = "\n".join(line for line in output.splitlines() if not re.match(r"^\s*(\d+%)?\s*\|", line))  # not the chart
    english = set(re.findall(r"[A-Za-z][A-Za-z0-9]+", words)) - allowed
    assert english == set(), english
    assert bad_breaks(output) == []
    assert max(len(line) for line in output.splitlines()) <= 80
    for line in output.splitlines():  # a chance stands on the first line of its move
        if re.search(r"\d+% \[\d+–\d+\]", line):
            assert line.split("%")[0].rsplit(" ", 1)[0].strip(), line


def played_record(path: Path, game: str, seed: int, entries: int | None = None) -> Path:
    """A game of ``game`` saved as ``asobiba play`` saves it: seat 0 the human, the others normal bots."""
    state = asobiba.new_game(game, 3, seed=seed)
    while not state.is_over:
        player = state.to_move
        assert player is not None
        state.apply(asobiba.bot("normal", seed=state.seq).choose(state.observe(player)))
    record = state.record()
    if entries is not None:
        record["actions"] = record["actions"][:entries]
    path.write_text(json.dumps({**record, "human": 0, "seats": ["human", "normal", "normal"]}), encoding="utf-8")
    return path


def test_the_terminal_says_the_coachs_words_with_the_names_the_game_used(tmp_path: Path) -> None:
    import re

    record = played_record(tmp_path / "cp.json", "cockroach-poker", 4)
    for lang, names, words in (
        ("en", ("p0 (you)", "p1 (normal bot)"), ("What the coach says of each decision:", "chance of winning")),
        ("ja", ("p0（あなた）", "p1（普通ボット）"), ("コーチの講評：", "勝つ見込み")),
    ):
        output = run_analysis(record, "--lang", lang)
        flat = ("" if lang == "ja" else " ").join(output.split())
        assert all(word in flat for word in words), output
        assert names[0].replace(" ", "") in flat or names[0] in flat, output
        assert not re.search(r"heuristic|samples a|標本", output), output  # no jargon
        said = flat[flat.index(words[0]) :]
        assert re.search(r"\d+% \(\d+–\d+%\)|\d+%（\d+〜\d+%）", said), said  # chances with their intervals


def test_the_terminal_names_the_card_drawn_in_paper_safari(tmp_path: Path) -> None:
    import re

    from asobiba.games.paper_safari.data import POKEMON56

    record = played_record(tmp_path / "ps.json", "paper-safari", 3, entries=40)
    output = " ".join(run_analysis(record).split())
    drawn = re.findall(r"Then: p0 \(you\) draws (.+?)(?= \d+·\d+ | - |$)", output)
    assert drawn, output
    names = {kind.en for kind in POKEMON56}
    assert all(card in names for card in drawn), drawn
