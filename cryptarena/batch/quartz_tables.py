"""The batch Quartz's fixed facts: the game's constants (copied from games/quartz/components.py; a
test compares them), the action numbering and its decoding tables, the scores, and the small array
helpers the rules use."""

from __future__ import annotations

import inspect
from itertools import combinations

import numpy as np

GAME_ID = "quartz"
COLOURS = ("white", "pink", "green", "blue", "red", "yellow")
ALL = (*COLOURS, "black")
BLACK = 6
FACES = ("pickaxe", "jackhammer", "chest", "cart", "steal", "helmet")
ACTION_FACES = FACES[:5]
HELMET = 5
PICKAXE, JACKHAMMER = 0, 1
DICE = 5
DICE_SIDES = 6
FREE_REROLLS = 2
ROUNDS = 6
UNSTABLE_ROUND_ONE, UNSTABLE_PER_ROUND = 1, 2
MINIMUM = (1, 2, 2, 2, 2)  # faces needed to start each action, in ACTION_FACES order
HELMETS_PER_WILD = 2
VALUES = (2, 3, 4, 5, 7, 9)
UNSTABLE_PENALTY = 3
FEWEST_IN_CHEST_PENALTY = 5
SET_BONUS = {3: 3, 4: 6, 5: 10}
DIE_PRESETS = {"one_each": FACES,
               "double_pickaxe": ("pickaxe", "pickaxe", "jackhammer", "chest", "cart", "steal")}
BREAKDOWN = ("crystals", "sets", "unstable", "fewest_in_chest")
SUBSETS = [list(c) for size in range(1, DICE + 1) for c in combinations(range(DICE), size)]

# phases, numbered; the scalar names are the strings
ROLL, ACTIONS, PICK, JACK, CHEST, CART, STEAL, OVER = range(8)
PHASES = ("roll", "actions", "pickaxe", "jackhammer", "chest", "cart", "steal", "game_end")

# action kinds, for the decoding tables
(K_REROLL, K_STOP, K_WILD, K_USE, K_END, K_DRAW, K_RETURN, K_PROTECT, K_DUMP, K_STEAL) = range(10)


def action_list(players: int, unstable_in_chest: bool) -> list[dict]:
    """The action numbering this module uses, block by block; the engine's own encoding must be
    the very same list (checked whenever a batch is made)."""
    protectable = ALL if unstable_in_chest else COLOURS
    return [*({"type": "reroll", "dice": dice} for dice in SUBSETS),
            {"type": "stop"},
            *({"type": "wild", "as": face} for face in ACTION_FACES),
            *({"type": "use", "face": face} for face in ACTION_FACES),
            {"type": "end_turn"},
            {"type": "draw"},
            *({"type": "return", "colour": colour} for colour in ALL),
            *({"type": "protect", "colour": colour} for colour in protectable),
            *({"type": "dump", "to": seat} for seat in range(players)),
            *({"type": "steal", "from": seat, "colour": colour} for seat in range(players) for colour in COLOURS)]


def _tables(actions: list[dict]) -> dict[str, np.ndarray]:
    """Per action index: its kind, the dice it rerolls, and its face, colour and seat fields."""
    kind = {"reroll": K_REROLL, "stop": K_STOP, "wild": K_WILD, "use": K_USE, "end_turn": K_END,
            "draw": K_DRAW, "return": K_RETURN, "protect": K_PROTECT, "dump": K_DUMP, "steal": K_STEAL}
    size = len(actions)
    t = {"kind": np.zeros(size, np.int64), "dice": np.zeros((size, DICE), bool),
         "face": np.zeros(size, np.int64), "colour": np.zeros(size, np.int64), "seat": np.zeros(size, np.int64)}
    for i, action in enumerate(actions):
        t["kind"][i] = kind[action["type"]]
        for die in action.get("dice", ()):
            t["dice"][i, die] = True
        face = action.get("as", action.get("face"))
        if face is not None:
            t["face"][i] = FACES.index(face)
        if "colour" in action:
            t["colour"][i] = ALL.index(action["colour"])
        seat = action.get("to", action.get("from"))
        if seat is not None:
            t["seat"][i] = seat
    return t


