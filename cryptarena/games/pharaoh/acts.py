"""The play phases' legal actions, each made once and shared (read-only `Action`s, like set-up's).

Building a fresh dict for every choice at every step and then copying it into an `Action` was a
large share of a random playout. A pool makes the action for a key (a card, a hex, a uid, a
target ref) the first time it is asked for and hands out that same object from then on; the keys
are bounded (the starter set's cards, a crypt's hexes, a game's uids), so the pools stay small.
The fields keep the order the rules list them in: a history records the action as it is.
"""

from __future__ import annotations

from ...engine import Action


class _Pool(dict):
    """key -> its Action, made on first use."""

    __slots__ = ("make",)

    def __init__(self, make):
        super().__init__()
        self.make = make

    def __missing__(self, key):
        action = self[key] = self.make(key)
        return action


def _one(kind: str, field: str) -> _Pool:
    return _Pool(lambda value: Action({"type": kind, field: value}))


def _two(kind: str, first: str, second: str) -> _Pool:
    return _Pool(lambda key: Action({"type": kind, first: key[0], second: key[1]}))


DRAW, SKIP, DONE, END = Action(type="draw"), Action(type="skip"), Action(type="done"), Action(type="end")
HIT, PICKUP, USE_EVENT, EXIT = Action(type="hit"), Action(type="pickup"), Action(type="use_event"), Action(type="exit")
ESCAPE, STAY, WAIT, ABILITY = Action(type="escape"), Action(type="stay"), Action(type="wait"), Action(type="ability")
CONFIRM, CANCEL, PASS = Action(type="confirm"), Action(type="cancel"), Action(type="pass")
TAKE, DODGE, DODGE_EXIT = Action(type="take"), Action(type="dodge"), Action(type="dodge_exit")
DRAW_OR_SKIP = (DRAW, SKIP)

MOVE, EXPLORE, DISCARD = _one("move", "to"), _one("explore", "side"), _one("discard", "card")
TARGET, ATTACH, MODIFIER = _one("target", "target"), _one("attach", "card"), _one("modifier", "card")
USE, RETURN, SOAK = _one("use", "uid"), _one("return", "uid"), _one("soak", "uid")
PLACE, ESCAPE_TO, DOMINATE = _one("place", "turn"), _one("escape_to", "to"), _one("dominate", "piece")
DEFEND_CARD, DEFEND_UID, DODGE_CARD = _one("defend", "card"), _one("defend", "uid"), _one("dodge", "card")
ABILITY_CARD, ABILITY_UID = _one("ability", "card"), _one("ability", "uid")
PLAY = _two("play", "card", "method")
MOVE_AGENT = _two("move_agent", "uid", "to")
RESPOND = _two("respond", "card", "target")
