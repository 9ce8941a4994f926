"""Helpers for the Quartz scenario tests: a fresh table, emptied carts, a chosen hand of dice.

Setting attributes directly only arranges a position; everything a test checks goes through the
public contract (`apply`, `legal_actions`, `scores`, `winners`, `script_chance`)."""

from __future__ import annotations

from cryptarena.games.quartz import Quartz

GAME = Quartz()
COLOURS = ("white", "pink", "green", "blue", "red", "yellow")
ALL = (*COLOURS, "black")


def new(players: int = 3, seed: int = 0, **options):
    return GAME.new_state(players, seed, options)


def touched(state):
    """Attributes were edited by hand: forget the memoised legal actions."""
    state.__dict__.pop("_legal_cache", None)
    return state


def clear_table(state):
    """Every cart and chest empty (the bag keeps its crystals)."""
    for seat in range(state.players):
        state.carts[seat] = dict.fromkeys(ALL, 0)
        state.chests[seat] = dict.fromkeys(ALL, 0)
    return touched(state)


def hand(state, dice: list[str]) -> int:
    """The player to act keeps exactly these five dice: the actions phase begins. Returns the seat."""
    seat = state.to_act()[0]
    assert state.phase == "roll"
    state.dice = list(dice)
    touched(state)
    state.apply(seat, {"type": "stop"})
    assert state.phase == "actions"
    return seat


def types(legal: list[dict]) -> set[str]:
    return {a["type"] for a in legal}


def finish_turn(state) -> None:
    """The player to act stops rolling (if still rolling) and ends the turn."""
    seat = state.to_act()[0]
    if state.phase == "roll":
        state.apply(seat, {"type": "stop"})
    while state.phase != "actions":
        state.apply(seat, {"type": "stop"})
    state.apply(seat, {"type": "end_turn"})
