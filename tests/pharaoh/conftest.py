"""Pharaoh scenario tests: shared fixtures. The helpers themselves live in pharaoh_play.py."""

from __future__ import annotations

import pytest

import pharaoh_play


@pytest.fixture(autouse=True)
def every_scripted_outcome_is_used():
    """A scripted die, card or hex left over at the end of a test means an event the test counted
    on never happened: fail the test."""
    pharaoh_play.CREATED.clear()
    yield
    leftovers = [(s.seed, s._script) for s in pharaoh_play.CREATED if s._script]
    pharaoh_play.CREATED.clear()
    assert not leftovers, f"scripted outcomes never used (seed, queue): {leftovers}"
