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


def scores(xp, carts, chests, values, sets_table):
    """`state.scores()` of these tables: totals [k, p] and the breakdown's items, in its order."""
    owned = carts + chests
    coloured = owned[:, :, :len(COLOURS)]
    chest = chests.sum(axis=2)
    items = {"crystals": (coloured * values).sum(axis=2), "sets": sets_table[coloured].sum(axis=2),
             "unstable": -UNSTABLE_PENALTY * owned[:, :, BLACK],
             "fewest_in_chest": xp.where(chest == chest.min(axis=1, keepdims=True), -FEWEST_IN_CHEST_PENALTY, 0)}
    return sum(items.values()), items


class QuartzBatch:
    """n Quartz tables at once (the batch contract). Seats act one at a time; nothing is simultaneous.

    Each step moves every table by its one decision, but each kind of decision is carried out only on
    the tables that took it (their row numbers, gathered and written back): a step costs what its
    decisions cost, not every rule times every table. With numpy the writes go into this object's
    own arrays in place; with jax they are `.at[...]` updates (eager: the row sets change size)."""

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
        self._jax = backend.name == "jax"
        xp = self.xp
        self.players, self.n, self.source = players, n, source
        self.actions = len(actions)
        self.stop_action = actions.index({"type": "stop"})
        self._t = {name: xp.asarray(table) for name, table in _tables(actions).items()}
        opts = self.options
        die = DIE_PRESETS[opts["die_faces"]]
        self._die_uniform = die == FACES  # one side per face: a roll is a plain die
        self._face_weights = xp.asarray(np.tile(np.array([die.count(f) for f in FACES], np.int32), (n, 1)))
        self._protectable = len(ALL) if opts["unstable_in_chest"] else len(COLOURS)
        self._round_end = opts["bag_empty_end"] == "round"
        counts = [opts[f"crystals_{c}"] for c in COLOURS]
        self._sets = xp.asarray(set_table(opts["big_sets"], sum(counts) + opts["crystals_black"]))
        self._values = xp.asarray(np.array(VALUES, np.int32))
        self._minimum = xp.asarray(np.array(MINIMUM, np.int32))
        self._seats = xp.arange(players, dtype=xp.int32)
        self._faces = xp.arange(len(FACES), dtype=xp.int32)

        def zeros(*shape, dtype=xp.int32):
            return xp.zeros((n, *shape), dtype)
        self.bag = xp.asarray(np.tile(np.array([*counts, 0], np.int32), (n, 1)))
        self.supply = zeros() + opts["crystals_black"]
        self.carts, self.chests = zeros(players, len(ALL)), zeros(players, len(ALL))
        self.markers = zeros(players)
        self.round, self.pos, self.phase = zeros(), zeros(), zeros()  # pos: seats of the round done
        self.dice, self.free = zeros(DICE), zeros()
        self.faces, self.helmets = zeros(len(ACTION_FACES)), zeros()
        self.used = zeros(len(ACTION_FACES), dtype=bool)
        self.left, self.drawn, self.length = zeros(), zeros(len(ALL)), zeros()
        self.starter = source.pick(xp.ones(n, bool), xp.ones((n, players), xp.int32)).astype(xp.int32)
        self._start_round(xp.arange(n))

    # ------------------------------------------------------------------ row-wise writes
    def _set(self, name: str, index, value):
        if self._jax:
            setattr(self, name, getattr(self, name).at[index].set(value))
        else:
            getattr(self, name)[index] = value

    def _add(self, name: str, index, value):
        # every index names each table at most once, so numpy's buffered += adds everything
        if self._jax:
            setattr(self, name, getattr(self, name).at[index].add(value))
        else:
            getattr(self, name)[index] += value

    def _mask(self, rows):
        mask = self.xp.zeros(self.n, bool)
        return mask.at[rows].set(True) if self._jax else _filled(mask, rows)

    def _rows(self, mask):
        return self.xp.nonzero(mask)[0]

    # ------------------------------------------------------------------ chance
    def _seat_of(self, rows):
        return (self.starter[rows] + self.pos[rows]) % self.players

    def _draw(self, rows):
        """One crystal from the bag for each of these tables whose bag is not empty: (the tables
        that drew, the colours). The bags are updated."""
        rows = rows[self.bag[rows].sum(axis=1) > 0]
        if not rows.shape[0]:
            return rows, rows
        colour = self.source.pick(self._mask(rows), self.bag)[rows]
        self._add("bag", (rows, colour), -1)
        return rows, colour

    def _roll(self, valid):
        """A face for each true cell of valid [n, DICE], table by table, dice in order."""
        xp = self.xp
        if self._die_uniform:
            many = getattr(self.source, "dice_masked", None)
            if many is not None:
                return many(valid, len(FACES)).astype(xp.int32)
            if bool(xp.all(valid == valid[:, :1])):
                return self.source.dice(valid[:, 0], DICE, len(FACES)).astype(xp.int32)
        # die by die: the same draws, in the same order for each table
        return xp.stack([(self.source.dice(valid[:, d], 1, len(FACES))[:, 0] if self._die_uniform
                          else self.source.pick(valid[:, d], self._face_weights)).astype(xp.int32)
                         for d in range(DICE)], axis=1)

    # ------------------------------------------------------------------ rounds and turns
    def _start_round(self, rows):
        xp = self.xp
        self._add("round", rows, 1)
        number = self.round[rows]
        later = rows[number > 1]
        if later.shape[0]:
            # the highest total starts; a tie goes to the first of them after the previous starter
            totals, _ = scores(xp, self.carts[later], self.chests[later], self._values, self._sets)
            order = (self.starter[later][:, None] + 1 + self._seats[None, :]) % self.players
            ranked = xp.take_along_axis(totals, order, axis=1)
            first = xp.argmax(ranked == ranked.max(axis=1, keepdims=True), axis=1)
            self._set("starter", later, xp.take_along_axis(order, first[:, None], axis=1)[:, 0])
        added = xp.minimum(self.supply[rows], xp.where(number == 1, UNSTABLE_ROUND_ONE, UNSTABLE_PER_ROUND))
        self._add("supply", rows, -added)
        self._add("bag", (rows, BLACK), added)
        self._set("pos", rows, 0)
        self._start_turn(rows)

    def _start_turn(self, rows):
        xp = self.xp
        mined, colour = self._draw(rows)
        if mined.shape[0]:
            seat = self._seat_of(mined)
            self._add("carts", (mined, seat, colour), 1)
            self._add("markers", (mined, seat), (colour == BLACK).astype(xp.int32))
        self._set("free", rows, FREE_REROLLS)
        valid = self._mask(rows)[:, None] & xp.ones((1, DICE), bool)
        self._set("dice", rows, self._roll(valid)[rows])
        self._set("phase", rows, ROLL)

    def _end_turn(self, rows):
        xp = self.xp
        self._add("pos", rows, 1)
        empty = self.bag[rows].sum(axis=1) == 0
        more = self.pos[rows] < self.players
        last = self.round[rows] >= ROUNDS
        end = ~more & (last | empty) if self._round_end else empty | (~more & last)
        self._set("phase", rows[end], OVER)
        turn = rows[~end & more]
        if turn.shape[0]:
            self._start_turn(turn)
        fresh = rows[~end & ~more]
        if fresh.shape[0]:
            self._start_round(fresh)

    # ------------------------------------------------------------------ the contract
    def done(self):
        return self.phase == OVER

    def to_act(self):
        return self.xp.where(self.done(), -1, self._seat_of(slice(None)))

    def legal(self):
        return self._legal_of(slice(None))

    def _legal_of(self, rows):
        """The legal rows of these tables (an index array, or slice(None) for all)."""
        xp, p = self.xp, self.players
        seat = self._seat_of(rows)
        phase, carts = self.phase[rows], self.carts[rows]
        n = phase.shape[0]
        mine = xp.take_along_axis(carts, seat[:, None, None], axis=1)[:, 0]
        markers = xp.take_along_axis(self.markers[rows], seat[:, None], axis=1)[:, 0]
        bag = self.bag[rows].sum(axis=1) > 0
        not_me = self._seats[None, :] != seat[:, None]
        others = (carts[:, :, :len(COLOURS)] > 0) & not_me[:, :, None]
        protectable = mine[:, :self._protectable] > 0
        roll, act = phase == ROLL, phase == ACTIONS
        reroll = roll & ((self.free[rows] > 0) | (markers > 0))
        stop = roll | (phase == PICK) | (phase == CHEST) | (phase == CART) | (phase == STEAL)
        open_face = act[:, None] & ~self.used[rows]
        wild = open_face & (self.helmets[rows] >= HELMETS_PER_WILD)[:, None]
        can_start = xp.stack([bag, bag, protectable.any(axis=1), mine[:, BLACK] > 0, others.any(axis=(1, 2))], axis=1)
        use = open_face & (self.faces[rows] >= self._minimum) & can_start
        draw = (phase == PICK) & bag
        back = (phase == JACK)[:, None] & (self.drawn[rows] > 0)
        protect = (phase == CHEST)[:, None] & protectable
        dump = ((phase == CART) & (mine[:, BLACK] > 0))[:, None] & not_me
        steal = ((phase == STEAL)[:, None, None] & others).reshape(n, p * len(COLOURS))
        return xp.concatenate([xp.broadcast_to(reroll[:, None], (n, len(SUBSETS))), stop[:, None], wild, use,
                               act[:, None], draw[:, None], back, protect, dump, steal], axis=1)

    def step(self, actions):
        xp, t = self.xp, self._t
        actions = xp.asarray(actions)
        phase = self.phase
        live = phase != OVER
        kind = xp.where(live, t["kind"][actions], -1)
        # every set of tables is found before anything moves (numpy writes in place)
        reroll = self._rows(kind == K_REROLL)
        keep = self._rows((kind == K_STOP) & (phase == ROLL))
        wild = self._rows(kind == K_WILD)
        use = self._rows(kind == K_USE)
        sub = self._rows(live & (phase >= PICK) & (phase <= STEAL))
        end = self._rows(kind == K_END)
        self.length = self.length + live
        if reroll.shape[0]:
            self._reroll(reroll, actions[reroll])
        if keep.shape[0]:
            counts = (self.dice[keep][:, :, None] == self._faces[None, None, :]).sum(axis=1)
            self._set("faces", keep, counts[:, :len(ACTION_FACES)])
            self._set("helmets", keep, counts[:, HELMET])
            self._set("used", keep, False)
            self._set("phase", keep, ACTIONS)
        if wild.shape[0]:
            self._add("helmets", wild, -HELMETS_PER_WILD)
            self._add("faces", (wild, t["face"][actions[wild]]), 1)
        if use.shape[0]:
            self._use(use, t["face"][actions[use]])
        if sub.shape[0]:
            self._sub_step(sub, kind[sub], actions[sub])
        if end.shape[0]:
            self._end_turn(end)

    def _reroll(self, rows, actions):
        xp = self.xp
        paid = self.free[rows] == 0  # the free rerolls go first, then a marker each
        self._add("free", rows, (paid - 1).astype(xp.int32))
        self._add("markers", (rows, self._seat_of(rows)), -paid.astype(xp.int32))
        which = self._t["dice"][actions]
        valid = xp.zeros((self.n, DICE), bool)
        valid = valid.at[rows].set(which) if self._jax else _filled(valid, rows, which)
        self._set("dice", rows, xp.where(which, self._roll(valid)[rows], self.dice[rows]))

    def _use(self, rows, face):
        xp = self.xp
        self._set("used", (rows, face), True)
        count = self.faces[rows, face]
        self._set("left", rows, xp.where(face == PICKAXE, count, count - 1))
        self._set("phase", rows, PICK + face)
        hammer = face == JACKHAMMER
        rows, count = rows[hammer], count[hammer]
        if not rows.shape[0]:
            return
        self._set("drawn", rows, 0)
        for k in range(int(count.max())):
            drew, colour = self._draw(rows[count > k])
            self._add("drawn", (drew, colour), 1)
        drawn = self.drawn[rows]
        self._add("carts", (rows, self._seat_of(rows)), drawn)
        left = drawn.sum(axis=1) // 2
        self._set("left", rows, left)
        self._set("phase", rows, xp.where(left > 0, JACK, ACTIONS))

    def _sub_step(self, rows, kind, actions):
        xp, t = self.xp, self._t
        seat = self._seat_of(rows)
        colour, other = t["colour"][actions], t["seat"][actions]
        stop = kind == K_STOP
        draw = rows[kind == K_DRAW]
        if draw.shape[0]:
            drew, drawn = self._draw(draw)
            self._add("carts", (drew, self._seat_of(drew), drawn), 1)
        for move, taker, giver, what in ((K_RETURN, None, seat, colour), (K_PROTECT, None, seat, colour),
                                         (K_DUMP, other, seat, BLACK), (K_STEAL, seat, other, colour)):
            chosen = kind == move
            if not bool(chosen.any()):
                continue
            at, what = rows[chosen], what if isinstance(what, int) else what[chosen]
            self._add("carts", (at, giver[chosen], what), -1)
            if move == K_RETURN:
                self._add("drawn", (at, what), -1)
                self._add("bag", (at, what), 1)
            elif move == K_PROTECT:
                self._add("chests", (at, seat[chosen], what), 1)
            else:
                self._add("carts", (at, taker[chosen], what), 1)
        left = xp.where(stop, 0, self.left[rows] - 1)
        # spent: no uses left, or nothing but `stop` is legal (the jackhammer must return all)
        phase, carts = self.phase[rows], self.carts[rows]
        mine = xp.take_along_axis(carts, seat[:, None, None], axis=1)[:, 0]
        others = ((carts[:, :, :len(COLOURS)] > 0).any(axis=2) & (self._seats[None, :] != seat[:, None])).any(axis=1)
        stuck = (((phase == PICK) & (self.bag[rows].sum(axis=1) == 0))
                 | ((phase == CHEST) & ~(mine[:, :self._protectable] > 0).any(axis=1))
                 | ((phase == CART) & (mine[:, BLACK] == 0))
                 | ((phase == STEAL) & ~others))
        spent = (left <= 0) | stuck
        self._set("left", rows, xp.where(spent, 0, left))
        self._set("phase", rows, xp.where(spent, ACTIONS, phase))

    # ------------------------------------------------------------------ results
    def totals_and_breakdown(self):
        return scores(self.xp, self.carts, self.chests, self._values, self._sets)

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
        """Uniform over the legal actions, as the scalar `random` agent: one uniform number below the
        number of legal actions. In the roll phase (most decisions) the 31 rerolls and `stop` are the
        first 32 actions, so the number is the action; elsewhere it picks among the legal row."""
        xp = self.xp
        live = self.phase != OVER
        seat = self._seat_of(slice(None))
        markers = xp.take_along_axis(self.markers, seat[:, None], axis=1)[:, 0]
        rerolls = (self.phase == ROLL) & ((self.free > 0) | (markers > 0))
        other = self._rows(live & (self.phase != ROLL))
        count = xp.where(rerolls, len(SUBSETS) + 1, 1)
        if other.shape[0]:
            legal = self._legal_of(other).astype(xp.int32)
            count = count.at[other].set(legal.sum(axis=1)) if self._jax else _filled(count, other, legal.sum(axis=1))
        number = source.below(live, count)
        choice = xp.where(rerolls, number, self.stop_action)
        if other.shape[0]:
            at = (xp.cumsum(legal, axis=1) <= number[other][:, None]).sum(axis=1)
            choice = choice.at[other].set(at) if self._jax else _filled(choice, other, at)
        return choice


def _filled(array, rows, value=True):
    """numpy: `array` with these rows set, in place (the array is the caller's own fresh one)."""
    array[rows] = value
    return array


BATCH_GAME = QuartzBatch
