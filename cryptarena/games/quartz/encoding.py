"""Quartz's fixed encodings for learning agents (engine/encoding.py, docs/rl.md).

Actions: every dict `QuartzState._legal_actions` can produce at a table of this size and these
options, in a fixed order: the 31 rerolls, `stop`, the wilds and uses of the five action faces,
`end_turn`, `draw`, the jackhammer's returns, the chest's protects, a dump to each seat and a
steal of each colour from each seat. Seats in actions are absolute, as in the game's dicts.

Observation: built from `view(seat)` alone. Per-seat fields are rotated so that the observer comes
first, then the seats after it clockwise (the spectator, seat None, sees seat 0 first); the
observer's absolute seat is a field of its own, so that an agent can name seats in actions.
Counts are raw numbers of crystals, dice or markers.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from ...engine import ActionEncoding, EncodingError, Field, ObservationEncoding, Vector, options_key
from .components import COLOURS, DICE, FACES, MINIMUM, UNSTABLE

ALL = (*COLOURS, UNSTABLE)
ACTION_FACES = tuple(MINIMUM)  # the five faces that start an action (helmets only go wild)
PHASES = ("roll", "actions", "pickaxe", "jackhammer", "chest", "cart", "steal", "game_end")
SUBSETS = [list(dice) for size in range(1, DICE + 1) for dice in combinations(range(DICE), size)]


@lru_cache(maxsize=None)
def action_encoding(players: int, key: tuple) -> ActionEncoding:
    options = dict(key)
    protectable = ALL if options["unstable_in_chest"] else COLOURS
    return ActionEncoding([
        *({"type": "reroll", "dice": dice} for dice in SUBSETS),
        {"type": "stop"},
        *({"type": "wild", "as": face} for face in ACTION_FACES),
        *({"type": "use", "face": face} for face in ACTION_FACES),
        {"type": "end_turn"},
        {"type": "draw"},
        *({"type": "return", "colour": colour} for colour in ALL),
        *({"type": "protect", "colour": colour} for colour in protectable),
        *({"type": "dump", "to": seat} for seat in range(players)),
        *({"type": "steal", "from": seat, "colour": colour} for seat in range(players) for colour in COLOURS),
    ])


def _fields(players: int) -> list[Field]:
    n = players
    return [
        Field("phase", len(PHASES), "one-hot phase: " + ", ".join(PHASES)),
        Field("seat", n, "one-hot absolute seat of the observer (all 0 for the spectator)"),
        Field("to_act", n, "1 for the seat whose turn it is (relative: observer first)"),
        Field("turns_left", n, "1 for each seat still to take its turn this round, the one acting included (relative)"),
        Field("round", 1, "round number, 1..6"),
        Field("bag", len(ALL), "crystals in the bag per colour: white, pink, green, blue, red, yellow, black"),
        Field("unstable_supply", 1, "black crystals still in the supply, waiting to enter the bag"),
        Field("carts", n * len(ALL), "each seat's cart (relative), 7 colour counts per seat"),
        Field("chests", n * len(ALL), "each seat's chest (relative), 7 colour counts per seat"),
        Field("markers", n, "each seat's reroll markers (relative)"),
        Field("scores", n, "each seat's current total score (relative)"),
        Field("dice", DICE * len(FACES), "each of the 5 dice one-hot over " + ", ".join(FACES) + " (0 before a roll)"),
        Field("free_rerolls", 1, "free rerolls left this turn"),
        Field("faces", len(ACTION_FACES), "kept faces per action face, wilds added: " + ", ".join(ACTION_FACES)),
        Field("helmets", 1, "kept helmets not yet turned wild"),
        Field("used", len(ACTION_FACES), "1 for each action face already used this turn"),
        Field("left", 1, "uses left in the current action (crystals to return in jackhammer)"),
        Field("drawn", len(ALL), "crystals the jackhammer drew, per colour, while returning them"),
        Field("winners", n, "1 for each winning seat once the game is over (relative)"),
        Field("rules", 4, "options: unstable_in_chest, die_faces double_pickaxe, big_sets cap, bag_empty_end round"),
    ]


@lru_cache(maxsize=None)
def observation_encoding(players: int, key: tuple) -> ObservationEncoding:
    fields = _fields(players)

    def encode(view: dict) -> list[float]:
        if view.get("game") != "quartz" or view.get("player_count") != players:
            raise EncodingError(f"this encoding reads the view of a {players}-player Quartz table, not of a "
                                f"{view.get('player_count')}-player {view.get('game')} table", code="bad_observation")
        me = view["seat"]
        first = 0 if me is None else me
        order = [(first + k) % players for k in range(players)]  # absolute seat at each relative slot
        seats = view["seats"]
        out = Vector(fields)
        out.one_hot("phase", PHASES.index(view["phase"]))
        out.one_hot("seat", me)
        out.put("to_act", (1 if s in view["to_act"] else 0 for s in order))
        out.put("turns_left", (1 if s in view["order"] else 0 for s in order))
        out.put("round", [view["round"]])
        out.put("bag", (view["bag"][c] for c in ALL))
        out.put("unstable_supply", [view["unstable_supply"]])
        out.put("carts", (seats[s]["cart"][c] for s in order for c in ALL))
        out.put("chests", (seats[s]["chest"][c] for s in order for c in ALL))
        out.put("markers", (seats[s]["markers"] for s in order))
        out.put("scores", (seats[s]["score"] for s in order))
        dice = [0.0] * (DICE * len(FACES))
        for die, face in enumerate(view["dice"]):
            dice[die * len(FACES) + FACES.index(face)] = 1.0
        out.put("dice", dice)
        out.put("free_rerolls", [view["free_rerolls"]])
        out.put("faces", (view["faces"].get(f, 0) for f in ACTION_FACES))
        out.put("helmets", [view["helmets"]])
        out.put("used", (1 if f in view["used"] else 0 for f in ACTION_FACES))
        out.put("left", [view["left"]])
        out.put("drawn", (view["drawn"].get(c, 0) for c in ALL))
        winners = view.get("result", {}).get("winners", [])
        out.put("winners", (1 if s in winners else 0 for s in order))
        rules = view["options"]
        out.put("rules", [rules["unstable_in_chest"], rules["die_faces"] == "double_pickaxe",
                          rules["big_sets"] == "cap", rules["bag_empty_end"] == "round"])
        return out.done()

    return ObservationEncoding(fields, encode)


__all__ = ["action_encoding", "observation_encoding", "options_key"]
