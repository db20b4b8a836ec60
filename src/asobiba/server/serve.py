"""``asobiba serve``: run the server on uvicorn (one process; run several behind a proxy, docs/deploy.md)."""

from __future__ import annotations

import ctypes
import dataclasses
import faulthandler
import gc
import ipaddress
import os
import sys
from urllib.parse import urlsplit

import uvicorn
from fastapi import FastAPI

from asobiba.server import logs
from asobiba.server.app import create_app
from asobiba.server.mail import SmtpServer, SmtpUrlError
from asobiba.server.protocol import MAX_FRAME_BYTES
from asobiba.server.rooms import Settings
from asobiba.server.rooms.settings import Durability, LogFormat, SettingsError, valid_rate
from asobiba.server.storage import default_database_url, describe_url, normalise_url

#: The cyclic garbage collector's thresholds for a server. With the defaults (700, 10, 10), a process
#: holding a thousand rooms spent 14% of its time collecting and stopped for up to 0.8 s in full
#: collections (the act p99 at 1,000 rooms: 2.1 s); these make young collections rarer and full ones
#: rare (p99 0.3 s on the same machine). Room states hold few reference cycles.
GC_THRESHOLDS = (10_000, 10, 1_000)


def tune_garbage_collector() -> None:
    """Freeze what start-up made (modules, tables: never garbage) and set :data:`GC_THRESHOLDS`; and
    :func:`tune_allocator`."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
    tune_allocator()


#: glibc's ``M_MMAP_THRESHOLD`` (``<malloc.h>``), and the size from which a block gets pages of its own.
M_MMAP_THRESHOLD = -3
MMAP_THRESHOLD = 1 << 20


def tune_allocator() -> bool:
    """glibc: blocks of :data:`MMAP_THRESHOLD` and more get pages of their own, given back when freed.
    By default the threshold rises to the size of the first such block freed, and the replays a server
    keeps (megabytes each, served then dropped from their cache) then fragmented its heap: 100 distinct
    replays of long games grew the process by 30-40 MiB more than its cache held. False where this is
    no glibc."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None)
        return int(libc.mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD)) == 1
    except (OSError, AttributeError):
        return False


def report_fatal_signals() -> None:
    """A fatal signal (SIGSEGV, SIGBUS, SIGFPE, SIGABRT, SIGILL) writes ``Fatal Python error: …`` and
    every thread's stack to stderr, then ends the process with that signal: a non-zero exit that a
    supervisor restarts on (``Restart=on-failure``, docs/deploy.md), never a silent death."""
    faulthandler.enable(file=sys.stderr, all_threads=True)


def default_allowed_hosts(host: str, origin: str | None) -> tuple[str, ...]:
    """The bound address, ``localhost``, ``127.0.0.1`` and the host of the public origin."""
    hosts = [host.strip("[]"), "localhost", "127.0.0.1"]
    if origin:
        found = urlsplit(origin).hostname
        if found:
            hosts.append(found)
    return tuple(dict.fromkeys(name.lower() for name in hosts if name))


#: A metrics token shorter than this is refused (it would be guessed).
MIN_METRICS_TOKEN = 16


def forwarded_allow_ips(text: str) -> tuple[str, ...]:
    """The proxies of a comma-separated list, each an IP address, a network (``10.1.0.0/16``) or
    ``*`` (any: only where nothing but the proxy can reach the server); ``SettingsError`` for another
    word (uvicorn would take it as a name no client has, and silently trust nobody)."""
    found: list[str] = []
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        if item != "*":
            try:
                if "/" in item:
                    ipaddress.ip_network(item)
                else:
                    ipaddress.ip_address(item)
            except ValueError:
                raise SettingsError(
                    f"the forwarded-allow-ips are IP addresses or networks (or *), not {item!r}"
                ) from None
        found.append(item)
    return tuple(dict.fromkeys(found))


