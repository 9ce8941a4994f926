"""Helpers for the Crypt scenario tests: build a table, play claim turns, force chance.

The game is driven only through its public contract (`new_state`, `apply`, `legal_actions`,
`view`, `scores`, `winners`, `script_chance`); the state's attributes are only read, to check
what the contract does not show (the deck, the dice of every seat, the flipped cards).

Round 1's cards are drawn inside `new_state`, before anything can be scripted, so a test that needs
a particular first Crypt asks `find()` for the first seed that deals it; later rounds' cards are
scripted with `draws()`. This module has a name of its own (not conftest) so that test modules can
import it by name next to other test folders' conftests.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from cryptarena import games

GAME = games.load("crypt")

# Every table made here, so that conftest can check after each test that no scripted chance
# outcome was left unused: a leftover means a roll the test expected never happened.
CREATED: list = []


# ------------------------------------------------------------------ tables and cards
def new(players: int, seed: int = 0, **options):
    state = GAME.new_state(players, seed, options)
    CREATED.append(state)
    return state


def card(state, card_id: int) -> tuple[str, int]:
    c = state.cards[card_id]
    return c.type, c.value


def crypt(state) -> list[tuple[str, int, bool]]:
    """The Crypt as (type, value, face_up) per slot."""
    return [(*card(state, s["card"]), s["up"]) for s in state.crypt]


def in_deck(state, kind: str, value: int | None = None) -> list[int]:
    """Ids still in the deck of that type (and value), lowest value first."""
    return sorted((i for i in state.deck if state.cards[i].type == kind
                   and (value is None or state.cards[i].value == value)),
                  key=lambda i: (state.cards[i].value, i))


def draws(*card_ids: int) -> list[dict]:
    """Scripted outcomes: these cards are the next ones drawn from the deck, in order."""
    return [{"card": i} for i in card_ids]


_FOUND: dict = {}


def find(players: int, where: Callable[[list[tuple[str, int]]], bool], limit: int = 100_000, **options):
    """A fresh table, from the lowest seed (0 up) whose first-round Crypt, as a list of
    (type, value) per slot, satisfies `where`. The seed found is remembered per filter object, so
    a layout costs its search once per test process."""
    key = (players, where, tuple(sorted(options.items())))
    if key not in _FOUND:
        for seed in range(limit):
            state = GAME.new_state(players, seed, options)
            if where([card(state, s["card"]) for s in state.crypt]):
                _FOUND[key] = seed
                break
        else:
            raise LookupError(f"no seed below {limit} deals a first Crypt that {where.__name__} accepts")
    return new(players, _FOUND[key], **options)


# ------------------------------------------------------------------ turns
def place(state, seat: int, slot: int, effort: int) -> None:
    state.apply(seat, {"type": "place", "slot": slot, "effort": effort})


def claim(state, seat: int, placements: Iterable[tuple[int, int]]) -> None:
    """One whole claim turn: a servant per (slot, effort), then confirm."""
    for slot, effort in placements:
        place(state, seat, slot, effort)
    state.apply(seat, {"type": "confirm"})


def recover(state, seat: int) -> None:
    state.apply(seat, {"type": "recover"})


def pass_turn(state, seat: int) -> None:
    state.apply(seat, {"type": "pass"})


def play(state, turns: Iterable[tuple[int, object]], script: Iterable = ()) -> None:
    """Script chance first (dice as ints, cards via draws()), then play `turns` in order, each
    (seat, what): a list of (slot, effort) = a claim turn, "recover", "pass", or an action dict.
    Every turn checks that it really is that seat's decision."""
    script = list(script)
    if script:
        state.script_chance(script)
    for seat, what in turns:
        assert state.to_act() == [seat], f"expected seat {seat} to act, but {state.to_act()} ({state.phase})"
        if what == "recover":
            recover(state, seat)
        elif what == "pass":
            pass_turn(state, seat)
        elif isinstance(what, dict):
            state.apply(seat, what)
        else:
            claim(state, seat, what)


def feed_round(state, next_cards: Iterable[int] = (), rolls: Iterable[int] | None = None) -> None:
    """Play the current round of a 2- or 3-player game so that seat s collects slot s: each seat,
    in claim order, puts all its ready servants on slot s at effort 1 (which never fails); the
    2-player Leader, out of servants, passes its second turn; the other cards are discarded.
    `next_cards` are the ids the next round reveals (face-up ones first, as in the Crypt)."""
    assert state.players in (2, 3) and state.phase == "claim"
    order = list(state.queue)
    count = sum(ready(state, s) for s in range(state.players))
    script = ([1] * count if rolls is None else list(rolls)) + draws(*next_cards)
    turns = []
    for seat in order:
        if seat in (t for t, _ in turns):
            turns.append((seat, "pass"))
        else:
            turns.append((seat, [(seat, 1)] * ready(state, seat)))
    play(state, turns, script=script)


def others(state, count: int, avoid: Iterable[str] = ()) -> list[int]:
    """`count` card ids still in the deck whose type is not in `avoid` (filler cards)."""
    avoid = set(avoid)
    found = [i for i in sorted(state.deck) if state.cards[i].type not in avoid][:count]
    assert len(found) == count, f"the deck has fewer than {count} cards outside {avoid}"
    return found


def play_round(state, max_steps: int = 500) -> None:
    """autoplay's policy, for the current round only (until the next round's Claim or the end)."""
    start = state.round
    for _ in range(max_steps):
        if state.is_over() or state.round != start:
            return
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        types = [a["type"] for a in legal]
        wanted = next(w for w in ("confirm", "recover", "pass", "place") if w in types)
        state.apply(seat, legal[types.index(wanted)])
    raise AssertionError("the round did not end")


def autoplay(state, max_rounds: int = 20) -> None:
    """Play to the end with a plain deterministic policy: confirm as soon as possible, else
    recover, else pass, else the first legal placement (one cheap servant per turn)."""
    for _ in range(max_rounds):
        if state.is_over():
            return
        play_round(state)
    raise AssertionError("the game did not end")


# ------------------------------------------------------------------ reading the table
def ready(state, seat: int) -> int:
    return state.dice[seat].count("ready")


def exhausted(state, seat: int) -> int:
    return state.dice[seat].count("exhausted")


def owner(state, slot: int):
    return state.view(None)["crypt"][slot]["owner"]


def seen_collection(state, viewer, seat: int) -> list[tuple[str, int | None]]:
    """What `viewer` (a seat or None) sees of `seat`'s collection: (type, value or None)."""
    return [(c["type"], c["value"]) for c in state.view(viewer)["players"][seat]["collection"]]


def breakdown(state, seat: int) -> dict:
    return state.scores()[seat]["breakdown"]
