"""Secrets: hands, the order of every deck and of the Hexpile, and a seat's set-up choices until
all are ready. Determinisation re-deals exactly these and never changes anything public; card draws
are logged for the drawer only."""

from __future__ import annotations

from collections import Counter


from cryptarena.engine import Rng
from pharaoh_play import CREATED, GAME, dice, table, to_step, touched


def mid_game():
    state = table(("warlord", "avenger", "spellmancer"), hands={0: ["dagger", "block"], 1: ["halberd"],
                                                               2: ["spark", "ward", "block", "torch"]})
    state.discard[1] = [state.deck[1].pop() for _ in range(3)]
    return touched(state)


def public(view: dict) -> dict:
    """A view without the seat's own hand (the same anyway for the seat itself)."""
    return {k: v for k, v in view.items() if k != "hand"}


def test_determinize_keeps_the_seats_view_and_log_exactly():
    state = mid_game()
    for seed in range(5):
        twin = state.determinize(0, Rng(seed))
        assert twin.view(0) == state.view(0)
        assert twin.log_for(0) == state.log_for(0)
        assert twin.legal_actions(0) == state.legal_actions(0)


def test_determinize_never_changes_public_things():
    state = mid_game()
    twin = state.determinize(1, Rng(3))
    for seat in (None, 0, 1, 2):
        assert public(twin.view(seat)) == public(state.view(seat))
    assert twin.discard == state.discard and twin.table == state.table and twin.placed == state.placed
    assert twin.life == state.life and twin.pos == state.pos and twin.decklists == state.decklists


def test_determinize_re_deals_other_seats_hands_from_their_hand_and_deck():
    state = mid_game()
    changed = False
    for seed in range(10):
        twin = state.determinize(0, Rng(seed))
        assert twin.hand[0] == state.hand[0]  # the own hand is known
        for seat in (1, 2):
            assert len(twin.hand[seat]) == len(state.hand[seat])
            assert Counter(twin.hand[seat] + twin.deck[seat]) == Counter(state.hand[seat] + state.deck[seat])
            changed |= twin.hand[seat] != state.hand[seat]
    assert changed


def test_determinize_keeps_the_own_hand_and_shuffles_the_own_deck_order():
    state = mid_game()
    orders = set()
    for seed in range(6):
        twin = state.determinize(0, Rng(seed))
        assert twin.hand[0] == state.hand[0]
        assert Counter(twin.deck[0]) == Counter(state.deck[0])
        orders.add(tuple(twin.deck[0]))
    assert len(orders) > 1


def test_determinize_shuffles_the_hexpile_order_only():
    state = mid_game()
    orders = set()
    for seed in range(6):
        twin = state.determinize(2, Rng(seed))
        assert sorted(map(tuple, twin.hexpile)) == sorted(map(tuple, state.hexpile))
        orders.add(tuple(map(tuple, twin.hexpile)))
    assert len(orders) > 1


def test_a_determinized_copy_plays_on():
    state = mid_game()
    twin = state.determinize(0, Rng(1))
    twin.apply(0, {"type": "draw"})
    assert len(twin.hand[0]) == 3 and twin.seed is None and twin.history[-1]["action"] == {"type": "draw"}


def test_card_draws_are_logged_for_the_drawer_only():
    state = table(hands={0: [], 1: []})
    state.apply(0, {"type": "draw"})
    drawn = state.hand[0][0]
    mine = state.log_for(0)[-1]
    assert mine["msg"] == "pharaoh.draw" and mine["params"]["card"] == drawn and mine["chance"]["value"] == drawn
    for seat in (1, None):
        theirs = state.log_for(seat)[-1]
        assert theirs.get("redacted") and "card" not in theirs["params"] and "value" not in theirs.get("chance", {})


def test_bounty_and_event_draws_are_secret_too():
    state = table(hands={0: [], 1: []})
    state.monsters.append({"uid": 90, "monster": "scarab_swarm", "home": 0, "hex": 0, "lp": 1, "dominated_by": None,
                           "provoked": [], "spares": [], "keys": 0})
    state.uid_next = 91
    touched(state)
    to_step(state)
    dice(state, 2, 6, 6)
    state.apply(0, {"type": "hit"})
    state.apply(0, {"type": "target", "target": "m90"})
    draws = [e for e in state.log_for(1) if e["msg"] in ("pharaoh.bounty", "pharaoh.event_draw")]
    assert len(draws) >= 3 and all(e.get("redacted") and "card" not in e["params"] for e in draws)
    mine = [e for e in state.log_for(0) if e["msg"] in ("pharaoh.bounty", "pharaoh.event_draw")]
    assert sorted(e["params"]["card"] for e in mine) == sorted(state.hand[0])


