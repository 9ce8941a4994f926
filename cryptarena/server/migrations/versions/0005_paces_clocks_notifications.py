"""Paces, a clock per person, votes on the out-of-time, and notifications (settings and the outbox).

The table-wide turn clock becomes a per-person clock: a table that had `turn_clock` seconds gets that
reserve and that increment (each turn starts full again, as before), and the bot rule on timeout.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def _drop(table: str, column: str) -> None:
    """SQLite drops a column in place (3.35+): a batch rebuild of game_tables would drop the table under
    its seats and moves, whose foreign keys cascade."""
    if op.get_bind().dialect.name == "sqlite":
        op.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
    else:
        op.drop_column(table, column)


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:  # adding columns: no rebuild on either database
        batch.add_column(sa.Column("pace", sa.String(16), nullable=False, server_default="live"))
        batch.add_column(sa.Column("clock_reserve", sa.Integer, nullable=True))
        batch.add_column(sa.Column("clock_increment", sa.Integer, nullable=False, server_default="0"))
        batch.add_column(sa.Column("on_timeout", sa.String(8), nullable=False, server_default="bot"))
        batch.add_column(sa.Column("next_deadline", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("started_at", sa.DateTime(timezone=True), nullable=True))
    op.create_index("ix_game_tables_next_deadline", "game_tables", ["next_deadline"])
    op.execute("UPDATE game_tables SET clock_reserve = turn_clock, clock_increment = turn_clock "
               "WHERE turn_clock IS NOT NULL")
    _drop("game_tables", "turn_clock")
    with op.batch_alter_table("table_seats") as batch:
        batch.add_column(sa.Column("clock_left", sa.Float, nullable=True))
        batch.add_column(sa.Column("waiting_since", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("deadline", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("out_of_time", sa.Boolean, nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("notified", sa.Boolean, nullable=False, server_default=sa.false()))
    with op.batch_alter_table("result_seats") as batch:
        batch.add_column(sa.Column("expelled", sa.Boolean, nullable=False, server_default=sa.false()))
    op.create_table(
        "clock_votes",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("target", sa.Integer, primary_key=True),
        sa.Column("voter", sa.Integer, primary_key=True),
        sa.Column("choice", sa.String(8), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "player_settings",
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("email", sa.String(254), nullable=True),
        sa.Column("email_pending", sa.String(254), nullable=True),
        sa.Column("email_confirmed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("webhook_url", sa.String(2000), nullable=True),
        sa.Column("prefs", sa.Text, nullable=False, server_default="{}"),
        sa.Column("lang", sa.String(8), nullable=False, server_default="en"),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "outbox",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("player_id", sa.String(32), nullable=False),
        sa.Column("channel", sa.String(8), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("table_id", sa.String(32), nullable=True),
        sa.Column("params", sa.Text, nullable=False, server_default="{}"),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False, server_default="0"),
        sa.Column("due_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("claimed_by", sa.String(64), nullable=True),
        sa.Column("claimed_until", sa.DateTime(timezone=True), nullable=True),
        sa.Column("last_error", sa.Text, nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_outbox_player_id", "outbox", ["player_id"])
    op.create_index("outbox_due", "outbox", ["status", "due_at"])


def downgrade() -> None:
    op.drop_index("outbox_due", "outbox")
    op.drop_index("ix_outbox_player_id", "outbox")
    op.drop_table("outbox")
    op.drop_table("player_settings")
    op.drop_table("clock_votes")
    _drop("result_seats", "expelled")
    for column in ("notified", "out_of_time", "deadline", "waiting_since", "clock_left"):
        _drop("table_seats", column)
    with op.batch_alter_table("game_tables") as batch:
        batch.add_column(sa.Column("turn_clock", sa.Integer, nullable=True))
    op.execute("UPDATE game_tables SET turn_clock = clock_reserve WHERE clock_reserve IS NOT NULL")
    op.drop_index("ix_game_tables_next_deadline", "game_tables")
    for column in ("started_at", "next_deadline", "on_timeout", "clock_increment", "clock_reserve", "pace"):
        _drop("game_tables", column)
