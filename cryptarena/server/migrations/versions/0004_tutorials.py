"""Tutorials: a table may be played along a lesson (its id), which keeps it out of the lobby's lists.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:  # batch: SQLite rebuilds the table, PostgreSQL alters
        batch.add_column(sa.Column("tutorial", sa.String(32), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:
        batch.drop_column("tutorial")
