"""The crypt: hexes placed as they are explored, on axial coordinates (q, r), pointy-top.

Sides are numbered 0-5 clockwise from east: 0 E, 1 SE, 2 SW, 3 W, 4 NW, 5 NE; the side facing
side d is (d + 3) % 6. A placed hex is public data: {"tile", "owner", "q", "r", "turn", "doors"},
`doors` being its open sides after turning it `turn` sixths clockwise. Two neighbouring hexes are
joined by an open passage only when both have a door on their shared side; ranges follow open
passages, a phazed attack or a Phase Walk goes through walls.
"""

from __future__ import annotations

from collections import deque
from functools import cache

from .components import HEXES

STEPS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))


def opposite(side: int) -> int:
    return (side + 3) % 6


def turned(doors, turn: int) -> list[int]:
    return sorted((d + turn) % 6 for d in doors)


def placements(tile: str, side: int) -> list[int]:
    """The turns of `tile` that open a door onto `side` of the hex it is placed against (its door
    must face back, on opposite(side)); turns giving the same doors are listed once."""
    return list(_placements(tile, side))


@cache
def _placements(tile: str, side: int) -> tuple[int, ...]:
    seen, found = set(), []
    for turn in range(6):
        doors = tuple(turned(HEXES[tile].doors, turn))
        if opposite(side) in doors and doors not in seen:
            seen.add(doors)
            found.append(turn)
    return tuple(found)


class Crypt:
    """Geometry over the placed hexes of a state (a list of dicts, index = hex number)."""

    def __init__(self, placed: list[dict]):
        self.placed = placed
        self.at = {(h["q"], h["r"]): i for i, h in enumerate(placed)}
        # per hex, the hex on each side (None: unexplored). Cells never move, so this is kept as
        # hexes are added; doors are read live (a door is only ever set when its hex is placed)
        self.near = [self._around(h) for h in placed]

    def _around(self, h: dict) -> list:
        q, r, at = h["q"], h["r"], self.at
        return [at.get((q + dq, r + dr)) for dq, dr in STEPS]

    def add(self, entry: dict) -> int:
        self.placed.append(entry)
        index = len(self.placed) - 1
        self.at[(entry["q"], entry["r"])] = index
        near = self._around(entry)
        self.near.append(near)
        for side, other in enumerate(near):
            if other is not None:
                self.near[other][(side + 3) % 6] = index
        return index

    def cell(self, index: int, side: int) -> tuple[int, int]:
        h = self.placed[index]
        dq, dr = STEPS[side]
        return h["q"] + dq, h["r"] + dr

    def neighbour(self, index: int, side: int) -> int | None:
        return self.near[index][side]

    def open_sides(self, index: int) -> list[int]:
        """Doors of the hex that lead to an unexplored cell (where a hex may be placed)."""
        near = self.near[index]
        return [d for d in self.placed[index]["doors"] if near[d] is None]

    def paths(self, start: int) -> dict[int, list[int]]:
        """The shortest way from `start` to every hex it connects to: the hexes stepped into, in order."""
        first = {start: []}
        queue = deque([start])
        while queue:
            node = queue.popleft()
            for nxt in self.passages(node):
                if nxt not in first:
                    first[nxt] = first[node] + [nxt]
                    queue.append(nxt)
        return first

    def passages(self, index: int) -> list[int]:
        """Neighbouring hexes joined to this one by an open passage (a door on both sides)."""
        near, placed = self.near[index], self.placed
        found = [other for d in placed[index]["doors"]
                 if (other := near[d]) is not None and (d + 3) % 6 in placed[other]["doors"]]
        if len(found) > 1:
            found.sort()
        return found

    def ways(self, index: int) -> tuple[list[int], list[int]]:
        """(passages(index), open_sides(index)) in one look at the hex's doors."""
        near, placed = self.near[index], self.placed
        found, sides = [], []
        for d in placed[index]["doors"]:
            other = near[d]
            if other is None:
                sides.append(d)
            elif (d + 3) % 6 in placed[other]["doors"]:
                found.append(other)
        if len(found) > 1:
            found.sort()
        return found, sides

    def adjacent(self, index: int) -> list[int]:
        """Every neighbouring hex, walls or not (phazed)."""
        return sorted(n for n in self.near[index] if n is not None)

    def in_range(self, index: int, reach: str, phazed: bool = False) -> list[int]:
        """Hexes an attack from `index` reaches: its own ("same"), those one open passage away
        too ("hex1"; through walls when phazed), every placed hex ("any")."""
        if reach == "any":
            return list(range(len(self.placed)))
        if reach == "same":
            return [index]
        near = self.adjacent(index) if phazed else self.passages(index)
        return sorted({index, *near})
