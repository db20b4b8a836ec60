"""Sign-in timing: does ``POST /api/session`` answer an unknown username as fast (as slowly) as a
wrong password? It should: the unknown user's password is verified against a dummy argon2id hash
with the parameters of every stored hash, so the time says nothing about which usernames exist.

    python benchmarks/sign_in_timing.py --tries 30

A real ``asobiba serve`` on 127.0.0.1 (a temporary SQLite file) is started; one account is made;
then ``--tries`` sign-ins of each kind are timed, interleaved (wrong password, unknown username, a
malformed username, the right password), and the table gives each kind's median, quartiles and
spread, and the difference of the medians against the wrong password's. Run it on a quiet machine:
argon2 is CPU-bound, and another process on the core moves every figure.
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

PASSWORD = "correct horse battery"
KINDS = {
    "wrong password": {"username": "timing_ken", "password": "not the password!"},
    "unknown username": {"username": "nobody_here", "password": "not the password!"},
    "malformed username": {"username": "no body!", "password": "not the password!"},
    "right password": {"username": "timing_ken", "password": PASSWORD},
}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def post(url: str, body: dict[str, str]) -> int:
    import json

    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"content-type": "application/json"}, method="POST"
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return int(response.status)
    except urllib.error.HTTPError as error:
        return int(error.code)


def wait_ready(base: str, process: subprocess.Popen[bytes]) -> None:
    for _ in range(600):
        if process.poll() is not None:
            raise SystemExit("the server exited")
        try:
            with urllib.request.urlopen(f"{base}/api/games", timeout=2):
                return
        except OSError:
            time.sleep(0.05)
    raise SystemExit("the server did not start")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tries", type=int, default=30, help="sign-ins timed per kind")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        environment = {**os.environ, "ASOBIBA_SIGN_IN_RATE": "100000/minute", "PYTHONUNBUFFERED": "1"}
        command = [
            sys.executable,
            "-c",
            "from asobiba.cli.main import main; main()",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
        ]
        command += ["--db", f"sqlite:///{Path(folder) / 'timing.db'}"]
        with (Path(folder) / "server.log").open("wb") as log:
            process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=environment)
        try:
            wait_ready(base, process)
            assert post(f"{base}/api/account", {"username": "timing_ken", "password": PASSWORD}) == 201
            times: dict[str, list[float]] = {kind: [] for kind in KINDS}
            statuses: dict[str, set[int]] = {kind: set() for kind in KINDS}
            for _ in range(arguments.tries):
                for kind, body in KINDS.items():
                    started = time.perf_counter()
                    statuses[kind].add(post(f"{base}/api/session", body))
                    times[kind].append(1000 * (time.perf_counter() - started))
        finally:
            process.terminate()
            process.wait(timeout=10)
    reference = statistics.median(times["wrong password"])
    print(f"sign-in timing, {arguments.tries} tries per kind (ms)")
    print(f"{'kind':<20} {'status':>7} {'median':>8} {'q1':>8} {'q3':>8} {'stdev':>7} {'vs wrong':>9}")
    for kind, found in times.items():
        q1, _, q3 = statistics.quantiles(found, n=4)
        median = statistics.median(found)
        status = ",".join(str(code) for code in sorted(statuses[kind]))
        print(
            f"{kind:<20} {status:>7} {median:8.1f} {q1:8.1f} {q3:8.1f} {statistics.stdev(found):7.1f}"
            f" {median - reference:+9.1f}"
        )


if __name__ == "__main__":
    main()
