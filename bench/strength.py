"""Hard against medium in every game: the long tournaments behind docs/ai.md's strength table.

    .venv/bin/python bench/strength.py                       # every game, 500 games each, 2 workers
    .venv/bin/python bench/strength.py -g crypt -n 200 --jobs 2 --json strength.json
    .venv/bin/python bench/strength.py -g midas --agent expert --against hard --seed 2027

One seat (one side in a team game) is the `hard` bot (`--agent`), every other seat `medium`
(`--against`); the first seat rotates with the games (`cryptarena simulate`'s seating). Printed as a Markdown table: each level's
win rate per seat with its 95% Wilson interval, the fair share (one over the sides) and the
seconds a game took (worker time). A game nobody wins (Pharaoh's round limit) is a win for no one,
so compare hard with medium, not only with the fair share.
"""

from __future__ import annotations

import argparse
import json
import time

from cryptarena import games
from cryptarena.ai.simulate import run_simulation

TABLES = {"crypt": 2, "quartz": 3, "midas": 2, "crusade": 2, "pharaoh": 2}


def lineup(game_id: str, players: int, agent: str = "hard", against: str = "medium") -> tuple[list[str], int]:
    """The agents to seat in turn (one `agent` seat or side, `against` elsewhere) and the number of sides."""
    game = games.load(game_id)
    teams = game.seat_teams(players, game.check_table(players, {}))
    if teams:
        return [agent, against], len(set(teams))
    return [agent, *[against] * (players - 1)], players


def measure(game_id: str, players: int, n: int, jobs: int, seed: int, agent: str = "hard",
            against: str = "medium") -> dict:
    agents, sides = lineup(game_id, players, agent, against)
    start = time.perf_counter()
    report = run_simulation(game_id, players=players, games=n, agents=agents, seed=seed, jobs=jobs)
    wall = time.perf_counter() - start
    levels = {e["agent"]: e for e in report["by_agent"]}
    return {"game": game_id, "players": players, "games": n, "seed": seed, "fair": 1 / sides,
            "agent": agent, "against": against, agent: levels[agent], against: levels[against],
            "no_winner_games": report["no_winner_games"], "seconds_per_game": wall * jobs / n}


def row(m: dict) -> str:
    def rate(e: dict) -> str:
        low, high = e["win_interval"]
        return f"{e['win_rate']:.3f} [{low:.3f}, {high:.3f}]"

    return (f"| {m['game']} | {m['players']} | {m['games']} | {rate(m[m['agent']])} | {rate(m[m['against']])} | "
            f"{m['fair']:.3f} | {m['no_winner_games']} | {m['seconds_per_game']:.1f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-g", "--game", action="append", help="only these games (repeatable)")
    parser.add_argument("-n", "--games", type=int, default=500)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", help="also write the figures here")
    parser.add_argument("--agent", default="hard", help="the level in the rotating seat (hard, expert...)")
    parser.add_argument("--against", default="medium", help="the level in every other seat")
    parser.add_argument("--players", type=int, help="table size (default: each game's usual one)")
    args = parser.parse_args()
    if args.agent == args.against:
        parser.error(f"--agent and --against are both {args.agent!r}: nothing to compare")
    print(f"| game | players | games | {args.agent} wins per seat [95%] | {args.against} wins per seat [95%] "
          "| fair share | no winner | s/game |")
    print("|---|---|---|---|---|---|---|---|")
    found = []
    for game_id in args.game or list(TABLES):
        found.append(measure(game_id, args.players or TABLES.get(game_id, 2), args.games, args.jobs, args.seed,
                             args.agent, args.against))
        print(row(found[-1]), flush=True)
    if args.json:
        with open(args.json, "w") as out:
            json.dump(found, out, indent=1)


if __name__ == "__main__":
    main()