def set_table(big_sets: str, top: int) -> np.ndarray:
    """The set bonus for 0..top identical coloured crystals under the `big_sets` option."""
    return np.array([SET_BONUS[5] if count >= 6 and big_sets == "cap" else SET_BONUS.get(count, 0)
                     for count in range(top + 1)], np.int64)


def scores(xp, carts, chests, values, sets_table):
    """`state.scores()` of these tables: totals [k, p] and the breakdown's items, in its order (sums
    over the colours a column at a time: see `_total`)."""
    owned = carts + chests
    crystals = owned[:, :, 0] * VALUES[0]
    sets = xp.take(sets_table, owned[:, :, 0])
    for c in range(1, len(COLOURS)):
        crystals = crystals + owned[:, :, c] * VALUES[c]
        sets = sets + xp.take(sets_table, owned[:, :, c])
    chest = _total(chests)
    fewest = chest[:, 0]
    for seat in range(1, chest.shape[1]):
        fewest = xp.minimum(fewest, chest[:, seat])
    items = {"crystals": crystals, "sets": sets, "unstable": -UNSTABLE_PENALTY * owned[:, :, BLACK],
             "fewest_in_chest": xp.where(chest == fewest[:, None], -FEWEST_IN_CHEST_PENALTY, 0)}
    return crystals + items["sets"] + items["unstable"] + items["fewest_in_chest"], items


def _phase_columns(actions: list[dict], players: int) -> dict[int, list[int]]:
    """For each phase, the action indices its legal block covers, in the block's order."""
    index = {(a["type"], a.get("colour"), a.get("to"), a.get("from"), a.get("as"), a.get("face")): i
             for i, a in enumerate(actions) if a["type"] != "reroll"}
    stop = index[("stop", None, None, None, None, None)]
    return {
        ROLL: [*range(len(SUBSETS)), stop],
        ACTIONS: [*(index[("wild", None, None, None, f, None)] for f in ACTION_FACES),
                  *(index[("use", None, None, None, None, f)] for f in ACTION_FACES),
                  index[("end_turn", None, None, None, None, None)]],
        PICK: [stop, index[("draw", None, None, None, None, None)]],
        JACK: [index[("return", c, None, None, None, None)] for c in ALL],
        CHEST: [stop, *(i for (kind, *_), i in index.items() if kind == "protect")],
        CART: [stop, *(index[("dump", None, s, None, None, None)] for s in range(players))],
        STEAL: [stop, *(index[("steal", c, None, s, None, None)] for s in range(players) for c in COLOURS)],
    }


def _takes_rows(method) -> bool:
    """Whether a source's `pick` takes `rows=` (the weights and mask of those games only), as the
    core's `dice_masked` does; the contract's pick works on every game of the batch."""
    try:
        return "rows" in inspect.signature(method).parameters
    except (TypeError, ValueError):
        return False


def _total(array):
    """The sum over the last (short) axis, a column at a time: numpy reduces a short last axis row by
    row, many times slower than a few whole-column additions. Booleans count as 1."""
    if array.dtype == bool:
        array = array.astype(np.int64)
    out = array[..., 0]
    for j in range(1, array.shape[-1]):
        out = out + array[..., j]
    return out


def _some(array):
    """Whether any cell of the last (short) axis is true, a column at a time."""
    out = array[..., 0]
    for j in range(1, array.shape[-1]):
        out = out | array[..., j]
    return out


def _nth_true(block, number):
    """The column of each row's number-th true cell (counting from 0), a column at a time."""
    seen = block[:, 0].astype(number.dtype)
    at = number * 0
    for j in range(1, block.shape[1]):
        at = at + (seen <= number)
        seen = seen + block[:, j]
    return at


def _filled(array, rows, value=True):
    """numpy: `array` with these rows set, in place (the array is the caller's own fresh one)."""
    array[rows] = value
    return array


