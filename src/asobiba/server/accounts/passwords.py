"""Passwords, hashed with argon2id (argon2-cffi's :class:`PasswordHasher`, its default parameters).

A sign-in with an unknown username verifies the password against :data:`DUMMY_HASH`, so it costs
what a wrong password costs: the answer (401) and its time say nothing about which usernames exist.
"""

from __future__ import annotations

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

#: The hasher of every password (argon2id).
HASHER = PasswordHasher()

#: A hash of no account's password, verified when the username is unknown (same parameters as
#: every stored hash, so the same cost).
DUMMY_HASH = HASHER.hash("asobiba: a password nobody has")

#: The shortest password taken.
MIN_PASSWORD_LENGTH = 10
#: The longest password taken (argon2 would take more; nobody types more).
MAX_PASSWORD_LENGTH = 200


def hash_password(password: str) -> str:
    return HASHER.hash(password)


def password_matches(stored_hash: str | None, password: str) -> bool:
    """Is ``password`` the one of ``stored_hash``? With None (no such account) the password is
    verified against :data:`DUMMY_HASH` all the same, and the answer is False."""
    try:
        matched = HASHER.verify(stored_hash if stored_hash is not None else DUMMY_HASH, password)
    except (VerificationError, InvalidHashError):
        return False
    return matched and stored_hash is not None


__all__ = ["DUMMY_HASH", "HASHER", "MAX_PASSWORD_LENGTH", "MIN_PASSWORD_LENGTH", "hash_password", "password_matches"]
