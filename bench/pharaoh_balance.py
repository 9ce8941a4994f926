"""The Pharaoh starter set's balance: greedy bots in every seat, each picking a prebuilt deck at
random, N games at each player count. Prints the win rate of each character against its fair share,
the win rate by seat (the first player's advantage), how games end and how long they last.

    .venv/bin/python bench/pharaoh_balance.py --games 2000 --players 2 4 --jobs 2 [--json out.json]

The fair share of a character is the mean win rate of a seat (wins over seats played, no-winner
games included), so a character within 1.5× of it neither dominates nor trails the field.
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

from cryptarena import games
from cryptarena.engine import Rng, derive_seed

LIMIT = 1.5


def play(args: tuple[int, int, int]) -> dict:
    players, seed, index = args
    game = games.load("pharaoh")
    bot = game.bots["greedy"](game)
    game_seed = derive_seed(seed, "pharaoh-balance", players, index)
    state = game.new_state(players, game_seed, {}, keep_log=False)
    rngs = [Rng(derive_seed(game_seed, "agent", s)) for s in range(players)]
    actions = 0
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, bot.act(state.view(seat), state.legal_actions(seat), rngs[seat]))
        actions += 1
    return {"players": players, "characters": list(state.chars), "first": state.first, "winners": state.winners(),
            "reason": state.end_reason, "rounds": state.round, "actions": actions}


def report(records: list[dict], players: int) -> dict:
    mine = [r for r in records if r["players"] == players]
    seats = Counter()
    wins = Counter()
    by_order = Counter()
    for r in mine:
        for seat, character in enumerate(r["characters"]):
            seats[character] += 1
            if seat in r["winners"]:
                wins[character] += 1
        for seat in r["winners"]:
            by_order[(seat - r["first"]) % players] += 1
    total_wins = sum(wins.values())
    fair = total_wins / sum(seats.values())
    characters = {c: {"seats": seats[c], "wins": wins[c], "rate": wins[c] / seats[c], "ratio": (wins[c] / seats[c]) / fair}
                  for c in sorted(seats)}
    rounds = [r["rounds"] for r in mine]
    quantiles = statistics.quantiles(rounds, n=10)
    return {"players": players, "games": len(mine), "fair_share": fair, "characters": characters,
            "turn_order": {str(k): by_order[k] / len(mine) for k in range(players)},
            "ends": dict(Counter(r["reason"] for r in mine)),
            "rounds": {"mean": statistics.mean(rounds), "median": statistics.median(rounds),
                       "p10": quantiles[0], "p90": quantiles[-1], "max": max(rounds)},
            "actions_mean": statistics.mean(r["actions"] for r in mine),
            "within_limit": all(1 / LIMIT <= c["ratio"] <= LIMIT for c in characters.values())}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--json")
    args = parser.parse_args()
    work = [(n, args.seed, i) for n in args.players for i in range(args.games)]
    with ProcessPoolExecutor(args.jobs) as pool:
        records = list(pool.map(play, work, chunksize=20))
    results = [report(records, n) for n in args.players]
    for res in results:
        print(f"\n{res['players']} players, {res['games']} games, greedy in every seat "
              f"(fair share {res['fair_share']:.1%} a seat)")
        print(f"{'character':<14}{'seats':>7}{'wins':>7}{'win rate':>10}{'× fair':>8}")
        for name, c in res["characters"].items():
            print(f"{name:<14}{c['seats']:>7}{c['wins']:>7}{c['rate']:>10.1%}{c['ratio']:>8.2f}")
        print("wins by turn order (0 = first player):",
              ", ".join(f"{k}: {v:.1%}" for k, v in res["turn_order"].items()))
        print("ends:", res["ends"], "| rounds: mean {mean:.1f}, median {median}, p10 {p10}, p90 {p90}, max {max}"
              .format(**res["rounds"]), f"| actions a game: {res['actions_mean']:.0f}")
        print("every character within 1.5× of its fair share:", res["within_limit"])
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(results, out, indent=2)


if __name__ == "__main__":
    main()
