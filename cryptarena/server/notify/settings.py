"""A person's notification settings in the database: address, webhook, kinds on or off, language.

`player_settings.email` only ever holds an address its owner confirmed (by the mailed link);
`email_pending` holds the one waiting for that click. The outbox (server/outbox.py) reads `email`, so
an unconfirmed address is never written to — except by the confirmation mail itself, which is queued
here with the address in its parameters. Every change checks its input first and then writes it in
one transaction: a refused request changes nothing.

Synchronous database work, run by the API in a thread.
"""

from __future__ import annotations

import json
import re
from datetime import datetime, timedelta
from urllib.parse import urlsplit

from sqlalchemy import func, insert, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection, Engine

from ..outbox import DEFAULT_PREFS, enqueue, prefs_of
from ..schema import as_utc, outbox, player_settings, players

LANGS = ("en", "fr", "zh")
MAX_URL = 2000
# A pragmatic address check: one @, a dotted domain, nothing a mail header could be broken with.
EMAIL = re.compile(r"[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?"
                   r"(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+")
CONFIRMS_PER_HOUR = 5  # confirmation mails one player may have sent in an hour: a brake on mailing strangers
INVITES_PER_TABLE = 30  # invitations queued for one table, whoever asks


class SettingsError(Exception):
    def __init__(self, status: int, code: str, message: str):
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


def check_email(address: object) -> str:
    if not isinstance(address, str) or len(address) > 254 or not EMAIL.fullmatch(address.strip()):
        raise SettingsError(400, "bad_email", "an e-mail address looks like name@example.org")
    return address.strip()


def check_webhook(url: object) -> str:
    """http or https, with a host, no spaces or control characters, at most 2000 characters."""
    if not isinstance(url, str) or not url or len(url) > MAX_URL or any(c.isspace() or ord(c) < 32 for c in url):
        raise SettingsError(400, "bad_webhook", "a webhook is an http:// or https:// URL of at most 2000 characters")
    try:
        parts = urlsplit(url)
        host = parts.hostname
        parts.port  # noqa: B018 - raises ValueError for a port that is not a number
    except ValueError:
        host = None
    if parts.scheme not in ("http", "https") or not host:
        raise SettingsError(400, "bad_webhook", "a webhook is an http:// or https:// URL with a host")
    return url


def _ensure(conn: Connection, player_id: str, now: datetime) -> None:
    """The person's settings row exists (made with the defaults; two requests at once make one)."""
    dialect = postgresql if conn.dialect.name == "postgresql" else sqlite
    conn.execute(dialect.insert(player_settings).values(player_id=player_id, prefs="{}", lang="en", updated_at=now)
                 .on_conflict_do_nothing(index_elements=["player_id"]))


def _row(conn: Connection, player_id: str):
    return conn.execute(select(player_settings).where(player_settings.c.player_id == player_id)).first()


def failures(conn: Connection, player_id: str, limit: int = 20) -> list[dict]:
    """The person's notices that failed, newest first: being retried (pending or sending, with the last
    error), or given up (failed). `at` is when the last attempt failed."""
    rows = conn.execute(select(outbox).where(outbox.c.player_id == player_id, outbox.c.last_error.is_not(None),
                                             outbox.c.status.in_(("pending", "sending", "failed")))
                        .order_by(outbox.c.id.desc()).limit(limit)).all()
    return [{"id": r.id, "channel": r.channel, "kind": r.kind, "table": r.table_id, "attempts": r.attempts,
             "error": r.last_error, "at": as_utc(r.claimed_until).isoformat() if r.claimed_until else None,
             "status": r.status} for r in rows]


def settings_json(engine: Engine, player_id: str, registered: bool) -> dict:
    with engine.connect() as conn:
        row = _row(conn, player_id)
        failed = failures(conn, player_id)
    prefs = prefs_of(row.prefs if row else None)
    return {"registered": registered,
            "email": {"address": row.email if row else None, "pending": row.email_pending if row else None,
                      "confirmed": bool(row and row.email)},
            "webhook": {"url": row.webhook_url if row else None},
            "prefs": prefs, "lang": row.lang if row else "en", "failures": failed}


def merged_prefs(raw: str | None, patch: dict) -> str:
    """The stored prefs with `patch` ({"email": {"turn": false}}) laid over them; unknown channels or
    kinds are refused, so a typo is not silently kept."""
    stored = json.loads(raw or "{}")
    for channel, kinds in patch.items():
        if channel not in DEFAULT_PREFS or not isinstance(kinds, dict):
            raise SettingsError(400, "bad_prefs", f"prefs channels are {', '.join(DEFAULT_PREFS)}")
        for kind, on in kinds.items():
            if kind not in DEFAULT_PREFS[channel] or not isinstance(on, bool):
                raise SettingsError(400, "bad_prefs", f"{channel} kinds are {', '.join(DEFAULT_PREFS[channel])}, "
                                    "each true or false")
            stored.setdefault(channel, {})[kind] = on
    return json.dumps(stored, sort_keys=True)


