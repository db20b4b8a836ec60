"""rooms, seats and actions

Revision ID: 0001
Revises:
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rooms",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("name", sa.String(80), nullable=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("bot_delay", sa.Float, nullable=False),
        sa.Column("grace", sa.Float, nullable=False),
        sa.Column("clock", sa.Text, nullable=True),
        sa.Column("deadline", sa.Float, nullable=True),
        sa.Column("deadline_seq", sa.Integer, nullable=True),
        sa.Column("decision_started", sa.Float, nullable=True),
        sa.Column("rematch_of", sa.String(32), nullable=True),
        sa.Column("rematch", sa.String(32), nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_index("ix_rooms_status", "rooms", ["status"])
    op.create_table(
        "seats",
        sa.Column("room_id", sa.String(32), sa.ForeignKey("rooms.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("name", sa.String(80), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("taken_over", sa.Boolean, nullable=False),
        sa.Column("bank", sa.Float, nullable=True),
        sa.Column("previous_seat", sa.Integer, nullable=True),
    )
    op.create_index("ix_seats_token_hash", "seats", ["token_hash"])
    op.create_table(
        "actions",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("room_id", sa.String(32), sa.ForeignKey("rooms.id"), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("player", sa.Integer, nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.UniqueConstraint("room_id", "seq", name="uq_actions_room_seq"),
    )
    op.create_index("ix_actions_room_id", "actions", ["room_id"])


def downgrade() -> None:
    op.drop_table("actions")
    op.drop_table("seats")
    op.drop_table("rooms")
