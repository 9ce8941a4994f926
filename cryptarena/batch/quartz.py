"""Quartz: The Dice Game played by many games at once, as arrays (the batch contract: docs/batch.md).

The same game as `cryptarena/games/quartz/` (tests/batch/test_quartz.py drives both with the same
chance and compares every decision point): a round adds unstable crystals to the bag, each seat
from the round's first player takes one turn (mine a crystal, roll five dice, reroll while it can
pay, then use the faces), and the game ends after six rounds or when the bag runs empty.

Every table is a row: the bag, carts and chests are counts per colour (white, pink, green, blue,
red, yellow, black), the dice are face numbers (pickaxe, jackhammer, chest, cart, steal, helmet),
and the phase is a number. The order of a round is its first seat and how many seats have played,
which is all the scalar `order` list ever holds. Every chance event goes through the source: the
first player of round 1 (a pick among the seats), each crystal drawn (a pick weighted by the bag's
counts per colour) and each die (a pick weighted by how many sides show each face; `dice` when
every face is on one side), in the scalar engine's order, so a scripted run replays exactly.

Every designer option is covered: crystal counts, `die_faces`, `big_sets`, `unstable_in_chest`
and `bag_empty_end`. Options are the same for the whole batch, so they choose code paths in
Python, never per game.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np

from .. import games as registry

GAME_ID = "quartz"
COLOURS = ("white", "pink", "green", "blue", "red", "yellow")
ALL = (*COLOURS, "black")
BLACK = 6
FACES = ("pickaxe", "jackhammer", "chest", "cart", "steal", "helmet")
ACTION_FACES = FACES[:5]
HELMET = 5
PICKAXE, JACKHAMMER = 0, 1
DICE = 5
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
    t = {"kind": np.zeros(size, np.int32), "dice": np.zeros((size, DICE), bool),
         "face": np.zeros(size, np.int32), "colour": np.zeros(size, np.int32), "seat": np.zeros(size, np.int32)}
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
                     for count in range(top + 1)], np.int32)


class QuartzBatch:
    """n Quartz tables at once (the batch contract). Seats act one at a time; nothing is simultaneous."""

    id = GAME_ID
    policies = ("random", "greedy")

    def __init__(self, backend, players: int, n: int, options: dict | None, source):
        game = registry.load(GAME_ID)
        self.options = game.check_table(players, options)
        actions = action_list(players, self.options["unstable_in_chest"])
        encoded = game.action_encoding(players, self.options)
        if [encoded.action(i) for i in range(encoded.size)] != actions:
            raise ValueError("the batch Quartz's action numbering no longer matches the game's encoding")
        self.backend, self.xp = backend, backend.xp
        xp = self.xp
        self.players, self.n, self.source = players, n, source
        self.actions = len(actions)
        self._t = {name: xp.asarray(table) for name, table in _tables(actions).items()}
        opts = self.options
        die = DIE_PRESETS[opts["die_faces"]]
        self._die_uniform = die == FACES  # one side per face: a roll is a plain die
        self._face_weights = xp.asarray(np.broadcast_to(np.array([die.count(f) for f in FACES], np.int32),
                                                        (n, len(FACES))))
        self._protectable = len(ALL) if opts["unstable_in_chest"] else len(COLOURS)
        counts = [opts[f"crystals_{c}"] for c in COLOURS]
        top = sum(counts) + opts["crystals_black"]
        self._sets = xp.asarray(set_table(opts["big_sets"], top))
        self._values = xp.asarray(np.array(VALUES, np.int32))
        self._minimum = xp.asarray(np.array(MINIMUM, np.int32))
        self._seats = xp.arange(players, dtype=xp.int32)
        self._colours = xp.arange(len(ALL), dtype=xp.int32)
        self._rows = xp.arange(n)
        zeros = xp.zeros(n, xp.int32)
        self.bag = xp.asarray(np.broadcast_to(np.array([*counts, 0], np.int32), (n, len(ALL))))
        self.supply = zeros + opts["crystals_black"]
        self.carts = xp.zeros((n, players, len(ALL)), xp.int32)
        self.chests = xp.zeros((n, players, len(ALL)), xp.int32)
        self.markers = xp.zeros((n, players), xp.int32)
        self.round = zeros
        self.pos = zeros  # how many seats of this round's order have ended their turn
        self.phase = zeros
        self.dice = xp.zeros((n, DICE), xp.int32)
        self.free = zeros
        self.faces = xp.zeros((n, len(ACTION_FACES)), xp.int32)
        self.helmets = zeros
        self.used = xp.zeros((n, len(ACTION_FACES)), bool)
        self.left = zeros
        self.drawn = xp.zeros((n, len(ALL)), xp.int32)
        self.length = zeros
        every = xp.ones(n, bool)
        self.starter = source.pick(every, xp.ones((n, players), xp.int32)).astype(xp.int32)
        self._start_round(every)

    # ------------------------------------------------------------------ helpers
    def _seat(self):
        return (self.starter + self.pos) % self.players

    def _seat_onehot(self, seat):
        return self._seats[None, :] == seat[:, None]

    def _colour_onehot(self, colour, mask):
        return ((self._colours[None, :] == colour[:, None]) & mask[:, None]).astype(self.xp.int32)

    def _mine(self, seat):
        """The acting seat's cart: one row of colour counts per table."""
        return self.xp.take_along_axis(self.carts, seat[:, None, None], axis=1)[:, 0]

    def _draw(self, mask):
        """One crystal from the bag where `mask` holds and the bag is not empty: (one-hot colour
        per table, whether one was drawn). The bag is updated."""
        mask = mask & (self.bag.sum(axis=1) > 0)
        colour = self.source.pick(mask, self.bag)
        onehot = self._colour_onehot(colour, mask)
        self.bag = self.bag - onehot
        return onehot, mask

    def _roll(self, mask, count: int):
        """`count` dice, in order, where `mask` holds: face numbers [n, count]."""
        xp = self.xp
        if self._die_uniform:
            return self.source.dice(mask, count, len(FACES)).astype(xp.int32)
        return xp.stack([self.source.pick(mask, self._face_weights).astype(xp.int32) for _ in range(count)], axis=1)

    def totals_and_breakdown(self):
        """Each seat's score now, as `state.scores()` has it: totals [n, p] and the items."""
        xp = self.xp
        owned = self.carts + self.chests
        coloured = owned[:, :, :len(COLOURS)]
        crystals = (coloured * self._values).sum(axis=2)
        sets = self._sets[coloured].sum(axis=2)
        unstable = -UNSTABLE_PENALTY * owned[:, :, BLACK]
        chest = self.chests.sum(axis=2)
        fewest = xp.where(chest == chest.min(axis=1, keepdims=True), -FEWEST_IN_CHEST_PENALTY, 0)
        items = {"crystals": crystals, "sets": sets, "unstable": unstable, "fewest_in_chest": fewest}
        return crystals + sets + unstable + fewest, items

    # ------------------------------------------------------------------ rounds and turns
    def _start_round(self, mask):
        xp = self.xp
        self.round = self.round + mask
        later = mask & (self.round > 1)
        if bool(later.any()):
            # the highest total starts; a tie goes to the first of them after the previous starter
            totals, _ = self.totals_and_breakdown()
            order = (self.starter[:, None] + 1 + self._seats[None, :]) % self.players
            ranked = xp.take_along_axis(totals, order, axis=1)
            first = xp.argmax(ranked == ranked.max(axis=1, keepdims=True), axis=1)
            leader = xp.take_along_axis(order, first[:, None], axis=1)[:, 0]
            self.starter = xp.where(later, leader, self.starter)
        wanted = xp.where(self.round == 1, UNSTABLE_ROUND_ONE, UNSTABLE_PER_ROUND)
        added = xp.where(mask, xp.minimum(self.supply, wanted), 0)
        self.supply = self.supply - added
        self.bag = self.bag + added[:, None] * (self._colours == BLACK)[None, :]
        self.pos = xp.where(mask, 0, self.pos)
        self._start_turn(mask)

    def _start_turn(self, mask):
        xp = self.xp
        seat_oh = self._seat_onehot(self._seat()) & mask[:, None]
        onehot, mined = self._draw(mask)
        self.carts = self.carts + seat_oh[:, :, None] * onehot[:, None, :]
        self.markers = self.markers + seat_oh * onehot[:, BLACK][:, None]
        self.free = xp.where(mask, FREE_REROLLS, self.free)
        self.dice = xp.where(mask[:, None], self._roll(mask, DICE), self.dice)
        self.phase = xp.where(mask, ROLL, self.phase)

    def _end_turn(self, mask):
        xp = self.xp
        self.pos = self.pos + mask
        bag_empty = self.bag.sum(axis=1) == 0
        round_end = self.options["bag_empty_end"] == "round"
        end_now = mask & bag_empty if not round_end else xp.zeros_like(mask)
        rest = mask & ~end_now
        next_turn = rest & (self.pos < self.players)
        over = rest & ~next_turn
        finish = end_now | over & ((self.round >= ROUNDS) | (bag_empty & round_end))
        self.phase = xp.where(finish, OVER, self.phase)
        if bool(next_turn.any()):
            self._start_turn(next_turn)
        new_round = over & ~finish
        if bool(new_round.any()):
            self._start_round(new_round)

    # ------------------------------------------------------------------ the contract
    def done(self):
        return self.phase == OVER

    def to_act(self):
        return self.xp.where(self.done(), -1, self._seat())

    def _can_start(self, mine, seat):
        """Whether each action face could do something now [n, 5] (the scalar `_can_start`)."""
        xp = self.xp
        bag = self.bag.sum(axis=1) > 0
        protect = (mine[:, :self._protectable] > 0).any(axis=1)
        others = (self.carts[:, :, :len(COLOURS)] > 0).any(axis=2) & ~self._seat_onehot(seat)
        return xp.stack([bag, bag, protect, mine[:, BLACK] > 0, others.any(axis=1)], axis=1)

    def legal(self):
        xp, n, p = self.xp, self.n, self.players
        seat = self._seat()
        phase = self.phase
        mine = self._mine(seat)
        markers = xp.take_along_axis(self.markers, seat[:, None], axis=1)[:, 0]
        roll, act = phase == ROLL, phase == ACTIONS
        reroll = roll & ((self.free > 0) | (markers > 0))
        stop = roll | (phase == PICK) | (phase == CHEST) | (phase == CART) | (phase == STEAL)
        open_face = act[:, None] & ~self.used
        wild = open_face & (self.helmets >= HELMETS_PER_WILD)[:, None]
        use = open_face & (self.faces >= self._minimum) & self._can_start(mine, seat)
        draw = (phase == PICK) & (self.bag.sum(axis=1) > 0)
        back = (phase == JACK)[:, None] & (self.drawn > 0)
        protect = (phase == CHEST)[:, None] & (mine[:, :self._protectable] > 0)
        not_me = ~self._seat_onehot(seat)
        dump = ((phase == CART) & (mine[:, BLACK] > 0))[:, None] & not_me
        steal = (((phase == STEAL)[:, None] & not_me)[:, :, None]
                 & (self.carts[:, :, :len(COLOURS)] > 0)).reshape(n, p * len(COLOURS))
        return xp.concatenate([xp.broadcast_to(reroll[:, None], (n, len(SUBSETS))), stop[:, None], wild, use,
                               act[:, None], draw[:, None], back, protect, dump, steal], axis=1)

    def step(self, actions):
        xp, t = self.xp, self._t
        live = ~self.done()
        actions = xp.where(live, xp.asarray(actions), 0)
        kind = t["kind"][actions]
        phase = self.phase
        seat = self._seat()
        seat_oh = self._seat_onehot(seat)
        self.length = self.length + live

        # roll phase: rerolls (free first, then a marker) and stop
        reroll = live & (kind == K_REROLL)
        if bool(reroll.any()):
            paid = reroll & (self.free == 0)
            self.free = self.free - (reroll & ~paid)
            self.markers = self.markers - seat_oh * paid[:, None]
            which = t["dice"][actions] & reroll[:, None]
            faces = xp.stack([self._roll(which[:, die], 1)[:, 0] for die in range(DICE)], axis=1)
            self.dice = xp.where(which, faces, self.dice)
        keep = live & (kind == K_STOP) & (phase == ROLL)
        if bool(keep.any()):
            counts = (self.dice[:, :, None] == xp.arange(len(FACES))[None, None, :]).sum(axis=1)
            self.faces = xp.where(keep[:, None], counts[:, :len(ACTION_FACES)], self.faces)
            self.helmets = xp.where(keep, counts[:, HELMET], self.helmets)
            self.used = self.used & ~keep[:, None]
            self.phase = xp.where(keep, ACTIONS, self.phase)

        # actions phase: wild, use, end_turn
        face = t["face"][actions]
        face_oh = (xp.arange(len(ACTION_FACES))[None, :] == face[:, None])
        wild = live & (kind == K_WILD)
        self.helmets = self.helmets - HELMETS_PER_WILD * wild
        self.faces = self.faces + (face_oh & wild[:, None])
        use = live & (kind == K_USE)
        self.used = self.used | (face_oh & use[:, None])
        count = xp.take_along_axis(self.faces, face[:, None], axis=1)[:, 0]
        hammer = use & (face == JACKHAMMER)
        self.left = xp.where(use, xp.where(face == PICKAXE, count, count - 1), self.left)
        self.phase = xp.where(use, PICK + face, self.phase)
        if bool(hammer.any()):
            drawn = xp.zeros_like(self.drawn)
            for k in range(DICE):
                onehot, _ = self._draw(hammer & (count > k))
                drawn = drawn + onehot
            self.drawn = xp.where(hammer[:, None], drawn, self.drawn)
            self.carts = self.carts + (seat_oh & hammer[:, None])[:, :, None] * drawn[:, None, :]
            self.left = xp.where(hammer, drawn.sum(axis=1) // 2, self.left)
            self.phase = xp.where(hammer & (self.left == 0), ACTIONS, self.phase)

        # the actions' own steps, then whether the action is spent
        sub = live & (phase >= PICK) & (phase <= STEAL)
        if bool(sub.any()):
            self._sub_step(sub, kind, actions, seat, seat_oh)

        end = live & (kind == K_END)
        if bool(end.any()):
            self._end_turn(end)

    def _sub_step(self, sub, kind, actions, seat, seat_oh):
        xp, t = self.xp, self._t
        stop = sub & (kind == K_STOP)
        draw = sub & (kind == K_DRAW)
        if bool(draw.any()):
            onehot, _ = self._draw(draw)
            self.carts = self.carts + (seat_oh & draw[:, None])[:, :, None] * onehot[:, None, :]
        colour = t["colour"][actions]
        back = sub & (kind == K_RETURN)
        back_oh = self._colour_onehot(colour, back)
        self.drawn = self.drawn - back_oh
        self.bag = self.bag + back_oh
        protect = sub & (kind == K_PROTECT)
        protect_oh = self._colour_onehot(colour, protect)
        moved = (seat_oh & (back | protect)[:, None])[:, :, None] * (back_oh + protect_oh)[:, None, :]
        self.carts = self.carts - moved
        self.chests = self.chests + moved * protect[:, None, None]
        other = t["seat"][actions]
        other_oh = self._seat_onehot(other)
        dump = sub & (kind == K_DUMP)
        black = ((self._colours == BLACK)[None, :] & dump[:, None]).astype(xp.int32)
        steal = sub & (kind == K_STEAL)
        taken = self._colour_onehot(colour, steal)
        # the acting seat gives (dump) or takes (steal); the named seat the other way round
        change = (taken - black)[:, None, :]
        self.carts = self.carts + seat_oh[:, :, None] * change - other_oh[:, :, None] * change
        self.left = xp.where(stop, 0, self.left - (sub & ~stop))
        # spent: no uses left, or nothing but `stop` is legal (the jackhammer must return all)
        mine = self._mine(seat)
        phase = self.phase
        others = ((self.carts[:, :, :len(COLOURS)] > 0).any(axis=2) & ~seat_oh).any(axis=1)
        stuck = (((phase == PICK) & (self.bag.sum(axis=1) == 0))
                 | ((phase == CHEST) & ~(mine[:, :self._protectable] > 0).any(axis=1))
                 | ((phase == CART) & (mine[:, BLACK] == 0))
                 | ((phase == STEAL) & ~others))
        spent = sub & ((self.left <= 0) | stuck)
        self.phase = xp.where(spent, ACTIONS, self.phase)
        self.left = xp.where(spent, 0, self.left)

    # ------------------------------------------------------------------ results
    def winners(self, totals):
        """The scalar `_end_game`: the best total, then most white owned, then most pink."""
        owned = self.carts + self.chests
        best = totals == totals.max(axis=1, keepdims=True)
        for colour in (0, 1):
            held = self.xp.where(best, owned[:, :, colour], -1)
            best = best & (held == held.max(axis=1, keepdims=True))
        return best & self.done()[:, None]

    def result(self):
        from .core import BatchResult
        arrays = self.backend.asnumpy
        totals, items = self.totals_and_breakdown()
        return BatchResult(totals=arrays(totals), breakdown={name: arrays(items[name]) for name in BREAKDOWN},
                           winners=arrays(self.winners(totals)), length=arrays(self.length))

    # ------------------------------------------------------------------ policies
    def policy(self, name: str, source):
        if name == "random":
            return self.random_policy(source)
        if name == "greedy":
            from .quartz_greedy import greedy_policy
            return greedy_policy(self, source)
        raise ValueError(f"unknown Quartz batch policy {name!r}; choose one of {', '.join(self.policies)}")

    def random_policy(self, source):
        """Uniform over the legal actions, as the scalar `random` agent."""
        return source.pick(~self.done(), self.legal().astype(self.xp.int32))


BATCH_GAME = QuartzBatch
