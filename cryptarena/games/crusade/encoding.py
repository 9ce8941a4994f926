"""Crypt Crusade's fixed encodings for learning agents (engine.encoding): every action a table may
ever offer as one index, and a seat's view as a vector of numbers.

The action space depends on the player count (which seats are Groundskeepers, which Necromancers)
and the board (its tiles and where a Kick can land); no other option changes what can be offered.

The observation is relative to the observer. Seats are placed in slots: the observer first, then
its team-mates in seat order after it (wrapping round), then the other team in seat order; every
slot says which team it is on (1 the observer's, -1 the other), so a Groundskeeper's slots read
`own team × ceil(n/2), other team × floor(n/2)` and a Necromancer's the other way round. "Own team"
and "other team" are read the same way for Graves, tokens, piles and the winner. A spectator has
no team: its slots are the seats in seat order, and the Groundskeepers stand in for "own team".
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from ...engine import ActionEncoding, EncodingError, Field, ObservationEncoding, Vector
from .board import board
from .components import (BASE_MOVE, CARDS, GK, NM, OTHER, PRICES, RALLY_CARDS, RALLY_MOVE_BONUS, SEAL_TURNS,
                         SPEED_CARD_BONUS, TIERS, tier_cards)
from .state import PHASES, teams_for

CARD_IDS = tuple(CARDS)
# The longest single move: a rallied Groundskeeper (2 + 2) who plays both of the borrowed turn's
# cards as Sprints before moving; a Necromancer reaches at most 3 + a Life Leech boost + Glide = 5.
MAX_ALLOWANCE = BASE_MOVE[GK] + RALLY_MOVE_BONUS + RALLY_CARDS * SPEED_CARD_BONUS
# Life Leech penalties pile up on a Groundskeeper until its own turn ends, one per Necromancer turn
# in between at most: no more than the 4 Necromancers of an 8-player table.
MAX_LEECH = 4
# Tokens have no printed maximum; they are divided by this scale (about what a team holds when
# it shops in a typical game), so the numbers stay near 0..1 without ever being cut off.
TOKEN_SCALE = 50.0


# ------------------------------------------------------------------ actions
def every_action(players: int, board_name: str) -> list[dict]:
    """Every action any seat of such a table may ever be offered, in a fixed order: by type as in
    `Crusade.action_types`, then cards in component order, then targets and tiles in ascending order.

    Bounds: a move may end on any tile (Necromancers enter anywhere the first step allows, the Shed
    included); a Sacred Seal goes on a Grave, and Graves are shuffled over every tile but the Shed;
    a Kick's target is a Necromancer and its landing one a push of 2 from some tile can reach; hands
    hold only their own team's cards (bought and dealt from its piles, never passed over), so Action
    cards are played by Groundskeepers, Spells by Necromancers and only Necromancers give a card up
    to a Leaf Blower; a Rally needs another Groundskeeper and a Flip another piece."""
    grid = board(board_name)
    tiles = range(grid.size)
    teams = teams_for(players)
    gks = [s for s in range(players) if teams[s] == GK]
    nms = [s for s in range(players) if teams[s] == NM]
    landings = sorted({t for tile in tiles for t in grid.kick_landings(tile, 2)})
    targets = {
        "sacred_seal": [{"tile": t} for t in tiles if t != grid.shed],
        "kick": [{"target": nm, "to": t} for nm in nms for t in landings],
        "leaf_blower": [{"target": nm} for nm in nms],
        "flashlight": [{"target": nm} for nm in nms],
        "holy_water_balloon": [{"target": nm} for nm in nms],
        "rally": [{"target": gk} for gk in gks] if len(gks) > 1 else [],
        "ghastly_touch": [{"target": gk} for gk in gks],
        "life_leech": [{"target": gk} for gk in gks],
        "flip": [{"target": s} for s in range(players) if any(nm != s for nm in nms)],
    }
    actions = [{"type": "move", "to": t} for t in tiles]
    actions.append({"type": "teleport"})
    for card in CARD_IDS:
        actions += [{"type": "play", "card": card, **extra} for extra in targets.get(card, [{}])]
    actions.append({"type": "end"})
    actions += [{"type": "give_up", "card": card} for card in CARD_IDS if CARDS[card].team == NM]
    actions += [{"type": "buy", "tier": tier} for tier in TIERS]
    actions.append({"type": "done"})
    return actions


@lru_cache(maxsize=None)
def action_encoding(players: int, board_name: str) -> ActionEncoding:
    """One per table shape: no other option changes the space (see every_action)."""
    return ActionEncoding(every_action(players, board_name))


# ------------------------------------------------------------------ observations
def fields(players: int, size: int) -> list[Field]:
    """The observation's layout for `players` seats on a board of `size` tiles ("slot" as in the
    module's docstring; per-slot fields hold the slots one after the other)."""
    n, cards = players, len(CARD_IDS)
    return [
        Field("my_team", 2, "one-hot: Groundskeepers, Necromancers (all 0 for the spectator)"),
        Field("phase", len(PHASES), "one-hot: " + ", ".join(PHASES)),
        Field("round", 1, "the round being played / 13"),
        Field("rose", size, "per tile (by id): 1 where a Grave lies"),
        Field("grave_owner", size, "per tile: 1 a Grave of the own team, -1 of the other team, 0 unowned or no Grave"),
        Field("seal", size, f"per tile: rounds the Sacred Seal on it still lasts / {SEAL_TURNS}"),
        Field("seat_team", n, "per slot: 1 on the own team (spectator: Groundskeepers), -1 on the other"),
        Field("position", n * (size + 1), f"per slot, {size + 1} each: one-hot tile id, the last 1 = off the board"),
        Field("portal", n * size, f"per slot, {size} each: one-hot tile of its Portal marker (all 0: none)"),
        Field("effects", n * 5, "per slot, 5 each: Ghastly Touch, Holy Water Balloon, Boo! (0/1 each), "
                                f"Life Leech penalty / {MAX_LEECH}, Life Leech boost (0/1) on its next move"),
        Field("hand_tiers", n * len(TIERS), "per slot, 3 each: cards of Tier I, II, III in hand / that team's "
                                            "tier pile at the start (cards of the tier × copies)"),
        Field("known_cards", n * cards, f"per slot, {cards} each (card ids in component order): copies in hand "
                                        "that the observer knows of (its team's whole hands, others' revealed "
                                        "cards) / copies per card"),
        Field("revealed_cards", n * cards, f"per slot, {cards} each: copies in hand shown to everyone / copies "
                                           "per card"),
        Field("to_act", n, "per slot: 1 if that seat may act now"),
        Field("shop_done", n, "per slot: 1 if that seat has stopped buying this round"),
        Field("turn_seat", n, "one-hot slot whose turn it is (all 0 outside a turn)"),
        Field("turn", 6, f"the turn: moved (0/1), tiles the move may still cover / {MAX_ALLOWANCE}, cards still "
                         f"playable / {RALLY_CARDS}, a borrowed (Rally) turn (0/1), an unused extra move (0/1), "
                         "the Life Leech boost it passes on (0/1)"),
        Field("leaf_target", n, "one-hot slot that must give a card up to a Leaf Blower (all 0: none)"),
        Field("leaf_by", n, "one-hot slot who played that Leaf Blower (all 0: none)"),
        Field("purse", 2, f"grave tokens held, own team then other team / {TOKEN_SCALE:g}"),
        Field("earned", 2, f"grave tokens earned over the game, own team then other / {TOKEN_SCALE:g}"),
        Field("affordable", 6, "own team's Tiers I-III then the other team's: 1 if its tokens buy a card of "
                               "that tier and the pile is not empty"),
        Field("piles", 6, "cards left in the tier piles, own team's I-III then the other's / the pile's "
                          "starting size"),
        Field("discarded", cards, "per card id: copies out of the game (played_cards 'discard') / copies per card"),
        Field("graves_held", 2, "Graves held, own team then other team / Graves on the board"),
        Field("winner", 3, "one-hot: own team won, the other team won, a draw (all 0 until the end)"),
    ]


