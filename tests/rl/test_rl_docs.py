"""Every recipe of ``docs/research.md`` runs as written: each code block is run here (the ones that
train with a small ``STEPS``, the benchmark with a small ``--seconds``), from a fresh folder, in a
fresh Python that finds asobiba as an installed package would be found and nothing else (no
``PYTHONPATH=.``). The OpenSpiel section's blocks (IS-MCTS, MCCFR) are run by
``tests/rl/test_rl_docs_openspiel.py``. Blocks that train need torch and sb3-contrib and are skipped,
saying so, where they are missing."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "research.md"
FENCE = re.compile(r"^```(\w*)(?: file=(\S+))?\n(.*?)^```$", re.MULTILINE | re.DOTALL)
#: Sections whose blocks other tests run (``tests/rl/test_rl_docs_openspiel.py``).
ELSEWHERE = ("## OpenSpiel",)
TRAINING = importlib.util.find_spec("torch") is not None and importlib.util.find_spec("sb3_contrib") is not None
NEEDS_TRAINING = pytest.mark.skipif(
    not TRAINING, reason="this block trains with torch and sb3-contrib (pip install torch sb3-contrib): not installed"
)


@dataclass(frozen=True)
class Block:
    section: str
    language: str
    file: str | None
    text: str


def blocks() -> list[Block]:
    text = DOC.read_text(encoding="utf-8")
    headings = [(match.start(), match.group(0)) for match in re.finditer(r"^## .*$", text, re.MULTILINE)]
    found = []
    for match in FENCE.finditer(text):
        section = max(((start, heading) for start, heading in headings if start < match.start()), default=(0, ""))[1]
        found.append(Block(section, match.group(1), match.group(2), match.group(3)))
    return found


def block(starting: str, language: str = "python") -> Block:
    matching = [b for b in blocks() if b.language == language and starting in b.text]
    assert len(matching) == 1, f"docs/research.md has {len(matching)} {language} blocks with {starting!r}"
    return matching[0]


def run(arguments: list[str], folder: Path, steps: int = 256, timeout: float = 600) -> str:
    """Run in ``folder`` with a Python that puts neither the folder nor the repository's root on its path."""
    environment = {**os.environ, "STEPS": str(steps)}
    # (-P: the current folder is not put on sys.path, as for an installed console script)
    result = subprocess.run(
        [sys.executable, "-P", *arguments], cwd=folder, env=environment, capture_output=True, text=True, timeout=timeout
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-4000:]
    return result.stdout


def run_block(found: Block, folder: Path, steps: int = 256) -> str:
    script = folder / "block.py"
    script.write_text(found.text, encoding="utf-8")
    return run([str(script)], folder, steps)


#: What runs each kind of block (by a phrase it holds); a block none of them knows fails the test below.
KNOWN = {
    "git clone": "test_the_installation_check_runs",
    "asobiba.rl.env(": "test_the_pettingzoo_block_runs",
    'asobiba.rl.gym_env("cockroach-poker"': "test_the_gymnasium_block_runs_and_prints_within_seconds",
    'opponents="self"': "test_the_self_play_block_runs_after_learning",
    "NetworkPolicy(": "test_the_ladder_command_runs_from_the_documented_folder",
    "asobiba rate": "test_the_ladder_command_runs_from_the_documented_folder",
    "python benchmarks/rl.py --seconds": "test_the_benchmark_commands_run_with_a_small_budget",
    "python benchmarks/rl.py --vector": "test_the_benchmark_commands_run_with_a_small_budget",
    "python examples/train_agents.py": "test_the_training_command_runs_with_a_small_budget",
}


def test_every_block_of_the_page_is_run_by_a_test() -> None:
    for found in blocks():
        if found.section.startswith(ELSEWHERE):
            continue
        if found.text.lstrip().startswith("setup ") and found.language == "":  # a benchmark's printed table
            continue
        assert any(phrase in found.text for phrase in KNOWN), (
            f"no test runs this block of docs/research.md:\n{found.text}"
        )
    assert all(name in globals() for name in KNOWN.values())


def test_the_installation_check_runs(tmp_path: Path) -> None:
    pytest.importorskip("pyspiel", reason="the check imports asobiba.rl.openspiel: open_spiel is not installed")
    line = next(line for line in block("git clone", "").text.splitlines() if line.startswith("python3 -c"))
    code = re.fullmatch(r'python3 -c "(.*?)"\s*(#.*)?', line)
    assert code is not None, line
    assert "cockroach_poker" in run(["-c", code.group(1)], tmp_path)


