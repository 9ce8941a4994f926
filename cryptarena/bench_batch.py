"""`cryptarena bench`'s batched-simulator rows: games/s of cryptarena/batch against the scalar
engine, measured in the same run, on one process (numpy's element-wise work runs on one core).
Both sides are timed in CPU seconds of this process (time.process_time), so that other work on a
shared machine slows neither side's figure; on an idle machine they are the wall-clock rates.

For each game with a batch version and each player count, two policies:
- random: one batch of 20,000 games played to the end by the batch random policy, against the
  scalar random playout of the engine rows above it (bench.our_player: no agents, no views, no log);
- the game's bot (the batch's second policy): a batch of 5,000, against the scalar bot played as
  simulate plays it (ai/runner.play_game: the bot reads views and legal actions).
Each on every array backend that plays it: numpy, and numba where it is installed and the game has
a compiled kernel for the policy (ten times as many games; the kernel's compile time is left out: it
is cached on disk and paid once per installation). The ratio is batch games/s ÷ scalar games/s; the target is ≥ 100× for
random, on the fastest backend (what `simulate --batch` uses by default).
"""

from __future__ import annotations

import time

import numpy as np
from rich.table import Table

from . import games
from .ai.runner import play_game
from .bench import our_player, player_counts
from .engine import Rng, derive_seed

TARGET = 100.0


def batch_backends(game_id: str, policy: str) -> list[str]:
    """The array backends that play `policy` in their own way: numpy, and numba where a kernel does."""
    from .batch import core
    game_cls = core.load(game_id)
    seats = np.full((1, 1), game_cls.policies.index(policy))
    return ["numpy"] + (["numba"] if core.compiled_kernel(game_cls, seats) is not None else [])


def batch_rate(game_id: str, players: int, policy: str, games_: int, seed: int = 0, backend: str = "numpy") -> float:
    from .batch import core
    game_cls = core.load(game_id)
    resolved = games.load(game_id).check_table(players, {})
    seats = np.full((games_, players), game_cls.policies.index(policy))
    array = core.backend(backend)
    if backend == "numba":  # compiled (or loaded from the disk cache) before the clock starts
        core.play(game_cls, array, players, 8, resolved, seats[:8], seed, np.arange(8))
    start = time.process_time()
    core.play(game_cls, array, players, games_, resolved, seats, seed, np.arange(games_))
    return games_ / (time.process_time() - start)


def scalar_bot_rate(game_id: str, players: int, bot: str, seconds: float, seed: int = 0) -> float:
    game = games.load(game_id)
    played, elapsed = 0, 0.0
    while elapsed < seconds:
        start = time.process_time()
        play_game(game, players, derive_seed(seed, played), [bot] * players)
        elapsed += time.process_time() - start
        played += 1
    return played / elapsed


def scalar_random_rate(game_id: str, players: int, seconds: float, seed: int = 0) -> float:
    """The engine rows' random playout (bench.our_player), timed in CPU seconds."""
    play_one, rng = our_player(game_id, players), Rng(derive_seed(seed, "batch", players))
    played, elapsed = 0, 0.0
    while elapsed < seconds:
        start = time.process_time()
        play_one(rng)
        elapsed += time.process_time() - start
        played += 1
    return played / elapsed


def run_batch_bench(game_ids, *, games_: int = 20_000, bot_games: int = 5_000, seconds: float = 1.0) -> list[dict]:
    """Rows for the batch games among `game_ids`: `games_` games per batch with the random policy,
    `bot_games` with the bot (slower per game: a smaller batch keeps `make bench` short)."""
    from .batch import core
    rows = []
    for game_id in [g for g in core.batch_ids() if g in set(game_ids)]:
        game_cls = core.load(game_id)
        for players in player_counts(game_id):
            scalar = {"random": scalar_random_rate(game_id, players, seconds)}
            for policy in game_cls.policies[:2]:
                if policy not in scalar:
                    scalar[policy] = scalar_bot_rate(game_id, players, policy, seconds)
                for backend in batch_backends(game_id, policy):
                    # a compiled batch of the numpy size is over in a few hundredths of a second: ten times
                    # as many games, so that its fixed costs and the clock's grain weigh as little
                    size = (games_ if policy == "random" else bot_games) * (10 if backend == "numba" else 1)
                    rate = batch_rate(game_id, players, policy, size, backend=backend)
                    rows.append({"game": game_id, "players": players, "policy": policy, "backend": backend,
                                 "batch_games_per_s": rate, "scalar_games_per_s": scalar[policy],
                                 "ratio": rate / scalar[policy], "games": size})
    return rows


def render(rows: list[dict]) -> Table:
    table = Table(title="Batched simulator (cryptarena/batch, one process): games per CPU second against "
                  "the scalar engine's in this run", title_justify="left", box=None, pad_edge=False)
    for name, justify in (("game", "left"), ("seats", "right"), ("policy", "left"), ("backend", "left"),
                          ("batch games/s", "right"),
                          ("scalar games/s", "right"), ("× scalar", "right")):
        table.add_column(name, justify=justify, no_wrap=True)
    for row in rows:
        table.add_row(row["game"], str(row["players"]), row["policy"], row["backend"],
                      f"{row['batch_games_per_s']:,.0f}",
                      f"{row['scalar_games_per_s']:,.0f}", f"{row['ratio']:.1f}")
    return table


def target_line(rows: list[dict]) -> str | None:
    best: dict = {}  # (game, seats) -> the fastest backend's random row
    for row in rows:
        key = (row["game"], row["players"])
        if row["policy"] == "random" and (key not in best or row["ratio"] > best[key]["ratio"]):
            best[key] = row
    if not best:
        return None
    worst = min(best.values(), key=lambda r: r["ratio"])
    met = "met" if worst["ratio"] >= TARGET else "NOT met"
    return (f"batch target (random policy ≥ {TARGET:.0f}× the scalar engine's games/s, fastest backend): {met}; "
            f"lowest {worst['ratio']:.1f}× ({worst['game']}, {worst['players']} seats, {worst['backend']})")
