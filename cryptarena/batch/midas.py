"""Midas Chests as arrays: n digital games at once (the rules: cryptarena/games/midas/RULES.md,
docs/rules/midas.md; the batch contract and the policies: docs/batch.md).

Every option of the digital game is covered (chest size, favour payment, die faces, bid cap, the
2-player Obsidian value); companion mode, whose dice and bids are on a physical table, is refused.

A seat's cup is kept as its face counts, packed 8 bits a face into one int64 (a cup is never more
than its counts for the count and the bot), and the table's total likewise, so a reveal is a few
shifts. Every chance event goes through the source in the scalar engine's order: the start player,
then each round's stone and the dice of each seat not Cursed in seat order, then each coin drawn.
Out-of-turn bribes (Pot-de-vin offered to its holder while another bids) are not played: simulate
asks only the seat to act, so neither side ever plays them.
"""

from __future__ import annotations

import copy
from functools import lru_cache

import numpy as np

from .core import BatchResult, RowSource, some

# The engine's constants (cryptarena/games/midas/components.py), copied: the tests compare them.
DICE_PER_PLAYER = 5
DIE_PRESETS = {
    "three_stones": ("ruby", "emerald", "sapphire", "diamond", "obsidian", "favour"),
    "four_stones": ("ruby", "emerald", "sapphire", "topaz", "obsidian", "favour"),
}
SPECIAL = ("diamond", "obsidian", "favour")
FAVOURS = ("pot_de_vin", "immunite", "damocles", "echange")
PRICES = (1, 2, 3, 4)
POT, IMMUNITE, DAMOCLES, ECHANGE = range(4)

OBSIDIAN_PHASE, BIDDING, PENALTY, FAVOURS_PHASE, SWAP, OVER = range(6)
# every per-game array of the state; the games are on the last axis (per-seat arrays are [seat, game]:
# numpy broadcasts and reduces along a short last axis several times slower)
STATE = ("dice_count", "cursed", "coins", "chest_cursed", "purse", "bought", "immune", "granted", "damocles",
         "bribe_holder", "stone", "cups", "table", "cards", "bid", "bidder", "turn", "loser", "offer_first",
         "offer_k", "swapper", "winner", "phase", "length", "starter")
FIELD = 8  # bits per face in a packed cup

# the probabilistic bot's constants (games/midas/bot.py), copied: the tests compare them
OPEN_SAFETY, RAISE_SAFETY, ACCUSE_BIAS, BRIBE_GAIN, KEEP_DICE, DRAW_RISK = 0.95, 0.97, 2.5, 0.15, 2, 0.12


def refuse(players: int, options: dict) -> str | None:
    """Why these resolved options cannot be played as arrays (None: they can)."""
    if options.get("mode") != "digital":
        return ("the batch plays Midas's digital mode only: option mode=companion (real dice and bids on a "
                "physical table) is not simulated")
    known = {"mode", "chest_size", "favour_payment", "die_faces", "bid_cap_per_player", "two_player_obsidian"}
    unknown = sorted(set(options) - known)
    if unknown:
        return f"the batch version of midas does not know the option {unknown[0]!r}"
    return None


@lru_cache(maxsize=None)
def _others_survival(preset: str, max_dice: int) -> np.ndarray:
    """S[d, favour_value - 1, obsidian, t] = P(total of d dice ≥ t), a die uniform over its values with the
    announced stone worth 1 (which stone does not matter to the others' total)."""
    die = DIE_PRESETS[preset]
    top = max_dice * (1 + len(FAVOURS)) + 2
    table = np.zeros((max_dice + 1, len(FAVOURS) + 1, 3, top + 1))
    for fv in range(1, len(FAVOURS) + 2):
        for o in range(3):
            values = [_face_value(face, die[0], fv, o) for face in die]
            one = np.zeros(max(values) + 1)
            for v in values:
                one[v] += 1 / len(values)
            dist = np.array([1.0])
            for d in range(max_dice + 1):
                tail = np.cumsum(dist[::-1])[::-1]
                table[d, fv - 1, o, :len(tail)] = tail
                dist = np.convolve(dist, one)
    return table


