"""The MaskablePPO example runs end to end (the untrained and trained evaluations, the PNG), seeded."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

import pytest

pytest.importorskip("sb3_contrib", reason="the example needs sb3-contrib (and torch)")
pytest.importorskip("matplotlib", reason="the example needs matplotlib")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_maskable_ppo.py"


def test_the_example_compares_the_trained_and_the_untrained_policy_and_saves_the_curves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    plot = tmp_path / "curve.png"
    arguments = ["--seeds", "3", "--timesteps", "0", "--eval-games", "4", "--final-games", "6", "--plot", str(plot)]
    monkeypatch.setattr(sys, "argv", [str(EXAMPLE), *arguments])
    runpy.run_path(str(EXAMPLE), run_name="__main__")
    printed = capsys.readouterr().out
    for stage in ("untrained", "trained"):
        for form in ("sampled", "greedy"):
            assert f"seed 3, {stage}, {form}" in printed
    assert "loses" in printed and "of 6 [" in printed
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_same_seed_gives_the_same_evaluation(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seeded: an untrained network of one seed plays the same games the same way twice."""
    example = runpy.run_path(str(EXAMPLE))
    from sb3_contrib import MaskablePPO

    results = []
    for _ in range(2):
        model = MaskablePPO("MlpPolicy", example["make_env"]("random"), seed=5)
        results.append(example["evaluate"](model.policy, 5, 100, "random", 5))
    assert results[0] == results[1]
