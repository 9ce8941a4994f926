"""The greedy Quartz bot: always legal at 3–6 players, sees only its view, and clearly beats random."""

from __future__ import annotations

import random

import pytest

from cryptarena.engine import Rng, derive_seed
from cryptarena.games.quartz import Quartz
from cryptarena.games.quartz.bot import GreedyAgent, _hands, _outcomes, crystal_value
from cryptarena.games.quartz.components import DICE, DIE_PRESETS, FACES, MINIMUM

from bot_play import play as shared_play
from bot_play import win_shares as shared_win_shares


GAME = Quartz()


def play(players: int, seating: list[str], seed: int, options=None):
    return shared_play(GAME, players, seating, seed, options)


def win_shares(players: int, games_count: int) -> dict[str, float]:
    return shared_win_shares(GAME, players, games_count, "greedy")


def test_quartz_offers_the_greedy_bot():
    assert Quartz().bots == {"greedy": GreedyAgent}


def test_greedy_clearly_beats_random_at_four_players():
    shares = win_shares(4, 150)
    assert shares["greedy"] > 1.5 / 4, shares
    assert shares["greedy"] > 3 * shares["random"], shares


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_greedy_always_legal_at_every_count(players):
    for index in range(6):
        state = play(players, ["greedy"] * players, derive_seed(7, players, index))
        assert state.is_over() and state.winners()


@pytest.mark.parametrize("options", [{"die_faces": "double_pickaxe"}, {"unstable_in_chest": True},
                                     {"bag_empty_end": "round", "crystals_white": 1, "crystals_pink": 1}])
def test_greedy_stays_legal_under_designer_options(options):
    for index in range(3):
        assert play(4, ["greedy", "random"] * 2, derive_seed(8, index), options).is_over()


def greedy_log(games: int) -> list[dict]:
    log = []
    for index in range(games):
        state = play(4, ["greedy", "random"] * 2, derive_seed(12, index))
        log += [e for e in state.log if e["seat"] in (0, 2)]
    return log


def test_greedy_uses_what_the_dice_give():
    """It dumps, steals, protects, wilds and returns: every kind of choice comes up in its games."""
    used = {entry["msg"] for entry in greedy_log(10)}
    assert {"quartz.dump", "quartz.steal", "quartz.protect", "quartz.wild", "quartz.return", "quartz.draw",
            "quartz.reroll"} <= used


def test_greedy_stops_rerolling_at_a_good_hand():
    """Holding 4 steal faces (rich carts around) and a pickaxe, it keeps the dice even with free rerolls left."""
    view = {"seat": 0, "phase": "roll", "round": 2, "rounds": 6, "bag_size": 40, "free_rerolls": 2,
            "bag": {"white": 10, "pink": 8, "green": 8, "blue": 6, "red": 4, "yellow": 2, "black": 2},
            "dice": ["steal", "steal", "steal", "steal", "pickaxe"],
            "seats": [{"seat": s, "score": 10 * s, "markers": 0,
                       "cart": {"white": 0, "pink": 0, "green": 0, "blue": 0, "red": 2 * s, "yellow": s, "black": 0},
                       "chest": {c: 0 for c in ("white", "pink", "green", "blue", "red", "yellow", "black")}}
                      for s in range(4)]}
    legal = Quartz().new_state(4, 0).legal_actions(Quartz().new_state(4, 0).to_act()[0])
    assert GreedyAgent().act(view, legal, Rng(0)) == {"type": "stop"}
    view["dice"] = ["helmet", "cart", "chest", "pickaxe", "jackhammer"]  # a poor hand: reroll
    assert GreedyAgent().act(view, legal, Rng(0))["type"] == "reroll"


def test_greedy_dumps_on_the_leader_and_steals_the_most_valuable():
    view = {"seat": 1, "seats": [{"seat": s, "score": score} for s, score in enumerate([20, 5, 40, 30])]}
    dumps = [{"type": "dump", "to": s} for s in (0, 2, 3)] + [{"type": "stop"}]
    assert GreedyAgent()._cart(view, dumps, 1) == {"type": "dump", "to": 2}
    empty = {c: 0 for c in ("white", "pink", "green", "blue", "red", "yellow", "black")}
    for seat in view["seats"]:
        seat["cart"], seat["chest"] = dict(empty), dict(empty)
    steals = [{"type": "steal", "from": 0, "colour": "white"}, {"type": "steal", "from": 3, "colour": "yellow"},
              {"type": "steal", "from": 2, "colour": "red"}, {"type": "stop"}]
    assert GreedyAgent()._steal(view, steals, 1) == {"type": "steal", "from": 3, "colour": "yellow"}


