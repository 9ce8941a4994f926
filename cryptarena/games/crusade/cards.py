"""The 17 cards: who or what each may target now, and what playing it does.

`plays(state, seat, card_id)` lists every legal play of that card as a play action (empty: the
card is not offered — no valid target, or the player is not on the board for a card that needs a
position). `resolve(state, seat, action)` carries out a play already known to be legal; the turn
bookkeeping around it (the card leaving the hand, cards left, the end of the turn) is the state's.
Ranges, tiers and teams are read from components.CARDS.
"""

from __future__ import annotations

from ...engine import Action
from .board import LAYOUTS
from .components import CARDS, GK, KICK_DISTANCE, LEECH, MAX_PLAYERS, NM, SEAL_TURNS, SPEED_CARD_BONUS

# Every play is built once, here, as a read-only Action (the state sets frozen_actions): the legal
# list is asked for at every step of a simulation, and sharing the actions spares building and
# copying them each time. Fields keep the order {"type", "card", "target" or "tile", "to"}.
_TILES = max(layout.size for layout in LAYOUTS.values())
_BARE = {card_id: Action(type="play", card=card_id) for card_id in CARDS}
_ON_TILE = tuple(Action(type="play", card="sacred_seal", tile=t) for t in range(_TILES))
_AT_SEAT = {card_id: tuple(Action(type="play", card=card_id, target=s) for s in range(MAX_PLAYERS))
            for card_id in CARDS}
_KICKS = tuple(tuple(Action(type="play", card="kick", target=s, to=t) for t in range(_TILES))
               for s in range(MAX_PLAYERS))


# ------------------------------------------------------------------ targets
def plays(state, seat: int, card_id: str) -> list[Action]:
    card = CARDS[card_id]
    here = state.pos[seat]
    if card.positional and here is None:
        return []
    builder = _TARGETS[card_id]
    return builder(state, seat, here, card.range, card_id)


def hand_plays(state, seat: int) -> list[Action]:
    """Every legal play of the cards in the seat's hand, card by card in hand order (`plays` of
    each, without a call per card: this is most of the legal list a turn asks for)."""
    here = state.pos[seat]
    found = []
    for card_id in dict.fromkeys(state.hands[seat]):
        card = CARDS[card_id]
        if here is not None or not card.positional:
            found += _TARGETS[card_id](state, seat, here, card.range, card_id)
    return found


def _seal_tiles(state, seat, here, reach, card_id):
    row = state.board.dist[here]  # the Graves are kept in tile order
    return [_ON_TILE[t] for t, grave in state.graves.items() if row[t] <= reach and grave["seal"] == 0]


def _kicks(state, seat, here, reach, card_id):
    return [_KICKS[nm][landing] for nm in state.pieces_within(here, reach, NM)
            for landing in state.board.kick_landings(state.pos[nm], KICK_DISTANCE)]


def _speed(state, seat, here, reach, card_id):
    return [_BARE[card_id]] if state.can_speed_up() else []


def _always(state, seat, here, reach, card_id):
    return [_BARE[card_id]]


def _leaf_blower(state, seat, here, reach, card_id):
    return [_AT_SEAT[card_id][nm] for nm in state.team_seats(NM) if state.pos[nm] is not None and state.hands[nm]]


def _flashlight(state, seat, here, reach, card_id):
    return [_AT_SEAT[card_id][nm] for nm in state.pieces_within(here, reach, NM) if state.hands[nm]]


def _within(team):
    def targets(state, seat, here, reach, card_id):
        return [_AT_SEAT[card_id][s] for s in state.pieces_within(here, reach, team)]
    return targets


def _rally(state, seat, here, reach, card_id):
    return [_AT_SEAT[card_id][gk] for gk in state.team_seats(GK) if gk != seat]


def _desecrate(state, seat, here, reach, card_id):
    grave = state.graves.get(here)
    return [_BARE[card_id]] if grave is not None and grave["seal"] else []


def _mass_desecrate(state, seat, here, reach, card_id):
    return [_BARE[card_id]] if state.seals_within(here, reach) else []


