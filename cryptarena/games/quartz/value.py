"""Each seat's chance to win a Quartz table, estimated from what is on it: the hard bot's judgement
of a roll-out cut before the end (`Quartz.search_value`).

A dice game's final standing is the score now plus a lot of luck to come, and the luck shrinks as
the game runs out; crystals in a cart are worth less than their points (others steal them), a
marker is a reroll not yet taken, a seat still to play this round has a turn the others have had.
The estimate is a conditional logit: each seat gets a utility, a weighted sum of its features, and
its chance is its share of exp(utility) over the table. Features are the seat's own numbers and
their products with how far the game has run, so a point counts for more near the end. The
weights are fitted on games between medium bots (bench/quartz_value.py, reproducible from its
seed) and ship beside this file as JSON; without that file there is no estimate (None: the score
order judges, as before).
"""

from __future__ import annotations

import json
import math
from functools import lru_cache
from pathlib import Path

from .components import COLOURS, ROUNDS, SET_BONUS, UNSTABLE, VALUES

WEIGHTS = Path(__file__).with_name("value_weights.json")
BASE = ("score", "cart_value", "chest_count", "markers", "unstable", "still_to_play", "acting",
        "leader", "set_gain", "chest_margin")
NAMES = (*BASE, *(f"{name}*progress" for name in BASE))


def progress(state) -> float:
    """How far the game has run, 0 at the first turn to 1 after the last: turns played over turns in
    six rounds, or the bag's share drawn if that is further (an empty bag ends the game early)."""
    players = state.players
    played = (state.round - 1) * players + (players - len(state.order))
    by_turns = played / (ROUNDS * players)
    bag = sum(state.bag.values()) + state.unstable_supply
    full = bag + sum(sum(h.values()) for h in (*state.carts, *state.chests))
    by_bag = 1.0 - bag / full if full else 1.0
    return min(1.0, max(by_turns, by_bag))


def seat_features(state) -> list[list[float]]:
    """One row of `NAMES` per seat."""
    players = state.players
    scores = [s["total"] for s in state.scores()]
    best = max(scores)
    chests = [sum(chest.values()) for chest in state.chests]
    bag = {c: state.bag.get(c, 0) for c in COLOURS}
    bag_total = sum(state.bag.values())
    p = progress(state)
    acting = state.order[0] if state.order else None
    rows = []
    for seat in range(players):
        cart, chest = state.carts[seat], state.chests[seat]
        owned = {c: cart[c] + chest[c] for c in COLOURS}
        # what one more draw would add in set bonus, on the bag's odds: sets under way are worth more
        gain = sum(bag[c] * (_bonus(owned[c] + 1) - _bonus(owned[c])) for c in COLOURS) / bag_total if bag_total else 0.0
        others = [chests[s] for s in range(players) if s != seat]
        row = [scores[seat] / 10.0, sum(VALUES[c] * cart[c] for c in COLOURS) / 10.0, chests[seat] / 5.0,
               float(state.markers[seat]), float(cart[UNSTABLE]), 1.0 if seat in state.order else 0.0,
               1.0 if seat == acting else 0.0, 1.0 if scores[seat] == best else 0.0, gain,
               max(-3.0, min(3.0, chests[seat] - min(others))) if others else 0.0]
        rows.append(row + [x * p for x in row])
    return rows


def _bonus(count: int) -> int:
    return SET_BONUS.get(min(count, max(SET_BONUS)), 0)


@lru_cache(maxsize=1)
def weights() -> tuple[float, ...] | None:
    if not WEIGHTS.exists():
        return None
    data = json.loads(WEIGHTS.read_text())
    if tuple(data["features"]) != NAMES:
        raise ValueError(f"{WEIGHTS.name} was fitted on other features than value.NAMES: fit it again "
                         "(bench/quartz_value.py)")
    return tuple(data["weights"])


def chances(rows: list[list[float]], w) -> list[float]:
    utilities = [sum(a * b for a, b in zip(row, w)) for row in rows]
    top = max(utilities)
    exps = [math.exp(u - top) for u in utilities]
    total = sum(exps)
    return [e / total for e in exps]


def search_value(state) -> list[float] | None:
    """Each seat's estimated chance to win, summing to 1; None where no weights ship."""
    w = weights()
    if w is None:
        return None
    return chances(seat_features(state), w)
