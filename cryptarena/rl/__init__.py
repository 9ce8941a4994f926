"""Standard RL interfaces over every game of ours (docs/rl.md), an optional extra: `pip install
cryptarena[rl]` brings PettingZoo, Gymnasium, OpenSpiel and NumPy.

    env = cryptarena.rl.pettingzoo_env("quartz", players=3, seed=1)     # a PettingZoo AEC env
    game = cryptarena.rl.openspiel_game("midas", players=2)             # a pyspiel game

Both reach the games through the registry only and speak the games' fixed encodings
(`Game.action_encoding`, `Game.observation_encoding`).
"""

from __future__ import annotations

from .table import DEFAULT_MAX_STEPS, NoEncoding


def pettingzoo_env(game_id: str, players: int, options: dict | None = None, seed: int = 0, *,
                   max_steps: int = DEFAULT_MAX_STEPS, render_mode: str | None = None):
    """A PettingZoo AEC environment: agents player_0.., Discrete actions with an action mask."""
    from .aec import CryptArenaEnv
    return CryptArenaEnv(game_id, players, options, seed, max_steps=max_steps, render_mode=render_mode)


def openspiel_game(game_id: str, players: int, options: dict | None = None, *,
                   max_steps: int = DEFAULT_MAX_STEPS):
    """A pyspiel game, registered with OpenSpiel as `cryptarena_<id>`, with explicit chance nodes."""
    from .spiel import openspiel_game as load
    return load(game_id, players, options, max_steps)


__all__ = ["DEFAULT_MAX_STEPS", "NoEncoding", "openspiel_game", "pettingzoo_env"]
