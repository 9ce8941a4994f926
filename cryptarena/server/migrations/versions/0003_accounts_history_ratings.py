"""Accounts, history and ratings: players (guests and accounts), who sat where, whether a table is
rated and may be watched, every finished table's result, the ratings, failed sign-ins, imported
replays.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMN, not a batch: on SQLite a batch rebuilds the table, and dropping the old
    # game_tables would cascade to its seats and moves.
    op.add_column("game_tables", sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.true()))
    op.add_column("game_tables", sa.Column("spectators", sa.Boolean, nullable=False, server_default=sa.true()))
    op.add_column("table_seats", sa.Column("player_id", sa.String(32), nullable=True))
    op.add_column("table_seats", sa.Column("stood_in", sa.Boolean, nullable=False, server_default=sa.false()))
    op.create_index("ix_table_seats_player_id", "table_seats", ["player_id"])
    op.create_table(
        "players",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("login", sa.String(40), nullable=True, unique=True),
        sa.Column("password_hash", sa.String(255), nullable=True),
        sa.Column("session_epoch", sa.Integer, nullable=False, server_default="0"),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "results",
        sa.Column("seq", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("game_tables.id", ondelete="CASCADE"), nullable=False,
                  unique=True),
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("moves", sa.Integer, nullable=False),
        sa.Column("winners", sa.Text, nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("rating_class", sa.String(8), nullable=True),
        sa.Column("rating_done", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("results_game_finished", "results", ["game_id", "finished_at"])
    op.create_table(
        "result_seats",
        sa.Column("seq", sa.Integer, sa.ForeignKey("results.seq", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("player_id", sa.String(32), nullable=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("agent", sa.String(32), nullable=True),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("side", sa.Integer, nullable=False),
        sa.Column("total", sa.Float, nullable=False),
        sa.Column("won", sa.Boolean, nullable=False),
        sa.Column("stood_in", sa.Boolean, nullable=False),
        sa.Column("rating_key", sa.String(48), nullable=True),
        sa.Column("mu_before", sa.Float, nullable=True),
        sa.Column("sigma_before", sa.Float, nullable=True),
        sa.Column("mu_after", sa.Float, nullable=True),
        sa.Column("sigma_after", sa.Float, nullable=True),
    )
    op.create_index("ix_result_seats_player_id", "result_seats", ["player_id"])
    op.create_table(
        "ratings",
        sa.Column("rating_key", sa.String(48), primary_key=True),
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("rating_class", sa.String(8), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("wins", sa.Integer, nullable=False),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "sign_in_failures",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("login", sa.String(40), nullable=False),
        sa.Column("address", sa.String(64), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    for column in ("login", "address", "at"):
        op.create_index(f"ix_sign_in_failures_{column}", "sign_in_failures", [column])
    op.create_table(
        "imported_replays",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("history", sa.Text, nullable=False),
        sa.Column("seats", sa.Text, nullable=False, server_default="[]"),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("imported_replays")
    op.drop_table("sign_in_failures")
    op.drop_table("ratings")
    op.drop_table("result_seats")
    op.drop_index("results_game_finished", table_name="results")
    op.drop_table("results")
    op.drop_table("players")
    op.drop_index("ix_table_seats_player_id", table_name="table_seats")
    for table, column in (("table_seats", "stood_in"), ("table_seats", "player_id"),
                          ("game_tables", "spectators"), ("game_tables", "rated")):
        op.drop_column(table, column)  # SQLite 3.35+ drops a plain column in place (no rebuild, no cascade)
