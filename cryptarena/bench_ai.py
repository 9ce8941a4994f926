"""The AI lab's figures in `cryptarena bench` (after the engines' table): how many ISMCTS iterations a
second each game allows, and what the RL adapters cost per step beside the raw engine.

- **Search.** For each game at its reference player count, a few positions a random game passes
  through; at each, the decision of the seat to act is searched with uniform roll-outs (the `ismcts`
  agent) for a fixed number of iterations, timed. Iterations/s is the median over positions and
  runs; the goal line says what 1,000 iterations cost at that rate (the goal: under a second for
  Midas at three players, on one core).
- **Adapters.** Random games played three ways, timed per step (one decision; chance inside it):
  the raw engine (`legal_actions`, `apply`); the PettingZoo env (`env.last()` observation and mask,
  `env.step(index)`); the OpenSpiel game (`legal_actions`, `apply_action`, chance nodes counted as
  steps of their own, as OpenSpiel counts them). The overhead is the ratio of time per decision.
"""

from __future__ import annotations

import statistics
import time

from rich.table import Table

from . import games
from .ai.agents import Worlds
from .ai.ismcts import Search
from .engine import Rng, derive_seed

SEARCH_PLAYERS = {"crypt": 2, "quartz": 3, "midas": 3, "crusade": 2, "pharaoh": 2}
GOAL = ("midas", 3, 1000, 1.0)  # game, players, iterations, seconds


def positions(game_id: str, players: int, count: int, seed: int) -> list[tuple[object, int]]:
    game = games.load(game_id)
    state = game.new_state(players, seed=seed, keep_log=False)
    rng = Rng(seed)
    found, step = [], 0
    while not state.is_over() and len(found) < count:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        picks = [a for a in legal if a["type"] == "pick"]
        if step % 7 == 3 and len(legal) > 1 and not picks:
            found.append((state.clone(), seat))
        state.apply(seat, picks[0] if picks else legal[rng.below(len(legal))])
        step += 1
    return found


def search_rate(game_id: str, players: int, iterations: int, runs: int, seed: int = 0) -> dict:
    game = games.load(game_id)
    sides = game.seat_teams(players, None)
    rates = []
    for r in range(runs):
        for state, seat in positions(game_id, players, 3, derive_seed(seed, "search", r)):
            worlds = Worlds(state, seat, Rng(r), sides)
            search = Search(seat, worlds.sample, Rng(derive_seed(seed, r)), sides=sides,
                            undo=game.undo_actions)
            start = time.perf_counter()
            search.run(iterations)
            rates.append(iterations / (time.perf_counter() - start))
    return {"game": game_id, "players": players, "iterations": iterations,
            "iterations_per_s": {"median": statistics.median(rates), "min": min(rates), "max": max(rates)},
            "samples": len(rates)}


def _raw(game_id: str, players: int, seconds: float, seed: int) -> float:
    game = games.load(game_id)
    rng, steps, elapsed, g = Rng(seed), 0, 0.0, 0
    while elapsed < seconds:
        state = game.new_state(players, seed=derive_seed(seed, g), keep_log=False)
        start = time.perf_counter()
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.below(len(legal))])
            steps += 1
        elapsed += time.perf_counter() - start
        g += 1
    return elapsed / steps


def _pettingzoo(game_id: str, players: int, seconds: float, seed: int) -> float:
    from .rl import pettingzoo_env

    env = pettingzoo_env(game_id, players, seed=seed)
    rng, steps, elapsed, g = Rng(seed), 0, 0.0, 0
    while elapsed < seconds:
        env.reset(seed=derive_seed(seed, g))
        start = time.perf_counter()
        for agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            choices = observation["action_mask"].nonzero()[0]
            env.step(int(choices[rng.below(len(choices))]))
            steps += 1
        elapsed += time.perf_counter() - start
        g += 1
    return elapsed / steps


def _openspiel(game_id: str, players: int, seconds: float, seed: int) -> float:
    from .rl import openspiel_game

    game = openspiel_game(game_id, players)
    rng, decisions, elapsed = Rng(seed), 0, 0.0
    while elapsed < seconds:
        state = game.new_initial_state()
        start = time.perf_counter()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.below(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.below(len(legal))])
                decisions += 1
        elapsed += time.perf_counter() - start
    return elapsed / decisions


def adapter_overhead(game_id: str, players: int, seconds: float, runs: int, seed: int = 0) -> dict:
    """Median seconds per decision of each path, and the adapters' ratios to the raw engine."""
    rows: dict[str, list[float]] = {"engine": [], "pettingzoo": [], "openspiel": []}
    for r in range(runs):
        for name, fn in (("engine", _raw), ("pettingzoo", _pettingzoo), ("openspiel", _openspiel)):
            rows[name].append(fn(game_id, players, seconds, derive_seed(seed, name, r)))
    per = {name: statistics.median(values) for name, values in rows.items()}
    return {"game": game_id, "players": players, "seconds_per_decision": per,
            "pettingzoo_x": per["pettingzoo"] / per["engine"], "openspiel_x": per["openspiel"] / per["engine"]}


def render(search: list[dict], adapters: list[dict]) -> list[Table]:
    first = Table(title="ISMCTS (uniform roll-outs), one decision, median over positions and runs",
                  title_justify="left", box=None, pad_edge=False)
    for name in ("game", "seats", "iterations/s", "min", "max", "1,000 iterations"):
        first.add_column(name, justify="left" if name == "game" else "right")
    for row in search:
        rate = row["iterations_per_s"]
        first.add_row(row["game"], str(row["players"]), f"{rate['median']:,.0f}", f"{rate['min']:,.0f}",
                      f"{rate['max']:,.0f}", f"{1000 / rate['median']:.2f} s")
    second = Table(title="RL adapters: time per decision beside the raw engine (random play)",
                   title_justify="left", box=None, pad_edge=False)
    for name in ("game", "seats", "engine µs", "PettingZoo µs", "×", "OpenSpiel µs", "×"):
        second.add_column(name, justify="left" if name == "game" else "right")
    for row in adapters:
        per = row["seconds_per_decision"]
        second.add_row(row["game"], str(row["players"]), f"{per['engine'] * 1e6:,.0f}",
                       f"{per['pettingzoo'] * 1e6:,.0f}", f"{row['pettingzoo_x']:.1f}",
                       f"{per['openspiel'] * 1e6:,.0f}", f"{row['openspiel_x']:.1f}")
    return [first, second]


def goal_line(search: list[dict]) -> str | None:
    game_id, players, iterations, seconds = GOAL
    row = next((r for r in search if r["game"] == game_id and r["players"] == players), None)
    if row is None:
        return None
    took = iterations / row["iterations_per_s"]["median"]
    verdict = "met" if took < seconds else "not met"
    return f"goal: {iterations} ISMCTS iterations in under {seconds:g} s for {game_id} at {players} players: " \
           f"{took:.2f} s, {verdict}"


def run_ai_bench(game_ids: list[str], *, runs: int, seconds: float, iterations: int = 200) -> dict:
    search = [search_rate(g, SEARCH_PLAYERS.get(g, games.load(g).min_players), iterations, runs) for g in game_ids]
    try:
        import pettingzoo  # noqa: F401
        import pyspiel  # noqa: F401
    except ImportError:
        adapters: list[dict] = []
    else:
        adapters = [adapter_overhead(g, SEARCH_PLAYERS.get(g, games.load(g).min_players), seconds, runs)
                    for g in game_ids]
    return {"search": search, "adapters": adapters}
