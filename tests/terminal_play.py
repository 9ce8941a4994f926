"""Shared helpers of the terminal tests: drive a `TerminalGame` with typed keys and read the screen."""

from __future__ import annotations

import io
import sys

from rich.console import Console

from cryptarena.ai.agents import make_agent
from cryptarena.terminal import TerminalGame


def flat(text: str) -> str:
    """The screen with its line wrapping undone."""
    return " ".join(text.split())


def render(renderable, width: int = 120) -> str:
    out = io.StringIO()
    Console(file=out, width=width, highlight=False).print(renderable)
    return out.getvalue()


def run_session(state, keys: str, monkeypatch, me: int = 0, bots: str = "greedy") -> str:
    """The keyboard types `keys`, then the input ends; returns the screen. The session stops
    when it asks for more than was typed, or earlier if the bots (`bots` in every other seat)
    finish the game (then every key must have been read)."""
    out = io.StringIO()
    agents = {s: make_agent(bots, state.game) for s in range(state.players) if s != me}
    session = TerminalGame(Console(file=out, width=120, highlight=False), state, me, agents, delay=0, seed=0)
    typed = io.StringIO(keys)
    monkeypatch.setattr(sys, "stdin", typed)
    try:
        session.run()
    except EOFError:
        pass
    else:
        assert state.is_over() and typed.read() == "", "the session ended with keys left unread"
    return out.getvalue()


def my_actions(state, since: int = 0, me: int = 0) -> list[dict]:
    """What seat `me` did from step `since` of the history on."""
    return [step["action"] for step in state.history[since:] if step.get("seat") == me]
