"""Midas Chests as a compiled kernel (numba): the games of a batch played one after another in machine
code, for the `random` policy and for `probabilistic` (the compiled backend: docs/batch.md,
batch/compiled.py).

It mirrors `batch/midas.py` draw for draw, so it plays the very games the numpy path plays (the tests
compare them game by game): on stream 0 the start player, then each round's stone and the dice of
each seat not Cursed in seat order, die by die, then each coin drawn (cursed with weight 1 while the
chest holds the cursed coin, else safe; Damocles draws a second time only if the first did not
curse); on stream 1 one number per `random` decision, mapped to the action as `_random_bid` /
`_random_any` map it, and one per Obsidian card whichever the policy. `probabilistic` is
`batch/midas_bot.py` decision for decision: the same survival table, the same float sums in the
same order, the same bisection, so the same choices (not merely the scalar bot's).

What it does differently inside: a game is not a state machine stepped by actions but one round
after another in straight code (Obsidian cards, bids, the penalty, the offers of favours, the swap),
and each choice is applied as its effect, never encoded as an action. Favours, granted and
affordable, are bit masks (favour f costs f + 1, so "price <= budget" is "f < budget"); a Cursed
seat's card is never kept, only the Obsidian value the cards add up to.
"""

from __future__ import annotations

import numpy as np

from .compiled import below, draw, jit
from .core import BatchResult
from .midas import (ACCUSE_BIAS, BRIBE_GAIN, DICE_PER_PLAYER, DIE_PRESETS, DRAW_RISK, FAVOURS, KEEP_DICE,
                    OPEN_SAFETY, PRICES, RAISE_SAFETY, SPECIAL, MidasBatch, _others_survival)

POLICIES = ("random", "probabilistic")
BOT = MidasBatch.policies.index("probabilistic")  # in seats_policy
POT, IMMUNITE, DAMOCLES, ECHANGE = (FAVOURS.index(f) for f in ("pot_de_vin", "immunite", "damocles", "echange"))
# the masks below read "favour f is affordable" as f < budget: true only while prices are 1, 2, 3, 4
assert PRICES == tuple(range(1, len(FAVOURS) + 1))
FACE_BITS = 8  # a cup or the table as face counts, 8 bits a face (as batch/midas.py packs them)
MAX_PLAYERS = 4
FAVOUR_VALUES = len(FAVOURS) + 1  # the survival table's favour axis: favour value 1 .. 5
HALF = np.array([[1.0, 0.0, 0.0], [0.5, 0.5, 0.0], [0.25, 0.5, 0.25]])  # P(Obsidian = o), 0-2 cards hidden


@jit
def _next_uncursed(cursed, players, seat):
    """The next seat clockwise after `seat` not Cursed (seat itself when every other one is)."""
    for step in range(1, players):
        other = (seat + step) % players
        if not cursed[other]:
            return other
    return seat


@jit
def _nth_bit(mask, r):
    """The index of the r-th set bit of mask (r counted from 0)."""
    i = 0
    while True:
        if mask >> i & 1:
            if r == 0:
                return i
            r -= 1
        i += 1


@jit
def _popcount(mask):
    count = 0
    while mask:
        count += mask & 1
        mask >>= 1
    return count


@jit
def _faces(packed, face):
    return (packed >> (FACE_BITS * face)) & 255


# ------------------------------------------------------------------ probabilistic (batch/midas_bot.py)
@jit
def _survival(table, width, at, weight, b):
    """S(b) = sum over Obsidian values o of P(o) * P(others >= b - own count under o), summed as
    midas_bot._Survival.at sums it (the same terms in the same order: the same float). at[o] is
    where the table's row for o starts, at[3 + o] the own count under o."""
    total = 0.0
    for o in range(3):
        shift = min(max(b - at[3 + o], 0), width - 1)
        total = total + weight[o] * table[at[o] + shift]
    return total


