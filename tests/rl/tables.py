"""The tables the adapters' generic tests play: every registered game at its smallest player count
and one more (a game is covered the moment it is registered)."""

from __future__ import annotations

from cryptarena import games


def configs() -> list[tuple[str, int]]:
    found = []
    for game_id in games.ids():
        game = games.load(game_id)
        found += [(game_id, n) for n in (game.min_players, game.min_players + 1) if n <= game.max_players]
    return found
