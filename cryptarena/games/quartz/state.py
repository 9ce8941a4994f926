"""Quartz: The Dice Game — table and forward model.

A round: unstable crystals go into the bag, then each player takes one turn from the round's first
player. A turn: mine one crystal (an unstable one gives a reroll marker), roll five dice and reroll
any subset (2 free rerolls, one more per marker spent) until `stop`, then use the faces in any
order: `wild` turns 2 helmets into one face of a kind, `use` starts an action, whose choices are
sub-phases (`pickaxe`, `jackhammer`, `chest`, `cart`, `steal`); `end_turn` forfeits what is left.

Crystals of one colour are alike, so the bag, carts and chests are counts per colour; a draw is a
weighted chance event. Everything on the table is public: the only unknown is the next draw.
"""

from __future__ import annotations

from itertools import combinations

from ...engine import IllegalAction, Rng, State
from .reasons import explain, faces_refused
from .components import (COLOURS, DICE, FEWEST_IN_CHEST_PENALTY, FREE_REROLLS, HELMETS_PER_WILD, MINIMUM,
                         ROUNDS, SET_BONUS, UNSTABLE, UNSTABLE_PENALTY, UNSTABLE_PER_ROUND, UNSTABLE_ROUND_ONE,
                         VALUES, DIE_PRESETS)

ALL = (*COLOURS, UNSTABLE)
SUBSETS = [list(c) for size in range(1, DICE + 1) for c in combinations(range(DICE), size)]
ACTION_PHASES = ("roll", "actions", "pickaxe", "jackhammer", "chest", "cart", "steal")


