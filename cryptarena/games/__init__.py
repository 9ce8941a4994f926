"""The registry: the only door through which ai/, rl/, server/ and the CLI reach a game.

Adding a game = one package under games/ and one line in _REGISTRY.
"""

from __future__ import annotations

import importlib

from ..engine import CorruptSave, Game, IllegalAction, OptionError, State, UnknownGame

__all__ = ["CorruptSave", "Game", "IllegalAction", "OptionError", "State", "UnknownGame", "ids", "load"]

# id -> "module:GameClass"
_REGISTRY: dict[str, str] = {
    "crypt": "cryptarena.games.crypt:Crypt",
    "quartz": "cryptarena.games.quartz:Quartz",
    "midas": "cryptarena.games.midas:Midas",
    "crusade": "cryptarena.games.crusade:Crusade",
    "pharaoh": "cryptarena.games.pharaoh:Pharaoh",
}


def ids() -> list[str]:
    return list(_REGISTRY)


def load(game_id: str, **fixed_options) -> Game:
    try:
        target = _REGISTRY[game_id]
    except KeyError:
        raise UnknownGame(f"unknown game {game_id!r}; known games: {', '.join(_REGISTRY)}") from None
    module_name, class_name = target.split(":")
    cls = getattr(importlib.import_module(module_name), class_name)
    return cls(**fixed_options)
