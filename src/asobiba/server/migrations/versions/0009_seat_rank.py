"""seat rank: each seat's place in a finished game's final ranking (1 the best; tied seats share it), and
the index a game's leaderboard is read by

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # games finished before have none (a profile shows no place for them)
    op.add_column("seats", sa.Column("rank", sa.Integer, nullable=True))
    op.create_index("ix_ratings_game_key_mu", "ratings", ["game_key", "mu"])


def downgrade() -> None:
    op.drop_index("ix_ratings_game_key_mu", "ratings")
    with op.batch_alter_table("seats") as seats:  # SQLite drops a column by copying the table
        seats.drop_column("rank")
