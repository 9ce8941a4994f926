"""Quartz actions: pickaxe, jackhammer, chest, cart, steal; each kind once per turn."""

from __future__ import annotations

import pytest

from cryptarena.engine import IllegalAction
from quartz_play import clear_table, hand, new, touched, types


def table(players=3, **options):
    state = new(players, 0, **options)
    clear_table(state)
    return state, state.to_act()[0]


def test_pickaxe_draws_are_optional_one_by_one():
    state, seat = table()
    hand(state, ["pickaxe", "pickaxe", "pickaxe", "steal", "chest"])
    state.script_chance([{"crystal": "yellow"}, {"crystal": "white"}])
    state.apply(seat, {"type": "use", "face": "pickaxe"})
    assert state.legal_actions(seat) == [{"type": "draw"}, {"type": "stop"}]
    state.apply(seat, {"type": "draw"})
    state.apply(seat, {"type": "draw"})
    assert state.carts[seat]["yellow"] == 1 and state.carts[seat]["white"] == 1
    assert state.phase == "pickaxe"  # a third draw is still allowed, not forced
    state.apply(seat, {"type": "stop"})
    assert state.phase == "actions" and sum(state.carts[seat].values()) == 2
    assert {"type": "use", "face": "pickaxe"} not in state.legal_actions(seat)


