"""What a Pharaoh save must satisfy to be loaded: a damaged save raises here (the engine names the
defect in CorruptSave) instead of giving a table that breaks later."""

from __future__ import annotations

from collections import Counter

from .components import CARDS, CHARACTERS, HEXES, KEY, LIFE, MONSTERS

PER_SEAT = ("setup", "chars", "decklists", "life", "defeated", "pos", "trapped", "deck", "hand", "known", "discard")


def check_save(state) -> None:
    n = state.players
    for name in PER_SEAT:
        if not isinstance(getattr(state, name), list) or len(getattr(state, name)) != n:
            raise ValueError(f"{name} must hold one entry per seat")
    revealed = state.chars[0] is not None
    if any((c is not None) != revealed or (c is not None and c not in CHARACTERS) for c in state.chars):
        raise ValueError("characters must be all unknown (set-up) or all starter-set characters")
    for seat in range(n):
        for pile in ("deck", "hand", "discard"):
            if any(c not in CARDS for c in getattr(state, pile)[seat]):
                raise ValueError(f"{pile} {seat} holds a card that is not in the starter set")
        if Counter(state.known[seat]) - Counter(state.hand[seat]):
            raise ValueError(f"seat {seat} is known to hold cards that are not in its hand")
        if not isinstance(state.life[seat], int) or state.life[seat] > LIFE:
            raise ValueError(f"life {seat} must be an integer at most {LIFE}")
        pos = state.pos[seat]
        if revealed and not state.defeated[seat] and not (isinstance(pos, int) and 0 <= pos < len(state.placed)):
            raise ValueError(f"character {seat} stands outside the crypt")
    for placed in state.placed:
        if placed.get("tile") not in HEXES or not isinstance(placed.get("keys"), int) or placed["keys"] < 0:
            raise ValueError(f"bad placed hex {placed!r}")
    if len({(h["q"], h["r"]) for h in state.placed}) != len(state.placed):
        raise ValueError("two hexes lie on one cell")
    if any(not (isinstance(t, list) and len(t) == 2 and t[0] in HEXES and 0 <= t[1] < n) for t in state.hexpile):
        raise ValueError("the Hexpile holds something that is not an owned hex")
    uids = [e["uid"] for e in state.table] + [m["uid"] for m in state.monsters]
    if len(set(uids)) != len(uids) or any(u >= state.uid_next for u in uids):
        raise ValueError("tabled cards and monsters need distinct ids below uid_next")
    for entry in state.table:
        if entry["card"] not in CARDS or not 0 <= entry["owner"] < n:
            raise ValueError(f"bad tabled card {entry!r}")
        if (entry["seat"] is None) == (entry["hex"] is None):
            raise ValueError(f"tabled card {entry['uid']} must lie in front of a seat or in a hex")
    for monster in state.monsters:
        if monster["monster"] not in MONSTERS or not 0 <= monster["hex"] < len(state.placed):
            raise ValueError(f"bad monster {monster!r}")
    if revealed:
        _check_cards(state)
    if state.winner is not None and not 0 <= state.winner < n:
        raise ValueError("the winner is not a seat")


def _check_cards(state) -> None:
    """No card appears from nowhere: each seat's cards in deck, hand, discard pile and on the table
    are at most its deck list plus the Keys (a Key changes hands when picked up)."""
    owned = Counter()
    for seat in range(state.players):
        owned.update(state.decklists[seat])
    everywhere = Counter()
    for seat in range(state.players):
        for pile in (state.deck, state.hand, state.discard):
            everywhere.update(pile[seat])
    for entry in state.table:
        everywhere.update([entry["card"], *entry["attached"]])
    if state.pending is not None:
        everywhere.update(state.play_cards(state.pending))
    for card, count in everywhere.items():
        if card != KEY and count > owned[card]:
            raise ValueError(f"{count} {card} in play, but the deck lists hold {owned[card]}")
    keys = everywhere[KEY] + sum(h["keys"] for h in state.placed) + sum(e["keys"] for e in state.table) + \
        sum(m["keys"] for m in state.monsters)
    if keys != state.players:
        raise ValueError(f"{keys} Keys in the game, not one per player")
