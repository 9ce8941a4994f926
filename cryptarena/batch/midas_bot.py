"""`probabilistic` as arrays: the Midas bot of games/midas/bot.py, decision for decision, for every
game of a batch at once (its differences from the scalar bot: docs/batch.md).

The count's distribution is the scalar bot's: its own cup known, every other die uniform over the
die's values, the Obsidian value known (2 players, or nobody Cursed) or the sum of fair 0/1 cards.
The others' part depends only on how many dice they hold, the favour value and the Obsidian value,
so its survival function is tabled once (midas._others_survival) and each decision reads a few
entries of it: S(b) = sum over Obsidian values o of P(o) * P(others ≥ b - own count under o).
The largest bid with S ≥ the safety level is found by bisection (S falls as b grows).
"""

from __future__ import annotations

import numpy as np

from .core import _traced, some
from .midas import (ACCUSE_BIAS, BIDDING, BRIBE_GAIN, DAMOCLES, DICE_PER_PLAYER, DRAW_RISK, ECHANGE, FAVOURS,
                    FAVOURS_PHASE, IMMUNITE, KEEP_DICE, OBSIDIAN_PHASE, OPEN_SAFETY, PENALTY, POT, PRICES,
                    RAISE_SAFETY, SWAP, _others_survival)


class _Survival:
    """S(b) for the seat to act in each game, under a given announced stone."""

    def __init__(self, game, seat, stone):
        xp = game.xp
        self.xp = xp
        table = _others_survival(game.preset, DICE_PER_PLAYER * (game.p - 1))
        self.width = table.shape[-1]
        self.table = xp.asarray(table.reshape(-1))
        mine = game._one_hot(seat)
        others = game._rowsum(xp.where(~game.cursed & ~mine, game.dice_count, 0))
        favour = game._rowsum(game.granted)  # favour value - 1
        cursed = game._rowsum(game.cursed)
        if game.p == 2:
            known = xp.full(game.n, game.options["two_player_obsidian"])
        else:
            known = xp.zeros(game.n, dtype=xp.int64)
        hidden = (game.p > 2) & (cursed > 0)
        # P(Obsidian = o): a point where it is public, else binomial(cursed players, 1/2)
        half = xp.asarray([[1.0, 0.0, 0.0], [0.5, 0.5, 0.0], [0.25, 0.5, 0.25]])
        point = (xp.arange(3)[:, None] == known[None, :]).astype(xp.float64)
        self.weights = xp.where(hidden[None, :], xp.take(half, xp.clip(cursed, 0, 2), axis=0).T, point)
        cup = game._at(game.cups, seat)
        self.mine = [game._count(cup, stone, xp.full(game.n, o)) for o in range(3)]
        self.base = [((others * (len(FAVOURS) + 1) + favour) * 3 + o) * self.width for o in range(3)]
        self.top = int(self.width + DICE_PER_PLAYER * (1 + len(FAVOURS)) + 2)

    def at(self, b):
        xp = self.xp
        total = 0.0
        for o in range(3):
            shift = xp.clip(b - self.mine[o], 0, self.width - 1)
            total = total + self.weights[o] * xp.take(self.table, self.base[o] + shift)
        return total

    def largest(self, safety):
        """The largest b with S(b) ≥ safety (S(0) = 1, and S is 0 from `top` on)."""
        xp = self.xp
        lo = xp.zeros_like(self.mine[0])
        hi = xp.full_like(lo, self.top)
        for _ in range(self.top.bit_length()):  # enough halvings to close [0, top]
            mid = (lo + hi) // 2
            ok = self.at(mid) >= safety
            lo, hi = xp.where(ok, mid, lo), xp.where(ok, hi, mid)
            if not _traced(lo) and not bool(xp.any(hi - lo > 1)):
                break
        return lo