@lru_cache(maxsize=None)
def observation_encoding(players: int, board_name: str, copies: int) -> ObservationEncoding:
    grid = board(board_name)
    size, n = grid.size, players
    layout = fields(players, size)
    teams = teams_for(players)
    slots = {None: list(range(n))}
    for seat in range(n):
        mates = [(seat + k) % n for k in range(1, n) if teams[(seat + k) % n] == teams[seat]]
        slots[seat] = [seat, *mates, *(s for s in range(n) if teams[s] != teams[seat])]
    pile_size = {(team, tier): len(tier_cards(team, tier)) * copies for team in (GK, NM) for tier in TIERS}
    card_index = {card: i for i, card in enumerate(CARD_IDS)}
    phase_index = {phase: i for i, phase in enumerate(PHASES)}

    def counts(cards: list[str]) -> list[float]:
        row = [0.0] * len(CARD_IDS)
        for card, count in Counter(cards).items():
            row[card_index[card]] = count / copies
        return row

    def encode(view: dict) -> list[float]:
        if view.get("player_count") != n or view.get("layout") != board_name or view.get("copies") != copies:
            raise EncodingError(f"this encoding reads {n}-player crusade views on {board_name} with {copies} "
                                "copies per card", code="bad_observation")
        mine = view["my_team"]
        own, other = (mine, OTHER[mine]) if mine else (GK, NM)
        order = slots[view["seat"]]
        slot_of = {seat: k for k, seat in enumerate(order)}
        side = {own: 1.0, other: -1.0}
        v = Vector(layout)
        v.one_hot("my_team", None if mine is None else (0 if mine == GK else 1))
        v.one_hot("phase", phase_index[view["phase"]])
        v.put("round", [view["round"] / view["rounds"]])
        v.put("rose", [1.0 if tile["rose"] else 0.0 for tile in view["tiles"]])
        owner, seal = [0.0] * size, [0.0] * size
        for tile, grave in view["graves"].items():
            owner[int(tile)] = side.get(grave["owner"], 0.0)
            seal[int(tile)] = grave["seal"] / SEAL_TURNS
        v.put("grave_owner", owner)
        v.put("seal", seal)

        pieces, hands = view["pieces"], view["hands"]
        seat_team, position, portal, effects = [], [0.0] * (n * (size + 1)), [0.0] * (n * size), []
        tiers, known, revealed = [], [], []
        for k, seat in enumerate(order):
            piece, hand = pieces[seat], hands[seat]
            team = piece["team"]
            seat_team.append(side[team])
            tile = piece["tile"]
            position[k * (size + 1) + (size if tile is None else tile)] = 1.0
            if piece["portal"] is not None:
                portal[k * size + piece["portal"]] = 1.0
            e = piece["effects"]
            effects += [float(e["ghastly"]), float(e["balloon"]), float(e["boo"]), -e["leech"] / MAX_LEECH,
                        float(e["boost"])]
            held = Counter(hand["tiers"])
            tiers += [held[tier] / pile_size[team, tier] for tier in TIERS]
            known += counts(hand["cards"] if hand["cards"] is not None else hand["revealed"])
            revealed += counts(hand["revealed"])
        v.put("seat_team", seat_team)
        v.put("position", position)
        v.put("portal", portal)
        v.put("effects", effects)
        v.put("hand_tiers", tiers)
        v.put("known_cards", known)
        v.put("revealed_cards", revealed)
        acting, done = set(view["to_act"]), set(view["shop_done"])
        v.put("to_act", [1.0 if seat in acting else 0.0 for seat in order])
        v.put("shop_done", [1.0 if seat in done else 0.0 for seat in order])

        turn = view["turn"]
        v.one_hot("turn_seat", None if turn is None else slot_of[turn["seat"]])
        v.put("turn", [0.0] * 6 if turn is None else
              [float(turn["moved"]), turn["allowance"] / MAX_ALLOWANCE, turn["cards_left"] / RALLY_CARDS,
               float(turn["borrowed"]), float(turn["extra_move"]), float(turn["boost_next"])])
        leaf = view["leaf_blower"]
        v.one_hot("leaf_target", None if leaf is None else slot_of[leaf["target"]])
        v.one_hot("leaf_by", None if leaf is None else slot_of[leaf["by"]])

        purse, piles = view["purse"], view["piles"]
        v.put("purse", [purse[own] / TOKEN_SCALE, purse[other] / TOKEN_SCALE])
        v.put("earned", [view["earned"][own] / TOKEN_SCALE, view["earned"][other] / TOKEN_SCALE])
        v.put("affordable", [1.0 if piles[team][str(tier)] and PRICES[team][tier] <= purse[team] else 0.0
                             for team in (own, other) for tier in TIERS])
        v.put("piles", [piles[team][str(tier)] / pile_size[team, tier] for team in (own, other) for tier in TIERS])
        v.put("discarded", counts(view["discarded"][GK] + view["discarded"][NM]))
        graves = max(1, len(view["graves"]))
        v.put("graves_held", [view["scores"][own] / graves, view["scores"][other] / graves])
        winner = view["winner"]
        v.one_hot("winner", None if winner is None else 2 if winner == "draw" else 0 if winner == own else 1)
        return v.done()

    return ObservationEncoding(layout, encode)

