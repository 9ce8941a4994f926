"""Quartz: The Dice Game's compiled backend (numba): the batch's random games played one after another
in machine code, the very games `batch/quartz.py` plays (tests/batch/test_quartz_compiled.py compares
them game by game).

It mirrors `batch/quartz.py` draw for draw. On the rules' stream (0) each game draws, in order: round
1's first player (`below(players)`, a pick among equal weights); in each turn the mining crystal
(a pick weighted by the bag's counts, nothing from an empty bag) and then the five dice; a reroll's
dice in index order; a pickaxe's crystal; a jackhammer's crystals one at a time until the bag is
empty. The numpy version gathers a step's draws of many tables into a few calls, but each table's
own draws come in this order, and a game's draws depend only on its own counter. On the policy's
stream (1) each decision draws one `below(count)`, count being the number of legal actions (32 in
the roll phase while a reroll can be paid, else 1), and takes the number-th legal action of the
phase in the numpy block's order: the 31 rerolls then `stop`; the 5 wilds, the 5 uses, `end_turn`;
`stop` first, then `draw` / the returns by colour / the protects by colour / the dumps by seat / the
steals by seat then colour.

What it does differently inside: a game is a loop over rounds, turns and decisions rather than a
phase number stepped from outside, so a decision needs no dispatch; the state is a few scalars and
small arrays reset per game; a draw whose count is 1 (a forced `stop` or `end_turn`) advances the
policy's counter without hashing (its number is 0 whatever the bits). Only the `random` policy is
compiled: a run with `greedy` seats plays on the numpy code.
"""

from __future__ import annotations

import numpy as np

from .compiled import below, draw, jit
from .core import BatchResult
from .quartz_tables import (ALL, BREAKDOWN, COLOURS, DICE, DIE_PRESETS, FACES, FEWEST_IN_CHEST_PENALTY,
                            FREE_REROLLS, HELMETS_PER_WILD, ROUNDS, SUBSETS, UNSTABLE_PENALTY, UNSTABLE_PER_ROUND,
                            UNSTABLE_ROUND_ONE, VALUES, set_table)

POLICIES = ("random",)

BLACK = len(COLOURS)  # the colour index of an unstable crystal (the last of ALL)
N_ALL = len(ALL)
N_COLOURS = len(COLOURS)
ROLL_CHOICES = len(SUBSETS) + 1  # the rerolls, then stop
STOP_ROLL = len(SUBSETS)
END_TURN = 10  # the actions phase's choices: wild 0-4, use 5-9, end_turn 10
PICKAXE, JACKHAMMER, CHEST, CART, STEAL = range(5)


@jit
def _number(base, counter, count):
    """The policy's number for a decision with `count` legal actions (the draw `counter` is spent
    either way; below(bits, 1) is 0 whatever the bits)."""
    if count <= 1:
        return 0
    return below(draw(base, counter), count)


@jit
def _crystal(bag, r):
    """The colour a pick of `r` (below the bag's total) lands on: the first colour whose cumulative
    count exceeds r."""
    c = 0
    while r >= bag[c]:
        r -= bag[c]
        c += 1
    return c


@jit
def _score(carts, chests, values, sets_table, seat, fewest_chest):
    """Seat's (total, crystals, sets, unstable, fewest_in_chest) as `state.scores()` counts them."""
    crystals = 0
    sets = 0
    for c in range(N_COLOURS):
        owned = carts[seat, c] + chests[seat, c]
        crystals += owned * values[c]
        sets += sets_table[owned]
    unstable = -UNSTABLE_PENALTY * (carts[seat, BLACK] + chests[seat, BLACK])
    chest = 0
    for c in range(N_ALL):
        chest += chests[seat, c]
    fewest = -FEWEST_IN_CHEST_PENALTY if chest == fewest_chest else 0
    return crystals + sets + unstable + fewest, crystals, sets, unstable, fewest


@jit
def _fewest_chest(players, chests):
    fewest = -1
    for s in range(players):
        chest = 0
        for c in range(N_ALL):
            chest += chests[s, c]
        if fewest < 0 or chest < fewest:
            fewest = chest
    return fewest


@jit
def _others_coloured(players, coloured, seat):
    for s in range(players):
        if s != seat and coloured[s] > 0:
            return True
    return False


@jit
def _protectable_in(carts, seat, protectable):
    for c in range(protectable):
        if carts[seat, c] > 0:
            return True
    return False


