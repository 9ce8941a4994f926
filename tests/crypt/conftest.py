"""Crypt scenario tests: shared fixtures. The helpers themselves live in crypt_play.py."""

from __future__ import annotations

import pytest

import crypt_play


@pytest.fixture(autouse=True)
def every_scripted_outcome_is_used():
    """A scripted die or card left over at the end of a test means a chance event the test
    counted on never happened (a roll skipped, a card not drawn): fail the test."""
    crypt_play.CREATED.clear()
    yield
    leftovers = [(s.seed, s._script) for s in crypt_play.CREATED if s._script]
    crypt_play.CREATED.clear()
    assert not leftovers, f"scripted outcomes never used (seed, queue): {leftovers}"
