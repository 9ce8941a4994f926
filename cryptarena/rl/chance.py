"""Chance made explicit for OpenSpiel: every draw a table makes is one or more chance nodes.

The engine draws every die, card, crystal and shuffle from the table's one RNG, each draw an
`Rng.below(n)`: a uniform integer in [0, n) (`die`, `choice`, `shuffle` and `spawn` are built on
it). `ChanceRng` stands in for that RNG while an action (or the set-up) runs and takes each draw
from a list of picks chosen at chance nodes; when the picks run out it stops the action with
`NeedChance`, which carries the outcomes of the next node. The draw below(n) is one node with n
outcomes of probability 1/n, so the chance nodes follow the game's own distribution exactly,
whatever the game, weighted draws (a bag of crystals) and set-up shuffles included.

A draw of more than `BASE` outcomes (Midas rolls every cup of a round in one draw of up to 6**20)
is several nodes, one per base-`BASE` digit, most significant first: the value stays uniform, a
digit's probability being the share of the values still possible that carry it.
"""

from __future__ import annotations

from ..engine import Rng

BASE = 1024  # the most outcomes one chance node has (OpenSpiel's max_chance_outcomes)


class NeedChance(BaseException):
    """Raised from inside an action when it needs a pick not chosen yet. A BaseException, so that no
    `except Exception` in a game's code can swallow it; the half-done table is thrown away."""

    def __init__(self, outcomes: list[tuple[int, float]]):
        super().__init__("a chance outcome is needed")
        self.outcomes = outcomes


class ChanceRng:
    """An RNG whose draws are the given picks, in order (see the module's docstring)."""

    position = 0  # what a save made in the middle of an action records; the table gets a real Rng after

    def __init__(self, picks: list[int]):
        self.picks = picks
        self.used = 0

    def below(self, n: int) -> int:
        if n <= 0:
            raise ValueError("below(n) needs n > 0")
        if n <= BASE:
            return self._take(0, n)
        digits = _digits(n)
        value = 0
        for left in range(digits, 0, -1):
            scale = BASE ** (left - 1)
            lo, hi = value * BASE * scale, min((value + 1) * BASE * scale, n)
            value = value * BASE + self._take_digit(lo, hi, scale)
        return value

    def next64(self) -> int:
        return self.below(1 << 64)

    # the engine's own derivations from below(n), so that shuffles and choices are drawn the same way
    die = Rng.die
    choice = Rng.choice
    shuffle = Rng.shuffle
    spawn = Rng.spawn

    def _take(self, lo: int, hi: int) -> int:
        """A pick in [lo, hi), all equally likely."""
        if self.used == len(self.picks):
            raise NeedChance([(pick, 1.0 / (hi - lo)) for pick in range(lo, hi)])
        pick = self.picks[self.used]
        if not lo <= pick < hi:
            raise ValueError(f"chance outcome {pick} is not one of {lo}..{hi - 1}")
        self.used += 1
        return pick

    def _take_digit(self, lo: int, hi: int, scale: int) -> int:
        """The next digit of a value uniform in [lo, hi), where a digit spans `scale` values."""
        counts = [(digit, min(lo + (digit + 1) * scale, hi) - (lo + digit * scale))
                  for digit in range(BASE) if lo + digit * scale < hi]
        if self.used == len(self.picks):
            raise NeedChance([(digit, count / (hi - lo)) for digit, count in counts])
        pick = self.picks[self.used]
        if not 0 <= pick < len(counts):
            raise ValueError(f"chance outcome {pick} is not one of 0..{len(counts) - 1}")
        self.used += 1
        return pick


def _digits(n: int) -> int:
    """How many base-BASE digits the values 0..n-1 need."""
    digits, top = 1, BASE
    while top < n:
        digits, top = digits + 1, top * BASE
    return digits


__all__ = ["BASE", "ChanceRng", "NeedChance"]
