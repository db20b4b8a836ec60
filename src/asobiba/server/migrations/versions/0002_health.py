"""health: the row each server process writes every second to know the database takes writes

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "health",
        sa.Column("node", sa.String(32), primary_key=True),
        sa.Column("checked_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("health")
