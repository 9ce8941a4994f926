"""Leavers and clocks: a table's turn clock, and for each seat who is away (a bot plays for them) and
when a socket of theirs was last seen.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:  # batch: SQLite rebuilds the table, PostgreSQL alters
        batch.add_column(sa.Column("turn_clock", sa.Integer, nullable=True))
    with op.batch_alter_table("table_seats") as batch:
        batch.add_column(sa.Column("away", sa.String(16), nullable=True))
        batch.add_column(sa.Column("seen_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("table_seats") as batch:
        batch.drop_column("seen_at")
        batch.drop_column("away")
    with op.batch_alter_table("game_tables") as batch:
        batch.drop_column("turn_clock")
