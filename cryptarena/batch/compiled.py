"""The compiled backend's shared pieces (numba): the chance hash of `core.RandomSource` as scalar
functions, so a compiled kernel draws game g's j-th number exactly as the array code does.

A compiled kernel plays the games of a batch one after another in machine code: the same rules as
the game's array version (`batch/<id>.py`), the same draws from the same streams, so it plays the
very games the numpy path plays (its tests compare them game by game), only without one NumPy call
per operation. The array versions stay the reference (they are the ones compared with the engine
decision by decision) and serve the policies a kernel does not have.

Every chance draw in a kernel: `counter += 1; bits = draw(base, counter)`, then `below(bits, k)`
(or a pick over weights: `below(bits, total)` and the first cumulative weight above it), as
RandomSource's `_next`, `below` and `pick`. All arithmetic on the hash is on uint64 (numba turns a
uint64 mixed with an int64 into a float).

This module imports numba: import it only when the compiled backend is asked for
(`core.compiled_available()` says whether it can be).
"""

from __future__ import annotations

import numba
import numpy as np

GOLDEN = np.uint64(0x9E3779B97F4A7C15)
M1 = np.uint64(0xBF58476D1CE4E5B9)
M2 = np.uint64(0x94D049BB133111EB)
S30, S27, S31, S32 = np.uint64(30), np.uint64(27), np.uint64(31), np.uint64(32)


def jit(function):
    """numba.njit with an on-disk cache (a kernel compiles once per installation, not per run)."""
    return numba.njit(cache=True, nogil=True)(function)


@jit
def mix(z):
    """splitmix64's finaliser (core._mix)."""
    z = (z ^ (z >> S30)) * M1
    z = (z ^ (z >> S27)) * M2
    return z ^ (z >> S31)


@jit
def draw(base, counter):
    """The 64 random bits of a game's draw number `counter` (a game's first draw is number 1, as
    RandomSource._next counts)."""
    return mix(base + np.uint64(counter) * GOLDEN)


@jit
def below(bits, k):
    """An integer in [0, k) from 64 bits, as core._below_from_bits (k ≥ 1)."""
    return np.int64(((bits >> S32) * np.uint64(k)) >> S32)
