"""Midas Chests' fixed encodings for learning agents: every action a table may ever offer, and a
seat's view as a vector of numbers (engine/encoding.py).

Both depend on the player count and on the options: the mode (a companion table names the player
in each action and takes no bids), the bid cap, the die's faces and stones, the chest size.
Seats in the observation are relative to the observer: its own data first, then the others in
seat order after it (a spectator, and the companion device, see the table from seat 0).
"""

from __future__ import annotations

from functools import lru_cache

from ...engine import ActionEncoding, Field, ObservationEncoding, Vector, options_key
from .components import DICE_PER_PLAYER, DIE_PRESETS, FAVOURS, OBSIDIAN_CARDS, stones

# Midas.phases, in its order (game.py imports this module, so it cannot be imported from there;
# the tests check that the two agree).
PHASES = ("obsidian", "bidding", "table", "result", "penalty", "favours", "swap", "game_end")
# The Obsidian value is the two_player_obsidian option (at most 2) or the sum of the cursed
# players' cards, 0 or 1 each; at least two players are still in play while it counts (one left
# is the end), so with at most 4 players at most 2 cards count.
OBSIDIAN_MAX = 2
FAVOUR_PRICE_MAX = max(FAVOURS.values())


def every_action(players: int, options: dict) -> list[dict]:
    """Every action a table of `players` with these resolved options may ever offer any seat.

    A bid is a count up to the cap, and the cap is largest while nobody is Cursed:
    bid_cap_per_player x players. Obsidian cards are played only with 3 or more players (2 players
    play a fixed value)."""
    seats = range(players)
    stone_names = stones(DIE_PRESETS[options["die_faces"]])
    obsidian = players > 2
    if options["mode"] == "companion":  # the one device acts for every player and names them
        actions = [{"type": "obsidian", "player": p, "value": v}
                   for p in seats for v in OBSIDIAN_CARDS] if obsidian else []
        actions.append({"type": "reveal"})
        actions += [{"type": "bribe", "player": p, "stone": s} for p in seats for s in stone_names]
        actions += [{"type": kind, "player": p} for kind in ("lose_die", "draw") for p in seats]
        actions += [{"type": "buy", "player": p, "favour": f} for p in seats for f in FAVOURS]
        actions += [{"type": "pass", "player": p} for p in seats]
        actions += [{"type": "swap", "player": p, "with": w} for p in seats for w in seats if w != p]
        return actions
    actions = [{"type": "obsidian", "value": v} for v in OBSIDIAN_CARDS] if obsidian else []
    actions += [{"type": "bid", "count": c} for c in range(1, options["bid_cap_per_player"] * players + 1)]
    actions.append({"type": "accuse"})
    actions += [{"type": "bribe", "stone": s} for s in stone_names]
    actions += [{"type": "lose_die"}, {"type": "draw"}]
    actions += [{"type": "buy", "favour": f} for f in FAVOURS]
    actions.append({"type": "pass"})
    actions += [{"type": "swap", "with": w} for w in seats]  # any seat but the buyer's own
    return actions


def action_encoding(players: int, options: dict) -> ActionEncoding:
    return _action_encoding(players, options_key(options))


@lru_cache(maxsize=64)
def _action_encoding(players: int, key: tuple) -> ActionEncoding:
    return ActionEncoding(every_action(players, dict(key)))


# ------------------------------------------------------------------ the observation
class _Table:
    """The scales of one player count and options, computed once."""

    def __init__(self, players: int, options: dict):
        self.players = players
        self.die = DIE_PRESETS[options["die_faces"]]
        self.stones = stones(self.die)
        self.chest = options["chest_size"]
        self.cap = options["bid_cap_per_player"] * players  # the cap while nobody is Cursed
        # Every round ends in one penalty: a die lost (at most 4 per player, the last die is never
        # lost), a coin drawn (the chests hold players x chest_size coins and nothing refills them),
        # or once per game a draw cancelled by Immunite.
        self.rounds = players * (DICE_PER_PLAYER - 1 + self.chest) + 1
        # a die counts at most 1 + one per favour granted (a favour face with all four granted)
        self.total = DICE_PER_PLAYER * players * (1 + len(FAVOURS))


