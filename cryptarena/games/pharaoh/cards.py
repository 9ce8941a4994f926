"""Playing cards: what may be played, the step-by-step build of a play, and each card's effect.

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

from functools import cache

from .acts import ATTACH, CANCEL, CONFIRM, MODIFIER, PLAY, TARGET, USE
from .components import CARDS, CHARACTERS, LIFE

ALTERATIONS = ("echo", "lock", "reach")
REACH = {"same": 0, "hex1": 1, "hex2": 2}
# attached, answered or defended with, never played on their own
NEVER_PLAYED = frozenset(("block", "dodge_bonus", "attack_bonus", "echo", "lock", "reach", "enforce", "clear", "thwart"))
IS_AGENT = {card_id: card.is_agent for card_id, card in CARDS.items()}


class _Refs(dict):
    """A target ref (c<seat>, h<hex>) for a number, made once."""

    def __init__(self, kind: str):
        super().__init__()
        self.kind = kind

    def __missing__(self, number: int) -> str:
        ref = self[number] = f"{self.kind}{number}"
        return ref


CHARACTER_REF, HEX_REF = _Refs("c"), _Refs("h")


@cache
def _reaches(character: str) -> frozenset:
    """The cards of effect "reach" (a longer range) the character may use."""
    return frozenset(c for c, card in CARDS.items() if card.effect == "reach" and CHARACTERS[character].may_use(card))


@cache
def _plays(character: str, free: bool) -> dict:
    """card id -> (card, its play methods) of every card the character may play from hand in the
    free actions (`free`) or as an action; cards never played on their own are left out."""
    spec = CHARACTERS[character]
    found = {}
    for card_id, card in CARDS.items():
        methods = tuple(m for m in card.methods if m != "any_time")
        if spec.may_use(card) and (card.has("modifier") or card.free) == free and card.effect not in NEVER_PLAYED \
                and methods:
            found[card_id] = (card, methods)
    return found


# effects _playable checks against the table; any other card the character may play is always playable
_CHECKED = frozenset(("damage", "hex_trap", "curse", "disarm", "heal", "draw", "phase_walk", "teleport"))


def _options(card, methods: tuple) -> tuple:
    """(method, what to check, the play action) per method: None, always playable; a damage card's
    shape (all, range, dtype), what cards of one shape share; True, _playable decides."""
    found = []
    for method in methods:
        if card.effect not in _CHECKED:
            check = None
        elif card.effect == "damage" and method != "table":
            check = (card.all, card.range, card.dtype)
        else:
            check = True
        found.append((method, check, PLAY[card.id, method]))
    return tuple(found)


# (character, free) -> card id -> (card, its options), for card_plays
_PLAYS = {(character, free): {card_id: (card, _options(card, methods))
                              for card_id, (card, methods) in _plays(character, free).items()}
          for character in CHARACTERS for free in (False, True)}


class CardsMixin:
    # ------------------------------------------------------------------ what may be played
    def card_plays(self, seat: int, free: bool) -> list[dict]:
        character = self.chars[seat]
        if character is None:
            return []
        plays = _PLAYS[character, free]
        hand = self.hand[seat]
        if plays.keys().isdisjoint(hand):  # the usual case in the free actions: nothing to look at
            return []
        found = []
        checked: dict = {}  # what _playable found for a damage card's shape, for the next of that shape
        for card_id in dict.fromkeys(hand):
            row = plays.get(card_id)
            if row is None:
                continue
            card, options = row
            for method, check, action in options:
                if check is None:
                    found.append(action)
                    continue
                if check is True:
                    ok = self._playable(seat, card, method)
                else:
                    ok = checked.get(check)
                    if ok is None:
                        ok = checked[check] = self._playable(seat, card, method)
                if ok:
                    found.append(action)
        return found

    def _playable(self, seat: int, card, method: str) -> bool:
        effect = card.effect
        if effect in NEVER_PLAYED:
            return False  # attached, answered or defended with, never played on their own
        if effect == "damage" and method != "table":  # has_targets(play_shape(...)), written out
            here = self.pos[seat]
            if here is None or card.all:  # a hex is aimed at: the character's own at least
                return here is not None
            reach = card.range
            if reach != "any" and not _reaches(self.chars[seat]).isdisjoint(self.hand[seat]):
                reach = {0: "hex1"}.get(REACH[reach], "hex2")  # a longer reach in hand
            return self.aims_at(seat, self.reach_set(here, reach, card.dtype == "phazed"))
        if effect == "hex_trap" and method == "use_discard" or effect in ("curse", "disarm"):
            return self.has_targets(seat, self.play_shape(seat, card, method))
        if effect == "heal":
            return self.life[seat] < LIFE
        if effect == "draw":
            return bool(self.deck[seat] or self.discard[seat])
        if effect in ("phase_walk", "teleport"):
            return self.trapped[seat] is None and self.has_targets(seat, self.play_shape(seat, card, method))
        return True

    def tabled_uses(self, seat: int) -> list[dict]:
        found = []
        for entry in self.table:
            if entry["owner"] != seat or entry["used"]:
                continue
            card = CARDS[entry["card"]]
            usable = (card.effect == "damage" and entry["seat"] == seat) or \
                (card.is_agent and (entry["hex"] is not None or entry["seat"] == seat))
            if not usable:
                continue
            here = entry["hex"] if entry["hex"] is not None else self.pos[entry["seat"]]  # use_shape's
            if here is not None and (card.all or self.aims_at(seat, self.reach_set(here, card.range,
                                                                                  card.dtype == "phazed"))):
                found.append(USE[entry["uid"]])
        return found

    # ------------------------------------------------------------------ the shape of a play
    def play_shape(self, seat: int, card, method: str) -> dict:
        """What a play of `card` by `method` aims at: {"aim": "piece" | "hex" | "card" | None,
        "from": hex, "reach", "phazed", "optional"}."""
        here = self.pos[seat]
        effect = card.effect
        if effect == "damage":
            return {"aim": "hex" if card.all else "piece", "from": here, "reach": card.range,
                    "phazed": card.dtype == "phazed", "optional": method == "table"}
        if effect == "hex_trap" and method == "use_discard":
            return {"aim": "character" if card.escape else "piece", "from": here, "reach": "same"}
        if effect == "curse":
            return {"aim": "character", "from": here, "reach": card.range}
        if effect == "disarm":
            return {"aim": "card", "from": here, "reach": "same"}
        if effect == "agent" and method == "table_hex":
            return {"aim": "placement", "from": here, "reach": "any"}
        if effect == "phase_walk":
            return {"aim": "walk", "from": here}
        if effect == "teleport":
            return {"aim": "any_hex", "from": here}
        return {"aim": None}

    def use_shape(self, entry: dict) -> dict:
        card = CARDS[entry["card"]]
        where = entry["hex"] if entry["hex"] is not None else self.pos[entry["seat"]]  # where(t<uid>)
        return {"aim": "hex" if card.all else "piece", "from": where, "reach": card.range,
                "phazed": card.dtype == "phazed", "agent": card.is_agent}

    def targets_for(self, seat: int, shape: dict, reach_bonus: int = 0) -> list[str]:
        aim, here = shape.get("aim"), shape.get("from")
        if aim is None or here is None:
            return []
        if aim == "walk":
            return [HEX_REF[h] for h in self.crypt.adjacent(here)]
        if aim == "any_hex":
            return [HEX_REF[h] for h in range(len(self.placed)) if h != here]
        if aim == "placement":
            return [HEX_REF[h] for h in range(len(self.placed))] + self.pieces_in(range(len(self.placed)), seat)
        reach = shape["reach"]
        if reach != "any" and reach_bonus:
            reach = {0: "same", 1: "hex1"}.get(REACH[reach] + reach_bonus, "hex2")
        hexes = [here] if reach == "same" else self.hexes_within(here, reach, shape.get("phazed", False))
        if aim == "hex":
            return [HEX_REF[h] for h in hexes]
        pos = self.pos
        if aim == "card":
            return [f"t{e['uid']}" for e in self.table if e["seat"] is not None and e["seat"] != seat
                    and not self.defeated[e["seat"]] and pos[e["seat"]] in hexes and not e["lock"]]
        pieces = self.pieces_in(hexes, seat, monsters=not shape.get("dominated", False))
        if aim == "character":
            return [p for p in pieces if p[0] == "c"]
        # tabled armour and shields of others may be targeted too ("Valid targets are characters,
        # monsters, agents, and tabled cards")
        return pieces + [f"t{e['uid']}" for e in self.table if e["seat"] is not None and e["seat"] != seat
                         and e["lp"] is not None and not IS_AGENT[e["card"]] and pos[e["seat"]] in hexes]

    def has_targets(self, seat: int, shape: dict, reach_bonus: int = 0) -> bool:
        """bool(targets_for(...)), stopping at the first target: what a legal list asks of most
        plays (is there anyone to aim at?) without listing them all."""
        aim, here = shape.get("aim"), shape.get("from")
        if aim != "piece" and aim != "character" or here is None:
            return bool(self.targets_for(seat, shape, reach_bonus))
        reach = shape["reach"]
        if reach != "any" and reach_bonus:
            reach = {0: "same", 1: "hex1"}.get(REACH[reach] + reach_bonus, "hex2")
        return self.aims_at(seat, self.reach_set(here, reach, shape.get("phazed", False)), aim == "character",
                            shape.get("dominated", False))

    def reach_set(self, here: int, reach: str, phazed: bool):
        """set(hexes_within(...)), made the cheap way for the usual reaches (a tuple for one hex)."""
        if reach == "same":
            return (here,)
        if reach == "hex1" and not phazed:
            return {here, *self.crypt.passages(here)}
        return set(self.hexes_within(here, reach, phazed))

    def aims_at(self, seat: int, hexes, characters_only: bool = False, dominated: bool = False) -> bool:
        """Whether a piece-aimed play of `seat` finds a target in `hexes` (has_targets' search)."""
        pos, defeated = self.pos, self.defeated
        for s in range(self.players):
            if pos[s] in hexes and s != seat and not defeated[s]:
                return True
        if characters_only:
            return False
        for e in self.table:
            if IS_AGENT[e["card"]]:  # an agent (pieces_in), in its hex or its character's
                if e["owner"] != seat and (e["hex"] if e["hex"] is not None else pos[e["seat"]]) in hexes:
                    return True
            elif e["seat"] is not None and e["seat"] != seat and e["lp"] is not None and pos[e["seat"]] in hexes:
                return True  # armour or a shield in front of another character
        if not dominated:
            for m in self.monsters:
                if m["hex"] in hexes and m["dominated_by"] != seat:
                    return True
        return False

    def hexes_within(self, here: int, reach: str, phazed: bool) -> list[int]:
        crypt = self.crypt
        if reach == "hex2":
            first = crypt.in_range(here, "hex1", phazed)
            return sorted({h for mid in first for h in crypt.in_range(mid, "hex1", phazed)})
        return crypt.in_range(here, reach, phazed)

    def pieces_in(self, hexes, seat: int | None, monsters: bool = True) -> list[str]:
        """Characters, agents and monsters standing in `hexes`, but `seat`'s own."""
        wanted = set(hexes)
        pos, defeated = self.pos, self.defeated
        found = [CHARACTER_REF[s] for s in range(self.players) if s != seat and not defeated[s] and pos[s] in wanted]
        # an agent stands in its hex, or (a guard) in its character's: where(t<uid>) written out
        found += [f"t{e['uid']}" for e in self.table if IS_AGENT[e["card"]] and e["owner"] != seat
                  and (e["hex"] if e["hex"] is not None else pos[e["seat"]]) in wanted]
        if monsters:
            found += [f"m{m['uid']}" for m in self.monsters if m["hex"] in wanted and m["dominated_by"] != seat]
        return found

    def anyone_in(self, here: int, seat: int) -> bool:
        """Whether pieces_in([here], seat) finds anyone."""
        pos, defeated = self.pos, self.defeated
        for s in range(self.players):
            if pos[s] == here and s != seat and not defeated[s]:
                return True
        for m in self.monsters:
            if m["hex"] == here and m["dominated_by"] != seat:
                return True
        for e in self.table:
            if IS_AGENT[e["card"]] and e["owner"] != seat and \
                    (e["hex"] if e["hex"] is not None else pos[e["seat"]]) == here:
                return True
        return False

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
                                          "life": self.life[seat]}, seat=seat,
                         chance={"kind": "die", "value": rolls} if rolls else None)
