"""What a seat may play and at whom: the playable cards of a hand, the shape of a play (what it aims
at, from where, how far) and the targets in reach.

Split from cards.py (building and resolving plays), whose legal lists and resolution ask these
questions: the act step's list asks of every card in hand whether it has a target, so the usual
questions (is anyone in reach?) are answered without listing the targets (has_targets, aims_at).
"""

from __future__ import annotations

from functools import cache

from .acts import MOVE_AGENT, PLAY, RETURN, USE
from .components import CARDS, CHARACTERS, LIFE

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



class TargetsMixin:
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

    def table_actions(self, seat: int) -> tuple[list, list, list]:
        """The seat's actions with its tabled cards, in one look at the table: (uses of cards with
        a target, returns to the hand of undamaged cards in front of a character, moves of agents
        in a hex to a hex joined to theirs), each in table order."""
        uses, returns, moves = [], [], []
        pos = self.pos
        for entry in self.table:
            if entry["owner"] != seat:
                continue
            card_id, hex_, on = entry["card"], entry["hex"], entry["seat"]
            card = CARDS[card_id]
            agent = IS_AGENT[card_id]
            if not entry["used"] and ((card.effect == "damage" and on == seat) or
                                      (agent and (hex_ is not None or on == seat))):
                here = hex_ if hex_ is not None else pos[on]  # use_shape's
                if here is not None and (card.all or self.aims_at(seat, self.reach_set(here, card.range,
                                                                                      card.dtype == "phazed"))):
                    uses.append(USE[entry["uid"]])
            if on is not None and not entry["turn"] and (entry["lp"] is None or entry["lp"] >= card.lp):
                returns.append(RETURN[entry["uid"]])
            if hex_ is not None and agent:
                moves += [MOVE_AGENT[entry["uid"], h] for h in self.crypt.passages(hex_)]
        return uses, returns, moves

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
