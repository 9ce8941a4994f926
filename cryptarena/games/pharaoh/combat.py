"""Combat: a strike at one target, its defence turn, damage one card at a time, defeat.

Anything that affects a target is an attack, and every target of an attack gets a defence turn. An
attack becomes one `strike` job per target (two with Echo; one per piece for an attack on ALL in a
hex). A strike rolls its damage first (public, so the defender sees what comes), then:
- a monster's dodge is rolled by the server ("another player rolls for the monster");
- a character's or an agent's controller takes a defence turn (phase `defend`): a defence card
  from hand, a tabled defence card (characters), a dodge (2D6 at or under the dodge score, with
  one defence enhancement attached), dodging out of the exit with the Key, or taking it.
  A play-any-time attack cannot be dodged (unless its own text says so: cards before the rules
  sheet) and only play-any-time defences answer it.
A hit becomes a `damage` job per damage part (each has its own type: 8D6 weapons, 5 poison,
2D6): immunity of a card tabled in front of the target cancels that part (hits and hex damage
have no type, so no immunity); tabled armour, shields and guards take damage first, the target
choosing the order (phase `soak`) when there are several; the rest comes off the life points.
"""

from __future__ import annotations

from .acts import DEFEND_CARD, DEFEND_UID, DODGE, DODGE_CARD, DODGE_EXIT, TAKE
from .components import CARDS, CHARACTERS, KEY, MONSTER_BOUNTY, MONSTERS


def _usable(character, wanted) -> frozenset:
    return frozenset(c for c, card in CARDS.items() if wanted(card) and CHARACTERS[character].may_use(card))


# per character: the block cards it may play (any block; only play-any-time ones against such an attack)
# and the armour or tabled blocks it may table in defence
_BLOCKS = {ch: _usable(ch, lambda card: card.effect == "block") for ch in CHARACTERS}
_ANY_TIME_BLOCKS = {ch: _usable(ch, lambda card: card.effect == "block" and card.any_time) for ch in CHARACTERS}
_TABLED_DEFENCES = {ch: _usable(ch, lambda card: card.effect in ("armor", "tabled_block")) for ch in CHARACTERS}
_DODGE_BONUSES = frozenset(c for c, card in CARDS.items() if card.effect == "dodge_bonus")
_NONE: frozenset = frozenset()


