"""The installed `asobiba` console script, run as a user runs it, with the answers piped in."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

import asobiba


def command() -> list[str]:
    """The installed console script (or, if the scripts folder is not on PATH, the one beside Python)."""
    found = shutil.which("asobiba") or shutil.which("asobiba", path=str(Path(sys.executable).parent))
    if found is None:
        pytest.skip("the asobiba console script is not installed (pip install -e .)")
    return [found]


def run(arguments: list[str], answers: str, cwd: Path, lang: str = "en_US.UTF-8") -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "LANG": lang, "LC_ALL": "", "LC_MESSAGES": "", "COLUMNS": "100"}
    return subprocess.run(
        [*command(), *arguments],
        input=answers,
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=cwd,
        env=environment,
        timeout=120,
        check=False,
    )


@pytest.mark.skipif("cockroach-poker" not in asobiba.game_names(), reason="cockroach-poker is not registered")
def test_the_installed_command_plays_cockroach_poker_from_piped_answers(tmp_path: Path) -> None:
    # Answer every prompt with 1 (first group, then first move) for a while, then the input ends.
    completed = run(
        ["play", "cockroach-poker", "--seed", "1", "--delay", "0", "--bots", "heuristic", "--save", "game.json"],
        "1\n" * 40,
        tmp_path,
    )
    assert completed.returncode == 0, completed.stderr
    assert "Traceback" not in completed.stdout + completed.stderr
    assert "Your turn, p0 (you)." in completed.stdout
    assert "The game so far is saved in game.json" in completed.stdout or "The record is saved in game.json" in (
        completed.stdout
    )
    record = json.loads((tmp_path / "game.json").read_text(encoding="utf-8"))
    state = asobiba.replay(record)
    assert len(state.history) > 5


def test_the_installed_command_reports_user_errors_with_exit_2(tmp_path: Path) -> None:
    completed = run(["play", "no-such-game"], "", tmp_path)
    assert completed.returncode == 2
    assert "Error: unknown game 'no-such-game'" in completed.stderr
    assert "Traceback" not in completed.stderr


def test_the_installed_command_speaks_japanese_when_lang_says_so(tmp_path: Path) -> None:
    game = asobiba.game_names()[0]
    completed = run(["play", game, "--seed", "2", "--delay", "0", "--save", "g.json"], "q\n", tmp_path, "ja_JP.UTF-8")
    assert completed.returncode == 0, completed.stderr
    assert "あなたの番です" in completed.stdout
    assert "g.json に保存しました" in completed.stdout


class PseudoTerminal:
    """The console script on a pseudo-terminal: it sees a real terminal (colours, screen clearing)."""

    def __init__(self, arguments: list[str], cwd: Path) -> None:
        self.master, slave = os.openpty()
        environment = {**os.environ, "LANG": "en_US.UTF-8", "LC_ALL": "", "COLUMNS": "100", "LINES": "40"}
        environment.setdefault("TERM", "xterm")
        self.process = subprocess.Popen(
            [*command(), *arguments],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            cwd=cwd,
            env=environment,
            # A test runner's worker may ignore SIGINT, and a child inherits that: Python then
            # never raises KeyboardInterrupt. A person's shell gives the default, as here.
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        )
        os.close(slave)
        self.screen = b""

    def read_until(self, text: str, timeout: float = 60.0) -> bool:
        import select
        import time

        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self.master], [], [], 0.2)
            if not ready:
                continue
            try:
                chunk = os.read(self.master, 65536)
            except OSError:  # the process ended
                return text.encode() in self.screen
            if not chunk:
                return text.encode() in self.screen
            self.screen += chunk
            if text.encode() in self.screen:
                return True
        return False

    def wait(self, timeout: float = 60.0) -> int | None:
        """The exit code, reading the screen meanwhile (a full pty buffer would block the process)."""
        import time

        deadline = time.monotonic() + timeout
        while self.process.poll() is None and time.monotonic() < deadline:
            self.read_until("\x00never\x00", timeout=0.2)
        return self.process.poll()

    def type(self, line: str) -> None:
        self.screen = b""
        os.write(self.master, line.encode() + b"\n")

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        os.close(self.master)


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
@pytest.mark.skipif("cockroach-poker" not in asobiba.game_names(), reason="cockroach-poker is not registered")
def test_in_a_terminal_ctrl_c_saves_the_game_and_exits_130(tmp_path: Path) -> None:
    terminal = PseudoTerminal(
        ["play", "cockroach-poker", "--seed", "1", "--delay", "0", "--save", "game.json"], tmp_path
    )
    try:
        assert terminal.read_until("Your move"), terminal.screen.decode(errors="replace")
        terminal.type("1")
        assert terminal.read_until("Your move"), terminal.screen.decode(errors="replace")
        terminal.read_until("\x00never\x00", timeout=0.5)  # let the prompt settle into reading a line
        terminal.process.send_signal(signal.SIGINT)
        terminal.read_until("asobiba replay")
        exit_code = terminal.wait(timeout=60)
        screen = terminal.screen.decode(errors="replace")
        assert exit_code == 130, screen
        assert "Interrupted." in screen and "game.json" in screen
        assert "Traceback" not in screen
    finally:
        terminal.close()
    record = json.loads((tmp_path / "game.json").read_text(encoding="utf-8"))
    assert asobiba.replay(record).history
