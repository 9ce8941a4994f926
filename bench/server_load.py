"""`make bench-server`: N concurrent tables of people (bots of this script) over real WebSockets
against real `cryptarena serve` processes; actions/s and the latency from `act` sent to the `state`
of a newer version received on the same socket, p50 and p99 (issue 8).

Two set-ups, each started fresh for every N (its own database):

- `sqlite`: one server process on a SQLite file;
- `pg-redis`: two server processes on one PostgreSQL schema, table events fanned out through Redis
  (`--redis`). Seats of a table alternate between the two processes, as a load balancer would spread
  a table's players, so every move crosses the bus.

The load generator runs in `--clients` separate processes (default 1; each takes every K-th table).
Every seat is taken as a person (a session cookie, then a seat token), so every stored move is one
of ours and the moves counted here equal the versions the server stored. The seat first in
`to_act` plays a uniformly random legal action after a think time; a finished table is replaced by
a new one until the run's time is up; then no new action is sent and the ones in flight are awaited.

    .venv/bin/python bench/server_load.py                       # both set-ups, N = 10, 100, 500
    .venv/bin/python bench/server_load.py --setup sqlite --tables 10 --seconds 5 --json
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import math
import multiprocessing
import os
import random
import re
import secrets
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import orjson
import websockets

ROOT = Path(__file__).resolve().parent.parent
SERVE = [str(ROOT / ".venv" / "bin" / "cryptarena"), "serve"]
PG_URL = os.environ.get("CRYPTARENA_TEST_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
REDIS_URL = os.environ.get("CRYPTARENA_TEST_REDIS", "redis://127.0.0.1:6379/0")
TARGET_TABLES, TARGET_P99_MS = 500, 50.0
DRAIN_SECONDS = 30.0  # how long the actions in flight at the end are awaited before they count as errors


# ---------------------------------------------------------------------- figures
def percentile(samples: list[float], p: float) -> float:
    """Nearest-rank percentile: the smallest sample with at least p % of the samples at or below it."""
    if not samples:
        return math.nan
    ordered = sorted(samples)
    rank = max(1, math.ceil(p / 100 * len(ordered)))
    return ordered[rank - 1]


@dataclass
class LoadResult:
    """What one generator process saw in its window."""
    latencies: list[float] = field(default_factory=list)  # seconds, one per stored action of ours
    sent_at: list[float] = field(default_factory=list)  # when each of those acts was sent, s into the window
    errors: Counter = field(default_factory=Counter)  # socket error codes and client-side failures
    tables_started: int = 0
    tables_finished: int = 0
    window_s: float = 0.0
    connect_s: float = 0.0  # the first tables' sockets: from the first connect to the last first state
    cpu_s: float = 0.0  # this generator process's CPU time over the window

    def merge(self, other: "LoadResult") -> None:
        self.latencies += other.latencies
        self.sent_at += other.sent_at
        self.errors.update(other.errors)
        self.tables_started += other.tables_started
        self.tables_finished += other.tables_finished
        self.window_s = max(self.window_s, other.window_s)
        self.connect_s = max(self.connect_s, other.connect_s)
        self.cpu_s += other.cpu_s


# ---------------------------------------------------------------------- the load generator
@dataclass
class LoadConfig:
    bases: list[str]  # server URLs; seat s of the i-th table connects to bases[(i + s) % len(bases)]
    tables: int
    seconds: float
    think: float  # mean think time; each one is drawn uniformly in [0.5, 1.5] x think so tables desynchronise
    game: str
    players: int
    seed: int


class Table:
    """One table of people: its seats, and the acts sent and not yet answered."""

    def __init__(self, index: int, table_id: str, tokens: list[str]):
        self.index, self.id, self.tokens = index, table_id, tokens
        self.in_flight = 0
        self.settled = asyncio.Event()  # set whenever no act of the table waits for its answer
        self.settled.set()

    def sent(self) -> None:
        self.in_flight += 1
        self.settled.clear()

    def answered(self) -> None:
        self.in_flight -= 1
        if not self.in_flight:
            self.settled.set()


class Generator:
    def __init__(self, config: LoadConfig, worker: int, workers: int):
        self.config, self.worker, self.workers = config, worker, workers
        self.rng = random.Random(f"{config.seed}/{worker}")
        self.result = LoadResult()
        self.stop = asyncio.Event()
        # Play starts when every socket of the first tables has been greeted, so the window times
        # play, not 1,500 sockets connecting at once (that is timed apart, as connect_s).
        self.go = asyncio.Event()
        self.greeted = 0
        self.all_greeted = asyncio.Event()
        self.acts: set[asyncio.Task] = set()
        self.http: list[httpx.AsyncClient] = []

    async def open_sessions(self) -> None:
        # one session per server process: each signs its own cookies (its own key on PostgreSQL)
        limits = httpx.Limits(max_connections=20)
        self.http = [httpx.AsyncClient(base_url=base, timeout=60, limits=limits) for base in self.config.bases]
        for client in self.http:
            (await client.post("/api/session", json={"name": f"bench {self.worker}"})).raise_for_status()

    async def new_table(self, index: int) -> Table:
        """Create, seat every seat as a person, start (over HTTP, on the process the index picks)."""
        client = self.http[index % len(self.http)]
        body = {"game": self.config.game, "players": self.config.players, "seed": self.rng.randrange(2**31)}
        created = await client.post("/api/tables", json=body)
        created.raise_for_status()
        table_id = created.json()["table"]["id"]
        tokens = []
        for seat in range(self.config.players):
            taken = await client.post(f"/api/tables/{table_id}/seats/{seat}", json={"kind": "human"})
            taken.raise_for_status()
            tokens.append(taken.json()["token"])
        (await client.post(f"/api/tables/{table_id}/start")).raise_for_status()
        self.result.tables_started += 1
        return Table(index, table_id, tokens)

    def think_time(self) -> float:
        return self.config.think * self.rng.uniform(0.5, 1.5)

    async def play_seat(self, table: Table, seat: int) -> None:
        """Until the game is over: act on this seat's turn after a think time, time each act."""
        bases = self.config.bases
        url = bases[(table.index + seat) % len(bases)].replace("http", "ws", 1) + f"/ws/tables/{table.id}"
        async with websockets.connect(url, max_size=2**23, open_timeout=60) as ws:
            # patches: as the browser client asks (states after the first carry only what changed)
            await ws.send(json.dumps({"type": "hello", "token": table.tokens[seat], "patches": True}))
            latest: dict | None = None  # the newest state: what the seat acts on when it has thought
            pending: tuple[float, int] | None = None  # (sent at, version acted on)
            timer: asyncio.TimerHandle | None = None

            async def act() -> None:
                nonlocal pending
                if self.stop.is_set() or pending or latest is None or not my_turn(latest):
                    return
                action = self.rng.choice(latest["legal"])
                pending = (time.perf_counter(), latest["version"])
                table.sent()
                await ws.send(json.dumps({"type": "act", "action": action, "version": latest["version"]}))

            def my_turn(state: dict) -> bool:
                # Only the first seat to act plays (a simultaneous phase is played in seat order): no two
                # seats ever act on one version, so no act is refused for a version conflict and the state
                # of the next version on this socket is the answer to this seat's own act.
                return bool(state["to_act"]) and state["to_act"][0] == seat and bool(state["legal"])

            def thought() -> None:
                nonlocal timer
                timer = None
                task = asyncio.ensure_future(act())
                self.acts.add(task)  # a reference until it is done (the loop keeps only a weak one)
                task.add_done_callback(self.acts.discard)

            def settle() -> None:
                nonlocal pending
                pending = None
                table.answered()

            try:
                if not self.go.is_set():  # a first table: wait for its first state, then for the window
                    latest = orjson.loads(await ws.recv())
                    self.greeted += 1
                    if self.greeted >= len(self.tables_at_start) * self.config.players:
                        self.all_greeted.set()
                    if latest.get("type") != "state":
                        self.result.errors[latest.get("code", "?")] += 1
                        latest = None
                    await self.go.wait()
                    if latest is not None and my_turn(latest):
                        timer = asyncio.get_running_loop().call_later(self.think_time(), thought)
                async for raw in ws:
                    message = orjson.loads(raw)
                    kind = message.get("type")
                    if kind == "error":
                        self.result.errors[message.get("code", "?")] += 1
                        if pending and message.get("ref") == "act":
                            settle()  # refused: nothing stored (a version_conflict sends a fresh state)
                        continue
                    if kind != "state":
                        continue
                    if pending and message["version"] > pending[1]:
                        self.result.latencies.append(time.perf_counter() - pending[0])
                        self.result.sent_at.append(pending[0] - self.window_start)
                        settle()
                    latest = message
                    if message["over"]:
                        return
                    if my_turn(message) and not pending and timer is None and not self.stop.is_set():
                        timer = asyncio.get_running_loop().call_later(self.think_time(), thought)
            finally:
                if timer is not None:
                    timer.cancel()
                if pending:
                    self.result.errors["no_answer"] += 1
                    table.answered()

    async def run_table(self, table: Table) -> None:
        """Play tables at this slot until the time is up: a finished one is replaced by a new one."""
        while not self.stop.is_set():
            players = [asyncio.ensure_future(self.play_seat(table, seat)) for seat in range(self.config.players)]
            seats = asyncio.gather(*players)
            stopped = asyncio.ensure_future(self.stop.wait())
            await asyncio.wait({seats, stopped}, return_when=asyncio.FIRST_COMPLETED)
            if not seats.done():  # time is up mid-game: let the acts in flight be answered, then leave
                # awaited, not polled: 500 tables polling would load the generator just when it times them
                settled = asyncio.ensure_future(table.settled.wait())
                await asyncio.wait({seats, settled}, timeout=DRAIN_SECONDS, return_when=asyncio.FIRST_COMPLETED)
                settled.cancel()
                seats.cancel()
            stopped.cancel()
            try:
                await seats
                self.result.tables_finished += 1
            except asyncio.CancelledError:
                return
            except Exception as exc:  # noqa: BLE001 - a failed socket is counted, the slot goes on
                self.result.errors[type(exc).__name__] += 1
                for player in players:  # the table's other sockets are closed too
                    player.cancel()
                await asyncio.gather(*players, return_exceptions=True)
            if not self.stop.is_set():
                try:
                    table = await self.new_table(table.index)
                except httpx.HTTPError as exc:
                    self.result.errors[type(exc).__name__] += 1
                    return

    async def run(self, barrier=None, on_window_start=None) -> LoadResult:
        await self.open_sessions()
        mine = range(self.worker, self.config.tables, self.workers)
        tables = []
        for start in range(0, len(mine), 20):  # create in small batches: the set-up is not timed
            tables += await asyncio.gather(*(self.new_table(i) for i in mine[start:start + 20]))
        self.tables_at_start = tables
        connecting = time.perf_counter()
        playing = [asyncio.ensure_future(self.run_table(t)) for t in tables]
        with contextlib.suppress(asyncio.TimeoutError):  # a socket that failed is counted as an error
            await asyncio.wait_for(self.all_greeted.wait(), timeout=120)
        self.result.connect_s = time.perf_counter() - connecting
        if barrier is not None:  # every generator process starts its window together
            await asyncio.to_thread(barrier.wait)
        if on_window_start is not None:
            on_window_start()
        cpu = time.process_time()

        def time_is_up() -> None:
            self.stop.set()
            self.result.cpu_s = time.process_time() - cpu

        asyncio.get_running_loop().call_later(self.config.seconds, time_is_up)
        self.window_start = time.perf_counter()
        # The generator's own collector must not pause it mid-window (a full pass over 1,500 sockets'
        # objects takes 0.1-0.3 s, which would count as server latency): what exists now is frozen
        # out of its passes, and the rest of the window is short enough to collect nothing.
        gc.collect()
        gc.freeze()
        gc.disable()
        self.go.set()
        try:
            await asyncio.gather(*playing)
        finally:
            gc.enable()
        self.result.window_s = self.config.seconds
        for client in self.http:
            await client.aclose()
        return self.result


