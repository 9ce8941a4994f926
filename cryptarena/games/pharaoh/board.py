"""The crypt: hexes placed as they are explored, on axial coordinates (q, r), pointy-top.

Sides are numbered 0-5 clockwise from east: 0 E, 1 SE, 2 SW, 3 W, 4 NW, 5 NE; the side facing
side d is (d + 3) % 6. A placed hex is public data: {"tile", "owner", "q", "r", "turn", "doors"},
`doors` being its open sides after turning it `turn` sixths clockwise. Two neighbouring hexes are
joined by an open passage only when both have a door on their shared side; ranges follow open
passages, a phazed attack or a Phase Walk goes through walls.
"""

from __future__ import annotations

from collections import deque

from .components import HEXES

STEPS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))


def opposite(side: int) -> int:
    return (side + 3) % 6


def turned(doors, turn: int) -> list[int]:
    return sorted((d + turn) % 6 for d in doors)


def placements(tile: str, side: int) -> list[int]:
    """The turns of `tile` that open a door onto `side` of the hex it is placed against (its door
    must face back, on opposite(side)); turns giving the same doors are listed once."""
    seen, found = set(), []
    for turn in range(6):
        doors = tuple(turned(HEXES[tile].doors, turn))
        if opposite(side) in doors and doors not in seen:
            seen.add(doors)
            found.append(turn)
    return found


class Crypt:
    """Geometry over the placed hexes of a state (a list of dicts, index = hex number)."""

    def __init__(self, placed: list[dict]):
        self.placed = placed
        self.at = {(h["q"], h["r"]): i for i, h in enumerate(placed)}

    def add(self, entry: dict) -> int:
        self.placed.append(entry)
        index = len(self.placed) - 1
        self.at[(entry["q"], entry["r"])] = index
        return index

    def cell(self, index: int, side: int) -> tuple[int, int]:
        h = self.placed[index]
        dq, dr = STEPS[side]
        return h["q"] + dq, h["r"] + dr

    def neighbour(self, index: int, side: int) -> int | None:
        return self.at.get(self.cell(index, side))

    def open_sides(self, index: int) -> list[int]:
        """Doors of the hex that lead to an unexplored cell (where a hex may be placed)."""
        return [d for d in self.placed[index]["doors"] if self.cell(index, d) not in self.at]

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
        found = []
        for d in self.placed[index]["doors"]:
            other = self.neighbour(index, d)
            if other is not None and opposite(d) in self.placed[other]["doors"]:
                found.append(other)
        return sorted(found)

    def adjacent(self, index: int) -> list[int]:
        """Every neighbouring hex, walls or not (phazed)."""
        return sorted(n for d in range(6) if (n := self.neighbour(index, d)) is not None)

    def in_range(self, index: int, reach: str, phazed: bool = False) -> list[int]:
        """Hexes an attack from `index` reaches: its own ("same"), those one open passage away
        too ("hex1"; through walls when phazed), every placed hex ("any")."""
        if reach == "any":
            return list(range(len(self.placed)))
        if reach == "same":
            return [index]
        near = self.adjacent(index) if phazed else self.passages(index)
        return sorted({index, *near})
