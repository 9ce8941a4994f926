"""Quick duels for tuning Quartz's hard bot: one hard seat (rotating) against medium, with settings
overridden from the command line, and the hard seat's thinking time per decision.

    .venv/bin/python bench/quartz_duel.py -n 150 --seed 77 --jobs 2
    .venv/bin/python bench/quartz_duel.py -n 150 --set '{"worlds": 24, "horizon": "own_turn"}' --no-value

Game g is dealt from derive_seed(seed, g) with hard in seat g % players, the others the medium bot,
each seat drawing from its own Rng as `ai.runner.play_game` does. Prints hard's win share (a shared
win counts its share) with 1.96 standard errors, medium's per seat, and the median and largest time
hard took on a decision with more than one option (this process's wall clock: run it alone for times).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from multiprocessing import Pool

from cryptarena import games
from cryptarena.ai.agents import decide, make_agent
from cryptarena.engine import Rng, derive_seed


def play(args: tuple) -> tuple[float, list[float]]:
    g, seed, players, settings, use_value = args
    game = games.load("quartz")
    game.search_settings = {**game.search_settings, **settings}
    if not use_value:
        game.search_value = None
    hard_seat = g % players
    game_seed = derive_seed(seed, g)
    state = game.new_state(players, seed=game_seed, keep_log=False)
    agents = [make_agent("hard" if s == hard_seat else "medium", game) for s in range(players)]
    rngs = [Rng(derive_seed(game_seed, "agent", s)) for s in range(players)]
    times = []
    while not state.is_over():
        seat = state.to_act()[0]
        start = time.perf_counter()
        action = decide(agents[seat], state, seat, rngs[seat])
        if seat == hard_seat and len(state.legal_actions(seat)) > 1:
            times.append(time.perf_counter() - start)
        state.apply(seat, action)
    winners = state.winners()
    return (1.0 / len(winners) if hard_seat in winners else 0.0), times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--games", type=int, default=150)
    parser.add_argument("--seed", type=int, default=77)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--set", default="{}", help="JSON merged into Quartz's search_settings")
    parser.add_argument("--no-value", action="store_true", help="judge cut roll-outs by the scores (no estimate)")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    settings = json.loads(args.set)
    work = [(g, args.seed, args.players, settings, not args.no_value) for g in range(args.games)]
    start = time.perf_counter()
    with Pool(args.jobs) as pool:
        results = pool.map(play, work, chunksize=1)
    shares = [r for r, _ in results]
    times = sorted(t for _, ts in results for t in ts)
    n = len(shares)
    mean = sum(shares) / n
    se = statistics.stdev(shares) / n ** 0.5
    print(f"settings {settings} value {not args.no_value}: hard {mean:.3f} ± {1.96 * se:.3f} over {n} games "
          f"(fair {1 / args.players:.3f}); decisions {len(times)}, median {statistics.median(times) * 1000:.0f} ms, "
          f"max {times[-1] * 1000:.0f} ms, mean {statistics.mean(times) * 1000:.0f} ms; "
          f"{(time.perf_counter() - start) * args.jobs / n:.1f} s a game")


if __name__ == "__main__":
    main()
