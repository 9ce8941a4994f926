"""`bench/server_load.py` at tiny scale against real server processes: what it counts and prints,
never how fast anything is."""

from __future__ import annotations

import json
import math
import socket
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))  # spawned generators import it too
import server_load  # noqa: E402

from cryptarena.server.store import Store  # noqa: E402


def tiny_args(*extra: str):
    # long enough that a loaded machine (CI beside other work) still plays some moves in the window
    return server_load.parse_args(["--seconds", "6", "--think", "0.02", "--players", "3", *extra])


def stored_versions(db_url: str) -> tuple[int, int]:
    """(tables, sum of their versions) as the database holds them."""
    store = Store(db_url)
    try:
        records = store.list_tables(None, limit=10_000)
    finally:
        store.close()
    return len(records), sum(r.version for r in records)


@pytest.mark.parametrize("samples, p, expected", [
    (list(range(1, 101)), 50, 50), (list(range(1, 101)), 99, 99), (list(range(1, 101)), 100, 100),
    (list(range(1000, 0, -1)), 99, 990), (list(range(1000, 0, -1)), 50, 500),
    ([7.0], 99, 7.0), ([3, 1, 2], 50, 2), ([1, 2, 3, 4], 50, 2), ([1, 2, 3, 4], 51, 3),
])
def test_percentile_is_nearest_rank(samples, p, expected):
    assert server_load.percentile(samples, p) == expected


def test_percentile_of_nothing_is_nan():
    assert math.isnan(server_load.percentile([], 50))


@pytest.fixture(scope="module")
def sqlite_row(tmp_path_factory):
    db_url = f"sqlite:///{tmp_path_factory.mktemp('bench') / 'tables.db'}"
    return server_load.run_one("sqlite", 2, tiny_args(), db_url=db_url), db_url


def test_actions_counted_are_the_moves_the_server_stored(sqlite_row):
    row, db_url = sqlite_row
    tables, versions = stored_versions(db_url)
    assert row["actions"] > 0
    assert row["errors"] == 0, row["error_codes"]
    assert row["actions"] == versions
    assert row["tables_started"] == tables >= 2
    assert row["actions_per_s"] == pytest.approx(row["actions"] / 6)
    assert 0 < row["p50_ms"] <= row["p99_ms"] <= row["max_ms"]


def test_table_and_json_show_the_row(sqlite_row, capsys):
    row, _ = sqlite_row
    server_load.render([row], tiny_args())
    printed = capsys.readouterr().out
    line = next(text for text in printed.splitlines() if "SQLite, 1 process" in text)
    cells = [cell.strip() for cell in line.strip("│ ").split("│")]
    assert cells[:7] == ["SQLite, 1 process", "2", f"{row['connect_s']:.1f}", f"{row['actions_per_s']:.1f}",
                         f"{row['p50_ms']:.1f}", f"{row['p99_ms']:.1f}", f"{row['max_ms']:.1f}"]
    assert cells[7] == "0"
    assert row["connect_s"] > 0  # the first tables' sockets are greeted before the window, and timed
    assert "target" not in printed  # no N=500 row: nothing to judge
    assert json.loads(json.dumps(row, allow_nan=False))["actions"] == row["actions"]


@pytest.mark.parametrize("p99, verdict", [(50.0, "met"), (49.9, "met"), (50.1, "NOT met")])
def test_target_is_judged_at_500_tables_only(p99, verdict):
    rows = [{"setup": "sqlite", "tables": 100, "label": "A", "p99_ms": 999.0, "think_s": 1.0},
            {"setup": "sqlite", "tables": 500, "label": "B", "p99_ms": p99, "think_s": 1.0},
            {"setup": "sqlite", "tables": 500, "label": "C", "p99_ms": 999.0, "think_s": 0.0}]  # stress: not judged
    lines = server_load.target_verdict(rows)
    assert lines == [f"target p99 <= 50 ms at N=500, B: {verdict} (p99 {p99:.1f} ms)"]


@pytest.mark.parametrize("two, verdict", [(301.0, "more"), (300.0, "NOT more"), (150.0, "NOT more")])
def test_scale_out_ratio_is_two_processes_over_one_on_postgres(two, verdict):
    rows = [{"setup": "pg", "tables": 500, "label": "one", "p99_ms": 1.0, "think_s": 0.0, "actions_per_s": 300.0},
            {"setup": "pg-redis", "tables": 500, "label": "two", "p99_ms": 1.0, "think_s": 0.0, "actions_per_s": two},
            {"setup": "pg-redis", "tables": 100, "label": "two", "p99_ms": 1.0, "think_s": 0.0, "actions_per_s": 9.0}]
    lines = server_load.target_verdict(rows)
    assert lines == [f"scale-out at N=500, think 0 s: 2 processes / 1 process on PostgreSQL = {two:.1f} / 300.0 "
                     f"actions/s = {two / 300:.2f}x ({verdict} with two)"]


def _reachable(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=2):
            return True
    except OSError:
        return False


def test_two_processes_on_postgres_and_redis_count_every_stored_move():
    """Seats alternate between the processes, so every move is seen through the Redis bus; two
    generator processes share the tables."""
    if not (_reachable("127.0.0.1", 5432) and _reachable("127.0.0.1", 6379)):
        pytest.skip("PostgreSQL at 127.0.0.1:5432 and Redis at 127.0.0.1:6379 are needed")
    with server_load.postgres_schema() as db_url:
        row = server_load.run_one("pg-redis", 3, tiny_args("--clients", "2"), db_url=db_url)
        tables, versions = stored_versions(db_url)
    assert row["processes"] == 2 and row["clients"] == 2
    assert row["errors"] == 0, row["error_codes"]
    assert row["actions"] > 0
    assert row["actions"] == versions
    assert row["tables_started"] == tables >= 3


def test_profile_shares_count_a_function_once_per_sample(tmp_path):
    """py-spy's folded stacks: a function on a stack twice (recursion, or two lines of it) is one
    sample of it; shares are of all samples."""
    folded = tmp_path / "server.txt"
    folded.write_text("main (app.py:1);handle (app.py:9);handle (app.py:12);commit (store.py:40) 3\n"
                      "main (app.py:1);send (app.py:30) 1\n")
    shares = dict(server_load.inclusive_shares(folded)["top"])
    assert server_load.inclusive_shares(folded)["samples"] == 4
    assert shares == {"main (app.py)": 1.0, "handle (app.py)": 0.75, "commit (store.py)": 0.75, "send (app.py)": 0.25}
