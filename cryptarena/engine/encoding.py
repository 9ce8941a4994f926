"""Fixed numberings for learning agents: every action a table may ever offer as one index of a fixed
range, and what a seat sees as a fixed-length vector of numbers.

A game declares both (`Game.action_encoding(players, options)`, `Game.observation_encoding(players,
options)`); the RL adapters (`cryptarena.rl`) and anything else that needs a fixed action space or
a tensor use them and nothing else. The observation is built from `view(seat)` only, so it cannot
hold a secret the view does not.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Iterable

import orjson

from .errors import CryptArenaError


class EncodingError(CryptArenaError):
    """An action outside the game's declared action space, or a view the encoder cannot read."""


def action_key(action: dict) -> str:
    """The canonical text of an action (key order and spacing do not matter)."""
    return orjson.dumps(action, option=orjson.OPT_SORT_KEYS).decode()


def options_key(options: dict) -> tuple:
    """Resolved table options as a hashable key, for a game's cache of its encodings."""
    return tuple(sorted(options.items()))


class ActionEncoding:
    """Every action a table of one size and options may ever offer, numbered 0..size-1 once and for all.
    Built from the list of those actions (each a legal dict as `legal_actions` gives it)."""

    def __init__(self, actions: Iterable[dict]):
        self._actions: list[dict] = []
        self._index: dict[str, int] = {}
        for action in actions:
            key = action_key(action)
            if key in self._index:
                raise ValueError(f"action listed twice in an encoding: {key}")
            self._index[key] = len(self._actions)
            self._actions.append(dict(action))

    @property
    def size(self) -> int:
        return len(self._actions)

    def index(self, action: dict) -> int:
        try:
            return self._index[action_key(action)]
        except KeyError:
            raise EncodingError(f"not in the action encoding: {action_key(action)}", code="not_encoded") from None

    def action(self, index: int) -> dict:
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < self.size:
            raise EncodingError(f"action index must be an int in 0..{self.size - 1}, not {index!r}",
                                code="not_encoded")
        return dict(self._actions[index])

    def indices(self, legal: Iterable[dict]) -> list[int]:
        """The indices of these actions, in their order."""
        return [self.index(a) for a in legal]

    def mask(self, legal: Iterable[dict]) -> list[int]:
        """1 at the index of every action in `legal`, 0 elsewhere."""
        mask = [0] * self.size
        for i in self.indices(legal):
            mask[i] = 1
        return mask


@dataclass(frozen=True)
class Field:
    """A named run of numbers in an observation vector: `size` numbers meaning `doc`."""

    name: str
    size: int
    doc: str


class ObservationEncoding:
    """A view as a fixed-length vector of numbers. `encode(view)` returns one list per call whose parts
    are `fields` in order; `layout()` documents them (name, offset, size, meaning)."""

    def __init__(self, fields: list[Field], encode: Callable[[dict], list[float]]):
        self.fields = list(fields)
        self._encode = encode
        self.size = sum(f.size for f in self.fields)

    def encode(self, view: dict) -> list[float]:
        vector = self._encode(view)
        if len(vector) != self.size:
            raise EncodingError(f"observation has {len(vector)} numbers, the layout says {self.size}",
                                code="bad_observation")
        try:  # one pass in C: a NaN, an infinity or a non-number makes the sum not finite
            total = math.fsum(vector)
        except (TypeError, ValueError, OverflowError):
            total = math.nan
        if not math.isfinite(total):
            raise EncodingError("observation holds something that is not a finite number", code="bad_observation")
        return list(vector)

    def layout(self) -> list[dict]:
        rows, offset = [], 0
        for f in self.fields:
            rows.append({"name": f.name, "offset": offset, "size": f.size, "doc": f.doc})
            offset += f.size
        return rows


class Vector:
    """A helper to fill an observation field by field, checking each field's size as it goes."""

    def __init__(self, fields: list[Field]):
        self._fields = fields
        self._sizes = {f.name: f.size for f in fields}
        self._parts: dict[str, list[float]] = {}

    def put(self, name: str, values: Iterable[float]) -> None:
        values = [float(v) for v in values]
        if len(values) != self._sizes[name]:
            raise EncodingError(f"field {name} takes {self._sizes[name]} numbers, got {len(values)}",
                                code="bad_observation")
        self._parts[name] = values

    def one_hot(self, name: str, index: int | None) -> None:
        """Field `name` all 0 but a 1 at `index` (None: all 0)."""
        values = [0.0] * self._sizes[name]
        if index is not None:
            values[index] = 1.0
        self._parts[name] = values

    def done(self) -> list[float]:
        missing = [f.name for f in self._fields if f.name not in self._parts]
        if missing:
            raise EncodingError(f"observation fields not filled: {', '.join(missing)}", code="bad_observation")
        return [v for f in self._fields for v in self._parts[f.name]]


__all__ = ["ActionEncoding", "EncodingError", "Field", "ObservationEncoding", "Vector", "action_key", "options_key"]
