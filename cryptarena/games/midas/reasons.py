"""Why a Midas move is refused, in the catalogue's words (`reason.midas.*`, en/fr/zh), from what the
acting seat knows only: a page shows the reason in its reader's language, the API keeps the English.
In companion mode the device acts for a player named by the action's "player"."""

from __future__ import annotations

from .components import FAVOURS, OBSIDIAN_CARDS, stones


def explain(state, seat: int, action: dict):
    kind = action["type"]
    player = action.get("player", seat) if state.companion else seat
    if not isinstance(player, int) or not 0 <= player < state.players:
        return None
    phase = state.phase
    if kind == "bid" and phase == "bidding" and seat == state.turn:
        count = action.get("count")
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            return None  # not a bid at all: what is possible, the caller lists
        if count > state.bid_cap():
            return state.refuse("reason.midas.over_cap", count=count, cap=state.bid_cap())
        return state.refuse("reason.midas.not_higher", count=count, bid=state.bid or 0)
    if kind == "accuse" and phase == "bidding" and seat == state.turn and state.bid is None:
        return state.refuse("reason.midas.nothing_to_accuse")
    if kind == "bribe" and phase in ("bidding", "table"):
        if state.bribe_holder != player:
            return state.refuse("reason.midas.no_bribe")
        if action.get("stone") == state.stone:
            return state.refuse("reason.midas.same_stone", stone=state.stone)
        if action.get("stone") not in stones(state.die):
            return None
    if kind == "lose_die" and phase in ("penalty", "result") and state.dice_count[player] <= 1:
        return state.refuse("reason.midas.last_die")
    if kind == "obsidian" and phase == "obsidian" and action.get("value") not in OBSIDIAN_CARDS:
        return state.refuse("reason.midas.obsidian_card", value=action.get("value"))
    if kind == "buy" and phase == "favours" and isinstance(action.get("favour"), str) and action["favour"] in FAVOURS:
        return _buy(state, player, action["favour"])
    if kind == "swap" and phase == "swap":
        return state.refuse("reason.midas.swap_with")
    return None


def _buy(state, player: int, favour: str):
    if state.offer and state.offer[0] != player:
        return None  # Midas offers to someone else: whose turn it is, the engine says
    if state.bought[player] is not None:
        return state.refuse("reason.midas.one_favour", favour=state.bought[player])
    if favour in state.granted:
        return state.refuse("reason.midas.granted", favour=favour)
    price = FAVOURS[favour]
    if state.options["favour_payment"] == "drawn_coins":
        return state.refuse("reason.midas.purse_short", favour=favour, price=price, purse=state.purse[player])
    return state.refuse("reason.midas.chest_short", favour=favour, price=price,
                        safe=state.chests[player]["coins"] - state.chests[player]["cursed"])
