"""chat settings: whether spectators may chat (rooms.spectator_chat), the room's key of spectator ids
(rooms.chat_key), the spectators its creator muted (rooms.muted), and the spectator of a chat message
(chat.spectator)

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-09
"""

from __future__ import annotations

import secrets

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("rooms", sa.Column("spectator_chat", sa.Boolean, nullable=False, server_default=sa.false()))
    op.add_column("rooms", sa.Column("chat_key", sa.String(32), nullable=True))
    op.add_column("rooms", sa.Column("muted", sa.Text, nullable=True))
    op.add_column("chat", sa.Column("spectator", sa.String(16), nullable=True))
    rooms = sa.table(
        "rooms", sa.column("id", sa.String), sa.column("listed", sa.Boolean), sa.column("chat_key", sa.String)
    )
    # rooms made before: spectators chat where they could find the room (listed ones), as new rooms do
    op.execute(sa.text("UPDATE rooms SET spectator_chat = listed"))
    connection = op.get_bind()
    for (room_id,) in connection.execute(sa.select(rooms.c.id)).all():
        connection.execute(sa.update(rooms).where(rooms.c.id == room_id).values(chat_key=secrets.token_hex(16)))


def downgrade() -> None:
    with op.batch_alter_table("chat") as chat:  # SQLite drops a column by copying the table
        chat.drop_column("spectator")
    with op.batch_alter_table("rooms") as rooms:
        rooms.drop_column("muted")
        rooms.drop_column("chat_key")
        rooms.drop_column("spectator_chat")
