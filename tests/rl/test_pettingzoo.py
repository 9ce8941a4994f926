"""The PettingZoo adapter (cryptarena.rl.pettingzoo_env, docs/rl.md): PettingZoo's own API test on
every registered game, whole games to the end with the documented rewards, seeds, simultaneous
choices asked one seat at a time, the step cap, and masks that the engine enforces."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the rl extra is not installed (pip install -e '.[rl]')")

from pettingzoo.test import api_test  # noqa: E402

from cryptarena import games, rl  # noqa: E402
from cryptarena.engine import IllegalAction  # noqa: E402

from .tables import configs  # noqa: E402


def env_or_skip(game_id: str, players: int, **kwargs):
    try:
        return rl.pettingzoo_env(game_id, players, **kwargs)
    except rl.NoEncoding as missing:
        pytest.skip(f"{game_id}: {missing}")


def play_out(env, rng: np.random.Generator, stop=None) -> int:
    """Random legal actions (from the mask) until every agent is done; `stop(env)` may end it early.
    Returns the actions taken."""
    steps = 0
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        if stop is not None and stop(env):
            return steps
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        steps += 1
    return steps


@pytest.mark.parametrize("game_id, players", configs(), ids=lambda v: str(v))
def test_pettingzoo_api_test(game_id, players):
    env = env_or_skip(game_id, players, seed=11)
    with warnings.catch_warnings():
        # the Dict observation with an action mask is PettingZoo's convention for masked actions, which
        # its test only knows by the names of its own environments
        warnings.filterwarnings("ignore", "Observation is not a NumPy array")
        warnings.filterwarnings("ignore", "Observation space for each agent probably should be")
        api_test(env, num_cycles=1000)


@pytest.mark.parametrize("game_id, players", configs(), ids=lambda v: str(v))
def test_a_whole_game_ends_with_the_documented_rewards(game_id, players):
    env = env_or_skip(game_id, players, seed=5)
    env.reset(seed=5)
    rng, rewards = np.random.default_rng(5), {}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            assert terminated and not truncated and env.table.is_over()
            rewards[agent] = reward
            env.step(None)
            continue
        seat = env.possible_agents.index(agent)
        assert seat == env.table.to_act()[0]
        mask = observation["action_mask"]
        assert list(np.flatnonzero(mask)) == sorted(env.config.actions.indices(env.table.legal_actions(seat)))
        env.step(int(rng.choice(np.flatnonzero(mask))))
    assert env.agents == [] and set(rewards) == set(env.possible_agents)
    sides = env.config.teams()
    winners, n = {sides[seat] for seat in env.table.winners()}, len(set(sides))
    for seat, agent in enumerate(env.possible_agents):
        if n == 1:
            expected = 1.0 if winners else -1.0
        elif not winners:
            expected = 0.0
        else:  # the winning sides share the pot every side staked 1 into
            expected = n / len(winners) - 1 if sides[seat] in winners else -1.0
        assert rewards[agent] == pytest.approx(expected), (game_id, seat, env.table.winners())


def test_the_observation_is_the_encoded_view_of_the_agents_seat():
    env = env_or_skip("quartz", 4, seed=2)
    env.reset()
    encoding = games.load("quartz").observation_encoding(4)
    for seat, agent in enumerate(env.possible_agents):
        expected = np.asarray(encoding.encode(env.table.view(seat)), np.float32)
        assert np.array_equal(env.observe(agent)["observation"], expected)
        mask = env.observe(agent)["action_mask"]
        assert mask.any() == (agent == env.agent_selection)  # only the agent to act has choices


def test_reset_with_a_seed_lays_out_that_table_and_plain_resets_go_on_reproducibly():
    def tables(env, seeds):
        seen = []
        for seed in seeds:
            env.reset(seed=seed)
            seen.append(env.table.to_json()["data"])
        return seen

    one, two = env_or_skip("quartz", 3), env_or_skip("quartz", 3)
    assert tables(one, [7, None, None]) == tables(two, [7, None, None])
    first, again, later = tables(one, [7, 7, None])
    assert first == again != later
    assert games.load("quartz").new_state(3, 7).to_json()["data"] == first  # the seed's own table


def test_simultaneous_choices_are_asked_one_seat_at_a_time():
    env = env_or_skip("crusade", 2, seed=0)
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    play_out(env, rng, stop=lambda e: len(e.table.to_act()) > 1)
    both = env.table.to_act()
    assert len(both) == 2, "no simultaneous choice met"
    first, second = (env.possible_agents[seat] for seat in both)
    assert env.agent_selection == first
    assert not env.observe(second)["action_mask"].any()
    mask = env.observe(first)["action_mask"]
    env.step(int(np.flatnonzero(mask)[0]))
    if len(env.table.to_act()) and env.table.to_act()[0] == both[1]:
        assert env.agent_selection == second


def test_team_mates_share_their_team_result():
    env = env_or_skip("crusade", 4, seed=3)
    env.reset(seed=3)
    rewards = {}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            rewards[env.possible_agents.index(agent)] = reward
            env.step(None)
            continue
        env.step(int(np.random.default_rng(len(rewards) + env.steps).choice(np.flatnonzero(observation["action_mask"]))))
    teams = env.config.teams()
    for team in set(teams):
        assert len({rewards[seat] for seat in range(4) if teams[seat] == team}) == 1
    assert sum(rewards.values()) == 0  # two teams of two


def test_a_table_past_the_step_cap_is_truncated_with_no_reward():
    env = env_or_skip("quartz", 3, seed=1, max_steps=5)
    env.reset()
    rng = np.random.default_rng(1)
    for _ in range(5):
        assert not any(env.truncations.values())
        observation, *_ = env.last()
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert not env.table.is_over()
    assert all(env.truncations.values()) and not any(env.terminations.values())
    finished = []
    for agent in env.agent_iter():
        _, reward, terminated, truncated, _ = env.last()
        assert truncated and reward == 0
        finished.append(agent)
        env.step(None)
    assert sorted(finished) == env.possible_agents


def test_an_action_the_mask_forbids_is_refused_and_changes_nothing():
    env = env_or_skip("quartz", 3, seed=4)
    env.reset()
    mask = env.observe(env.agent_selection)["action_mask"]
    before = env.table.to_json()
    with pytest.raises(IllegalAction):
        env.step(int(np.flatnonzero(mask == 0)[0]))
    assert env.table.to_json() == before


def test_render_draws_the_table_as_text_without_secrets():
    env = env_or_skip("midas", 2, seed=9)
    env.reset()
    text = env.render()
    assert text.startswith("midas · 2 players") and "phase bidding" in text
    dice = env.table.view(0)["seats"][0]["dice"]  # under seat 0's cup: no spectator's business
    assert dice and '"dice": null' in text and '"dice": [' not in text
