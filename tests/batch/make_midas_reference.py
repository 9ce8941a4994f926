"""Writes tests/batch/midas_reference.json: the scalar engine's tallies over 10^5 seeded Midas
games per configuration, the reference that tests/batch/test_midas.py compares the batch with.

    PYTHONPATH=. python tests/batch/make_midas_reference.py [--games 100000]

Game g of a configuration is simulate's game g (ai/runner.py play_indexed: seed derive_seed(seed,
g), the agents rotated by seat), so any chunk of it can be recomputed exactly: the test replays the
first CHECK games and compares them with `check`. Takes about 10 minutes on one core.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from cryptarena import games
from cryptarena.ai.runner import play_indexed

OUT = Path(__file__).parent / "midas_reference.json"
SEED = 20261127
CHECK = 100
CONFIGS = [  # players, agents, options
    (2, ["random"], {}),
    (4, ["random"], {}),
    (2, ["probabilistic"], {}),
]


def tally(game, players: int, agents: list[str], options: dict, start: int, stop: int) -> dict:
    wins = [0] * players
    lengths: dict[int, int] = {}
    for g in range(start, stop):
        record = play_indexed(game, players, SEED, agents, options, g)
        for seat in record.winners:
            wins[seat] += 1
        lengths[record.actions] = lengths.get(record.actions, 0) + 1
    return {"games": stop - start, "wins": wins, "lengths": {str(k): v for k, v in sorted(lengths.items())}}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100_000)
    args = parser.parse_args()
    game = games.load("midas")
    found = []
    for players, agents, options in CONFIGS:
        resolved = game.check_table(players, options)
        began = time.perf_counter()
        found.append({"players": players, "agents": agents, "options": options, "seed": SEED,
                      "check": tally(game, players, agents, resolved, 0, CHECK),
                      **tally(game, players, agents, resolved, 0, args.games)})
        print(players, agents, f"{args.games / (time.perf_counter() - began):.0f} games/s", flush=True)
    OUT.write_text(json.dumps({"configs": found}, indent=1) + "\n")


if __name__ == "__main__":
    main()