@jit
def _options(table, width, at, weight, top, rounds, bid, cap):
    """midas_bot._options: (the chance the choice wins if called, the count to bid or 0: accuse)."""
    safety = OPEN_SAFETY if bid == 0 else RAISE_SAFETY
    lo, hi = 0, top  # _Survival.largest's bisection
    for _ in range(rounds):
        if hi - lo <= 1:
            break  # (numpy goes on while another game needs to: this one's lo no longer moves)
        mid = (lo + hi) // 2
        if _survival(table, width, at, weight, mid) >= safety:
            lo = mid
        else:
            hi = mid
    best = min(lo, cap)
    has_bids = bid < cap
    safe = has_bids and best >= bid + 1
    accuse_wins = 1 - _survival(table, width, at, weight, bid)
    s_small = _survival(table, width, at, weight, bid + 1)
    if not has_bids or (not safe and bid > 0 and accuse_wins >= ACCUSE_BIAS * s_small):
        return accuse_wins, 0
    if safe:
        return _survival(table, width, at, weight, best), best
    return s_small, bid + 1


@jit
def _own_counts(at, cup, stone, favour_value, obsidian_face, favour_face, diamond):
    fixed = _faces(cup, stone) + favour_value * _faces(cup, favour_face)
    if diamond >= 0:
        fixed += 2 * _faces(cup, diamond)
    for o in range(3):
        at[3 + o] = fixed + o * _faces(cup, obsidian_face)


@jit
def _bot_bid(table, width, top, rounds, at, weight, cursed, dice, players, seat, cup, stone, stones, bid, cap,
             holds, favour_value, obsidian_face, favour_face, diamond):
    """The bot's bid: the count to bid, 0 to accuse, -1 - s to bribe to stone s."""
    others = 0
    for s in range(players):
        if s != seat and not cursed[s]:
            others += dice[s]
    for o in range(3):
        at[o] = ((others * FAVOUR_VALUES + favour_value - 1) * 3 + o) * width
    _own_counts(at, cup, stone, favour_value, obsidian_face, favour_face, diamond)
    chance, choice = _options(table, width, at, weight, top, rounds, bid, cap)
    if holds:
        best = chance + BRIBE_GAIN
        for other in range(stones):
            if other == stone:
                continue
            _own_counts(at, cup, other, favour_value, obsidian_face, favour_face, diamond)
            bribed, _ = _options(table, width, at, weight, top, rounds, bid, cap)
            if bribed >= best:
                choice, best = -1 - other, bribed
    return choice


@jit
def _bot_favour(affordable, seat, players, cursed, coins, immune, dice, granted, pay_from_chest):
    """midas_bot._favour: the first rule that applies (Echange, Immunite, Damocles, Pot-de-vin), or
    -1: pass."""
    chest = coins[seat]
    richest, poorest = 0, 99
    for s in range(players):
        if s != seat and not cursed[s]:
            richest = max(richest, coins[s])
            poorest = min(poorest, coins[s])
    from_chest = 1 if pay_from_chest else 0
    if affordable >> ECHANGE & 1 and richest >= chest - from_chest * PRICES[ECHANGE] + 2:
        return ECHANGE
    if affordable >> IMMUNITE & 1 and not immune[seat] and chest - from_chest * PRICES[IMMUNITE] >= 2:
        return IMMUNITE
    if affordable >> DAMOCLES & 1 and (immune[seat] or dice[seat] > KEEP_DICE) and poorest <= 3:
        return DAMOCLES
    if affordable >> POT & 1 and granted >> IMMUNITE & 1:
        return POT
    return -1


