"""Crypt's fixed encodings for learning agents: every action a table may ever offer, and a seat's
view as a vector of numbers (engine/encoding.py).

Both depend on the player count (how many cards the Crypt shows, how many seats and cards there
are) and on the collector sides the options allow (an ability whose collector can never show
that side offers no action). Seats in the observation are relative to the observer: its own
data first, then the others in seat order after it (a spectator sees the table from seat 0);
in solo the Ghost takes the place after the seats wherever a seat can be a card's owner, the
Leader or Lights Out.
"""

from __future__ import annotations

from functools import lru_cache

from ...engine import ActionEncoding, Field, ObservationEncoding, Vector, options_key
from .collectors import collector_bonus
from .components import DECKS, DICE_PER_PLAYER, DIE_FACES, REVEAL, TYPES

# Crypt.phases, in its order (game.py imports this module, so it cannot be imported from there;
# the tests check that the two agree).
PHASES = ("pottery", "claim", "collect", "idol", "game_end")
DIE_STATES = ("ready", "placed", "exhausted")
GHOST_DIE_STATES = ("ready", "placed", "aside")
MAX_VALUE = 4  # the highest printed treasure value
MAX_SOLO_TARGET = 200  # the solo_target option's maximum


def slots(players: int) -> int:
    """Cards in the Crypt at the start of a round: the most a slot index can reach (a Pottery B
    take only removes one)."""
    up, down = REVEAL[players]
    return up + down


def possible_sides(options: dict) -> dict[str, set[str]]:
    """The sides each collector can show at a table with these options."""
    mode = options["collectors"]
    if mode in ("A", "B"):
        return {kind: {mode} for kind in TYPES}
    if mode == "random":
        return {kind: {"A", "B"} for kind in TYPES}
    return {kind: {options[kind]} for kind in TYPES}


def every_action(players: int, options: dict) -> list[dict]:
    """Every action a table of `players` with these resolved options may ever offer any seat."""
    sides = possible_sides(options)
    actions = [{"type": "place", "slot": slot, "effort": effort}
               for slot in range(slots(players)) for effort in range(1, DIE_FACES + 1)]
    actions += [{"type": t} for t in ("take_back", "confirm", "recover", "pass")]
    if "B" in sides["pottery"]:
        # the face-down cards' slots: at the end of the Crypt, or anywhere once solo sorts it
        actions += [{"type": "pottery_take", "slot": slot} for slot in range(slots(players))]
    if "A" in sides["idol"]:
        actions += [{"type": "idol_reroll", "die": die} for die in range(DICE_PER_PLAYER)]
    if "B" in sides["manuscript"]:
        actions.append({"type": "manuscript_peek"})
    if "A" in sides["remains"]:
        actions.append({"type": "remains_recover"})
    return actions


def action_encoding(players: int, options: dict) -> ActionEncoding:
    return _action_encoding(players, options_key(options))


@lru_cache(maxsize=64)
def _action_encoding(players: int, key: tuple) -> ActionEncoding:
    return ActionEncoding(every_action(players, dict(key)))


