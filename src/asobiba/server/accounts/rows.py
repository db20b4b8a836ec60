"""The stored rows of accounts (made by the migration ``0007_accounts``): an account, a session of an account,
an account's rating of a game and the history of that rating; and (``0010_passkeys``) an account's passkeys
and the WebAuthn challenges waiting for their answer."""

from __future__ import annotations

from sqlalchemy import Boolean, Float, ForeignKey, Integer, LargeBinary, String
from sqlalchemy.orm import Mapped, mapped_column

from asobiba.server.storage import Base


class AccountRow(Base):
    __tablename__ = "accounts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    #: As the player wrote it (3–24 letters, digits, ``_`` and ``-``).
    username: Mapped[str] = mapped_column(String(24))
    #: The username in lower case: unique, so "Ken" and "ken" are one account.
    username_key: Mapped[str] = mapped_column(String(24), unique=True)
    #: argon2id (argon2-cffi's ``PasswordHasher``).
    password_hash: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[float] = mapped_column(Float)
    email: Mapped[str | None] = mapped_column(String(254), nullable=True)
    email_notify: Mapped[bool] = mapped_column(Boolean, default=False)
    #: The account's one-click unsubscribe code, in every email (its only power: to stop the emails).
    unsubscribe_code: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    #: The language of the account's emails (``"en"`` or ``"ja"``).
    lang: Mapped[str | None] = mapped_column(String(8), nullable=True)


class AccountSessionRow(Base):
    """A signed-in browser: the hash of the token in its cookie (the token itself is never stored)."""

    __tablename__ = "account_sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[int] = mapped_column(Integer, ForeignKey("accounts.id"), index=True)
    created_at: Mapped[float] = mapped_column(Float)
    expires_at: Mapped[float] = mapped_column(Float)


class RatingRow(Base):
    """An account's rating of one game (``game_key``: ``"<game>"`` or ``"<game>:<rules>"``)."""

    __tablename__ = "ratings"

    account_id: Mapped[int] = mapped_column(Integer, ForeignKey("accounts.id"), primary_key=True)
    game_key: Mapped[str] = mapped_column(String(80), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)
    wins: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[float] = mapped_column(Float)


class RatingHistoryRow(Base):
    """An account's rating of a game after one finished game (``room_id``)."""

    __tablename__ = "rating_history"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    account_id: Mapped[int] = mapped_column(Integer, ForeignKey("accounts.id"), index=True)
    game_key: Mapped[str] = mapped_column(String(80))
    room_id: Mapped[str] = mapped_column(String(32), ForeignKey("rooms.id"))
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    created_at: Mapped[float] = mapped_column(Float)


class PasskeyRow(Base):
    """A passkey of an account (a WebAuthn credential, verified by py_webauthn when it was added)."""

    __tablename__ = "passkeys"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    #: The credential's id, base64url (as the browser sends it back when signing in).
    credential_id: Mapped[str] = mapped_column(String(1400), unique=True)
    account_id: Mapped[int] = mapped_column(Integer, ForeignKey("accounts.id"), index=True)
    #: The credential's public key (COSE).
    public_key: Mapped[bytes] = mapped_column(LargeBinary)
    #: The authenticator's signature counter at its last use (0: an authenticator that keeps none).
    sign_count: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[float] = mapped_column(Float)


class PasskeyChallengeRow(Base):
    """A WebAuthn challenge the server handed out and not yet answered: single-use (deleted by its answer),
    valid until ``expires_at``. ``account_id``: the account adding a passkey (None: a sign-in)."""

    __tablename__ = "passkey_challenges"

    #: The SHA-256 of the challenge, hex.
    challenge_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    purpose: Mapped[str] = mapped_column(String(16))
    account_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    expires_at: Mapped[float] = mapped_column(Float, index=True)


ACCOUNTS = Base.metadata.tables["accounts"]
ACCOUNT_SESSIONS = Base.metadata.tables["account_sessions"]
RATINGS = Base.metadata.tables["ratings"]
RATING_HISTORY = Base.metadata.tables["rating_history"]
PASSKEYS = Base.metadata.tables["passkeys"]
PASSKEY_CHALLENGES = Base.metadata.tables["passkey_challenges"]
