"""The collector policy: long-lived objects frozen out of the automatic passes, and the cycles they
leave behind still collected by the full pass."""

from __future__ import annotations

import gc
import weakref

import pytest

from cryptarena.server.heap import HeapPolicy


class Node:
    def __init__(self):
        self.other = None


@pytest.fixture(autouse=True)
def thawed():
    yield
    gc.unfreeze()  # the rest of the suite runs with the collector as Python sets it


def cycle():
    a, b = Node(), Node()
    a.other, b.other = b, a
    return a


def test_a_freeze_takes_survivors_out_of_automatic_passes():
    policy = HeapPolicy(full_every=1e9)
    kept = cycle()
    watch = weakref.ref(kept)
    assert policy.step(now=policy.last_full + 1) == "freeze"
    assert gc.get_freeze_count() > 0
    del kept  # now garbage, but frozen: an ordinary collection does not walk it
    gc.collect()
    assert watch() is not None
    assert policy.step(now=policy.last_full + 2e9) == "full"  # the full pass finds it
    assert watch() is None
    assert policy.stats["full_passes"] == 1 and policy.stats["freezes"] == 1


def test_young_garbage_is_collected_before_it_is_frozen():
    policy = HeapPolicy(full_every=1e9)
    garbage = cycle()
    watch = weakref.ref(garbage)
    del garbage
    policy.step(now=policy.last_full + 1)
    assert watch() is None  # collected by the freeze's own collection, not frozen as a leak


def test_a_full_pass_comes_when_the_frozen_population_grows():
    policy = HeapPolicy(full_every=1e9, full_growth=2.0)
    policy.step(now=policy.last_full + 2e9)  # a first full pass sets the baseline
    baseline = policy.frozen_after_full
    hoard = [[i] for i in range(max(baseline, 10_000) * 2 + 1000)]  # more than doubles the tracked objects
    assert policy.step(now=policy.last_full + 1) == "freeze"  # the hoard is frozen...
    assert policy.step(now=policy.last_full + 2) == "full"  # ...and the growth is seen at the next tick
    assert policy.frozen_after_full > baseline
    del hoard


def test_a_tick_is_a_freeze_until_a_full_pass_is_due():
    policy = HeapPolicy(full_every=60.0)
    start = policy.last_full
    assert policy.step(now=start + 1) == "freeze"
    assert policy.step(now=start + 59) == "freeze"
    assert policy.step(now=start + 61) == "full"
    assert policy.step(now=start + 62) == "freeze"