# ------------------------------------------------------------------ the observation
class _Table:
    """What the scaling of one player count needs from the components, computed once."""

    def __init__(self, players: int):
        deck = DECKS[players]
        self.players = players
        self.solo = players == 1
        self.owners = players + 1 if self.solo else players  # seats, then the Ghost
        self.slots = slots(players)
        self.deck = len(deck)
        self.copies = {kind: sum(1 for c in deck if c.type == kind) for kind in TYPES}
        self.type_value = {kind: sum(c.value for c in deck if c.type == kind) for kind in TYPES}
        self.value_copies = max(sum(1 for c in deck if (c.type, c.value) == (kind, v))
                                for kind in TYPES for v in range(1, MAX_VALUE + 1))
        per_round = sum(REVEAL[players])
        self.rounds = -(-self.deck // per_round)
        # A public score is known treasure plus unexhausted servants; a final total adds every
        # collector's bonus, each at most what it gives one seat holding every card of its type.
        everything = sum(c.value for c in deck)
        self.public_max = everything + DICE_PER_PLAYER
        self.total_max = self.public_max + sum(
            max(collector_bonus(kind, side, [[(c.type, c.value) for c in deck if c.type == kind]], [0])[0]
                for side in ("A", "B"))
            for kind in TYPES)
        self.treasure_max = everything


def fields(players: int) -> list[Field]:
    t = _Table(players)
    n, k, s = players, t.owners, t.slots
    ghost = " (the Ghost last)" if t.solo else ""
    found = [
        Field("spectator", 1, "1 for a spectator's view (no seat), else 0"),
        Field("phase", len(PHASES), f"one-hot phase: {', '.join(PHASES)}"),
        Field("to_act", n, "per seat, relative to the observer: 1 if it may act now"),
        Field("my_turn", 1, "1 if the observer may act now"),
        Field("round", 1, f"round number / {t.rounds} (the rounds the deck lasts)"),
        Field("deck", 1, f"cards left in the deck / {t.deck}"),
        Field("leader", k, f"one-hot relative seat holding the Leader torch{ghost}"),
        Field("lights_out", k, f"one-hot relative seat holding the Lights Out torch{ghost}"),
        Field("last_turn", 1, "1 during the Lights Out holder's claim turn (one card only)"),
        Field("torch_right", 1, "1 if the torches pass right (option torch_direction), 0 left"),
        Field("collector_b", len(TYPES), f"per collector ({', '.join(TYPES)}): 1 if it shows side B, 0 side A"),
        Field("slot_present", s, "per Crypt slot: 1 if a card lies there"),
        Field("slot_face_up", s, "per Crypt slot: 1 if its card is face up"),
        Field("slot_type", s * len(TYPES), "per Crypt slot: one-hot treasure type"),
        Field("slot_value_known", s, "per Crypt slot: 1 if the observer knows the card's value"),
        Field("slot_value", s, f"per Crypt slot: the card's value / {MAX_VALUE}, 0 if unknown"),
        Field("slot_owner", s * k, f"per Crypt slot: one-hot relative seat whose servants hold it{ghost}, "
              "all 0 if free"),
        Field("slot_effort", s, f"per Crypt slot: the holders' effort / {DIE_FACES}"),
        Field("slot_dice", s, f"per Crypt slot: servants on it / {DICE_PER_PLAYER}"),
        Field("slot_total", s, f"per Crypt slot: effort x servants / {DIE_FACES * DICE_PER_PLAYER}"),
        Field("pending_effort", s, f"per Crypt slot: effort of the servants placed there this turn, not yet "
              f"confirmed / {DIE_FACES}"),
        Field("pending_dice", s, f"per Crypt slot: servants placed there this turn / {DICE_PER_PLAYER}"),
        Field("idol_rerolls", DICE_PER_PLAYER, f"per die of the seat in the Idol step: the effort it was "
              f"exhausted at / {DIE_FACES} if it may be re-rolled, else 0"),
        Field("dice", n * DICE_PER_PLAYER * len(DIE_STATES), "per relative seat, per servant die: one-hot "
              f"{', '.join(DIE_STATES)}"),
        Field("held", n * len(TYPES), "per relative seat, per type: cards collected / the deck's cards of "
              "that type"),
        Field("flipped", n * len(TYPES), "per relative seat, per type: cards flipped / the deck's cards of "
              "that type"),
        Field("known_value", n * len(TYPES), "per relative seat, per type: sum of the collected values the "
              "observer knows / the deck's sum of that type"),
        Field("unknown", n * len(TYPES), "per relative seat, per type: collected cards whose value the "
              "observer does not know / the deck's cards of that type"),
        Field("public_score", n, f"per relative seat: known treasure + unexhausted servants / {t.public_max}"),
        Field("idol_b_first", n, "per relative seat: 1 if it was first to collect 2 Idols (side B)"),
        Field("peeked", n, "per relative seat: 1 if it used Manuscript B this round"),
        Field("my_treasure", 1, f"the observer's treasure (every value it holds) / {t.treasure_max}; "
              "0 for a spectator"),
        Field("discard_known", len(TYPES) * MAX_VALUE, "per type, per value 1..4: discarded cards of it "
              f"whose value is shown / {t.value_copies}"),
        Field("discard_hidden", len(TYPES), "per type: discarded cards whose value is not shown / the "
              "deck's cards of that type"),
    ]
    if t.solo:
        found += [
            Field("ghost_dice", DICE_PER_PLAYER * len(GHOST_DIE_STATES), "per Ghost die: one-hot "
                  f"{', '.join(GHOST_DIE_STATES)}"),
            Field("solo_target", 1, f"coins the Only Child needs / {MAX_SOLO_TARGET}"),
        ]
    found += [
        Field("final_score", n, f"per relative seat: final total / {t.total_max} (0 before the end)"),
        Field("winner", n, "per relative seat: 1 if it won (0 before the end)"),
    ]
    return found


def observation_encoding(players: int, options: dict) -> ObservationEncoding:
    return _observation_encoding(players)


@lru_cache(maxsize=8)
def _observation_encoding(players: int) -> ObservationEncoding:
    table, layout = _Table(players), fields(players)
    return ObservationEncoding(layout, lambda view: encode(view, table, layout))


def encode(view: dict, t: _Table, layout: list[Field]) -> list[float]:
    n, k = t.players, t.owners
    base = view["seat"] if view["seat"] is not None else 0
    v = Vector(layout)

    def rel(who) -> int | None:
        """The observer-relative index of a seat, the Ghost after the seats, None for nobody."""
        if who is None:
            return None
        return n if who == "ghost" else (who - base) % n

    def seats_first(rows: list) -> list:
        return rows[base:] + rows[:base]

    v.put("spectator", [view["seat"] is None])
    v.one_hot("phase", PHASES.index(view["phase"]))
    acting = [0.0] * n
    for seat in view["to_act"]:
        acting[rel(seat)] = 1.0
    v.put("to_act", acting)
    v.put("my_turn", [view["seat"] in view["to_act"]])
    v.put("round", [view["round"] / t.rounds])
    v.put("deck", [view["deck_size"] / t.deck])
    v.one_hot("leader", rel(view["leader"]))
    v.one_hot("lights_out", rel(view["lights_out"]))
    v.put("last_turn", [view["last_turn"]])
    v.put("torch_right", [view["options"]["torch_direction"] == "right"])
    v.put("collector_b", [c["side"] == "B" for c in view["collectors"]])

    s = t.slots
    present, up, kinds, known, value = [0.0] * s, [0.0] * s, [0.0] * (s * len(TYPES)), [0.0] * s, [0.0] * s
    owner, effort, dice, total = [0.0] * (s * k), [0.0] * s, [0.0] * s, [0.0] * s
    for i, slot in enumerate(view["crypt"]):
        present[i], up[i] = 1.0, float(slot["face_up"])
        kinds[i * len(TYPES) + TYPES.index(slot["type"])] = 1.0
        if slot["value"] is not None:
            known[i], value[i] = 1.0, slot["value"] / MAX_VALUE
        if slot["owner"] is not None:
            owner[i * k + rel(slot["owner"])] = 1.0
        effort[i] = slot["effort"] / DIE_FACES
        dice[i] = slot["dice"] / DICE_PER_PLAYER
        total[i] = slot["total"] / (DIE_FACES * DICE_PER_PLAYER)
    for name, values in (("slot_present", present), ("slot_face_up", up), ("slot_type", kinds),
                         ("slot_value_known", known), ("slot_value", value), ("slot_owner", owner),
                         ("slot_effort", effort), ("slot_dice", dice), ("slot_total", total)):
        v.put(name, values)
    pending_effort, pending_dice = [0.0] * s, [0.0] * s
    for placed in view["pending"]:
        pending_effort[placed["slot"]] = placed["effort"] / DIE_FACES
        pending_dice[placed["slot"]] += 1 / DICE_PER_PLAYER
    v.put("pending_effort", pending_effort)
    v.put("pending_dice", pending_dice)
    rerolls = [0.0] * DICE_PER_PLAYER
    for entry in view["idol_rerolls"]:
        rerolls[entry["die"]] = entry["effort"] / DIE_FACES
    v.put("idol_rerolls", rerolls)

    players = seats_first(view["players"])
    die_states, held, flipped, known_value, unknown = [], [], [], [], []
    for p in players:
        for status in p["dice"]:
            die_states += [float(status == state) for state in DIE_STATES]
        counts = {kind: [0, 0, 0, 0] for kind in TYPES}  # held, flipped, known value, unknown
        for card in p["collection"]:
            row = counts[card["type"]]
            row[0] += 1
            row[1] += card["flipped"]
            if card["value"] is None:
                row[3] += 1
            else:
                row[2] += card["value"]
        for kind in TYPES:
            held_n, flipped_n, value_sum, unknown_n = counts[kind]
            held.append(held_n / t.copies[kind])
            flipped.append(flipped_n / t.copies[kind])
            known_value.append(value_sum / t.type_value[kind])
            unknown.append(unknown_n / t.copies[kind])
    v.put("dice", die_states)
    v.put("held", held)
    v.put("flipped", flipped)
    v.put("known_value", known_value)
    v.put("unknown", unknown)
    v.put("public_score", [p["public_score"] / t.public_max for p in players])
    v.put("idol_b_first", [p["idol_b_first"] for p in players])
    v.put("peeked", [p["peeked_this_round"] for p in players])
    v.put("my_treasure", [view["you"]["treasure"] / t.treasure_max if "you" in view else 0.0])

    shown, hidden = [0.0] * (len(TYPES) * MAX_VALUE), [0.0] * len(TYPES)
    for card in view["discard"]:
        kind = TYPES.index(card["type"])
        if card["value"] is None:
            hidden[kind] += 1 / t.copies[card["type"]]
        else:
            shown[kind * MAX_VALUE + card["value"] - 1] += 1 / t.value_copies
    v.put("discard_known", shown)
    v.put("discard_hidden", hidden)

    if t.solo:
        v.put("ghost_dice", [float(status == state) for status in view["ghost"]["dice"]
                             for state in GHOST_DIE_STATES])
        v.put("solo_target", [view["options"]["solo_target"] / MAX_SOLO_TARGET])
    result = view.get("result")
    if result is None:
        v.put("final_score", [0.0] * n)
        v.put("winner", [0.0] * n)
    else:
        v.put("final_score", [row["total"] / t.total_max for row in seats_first(result["scores"])])
        won = [0.0] * n
        for seat in result["winners"]:
            won[rel(seat)] = 1.0
        v.put("winner", won)
    return v.done()


__all__ = ["PHASES", "action_encoding", "every_action", "fields", "observation_encoding"]
