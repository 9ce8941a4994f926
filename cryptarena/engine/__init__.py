"""Game-agnostic core. Knows no game."""

from .actions import Action
from .encoding import ActionEncoding, EncodingError, Field, ObservationEncoding, Vector, action_key, options_key
from .errors import CorruptSave, CryptArenaError, IllegalAction, OptionError, Reason, UnknownGame
from .options import Option
from .rng import Rng, derive_seed
from .state import Game, State

__all__ = ["Action", "ActionEncoding", "EncodingError", "Field", "ObservationEncoding", "Vector",
           "action_key", "options_key", "CorruptSave", "CryptArenaError", "Game", "IllegalAction", "Option", "Reason",
           "OptionError", "Rng", "State", "UnknownGame", "derive_seed"]