def _options(game, seat, stone, cap):
    """The scalar bot's _options: (chance the choice wins if called, the action)."""
    xp = game.xp
    s = _Survival(game, seat, stone)
    bid = game.bid
    has_bids = bid < cap
    safety = xp.where(bid == 0, OPEN_SAFETY, RAISE_SAFETY)
    best = xp.minimum(s.largest(safety), cap)
    safe = has_bids & (best >= bid + 1)
    smallest = bid + 1
    accuse_wins = 1 - s.at(bid)
    s_small = s.at(smallest)
    accuse = ~has_bids | (~safe & (bid > 0) & (accuse_wins >= ACCUSE_BIAS * s_small))
    chance = xp.where(accuse, accuse_wins, xp.where(safe, s.at(best), s_small))
    action = xp.where(accuse, game.a_accuse, game.a_bid + xp.where(safe, best, smallest) - 1)
    return chance, action


def probabilistic(game, source):
    xp = game.xp
    seat, ph = game.to_act(), game.phase
    act = xp.full(game.n, game.a_pass)
    bidding = ph == BIDDING
    if some(bidding):
        cap = game.cap_per_player * (game.p - game._rowsum(game.cursed))
        chance, choice = _options(game, seat, game.stone, cap)
        holds = bidding & (game.bribe_holder == seat) & (game.bribe_holder >= 0)
        if some(holds):
            best_chance = chance + BRIBE_GAIN
            for stone in range(game.stones):
                other = holds & (game.stone != stone)
                if not some(other):
                    continue
                bribed, _ = _options(game, seat, xp.full(game.n, stone), cap)
                better = other & (bribed >= best_chance)
                choice = xp.where(better, game.a_bribe + stone, choice)
                best_chance = xp.where(better, bribed, best_chance)
        act = xp.where(bidding, choice, act)

    if game.p > 2:
        card = source.below(ph == OBSIDIAN_PHASE, xp.full(game.n, 2))
        act = xp.where(ph == OBSIDIAN_PHASE, game.a_obsidian + card, act)

    penalty = ph == PENALTY
    if some(penalty):
        dice = game._at(game.dice_count, seat)
        coins = xp.maximum(game._at(game.coins, seat), 1)
        risk = xp.minimum(1.0, xp.where(game.damocles, 2, 1) / coins)
        lose = ~game._at(game.immune, seat) & (dice > 1) & (dice > KEEP_DICE) & (risk >= DRAW_RISK)
        act = xp.where(penalty, xp.where(lose, game.a_lose_die, game.a_draw), act)

    offered = ph == FAVOURS_PHASE
    if some(offered):
        act = xp.where(offered, _favour(game, seat), act)

    swapping = ph == SWAP
    if some(swapping):
        others = ~game.cursed & ~game._one_hot(seat)
        coins = xp.where(others, game.coins, -1)
        act = xp.where(swapping, game.a_swap + xp.argmax(coins, axis=0), act)
    return act


def _favour(game, seat):
    """The first favour rule that applies (echange, immunite, damocles, pot-de-vin), else pass."""
    xp = game.xp
    can = game._affordable(seat)
    chest = game._at(game.coins, seat)
    others = ~game.cursed & ~game._one_hot(seat)
    richest = xp.max(xp.where(others, game.coins, 0), axis=0)
    poorest = xp.min(xp.where(others, game.coins, 99), axis=0)
    from_chest = np.int64(1 if game.pay_from_chest else 0)
    immune = game._at(game.immune, seat)
    echange = can[ECHANGE] & (richest >= chest - from_chest * PRICES[ECHANGE] + 2)
    immunite = can[IMMUNITE] & ~immune & (chest - from_chest * PRICES[IMMUNITE] >= 2)
    damocles = can[DAMOCLES] & (immune | (game._at(game.dice_count, seat) > KEEP_DICE)) & (poorest <= 3)
    pot = can[POT] & game.granted[IMMUNITE]
    act = xp.where(pot, game.a_buy + POT, game.a_pass)
    act = xp.where(damocles, game.a_buy + DAMOCLES, act)
    act = xp.where(immunite, game.a_buy + IMMUNITE, act)
    return xp.where(echange, game.a_buy + ECHANGE, act)
