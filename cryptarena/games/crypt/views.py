"""What a seat sees of a Crypt table. Card values appear only where that seat knows them."""

from __future__ import annotations

from .components import COLLECTORS, GHOST, TYPES


def build_view(state, seat: int | None) -> dict:
    who = state._who
    crypt = []
    for index, slot in enumerate(state.crypt):
        entry = {"slot": index, "face_up": slot["up"], **state._card_view(slot["card"], seat, slot["up"]),
                 "owner": None if slot["owner"] is None else who(slot["owner"]),
                 "effort": slot["effort"], "dice": len(slot["dice"]),
                 "total": state._held_total(index)}
        crypt.append(entry)
    players = []
    for s in range(state.players):
        players.append({
            "seat": s,
            "dice": list(state.dice[s]),
            "collection": [{**state._card_view(c, seat, False), "flipped": state.flipped[c]}
                           for c in state.collections[s]],
            "public_score": state.public_score(s),
            "idol_b_first": s in state.idol_b_first,
            "peeked_this_round": state.peeked[s],
            "leader": s == state.leader,
            "lights_out": s == state.lights_out,
        })
    view = {
        "round": state.round,
        "deck_size": len(state.deck),
        "leader": who(state.leader),
        "lights_out": who(state.lights_out),
        "collectors": [{"type": kind, "side": state.sides[kind], "text": COLLECTORS[kind, state.sides[kind]].text,
                        "kind": COLLECTORS[kind, state.sides[kind]].kind} for kind in TYPES],
        "crypt": crypt,
        "claim_order": [who(s) for s in state.queue] if state.phase == "claim" else [],
        "pending": [{"slot": slot, "effort": effort} for slot, effort in state.pending],
        "last_turn": state.phase == "claim" and len(state.queue) == 1,
        "players": players,
        "discard": [state._card_view(c, seat, False) for c in state.discard],
        "idol_rerolls": ([{"die": d, "effort": e} for d, e in state.just_exhausted[state.queue[0]]]
                         if state.phase == "idol" and state.queue else []),
    }
    if state.solo:
        view["ghost"] = {"dice": list(state.ghost_dice)}
    if seat is not None:
        own = state.collections[seat]
        view["you"] = {"treasure": sum(state.cards[c].value for c in own),
                       "servants": sum(1 for d in state.dice[seat] if d != "exhausted")}
    if state.is_over():
        view["result"] = {"scores": state.scores(), "winners": state.winners(),
                          "tiebreak": state.tiebreak}
        if state.solo:
            view["result"]["target"] = state.options["solo_target"]
    return view


__all__ = ["build_view", "GHOST"]
