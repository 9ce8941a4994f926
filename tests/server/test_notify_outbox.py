"""The outbox's promises, counted at a real SMTP server by Message-ID: a row left "sending" by a
crashed worker is sent once by another after its lease; a restarted app sends what was pending and
nothing twice; several workers draining one outbox at once — threads with their own database
connections on SQLite and PostgreSQL, and two real `cryptarena serve` processes on PostgreSQL + Redis
— send every row exactly once."""

from __future__ import annotations

import asyncio
import contextlib
import subprocess
import sys
import threading
import time
from collections import Counter
from datetime import timedelta

import httpx
import pytest
from sqlalchemy import func, insert, select, update

from cryptarena.server.notify import Notifier, SmtpMailer, Tokens
from cryptarena.server.notify.mail import message_id
from cryptarena.server.notify.worker import LEASE, outbox_rows
from cryptarena.server.outbox import enqueue
from cryptarena.server.schema import as_utc, outbox, player_settings, players
from cryptarena.server.store import Store
from live_server import free_port
from fake_clock import FakeClock
from notify_helpers import SmtpSink, arena, confirm_address, person
from two_processes import redis_or_skip


@pytest.fixture
def sink():
    with SmtpSink() as server:
        yield server


def people_with_mail(store: Store, count: int, now) -> list[str]:
    """`count` accounts with a confirmed address each (as the confirmation link leaves them)."""
    ids = [f"p{i:04d}" for i in range(count)]
    with store.engine.begin() as conn:
        conn.execute(insert(players), [{"id": p, "name": f"P{p}", "login": p, "password_hash": None,
                                        "session_epoch": 0, "created_at": now} for p in ids])
        conn.execute(insert(player_settings), [{"player_id": p, "email": f"{p}@example.org", "prefs": "{}",
                                                "lang": "en", "updated_at": now} for p in ids])
    return ids


def queue_invites(store: Store, people: list[str], now, per_person: int = 1) -> list[int]:
    """Invitations to open tables, due now; returns the outbox ids."""
    tables = [store.create_table("midas", 2).id for _ in range(per_person)]
    with store.engine.begin() as conn:
        for table_id in tables:
            for p in people:
                enqueue(conn, p, "invite", table_id, now, params={"by": "Host"})
    return [row.id for row in outbox_rows(store)]


def ids_received(sink: SmtpSink) -> Counter:
    return Counter(m["Message-ID"] for m in sink.received)


def expected_ids(store: Store, sender: str) -> set[str]:
    return {message_id(r.id, as_utc(r.created_at), sender) for r in outbox_rows(store)}


def notifier(url: str, sink: SmtpSink, clock, worker_id: str) -> Notifier:
    """A worker with its own database connections, as another process would have."""
    store = Store(url, clock=clock.now)
    return Notifier(store, SmtpMailer(sink.url), tokens=Tokens("test-secret", clock.now), public_url="http://arena.test",
                    worker_id=worker_id)


def test_a_row_left_sending_by_a_crashed_worker_is_sent_once_after_its_lease(tmp_path, sink):
    clock = FakeClock()
    url = f"sqlite:///{tmp_path / 'outbox.db'}"
    worker = notifier(url, sink, clock, "survivor")
    store = worker.store
    people = people_with_mail(store, 3, clock.now())
    dead, slow, fresh = queue_invites(store, people, clock.now())
    with store.engine.begin() as conn:  # two claims of other workers: one whose lease ran out, one still running
        conn.execute(update(outbox).where(outbox.c.id == dead).values(
            status="sending", claimed_by="crashed", claimed_until=clock.now() - timedelta(seconds=1), attempts=1))
        conn.execute(update(outbox).where(outbox.c.id == slow).values(
            status="sending", claimed_by="busy", claimed_until=clock.now() + timedelta(seconds=60), attempts=1))
    assert sorted(o.id for o in asyncio.run(worker.drain())) == sorted([dead, fresh])
    clock.advance(seconds=61)
    assert [o.id for o in asyncio.run(worker.drain())] == [slow]  # its lease ran out too: the worker died
    assert asyncio.run(worker.drain()) == []
    received = ids_received(sink)
    assert set(received.values()) == {1} and set(received) == expected_ids(store, worker.mailer.sender)
    rows = {r.id: r for r in outbox_rows(store)}
    assert {r.status for r in rows.values()} == {"sent"} and rows[dead].attempts == 2
    assert {r.claimed_by for r in rows.values()} == {"survivor"}
    store.close()