def _worker_main(config: LoadConfig, worker: int, workers: int, barrier, results) -> None:
    try:
        results.put(asyncio.run(Generator(config, worker, workers).run(barrier)))
    except BaseException as exc:  # noqa: BLE001 - the parent reports it instead of waiting forever
        failed = LoadResult()
        failed.errors[f"generator:{type(exc).__name__}: {exc}"[:120]] += 1
        results.put(failed)


def generate_load(config: LoadConfig, clients: int, on_window_start=None) -> LoadResult:
    """Run the load from `clients` processes (1: this process) and merge what they saw."""
    if clients <= 1:
        return asyncio.run(Generator(config, 0, 1).run(on_window_start=on_window_start))
    context = multiprocessing.get_context("spawn")
    barrier, results = context.Barrier(clients + 1), context.Queue()
    workers = [context.Process(target=_worker_main, args=(config, k, clients, barrier, results)) for k in range(clients)]
    for process in workers:
        process.start()
    barrier.wait(timeout=600)
    if on_window_start:
        on_window_start()
    merged = LoadResult()
    for _ in workers:
        merged.merge(results.get(timeout=config.seconds + DRAIN_SECONDS + 600))
    for process in workers:
        process.join(timeout=30)
    return merged


# ---------------------------------------------------------------------- the servers
def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def cpu_seconds(pid: int) -> float:
    """User + system CPU of a process so far (Linux /proc; 0 where it cannot be read)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


@contextlib.contextmanager
def postgres_schema():
    """A fresh schema on the test database (dropped afterwards); yields its SQLAlchemy URL."""
    import psycopg

    conn = psycopg.connect(PG_URL.replace("postgresql+psycopg://", "postgresql://"), autocommit=True)
    schema = f"bench_{secrets.token_hex(6)}"
    conn.execute(f"CREATE SCHEMA {schema}")
    try:
        yield f"{PG_URL}?options=-csearch_path%3D{schema}"
    finally:
        conn.execute(f"DROP SCHEMA {schema} CASCADE")
        conn.close()


@contextlib.contextmanager
def database(setup: str, workdir: str):
    if setup == "sqlite":
        yield f"sqlite:///{workdir}/bench.db"
    else:
        with postgres_schema() as url:
            yield url


@contextlib.contextmanager
def servers(db_url: str, count: int, redis_url: str | None, workdir: str, extra: tuple[str, ...] = ()):
    """`count` real `cryptarena serve` processes on one database, JSON logs to files in workdir;
    yields [(base URL, Popen)] once every one answers GET /healthz."""
    started = []
    try:
        for index in range(count):
            port = free_port()
            command = SERVE + ["--host", "127.0.0.1", "--port", str(port), "--db", db_url, "--bot-delay", "0",
                               "--log-format", "json", *extra]
            if redis_url:
                command += ["--redis", redis_url]
            with open(Path(workdir) / f"server{index}.log", "wb") as log:
                process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=log, cwd=workdir)
            started.append((f"http://127.0.0.1:{port}", process))
            # the first process creates the schema (migrations): let it finish before the second starts
            wait_healthy(started[-1][0], process, Path(workdir) / f"server{index}.log")
        yield started
    finally:
        for _, process in started:
            process.terminate()
        for _, process in started:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()


HEAP_SAMPLES = tuple(f'{name}{{kind="{kind}"}}' for kind in ("freeze", "full")
                     for name in ("cryptarena_heap_step_seconds_sum", "cryptarena_heap_step_seconds_count",
                                  "cryptarena_heap_collected_total"))


def server_metrics(base: str, names: tuple[str, ...]) -> dict[str, float]:
    """Unlabelled samples of a server's /metrics (0 where absent), read after the run."""
    found = dict.fromkeys(names, 0.0)
    with contextlib.suppress(httpx.HTTPError):
        for line in httpx.get(base + "/metrics", timeout=10).text.splitlines():
            name, _, value = line.partition(" ")
            if name in found:
                found[name] = float(value)
    return found


