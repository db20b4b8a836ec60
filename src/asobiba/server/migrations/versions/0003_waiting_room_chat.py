"""the waiting room (rooms.started, listed, creator), kept chat and the log's seat lines

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # rooms made before the waiting room existed had started at once: they stay started
    op.add_column("rooms", sa.Column("started", sa.Boolean, nullable=False, server_default=sa.true()))
    op.add_column("rooms", sa.Column("listed", sa.Boolean, nullable=False, server_default=sa.false()))
    op.add_column("rooms", sa.Column("creator", sa.String(64), nullable=True))
    op.create_index("ix_rooms_listed_started", "rooms", ["listed", "started"])
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("room_id", sa.String(32), sa.ForeignKey("rooms.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(80), nullable=True),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("ix_chat_room_id", "chat", ["room_id", "id"])
    op.create_table(
        "notices",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("room_id", sa.String(32), sa.ForeignKey("rooms.id"), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("ix_notices_room_id", "notices", ["room_id", "id"])


def downgrade() -> None:
    op.drop_index("ix_notices_room_id", "notices")
    op.drop_table("notices")
    op.drop_index("ix_chat_room_id", "chat")
    op.drop_table("chat")
    op.drop_index("ix_rooms_listed_started", "rooms")
    with op.batch_alter_table("rooms") as rooms:  # SQLite drops a column by copying the table
        rooms.drop_column("creator")
        rooms.drop_column("listed")
        rooms.drop_column("started")
