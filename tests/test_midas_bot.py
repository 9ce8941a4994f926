"""The probabilistic Midas bot: offered by the game, always legal, exact odds, clearly beats random,
and sensible in the decisions that matter (accuse the absurd, keep what its dice cover, stay under the cap)."""

from __future__ import annotations

from itertools import product

import pytest

from cryptarena.engine import Rng, derive_seed
from cryptarena.games.midas import Midas
from cryptarena.games.midas.bot import ProbabilisticAgent, count_distribution

from bot_play import play as shared_play
from bot_play import win_shares as shared_win_shares


GAME = Midas()


def play(players: int, seating: list[str], seed: int, options=None):
    return shared_play(GAME, players, seating, seed, options)


def win_shares(players: int, games_count: int) -> dict[str, float]:
    return shared_win_shares(GAME, players, games_count, "probabilistic")


def test_midas_offers_the_probabilistic_bot():
    assert Midas().bots == {"probabilistic": ProbabilisticAgent}


def test_probabilistic_clearly_beats_random_at_three_players():
    shares = win_shares(3, 200)
    assert shares["probabilistic"] > 1.5 / 3, shares
    assert shares["probabilistic"] > 3 * shares["random"], shares


@pytest.mark.parametrize("players", [2, 3, 4])
def test_probabilistic_always_legal_at_every_count(players):
    for index in range(5):
        state = play(players, ["probabilistic"] * players, derive_seed(7, players, index))
        assert state.is_over() and len(state.winners()) == 1
        state = play(players, ["probabilistic", "random"] * 2, derive_seed(8, players, index))
        assert state.is_over()


@pytest.mark.parametrize("options", [{"chest_size": 2}, {"chest_size": 12}, {"die_faces": "four_stones"},
                                     {"favour_payment": "chest"}, {"bid_cap_per_player": 5}])
def test_probabilistic_stays_legal_under_table_options(options):
    for index in range(4):
        assert play(4, ["probabilistic"] * 4, derive_seed(9, index), options).is_over()


def test_probabilistic_uses_favours_bribes_and_both_penalties():
    used = set()
    for index in range(30):
        state = play(4, ["probabilistic"] * 4, derive_seed(10, index), {"chest_size": 12})
        used |= {(h["action"]["type"], h["action"].get("favour")) for h in state.history if "action" in h}
    assert {("bribe", None), ("lose_die", None), ("draw", None), ("obsidian", None), ("swap", None),
            ("buy", "immunite"), ("buy", "echange"), ("buy", "pot_de_vin")} <= used


def test_companion_tables_get_legal_actions_to_the_end():
    for index in range(3):
        assert play(3, ["probabilistic"] * 3, derive_seed(11, index), {"mode": "companion"}).is_over()


# ---------------------------------------------------------------- the odds
def worth(face: str, stone: str, favour: int, obsidian: int) -> int:
    """The rulebook's values, written out again so that the bot's own valuation is not trusted."""
    return {"diamond": 2, "favour": favour, "obsidian": obsidian}.get(face, int(face == stone))


def brute_force(view: dict, stone: str, cursed_cards: int) -> dict[int, float]:
    """Every face of every hidden die and every hidden Obsidian card, counted one by one."""
    me = view["seat"]
    hidden = sum(s["dice_count"] for s in view["seats"] if s["seat"] != me and not s["cursed"])
    counts: dict[int, float] = {}
    cases = len(view["die"]) ** hidden * 2 ** cursed_cards
    for cards in product((0, 1), repeat=cursed_cards):
        for faces in product(view["die"], repeat=hidden):
            dice = [*view["seats"][me]["dice"], *faces]
            total = sum(worth(f, stone, view["values"]["favour"], sum(cards)) for f in dice)
            counts[total] = counts.get(total, 0) + 1 / cases
    return counts


def test_count_distribution_is_exact_with_hidden_obsidian_cards():
    """One player is cursed (their card unknown), two dice are hidden: compare with enumeration."""
    view = Midas().new_state(3, 1).view(0)
    view["seats"][0]["dice"], view["seats"][0]["dice_count"] = ["obsidian", "diamond", "ruby"], 3
    view["seats"][1].update(dice_count=2)
    view["seats"][2].update(dice_count=0, cursed=True)
    view["values"].update(obsidian=None, favour=3)  # two favours granted, the cursed card hidden
    for stone in ("ruby", "sapphire"):
        exact = count_distribution(view, stone)
        expected = brute_force(view, stone, cursed_cards=1)
        assert sum(exact) == pytest.approx(1.0)
        assert {t: p for t, p in enumerate(exact) if p > 0} == pytest.approx(expected)


