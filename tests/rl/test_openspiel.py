"""The OpenSpiel adapter (cryptarena.rl.openspiel_game, docs/rl.md): OpenSpiel's own random
simulation test on every registered game, OpenSpiel's ISMCTS bot through a whole game, and the
adapter's promises: chance nodes that are the engine's own draws, resampling that keeps the
information state, saves, the step cap, and refusals that change nothing."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the rl extra is not installed (pip install -e '.[rl]')")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from open_spiel.python.observation import make_observation  # noqa: E402

from cryptarena import games, rl  # noqa: E402
from cryptarena.engine import Rng  # noqa: E402
from cryptarena.rl import chance  # noqa: E402

from .tables import configs  # noqa: E402


def game_or_skip(game_id: str, players: int, options: dict | None = None, **kwargs):
    try:
        return rl.openspiel_game(game_id, players, options, **kwargs)
    except rl.NoEncoding as missing:
        pytest.skip(f"{game_id}: {missing}")


def play_chance(state, rng: np.random.Generator) -> None:
    """Chance nodes resolved by their own probabilities until a decision or the end."""
    while state.is_chance_node():
        outcomes, probabilities = zip(*state.chance_outcomes())
        state.apply_action(int(rng.choice(outcomes, p=probabilities)))


def random_until(state, rng: np.random.Generator, decisions: int) -> None:
    for _ in range(decisions):
        play_chance(state, rng)
        if state.is_terminal():
            return
        state.apply_action(int(rng.choice(state.legal_actions())))
    play_chance(state, rng)


@pytest.mark.parametrize("game_id, players", configs(), ids=lambda v: str(v))
def test_openspiel_random_simulation_test(game_id, players):
    game = game_or_skip(game_id, players)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_openspiel_ismcts_plays_a_whole_game_of_midas():
    game = game_or_skip("midas", 2)
    rng = np.random.RandomState(3)
    bot = ismcts.ISMCTSBot(game=game, evaluator=mcts.RandomRolloutEvaluator(random_state=rng), uct_c=2.0,
                           max_simulations=4, random_state=rng)
    worlds = []

    def resample(state, player):
        # the bot asserts that each world it samples reads the same to it as the real one (its
        # information state string): the adapter's resample_from_infostate, on the engine's determinize
        worlds.append(state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0)))
        return worlds[-1]

    bot.set_resampler(resample)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(int(bot.step(state)))
    assert len(worlds) >= 4  # at least one real search
    assert sorted(state.returns()) == [-1.0, 1.0]
    assert state.play.table.is_over()


def test_the_game_declares_what_it_is():
    quartz = game_or_skip("quartz", 4, {"unstable_in_chest": True})
    assert quartz.get_type().short_name == "cryptarena_quartz"
    assert quartz.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert quartz.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert quartz.num_players() == 4
    assert quartz.num_distinct_actions() == games.load("quartz").action_encoding(4, {"unstable_in_chest": True}).size
    assert quartz.observation_tensor_size() == games.load("quartz").observation_encoding(4).size
    assert (quartz.min_utility(), quartz.max_utility(), quartz.utility_sum()) == (-1.0, 3.0, 0.0)
    assert quartz.max_game_length() == rl.DEFAULT_MAX_STEPS
    assert quartz.get_parameters()["unstable_in_chest"] is True
    crypt = game_or_skip("crypt", 1)  # solo: one side, nothing to sum to zero
    assert crypt.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert (crypt.min_utility(), crypt.max_utility()) == (-1.0, 1.0)
    crusade = game_or_skip("crusade", 3)  # teams of two and one
    assert crusade.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM


@pytest.mark.parametrize("game_id, players", [("quartz", 3), ("crypt", 2)])
def test_chance_nodes_are_the_engines_own_draws(game_id, players):
    """Choosing at each chance node what the table's seeded RNG would draw lays out and plays the
    very game the engine plays from that seed."""
    game = game_or_skip(game_id, players)
    engine = games.load(game_id).new_state(players, seed=21)
    draws, rng = Rng(21), np.random.default_rng(0)
    state = game.new_initial_state()
    for _ in range(40):
        while state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert [pick for pick, _ in outcomes] == list(range(len(outcomes)))
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            state.apply_action(draws.below(len(outcomes)))
        assert state.play.table.to_json()["data"] == engine.to_json()["data"]
        if state.is_terminal():
            break
        action = int(rng.choice(state.legal_actions()))
        seat = state.current_player()
        engine.apply(seat, game.config.actions.action(action))
        state.apply_action(action)


def test_a_draw_of_more_outcomes_than_a_node_has_is_split_into_uniform_digits(monkeypatch):
    monkeypatch.setattr(chance, "BASE", 4)
    n = 4 * 4 + 7  # three digits of base 4, the top one not full

    def paths(picks):
        """Every value of below(n) with its probability, walking the chance nodes."""
        try:
            value = chance.ChanceRng(list(picks)).below(n)
        except chance.NeedChance as need:
            assert sum(p for _, p in need.outcomes) == pytest.approx(1.0)
            assert all(pick < 4 for pick, _ in need.outcomes)
            return [(value, p * q) for pick, p in need.outcomes for value, q in paths([*picks, pick])]
        return [(value, 1.0)]

    found = {}
    for value, probability in paths([]):
        found[value] = found.get(value, 0.0) + probability
    assert sorted(found) == list(range(n))
    assert all(p == pytest.approx(1 / n) for p in found.values())


def test_midas_cups_rolled_in_one_draw_come_as_several_chance_nodes():
    state = game_or_skip("midas", 3).new_initial_state()
    sizes = []
    while state.is_chance_node():
        sizes.append(len(state.chance_outcomes()))
        state.apply_action(state.chance_outcomes()[-1][0])
    assert max(sizes) <= chance.BASE and len(sizes) > 3  # 6**15 cups do not fit one node


def test_resampling_keeps_what_the_player_knows_and_redraws_the_rest():
    game = game_or_skip("crypt", 2)
    state = game.new_initial_state()
    random_until(state, np.random.default_rng(4), 6)
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    tables = set()
    for _ in range(6):
        world = state.resample_from_infostate(player, sampler)
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.observation_tensor(player) == state.observation_tensor(player)
        assert world.legal_actions() == state.legal_actions()
        tables.add(world.play.table.dumps())
    assert len(tables) > 1  # the face-down cards and the deck were drawn again


def test_perfect_recall_tells_apart_what_the_view_alone_does_not():
    game = game_or_skip("quartz", 3)
    state = game.new_initial_state()
    random_until(state, np.random.default_rng(8), 12)
    seat = state.current_player()
    recall, now = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True)), make_observation(game)
    assert now.string_from(state, seat) in recall.string_from(state, seat)
    assert " log " in recall.string_from(state, seat) and " log " not in now.string_from(state, seat)


def test_the_public_observer_sees_the_spectators_view():
    game = game_or_skip("midas", 2)
    state = game.new_initial_state()
    random_until(state, np.random.default_rng(2), 1)
    public = make_observation(game, pyspiel.IIGObservationType(
        public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE))
    public.set_from(state, 0)
    expected = game.config.observations.encode(state.play.table.view(None))
    assert np.allclose(public.tensor, expected)
    assert list(public.tensor) != list(state.observation_tensor(0))  # seat 0 sees its own dice


def test_states_survive_pickling_and_openspiels_serialisation():
    game = game_or_skip("crypt", 2)
    state = game.new_initial_state()
    rng = np.random.default_rng(6)
    random_until(state, rng, 5)
    state.apply_action(int(rng.choice(state.legal_actions())))
    while not state.is_chance_node() and not state.is_terminal():  # stop in the middle of a draw
        state.apply_action(int(rng.choice(state.legal_actions())))
    for restored in (pickle.loads(pickle.dumps(state)), pyspiel.deserialize_game_and_state(
            pyspiel.serialize_game_and_state(game, state))[1]):
        assert str(restored) == str(state)
        assert restored.history() == state.history()
        assert restored.chance_outcomes() == state.chance_outcomes()
        assert restored.play.table.to_json()["data"] == state.play.table.to_json()["data"]


def test_the_step_cap_ends_the_game_with_nothing_won():
    game = game_or_skip("quartz", 3, max_steps=3)
    state = game.new_initial_state()
    random_until(state, np.random.default_rng(1), 3)
    assert state.is_terminal() and not state.play.table.is_over()
    assert state.returns() == [0.0, 0.0, 0.0]
    assert game.max_game_length() == 3


def test_an_illegal_action_is_refused_and_changes_nothing():
    game = game_or_skip("quartz", 3)
    state = game.new_initial_state()
    play_chance(state, np.random.default_rng(0))
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in state.legal_actions())
    before, history = str(state), state.history()
    with pytest.raises(Exception):
        state.apply_action(illegal)
    assert str(state) == before and state.history() == history and not state.is_chance_node()
    with pytest.raises(Exception):
        state.apply_action(game.num_distinct_actions())
    assert str(state) == before
