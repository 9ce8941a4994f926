"""Table options: a schema per game, checked before any state exists."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .errors import OptionError


@dataclass(frozen=True)
class Option:
    name: str
    type: str  # "enum", "int", "bool"
    default: Any
    description: str
    allowed: tuple = ()  # enum values
    minimum: int | None = None
    maximum: int | None = None
    # Shown only when another option has one of these values, e.g. {"collectors": ("mix",)}.
    depends_on: dict = field(default_factory=dict)

    def check(self, value: Any) -> Any:
        if self.type == "enum":
            if value not in self.allowed:
                raise OptionError(
                    f"option {self.name!r}: {value!r} is not allowed; choose one of "
                    + ", ".join(repr(a) for a in self.allowed),
                    code="bad_option_value",
                )
            return value
        if self.type == "bool":
            if not isinstance(value, bool):
                raise OptionError(f"option {self.name!r}: expected true or false, got {value!r}",
                                  code="bad_option_value")
            return value
        if self.type == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise OptionError(f"option {self.name!r}: expected an integer, got {value!r}",
                                  code="bad_option_value")
            if self.minimum is not None and value < self.minimum:
                raise OptionError(f"option {self.name!r}: {value} is below the minimum {self.minimum}",
                                  code="bad_option_value")
            if self.maximum is not None and value > self.maximum:
                raise OptionError(f"option {self.name!r}: {value} is above the maximum {self.maximum}",
                                  code="bad_option_value")
            return value
        raise AssertionError(f"unknown option type {self.type}")

    def to_json(self) -> dict:
        data = {"name": self.name, "type": self.type, "default": self.default,
                "description": self.description}
        if self.allowed:
            data["allowed"] = list(self.allowed)
        if self.minimum is not None:
            data["minimum"] = self.minimum
        if self.maximum is not None:
            data["maximum"] = self.maximum
        if self.depends_on:
            data["depends_on"] = {k: list(v) for k, v in self.depends_on.items()}
        return data


def resolve_options(schema: tuple[Option, ...], given: dict | None, game_id: str) -> dict:
    """Defaults filled in, every value checked; unknown names rejected with the known ones listed."""
    given = dict(given or {})
    if not isinstance(given, dict):
        raise OptionError(f"{game_id}: options must be an object of name: value")
    known = {opt.name: opt for opt in schema}
    unknown = sorted(set(given) - set(known))
    if unknown:
        raise OptionError(
            f"{game_id}: unknown option {', '.join(map(repr, unknown))}; known options: "
            + (", ".join(sorted(known)) or "none"),
            code="unknown_option",
        )
    return {name: opt.check(given[name]) if name in given else opt.default for name, opt in known.items()}