def test_a_known_obsidian_value_counts_on_every_obsidian_face():
    view = Midas().new_state(2, 1).view(0)  # 2 players: Obsidian is fixed at +1
    view["seats"][0]["dice"] = ["obsidian"] * 5
    view["seats"][1]["dice_count"] = 0
    assert count_distribution(view) == pytest.approx([0, 0, 0, 0, 0, 1.0])


# ---------------------------------------------------------------- decisions
def after_opening_bid(players: int, count: int, options=None):
    state = Midas().new_state(players, 3, options)
    opener = state.to_act()[0]
    state.apply(opener, {"type": "bid", "count": count})
    return state, state.to_act()[0]


def test_accuses_an_absurd_bid():
    state, seat = after_opening_bid(3, 40)  # 15 dice are worth at most 30 of any stone
    assert ProbabilisticAgent().act(state.view(seat), state.legal_actions(seat), Rng(0)) == {"type": "accuse"}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_does_not_accuse_a_bid_its_own_dice_already_cover(players):
    """Five diamonds are 10 under its own cup: it raises to at least that, and not far beyond what the
    others' dice make likely (each hidden die is worth 2/3 on average)."""
    state, seat = after_opening_bid(players, 6)
    view = state.view(seat)
    view["seats"][seat]["dice"] = ["diamond"] * 5
    action = ProbabilisticAgent().act(view, state.legal_actions(seat), Rng(0))
    hidden = 5 * (players - 1)
    assert action["type"] == "bid" and 10 <= action["count"] <= 10 + hidden * 2 / 3, action


def test_never_bids_beyond_the_cap():
    """Five diamonds and a cap of 10 at 2 players: bids above the cap are nearly sure, yet it bids the cap."""
    state = Midas().new_state(2, 3, {"bid_cap_per_player": 5})
    seat = state.to_act()[0]
    view = state.view(seat)
    view["seats"][seat]["dice"] = ["diamond"] * 5
    assert ProbabilisticAgent().act(view, state.legal_actions(seat), Rng(0)) == {"type": "bid", "count": 10}
    state.apply(seat, {"type": "bid", "count": 10})
    other = state.to_act()[0]
    assert ProbabilisticAgent().act(state.view(other), state.legal_actions(other), Rng(0)) == {"type": "accuse"}


def penalty_view(dice: int, chest: int, immune: bool = False) -> tuple[dict, list[dict]]:
    view = Midas().new_state(3, 1).view(0)
    view["seats"][0].update(dice_count=dice, chest=chest, immune=immune)
    legal = [{"type": "lose_die"}, {"type": "draw"}] if dice > 1 else [{"type": "draw"}]
    return view, legal


def test_penalty_weighs_dice_against_the_chest():
    agent = ProbabilisticAgent()
    assert agent.act(*penalty_view(dice=5, chest=6), Rng(0)) == {"type": "lose_die"}  # 1 in 6 to be cursed
    assert agent.act(*penalty_view(dice=5, chest=12), Rng(0)) == {"type": "draw"}  # 1 in 12: keep the die
    assert agent.act(*penalty_view(dice=2, chest=6), Rng(0)) == {"type": "draw"}  # the last dice are kept
    assert agent.act(*penalty_view(dice=5, chest=3, immune=True), Rng(0)) == {"type": "draw"}  # immunity: free


def test_buys_a_bigger_chest_and_takes_the_biggest():
    view = Midas().new_state(3, 1).view(0)
    for seat, coins in enumerate((2, 5, 4)):
        view["seats"][seat]["chest"] = coins
    offer = [{"type": "buy", "favour": f} for f in ("pot_de_vin", "immunite", "echange")] + [{"type": "pass"}]
    agent = ProbabilisticAgent()
    assert agent.act(view, offer, Rng(0)) == {"type": "buy", "favour": "echange"}
    swaps = [{"type": "swap", "with": 1}, {"type": "swap", "with": 2}]
    assert agent.act(view, swaps, Rng(0)) == {"type": "swap", "with": 1}
