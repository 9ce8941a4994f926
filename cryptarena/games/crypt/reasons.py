"""Why a Crypt move is refused, in the catalogue's words (`reason.crypt.*`, en/fr/zh), from what the
acting seat knows only: a page shows the reason in its reader's language, the API keeps the English."""

from __future__ import annotations

from .components import DIE_FACES, FLIP_COST

ABILITY_PHASES = ("pottery", "claim", "idol")
# the collector side that gives each "any time" ability
ABILITY_SIDE = {"manuscript_peek": ("manuscript", "B"), "remains_recover": ("remains", "A")}


def explain(state, seat: int, action: dict):
    kind = action["type"]
    if kind in ABILITY_SIDE:
        return _ability(state, seat, kind)
    if state.to_act() != [seat]:
        return None  # the engine says whose turn it is
    if state.phase == "claim":
        return _claim(state, seat, action)
    if state.phase == "pottery" and kind == "pottery_take":
        slot = action.get("slot")
        if isinstance(slot, int) and 0 <= slot < len(state.crypt) and state.crypt[slot]["up"]:
            return state.refuse("reason.crypt.pottery_face_up", slot=slot)
    if state.phase == "idol" and kind == "idol_reroll":
        return state.refuse("reason.crypt.reroll_die", die=action.get("die"))
    return None


def place_problem(state, seat: int, slot: int, effort: int):
    """Why placing one die on `slot` at `effort` is illegal now (None if legal)."""
    if not 0 <= slot < len(state.crypt):
        return state.refuse("reason.crypt.no_slot", slot=slot, last=len(state.crypt) - 1)
    if not 1 <= effort <= DIE_FACES:
        return state.refuse("reason.crypt.bad_effort", effort=effort, faces=DIE_FACES)
    if state._free_dice(seat) <= 0:
        return state.refuse("reason.crypt.no_servant")
    if state.crypt[slot]["owner"] == seat:
        return state.refuse("reason.crypt.own_card")
    cards = state._pending_cards()
    if slot in cards and cards[slot][0] != effort:
        return state.refuse("reason.crypt.same_effort", effort=cards[slot][0])
    if state._is_last_claim_turn() and cards and slot not in cards:
        return state.refuse("reason.crypt.one_card")
    entry = cards.setdefault(slot, [effort, 0])
    entry[1] += 1
    if state._claim_shortfall(cards) > state._free_dice(seat) - 1:
        return state.refuse("reason.crypt.too_low", slot=slot, total=state._held_total(slot))
    return None


def _claim(state, seat: int, action: dict):
    kind = action["type"]
    if kind == "place":
        slot, effort = action.get("slot"), action.get("effort")
        if not isinstance(slot, int) or not isinstance(effort, int):
            return 'place needs integer "slot" and "effort"'
        return place_problem(state, seat, slot, effort)
    if kind == "confirm":
        if not state.pending:
            return state.refuse("reason.crypt.confirm_empty")
        return state.refuse("reason.crypt.confirm_short", n=state._claim_shortfall(state._pending_cards()))
    if kind == "recover":
        if state.pending:
            return state.refuse("reason.crypt.recover_placed")
        return state.refuse("reason.crypt.none_exhausted")
    if kind == "take_back":
        return state.refuse("reason.crypt.nothing_placed")
    if kind == "pass":
        return state.refuse("reason.crypt.must_act")
    return None


def _ability(state, seat: int, kind: str):
    collector, side = ABILITY_SIDE[kind]
    if state.sides[collector] != side:
        return state.refuse("reason.crypt.wrong_side", type=collector, side=state.sides[collector])
    if state.phase not in ABILITY_PHASES:
        return None  # the game is over
    if state._unflipped(seat, collector) < FLIP_COST[collector]:
        return state.refuse("reason.crypt.flip_cost", type=collector, n=FLIP_COST[collector])
    if kind == "manuscript_peek":
        if state.peeked[seat]:
            return state.refuse("reason.crypt.peeked")
        return state.refuse("reason.crypt.nothing_to_peek")
    return state.refuse("reason.crypt.none_exhausted")
