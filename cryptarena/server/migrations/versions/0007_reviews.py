"""Game reviews: one row per (source, seat, reviewer), queued, claimed with a lease, then done or failed.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "reviews",
        sa.Column("id", sa.String(22), primary_key=True),
        sa.Column("source", sa.String(8), nullable=False),
        sa.Column("source_id", sa.String(32), nullable=False),
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("reviewer", sa.String(32), nullable=False),
        sa.Column("status", sa.String(8), nullable=False),
        sa.Column("done", sa.Integer, nullable=False, server_default="0"),
        sa.Column("total", sa.Integer, nullable=False, server_default="0"),
        sa.Column("result", sa.Text, nullable=True),
        sa.Column("error", sa.Text, nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("lease_until", sa.DateTime(timezone=True), nullable=True),
        sa.UniqueConstraint("source", "source_id", "seat", "reviewer", name="uq_reviews_source_seat_reviewer"),
    )
    # what a worker's claim reads: queued reviews, and running ones whose lease has run out
    op.create_index("ix_reviews_status_lease", "reviews", ["status", "lease_until"])


def downgrade() -> None:
    op.drop_index("ix_reviews_status_lease", table_name="reviews")
    op.drop_table("reviews")