def test_a_crash_after_the_smtp_answer_resends_the_same_message_id(tmp_path, sink):
    """The honest limit: a worker that dies between the SMTP server's "250" and its database commit
    leaves the row "sending"; after the lease it goes again, as the same message (same Message-ID)."""
    clock = FakeClock()
    url = f"sqlite:///{tmp_path / 'outbox.db'}"
    first = notifier(url, sink, clock, "first")
    [row_id] = queue_invites(first.store, people_with_mail(first.store, 1, clock.now()), clock.now())
    real_finish = first._finish_now

    def die_before_commit(row, status, *args):
        if status == "sent":
            raise RuntimeError("killed between the SMTP answer and the commit")
        return real_finish(row, status, *args)

    first._finish_now = die_before_commit
    with pytest.raises(RuntimeError):
        asyncio.run(first.drain())
    [row] = outbox_rows(first.store)
    assert row.status == "sending" and len(sink.received) == 1
    second = notifier(url, sink, clock, "second")
    assert asyncio.run(second.drain()) == []  # the lease still holds
    clock.advance(seconds=LEASE.total_seconds() + 1)
    assert [o.status for o in asyncio.run(second.drain())] == ["sent"]
    assert [m["Message-ID"] for m in sink.received] == [sink.received[0]["Message-ID"]] * 2
    first.store.close()
    second.store.close()


def test_a_restarted_app_sends_what_was_pending_and_nothing_twice(tmp_path, sink):
    clock = FakeClock()
    url = f"sqlite:///{tmp_path / 'arena.db'}"
    with arena(url, clock, sink.url) as (app, base_url):
        ada, bob = person(base_url, "Ada"), person(base_url, "Bob")
        confirm_address(bob, app, sink, "bob@example.org")
        tables = [ada.post("/api/tables", json={"game": "midas", "players": 2}).json()["table"]["id"] for _ in range(3)]
        for table_id in tables:
            assert ada.post(f"/api/tables/{table_id}/invite", json={"name": "Bob"}).status_code == 200
        app.state.notifier.batch = 1
        [claimed] = app.state.notifier._claim()  # then the process is killed mid-send: claimed, never sent
    after = Store(url)
    assert [r.status for r in outbox_rows(after, kind="invite")] == ["sending", "pending", "pending"]

    # The new app runs its worker itself (every 50 ms) from its lifespan.
    with arena(url, clock, sink.url, notify_interval=0.05):
        wait_for(lambda: len(sink.received) == 2)
        clock.advance(seconds=LEASE.total_seconds() + 1)  # the dead process's lease runs out
        wait_for(lambda: len(sink.received) == 3)
    assert sorted(m["To"] for m in sink.received) == ["bob@example.org"] * 3
    received = ids_received(sink)
    assert set(received.values()) == {1}
    rows = outbox_rows(after, kind="invite")
    assert {r.status for r in rows} == {"sent"} and claimed.id in {r.id for r in rows}
    after.close()


