"""The MaskablePPO example runs end to end (its evaluation, the final games and the PNG)."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

import pytest

pytest.importorskip("sb3_contrib", reason="the example needs sb3-contrib (and torch)")
pytest.importorskip("matplotlib", reason="the example needs matplotlib")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_maskable_ppo.py"


def test_the_example_evaluates_its_policy_and_saves_the_learning_curve(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    plot = tmp_path / "curve.png"
    arguments = ["--timesteps", "0", "--eval-games", "4", "--final-games", "6", "--plot", str(plot)]
    monkeypatch.setattr(sys, "argv", [str(EXAMPLE), *arguments])
    runpy.run_path(str(EXAMPLE), run_name="__main__")
    printed = capsys.readouterr().out
    assert "MaskablePPO  loses" in printed and "random       loses" in printed
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
