"""Worker processes that end with the server that started them, however it ended (``kill -9`` too).

A pool's worker waits on its call queue for ever once the server is gone without shutting the pool
down (a ``kill -9`` runs no clean-up: CPython issue 111873), and an analysis it was running goes on
to its end. :func:`die_with_parent`, called first thing in a worker (the pool's ``initializer``),
ends the worker with the server in two ways:

- on Linux, ``prctl(PR_SET_PDEATHSIG, SIGKILL)`` through :mod:`ctypes`: the kernel kills the worker
  when the thread that started it ends (the server's pools start their workers from the event loop's
  thread, which lives as long as the server); if the server died before the call, no signal comes,
  so the parent's pid is checked after it;
- everywhere, a daemon thread of the worker that waits on the parent's sentinel
  (:func:`multiprocessing.parent_process`, a pipe the parent alone holds open: it becomes readable
  when the parent is gone) and checks ``os.getppid()`` every :data:`WATCH_INTERVAL` seconds, then
  ends the worker with ``os._exit`` (an analysis in the middle of its work included).
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import sys
import threading
import time
from multiprocessing.connection import wait

#: ``PR_SET_PDEATHSIG`` of ``<linux/prctl.h>``.
PR_SET_PDEATHSIG = 1
#: Seconds between two looks of the watchdog thread at its parent.
WATCH_INTERVAL = 1.0
#: The exit status of a worker whose parent is gone.
PARENT_GONE = 3


def die_with_parent(parent: int, kernel: bool = True) -> None:
    """(In a worker, first thing.) End this process when ``parent`` (the pid of the process that
    started it) ends: the kernel's parent-death signal where there is one (``kernel``), and a
    watchdog thread everywhere."""
    if kernel:
        parent_death_signal(signal.SIGKILL)
    if os.getppid() != parent:  # it ended before we asked: no signal will come
        os._exit(PARENT_GONE)
    threading.Thread(target=_watch, args=(parent,), name="parent-watch", daemon=True).start()


def parent_death_signal(number: int) -> bool:
    """Ask Linux for ``number`` when this process's parent thread ends; False where it cannot."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return int(libc.prctl(PR_SET_PDEATHSIG, int(number), 0, 0, 0)) == 0
    except (OSError, AttributeError):
        return False


def _watch(parent: int) -> None:
    found = multiprocessing.parent_process()
    sentinel = found.sentinel if found is not None else None
    while os.getppid() == parent:
        if sentinel is not None:
            if wait([sentinel], timeout=WATCH_INTERVAL):
                break
        else:
            time.sleep(WATCH_INTERVAL)
    os._exit(PARENT_GONE)


__all__ = ["WATCH_INTERVAL", "die_with_parent", "parent_death_signal"]