def wait_healthy(base: str, process: subprocess.Popen, log: Path, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited ({process.returncode}): {log.read_text()[-2000:]}")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(base + "/healthz", timeout=2).status_code == 200:
                return
        time.sleep(0.1)
    raise RuntimeError(f"the server at {base} did not become healthy in {timeout} s")


SETUPS = {"sqlite": ("SQLite, 1 process", 1, False), "pg": ("PostgreSQL, 1 process", 1, False),
          "pg-redis": ("PostgreSQL + Redis, 2 processes", 2, True)}


def run_one(setup: str, tables: int, args, db_url: str | None = None) -> dict:
    """One row: fresh servers (and a fresh database unless `db_url` is given), the load, the figures."""
    label, processes, with_redis = SETUPS[setup]
    with tempfile.TemporaryDirectory(prefix="bench-server-") as workdir:
        with contextlib.ExitStack() as stack:
            url = db_url or stack.enter_context(database(setup, workdir))
            running = stack.enter_context(servers(url, processes, args.redis if with_redis else None, workdir,
                                                  tuple(args.serve_args.split())))
            config = LoadConfig([base for base, _ in running], tables, args.seconds, args.think, args.game,
                                args.players, args.seed)
            pids = [process.pid for _, process in running]
            clock: dict[str, float] = {}
            timers: list[threading.Timer] = []
            profilers: list[tuple[subprocess.Popen, Path]] = []

            def window_end() -> None:
                clock["server_cpu"] = sum(map(cpu_seconds, pids)) - clock["cpu"]

            def window_start() -> None:  # server CPU is read over the timed window exactly
                clock["cpu"] = sum(map(cpu_seconds, pids))
                timers.append(threading.Timer(args.seconds, window_end))
                timers[-1].start()
                if args.profile:
                    profilers.extend(start_profilers(pids, args.profile, f"{setup}-{tables}", args.seconds))

            result = generate_load(config, args.clients, window_start)
            for timer in timers:  # the load can return a moment before the timer fires on a busy machine
                timer.join()
            server_cpu = clock["server_cpu"]
            profiles = finish_profilers(profilers)
            grouped = [server_metrics(base, ("cryptarena_commit_moves_sum", "cryptarena_commit_moves_count",
                                             *HEAP_SAMPLES)) for base, _ in running]
    actions = len(result.latencies)
    return {"setup": setup, "label": label, "processes": processes, "tables": tables, "seconds": args.seconds,
            "think_s": args.think, "game": args.game, "players": args.players, "clients": args.clients,
            "actions": actions, "actions_per_s": actions / result.window_s if result.window_s else 0.0,
            "p50_ms": percentile(result.latencies, 50) * 1000, "p99_ms": percentile(result.latencies, 99) * 1000,
            "max_ms": max(result.latencies, default=math.nan) * 1000, "per_second": per_second(result),
            "errors": sum(result.errors.values()), "error_codes": dict(result.errors),
            "tables_started": result.tables_started, "tables_finished": result.tables_finished,
            "server_cpu_pct": 100 * server_cpu / args.seconds,
            "generator_cpu_pct": 100 * result.cpu_s / args.seconds, "connect_s": result.connect_s,
            "heap": {name: sum(m[name] for m in grouped) for name in HEAP_SAMPLES},
            "moves_per_commit": (sum(m["cryptarena_commit_moves_sum"] for m in grouped)
                                 / max(1.0, sum(m["cryptarena_commit_moves_count"] for m in grouped))),
            "profiles": profiles}


# ---------------------------------------------------------------------- profiles (--profile DIR)
def start_profilers(pids: list[int], folder: str, name: str, seconds: float) -> list[tuple[subprocess.Popen, Path]]:
    """py-spy attached to each server for the timed window, writing folded stacks (one line per
    distinct stack, with its sample count) to DIR/<set-up>-<N>-<process>.txt."""
    spy = ROOT / ".venv" / "bin" / "py-spy"
    if not spy.exists():
        raise SystemExit("--profile needs py-spy: .venv/bin/python -m pip install py-spy")
    Path(folder).mkdir(parents=True, exist_ok=True)
    started = []
    for index, pid in enumerate(pids):
        out = Path(folder) / f"{name}-{index}.txt"
        command = [str(spy), "record", "-p", str(pid), "-d", str(max(1, int(seconds))), "-r", "50", "-f", "raw",
                   "-o", str(out), "--nonblocking"]
        started.append((subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL), out))
    return started