def fields(players: int, options: dict) -> list[Field]:
    t = _Table(players, options)
    n = players
    seat = "one-hot relative seat"
    found = [
        Field("spectator", 1, "1 for a spectator's view (no seat), else 0"),
        Field("companion", 1, "1 in companion mode (dice and bids on the physical table), 0 digital"),
        Field("pay_from_chest", 1, "1 if favours are paid with safe coins from one's chest, 0 with drawn coins"),
        Field("phase", len(PHASES), f"one-hot phase: {', '.join(PHASES)}"),
        Field("to_act", n, "per relative seat: 1 if it may act now"),
        Field("my_turn", 1, "1 if the observer may act now"),
        Field("round", 1, f"round number / {t.rounds} (the most rounds a game can last)"),
        Field("stone", len(t.stones), f"one-hot announced stone: {', '.join(t.stones)}"),
        Field("cap", 1, f"the bid cap now / {t.cap} (its value while nobody is Cursed)"),
        Field("bid_open", 1, "1 if a bid stands this round"),
        Field("bid", 1, f"the standing bid / {t.cap}, 0 if none"),
        Field("bidder", n, f"{seat} of the standing bid's bidder, all 0 if none"),
        Field("turn", n, f"{seat} whose turn it is to bid"),
        Field("starter", n, f"{seat} who opens the round's bidding"),
        Field("offer_to", n, f"{seat} Midas offers a favour to now, all 0 if none"),
        Field("loser", n, f"{seat} who lost the last reveal and owes the penalty, all 0 if none"),
        Field("swapper", n, f"{seat} who bought Echange and picks a chest, all 0 if none"),
        Field("bribe_holder", n, f"{seat} holding an unused Pot-de-vin, all 0 if none"),
        Field("winner", n, f"{seat} of the winner, all 0 before the end"),
        Field("favour_value", 1, f"what a favour face counts now / {1 + len(FAVOURS)}"),
        Field("obsidian_known", 1, "1 if the Obsidian value is public this round"),
        Field("obsidian_value", 1, f"the Obsidian value / {OBSIDIAN_MAX} when public, else 0"),
        Field("damocles", 1, "1 if Damocles is armed: the next draw takes two coins"),
        Field("granted", len(FAVOURS), f"per favour ({', '.join(FAVOURS)}): 1 if already bought"),
        Field("my_dice", len(t.die), f"per face ({', '.join(t.die)}): dice under the observer's cup showing it "
              f"/ {DICE_PER_PLAYER}"),
        Field("my_obsidian", len(OBSIDIAN_CARDS), "one-hot Obsidian card the observer played this round "
              "(0 or 1), all 0 if none"),
        Field("dice_count", n, f"per relative seat: dice in play / {DICE_PER_PLAYER}"),
        Field("cursed", n, "per relative seat: 1 if Cursed"),
        Field("chest", n, f"per relative seat: coins in its chest / {t.chest}"),
        Field("purse", n, f"per relative seat: safe coins drawn and kept, capped at {FAVOUR_PRICE_MAX} "
              f"(the dearest favour) / {FAVOUR_PRICE_MAX}"),
        Field("bought", n * len(FAVOURS), "per relative seat: one-hot favour it bought, all 0 if none"),
        Field("immune", n, "per relative seat: 1 if Immunite will cancel its next draw"),
        Field("obsidian_played", n, "per relative seat: 1 if it played its Obsidian card this round"),
        Field("reveal_present", 1, "1 once a round has been revealed (the fields below describe the last)"),
        Field("reveal_this_round", 1, "1 if that reveal was this round's"),
        Field("reveal_stone", len(t.stones), "one-hot stone of the last reveal"),
        Field("reveal_bid", 1, f"the bid called at the last reveal / {t.cap} (0 in companion mode)"),
        Field("reveal_total", 1, f"the count at the last reveal / {t.total} (every die counting its most, "
              "a favour face with all four favours granted; 0 in companion mode)"),
        Field("reveal_obsidian", 1, f"the Obsidian value at the last reveal / {OBSIDIAN_MAX}"),
        Field("reveal_bidder", n, f"{seat} of the last reveal's bidder (all 0 in companion mode)"),
        Field("reveal_accuser", n, f"{seat} of the last reveal's accuser (all 0 in companion mode)"),
        Field("reveal_loser", n, f"{seat} of the last reveal's loser (all 0 in companion mode)"),
    ]
    return found