def test_reroll_odds_follow_the_tables_die_faces():
    one_each = dict(_outcomes(1))
    doubled = dict(_outcomes(1, DIE_PRESETS["double_pickaxe"]))
    pickaxe_only = (1, 0, 0, 0, 0, 0)  # face counts in FACES order
    assert one_each[pickaxe_only] == pytest.approx(1 / 6) and doubled[pickaxe_only] == pytest.approx(2 / 6)
    assert (0, 0, 0, 0, 0, 1) not in doubled  # that die has no helmet
    assert sum(p for _, p in _outcomes(3, DIE_PRESETS["double_pickaxe"])) == pytest.approx(1.0)


def test_greedy_reads_the_set_rule_in_play_from_the_view():
    """A sixth white is worth 2 under big_sets=cap (the 5-set's bonus stays) and loses the 5-set's
    +10 under big_sets=none: the bot must see that in the table's options."""
    assert crystal_value("white", 5, capped=True) == 2
    assert crystal_value("white", 5, capped=False) == 2 - 10
    for big_sets, expected in (("cap", True), ("none", False)):
        state = Quartz().new_state(3, 5, {"big_sets": big_sets})
        seat = state.to_act()[0]
        agent = GreedyAgent()
        agent.act(state.view(seat), state.legal_actions(seat), Rng(1))
        assert agent.capped is expected


def test_roll_table_gives_hand_value_to_the_last_bit():
    """The roll's table of every hand's value (`_hand_values`, vectorised) must equal `_hand_value`
    exactly, near-ties included: chest ×3 + 2 helmets, where a chest wild beats the pickaxe wild by
    less than the 1e-9 margin, so the earlier pickaxe plan stands and the table must not take the max."""
    agent, rng = GreedyAgent(), random.Random(5)
    tables = [{kind: [0.0] + [rng.choice([0.0, rng.uniform(-5, 15)]) for _ in range(DICE + 2)] for kind in MINIMUM}
              for _ in range(20)]
    near_tie = {kind: [0.0] * (DICE + 3) for kind in MINIMUM}
    near_tie["pickaxe"][1], near_tie["chest"][3], near_tie["chest"][4] = 1.0, 2.0, 3.0 + 5e-10
    for values in tables + [near_tie]:
        table = agent._hand_values(values, DICE)
        for counts, number in _hands(DICE).items():
            faces = dict(zip(FACES, counts))
            assert table[number] == agent._hand_value(faces, faces["helmet"], [], values)[0], (counts, values)
    chest_and_helmets = _hands(DICE)[(0, 0, 3, 0, 0, 2)]
    assert agent._hand_values(near_tie, DICE)[chest_and_helmets] == 3.0


def roll_choices(players: int, seed: int, options=None, count: int = 16) -> list:
    """The greedy bot's first `count` roll-phase choices (dice rerolled, or "stop") in greedy self-play."""
    state = GAME.new_state(players, seed, options, keep_log=False)
    agent, rng, choices = GreedyAgent(GAME), Rng(seed), []
    while not state.is_over() and len(choices) < count:
        seat = state.to_act()[0]
        view, legal = state.view(seat), state.legal_actions(seat)
        action = agent.act(view, legal, rng)
        if view["phase"] == "roll" and len(legal) > 1:
            choices.append(action.get("dice", "stop"))
        state.apply(seat, action)
    return choices


@pytest.mark.parametrize("players, seed, options, expected", [
    (4, 3, None, [[1, 2, 3, 4], [0, 1], [0, 1, 3, 4], [0, 2, 4], "stop", [1, 4], [4], [1, 2], [2, 3, 4],
                  [0, 2, 3], [0, 2, 3], [0, 1, 3], [0, 1, 3], [3], "stop", [1, 4]]),
    (3, 11, {"die_faces": "double_pickaxe"}, [[1, 2, 3], [1], [0, 1, 3], [1, 3], [1, 2], [2], [2, 3, 4], [2, 4],
                                             [1, 2, 3, 4], [1, 2, 3, 4], [1, 2], [0, 1], [1], [1], [1], [0, 3]]),
    (5, 7, {"big_sets": "none"}, [[2], [2], [1, 2, 4], [1, 2], [0, 1, 2, 3, 4], [2, 3], [0, 2, 3], [0, 2, 3],
                                  [1, 2, 4], [1, 2, 4], [0, 1, 2], "stop", [0, 1, 2, 3], [0, 3, 4], [0, 1, 2, 3],
                                  [0, 2, 3]]),
])
def test_roll_choices_are_pinned(players, seed, options, expected):
    """Reroll choices recorded before the roll valuation was vectorised: a faster bot must choose alike."""
    assert roll_choices(players, seed, options) == expected
