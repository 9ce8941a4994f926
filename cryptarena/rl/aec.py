"""Every game of ours as a PettingZoo AEC environment (docs/rl.md).

- Agents `player_0`..`player_{n-1}` are seats 0..n-1. Each has the action space
  `Discrete(size)` of the game's action encoding and the observation space
  `Dict(observation=Box(size,), action_mask=Box(0, 1, (actions,), int8))`, PettingZoo's
  convention for masked actions; the mask is all 0 but for the agent whose turn it is.
- The observation is the game's observation encoding of `view(seat)`, nothing else.
- Turn order: the agent to act is the first seat of `to_act()`. Where several seats may act at
  once (a simultaneous choice), they are asked one at a time in that order; each sees only its own
  view, in which the engine hides what the others chose. Chance (dice, draws, shuffles) happens
  inside the engine's `apply`, seeded by the table's seed.
- Rewards come at the end only, from `winners()` (table.returns: the winning sides share a pot
  every side staked 1 into; in a team game each seat gets its team's result). Every agent is then
  terminated. A table still going after `max_steps` actions is truncated, rewards 0.
- `reset(seed=s)` lays out a new table with seed s; a later `reset()` without a seed takes the
  next seed derived from s, so that episodes differ and a run is reproducible.
"""

from __future__ import annotations

import gymnasium
import numpy as np
from pettingzoo import AECEnv

from ..engine import derive_seed
from .table import DEFAULT_MAX_STEPS, render, returns, setup


class CryptArenaEnv(AECEnv):
    def __init__(self, game_id: str, players: int, options: dict | None = None, seed: int = 0, *,
                 max_steps: int = DEFAULT_MAX_STEPS, render_mode: str | None = None):
        super().__init__()
        self.config = setup(game_id, players, options)
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.metadata = {"name": f"cryptarena_{game_id}_v0", "render_modes": ["ansi", "human"],
                         "is_parallelizable": False}
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        size = self.config.actions.size
        self._action_space = gymnasium.spaces.Discrete(size)
        self._observation_space = gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(-np.inf, np.inf, (self.config.observations.size,), np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (size,), np.int8),
        })
        self._seed, self._episode = seed, -1
        self.table = None
        self.steps = 0

    # -- spaces: one object per agent, as PettingZoo asks -------------------------------------------
    def observation_space(self, agent: str) -> gymnasium.spaces.Dict:
        return self._observation_space

    def action_space(self, agent: str) -> gymnasium.spaces.Discrete:
        return self._action_space

    # -- an episode ---------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._seed, self._episode = int(seed), 0
        else:
            self._episode += 1
        table_seed = self._seed if self._episode == 0 else derive_seed(self._seed, self._episode)
        config = self.config
        # nobody reads the readable log here; the game is the same without it
        self.table = config.game.new_state(config.players, table_seed, config.options, keep_log=False)
        self.steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self._agent(self.table.to_act()[0])

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        # an action the mask forbids is refused by the engine (IllegalAction), the table unchanged
        self.table.apply(self._seat(agent), self.config.actions.action(int(action)))
        self.steps += 1
        if self.table.is_over():
            self.rewards = dict(zip(self.agents, returns(self.config, self.table)))
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self._agent(self.table.to_act()[0])
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> dict:
        seat = self._seat(agent)
        mask = np.zeros(self.config.actions.size, np.int8)
        if agent == self.agent_selection and not (self.terminations[agent] or self.truncations[agent]):
            mask[self.config.actions.indices(self.table.legal_actions(seat))] = 1
        vector = self.config.observations.encode(self.table.view(seat))
        return {"observation": np.asarray(vector, np.float32), "action_mask": mask}

    def render(self) -> str | None:
        text = render(self.table, self.steps)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.table = None

    # -- seats and agents ---------------------------------------------------------------------
    def _agent(self, seat: int) -> str:
        return self.possible_agents[seat]

    def _seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)


__all__ = ["CryptArenaEnv"]