def finish_profilers(profilers: list[tuple[subprocess.Popen, Path]]) -> list[dict]:
    """Wait for py-spy, then each process's inclusive shares: the fraction of samples in which a
    function is on the stack (counted once per sample), largest first."""
    summaries = []
    for process, out in profilers:
        process.wait(timeout=120)
        summaries.append({"file": str(out), **inclusive_shares(out)})
    return summaries


def inclusive_shares(path: Path, top: int = 25) -> dict:
    samples, counts = 0, Counter()
    for line in path.read_text().splitlines() if path.exists() else []:
        stack, _, count = line.rpartition(" ")
        if not count.isdigit():
            continue
        samples += int(count)
        # a frame is "function (file:line)": counted as the function in its file, whatever the line
        for frame in {re.sub(r":\d+\)$", ")", frame) for frame in stack.split(";")}:
            counts[frame] += int(count)
    return {"samples": samples, "top": [(frame, round(n / samples, 4)) for frame, n in counts.most_common(top)]
            if samples else []}


def per_second(result: LoadResult) -> list[dict]:
    """The acts sent in each second of the window: how many, p50 and max latency (ms) — where in the
    window a tail came from (a stall shows as one bad second, overload as all of them)."""
    seconds: dict[int, list[float]] = {}
    for sent, latency in zip(result.sent_at, result.latencies):
        seconds.setdefault(int(sent), []).append(latency)
    return [{"second": second, "acts": len(values), "p50_ms": percentile(values, 50) * 1000,
             "max_ms": max(values) * 1000} for second, values in sorted(seconds.items())]


