"""Setup: teams, the board and its roses, starting positions, starting hands, the round counter,
and the options that change them."""

from __future__ import annotations

import pytest

from cryptarena import games
from cryptarena.engine import Rng
from cryptarena.games import OptionError
from crusade_play import GAME, SHED, new

TIER_ONE = {"gk": {"sacred_seal", "kick", "sprint"}, "nm": {"glide", "desecrate", "whispers"}}


@pytest.mark.parametrize(("players", "teams"), [
    (2, ["gk", "nm"]), (3, ["gk", "gk", "nm"]), (4, ["gk", "gk", "nm", "nm"]),
    (5, ["gk"] * 3 + ["nm"] * 2), (6, ["gk"] * 3 + ["nm"] * 3), (7, ["gk"] * 4 + ["nm"] * 3),
    (8, ["gk"] * 4 + ["nm"] * 4)])
def test_two_teams_and_an_odd_count_gives_the_groundskeepers_one_more(players, teams):
    assert GAME.seat_teams(players) == teams
    state = new(players)
    assert state.view(0)["teams"] == teams
    assert [p["team"] for p in state.view(None)["pieces"]] == teams


def test_the_game_is_registered_with_its_name_and_player_range():
    game = games.load("crusade")
    assert (game.name, game.min_players, game.max_players) == ("Crypt Crusade", 2, 8)
    with pytest.raises(OptionError):
        game.new_state(1)
    with pytest.raises(OptionError):
        game.new_state(9)


def test_groundskeepers_start_on_the_shed_and_necromancers_off_the_board():
    view = new(5).view(None)
    assert [p["tile"] for p in view["pieces"]] == [SHED, SHED, SHED, None, None]
    shed = [t for t in view["tiles"] if t["shed"]]
    assert [t["id"] for t in shed] == [SHED] and (shed[0]["x"], shed[0]["y"]) == (2, 2)


@pytest.mark.parametrize("players", range(2, 9))
def test_starting_hands_one_tier_one_action_per_groundskeeper_three_tier_one_spells_per_necromancer(players):
    state = new(players, seed=players)
    for seat, team in enumerate(state.teams):
        hand = state.view(seat)["hands"][seat]
        assert len(hand["cards"]) == (1 if team == "gk" else 3)
        assert hand["tiers"] == [1] * len(hand["cards"])
        assert set(hand["cards"]) <= TIER_ONE[team]


def test_the_deal_draws_at_random_from_the_tier_one_piles():
    dealt = {tuple(new(2, seed=s).hands[1]) for s in range(30)}
    assert len(dealt) > 3  # different seeds, different hands
    piles = new(4).view(None)["piles"]  # 3 copies of each card: 2 GK and 6 NM Tier I cards dealt
    assert piles == {"gk": {"1": 9 - 2, "2": 6, "3": 9}, "nm": {"1": 9 - 6, "2": 9, "3": 9}}


def test_round_counter_starts_at_one_of_thirteen_and_the_first_groundskeeper_acts():
    view = new(4).view(None)
    assert (view["round"], view["rounds"], view["phase"], view["to_act"]) == (1, 13, "turn", [0])
    assert view["turn"] == {"seat": 0, "moved": False, "allowance": 2, "cards_left": 1, "borrowed": False,
                            "extra_move": False, "boost_next": 0}
    assert view["purse"] == {"gk": 0, "nm": 0} and view["earned"] == {"gk": 0, "nm": 0}


def test_seven_roses_shuffled_around_the_shed_each_game():
    layouts = set()
    for seed in range(20):
        view = new(2, seed=seed).view(None)
        roses = [t["id"] for t in view["tiles"] if t["rose"]]
        assert len(roses) == 7 and SHED not in roses
        assert sorted(map(int, view["graves"])) == roses
        assert all(g == {"owner": None, "seal": 0} for g in view["graves"].values())  # Graves start neutral
        layouts.add(tuple(roses))
    assert len(layouts) == 20


def test_hex_board_has_nineteen_tiles_six_roses_and_the_shed_in_the_centre():
    view = new(3, board="hex19").view(None)
    tiles = view["tiles"]
    assert len(tiles) == 19 and view["layout"] == "hex19"
    shed = next(t for t in tiles if t["shed"])
    assert (shed["q"], shed["r"]) == (0, 0) and "x" not in shed
    assert sum(t["rose"] for t in tiles) == 6 and not shed["rose"]
    assert view["pieces"][0]["tile"] == shed["id"]


def test_roses_option_changes_the_count_and_is_bounded_by_the_board():
    assert len(new(2, roses=12).graves) == 12
    assert len(new(2, board="hex19", roses=18).graves) == 18
    with pytest.raises(OptionError, match="roses"):
        GAME.new_state(2, 0, {"board": "hex19", "roses": 19 - 0})
    with pytest.raises(OptionError):
        GAME.new_state(2, 0, {"roses": 19})  # above the option's maximum


def test_copies_default_deals_every_hand_with_tier_one_cards_to_spare():
    for players, copies in [(2, 3), (5, 3), (6, 4), (7, 4), (8, 5)]:
        state = new(players)
        assert state.copies == copies
        assert state.view(None)["piles"]["nm"]["1"] >= 3  # Tier I spells still for sale
    assert new(2, copies=1).view(None)["piles"] == {"gk": {"1": 2, "2": 2, "3": 3}, "nm": {"1": 0, "2": 3, "3": 3}}
    with pytest.raises(OptionError, match="copies"):
        GAME.new_state(8, 0, {"copies": 3})  # 4 Necromancers need 12 Tier I spells: 9 exist


def test_options_schema_has_the_documented_defaults():
    schema = {o["name"]: o for o in GAME.options_schema()}
    assert {name: o["default"] for name, o in schema.items()} == {
        "board": "square5", "roses": 0, "copies": 0, "played_cards": "return", "tie_break": "earned"}
    assert schema["board"]["allowed"] == ["square5", "hex19"]


def test_the_same_seed_sets_up_the_same_table_and_a_random_game_replays():
    a, b = new(6, seed=9), new(6, seed=9)
    assert a.to_json() == b.to_json()
    rng = Rng(3)
    while not a.is_over():
        seat = a.to_act()[rng.below(len(a.to_act()))]
        legal = a.legal_actions(seat)
        a.apply(seat, legal[rng.below(len(legal))])
    assert GAME.replay(6, 9, {}, a.history).to_json() == a.to_json()