class CombatMixin:
    # ------------------------------------------------------------------ targets
    def strike(self, *, target: str, parts: list, by: int | None, label: str, source: str | None = None,
               anytime: bool = False, dodgeable: bool = True, effect: dict | None = None, front: bool = True,
               per_lp: str | None = None) -> None:
        """Queue a strike. parts: [[dice, flat, dtype], ...] rolled when the strike comes up;
        per_lp: the military unit whose remaining life points are its damage."""
        job = {"j": "strike", "target": target, "parts": parts, "by": by, "label": label, "source": source,
               "anytime": anytime, "dodgeable": dodgeable, "effect": effect or {}, "per_lp": per_lp}
        if front:
            self.queue.insert(0, job)
        else:
            self.queue.append(job)

    def alive(self, ref: str) -> bool:
        kind, num = ref[0], int(ref[1:])
        if kind == "c":
            return 0 <= num < self.players and not self.defeated[num]
        if kind == "t":
            return self.entry(num) is not None
        if kind == "m":
            return self.monster(num) is not None
        return False

    def defender(self, ref: str) -> int | None:
        """The seat that takes the defence turn for this target (None: the server rolls)."""
        kind, num = ref[0], int(ref[1:])
        if kind == "c":
            return num
        if kind == "t":
            entry = self.entry(num)
            return entry["seat"] if entry["seat"] is not None else entry["owner"]
        return None

    # ------------------------------------------------------------------ the strike job
    def _job_strike(self, job: dict) -> None:
        target = job["target"]
        if target[0] == "c":  # alive() and defender() of a character, written out
            seat = int(target[1:])
            if not (0 <= seat < self.players and not self.defeated[seat]):
                return
        elif not self.alive(target):
            return
        else:
            seat = self.defender(target)
        if "rolled" not in job:
            dice: list | None = [] if self.keep_log else None
            job["rolled"] = self._roll_parts(job, dice)
            if self.keep_log:
                # a Thwart strikes for no damage: the line says what it would discard instead
                thwart = job["effect"].get("thwart")
                self.add_log("pharaoh.strike", {"label": job["label"], "by": job["by"], "source": job["source"],
                                                "target": job["target"], "damage": job["rolled"],
                                                "total": sum(amount for amount, _ in job["rolled"]),
                                                "thwarts": (self.thwart_cards(thwart) or None) if thwart else None},
                             seat=job["by"], chance={"kind": "die", "values": dice} if dice else None)
        if seat is None:  # a monster: the server rolls its dodge
            monster = self.monster(int(job["target"][1:]))
            roll = self.roll_2d6()
            dodged = job["dodgeable"] and not job["anytime"] and sum(roll) <= MONSTERS[monster["monster"]].dg
            if self.keep_log:
                self.add_log("pharaoh.monster_dodge", {"target": job["target"], "roll": roll, "dodged": dodged},
                             chance={"kind": "die", "values": roll})
            self._hit(job) if not dodged else self._missed(job)
            return
        self.queue.insert(0, job)
        self.decision = {"kind": "defend", "seat": seat}

    def _roll_parts(self, job: dict, dice: list | None = None) -> list:
        """The strike's damage parts rolled; each die also appended to `dice` when it is given (the
        log's chance part)."""
        rolled = []
        # roll_die's draws, in the same order, without a call per die when nothing is scripted
        below = None if self._script or dice is not None else self.rng.below
        for n, flat, dtype in job["parts"]:
            if below is None:
                faces = [self.roll_die() for _ in range(n)]
                if dice is not None:
                    dice += faces
                total = flat + sum(faces)
            else:
                total = flat + n
                for _ in range(n):
                    total += below(6)
            rolled.append([max(0, total), dtype])  # a malus (Hex of Weakness) never heals
        if job["per_lp"]:
            entry = self.entry(int(job["per_lp"][1:]))
            card = CARDS[entry["card"]]
            rolled.insert(0, [entry["lp"] * card.per_lp, card.dtype])
        return rolled

    def defence_options(self, job: dict) -> list[dict]:
        seat, target = self.decision["seat"], job["target"]
        hand = self.hand[seat]
        character = self.chars[seat]
        options = []
        # the defence cards of hand the character may use, from sets made once per character
        blocks = (_ANY_TIME_BLOCKS if job["anytime"] else _BLOCKS).get(character, _NONE)
        if not blocks.isdisjoint(hand):
            options += [DEFEND_CARD[c] for c in dict.fromkeys(hand) if c in blocks]
        is_character = target[0] == "c"
        if is_character and not job["anytime"]:  # a defence card tabled in response to the attack
            tabled = _TABLED_DEFENCES.get(character, _NONE)
            if not tabled.isdisjoint(hand):
                options += [DEFEND_CARD[c] for c in dict.fromkeys(hand) if c in tabled]
            for entry in self.table:
                if entry["seat"] == seat and entry["hex"] is None and CARDS[entry["card"]].effect == "tabled_block":
                    options.append(DEFEND_UID[entry["uid"]])
        if job["dodgeable"] and (not job["anytime"] or job["label"] in CARDS and CARDS[job["label"]].effect == "thwart"):
            options.append(DODGE)
            if not _DODGE_BONUSES.isdisjoint(hand):
                options += [DODGE_CARD[c] for c in dict.fromkeys(hand) if c in _DODGE_BONUSES]
        if is_character and self.holds_key(seat) and self.placed[self.pos[seat]]["exit"]:
            options.append(DODGE_EXIT)
        options.append(TAKE)
        return options

    def dodge_score(self, ref: str) -> int:
        kind, num = ref[0], int(ref[1:])
        if kind == "c":
            malus = 0
            for e in self.table:
                if e["seat"] == num:
                    malus += CARDS[e["card"]].dodge_malus
            return CHARACTERS[self.chars[num]].dodge - malus
        entry = self.entry(num)
        if not CARDS[entry["card"]].is_agent:  # armour in front of a character dodges with them
            return self.dodge_score(f"c{entry['seat']}")
        return CARDS[entry["card"]].dg

    def _defend(self, seat: int, action: dict) -> None:
        job = self.queue.pop(0)
        self.decision = None
        kind = action["type"]
        params = {"seat": seat, "target": job["target"], "label": job["label"]}
        if kind == "defend":
            if "card" in action and CARDS[action["card"]].effect == "armor":
                self.take(seat, action["card"])
                entry = self.new_entry(seat, action["card"], seat=seat)  # tabled as a defence: it takes
                self.add_log("pharaoh.tabled", {"seat": seat, "card": entry["card"], "uid": entry["uid"]},
                             seat=seat, action=dict(action))                # the blow first
                self._hit(job)
                return
            if "card" in action:
                self.take(seat, action["card"])
                self.to_discard(seat, action["card"])
                params["card"] = action["card"]
            else:
                entry = self.entry(action["uid"])
                params["card"] = entry["card"]
                self.discard_entry(entry)
            if self.keep_log:
                self.add_log("pharaoh.defend", params, seat=seat, action=dict(action))
            self._missed(job)
            return
        if kind == "take":
            if self.keep_log:
                self.add_log("pharaoh.take", params, seat=seat, action=dict(action))
            self._hit(job)
            return
        roll = self.roll_2d6()
        if kind == "dodge_exit":
            escaped = roll[0] == roll[1]
            self.add_log("pharaoh.dodge_exit", {**params, "roll": roll, "escaped": escaped}, seat=seat,
                         action=dict(action), chance={"kind": "die", "values": roll})
            if escaped:
                self.escape_crypt(seat)
            else:
                self._hit(job)
            return
        score = self.dodge_score(job["target"])
        if "card" in action:
            self.take(seat, action["card"])
            self.to_discard(seat, action["card"])
            score += CARDS[action["card"]].bonus
            params["card"] = action["card"]
        dodged = sum(roll) <= score
        if self.keep_log:
            self.add_log("pharaoh.dodge", {**params, "roll": roll, "score": score, "dodged": dodged}, seat=seat,
                         action=dict(action), chance={"kind": "die", "values": roll})
        self._hit(job) if not dodged else self._missed(job)

    def _missed(self, job: dict) -> None:
        """A card that was to be tabled in front of its target goes to its player's discard pile."""
        card = job["effect"].get("table_front")
        if card and job["by"] is not None:
            self.to_discard(job["by"], card)
            for extra in job["effect"].get("attached", []):
                self.to_discard(job["by"], extra)

    def _hit(self, job: dict) -> None:
        """The strike lands: its effect, then its damage (queued in front, in that order)."""
        jobs = []
        if job["effect"]:
            jobs.append({"j": "effect", "target": job["target"], "by": job["by"], "effect": job["effect"]})
        for amount, dtype in job["rolled"]:
            jobs.append({"j": "damage", "target": job["target"], "amount": amount, "dtype": dtype,
                         "by": job["by"], "source": job["source"]})
        self.queue[:0] = jobs

    # ------------------------------------------------------------------ damage
    def immune(self, ref: str, dtype: str | None) -> str | None:
        """The card whose immunity cancels damage of `dtype` on this target, if any."""
        if dtype is None:
            return None
        kind, num = ref[0], int(ref[1:])
        if kind == "c":
            for entry in self.table:
                if entry["seat"] == num and entry["hex"] is None and dtype in CARDS[entry["card"]].immune:
                    return entry["card"]
        elif kind == "t":
            card = self.entry(num)["card"]
            if dtype in CARDS[card].immune:
                return card
        return None

    def absorbers(self, seat: int) -> list[dict]:
        """Tabled cards in front of `seat` that take damage before it: armour, shields, guards."""
        return [e for e in self.table if e["seat"] == seat and e["hex"] is None and e["lp"] is not None
                and e["owner"] == seat]

    def _job_damage(self, job: dict) -> None:
        self._damage(job)
        self.check_all_defeated()  # a Key held by a piece may have fallen with it

    def _damage(self, job: dict) -> None:
        target = job["target"]
        if not self.alive(target) or job["amount"] <= 0:
            return
        shield = self.immune(target, job["dtype"])
        if shield:
            self.add_log("pharaoh.immune", {"target": target, "card": shield, "amount": job["amount"],
                                            "dtype": job["dtype"]})
            return
        kind, num = target[0], int(target[1:])
        if kind == "c":
            guards = self.absorbers(num)
            if len(guards) > 1:
                self.queue.insert(0, job)
                self.decision = {"kind": "soak", "seat": num}
                return
            if guards:
                self.soak(job, guards[0])
                return
            self.lose_life(num, job["amount"], job["by"])
        elif kind == "t":
            self.wound_entry(self.entry(num), job["amount"], job["by"])
        else:
            self.wound_monster(self.monster(num), job["amount"], job["by"])

    def soak(self, job: dict, entry: dict) -> None:
        """`entry` takes the damage it can; the rest goes on (to the next card or the target)."""
        taken = min(entry["lp"], job["amount"])
        rest = job["amount"] - taken
        self.wound_entry(entry, taken, job["by"], absorbing=True)
        if rest > 0:
            self.queue.insert(0, {**job, "amount": rest})

    def _soak(self, seat: int, action: dict) -> None:
        job = self.queue.pop(0)
        self.decision = None
        self.soak(job, self.entry(action["uid"]))

    def lose_life(self, seat: int, amount: int, by: int | None) -> None:
        self.life[seat] -= amount
        if self.keep_log:
            self.add_log("pharaoh.wound", {"target": f"c{seat}", "amount": amount, "life": max(self.life[seat], 0)})
        if self.life[seat] <= 0:
            self.defeat(seat)

    def wound_entry(self, entry: dict, amount: int, by: int | None, absorbing: bool = False) -> None:
        entry["lp"] -= amount
        if self.keep_log:
            self.add_log("pharaoh.wound", {"target": f"t{entry['uid']}", "card": entry["card"], "amount": amount,
                                           "life": max(entry["lp"], 0)})
        if entry["lp"] <= 0:
            if self.keep_log:
                self.add_log("pharaoh.destroyed", {"target": f"t{entry['uid']}", "card": entry["card"]})
            self.drop_keys(entry, self.where(f"t{entry['uid']}"))
            self.discard_entry(entry)

    def wound_monster(self, monster: dict, amount: int, by: int | None) -> None:
        monster["lp"] -= amount
        ref = f"m{monster['uid']}"
        if self.keep_log:
            self.add_log("pharaoh.wound", {"target": ref, "monster": monster["monster"], "amount": amount,
                                           "life": max(monster["lp"], 0)})
        if monster["lp"] > 0:
            return
        self.monsters.remove(monster)
        self.drop_keys(monster, monster["hex"])
        self.add_log("pharaoh.monster_defeated", {"target": ref, "monster": monster["monster"], "by": by})
        if by is not None and not self.defeated[by]:
            # it does not come back while its victor remains in the hex
            self.placed[monster["home"]]["slain_by"] = by
            self.draw_cards(by, MONSTER_BOUNTY, "pharaoh.bounty")

    def drop_keys(self, holder: dict, hex_index: int | None) -> None:
        if holder.get("keys") and hex_index is not None:
            self.placed[hex_index]["keys"] += holder["keys"]
            self.add_log("pharaoh.key_dropped", {"hex": hex_index, "count": holder["keys"]})
            holder["keys"] = 0

    # ------------------------------------------------------------------ defeat
    def defeat(self, seat: int) -> None:
        """Life at zero or less: the Key stays in the hex, hand and tabled cards are discarded but
        agents and cards tabled in hexes; the player goes on by domination."""
        where = self.pos[seat]
        keys = self.hand[seat].count(KEY)
        for entry in list(self.table):
            if entry["seat"] == seat and entry["card"] == KEY:
                keys += 1
                self.table.remove(entry)
        if keys:
            self.placed[where]["keys"] += keys
            self.hand[seat] = [c for c in self.hand[seat] if c != KEY]
        if self.keep_log:
            self.add_log("pharaoh.defeated", {"seat": seat, "hex": where, "keys": keys}, seat=seat)
        for card_id in self.hand[seat]:
            self.discard[seat].append(card_id)
        if self.hand[seat]:
            self.add_log("pharaoh.discard_all", {"seat": seat, "cards": list(self.hand[seat])}, seat=seat)
        self.hand[seat] = []
        self.known[seat] = []
        for entry in list(self.table):
            if entry["seat"] != seat:
                continue
            if CARDS[entry["card"]].is_agent and entry["owner"] == seat:
                entry["seat"], entry["hex"] = None, where  # a guard stays where its character fell
            else:
                self.discard_entry(entry)
        self.defeated[seat] = True
        self.life[seat] = 0
        self.trapped[seat] = None
        self.pos[seat] = None
        if self.placed[where].get("slain_by") == seat:
            self.placed[where]["slain_by"] = None
        self.check_all_defeated()

    def check_all_defeated(self) -> None:
        if all(self.defeated) and not self.keys_held() and self.winner is None:
            self.finish(None, "all_defeated")

    def keys_held(self) -> int:
        """Keys carried by a piece a player could still exit with (characters, agents, monsters)."""
        held = sum(self.hand[s].count(KEY) for s in range(self.players) if not self.defeated[s])
        held += sum(1 for e in self.table if e["card"] == KEY)
        held += sum(e.get("keys", 0) for e in self.table) + sum(m["keys"] for m in self.monsters)
        return held
