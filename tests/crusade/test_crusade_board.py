"""The board as data: layouts, tile numbering, neighbours, distances, edges, where Necromancers
enter and where a Kick lands (never off the board)."""

from __future__ import annotations

from collections import deque

import pytest

from cryptarena.games.crusade.board import LAYOUTS, board
from crusade_play import SHED, T, new


def bfs_steps(b, start: int) -> list[int]:
    """Steps between tiles walking neighbour to neighbour (the board has no walls)."""
    steps = [None] * b.size
    steps[start] = 0
    queue = deque([start])
    while queue:
        tile = queue.popleft()
        for n in b.neighbours[tile]:
            if steps[n] is None:
                steps[n] = steps[tile] + 1
                queue.append(n)
    return steps


def test_square5_tiles_are_numbered_row_by_row_with_king_move_neighbours():
    b = board("square5")
    assert b.size == 25 and b.shed == SHED == T(2, 2)
    assert [b.layout.coords[t] for t in (0, 1, 5, 24)] == [(0, 0), (1, 0), (0, 1), (4, 4)]
    assert sorted(b.neighbours[SHED]) == [T(1, 1), T(2, 1), T(3, 1), T(1, 2), T(3, 2), T(1, 3), T(2, 3), T(3, 3)]
    assert sorted(b.neighbours[T(0, 0)]) == [T(1, 0), T(0, 1), T(1, 1)]  # a corner: 3 neighbours


def test_square5_distance_is_king_moves():
    b = board("square5")
    assert b.dist[T(0, 0)][T(2, 1)] == 2
    assert b.dist[T(0, 0)][T(4, 4)] == 4
    assert b.dist[T(1, 3)][T(3, 0)] == 3
    for tile in range(b.size):
        assert list(b.dist[tile]) == bfs_steps(b, tile)


def test_square5_edge_is_the_outer_ring():
    b = board("square5")
    ring = sorted(t for t in range(25) if b.layout.coords[t][0] in (0, 4) or b.layout.coords[t][1] in (0, 4))
    assert list(b.edges) == ring and len(ring) == 16
    assert [t["edge"] for t in new(2).view(None)["tiles"]] == [t in ring for t in range(25)]


def test_hex19_axial_distances_and_six_neighbours():
    b = board("hex19")
    coords = b.layout.coords
    assert b.size == 19 and coords[b.shed] == (0, 0)
    assert coords[0] == (0, -2) and coords[18] == (0, 2)  # row r = -2 first, q ascending
    assert len(b.neighbours[b.shed]) == 6
    at = {c: i for i, c in enumerate(coords)}
    assert b.dist[at[(2, -2)]][at[(-2, 2)]] == 4  # corner to opposite corner
    assert b.dist[at[(2, 0)]][at[(-1, 0)]] == 3
    assert b.dist[at[(1, 1)]][at[(0, 0)]] == 2  # (1, 1) is two steps: hexes are not squares
    for tile in range(b.size):
        assert list(b.dist[tile]) == bfs_steps(b, tile)


def test_hex19_edge_is_the_outer_ring_of_twelve():
    b = board("hex19")
    assert len(b.edges) == 12
    assert all(max(abs(q), abs(r), abs(q + r)) == 2 for q, r in (b.layout.coords[t] for t in b.edges))


@pytest.mark.parametrize("name", list(LAYOUTS))
def test_entering_from_off_the_board_counts_the_step_onto_an_edge_tile(name):
    b = board(name)
    assert all(b.entry[t] == 1 for t in b.edges)
    assert b.entry[b.shed] == 3  # the centre is 2 tiles in from the edge
    for tile in range(b.size):
        assert b.entry[tile] == 1 + min(b.dist[e][tile] for e in b.edges)


def test_a_kick_lands_two_tiles_away_in_a_straight_line_and_stops_at_the_edge():
    b = board("square5")
    assert b.push(T(2, 2), (1, 0), 2) == T(4, 2)
    assert b.push(T(3, 2), (1, 0), 2) == T(4, 2)  # one step, then the edge: stops there
    assert b.push(T(4, 2), (1, 0), 2) is None  # the first step leaves the board: not a direction
    assert b.kick_landings(T(0, 0), 2) == [T(2, 0), T(0, 2), T(2, 2)]
    assert len(b.kick_landings(SHED, 2)) == 8


def test_hex_kick_landings():
    b = board("hex19")
    at = {c: i for i, c in enumerate(b.layout.coords)}
    assert b.kick_landings(at[(0, 0)], 2) == sorted(at[(2 * dq, 2 * dr)] for dq, dr in b.layout.directions)
    corner = at[(2, -2)]  # three directions step off the board at once
    assert b.kick_landings(corner, 2) == sorted([at[(0, -2)], at[(0, 0)], at[(2, 0)]])
