"""End-game Collector bonuses: pure functions of everyone's collection.

`holdings[seat]` is the list of (type, value) of the cards that seat collected, flipped or not
(flipped cards still score and still count for sets, §1.3).
"""

from __future__ import annotations

POTTERY_A = {2: 2, 3: 4}  # 4 or more: 8
POTTERY_A_MAX = 8
REMAINS_B_NEEDED, REMAINS_B_BONUS = 4, 10
TAPESTRY_A_BONUS = 5
TAPESTRY_B_NEEDED, TAPESTRY_B_ALONE, TAPESTRY_B_SHARED = 3, 7, 4
IDOL_B_FIRST, IDOL_B_LATER, IDOL_B_NEEDED = 5, 2, 2


def _of(cards, kind):
    return [v for t, v in cards if t == kind]


def collector_bonus(kind: str, side: str, holdings: list[list[tuple[str, int]]],
                    idol_b_first: list[int]) -> list[int]:
    """Coins the collector of `kind` on `side` gives each seat at game end (0 for abilities)."""
    values = [_of(cards, kind) for cards in holdings]
    if (kind, side) == ("idol", "B"):
        return [IDOL_B_FIRST if seat in idol_b_first else IDOL_B_LATER if len(v) >= IDOL_B_NEEDED else 0
                for seat, v in enumerate(values)]
    if (kind, side) == ("jewelry", "A"):
        return [max(v) if len(v) >= 2 else 0 for v in values]
    if (kind, side) == ("jewelry", "B"):
        return [len(v) for v in values]
    if (kind, side) == ("manuscript", "A"):
        return [sum(4 - x for x in v) if len(v) >= 2 else 0 for v in values]
    if (kind, side) == ("pottery", "A"):
        return [POTTERY_A_MAX if len(v) >= 4 else POTTERY_A.get(len(v), 0) for v in values]
    if (kind, side) == ("remains", "B"):
        return [REMAINS_B_BONUS if len(v) >= REMAINS_B_NEEDED else 0 for v in values]
    if (kind, side) == ("tapestry", "A"):
        sums = [sum(v) if v else None for v in values]
        best = max((s for s in sums if s is not None), default=None)
        return [TAPESTRY_A_BONUS if s is not None and s == best else 0 for s in sums]
    if (kind, side) == ("tapestry", "B"):
        qualified = [len(v) >= TAPESTRY_B_NEEDED for v in values]
        bonus = TAPESTRY_B_ALONE if sum(qualified) == 1 else TAPESTRY_B_SHARED
        return [bonus if q else 0 for q in qualified]
    return [0] * len(holdings)  # ability sides give no coins
