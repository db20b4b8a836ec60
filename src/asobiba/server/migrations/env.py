"""Alembic environment: the server passes its open connection (``config.attributes["connection"]``)."""

from __future__ import annotations

from typing import Any

from alembic import context
from alembic.config import Config

from asobiba.server.accounts import rows as _account_rows  # noqa: F401  (their tables in the metadata)
from asobiba.server.storage import Base


def run_migrations(connection: Any) -> None:
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        render_as_batch=connection.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        context.run_migrations()


_config: Config | None
try:
    _config = context.config
except (NameError, AttributeError):  # imported outside a migration run (pytest's doctest collection): nothing to do
    _config = None
if _config is not None:
    run_migrations(_config.attributes["connection"])
