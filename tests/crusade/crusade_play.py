"""Helpers for the Crypt Crusade scenario tests: a table with chosen Graves, pieces, hands and
turn, and short names for the actions.

Setup (roses, starting hands) is drawn inside `new_state`, before anything can be scripted, so
`table()` arranges a position by setting the state's attributes (only to set up a position: the
cards stay conserved, every copy in exactly one hand or pile, so saves still load). Everything a
test checks goes through the public contract (`apply`, `legal_actions`, `view`, `log_for`,
`scores`, `winners`, `script_chance`, `determinize`).

A name of its own (not conftest) so that test modules can import it next to other test folders'
helper modules.
"""

from __future__ import annotations

from cryptarena import games
from cryptarena.engine import IllegalAction
from cryptarena.games.crusade.components import CARDS, card_key

GAME = games.load("crusade")
SHED = 12  # square5: the centre tile

# Every table made here, so that conftest can check after each test that no scripted card was
# left unused: a leftover means a draw the test counted on never happened.
CREATED: list = []


def T(x: int, y: int) -> int:
    """The id of the square5 tile at column x, row y (tiles are numbered row by row)."""
    return y * 5 + x


def new(players: int = 4, seed: int = 0, **options):
    state = GAME.new_state(players, seed, options)
    CREATED.append(state)
    return state


def touched(state):
    """Attributes were edited by hand: forget the memoised legal actions."""
    state.__dict__.pop("_legal_cache", None)
    return state


def table(players: int = 4, *, seed: int = 0, graves=None, pos=None, hands=None, turn: int | None = None,
          purse=None, **options):
    """A fresh table, then: `graves` {tile: owner or (owner, seal)} replaces every Grave; `pos`
    {seat: tile or None}; `hands` {seat: [card ids]} (every other hand is emptied, its cards back
    in their piles); `turn` the seat whose own turn it is now; `purse` {team: tokens}."""
    state = new(players, seed, **options)
    if graves is not None:
        set_graves(state, graves)
    if pos is not None:
        place(state, pos)
    if hands is not None:
        set_hands(state, hands)
    if purse is not None:
        state.purse.update(purse)
        for team, tokens in purse.items():
            state.earned[team] = max(state.earned[team], tokens)
    if turn is not None:
        turn_of(state, turn)
    return touched(state)


def set_graves(state, graves: dict):
    state.graves = {}
    for tile in sorted(graves):
        owner, seal = graves[tile] if isinstance(graves[tile], tuple) else (graves[tile], 0)
        state.graves[tile] = {"owner": owner, "seal": seal}
    return touched(state)


def place(state, pos: dict):
    for seat, tile in pos.items():
        state.pos[seat] = tile
    return touched(state)


def set_hands(state, hands: dict):
    """Every hand back to the piles, then each listed seat takes its cards from them."""
    for seat in range(state.players):
        for card in list(state.hands[seat]):
            state.hands[seat].remove(card)
            state._to_pile(card)
        state.revealed[seat] = []
    for seat, cards in hands.items():
        for card in cards:
            state.piles[CARDS[card].team][CARDS[card].tier - 1].remove(card)
            state.hands[seat].append(card)
        state.hands[seat].sort(key=card_key)
    return touched(state)


def turn_of(state, seat: int, borrowed: bool = False):
    """Make it `seat`'s own turn in the round order (its team's part of the round)."""
    team = state.teams[seat]
    state.part = team
    state.order_index = state.team_seats(team).index(seat)
    state.leaf = None
    state.shop_done = []
    state._start_turn(seat, borrowed=borrowed)
    return touched(state)


def effects(state, seat: int, **flags):
    state.effects[seat].update(flags)
    return touched(state)


# ------------------------------------------------------------------ actions
def act(state, action: dict, seat: int | None = None) -> None:
    state.apply(state.to_act()[0] if seat is None else seat, action)


def move(state, to: int) -> None:
    act(state, {"type": "move", "to": to})


def play(state, card: str, **fields) -> None:
    act(state, {"type": "play", "card": card, **fields})


def end(state) -> None:
    act(state, {"type": "end"})


def refusal(state, action: dict, seat: int | None = None) -> str:
    """The reason an action is refused (the test fails if it is accepted)."""
    seat = state.to_act()[0] if seat is None else seat
    try:
        state.apply(seat, action)
    except IllegalAction as exc:
        return exc.reason
    raise AssertionError(f"{action} was accepted")


def moves(state, seat: int | None = None) -> list[int]:
    seat = state.to_act()[0] if seat is None else seat
    return sorted(a["to"] for a in state.legal_actions(seat) if a["type"] == "move")


def plays(state, card: str, seat: int | None = None) -> list[dict]:
    """The legal plays of `card` (without type and card)."""
    seat = state.to_act()[0] if seat is None else seat
    return [{k: v for k, v in a.items() if k not in ("type", "card")}
            for a in state.legal_actions(seat) if a["type"] == "play" and a["card"] == card]


def types(state, seat: int | None = None) -> set[str]:
    seat = state.to_act()[0] if seat is None else seat
    return {a["type"] for a in state.legal_actions(seat)}


def messages(state, seat=None) -> list[str]:
    return [e["msg"] for e in state.log_for(seat)]


def finish_turns(state, until=lambda s: False) -> None:
    """Every player to act ends the turn (shops: done) until `until(state)` or a new round's shop."""
    while not state.is_over() and not until(state):
        seat = state.to_act()[0]
        kind = "done" if state.phase == "shop" else "end"
        state.apply(seat, {"type": kind})

