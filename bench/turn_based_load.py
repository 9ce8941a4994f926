"""`make bench-server`, last row: many stored turn-based tables, a few of them moving — what a
waiting table costs a server process (nothing, is the aim: no task, socket or timer per table, the
clocks read from the database through the index on the next deadline, by one process at a time).

1. A database of `--tables` turn-based tables in play (bench/turn_based_db.py: the real schema, bulk
   rows as the server would hold them, `--due` of them past their deadline).
2. The clock sweep against it, in this process: `Store.time_out_due` at moments chosen so that K
   tables are due (`--sweep-due`, default 0 and the built `--due`), median of `--sweep-runs`, the
   K tables put back between runs; and the database's own plan of the query it ran (EXPLAIN). Also
   the other queries a server runs whatever the tables do: the leavers' sweep (`replace_absent`,
   every 5 s), the lobby's list, a person's "your move" list.
3. A real `cryptarena serve` on an EMPTY database: its start-up time, its memory (VmRSS) and CPU
   while idle for `--idle` seconds. Then the same on the big database, and `--percent` of the tables
   moving a minute for `--minutes`: each move a person dropping by — a socket with the seat's token,
   hello, the seat's move once the table's state is in, the newer state awaited, the socket closed.
   Figures: the move's latency (act sent -> newer state received) and the visit's opening (connect ->
   first state), p50/p99; the memory after start, after the idle wait and at the end.

    .venv/bin/python bench/turn_based_load.py                        # 100,000 tables (SQLite), 2 minutes
    .venv/bin/python bench/turn_based_load.py --tables 5000 --minutes 0.5   # a quick look
    .venv/bin/python bench/turn_based_load.py --db pg                # PostgreSQL, two processes + Redis
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import os
import random
import secrets
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from datetime import timedelta
from pathlib import Path

import orjson
import websockets
from sqlalchemy import bindparam, event, func, select, update

sys.path.insert(0, str(Path(__file__).resolve().parent))
import server_load  # noqa: E402 - the servers, percentiles and CPU readings of the other server bench
import turn_based_db  # noqa: E402

from cryptarena.server.schema import as_utc, seats, tables  # noqa: E402
from cryptarena.server.store import Store  # noqa: E402
from cryptarena.server.turns_api import turns_of  # noqa: E402

percentile = server_load.percentile
VISIT_TIMEOUT = 30.0  # a visit not over by then counts as an error
SEAT_COLUMNS = ("clock_left", "waiting_since", "deadline", "out_of_time", "away", "stood_in", "notified")


# ---------------------------------------------------------------------- the database
@contextlib.contextmanager
def database(target: str, workdir: str, name: str):
    """A fresh database: a SQLite file in workdir, or (target "pg" or a PostgreSQL URL) a fresh schema,
    dropped afterwards."""
    if target == "sqlite":
        yield f"sqlite:///{workdir}/{name}.db"
        return
    import psycopg

    base = server_load.PG_URL if target == "pg" else target
    conn = psycopg.connect(base.replace("postgresql+psycopg://", "postgresql://"), autocommit=True)
    schema = f"bench_tb_{name}_{secrets.token_hex(4)}"
    conn.execute(f"CREATE SCHEMA {schema}")
    try:
        yield f"{base}?options=-csearch_path%3D{schema}"
    finally:
        conn.execute(f"DROP SCHEMA {schema} CASCADE")
        conn.close()


def database_bytes(url: str) -> int:
    """The SQLite file (its WAL included), or the PostgreSQL schema's tables and indexes."""
    if url.startswith("sqlite:///"):
        path = Path(url.removeprefix("sqlite:///"))
        return sum(p.stat().st_size for p in (path, Path(f"{path}-wal")) if p.exists())
    store = Store(url)
    try:
        with store.engine.connect() as conn:
            return int(conn.exec_driver_sql(
                "SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0) FROM pg_class c JOIN pg_namespace n "
                "ON n.oid = c.relnamespace WHERE n.nspname = current_schema() AND c.relkind = 'r'").scalar())
    finally:
        store.close()


