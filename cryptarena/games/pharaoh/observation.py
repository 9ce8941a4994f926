"""Crypt: The Pharaoh's Curse's observation for learning agents (engine/encoding.py): what a seat
sees as a fixed-length vector of numbers with a documented layout.

It reads the view only (so it holds no secret the view does not) and is relative to the observer:
every per-seat field holds the observer first, then the others in seat order after it; a spectator
sees the table from seat 0, which stands in for "the observer" everywhere. Each field's doc says how
its numbers are scaled; `layout()` gives the offsets. Uids are divided by the action space's uid cap
and hex indices by its hex bound (encoding.py), so a number points at the actions naming that piece.
It depends on the player count (seats, the hex bound) and the round limit (the uid cap).
"""

from __future__ import annotations

from functools import lru_cache

from ...engine import EncodingError, Field, ObservationEncoding, Vector
from .components import CARDS, COPIES, DAMAGE_TYPES, DECK_MAX, KEY, LIFE, METHODS, MONSTERS, QUAD
from .encoding import (ALTERATION_CARDS, BUILT_CARDS, CARD_IDS, CHARACTER_IDS, DECK_IDS, ENHANCEMENT_CARDS,
                       MONSTER_IDS, SIDES, TABLEABLE, TILE_IDS, hex_bound, uid_bound)

# Pharaoh.phases, in its order (game.py imports this module, so it cannot be imported from there;
# the tests check that the two agree).
PHASES = ("setup", "draw", "free", "act", "discard", "build", "window", "defend", "soak", "place", "escape",
          "event_discard", "dominate", "game_end")
# turn["step"]: the phases of a turn, and "ending" between the actions and the discard step
TURN_STEPS = ("draw", "free", "act", "discard", "dominate", "ending")
PLAY_KINDS = ("play", "use", "hit", "ability")
END_REASONS = ("escape", "all_defeated", "round_limit")

DAMAGE_KINDS = (None, *DAMAGE_TYPES)  # None: untyped (hits, hex events, monsters)
DICE_MAX = 12        # 2D6: dodges and escape rolls are at or under a number of this scale
# No printed maximum: soft scales, about the most a position usually holds, never a cut-off.
DAMAGE_SCALE = 50.0  # one strike's damage (Meteor with an Enforce rolls 8D6)
CONTENT_SCALE = 4.0  # monsters, agents or hex cards in one hex
LABELS = ("hit", "cleave", "retribution")  # a strike's label that is neither a card nor a monster
# Slots for pieces, with a count of those that found none. The true bounds are too wide to pay for at
# every step: a seat may own a tabled entry for every card of its deck (DECK_MAX), and monsters that
# dominated players lead away from their hex are replaced there, without limit. Random and greedy
# games at 2-6 players never showed more than 6 entries of one owner or 8 monsters at once.
TABLE_SLOTS_PER_SEAT = 12
MONSTER_SLOTS_PER_SEAT = 5
REF_KINDS = "ctmh"
REF_DOC = ("one-hot kind (character, tabled card or agent, monster, hex), one-hot seat of a character, "
           "uid / the uid cap, (hex index + 1) / the hex bound; all 0: none")
CONTENTS = ("monsters", "observer's agents", "others' agents", "observer's hex cards", "others' hex cards")

_PHASE = {p: i for i, p in enumerate(PHASES)}
_STEP = {s: i for i, s in enumerate(TURN_STEPS)}
_CARD = {c: i for i, c in enumerate(CARD_IDS)}
_BUILT = {c: i for i, c in enumerate(BUILT_CARDS)}
_TILE = {t: i for i, t in enumerate(TILE_IDS)}
_MONSTER = {m: i for i, m in enumerate(MONSTER_IDS)}
_CHARACTER = {c: i for i, c in enumerate(CHARACTER_IDS)}
_DECK = {d: i for i, d in enumerate(DECK_IDS)}
_TABLED = {c: i for i, c in enumerate(TABLEABLE)}
_METHOD = {m: i for i, m in enumerate(METHODS)}
_KIND = {k: i for i, k in enumerate(PLAY_KINDS)}
_DAMAGE = {d: i for i, d in enumerate(DAMAGE_KINDS)}
_ALTERATION = {c: i for i, c in enumerate(ALTERATION_CARDS)}
_ENHANCEMENT = {c: i for i, c in enumerate(ENHANCEMENT_CARDS)}


