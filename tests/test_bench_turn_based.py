"""`bench/turn_based_load.py` at tiny scale: the database it builds is what the server reads, the
sweeps find the tables it made due, and what it prints is what it counted — never how fast."""

from __future__ import annotations

import json
import socket
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy import select

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
import turn_based_db  # noqa: E402
import turn_based_load  # noqa: E402

from cryptarena.server.clocks import TURN_BASED_DEFAULT  # noqa: E402
from cryptarena.server.schema import as_utc, seats, tables  # noqa: E402
from cryptarena.server.store import Append, Store  # noqa: E402

TABLES, DUE = 200, 7


def tiny(*extra: str):
    return turn_based_load.parse_args(["--tables", str(TABLES), "--due", str(DUE), "--percent", "100",
                                       "--minutes", "0.05", "--idle", "0.5", "--sweep-runs", "3", *extra])


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    url = f"sqlite:///{tmp_path_factory.mktemp('built') / 'tables.db'}"
    return turn_based_db.build(url, tables_n=TABLES, due=DUE, seed=3)


def test_the_built_tables_are_turn_based_tables_in_play_with_consistent_clocks(built):
    store = Store(built.url)
    try:
        with store.engine.connect() as conn:
            rows = conn.execute(select(tables)).all()
            seat_rows = conn.execute(select(seats)).all()
        assert len(rows) == TABLES and len(seat_rows) == TABLES * built.players
        assert {(r.status, r.pace, r.clock_reserve, r.clock_increment, r.on_timeout) for r in rows} == \
            {("playing", "turn-based", *TURN_BASED_DEFAULT, "vote")}
        assert sum(r.version for r in rows) == built.moves
        by_table: dict[str, list] = {}
        for row in seat_rows:
            by_table.setdefault(row.table_id, []).append(row)
        for row in rows:
            mine = by_table[row.id]
            waiting = sorted(s.seat for s in mine if s.waiting_since is not None)
            assert waiting == sorted(built.waiting[row.id])
            for seat in mine:
                assert seat.kind == "human" and seat.player_id and 0 < seat.clock_left <= TURN_BASED_DEFAULT[0]
                if seat.waiting_since is not None:
                    assert as_utc(seat.deadline) == as_utc(seat.waiting_since) + timedelta(seconds=seat.clock_left)
                    assert as_utc(seat.waiting_since) <= built.now
            assert as_utc(row.next_deadline) == min(as_utc(s.deadline) for s in mine if s.deadline is not None)
        assert sum(as_utc(r.next_deadline) <= built.now for r in rows) == DUE
    finally:
        store.close()


def test_a_stored_table_loads_knows_its_tokens_and_takes_a_move(built):
    store = Store(built.url, clock=lambda: built.now)
    try:
        table_id = next(iter(built.waiting))
        state, version = store.load_state(table_id)  # no snapshot: replayed from the seed and the moves
        assert state.to_act() == built.waiting[table_id] and version == len(state.history)
        seat = state.to_act()[0]
        assert store.seat_for_token(table_id, built.token(table_id, seat)) == seat
        assert store.seat_for_token(table_id, built.token(table_id, seat) + "x") is None
        record = store.get_table(table_id)
        before = record.seats[seat].clock
        state.apply(seat, state.legal_actions(seat)[0])
        outcome = store.append_batch([Append(table_id, version, state.history[version:], state, record.clock)])
        assert outcome == [version + 1]
        after = store.get_table(table_id).seats[seat].clock  # the move's clock bookkeeping ran on the built row
        if seat in state.to_act():  # a move of several actions: charged up to now, still running
            assert after.since == built.now and after.left == pytest.approx(before.left_at(built.now))
        else:  # their turn handed over: charged, credited the increment, stopped
            assert after.since is None
            assert after.left == pytest.approx(min(TURN_BASED_DEFAULT[0], before.left_at(built.now) + TURN_BASED_DEFAULT[1]))
    finally:
        store.close()


@pytest.fixture(scope="module")
def row():
    return turn_based_load.run(tiny())


def test_the_sweeps_find_the_tables_made_due(row):
    passes = {p["due"]: p for p in row["sweep"]["passes"]}
    assert passes[0]["timed_out"] == [0] and passes[DUE]["timed_out"] == [DUE]
    assert row["sweep"]["index_used"] and "next_deadline" in row["sweep"]["query"]
    # the server's own sweep: each table due timed out once (more may fall due while the bench runs)
    assert row["stored"]["out_of_time_tables"] == sum(row["stored"]["out_of_time_logged"]) >= DUE


def test_the_moves_counted_are_the_moves_stored(row):
    visits = row["visits"]
    assert visits["moves"] > 0 and visits["errors"] == 0, visits["error_codes"]
    assert row["stored"]["moves_stored"] == visits["moves"]
    assert 0 < visits["move_p50_ms"] <= visits["move_p99_ms"] <= visits["move_max_ms"]
    assert row["database"]["tables"] == TABLES and row["database"]["bytes"] > 0
    for side in ("empty", "loaded"):
        assert len(row[side]["rss_start_mib"]) == row["processes"] == 1
        assert row[side]["rss_start_mib"][0] > 0 and row[side]["startup_s"][0] > 0


def test_the_table_and_the_json_show_the_figures(row, capsys):
    turn_based_load.render(row)
    printed = capsys.readouterr().out
    shown = dict(turn_based_load.lines(row))
    v = row["visits"]
    assert f"{v['moves']:,} in " in shown["moves"] and shown["errors"] == "0"
    assert shown["move p50 / p99 / max ms"] == f"{v['move_p50_ms']:.1f} / {v['move_p99_ms']:.1f} / {v['move_max_ms']:.1f}"
    assert shown[f"clock sweep, {DUE} due"].endswith(f"timed out [{DUE}]")
    assert f"{TABLES} turn-based crypt tables of 3" in shown["database"]
    for name, value in shown.items():
        assert name in printed and value.split()[0] in printed
    assert json.loads(json.dumps(row, default=str))["visits"]["moves"] == v["moves"]


def _reachable(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=2):
            return True
    except OSError:
        return False


def test_two_processes_on_postgres_sweep_each_table_once():
    if not (_reachable("127.0.0.1", 5432) and _reachable("127.0.0.1", 6379)):
        pytest.skip("PostgreSQL at 127.0.0.1:5432 and Redis at 127.0.0.1:6379 are needed")
    found = turn_based_load.run(tiny("--db", "pg"))
    assert found["processes"] == 2 and found["redis"]
    assert found["visits"]["moves"] > 0 and found["visits"]["errors"] == 0, found["visits"]["error_codes"]
    assert found["stored"]["moves_stored"] == found["visits"]["moves"]
    # (no index asserted: PostgreSQL rightly reads 200 rows straight; at 100,000 it uses the index)
    assert found["stored"]["out_of_time_tables"] == sum(found["stored"]["out_of_time_logged"]) >= DUE