def test_pickaxe_ends_by_itself_after_n_draws():
    state, seat = table()
    hand(state, ["pickaxe", "pickaxe", "steal", "steal", "chest"])
    state.apply(seat, {"type": "use", "face": "pickaxe"})
    state.apply(seat, {"type": "draw"})
    state.apply(seat, {"type": "draw"})
    assert state.phase == "actions" and sum(state.carts[seat].values()) == 2


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_jackhammer_draws_n_and_returns_half_rounded_down_of_your_choice(n):
    state, seat = table()
    drawn = ["red", "white", "red", "yellow", "pink"][:n]
    hand(state, ["jackhammer"] * n + ["pickaxe", "chest", "steal"][: 5 - n])
    bag_before = dict(state.bag)
    state.script_chance([{"crystal": c} for c in drawn])
    state.apply(seat, {"type": "use", "face": "jackhammer"})
    assert state.phase == "jackhammer"
    assert {a["colour"] for a in state.legal_actions(seat)} == set(drawn)
    assert "stop" not in types(state.legal_actions(seat))  # the returns are compulsory
    returns = ["red", "white"][: n // 2]
    for colour in returns:
        state.apply(seat, {"type": "return", "colour": colour})
    assert state.phase == "actions"
    kept = list(drawn)
    for colour in returns:
        kept.remove(colour)
    assert {c: k for c, k in state.carts[seat].items() if k} == {c: kept.count(c) for c in kept}
    assert sum(bag_before.values()) - sum(state.bag.values()) == n - n // 2


def test_jackhammer_cannot_return_a_colour_it_did_not_draw():
    state, seat = table()
    state.carts[seat]["yellow"] = 1
    hand(state, ["jackhammer", "jackhammer", "pickaxe", "chest", "steal"])
    state.script_chance([{"crystal": "white"}, {"crystal": "white"}])
    state.apply(seat, {"type": "use", "face": "jackhammer"})
    with pytest.raises(IllegalAction):
        state.apply(seat, {"type": "return", "colour": "yellow"})


def test_jackhammer_with_a_short_bag_draws_what_is_left():
    state, seat = table()
    state.bag = {c: 0 for c in state.bag}
    state.bag.update(white=2, red=1)
    hand(state, ["jackhammer"] * 5)
    state.apply(seat, {"type": "use", "face": "jackhammer"})
    assert sum(state.bag.values()) == 0
    assert state.carts[seat]["white"] == 2 and state.carts[seat]["red"] == 1
    state.apply(seat, {"type": "return", "colour": "white"})  # floor(3 drawn / 2) = 1 return
    assert state.phase == "actions" and state.bag["white"] == 1


def test_chest_protects_up_to_n_minus_one_and_never_black_by_default():
    state, seat = table()
    state.carts[seat].update(red=5, black=2)
    hand(state, ["chest"] * 4 + ["pickaxe"])
    state.apply(seat, {"type": "use", "face": "chest"})
    assert state.legal_actions(seat) == [{"type": "protect", "colour": "red"}, {"type": "stop"}]
    for _ in range(3):
        state.apply(seat, {"type": "protect", "colour": "red"})
    assert state.phase == "actions"
    assert state.chests[seat]["red"] == 3 and state.carts[seat]["red"] == 2
    with pytest.raises(IllegalAction):
        state.apply(seat, {"type": "use", "face": "chest"})


def test_chest_is_not_offered_with_only_unstable_crystals():
    state, seat = table()
    state.carts[seat]["black"] = 2
    hand(state, ["chest", "chest", "pickaxe", "steal", "cart"])
    assert {"type": "use", "face": "chest"} not in state.legal_actions(seat)


def test_option_unstable_in_chest_allows_black():
    state, seat = table(unstable_in_chest=True)
    state.carts[seat]["black"] = 2
    hand(state, ["chest", "chest", "pickaxe", "steal", "cart"])
    state.apply(seat, {"type": "use", "face": "chest"})
    state.apply(seat, {"type": "protect", "colour": "black"})
    assert state.chests[seat]["black"] == 1 and state.scores()[seat]["breakdown"]["unstable"] == -6


def test_chest_crystals_cannot_be_stolen():
    state, seat = table()
    victim = (seat + 1) % 3
    state.chests[victim]["yellow"] = 2
    hand(state, ["steal", "steal", "steal", "pickaxe", "chest"])
    assert {"type": "use", "face": "steal"} not in state.legal_actions(seat)
    state.carts[victim]["white"] = 1
    touched(state)
    state.apply(seat, {"type": "use", "face": "steal"})
    assert state.legal_actions(seat) == [{"type": "steal", "from": victim, "colour": "white"}, {"type": "stop"}]
    with pytest.raises(IllegalAction):
        state.apply(seat, {"type": "steal", "from": victim, "colour": "yellow"})


def test_cart_gives_up_to_n_minus_one_unstable_crystals_to_chosen_opponents():
    state, seat = table(players=4)
    state.carts[seat].update(black=4, red=1)
    hand(state, ["cart"] * 3 + ["pickaxe", "steal"])
    state.apply(seat, {"type": "use", "face": "cart"})
    others = [s for s in range(4) if s != seat]
    assert state.legal_actions(seat) == [{"type": "dump", "to": s} for s in others] + [{"type": "stop"}]
    state.apply(seat, {"type": "dump", "to": others[0]})
    state.apply(seat, {"type": "dump", "to": others[2]})
    assert state.phase == "actions"
    assert state.carts[seat]["black"] == 2 and state.carts[seat]["red"] == 1
    assert [state.carts[s]["black"] for s in others] == [1, 0, 1]


def test_cart_can_stop_early_and_never_targets_yourself():
    state, seat = table()
    state.carts[seat]["black"] = 3
    hand(state, ["cart"] * 4 + ["pickaxe"])
    state.apply(seat, {"type": "use", "face": "cart"})
    with pytest.raises(IllegalAction):
        state.apply(seat, {"type": "dump", "to": seat})
    state.apply(seat, {"type": "dump", "to": (seat + 1) % 3})
    state.apply(seat, {"type": "stop"})
    assert state.phase == "actions" and state.carts[seat]["black"] == 2


def test_cart_is_not_offered_without_unstable_crystals():
    state, seat = table()
    state.carts[seat]["red"] = 1
    hand(state, ["cart", "cart", "pickaxe", "steal", "chest"])
    assert "cart" not in {a.get("face") for a in state.legal_actions(seat)}


def test_steal_takes_up_to_n_minus_one_never_black_nor_from_yourself():
    state, seat = table(players=4)
    a, b = (seat + 1) % 4, (seat + 2) % 4
    state.carts[a].update(yellow=1, black=2)
    state.carts[b].update(red=2)
    state.carts[seat]["blue"] = 1
    hand(state, ["steal"] * 3 + ["pickaxe", "chest"])
    state.apply(seat, {"type": "use", "face": "steal"})
    legal = state.legal_actions(seat)
    assert {(x["from"], x["colour"]) for x in legal if x["type"] == "steal"} == {(a, "yellow"), (b, "red")}
    for bad in ({"from": a, "colour": "black"}, {"from": seat, "colour": "blue"}):
        with pytest.raises(IllegalAction):
            state.apply(seat, {"type": "steal", **bad})
    state.apply(seat, {"type": "steal", "from": a, "colour": "yellow"})
    state.apply(seat, {"type": "steal", "from": b, "colour": "red"})
    assert state.phase == "actions"  # 3 faces: 2 steals
    assert state.carts[seat] == {**dict.fromkeys(state.carts[seat], 0), "blue": 1, "yellow": 1, "red": 1}
    assert state.carts[a]["yellow"] == 0 and state.carts[b]["red"] == 1


def test_steal_is_not_offered_when_only_you_have_coloured_crystals():
    state, seat = table()
    state.carts[seat]["yellow"] = 3
    state.carts[(seat + 1) % 3]["black"] = 2
    hand(state, ["steal", "steal", "pickaxe", "chest", "cart"])
    assert "steal" not in {a.get("face") for a in state.legal_actions(seat)}


def test_each_kind_is_used_once_per_turn_in_any_order():
    state, seat = table()
    state.carts[seat].update(red=3)
    state.carts[(seat + 1) % 3]["white"] = 2
    hand(state, ["steal", "steal", "chest", "chest", "pickaxe"])
    state.apply(seat, {"type": "use", "face": "steal"})
    state.apply(seat, {"type": "steal", "from": (seat + 1) % 3, "colour": "white"})
    state.apply(seat, {"type": "use", "face": "chest"})
    state.apply(seat, {"type": "protect", "colour": "white"})
    uses = {a["face"] for a in state.legal_actions(seat) if a["type"] == "use"}
    assert uses == {"pickaxe"}
    with pytest.raises(IllegalAction):
        state.apply(seat, {"type": "use", "face": "steal"})
