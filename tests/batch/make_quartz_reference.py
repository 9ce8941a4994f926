"""Writes tests/batch/quartz_reference.json: the scalar engine's tallies over 10^5 seeded Quartz
games per configuration, the reference that tests/batch/test_quartz.py compares the batch with.

    PYTHONPATH=. python tests/batch/make_quartz_reference.py [--games 100000]

Game g of a configuration is simulate's game g with random agents (ai/runner.py play_indexed: seed
derive_seed(seed, g), seat i drawing from Rng(derive_seed(game seed, "agent", i))), played here
without building the views the random agent never reads, so any chunk of it can be recomputed
exactly: the test replays the first CHECK games through play_indexed and compares them with `check`.
Takes about 15 minutes on one core.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from cryptarena import games
from cryptarena.engine import Rng, derive_seed

OUT = Path(__file__).parent / "quartz_reference.json"
SEED = 20261127
CHECK = 50
CONFIGS = [  # players, options, games (a share of --games: the 6-seat games are slow)
    (4, {}, 1.0),
    (4, {"die_faces": "double_pickaxe", "unstable_in_chest": True, "bag_empty_end": "round", "big_sets": "none"}, 1.0),
    (3, {}, 0.5),
    (6, {}, 0.3),
]


def play_random(game, players: int, options: dict, game_index: int):
    """simulate's game `game_index` between random agents (runner.play_game), without the views."""
    seed = derive_seed(SEED, game_index)
    state = game.new_state(players, seed=seed, options=options, keep_log=False)
    rngs = [Rng(derive_seed(seed, "agent", seat)) for seat in range(players)]
    actions = 0
    while state.to_act():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rngs[seat].below(len(legal))])
        actions += 1
    scores = state.scores()
    return ([s["total"] for s in scores], [s["breakdown"] for s in scores], state.winners(), actions)


def tally(game, players: int, options: dict, start: int, stop: int, play=play_random) -> dict:
    """Integer tallies: games each seat is among the winners, shared wins, per seat the sum and sum of
    squares of the total and of every breakdown item, and the histogram of lengths."""
    in_winners = [0] * players
    shared = 0
    sums: dict[str, list[list[int]]] = {}
    lengths: dict[int, int] = {}
    for g in range(start, stop):
        totals, breakdowns, winners, actions = play(game, players, options, g)
        for seat in winners:
            in_winners[seat] += 1
        shared += len(winners) > 1
        items = {"total": totals, **{item: [b[item] for b in breakdowns] for item in breakdowns[0]}}
        for item, values in items.items():
            pair = sums.setdefault(item, [[0] * players, [0] * players])
            for seat, value in enumerate(values):
                pair[0][seat] += value
                pair[1][seat] += value * value
        lengths[actions] = lengths.get(actions, 0) + 1
    return {"games": stop - start, "in_winners": in_winners, "shared_win_games": shared,
            "scores": {item: {"sum": pair[0], "sum_sq": pair[1]} for item, pair in sums.items()},
            "lengths": {str(k): v for k, v in sorted(lengths.items())}}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100_000)
    args = parser.parse_args()
    game = games.load("quartz")
    found = []
    for players, options, share in CONFIGS:
        resolved = game.check_table(players, options)
        count = max(CHECK, round(args.games * share))
        began = time.perf_counter()
        found.append({"players": players, "agents": ["random"], "options": options, "seed": SEED,
                      "check": tally(game, players, resolved, 0, CHECK),
                      **tally(game, players, resolved, 0, count)})
        print(players, options, f"{count / (time.perf_counter() - began):.0f} games/s", flush=True)
    OUT.write_text(json.dumps({"configs": found}, indent=1) + "\n")


if __name__ == "__main__":
    main()
