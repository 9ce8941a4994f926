"""The graveyard: board layouts as data, and what the rules ask of a board.

The printed board diagram is not public, so a layout is data: the tiles' coordinates (numbered
0..T-1 row by row), which tile is the Groundskeeper Shed, how many roses (Graves) are placed on the
other tiles at setup, the neighbour directions and the distance rule. The board has no walls, so
"within N tiles" and "move N tiles" are the same distance. `Board` derives the rest once per layout:
neighbours, edge tiles (fewer neighbours than a full interior tile), distances, where Necromancers
can enter, and where a Kick lands.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

SQUARE_DIRECTIONS = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))  # king moves
HEX_DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))  # axial (q, r)


@dataclass(frozen=True)
class Layout:
    name: str
    shape: str  # "square": coordinates (x, y); "hex": axial coordinates (q, r)
    coords: tuple[tuple[int, int], ...]  # tile id -> coordinates
    shed: int  # the Groundskeeper Shed's tile id (never a rose)
    roses: int  # Grave tiles shuffled among the other tiles at setup
    directions: tuple[tuple[int, int], ...]
    metric: str  # "chebyshev" (king moves) or "hex"

    @property
    def size(self) -> int:
        return len(self.coords)

    def distance(self, a: tuple[int, int], b: tuple[int, int]) -> int:
        dx, dy = b[0] - a[0], b[1] - a[1]
        if self.metric == "chebyshev":
            return max(abs(dx), abs(dy))
        return (abs(dx) + abs(dy) + abs(dx + dy)) // 2


def _square(size: int) -> tuple[tuple[int, int], ...]:
    return tuple((x, y) for y in range(size) for x in range(size))


def _hexagon(radius: int) -> tuple[tuple[int, int], ...]:
    return tuple((q, r) for r in range(-radius, radius + 1)
                 for q in range(max(-radius, -radius - r), min(radius, radius - r) + 1))


_SQUARE5 = _square(5)
_HEX19 = _hexagon(2)
LAYOUTS = {
    "square5": Layout("square5", "square", _SQUARE5, _SQUARE5.index((2, 2)), 7, SQUARE_DIRECTIONS, "chebyshev"),
    "hex19": Layout("hex19", "hex", _HEX19, _HEX19.index((0, 0)), 6, HEX_DIRECTIONS, "hex"),
}


class Board:
    """A layout with everything the rules ask of it precomputed (read only, shared by states)."""

    def __init__(self, layout: Layout):
        self.layout = layout
        self.name = layout.name
        coords = layout.coords
        self.size = len(coords)
        self.shed = layout.shed
        self._index = {c: i for i, c in enumerate(coords)}
        self.dist = tuple(tuple(layout.distance(a, b) for b in coords) for a in coords)
        self.neighbours = tuple(tuple(t for t in range(self.size) if self.dist[s][t] == 1)
                                for s in range(self.size))
        full = len(layout.directions)
        self.edge = tuple(len(n) < full for n in self.neighbours)
        self.edges = tuple(t for t in range(self.size) if self.edge[t])
        # steps from off the board: the first step lands on an edge tile
        self.entry = tuple(1 + min(self.dist[e][t] for e in self.edges) for t in range(self.size))
        self._landings: dict[tuple[int, int], tuple[int, ...]] = {}

    def reachable(self, here: int | None, reach: int) -> list[int]:
        """Tiles a move of up to `reach` tiles from `here` may end on (never `here` itself);
        from off the board (None) the first step lands on an edge tile."""
        if here is None:
            return [t for t in range(self.size) if self.entry[t] <= reach]
        row = self.dist[here]
        return [t for t in range(self.size) if 1 <= row[t] <= reach]

    def within(self, tile: int, reach: int) -> list[int]:
        """Tiles at distance <= reach from `tile` (the tile itself included)."""
        row = self.dist[tile]
        return [t for t in range(self.size) if row[t] <= reach]

    def step(self, tile: int, direction: tuple[int, int]) -> int | None:
        x, y = self.layout.coords[tile]
        return self._index.get((x + direction[0], y + direction[1]))

    def push(self, tile: int, direction: tuple[int, int], steps: int) -> int | None:
        """Where a piece pushed `steps` tiles in a straight line lands, stopping at the board's
        edge; None when the very first step would leave the board (that way is not offered)."""
        landing = self.step(tile, direction)
        if landing is None:
            return None
        for _ in range(steps - 1):
            further = self.step(landing, direction)
            if further is None:
                break
            landing = further
        return landing

    def kick_landings(self, tile: int, steps: int) -> list[int]:
        """Every landing tile of a push from `tile`, one per direction that starts on the board
        (no two directions land on the same tile: no two directions are parallel)."""
        landings = self._landings.get((tile, steps))
        if landings is None:  # the board never changes: each answer is worked out once
            landings = self._landings[tile, steps] = tuple(sorted(
                t for d in self.layout.directions if (t := self.push(tile, d, steps)) is not None))
        return list(landings)

    def tile_view(self, tile: int, roses: set[int]) -> dict:
        a, b = self.layout.coords[tile]
        names = ("x", "y") if self.layout.shape == "square" else ("q", "r")
        return {"id": tile, names[0]: a, names[1]: b, "rose": tile in roses, "shed": tile == self.shed,
                "edge": self.edge[tile]}


@cache
def board(name: str) -> Board:
    return Board(LAYOUTS[name])
