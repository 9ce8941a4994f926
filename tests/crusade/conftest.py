"""Crusade scenario tests: shared fixtures. The helpers themselves live in crusade_play.py."""

from __future__ import annotations

import pytest

import crusade_play


@pytest.fixture(autouse=True)
def every_scripted_card_is_used():
    """A scripted card left over at the end of a test means a draw the test counted on never
    happened: fail the test."""
    crusade_play.CREATED.clear()
    yield
    leftovers = [(s.seed, s._script) for s in crusade_play.CREATED if s._script]
    crusade_play.CREATED.clear()
    assert not leftovers, f"scripted cards never used (seed, queue): {leftovers}"
