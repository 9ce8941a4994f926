"""Game-agnostic core. Knows no game."""

from .actions import Action
from .errors import CorruptSave, CryptArenaError, IllegalAction, OptionError, UnknownGame
from .options import Option
from .rng import Rng, derive_seed
from .state import Game, State

__all__ = ["Action", "CorruptSave", "CryptArenaError", "Game", "IllegalAction", "Option", "OptionError",
           "Rng", "State", "UnknownGame", "derive_seed"]
