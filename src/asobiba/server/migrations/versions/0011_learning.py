"""learning rooms: a room where a player alone among bots hears, after each of their moves, a one-line
verdict of it (the ``learning`` room option)

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # rooms made before are not learning rooms
    op.add_column("rooms", sa.Column("learning", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("rooms") as rooms:  # SQLite drops a column by copying the table
        rooms.drop_column("learning")
