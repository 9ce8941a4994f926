"""What every game's terminal renderer shares: a menu line (`Choice`), how a typed command's
arguments read (`Arg`), seat names, and the fallbacks for a game without a renderer.

Renderers read the public JSON a game hands out (`view(seat)`, `legal_actions(seat)`), never a
game's internals.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rich.console import RenderableType
from rich.pretty import Pretty


@dataclass
class Choice:
    """One line of the menu: a command the player can type and the action(s) it stands for.
    A line with several actions (one card, every allowed effort) takes a range of numbers; an
    unnumbered line (`numbered=False`) is reached by its command only, for choices too many to
    number one by one (31 ways to pick dice to reroll)."""

    actions: list[dict]
    command: str
    text: str  # rich markup
    group: str = ""  # a heading shared by consecutive lines (printed once)
    numbered: bool = True


@dataclass(frozen=True)
class Arg:
    """How one field of an action is typed after the command word.

    kind "int": one whole number; "word": one of `words` (a listed short form, or any unambiguous
    start of a word); "ints": every remaining number, sent as a sorted list without repeats.
    `base` is added for the player: dice positions count from 1 on screen and from 0 in the engine.
    """

    field: str
    name: str  # in messages: SLOT, COLOUR, DIE
    kind: str = "int"
    base: int = 0
    words: tuple[str, ...] = ()
    short: dict[str, str] = field(default_factory=dict)

    def show(self, value: Any) -> str:
        """A field's engine value as the player types it."""
        if self.kind == "ints":
            return " ".join(str(v + self.base) for v in value)
        if self.kind == "int":
            return str(value + self.base)
        return str(value)


def inferred_args(action: dict) -> tuple[Arg, ...]:
    """The arguments of an action type no renderer describes, read off one legal action: its
    fields in order, numbers as numbers, strings as words, lists as numbers to the end."""
    args = []
    for name, value in action.items():
        if name == "type":
            continue
        kind = "ints" if isinstance(value, list) else "word" if isinstance(value, str) else "int"
        args.append(Arg(name, name.upper(), kind))
    return tuple(args)


def seat_name(seat: Any, names: dict) -> str:
    if seat in names:
        return names[seat]
    if seat == "ghost":
        return "the Ghost"
    return f"Seat {seat}"


def generic_choice(action: dict, action_types: dict) -> Choice:
    args = [str(v) for k, v in action.items() if k != "type"]
    fields = ", ".join(f"{k}={v}" for k, v in action.items() if k != "type")
    doc = action_types.get(action["type"], "")
    return Choice([action], " ".join([action["type"], *args]),
                  f"{action['type']}" + (f" ({fields})" if fields else "") + (f" [dim]{doc}[/]" if doc else ""))


def generic_board(view: dict, names: dict, me: int | None, agents: dict) -> RenderableType:
    return Pretty(view)
