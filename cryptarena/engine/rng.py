"""The one random source a state owns.

A counter-based SplitMix64 generator: its whole position is one 64-bit integer, so a state's
JSON carries it exactly and a replay from the seed lands on the same numbers. The position is
server-side data only: views, log lines and errors never include it.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def derive_seed(*parts: int | str) -> int:
    """A well-mixed 64-bit seed from several parts (base seed, game index, seat...)."""
    acc = 0x243F6A8885A308D3
    for part in parts:
        if isinstance(part, str):
            part = int.from_bytes(part.encode()[:32].ljust(8, b"\0"), "little")
        acc = _mix((acc ^ (int(part) & _MASK)) + _GOLDEN & _MASK)
    return acc


# n -> Lemire's rejection threshold (2^64 - n) mod n; the same few n come back all the time
_THRESHOLDS: dict[int, int] = {}


class Rng:
    __slots__ = ("position",)

    def __init__(self, seed: int = 0, *, position: int | None = None):
        self.position = _mix(int(seed) & _MASK) if position is None else position & _MASK

    def next64(self) -> int:
        self.position = (self.position + _GOLDEN) & _MASK
        return _mix(self.position)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) (Lemire's method with rejection: no modulo bias)."""
        threshold = _THRESHOLDS.get(n)
        if threshold is None:
            if n <= 0:
                raise ValueError("below(n) needs n > 0")
            threshold = _THRESHOLDS[n] = ((1 << 64) - n) % n
        while True:
            # next64() and _mix() written out: this is the hottest line of every random playout
            z = self.position = (self.position + _GOLDEN) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            product = (z ^ (z >> 31)) * n
            if (product & _MASK) >= threshold:
                return product >> 64

    def die(self, sides: int = 6) -> int:
        return self.below(sides) + 1

    def choice(self, seq):
        return seq[self.below(len(seq))]

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def spawn(self) -> "Rng":
        """An independent generator seeded from this one (used for determinised copies)."""
        return Rng(self.next64())

    def __repr__(self) -> str:  # never print the position: it predicts every future roll
        return "Rng(<hidden>)"
