"""The notifier: drains the outbox, each row sent once by one of N server processes.

Every server process runs one `Notifier` (in the app's lifespan, every `interval` seconds); tests call
`drain()` themselves with the clock moved on. A pass:

1. **Claims** due rows: `UPDATE outbox SET status='sending', claimed_by=<me>, claimed_until=now+LEASE,
   attempts=attempts+1 WHERE id IN (due rows) AND <still due> RETURNING …`, the due rows being
   pending ones whose `due_at` has come and "sending" ones whose lease has run out (their process
   died mid-send). On PostgreSQL the due rows are first locked with `SELECT … FOR UPDATE SKIP LOCKED`
   (rows another process is claiming are skipped, not waited for) in the same transaction, and the
   UPDATE's WHERE is checked again on each row as committed, so two processes never both claim a
   row; on SQLite it is one statement, and SQLite has one writer at a time. What the UPDATE returns
   is what this process owns.
2. **Judges** each row again (facts.py): dropped, with why, when it should no longer go.
3. **Sends** it (mail or webhook), then marks it `sent` — only while it still holds the claim. A
   failure counts: the row waits `BACKOFF × 2^(attempts-1)` (capped) and is tried again, and after
   `MAX_ATTEMPTS` it is `failed`, the last error kept for the settings page.

Exactly once, as far as a database can promise: a row is claimed by one process at a time, and a
sent row is never claimed again. The one gap is a process that dies after the SMTP server (or the
webhook) accepted a message and before its "sent" is committed: after the lease the row is sent again
— with the same Message-ID (mail.py). Attempts are counted at claim time, so a row that makes its
sender crash every time is given up after MAX_ATTEMPTS claims too.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import secrets
import socket
import time
from datetime import timedelta
from typing import Callable, Iterable

import httpx
from sqlalchemy import and_, delete, or_, select, update

from ..schema import as_utc, outbox
from ..store import Store
from . import webhooks
from .facts import judge
from .mail import build_email, message_id
from .texts import compose, footer
from .tokens import Tokens

log = logging.getLogger("cryptarena.server")

LEASE = timedelta(minutes=5)  # longer than any one send may take (SMTP and webhook timeouts are shorter)
BACKOFF = 30.0  # seconds before the second attempt; doubled each time
BACKOFF_CAP = 3600.0
MAX_ATTEMPTS = 6  # then the row is failed: 30 s, 1, 2, 4, 8 min between the six attempts
BATCH = 10  # rows claimed (and sent side by side) at once: all of them well within the lease
KEEP = timedelta(days=30)  # finished rows (sent, dropped, failed) are kept this long, for the settings page
PRUNE_EVERY = 3600.0  # seconds between two prunings by one worker


def backoff(attempts: int) -> timedelta:
    """The wait after the `attempts`-th failed attempt."""
    return timedelta(seconds=min(BACKOFF_CAP, BACKOFF * 2 ** max(0, attempts - 1)))


@dataclasses.dataclass
class Outcome:
    id: int
    status: str  # sent | dropped | pending (to be retried) | failed | lost (the claim was taken meanwhile)
    detail: str | None = None


class Notifier:
    """`mailer`: an object with `async send(EmailMessage)` (mail.SmtpMailer or FolderMailer).
    `present()`: the (table, seat) pairs with a socket open on this process, marked seen before rows
    that depend on presence are judged, so this process's own sockets are never missed."""

    def __init__(self, store: Store, mailer, *, tokens: Tokens, public_url: str = "http://127.0.0.1:8000",
                 interval: float = 1.0, present: Callable[[], Iterable[tuple[str, int]]] | None = None,
                 worker_id: str | None = None, batch: int = BATCH):
        self.store = store
        self.mailer = mailer
        self.tokens = tokens
        self.public_url = public_url.rstrip("/")
        self.interval = interval
        self.present = present
        self.batch = batch
        self.worker_id = (worker_id or f"{socket.gethostname()}:{secrets.token_hex(4)}")[:64]
        self._task: asyncio.Task | None = None
        self._stopping: asyncio.Event | None = None

    # ------------------------------------------------------------------ the loop
    def start(self) -> None:
        if self.interval > 0 and (self._task is None or self._task.done()):
            self._stopping = asyncio.Event()
            self._task = asyncio.get_running_loop().create_task(self.run())

    async def run(self) -> None:
        """Drain every `interval` seconds until `stop()`."""
        self._stopping = self._stopping or asyncio.Event()
        pruned = float("-inf")
        while not self._stopping.is_set():
            try:
                await self.drain()
                if time.monotonic() - pruned > PRUNE_EVERY:
                    pruned = time.monotonic()
                    await asyncio.to_thread(self.prune)
            except Exception:  # noqa: BLE001 - a failed pass (database away) must not end the draining
                log.exception("notification pass failed")
            try:
                await asyncio.wait_for(self._stopping.wait(), self.interval)
            except asyncio.TimeoutError:
                pass

    async def stop(self, grace: float = 10.0) -> None:
        """Let the pass in progress finish (a row cut off mid-send would wait for its lease), then stop."""
        if self._task is None:
            return
        self._stopping.set()
        try:
            await asyncio.wait_for(asyncio.shield(self._task), grace)
        except asyncio.TimeoutError:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
        self._task = None

    def prune(self) -> int:
        """Forget finished rows older than KEEP (every worker may do it: deleting twice is harmless)."""
        with self.store.engine.begin() as conn:
            return conn.execute(delete(outbox).where(outbox.c.status.in_(("sent", "dropped", "failed")),
                                                     outbox.c.created_at < self.store.now() - KEEP)).rowcount

    # ------------------------------------------------------------------ one pass
    async def drain(self) -> list[Outcome]:
        """Send every row due now; returns what became of each row this process claimed."""
        outcomes: list[Outcome] = []
        async with httpx.AsyncClient() as client:  # per pass: a client belongs to the loop it was made in
            while True:
                rows = await asyncio.to_thread(self._claim)
                if not rows:
                    break
                if self.present is not None and any(r.kind in ("turn", "end") for r in rows):
                    await asyncio.to_thread(self.store.mark_seen, list(self.present()))
                outcomes += await asyncio.gather(*(self._handle(row, client) for row in rows))
                if len(rows) < self.batch:
                    break
        return outcomes

    def _claim(self) -> list:
        now = self.store.now()
        due = or_(and_(outbox.c.status == "pending", outbox.c.due_at <= now),
                  and_(outbox.c.status == "sending", outbox.c.claimed_until < now))
        wanted = select(outbox.c.id).where(due).order_by(outbox.c.due_at, outbox.c.id).limit(self.batch)
        claim = update(outbox).values(status="sending", claimed_by=self.worker_id, claimed_until=now + LEASE,
                                      attempts=outbox.c.attempts + 1).returning(*outbox.c)
        with self.store.engine.begin() as conn:
            if conn.dialect.name == "postgresql":
                # Two statements in one transaction: inside `id IN (subquery)` PostgreSQL may run a
                # locking subquery once per row, and the LIMIT then bounds nothing (measured: one
                # claim took all 120 rows). The ids are locked first, skipping those others hold.
                ids = conn.execute(wanted.with_for_update(skip_locked=True)).scalars().all()
                return conn.execute(claim.where(outbox.c.id.in_(ids), due)).all() if ids else []
            # SQLite: one statement, so the write lock is taken at once (a read turned write may fail)
            return conn.execute(claim.where(outbox.c.id.in_(wanted.scalar_subquery()), due)).all()

    async def _handle(self, row, client: httpx.AsyncClient) -> Outcome:
        try:
            if row.attempts > MAX_ATTEMPTS:  # a lease ran out on its last attempt: its sender died
                return await self._finish(row, "failed", "gave up: the process sending it stopped")
            verdict = await asyncio.to_thread(self._judge, row)
            if verdict.drop:
                return await self._finish(row, "dropped", verdict.drop)
            if row.channel == "email":
                await self.mailer.send(self._email(row, verdict))
            else:
                facts = verdict.facts
                text = compose(_plain(facts)).line()
                body = webhooks.payload(text, kind=row.kind, table=row.table_id, game=facts.game_id, url=facts.link)
                await webhooks.post(client, verdict.to, body)
        except Exception as exc:  # noqa: BLE001 - whatever failed, the row is retried or given up
            return await self._failed(row, exc)
        outcome = await self._finish(row, "sent")
        log.info("notice %s sent", row.id, extra={"event": "notice", "id": row.id, "channel": row.channel,
                                                   "kind": row.kind, "table_id": row.table_id,
                                                   "status": outcome.status})
        return outcome

    def _judge(self, row):
        with self.store.engine.connect() as conn:
            return judge(conn, row, self.store.now(), self.public_url, self.tokens.confirm)

    def _email(self, row, verdict):
        facts = verdict.facts
        kind = "all" if row.kind == "confirm" else row.kind
        unsubscribe = f"{self.public_url}/unsubscribe/{self.tokens.unsubscribe(row.player_id, 'email', kind)}"
        notice = compose(facts)
        foot = footer(facts.lang, unsubscribe, f"{self.public_url}/settings")
        return build_email(sender=self.mailer.sender, to=verdict.to, subject=notice.subject, text=notice.text(foot),
                           html=notice.html(foot, facts.lang), lang=facts.lang, unsubscribe_url=unsubscribe,
                           message_id=message_id(row.id, as_utc(row.created_at), self.mailer.sender),
                           date=self.store.now())

    async def _failed(self, row, exc: Exception) -> Outcome:
        error = str(exc).strip() or type(exc).__name__
        if not isinstance(exc, webhooks.WebhookError):
            error = f"{type(exc).__name__}: {error}"
        error = error[:500]
        if row.attempts >= MAX_ATTEMPTS:
            log.warning("notice %s given up after %s attempts: %s", row.id, row.attempts, error,
                        extra={"event": "notice", "id": row.id, "channel": row.channel, "status": "failed"})
            return await self._finish(row, "failed", error)
        log.info("notice %s attempt %s failed: %s", row.id, row.attempts, error,
                 extra={"event": "notice", "id": row.id, "channel": row.channel, "status": "retry"})
        return await self._finish(row, "pending", error, retry_in=backoff(row.attempts))

    async def _finish(self, row, status: str, error: str | None = None, retry_in: timedelta | None = None) -> Outcome:
        return await asyncio.to_thread(self._finish_now, row, status, error, retry_in)

    def _finish_now(self, row, status: str, error: str | None, retry_in: timedelta | None) -> Outcome:
        """Record what became of a row — only while this process still holds its claim. After a
        failure `claimed_until` keeps when it failed (the lease handed back early): the settings page
        shows it as the failure's time."""
        now = self.store.now()
        values: dict = {"status": status, "claimed_until": now}
        if status == "sent":
            values["sent_at"] = now
        if error is not None:
            values["last_error"] = error
        if retry_in is not None:
            values["due_at"] = now + retry_in
        with self.store.engine.begin() as conn:
            done = conn.execute(update(outbox).where(outbox.c.id == row.id, outbox.c.status == "sending",
                                                     outbox.c.claimed_by == self.worker_id,
                                                     outbox.c.attempts == row.attempts)
                                .values(**values)).rowcount
        return Outcome(row.id, status if done else "lost", error)


def _plain(facts):
    """The facts with every display name made inert for chat markup (webhooks.plain)."""
    return dataclasses.replace(
        facts, last_mover=webhooks.plain(facts.last_mover) if facts.last_mover else None,
        by=webhooks.plain(facts.by) if facts.by else None,
        winners=[webhooks.plain(n) for n in facts.winners],
        scores=[(webhooks.plain(n), t) for n, t in facts.scores],
        account=webhooks.plain(facts.account) if facts.account else None)


def outbox_rows(store: Store, **where) -> list:
    """Outbox rows matching column=value pairs (tests and the settings API read them)."""
    with store.engine.connect() as conn:
        query = select(outbox).order_by(outbox.c.id)
        for column, value in where.items():
            query = query.where(outbox.c[column] == value)
        return conn.execute(query).all()


__all__ = ["Notifier", "Outcome", "backoff", "outbox_rows", "MAX_ATTEMPTS", "LEASE"]
