"""The batch Quartz's `greedy` policy: the scalar `greedy` bot (games/quartz/bot.py) in arrays.

The same one-step lookahead, decision for decision. Rolling: every hand of five dice is valued as
what its actions would bring now (pickaxe draws at the bag's expected value, the jackhammer keeping
its better half, the chest against the fewest-in-chest −5, dumping unstable crystals, stealing the
best crystals on the table; helmet pairs go where they add most); a reroll is taken when the
expected value of the best subset beats keeping the hand by more than its cost (a marker's worth
unless it is free or the last round). Acting: wilds first, then pickaxe and jackhammer, steal,
cart, chest; unstable crystals go to the leader, steals take what is worth most, the chest the most
valuable crystals, the jackhammer returns black first, then the least valuable.

One difference, in the last bits: a reroll's expected value is a sum over its outcomes that numpy
computes in its own order (einsum), where the scalar bot adds the outcomes one at a time in a fixed
order; the two can differ by a rounding error (~1e-15), which changes a choice only when two
rerolls' gains differ by 1e-9 give or take that error (the bot keeps the first unless a later one
is better by more than 1e-9). Hand values are added kind by kind as the bot adds them. The test
compares the policy's choice with the bot's at every decision of its games (no disagreement). The
policy draws nothing from its source.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial

import numpy as np

from . import quartz_tables
from .quartz_tables import (ACTION_FACES, ACTIONS, ALL, BLACK, CART, CHEST, COLOURS, DICE, FACES,
                            FEWEST_IN_CHEST_PENALTY, HELMET, HELMETS_PER_WILD, JACK, MINIMUM, PICK, ROLL, ROUNDS,
                            SET_BONUS, STEAL, SUBSETS, UNSTABLE_PENALTY, VALUES)

# the scalar bot's constants (a test compares them with games/quartz/bot.py)
MARKER_COST = 2.0
DUMP_VALUE = UNSTABLE_PENALTY * 1.5
STEAL_HARM = 0.5
CHEST_BUFFER_VALUE = 1.0
MARGIN = 1e-9
ACTION_ORDER = (0, 1, 4, 3, 2)  # pickaxe, jackhammer, steal, cart, chest
TOP = DICE + 2  # a kind's value is listed for 0..TOP faces
PLANS = [plan for wilds in (1, 2) for plan in combinations_with_replacement(range(len(ACTION_FACES)), wilds)]


@lru_cache(maxsize=None)
def _hands() -> dict[tuple[int, ...], int]:
    """Every hand of five dice as face counts, numbered as combinations_with_replacement lists them."""
    return {tuple(c.count(i) for i in range(len(FACES))): index
            for index, c in enumerate(combinations_with_replacement(range(len(FACES)), DICE))}


@lru_cache(maxsize=None)
def _wild_groups() -> tuple:
    """Hands grouped by how many wilds their helmets make: (hand numbers, candidate cells [kinds,
    hands, plans] into a kinds × (0..DICE) worth table); plan 0 is no wild, then the wild plans in
    the bot's order."""
    groups: dict[int, tuple[list, list]] = {}
    for counts, index in _hands().items():
        wilds = counts[HELMET] // HELMETS_PER_WILD
        plans = [()] + list(combinations_with_replacement(range(len(ACTION_FACES)), wilds)) if wilds else [()]
        numbers, cells = groups.setdefault(wilds, ([], []))
        numbers.append(index)
        cells.append([[k * (DICE + 1) + counts[k] + plan.count(k) for plan in plans] for k in range(len(ACTION_FACES))])
    return tuple((np.array(numbers), np.array(cells).transpose(1, 0, 2).copy()) for numbers, cells in groups.values())


