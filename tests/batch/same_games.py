"""One check for "the same games": two BatchResults equal field by field (dtypes, shapes, the
breakdown's items in order), naming the first game that differs."""

from __future__ import annotations

import numpy as np

from cryptarena.batch import core


def assert_same_games(want: core.BatchResult, got: core.BatchResult) -> None:
    for name in ("totals", "winners", "length"):
        a, b = getattr(want, name), getattr(got, name)
        assert a.dtype == b.dtype and a.shape == b.shape, name
        bad = np.flatnonzero((a != b).reshape(a.shape[0], -1).any(axis=1))
        assert not bad.size, f"{name} differs in {bad.size} games, first game {bad[0]}: {a[bad[0]]} != {b[bad[0]]}"
    assert list(want.breakdown) == list(got.breakdown)
    for item in want.breakdown:
        a, b = want.breakdown[item], got.breakdown[item]
        assert a.dtype == b.dtype and a.shape == b.shape and np.array_equal(a, b), item