def _flip(state, seat, here, reach, card_id):
    pos = state.pos
    return [_AT_SEAT[card_id][s] for s in range(state.players) if s != seat and pos[s] is not None and pos[s] != here]


def _portal(state, seat, here, reach, card_id):
    return [_BARE[card_id]] if state.portal[seat] != here else []


_TARGETS = {
    "sacred_seal": _seal_tiles, "kick": _kicks, "sprint": _speed, "holy_water": _always,
    "leaf_blower": _leaf_blower, "flashlight": _flashlight, "holy_water_balloon": _within(NM),
    "rally": _rally, "glide": _speed, "desecrate": _desecrate, "whispers": _always,
    "ghastly_touch": _within(GK), "mass_desecrate": _mass_desecrate, "life_leech": _within(GK),
    "flip": _flip, "portal": _portal, "boo": _always,
}


# ------------------------------------------------------------------ effects
def resolve(state, seat: int, action: dict) -> dict:
    """Carry out the card's effect; returns the log parameters that describe it."""
    card_id = action["card"]
    here = state.pos[seat]
    reach = CARDS[card_id].range
    if card_id == "sacred_seal":
        state.graves[action["tile"]]["seal"] = SEAL_TURNS
        return {"tile": action["tile"]}
    if card_id == "kick":
        target = action["target"]
        origin = state.pos[target]
        state.pos[target] = action["to"]
        return {"target": target, "from": origin, "to": action["to"]}
    if card_id in ("sprint", "glide"):
        turn = state.turn
        if turn["moved"]:  # after the move: a new move of 1 tile
            turn["extra"] = SPEED_CARD_BONUS
        else:  # before it: this turn's move goes 1 tile further
            turn["bonus"] += SPEED_CARD_BONUS
        return {"after_move": turn["moved"]}
    if card_id == "holy_water":
        cleansed = [seat] + [gk for gk in state.pieces_within(here, reach, GK) if gk != seat]
        for gk in cleansed:
            state.clear_debuffs(gk)
        return {"seats": cleansed}
    if card_id in ("leaf_blower", "rally"):
        return {"target": action["target"]}  # the state opens the choice / the borrowed turn
    if card_id == "flashlight":
        state.reveal(action["target"])
        return {"target": action["target"]}
    if card_id == "holy_water_balloon":
        state.effects[action["target"]]["balloon"] = True
        return {"target": action["target"]}
    if card_id == "desecrate":
        state.graves[here]["seal"] = 0
        return {"tile": here}
    if card_id == "whispers":
        nm_graves = [t for t, g in state.graves.items() if g["owner"] == NM]
        heard = [gk for gk in state.team_seats(GK)
                 if any(state.board.dist[state.pos[gk]][t] <= reach for t in nm_graves)]
        for gk in heard:
            state.reveal(gk)
        return _who(heard)
    if card_id == "ghastly_touch":
        state.effects[action["target"]]["ghastly"] = True
        return {"target": action["target"]}
    if card_id == "mass_desecrate":
        broken = state.seals_within(here, reach)
        for tile in broken:
            state.graves[tile]["seal"] = 0
        return {"tiles": broken, "several": len(broken) > 1}
    if card_id == "life_leech":
        state.effects[action["target"]]["leech"] -= LEECH
        state.turn["boost_next"] += LEECH
        return {"target": action["target"]}
    if card_id == "flip":
        target = action["target"]
        state.pos[seat], state.pos[target] = state.pos[target], here
        return {"target": target, "from": here, "to": state.pos[seat]}
    if card_id == "portal":
        state.portal[seat] = here
        return {"tile": here}
    if card_id == "boo":
        scared = state.pieces_within(here, reach, GK)
        for gk in scared:
            state.effects[gk]["boo"] = True
        return _who(scared)
    raise AssertionError(f"no effect for card {card_id!r}")


def _who(seats: list[int]) -> dict:
    """The seats a card reached, for its log line: none at all reads "nobody was near" rather than
    "nobody cannot…", and one or several decide the verb's number in French."""
    return {"seats": seats, "several": len(seats) > 1} if seats else {}
