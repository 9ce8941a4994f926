"""Quick duels for tuning a game's hard bot: one hard seat (side in a team game) against medium,
the hard seat rotating with the games, with settings overridden from the command line, and the
seconds each of hard's searched decisions took.

    .venv/bin/python bench/duel.py -g pharaoh -n 200 --seed 500 --jobs 2
    .venv/bin/python bench/duel.py -g pharaoh -n 200 --set '{"worlds": 16}'
    .venv/bin/python bench/duel.py -g crusade -n 100 --baseline     # medium in hard's seat, same seeds
    .venv/bin/python bench/duel.py --plan plan.json --jobs 16 --log games.jsonl

A plan is a list of duels ({"label", "game", "players", "games", "seed", "set", "baseline", and
"stride"/"offset": play games offset, offset + stride, ...: in Crusade 2p the even games seat hard
as the Groundskeeper, the odd ones as the Necromancer}) played in one pool, their games interleaved
so that a run cut short still has as many games of each; every finished game is appended to `--log`
at once.

Game g is dealt as `bench/strength.py` deals it (`cryptarena simulate`'s seeds and seating), so a
duel with the game's own settings and `--seed S` replays the first games of `strength.py --seed S`.
A setting "_hooks": {"search_value": "module:function"} replaces that hook of the game with that
function of its package ("_value": "module:function" is short for the search_value one).

Printed: hard's win share with 1.96 standard errors, the decided games' share, games nobody won,
wins by side (team games), and the median and largest seconds of hard's searched decisions.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import statistics
import time
from concurrent.futures import ProcessPoolExecutor, as_completed

from cryptarena import games
from cryptarena.ai.agents import decide, make_agent
from cryptarena.ai.runner import game_seed, seating_for
from cryptarena.engine import Rng, derive_seed


def play(game_id: str, players: int, seed: int, index: int, settings: dict, baseline: bool) -> dict:
    game = games.load(game_id)
    settings = dict(settings)
    hooks = settings.pop("_hooks", {})  # hook name -> "module:function" in the game's package
    if "_value" in settings:
        hooks["search_value"] = settings.pop("_value")
    for hook, where in hooks.items():
        module, name = where.split(":")
        setattr(game, hook, getattr(importlib.import_module(f"cryptarena.games.{game_id}.{module}"), name))
    if settings:
        game.search_settings = {**(getattr(game, "search_settings", {}) or {}), **settings}
    teams = game.seat_teams(players, game.check_table(players, {}))
    seating = seating_for(["hard", "medium"] if teams else ["hard", *["medium"] * (players - 1)],
                          players, index, teams)
    gseed = game_seed(seed, index)
    state = game.new_state(players, seed=gseed, options={}, keep_log=False)
    agents = [make_agent("medium" if baseline else name, game) for name in seating]
    rngs = [Rng(derive_seed(gseed, "agent", s)) for s in range(players)]
    times = []
    while (waiting := state.to_act()):
        seat = waiting[0]
        start = time.perf_counter()
        action = decide(agents[seat], state, seat, rngs[seat], teams)
        spent = time.perf_counter() - start
        if seating[seat] == "hard" and len(state.legal_actions(seat)) > 1:
            times.append(spent)
        state.apply(seat, action)
    hard = [s for s, name in enumerate(seating) if name == "hard"]
    winners = state.winners()
    share = sum(1 for w in winners if w in hard) / len(winners) if winners else 0.0
    if teams:  # a side wins as a whole: one win, whichever of its seats are listed
        share = 1.0 if winners and teams[winners[0]] == teams[hard[0]] else 0.0
    side = teams[hard[0]] if teams else str(hard[0])
    return {"share": share, "decided": bool(winners), "side": side, "times": times}


def summary(label: str, rows: list[dict], wall: float | None = None, jobs: int = 1) -> str:
    n = len(rows)
    if not n:
        return f"{label}: no games"
    shares = [r["share"] for r in rows]
    mean = sum(shares) / n
    se = math.sqrt(sum((s - mean) ** 2 for s in shares) / (n - 1) / n) if n > 1 else 0.0
    decided = [r for r in rows if r["decided"]]
    times = [t for r in rows for t in r["times"]]
    sides = {}
    for r in rows:
        won, played = sides.get(r["side"], (0.0, 0))
        sides[r["side"]] = (won + r["share"], played + 1)
    out = (f"{label} n={n}\n  hard share {mean:.3f} ± {1.96 * se:.3f}; decided {len(decided)} "
           f"(share of decided {sum(r['share'] for r in decided) / max(1, len(decided)):.3f}); "
           f"by side {', '.join(f'{k} {w:g}/{p}' for k, (w, p) in sorted(sides.items()))}")
    if times:
        out += (f"\n  hard decisions {len(times)} ({len(times) / n:.0f}/game): median "
                f"{statistics.median(times):.3f} s, mean {sum(times) / len(times):.3f} s, max {max(times):.3f} s")
        out += f"; {sum(times) / n:.1f} s of hard's thinking a game"
    if wall is not None:
        out += f"; {wall * jobs / n:.1f} s/game (worker time)"
    return out


def run_plan(plan: list[dict], jobs: int, log: str | None) -> None:
    tasks = []
    for k, duel in enumerate(plan):
        for i in range(duel["games"]):  # "stride" 2 and "offset" 0: every other game (one side only)
            g = duel.get("offset", 0) + duel.get("stride", 1) * i
            tasks.append((i, k, (duel["game"], duel.get("players", 2), duel.get("seed", 500), g,
                                 duel.get("set", {}), duel.get("baseline", False))))
    tasks.sort(key=lambda t: (t[0], t[1]))
    rows: list[list[dict]] = [[] for _ in plan]
    out = open(log, "a") if log else None
    with ProcessPoolExecutor(jobs) as pool:
        futures = {pool.submit(play, *args): k for _, k, args in tasks}
        for future in as_completed(futures):
            k = futures[future]
            row = future.result()
            rows[k].append(row)
            if out:
                out.write(json.dumps({"label": plan[k]["label"], **row}) + "\n")
                out.flush()
    for duel, found in zip(plan, rows):
        print(summary(duel["label"], found), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-g", "--game")
    parser.add_argument("--plan", help="a JSON file: a list of duels to play in one pool")
    parser.add_argument("--log", help="append every finished game here (JSON lines)")
    parser.add_argument("-p", "--players", type=int, default=2)
    parser.add_argument("-n", "--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=500)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--set", default="{}", help="JSON merged into the game's search_settings")
    parser.add_argument("--baseline", action="store_true", help="medium in hard's seat (same seeds)")
    args = parser.parse_args()
    if args.plan:
        with open(args.plan) as f:
            run_plan(json.load(f), args.jobs, args.log)
        return
    if not args.game:
        parser.error("name a game (-g) or a plan (--plan)")
    settings = json.loads(args.set)
    jobs = [(args.game, args.players, args.seed, g, settings, args.baseline) for g in range(args.games)]
    start = time.perf_counter()
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            rows = list(pool.map(play, *zip(*jobs), chunksize=1))
    else:
        rows = [play(*job) for job in jobs]
    wall = time.perf_counter() - start
    label = (f"{args.game} {args.players}p seed={args.seed} set={json.dumps(settings)}"
             f"{' BASELINE(medium)' if args.baseline else ''}")
    print(summary(label, rows, wall, max(1, args.jobs)))


if __name__ == "__main__":
    main()
