"""People: guests and accounts, passwords, and the brake on guessing them.

Everyone who opens the lobby is a player row. A guest has a display name and nothing else; it
becomes an account by choosing a login name and a password, on the same row, so every table it sat
at stays its own. Passwords are hashed with argon2 through pwdlib (its recommended parameters, and
re-hashed on sign-in when those change); neither the password nor its hash ever leaves this module
in a message or a log line. Sign-in failures are stored, so the brake holds across server processes
and restarts: a login name that failed `PER_LOGIN` times, or an address that failed `PER_ADDRESS`
times, in the last `WINDOW`, is refused until the oldest of those failures leaves the window.

Every function here is synchronous database work; the app runs it in a thread (hashing costs tens of
milliseconds on purpose).
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from datetime import timedelta

from pwdlib import PasswordHash
from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from .schema import as_utc as _utc, now as _now, players, sign_in_failures

WINDOW = timedelta(minutes=15)
PER_LOGIN = 5      # failed sign-ins of one login name in the window
PER_ADDRESS = 20   # failed sign-ins from one address in the window, whatever the names
LOGIN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{2,23}")  # 3-24 characters, a letter or digit first
MIN_PASSWORD, MAX_PASSWORD = 8, 256

_hasher = PasswordHash.recommended()
# verified against when the login does not exist, so that a wrong name costs what a wrong password does
_DUMMY_HASH = _hasher.hash(secrets.token_urlsafe(16))


class AccountError(Exception):
    """A refusal with a stable code and a message that may be shown to the person."""

    def __init__(self, code: str, message: str, status: int = 400, retry_after: int | None = None):
        super().__init__(message)
        self.code, self.message, self.status, self.retry_after = code, message, status, retry_after


@dataclass(frozen=True)
class Player:
    id: str
    name: str
    login: str | None  # None: a guest
    epoch: int  # the session epoch: a session signed with another one is signed out

    @property
    def registered(self) -> bool:
        return self.login is not None

    def to_json(self) -> dict:
        return {"id": self.id, "name": self.name, "registered": self.registered}


def _player(row) -> Player:
    return Player(row.id, row.name, row.login, row.session_epoch)


def check_login(name: str) -> str:
    if not isinstance(name, str) or not LOGIN.fullmatch(name):
        raise AccountError("bad_name", "an account name has 3 to 24 letters, digits, '_', '.' or '-', "
                                       "and starts with a letter or a digit")
    return name


def check_password(password: str) -> str:
    if not isinstance(password, str) or not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise AccountError("bad_password", f"a password has {MIN_PASSWORD} to {MAX_PASSWORD} characters")
    return password


class Accounts:
    def __init__(self, engine: Engine):
        self.engine = engine

    def guest(self, name: str) -> Player:
        player_id = secrets.token_urlsafe(12)
        with self.engine.begin() as conn:
            conn.execute(insert(players).values(id=player_id, name=name, login=None, password_hash=None,
                                                session_epoch=0, created_at=_now()))
        return Player(player_id, name, None, 0)

    def get(self, player_id: str | None) -> Player | None:
        if not isinstance(player_id, str):
            return None
        with self.engine.connect() as conn:
            row = conn.execute(select(players).where(players.c.id == player_id)).first()
        return _player(row) if row else None

    def names(self, player_ids: list[str]) -> dict[str, str]:
        if not player_ids:
            return {}
        with self.engine.connect() as conn:
            rows = conn.execute(select(players.c.id, players.c.name).where(players.c.id.in_(player_ids))).all()
        return {row.id: row.name for row in rows}

    def rename_guest(self, player_id: str, name: str) -> None:
        """A guest's display name follows what they type in the lobby; an account's is its login."""
        with self.engine.begin() as conn:
            conn.execute(update(players).where(players.c.id == player_id, players.c.login.is_(None))
                         .values(name=name))

    def register(self, guest_id: str | None, name: str, password: str) -> Player:
        """An account named `name`. A guest registering keeps its row (and with it its games)."""
        check_login(name)
        hashed = _hasher.hash(check_password(password))
        login = name.casefold()
        try:
            with self.engine.begin() as conn:
                row = conn.execute(select(players).where(players.c.id == guest_id)).first() if guest_id else None
                if row is not None and row.login is None:
                    conn.execute(update(players).where(players.c.id == guest_id)
                                 .values(name=name, login=login, password_hash=hashed,
                                         session_epoch=row.session_epoch + 1))
                    return Player(guest_id, name, login, row.session_epoch + 1)
                player_id = secrets.token_urlsafe(12)
                conn.execute(insert(players).values(id=player_id, name=name, login=login, password_hash=hashed,
                                                    session_epoch=0, created_at=_now()))
                return Player(player_id, name, login, 0)
        except IntegrityError:
            raise AccountError("name_taken", f"the account name {name!r} is taken", status=409) from None

    def sign_in(self, name: str, password: str, address: str) -> Player:
        login = name.casefold() if isinstance(name, str) else ""
        self._brake(login, address)
        with self.engine.connect() as conn:
            row = conn.execute(select(players).where(players.c.login == login)).first()
        ok, new_hash = _hasher.verify_and_update(password if isinstance(password, str) else "",
                                                 row.password_hash if row else _DUMMY_HASH)
        if row is None or not ok:
            with self.engine.begin() as conn:
                conn.execute(delete(sign_in_failures).where(sign_in_failures.c.at < _now() - WINDOW))  # forgotten
                conn.execute(insert(sign_in_failures).values(login=login[:40], address=address[:64], at=_now()))
            raise AccountError("bad_credentials", "wrong account name or password", status=401)
        if new_hash is not None:  # pwdlib's parameters moved on: keep the hash current
            with self.engine.begin() as conn:
                conn.execute(update(players).where(players.c.id == row.id).values(password_hash=new_hash))
        with self.engine.begin() as conn:  # a success forgets this name's failures
            conn.execute(delete(sign_in_failures).where(sign_in_failures.c.login == login))
        return _player(row)

    def change_password(self, player_id: str, old: str, new: str) -> Player:
        """Signs every other session of the account out (the epoch moves on)."""
        check_password(new)
        with self.engine.connect() as conn:
            row = conn.execute(select(players).where(players.c.id == player_id)).first()
        if row is None or row.login is None:
            raise AccountError("not_registered", "a guest has no password: register first", status=403)
        if not _hasher.verify(old if isinstance(old, str) else "", row.password_hash):
            raise AccountError("bad_credentials", "the current password is wrong", status=401)
        with self.engine.begin() as conn:
            conn.execute(update(players).where(players.c.id == player_id)
                         .values(password_hash=_hasher.hash(new), session_epoch=row.session_epoch + 1))
        return Player(row.id, row.name, row.login, row.session_epoch + 1)

    def _brake(self, login: str, address: str) -> None:
        since = _now() - WINDOW
        with self.engine.connect() as conn:
            for column, value, limit, what in ((sign_in_failures.c.login, login, PER_LOGIN, "this account name"),
                                               (sign_in_failures.c.address, address, PER_ADDRESS, "your address")):
                count, oldest = conn.execute(select(func.count(), func.min(sign_in_failures.c.at))
                                             .where(column == value, sign_in_failures.c.at > since)).one()
                if count >= limit:
                    wait = max(1, int((_utc(oldest) + WINDOW - _now()).total_seconds()) + 1)
                    raise AccountError("too_many_attempts", f"too many failed sign-ins for {what}: try again in "
                                       f"{wait} s", status=429, retry_after=wait)
