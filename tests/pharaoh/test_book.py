"""The hard bot's Pharaoh book (book.py): moves it plays without a search."""

from __future__ import annotations

from cryptarena import games
from cryptarena.ai.agents import decide, make_agent
from cryptarena.engine import Rng
from cryptarena.games.pharaoh.book import search_book
from cryptarena.games.pharaoh.components import KEY

GAME = games.load("pharaoh")


def tables(seed: int):
    """Every table of a medium-bot game, with the seat to act (a fresh copy each time)."""
    state = GAME.new_state(2, seed=seed, keep_log=False)
    bots = [make_agent("medium", GAME) for _ in range(2)]
    rng = Rng(seed)
    while state.to_act():
        seat = state.to_act()[0]
        yield state.clone(), seat
        state.apply(seat, decide(bots[seat], state, seat, rng))


def first_table(wanted, seeds=range(40)):
    for seed in seeds:
        for state, seat in tables(seed):
            if wanted(state, seat):
                return state, seat
    raise AssertionError("no such table in the games played")


def test_an_exit_roll_on_offer_is_taken_without_a_search():
    state, seat = first_table(lambda s, seat: {"type": "exit"} in s.legal_actions(seat))
    legal = state.legal_actions(seat)
    assert len(legal) > 1
    hard = make_agent("hard", GAME)
    assert decide(hard, state, seat, Rng(3)) == {"type": "exit"}
    assert hard.last is None  # no roll-out was played for it


def test_it_draws_until_it_holds_a_key_and_leaves_the_choice_to_the_search_after():
    state, seat = first_table(lambda s, seat: s.phase == "draw" and KEY not in s.hand[seat]
                              and len(s.hand[seat]) >= 9 and {"type": "skip"} in s.legal_actions(seat))
    view, legal = state.view(seat), state.legal_actions(seat)
    assert make_agent("medium", GAME).act(view, legal, Rng(1)) == {"type": "skip"}  # the greedy bot stops
    assert search_book(view, legal) == {"type": "draw"}
    keyed = state.clone()
    keyed.hand[seat][0] = KEY
    assert search_book(keyed.view(seat), keyed.legal_actions(seat)) is None


def test_ordinary_moves_are_searched():
    state, seat = first_table(lambda s, seat: s.phase == "act" and len(s.legal_actions(seat)) > 3
                              and not {"exit", "pickup"} & {a["type"] for a in s.legal_actions(seat)})
    assert search_book(state.view(seat), state.legal_actions(seat)) is None