def wait_for(condition, timeout: float = 20) -> None:
    """Until a worker running on its own has done something (it runs in the server's thread)."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "the worker did not get there"
        time.sleep(0.02)


@pytest.mark.parametrize("workers", [4])
def test_several_workers_on_one_outbox_send_each_row_exactly_once(store_url, sink, workers):
    """Threads, each a worker with its own connections, drain the same 120 rows at once (the SMTP
    server takes 5 ms a mail, so that they overlap): each row reaches the server once."""
    clock = FakeClock()
    setup = Store(store_url, clock=clock.now)
    people = people_with_mail(setup, 40, clock.now())
    queue_invites(setup, people, clock.now(), per_person=3)
    sink.delay = 0.005
    crew = [notifier(store_url, sink, clock, f"worker-{i}") for i in range(workers)]
    start = threading.Barrier(workers)
    errors = []

    def work(worker):
        start.wait()
        try:
            while asyncio.run(worker.drain()):
                pass
        except Exception as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(w,)) for w in crew]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not errors, errors
    received = ids_received(sink)
    assert len(received) == 120 and set(received.values()) == {1}
    assert set(received) == expected_ids(setup, crew[0].mailer.sender)
    rows = outbox_rows(setup)
    assert {r.status for r in rows} == {"sent"} and {r.attempts for r in rows} == {1}
    assert len({r.claimed_by for r in rows}) > 1  # they really shared the work
    for worker in crew:
        worker.store.close()
    setup.close()


@contextlib.contextmanager
def serve_processes(db_url: str, redis_url: str, smtp_url: str, log_dir, count: int = 2):
    """Real `cryptarena serve` processes on one database and one Redis, mailing through `smtp_url`."""
    started = []
    try:
        for _ in range(count):
            port = free_port()
            log = (log_dir / f"serve-{port}.log").open("w")
            process = subprocess.Popen([sys.executable, "-m", "cryptarena.cli", "serve", "--port", str(port),
                                        "--db", db_url, "--redis", redis_url, "--secret-key", "shared-test-secret",
                                        "--smtp", smtp_url, "--public-url", "http://arena.test"],
                                       stdout=log, stderr=subprocess.STDOUT)
            started.append((port, process, log))
            deadline = time.monotonic() + 60
            while True:
                assert process.poll() is None, (log_dir / f"serve-{port}.log").read_text()
                with contextlib.suppress(httpx.HTTPError):
                    if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=2).status_code == 200:
                        break
                assert time.monotonic() < deadline, "a server did not start"
                time.sleep(0.1)
        yield started
    finally:
        for _, process, log in started:
            process.terminate()
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
            log.close()


@pytest.mark.slow
def test_two_serve_processes_on_postgresql_and_redis_send_each_row_once(pg_url, sink, tmp_path):
    redis_url = redis_or_skip()
    setup = Store(pg_url)  # the real clock: the servers run on it
    with serve_processes(pg_url, redis_url, sink.url, tmp_path) as started:
        people = people_with_mail(setup, 30, setup.now())
        sink.delay = 0.3  # the rows take a few of each worker's passes (one a second)
        queue_invites(setup, people, setup.now(), per_person=3)  # 90 rows, due now: both workers see them
        with setup.engine.connect() as conn:
            def unsent():
                return conn.execute(select(func.count()).select_from(outbox).where(outbox.c.status != "sent")).scalar()
            wait_for(lambda: unsent() == 0, timeout=60)
    received = ids_received(sink)
    assert len(received) == 90 and set(received.values()) == {1}
    assert set(received) == expected_ids(setup, "Crypt Arena <noreply@localhost>")
    assert len({r.claimed_by for r in outbox_rows(setup)}) == 2, "both processes sent some"
    logs = "".join((tmp_path / f"serve-{port}.log").read_text() for port, _, _ in started)
    assert "smtp://127.0.0.1" in logs
    setup.close()


def test_finished_rows_are_forgotten_after_thirty_days(tmp_path, sink):
    clock = FakeClock()
    worker = notifier(f"sqlite:///{tmp_path / 'outbox.db'}", sink, clock, "w")
    people = people_with_mail(worker.store, 2, clock.now())
    queue_invites(worker.store, people[:1], clock.now())
    asyncio.run(worker.drain())  # one sent
    queue_invites(worker.store, people[1:], clock.now() - timedelta(days=40))  # one old and never sent
    clock.advance(seconds=31 * 24 * 3600)
    assert worker.prune() == 1
    assert [r.status for r in outbox_rows(worker.store)] == ["pending"]  # what is still to send stays
    worker.store.close()
