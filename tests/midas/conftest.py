"""Midas scenario tests: shared fixtures. The helpers themselves live in midas_play.py."""

from __future__ import annotations

import pytest

import midas_play


@pytest.fixture(autouse=True)
def every_scripted_outcome_is_used():
    """A scripted stone, die or coin left over at the end of a test means a chance event the test
    counted on never happened (a draw cancelled, a round not started): fail the test."""
    midas_play.CREATED.clear()
    yield
    leftovers = [(s.seed, s._script) for s in midas_play.CREATED if s._script]
    midas_play.CREATED.clear()
    assert not leftovers, f"scripted outcomes never used (seed, queue): {leftovers}"
