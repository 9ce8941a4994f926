"""Playing cards: the step-by-step build of a play and each card's effect (what may be played, and
at whom: targets.py).

A play is built in small actions, so people, bots and RL share one action space:
    play {card, method}  /  use {uid}  /  hit  /  ability          start a play (the card leaves the
                                                                     hand into the play)
    attach {card}        one alteration and one enhancement (phase `build`)
    modifier {card}      Enforce: the play's effect doubled; no limit on modifiers
    target {ref}         commits the play at that target ("c2" a character, "t17" a tabled card or
                         agent, "m3" a monster, "h5" a hex)
    confirm / cancel     commit a play that needs no target / take everything back
A play that can take no attachment and needs no target is committed at once. A committed play costs
an action (free actions and modifiers excepted), may open an interrupt window (interrupts.py), then
resolves. Attached cards are discarded with their card after the play, except a Lock, which stays
on the card it protects.
"""

from __future__ import annotations

from .acts import ATTACH, CANCEL, CONFIRM, MODIFIER, TARGET
from .components import CARDS, CHARACTERS, LIFE

ALTERATIONS = ("echo", "lock", "reach")
# per character: the cards it may use that attachments() could offer (alterations, attack enhancements,
# Enforce); a hand holding none of them has nothing to attach
_RIDERS = {ch: frozenset(c for c, card in CARDS.items() if CHARACTERS[ch].may_use(card) and (
    card.effect in ALTERATIONS or card.has("attack_enhancement") or card.effect == "enforce")) for ch in CHARACTERS}
_NONE: frozenset = frozenset()


