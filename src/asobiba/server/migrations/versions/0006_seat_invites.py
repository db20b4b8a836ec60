"""seat invites: the hash of a free seat's invite code, and a rematch's seats kept for their players

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # seats made before invites have no code: their plain ?seat=N links keep working (open seats)
    op.add_column("seats", sa.Column("invite_hash", sa.String(64), nullable=True))
    op.add_column("seats", sa.Column("kept", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("seats") as seats:  # SQLite drops a column by copying the table
        seats.drop_column("kept")
        seats.drop_column("invite_hash")
