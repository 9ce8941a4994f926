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
counts per colour) and each die (a uniform draw among its six sides: the side's number, whose face
the `die_faces` preset gives), in the scalar engine's order, so a scripted run replays exactly.

Every designer option is covered: crystal counts, `die_faces`, `big_sets`, `unstable_in_chest`
and `bag_empty_end`. Options are the same for the whole batch, so they choose code paths in
Python, never per game.
"""

from __future__ import annotations

import numpy as np

from .. import games as registry
from .quartz_tables import (ACTION_FACES, ACTIONS, ALL, BLACK, BREAKDOWN, CART, CHEST, COLOURS, DICE, DICE_SIDES,
                            DIE_PRESETS, FACES, FREE_REROLLS, GAME_ID, HELMET, HELMETS_PER_WILD, JACK, JACKHAMMER,
                            K_DRAW, K_DUMP, K_END, K_PROTECT, K_RETURN, K_REROLL, K_STEAL, K_STOP, K_USE, K_WILD,
                            MINIMUM, OVER, PICK, PICKAXE, ROLL, ROUNDS, STEAL, SUBSETS, UNSTABLE_PER_ROUND,
                            UNSTABLE_ROUND_ONE, VALUES, _filled, _nth_true, _phase_columns, _some, _tables,
                            _takes_rows, _total, action_list, scores, set_table)

__all__ = ["ALL", "DIE_PRESETS", "FACES", "QuartzBatch", "action_list"]


class QuartzBatch:
    """n Quartz tables at once (the batch contract). Seats act one at a time; nothing is simultaneous.

    Each step moves every table by its one decision, but each kind of decision is carried out only on
    the tables that took it (their row numbers, gathered and written back): a step costs what its
    decisions cost, not every rule times every table. The chance of a step is drawn in as few calls
    as the rules allow (the source's cost is per call): one crystal for every table that mines, draws
    with a pickaxe or starts a jackhammer, then the jackhammer's further crystals one at a time, then
    every die rolled or rerolled. With numpy the writes go into this object's own arrays in place;
    with jax they are `.at[...]` updates (eager: the row sets change size from step to step)."""

    id = GAME_ID
    policies = ("random", "greedy")
    compiled = "cryptarena.batch.quartz_compiled"

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
        self._pick_rows = _takes_rows(source.pick)
        self.actions = len(actions)
        self._t = {name: xp.asarray(table) for name, table in _tables(actions).items()}
        self._columns = {phase: xp.asarray(np.array(columns, np.int64))
                         for phase, columns in _phase_columns(actions, players).items()}
        opts = self.options
        die = DIE_PRESETS[opts["die_faces"]]
        self._side_faces = xp.asarray(np.array([FACES.index(face) for face in die], np.int64))
        self._protectable = len(ALL) if opts["unstable_in_chest"] else len(COLOURS)
        self._round_end = opts["bag_empty_end"] == "round"
        counts = [opts[f"crystals_{c}"] for c in COLOURS]
        self._sets = xp.asarray(set_table(opts["big_sets"], sum(counts) + opts["crystals_black"]))
        self._values = xp.asarray(np.array(VALUES, np.int64))
        self._minimum = xp.asarray(np.array(MINIMUM, np.int64))
        self._seats = xp.arange(players, dtype=xp.int64)
        self._faces = xp.arange(len(FACES), dtype=xp.int64)

        def zeros(*shape, dtype=xp.int64):
            return xp.zeros((n, *shape), dtype)
        self.bag = xp.asarray(np.tile(np.array([*counts, 0], np.int64), (n, 1)))
        self.supply = zeros() + opts["crystals_black"]
        self.carts, self.chests = zeros(players, len(ALL)), zeros(players, len(ALL))
        # kept beside the arrays they total, for the legal actions: crystals in the bag, coloured
        # crystals in each cart
        self.in_bag, self.coloured = zeros() + sum(counts), zeros(players)
        self.markers = zeros(players)
        self.round, self.pos, self.phase = zeros(), zeros(), zeros()  # pos: seats of the round done
        self.dice, self.free = zeros(DICE), zeros()
        self.faces, self.helmets = zeros(len(ACTION_FACES)), zeros()
        self.used = zeros(len(ACTION_FACES), dtype=bool)
        self.left, self.drawn, self.length = zeros(), zeros(len(ALL)), zeros()
        self.starter = source.pick(xp.ones(n, bool), xp.ones((n, players), xp.int64)).astype(xp.int64)
        everyone = xp.arange(n)
        rolls: list = []
        mine = self._begin(everyone[:0], everyone, rolls)
        self._chance(rolls, mine, everyone[:0], everyone[:0], everyone[:0])

    # ------------------------------------------------------------------ row-wise writes
    def _set(self, name: str, index, value):
        if self._jax:
            setattr(self, name, getattr(self, name).at[index].set(value))
        else:
            flat, value = self._flat(getattr(self, name), index, value)
            flat[0][flat[1]] = value

    def _add(self, name: str, index, value):
        # every index names each table at most once, so a buffered += adds everything
        if self._jax:
            setattr(self, name, getattr(self, name).at[index].add(value))
        else:
            flat, value = self._flat(getattr(self, name), index, value)
            flat[0][flat[1]] += value

    @staticmethod
    def _flat(array, index, value):
        """numpy: ((the array's flat view, flat positions), values) for array[index], index a row array
        or a tuple of one per leading axis: a write through one flat fancy index is several times
        faster than numpy's multi-axis one."""
        if not array.flags.c_contiguous:
            raise AssertionError("state arrays are written in place: they must be contiguous")
        index = index if isinstance(index, tuple) else (index,)
        shape = array.shape
        at = index[0]
        for axis, part in enumerate(index[1:], 1):
            at = at * shape[axis] + part
        rest = int(np.prod(shape[len(index):], dtype=np.int64))
        if rest > 1:
            value = np.broadcast_to(value, (at.shape[0], *shape[len(index):])).reshape(-1)
            at = (at[:, None] * rest + np.arange(rest)).reshape(-1)
        return (array.reshape(-1), at), value

    def _put(self, array, rows, value):
        """`array` with these rows set: in place for numpy (the caller's own fresh array)."""
        if self._jax:
            return array.at[rows].set(value)
        array[rows] = value
        return array

    def _rows(self, mask):
        return self.xp.nonzero(mask)[0]

    def _take(self, array, rows):
        """array[rows] for an index array (numpy's take is several times faster than fancy indexing
        on rows of a 2-d array); a slice as it is."""
        return array[rows] if isinstance(rows, slice) else self.xp.take(array, rows, axis=0)

    def _cell(self, array, rows, column):
        """array[rows, column]: one cell (or one row of the last axis) per table."""
        flat = array.reshape(array.shape[0] * array.shape[1], *array.shape[2:])
        return self.xp.take(flat, rows * array.shape[1] + column, axis=0)

    def _seat_of(self, rows):
        return (self._take(self.starter, rows) + self._take(self.pos, rows)) % self.players

    # ------------------------------------------------------------------ chance
    def _draw(self, groups):
        """One crystal for each table of these disjoint row sets whose bag is not empty, in one
        call: per group (the tables that drew, the colours). The bags are updated."""
        xp = self.xp
        rows = xp.concatenate(groups)
        drew = self._take(self.in_bag, rows) > 0
        took = rows[drew]
        if self._pick_rows:  # a source that can draw for some rows only: the cost is theirs alone
            colour = self.source.pick(xp.ones(took.shape[0], bool), self._take(self.bag, took), rows=took)
            colour = self._put(xp.zeros(self.n, xp.int64), took, colour)
        else:
            colour = self.source.pick(self._put(xp.zeros(self.n, bool), took, True), self.bag)
        self._add("bag", (took, self._take(colour, took)), -1)
        self._add("in_bag", took, -1)
        found, at = [], 0
        for group in groups:
            took = group[drew[at:at + group.shape[0]]]
            found.append((took, colour[took]))
            at += group.shape[0]
        return found

    def _roll(self, rows, valid):
        """A face for each true cell of valid [len(rows), DICE] (the dice of the tables at `rows`),
        table by table, dice in order: faces [len(rows), DICE]. A die is a uniform draw among its six
        sides, each side showing the face the `die_faces` preset prints on it."""
        xp = self.xp
        many = getattr(self.source, "dice_masked", None)  # the core's sources have it
        if many is not None:
            sides = many(valid, DICE_SIDES, rows=rows)
        else:  # die by die: the same draws, in the same order for each table
            full = self._put(xp.zeros((self.n, DICE), bool), rows, valid)
            sides = xp.stack([self.source.dice(full[:, d], 1, DICE_SIDES)[:, 0] for d in range(DICE)], axis=1)[rows]
        return xp.take(self._side_faces, sides)

    def _chance(self, rolls, mine, pick, hammer, hammer_count):
        """The step's chance, in the scalar engine's order within each table: the crystals (a turn's
        mining, a pickaxe's draw, a jackhammer's draws), then the dice (`rolls`: disjoint pairs of
        tables and which of their dice)."""
        xp = self.xp
        (mined, colour), (picked, picked_colour), (hit, hit_colour) = self._draw([mine, pick, hammer])
        if mined.shape[0]:
            seat = self._seat_of(mined)
            self._add("carts", (mined, seat, colour), 1)
            self._add("coloured", (mined, seat), (colour != BLACK).astype(xp.int64))
            self._add("markers", (mined, seat), (colour == BLACK).astype(xp.int64))
        if picked.shape[0]:
            seat = self._seat_of(picked)
            self._add("carts", (picked, seat, picked_colour), 1)
            self._add("coloured", (picked, seat), (picked_colour != BLACK).astype(xp.int64))
        if hammer.shape[0]:
            self._add("drawn", (hit, hit_colour), 1)
            for k in range(1, int(hammer_count.max())):
                (hit, hit_colour), = self._draw([hammer[hammer_count > k]])
                self._add("drawn", (hit, hit_colour), 1)
            drawn = self._take(self.drawn, hammer)
            seat = self._seat_of(hammer)
            self._add("carts", (hammer, seat), drawn)
            self._add("coloured", (hammer, seat), _total(drawn[:, :len(COLOURS)]))
            left = _total(drawn) // 2
            self._set("left", hammer, left)
            self._set("phase", hammer, xp.where(left > 0, JACK, ACTIONS))
        if rolls:
            rows = xp.concatenate([r for r, _ in rolls])
            valid = xp.concatenate([v for _, v in rolls])
            self._set("dice", rows, xp.where(valid, self._roll(rows, valid), self._take(self.dice, rows)))

    # ------------------------------------------------------------------ rounds and turns
    def _begin(self, turn, fresh, rolls):
        """Tables whose next seat starts a turn (`turn`) or that start a round (`fresh`): everything
        up to the turn's chance, which `_chance` draws; returns the tables that mine."""
        xp = self.xp
        if fresh.shape[0]:
            self._add("round", fresh, 1)
            number = self._take(self.round, fresh)
            later = fresh[number > 1]
            if later.shape[0]:
                # the highest total starts; a tie goes to the first of them after the previous starter
                totals, _ = scores(xp, self._take(self.carts, later), self._take(self.chests, later), self._values,
                                   self._sets)
                order = (self._take(self.starter, later)[:, None] + 1 + self._seats[None, :]) % self.players
                ranked = xp.take_along_axis(totals, order, axis=1)
                first = xp.argmax(ranked == ranked.max(axis=1, keepdims=True), axis=1)
                self._set("starter", later, xp.take_along_axis(order, first[:, None], axis=1)[:, 0])
            wanted = xp.where(number == 1, UNSTABLE_ROUND_ONE, UNSTABLE_PER_ROUND)
            added = xp.minimum(self._take(self.supply, fresh), wanted)
            self._add("supply", fresh, -added)
            self._add("bag", (fresh, BLACK), added)
            self._add("in_bag", fresh, added)
            self._set("pos", fresh, 0)
        rows = xp.concatenate([turn, fresh])
        self._set("free", rows, FREE_REROLLS)
        self._set("phase", rows, ROLL)
        rolls.append((rows, xp.ones((rows.shape[0], DICE), bool)))
        return rows

    def _end_turn(self, rows, rolls):
        xp = self.xp
        self._add("pos", rows, 1)
        empty = self._take(self.in_bag, rows) == 0
        more = self._take(self.pos, rows) < self.players
        last = self._take(self.round, rows) >= ROUNDS
        end = ~more & (last | empty) if self._round_end else empty | (~more & last)
        self._set("phase", rows[end], OVER)
        return self._begin(rows[~end & more], rows[~end & ~more], rolls)

    # ------------------------------------------------------------------ the contract
    def done(self):
        return self.phase == OVER

    def to_act(self):
        return self.xp.where(self.done(), -1, self._seat_of(slice(None)))

    def legal(self):
        xp = self.xp
        legal = xp.zeros((self.n, self.actions), bool)
        for phase, rows in enumerate(self._by_phase()):
            if rows.shape[0]:
                block = self._block(phase, rows)
                legal = legal.at[rows[:, None], self._columns[phase]].set(block) if self._jax \
                    else _filled(legal, (rows[:, None], self._columns[phase]), block)
        return legal

    def _by_phase(self):
        return [self._rows(self.phase == phase) for phase in range(OVER)]

    def _block(self, phase: int, rows):
        """The legal actions of these tables, all in `phase`, over that phase's columns."""
        xp, k = self.xp, rows.shape[0]
        seat = self._seat_of(rows)
        yes = xp.ones((k, 1), bool)
        if phase == ROLL:
            markers = self._cell(self.markers, rows, seat)
            reroll = (self._take(self.free, rows) > 0) | (markers > 0)
            return xp.concatenate([xp.broadcast_to(reroll[:, None], (k, len(SUBSETS))), yes], axis=1)
        if phase == JACK:
            return self._take(self.drawn, rows) > 0
        if phase == PICK:
            return xp.concatenate([yes, (self._take(self.in_bag, rows) > 0)[:, None]], axis=1)
        mine = self._cell(self.carts, rows, seat)
        not_me = self._seats[None, :] != seat[:, None]
        if phase == CHEST:
            return xp.concatenate([yes, mine[:, :self._protectable] > 0], axis=1)
        if phase == CART:
            return xp.concatenate([yes, (mine[:, BLACK] > 0)[:, None] & not_me], axis=1)
        if phase == STEAL:
            others = (self._take(self.carts, rows)[:, :, :len(COLOURS)] > 0) & not_me[:, :, None]
            return xp.concatenate([yes, others.reshape(k, -1)], axis=1)
        # actions: the wilds, the uses, end_turn
        bag = self._take(self.in_bag, rows) > 0
        others = _some((self._take(self.coloured, rows) > 0) & not_me)
        can_start = xp.stack([bag, bag, _some(mine[:, :self._protectable] > 0), mine[:, BLACK] > 0, others], axis=1)
        open_face = ~self._take(self.used, rows)
        wild = open_face & (self._take(self.helmets, rows) >= HELMETS_PER_WILD)[:, None]
        use = open_face & (self._take(self.faces, rows) >= self._minimum) & can_start
        return xp.concatenate([wild, use, yes], axis=1)

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
        rolls: list = []  # (tables, which of their dice) to roll with the step's chance
        nothing = reroll[:0]
        pick, hammer, hammer_count, mine = nothing, nothing, nothing, nothing
        if reroll.shape[0]:
            paid = self._take(self.free, reroll) == 0  # the free rerolls go first, then a marker each
            self._add("free", reroll, (paid - 1).astype(xp.int64))
            self._add("markers", (reroll, self._seat_of(reroll)), -paid.astype(xp.int64))
            rolls.append((reroll, t["dice"][actions[reroll]]))
        if keep.shape[0]:
            counts = _total((self._take(self.dice, keep)[:, :, None] == self._faces[None, None, :]).swapaxes(1, 2))
            self._set("faces", keep, counts[:, :len(ACTION_FACES)])
            self._set("helmets", keep, counts[:, HELMET])
            self._set("used", keep, False)
            self._set("phase", keep, ACTIONS)
        if wild.shape[0]:
            self._add("helmets", wild, -HELMETS_PER_WILD)
            self._add("faces", (wild, t["face"][actions[wild]]), 1)
        if use.shape[0]:
            face = t["face"][actions[use]]
            self._set("used", (use, face), True)
            count = self._cell(self.faces, use, face)
            self._set("left", use, xp.where(face == PICKAXE, count, count - 1))
            self._set("phase", use, PICK + face)
            hammer, hammer_count = use[face == JACKHAMMER], count[face == JACKHAMMER]
            self._set("drawn", hammer, 0)
        if sub.shape[0]:
            pick = self._sub_step(sub, kind[sub], actions[sub])
        if end.shape[0]:
            mine = self._end_turn(end, rolls)
        self._chance(rolls, mine, pick, hammer, hammer_count)
        if sub.shape[0]:
            self._spent(sub)

    def _sub_step(self, rows, kind, actions):
        """The actions' own steps but the pickaxe's draw (returned: it comes with the step's chance)."""
        xp, t = self.xp, self._t
        seat = self._seat_of(rows)
        colour, other = t["colour"][actions], t["seat"][actions]
        for move, taker, giver, what in ((K_RETURN, None, seat, colour), (K_PROTECT, None, seat, colour),
                                         (K_DUMP, other, seat, BLACK), (K_STEAL, seat, other, colour)):
            chosen = kind == move
            if not bool(chosen.any()):
                continue
            at, what = rows[chosen], what if isinstance(what, int) else what[chosen]
            self._add("carts", (at, giver[chosen], what), -1)
            if move != K_DUMP:  # a coloured crystal leaves the giver's cart (the taker's, if any, gains it)
                coloured = xp.ones(at.shape[0], xp.int64) if move == K_STEAL else (what != BLACK).astype(xp.int64)
                self._add("coloured", (at, giver[chosen]), -coloured)
                if move == K_STEAL:
                    self._add("coloured", (at, taker[chosen]), coloured)
            if move == K_RETURN:
                self._add("drawn", (at, what), -1)
                self._add("bag", (at, what), 1)
                self._add("in_bag", at, 1)
            elif move == K_PROTECT:
                self._add("chests", (at, seat[chosen], what), 1)
            else:
                self._add("carts", (at, taker[chosen], what), 1)
        self._set("left", rows, xp.where(kind == K_STOP, 0, self._take(self.left, rows) - 1))
        return rows[kind == K_DRAW]

    def _spent(self, rows):
        """Back to the actions phase when no use is left or nothing but `stop` is legal (the
        jackhammer must return all it owes)."""
        xp = self.xp
        seat = self._seat_of(rows)
        phase, left = self._take(self.phase, rows), self._take(self.left, rows)
        mine = self._cell(self.carts, rows, seat)
        others = _some((self._take(self.coloured, rows) > 0) & (self._seats[None, :] != seat[:, None]))
        stuck = (((phase == PICK) & (self._take(self.in_bag, rows) == 0))
                 | ((phase == CHEST) & ~_some(mine[:, :self._protectable] > 0))
                 | ((phase == CART) & (mine[:, BLACK] == 0))
                 | ((phase == STEAL) & ~others))
        spent = (left <= 0) | stuck
        self._set("left", rows, xp.where(spent, 0, left))
        self._set("phase", rows, xp.where(spent, ACTIONS, phase))

    def take(self, index):
        """Keep only the tables at `index` (the driver drops finished ones so steps stay short)."""
        for name in STATE:
            setattr(self, name, getattr(self, name)[index])
        self.n = int(index.shape[0])
        self.source = self.source.take(index)
        self._pick_rows = _takes_rows(self.source.pick)
        return self

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
        number of legal actions, then that legal action of the table's phase. In the roll phase (half
        the decisions) the 31 rerolls and `stop` are the first 32 actions: the number is the action."""
        xp = self.xp
        by_phase = self._by_phase()
        roll = by_phase[ROLL]
        rerolls = (self._take(self.free, roll) > 0) | (self._cell(self.markers, roll, self._seat_of(roll)) > 0)
        count = self._put(xp.ones(self.n, xp.int64), roll, xp.where(rerolls, len(SUBSETS) + 1, 1))
        blocks = [(phase, rows, self._block(phase, rows).astype(xp.int64))
                  for phase, rows in enumerate(by_phase) if phase != ROLL and rows.shape[0]]
        for phase, rows, block in blocks:
            count = self._put(count, rows, _total(block))
        number = source.below(~self.done(), count)
        choice = self._put(xp.zeros(self.n, xp.int64), roll, xp.where(rerolls, number[roll], len(SUBSETS)))
        for phase, rows, block in blocks:
            at = _nth_true(block, number[rows])
            choice = self._put(choice, rows, self._columns[phase][at])
        return choice


STATE = ("bag", "in_bag", "coloured", "supply", "carts", "chests", "markers", "round", "pos", "phase", "dice", "free",
         "faces", "helmets",
         "used", "left", "drawn", "length", "starter")


BATCH_GAME = QuartzBatch
