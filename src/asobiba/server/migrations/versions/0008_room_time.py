"""room time: the seq whose decision ran out of time in a room (its stand-in decides; the timeout is
counted once, by whichever process claims it first)

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("rooms", sa.Column("timed_out_seq", sa.Integer, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("rooms") as rooms:  # SQLite drops a column by copying the table
        rooms.drop_column("timed_out_seq")