def stored_totals(url: str) -> dict:
    """Versions summed over every table, and the seats out of time, as the database holds them."""
    store = Store(url)
    try:
        with store.engine.connect() as conn:
            versions = conn.execute(select(func.coalesce(func.sum(tables.c.version), 0))).scalar()
            out = conn.execute(select(func.count()).select_from(seats).where(seats.c.out_of_time)).scalar()
            playing = conn.execute(select(func.count()).select_from(tables).where(tables.c.status == "playing")).scalar()
    finally:
        store.close()
    return {"versions": int(versions), "out_of_time": int(out), "playing": int(playing)}


# ---------------------------------------------------------------------- the sweep, in this process
def median_ms(fn, runs: int) -> float:
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples) * 1000


def explain(conn, statement: str, parameters) -> list[str]:
    """The database's plan of a statement as it was run."""
    if conn.dialect.name == "sqlite":
        return [row[-1] for row in conn.exec_driver_sql("EXPLAIN QUERY PLAN " + statement, parameters)]
    return [row[0] for row in conn.exec_driver_sql("EXPLAIN " + statement, parameters)]


def sweep_figures(url: str, built, due_counts: list[int], runs: int) -> dict:
    """`Store.time_out_due` with K tables due, for each K: the median time of a pass, the people it
    timed out, and the plan of the query that found them. The K tables are put back as they were
    before each run and at the end (the server starts on the database as built)."""
    moment = {"now": built.now}
    store = Store(url, clock=lambda: moment["now"])
    ran: list[tuple[str, object]] = []

    def capture(_conn, _cursor, statement, parameters, _context, _many):
        if "next_deadline <=" in statement:
            ran.append((statement, parameters))

    try:
        most = max(due_counts)
        with store.engine.connect() as conn:
            first = conn.execute(select(tables.c.id, tables.c.next_deadline).where(tables.c.status == "playing",
                                                                                   tables.c.next_deadline.is_not(None))
                                 .order_by(tables.c.next_deadline).limit(max(1, most))).all()
            ids = [r.id for r in first]
            saved_seats = [dict(r._mapping) for r in conn.execute(
                select(seats.c.table_id, seats.c.seat, *(seats.c[c] for c in SEAT_COLUMNS))
                .where(seats.c.table_id.in_(ids)))] if most else []
        saved_tables = [{"tid": r.id, "nd": r.next_deadline} for r in first]

        def put_back() -> None:
            if not most:
                return
            with store.engine.begin() as conn:
                conn.execute(update(tables).where(tables.c.id == bindparam("tid"))
                             .values(next_deadline=bindparam("nd")), saved_tables)
                conn.execute(update(seats).where(seats.c.table_id == bindparam("t"), seats.c.seat == bindparam("s"))
                             .values(**{c: bindparam("v_" + c) for c in SEAT_COLUMNS}),
                             [{"t": r["table_id"], "s": r["seat"], **{"v_" + c: r[c] for c in SEAT_COLUMNS}}
                              for r in saved_seats])

        rows = []
        event.listen(store.engine, "before_cursor_execute", capture)
        for k in due_counts:
            # K due: the moment of the K-th earliest deadline (the earliest one less a second for none)
            moment["now"] = first[k - 1].next_deadline if k else first[0].next_deadline - timedelta(seconds=1)
            moment["now"] = as_utc(moment["now"])
            samples, timed_out = [], set()
            for _ in range(runs):
                put_back()
                start = time.perf_counter()
                changed = store.time_out_due()
                samples.append(time.perf_counter() - start)
                timed_out.add(len(changed))
            rows.append({"due": k, "median_ms": statistics.median(samples) * 1000,
                         "max_ms": max(samples) * 1000, "timed_out": sorted(timed_out), "runs": runs})
        event.remove(store.engine, "before_cursor_execute", capture)
        put_back()
        with store.engine.connect() as conn:
            statement, parameters = ran[-1]
            plan = explain(conn, statement, parameters)
        index = "ix_game_tables_next_deadline"
        return {"passes": rows, "query": " ".join(statement.split()), "plan": plan,
                "index_used": any(index in line for line in plan)}
    finally:
        store.close()


def query_figures(url: str, built, runs: int) -> dict:
    """What a server process asks the database whatever the tables do, median ms: the leavers' sweep
    (every 5 s in every process), the lobby's list of tables in play, one person's "your move" list."""
    store = Store(url, clock=lambda: built.now)
    try:
        with store.engine.connect() as conn:
            person = conn.execute(select(seats.c.player_id).limit(1)).scalar()
        cutoff = built.now - timedelta(seconds=60)
        return {"leavers_sweep_ms": median_ms(lambda: store.replace_absent(cutoff), runs),
                "lobby_list_ms": median_ms(lambda: store.list_tables("playing"), runs),
                "my_turns_ms": median_ms(lambda: turns_of(store.engine, person, built.now), runs)}
    finally:
        store.close()


