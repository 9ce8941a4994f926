"""Fit Quartz's position estimate (games/quartz/value.py) on games between medium bots.

    .venv/bin/python bench/quartz_value.py        # the shipped weights: 8,000 3-player games, seed 1, explore 0.1
    .venv/bin/python bench/quartz_value.py -n 2000 --players 3 --players 4 --seed 5 --explore 0 --out /tmp/w.json

Every seat is the medium bot (`greedy`) on its own view, playing a random legal move a share
`--explore` of the time. At the start of every turn (the crystal
mined and the dice rolled: where a hard bot's roll-outs are cut) each seat's features are recorded;
the game's winners label them (a shared win is shared). The model is a conditional logit, each
seat's chance exp(w·x) over the table's sum, fitted by Newton's method on the log-likelihood with a
small ridge; the first fifth of the games (by index) is held out and its log-loss printed against
the score order's, so a fit that does not beat the plain scores shows. Everything is a function of
--seed: the same command writes the same weights.
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np

from cryptarena import games
from cryptarena.engine import Rng, derive_seed
from cryptarena.games.quartz import value


def record_game(game, players: int, seed: int, explore: float = 0.0) -> tuple[list[np.ndarray], list[float]]:
    """The feature tables at every turn start of one medium-bot game, and each seat's share of the win.
    With `explore` > 0 a seat plays a uniformly random legal move that often instead of the bot's:
    tables the bot alone would not reach (a search tries such moves) are seen too, and what a
    feature is worth is less confounded with the bot's habits."""
    state = game.new_state(players, seed=seed, keep_log=False)
    bots = [game.bots["greedy"](game) for _ in range(players)]
    rngs = [Rng(derive_seed(seed, "agent", s)) for s in range(players)]
    tables, last = [], None
    while not state.is_over():
        seat = state.to_act()[0]
        turn = (state.round, tuple(state.order))
        if turn != last:  # a new turn has begun
            tables.append(np.array(value.seat_features(state)))
            last = turn
        legal = state.legal_actions(seat)
        if explore and rngs[seat].below(10_000) < explore * 10_000:
            action = legal[rngs[seat].below(len(legal))]
        else:
            action = bots[seat].act(state.view(seat), legal, rngs[seat])
        state.apply(seat, action)
    winners = state.winners()
    return tables, [1.0 / len(winners) if s in winners else 0.0 for s in range(players)]


def collect(players_list: list[int], n: int, seed: int, explore: float = 0.0):
    game = games.load("quartz")
    data = []  # (game index, features seats × K, target seats)
    for g in range(n):
        players = players_list[g % len(players_list)]
        tables, target = record_game(game, players, derive_seed(seed, "quartz-value", g), explore)
        data.extend((g, x, np.array(target)) for x in tables)
    return data


def neg_log_likelihood(w: np.ndarray, data, ridge: float):
    """The loss, its gradient and Hessian (the conditional logit is concave: Newton converges)."""
    k = len(w)
    loss, grad, hess = ridge * w @ w / 2, ridge * w.copy(), ridge * np.eye(k)
    for x, y in data:
        u = x @ w
        p = np.exp(u - u.max(axis=1, keepdims=True))
        p /= p.sum(axis=1, keepdims=True)
        loss -= (y * np.log(p + 1e-12)).sum()
        mean = np.einsum("gs,gsk->gk", p, x)
        grad -= np.einsum("gs,gsk->k", y, x) - y.sum(axis=1) @ mean
        second = np.einsum("gs,gsk,gsl->kl", p, x, x) - np.einsum("gk,gl->kl", mean, mean)
        hess += second
    return loss, grad, hess


def stack(rows):
    """Group rows by table size so each group is one array (seats differ between sizes)."""
    groups: dict[int, tuple[list, list]] = {}
    for _, x, y in rows:
        xs, ys = groups.setdefault(len(y), ([], []))
        xs.append(x)
        ys.append(y)
    return [(np.array(xs), np.array(ys)) for xs, ys in groups.values()]


def fit(data, ridge: float = 1.0, steps: int = 30) -> np.ndarray:
    w = np.zeros(data[0][0].shape[2])
    for _ in range(steps):
        loss, grad, hess = neg_log_likelihood(w, data, ridge)
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-7:
            break
    return w


def log_loss(data, chances) -> float:
    total, n = 0.0, 0
    for x, y in data:
        p = chances(x)
        total -= (y * np.log(np.clip(p, 1e-12, 1))).sum()
        n += len(x)
    return total / n


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--games", type=int, default=8000)
    parser.add_argument("--players", type=int, action="append")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ridge", type=float, default=1.0)
    parser.add_argument("--explore", type=float, default=0.1, help="share of random moves in the games")
    parser.add_argument("--out", default=str(value.WEIGHTS))
    args = parser.parse_args()
    players = args.players or [3]
    start = time.perf_counter()
    rows = collect(players, args.games, args.seed, args.explore)
    held = [r for r in rows if r[0] < args.games // 5]
    train = [r for r in rows if r[0] >= args.games // 5]
    print(f"{len(rows)} positions from {args.games} games in {time.perf_counter() - start:.0f} s")
    w = fit(stack(train), args.ridge)

    def model(x):
        u = x @ w
        p = np.exp(u - u.max(axis=1, keepdims=True))
        return p / p.sum(axis=1, keepdims=True)

    scored = [value.NAMES.index("score"), value.NAMES.index("score*progress")]
    w_scores = fit([(x[:, :, scored], y) for x, y in stack(train)], args.ridge)

    def scores_only(x):  # the same model on the score alone: what the other features add
        u = x[:, :, scored] @ w_scores
        p = np.exp(u - u.max(axis=1, keepdims=True))
        return p / p.sum(axis=1, keepdims=True)

    held_groups = stack(held)
    print(f"held-out log-loss per seat: model {log_loss(held_groups, model):.4f}, "
          f"score alone {log_loss(held_groups, scores_only):.4f}, uniform "
          f"{log_loss(held_groups, lambda x: np.full(x.shape[:2], 1 / x.shape[1])):.4f}")
    for name, weight in zip(value.NAMES, w):
        print(f"  {name:24s} {weight:+.3f}")
    with open(args.out, "w") as out:
        json.dump({"features": list(value.NAMES), "weights": [round(float(x), 5) for x in w],
                   "fitted": {"games": args.games, "players": players, "seed": args.seed, "ridge": args.ridge, "explore": args.explore,
                              "script": "bench/quartz_value.py"}}, out, indent=1)
        out.write("\n")


if __name__ == "__main__":
    main()