def target_verdict(rows: list[dict]) -> list[str]:
    """The targets: p99 at N=500 with people thinking (not judged at --think 0, a stress figure), and
    scale-out: two processes on PostgreSQL + Redis against one on PostgreSQL, at the same N."""
    lines = []
    for row in rows:
        if row["tables"] == TARGET_TABLES and row["think_s"] > 0:
            met = row["p99_ms"] <= TARGET_P99_MS
            lines.append(f"target p99 <= {TARGET_P99_MS:.0f} ms at N={TARGET_TABLES}, {row['label']}: "
                         f"{'met' if met else 'NOT met'} (p99 {row['p99_ms']:.1f} ms)")
    for two in (r for r in rows if r["setup"] == "pg-redis"):
        one = next((r for r in rows if r["setup"] == "pg" and r["tables"] == two["tables"]), None)
        if one is None or not one["actions_per_s"]:
            continue
        ratio = two["actions_per_s"] / one["actions_per_s"]
        lines.append(f"scale-out at N={two['tables']}, think {two['think_s']:g} s: 2 processes / 1 process on "
                     f"PostgreSQL = {two['actions_per_s']:.1f} / {one['actions_per_s']:.1f} actions/s = "
                     f"{ratio:.2f}x ({'more' if ratio > 1 else 'NOT more'} with two)")
    return lines


