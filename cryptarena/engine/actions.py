"""Read-only actions, so that a game may hand out the same action objects again and again.

`State.legal_actions` must never let a caller reach the state through what it returns. The plain
way is a fresh copy of every action on every call, and that copy is a large share of a random
playout (a Midas bid ladder is dozens of actions). A game whose `_legal_actions` builds only
`Action`s (and says so with `State.frozen_actions = True`) gets its list handed out as it is:
an `Action` is a dict that refuses every change, so sharing it is safe.
"""

from __future__ import annotations


class Action(dict):
    """A dict that cannot be changed: equal to, and serialised like, the same plain dict.
    `dict(action)` or `{**action, ...}` gives a changeable copy."""

    __slots__ = ()

    def _refuse(self, *args, **kwargs):
        raise TypeError("a legal action is read-only: change a copy, dict(action)")

    __setitem__ = __delitem__ = __ior__ = clear = pop = popitem = setdefault = update = _refuse

    def __reduce__(self):  # pickle/copy rebuild it whole (the default would set items one by one)
        return Action, (dict(self),)

    def __repr__(self) -> str:
        return f"Action({dict.__repr__(self)})"