def settings_from_environment(
    database: str | None = None,
    redis: str | None = None,
    bot_delay: float = 1.0,
    *,
    host: str = "127.0.0.1",
    allowed_hosts: str | None = None,
    seat_timeout: float | None = None,
    api_docs: bool = False,
    log_format: LogFormat | None = None,
    durability: Durability | None = None,
    chat_rate: str | None = None,
    room_chat_rate: str | None = None,
    websocket_rate: str | None = None,
    forwarded_allow: str | None = None,
    metrics_port: int | None = None,
    metrics_token: str | None = None,
    replay_cache_mib: int | None = None,
    replay_workers: int | None = None,
    smtp: str | None = None,
    deadline_interval: float | None = None,
    test_clock: bool = False,
) -> Settings:
    """The server's settings: arguments first, then the environment.

    ``ASOBIBA_DB`` the database URL (default: a SQLite file in the user's data folder);
    ``ASOBIBA_REDIS`` Redis between several processes (default: none, one process);
    ``ASOBIBA_ORIGIN`` the public origin behind a proxy (default: the request's own host);
    ``ASOBIBA_ALLOWED_HOSTS`` comma-separated hosts served (default: the bound address, localhost,
    127.0.0.1 and the host of ``ASOBIBA_ORIGIN``; ``*``: any);
    ``ASOBIBA_SEAT_TIMEOUT`` seconds a taken seat may stay unconnected (default 120);
    ``ASOBIBA_HTTP_RATE`` rooms created or joined per client address, e.g. "30/second";
    ``ASOBIBA_SIGN_IN_RATE`` sign-in attempts per client address and per username (default "10/minute");
    ``ASOBIBA_REPLAY_RATE`` replays and records per client address (default "5/second");
    ``ASOBIBA_CHAT_RATE`` chat messages per speaker of a room (default "5/10seconds");
    ``ASOBIBA_ROOM_CHAT_RATE`` chat messages per room (default "30/10seconds");
    ``ASOBIBA_REPLAY_CACHE_MIB`` MiB of replays and records kept in memory (default 64);
    ``ASOBIBA_REPLAY_WORKERS`` processes computing replays and rebuilding rooms (default 1);
    ``ASOBIBA_REPLAY_QUEUE`` replays waiting for a worker at most (default 16);
    ``ASOBIBA_REPLAYS_PER_CLIENT`` replays a client address may have waiting or running (default 2);
    ``ASOBIBA_CONNECTIONS_PER_ADDRESS`` WebSockets per client address (default 50);
    ``ASOBIBA_WEBSOCKET_RATE`` new WebSockets per client address (default "10/second");
    ``ASOBIBA_FORWARDED_ALLOW_IPS`` proxies whose ``X-Forwarded-For`` is believed (default none;
    uvicorn's ``FORWARDED_ALLOW_IPS`` is read when it is not set);
    ``ASOBIBA_METRICS_PORT`` a port on 127.0.0.1 for ``/metrics``; ``ASOBIBA_METRICS_TOKEN`` the
    bearer token that opens ``/metrics`` on the game's port (default neither: no ``/metrics``);
    ``ASOBIBA_MAX_ROOMS`` rooms kept in memory at most (default 10000);
    ``ASOBIBA_IDLE_CLOSE`` seconds without a connection before a room leaves memory (it stays stored);
    ``ASOBIBA_LOG_FORMAT`` ``text`` or ``json``; ``ASOBIBA_DURABILITY`` ``normal`` or ``full``;
    ``ASOBIBA_SMTP`` the SMTP server of "your turn" emails (:class:`asobiba.server.mail.SmtpServer`'s URL; default
    none: no email).
    ``ASOBIBA_DEADLINE_INTERVAL`` seconds between two looks for turn-based rooms out of time (default 30);
    ``ASOBIBA_TEST_CLOCK`` ``1``: the server's time moves only by ``POST /api/test/clock`` (tests only).
    """
    database = database or os.environ.get("ASOBIBA_DB") or None
    redis = redis or os.environ.get("ASOBIBA_REDIS") or None
    origin = os.environ.get("ASOBIBA_ORIGIN") or None
    hosts_text = allowed_hosts if allowed_hosts is not None else os.environ.get("ASOBIBA_ALLOWED_HOSTS", "")
    hosts = tuple(name.strip().lower() for name in hosts_text.split(",") if name.strip())
    if "*" in hosts:
        hosts = ()
    elif not hosts:
        hosts = default_allowed_hosts(host, origin)
    else:
        hosts = tuple(dict.fromkeys((*hosts, *default_allowed_hosts(host, origin))))
    chosen_format = log_format or os.environ.get("ASOBIBA_LOG_FORMAT", "text")
    chosen_durability = durability or os.environ.get("ASOBIBA_DURABILITY", "normal")
    if chosen_format not in ("text", "json"):
        raise SettingsError(f"the log format is text or json, not {chosen_format!r}")
    if chosen_durability not in ("normal", "full"):
        raise SettingsError(f"durability is normal or full, not {chosen_durability!r}")
    chat_rate = chat_rate or os.environ.get("ASOBIBA_CHAT_RATE", "5/10seconds")
    room_chat_rate = room_chat_rate or os.environ.get("ASOBIBA_ROOM_CHAT_RATE", "30/10seconds")
    for rate in (chat_rate, room_chat_rate):
        if not valid_rate(rate):
            raise SettingsError(f"a chat rate is a rate such as 5/10seconds, not {rate!r}")
    chosen_rate = websocket_rate or os.environ.get("ASOBIBA_WEBSOCKET_RATE") or "10/second"
    if not valid_rate(chosen_rate):
        raise SettingsError(f"the WebSocket rate is a rate like 10/second, not {chosen_rate!r}")
    sign_in_rate = os.environ.get("ASOBIBA_SIGN_IN_RATE") or "10/minute"
    if not valid_rate(sign_in_rate):
        raise SettingsError(f"the sign-in rate is a rate like 10/minute, not {sign_in_rate!r}")
    if forwarded_allow is None:
        forwarded_allow = os.environ.get("ASOBIBA_FORWARDED_ALLOW_IPS", os.environ.get("FORWARDED_ALLOW_IPS", ""))
    port_text = os.environ.get("ASOBIBA_METRICS_PORT") or None
    if metrics_port is None and port_text is not None:
        if not port_text.isdigit():
            raise SettingsError(f"the metrics port is a number from 1 to 65535, not {port_text!r}")
        metrics_port = int(port_text)
    if metrics_port is not None and not 1 <= metrics_port <= 65535:
        raise SettingsError(f"the metrics port is a number from 1 to 65535, not {metrics_port}")
    metrics_token = metrics_token or os.environ.get("ASOBIBA_METRICS_TOKEN") or None
    if metrics_token is not None and len(metrics_token) < MIN_METRICS_TOKEN:
        raise SettingsError(f"the metrics token has at least {MIN_METRICS_TOKEN} characters (it would be guessed)")
    smtp = smtp or os.environ.get("ASOBIBA_SMTP") or None
    if smtp is not None:
        try:
            SmtpServer.from_url(smtp)
        except SmtpUrlError as error:
            raise SettingsError(str(error)) from None
    return Settings(
        database_url=normalise_url(database) if database else default_database_url(),
        bot_delay=bot_delay,
        seat_timeout=seat_timeout if seat_timeout is not None else float(os.environ.get("ASOBIBA_SEAT_TIMEOUT", "120")),
        http_rate=os.environ.get("ASOBIBA_HTTP_RATE", "30/second"),
        replay_rate=os.environ.get("ASOBIBA_REPLAY_RATE", "5/second"),
        sign_in_rate=sign_in_rate,
        chat_rate=chat_rate,
        room_chat_rate=room_chat_rate,
        replay_cache_mib=whole_number(
            "the replay cache (MiB)", replay_cache_mib, os.environ.get("ASOBIBA_REPLAY_CACHE_MIB", "64"), least=0
        ),
        replay_workers=whole_number("replay workers", replay_workers, os.environ.get("ASOBIBA_REPLAY_WORKERS", "1")),
        replay_queue=whole_number("the replay queue", None, os.environ.get("ASOBIBA_REPLAY_QUEUE", "16")),
        replays_per_client=whole_number("replays per client", None, os.environ.get("ASOBIBA_REPLAYS_PER_CLIENT", "2")),
        connections_per_address=int(os.environ.get("ASOBIBA_CONNECTIONS_PER_ADDRESS", "50")),
        websocket_rate=chosen_rate,
        forwarded_allow_ips=forwarded_allow_ips(forwarded_allow),
        metrics_port=metrics_port,
        metrics_token=metrics_token,
        max_rooms_in_memory=int(os.environ.get("ASOBIBA_MAX_ROOMS", "10000")),
        idle_close=float(os.environ.get("ASOBIBA_IDLE_CLOSE", "3600")),
        deadline_interval=positive_seconds(
            "the deadline interval", deadline_interval, os.environ.get("ASOBIBA_DEADLINE_INTERVAL", "30")
        ),
        test_clock=test_clock or os.environ.get("ASOBIBA_TEST_CLOCK", "") == "1",
        redis_url=redis,
        origin=origin,
        public_url=origin or Settings.public_url,
        allowed_hosts=hosts,
        api_docs=api_docs,
        log_format=chosen_format,  # type: ignore[arg-type]
        durability=chosen_durability,  # type: ignore[arg-type]
        smtp_url=smtp,
    )


