"""Fit Pharaoh's search estimate (cryptarena/games/pharaoh/value.json) on medium self-play.

    .venv/bin/python bench/pharaoh_value.py -n 6000 --jobs 2            # writes value.json
    .venv/bin/python bench/pharaoh_value.py -n 1000 --check              # held-out fit only

Medium bots play every seat (the bots a roll-out plays with); at the start of every turn the table's
features (games/pharaoh/value.py) are kept with who won in the end. A multinomial logit over "seat s
wins" and "nobody wins" is fitted by Newton's method with a little L2, on 2, 3 and 4 players
(mostly 2), the last tenth of the games held out: printed, the held-out log-loss of the fit and of
the hand-made estimate (games/pharaoh/estimate.py) on the same decided games.
"""

from __future__ import annotations

import argparse
import json
import math
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

from cryptarena import games
from cryptarena.ai.agents import decide, make_agent
from cryptarena.engine import Rng, derive_seed
from cryptarena.games.pharaoh import estimate, value

OUT = Path(__file__).resolve().parent.parent / "cryptarena" / "games" / "pharaoh" / "value.json"
PLAYERS = (2, 2, 2, 2, 2, 2, 3, 3, 4, 4)  # game g is played at PLAYERS[g % 10]


def play(seed: int, index: int) -> dict:
    game = games.load("pharaoh")
    players = PLAYERS[index % len(PLAYERS)]
    gseed = derive_seed(seed, index)
    state = game.new_state(players, seed=gseed, options={}, keep_log=False)
    agents = [make_agent("medium", game) for _ in range(players)]
    rngs = [Rng(derive_seed(gseed, "agent", s)) for s in range(players)]
    rows, old = [], estimate.search_value
    owner = None
    while (waiting := state.to_act()):
        now = state.turn["seat"] if state.turn else None
        if now is not None and now != owner and state.chars[0] is not None:
            seats, nobody = value.features(state)
            rows.append({"seats": seats, "nobody": nobody, "old": old(state)})
        owner = now
        seat = waiting[0]
        state.apply(seat, decide(agents[seat], state, seat, rngs[seat]))
    winners = state.winners()
    return {"players": players, "rows": rows, "winner": winners[0] if len(winners) == 1 else None}


def design(games_played: list[dict]):
    """Per sample: the alternatives' feature rows (seats then nobody, zero-padded to one width) and
    the index of the alternative that happened."""
    ds, dn = len(value.SEAT_FEATURES), len(value.NOBODY_FEATURES)
    xs, ys = [], []
    for g in games_played:
        chosen = g["players"] if g["winner"] is None else g["winner"]
        for row in g["rows"]:
            x = np.zeros((g["players"] + 1, ds + dn))
            x[:-1, :ds] = row["seats"]
            x[-1, ds:] = row["nobody"]
            xs.append(x)
            ys.append(chosen)
    return xs, ys


def fit(xs, ys, l2: float = 1e-3, steps: int = 30) -> np.ndarray:
    groups = {}
    for x, y in zip(xs, ys):  # stacked by table size so each Newton step is a few array operations
        groups.setdefault(x.shape[0], ([], []))
        groups[x.shape[0]][0].append(x)
        groups[x.shape[0]][1].append(y)
    stacks = [(np.stack(a), np.array(b)) for a, b in groups.values()]
    n = len(ys)
    w = np.zeros(xs[0].shape[1])
    for _ in range(steps):
        grad = l2 * w * n
        hess = l2 * n * np.eye(len(w))
        for x, y in stacks:
            u = x @ w
            u -= u.max(axis=1, keepdims=True)
            p = np.exp(u)
            p /= p.sum(axis=1, keepdims=True)
            mean = np.einsum("sj,sjd->sd", p, x)
            grad -= (x[np.arange(len(y)), y] - mean).sum(axis=0)
            centred = x - mean[:, None, :]
            hess += np.einsum("sj,sjd,sje->de", p, centred, centred)
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-7:
            break
    return w


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--games", type=int, default=6000)
    parser.add_argument("--seed", type=int, default=7070)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--check", action="store_true", help="print the fit, do not write value.json")
    args = parser.parse_args()
    with ProcessPoolExecutor(args.jobs) as pool:
        played = list(pool.map(play, [args.seed] * args.games, range(args.games), chunksize=20))
    cut = args.games * 9 // 10
    w = fit(*design(played[:cut]))
    ds = len(value.SEAT_FEATURES)
    held = played[cut:]
    new_loss = old_loss = 0.0
    count = 0
    for g in held:
        if g["winner"] is None:
            continue
        for row in g["rows"]:
            mine = value.chances(row["seats"], row["nobody"], w[:ds], w[ds:])
            new_loss -= math.log(mine[g["winner"]] / sum(mine))
            old = row["old"] or [1 / g["players"]] * g["players"]
            old_loss -= math.log(max(old[g["winner"]], 1e-9))
            count += 1
    xs, ys = design(held)
    full = 0.0
    for x, y in zip(xs, ys):
        u = x @ w
        full -= u[y] - (u.max() + math.log(np.exp(u - u.max()).sum()))
    print(f"{len(played)} games, {sum(len(g['rows']) for g in played)} turn starts; held out {len(held)} games")
    print(f"held-out log-loss over seats, decided games: fitted {new_loss / max(1, count):.4f}, "
          f"estimate.py {old_loss / max(1, count):.4f} ({count} samples); with 'nobody': {full / max(1, len(ys)):.4f}")
    for name, weight in zip([*value.SEAT_FEATURES, *value.NOBODY_FEATURES], w):
        print(f"  {name:16s} {weight:+.3f}")
    if not args.check:
        OUT.write_text(json.dumps({
            "seat_features": list(value.SEAT_FEATURES), "nobody_features": list(value.NOBODY_FEATURES),
            "seat": [round(float(x), 4) for x in w[:ds]], "nobody": [round(float(x), 4) for x in w[ds:]],
            "fitted": f"bench/pharaoh_value.py -n {args.games} --seed {args.seed}: medium self-play at 2-4 players",
        }, indent=1) + "\n")
        print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