# ------------------------------------------------------------------ the games
@jit
def _play(players, chest_size, pay_from_chest, faces, stones, diamond, obsidian_face, favour_face, cap_per_player,
          two_player_obsidian, rules_base, policy_base, seats_policy, table, width, top, rounds, half,
          alive, winners, length):
    n = rules_base.shape[0]
    dice = np.empty(MAX_PLAYERS, np.int64)
    cursed = np.empty(MAX_PLAYERS, np.bool_)
    coins = np.empty(MAX_PLAYERS, np.int64)
    chest_cursed = np.empty(MAX_PLAYERS, np.int64)  # 1 while the chest holds the cursed coin
    purse = np.empty(MAX_PLAYERS, np.int64)
    bought = np.empty(MAX_PLAYERS, np.bool_)  # a seat buys one favour a game
    immune = np.empty(MAX_PLAYERS, np.bool_)
    cups = np.empty(MAX_PLAYERS, np.int64)
    bot = np.empty(MAX_PLAYERS, np.bool_)
    at = np.empty(6, np.int64)  # the bot's survival lookups
    weight = np.empty(3, np.float64)
    for g in range(n):
        rules, policy = rules_base[g], policy_base[g]
        drawn, chosen = 0, 0  # each stream's draw counter
        for s in range(players):
            dice[s] = DICE_PER_PLAYER
            cursed[s] = False
            coins[s] = chest_size
            chest_cursed[s] = 1
            purse[s] = 0
            bought[s] = False
            immune[s] = False
            bot[s] = seats_policy[g, s] == BOT
        n_cursed = 0
        granted = 0  # bit f: favour f sold this game
        favour_value = 1
        damocles = False
        holder = -1  # who holds Pot-de-vin, unspent
        steps = 0
        winner = -1
        drawn += 1
        starter = below(draw(rules, drawn), players)
        while winner < 0:
            # a round: the stone, then the cups of the seats not Cursed, seat by seat, die by die
            drawn += 1
            stone = below(draw(rules, drawn), stones)
            everything = 0
            for s in range(players):
                if cursed[s]:
                    cups[s] = 0
                    continue
                packed = 0
                for _ in range(dice[s]):
                    drawn += 1
                    packed += 1 << (FACE_BITS * below(draw(rules, drawn), faces))
                cups[s] = packed
                everything += packed
            if players == 2:
                obsidian = two_player_obsidian
                for o in range(3):
                    weight[o] = 1.0 if o == two_player_obsidian else 0.0
            else:  # each Cursed seat's card, in seat order (0 without Cursed seats); both policies draw it
                obsidian = 0
                for s in range(players):
                    if cursed[s]:
                        steps += 1
                        chosen += 1
                        obsidian += below(draw(policy, chosen), 2)
                for o in range(3):
                    weight[o] = half[min(n_cursed, 2), o]
            # bids: raise by 1 .. cap - bid, accuse once there is a bid, or bribe (another stone)
            turn, bid, bidder = starter, 0, -1
            cap = cap_per_player * (players - n_cursed)
            while True:
                steps += 1
                if bot[turn]:
                    choice = _bot_bid(table, width, top, rounds, at, weight, cursed, dice, players, turn, cups[turn],
                                      stone, stones, bid, cap, holder == turn, favour_value, obsidian_face,
                                      favour_face, diamond)
                else:
                    bids = cap - bid
                    named = bids + 1 if bid > 0 else bids  # the bids, then accuse
                    chosen += 1
                    r = below(draw(policy, chosen), named + stones - 1 if holder == turn else named)
                    if r < bids:
                        choice = bid + r + 1
                    elif r < named:
                        choice = 0
                    else:
                        other = r - named
                        choice = -2 - other if other >= stone else -1 - other
                if choice > 0:
                    bid, bidder = choice, turn
                    turn = 1 - turn if players == 2 else _next_uncursed(cursed, players, turn)
                elif choice == 0:
                    break
                else:
                    stone = -1 - choice
                    holder = -1
            # the accusation
            total = _faces(everything, stone) + favour_value * _faces(everything, favour_face) \
                + obsidian * _faces(everything, obsidian_face)
            if diamond >= 0:
                total += 2 * _faces(everything, diamond)
            loser = bidder if total < bid else turn
            # the penalty: lose a die (while more than one is left) or draw
            steps += 1
            if bot[loser]:
                risk = min(1.0, (2.0 if damocles else 1.0) / max(coins[loser], 1))
                lose = not immune[loser] and dice[loser] > 1 and dice[loser] > KEEP_DICE and risk >= DRAW_RISK
            else:
                chosen += 1  # (with one die left: a draw among one choice, the stream moves on all the same)
                lose = below(draw(policy, chosen), 2 if dice[loser] > 1 else 1) == 0 and dice[loser] > 1
            if lose:
                dice[loser] -= 1
                starter = loser
                continue
            if immune[loser]:
                immune[loser] = False
                starter = loser
                continue
            twice = damocles
            damocles = False
            for time in range(2):
                if time == 1 and (not twice or cursed[loser]):
                    break
                drawn += 1
                r = below(draw(rules, drawn), max(coins[loser], 1))
                coins[loser] -= 1
                if r < chest_cursed[loser]:
                    chest_cursed[loser] = 0
                    cursed[loser] = True
                    n_cursed += 1
                    everything -= cups[loser]
                    cups[loser] = 0
                else:
                    purse[loser] += 1
            if cursed[loser]:
                if players - n_cursed == 1:
                    for s in range(players):
                        if not cursed[s]:
                            winner = s
                            break
                    break
                starter = _next_uncursed(cursed, players, loser)
            else:
                starter = loser
            # Midas offers a favour to each seat in turn from the starter, until one buys
            for offset in range(players):
                seat = (starter + offset) % players
                if cursed[seat] or bought[seat]:
                    continue
                budget = coins[seat] - chest_cursed[seat] if pay_from_chest else purse[seat]
                if budget <= 0:
                    continue
                affordable = ~granted & ((1 << min(budget, len(FAVOURS))) - 1)
                if affordable == 0:
                    continue
                steps += 1
                if bot[seat]:
                    favour = _bot_favour(affordable, seat, players, cursed, coins, immune, dice, granted,
                                         pay_from_chest)
                else:
                    count = _popcount(affordable)
                    chosen += 1
                    r = below(draw(policy, chosen), count + 1)
                    favour = -1 if r == count else _nth_bit(affordable, r)
                if favour < 0:
                    continue  # passes
                if pay_from_chest:
                    coins[seat] -= favour + 1
                else:
                    purse[seat] -= favour + 1
                bought[seat] = True
                granted |= 1 << favour
                favour_value += 1
                if favour == POT:
                    holder = seat
                elif favour == IMMUNITE:
                    immune[seat] = True
                elif favour == DAMOCLES:
                    damocles = True
                else:  # Echange: swap chests with another seat not Cursed
                    steps += 1
                    swap_with = -1
                    if bot[seat]:  # the richest, the first of them
                        for other in range(players):
                            if not cursed[other] and other != seat and (
                                    swap_with < 0 or coins[other] > coins[swap_with]):
                                swap_with = other
                    else:
                        chosen += 1
                        r = below(draw(policy, chosen), players - n_cursed - 1)
                        for other in range(players):
                            if not cursed[other] and other != seat:
                                if r == 0:
                                    swap_with = other
                                    break
                                r -= 1
                    coins[seat], coins[swap_with] = coins[swap_with], coins[seat]
                    chest_cursed[seat], chest_cursed[swap_with] = chest_cursed[swap_with], chest_cursed[seat]
                break
        for s in range(players):
            alive[g, s] = 0 if cursed[s] else 1
        winners[g, winner] = True
        length[g] = steps


