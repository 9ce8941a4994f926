"""Stores on a real SQLite file and, when the local server answers, a real PostgreSQL schema."""

from __future__ import annotations

import contextlib
import os
import secrets

import pytest

from cryptarena.server.store import Store
from live_server import live_server

PG_URL = os.environ.get("CRYPTARENA_TEST_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/test")


def _postgres_schema():
    """A fresh schema on the test database, or a skip naming why there is none."""
    try:
        import psycopg
    except ImportError:  # pragma: no cover - psycopg is a test dependency
        pytest.skip("psycopg is not installed")
    conninfo = PG_URL.replace("postgresql+psycopg://", "postgresql://")
    try:
        conn = psycopg.connect(conninfo, connect_timeout=3, autocommit=True)
    except psycopg.OperationalError as exc:
        pytest.skip(f"PostgreSQL is not reachable at {conninfo}: {exc}".splitlines()[0])
    schema = f"t_{secrets.token_hex(6)}"
    conn.execute(f"CREATE SCHEMA {schema}")
    return conn, schema


@contextlib.contextmanager
def postgres_url():
    """The URL of a fresh schema on the test database, dropped afterwards (or a skip naming why)."""
    conn, schema = _postgres_schema()
    try:
        yield f"{PG_URL}?options=-csearch_path%3D{schema}"
    finally:
        conn.execute(f"DROP SCHEMA {schema} CASCADE")
        conn.close()


@pytest.fixture
def pg_url():
    with postgres_url() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request, tmp_path):
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'tables.db'}"
        return
    with postgres_url() as url:
        yield url


@pytest.fixture
def store(store_url):
    opened = Store(store_url)
    yield opened
    opened.close()


@pytest.fixture
def served(tmp_path):
    """(base URL, database URL) of a live server on its own SQLite file, bots moving at once."""
    url = f"sqlite:///{tmp_path / 'arena.db'}"
    with live_server(url, bot_delay=0) as base_url:
        yield base_url, url
