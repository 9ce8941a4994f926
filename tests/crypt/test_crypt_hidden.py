"""Crypt's secrets: what determinize re-draws for a seat, and what it must leave alone.

The generic suite checks that nothing a seat reads changes on a determinised copy; these tests
check the other half, which only the game can: every value the seat does not know IS re-drawn
(deck order, others' face-down cards, face-down Crypt and discard cards), types stay put, and
every value the seat knows stays exactly where it is."""

from __future__ import annotations

from cryptarena import games
from cryptarena.engine import Rng


def mid_game(players: int, seed: int, rounds: int = 3):
    state = games.load("crypt").new_state(players, seed, {"collectors": "B"})
    rng = Rng(seed)
    while state.round <= rounds and not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
    return state


def positions(state):
    """(where, card id) for every card on the table."""
    found = [(("deck", i), c) for i, c in enumerate(state.deck)]
    found += [(("crypt", i), s["card"]) for i, s in enumerate(state.crypt)]
    found += [(("collection", p, i), c) for p, cards in enumerate(state.collections) for i, c in enumerate(cards)]
    found += [(("discard", i), c) for i, c in enumerate(state.discard)]
    return dict(found)


def known_to(state, seat, card):
    return state.public[card] or seat in state.knowers[card]


def test_known_values_stay_and_types_show():
    for seed in range(15):
        state = mid_game(3, seed)
        before = positions(state)
        for seat in range(3):
            twin = state.determinize(seat, Rng(seed * 7 + seat))
            after = positions(twin)
            assert set(after) == set(before)
            for where, card in before.items():
                if known_to(state, seat, card):
                    assert after[where] == card, (seat, where)
                elif where[0] != "deck":  # a face-down card shows its type
                    assert twin.cards[after[where]].type == state.cards[card].type, (seat, where)
            assert sorted(after.values()) == sorted(before.values())


def test_every_unknown_place_is_redrawn_sometimes():
    """Over several copies, every place holding a card the seat does not know changes at least
    once where another card could be there: nothing hidden is forgotten by determinize."""
    state = mid_game(4, 3, rounds=4)
    seat = 0
    before = positions(state)
    unknown = {where: card for where, card in before.items() if not known_to(state, seat, card)}
    kinds = {where[0] for where in unknown}
    assert {"deck", "collection", "crypt"} <= kinds  # the scenario has hidden cards of each kind
    changed = set()
    for k in range(40):
        after = positions(state.determinize(seat, Rng(k)))
        changed |= {where for where, card in unknown.items() if after[where] != card}
    assert changed == set(unknown)


def test_an_owner_keeps_its_face_down_cards_but_others_do_not():
    state = mid_game(2, 11, rounds=5)
    own = [c for c in state.collections[1] if not state.public[c]]
    assert own, "seat 1 should hold face-down cards in this scenario"
    for k in range(10):
        assert [c for c in state.determinize(1, Rng(k)).collections[1] if c in own] == own
    moved = any(state.determinize(0, Rng(k)).collections[1] != state.collections[1] for k in range(10))
    assert moved


def test_a_manuscript_peek_makes_the_crypt_known_to_the_peeker_only():
    for seed in range(200):
        state = mid_game(3, seed)
        for seat in range(3):
            if {"type": "manuscript_peek"} in state.legal_actions(seat):
                state.apply(seat, {"type": "manuscript_peek"})
                down = [s["card"] for s in state.crypt if not s["up"]]
                twin = state.determinize(seat, Rng(1))
                assert [s["card"] for s in twin.crypt if not s["up"]] == down
                view = state.view(seat)
                assert all(c["value"] is not None for c in view["crypt"])
                other = (seat + 1) % 3
                if not any(other in state.knowers[c] for c in down):
                    assert any(c["value"] is None for c in state.view(other)["crypt"])
                return
    raise AssertionError("no Manuscript B peek became possible in 200 games")