@jit
def _play_random(players, bag0, supply0, protectable, round_end, side_faces, subset_mask, values, sets_table,
                 rules_base, policy_base, totals, crystals_out, sets_out, unstable_out, fewest_out, winners, length):
    n = rules_base.shape[0]
    bag = np.zeros(N_ALL, np.int64)
    carts = np.zeros((players, N_ALL), np.int64)
    chests = np.zeros((players, N_ALL), np.int64)
    markers = np.zeros(players, np.int64)
    coloured = np.zeros(players, np.int64)  # coloured crystals in each cart (steal's legality)
    dice = np.zeros(DICE, np.int64)
    faces = np.zeros(len(FACES), np.int64)
    used = np.zeros(5, np.bool_)
    drawn = np.zeros(N_ALL, np.int64)
    choice = np.zeros(1 + players * N_COLOURS + 16, np.int64)
    score = np.zeros(players, np.int64)
    bag_total0 = 0
    for c in range(N_ALL):
        bag_total0 += bag0[c]
    for g in range(n):
        rb = rules_base[g]
        pb = policy_base[g]
        rc = 0  # each stream's draws so far
        pc = 0
        for c in range(N_ALL):
            bag[c] = bag0[c]
        in_bag = bag_total0
        supply = supply0
        for s in range(players):
            markers[s] = 0
            coloured[s] = 0
            for c in range(N_ALL):
                carts[s, c] = 0
                chests[s, c] = 0
        decisions = 0
        rc += 1
        starter = below(draw(rb, rc), players)
        rnd = 0
        while True:
            rnd += 1
            if rnd > 1:
                # the highest total starts; a tie goes to the first of them after the previous starter
                least = _fewest_chest(players, chests)
                best = -(1 << 62)
                for s in range(players):
                    score[s] = _score(carts, chests, values, sets_table, s, least)[0]
                    if score[s] > best:
                        best = score[s]
                for i in range(1, players + 1):
                    s = (starter + i) % players
                    if score[s] == best:
                        starter = s
                        break
            added = min(supply, UNSTABLE_ROUND_ONE if rnd == 1 else UNSTABLE_PER_ROUND)
            supply -= added
            bag[BLACK] += added
            in_bag += added
            over = False
            for pos in range(players):
                seat = (starter + pos) % players
                if in_bag > 0:  # mining
                    rc += 1
                    c = _crystal(bag, below(draw(rb, rc), in_bag))
                    bag[c] -= 1
                    in_bag -= 1
                    carts[seat, c] += 1
                    if c == BLACK:
                        markers[seat] += 1
                    else:
                        coloured[seat] += 1
                free = FREE_REROLLS
                for d in range(DICE):
                    rc += 1
                    dice[d] = side_faces[below(draw(rb, rc), 6)]
                # roll phase: a reroll while one can be paid (free ones first, then a marker each)
                while True:
                    decisions += 1
                    pc += 1
                    if free == 0 and markers[seat] == 0:
                        break  # stop is the only action
                    num = below(draw(pb, pc), ROLL_CHOICES)
                    if num == STOP_ROLL:
                        break
                    if free > 0:
                        free -= 1
                    else:
                        markers[seat] -= 1
                    m = subset_mask[num]
                    for d in range(DICE):
                        if (m >> d) & 1:
                            rc += 1
                            dice[d] = side_faces[below(draw(rb, rc), 6)]
                for f in range(len(FACES)):
                    faces[f] = 0
                for d in range(DICE):
                    faces[dice[d]] += 1
                helmets = faces[5]
                for f in range(5):
                    used[f] = False
                # actions phase
                while True:
                    decisions += 1
                    k = 0
                    if helmets >= HELMETS_PER_WILD:
                        for f in range(5):
                            if not used[f]:
                                choice[k] = f
                                k += 1
                    for f in range(5):
                        if used[f] or faces[f] < (1 if f == PICKAXE else 2):
                            continue
                        if f <= JACKHAMMER:
                            able = in_bag > 0
                        elif f == CHEST:
                            able = _protectable_in(carts, seat, protectable)
                        elif f == CART:
                            able = carts[seat, BLACK] > 0
                        else:
                            able = _others_coloured(players, coloured, seat)
                        if able:
                            choice[k] = 5 + f
                            k += 1
                    choice[k] = END_TURN
                    k += 1
                    pc += 1
                    a = choice[_number(pb, pc, k)]
                    if a == END_TURN:
                        break
                    if a < 5:
                        helmets -= HELMETS_PER_WILD
                        faces[a] += 1
                        continue
                    f = a - 5
                    used[f] = True
                    count = faces[f]
                    if f == PICKAXE:
                        left = count
                        while True:
                            decisions += 1
                            pc += 1
                            if _number(pb, pc, 2 if in_bag > 0 else 1) == 0:
                                break  # stop
                            rc += 1
                            c = _crystal(bag, below(draw(rb, rc), in_bag))
                            bag[c] -= 1
                            in_bag -= 1
                            carts[seat, c] += 1
                            if c != BLACK:
                                coloured[seat] += 1
                            left -= 1
                            if left <= 0 or in_bag == 0:
                                break
                    elif f == JACKHAMMER:
                        for c in range(N_ALL):
                            drawn[c] = 0
                        got = 0
                        for _ in range(count):
                            if in_bag == 0:
                                break
                            rc += 1
                            c = _crystal(bag, below(draw(rb, rc), in_bag))
                            bag[c] -= 1
                            in_bag -= 1
                            drawn[c] += 1
                            carts[seat, c] += 1
                            if c != BLACK:
                                coloured[seat] += 1
                            got += 1
                        left = got // 2
                        while left > 0:  # return half of them, one at a time
                            decisions += 1
                            k = 0
                            for c in range(N_ALL):
                                if drawn[c] > 0:
                                    choice[k] = c
                                    k += 1
                            pc += 1
                            c = choice[_number(pb, pc, k)]
                            drawn[c] -= 1
                            carts[seat, c] -= 1
                            if c != BLACK:
                                coloured[seat] -= 1
                            bag[c] += 1
                            in_bag += 1
                            left -= 1
                    elif f == CHEST:
                        left = count - 1
                        while True:
                            decisions += 1
                            k = 1
                            for c in range(protectable):
                                if carts[seat, c] > 0:
                                    choice[k] = c
                                    k += 1
                            pc += 1
                            j = _number(pb, pc, k)
                            if j == 0:
                                break
                            c = choice[j]
                            carts[seat, c] -= 1
                            if c != BLACK:
                                coloured[seat] -= 1
                            chests[seat, c] += 1
                            left -= 1
                            if left <= 0 or not _protectable_in(carts, seat, protectable):
                                break
                    elif f == CART:
                        left = count - 1
                        while True:
                            decisions += 1
                            k = players if carts[seat, BLACK] > 0 else 1  # stop, then every other seat
                            pc += 1
                            j = _number(pb, pc, k)
                            if j == 0:
                                break
                            to = j - 1 if j - 1 < seat else j
                            carts[seat, BLACK] -= 1
                            carts[to, BLACK] += 1
                            left -= 1
                            if left <= 0 or carts[seat, BLACK] == 0:
                                break
                    else:
                        left = count - 1
                        while True:
                            decisions += 1
                            k = 1
                            for s in range(players):
                                if s == seat or coloured[s] == 0:
                                    continue
                                for c in range(N_COLOURS):
                                    if carts[s, c] > 0:
                                        choice[k] = s * N_ALL + c
                                        k += 1
                            pc += 1
                            j = _number(pb, pc, k)
                            if j == 0:
                                break
                            s = choice[j] // N_ALL
                            c = choice[j] - s * N_ALL
                            carts[s, c] -= 1
                            coloured[s] -= 1
                            carts[seat, c] += 1
                            coloured[seat] += 1
                            left -= 1
                            if left <= 0 or not _others_coloured(players, coloured, seat):
                                break
                # end of the turn
                if in_bag == 0 and not round_end:
                    over = True
                    break
            if over or rnd >= ROUNDS or (in_bag == 0 and round_end):
                break
        # the end: scores, then the winners (best total, then most white owned, then most pink)
        least = _fewest_chest(players, chests)
        best = -(1 << 62)
        for s in range(players):
            total, crystals, sets, unstable, fewest = _score(carts, chests, values, sets_table, s, least)
            totals[g, s] = total
            crystals_out[g, s] = crystals
            sets_out[g, s] = sets
            unstable_out[g, s] = unstable
            fewest_out[g, s] = fewest
            if total > best:
                best = total
        for s in range(players):
            winners[g, s] = totals[g, s] == best
        for c in range(2):
            most = -1
            for s in range(players):
                if winners[g, s] and carts[s, c] + chests[s, c] > most:
                    most = carts[s, c] + chests[s, c]
            for s in range(players):
                if winners[g, s] and carts[s, c] + chests[s, c] < most:
                    winners[g, s] = False
        length[g] = decisions


