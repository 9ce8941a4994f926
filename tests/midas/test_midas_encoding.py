"""Midas Chests' fixed encodings: the action space's size and numbering in both modes, and what
named observation fields hold in known positions (offsets read from the layout)."""

from __future__ import annotations

import pytest

from midas_play import GAME, accuse, bid, cursed_table, give, table
from cryptarena.engine import EncodingError
from cryptarena.games.midas.encoding import PHASES

COMPANION = {"mode": "companion"}


def field(encoding, vector, name):
    row = next(r for r in encoding.layout() if r["name"] == name)
    return vector[row["offset"]:row["offset"] + row["size"]]


def observe(state, seat):
    encoding = GAME.observation_encoding(state.players, state.options)
    vector = encoding.encode(state.view(seat))
    return lambda name: field(encoding, vector, name)


# ------------------------------------------------------------------ the action space
@pytest.mark.parametrize("players, options, size", [
    # digital: Obsidian 0/1 (3+ players), bids 1..25 x players, accuse, a bribe per stone (3),
    # lose_die, draw, 4 favours, pass, swap with any seat
    (2, {}, 50 + 1 + 3 + 2 + 4 + 1 + 2),
    (3, {}, 2 + 75 + 1 + 3 + 2 + 4 + 1 + 3),
    (4, {}, 2 + 100 + 1 + 3 + 2 + 4 + 1 + 4),
    (3, {"bid_cap_per_player": 5, "die_faces": "four_stones"}, 2 + 15 + 1 + 4 + 2 + 4 + 1 + 3),
    # companion: every action names its player; no bids; a swap never with oneself
    (2, COMPANION, 1 + 2 * 3 + 2 * 2 + 2 * 4 + 2 + 2 * 1),
    (3, COMPANION, 3 * 2 + 1 + 3 * 3 + 3 * 2 + 3 * 4 + 3 + 3 * 2),
    (4, COMPANION, 4 * 2 + 1 + 4 * 3 + 4 * 2 + 4 * 4 + 4 + 4 * 3),
])
def test_action_space_sizes(players, options, size):
    assert GAME.action_encoding(players, options).size == size


def test_hand_picked_actions_and_back():
    digital = GAME.action_encoding(3, {})
    assert digital.index({"type": "obsidian", "value": 1}) == 1
    assert digital.index({"type": "bid", "count": 1}) == 2
    assert digital.index({"count": 75, "type": "bid"}) == 76
    assert digital.index({"type": "accuse"}) == 77
    assert digital.index({"type": "bribe", "stone": "ruby"}) == 78
    assert digital.index({"type": "swap", "with": 2}) == digital.size - 1
    assert digital.action(40) == {"type": "bid", "count": 39}
    assert GAME.action_encoding(2, {}).index({"type": "bid", "count": 1}) == 0  # no Obsidian cards
    companion = GAME.action_encoding(3, COMPANION)
    assert companion.index({"type": "obsidian", "player": 0, "value": 0}) == 0
    assert companion.index({"type": "reveal"}) == 6
    assert companion.action(companion.size - 1) == {"type": "swap", "player": 2, "with": 1}
    assert companion.action(companion.index({"type": "buy", "player": 1, "favour": "echange"})) == \
        {"type": "buy", "player": 1, "favour": "echange"}


@pytest.mark.parametrize("players, options, action", [
    (3, {}, {"type": "bid", "count": 76}),  # the cap with 3 players is 75
    (3, {}, {"type": "bid", "count": 0}),
    (2, {}, {"type": "obsidian", "value": 0}),  # 2 players play a fixed Obsidian value
    (3, {}, {"type": "bribe", "stone": "topaz"}),  # not on a three_stones die
    (3, {}, {"type": "obsidian", "player": 1, "value": 0}),  # digital actions name no player
    (3, COMPANION, {"type": "bid", "count": 1}),  # the bids stay on the physical table
    (3, COMPANION, {"type": "swap", "player": 1, "with": 1}),
    (3, COMPANION, {"type": "draw", "player": 3}),
])
def test_actions_outside_the_space_are_refused(players, options, action):
    with pytest.raises(EncodingError):
        GAME.action_encoding(players, options).index(action)


def test_encodings_are_cached_per_table():
    assert GAME.action_encoding(3, {"chest_size": 4}) is GAME.action_encoding(3, {"chest_size": 4})
    assert GAME.observation_encoding(3, {}) is GAME.observation_encoding(3, {"mode": "digital"})


# ------------------------------------------------------------------ the observation
def test_layout_is_documented_and_phases_agree():
    assert PHASES == tuple(GAME.phases)
    for players in range(2, 5):
        for options in ({}, COMPANION, {"die_faces": "four_stones"}):
            layout = GAME.observation_encoding(players, options).layout()
            assert all(row["doc"] and row["size"] > 0 for row in layout)
            assert len({row["name"] for row in layout}) == len(layout)


@pytest.mark.parametrize("players, options, stones", [
    (2, {}, 3), (3, {}, 3), (4, {}, 3), (4, {"die_faces": "four_stones"}, 4), (3, COMPANION, 3)])
