"""What the terminal shows, one module per game: boards, choices in words, how commands are
typed; and what every game shares, the score table.

A game with its own module (Crypt, Quartz, Midas, Crusade, Pharaoh) gets a readable board, choices grouped in words and
short commands; any other game falls back to a pretty-printed view and one numbered line per
action, so a new game is playable in the terminal before it has a renderer.
"""

from __future__ import annotations

from typing import Any, Callable

from rich.console import RenderableType
from rich.table import Table

from . import crusade, crypt, midas, pharaoh, quartz
from .common import Arg, Choice, generic_board, generic_choice, inferred_args, seat_name

__all__ = ["Arg", "Choice", "BOARDS", "CHOICES", "SHORTCUTS", "QUIET_FOR_OTHERS", "ARGS", "HELP_EXAMPLES",
           "UNPLAYABLE", "READERS",
           "board", "choices", "command_args", "generic_board", "generic_choice", "score_table", "seat_name"]

_GAMES = {"crypt": crypt, "quartz": quartz, "midas": midas, "crusade": crusade, "pharaoh": pharaoh}

BOARDS: dict[str, Callable[..., RenderableType]] = {gid: m.board for gid, m in _GAMES.items()}
CHOICES: dict[str, Callable[..., list[Choice]]] = {gid: m.choices for gid, m in _GAMES.items()}
# Short commands a player may type instead of the action type's full name.
SHORTCUTS: dict[str, dict[str, str]] = {gid: m.SHORTCUTS for gid, m in _GAMES.items()}
# Log lines not worth showing for other seats (a later line sums them up).
QUIET_FOR_OTHERS: dict[str, set[str]] = {gid: m.QUIET_FOR_OTHERS for gid, m in _GAMES.items()}
# How the fields of an action type are typed, where reading them off a legal action is not enough.
ARGS: dict[str, dict[str, tuple[Arg, ...]]] = {gid: getattr(m, "ARGS", {}) for gid, m in _GAMES.items()}
HELP_EXAMPLES: dict[str, str] = {gid: m.HELP_EXAMPLE for gid, m in _GAMES.items()}
# Why a table cannot be played in the terminal (its resolved options -> a message, or None).
UNPLAYABLE: dict[str, Callable[[dict], str | None]] = {gid: m.unplayable for gid, m in _GAMES.items()
                                                       if hasattr(m, "unplayable")}
# Typed commands whose fields `ARGS` cannot describe (a Crusade play: its numbers depend on the
# card): (view, action type, words after the command, legal actions) -> the action, None to read
# it the usual way, or ValueError with what is wrong.
READERS: dict[str, Callable[[dict, str, list[str], list[dict]], dict | None]] = {
    gid: m.read_command for gid, m in _GAMES.items() if hasattr(m, "read_command")}


def board(game_id: str, view: dict, names: dict, me: int | None, agents: dict) -> RenderableType:
    return BOARDS.get(game_id, generic_board)(view, names, me, agents)


def choices(game: Any, view: dict, legal: list[dict], names: dict) -> list[Choice]:
    describe = CHOICES.get(game.id)
    if describe is None:
        return [generic_choice(a, game.action_types) for a in legal]
    return describe(view, legal, names)


def command_args(game_id: str, action_type: str, example: dict) -> tuple[Arg, ...]:
    """How the words after a command are read: the game's own description, else the fields of
    `example` (a legal action of that type)."""
    return ARGS.get(game_id, {}).get(action_type) or inferred_args(example)


def score_table(scores: list[dict], winners: list[int], names: dict, agents: dict) -> Table:
    """One column per seat, one row per breakdown item, the total last: narrow enough for 4 seats
    at 80 columns."""
    keys: list[str] = []
    for s in scores:
        keys += [k for k in s["breakdown"] if k not in keys]
    table = Table(title="Final scores", title_justify="left")
    table.add_column("", no_wrap=True)
    for seat in range(len(scores)):
        label = seat_name(seat, names) + (" ★" if seat in winners else "")
        if seat in agents:
            label += f"\n[dim]{agents[seat]}[/]"
        table.add_column(label, justify="right")
    for key in keys:
        table.add_row(key, *(str(s["breakdown"].get(key, 0)) for s in scores))
    table.add_section()
    table.add_row("[bold]total[/]", *(f"[bold]{s['total']}[/]" for s in scores))
    return table