def play(players: int, n: int, options: dict, seats_policy, rules_base, policy_base) -> BatchResult:
    """n games with every seat random (the only policy compiled), as core.play_compiled calls it."""
    counts = [int(options[f"crystals_{c}"]) for c in COLOURS]
    black = int(options["crystals_black"])
    bag0 = np.array([*counts, 0], np.int64)
    side_faces = np.array([FACES.index(face) for face in DIE_PRESETS[options["die_faces"]]], np.int64)
    subset_mask = np.array([sum(1 << d for d in subset) for subset in SUBSETS], np.int64)
    values = np.array(VALUES, np.int64)
    sets_table = set_table(options["big_sets"], sum(counts) + black)
    protectable = N_ALL if options["unstable_in_chest"] else N_COLOURS
    round_end = options["bag_empty_end"] == "round"
    totals = np.zeros((n, players), np.int64)
    items = {name: np.zeros((n, players), np.int64) for name in BREAKDOWN}
    winners = np.zeros((n, players), np.bool_)
    length = np.zeros(n, np.int64)
    _play_random(np.int64(players), bag0, np.int64(black), np.int64(protectable), round_end, side_faces,
                 subset_mask, values, sets_table, np.ascontiguousarray(rules_base, np.uint64),
                 np.ascontiguousarray(policy_base, np.uint64), totals, items["crystals"], items["sets"],
                 items["unstable"], items["fewest_in_chest"], winners, length)
    return BatchResult(totals=totals, breakdown=items, winners=winners, length=length)
