"""accounts: players who come back — accounts, their sessions, the account of a seat (or the account a seat
is reserved for), resignations and timeouts of a seat, a room's pace, timeout policy and whether it is rated,
and each account's ratings with their history

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("username", sa.String(24), nullable=False),
        # the username in lower case: unique, so "Ken" and "ken" are one account
        sa.Column("username_key", sa.String(24), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(200), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("email", sa.String(254), nullable=True),
        sa.Column("email_notify", sa.Boolean, nullable=False, server_default=sa.false()),
        # the account's one-click unsubscribe code, in every email (its only power: to stop the emails)
        sa.Column("unsubscribe_code", sa.String(64), nullable=True, index=True),
        # the language of the account's emails ("en" or "ja": the page's language when the address was given)
        sa.Column("lang", sa.String(8), nullable=True),
    )
    op.create_table(
        "account_sessions",
        # the hash of the session's token (the token itself lives only in the player's cookie)
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False, index=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
    )
    op.create_table(
        "ratings",
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
        # "<game>" or "<game>:<rules>"
        sa.Column("game_key", sa.String(80), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False, server_default="0"),
        sa.Column("wins", sa.Integer, nullable=False, server_default="0"),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_table(
        "rating_history",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False, index=True),
        sa.Column("game_key", sa.String(80), nullable=False),
        sa.Column("room_id", sa.String(32), sa.ForeignKey("rooms.id"), nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    # rooms made before: live and rated, as new rooms are by default
    op.add_column("rooms", sa.Column("pace", sa.String(16), nullable=False, server_default="live"))
    op.add_column("rooms", sa.Column("timeout_policy", sa.String(16), nullable=True))
    op.add_column("rooms", sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.true()))
    # when the game ended, and when its ratings were counted (once, whichever process sees the end first)
    op.add_column("rooms", sa.Column("finished_at", sa.Float, nullable=True))
    op.add_column("rooms", sa.Column("rated_at", sa.Float, nullable=True))
    op.create_index("ix_rooms_deadline", "rooms", ["deadline"])
    op.add_column("seats", sa.Column("account_id", sa.Integer, nullable=True))
    op.add_column("seats", sa.Column("reserved_for", sa.Integer, nullable=True))
    op.add_column("seats", sa.Column("resigned", sa.Boolean, nullable=False, server_default=sa.false()))
    op.add_column("seats", sa.Column("timeouts", sa.Integer, nullable=False, server_default="0"))
    op.add_column("seats", sa.Column("notified_at", sa.Float, nullable=True))
    op.create_index("ix_seats_account_id", "seats", ["account_id"])
    op.create_index("ix_seats_reserved_for", "seats", ["reserved_for"])


def downgrade() -> None:
    op.drop_index("ix_seats_reserved_for", "seats")
    op.drop_index("ix_seats_account_id", "seats")
    with op.batch_alter_table("seats") as seats:  # SQLite drops a column by copying the table
        for column in ("notified_at", "timeouts", "resigned", "reserved_for", "account_id"):
            seats.drop_column(column)
    op.drop_index("ix_rooms_deadline", "rooms")
    with op.batch_alter_table("rooms") as rooms:
        for column in ("rated_at", "finished_at", "rated", "timeout_policy", "pace"):
            rooms.drop_column(column)
    op.drop_table("rating_history")
    op.drop_table("ratings")
    op.drop_table("account_sessions")
    op.drop_table("accounts")
