"""Train the expert bot's chance-to-win estimate by self-play, through the PettingZoo environment.

    python -m cryptarena.ai.train midas --seed 1 --jobs 2          # make train GAME=midas
    python -m cryptarena.ai.train midas --help

Every game is played through `cryptarena.rl.pettingzoo_env` (`agent_iter`, `last`, `step`): a bot's
move is asked through `ai.agents.decide` on the env's table (the bot sees only its seat's view and
worlds drawn from it) and handed to the env by its index in the action encoding. At some decisions
every seat's observation vector (`env.observe`) is kept; when the game ends each kept vector is
labelled by whether that seat won (its reward is positive).

Generation 0 plays the medium bot in every seat, a share `--explore` of its moves uniform at random
(positions the bots would not reach, so the estimate is not blind there). Generation k plays the
expert bot with model k-1 in every seat (the same exploration). Each generation fits a fresh model
on all the games so far but its held-out games (the last fifth of its own), reports the held-out
log-loss beside that of the game's hand-made `search_value`, then plays the expert with the new model
against hard (`--eval` games, seats rotating) for a win rate. The model of the last generation is
written (by default to the game's `expert_file`), with the curve, which is also drawn (`--plot`).

Everything is a function of `--seed`: game i of generation g is dealt with derive_seed(seed, g, i)
and every random choice comes from Rngs derived from it, so `--jobs` changes nothing but the time.
"""

from __future__ import annotations

import argparse
import json
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

from .. import games
from ..engine import Rng, derive_seed
from .stats import wilson_interval
from .value import LearnedValue, ValueNet, log_loss, save


def _agents(game, seating: list[str], model: dict | None) -> list:
    from .agents import expert_agent, make_agent

    value = LearnedValue(game, {int(model["players"]): ValueNet.from_json(model)}) if model else None
    return [expert_agent(game, value=value) if name == "expert" else make_agent(name, game) for name in seating]


def play(task: tuple) -> tuple[np.ndarray, np.ndarray, list[int]]:
    """One game through the env: (kept observation vectors, 1/0 whether each one's seat won, winners).
    `task` = (game id, players, seed, seating: a level per seat, model json or None, explore, keep)."""
    from ..rl import pettingzoo_env
    from .agents import decide

    game_id, players, seed, seating, model, explore, keep = task
    env = pettingzoo_env(game_id, players, seed=seed)
    env.reset(seed=seed)
    agents = _agents(env.config.game, seating, model)
    rng, chance = Rng(derive_seed(seed, "bots")), Rng(derive_seed(seed, "train"))
    kept, seats, rewards = [], [], {}
    for name in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            rewards[name] = reward
            env.step(None)
            continue
        seat = env.possible_agents.index(name)
        if keep and chance.below(1000) < keep * 1000:
            for other in env.agents:
                kept.append(env.observe(other)["observation"])
                seats.append(env.possible_agents.index(other))
        legal = np.flatnonzero(observation["action_mask"])
        if explore and chance.below(1000) < explore * 1000:
            action = int(legal[chance.below(len(legal))])
        else:
            action = env.config.actions.index(decide(agents[seat], env.table, seat, rng))
        env.step(action)
    won = [rewards.get(agent, 0.0) > 0 for agent in env.possible_agents]
    x = np.array(kept, np.float32).reshape(len(kept), env.config.observations.size)
    return x, np.array([won[s] for s in seats], np.float32), [s for s in range(players) if won[s]]


