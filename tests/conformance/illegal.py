"""Illegal actions of every kind, built from the public contract of the state at hand.

An action is illegal for a seat exactly when it is not in `legal_actions(seat)`; every candidate
below is filtered by that rule, so the lists stay correct for any game.
"""

from __future__ import annotations

from cryptarena.engine import Rng

# Not an action at all, or a "type" no game can have.
GARBAGE = [None, [], ["pass"], "pass", 42, 1.5, True, {}, {"type": None}, {"type": 7},
           {"type": ["pass"]}, {"type": ""}, {"type": "no_such_action_type"},
           {"type": "no_such_action_type", "slot": 0}]
# Values a field of a legal action is replaced with.
BAD_FIELD_VALUES = [None, -1, 10**12, "x", 2.5, [], {}]


def bad_seats(players: int) -> list:
    return [-1, players, players + 5, None, "0", True, 1.5, [0]]


def mutations(action: dict) -> list[dict]:
    """A legal action's type with bad fields: each field replaced, dropped, or an extra one."""
    found = [{**action, "unexpected_field": 1}]
    for key in action:
        if key == "type":
            continue
        found += [{**action, key: value} for value in BAD_FIELD_VALUES]
        found.append({k: v for k, v in action.items() if k != key})
    return found


def _pick(rng: Rng, items: list, count: int) -> list:
    items = list(items)
    rng.shuffle(items)
    return items[:count]


def illegal_attempts(game, state, legal_by_seat: dict[int, list[dict]], rng: Rng,
                     per_kind: int = 2) -> list[tuple[str, object, object]]:
    """(kind, seat, action) triples that the state must refuse, a few of each kind."""
    players = state.players
    acting = state.to_act()
    someone_legal = [a for seat in acting for a in legal_by_seat[seat]] or [{"type": t} for t in game.action_types]
    attempts: list[tuple[str, object, object]] = []

    def add(kind: str, candidates: list[tuple[object, object]]) -> None:
        usable = [(s, a) for s, a in candidates
                  if not (isinstance(s, int) and not isinstance(s, bool) and 0 <= s < players
                          and a in legal_by_seat[s])]
        attempts.extend((kind, s, a) for s, a in _pick(rng, usable, per_kind))

    idle = [s for s in range(players) if not legal_by_seat[s]]
    add("out_of_turn", [(s, a) for s in idle for a in someone_legal[:20]])
    add("bad_seat", [(s, a) for s in bad_seats(players) for a in someone_legal[:3]])
    add("garbage", [(s, a) for s in range(players) for a in GARBAGE])
    add("documented_type_without_fields", [(s, {"type": t}) for s in range(players) for t in game.action_types])
    add("bad_fields", [(s, m) for s in range(players) for a in _pick(rng, legal_by_seat[s], 3)
                       for m in mutations(a)])
    add("legal_for_another_seat", [(s, a) for s in range(players) for other in range(players) if other != s
                                   for a in _pick(rng, legal_by_seat[other], 3)])
    return attempts


def attempts_for_seat(game, state, seat: int, legal: list[dict], rng: Rng) -> list[dict]:
    """Illegal actions one seat might try, built only from what that seat knows: its own legal
    actions, the documented types and garbage (used to compare error messages across
    determinised copies)."""
    candidates = list(GARBAGE) + [{"type": t} for t in game.action_types]
    for action in legal:
        candidates += mutations(action)
    candidates = [a for a in candidates if a not in legal]
    return _pick(rng, candidates, 12)