def update_settings(engine: Engine, player_id: str, now: datetime, *, prefs: dict | None = None,
                    webhook_url: object = ..., lang: str | None = None) -> None:
    """Any of: prefs (partial), the webhook URL (None removes it; `...` leaves it), the language."""
    if lang is not None and lang not in LANGS:
        raise SettingsError(400, "bad_lang", f"lang is one of {', '.join(LANGS)}")
    if webhook_url is not ... and webhook_url is not None:
        webhook_url = check_webhook(webhook_url)
    with engine.begin() as conn:
        _ensure(conn, player_id, now)
        row = _row(conn, player_id)
        values: dict = {"updated_at": now}
        if prefs:
            values["prefs"] = merged_prefs(row.prefs, prefs)
        if webhook_url is not ...:
            values["webhook_url"] = webhook_url
        if lang is not None:
            values["lang"] = lang
        conn.execute(update(player_settings).where(player_settings.c.player_id == player_id).values(**values))


def ask_email(engine: Engine, player_id: str, address: str, now: datetime) -> int:
    """`address` waits for its owner's click: the confirmation mail is queued (an outbox row with the
    address in its parameters). Returns the row's id. Too many asked in the last hour: 429."""
    address = check_email(address)
    with engine.begin() as conn:
        recent = conn.execute(select(func.count()).select_from(outbox).where(
            outbox.c.player_id == player_id, outbox.c.kind == "confirm",
            outbox.c.created_at > now - timedelta(hours=1))).scalar()
        if recent >= CONFIRMS_PER_HOUR:
            raise SettingsError(429, "too_many_attempts", f"at most {CONFIRMS_PER_HOUR} confirmation mails an hour: "
                                "try again later")
        _ensure(conn, player_id, now)
        conn.execute(update(player_settings).where(player_settings.c.player_id == player_id)
                     .values(email_pending=address, updated_at=now))
        return conn.execute(insert(outbox).values(
            player_id=player_id, channel="email", kind="confirm", table_id=None,
            params=json.dumps({"address": address}), status="pending", attempts=0, due_at=now,
            created_at=now).returning(outbox.c.id)).scalar()


def confirm_email(engine: Engine, player_id: str, address: str, now: datetime) -> str:
    """The owner clicked: "confirmed", or "superseded" (another address was asked for since)."""
    with engine.begin() as conn:
        row = _row(conn, player_id)
        if row is not None and row.email == address and row.email_pending is None:
            return "confirmed"  # the link clicked twice
        done = conn.execute(update(player_settings).where(player_settings.c.player_id == player_id,
                                                          player_settings.c.email_pending == address)
                            .values(email=address, email_pending=None, email_confirmed_at=now,
                                    updated_at=now)).rowcount
    return "confirmed" if done else "superseded"


def remove_email(engine: Engine, player_id: str, now: datetime) -> None:
    with engine.begin() as conn:
        conn.execute(update(player_settings).where(player_settings.c.player_id == player_id)
                     .values(email=None, email_pending=None, email_confirmed_at=None, updated_at=now))


def unsubscribe(engine: Engine, player_id: str, channel: str, kind: str, now: datetime) -> None:
    """That kind (or every kind: "all") off on that channel. "all" by e-mail also withdraws an
    address waiting for confirmation: the link of a confirmation mail says "this was not me"."""
    kinds = list(DEFAULT_PREFS[channel]) if kind == "all" else [kind]
    with engine.begin() as conn:
        _ensure(conn, player_id, now)
        row = _row(conn, player_id)
        values = {"prefs": merged_prefs(row.prefs, {channel: {k: False for k in kinds if k in DEFAULT_PREFS[channel]}}),
                  "updated_at": now}
        if kind == "all" and channel == "email":
            values["email_pending"] = None
        conn.execute(update(player_settings).where(player_settings.c.player_id == player_id).values(**values))


def account_named(engine: Engine, name: str) -> tuple[str, str] | None:
    """(player id, display name) of the account with that login name, whatever its case."""
    if not isinstance(name, str) or not name:
        return None
    with engine.connect() as conn:
        row = conn.execute(select(players.c.id, players.c.name).where(players.c.login == name.casefold())).first()
    return (row.id, row.name) if row else None


def invite(engine: Engine, player_id: str, table_id: str, by: str, now: datetime) -> int:
    """Queue "invite" for this person (on the channels they have with invitations on); once per person
    and table, however often they are invited, and at most INVITES_PER_TABLE per table. Returns the
    rows written (0 is not an error: the inviter is not told whether the person gets notices)."""
    with engine.begin() as conn:
        queued = conn.execute(select(outbox.c.player_id).where(
            outbox.c.kind == "invite", outbox.c.table_id == table_id)).scalars().all()
        if player_id in queued or len(set(queued)) >= INVITES_PER_TABLE:
            return 0
        return enqueue(conn, player_id, "invite", table_id, now, params={"by": by})

