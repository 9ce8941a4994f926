"""Train an agent on Quartz through the PettingZoo environment and measure it against random play.

The agent is a linear softmax policy over the legal actions (logits = W · observation + b, the
action mask setting illegal ones to -inf), trained with REINFORCE: one seat of each game is the
learner, the others play uniformly at random among their legal actions, and after the game every
choice the learner made is pushed towards (or away from) what it chose by its final reward minus
a running baseline. NumPy only.

    python -m cryptarena.rl.train_example            # about half a minute on one core
    python -m cryptarena.rl.train_example --episodes 300 --eval 100
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass

import numpy as np

from . import pettingzoo_env


@dataclass
class Result:
    random: float  # win rate of a seat playing at random, like the others (about 1 / players)
    trained: float  # win rate of the trained policy in the same games
    episodes: int
    seconds: float


class LinearPolicy:
    def __init__(self, observations: int, actions: int):
        self.weights = np.zeros((actions, observations))
        self.bias = np.zeros(actions)

    def probabilities(self, features: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits = self.weights @ features + self.bias
        logits = np.where(mask > 0, logits, -np.inf)
        logits -= logits.max()
        weights = np.exp(logits)
        return weights / weights.sum()


def features(observation: np.ndarray) -> np.ndarray:
    """The observation squashed into (-1, 1): counts and scores vary a lot in size."""
    return observation / (1.0 + np.abs(observation))


def play(env, policy: LinearPolicy | None, learner: str, rng: np.random.Generator, greedy: bool = False):
    """One game from a reset env: the learner's choices [(features, probabilities, action)] and its
    final reward. A learner without a policy plays at random like the others."""
    choices, reward = [], 0.0
    for agent in env.agent_iter():
        observation, reward_now, terminated, truncated, _ = env.last()
        if agent == learner:
            reward = reward_now
        if terminated or truncated:
            env.step(None)
            continue
        mask = observation["action_mask"]
        if agent == learner and policy is not None:
            x = features(observation["observation"])
            p = policy.probabilities(x, mask)
            action = int(np.argmax(p)) if greedy else int(rng.choice(len(p), p=p))
            choices.append((x, p, action))
        else:
            action = int(rng.choice(np.flatnonzero(mask)))
        env.step(action)
    return choices, reward


def win_rate(env, policy: LinearPolicy | None, games: int, rng: np.random.Generator, seed: int) -> float:
    """The share of `games` (fresh seeds from `seed`, the learner's seat turning round) the policy
    wins: a positive reward, its side among the winners."""
    wins = 0
    for game in range(games):
        env.reset(seed=seed + game)
        _, reward = play(env, policy, env.possible_agents[game % len(env.possible_agents)], rng, greedy=True)
        wins += reward > 0
    return wins / games


def train(game: str = "quartz", players: int = 3, episodes: int = 600, eval_games: int = 300,
          learning_rate: float = 0.05, seed: int = 0) -> Result:
    started = time.perf_counter()
    env = pettingzoo_env(game, players, seed=seed)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    space = env.observation_space(env.possible_agents[0])
    policy = LinearPolicy(space["observation"].shape[0], space["action_mask"].shape[0])
    evaluation_seed = 1_000_000 + seed  # games never met in training
    baseline = 0.0
    env.reset(seed=seed)
    for episode in range(episodes):
        if episode:
            env.reset()
        choices, reward = play(env, policy, env.possible_agents[episode % players], rng)
        advantage = reward - baseline
        baseline += 0.05 * (reward - baseline)
        for x, p, action in choices:
            grad = -p
            grad[action] += 1.0  # d log p(action) / d logits
            policy.weights += learning_rate * advantage * np.outer(grad, x)
            policy.bias += learning_rate * advantage * grad
    trained = win_rate(env, policy, eval_games, rng, evaluation_seed)
    random = win_rate(env, None, eval_games, rng, evaluation_seed)
    return Result(random, trained, episodes, time.perf_counter() - started)


def main(argv: list[str] | None = None) -> Result:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="quartz")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--episodes", type=int, default=600)
    parser.add_argument("--eval", type=int, default=300, help="games to measure the win rates on, of the trained policy and of a random seat")
    parser.add_argument("--learning-rate", type=float, default=0.05)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    result = train(args.game, args.players, args.episodes, args.eval, args.learning_rate, args.seed)
    print(f"{args.game}, {args.players} players, one seat against random ones, {args.eval} games (seat turning round):")
    print(f"  a random seat wins {result.random:.1%}")
    print(f"  the policy trained for {result.episodes} games wins {result.trained:.1%}  ({result.seconds:.0f} s in all)")
    return result


if __name__ == "__main__":
    main()