class _Observer:
    """The layout of one table size and round limit, and the encoder that fills it from a view."""

    def __init__(self, players: int, round_limit: int):
        n = self.n = players
        hexes = self.hexes = hex_bound(players)
        self.uids = uid_bound(players, round_limit)
        self.monster_slots = MONSTER_SLOTS_PER_SEAT * players
        # a hand holds its own deck's cards, at most COPIES of each, and every seat's Key at most
        self.card_max = [float(n if c == KEY else COPIES) for c in CARD_IDS]
        self.tile_max = [float(COPIES)] * len(TILE_IDS)
        self.pile_max = [float(COPIES * n)] * len(TILE_IDS)  # every seat may bring COPIES of a tile
        cards, tiles, chars = len(CARD_IDS), len(TILE_IDS), len(CHARACTER_IDS)
        self.ref_size = 4 + n + 2
        self.entry_size = 2 + len(TABLEABLE) + n + 9
        self.monster_size = 2 + len(MONSTER_IDS) + 3 + n + 3
        per_seat = f"per seat ({n}, the observer first, then the others in seat order after it)"
        count_doc = f"copies / {COPIES} (the Key: / {n}, one a deck)"
        self.fields = [
            Field("observer", 2, "1, 0 for a seat's view; 0, 1 for the spectator's (seen from seat 0, "
                                 "which stands in for the observer in every field)"),
            Field("phase", len(PHASES), "one-hot phase (the decision being taken, if any): " + ", ".join(PHASES)),
            Field("to_act", n, f"{per_seat}: 1 if it may act now"),
            Field("round", 1, "the round / the table's round limit"),
            Field("first", n, f"{per_seat}: one-hot first player"),
            Field("winner", n, f"{per_seat}: one-hot seat that escaped (all 0: nobody, or not over)"),
            Field("end_reason", len(END_REASONS), "one-hot: " + ", ".join(END_REASONS) + " (all 0 until the end)"),
            Field("seat_character", n * chars, f"{per_seat}, {chars} each: one-hot character "
                                               f"({', '.join(CHARACTER_IDS)}; all 0 until the reveal)"),
            Field("seat_life", n, f"{per_seat}: life points / {LIFE}"),
            Field("seat_defeated", n, f"{per_seat}: 1 if defeated"),
            Field("seat_trapped", n, f"{per_seat}: caught: the escape roll's number (2D6 at or under) / {DICE_MAX}; "
                                     "0: free"),
            Field("seat_hex", n * hexes, f"{per_seat}, {hexes} each: one-hot hex index its character stands in"),
            Field("seat_hand", n, f"{per_seat}: cards in hand / {DECK_MAX + n} (a whole deck and every Key)"),
            Field("seat_deck", n, f"{per_seat}: cards left in its deck / {DECK_MAX}"),
            Field("seat_ready", n, f"{per_seat}: 1 once its set-up is final"),
            Field("seat_known", n * cards, f"{per_seat}, {cards} each (card ids in starter-set order): cards in hand "
                                           f"everyone saw go in (a Key picked up, a card returned), {count_doc}"),
            Field("seat_discard", n * cards, f"{per_seat}, {cards} each: its discard pile (face up), {count_doc}"),
            Field("seat_decklist", n * cards, f"{per_seat}, {cards} each: its deck list revealed at the end of "
                                              f"set-up (the Key not listed), copies / {COPIES}"),
            Field("hand", cards, f"the observer's hand by card id, {count_doc} (all 0 for the spectator)"),
            Field("setup_mode", 3, "the observer's set-up until the reveal: one-hot undecided, prebuilt deck, "
                                   "building a deck"),
            Field("setup_deck", len(DECK_IDS), "one-hot prebuilt deck picked: " + ", ".join(DECK_IDS)),
            Field("setup_character", chars, "one-hot character of the deck picked or being built"),
            Field("setup_cards", len(BUILT_CARDS), f"the deck picked or being built: copies of each card (the Key "
                                                   f"left out) / {COPIES}"),
            Field("setup_hexes", tiles, f"hexes picked or chosen: copies of each tile / {COPIES}"),
            Field("setup_size", 1, f"cards in that deck, the Key included / {DECK_MAX}"),
            Field("setup_problems", 1, "1 while the deck being built breaks a limit (it cannot be made final)"),
            Field("turn_seat", n, f"{per_seat}: one-hot whose turn it is"),
            Field("turn_step", len(TURN_STEPS), "one-hot step of the turn: " + ", ".join(TURN_STEPS)),
            Field("turn_actions", 2, f"actions used, actions allowed this turn; each / {QUAD}"),
            Field("turn_remains", 1, "1 while the turn's character stands in the hex it started the turn in "
                                     "(its events fire when the actions end)"),
            Field("turn_piece", self.ref_size, "the piece a defeated player dominates this turn: " + REF_DOC),
            Field("place", SIDES + tiles, "exploring: 1 for each turn (0..5 sixths) the explored hex may take, "
                                          "then one-hot its tile"),
            Field("window_asked", n, f"{per_seat}: 1 if asked in the play-any-time window open now"),
            Field("window_answered", n, f"{per_seat}: 1 if it answered that window already"),
            Field("pending", 3 + n + len(PLAY_KINDS), "a play being built or resolved: 1 if any, 1 if free (no "
                                                      "action), 1 if Thwarted; one-hot its player (per seat); "
                                                      "one-hot kind: " + ", ".join(PLAY_KINDS)),
            Field("pending_card", cards, "one-hot card played (by card id)"),
            Field("pending_method", len(METHODS), "one-hot play method: " + ", ".join(METHODS)),
            Field("pending_extras", len(ALTERATION_CARDS) + len(ENHANCEMENT_CARDS) + 2,
                  f"one-hot alteration attached ({', '.join(ALTERATION_CARDS)}), one-hot enhancement "
                  f"({', '.join(ENHANCEMENT_CARDS)}), Enforces / {COPIES}, uid of the tabled card used / "
                  "the uid cap"),
            Field("pending_target", self.ref_size, "the play's target: " + REF_DOC),
            Field("strike", 4, f"the strike being answered (defence turn or soak): 1 if any, 1 if play-any-time, "
                               f"1 if it may be dodged, the target's dodge score / {DICE_MAX}"),
            Field("strike_target", self.ref_size, "its target: " + REF_DOC),
            Field("strike_source", self.ref_size, "what strikes (a tabled card, an agent, a monster, a hex): "
                                                  + REF_DOC),
            Field("strike_by", n, f"{per_seat}: one-hot attacking seat (all 0: a hex or a monster)"),
            Field("strike_label", cards + len(MONSTER_IDS) + len(LABELS) + 1,
                  "one-hot what it is: a card (by id), a monster (" + ", ".join(MONSTER_IDS) + "), "
                  + ", ".join(LABELS) + ", a hex event"),
            Field("strike_damage", len(DAMAGE_KINDS), "damage coming, by type (untyped, "
                                                      + ", ".join(DAMAGE_TYPES) + f") / {DAMAGE_SCALE:g}: rolled "
                                                      "before the defence turn; in a soak, what is left to take"),
            Field("hex_placed", hexes, f"per hex index (0..{hexes - 1}, in the order explored): 1 if placed"),
            Field("hex_tile", hexes * tiles, f"per hex, {tiles} each: one-hot tile (" + ", ".join(TILE_IDS) + ")"),
            Field("hex_owner", hexes * n, f"per hex, {n} each: one-hot owner (seats relative as {per_seat})"),
            Field("hex_doors", hexes * SIDES, f"per hex, {SIDES} each: 1 for a door on side 0 E, 1 SE, 2 SW, 3 W, "
                                              "4 NW, 5 NE (as turned)"),
            Field("hex_exit", hexes, "per hex: 1 if it is an exit"),
            Field("hex_keys", hexes, f"per hex: Keys lying there / {n}"),
            Field("hex_coords", hexes * 2, f"per hex: axial q, r / {hexes} (the start hex is 0, 0)"),
            Field("hex_slain", hexes, "per hex: 1 if the observer slew its monster and stays (it does not come "
                                      "back for them), -1 if another seat did, 0 otherwise"),
            Field("hex_content", hexes * len(CONTENTS), f"per hex, {len(CONTENTS)} each: "
                                                        + ", ".join(CONTENTS) + f" there / {CONTENT_SCALE:g}"),
            Field("hexpile", 1 + tiles, f"the Hexpile: hexes left / {hexes}, then copies of each tile in it / "
                                        f"{COPIES * n}"),
            Field("monsters", self.monster_slots * self.monster_size,
                  f"{self.monster_slots} slots by ascending uid, {self.monster_size} each: 1 if present, uid / the "
                  f"uid cap, one-hot kind, life points / its own, (hex + 1) / {hexes}, 1 if at home, one-hot "
                  f"dominating seat (per seat), Keys carried / {n}, 1 if the observer provoked it, 1 if it spares "
                  "the observer"),
            Field("monsters_beyond", 1, f"monsters past the slots (the newest) / {hexes}"),
            Field("table", n * TABLE_SLOTS_PER_SEAT * self.entry_size,
                  f"tabled cards and agents by owner, {per_seat}: {TABLE_SLOTS_PER_SEAT} slots each by "
                  f"ascending uid, {self.entry_size} numbers a slot: 1 if present, uid / the uid cap, one-hot card "
                  f"({len(TABLEABLE)} tableable cards in starter-set order), one-hot seat it lies in front of "
                  f"(per seat; all 0: in a hex), 1 if in a hex, (hex + 1) / {hexes}, life points / its card's "
                  f"(0: none), 1 each if Locked, used this turn, for this turn only, active as a hex event, Keys "
                  f"carried / {n}, Enforces on it / {COPIES}"),
            Field("table_beyond", n, f"{per_seat}: its tabled entries past its slots (the newest) / {DECK_MAX}"),
        ]
        self.encoding = ObservationEncoding(self.fields, self.encode)

    # -------------------------------------------------------------- helpers
    def _ref(self, text: str | None, rel: list[int]) -> list[float]:
        out = [0.0] * self.ref_size
        if not text:
            return out
        kind, num = text[0], int(text[1:])
        out[REF_KINDS.index(kind)] = 1.0
        if kind == "c":
            out[4 + rel[num]] = 1.0
        elif kind in "tm":
            out[4 + self.n] = num / self.uids
        else:
            out[5 + self.n] = (num + 1) / self.hexes
        return out

    @staticmethod
    def _counts(items, index: dict, most: list[float]) -> list[float]:
        """Copies of each id (in `index`'s order), each divided by its own maximum."""
        out = [0.0] * len(index)
        for item in items:
            i = index[item]
            out[i] += 1.0 / most[i]
        return out

    def _per_seat(self, rel: list[int], rows: list[list[float]]) -> list[float]:
        """Rows in seat order laid out in the observer's order."""
        ordered = [None] * self.n
        for seat, row in enumerate(rows):
            ordered[rel[seat]] = row
        return [x for row in ordered for x in row]

    # -------------------------------------------------------------- the vector
    def encode(self, view: dict) -> list[float]:
        try:
            return self._encode(view)
        except (KeyError, TypeError, IndexError, ValueError, AttributeError) as exc:
            raise EncodingError(f"pharaoh: a view the observation cannot read ({type(exc).__name__}: {exc})",
                                code="bad_observation") from None

    def _encode(self, view: dict) -> list[float]:
        n, hexes = self.n, self.hexes
        me = view["seat"]
        base = 0 if me is None else me
        rel = [(s - base) % n for s in range(n)]
        seats = view["seats"]
        v = Vector(self.fields)

        def flags(chosen) -> list[float]:
            out = [0.0] * n
            for s in chosen:
                out[rel[s]] = 1.0
            return out

        def seat_hot(seat) -> list[float]:
            return flags([] if seat is None else [seat])

        v.put("observer", [me is not None, me is None])
        v.one_hot("phase", _PHASE[view["phase"]])
        v.put("to_act", flags(view["to_act"]))
        v.put("round", [view["round"] / view["round_limit"]])
        v.put("first", seat_hot(view["first"]))
        v.put("winner", seat_hot(view["winner"]))
        v.one_hot("end_reason", None if view["end_reason"] is None else END_REASONS.index(view["end_reason"]))

        self._seats(v, seats, rel)
        v.put("hand", self._counts(view["hand"] or (), _CARD, self.card_max))
        self._setup(v, seats[base].get("setup") if me is not None else None)
        self._turn(v, view, seats, rel, seat_hot)
        decision = view["decision"] or {}
        place = [0.0] * (SIDES + len(TILE_IDS))
        if decision.get("kind") == "place":
            for turn in decision["turns"]:
                place[turn] = 1.0
            place[SIDES + _TILE[decision["tile"]]] = 1.0
        v.put("place", place)
        window = view["window"] or {}
        v.put("window_asked", flags(window.get("asked", ())))
        v.put("window_answered", flags(window.get("answered", ())))
        self._pending(v, view["pending"], rel)
        self._strike(v, view["strike"], rel)
        self._crypt(v, view, base, rel)
        self._monsters(v, view["monsters"], base, rel)
        self._table(v, view["table"], rel)
        return v.done()

    def _seats(self, v: Vector, seats: list[dict], rel: list[int]) -> None:
        n, hexes = self.n, self.hexes
        chars = len(CHARACTER_IDS)
        character, where = [], []
        for s in seats:
            row = [0.0] * chars
            if s["character"] is not None:
                row[_CHARACTER[s["character"]]] = 1.0
            character.append(row)
            row = [0.0] * hexes
            if s["hex"] is not None:
                row[s["hex"]] = 1.0
            where.append(row)
        v.put("seat_character", self._per_seat(rel, character))
        v.put("seat_hex", self._per_seat(rel, where))
        v.put("seat_life", self._per_seat(rel, [[s["life"] / LIFE] for s in seats]))
        v.put("seat_defeated", self._per_seat(rel, [[float(s["defeated"])] for s in seats]))
        v.put("seat_trapped", self._per_seat(rel, [[(s["trapped"] or 0) / DICE_MAX] for s in seats]))
        v.put("seat_hand", self._per_seat(rel, [[s["hand"] / (DECK_MAX + n)] for s in seats]))
        v.put("seat_deck", self._per_seat(rel, [[s["deck"] / DECK_MAX] for s in seats]))
        v.put("seat_ready", self._per_seat(rel, [[float(s["ready"])] for s in seats]))
        v.put("seat_known", self._per_seat(rel, [self._counts(s["known"], _CARD, self.card_max) for s in seats]))
        v.put("seat_discard", self._per_seat(rel, [self._counts(s["discard"], _CARD, self.card_max) for s in seats]))
        decklists = []
        for s in seats:
            row = [0.0] * len(CARD_IDS)
            for card, copies in (s["decklist"] or {}).items():
                row[_CARD[card]] = copies / COPIES
            decklists.append(row)
        v.put("seat_decklist", self._per_seat(rel, decklists))

    def _setup(self, v: Vector, setup: dict | None) -> None:
        mode = None if setup is None else {None: 0, "pick": 1, "build": 2}[setup["mode"]]
        v.one_hot("setup_mode", mode)
        v.one_hot("setup_deck", _DECK[setup["deck"]] if setup and setup["deck"] else None)
        v.one_hot("setup_character", _CHARACTER[setup["character"]] if setup and setup["character"] else None)
        cards = [0.0] * len(BUILT_CARDS)
        for card, copies in (setup["cards"] if setup else {}).items():
            cards[_BUILT[card]] = copies / COPIES
        v.put("setup_cards", cards)
        v.put("setup_hexes", self._counts(setup["hexes"] if setup else (), _TILE, self.tile_max))
        size = sum(setup["cards"].values()) + 1 if setup and setup["mode"] else 0
        v.put("setup_size", [size / DECK_MAX])
        v.put("setup_problems", [float(bool(setup and setup.get("problems")))])

    def _turn(self, v: Vector, view: dict, seats: list[dict], rel: list[int], seat_hot) -> None:
        turn = view["turn"]
        if turn is None:
            v.put("turn_seat", [0.0] * self.n)
            v.one_hot("turn_step", None)
            v.put("turn_actions", [0.0, 0.0])
            v.put("turn_remains", [0.0])
            v.put("turn_piece", self._ref(None, rel))
            return
        here = seats[turn["seat"]]["hex"]
        v.put("turn_seat", seat_hot(turn["seat"]))
        v.one_hot("turn_step", _STEP[turn["step"]])
        v.put("turn_actions", [turn["used"] / QUAD, turn["allowance"] / QUAD])
        v.put("turn_remains", [float(here is not None and here == turn["start_hex"])])
        v.put("turn_piece", self._ref(turn["piece"], rel))

    def _pending(self, v: Vector, pending: dict | None, rel: list[int]) -> None:
        head = [0.0] * (3 + self.n + len(PLAY_KINDS))
        extras = [0.0] * (len(ALTERATION_CARDS) + len(ENHANCEMENT_CARDS) + 2)
        if pending is None:
            v.put("pending", head)
            v.one_hot("pending_card", None)
            v.one_hot("pending_method", None)
            v.put("pending_extras", extras)
            v.put("pending_target", self._ref(None, rel))
            return
        head[0], head[1], head[2] = 1.0, float(bool(pending["free"])), float(bool(pending.get("cancelled")))
        head[3 + rel[pending["seat"]]] = 1.0
        head[3 + self.n + _KIND[pending["kind"]]] = 1.0
        v.put("pending", head)
        v.one_hot("pending_card", _CARD[pending["card"]] if pending["card"] else None)
        v.one_hot("pending_method", _METHOD[pending["method"]] if pending["method"] else None)
        if pending["alteration"]:
            extras[_ALTERATION[pending["alteration"]]] = 1.0
        if pending["enhancement"]:
            extras[len(ALTERATION_CARDS) + _ENHANCEMENT[pending["enhancement"]]] = 1.0
        extras[-2] = len(pending["modifiers"]) / COPIES
        extras[-1] = (pending["uid"] or 0) / self.uids
        v.put("pending_extras", extras)
        v.put("pending_target", self._ref(pending.get("target"), rel))

    def _strike(self, v: Vector, strike: dict | None, rel: list[int]) -> None:
        label = [0.0] * (len(CARD_IDS) + len(MONSTER_IDS) + len(LABELS) + 1)
        damage = [0.0] * len(DAMAGE_KINDS)
        if strike is None:
            v.put("strike", [0.0] * 4)
            for name in ("strike_target", "strike_source"):
                v.put(name, self._ref(None, rel))
            v.put("strike_by", [0.0] * self.n)
            v.put("strike_label", label)
            v.put("strike_damage", damage)
            return
        v.put("strike", [1.0, float(bool(strike["anytime"])), float(bool(strike["dodgeable"])),
                         strike["dodge_at"] / DICE_MAX])
        v.put("strike_target", self._ref(strike["target"], rel))
        v.put("strike_source", self._ref(strike["source"], rel))
        by = [0.0] * self.n
        if strike["by"] is not None:
            by[rel[strike["by"]]] = 1.0
        v.put("strike_by", by)
        name = strike["label"]
        if name in _CARD:
            label[_CARD[name]] = 1.0
        elif name in _MONSTER:
            label[len(CARD_IDS) + _MONSTER[name]] = 1.0
        elif name in LABELS:
            label[len(CARD_IDS) + len(MONSTER_IDS) + LABELS.index(name)] = 1.0
        elif name is not None:  # "event.<name>": a hex's event
            label[-1] = 1.0
        v.put("strike_label", label)
        parts = strike["rolled"] if strike["rolled"] is not None else [[strike["amount"], strike["dtype"]]]
        for amount, dtype in parts:
            damage[_DAMAGE[dtype]] += amount / DAMAGE_SCALE
        v.put("strike_damage", damage)

    def _crypt(self, v: Vector, view: dict, base: int, rel: list[int]) -> None:
        n, hexes, tiles = self.n, self.hexes, len(TILE_IDS)
        placed, tile, owner = [0.0] * hexes, [0.0] * (hexes * tiles), [0.0] * (hexes * n)
        doors, exits, keys = [0.0] * (hexes * SIDES), [0.0] * hexes, [0.0] * hexes
        coords, slain = [0.0] * (hexes * 2), [0.0] * hexes
        for i, h in enumerate(view["crypt"]):
            placed[i] = 1.0
            tile[i * tiles + _TILE[h["tile"]]] = 1.0
            owner[i * n + rel[h["owner"]]] = 1.0
            for d in h["doors"]:
                doors[i * SIDES + d] = 1.0
            exits[i] = float(h["exit"])
            keys[i] = h["keys"] / n
            coords[2 * i], coords[2 * i + 1] = h["q"] / hexes, h["r"] / hexes
            if h.get("slain_by") is not None:
                slain[i] = 1.0 if h["slain_by"] == base else -1.0
        for name, values in (("hex_placed", placed), ("hex_tile", tile), ("hex_owner", owner), ("hex_doors", doors),
                             ("hex_exit", exits), ("hex_keys", keys), ("hex_coords", coords), ("hex_slain", slain)):
            v.put(name, values)
        width = len(CONTENTS)
        content = [0.0] * (hexes * width)
        step = 1.0 / CONTENT_SCALE
        for m in view["monsters"]:
            content[m["hex"] * width] += step
        for e in view["table"]:
            if e["hex"] is not None:
                slot = (1 if CARDS[e["card"]].is_agent else 3) + (e["owner"] != base)
                content[e["hex"] * width + slot] += step
        v.put("hex_content", content)
        pile = view["hexpile"]
        v.put("hexpile", [pile["count"] / hexes, *self._counts(pile["contents"], _TILE, self.pile_max)])

    def _monsters(self, v: Vector, monsters: list[dict], base: int, rel: list[int]) -> None:
        n, width = self.n, self.monster_size
        kinds = len(MONSTER_IDS)
        out = [0.0] * (self.monster_slots * width)
        ordered = sorted(monsters, key=lambda m: m["uid"])
        for k, m in enumerate(ordered[:self.monster_slots]):
            at = k * width
            out[at], out[at + 1] = 1.0, m["uid"] / self.uids
            out[at + 2 + _MONSTER[m["monster"]]] = 1.0
            at += 2 + kinds
            out[at] = m["lp"] / MONSTERS[m["monster"]].lp
            out[at + 1] = (m["hex"] + 1) / self.hexes
            out[at + 2] = float(m["hex"] == m["home"])
            if m["dominated_by"] is not None:
                out[at + 3 + rel[m["dominated_by"]]] = 1.0
            at += 3 + n
            out[at] = m["keys"] / n
            out[at + 1] = float(base in m["provoked"])
            out[at + 2] = float(base in m["spares"])
        v.put("monsters", out)
        v.put("monsters_beyond", [max(0, len(monsters) - self.monster_slots) / self.hexes])

    def _table(self, v: Vector, table: list[dict], rel: list[int]) -> None:
        n, width, slots = self.n, self.entry_size, TABLE_SLOTS_PER_SEAT
        out = [0.0] * (n * slots * width)
        filled, beyond = [0] * n, [0.0] * n
        for e in sorted(table, key=lambda e: e["uid"]):
            owner = rel[e["owner"]]
            if filled[owner] == slots:
                beyond[owner] += 1.0 / DECK_MAX
                continue
            at = (owner * slots + filled[owner]) * width
            filled[owner] += 1
            out[at], out[at + 1] = 1.0, e["uid"] / self.uids
            out[at + 2 + _TABLED[e["card"]]] = 1.0
            at += 2 + len(TABLEABLE)
            if e["seat"] is not None:
                out[at + rel[e["seat"]]] = 1.0
            at += n
            if e["hex"] is not None:
                out[at], out[at + 1] = 1.0, (e["hex"] + 1) / self.hexes
            full = CARDS[e["card"]].lp
            out[at + 2] = (e["lp"] or 0) / full if full else 0.0
            for j, name in enumerate(("lock", "used", "turn", "active")):
                out[at + 3 + j] = float(e[name])
            out[at + 7] = e["keys"] / n
            out[at + 8] = e["enforced"] / COPIES
        v.put("table", out)
        v.put("table_beyond", beyond)

def observation_encoding(players: int, options: dict) -> ObservationEncoding:
    return _observer(players, options["round_limit"]).encoding


@lru_cache(maxsize=32)
def _observer(players: int, round_limit: int) -> _Observer:
    return _Observer(players, round_limit)
