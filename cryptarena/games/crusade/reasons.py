"""Why an action is refused, in words a player can act on ("tile 14 is 3 tiles away: you may move 2",
"Kick: no Necromancer within 1 tile").

Only what the acting seat knows is read: the board, pieces, Graves, purses, pile sizes and hand
sizes are public; the seat's own team's hands are its own. The engine asks only for a seat that has
some legal action now, and only for an action that is not legal.
"""

from __future__ import annotations

from . import cards
from .components import CARDS, GK, PRICES, TIERS

# What a play of each card lacks when it has no valid target now (the English of the catalogue's
# reason.crusade.no_target.<card>, kept here as the list of the cards that have one).
NO_TARGET = {
    "sacred_seal": "no unsealed Grave within 1 tile",
    "kick": "no Necromancer within 1 tile",
    "sprint": "it would give no movement now",
    "glide": "it would give no movement now",
    "leaf_blower": "no Necromancer on the board holds a card",
    "flashlight": "no Necromancer holding a card within 3 tiles",
    "holy_water_balloon": "no Necromancer within 2 tiles",
    "rally": "no other Groundskeeper to rally",
    "desecrate": "no seal on the Grave you stand on",
    "mass_desecrate": "no seal within 3 tiles",
    "ghastly_touch": "no Groundskeeper within 1 tile",
    "life_leech": "no Groundskeeper within 2 tiles",
    "flip": "no other player on the board off your tile",
    "portal": "your marker is already on this tile",
}
FIELDS = {"move": ("to",), "teleport": (), "end": (), "give_up": ("card",), "buy": ("tier",), "done": ()}


def explain(state, seat: int, action: dict) -> str | None:
    kind = action.get("type")
    phase = state.phase
    if phase == "turn":
        if kind == "move":
            return _fields(action) or _move(state, seat, action["to"])
        if kind == "teleport":
            return _fields(action) or _teleport(state, seat)
        if kind == "play":
            return _play(state, seat, action)
        if kind in ("buy", "done"):
            return state.refuse("reason.crusade.shop_closed", round=state.round)
        if kind == "give_up":
            return state.refuse("reason.crusade.no_leaf_blower")
        return None
    if phase == "shop":
        if kind == "buy":
            return _fields(action) or _buy(state, seat, action["tier"])
        if kind in ("move", "teleport", "play", "end"):
            return state.refuse("reason.crusade.shop_open", round=state.round)
        return None
    if phase == "leaf_blower":
        if kind == "give_up":
            return _fields(action) or _give_up(state, seat, action["card"])
        return "a Leaf Blower blows one of your cards back to the shop: choose which with give_up {card}"
    return None


def _fields(action: dict) -> str | None:
    expected = FIELDS[action["type"]]
    given = tuple(sorted(k for k in action if k != "type"))
    if given != tuple(sorted(expected)):
        shape = ", ".join(expected) if expected else "no field"
        return f"{action['type']} takes {shape} (got {', '.join(given) or 'none'})"
    return None


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _tile(state, value) -> str | None:
    if not _is_int(value) or not 0 <= value < state.board.size:
        return f"tile {value!r} does not exist: tiles are 0..{state.board.size - 1}"
    return None


def _move(state, seat: int, to) -> str | None:
    bad = _tile(state, to)
    if bad:
        return bad
    turn = state.turn
    if turn["moved"] and not turn["extra"]:
        return state.refuse("reason.crusade.moved")
    if state.effects[seat]["ghastly"]:
        return state.refuse("reason.crusade.ghastly", card="ghastly_touch")
    reach = state.allowance()
    if reach <= 0:
        return state.refuse("reason.crusade.no_movement")
    here = state.pos[seat]
    if here is None:
        steps = state.board.entry[to]
        return state.refuse("reason.crusade.too_far_entering", to=to, steps=steps, reach=reach)
    if to == here:
        return state.refuse("reason.crusade.stay", to=to)
    distance = state.board.dist[here][to]
    return state.refuse("reason.crusade.too_far", to=to, distance=distance, reach=reach, again=bool(turn["moved"]))


def _teleport(state, seat: int) -> str | None:
    if state.teams[seat] == GK:
        return state.refuse("reason.crusade.teleport_gk")
    if state.portal[seat] is None:
        return state.refuse("reason.crusade.no_portal")
    if state.turn["moved"]:
        return state.refuse("reason.crusade.teleport_moved")
    if state.pos[seat] == state.portal[seat]:
        return state.refuse("reason.crusade.on_portal")
    return None


def _play(state, seat: int, action: dict) -> str | None:
    card_id = action.get("card")
    if not isinstance(card_id, str) or card_id not in CARDS:
        return f"unknown card {card_id!r}: the cards are {', '.join(CARDS)}"
    card = CARDS[card_id]
    team = state.teams[seat]
    if card.team != team:
        return state.refuse("reason.crusade.other_team", card=card_id, gk=team == GK)
    if card_id not in state.hands[seat]:
        return state.refuse("reason.crusade.not_held", card=card_id)
    if state.effects[seat]["balloon"]:
        return state.refuse("reason.crusade.balloon", card="holy_water_balloon")
    if state.turn["cards_left"] <= 0:
        return state.refuse("reason.crusade.card_played")
    if card.positional and state.pos[seat] is None:
        return state.refuse("reason.crusade.enter_first", card=card_id)
    options = cards.plays(state, seat, card_id)
    if not options:
        return state.refuse(f"reason.crusade.no_target.{card_id}" if card_id in NO_TARGET
                            else "reason.crusade.cannot_play", card=card_id)
    given = {k: v for k, v in action.items() if k not in ("type", "card")}
    fields = sorted(k for k in options[0] if k not in ("type", "card"))
    if sorted(given) != fields:
        shape = ", ".join(fields) if fields else "no other field"
        return f"{card.name} takes {shape}"
    if "target" in given and all(o["target"] != given["target"] for o in options):
        targets = sorted({o["target"] for o in options})
        return f"{card.name}: seat {given['target']!r} is not a valid target now (valid: {_seats(targets)})"
    if card_id == "kick":
        landings = [o["to"] for o in options if o["target"] == given["target"]]
        return (f"Kick: seat {given['target']} lands 2 tiles away in a straight line, stopping at the edge: "
                f"tile {', '.join(map(str, landings))}, not {given['to']!r}")
    if card_id == "sacred_seal":
        tiles = [o["tile"] for o in options]
        return f"Sacred Seal: tile {given['tile']!r} is not an unsealed Grave within 1 tile (those are {tiles})"
    return None


def _seats(seats: list[int]) -> str:
    return ", ".join(f"seat {s}" for s in seats)


def _buy(state, seat: int, tier) -> str | None:
    if not _is_int(tier) or tier not in TIERS:
        return f"buy needs a tier: 1, 2 or 3, not {tier!r}"
    team = state.teams[seat]
    if not state.piles[team][tier - 1]:
        return state.refuse("reason.crusade.pile_empty", tier=tier)
    price = PRICES[team][tier]
    if price > state.purse[team]:
        return state.refuse("reason.crusade.too_dear", tier=tier, price=price, purse=state.purse[team])
    return None


def _give_up(state, seat: int, card_id) -> str | None:
    if not isinstance(card_id, str) or card_id not in CARDS:
        return f"unknown card {card_id!r}: give up one of the cards in your hand"
    if card_id not in state.hands[seat]:
        return f"you hold no {CARDS[card_id].name}: give up one of the cards in your hand"
    return None
