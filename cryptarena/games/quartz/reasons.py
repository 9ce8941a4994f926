"""Why a Quartz move is refused, or why a face rolled cannot be used now, in words a player can act
on ("the jackhammer needs 2 faces: you have 1"). Each is a catalogue key (`reason.quartz.*`, en/fr/zh)
with its parameters, so the page says it in its reader's language; the table's view carries the
reasons of the faces that cannot be used, so the page shows them beside a disabled button.

Everything on a Quartz table is public: nothing here reads more than the acting seat may see.
"""

from __future__ import annotations

from .components import COLOURS, HELMETS_PER_WILD, MINIMUM, UNSTABLE

SUB_PHASES = ("pickaxe", "jackhammer", "chest", "cart", "steal")


def why_not_use(state, seat: int, face: str):
    """The Reason a rolled face cannot start its action now, or None when it can."""
    if face in state.used:
        return state.refuse("reason.quartz.used", face=face)
    have, need = state.faces.get(face, 0), MINIMUM[face]
    if have < need:
        wild = state.helmets >= HELMETS_PER_WILD
        return state.refuse("reason.quartz.too_few_wild" if wild else "reason.quartz.too_few",
                            face=face, need=need, have=have)
    if face in ("pickaxe", "jackhammer") and not sum(state.bag.values()):
        return state.refuse("reason.quartz.bag_empty")
    cart = state.carts[seat]
    if face == "chest" and not state._protectable(cart):
        only_unstable = cart[UNSTABLE] and not state.options["unstable_in_chest"]
        return state.refuse("reason.quartz.chest_only_unstable" if only_unstable else "reason.quartz.cart_empty")
    if face == "cart" and not cart[UNSTABLE]:
        return state.refuse("reason.quartz.no_unstable")
    if face == "steal" and not any(state.carts[s][c] for s in range(state.players) if s != seat for c in COLOURS):
        return state.refuse("reason.quartz.nothing_to_steal")
    return None


def faces_refused(state, seat: int) -> dict:
    """Each rolled action face that cannot be used now, with its reason as a log-like entry."""
    out = {}
    for face in MINIMUM:
        if state.faces.get(face, 0) and face not in state.used:
            reason = why_not_use(state, seat, face)
            if reason is not None:
                out[face] = {"msg": reason.key, "params": reason.params}
    return out


def _word(value) -> str | None:
    """A field that should name a face or a colour: a string, else nothing (a malformed action is
    refused by the engine's generic words)."""
    return value if isinstance(value, str) else None


def explain(state, seat: int, action: dict):
    kind, phase = action.get("type"), state.phase
    if phase == "roll":
        if kind == "reroll" and not state.free_left and not state.markers[seat]:
            return state.refuse("reason.quartz.no_reroll")
        return None
    if phase == "actions":
        if kind == "use" and _word(action.get("face")) in MINIMUM:
            return why_not_use(state, seat, action["face"])
        if kind == "wild":
            if state.helmets < HELMETS_PER_WILD:
                return state.refuse("reason.quartz.helmets", have=state.helmets)
            if _word(action.get("as")) in MINIMUM and action["as"] in state.used:
                return state.refuse("reason.quartz.used", face=action["as"])
        return None
    if phase in SUB_PHASES:
        if kind in ("use", "wild", "end_turn", "reroll"):
            if phase == "jackhammer":
                return state.refuse("reason.quartz.return_first", n=state.left)
            return state.refuse("reason.quartz.finish_first", face=phase, n=state.left)
        colour = _word(action.get("colour"))
        if kind == "draw" and phase == "pickaxe":
            return state.refuse("reason.quartz.bag_empty")
        # a colour or a seat out of reach otherwise: the generic refusal lists the possible ones
        if kind == "protect" and phase == "chest" and colour == UNSTABLE and state.carts[seat][UNSTABLE]:
            return state.refuse("reason.quartz.chest_only_unstable")
        if kind == "steal" and phase == "steal":
            victim = action.get("from")
            if victim == seat and type(victim) is int:
                return state.refuse("reason.quartz.steal_own")
            if colour == UNSTABLE:
                return state.refuse("reason.quartz.steal_unstable")
            if type(victim) is int and 0 <= victim < state.players and colour in COLOURS and len(action) == 3:
                return state.refuse("reason.quartz.not_in_their_cart", **{"from": victim, "colour": colour})
    return None