# ---------------------------------------------------------------------- the servers
def rss_mib(pid: int) -> float:
    """A process's resident memory (VmRSS), MiB; NaN where /proc cannot tell."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return math.nan


@contextlib.contextmanager
def serving(db_url: str, count: int, redis_url: str | None, workdir: str, name: str, extra: tuple[str, ...] = ()):
    """`count` real `cryptarena serve` processes on one database, started one after the other (the
    first one migrates); yields [(base URL, Popen, start-up seconds)] once each answers /healthz."""
    started = []
    try:
        for index in range(count):
            port = server_load.free_port()
            command = server_load.SERVE + ["--host", "127.0.0.1", "--port", str(port), "--db", db_url,
                                           "--log-format", "json", *extra]
            if redis_url:
                command += ["--redis", redis_url]
            log = Path(workdir) / f"{name}{index}.log"
            began = time.perf_counter()
            with open(log, "wb") as out:
                process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=out, cwd=workdir)
            started.append((f"http://127.0.0.1:{port}", process, 0.0))
            server_load.wait_healthy(started[-1][0], process, log, timeout=300)
            started[-1] = (started[-1][0], process, time.perf_counter() - began)
        yield started
    finally:
        for _, process, _ in started:
            process.terminate()
        for _, process, _ in started:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()


def idle_figures(running, seconds: float) -> dict:
    """Memory after start, then CPU and memory over `seconds` of nothing asked of the servers."""
    pids = [p.pid for _, p, _ in running]
    after_start = [rss_mib(pid) for pid in pids]
    cpu = [server_load.cpu_seconds(pid) for pid in pids]
    time.sleep(seconds)
    return {"startup_s": [s for *_, s in running], "rss_start_mib": after_start,
            "rss_idle_mib": [rss_mib(pid) for pid in pids],
            "idle_cpu_pct": [100 * (server_load.cpu_seconds(pid) - c) / seconds for pid, c in zip(pids, cpu)]}


@contextlib.contextmanager
def sampling_rss(pids: list[int], every: float):
    """Each process's VmRSS every `every` seconds while the block runs (a table left held after its
    visit would show as memory rising with the moves; caches filling show as a plateau)."""
    samples: list[list[float]] = []
    stop = threading.Event()

    def sample() -> None:
        while not stop.wait(every):
            samples.append([rss_mib(pid) for pid in pids])

    thread = threading.Thread(target=sample, daemon=True)
    thread.start()
    try:
        yield samples
    finally:
        stop.set()
        thread.join()


def out_of_time_events(workdir: str, name: str, count: int) -> list[list[str]]:
    """The tables each process logged a person out of time at (the clock sweep's doing)."""
    found = []
    for index in range(count):
        tables_seen = []
        for line in (Path(workdir) / f"{name}{index}.log").read_text().splitlines():
            with contextlib.suppress(ValueError):
                record = json.loads(line)
                if record.get("event") == "out_of_time":
                    tables_seen.append(record.get("table_id"))
        found.append(tables_seen)
    return found


# ---------------------------------------------------------------------- people dropping by
class Visits:
    """`percent` of the tables a minute, each a person who opens the table, plays the move the table
    waits on from their seat, sees it stored, and leaves. Arrivals are a Poisson process."""

    def __init__(self, built, bases: list[str], percent: float, seconds: float, seed: int):
        self.built, self.bases, self.seconds = built, bases, seconds
        self.rate = built.tables * percent / 100 / 60  # visits a second
        self.rng = random.Random(seed)
        self.waiting = dict(built.waiting)  # table -> seats it waits for, as this generator last saw
        self.ids = list(self.waiting)
        self.busy: set[str] = set()
        self.latencies: list[float] = []
        self.openings: list[float] = []
        self.errors: Counter = Counter()
        self.over = 0
        self.skipped = 0  # arrivals at a table whose previous visit was still under way (not sent)

    async def visit(self, table: str) -> None:
        seat = self.waiting[table][0]
        base = self.bases[self.rng.randrange(len(self.bases))]
        url = base.replace("http", "ws", 1) + f"/ws/tables/{table}"
        began = time.perf_counter()
        async with websockets.connect(url, max_size=2**23, open_timeout=VISIT_TIMEOUT) as ws:
            await ws.send(json.dumps({"type": "hello", "token": self.built.token(table, seat), "patches": True}))
            state = orjson.loads(await ws.recv())
            if state.get("type") != "state":
                self.errors[state.get("code", "?")] += 1
                return
            self.openings.append(time.perf_counter() - began)
            if seat not in state["to_act"] or not state["legal"]:
                self.errors["not_my_turn"] += 1
                self.waiting[table] = state["to_act"] or self.waiting[table]
                return
            action = self.rng.choice(state["legal"])
            sent = time.perf_counter()
            await ws.send(json.dumps({"type": "act", "action": action, "version": state["version"]}))
            async for raw in ws:
                message = orjson.loads(raw)
                if message.get("type") == "error":
                    self.errors[message.get("code", "?")] += 1
                    return
                if message.get("type") == "state" and message["version"] > state["version"]:
                    self.latencies.append(time.perf_counter() - sent)
                    if message["over"]:
                        self.over += 1
                        self.ids.remove(table)
                    else:
                        self.waiting[table] = message["to_act"]
                    return

    async def one(self, table: str) -> None:
        self.busy.add(table)
        try:
            await asyncio.wait_for(self.visit(table), VISIT_TIMEOUT)
        except Exception as exc:  # noqa: BLE001 - a failed visit is counted, the others go on
            self.errors[type(exc).__name__] += 1
        finally:
            self.busy.discard(table)

    async def run(self) -> float:
        """The window: arrivals until `seconds` are up, then the visits in flight awaited."""
        tasks: set[asyncio.Task] = set()
        start = time.perf_counter()
        loop = asyncio.get_running_loop()
        next_at = start + self.rng.expovariate(self.rate)
        while next_at < start + self.seconds:
            await asyncio.sleep(max(0.0, next_at - time.perf_counter()))
            table = self.rng.choice(self.ids)
            if table in self.busy:  # its previous visit still under way: this arrival is dropped, counted
                self.skipped += 1
            else:
                task = loop.create_task(self.one(table))
                tasks.add(task)
                task.add_done_callback(tasks.discard)
            next_at += self.rng.expovariate(self.rate)
        if tasks:
            await asyncio.wait(set(tasks), timeout=VISIT_TIMEOUT + 5)
        return time.perf_counter() - start


# ---------------------------------------------------------------------- one run
def run(args) -> dict:
    target = "sqlite" if args.db == "sqlite" else args.db
    processes = args.processes or (1 if target == "sqlite" else 2)
    redis_url = args.redis if processes > 1 else None
    with tempfile.TemporaryDirectory(prefix="bench-turn-based-") as workdir:
        with database(target, workdir, "empty") as empty_url, database(target, workdir, "tables") as url:
            say(f"building {args.tables:,} turn-based {args.game} tables of {args.players} ...")
            began = time.perf_counter()
            built = turn_based_db.build(url, tables_n=args.tables, game_id=args.game, players_n=args.players,
                                        due=args.due, seed=args.seed, snapshots=args.snapshots)
            build_s = time.perf_counter() - began
            before = stored_totals(url)
            say("the clock sweep and the standing queries ...")
            due_counts = sorted({min(k, args.tables) for k in args.sweep_due})
            sweep = sweep_figures(url, built, due_counts, args.sweep_runs)
            queries = query_figures(url, built, args.sweep_runs)
            Store(empty_url).close()  # the empty one gets its schema as any first start would
            say("a server on the empty database ...")
            extra = tuple(args.serve_args.split())
            with serving(empty_url, processes, redis_url, workdir, "empty", extra) as running:
                empty = idle_figures(running, args.idle)
            say(f"a server on the {args.tables:,} tables, then {args.percent:g} % of them moving a minute "
                f"for {args.minutes:g} min ...")
            with serving(url, processes, redis_url, workdir, "tables", extra) as running:
                loaded = idle_figures(running, args.idle)
                pids = [p.pid for _, p, _ in running]
                cpu = [server_load.cpu_seconds(pid) for pid in pids]
                visits = Visits(built, [b for b, _, _ in running], args.percent, args.minutes * 60, args.seed)
                with sampling_rss(pids, max(1.0, args.minutes * 60 / 12)) as rss_window:
                    window = asyncio.run(visits.run())
                loaded["rss_window_mib"] = rss_window
                loaded["window_cpu_pct"] = [100 * (server_load.cpu_seconds(pid) - c) / window
                                            for pid, c in zip(pids, cpu)]
                loaded["rss_end_mib"] = [rss_mib(pid) for pid in pids]
            after = stored_totals(url)
            swept = out_of_time_events(workdir, "tables", processes)
            mails = sum(1 for _ in Path(workdir).rglob("*.eml"))  # the notifier's "your move" mails (no --smtp)
            size = database_bytes(url)
    moves = len(visits.latencies)
    load = os.getloadavg()
    return {
        "database": {"kind": "SQLite" if target == "sqlite" else "PostgreSQL", "tables": args.tables,
                     "game": args.game, "players": args.players, "people": built.people, "moves": built.moves,
                     "due": built.due, "bytes": size, "build_s": build_s, "snapshots": args.snapshots},
        "processes": processes, "redis": bool(redis_url), "load_average_at_end": [round(x, 2) for x in load], "sweep": sweep, "queries": queries,
        "empty": empty, "loaded": loaded,
        "visits": {"percent_per_min": args.percent, "minutes": args.minutes, "window_s": window,
                   "moves": moves, "moves_per_min": moves / window * 60 if window else 0.0,
                   "finished_games": visits.over, "skipped_busy": visits.skipped,
                   "errors": sum(visits.errors.values()),
                   "error_codes": dict(visits.errors),
                   "move_p50_ms": percentile(visits.latencies, 50) * 1000,
                   "move_p99_ms": percentile(visits.latencies, 99) * 1000,
                   "move_max_ms": max(visits.latencies, default=math.nan) * 1000,
                   "open_p50_ms": percentile(visits.openings, 50) * 1000,
                   "open_p99_ms": percentile(visits.openings, 99) * 1000},
        "stored": {"versions_before": before["versions"], "versions_after": after["versions"],
                   "moves_stored": after["versions"] - before["versions"], "out_of_time_after": after["out_of_time"],
                   "out_of_time_logged": [len(s) for s in swept],
                   "out_of_time_tables": len({t for s in swept for t in s}), "mails_written": mails},
    }


def say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


# ---------------------------------------------------------------------- output
def _each(values: list[float], fmt: str) -> str:
    """One figure per server process."""
    return ", ".join(format(v, fmt) for v in values)


def _both(empty: list[float], loaded: list[float], fmt: str, unit: str = "") -> str:
    return f"empty {_each(empty, fmt)}{unit} | tables {_each(loaded, fmt)}{unit}"


def lines(row: dict) -> list[tuple[str, str]]:
    """The row as (figure, value) pairs, in the order printed."""
    db, sweep, q, empty, loaded, v, stored = (row[k] for k in ("database", "sweep", "queries", "empty", "loaded",
                                                               "visits", "stored"))
    n = f"{db['tables']:,}"
    window = loaded["rss_window_mib"] or [[math.nan]]
    out = [("database", f"{db['kind']}, {n} turn-based {db['game']} tables of {db['players']}, {db['people']:,} "
                        f"people, {db['moves']:,} moves, {db['bytes'] / 2**20:.0f} MiB, built in {db['build_s']:.0f} s"),
           ("server processes", f"{row['processes']}" + (" + Redis" if row["redis"] else "")
            + f"; machine load average at the end {row['load_average_at_end'][0]:.1f} (1 min)")]
    for p in sweep["passes"]:
        out.append((f"clock sweep, {p['due']} due", f"{p['median_ms']:.2f} ms median of {p['runs']} "
                                                    f"(max {p['max_ms']:.2f}), timed out {p['timed_out']}"))
    scans = [line.strip(" ->") for line in sweep["plan"] if "Scan" in line or "SCAN" in line or "SEARCH" in line]
    out += [("sweep query plan", ("uses ix_game_tables_next_deadline: " if sweep["index_used"] else "NO INDEX: ")
             + " | ".join(scan.split("  (cost")[0] for scan in scans)),
            ("leavers' sweep (every 5 s)", f"{q['leavers_sweep_ms']:.2f} ms"),
            ("lobby list, tables in play", f"{q['lobby_list_ms']:.2f} ms"),
            ("a person's turns", f"{q['my_turns_ms']:.2f} ms"),
            ("start-up s", _both(empty["startup_s"], loaded["startup_s"], ".2f")),
            ("RSS MiB after start", _both(empty["rss_start_mib"], loaded["rss_start_mib"], ".1f")),
            ("RSS MiB after idle", _both(empty["rss_idle_mib"], loaded["rss_idle_mib"], ".1f")),
            ("idle CPU", _both(empty["idle_cpu_pct"], loaded["idle_cpu_pct"], ".1f", " %")),
            ("moves", f"{v['moves']:,} in {v['window_s']:.0f} s ({v['moves_per_min']:.0f} a minute, "
                      f"{v['percent_per_min']:g} % of {n} asked), {v['finished_games']} games ended"),
            ("move p50 / p99 / max ms", f"{v['move_p50_ms']:.1f} / {v['move_p99_ms']:.1f} / {v['move_max_ms']:.1f}"),
            ("opening p50 / p99 ms", f"{v['open_p50_ms']:.1f} / {v['open_p99_ms']:.1f}"),
            ("errors", str(v["errors"]) + (f" {v['error_codes']}" if v["errors"] else "")),
            ("server CPU while moving", f"{_each(loaded['window_cpu_pct'], '.1f')} %"),
            ("RSS MiB at the end", _each(loaded["rss_end_mib"], ".1f")),
            ("RSS MiB while moving, first -> last sample", f"{_each(window[0], '.1f')} -> {_each(window[-1], '.1f')}"),
            ("moves stored", f"{stored['moves_stored']:,}"),
            ("mails written by the notifier", f"{stored['mails_written']:,}"),
            ("people timed out by the servers", f"{stored['out_of_time_tables']} tables ({db['due']} were due at "
                                                "the start, more fall due as the run goes on), logged by each process "
                                                f"{stored['out_of_time_logged']}")]
    return out


def render(row: dict) -> None:
    from rich.console import Console
    from rich.table import Table as RichTable

    v = row["visits"]
    grid = RichTable(title=f"Turn-based tables at rest: {row['database']['tables']:,} stored, "
                           f"{v['percent_per_min']:g} % moving a minute for {v['minutes']:g} min")
    grid.add_column("figure")
    grid.add_column("value", overflow="fold")
    for name, value in lines(row):
        grid.add_row(name, value)
    Console(width=160).print(grid)


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100_000, help="stored turn-based tables (default 100000)")
    parser.add_argument("--percent", type=float, default=1.0, help="%% of the tables moving a minute (default 1)")
    parser.add_argument("--minutes", type=float, default=2.0, help="the moving window (default 2)")
    parser.add_argument("--due", type=int, default=100, help="tables already past their deadline (default 100)")
    parser.add_argument("--sweep-due", type=lambda s: [int(k) for k in s.split(",")], default=None,
                        help="comma-separated K: the clock sweep timed with K tables due (default 0,DUE)")
    parser.add_argument("--sweep-runs", type=int, default=15, help="runs a sweep figure is the median of")
    parser.add_argument("--idle", type=float, default=10.0, help="seconds each server is left idle and measured")
    parser.add_argument("--game", default="crypt")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--db", default="sqlite", help="sqlite (a file, default), pg (CRYPTARENA_TEST_PG) or a "
                        "postgresql+psycopg:// URL: a fresh schema on it, dropped afterwards")
    parser.add_argument("--processes", type=int, default=0, help="server processes (default 1 on SQLite, "
                        "2 with Redis on PostgreSQL)")
    parser.add_argument("--redis", default=server_load.REDIS_URL)
    parser.add_argument("--snapshots", action="store_true", help="store each table's creation snapshot, as the "
                        "server does (default: none; the state is replayed from the seed)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--serve-args", default="", help="more options for every `cryptarena serve` (an A/B of a "
                        "server setting, e.g. \"--heap-freeze 0\")")
    parser.add_argument("--json", action="store_true", help="the figures as JSON on stdout")
    args = parser.parse_args(argv)
    if args.sweep_due is None:
        args.sweep_due = [0, args.due]
    return args


def main(argv=None) -> None:
    args = parse_args(argv)
    row = run(args)
    if args.json:
        print(json.dumps(row, indent=2, default=str))
    else:
        render(row)


if __name__ == "__main__":
    main()