@lru_cache(maxsize=None)
def _reroll_tables(die: tuple[str, ...]) -> tuple:
    """(kept [6^5 dice codes, 31 subsets]: the kept multiset's number; hand [6^5]:
    each dice code's hand number; per number of dice rerolled, (the hands each kept multiset's
    outcomes end in, the outcomes' chances))."""
    chance = [die.count(face) / len(die) for face in FACES]
    kept_sets = [c for size in range(DICE) for c in combinations_with_replacement(range(len(FACES)), size)]
    kept_index = {tuple(c.count(i) for i in range(len(FACES))): j for j, c in enumerate(kept_sets)}
    hands = _hands()
    # every dice code (die d shows code // 6**d % 6) and subset at once: the kept faces' counts,
    # numbered through a base-6 key of the counts
    sides = len(FACES)
    digits = np.arange(sides ** DICE)[:, None] // sides ** np.arange(DICE)[None, :] % sides
    onehot = digits[:, :, None] == np.arange(sides)[None, None, :]              # [codes, dice, faces]
    rerolled = np.array([[d in subset for d in range(DICE)] for subset in SUBSETS])  # [subsets, dice]
    counts = np.einsum("cdf,sd->csf", onehot.astype(np.int64), (~rerolled).astype(np.int64))
    key = np.zeros(sides ** sides, np.int64)
    for multiset, j in kept_index.items():
        key[np.dot(multiset, sides ** np.arange(sides))] = j
    kept = key[counts @ sides ** np.arange(sides)]
    hand_key = np.zeros(sides ** sides, np.int64)
    for multiset, j in hands.items():
        hand_key[np.dot(multiset, sides ** np.arange(sides))] = j
    hand = hand_key[onehot.sum(axis=1) @ sides ** np.arange(sides)]
    # per number of dice rerolled: for each kept multiset, the hands its outcomes end in, in the
    # bot's `_outcomes` order, and their chances (outcomes of chance 0 left out, as the bot does)
    by_count = []
    for k in range(1, DICE + 1):
        outcomes = []
        for combo in combinations_with_replacement(range(len(FACES)), k):
            extra = tuple(combo.count(i) for i in range(len(FACES)))
            p = float(factorial(k))
            for face, m in enumerate(extra):
                p = p / factorial(m) * chance[face] ** m
            if p > 0:
                outcomes.append((extra, p))
        ends = np.zeros((len(kept_sets), len(outcomes)), np.int64)
        for counts, j in kept_index.items():
            if sum(counts) == DICE - k:
                ends[j] = [hands[tuple(a + b for a, b in zip(counts, extra))] for extra, _ in outcomes]
        by_count.append((ends, np.array([p for _, p in outcomes])))
    return kept, hand, by_count


def _set_bonus(capped: bool, top: int) -> np.ndarray:
    return np.array([SET_BONUS.get(min(c, max(SET_BONUS)) if capped else c, 0) for c in range(top + 2)], np.int64)


def _top_sum(xp, values, counts, m):
    """The sum of the m largest of a multiset given as values [k, c] with counts [k, c]; m [k, j]."""
    order = xp.argsort(-values, axis=1, stable=True)
    values = xp.take_along_axis(values, order, axis=1)
    counts = xp.take_along_axis(counts, order, axis=1)
    before = xp.cumsum(counts, axis=1) - counts
    take = xp.clip(m[:, :, None] - before[:, None, :], 0, counts[:, None, :])
    return (take * values[:, None, :]).sum(axis=2)