def run_games(tasks: list[tuple], jobs: int) -> list:
    if jobs <= 1:
        return [play(t) for t in tasks]
    with ProcessPoolExecutor(jobs) as pool:
        return list(pool.map(play, tasks, chunksize=max(1, len(tasks) // (jobs * 8))))


def evaluate(game_id: str, players: int, model: dict, games_n: int, seed: int, jobs: int) -> dict:
    """The expert (this model) in one seat, hard in the others, seats rotating: its win rate."""
    tasks = []
    for i in range(games_n):
        seating = ["hard"] * players
        seating[i % players] = "expert"
        tasks.append((game_id, players, derive_seed(seed, "eval", i), seating, model, 0.0, 0))
    wins = sum(1 for i, (_, _, winners) in enumerate(run_games(tasks, jobs)) if i % players in winners)
    low, high = wilson_interval(wins, games_n) if games_n else (0.0, 0.0)
    return {"games": games_n, "wins": wins, "rate": wins / games_n if games_n else None, "interval": [low, high]}


def train(game_id: str, *, seed: int = 1, players: int = 2, generations: int = 1, games0: int = 3000,
          games_k: int = 150, explore: float = 0.05, keep: float = 0.5, hidden: int = 32, epochs: int = 8,
          eval_games: int = 100, also: tuple[int, ...] = (3, 4), jobs: int = 1, out: str | None = None,
          plot: str | None = None, echo=print) -> dict:
    game = games.load(game_id)
    if not hasattr(game, "expert_settings"):
        raise ValueError(f"{game_id} has no expert level to train (no expert_settings)")
    target = Path(out) if out else Path(game.expert_file)
    started = time.perf_counter()
    data_x, data_y = [], []
    model, curve = None, []
    for gen in range(generations):
        count = games0 if gen == 0 else games_k
        seating = ["medium"] * players if gen == 0 else ["expert"] * players
        tasks = [(game_id, players, derive_seed(seed, gen, i), seating, model, explore, keep) for i in range(count)]
        results = run_games(tasks, jobs)
        split = count - max(1, count // 5)
        held_x = np.concatenate([r[0] for r in results[split:]])
        held_y = np.concatenate([r[1] for r in results[split:]])
        data_x += [r[0] for r in results[:split]]
        data_y += [r[1] for r in results[:split]]
        net = ValueNet(held_x.shape[1], hidden, np.random.default_rng(derive_seed(seed, gen, "init") >> 1))
        net.fit(np.concatenate(data_x), np.concatenate(data_y), np.random.default_rng(derive_seed(seed, gen, "fit") >> 1),
                epochs=epochs)
        point = {"generation": gen, "games": count, "played_by": seating[0], "rows": int(sum(len(y) for y in data_y)),
                 "held_out_loss": log_loss(net.predict(held_x), held_y),
                 "previous_model_loss": (log_loss(ValueNet.from_json(model).predict(held_x), held_y)
                                         if model else None),
                 "base_rate_loss": log_loss(np.full(len(held_y), held_y.mean()), held_y)}
        model = net.to_json(players)
        if eval_games:
            point["against_hard"] = evaluate(game_id, players, model, eval_games, derive_seed(seed, gen), jobs)
        point["seconds"] = round(time.perf_counter() - started, 1)
        curve.append(point)
        echo(line(point))
    models = {players: ValueNet.from_json(model)}
    for count_players in also:  # other table sizes: generation 0 only (medium games), no evaluation
        if count_players == players or not game.min_players <= count_players <= game.max_players:
            continue
        tasks = [(game_id, count_players, derive_seed(seed, "also", count_players, i), ["medium"] * count_players,
                  None, explore, keep) for i in range(games0)]
        results = run_games(tasks, jobs)
        net = ValueNet(results[0][0].shape[1], hidden, np.random.default_rng(derive_seed(seed, count_players) >> 1))
        net.fit(np.concatenate([r[0] for r in results]), np.concatenate([r[1] for r in results]),
                np.random.default_rng(derive_seed(seed, count_players, "fit") >> 1), epochs=epochs)
        models[count_players] = net
        echo(f"{count_players} players: fitted on {games0} medium games")
    # the file holds what the seed decides (the curve without its times), so a rerun writes the same bytes
    meta = {"seed": seed, "players": players,
            "curve": [{k: v for k, v in point.items() if k != "seconds"} for point in curve],
            "settings": {"generations": generations, "games0": games0, "games_k": games_k, "explore": explore,
                         "keep": keep, "hidden": hidden, "epochs": epochs, "eval_games": eval_games}}
    save(target, game_id, models, meta)
    echo(f"wrote {target} ({target.stat().st_size // 1024} KB) in {time.perf_counter() - started:.0f} s")
    if plot:
        draw(curve, plot, game_id)
        echo(f"wrote {plot}")
    return {"file": str(target), "curve": curve}


def line(point: dict) -> str:
    text = (f"generation {point['generation']}: {point['games']} games of {point['played_by']}, "
            f"{point['rows']} positions; held-out log-loss {point['held_out_loss']:.4f}")
    if point.get("previous_model_loss") is not None:
        text += f" (previous model {point['previous_model_loss']:.4f})"
    text += f", base rate {point['base_rate_loss']:.4f}"
    match = point.get("against_hard")
    if match:
        text += (f"; against hard {match['rate']:.3f} [{match['interval'][0]:.3f}, {match['interval'][1]:.3f}]"
                 f" over {match['games']} games")
    return text + f" ({point['seconds']:.0f} s)"


def draw(curve: list[dict], path: str, game_id: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    gens = [p["generation"] for p in curve]
    fig, (left, right) = plt.subplots(1, 2, figsize=(9, 3.6))
    left.plot(gens, [p["held_out_loss"] for p in curve], "o-", label="learned model")
    left.plot(gens, [p["base_rate_loss"] for p in curve], "s--", label="base rate")
    before = [p for p in curve if p.get("previous_model_loss") is not None]
    if before:  # each generation's held-out games are its own: the model before, judged on the same ones
        left.plot([p["generation"] for p in before], [p["previous_model_loss"] for p in before], "x",
                  markersize=9, label="previous generation's model")
    left.set_xlabel("generation")
    left.set_ylabel("held-out log-loss (its generation's games)")
    left.legend()
    rated = [p for p in curve if p.get("against_hard")]
    if rated:
        rates = [p["against_hard"]["rate"] for p in rated]
        lows = [p["against_hard"]["rate"] - p["against_hard"]["interval"][0] for p in rated]
        highs = [p["against_hard"]["interval"][1] - p["against_hard"]["rate"] for p in rated]
        right.errorbar([p["generation"] for p in rated], rates, yerr=[lows, highs], fmt="o-", capsize=4)
    right.axhline(0.5, color="grey", linestyle=":")
    for axis in (left, right):
        axis.set_xticks(gens)
    right.set_xlabel("generation")
    right.set_ylabel("expert's win rate against hard")
    right.set_ylim(0, 1)
    fig.suptitle(f"{game_id}: expert value model by self-play")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m cryptarena.ai.train", description=__doc__.splitlines()[0])
    parser.add_argument("game", help="a game that has an expert level (midas)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=2, help="the table size trained over generations")
    parser.add_argument("--generations", type=int, default=1,
                        help="0 is medium games; each later one, games of the expert with the model before")
    parser.add_argument("--games0", type=int, default=3000, help="generation 0: games of the medium bot")
    parser.add_argument("--games", type=int, default=150, help="each later generation: games of the expert")
    parser.add_argument("--explore", type=float, default=0.05, help="share of moves played uniformly at random")
    parser.add_argument("--keep", type=float, default=0.5, help="share of decisions whose positions are kept")
    parser.add_argument("--hidden", type=int, default=32, help="hidden units (0: a logistic model)")
    parser.add_argument("--epochs", type=int, default=8)
    parser.add_argument("--eval", type=int, default=100, help="games against hard per generation (0: none)")
    parser.add_argument("--also", default="3,4", help="other table sizes fitted on medium games (comma list)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", help="where the weights go (default: the game's shipped expert file)")
    parser.add_argument("--plot", help="the learning curve as a PNG")
    parser.add_argument("--json", help="the learning curve as JSON")
    args = parser.parse_args(argv)
    for name in ("generations", "games0", "games", "jobs"):
        if getattr(args, name) < 1:
            parser.error(f"--{name} must be at least 1, not {getattr(args, name)}")
    if not 0 <= args.explore <= 1 or not 0 < args.keep <= 1:
        parser.error("--explore must be within 0..1 and --keep within (0, 1]")
    try:
        also = tuple(int(p) for p in args.also.split(",") if p.strip())
        if args.game not in games.ids():
            raise ValueError(f"unknown game {args.game!r}; choose from {', '.join(games.ids())}")
        result = train(args.game, seed=args.seed, players=args.players, generations=args.generations,
                       games0=args.games0, games_k=args.games, explore=args.explore, keep=args.keep,
                       hidden=args.hidden, epochs=args.epochs, eval_games=args.eval, also=also, jobs=args.jobs,
                       out=args.out, plot=args.plot)
    except ValueError as exc:
        parser.error(str(exc))
    if args.json:
        Path(args.json).write_text(json.dumps(result["curve"], indent=1))


if __name__ == "__main__":
    main()