def test_observation_sizes(players, options, stones):
    # counted from the layout's docs: 31 table-wide numbers, the announced and the revealed stone,
    # the observer's cup per face (6), and 22 per seat (8 seat pointers, to_act, 6 counts and flags,
    # 4 favours bought, 3 pointers of the last reveal)
    assert GAME.observation_encoding(players, options).size == 31 + 2 * stones + 6 + 22 * players


def test_a_bid_seen_by_the_next_bidder():
    state = table(3, first=1, stone="sapphire", dice=[["ruby"] * 5, ["diamond"] * 5,
                                                      ["sapphire", "sapphire", "favour", "obsidian", "ruby"]])
    bid(state, 4)
    at = observe(state, 2)
    assert at("spectator") == [0.0] and at("companion") == [0.0]
    assert at("phase") == [float(p == "bidding") for p in PHASES]
    assert at("to_act") == [1.0, 0.0, 0.0] and at("my_turn") == [1.0]
    assert at("turn") == [1.0, 0.0, 0.0]
    assert at("bidder") == [0.0, 0.0, 1.0]  # seat 1 comes two seats after the observer
    assert at("starter") == [0.0, 0.0, 1.0]
    assert at("bid_open") == [1.0] and at("bid") == [4 / 75] and at("cap") == [1.0]
    assert at("stone") == [0.0, 0.0, 1.0]  # ruby, emerald, sapphire
    # ruby, emerald, sapphire, diamond, obsidian, favour under the observer's cup
    assert at("my_dice") == [1 / 5, 0.0, 2 / 5, 0.0, 1 / 5, 1 / 5]
    assert at("obsidian_known") == [1.0] and at("obsidian_value") == [0.0]  # nobody is Cursed
    assert at("favour_value") == [1 / 5]
    assert at("dice_count") == [1.0] * 3 and at("cursed") == [0.0] * 3 and at("chest") == [1.0] * 3
    assert at("reveal_present") == [0.0] and at("winner") == [0.0] * 3
    spectator = observe(state, None)
    assert spectator("spectator") == [1.0] and spectator("my_dice") == [0.0] * 6
    assert spectator("bidder") == [0.0, 1.0, 0.0]  # a spectator sees the table from seat 0


def test_the_reveal_and_the_penalty():
    state = table(3, first=0, stone="ruby", dice=[["emerald"] * 5] * 3)
    bid(state, 1)
    accuse(state)  # seat 1: the count is 0, so seat 0, the bidder, loses
    at = observe(state, 1)
    assert at("phase") == [float(p == "penalty") for p in PHASES]
    assert at("loser") == [0.0, 0.0, 1.0] and at("to_act") == [0.0, 0.0, 1.0] and at("my_turn") == [0.0]
    assert at("reveal_present") == [1.0] and at("reveal_this_round") == [1.0]
    assert at("reveal_bid") == [1 / 75] and at("reveal_total") == [0.0]
    assert at("reveal_bidder") == [0.0, 0.0, 1.0]
    assert at("reveal_accuser") == [1.0, 0.0, 0.0]
    assert at("reveal_loser") == [0.0, 0.0, 1.0]
    assert at("reveal_stone") == [1.0, 0.0, 0.0]


def test_obsidian_cards_and_favours():
    state = cursed_table(4, cursed=(1,), first=0)
    give(state, 2, purse=9, favour="damocles")
    state.apply(1, {"type": "obsidian", "value": 1})
    own = observe(state, 1)
    assert own("my_obsidian") == [0.0, 1.0]
    assert own("cursed") == [1.0, 0.0, 0.0, 0.0] and own("dice_count")[0] == 0.0
    assert own("obsidian_known") == [0.0] and own("obsidian_value") == [0.0]  # a Cursed card is secret
    other = observe(state, 3)
    assert other("my_obsidian") == [0.0, 0.0]
    assert other("obsidian_played") == [0.0, 0.0, 1.0, 0.0]  # seat 1, two after seat 3
    assert other("cursed") == [0.0, 0.0, 1.0, 0.0]
    assert other("purse") == [0.0, 0.0, 0.0, 1.0]  # 9 coins, capped at the dearest favour (4)
    assert other("damocles") == [1.0]
    assert other("granted") == [0.0, 0.0, 1.0, 0.0]  # pot_de_vin, immunite, damocles, echange
    assert other("bought")[3 * 4:] == [0.0, 0.0, 1.0, 0.0]
    assert other("cap") == [0.75]


def test_companion_device_sees_no_cup():
    state = GAME.new_state(3, 0, COMPANION)
    at = observe(state, 0)
    assert at("companion") == [1.0]
    assert at("phase") == [float(p == "table") for p in PHASES]
    assert at("my_dice") == [0.0] * 6 and at("my_turn") == [1.0]
    state.apply(0, {"type": "reveal"})
    at = observe(state, 0)
    assert at("reveal_present") == [1.0] and at("reveal_total") == [0.0] and at("reveal_loser") == [0.0] * 3
