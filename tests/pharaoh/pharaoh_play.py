"""Helpers for the Pharaoh scenario tests: a table past set-up with chosen characters, hands,
hexes and positions, and short names for the actions.

Set-up is played through the contract (every seat picks a prebuilt deck). A position is then
arranged by editing the state's attributes (hands from the deck, hexes placed where a test wants
them), keeping every card accounted for so that saves still load. Everything a test checks goes
through the public contract (`apply`, `legal_actions`, `view`, `log_for`, `script_chance`).

A name of its own (not conftest) so that test modules can import it next to other test folders'
helper modules.
"""

from __future__ import annotations

from cryptarena import games
from cryptarena.games.pharaoh.components import HEXES, card_key

GAME = games.load("pharaoh")
CREATED: list = []


def touched(state):
    state.__dict__.pop("_legal_cache", None)
    return state


def table(decks=("warlord", "avenger"), *, seed: int = 0, start: str = "library_of_thoth", hands=None, **options):
    """A table after set-up: seat i picked prebuilt deck decks[i]; seat 0 goes first, standing
    with everyone on `start` (hex 0); `hands` {seat: [card ids]} replaces those hands (cards
    moved from the deck, or added to the deck list when the deck lacks them)."""
    options.setdefault("first_player", 0)
    state = GAME.new_state(len(decks), seed, options)
    CREATED.append(state)
    for seat, deck in enumerate(decks):
        state.apply(seat, {"type": "pick", "deck": deck})
    state.placed[0].update(tile=start, doors=list(HEXES[start].doors), exit=HEXES[start].exit)
    state.turns_done = len(decks)  # the first round is over: starting-hex events count
    if hands is not None:
        for seat, cards in hands.items():
            set_hand(state, seat, cards)
    return touched(state)


def set_hand(state, seat: int, cards: list[str]) -> None:
    state.deck[seat] += state.hand[seat]
    state.hand[seat] = []
    for card in cards:
        if card in state.deck[seat]:
            state.deck[seat].remove(card)
        elif card in state.discard[seat]:
            state.discard[seat].remove(card)
        else:
            state.decklists[seat][card] = state.decklists[seat].get(card, 0) + 1
        state.hand[seat].append(card)
    state.hand[seat].sort(key=card_key)
    touched(state)


def first_round(state):
    """Starting-hex events ignored (the first round): nothing but what the test arranges."""
    state.turns_done = 0
    return touched(state)


def table_card(state, seat: int, card: str, **fields) -> dict:
    """`card` from the seat's deck (or added to its list) tabled in front of it."""
    if card in state.deck[seat]:
        state.deck[seat].remove(card)
    else:
        state.decklists[seat][card] = state.decklists[seat].get(card, 0) + 1
    entry = state.new_entry(seat, card, seat=seat)
    entry.update(fields)
    touched(state)
    return entry


def add_hex(state, tile: str, q: int, r: int, turn: int = 0, owner: int = 0) -> int:
    doors = sorted((d + turn) % 6 for d in HEXES[tile].doors)
    state.placed.append({"tile": tile, "owner": owner, "q": q, "r": r, "turn": turn, "doors": doors,
                         "exit": HEXES[tile].exit, "keys": 0, "slain_by": None})
    touched(state)
    return len(state.placed) - 1


def put_on_pile(state, tile: str, owner: int = 0) -> None:
    """`tile` on top of the Hexpile (taken from it, or added)."""
    for i, (t, o) in enumerate(state.hexpile):
        if t == tile:
            state.hexpile.pop(i)
            break
    state.hexpile.append([tile, owner])
    touched(state)


def to_step(state, step: str = "act") -> None:
    """The seat to act skips ahead to `step` (draw skipped, free actions done)."""
    seat = state.to_act()[0]
    if state.phase == "draw" and step != "draw":
        state.apply(seat, {"type": "skip"})
    if state.phase == "free" and step == "act":
        state.apply(seat, {"type": "done"})
    assert state.phase == step, state.phase


def dice(state, *faces: int) -> None:
    state.script_chance(list(faces))


def legal_types(state, seat: int) -> set[str]:
    return {a["type"] for a in state.legal_actions(seat)}


def messages(state, seat=None) -> list[str]:
    return [e["msg"] for e in state.log_for(seat)]
