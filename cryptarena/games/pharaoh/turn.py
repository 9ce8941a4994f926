"""The player turn and the crypt: draw, free actions, actions, discard; moving, exploring, hex
events, escape rolls, the Key and the exit.

A turn's steps are phases: `draw` (draw one card or skip: drawing is optional; an empty deck is
refilled from the shuffled discard pile), `free` (modifiers and free cards, the escape roll of a
caught character, `done`), `act` (up to the action count: one, raised by bonus actions to at most
four, a Quad; `end` stops early), `discard` (optional discards, face up; `done` is refused above the
hand limit of 10). A step with nothing to choose is skipped. After the actions, a character who
remained in the hex it started the turn in suffers the hex's events (the END of the turn they
remained); cards tabled in a hex this turn become hex events when the turn ends.
"""

from __future__ import annotations

from ...engine import IllegalAction
from .acts import (ABILITY, ABILITY_CARD, ABILITY_UID, DISCARD, DONE, DRAW_OR_SKIP, END, ESCAPE, EXIT, EXPLORE, HIT,
                   MOVE, PICKUP, USE_EVENT)
from .board import STEPS, opposite, placements
from .components import BENEFIT_DAMAGE, CARDS, CHARACTERS, HAND_LIMIT, HEXES, KEY, LIFE, MONSTERS, QUAD


class _Benefits(dict):
    """(tile, character, owner?) -> the hex's benefits for that character, worked out once."""

    def __missing__(self, key: tuple) -> frozenset:
        tile, character, owner = key
        found = self[key] = frozenset(HEXES[tile].benefit_for(character, owner))
        return found


BENEFITS = _Benefits()
# (tile, turn) -> its doors once turned, in order (a placed hex gets a list of its own)
TURNED_DOORS = {(tile_id, turn): tuple(sorted((d + turn) % 6 for d in tile.doors))
                for tile_id, tile in HEXES.items() for turn in range(6)}
NO_BENEFIT: frozenset = frozenset()
SPELLS = frozenset(card_id for card_id, card in CARDS.items() if card.type == "spell")