def observation_encoding(players: int, options: dict) -> ObservationEncoding:
    return _observation_encoding(players, options_key(options))


@lru_cache(maxsize=64)
def _observation_encoding(players: int, key: tuple) -> ObservationEncoding:
    options = dict(key)
    table, layout = _Table(players, options), fields(players, options)
    return ObservationEncoding(layout, lambda view: encode(view, table, layout))


def encode(view: dict, t: _Table, layout: list[Field]) -> list[float]:
    n = t.players
    base = view["seat"] if view["seat"] is not None else 0
    v = Vector(layout)

    def rel(seat: int | None) -> int | None:
        return None if seat is None else (seat - base) % n

    v.put("spectator", [view["seat"] is None])
    v.put("companion", [view["mode"] == "companion"])
    v.put("pay_from_chest", [view["options"]["favour_payment"] == "chest"])
    v.one_hot("phase", PHASES.index(view["phase"]))
    acting = [0.0] * n
    for seat in view["to_act"]:
        acting[rel(seat)] = 1.0
    v.put("to_act", acting)
    v.put("my_turn", [view["seat"] in view["to_act"]])
    v.put("round", [view["round"] / t.rounds])
    v.one_hot("stone", t.stones.index(view["stone"]))
    v.put("cap", [view["cap"] / t.cap])
    v.put("bid_open", [view["bid"] is not None])
    v.put("bid", [(view["bid"] or 0) / t.cap])
    for name in ("bidder", "turn", "starter", "offer_to", "loser", "swapper", "bribe_holder", "winner"):
        v.one_hot(name, rel(view[name]))
    values = view["values"]
    v.put("favour_value", [values["favour"] / (1 + len(FAVOURS))])
    v.put("obsidian_known", [values["obsidian"] is not None])
    v.put("obsidian_value", [(values["obsidian"] or 0) / OBSIDIAN_MAX])
    v.put("damocles", [view["damocles"]])
    v.put("granted", [view["favours"][f]["granted_to"] is not None for f in FAVOURS])

    seats = view["seats"][base:] + view["seats"][:base]
    mine = seats[0] if view["seat"] is not None else {"dice": None, "obsidian": None}
    cup = mine["dice"] or []
    v.put("my_dice", [cup.count(face) / DICE_PER_PLAYER for face in t.die])
    v.one_hot("my_obsidian", None if mine["obsidian"] is None else OBSIDIAN_CARDS.index(mine["obsidian"]))
    v.put("dice_count", [s["dice_count"] / DICE_PER_PLAYER for s in seats])
    v.put("cursed", [s["cursed"] for s in seats])
    v.put("chest", [s["chest"] / t.chest for s in seats])
    v.put("purse", [min(s["purse"], FAVOUR_PRICE_MAX) / FAVOUR_PRICE_MAX for s in seats])
    bought = [0.0] * (n * len(FAVOURS))
    for i, s in enumerate(seats):
        if s["favour"] is not None:
            bought[i * len(FAVOURS) + list(FAVOURS).index(s["favour"])] = 1.0
    v.put("bought", bought)
    v.put("immune", [s["immune"] for s in seats])
    v.put("obsidian_played", [s["obsidian_played"] for s in seats])

    reveal = view["last_reveal"]
    if reveal is None:
        reveal = {}
    v.put("reveal_present", [bool(reveal)])
    v.put("reveal_this_round", [reveal.get("round") == view["round"]])
    v.one_hot("reveal_stone", t.stones.index(reveal["stone"]) if reveal else None)
    v.put("reveal_bid", [reveal.get("bid", 0) / t.cap])
    v.put("reveal_total", [reveal.get("total", 0) / t.total])
    v.put("reveal_obsidian", [reveal.get("obsidian", 0) / OBSIDIAN_MAX])
    for name in ("bidder", "accuser", "loser"):
        v.one_hot(f"reveal_{name}", rel(reveal.get(name)))
    return v.done()


__all__ = ["PHASES", "action_encoding", "every_action", "fields", "observation_encoding"]