def test_the_pettingzoo_block_runs(tmp_path: Path) -> None:
    output = run_block(block("asobiba.rl.env("), tmp_path)
    assert "scores" in output, output


@NEEDS_TRAINING
def test_the_gymnasium_block_runs_and_prints_within_seconds(tmp_path: Path) -> None:
    output = run_block(block('asobiba.rl.gym_env("cockroach-poker"'), tmp_path)
    assert "total_timesteps" in output  # sb3's statistics, printed after the first 512 steps
    assert re.search(r"lost \d+ of 200 games", output), output[-500:]


@NEEDS_TRAINING
def test_the_self_play_block_runs_after_learning(tmp_path: Path) -> None:
    """Five generations, each refreshing the frozen copy after ``learn()`` (``copy.deepcopy`` failed there)."""
    output = run_block(block('opponents="self"'), tmp_path)
    assert "generation 4" in output and "57 actions" in output
    assert (tmp_path / "my_policy.zip").exists() and (tmp_path / "my_policy.npz").exists()


def write_network(path: Path, inputs: int, outputs: int, seed: int = 0) -> None:
    """A network file as ``export_maskable_ppo`` writes it (random weights: the format, not the skill)."""
    rng = np.random.default_rng(seed)
    np.savez_compressed(
        path,
        setup=np.array(""),
        game=np.array("paper-safari"),
        action_space=np.array(""),
        activation=np.array("tanh"),
        scale=np.ones(inputs, dtype=np.float32),
        w0=rng.normal(size=(inputs, 16)).astype(np.float16),
        b0=np.zeros(16, dtype=np.float16),
        w1=rng.normal(size=(16, outputs)).astype(np.float16),
        b1=np.zeros(outputs, dtype=np.float16),
    )


def test_the_ladder_command_runs_from_the_documented_folder(tmp_path: Path) -> None:
    """``my_policies.py`` beside ``my_policy.npz`` and the command, run in that folder without ``PYTHONPATH``."""
    import asobiba.rl

    encoder = asobiba.rl.encoder("paper-safari", players=2, tokens_to_win=1)
    codec = asobiba.rl.codec("paper-safari", players=2, tokens_to_win=1)
    write_network(tmp_path / "my_policy.npz", encoder.shape[0], codec.size)
    module = next(b for b in blocks() if b.file == "my_policies.py")
    (tmp_path / "my_policies.py").write_text(module.text, encoding="utf-8")
    command = block("asobiba rate", "").text.strip()
    assert command.startswith("asobiba rate ") and "PYTHONPATH" not in command
    arguments = command.split()[1:]
    console_script = "import sys; from asobiba.cli.main import main; sys.argv[0] = 'asobiba'; main()"
    output = run(["-c", console_script, *arguments], tmp_path)
    assert "policy:my_policies:play" in output or "policy" in output, output[-1000:]
    assert "| random |" in output


def test_the_benchmark_commands_run_with_a_small_budget(tmp_path: Path) -> None:
    for phrase in ("python benchmarks/rl.py --seconds", "python benchmarks/rl.py --vector"):
        line = next(line for line in block(phrase, "").text.splitlines() if line.startswith(phrase))
        arguments = line.split()[1:]
        small = re.sub(r"--seconds \S+", "--seconds 0.3", " ".join(arguments)).split()
        output = run([str(ROOT / small[0]), *small[1:], "--slices", "1", "--env", "cockroach_poker_trump"], tmp_path)
        assert "cockroach_poker_trump_4p_v1" in output, output
    assert "benchmarks/rl.py --vector 16\n--profile" in DOC.read_text(encoding="utf-8")  # the vector env's profile
    output = run(
        [str(ROOT / "benchmarks/rl.py"), "--vector", "2", "--profile", "--env", "cockroach_poker_trump"], tmp_path
    )
    assert re.search(r"learner's view \d+%.*vector_env's own", output) and "outside asobiba's env" in output, output


@NEEDS_TRAINING
def test_the_training_command_runs_with_a_small_budget(tmp_path: Path) -> None:
    """The ``ppo`` bot's training command, cut to 512 steps, writes a network the bot's loader reads."""
    from asobiba.rl.trained import NetworkPolicy

    line = block("python examples/train_agents.py", "").text.splitlines()[0].split("#")[0].split()
    small = [*line[1:], "--timesteps", "512", "--refresh", "256", "--out", str(tmp_path)]
    output = run([str(ROOT / small[0]), *small[1:]], tmp_path)
    assert "steps in" in output, output
    found = NetworkPolicy(tmp_path / "cockroach_poker_trump_4p_v1.npz")
    assert (found.inputs, found.outputs) == (138, 86)
