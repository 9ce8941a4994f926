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


def test_a_full_pass_comes_when_memory_grows():
    memory = {"now": 100}
    policy = HeapPolicy(full_every=1e9, full_growth=1.5, full_gap=10, resident=lambda: memory["now"])
    start = policy.last_full
    assert policy.step(now=start + 1) == "freeze"  # the first step takes 100 as the baseline
    memory["now"] = 151
    assert policy.step(now=start + 2) == "freeze"  # grown more than 1.5 times, but too soon
    memory["now"] = 150
    assert policy.step(now=start + 11) == "freeze"  # grown 1.5 times, not more
    memory["now"] = 151
    assert policy.step(now=start + 12) == "full"
    assert policy.resident_after_full == 151  # the new baseline
    memory["now"] = 1000
    assert policy.step(now=start + 13) == "freeze"  # within full_gap of that pass
    assert policy.step(now=start + 23) == "full"


def test_the_resident_memory_is_read():
    from cryptarena.server.heap import resident_bytes
    before = resident_bytes()
    hoard = bytearray(64 * 2**20)
    hoard[::4096] = b"x" * len(hoard[::4096])  # touch every page: resident now
    assert resident_bytes() >= before + 32 * 2**20
    del hoard


def test_a_tick_is_a_freeze_until_a_full_pass_is_due():
    policy = HeapPolicy(full_every=60.0, resident=lambda: 100)
    start = policy.last_full
    assert policy.step(now=start + 1) == "freeze"
    assert policy.step(now=start + 59) == "freeze"
    assert policy.step(now=start + 61) == "full"
    assert policy.step(now=start + 62) == "freeze"