def play(players: int, n: int, options: dict, seats_policy, rules_base, policy_base) -> BatchResult:
    """n games, as core.play(MidasBatch, numpy backend, ...) returns them."""
    preset = options["die_faces"]
    die = DIE_PRESETS[preset]
    table = _others_survival(preset, DICE_PER_PLAYER * (players - 1))
    width = table.shape[-1]
    top = width + DICE_PER_PLAYER * FAVOUR_VALUES + 2  # midas_bot._Survival's bisection range
    alive = np.zeros((n, players), dtype=np.int64)
    winners = np.zeros((n, players), dtype=bool)
    length = np.zeros(n, dtype=np.int64)
    _play(np.int64(players), np.int64(options["chest_size"]), options["favour_payment"] == "chest",
          np.int64(len(die)), np.int64(sum(1 for face in die if face not in SPECIAL)),
          np.int64(die.index("diamond") if "diamond" in die else -1), np.int64(die.index("obsidian")),
          np.int64(die.index("favour")), np.int64(options["bid_cap_per_player"]),
          np.int64(options["two_player_obsidian"]), np.ascontiguousarray(rules_base, dtype=np.uint64),
          np.ascontiguousarray(policy_base, dtype=np.uint64), np.ascontiguousarray(seats_policy, dtype=np.int64),
          np.ascontiguousarray(table.reshape(-1)), np.int64(width), np.int64(top), np.int64(top.bit_length()),
          HALF, alive, winners, length)
    return BatchResult(totals=alive, breakdown={"uncursed": alive.copy()}, winners=winners, length=length)