def positive_seconds(what: str, given: float | None, text: str) -> float:
    """``given`` (a flag), else ``text`` (the environment's), as a number of seconds above 0."""
    if given is not None:
        value = given
    else:
        try:
            value = float(text)
        except ValueError:
            raise SettingsError(f"{what} takes a number of seconds, not {text!r}") from None
    if not 0 < value < float("inf"):
        raise SettingsError(f"{what} takes a number of seconds above 0, not {value}")
    return value


def whole_number(what: str, given: int | None, text: str, least: int = 1) -> int:
    """``given`` (a flag), else ``text`` (the environment's), as a whole number from ``least`` on."""
    if given is not None:
        value = given
    else:
        try:
            value = int(text)
        except ValueError:
            raise SettingsError(f"{what} takes a whole number, not {text!r}") from None
    if value < least:
        raise SettingsError(f"{what} takes a whole number from {least} on, not {value}")
    return value


def app_from_environment() -> FastAPI:
    """The app as ``uvicorn --factory asobiba.server.serve:app_from_environment`` builds it."""
    report_fatal_signals()
    settings = settings_from_environment(bot_delay=float(os.environ.get("ASOBIBA_BOT_DELAY", "1.0")))
    logs.configure(settings.log_format)
    app = create_app(settings)
    tune_garbage_collector()
    return app


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    database: str | None = None,
    bot_delay: float = 1.0,
    announce: bool = True,
    redis: str | None = None,
    *,
    allowed_hosts: str | None = None,
    seat_timeout: float | None = None,
    api_docs: bool = False,
    log_format: LogFormat | None = None,
    durability: Durability | None = None,
    chat_rate: str | None = None,
    room_chat_rate: str | None = None,
    websocket_rate: str | None = None,
    forwarded_allow: str | None = None,
    metrics_port: int | None = None,
    metrics_token: str | None = None,
    replay_cache_mib: int | None = None,
    replay_workers: int | None = None,
    smtp: str | None = None,
    deadline_interval: float | None = None,
    test_clock: bool = False,
) -> None:
    """Serve until interrupted. Says where the database is and which URL to open."""
    report_fatal_signals()
    settings = settings_from_environment(
        database,
        redis,
        bot_delay,
        host=host,
        allowed_hosts=allowed_hosts,
        seat_timeout=seat_timeout,
        api_docs=api_docs,
        log_format=log_format,
        durability=durability,
        chat_rate=chat_rate,
        room_chat_rate=room_chat_rate,
        websocket_rate=websocket_rate,
        forwarded_allow=forwarded_allow,
        metrics_port=metrics_port,
        metrics_token=metrics_token,
        replay_cache_mib=replay_cache_mib,
        replay_workers=replay_workers,
        smtp=smtp,
        deadline_interval=deadline_interval,
        test_clock=test_clock,
    )
    if settings.metrics_port == port:
        raise SettingsError(f"the metrics port is another port than the game's ({port})")
    shown_host = f"[{host}]" if ":" in host else host
    settings = dataclasses.replace(settings, public_url=settings.origin or f"http://{shown_host}:{port}")
    logs.configure(settings.log_format)
    app = create_app(settings)
    tune_garbage_collector()
    if announce:
        print(f"asobiba server: database {describe_url(settings.database_url)}", flush=True)
        if settings.redis_url:
            print(f"asobiba server: redis {describe_url(settings.redis_url)}", flush=True)
        print(f"asobiba server: open http://{shown_host}:{port}/", flush=True)
        if settings.smtp_url is not None:
            print(f"asobiba server: email through {SmtpServer.from_url(settings.smtp_url).describe()}", flush=True)
        if settings.test_clock:
            print("asobiba server: test clock: time moves only by POST /api/test/clock", flush=True)
        if settings.metrics_port is not None:
            print(f"asobiba server: metrics at http://127.0.0.1:{settings.metrics_port}/metrics", flush=True)
    uvicorn.run(
        app,
        host=host,
        port=port,
        # X-Forwarded-For names the client only when a named proxy sent it (uvicorn alone believes
        # any process on 127.0.0.1, which would then pick its own address for every limit)
        proxy_headers=bool(settings.forwarded_allow_ips),
        forwarded_allow_ips=list(settings.forwarded_allow_ips),
        ws_max_size=MAX_FRAME_BYTES,
        ws_per_message_deflate=False,  # frames are small; compressing each costs more than it saves
        log_level="warning",
        timeout_graceful_shutdown=5,
    )