class TurnMixin:
    # ------------------------------------------------------------------ the turn
    def start_turn(self, seat: int) -> None:
        self.turn = {"seat": seat, "step": "draw", "used": 0, "added": 0, "slow": 0, "start_hex": self.pos[seat],
                     "escape_rolled": False, "piece": None}
        if self.keep_log:
            self.add_log("pharaoh.turn", {"seat": seat, "round": self.round}, seat=seat)
        if self.defeated[seat]:
            self.turn["step"] = "dominate"
            if self.keep_log:
                self.add_log("pharaoh.no_draw", {"seat": seat}, seat=seat)
        self.skip_empty_steps()

    def allowance(self) -> int:
        turn = self.turn
        seat = turn["seat"]
        if self.defeated[seat]:
            return 1
        factor, extra = 1, turn["added"] - turn["slow"]
        for entry in self.table:
            if entry["turn"] and entry["seat"] == seat:
                card = CARDS[entry["card"]]
                if card.effect == "rage":
                    factor *= card.factor * 2 ** entry["enforced"]
                else:
                    extra += card.actions * 2 ** entry["enforced"]
        here = self.pos[seat]  # benefits(seat), written out
        if here is not None:
            placed = self.placed[here]
            if "action" in BENEFITS[placed["tile"], self.chars[seat], placed["owner"] == seat]:
                extra += 1
        total = factor + extra
        return QUAD if total > QUAD else total if total > 0 else 0

    def skip_empty_steps(self) -> None:
        """Move past steps where the seat has nothing to choose."""
        turn = self.turn
        seat = turn["seat"]
        if turn["step"] == "draw" and not (self.deck[seat] or self.discard[seat]):
            turn["step"] = "free"
        if turn["step"] == "free" and not self.card_plays(seat, free=True) and \
                (self.trapped[seat] is None or turn["escape_rolled"]):  # turn_actions would offer only "done"
            turn["step"] = "act"
        if turn["step"] == "act" and turn["used"] >= self.allowance():
            self.end_actions()

    def turn_actions(self, seat: int) -> list[dict]:
        turn = self.turn
        step = turn["step"]
        if step == "draw":
            return list(DRAW_OR_SKIP)
        if step == "free":
            found = self.card_plays(seat, free=True)
            if self.trapped[seat] is not None and not turn["escape_rolled"]:
                found.append(ESCAPE)
            found.append(DONE)
            return found
        if step == "dominate":
            return self.domination_choices(seat)
        if step == "act":
            if self.defeated[seat]:
                return self.piece_actions(seat)
            found = self.character_actions(seat)
            found.append(END)
            return found
        if step == "discard":
            found = list(map(DISCARD.__getitem__, dict.fromkeys(self.hand[seat])))
            if len(self.hand[seat]) <= HAND_LIMIT:
                found.append(DONE)
            return found
        return []

    def character_actions(self, seat: int) -> list[dict]:
        here = self.pos[seat]
        crypt = self.crypt
        found = []
        if self.trapped[seat] is None:
            if self.hexpile:
                ways, sides = crypt.ways(here)
                found += map(MOVE.__getitem__, ways)
                found += map(EXPLORE.__getitem__, sides)
            else:
                found += map(MOVE.__getitem__, crypt.passages(here))
        if self.anyone_in(here, seat):
            found.append(HIT)
        found += self.card_plays(seat, free=False)
        if self.table:
            uses, returns, moves = self.table_actions(seat)
            found += uses
            found += self.ability_actions(seat)
            found += returns
            found += moves
        else:
            found += self.ability_actions(seat)
        placed = self.placed[here]
        if placed["keys"]:
            found.append(PICKUP)
        if HEXES[placed["tile"]].use:
            found.append(USE_EVENT)
        if placed["exit"] and self.holds_key(seat):
            found.append(EXIT)
        return found

    def _turn_action(self, seat: int, action: dict) -> None:
        kind = action["type"]
        turn = self.turn
        if kind == "discard":  # the most frequent turn action first
            self.take(seat, action["card"])
            self.to_discard(seat, action["card"])
            if self.keep_log:
                self.add_log("pharaoh.discard", {"seat": seat, "card": action["card"]}, seat=seat, action=dict(action))
        elif kind in ("draw", "skip"):
            if kind == "draw":
                self.draw_cards(seat, 1, "pharaoh.draw", action=action)
            else:
                if self.keep_log:
                    self.add_log("pharaoh.skip_draw", {"seat": seat}, seat=seat, action=dict(action))
            turn["step"] = "free"
        elif kind == "done" and turn["step"] == "free":
            turn["step"] = "act"
        elif kind == "done":  # the discard step
            self.queue.append({"j": "end_turn"})
        elif kind == "escape":
            self.escape_roll(seat)
        elif kind == "end":
            self.end_actions()
        elif kind in ("play", "use", "hit", "ability") and not (kind == "ability" and self.instant_ability(action)):
            self.start_play(seat, action)
        else:
            turn["used"] += 1
            if self.defeated[seat]:
                self.piece_action(seat, action)
            elif kind == "move":
                self.move_to(seat, action["to"], "move")
            elif kind == "explore":
                self.explore(f"c{seat}", action["side"])
            elif kind == "pickup":
                self.pick_up(f"c{seat}")
            elif kind == "use_event":
                self.use_event(seat)
            elif kind == "exit":
                self.try_exit(seat, f"c{seat}")
            elif kind == "return":
                entry = self.entry(action["uid"])
                self.add_log("pharaoh.return", {"seat": seat, "card": entry["card"]}, seat=seat, action=dict(action))
                self.table.remove(entry)
                self.give(seat, [entry["card"], *entry["attached"]], known=True)
            elif kind == "ability":
                self.use_ability({"seat": seat, "kind": "ability", **action})
            elif kind == "move_agent":
                self.move_piece(f"t{action['uid']}", action["to"])

    def end_actions(self) -> None:
        """The actions are over: remaining in a hex fires its events, then the discard step."""
        turn = self.turn
        if turn["step"] not in ("act", "dominate"):
            return
        seat = turn["seat"]
        turn["step"] = "ending"
        if not self.defeated[seat] and self.pos[seat] == turn["start_hex"]:
            self.queue.append({"j": "events", "seat": seat, "hex": self.pos[seat], "why": "remain"})
        self.queue.append({"j": "to_discard"})

    def _job_to_discard(self, job: dict) -> None:
        seat = self.turn["seat"]
        self.turn["step"] = "discard"
        if self.defeated[seat] or not self.hand[seat]:
            self.queue.append({"j": "end_turn"})

    def _job_end_turn(self, job: dict) -> None:
        seat = self.turn["seat"]
        for entry in list(self.table) if self.table else ():
            if entry["hex"] is not None and not entry["active"]:
                entry["active"] = True  # tabled in a hex this turn: a hex event from now on
            if entry["turn"] and entry["seat"] == seat:
                self.discard_entry(entry)
            entry["used"] = False
        self.turns_done += 1
        nxt = (seat + 1) % self.players
        if nxt == self.first:
            self.round += 1
            if self.round > self.options["round_limit"]:
                self.finish(None, "round_limit")
                return
        self.turn = None
        self.start_turn(nxt)

    # ------------------------------------------------------------------ cards in and out of hands
    def draw_cards(self, seat: int, count: int, msg: str, action: dict | None = None) -> None:
        for _ in range(count):
            if not self.deck[seat]:
                if not self.discard[seat]:
                    return
                self.deck[seat] = self.discard[seat]
                self.discard[seat] = []
                self.rng.shuffle(self.deck[seat])  # a deck out of cards: the discard pile, shuffled
                self.add_log("pharaoh.reshuffle", {"seat": seat, "cards": len(self.deck[seat])}, seat=seat)
            card_id = self.scripted("card") if self._script else None
            if card_id is None:
                card_id = self.deck[seat].pop()
            else:
                if card_id not in self.deck[seat]:
                    raise IllegalAction(f"scripted card {card_id!r} is not in seat {seat}'s deck",
                                        code="bad_outcome")
                self.deck[seat].remove(card_id)
            self.hand[seat].append(card_id)
            self.sort_hand(seat)
            if self.keep_log:
                self.add_log(msg, {"seat": seat}, seat=seat, action=dict(action) if action else None,
                             chance={"kind": "card"},
                             secret={"to": [seat], "params": {"card": card_id}, "chance": {"value": card_id}})
            action = None

    # ------------------------------------------------------------------ moving and exploring
    def move_to(self, seat: int, to: int, how: str) -> None:
        origin = self.pos[seat]
        if self.placed[origin].get("slain_by") == seat:
            self.placed[origin]["slain_by"] = None
        # a hex benefit's action comes and goes with the hex stood in: the log says so, not only the count
        before = self.allowance() if self.keep_log and self.turn and self.turn["seat"] == seat else None
        self.pos[seat] = to
        if self.keep_log:
            self.add_log("pharaoh.move", {"seat": seat, "from": origin, "to": to, "how": how}, seat=seat)
            after = self.allowance() if before is not None else None
            if after != before:
                gained = after > before
                self.add_log("pharaoh.benefit_action", {"seat": seat, "gained": gained, "actions": after,
                                                        "tile": self.placed[to if gained else origin]["tile"]})
        self.queue.insert(0, {"j": "events", "seat": seat, "hex": to, "why": "enter"})

    def explore(self, ref: str, side: int) -> None:
        here = self.where(ref)
        tile, owner = self.draw_hex()
        turns = placements(tile, side)
        job = {"j": "place", "piece": ref, "from": here, "side": side, "tile": tile, "owner": owner}
        if self.keep_log:
            self.add_log("pharaoh.explore", {"piece": ref, "from": here, "side": side, "tile": tile, "owner": owner},
                         chance={"kind": "hex", "value": tile})
        if len(turns) == 1:
            self.place_hex(job, turns[0])
        else:
            self.queue.insert(0, job)
            self.decision = {"kind": "place", "seat": self.turn["seat"], "turns": turns, "tile": tile}

    def draw_hex(self) -> tuple[str, int]:
        tile = self.scripted("hex") if self._script else None
        if tile is None:
            tile, owner = self.hexpile.pop()
        else:
            index = next((i for i in range(len(self.hexpile) - 1, -1, -1) if self.hexpile[i][0] == tile), None)
            if index is None:
                raise IllegalAction(f"scripted hex {tile!r} is not in the Hexpile", code="bad_outcome")
            tile, owner = self.hexpile.pop(index)
        return tile, owner

    def place_hex(self, job: dict, turn: int) -> None:
        dq, dr = STEPS[job["side"]]
        origin = self.placed[job["from"]]
        doors = list(TURNED_DOORS[job["tile"], turn])
        index = self.crypt.add({"tile": job["tile"], "owner": job["owner"], "q": origin["q"] + dq,
                                "r": origin["r"] + dr, "turn": turn, "doors": doors,
                                "exit": HEXES[job["tile"]].exit, "keys": 0, "slain_by": None})
        assert opposite(job["side"]) in doors
        if self.keep_log:
            self.add_log("pharaoh.place", {"hex": index, "tile": job["tile"], "turn": turn, "doors": doors})
        ref = job["piece"]
        if ref[0] == "c":
            self.move_to(int(ref[1:]), index, "explore")
        else:
            self.move_piece(ref, index)

    def _place(self, seat: int, action: dict) -> None:
        job = self.queue.pop(0)
        self.decision = None
        self.place_hex(job, action["turn"])

    # ------------------------------------------------------------------ hex events
    def benefits(self, seat: int) -> frozenset[str]:
        here = self.pos[seat]
        if here is None or self.defeated[seat]:
            return NO_BENEFIT
        placed = self.placed[here]
        return BENEFITS[placed["tile"], self.chars[seat], placed["owner"] == seat]

    def benefit_damage(self, seat: int) -> int:
        return BENEFIT_DAMAGE if "damage" in self.benefits(seat) else 0

    def _job_events(self, job: dict) -> None:
        seat, index = job["seat"], job["hex"]
        if self.defeated[seat] or self.pos[seat] != index:
            return
        if index == 0 and self.turns_done < self.players:
            if self.keep_log:
                self.add_log("pharaoh.start_hex_quiet", {"seat": seat, "hex": index})
            return
        tile = HEXES[self.placed[index]["tile"]]
        jobs = []
        if "ignore" in self.benefits(seat):
            if self.keep_log:
                # the Crossroads spares its owner, other hexes a character: the line names which
                owners = "ignore" not in BENEFITS[tile.id, self.chars[seat], False]
                self.add_log("pharaoh.ignore_events", {"seat": seat, "hex": index, "tile": tile.id,
                                                       "owner": owners or None})
            present = self.present_monster(index)
            if present is not None and seat in present["provoked"]:
                jobs.append({"j": "event", "seat": seat, "hex": index, "i": tile.events.index(
                    next(e for e in tile.events if e.kind == "monster"))})
        else:
            jobs += [{"j": "event", "seat": seat, "hex": index, "i": i} for i in range(len(tile.events))]
        if self.table:
            jobs += [{"j": "hex_card", "seat": seat, "uid": e["uid"]} for e in self.table
                     if e["hex"] == index and e["active"] and e["owner"] != seat]
        self.queue[:0] = jobs

    def present_monster(self, index: int) -> dict | None:
        return next((m for m in self.monsters if m["home"] == index and m["hex"] == index), None)

    def _job_event(self, job: dict) -> None:
        seat, index = job["seat"], job["hex"]
        if self.defeated[seat] or self.pos[seat] != index:
            return
        event = HEXES[self.placed[index]["tile"]].events[job["i"]]
        kind = event.kind
        target = f"c{seat}"
        if kind == "damage":
            self.strike(target=target, parts=[[event.damage.n, event.damage.flat, None]], by=None,
                        label=f"event.{event.name}", source=f"h{index}")
        elif kind == "trap":
            parts = [[event.damage.n, event.damage.flat, None]] if event.damage.n or event.damage.flat else []
            self.strike(target=target, parts=parts, by=None, label="event.trap", source=f"h{index}",
                        effect={"trap": event.escape})
        elif kind == "monster":
            self.monster_event(seat, index, event.monster)
        elif kind == "draw":
            self.draw_cards(seat, event.count, "pharaoh.event_draw")
        elif kind == "discard":
            if self.hand[seat]:
                self.queue.insert(0, {"j": "event_discard", "seat": seat, "left": event.count})
        elif kind == "heal":
            rolls = [self.roll_die() for _ in range(event.amount.n)]
            self.heal(seat, sum(rolls) + event.amount.flat, self.placed[index]["tile"], rolls)
        elif kind == "slow" and self.turn and self.turn["seat"] == seat and self.turn["step"] == "act":
            self.turn["slow"] += event.count
            if self.keep_log:
                self.add_log("pharaoh.slowed", {"seat": seat, "count": event.count, "actions": self.allowance(),
                                                "tile": self.placed[index]["tile"]})

    def monster_event(self, seat: int, index: int, kind: str) -> None:
        monster = self.present_monster(index)
        if monster is None:
            victor = self.placed[index].get("slain_by")
            if victor == seat:
                return  # defeated by this character, who remains: it does not reappear
            self.placed[index]["slain_by"] = None
            monster = self.spawn_monster(kind, index)
            if victor is not None and not self.defeated[victor] and self.pos[victor] == index:
                monster["spares"].append(victor)  # it goes for the newcomer until its victor attacks it
        if monster["dominated_by"] is not None or seat in monster["spares"]:
            return
        spec = MONSTERS[monster["monster"]]
        self.strike(target=f"c{seat}", parts=[[spec.damage.n, spec.damage.flat, None]], by=None,
                    label=monster["monster"], source=f"m{monster['uid']}")

    def spawn_monster(self, kind: str, index: int, dominated_by: int | None = None) -> dict:
        monster = {"uid": self.new_uid(), "monster": kind, "home": index, "hex": index,
                   "lp": MONSTERS[kind].lp, "dominated_by": dominated_by, "provoked": [], "spares": [], "keys": 0}
        self.monsters.append(monster)
        if self.keep_log:
            self.add_log("pharaoh.monster_appears", {"monster": kind, "hex": index, "target": f"m{monster['uid']}"})
        return monster

    def provoke(self, seat: int, ref: str) -> None:
        monster = self.monster(int(ref[1:]))
        if seat not in monster["provoked"] and "ignore" in self.benefits(seat):
            monster["provoked"].append(seat)
        if seat in monster["spares"]:
            monster["spares"].remove(seat)

    def _job_hex_card(self, job: dict) -> None:
        seat, entry = job["seat"], self.entry(job["uid"])
        if entry is None or self.defeated[seat] or self.pos[seat] != entry["hex"]:
            return
        card = CARDS[entry["card"]]
        parts = [[card.damage.n, card.damage.flat, card.dtype]] if card.damage else []
        self.strike(target=f"c{seat}", parts=parts, by=entry["owner"], label=entry["card"],
                    source=f"t{entry['uid']}", effect={"trap": card.escape} if card.escape else None,
                    per_lp=f"t{entry['uid']}" if card.per_lp else None)

    def _job_event_discard(self, job: dict) -> None:
        if not self.hand[job["seat"]] or job["left"] <= 0:
            return
        self.queue.insert(0, job)
        self.decision = {"kind": "event_discard", "seat": job["seat"]}

    def _event_discard(self, seat: int, action: dict) -> None:
        job = self.queue[0]
        job["left"] -= 1
        self.decision = None
        self.take(seat, action["card"])
        self.to_discard(seat, action["card"])
        if self.keep_log:
            self.add_log("pharaoh.event_discard", {"seat": seat, "card": action["card"]}, seat=seat,
                         action=dict(action))
        if job["left"] <= 0 or not self.hand[seat]:
            self.queue.pop(0)

    # ------------------------------------------------------------------ escape rolls, hex use, the exit
    def escape_roll(self, seat: int) -> None:
        self.turn["escape_rolled"] = True
        roll = self.roll_2d6()
        freed = sum(roll) <= self.trapped[seat]
        if self.keep_log:
            self.add_log("pharaoh.escape_roll", {"seat": seat, "roll": roll, "target": self.trapped[seat],
                                                 "freed": freed}, seat=seat, action={"type": "escape"},
                         chance={"kind": "die", "values": roll})
        if freed:
            self.trapped[seat] = None
            if self.crypt.passages(self.pos[seat]):
                self.decision = {"kind": "escape", "seat": seat}

    def _escape_to(self, seat: int, action: dict) -> None:
        self.decision = None
        if action["type"] == "escape_to":
            self.move_to(seat, action["to"], "escape")
        else:
            if self.keep_log:
                self.add_log("pharaoh.stay", {"seat": seat}, seat=seat, action=dict(action))

    def use_event(self, seat: int) -> None:
        use = HEXES[self.placed[self.pos[seat]]["tile"]].use
        jobs = [{"j": "damage", "target": f"c{seat}", "amount": use["damage"].flat, "dtype": None, "by": None,
                 "source": f"h{self.pos[seat]}"}]
        self.add_log("pharaoh.use_event", {"seat": seat, "hex": self.pos[seat], "damage": use["damage"].flat})
        if use.get("draw"):
            jobs.append({"j": "gain", "seat": seat, "draw": use["draw"]})
        self.queue[:0] = jobs

    def _job_gain(self, job: dict) -> None:
        if not self.defeated[job["seat"]]:
            self.draw_cards(job["seat"], job["draw"], "pharaoh.event_draw")

    def holds_key(self, seat: int) -> bool:
        return KEY in self.hand[seat] or any(e["seat"] == seat and e["card"] == KEY for e in self.table)

    def pick_up(self, ref: str) -> None:
        here = self.where(ref)
        self.placed[here]["keys"] -= 1
        if ref[0] == "c":
            self.give(int(ref[1:]), [KEY], known=True)
        else:
            self.piece(ref)["keys"] += 1
        self.add_log("pharaoh.pickup", {"piece": ref, "hex": here})

    def try_exit(self, seat: int, ref: str) -> None:
        roll = self.roll_2d6()
        escaped = roll[0] == roll[1]
        self.add_log("pharaoh.exit_roll", {"seat": seat, "piece": ref, "roll": roll, "escaped": escaped},
                     seat=seat, chance={"kind": "die", "values": roll})
        if escaped:
            self.escape_crypt(seat)

    def escape_crypt(self, seat: int) -> None:
        self.finish(seat, "escape")

    # ------------------------------------------------------------------ special abilities
    def ability_actions(self, seat: int) -> list[dict]:
        ability = CHARACTERS[self.chars[seat]].ability
        if ability == "recall":
            return [ABILITY_CARD[c] for c in dict.fromkeys(self.discard[seat]) if c in SPELLS]
        if ability == "repair":
            found = [ABILITY] if self.life[seat] < LIFE else []
            return found + [ABILITY_UID[e["uid"]] for e in self.table
                            if e["owner"] == seat and e["lp"] is not None and e["lp"] < CARDS[e["card"]].lp]
        here = self.pos[seat]  # has_targets(seat, ability_shape(seat)), written out
        if ability == "cleave":
            hexes = (here,)
        elif ability == "retribution" and here is not None:
            hexes = {here, *self.crypt.passages(here)}
        else:
            return [ABILITY] if self.has_targets(seat, self.ability_shape(seat)) else []
        return [ABILITY] if here is not None and self.aims_at(seat, hexes) else []

    def instant_ability(self, action: dict) -> bool:
        return CHARACTERS[self.chars[self.turn["seat"]]].ability in ("recall", "repair")

    def ability_shape(self, seat: int) -> dict:
        ability = CHARACTERS[self.chars[seat]].ability
        if ability in ("cleave", "retribution"):
            return {"aim": "piece", "from": self.pos[seat], "reach": "same" if ability == "cleave" else "hex1"}
        return {"aim": None}

    def use_ability(self, pending: dict) -> None:
        seat = pending["seat"]
        ability = CHARACTERS[self.chars[seat]].ability
        if ability == "recall":
            self.discard[seat].remove(pending["card"])
            self.give(seat, [pending["card"]], known=True)
            if self.keep_log:
                self.add_log("pharaoh.recall", {"seat": seat, "card": pending["card"]}, seat=seat)
        elif ability == "repair" and pending.get("uid") is not None:
            entry = self.entry(pending["uid"])
            entry["lp"] = CARDS[entry["card"]].lp
            self.add_log("pharaoh.repair", {"seat": seat, "card": entry["card"], "uid": entry["uid"]}, seat=seat)
        elif ability == "repair":
            rolls = [self.roll_die()]
            self.heal(seat, rolls[0] + 1, "repair", rolls)
        elif ability == "cleave":
            self.attack(pending, self.hit_parts(seat, dice=2) + self.enhancement_parts(pending, None), label="cleave")
        else:
            lost = (LIFE - self.life[seat]) // 5
            self.attack(pending, self.hit_parts(seat, extra=lost) + self.enhancement_parts(pending, None),
                        label="retribution")