class QuartzState(State):
    # ------------------------------------------------------------------ setup and rounds
    def _setup(self) -> None:
        opts = self.options
        self.bag = {c: opts[f"crystals_{c}"] for c in COLOURS}
        self.bag[UNSTABLE] = 0
        self.unstable_supply = opts["crystals_black"]
        self.carts = [dict.fromkeys(ALL, 0) for _ in range(self.players)]
        self.chests = [dict.fromkeys(ALL, 0) for _ in range(self.players)]
        self.markers = [0] * self.players
        self.round = 0
        self.order: list[int] = []
        self.starter = self.rng.below(self.players)  # round 1: a random first player
        self.dice: list[str] = []
        self.free_left = 0
        self.faces: dict[str, int] = {}
        self.helmets = 0
        self.used: list[str] = []
        self.left = 0  # uses left in the current sub-phase (or crystals to return)
        self.drawn: dict[str, int] = {}
        self.final_winners: list[int] = []
        self.add_log("quartz.setup", {"players": self.players, "first": self.starter})
        self._start_round()

    def _start_round(self) -> None:
        self.round += 1
        if self.round > 1:
            self.starter = self._leader_after(self.starter)
        added = min(self.unstable_supply, UNSTABLE_ROUND_ONE if self.round == 1 else UNSTABLE_PER_ROUND)
        self.unstable_supply -= added
        self.bag[UNSTABLE] += added
        self.order = [(self.starter + i) % self.players for i in range(self.players)]
        self.add_log("quartz.round", {"round": self.round, "first": self.starter, "unstable_added": added})
        self._start_turn()

    def _leader_after(self, previous: int) -> int:
        """The highest current score starts; ties go to the first of them after the previous starter."""
        totals = [s["total"] for s in self.scores()]
        best = max(totals)
        return next(seat for seat in ((previous + i) % self.players for i in range(1, self.players + 1))
                    if totals[seat] == best)

    def _start_turn(self) -> None:
        seat = self.order[0]
        colour = self._draw()
        if colour is not None:
            self.carts[seat][colour] += 1
            params = {"seat": seat, "colour": colour}
            if colour == UNSTABLE:  # the marker it brings is the only reward of an unstable crystal: say so
                self.markers[seat] += 1
                params["markers"] = self.markers[seat]
            self.add_log("quartz.mine", params, seat=seat, chance={"kind": "crystal", "value": colour})
        self.free_left = FREE_REROLLS
        self.dice = [self._roll() for _ in range(DICE)]
        self.add_log("quartz.roll", {"seat": seat, "dice": list(self.dice)}, seat=seat,
                     chance={"kind": "face", "values": list(self.dice)})
        self.phase = "roll"

    def _draw(self) -> str | None:
        total = sum(self.bag.values())
        if total == 0:
            return None
        colour = self.scripted("crystal")
        if colour is None:
            pick = self.rng.below(total)
            for colour in ALL:
                if pick < self.bag[colour]:
                    break
                pick -= self.bag[colour]
        self.bag[colour] -= 1
        return colour

    def _roll(self) -> str:
        face = self.scripted("face")
        return self.rng.choice(DIE_PRESETS[self.options["die_faces"]]) if face is None else face

    def _end_turn(self) -> None:
        seat = self.order.pop(0)
        self.add_log("quartz.end_turn", {"seat": seat}, seat=seat)
        bag_empty = sum(self.bag.values()) == 0
        if bag_empty and self.options["bag_empty_end"] == "turn":
            self.add_log("quartz.bag_empty", {})
            self._end_game()
        elif self.order:
            self._start_turn()
        elif self.round >= ROUNDS or (bag_empty and self.options["bag_empty_end"] == "round"):
            self._end_game()
        else:
            self._start_round()

    def _end_game(self) -> None:
        self.phase = "game_end"
        self.order = []
        totals = [s["total"] for s in self.scores()]
        best = [s for s in range(self.players) if totals[s] == max(totals)]
        for colour in ("white", "pink"):  # tie-breaks: most white, then most pink
            owned = {s: self.carts[s][colour] + self.chests[s][colour] for s in best}
            best = [s for s in best if owned[s] == max(owned.values())]
        self.final_winners = best
        self.add_log("quartz.game_end", {"totals": totals, "winners": best})

    # ------------------------------------------------------------------ the contract
    def to_act(self) -> list[int]:
        return [self.order[0]] if self.phase in ACTION_PHASES and self.order else []

    def is_over(self) -> bool:
        return self.phase == "game_end"

    def _legal_actions(self, seat: int) -> list[dict]:
        if not self.order or self.order[0] != seat or self.phase not in ACTION_PHASES:
            return []
        phase, cart = self.phase, self.carts[seat]
        if phase == "roll":
            actions = ([{"type": "reroll", "dice": subset} for subset in SUBSETS]
                       if self.free_left > 0 or self.markers[seat] > 0 else [])
            return actions + [{"type": "stop"}]
        if phase == "actions":
            actions = []
            if self.helmets >= HELMETS_PER_WILD:
                actions += [{"type": "wild", "as": face} for face in MINIMUM if face not in self.used]
            actions += [{"type": "use", "face": face} for face in MINIMUM
                        if face not in self.used and self.faces.get(face, 0) >= MINIMUM[face]
                        and self._can_start(seat, face)]
            return actions + [{"type": "end_turn"}]
        if phase == "pickaxe":
            return ([{"type": "draw"}] if sum(self.bag.values()) else []) + [{"type": "stop"}]
        if phase == "jackhammer":
            return [{"type": "return", "colour": c} for c in ALL if self.drawn.get(c, 0) > 0]
        if phase == "chest":
            return [{"type": "protect", "colour": c} for c in self._protectable(cart)] + [{"type": "stop"}]
        if phase == "cart":
            others = [s for s in range(self.players) if s != seat]
            return ([{"type": "dump", "to": s} for s in others] if cart[UNSTABLE] else []) + [{"type": "stop"}]
        # steal
        return [{"type": "steal", "from": s, "colour": c} for s in range(self.players) if s != seat
                for c in COLOURS if self.carts[s][c] > 0] + [{"type": "stop"}]

    def _explain_illegal(self, seat: int, action: dict):
        return explain(self, seat, action)

    def _protectable(self, cart: dict) -> list[str]:
        allowed = ALL if self.options["unstable_in_chest"] else COLOURS
        return [c for c in allowed if cart[c] > 0]

    def _can_start(self, seat: int, face: str) -> bool:
        """An action is offered only when it can do something."""
        if face in ("pickaxe", "jackhammer"):
            return sum(self.bag.values()) > 0
        if face == "chest":
            return bool(self._protectable(self.carts[seat]))
        if face == "cart":
            return self.carts[seat][UNSTABLE] > 0 and self.players > 1
        return any(self.carts[s][c] for s in range(self.players) if s != seat for c in COLOURS)

    def _apply(self, seat: int, action: dict) -> None:
        kind = action["type"]
        if kind == "reroll":
            if self.free_left > 0:
                self.free_left -= 1
                paid = "free"
            else:
                self.markers[seat] -= 1
                paid = "marker"
            for die in action["dice"]:
                self.dice[die] = self._roll()
            self.add_log("quartz.reroll", {"seat": seat, "dice": action["dice"], "count": len(action["dice"]),
                                           "result": list(self.dice),
                                           "paid": paid}, seat=seat, action=action,
                         chance={"kind": "face", "values": [self.dice[d] for d in action["dice"]]})
        elif kind == "stop" and self.phase == "roll":
            self.faces = {face: self.dice.count(face) for face in MINIMUM}
            self.helmets = self.dice.count("helmet")
            self.used = []
            self.phase = "actions"
            self.add_log("quartz.keep", {"seat": seat, "dice": list(self.dice)}, seat=seat, action=action)
        elif kind == "wild":
            self.helmets -= HELMETS_PER_WILD
            self.faces[action["as"]] += 1
            self.add_log("quartz.wild", {"seat": seat, "as": action["as"]}, seat=seat, action=action)
        elif kind == "use":
            self._use(seat, action["face"])
        elif kind == "end_turn":
            self._end_turn()
        else:
            self._sub_action(seat, action)

    def _use(self, seat: int, face: str) -> None:
        n = self.faces[face]
        self.used.append(face)
        self.add_log("quartz.use", {"seat": seat, "face": face, "count": n}, seat=seat,
                     action={"type": "use", "face": face})
        if face == "jackhammer":
            self.drawn = dict.fromkeys(ALL, 0)
            for _ in range(n):
                colour = self._draw()
                if colour is None:
                    break
                self.drawn[colour] += 1
            got = sum(self.drawn.values())
            self.add_log("quartz.jackhammer", {"seat": seat, "drawn": {c: k for c, k in self.drawn.items() if k}},
                         seat=seat, chance={"kind": "crystal"})
            self.left = got // 2
            for colour, count in self.drawn.items():
                self.carts[seat][colour] += count
            self.phase = "jackhammer" if self.left else "actions"
            return
        self.left = n if face == "pickaxe" else n - 1
        self.phase = face

    def _sub_action(self, seat: int, action: dict) -> None:
        kind, cart = action["type"], self.carts[seat]
        if kind == "stop":
            self.left = 0
        elif kind == "draw":
            colour = self._draw()
            cart[colour] += 1
            self.left -= 1
            self.add_log("quartz.draw", {"seat": seat, "colour": colour}, seat=seat, action=action,
                         chance={"kind": "crystal", "value": colour})
        elif kind == "return":
            colour = action["colour"]
            self.drawn[colour] -= 1
            cart[colour] -= 1
            self.bag[colour] += 1
            self.left -= 1
            self.add_log("quartz.return", {"seat": seat, "colour": colour}, seat=seat, action=action)
        elif kind == "protect":
            colour = action["colour"]
            cart[colour] -= 1
            self.chests[seat][colour] += 1
            self.left -= 1
            self.add_log("quartz.protect", {"seat": seat, "colour": colour}, seat=seat, action=action)
        elif kind == "dump":
            cart[UNSTABLE] -= 1
            self.carts[action["to"]][UNSTABLE] += 1
            self.left -= 1
            self.add_log("quartz.dump", {"seat": seat, "to": action["to"]}, seat=seat, action=action)
        elif kind == "steal":
            victim, colour = action["from"], action["colour"]
            self.carts[victim][colour] -= 1
            cart[colour] += 1
            self.left -= 1
            self.add_log("quartz.steal", {"seat": seat, "from": victim, "colour": colour}, seat=seat, action=action)
        if self.left <= 0 or len(self._legal_actions(seat)) == 1 and self.phase != "jackhammer":
            self.phase = "actions"  # the action is spent (or nothing more it could do)
            self.left = 0

    # ------------------------------------------------------------------ scores
    def scores(self) -> list[dict]:
        chest_sizes = [sum(chest.values()) for chest in self.chests]
        fewest = min(chest_sizes)
        result = []
        for seat in range(self.players):
            owned = {c: self.carts[seat][c] + self.chests[seat][c] for c in ALL}
            sets = 0
            for colour in COLOURS:
                count = owned[colour]
                if count >= 6 and self.options["big_sets"] == "cap":
                    sets += SET_BONUS[5]
                else:
                    sets += SET_BONUS.get(count, 0)
            breakdown = {"crystals": sum(VALUES[c] * owned[c] for c in COLOURS), "sets": sets,
                         "unstable": -UNSTABLE_PENALTY * owned[UNSTABLE],
                         "fewest_in_chest": -FEWEST_IN_CHEST_PENALTY if chest_sizes[seat] == fewest else 0}
            result.append({"total": sum(breakdown.values()), "breakdown": breakdown})
        return result

    def winners(self) -> list[int]:
        return list(self.final_winners) if self.is_over() else []

    # ------------------------------------------------------------------ views, chance, JSON
    def _view(self, seat: int | None) -> dict:
        scores = self.scores()
        return {"round": self.round, "rounds": ROUNDS, "bag": dict(self.bag), "bag_size": sum(self.bag.values()),
                "unstable_supply": self.unstable_supply,
                "seats": [{"seat": s, "cart": dict(self.carts[s]), "chest": dict(self.chests[s]),
                           "markers": self.markers[s], "score": scores[s]["total"],
                           "parts": scores[s]["breakdown"]} for s in range(self.players)],
                "order": list(self.order), "dice": list(self.dice), "free_rerolls": self.free_left,
                "faces": dict(self.faces), "helmets": self.helmets, "used": list(self.used),
                "left": self.left, "drawn": {c: k for c, k in self.drawn.items() if k} if self.phase == "jackhammer" else {},
                # why each rolled face that is not offered cannot be used (the page shows it on a disabled button)
                "faces_refused": faces_refused(self, self.order[0]) if self.phase == "actions" and self.order else {},
                **({"result": {"scores": scores, "winners": self.winners()}} if self.is_over() else {})}

    def _check_outcome(self, kind: str, value, queued: list) -> None:
        if kind == "face":
            if value not in DIE_PRESETS[self.options["die_faces"]]:
                raise IllegalAction(f"the dice show no face {value!r}", code="bad_outcome")
        elif kind == "crystal":
            waiting = sum(1 for k, v in queued if k == "crystal" and v == value)
            if value not in ALL or self.bag.get(value, 0) <= waiting:
                raise IllegalAction(f"no {value!r} crystal left in the bag to draw", code="bad_outcome")

    def chance_outcomes(self, kind: str) -> list:
        if kind == "face":
            return sorted(set(DIE_PRESETS[self.options["die_faces"]]))
        if kind == "crystal":
            return [c for c in ALL if self.bag[c] > 0]
        raise IllegalAction(f"unknown chance kind {kind!r}", code="bad_outcome")

    def _resample_hidden(self, seat: int | None, rng: Rng) -> None:
        """Nothing on a Quartz table is hidden: only the next draws are unknown (a fresh RNG)."""

    _FIELDS = ("bag", "unstable_supply", "carts", "chests", "markers", "round", "order", "starter", "dice",
               "free_left", "faces", "helmets", "used", "left", "drawn", "final_winners")

    def _data(self) -> dict:
        return {name: getattr(self, name) for name in self._FIELDS}

    def _load(self, data: dict) -> None:
        for name in self._FIELDS:
            setattr(self, name, data[name])
        holders = [self.bag, *self.carts, *self.chests]
        if len(self.carts) != self.players or len(self.chests) != self.players or len(self.markers) != self.players:
            raise ValueError("every seat must have one cart, one chest and a marker count")
        if any(set(h) != set(ALL) or any(not isinstance(n, int) or n < 0 for n in h.values()) for h in holders):
            raise ValueError("bag, carts and chests must hold a count of every crystal colour")
        if any(not 0 <= seat < self.players for seat in self.order) or not 0 <= self.starter < self.players:
            raise ValueError("the turn order names a seat that is not at the table")
        if any(face not in DIE_PRESETS["one_each"] for face in self.dice):
            raise ValueError("a die shows a face that no die has")
        if self.phase not in (*ACTION_PHASES, "game_end"):
            raise ValueError(f"unknown phase {self.phase!r}")
