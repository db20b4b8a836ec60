"""``asobiba serve``'s settings: flags first, then the environment, then the defaults."""

from __future__ import annotations

import pytest

from asobiba.server.rooms.settings import SettingsError
from asobiba.server.serve import settings_from_environment


def test_allowed_hosts_default_to_the_bound_address_localhost_and_the_public_origin(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("ASOBIBA_ORIGIN", "https://play.example.org")
    monkeypatch.delenv("ASOBIBA_ALLOWED_HOSTS", raising=False)
    settings = settings_from_environment("sqlite:///x.db", host="10.0.0.5")
    assert settings.allowed_hosts == ("10.0.0.5", "localhost", "127.0.0.1", "play.example.org")
    listed = settings_from_environment("sqlite:///x.db", host="127.0.0.1", allowed_hosts="games.example, Other.Example")
    assert listed.allowed_hosts[:2] == ("games.example", "other.example") and "localhost" in listed.allowed_hosts
    assert settings_from_environment("sqlite:///x.db", allowed_hosts="*").allowed_hosts == ()


def test_seat_timeout_log_format_and_durability_come_from_flags_or_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("ASOBIBA_SEAT_TIMEOUT", raising=False)
    defaults = settings_from_environment("sqlite:///x.db")
    assert (defaults.seat_timeout, defaults.log_format, defaults.durability, defaults.api_docs) == (
        120.0,
        "text",
        "normal",
        False,
    )
    monkeypatch.setenv("ASOBIBA_SEAT_TIMEOUT", "30")
    monkeypatch.setenv("ASOBIBA_DURABILITY", "full")
    from_environment = settings_from_environment("sqlite:///x.db")
    assert (from_environment.seat_timeout, from_environment.durability) == (30.0, "full")
    flags = settings_from_environment("sqlite:///x.db", seat_timeout=5, log_format="json", api_docs=True)
    assert (flags.seat_timeout, flags.log_format, flags.api_docs) == (5, "json", True)


@pytest.mark.parametrize(("name", "value"), [("ASOBIBA_DURABILITY", "sometimes"), ("ASOBIBA_LOG_FORMAT", "xml")])
def test_an_unknown_durability_or_log_format_is_refused_saying_what_is_accepted(
    monkeypatch: pytest.MonkeyPatch, name: str, value: str
) -> None:
    monkeypatch.setenv(name, value)
    with pytest.raises(ValueError, match=r"normal or full|text or json"):
        settings_from_environment("sqlite:///x.db")


def test_chat_rates_come_from_flags_or_the_environment_and_a_bad_one_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("ASOBIBA_CHAT_RATE", raising=False)
    monkeypatch.delenv("ASOBIBA_ROOM_CHAT_RATE", raising=False)
    defaults = settings_from_environment("sqlite:///x.db")
    assert (defaults.chat_rate, defaults.room_chat_rate) == ("5/10seconds", "30/10seconds")
    monkeypatch.setenv("ASOBIBA_CHAT_RATE", "3/minute")
    from_environment = settings_from_environment("sqlite:///x.db", room_chat_rate="100/minute")
    assert (from_environment.chat_rate, from_environment.room_chat_rate) == ("3/minute", "100/minute")
    monkeypatch.setenv("ASOBIBA_ROOM_CHAT_RATE", "often")
    with pytest.raises(ValueError, match="'often'"):
        settings_from_environment("sqlite:///x.db")


def test_proxies_metrics_and_the_websocket_rate_come_from_flags_or_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name in (
        "ASOBIBA_FORWARDED_ALLOW_IPS",
        "FORWARDED_ALLOW_IPS",
        "ASOBIBA_METRICS_PORT",
        "ASOBIBA_METRICS_TOKEN",
        "ASOBIBA_WEBSOCKET_RATE",
    ):
        monkeypatch.delenv(name, raising=False)
    defaults = settings_from_environment("sqlite:///x.db")
    assert (defaults.forwarded_allow_ips, defaults.metrics_port, defaults.metrics_token) == ((), None, None)
    assert defaults.websocket_rate == "10/second"
    monkeypatch.setenv("FORWARDED_ALLOW_IPS", "127.0.0.1")  # uvicorn's variable, read when ours is not set
    assert settings_from_environment("sqlite:///x.db").forwarded_allow_ips == ("127.0.0.1",)
    monkeypatch.setenv("ASOBIBA_FORWARDED_ALLOW_IPS", "10.1.0.0/16, ::1")
    monkeypatch.setenv("ASOBIBA_METRICS_PORT", "9100")
    monkeypatch.setenv("ASOBIBA_WEBSOCKET_RATE", "3/second")
    from_environment = settings_from_environment("sqlite:///x.db")
    assert from_environment.forwarded_allow_ips == ("10.1.0.0/16", "::1")
    assert (from_environment.metrics_port, from_environment.websocket_rate) == (9100, "3/second")
    flags = settings_from_environment(
        "sqlite:///x.db", forwarded_allow="*", metrics_port=9200, metrics_token="x" * 16, websocket_rate="1/second"
    )
    assert (flags.forwarded_allow_ips, flags.metrics_port, flags.metrics_token) == (("*",), 9200, "x" * 16)
    assert flags.websocket_rate == "1/second"


@pytest.mark.parametrize(
    ("arguments", "complaint"),
    [
        ({"forwarded_allow": "10.0.0.1/8"}, "IP addresses or networks"),
        ({"metrics_port": 70000}, "1 to 65535"),
        ({"metrics_token": "short"}, "at least 16"),
        ({"websocket_rate": "10 a second"}, "a rate like"),
    ],
)
def test_a_bad_proxy_metrics_port_token_or_rate_is_refused_saying_what_is_accepted(
    arguments: dict[str, object], complaint: str
) -> None:
    with pytest.raises(SettingsError, match=complaint):
        settings_from_environment("sqlite:///x.db", **arguments)  # type: ignore[arg-type]


def test_the_replay_cache_and_workers_come_from_flags_or_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("CACHE_MIB", "WORKERS", "QUEUE"):
        monkeypatch.delenv(f"ASOBIBA_REPLAY_{name}", raising=False)
    monkeypatch.delenv("ASOBIBA_REPLAYS_PER_CLIENT", raising=False)
    defaults = settings_from_environment("sqlite:///x.db")
    assert (defaults.replay_cache_mib, defaults.replay_workers, defaults.replay_queue, defaults.replays_per_client) == (
        64,
        1,
        16,
        2,
    )
    monkeypatch.setenv("ASOBIBA_REPLAY_CACHE_MIB", "8")
    monkeypatch.setenv("ASOBIBA_REPLAY_WORKERS", "2")
    monkeypatch.setenv("ASOBIBA_REPLAY_QUEUE", "4")
    monkeypatch.setenv("ASOBIBA_REPLAYS_PER_CLIENT", "1")
    found = settings_from_environment("sqlite:///x.db")
    assert (found.replay_cache_mib, found.replay_workers, found.replay_queue, found.replays_per_client) == (8, 2, 4, 1)
    flags = settings_from_environment("sqlite:///x.db", replay_cache_mib=0, replay_workers=3)
    assert (flags.replay_cache_mib, flags.replay_workers) == (0, 3)
    monkeypatch.setenv("ASOBIBA_REPLAY_CACHE_MIB", "lots")
    with pytest.raises(SettingsError, match="the replay cache \\(MiB\\) takes a whole number, not 'lots'"):
        settings_from_environment("sqlite:///x.db")
    monkeypatch.setenv("ASOBIBA_REPLAY_CACHE_MIB", "64")
    monkeypatch.setenv("ASOBIBA_REPLAY_WORKERS", "0")
    with pytest.raises(SettingsError, match="replay workers takes a whole number from 1 on, not 0"):
        settings_from_environment("sqlite:///x.db")


def test_the_smtp_server_comes_from_the_flag_or_the_environment_and_a_bad_url_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("ASOBIBA_SMTP", raising=False)
    assert settings_from_environment("sqlite:///x.db").smtp_url is None
    monkeypatch.setenv("ASOBIBA_SMTP", "smtp://127.0.0.1:2525")
    assert settings_from_environment("sqlite:///x.db").smtp_url == "smtp://127.0.0.1:2525"
    assert settings_from_environment("sqlite:///x.db", smtp="smtps://mail.example").smtp_url == "smtps://mail.example"
    with pytest.raises(SettingsError, match="starts with smtp://"):
        settings_from_environment("sqlite:///x.db", smtp="mail.example:25")
