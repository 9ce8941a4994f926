"""Solo "Only Child": the Ghost, an automated opponent (components §5).

It rolls its dice, joins equal faces into groups, and takes the best cards it can: highest group
first, highest card first, placing where a card is empty or where its total beats the player's.
Its dice are never rolled for exhaustion and the cards it wins are discarded.
"""

from __future__ import annotations

from .components import GHOST

READY, PLACED, ASIDE = "ready", "placed", "aside"


def groups(rolls: list[int]) -> list[tuple[int, int]]:
    """(face, count) groups, best first: higher total first, a joined group before a single die of
    the same total (two 3s go before one 6)."""
    faces = sorted(set(rolls))
    found = [(face, rolls.count(face)) for face in faces]
    return sorted(found, key=lambda g: (-g[0] * g[1], -g[1]))


def take_turn(state, last_turn: bool) -> None:
    """One Ghost claim turn. On its Lights Out turn it rolls only the dice the player pushed off
    (those back on its side) and places only its best group."""
    dice = [d for d, status in enumerate(state.ghost_dice) if status == READY]
    if not dice:
        state.add_log("crypt.ghost_idle", {})
        return
    rolls = [state.roll_die() for _ in dice]
    state.add_log("crypt.ghost_roll", {"rolls": rolls}, chance={"kind": "die", "values": rolls})
    by_face = {}
    for die, face in zip(dice, rolls):
        by_face.setdefault(face, []).append(die)
    best = groups(rolls)
    for face, count in best[:1] if last_turn else best:
        group_dice = by_face[face]
        total = face * count
        slot = _target(state, total)
        if slot is None:
            for die in group_dice:
                state.ghost_dice[die] = ASIDE
            state.add_log("crypt.ghost_aside", {"face": face, "dice": count})
            continue
        if state.crypt[slot]["owner"] is not None:
            state._push_out(slot, by=GHOST)
        target = state.crypt[slot]
        target["owner"], target["effort"], target["dice"] = GHOST, face, list(group_dice)
        for die in group_dice:
            state.ghost_dice[die] = PLACED
        state.add_log("crypt.ghost_place", {"slot": slot, "face": face, "dice": count, "total": total})
    if last_turn:
        for die in dice:  # dice it did not place this turn stay out of play for the round
            if state.ghost_dice[die] == READY:
                state.ghost_dice[die] = ASIDE


def _target(state, total: int) -> int | None:
    for slot, card in enumerate(state.crypt):  # the Crypt is ordered best card first
        if card["owner"] is None:
            return slot
        if card["owner"] == 0 and total > state._held_total(slot):
            return slot
    return None


def collect(state, slot: dict) -> None:
    """The Ghost's cards are discarded; its dice come back untouched."""
    state.discard.append(slot["card"])
    params = {"type": state.cards[slot["card"]].type}
    if slot["up"]:
        params["value"] = state.cards[slot["card"]].value
    state.add_log("crypt.ghost_collect", params)


def reset(state) -> None:
    state.ghost_dice = [READY] * len(state.ghost_dice)