def test_the_hexpile_shows_its_contents_not_its_order():
    state = mid_game()
    pile = state.view(1)["hexpile"]
    assert pile["count"] == len(state.hexpile) and pile["contents"] == sorted(t for t, _ in state.hexpile)


def test_a_scripted_card_must_be_in_the_drawers_deck():
    state = table(hands={0: [], 1: []})
    card = state.deck[0][0]
    state.script_chance([{"card": card}])
    state.apply(0, {"type": "draw"})
    assert state.hand[0] == [card]


# ---------------------------------------------------------------------------------- set-up
def setting_up():
    state = GAME.new_state(3, 4, {"first_player": 0})
    CREATED.append(state)
    state.apply(0, {"type": "build", "character": "technomancer"})
    state.apply(0, {"type": "add", "card": "plasma_rifle"})
    state.apply(1, {"type": "pick", "deck": "spellmancer"})
    return state


def test_set_up_choices_are_secret_until_everyone_is_ready():
    state = setting_up()
    for viewer in (None, 2):
        seats = state.view(viewer)["seats"]
        assert seats[0]["setup"] is None and seats[1]["setup"] is None
        assert seats[1]["ready"] is True and seats[0]["ready"] is False
        assert "plasma_rifle" not in str(state.log_for(viewer)) and "spellmancer" not in str(state.log_for(viewer))
    assert state.view(1)["seats"][1]["setup"]["deck"] == "spellmancer"


def test_determinize_in_set_up_redraws_the_others_choices_and_keeps_readiness():
    state = setting_up()
    picks = set()
    for seed in range(12):
        twin = state.determinize(2, Rng(seed))
        assert twin.view(2) == state.view(2)
        assert twin.setup[0]["ready"] is False and twin.setup[0]["cards"] == {}  # nothing known
        assert twin.setup[1]["ready"] is True
        picks.add(twin.setup[1]["deck"])
    assert len(picks) > 1  # the ready seat's pick is a guess, not the truth


def test_determinize_in_set_up_keeps_the_own_choices():
    state = setting_up()
    twin = state.determinize(0, Rng(0))
    assert twin.setup[0] == state.setup[0] and twin.setup[0]["cards"] == {"plasma_rifle": 1}


def test_determinize_keeps_a_key_everyone_saw_picked_up_in_its_hand():
    state = table(hands={0: [], 1: []})
    state.deck[0].remove("key")
    state.placed[0]["keys"] = 1
    touched(state)
    to_step(state)
    state.apply(0, {"type": "pickup"})
    assert any(e["msg"] == "pharaoh.pickup" for e in state.log_for(1))  # public
    for seed in range(8):
        twin = state.determinize(1, Rng(seed))
        assert "key" in twin.hand[0] and twin.holds_key(0)


def test_an_interrupt_window_tells_nobody_who_holds_a_play_any_time_card():
    """The same play, answered by a seat holding a play-any-time Thwart or by one holding a Dagger
    (both from its deck list): the player and a spectator see the same window, the same seats
    asked, the same log."""
    seen = []
    for answer_card in ("thwart", "dagger"):
        state = table(("spellmancer", "warlord"), hands={0: ["burning_spear", "enforce"], 1: [answer_card]})
        to_step(state)
        state.apply(0, {"type": "play", "card": "burning_spear", "method": "use_discard"})
        state.apply(0, {"type": "modifier", "card": "enforce"})
        state.apply(0, {"type": "target", "target": "c1"})
        assert state.phase == "window" and state.to_act() == [1]
        can_answer = {"type": "respond", "card": "thwart", "target": "enforce"} in state.legal_actions(1)
        assert can_answer == (answer_card == "thwart")
        seen.append([(state.view(s), state.log_for(s)) for s in (0, None)])
    assert seen[0] == seen[1]