class _Table:
    """What the bot reads of one set of tables (rows of the batch), all seen from the seat to act."""

    def __init__(self, batch, rows):
        xp = batch.xp
        self.xp, self.rows = xp, rows
        self.seat = batch._seat_of(rows)
        self.carts, self.chests = batch.carts[rows], batch.chests[rows]
        self.bag = batch.bag[rows]
        k = rows.shape[0]
        self.mine = self.carts[xp.arange(k), self.seat]
        self.owned = self.mine + self.chests[xp.arange(k), self.seat]
        self.not_me = batch._seats[None, :] != self.seat[:, None]
        capped = batch.options["big_sets"] == "cap"
        bonus = xp.asarray(_set_bonus(capped, int(batch._sets.shape[0])))
        values = xp.asarray(np.array([*VALUES, 0], np.int64))
        # what one more / one fewer crystal of each colour is worth to this seat (black: −3)
        more = values + bonus[self.owned + 1] - bonus[self.owned]
        fewer = values + bonus[self.owned] - bonus[xp.maximum(self.owned - 1, 0)]
        is_black = xp.arange(len(ALL)) == BLACK
        self.more = xp.where(is_black, -UNSTABLE_PENALTY, more)
        self.fewer = xp.where(is_black, -UNSTABLE_PENALTY, fewer)
        total = self.bag.sum(axis=1)
        self.bag_size = total
        self.ev = xp.where(total > 0, (self.more * self.bag).sum(axis=1) / xp.maximum(total, 1), 0.0)
        self.values = values

    def kind_values(self, batch):
        """The bot's `_kind_values`: [k, 5 kinds, 0..TOP faces] floats."""
        xp, k = self.xp, self.rows.shape[0]
        n = xp.arange(TOP + 1)[None, :]
        size = self.bag_size[:, None]
        out = xp.zeros((k, len(ACTION_FACES), TOP + 1))
        pickaxe = xp.maximum(0.0, self.ev)[:, None] * xp.minimum(n, size)
        drawn = xp.minimum(n, size)
        keep = drawn - drawn // 2
        m = xp.maximum(1, size * keep // xp.maximum(drawn, 1))
        top = _top_sum(xp, self.more, self.bag, m)
        jack = xp.where(size > 0, keep * top / m, 0.0)
        # the chest: the most valuable coloured crystals of the cart, against the fewest in a chest
        coloured = self.values[:len(COLOURS)][None, :]
        protect_n = xp.minimum(n - 1, self.mine[:, :len(COLOURS)].sum(axis=1)[:, None])
        protect = _top_sum(xp, xp.broadcast_to(coloured, (k, len(COLOURS))), self.mine[:, :len(COLOURS)],
                           xp.maximum(n - 1, 0))
        chest_sizes = self.chests.sum(axis=2)
        my_chest = chest_sizes[xp.arange(k), self.seat][:, None]
        fewest = xp.where(self.not_me, chest_sizes, 1 << 30).min(axis=1)[:, None]
        after = my_chest + protect_n
        safe = xp.where((my_chest <= fewest) & (fewest < after), float(FEWEST_IN_CHEST_PENALTY), 0.0)
        chest = safe + CHEST_BUFFER_VALUE * xp.minimum(2, xp.maximum(0, after - fewest - 1)) + 0.1 * protect
        cart = DUMP_VALUE * xp.minimum(n - 1, self.mine[:, BLACK][:, None])
        worth = self.more[:, :len(COLOURS)] + STEAL_HARM * coloured
        stealable = (self.carts[:, :, :len(COLOURS)] * self.not_me[:, :, None]).sum(axis=1)
        steal = _top_sum(xp, worth, stealable, xp.maximum(n - 1, 0))
        two = n >= 2
        out = xp.stack([xp.where(n >= 1, pickaxe, 0.0), xp.where(two, jack, 0.0), xp.where(two, chest, 0.0),
                        xp.where(two, cart, 0.0), xp.where(two, steal, 0.0)], axis=1)
        return out

    def worth(self, values):
        """[k, kinds, 0..DICE]: a kind's value with that many faces (nothing under its minimum)."""
        xp = self.xp
        n = xp.arange(DICE + 1)
        enough = n[None, :] >= xp.asarray(np.array(MINIMUM))[:, None]
        return xp.where(enough[None], values[:, :, :DICE + 1], 0.0)


def _hand_values(batch, worth):
    """Every hand's value, the bot's `_hand_values`: each plan's kinds added up, the first plan kept
    unless a later one is better by more than the margin. [k, 252]."""
    xp, k = batch.xp, worth.shape[0]
    flat = worth.reshape(k, -1)
    result = xp.zeros((k, len(_hands())))
    for numbers, cells in _wild_groups():
        kinds, hands, plans = cells.shape
        totals = xp.take(flat, xp.asarray(cells[0].reshape(-1)), axis=1)
        for kind in range(1, kinds):  # kind by kind, as the bot adds them
            totals = totals + xp.take(flat, xp.asarray(cells[kind].reshape(-1)), axis=1)
        totals = totals.reshape(k, hands, plans)
        best = totals[:, :, 0]
        for plan in range(1, plans):
            column = totals[:, :, plan]
            best = xp.where(column > best + MARGIN, column, best)
        result = result.at[:, numbers].set(best) if batch._jax else _columns_set(result, numbers, best)
    return result


def _columns_set(array, columns, values):
    array[:, columns] = values
    return array


def _roll_choice(batch, rows, table, values):
    xp = batch.xp
    kept, hand, by_count = _reroll_tables(tuple(_die(batch)))
    dice = batch.dice[rows]
    code = (dice * xp.asarray(len(FACES) ** np.arange(DICE))[None, :]).sum(axis=1)
    hand_values = _hand_values(batch, table.worth(values))
    current = xp.take_along_axis(hand_values, xp.asarray(hand)[code][:, None], axis=1)[:, 0]
    # each subset's expectation over the hands its outcomes end in (subsets come by size)
    kept_now = xp.asarray(kept)[code]
    expected, first = [], 0
    for ends, chances in by_count:
        size = sum(1 for subset in SUBSETS if len(subset) == len(SUBSETS[first]))
        cells = xp.asarray(ends)[kept_now[:, first:first + size]]          # [k, subsets, outcomes]
        at = cells.reshape(rows.shape[0], -1) + (xp.arange(rows.shape[0]) * hand_values.shape[1])[:, None]
        reached = xp.take(hand_values.reshape(-1), at)  # one flat take: much faster than along an axis
        expected.append(xp.einsum("kso,o->ks", reached.reshape(cells.shape), xp.asarray(chances)))
        first += size
    by_subset = xp.concatenate(expected, axis=1)
    free = batch.free[rows] > 0
    cost = xp.where(free | (batch.round[rows] >= ROUNDS), 0.0, MARKER_COST)
    can = free | (batch.markers[rows, table.seat] > 0)
    best_gain = xp.zeros(rows.shape[0])
    choice = xp.full(rows.shape[0], batch._columns[ROLL][-1])
    for s in range(len(SUBSETS)):
        gain = by_subset[:, s] - current - cost
        better = can & (gain > best_gain + MARGIN)
        best_gain = xp.where(better, gain, best_gain)
        choice = xp.where(better, s, choice)
    return choice


def _die(batch):
    return quartz_tables.DIE_PRESETS[batch.options["die_faces"]]


def _actions_choice(batch, rows, table, values):
    xp, k = batch.xp, rows.shape[0]
    faces, helmets, used = batch.faces[rows], batch.helmets[rows], batch.used[rows]
    kinds = xp.arange(len(ACTION_FACES))
    minimum = xp.asarray(np.array(MINIMUM))

    def worth(counts):
        at = xp.take_along_axis(values, xp.minimum(counts, TOP)[:, :, None], axis=2)[:, :, 0]
        return xp.where((counts >= minimum) & ~used, at, 0.0)

    def total(counts):
        parts = worth(counts)
        out = parts[:, 0]
        for kind in range(1, len(ACTION_FACES)):
            out = out + parts[:, kind]
        return out

    best = total(faces)
    target = xp.full(k, -1)
    wilds = helmets // HELMETS_PER_WILD
    for plan in PLANS:
        extra = sum((kinds == kind).astype(faces.dtype) for kind in plan)
        fits = (wilds == len(plan)) & ~used[:, list(plan)].any(axis=1)
        value = total(faces + extra[None, :])
        better = fits & (value > best + MARGIN)
        best = xp.where(better, value, best)
        target = xp.where(better, plan[0], target)
    choice = xp.full(k, batch._columns[ACTIONS][-1])  # end_turn
    legal = batch._block(ACTIONS, rows)
    use = legal[:, len(ACTION_FACES):2 * len(ACTION_FACES)]
    count = xp.take_along_axis(values, faces[:, :, None], axis=2)[:, :, 0]
    for kind in reversed(ACTION_ORDER):  # the first in the bot's order wins: written last
        wanted = use[:, kind] & ((kind > 1) | (count[:, kind] > 0))
        choice = xp.where(wanted, batch._columns[ACTIONS][len(ACTION_FACES) + kind], choice)
    return xp.where(target >= 0, batch._columns[ACTIONS][xp.maximum(target, 0)], choice)


def _leader_key(batch, rows, table):
    """Each seat's rank as the bot's `_leader` sees it: the highest score, then the nearest after me."""
    xp = batch.xp
    scores, _ = quartz_tables.scores(xp, batch.carts[rows], batch.chests[rows], batch._values, batch._sets)
    distance = (batch._seats[None, :] - table.seat[:, None]) % batch.players
    return scores, scores * 64 - distance


def greedy_policy(batch, source):
    """Each table's choice for its seat to act, as the scalar `greedy` bot would choose."""
    xp = batch.xp
    choice = xp.zeros(batch.n, xp.int64)
    for phase, rows in enumerate(batch._by_phase()):
        if not rows.shape[0]:
            continue
        table = _Table(batch, rows)
        columns = batch._columns[phase]
        if phase in (ROLL, ACTIONS):
            values = table.kind_values(batch)
            pick = (_roll_choice if phase == ROLL else _actions_choice)(batch, rows, table, values)
        elif phase == PICK:
            pick = xp.where(table.ev > 0, columns[1], columns[0])
        elif phase == JACK:
            cost = xp.where(batch.drawn[rows] > 0, table.fewer, 1 << 30)
            pick = columns[xp.argmin(cost, axis=1)]
        elif phase == CHEST:
            legal = batch._block(CHEST, rows)[:, 1:]
            worth = xp.asarray(np.array([*VALUES, -1][:legal.shape[1]]))
            rank = xp.where(legal, worth[None, :], -(1 << 30))
            pick = xp.where(legal.any(axis=1), columns[1 + xp.argmax(rank, axis=1)], columns[0])
        elif phase == CART:
            legal = batch._block(CART, rows)[:, 1:]
            _, key = _leader_key(batch, rows, table)
            rank = xp.where(legal, key, -(1 << 30))
            pick = xp.where(legal.any(axis=1), columns[1 + xp.argmax(rank, axis=1)], columns[0])
        else:  # steal: the crystal worth most to me (a stolen one also costs its owner), then the leader
            legal = batch._block(STEAL, rows)[:, 1:].reshape(rows.shape[0], batch.players, len(COLOURS))
            scores, _ = _leader_key(batch, rows, table)
            worth = table.more[:, :len(COLOURS)] + STEAL_HARM * table.values[:len(COLOURS)][None, :]
            worth = xp.where(legal, worth[:, None, :], -np.inf)
            top = worth.max(axis=(1, 2), keepdims=True)
            score = xp.where(legal & (worth == top), scores[:, :, None], -(1 << 30))
            flat = (score == score.max(axis=(1, 2), keepdims=True)) & legal & (worth == top)
            at = xp.argmax(flat.reshape(rows.shape[0], -1), axis=1)
            pick = xp.where(legal.any(axis=(1, 2)), columns[1 + at], columns[0])
        choice = batch._put(choice, rows, pick)
    return choice
