"""Helpers for the Midas Chests scenario tests: a table with chosen cups, bids, penalties, scripted chance.

Round 1's starter, stone and dice are drawn inside `new_state`, before anything can be scripted, so
`table()` arranges them by setting the state's attributes (only to set up a position); from round 2
on a test scripts them with `round_outcomes()` before the action that starts the round. Everything a
test checks goes through the public contract (`apply`, `legal_actions`, `view`, `log_for`, `scores`,
`winners`, `script_chance`), reading attributes only for what no view shows (the dice under cups).

This module has a name of its own (not conftest) so that test modules can import it by name next to
other test folders' helper modules.
"""

from __future__ import annotations

from cryptarena import games

GAME = games.load("midas")
STONES = ("ruby", "emerald", "sapphire")
FAVOURS = ("pot_de_vin", "immunite", "damocles", "echange")

# Every table made here, so that conftest can check after each test that no scripted chance
# outcome was left unused: a leftover means a chance event the test counted on never happened.
CREATED: list = []


# ------------------------------------------------------------------ tables
def new(players: int = 3, seed: int = 0, **options):
    state = GAME.new_state(players, seed, options)
    CREATED.append(state)
    return state


def touched(state):
    """Attributes were edited by hand: forget the memoised legal actions."""
    state.__dict__.pop("_legal_cache", None)
    return state


def table(players: int = 3, *, first: int = 0, stone: str = "ruby", dice=None, seed: int = 0, **options):
    """A fresh table in round 1 with `first` to bid, `stone` announced and, if given, these cups
    (one list of faces per seat; a cup's length is that seat's dice count)."""
    state = new(players, seed, **options)
    arrange(state, first=first, stone=stone, dice=dice)
    return state


def arrange(state, *, first: int | None = None, stone: str | None = None, dice=None):
    """Set the round in progress: who bids first, the announced stone, the cups."""
    if first is not None:
        state.starter = state.turn = first
    if stone is not None:
        state.stone = stone
    if dice is not None:
        for seat, faces in enumerate(dice):
            if not state.cursed[seat]:
                state.dice[seat] = list(faces)
                state.dice_count[seat] = len(faces)
    return touched(state)


def cursed_table(players: int = 4, cursed=(1,), **kwargs):
    """A round-1 table where the seats in `cursed` already drew their cursed coin: they have no
    dice and, with 3+ players at the start, the round opens with their Obsidian cards."""
    state = table(players, **kwargs)
    for seat in cursed:
        state.cursed[seat] = True
        state.dice[seat] = []
        state.chests[seat] = {"coins": state.chests[seat]["coins"] - 1, "cursed": False}
    assert state.turn not in cursed, "the first bidder must be a player in play"
    if players > 2:
        state.phase = "obsidian"
    return touched(state)


def blank(state, count: int = 5):
    """Every cup in play shows `count` dice of a stone other than the announced one: the count is 0
    (whatever Obsidian is worth, since no die shows it)."""
    other = next(s for s in STONES if s != state.stone)
    return arrange(state, dice=[[other] * count for _ in range(state.players)])


def round_outcomes(stone: str, cups: dict[int, list[str]]) -> list:
    """Scripted outcomes of the next round's start: Midas's stone, then each listed seat's dice in
    seat order (list only the seats that roll: those not Cursed, with their dice count)."""
    return [{"stone": stone}, *(face for seat in sorted(cups) for face in cups[seat])]


def blank_cups(state, stone: str = "ruby", count: int | None = None) -> list:
    """round_outcomes for a next round where nobody shows `stone` (or a counted face)."""
    other = next(s for s in STONES if s != stone)
    return round_outcomes(stone, {s: [other] * (count or state.dice_count[s]) for s in range(state.players)
                                  if not state.cursed[s]})


# ------------------------------------------------------------------ a round
def bid(state, count: int) -> int:
    seat = state.to_act()[0]
    state.apply(seat, {"type": "bid", "count": count})
    return seat


def accuse(state) -> int:
    seat = state.to_act()[0]
    state.apply(seat, {"type": "accuse"})
    return seat


def overbid_and_lose(state, loser: int) -> int:
    """With a blank table (count 0): bids rise by one until `loser` bids, then the next player
    accuses, so `loser` is penalised. Returns the accuser."""
    assert state.phase == "bidding"
    while state.to_act() != [loser]:
        bid(state, (state.bid or 0) + 1)
    bid(state, (state.bid or 0) + 1)
    accuser = accuse(state)
    assert state.phase == "penalty" and state.to_act() == [loser]
    return accuser


def lose_die(state, script: list | None = None) -> int:
    seat = state.to_act()[0]
    if script:
        state.script_chance(script)
    state.apply(seat, {"type": "lose_die"})
    return seat


def draw(state, *coins: str, then: list | None = None) -> int:
    """The loser to act draws; `coins` are the coins drawn ('safe'/'cursed'), `then` the outcomes
    of what follows (the next round's start)."""
    seat = state.to_act()[0]
    script = [{"coin": c} for c in coins] + list(then or [])
    if script:
        state.script_chance(script)
    state.apply(seat, {"type": "draw"})
    return seat


def pass_offers(state) -> list[int]:
    """Everyone offered a favour passes. Returns the seats offered, in order. (Outcomes scripted
    earlier wait in the queue: passing is no chance event.)"""
    offered = []
    while state.phase == "favours":
        seat = state.to_act()[0]
        offered.append(seat)
        state.apply(seat, {"type": "pass"})
    return offered


def obsidian_cards(state, cards: dict[int, int]) -> None:
    """Each Cursed seat plays its card (digital mode)."""
    assert state.phase == "obsidian"
    for seat, value in cards.items():
        state.apply(seat, {"type": "obsidian", "value": value})


# ------------------------------------------------------------------ positions arranged by hand
def give(state, seat: int, *, purse: int | None = None, favour: str | None = None):
    """Seat `seat` holds `purse` drawn coins and/or has already bought `favour` (with its effect
    pending, as if bought in an earlier round)."""
    if purse is not None:
        state.purse[seat] = purse
    if favour is not None:
        state.bought[seat] = favour
        state.granted.append(favour)
        if favour == "pot_de_vin":
            state.bribe_holder = seat
        elif favour == "immunite":
            state.immune[seat] = True
        elif favour == "damocles":
            state.damocles = True
    return touched(state)


def types(legal: list[dict]) -> set[str]:
    return {a["type"] for a in legal}


def bids(legal: list[dict]) -> list[int]:
    return [a["count"] for a in legal if a["type"] == "bid"]


def messages(state, seat=None) -> list[str]:
    return [e["msg"] for e in state.log_for(seat)]
