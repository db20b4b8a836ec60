"""passkeys: an account's passkeys (WebAuthn credentials) and the challenges handed out for adding one or
signing in with one (single-use, five minutes)

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "passkeys",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        # the credential's id, base64url
        sa.Column("credential_id", sa.String(1400), nullable=False, unique=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False, index=True),
        # the credential's public key (COSE)
        sa.Column("public_key", sa.LargeBinary, nullable=False),
        sa.Column("sign_count", sa.Integer, nullable=False, server_default="0"),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "passkey_challenges",
        # the SHA-256 of the challenge (hex); deleted by its answer: a challenge is used once
        sa.Column("challenge_hash", sa.String(64), primary_key=True),
        # "register" (adding a passkey to account_id) or "sign-in"
        sa.Column("purpose", sa.String(16), nullable=False),
        sa.Column("account_id", sa.Integer, nullable=True),
        sa.Column("expires_at", sa.Float, nullable=False, index=True),
    )


def downgrade() -> None:
    op.drop_table("passkey_challenges")
    op.drop_table("passkeys")