def _face_value(face: str, stone: str, favour_value: int, obsidian: int) -> int:
    if face == "diamond":
        return 2
    if face == "favour":
        return favour_value
    if face == "obsidian":
        return obsidian
    return 1 if face == stone else 0


class MidasBatch:
    id = "midas"
    policies = ("random", "probabilistic")
    refuse = staticmethod(refuse)
    compiled = "cryptarena.batch.midas_compiled"

    def __init__(self, backend, players: int, n: int, options: dict, source):
        reason = refuse(players, options)
        if reason:
            raise ValueError(reason)
        self.bk, self.xp, self.source = backend, backend.xp, source
        # with fixed shapes (jax) every step works by masks on the whole batch; otherwise the games a
        # rarer decision concerns are gathered into a sub-batch
        self.fixed = backend.fixed_shapes
        xp = self.xp
        self.p, self.n, self.options = players, n, options
        self.preset = options["die_faces"]
        self.die = DIE_PRESETS[self.preset]
        self.faces = len(self.die)
        self.stones = sum(1 for f in self.die if f not in SPECIAL)
        self.diamond = self.die.index("diamond") if "diamond" in self.die else -1
        self.obsidian_face, self.favour_face = self.die.index("obsidian"), self.die.index("favour")
        self.cap_per_player = options["bid_cap_per_player"]
        self.pay_from_chest = options["favour_payment"] == "chest"
        # the action encoding's layout (games/midas/encoding.py every_action, digital mode)
        self.a_obsidian = 0
        self.a_bid = 2 if players > 2 else 0
        self.max_bid = self.cap_per_player * players
        self.a_accuse = self.a_bid + self.max_bid
        self.a_bribe = self.a_accuse + 1
        self.a_lose_die = self.a_bribe + self.stones
        self.a_draw = self.a_lose_die + 1
        self.a_buy = self.a_draw + 1
        self.a_pass = self.a_buy + len(FAVOURS)
        self.a_swap = self.a_pass + 1
        self.actions = self.a_swap + players

        p = players
        self.seats = xp.arange(p)
        self.rows = xp.arange(n)
        self.prices = xp.asarray(PRICES)
        self.dice_count = xp.full((p, n), DICE_PER_PLAYER, dtype=xp.int64)
        self.cursed = xp.zeros((p, n), dtype=bool)
        self.coins = xp.full((p, n), options["chest_size"], dtype=xp.int64)
        self.chest_cursed = xp.ones((p, n), dtype=bool)
        self.purse = xp.zeros((p, n), dtype=xp.int64)
        self.bought = xp.full((p, n), -1, dtype=xp.int64)
        self.immune = xp.zeros((p, n), dtype=bool)
        self.granted = xp.zeros((len(FAVOURS), n), dtype=bool)
        self.damocles = xp.zeros(n, dtype=bool)
        self.bribe_holder = xp.full(n, -1, dtype=xp.int64)
        self.stone = xp.zeros(n, dtype=xp.int64)
        self.cups = xp.zeros((p, n), dtype=xp.int64)   # packed face counts per seat
        self.table = xp.zeros(n, dtype=xp.int64)       # packed face counts of every cup
        self.cards = xp.full((p, n), -1, dtype=xp.int64)  # Obsidian cards this round
        self.bid = xp.zeros(n, dtype=xp.int64)          # 0: no bid yet
        self.bidder = xp.full(n, -1, dtype=xp.int64)
        self.turn = xp.zeros(n, dtype=xp.int64)
        self.loser = xp.full(n, -1, dtype=xp.int64)
        self.offer_first = xp.zeros(n, dtype=xp.int64)
        self.offer_k = xp.zeros(n, dtype=xp.int64)
        self.swapper = xp.full(n, -1, dtype=xp.int64)
        self.winner = xp.full(n, -1, dtype=xp.int64)
        self.phase = xp.zeros(n, dtype=xp.int64)
        self.length = xp.zeros(n, dtype=xp.int64)
        self._seat = None
        every = xp.ones(n, dtype=bool)
        self.starter = source.below(every, xp.full(n, p))
        self._start_round(every)

    # ------------------------------------------------------------------ small helpers
    def _at(self, array, seat):
        """array[seat[g], g] for each game (a seat out of range, in a game it does not concern, is clipped):
        one take from the flat array (numpy's two-array fancy index is several times slower)."""
        xp = self.xp
        return xp.take(array.reshape(-1), xp.clip(seat, 0, array.shape[0] - 1) * self.n + self.rows)

    @staticmethod
    def _rowsum(array):
        """Each game's sum over seats (or favours) of a [seat, game] array."""
        total = array[0].astype(np.int64) if array.dtype == bool else array[0]
        for j in range(1, array.shape[0]):
            total = total + array[j]
        return total

    @staticmethod
    def _rowany(array):
        found = array[0]
        for j in range(1, array.shape[0]):
            found = found | array[j]
        return found

    @staticmethod
    def _first(array):
        """Each game's first seat whose cell is true (0 where there is none), as argmax(axis=0)."""
        first = array[0] * 0
        for j in range(array.shape[0] - 1, 0, -1):
            first = (first * ~array[j]) + j * array[j]
        return first * ~array[0]

    def _one_hot(self, seat):
        return self.seats[:, None] == seat[None, :]

    def _put(self, array, rows, values):
        """array with its games at `rows` replaced by values (a per-seat array row by row: numpy
        scatters along the last axis of a 2-d array slowly)."""
        if self.fixed or array.ndim == 1:
            return self.bk.set_at(array, (Ellipsis, rows), values)
        for j in range(array.shape[0]):
            array[j][rows] = values[j]
        return array

    def _next_uncursed(self, seat):
        """The next seat clockwise after `seat` not Cursed."""
        xp = self.xp
        if self.p == 2:  # while a 2-player game lasts nobody is Cursed
            return 1 - seat
        # one lookup in a table indexed by (which seats are Cursed, seat)
        code = self.cursed[0].astype(xp.int64)
        for j in range(1, self.p):
            code = code + (self.cursed[j] << j)
        return xp.take(xp.asarray(_next_free(self.p)), code * self.p + xp.clip(seat, 0, self.p - 1))

    def _face_count(self, packed, face: int):
        return (packed >> (FIELD * face)) & 255

    def _count(self, packed, stone, obsidian):
        """The value of a packed set of dice for the announced `stone` and an Obsidian value."""
        favour_value = 1 + self._rowsum(self.granted)
        total = self._face_count(packed, self.favour_face) * favour_value
        total = total + self._face_count(packed, self.obsidian_face) * obsidian
        if self.diamond >= 0:
            total = total + 2 * self._face_count(packed, self.diamond)
        for s in range(self.stones):
            total = total + self.xp.where(stone == s, self._face_count(packed, s), 0)
        return total

    def _obsidian_value(self):
        if self.p == 2:
            return self.xp.full(self.n, self.options["two_player_obsidian"])
        return self._rowsum(self.xp.where(self.cursed & (self.cards >= 0), self.cards, 0))

    def _affordable(self, seat):
        """bool[favours, n]: what Midas may sell to `seat` now."""
        xp = self.xp
        if self.pay_from_chest:
            budget = self._at(self.coins, seat) - self._at(self.chest_cursed, seat).astype(xp.int64)
        else:
            budget = self._at(self.purse, seat)
        can = ~self._at(self.cursed, seat) & (self._at(self.bought, seat) < 0)
        return can[None, :] & ~self.granted & (self.prices[:, None] <= budget[None, :])

    # ------------------------------------------------------------------ the contract
    def to_act(self):
        if self._seat is None:
            self._seat = self._to_act()
        return self._seat

    def _to_act(self):
        """Each phase's seat, picked by the phase with one take (cheaper than a chain of wheres)."""
        xp = self.xp
        if self.p > 2 and some(self.phase == OBSIDIAN_PHASE):
            chooser = self._first(self.cursed & (self.cards < 0))
        else:  # (2 players: no Obsidian cards)
            chooser = self.turn
        by_phase = xp.stack([chooser, self.turn, self.loser, (self.offer_first + self.offer_k) % self.p, self.swapper,
                             xp.full(self.n, -1, dtype=self.turn.dtype)])  # in the phases' order
        return xp.take(by_phase.reshape(-1), self.phase * self.n + self.rows)

    def done(self):
        return self.phase == OVER

    def legal(self):
        xp = self.xp
        ph, a = self.phase, xp.arange(self.actions)[:, None]
        seat = self.to_act()
        bidding = (ph == BIDDING)[None, :]
        cap = (self.cap_per_player * (self.p - self._rowsum(self.cursed)))[None, :]
        count = a - self.a_bid + 1
        legal = bidding & (a >= self.a_bid) & (a < self.a_accuse) & (count > self.bid[None, :]) & (count <= cap)
        legal |= bidding & (a == self.a_accuse) & (self.bid[None, :] > 0)
        holds = bidding & ((self.bribe_holder == self.turn) & (self.bribe_holder >= 0))[None, :]
        bribe = a - self.a_bribe
        legal |= holds & (bribe >= 0) & (bribe < self.stones) & (bribe != self.stone[None, :])
        if self.p > 2:
            legal |= (ph == OBSIDIAN_PHASE)[None, :] & (a < 2)
        penalty = (ph == PENALTY)[None, :]
        legal |= penalty & (a == self.a_draw)
        legal |= penalty & (a == self.a_lose_die) & (self._at(self.dice_count, seat) > 1)[None, :]
        offering = (ph == FAVOURS_PHASE)[None, :]
        affordable = self._affordable(seat)
        for f in range(len(FAVOURS)):
            legal |= offering & (a == self.a_buy + f) & affordable[f:f + 1]
        legal |= offering & (a == self.a_pass)
        swapping = (ph == SWAP)[None, :]
        others = ~self.cursed & ~self._one_hot(seat)
        swap_to = a - self.a_swap
        for w in range(self.p):
            legal |= swapping & (swap_to == w) & others[w:w + 1]
        return legal.T

    def step(self, actions):
        """Bids and bribes (most decisions) on the whole batch; every other decision on the
        sub-batch of the games taking one, so the rarer phases cost only what they concern."""
        xp = self.xp
        a = xp.asarray(actions)
        live = self.phase != OVER
        if self.fixed:
            self.length = self.length + live
            return self._step(a)
        seat = self.to_act()
        self._seat = None
        self.length = self.length + live
        quick = (self.phase == BIDDING) & (a != self.a_accuse)
        bids = quick & (a < self.a_accuse)
        self.bid = xp.where(bids, a - self.a_bid + 1, self.bid)
        self.bidder = xp.where(bids, seat, self.bidder)
        self.turn = xp.where(bids, self._next_uncursed(seat), self.turn)
        bribes = quick & (a >= self.a_bribe)
        self.stone = xp.where(bribes, a - self.a_bribe, self.stone)
        self.bribe_holder = xp.where(bribes, -1, self.bribe_holder)
        rows = xp.nonzero(live & ~quick)[0]
        if rows.shape[0]:
            sub = self._sub(rows)
            sub._step(a[rows])
            self._merge(rows, sub)

    def _sub(self, rows) -> "MidasBatch":
        """The games at `rows` as a batch of their own (drawing from their own streams). Its arrays
        are gathered when first read (__getattr__), so a sub-batch costs only what it touches."""
        sub = copy.copy(self)
        for name in STATE:
            del sub.__dict__[name]
        sub._parent, sub._parent_rows = self, rows
        sub.n, sub.rows, sub._seat = int(rows.shape[0]), self.xp.arange(rows.shape[0]), None
        sub.source = RowSource(self.source, rows)
        return sub

    def __getattr__(self, name):
        parent = self.__dict__.get("_parent")
        if parent is None or name not in STATE:
            raise AttributeError(name)
        value = self.xp.take(getattr(parent, name), self._parent_rows, axis=-1)
        setattr(self, name, value)
        return value

    def _merge(self, rows, sub: "MidasBatch") -> None:
        for name in STATE:
            if name in sub.__dict__:
                setattr(self, name, self._put(getattr(self, name), rows, sub.__dict__[name]))
        self._seat = None

    def _step(self, a):
        """Any decision, on whole arrays (the games of a sub-batch)."""
        xp = self.xp
        live = self.phase != OVER
        seat = self.to_act()
        self._seat = None
        here = self._one_hot(seat)

        # Obsidian cards
        played = live & (self.phase == OBSIDIAN_PHASE)
        self.cards = xp.where(played[None, :] & here, a[None, :] - self.a_obsidian, self.cards)
        all_in = ~self._rowany(self.cursed & (self.cards < 0))
        self.phase = xp.where(played & all_in, BIDDING, self.phase)

        # bids, bribes, accusations
        bidding = live & (self.phase == BIDDING) & ~played
        bids = bidding & (a < self.a_accuse) & (a >= self.a_bid)
        self.bid = xp.where(bids, a - self.a_bid + 1, self.bid)
        self.bidder = xp.where(bids, seat, self.bidder)
        self.turn = xp.where(bids, self._next_uncursed(seat), self.turn)
        bribes = bidding & (a >= self.a_bribe) & (a < self.a_lose_die)
        self.stone = xp.where(bribes, a - self.a_bribe, self.stone)
        self.bribe_holder = xp.where(bribes, -1, self.bribe_holder)
        accused = bidding & (a == self.a_accuse)
        if some(accused):
            total = self._count(self.table, self.stone, self._obsidian_value())
            self.loser = xp.where(accused, xp.where(total < self.bid, self.bidder, seat), self.loser)
            self.phase = xp.where(accused, PENALTY, self.phase)

        # penalties
        penalised = live & (self.phase == PENALTY) & ~accused
        lose = penalised & (a == self.a_lose_die)
        self.dice_count = self.dice_count - (lose[None, :] & here)
        draw = penalised & (a == self.a_draw)
        drew = xp.zeros(self.n, dtype=bool)
        if some(draw):
            drew = self._draw(draw, seat, here)
        # favours and swaps
        offered = live & (self.phase == FAVOURS_PHASE)
        buy = offered & (a >= self.a_buy) & (a < self.a_pass)
        passed = offered & (a == self.a_pass)
        swap = live & (self.phase == SWAP) & (a >= self.a_swap)
        start = swap
        if some(buy):
            start = start | self._buy(buy, seat, here, a - self.a_buy)
        if some(swap):
            self._swap(swap, seat, a - self.a_swap)
        # after the penalty: the end, the favours, or the next round
        settled = lose | draw
        if some(settled):
            self.starter = xp.where(settled, xp.where(self._at(self.cursed, seat), self._next_uncursed(seat), seat),
                                    self.starter)
            left = self.p - self._rowsum(self.cursed)
            over = settled & (left == 1)
            self.winner = xp.where(over, self._first(~self.cursed), self.winner)
            self.phase = xp.where(over, OVER, self.phase)
            offer = settled & drew & ~over
            self.offer_first = xp.where(offer, self.starter, self.offer_first)
            self.offer_k = xp.where(offer, 0, self.offer_k)
            start = start | (settled & ~drew & ~over)
        else:
            offer = xp.zeros(self.n, dtype=bool)
        self.offer_k = xp.where(passed, self.offer_k + 1, self.offer_k)
        start = start | self._next_offer(offer | passed)
        if some(start):
            self._start_round(start)

    def _draw(self, draw, seat, here):
        """The penalty draw: Immunite cancels it, Damocles doubles it. Returns where a coin was drawn."""
        xp = self.xp
        immune = draw & self._at(self.immune, seat)
        self.immune = self.immune & ~(immune[None, :] & here)
        drawing = draw & ~immune
        twice = drawing & self.damocles
        self.damocles = self.damocles & ~drawing
        for time in range(2):
            mask = drawing if time == 0 else drawing & twice & ~self._at(self.cursed, seat)
            if not some(mask):
                break
            holds_curse = self._at(self.chest_cursed, seat)
            weights = xp.stack([holds_curse.astype(xp.int64),
                                self._at(self.coins, seat) - holds_curse.astype(xp.int64)], axis=1)
            coin = self.source.pick(mask, weights)  # 0 cursed, 1 safe: the engine's chance_outcomes order
            cursed_now = mask & (coin == 0)
            mine = mask[None, :] & here
            self.coins = self.coins - mine
            self.chest_cursed = self.chest_cursed & ~(cursed_now[None, :] & here)
            self.cursed = self.cursed | (cursed_now[None, :] & here)
            self.purse = self.purse + ((mask & (coin == 1))[None, :] & here)
            gone = cursed_now[None, :] & here
            self.table = self.table - self._rowsum(xp.where(gone, self.cups, 0))
            self.cups = xp.where(gone, 0, self.cups)
        return drawing

    def _buy(self, buy, seat, here, favour):
        xp = self.xp
        price = xp.take(self.prices, xp.clip(favour, 0, len(FAVOURS) - 1))
        pay = xp.where(buy[None, :] & here, price[None, :], 0)
        if self.pay_from_chest:
            self.coins = self.coins - pay
        else:
            self.purse = self.purse - pay
        self.bought = xp.where(buy[None, :] & here, favour[None, :], self.bought)
        self.granted = self.granted | (buy[None, :] & (xp.arange(len(FAVOURS))[:, None] == favour[None, :]))
        self.bribe_holder = xp.where(buy & (favour == POT), seat, self.bribe_holder)
        self.immune = self.immune | ((buy & (favour == IMMUNITE))[None, :] & here)
        self.damocles = self.damocles | (buy & (favour == DAMOCLES))
        swaps = buy & (favour == ECHANGE)
        self.swapper = xp.where(swaps, seat, self.swapper)
        self.phase = xp.where(swaps, SWAP, self.phase)
        return buy & ~swaps

    def _swap(self, swap, seat, other):
        xp = self.xp
        mine, theirs = self._one_hot(seat) & swap[None, :], self._one_hot(other) & swap[None, :]
        coins_mine, coins_theirs = self._at(self.coins, seat), self._at(self.coins, other)
        curse_mine, curse_theirs = self._at(self.chest_cursed, seat), self._at(self.chest_cursed, other)
        self.coins = xp.where(mine, coins_theirs[None, :], xp.where(theirs, coins_mine[None, :], self.coins))
        self.chest_cursed = xp.where(mine, curse_theirs[None, :],
                                     xp.where(theirs, curse_mine[None, :], self.chest_cursed))
        self.swapper = xp.where(swap, -1, self.swapper)

    def _next_offer(self, mask):
        """Move each offer of `mask` to the next seat Midas can sell to; returns where none is left
        (the next round starts there)."""
        xp = self.xp
        if not some(mask):
            return mask
        k = self.offer_k
        found = xp.zeros(self.n, dtype=bool)
        for _ in range(self.p):
            seat = (self.offer_first + k) % self.p
            can = self._rowany(self._affordable(seat)) & (k < self.p)
            found = found | can
            k = xp.where(mask & ~found & (k < self.p), k + 1, k)
        self.offer_k = xp.where(mask, k, self.offer_k)
        self.phase = xp.where(mask & found, FAVOURS_PHASE, self.phase)
        return mask & ~found

    def _start_round(self, mask):
        xp, p = self.xp, self.p
        self.stone = xp.where(mask, self.source.below(mask, xp.full(self.n, self.stones)), self.stone)
        self.bid = xp.where(mask, 0, self.bid)
        self.bidder = xp.where(mask, -1, self.bidder)
        self.loser = xp.where(mask, -1, self.loser)
        self.swapper = xp.where(mask, -1, self.swapper)
        self.cards = xp.where(mask[None, :], -1, self.cards)
        # only the games starting a round roll (a fraction of them); the dice are drawn game by game,
        # seat by seat, die by die, from [seat, die, game] cells seen as [game, seat * die]
        rows = self.rows if self.fixed else xp.nonzero(mask)[0]
        starting = mask[rows]
        rolling = starting[None, None, :] & ~xp.take(self.cursed, rows, axis=1)[:, None, :] & (
            xp.arange(DICE_PER_PLAYER)[None, :, None] < xp.take(self.dice_count, rows, axis=1)[:, None, :])
        faces = self.source.dice_masked(rolling.reshape(p * DICE_PER_PLAYER, -1).T, self.faces, rows=rows)
        faces = faces.T.reshape(p, DICE_PER_PLAYER, -1)
        bits = xp.where(rolling, xp.left_shift(1, FIELD * faces), 0)
        packed = bits[:, 0]
        for die in range(1, DICE_PER_PLAYER):
            packed = packed + bits[:, die]
        self.cups = self._put(self.cups, rows, xp.where(starting[None, :], packed, xp.take(self.cups, rows, axis=1)))
        self.table = self._put(self.table, rows, xp.where(starting, self._rowsum(packed), self.table[rows]))
        self.turn = xp.where(mask, self.starter, self.turn)
        if p > 2:  # with 2 players Obsidian has a fixed value: no cards
            first = xp.where(self._rowany(self.cursed), OBSIDIAN_PHASE, BIDDING)
        else:
            first = BIDDING
        self.phase = xp.where(mask, first, self.phase)

    def take(self, index):
        """Keep only the games at `index` (the driver drops finished games so steps stay short)."""
        for name in STATE:
            setattr(self, name, self.xp.take(getattr(self, name), index, axis=-1))
        self.n = int(index.shape[0])
        self.rows, self._seat = self.xp.arange(self.n), None
        self.source = self.source.take(index)
        return self

    # ------------------------------------------------------------------ results
    def result(self) -> BatchResult:
        xp, bk = self.xp, self.bk
        alive = np.ascontiguousarray(bk.asnumpy(~self.cursed).T.astype(np.int64))
        winners = np.ascontiguousarray(bk.asnumpy(self._one_hot(self.winner) & (self.winner >= 0)[None, :]).T)
        return BatchResult(totals=alive, breakdown={"uncursed": alive.copy()}, winners=winners,
                           length=bk.asnumpy(self.length))

    # ------------------------------------------------------------------ policies
    def policy(self, name: str, source):
        if name == "random":
            return self._random(source)
        if name == "probabilistic":
            from .midas_bot import probabilistic
            return probabilistic(self, source)
        raise ValueError(f"midas has no batch policy {name!r}; it has {', '.join(self.policies)}")

    def _random(self, source):
        """Uniform over the legal actions, counted per phase rather than read from legal(); the
        games not bidding choose on a sub-batch of their own."""
        xp = self.xp
        if self.fixed:
            return self._random_any(source, self.phase != OVER)
        bidding = self.phase == BIDDING
        act = self._random_bid(source, bidding)
        rows = xp.nonzero(~bidding & (self.phase != OVER))[0]
        if rows.shape[0]:
            sub = self._sub(rows)
            act = self.bk.set_at(act, rows, sub._random_any(RowSource(source, rows), sub.phase != OVER))
        return act

    def _random_bid(self, source, mask):
        """_random_any for games that bid (most decisions), with only the bidding phase's work."""
        xp = self.xp
        cap = self.cap_per_player * (self.p - self._rowsum(self.cursed)) if self.p > 2 else self.max_bid
        bids = cap - self.bid
        accuse = self.bid > 0
        holds = self.bribe_holder == self.turn  # (a bidding game's turn is a seat: the holder is one)
        r = source.below(mask, bids + accuse + holds * (self.stones - 1))
        # the bids, then accuse, then the bribes (stones other than the announced one)
        other = r - bids - accuse
        return xp.where(r < bids, self.a_bid + self.bid + r,
                        self.a_bribe + other + (other >= self.stone))

    def _random_any(self, source, mask):
        xp = self.xp
        seat, ph = self.to_act(), self.xp.where(mask, self.phase, OVER)
        cap = self.cap_per_player * (self.p - self._rowsum(self.cursed))
        bids = cap - self.bid
        bribes = xp.where((self.bribe_holder == self.turn) & (self.bribe_holder >= 0), self.stones - 1, 0)
        accuse = (self.bid > 0).astype(xp.int64)
        offering, swapping = some(ph == FAVOURS_PHASE), some(ph == SWAP)
        k = xp.where(ph == BIDDING, bids + accuse + bribes, 2)
        k = xp.where(ph == PENALTY, 1 + (self._at(self.dice_count, seat) > 1), k)
        if offering:
            affordable = self._affordable(seat)
            n_aff = self._rowsum(affordable)
            k = xp.where(ph == FAVOURS_PHASE, n_aff + 1, k)
        if swapping:
            others = ~self.cursed & ~self._one_hot(seat)
            k = xp.where(ph == SWAP, self._rowsum(others), k)
        r = source.below(mask, k)
        # bidding: the bids, then accuse, then the bribes (stones other than the announced one)
        bribe = r - bids - accuse
        bribe = bribe + (bribe >= self.stone)
        act = xp.where(r < bids, self.a_bid + self.bid + r,
                       xp.where(r < bids + accuse, self.a_accuse, self.a_bribe + bribe))
        act = xp.where(ph == OBSIDIAN_PHASE, self.a_obsidian + r, act)
        act = xp.where(ph == PENALTY, xp.where((r == 0) & (k == 2), self.a_lose_die, self.a_draw), act)
        if offering:
            act = xp.where(ph == FAVOURS_PHASE, xp.where(r < n_aff, self.a_buy + _nth_true(xp, affordable, r),
                                                         self.a_pass), act)
        if swapping:
            act = xp.where(ph == SWAP, self.a_swap + _nth_true(xp, others, r), act)
        return act


@lru_cache(maxsize=None)
def _next_free(players: int) -> np.ndarray:
    """[cursed seats as bits * players + seat] -> the next seat clockwise after seat not Cursed (seat
    itself when every other one is)."""
    table = np.zeros((1 << players) * players, dtype=np.int64)
    for code in range(1 << players):
        for seat in range(players):
            free = [(seat + step) % players for step in range(1, players) if not code >> ((seat + step) % players) & 1]
            table[code * players + seat] = free[0] if free else seat
    return table


def _nth_true(xp, mask, r):
    """The row of the r-th true cell of each column (game) of mask (0 where there is none)."""
    ranks = xp.cumsum(mask, axis=0) - 1
    return xp.argmax(mask & (ranks == r[None, :]), axis=0)


BATCH_GAME = MidasBatch
