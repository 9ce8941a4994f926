"""An index on a table's pace and status: the leavers' sweep asks every few seconds, in every server
process, for the people at *live* tables in play; without it the database read every seat of every
stored table (turn-based ones included) to find them — half a second a pass at 100,000 stored tables
(bench/turn_based_load.py), where with it the pass reads only the live tables in play.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-27
"""

from __future__ import annotations

from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_game_tables_pace_status", "game_tables", ["pace", "status"])


def downgrade() -> None:
    op.drop_index("ix_game_tables_pace_status", table_name="game_tables")
