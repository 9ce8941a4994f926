"""A search bot's estimate of each seat's chance to escape, for a roll-out cut before the end.

Escaping takes a Key carried to an exit and doubles there, and the life to survive the walk, so a
seat's weight grows with its life, with holding a Key and with nearness to its next goal (the
nearest exit with a Key, the nearest Key on the floor without one). A defeated seat keeps a small
weight: it still dominates pieces toward the Keys. The weights are shared out as chances.
"""

from __future__ import annotations

from .board import Crypt
from .components import KEY, LIFE

FAR = 12          # the distance counted when no goal is reachable yet
KEY_WEIGHT = 3.0  # how much nearer to escaping a Key in hand makes a seat
DEFEATED = 0.05


def holds_key(state, seat: int) -> bool:
    return KEY in state.hand[seat] or any(e.get("seat") == seat and e.get("card") == KEY for e in state.table)


def search_value(state) -> list[float] | None:
    if not state.placed or state.chars[0] is None:  # still choosing decks: nothing to tell seats apart
        return None
    crypt = Crypt(state.placed)
    exits = [i for i, h in enumerate(state.placed) if h.get("exit")]
    keys = [i for i, h in enumerate(state.placed) if h.get("keys")]
    weights = []
    for seat in range(state.players):
        if state.defeated[seat] or state.pos[seat] is None:
            weights.append(DEFEATED)
            continue
        carrying = holds_key(state, seat)
        reach = crypt.paths(state.pos[seat])
        goal = min((len(reach[t]) for t in (exits if carrying else keys) if t in reach), default=FAR)
        life = max(state.life[seat], 0) / LIFE
        weights.append((0.5 + life) * (KEY_WEIGHT if carrying else 1.0) / (1.0 + 0.5 * goal))
    total = sum(weights)
    return [w / total for w in weights]