class CardsMixin:
    # ------------------------------------------------------------------ starting and building a play
    def start_play(self, seat: int, action: dict) -> None:
        kind = action["type"]
        pending = {"seat": seat, "kind": kind, "card": None, "method": None, "uid": None,
                   "alteration": None, "enhancement": None, "modifiers": [], "free": False}
        if kind == "play":
            card = CARDS[action["card"]]
            self.take(seat, action["card"])
            pending.update(card=action["card"], method=action["method"], free=card.has("modifier") or card.free)
        elif kind == "use":
            pending["uid"] = action["uid"]
        self.pending = pending
        if self.builds_nothing(seat):
            self.commit()
        else:
            self.decision = {"kind": "build", "seat": seat}

    def shape_of(self, pending: dict) -> dict:
        seat = pending["seat"]
        if pending["kind"] == "play":
            return self.play_shape(seat, CARDS[pending["card"]], pending["method"])
        if pending["kind"] == "use":
            return self.use_shape(self.entry(pending["uid"]))
        if pending["kind"] == "hit":
            return self.piece_shape(seat) if self.defeated[seat] else \
                {"aim": "piece", "from": self.pos[seat], "reach": "same"}
        return self.ability_shape(seat)

    def is_attack(self, pending: dict) -> bool:
        """An attack with damage: what Echo and attack enhancements attach to."""
        if pending["kind"] in ("hit", "use"):
            return True
        if pending["kind"] == "ability":
            return CHARACTERS[self.chars[pending["seat"]]].ability in ("cleave", "retribution")
        card = CARDS[pending["card"]]
        return card.effect in ("damage", "hex_trap") or (card.is_agent and pending["method"] == "table_hex")

    def tables_a_card(self, pending: dict) -> bool:
        if pending["kind"] == "use":
            return True
        return pending["kind"] == "play" and pending["method"] in ("table", "table_destroyed", "table_hex",
                                                                    "table_target")

    def enforceable(self, pending: dict) -> bool:
        if pending["kind"] != "play":
            return pending["kind"] == "use" and CARDS[self.entry(pending["uid"])["card"]].damage is not None
        card = CARDS[pending["card"]]
        return card.damage is not None or card.effect in ("rage", "haste", "heal")

    def build_options(self, seat: int) -> list[dict]:
        pending = self.pending
        options = self.attachments(seat, pending)
        shape = self.shape_of(pending)
        reach_bonus = 1 if pending["alteration"] == "long_shot" else 0
        if shape.get("aim"):
            options += [TARGET[t] for t in self.targets_for(seat, shape, reach_bonus)]
        if not shape.get("aim") or shape.get("optional"):
            options.append(CONFIRM)
        options.append(CANCEL)
        return options

    def builds_nothing(self, seat: int) -> bool:
        """build_options(seat) == [confirm, cancel] (nothing to attach, no target to choose), without
        listing the targets."""
        pending = self.pending
        if self.attachments(seat, pending):
            return False
        shape = self.shape_of(pending)
        if not shape.get("aim"):
            return True
        return bool(shape.get("optional")) and \
            not self.has_targets(seat, shape, 1 if pending["alteration"] == "long_shot" else 0)

    def attachments(self, seat: int, pending: dict) -> list[dict]:
        """The attach and modifier options of a play being built."""
        options = []
        if _RIDERS.get(self.chars[seat], _NONE).isdisjoint(self.hand[seat]):  # the usual hand: nothing to attach
            return options
        for card_id in dict.fromkeys(self.hand[seat]):
            card = CARDS[card_id]
            if not self.may_use(seat, card):
                continue
            if card.effect in ALTERATIONS and pending["alteration"] is None and (
                    (card.effect == "lock" and self.tables_a_card(pending)) or
                    (card.effect != "lock" and self.is_attack(pending) and self.shape_of(pending).get("reach"))):
                options.append(ATTACH[card_id])
            elif card.has("attack_enhancement") and pending["enhancement"] is None and self.is_attack(pending):
                options.append(ATTACH[card_id])
            elif card.effect == "enforce" and self.enforceable(pending):
                options.append(MODIFIER[card_id])
        return options

    def _build(self, seat: int, action: dict) -> None:
        pending = self.pending
        kind = action["type"]
        if kind in ("attach", "modifier"):
            card_id = action["card"]
            self.take(seat, card_id)
            if kind == "modifier":
                pending["modifiers"].append(card_id)
            elif CARDS[card_id].has("alteration"):
                pending["alteration"] = card_id
            else:
                pending["enhancement"] = card_id
            if self.keep_log:
                self.add_log("pharaoh.attach", {"seat": seat, "card": card_id}, seat=seat, action=dict(action))
            return
        self.decision = None
        if kind == "cancel":
            self.give(seat, self.play_cards(pending), known=True)
            self.pending = None
            if self.keep_log:
                self.add_log("pharaoh.cancel", {"seat": seat}, seat=seat, action=dict(action))
            return
        if kind == "target":
            pending["target"] = action["target"]
        self.commit()

    def play_cards(self, pending: dict) -> list[str]:
        """The cards from hand riding on a play: its card, attachments and modifiers."""
        cards = [pending["card"]] if pending["card"] else []
        cards += [c for c in (pending["alteration"], pending["enhancement"]) if c]
        return cards + pending["modifiers"]

    def play_params(self, pending: dict) -> dict:
        params = {"seat": pending["seat"], "kind": pending["kind"]}
        if pending["card"]:
            params["card"] = pending["card"]
            params["method"] = pending["method"]
        if pending["uid"] is not None:
            entry = self.entry(pending["uid"])
            params["used"] = entry["card"] if entry else None
        return params

    def commit(self) -> None:
        pending = self.pending
        if not pending["free"] and self.turn is not None:
            self.turn["used"] += 1
        if self.keep_log:
            params = self.play_params(pending)
            extras = [c for c in (pending["alteration"], pending["enhancement"]) if c] + pending["modifiers"]
            if extras:
                params["extras"] = extras
            if pending.get("target"):
                params["target"] = pending["target"]
            self.add_log("pharaoh.commit", params, seat=pending["seat"])
        self.open_window()
        self.queue.append({"j": "resolve"})

    # ------------------------------------------------------------------ resolving a play
    def _job_resolve(self, job: dict) -> None:
        pending, self.pending = self.pending, None
        if pending is None or pending.get("cancelled"):
            return
        seat = pending["seat"]
        # the Enforce on a tabled Berserker Rage or Advantage stays with it for the turn
        stays = pending["kind"] == "play" and pending["method"] == "table" and \
            CARDS[pending["card"]].effect in ("rage", "haste")
        for extra in (pending["alteration"], pending["enhancement"], *([] if stays else pending["modifiers"])):
            if extra and extra != "lock":
                self.to_discard(seat, extra)
        kind = pending["kind"]
        if kind == "hit" and self.defeated[seat]:
            ref = self.turn["piece"]
            parts, per_lp = self.piece_parts(ref)
            self.attack(pending, parts + self.enhancement_parts(pending, None), label=self.piece_name(ref),
                        source=ref, per_lp=per_lp)
        elif kind == "hit":
            self.attack(pending, self.hit_parts(seat) + self.enhancement_parts(pending, None), label="hit")
        elif kind == "ability":
            self.use_ability(pending)
        elif kind == "use":
            entry = self.entry(pending["uid"])
            entry["used"] = True
            self.lock_on(entry, pending)
            card = CARDS[entry["card"]]
            self.attack(pending, self.card_parts(pending, card, entry), label=entry["card"],
                        source=f"t{entry['uid']}", per_lp=f"t{entry['uid']}" if card.per_lp else None)
        else:
            self.play_card(pending)

    def doubling(self, pending: dict) -> int:
        return 2 ** len(pending["modifiers"])

    def card_parts(self, pending: dict, card, entry: dict | None = None) -> list:
        """Damage parts of a card's attack: its dice (doubled by Enforce), the enhancement, the
        Vanguard Ring (cards only), +3 where a hex benefit gives it."""
        seat = pending["seat"]
        parts = []
        if card.damage is not None:
            parts.append([card.damage.n * self.doubling(pending), card.damage.flat + self.benefit_damage(seat),
                          card.dtype])
        if not card.is_agent:
            for ring in self.table:
                if ring["seat"] == seat and ring["hex"] is None and CARDS[ring["card"]].effect == "ring":
                    bonus = CARDS[ring["card"]].damage
                    parts.append([bonus.n, bonus.flat, card.dtype])
        return parts + self.enhancement_parts(pending, card.dtype)

    def enhancement_parts(self, pending: dict, dtype: str | None) -> list:
        if not pending["enhancement"]:
            return []
        bonus = CARDS[pending["enhancement"]]
        return [[bonus.damage.n, bonus.damage.flat, bonus.dtype or dtype]]

    def hit_parts(self, seat: int, dice: int | None = None, extra: int = 0) -> list:
        if self.defeated[seat]:
            return []
        malus = sum(CARDS[e["card"]].hit_malus for e in self.table if e["seat"] == seat)
        hit = CHARACTERS[self.chars[seat]].hit
        flat = hit.flat + extra + self.benefit_damage(seat) - malus  # off the total: the roll floors at 0
        return [[dice or hit.n, flat, None]]

    def attack(self, pending: dict, parts: list, label: str, source: str | None = None, effect=None,
               per_lp: str | None = None) -> None:
        """Strikes at the play's target: every piece of a hex for an attack on ALL, twice with Echo."""
        seat, target = pending["seat"], pending.get("target")
        if target is None:
            return
        if target[0] == "h":
            targets = [p for p in self.pieces_in([int(target[1:])], seat) if p != source]
        else:
            targets = [target]
        times = 2 if pending["alteration"] == "echo" else 1
        jobs = []
        for ref in targets:
            if ref[0] == "m":
                self.provoke(seat, ref)
            for _ in range(times):
                jobs.append({"j": "strike", "target": ref, "parts": parts, "by": seat, "label": label,
                             "source": source, "anytime": False, "dodgeable": True, "effect": effect or {},
                             "per_lp": per_lp})
        self.queue[:0] = jobs

    def lock_on(self, entry: dict, pending: dict) -> None:
        if pending["alteration"] == "lock":
            entry["lock"] = True
            entry["attached"].append("lock")

    def play_card(self, pending: dict) -> None:
        seat, card_id, method = pending["seat"], pending["card"], pending["method"]
        card = CARDS[card_id]
        effect = card.effect
        target = pending.get("target")
        if method in ("table", "table_destroyed") or (method == "table_hex" and effect == "agent"):
            entry = self.new_entry(seat, card_id, seat=seat if method != "table_hex" else None)
            if method == "table_hex":
                entry["hex"] = self.where(target) if target[0] != "h" else int(target[1:])
            if effect in ("rage", "haste"):
                entry["turn"] = True
                entry["enforced"] = len(pending["modifiers"])
                entry["attached"] += pending["modifiers"]
            self.lock_on(entry, pending)
            if self.keep_log:
                self.add_log("pharaoh.tabled", {"seat": seat, "card": card_id, "uid": entry["uid"],
                                                "hex": entry["hex"]}, seat=seat)
            if effect == "agent" and target and target[0] != "h":
                entry["used"] = True
                self.attack(pending, self.card_parts(pending, card, entry), label=card_id,
                            source=f"t{entry['uid']}", per_lp=f"t{entry['uid']}" if card.per_lp else None)
            elif effect == "damage" and target:
                entry["used"] = True
                self.attack(pending, self.card_parts(pending, card, entry), label=card_id,
                            source=f"t{entry['uid']}")
            return
        if method == "table_hex":
            entry = self.new_entry(seat, card_id, hex=self.pos[seat])
            self.lock_on(entry, pending)
            if self.keep_log:
                self.add_log("pharaoh.tabled", {"seat": seat, "card": card_id, "uid": entry["uid"],
                                                "hex": entry["hex"]}, seat=seat)
            return
        if method == "table_target":
            riders = ["lock"] if pending["alteration"] == "lock" else []
            self.attack(pending, [], label=card_id, effect={"table_front": card_id, "owner": seat,
                                                            "attached": riders})
            return
        # used: back to hand, or to the discard pile
        if method == "use_return":
            self.give(seat, [card_id], known=True)
        else:
            self.to_discard(seat, card_id)
        if effect == "damage":
            self.attack(pending, self.card_parts(pending, card), label=card_id)
        elif effect == "hex_trap":
            self.attack(pending, self.card_parts(pending, card), label=card_id,
                        effect={"trap": card.escape} if card.escape else None)
        elif effect == "disarm":
            owner_of = self.entry(int(target[1:]))["seat"]  # the character it is tabled in front of defends
            self.attack({**pending, "target": f"c{owner_of}"}, [], label=card_id, effect={"disarm": target})
        elif effect == "heal":
            rolls = [self.roll_die() for _ in range(card.heal.n * self.doubling(pending))]
            self.heal(seat, sum(rolls) + card.heal.flat, card_id, rolls)
        elif effect == "draw":
            self.draw_cards(seat, card.draw, "pharaoh.draw_card")
        elif effect == "haste":
            self.turn["added"] += card.actions * self.doubling(pending)
            if self.keep_log:
                self.add_log("pharaoh.haste", {"seat": seat, "card": card_id, "actions": self.allowance()}, seat=seat)
        elif effect in ("phase_walk", "teleport"):
            self.move_to(seat, int(target[1:]), card_id)

    def _job_effect(self, job: dict) -> None:
        """What a landed strike does besides damage."""
        effect, target = job["effect"], job["target"]
        if "table_front" in effect:
            entry = self.new_entry(effect["owner"], effect["table_front"], seat=int(target[1:]))
            if effect.get("attached"):  # a Lock rides with the card it protects
                entry["lock"] = True
                entry["attached"] += effect["attached"]
            self.add_log("pharaoh.cursed", {"seat": effect["owner"], "target": target, "card": entry["card"]})
        if "trap" in effect and target[0] == "c":
            seat = int(target[1:])
            self.trapped[seat] = effect["trap"]
            if self.keep_log:
                self.add_log("pharaoh.trapped", {"target": target, "escape": effect["trap"]})
        if "disarm" in effect:
            entry = self.entry(int(effect["disarm"][1:]))
            if entry is not None and not entry["lock"]:
                self.add_log("pharaoh.disarmed", {"target": effect["disarm"], "card": entry["card"]})
                self.discard_entry(entry)
        if "thwart" in effect:
            self.thwarted(effect["thwart"])

    def heal(self, seat: int, amount: int, why: str, rolls: list | None = None) -> None:
        before = self.life[seat]
        self.life[seat] = min(LIFE, before + amount)
        if self.keep_log:
            self.add_log("pharaoh.heal", {"seat": seat, "why": why, "amount": self.life[seat] - before,
                                          "life": self.life[seat], "full": before >= LIFE or None}, seat=seat,
                         chance={"kind": "die", "values": rolls} if rolls else None)