def render(rows: list[dict], args) -> None:
    from rich.console import Console
    from rich.table import Table as RichTable

    title = (f"{args.game} tables of {args.players} people, think {args.think:g} s, {args.seconds:g} s a row, "
             f"{args.clients} generator process{'es' if args.clients > 1 else ''}")
    grid = RichTable(title=title)
    for name in ("set-up", "N", "connect s", "actions/s", "p50 ms", "p99 ms", "max ms", "errors", "server CPU",
                 "gen CPU", "moves/commit"):
        grid.add_column(name, justify="left" if name == "set-up" else "right")
    for row in rows:
        grid.add_row(row["label"], str(row["tables"]), f"{row['connect_s']:.1f}", f"{row['actions_per_s']:.1f}", f"{row['p50_ms']:.1f}",
                     f"{row['p99_ms']:.1f}", f"{row['max_ms']:.1f}",
                     str(row["errors"]) + (f" {row['error_codes']}" if row["errors"] else ""),
                     f"{row['server_cpu_pct']:.0f} %", f"{row['generator_cpu_pct']:.0f} %",
                     f"{row['moves_per_commit']:.2f}")
    console = Console(width=140)
    console.print(grid)
    for line in target_verdict(rows):
        console.print(line)
    for row in rows:
        for profile in row.get("profiles") or []:
            console.print(f"profile {profile['file']}: {profile['samples']} samples, inclusive share", highlight=False)
            for frame, share in profile["top"]:
                console.print(f"  {100 * share:5.1f} %  {frame}", highlight=False, markup=False)


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--setup", default="all", help="comma-separated set-ups: sqlite, pg (PostgreSQL, one "
                        "process), pg-redis (two processes); all = sqlite,pg-redis (default)")
    parser.add_argument("--tables", default="10,100,500", help="comma-separated N (default 10,100,500)")
    parser.add_argument("--seconds", type=float, default=20.0, help="timed window per row (default 20)")
    parser.add_argument("--think", type=float, default=1.0,
                        help="mean think time of a seat before it acts, s (default 1; 0: act at once)")
    parser.add_argument("--game", default="crypt")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--clients", type=int, default=1, help="load generator processes (default 1)")
    parser.add_argument("--redis", default=REDIS_URL)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="the rows as JSON on stdout")
    parser.add_argument("--serve-args", default="", help="more options for every `cryptarena serve` (an A/B of "
                        "a server setting, e.g. \"--ws-compression\")")
    parser.add_argument("--profile", metavar="DIR", help="attach py-spy to every server for the window; folded "
                        "stacks to DIR, the top inclusive shares printed")
    return parser.parse_args(argv)


def main(argv=None) -> None:
    args = parse_args(argv)
    setups = ["sqlite", "pg-redis"] if args.setup == "all" else args.setup.split(",")
    for setup in setups:
        if setup not in SETUPS:
            raise SystemExit(f"unknown set-up {setup!r}: choose from {', '.join(SETUPS)} (comma-separated), or all")
    rows = []
    for setup in setups:
        for tables in (int(n) for n in args.tables.split(",")):
            print(f"{SETUPS[setup][0]}: {tables} tables for {args.seconds:g} s ...", file=sys.stderr, flush=True)
            rows.append(run_one(setup, tables, args))
    if args.json:
        print(json.dumps({"rows": rows, "target": target_verdict(rows)}, indent=2))
    else:
        render(rows, args)


if __name__ == "__main__":
    main()
