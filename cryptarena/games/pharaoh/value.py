"""A search bot's estimate of each seat's chance to escape, fitted on self-play (value.json).

A roll-out cut before the end is judged by this: every seat gets a utility, a weighted sum of what
decides the race out of the crypt (life, the Key in hand and how far the nearest exit is, the Key
still in the deck and how soon it comes, the hand, armour and pieces on the table, monsters in its
hex, whose turn it is, the character), and a game with no winner (the round limit) gets its own from
the round; the chances are their softmax (a multinomial logit over "seat 0 wins", ..., "nobody
wins"). The weights come from medium bots playing themselves (`bench/pharaoh_value.py`), the bots
a roll-out plays with, so the estimate is the chance that a roll-out played on would end in a win.
"""

from __future__ import annotations

import json
import math
from functools import lru_cache
from importlib import resources

from .components import CARDS, CHARACTERS, KEY, LIFE

FAR = 12  # the distance counted when no such hex is reachable
CHARACTER_IDS = tuple(sorted(CHARACTERS))
SEAT_FEATURES = ("hand_made", "life", "defeated", "key", "key_near_exit", "key_at_exit", "near_exit", "near_floor_key",
                 "key_draw", "hand", "armour", "pieces", "monsters_here", "to_move",
                 *(f"char_{c}" for c in CHARACTER_IDS))
NOBODY_FEATURES = ("bias", "round", "round2")
PROTECTION = frozenset({"armor", "tabled_block"})


def carrying(state, seat: int) -> bool:
    return KEY in state.hand[seat] or any(e.get("seat") == seat and e.get("card") == KEY for e in state.table)


def seat_features(state, seat: int, exits: list[int], floor_keys: list[int], owner) -> list[float]:
    defeated = state.defeated[seat] or state.pos[seat] is None
    key = carrying(state, seat)
    if defeated:
        reach = {}
    else:
        reach = state.crypt.paths(state.pos[seat])
    to_exit = min((len(reach[t]) for t in exits if t in reach), default=FAR)
    to_key = min((len(reach[t]) for t in floor_keys if t in reach), default=FAR)
    deck = state.deck[seat]
    key_draw = 1.0 / len(deck) if not key and KEY in deck else 0.0
    armour = pieces = 0
    for e in state.table:
        if e.get("seat") == seat or e.get("owner") == seat:
            effect = CARDS[e["card"]].effect
            if effect in PROTECTION and e.get("seat") == seat:
                armour += e.get("lp") or 0
            elif effect == "agent" or CARDS[e["card"]].type in ("weapon", "item_weapon"):
                pieces += 1
    here = state.pos[seat]
    lurking = sum(m["lp"] for m in state.monsters if m["hex"] == here and m.get("dominated_by") != seat) \
        if not defeated else 0
    life = 0.0 if defeated else max(state.life[seat], 0) / LIFE
    char = state.chars[seat]
    # the log of estimate.py's hand-made weight: the fit starts from it and corrects it
    goal = 0 if defeated else to_exit if key else to_key
    hand_made = math.log(0.05) if defeated else math.log((0.5 + life) * (3.0 if key else 1.0) / (1.0 + 0.5 * goal))
    return [hand_made, life, float(defeated), float(key), key / (1.0 + to_exit), float(key and to_exit == 0),
            (not key and not defeated) / (1.0 + to_exit), (not key) / (1.0 + to_key), key_draw,
            len(state.hand[seat]) / 10, armour / 10, pieces / 3, lurking / 10, float(owner == seat),
            *(float(char == c) for c in CHARACTER_IDS)]


def features(state) -> tuple[list[list[float]], list[float]]:
    """Each seat's features and the no-winner alternative's."""
    exits = [i for i, h in enumerate(state.placed) if h.get("exit")]
    floor_keys = [i for i, h in enumerate(state.placed) if h.get("keys")]
    owner = state.turn["seat"] if state.turn else None
    seats = [seat_features(state, s, exits, floor_keys, owner) for s in range(state.players)]
    progress = state.round / state.options["round_limit"]
    return seats, [1.0, progress, progress * progress]


@lru_cache(maxsize=1)
def weights() -> tuple[list[float], list[float]]:
    data = json.loads(resources.files(__package__).joinpath("value.json").read_text())
    if data["seat_features"] != list(SEAT_FEATURES) or data["nobody_features"] != list(NOBODY_FEATURES):
        raise ValueError("pharaoh value.json was fitted on other features: run bench/pharaoh_value.py again")
    return data["seat"], data["nobody"]


def chances(seats: list[list[float]], nobody: list[float], w_seat, w_nobody) -> list[float]:
    utilities = [sum(w * x for w, x in zip(w_seat, f)) for f in seats]
    utilities.append(sum(w * x for w, x in zip(w_nobody, nobody)))
    top = max(utilities)
    exp = [math.exp(u - top) for u in utilities]
    total = sum(exp)
    return [e / total for e in exp[:-1]]


def search_value(state) -> list[float] | None:
    if not state.placed or state.chars[0] is None:  # still choosing decks: nothing to tell seats apart
        return None
    seats, nobody = features(state)
    return chances(seats, nobody, *weights())
